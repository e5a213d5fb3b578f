/* flitlab-render-plot-private.h: what the parts of the plot renderer share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flitlab_render_plot () (flitlab-render-plot.c) draws a plot in parts: its frame (the ranges
 * shown and where a value lands), axes, series with their marks, and legend.
 */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "flitlab-render-plot.h"
#include "flitlab-render-text.h"

G_BEGIN_DECLS

/* flitlab-render-plot.c: the figure's type. */

/* A font of the figure's type: face at points of the default type, scaled with f->type. */
const char *flitlab_plot_font          (const FlitlabPlotFrame *f,
                                        const char             *face,
                                        double                  points,
                                        FlitlabFontName        *font);
double      flitlab_plot_text_width    (cairo_t                *cr,
                                        const char             *text,
                                        const char             *font);

/* flitlab-render-plot-frame.c */

/* Points and their marks are clipped this far outside the frame, so a marker on its edge stays
 * whole; curves at the frame. */
#define FLITLAB_PLOT_POINTS_MARGIN 6

/* The data range, widened to round numbers, into frame's x_min .. y_max. */
void        flitlab_plot_data_range    (const FlitlabPlot      *plot,
                                        FlitlabPlotFrame       *frame);
double      flitlab_plot_map_x         (const FlitlabPlotFrame *f,
                                        double                  x);
double      flitlab_plot_map_y         (const FlitlabPlotFrame *f,
                                        double                  y);
/* Whether the value axis can show y at all (a logarithmic one shows no y <= 0). */
gboolean    flitlab_plot_value_visible (const FlitlabPlotFrame *f,
                                        double                  y);

/* flitlab-render-plot-axes.c */

/* The widest value-axis tick label the frame's height could show: the left margin's. */
double      flitlab_plot_y_tick_width  (cairo_t                *cr,
                                        const FlitlabPlotFrame *f);
/* The longest line of the value axis's label: the height the plot keeps for it whole. */
double      flitlab_plot_y_label_length (cairo_t                *cr,
                                         const FlitlabPlot      *plot,
                                         const FlitlabPlotFrame *f);
/* A value axis that would show two ticks only (a plot made short by its legend) widens its
 * automatic range to the next ticks of that step, when that shows three or more. */
void        flitlab_plot_widen_y_range (const FlitlabPlot      *plot,
                                        FlitlabPlotFrame       *f);
void        flitlab_plot_draw_axes     (cairo_t                *cr,
                                        const FlitlabPlot      *plot,
                                        const FlitlabPlotFrame *f,
                                        double                  width);

/* flitlab-render-plot-series.c */

void        flitlab_plot_draw_series   (cairo_t                 *cr,
                                        const FlitlabPlotSeries *series,
                                        const FlitlabPlotFrame  *f);
void        flitlab_plot_draw_saturation_labels  (cairo_t                *cr,
                                                  const FlitlabPlot      *plot,
                                                  const FlitlabPlotFrame *f);
/* How many drawn curve segments, points, marks and error bars the box (x, y, w, h) would
 * cover, with a margin (a legend's, a label's). */
guint       flitlab_plot_covers        (const FlitlabPlot      *plot,
                                        const FlitlabPlotFrame *f,
                                        double                  x,
                                        double                  y,
                                        double                  w,
                                        double                  h,
                                        double                  margin);
gboolean    flitlab_plot_saturation_labels_shown (const FlitlabPlot      *plot,
                                                  const FlitlabPlotFrame *f);
/* The marks and keys, which the legend draws as the series do. */
void        flitlab_plot_mark_saturated (cairo_t  *cr,
                                         double    x,
                                         double    y);
void        flitlab_plot_mark_deadlocked (cairo_t  *cr,
                                         double    x,
                                         double    y);
void        flitlab_plot_mark_off_scale (cairo_t  *cr,
                                         double    x,
                                         double    y);
void        flitlab_plot_draw_marker    (cairo_t  *cr,
                                         double    x,
                                         double    y,
                                         gboolean  hollow,
                                         guint     style);
void        flitlab_plot_set_line_style (cairo_t  *cr,
                                         guint     style);

/* A context that measures type in points, as a file's. */
cairo_t    *flitlab_plot_points_context_new (void);
/* The width a title has in a frame drawn width wide. */
double      flitlab_plot_title_width    (const FlitlabPlotFrame *frame,
                                         double                  width);
/* text broken into lines of at most width points, as a file of the plot breaks it in font
 * (flitlab_render_text_wrap ()), for the .tex and .py exports. */
char       *flitlab_plot_wrap_in_points (const char *text,
                                         const char *font,
                                         double      width);

/* flitlab-render-plot-legend-words.c */

/* text cut to at most width in font, ending in "…" where it was cut (at least its first
 * character): a crowded legend's last resort, where even its words' shortest forms are too
 * wide. */
char       *flitlab_plot_cut_text       (cairo_t    *cr,
                                         const char *text,
                                         const char *font,
                                         double      width);
/* The forms a crowded legend may give an entry's words, longest first: whole, in briefer words,
 * then without their last phrases (from a ", " or a " (") and, of the first phrase unless it
 * is a setting, its last words, ending in "…": a word is never cut. A mark's words stay
 * whole, or its name. */
GPtrArray  *flitlab_plot_legend_forms   (const char *words,
                                         gboolean    mark);
/* Whether entry e's form (at[e] of its forms, each entry's flitlab_plot_legend_forms ()) tells
 * it from the others: no other's form is the same, and words cut short are the beginning of
 * no other's words ("…uni…" of "…uni, flits = 12" and "…uni, flits = 25" is not, "…uni,
 * flits = 12…" is). */
gboolean    flitlab_plot_legend_told_apart (GPtrArray   *forms,
                                            const guint *at,
                                            guint        n,
                                            guint        e);

/* flitlab-render-plot-legend.c */

typedef struct _FlitlabPlotLegendLayout FlitlabPlotLegendLayout;

/* Lays the legend out and places it (plot->legend): sets f's legend box and, for a legend
 * beside the plot, takes its room from the data area. */
FlitlabPlotLegendLayout *flitlab_plot_legend_place       (cairo_t                       *cr,
                                                          const FlitlabPlot             *plot,
                                                          FlitlabPlotFrame              *f,
                                                          double                         width,
                                                          double                         height);
void                     flitlab_plot_legend_draw        (cairo_t                       *cr,
                                                          const FlitlabPlotFrame        *f,
                                                          const FlitlabPlotLegendLayout *layout);
void                     flitlab_plot_legend_layout_free (FlitlabPlotLegendLayout       *layout);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabPlotLegendLayout, flitlab_plot_legend_layout_free)

G_END_DECLS
