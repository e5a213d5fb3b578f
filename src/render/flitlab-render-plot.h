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

#include "flitlab-plot.h"

G_BEGIN_DECLS

#define FLITLAB_RENDER_ERROR (flitlab_render_error_quark ())

typedef enum
{
  FLITLAB_RENDER_ERROR_FORMAT, /* a file name whose extension is not .svg, .pdf or .png */
  FLITLAB_RENDER_ERROR_IO,
  FLITLAB_RENDER_ERROR_SIZE,
  FLITLAB_RENDER_ERROR_INVALID,
  /* settings that do not fit the figure's data (a diagram's plane) */
  FLITLAB_RENDER_ERROR_TOO_LARGE, /* a network with too many nodes or links to draw legibly */
} FlitlabRenderError;

/* The sizes papers and slides use: width and height in points and the type size to go with. */
typedef struct
{
  const char *name;   /* "column", as flitlab-cli export --preset takes it */
  const char *label;  /* "Column (3.5 in)" */
  double      width;
  double      height;
  double      font_size;
} FlitlabPlotPreset;

/* The drawn frame, for hit-testing and zoom in the window. */
typedef struct
{
  double left, top, right, bottom;       /* data area in the cairo user space */
  double x_min, x_max, y_min, y_max;     /* data range shown */
  gboolean log_y;
  /* The legend's box, in the cairo user space: in an inside corner, right of or below the
   * data area (all 0: no legend). */
  double legend_left, legend_top, legend_right, legend_bottom;
  gboolean legend_heads; /* the groups named by their short names ("Table 2") */
  guint    legend_columns;
  double   legend_wrap;  /* the width its entries' words were broken into lines at, or 0 */
  double type; /* the type's size relative to the default (9 pt tick labels) */
  /* The height of a line of tick labels and of axis labels as set on the surface drawn on
   * (flitlab-render-text.h: points in a file, pixels in the window); the margins are made of
   * them. The value axis's label in one line or two. */
  double tick_h, label_h;
  guint  y_label_lines;
  /* The title's lines, and the width it was broken into them at (0: one line). */
  guint  title_lines;
  double title_wrap;
  /* The width a crowded legend was fitted into, its words shortened to fit, or 0. */
  double legend_cut;
} FlitlabPlotFrame;

GQuark             flitlab_render_error_quark (void);

/* How far below the frame's top edge a saturated point's cross is drawn, and the triangle of
 * a point above the scale (a zoomed or set value range). */
#define FLITLAB_PLOT_MARK_INSET 6
#define FLITLAB_PLOT_OFF_SCALE_INSET 3

/* The most of a figure's area its legend takes (docs/plots.md). */
#define FLITLAB_PLOT_LEGEND_SHARE 0.25

/* The presets, ending with a NULL name; the one of this name, or NULL. */
const FlitlabPlotPreset *flitlab_plot_presets      (void);
const FlitlabPlotPreset *flitlab_plot_preset_lookup (const char *name);
/* "auto", "inside", "right", "below", "none", as flitlab-cli export --legend takes them. */
gboolean                 flitlab_plot_legend_from_string (const char        *text,
                                                          FlitlabPlotLegend *legend);
const char              *flitlab_plot_legend_to_string   (FlitlabPlotLegend  legend);

/* The palette: Okabe and Ito's seven first (safe for colour-blind readers), then five more
 * that stay apart from them on white; index wraps after FLITLAB_PLOT_PALETTE_SIZE
 * (flitlab-plot.h). */
void               flitlab_plot_palette       (guint              index,
                                               double            *r,
                                               double            *g,
                                               double            *b);

/* Round-number ticks covering [lo, hi]: returns their count, at most max_ticks. */
guint              flitlab_plot_nice_ticks    (double             lo,
                                               double             hi,
                                               guint              max_ticks,
                                               double            *ticks);

/* Fixes the plot's axes (x_min .. y_max) where they would be drawn: its data's range widened
 * to round numbers, as flitlab_render_plot() takes it; nothing is drawn. */
void               flitlab_plot_fix_ranges    (FlitlabPlot       *plot);

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
/* Where point i of series is marked in a drawn frame, in the cairo user space, as the renderer
 * draws it and hover finds it: a load not carried (a cross or a diamond) and a point above the
 * scale (a triangle) at the top edge, any other value at its place. FALSE: nothing is drawn
 * for it (no load, no value the axis can show, or clipped away outside a zoomed frame). */
gboolean           flitlab_plot_frame_mark    (const FlitlabPlotFrame  *frame,
                                               const FlitlabPlotSeries *series,
                                               guint                    i,
                                               double                  *ux,
                                               double                  *uy);
/* The ranges the plot shows unzoomed, into frame's x_min .. y_max and log_y: its own, else its
 * data's by the automatic rule (every value drawn, loads from 0, widened to round numbers).
 * The domain zoom and pan keep within (flitlab_plot_frame_keep_within ()). */
void               flitlab_plot_home_ranges   (const FlitlabPlot *plot,
                                               FlitlabPlotFrame  *frame);
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
/* Keeps frame's ranges within domain's (both on the same value axis), in the plotted space: a
 * range as wide as the domain's or wider becomes the domain's, one reaching past an end moves
 * back inside, so zooming out stops at the whole plot and no pan shows negative loads. TRUE
 * when frame now shows the domain exactly. */
gboolean           flitlab_plot_frame_keep_within (FlitlabPlotFrame       *frame,
                                                   const FlitlabPlotFrame *domain);
/* An entry of a plot's legend as the renderer draws it, for the .tex and .py exports to draw
 * the same legend. */
typedef enum
{
  FLITLAB_PLOT_KEY_SERIES,     /* a series, or a group of them (a study), in its colour */
  FLITLAB_PLOT_KEY_KIND,       /* a kind of series in a comparison, in grey */
  FLITLAB_PLOT_KEY_SATURATED,  /* the cross of a saturated point */
  FLITLAB_PLOT_KEY_DEADLOCKED, /* the diamond of a deadlocked one */
  FLITLAB_PLOT_KEY_OFF_SCALE,  /* the triangle of a point above the scale */
  FLITLAB_PLOT_KEY_SATURATION, /* a comparison's dashed lines at the models' saturations */
} FlitlabPlotKeyType;

typedef struct
{
  FlitlabPlotKeyType type;
  char              *text;      /* freed with the array */
  guint              color;     /* a series key's palette index */
  guint              style;     /* a line's dash pattern, or squares for points */
  gboolean           line, points, hollow;
} FlitlabPlotKey;

/* The legend's entries (FlitlabPlotKey) in its order, groups named by their short names where
 * the renderer did (frame->legend_heads). */
GArray            *flitlab_plot_legend_keys (const FlitlabPlot      *plot,
                                             const FlitlabPlotFrame *frame);
/* The legend's words for the dashed lines at the models' saturation loads, which a comparison
 * does not label each (its legend has an entry for them), or NULL: not a comparison, or no
 * saturation line in the frame. For the renderer and the .tex and .py exports. */
const char        *flitlab_plot_saturation_legend_text (const FlitlabPlot      *plot,
                                                        const FlitlabPlotFrame *frame);
/* Past this many saturation lines in a figure (Ciciani's six studies compared have fourteen,
 * ten within an eighth of the loads) a line whose label finds no room clear of the data is
 * left unlabelled rather than labelled over the curves. */
#define FLITLAB_PLOT_CROWDED_SATURATIONS 10

/* A label of a model's saturation line as the renderer places it, in the frame's space. */
typedef struct
{
  guint    series;      /* its series' index in the plot */
  char    *lines[2];    /* its words in one line, or two (lines[1] not NULL) */
  double   left, top, right, bottom;
  double   row_height;  /* of a line */
  gboolean right_side;  /* right of its line (left-aligned), else left of it */
} FlitlabPlotSaturationLabel;

/* The labels of the saturation lines that the renderer draws on cr's surface (labels that find
 * no room are left out), in FlitlabPlotSaturationLabel, freed with the array. */
GArray            *flitlab_plot_place_saturation_labels (cairo_t                *cr,
                                                         const FlitlabPlot      *plot,
                                                         const FlitlabPlotFrame *frame);
/* The most ticks an axis labels. */
#define FLITLAB_PLOT_MAX_TICKS 12

/* The ticks the renderer labels on the load axis or the value axis of a frame from
 * flitlab_plot_measure (), as many as their labels leave room for; returns their count. */
guint              flitlab_plot_frame_ticks    (const FlitlabPlotFrame *frame,
                                                gboolean                value_axis,
                                                double                 *ticks);
/* The label of tick i of the n from flitlab_plot_frame_ticks () as the renderer writes it
 * ("0.010": as many decimals as the step between ticks needs), for the .tex and .py exports. */
char              *flitlab_plot_frame_tick_label (const FlitlabPlotFrame *frame,
                                                  gboolean                value_axis,
                                                  const double           *ticks,
                                                  guint                   n,
                                                  guint                   i);
/* The plot's title broken into lines where a file of it breaks it (frame from
 * flitlab_plot_measure ()), for the .tex and .py exports; NULL without a title. */
char              *flitlab_plot_title_text     (const FlitlabPlot      *plot,
                                                const FlitlabPlotFrame *frame);
/* The plot laid out as a file of width × height points lays it out (its type in points), into
 * frame and, unless NULL, its saturation labels; nothing is written. */
void               flitlab_plot_measure        (const FlitlabPlot *plot,
                                                double             width,
                                                double             height,
                                                FlitlabPlotFrame  *frame,
                                                GArray           **saturation_labels);
/* A file's height for the plot at width: height. A figure keeps its size whatever its legend
 * (issue #34): a crowded legend is set smaller, in more columns, its words cut short, within
 * FLITLAB_PLOT_LEGEND_SHARE of the figure. */
double             flitlab_plot_file_height    (const FlitlabPlot *plot,
                                                double             width,
                                                double             height);
G_END_DECLS
