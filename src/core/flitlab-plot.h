/* flitlab-plot.h: a plot's data (series against load, labels, legend), before it is drawn
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built from a study by flitlab-study-plot.h, drawn by flitlab-render-plot.h (io, cairo).
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  FLITLAB_PLOT_LINE,   /* a model curve */
  FLITLAB_PLOT_POINTS, /* simulation points with 95% error bars */
} FlitlabPlotKind;

typedef struct
{
  char            *label;
  FlitlabPlotKind  kind;
  guint            n;
  double          *x;
  double          *y;     /* NaN: no value (saturated); a line breaks there */
  double          *error; /* half-widths, or NULL */
  gboolean        *saturated; /* per point: no value because the load is not carried (drawn as
                                 a cross at the top edge), or NULL: none is */
  gboolean        *deadlocked; /* per saturated point: not carried because the network
                                  deadlocked (the deadlock lab's watchdog fired), drawn as a
                                  diamond instead; or NULL: none did */
  double           saturation; /* x where the series saturates, or NaN */
  char            *saturation_label; /* drawn at its mark ("capacity 0.41 msg/cycle/node");
                                        NULL: "saturation" */
  char            *saturation_note;  /* what that rate is, in a sentence (hover); or NULL */
  char            *saturation_remark; /* said after the mark's label where it fits ("far from
                                         the simulation's 0.022–0.026"; the label says it
                                         too); or NULL */
  gboolean         capacity;   /* the saturation is an asymptotic throughput (a capacity) */
  guint            color;      /* index into the palette */
  guint            style;      /* a line's dash pattern (0: solid, FLITLAB_PLOT_LINE_STYLES
                                  of them), a point's marker (0: disc, else a square) */
  gboolean         hollow;     /* points drawn as rings: values copied from a paper's table */
  /* A comparison's legend has an entry per group (a study: its name in its colour) and one
   * per kind of series (in grey: "Model", "Simulation, 95% CI"), not one per series. NULL:
   * the series has an entry of its own, its label. */
  char            *group;
  char            *kind_label;
  char           **varied_values; /* a sweep's comparison: the series' study's values of the
                                     plot's varied settings; else NULL */
} FlitlabPlotSeries;

/* Where the legend goes: auto (an inside corner covering no curve, point or error bar, else
 * below the plot in as many columns as fit, else outside right), an inside corner, outside
 * right, below, or nowhere. */
typedef enum
{
  FLITLAB_PLOT_LEGEND_AUTO,
  FLITLAB_PLOT_LEGEND_INSIDE,
  FLITLAB_PLOT_LEGEND_RIGHT,
  FLITLAB_PLOT_LEGEND_BELOW,
  FLITLAB_PLOT_LEGEND_NONE,
} FlitlabPlotLegend;

typedef struct
{
  char      *title;
  char      *x_label;
  char      *y_label;
  gboolean   log_y;
  double     font_size;                  /* the tick labels' points; 0: chosen for the width
                                            (8 at 252 pt, 9 from 400 pt) */
  FlitlabPlotLegend legend;
  double     x_min, x_max, y_min, y_max; /* NaN: from the data */
  GPtrArray *series;                     /* FlitlabPlotSeries* */
  double     marker;                     /* a load marked by a thin vertical line (the load
                                            the network and flow views show); NaN: none */
  char     **varied;                     /* a sweep's comparison: the settings that vary
                                            (flitlab-grid.h), a CSV column each; else NULL */
} FlitlabPlot;

/* The palette's size (flitlab_plot_palette ()): a comparison gives each study its colour and
 * comes round to another style past it. */
#define FLITLAB_PLOT_PALETTE_SIZE 12
/* How many dash patterns a line has (FlitlabPlotSeries.style, then they come round). */
#define FLITLAB_PLOT_LINE_STYLES 4

FlitlabPlot       *flitlab_plot_new           (const char        *title,
                                               const char        *x_label,
                                               const char        *y_label);
void               flitlab_plot_free          (FlitlabPlot       *plot);
/* Copies the arrays; error may be NULL. Returns the series, owned by the plot. */
FlitlabPlotSeries *flitlab_plot_add_series    (FlitlabPlot       *plot,
                                               const char        *label,
                                               FlitlabPlotKind    kind,
                                               const double      *x,
                                               const double      *y,
                                               const double      *error,
                                               guint              n);

/* Marks point i of series as saturated: its load is not carried, so it has no value. */
void               flitlab_plot_series_set_saturated (FlitlabPlotSeries *series,
                                                      guint              i);
/* Marks it saturated because the network deadlocked there. */
void               flitlab_plot_series_set_deadlocked (FlitlabPlotSeries *series,
                                                       guint              i);
/* Whether point i is marked saturated and not deadlocked; deadlocked. */
gboolean           flitlab_plot_series_is_saturated  (const FlitlabPlotSeries *series,
                                                      guint                    i);
gboolean           flitlab_plot_series_is_deadlocked (const FlitlabPlotSeries *series,
                                                      guint                    i);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabPlot, flitlab_plot_free)

G_END_DECLS
