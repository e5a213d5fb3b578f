/* flitlab-render-plot.h: latency-against-load plots drawn with cairo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One renderer for the window, the export and the command-line tool: it draws onto any
 * cairo_t (a GtkSnapshot's, an SVG, PDF or image surface), so screen and files match.
 */

#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

#define FLITLAB_RENDER_ERROR (flitlab_render_error_quark ())

typedef enum
{
  FLITLAB_RENDER_ERROR_FORMAT, /* a file name whose extension is not .svg, .pdf or .png */
  FLITLAB_RENDER_ERROR_IO,
  FLITLAB_RENDER_ERROR_SIZE,
  FLITLAB_RENDER_ERROR_INVALID,   /* settings that do not fit the figure's data (a diagram's plane) */
  FLITLAB_RENDER_ERROR_TOO_LARGE, /* a network with too many nodes or links to draw legibly */
} FlitlabRenderError;

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
  double           saturation; /* x where the series saturates, or NaN */
  char            *saturation_label; /* drawn at its mark ("capacity 0.41 msg/cycle/node");
                                        NULL: "saturation" */
  char            *saturation_note;  /* what that rate is, in a sentence (hover); or NULL */
  guint            color;      /* index into the palette */
  guint            style;      /* a line's dash pattern (0: solid), a point's marker (0: disc,
                                  else a square): told apart where colours run out */
  gboolean         hollow;     /* points drawn as rings: values copied from a paper's table */
  /* A comparison's legend has an entry per group (a study: its name in its colour) and one
   * per kind of series (in grey: "Model", "Simulation, 95% CI"), not one per series. NULL:
   * the series has an entry of its own, its label. */
  char            *group;
  char            *kind_label;
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

/* The sizes papers and slides use: width and height in points and the type size to go with. */
typedef struct
{
  const char *name;   /* "column", as flitlab-cli export --preset takes it */
  const char *label;  /* "Column (3.5 in)" */
  double      width;
  double      height;
  double      font_size;
} FlitlabPlotPreset;

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
} FlitlabPlot;

/* The drawn frame, for hit-testing and zoom in the window. */
typedef struct
{
  double left, top, right, bottom;       /* data area in the cairo user space */
  double x_min, x_max, y_min, y_max;     /* data range shown */
  gboolean log_y;
  /* The legend's box, in the cairo user space: in an inside corner, right of or below the
   * data area (all 0: no legend). */
  double legend_left, legend_top, legend_right, legend_bottom;
  double type; /* the type's size relative to the default (9 pt tick labels) */
} FlitlabPlotFrame;

GQuark             flitlab_render_error_quark (void);

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

/* How far below the frame's top edge a saturated point's cross is drawn. */
#define FLITLAB_PLOT_MARK_INSET 6

/* Marks point i of series as saturated: its load is not carried, so it has no value. */
void               flitlab_plot_series_set_saturated (FlitlabPlotSeries *series,
                                                      guint              i);

/* The presets, ending with a NULL name; the one of this name, or NULL. */
const FlitlabPlotPreset *flitlab_plot_presets      (void);
const FlitlabPlotPreset *flitlab_plot_preset_lookup (const char *name);
/* "auto", "inside", "right", "below", "none". */
gboolean                 flitlab_plot_legend_from_string (const char        *text,
                                                          FlitlabPlotLegend *legend);

/* The palette: Okabe and Ito's seven first (safe for colour-blind readers), then five more
 * that stay apart from them on white; index wraps after FLITLAB_PLOT_PALETTE_SIZE. */
#define FLITLAB_PLOT_PALETTE_SIZE 12
void               flitlab_plot_palette       (guint              index,
                                               double            *r,
                                               double            *g,
                                               double            *b);

/* Round-number ticks covering [lo, hi]: returns their count, at most max_ticks. */
guint              flitlab_plot_nice_ticks    (double             lo,
                                               double             hi,
                                               guint              max_ticks,
                                               double            *ticks);

void               flitlab_render_plot        (cairo_t           *cr,
                                               const FlitlabPlot *plot,
                                               double             width,
                                               double             height,
                                               FlitlabPlotFrame  *frame);

/* Where the data point (x, y) was drawn in the frame, in the cairo user space. */
void               flitlab_plot_frame_to_user (const FlitlabPlotFrame *frame,
                                               double             x,
                                               double             y,
                                               double            *ux,
                                               double            *uy);
/* Zoom and pan in a drawn frame, in the plotted space (a logarithmic axis zooms by decades):
 * out gets frame with the data ranges shown after zooming by factor (< 1: in) around the pixel
 * (px, py), or after moving the content by (dx, dy) pixels. FALSE, and out untouched, when the
 * ranges would be empty or not finite (zoomed in or out too far). */
gboolean           flitlab_plot_frame_zoom    (const FlitlabPlotFrame *frame,
                                               double             factor,
                                               double             px,
                                               double             py,
                                               FlitlabPlotFrame  *out);
gboolean           flitlab_plot_frame_pan     (const FlitlabPlotFrame *frame,
                                               double             dx,
                                               double             dy,
                                               FlitlabPlotFrame  *out);
/* Writes the plot to path as SVG, PDF or PNG by its extension; width and height in points
 * (PNG: pixels at scale). */
gboolean           flitlab_render_plot_to_file (const FlitlabPlot *plot,
                                                const char        *path,
                                                double             width,
                                                double             height,
                                                double             scale,
                                                GError           **error);

/* The plotted data as CSV: series,kind,rate,value,ci95 ("saturated" where a value is missing). */
gboolean           flitlab_plot_write_csv      (const FlitlabPlot *plot,
                                                const char        *path,
                                                GError           **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabPlot, flitlab_plot_free)

G_END_DECLS
