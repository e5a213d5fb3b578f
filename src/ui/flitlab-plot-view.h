/* flitlab-plot-view.h: a plot on screen, with exact values on hover, zoom and pan
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "flitlab-render-plot.h"

G_BEGIN_DECLS

#define FLITLAB_TYPE_PLOT_VIEW (flitlab_plot_view_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabPlotView, flitlab_plot_view, FLITLAB, PLOT_VIEW, GtkDrawingArea)

/* Shows plot (taken; NULL: nothing), in the zoomed range if the view is zoomed. */
/* Takes plot; its own ranges (NaN: the data's) show until somebody zooms. Emits
 * "load-clicked" (double load) on a single click inside the axes. */
void         flitlab_plot_view_set_plot   (FlitlabPlotView *self,
                                           FlitlabPlot     *plot);
/* The plot as shown: its ranges are the zoomed ones, so an export draws what is on screen. */
FlitlabPlot *flitlab_plot_view_get_plot   (FlitlabPlotView *self);
/* Back to the ranges the data asks for. */
void         flitlab_plot_view_reset_zoom (FlitlabPlotView *self);
gboolean     flitlab_plot_view_get_zoomed (FlitlabPlotView *self);
/* Draws type, lines and markers scale times larger (presentation mode); 1: as exported. */
void         flitlab_plot_view_set_scale  (FlitlabPlotView *self,
                                           double           scale);

G_END_DECLS
