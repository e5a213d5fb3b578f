/* flitlab-flow-page.h: a study's model drawn as its paper's flow diagram, at a chosen load
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "flitlab-document.h"
#include "flitlab-model.h"

G_BEGIN_DECLS

#define FLITLAB_TYPE_FLOW_PAGE (flitlab_flow_page_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabFlowPage, flitlab_flow_page, FLITLAB, FLOW_PAGE, GtkBox)

/* Hovering a class's box shows its numbers; clicking one that is a class of channels emits
 * "class-activated" (const char *caption, GArray *channels): the network channel ids of the
 * study's topology that carry it, and a sentence saying so, for the network view. */

/* Shows the models of document's study index, and follows its changes (NULL or -1: nothing). */
void          flitlab_flow_page_show (FlitlabFlowPage    *self,
                                      FlitlabDocument    *document,
                                      int                 index);
/* Shares load with another view: moving either slider moves both. */
void          flitlab_flow_page_share_load (FlitlabFlowPage   *self,
                                            GtkAdjustment     *load);
/* The model drawn and its load, for export; NULL when there is none. */
FlitlabModel *flitlab_flow_page_get_model (FlitlabFlowPage    *self,
                                           double             *rate);
/* Type and lines scale times larger (presentation mode). */
/* The drawing takes the keyboard. */
void          flitlab_flow_page_focus_figure (FlitlabFlowPage *self);
void          flitlab_flow_page_set_scale (FlitlabFlowPage    *self,
                                           double              scale);
/* Presenting: the drawing alone, without the model and load controls (its subtitle says the
 * load). */
void          flitlab_flow_page_set_presenting (FlitlabFlowPage *self,
                                                gboolean         presenting);

G_END_DECLS
