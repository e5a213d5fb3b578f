/* flitlab-export.h: figures and their data written to files, for the window and flitlab-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One place decides what a file gets: its format (by its extension), its default name, and
 * what a study's network heatmap and flow diagram show when nobody chose otherwise.
 *
 * The heatmap rule, which the window's Network and Flow pages start from and flitlab-cli
 * export draws, so that the command line writes the figure a person sees on opening a study:
 *
 *  - The network is coloured by the first of the study's models that describes the study's
 *    own network (not a compared one), evaluated at four fifths of its saturation load,
 *    clamped into the study's load range: a load where every channel is busy but the model
 *    still has a steady state.
 *  - With no such model, by the simulation's stored channel statistics at its highest load
 *    below saturation (beyond it the channels stand still: a picture of zeros), or at its
 *    highest load when every load saturates.
 *  - Otherwise the network is drawn uncoloured.
 *
 * The flow diagram draws the study's first model at the same load: four fifths of its
 * saturation, clamped into the study's load range.
 */

#pragma once

#include <glib.h>

#include "flitlab-channel-dependency.h"
#include "flitlab-model.h"
#include "flitlab-render-dependency.h"
#include "flitlab-render-plot.h"
#include "flitlab-render-topology.h"
#include "flitlab-study.h"

G_BEGIN_DECLS

typedef enum
{
  FLITLAB_EXPORT_SVG,
  FLITLAB_EXPORT_PDF,
  FLITLAB_EXPORT_PNG,
  FLITLAB_EXPORT_CSV, /* the plotted data, or a network's coloured values */
  FLITLAB_EXPORT_TEX, /* a pgfplots document that compiles alone with pdflatex */
  FLITLAB_EXPORT_PY,  /* a matplotlib script that redraws the plot */
  FLITLAB_EXPORT_N_FORMATS,
} FlitlabExportFormat;

/* "svg", "pdf", "png", "csv", "tex", "py": the file extension, also the format's name. */
const char *flitlab_export_format_get_extension (FlitlabExportFormat  format);
/* The format of this name (an extension without its dot, any case); FALSE when none. */
gboolean    flitlab_export_format_from_name     (const char          *name,
                                                 FlitlabExportFormat *format);
/* The format of path's extension; FALSE when it has none that is known. */
gboolean    flitlab_export_format_from_path     (const char          *path,
                                                 FlitlabExportFormat *format);
/* Whether points is a figure's width or height that can be written (50 to 10000), and scale
 * a PNG's pixels per point (above 0, at most 8): the export's checks, which flitlab-cli's
 * --width, --height and --scale make first to name the option. */
gboolean    flitlab_export_size_valid           (double               points);
gboolean    flitlab_export_scale_valid          (double               scale);
/* The file to write when a dialog offered a name ending in prefilled's extension, chosen is
 * selected and the person accepted path: an extension the person typed picks the format
 * ("fig.pdf" with SVG chosen writes a PDF); the offered extension follows the choice ("fig.svg"
 * offered, PDF chosen: "fig.pdf"), and is dropped after one typed before it ("fig.pdf.svg" is
 * "fig.pdf": GTK selects the offered name up to its extension, so typing "fig.pdf" gives that);
 * a name without a known extension gets the chosen one's ("fig" -> "fig.svg"). */
char       *flitlab_export_path_for             (const char          *path,
                                                 FlitlabExportFormat  chosen,
                                                 FlitlabExportFormat  prefilled,
                                                 FlitlabExportFormat *format);
/* A file name stem safe in LaTeX and shells: lower-case ASCII letters, digits and '-' ("×" is
 * "x", "é" is "e", "bi-directional" and "uni-directional" are "bi" and "uni" as in a network's
 * spec, any run of other characters one '-', none at either end): "Table 3: 6×6×6
 * bi-directional torus" is "table-3-6x6x6-bi-torus". "figure" when nothing is left. */
char       *flitlab_export_file_stem            (const char          *title);

/* ---- what a heatmap shows ---- */

typedef enum
{
  FLITLAB_EXPORT_HEATMAP_NONE,
  FLITLAB_EXPORT_HEATMAP_MODEL,
  FLITLAB_EXPORT_HEATMAP_SIMULATION,
} FlitlabExportHeatmapSource;

typedef struct
{
  FlitlabExportHeatmapSource  source;
  FlitlabModel               *model;    /* owned: the first model of the study's own network,
                                           whatever the source; or NULL */
  const FlitlabStudyChannels *measured; /* the study's, for the simulation source; or NULL */
  double                      rate;     /* the load shown; NaN for none */
} FlitlabExportHeatmap;

/* Fills heatmap by the rule above for study drawn on topology (the study's network). */
void          flitlab_export_heatmap_choose (const FlitlabStudy    *study,
                                             const FlitlabTopology *topology,
                                             FlitlabExportHeatmap  *heatmap);
void          flitlab_export_heatmap_clear  (FlitlabExportHeatmap  *heatmap);
/* Four fifths of model's saturation load, clamped into the study's load range. */
double        flitlab_export_model_load     (const FlitlabStudy    *study,
                                             FlitlabModel          *model);
/* The study's network coloured by channel utilization by the rule, titled with its name. */
FlitlabTopologyFigure *flitlab_export_network_figure (const FlitlabStudy *study,
                                                      GError            **error);
/* The study's first model, for its flow diagram, and the load to draw it at (by the rule);
 * NULL with an error when the study has no model. */
FlitlabModel *flitlab_export_flow_model     (const FlitlabStudy    *study,
                                             double                *rate,
                                             GError               **error);

/* ---- writing ---- */

/* The plot to path by its extension: SVG, PDF, PNG (width and height in points, PNG pixels at
 * scale), CSV (series,kind,rate,value,ci95), TEX (pgfplots) or PY (matplotlib). The .tex and .py
 * redraw the plot from their own data with the renderer's ranges, series, labels, error bars,
 * marks and colours at width × height. */
gboolean flitlab_export_plot    (const FlitlabPlot   *plot,
                                 const char          *path,
                                 double               width,
                                 double               height,
                                 double               scale,
                                 GError             **error);
/* The network diagram to path by its extension: SVG, PDF, PNG (stacked: every plane in an
 * stack of planes, pulled apart), or CSV (channel,src,dst,dim,direction,value for each network
 * channel, "-" where there is no value). */
gboolean flitlab_export_network (FlitlabTopologyFigure *figure,
                                 gboolean             stacked,
                                 const char          *path,
                                 double               width,
                                 double               height,
                                 double               scale,
                                 GError             **error);
/* The model's flow diagram at rate to path as SVG, PDF or PNG; font_size: the type's points
 * (0: chosen for the size). */
gboolean flitlab_export_flow    (const FlitlabModel  *model,
                                 double               rate,
                                 const char          *path,
                                 double               width,
                                 double               height,
                                 double               scale,
                                 double               font_size,
                                 GError             **error);
/* A channel dependency graph as it is drawn (its graph built, the deadlock it shows) to path
 * as SVG, PDF or PNG; the figure's font_size as flitlab_export_flow()'s. */
gboolean flitlab_export_dependency (const FlitlabDependencyFigure *figure,
                                    const char                    *path,
                                    double                         width,
                                    double                         height,
                                    double                         scale,
                                    GError                       **error);

/* ---- figures to files (flitlab-export-figure.c): the renderers draw on a context, these
 * write what they draw. Names kept from when each renderer wrote its own files. */

/* Draws a figure of width × height points on cr. */
typedef void (*FlitlabRenderFunc) (cairo_t  *cr,
                                   double    width,
                                   double    height,
                                   gpointer  data);

/* Writes draw's figure to path as SVG, PDF or PNG by its extension; width and height in
 * points (PNG: pixels at scale). The figure is drawn in memory and written with
 * flitlab_file_write (): a cairo error or a failed write leaves the old file as it was.
 * Sets FLITLAB_RENDER_ERROR_SIZE, _FORMAT or _IO. */
gboolean flitlab_render_to_file (const char         *path,
                                 double              width,
                                 double              height,
                                 double              scale,
                                 FlitlabRenderFunc   draw,
                                 gpointer            data,
                                 GError            **error);

/* Writes the plot to path as SVG, PDF or PNG by its extension; width and height in points
 * (PNG: pixels at scale), the height grown as flitlab_plot_file_height () says. */
gboolean           flitlab_render_plot_to_file (const FlitlabPlot *plot,
                                                const char        *path,
                                                double             width,
                                                double             height,
                                                double             scale,
                                                GError           **error);

/* The plotted data as CSV: series,kind,rate,value,ci95 ("saturated" where a value is missing),
 * by RFC 4180 with LF line ends: a series label quoted where it must be, every character kept,
 * one that starts as a formula (=, +, -, @) led by an apostrophe. */
gboolean           flitlab_plot_write_csv      (const FlitlabPlot *plot,
                                                const char        *path,
                                                GError           **error);

/* Writes the diagram to path as SVG, PDF or PNG by its extension; width and height in points
 * (PNG: pixels at scale). Fails with flitlab_topology_figure_check()'s errors too. */
gboolean               flitlab_render_topology_to_file   (FlitlabTopologyFigure       *figure,
                                                          const char                *path,
                                                          double                     width,
                                                          double                     height,
                                                          double                     scale,
                                                          GError                   **error);

/* Every plane of the figure's network stacked, to path as SVG, PDF or PNG by its extension;
 * width and height in points (PNG: pixels at scale). Fails for a network of fewer than three
 * dimensions, and with flitlab_topology_figure_check()'s errors. */
gboolean               flitlab_render_topology_stack_to_file (FlitlabTopologyFigure   *figure,
                                                              const char                *path,
                                                              double                     width,
                                                              double                     height,
                                                              double                     scale,
                                                              GError                   **error);

/* Evaluates model at rate and writes its diagram to path as SVG, PDF or PNG by its extension;
 * width and height in points (PNG: pixels at scale); font_size: the type's points (0: chosen
 * for the size). */
gboolean flitlab_render_flow_to_file (const FlitlabModel      *model,
                                      double                   rate,
                                      const char              *path,
                                      double                   width,
                                      double                   height,
                                      double                   scale,
                                      double                   font_size,
                                      GError                 **error);

/* The figure of a graph already built, as flitlab_render_dependency_to_file() writes it. */
gboolean flitlab_render_dependency_figure_to_file (const FlitlabDependencyFigure *figure,
                                                   const char                    *path,
                                                   double                         width,
                                                   double                         height,
                                                   double                         scale,
                                                   GError                       **error);
/* Builds the graph of topology with routing and vcs (0: the routing's default) and writes
 * its figure to path as SVG, PDF or PNG by its extension; width and height in points (PNG:
 * pixels at scale). Errors: flitlab_channel_dependency_new()'s and the render errors. */
gboolean flitlab_render_dependency_to_file (const FlitlabTopology         *topology,
                                            FlitlabRouting                 routing,
                                            guint                          vcs,
                                            const char                    *path,
                                            double                         width,
                                            double                         height,
                                            double                         scale,
                                            double                         font_size,
                                            GError                       **error);

G_END_DECLS
