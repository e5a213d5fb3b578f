/* flitlab-dependency-page.h: the study's routing's channel dependency graph, whether it has a
 * cycle (the routing can deadlock) and how the dateline breaks it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "flitlab-render-dependency.h"
#include "flitlab-study-page.h"

G_BEGIN_DECLS

#define FLITLAB_TYPE_DEPENDENCY_PAGE (flitlab_dependency_page_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabDependencyPage, flitlab_dependency_page, FLITLAB, DEPENDENCY_PAGE,
                      FlitlabStudyPage)

/* A page (flitlab-study-page.h) whose graph is built on a worker thread (a second for a 32×32
 * torus). */
/* Draws a deadlock's cycle of channels (flitlab_network_page_get_deadlock()) on the graph, in
 * black; NULL or 0: none. Copied. show() forgets it for a study of another network. */
void flitlab_dependency_page_set_deadlock (FlitlabDependencyPage *self,
                                           const guint           *channels,
                                           guint                  n_channels);

/* The figure the page draws, for export: FALSE while its graph is being built or when there
 * is none. The pointers are the page's, valid until it shows another study. */
gboolean flitlab_dependency_page_get_figure (FlitlabDependencyPage   *self,
                                             FlitlabDependencyFigure *figure);

G_END_DECLS
