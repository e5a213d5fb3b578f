/* flitlab-network-page.h: a study's network drawn with a heatmap of its channels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "flitlab-render-topology.h"
#include "flitlab-study-page.h"

G_BEGIN_DECLS

#define FLITLAB_TYPE_NETWORK_PAGE (flitlab_network_page_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabNetworkPage, flitlab_network_page, FLITLAB, NETWORK_PAGE,
                      FlitlabStudyPage)

/* A page (flitlab-study-page.h) of the shown study's network. Its figure takes the keyboard:
 * Space plays and pauses, the right arrow steps, Escape lets go of a followed message. */
/* Draws channels (ids of the study's topology; its injection and ejection channels are not
 * drawn) in bold while the others fade, as a route is, with caption under the figure; the
 * animation stops. Clicking a node starts a route as before. */
void                 flitlab_network_page_show_channels (FlitlabNetworkPage *self,
                                                     const guint        *channels,
                                                     guint               n_channels,
                                                     const char         *caption);
/* Presenting, the page shows the drawing alone, with the Play row for the mouse: its row of
 * source, quantity and load, its textbook figures and its status line hide. Nothing else shows
 * or hides them, so leaving shows them as they were. */
void                 flitlab_network_page_set_presenting (FlitlabNetworkPage *self,
                                                          gboolean            presenting);
/* Lets go of the message the animation follows; FALSE when it follows none (Escape does
 * something else then). */
gboolean             flitlab_network_page_let_go (FlitlabNetworkPage *self);
/* The label that says the load shown ("0.05 (model)"); notify::label follows it. */
GtkLabel            *flitlab_network_page_get_load_label (FlitlabNetworkPage *self);
/* The load slider's adjustment, for other views to share (messages per cycle per node). */
GtkAdjustment       *flitlab_network_page_get_load (FlitlabNetworkPage *self);
/* The diagram as shown, for export; NULL when there is none. */
FlitlabTopologyFigure *flitlab_network_page_get_figure  (FlitlabNetworkPage *self);
/* The deadlock the animation stopped on, as a cycle of the channel dependency graph
 * (flitlab_sim_trace_get_deadlock_channels()); NULL and 0 when none is shown. Changes are
 * signalled by "deadlock-changed". */
const guint         *flitlab_network_page_get_deadlock (FlitlabNetworkPage *self,
                                                        guint              *n_channels);
/* Whether the page shows the planes stacked (flitlab_render_topology_stack). */
gboolean             flitlab_network_page_get_stacked (FlitlabNetworkPage *self);

G_END_DECLS
