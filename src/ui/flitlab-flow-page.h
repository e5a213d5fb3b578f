/* flitlab-flow-page.h: a study's model drawn as its paper's flow diagram, at a chosen load
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "flitlab-study-page.h"
#include "flitlab-model.h"

G_BEGIN_DECLS

#define FLITLAB_TYPE_FLOW_PAGE (flitlab_flow_page_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabFlowPage, flitlab_flow_page, FLITLAB, FLOW_PAGE, FlitlabStudyPage)

/* Hovering a class's box shows its numbers; clicking one that is a class of channels emits
 * "class-activated" (const char *caption, GArray *channels): the network channel ids of the
 * study's topology that carry it, and a sentence saying so, for the network view. */

/* A page (flitlab-study-page.h) of the shown study's models. */
/* Shares load with another view: moving either slider moves both. */
void          flitlab_flow_page_share_load (FlitlabFlowPage   *self,
                                            GtkAdjustment     *load);
/* The model drawn and its load, for export; NULL when there is none. */
FlitlabModel *flitlab_flow_page_get_model (FlitlabFlowPage    *self,
                                           double             *rate);
/* Presenting: the drawing alone, without the model and load controls (its subtitle says the
 * load). */
void          flitlab_flow_page_set_presenting (FlitlabFlowPage *self,
                                                gboolean         presenting);

G_END_DECLS
