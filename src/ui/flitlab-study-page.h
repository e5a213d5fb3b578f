/* flitlab-study-page.h: the base of the pages that draw one study of a document (Network,
 * Flow, Dependencies): which study, following its changes, presentation's magnification, the
 * figure that takes the keyboard and the line that says why nothing is drawn
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "flitlab-document.h"

G_BEGIN_DECLS

#define FLITLAB_TYPE_STUDY_PAGE (flitlab_study_page_get_type ())
G_DECLARE_DERIVABLE_TYPE (FlitlabStudyPage, flitlab_study_page, FLITLAB, STUDY_PAGE, GtkBox)

struct _FlitlabStudyPageClass
{
  GtkBoxClass parent_class;

  /* The study shown was given, or changed in the document: draw it anew (study NULL:
   * nothing is shown). */
  void (*show_study)    (FlitlabStudyPage   *self,
                         const FlitlabStudy *study);
  /* Presentation's magnification changed (flitlab_study_page_get_scale()). */
  void (*scale_changed) (FlitlabStudyPage   *self);
};

/* Shows document's study index and follows its changes (NULL or -1: nothing). */
void                flitlab_study_page_show         (FlitlabStudyPage *self,
                                                     FlitlabDocument  *document,
                                                     int               index);
/* The study shown, or NULL. */
const FlitlabStudy *flitlab_study_page_get_study    (FlitlabStudyPage *self);
FlitlabDocument    *flitlab_study_page_get_document (FlitlabStudyPage *self);
int                 flitlab_study_page_get_index    (FlitlabStudyPage *self);
/* Presentation's magnification of the drawing, at least 1. */
void                flitlab_study_page_set_scale    (FlitlabStudyPage *self,
                                                     double            scale);
double              flitlab_study_page_get_scale    (FlitlabStudyPage *self);
void                flitlab_study_page_focus_figure (FlitlabStudyPage *self);
/* Says why nothing (or not everything) is drawn; NULL hides the line. */
void                flitlab_study_page_show_message (FlitlabStudyPage *self,
                                                     const char       *text);

/* For subclasses, once, at init: the drawing (redrawn when the scale changes, given the
 * keyboard by focus_figure) and the message line (larger while presenting); either may be
 * NULL. */
void                flitlab_study_page_set_parts    (FlitlabStudyPage *self,
                                                     GtkWidget        *figure,
                                                     GtkLabel         *message);

G_END_DECLS
