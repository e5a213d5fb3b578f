/* flitlab-cli-export.c: flitlab-cli export
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdio.h>

#include <glib/gi18n.h>

#include "flitlab-export.h"
#include "flitlab-grid.h"
#include "flitlab-input.h"
#include "flitlab-latency.h"
#include "flitlab-limits.h"
#include "flitlab-model.h"
#include "flitlab-project-xml.h"
#include "flitlab-render-dependency.h"
#include "flitlab-render-topology.h"
#include "flitlab-study-run.h"
#include "flitlab-study-plot.h"
#include "flitlab-sim.h"
#include "flitlab-topology.h"
#include "flitlab-topology-metrics.h"

#include "flitlab-cli-private.h"

/* An optional number option: out is left as it is when the option is not given. */
static gboolean
parse_number_option (const char  *name,
                     const char  *text,
                     double      *out,
                     GError     **error)
{
  if (text != NULL && !flitlab_input_parse_number (text, -1, out))
    return flitlab_cli_usage_error (error, _("%s is a number, not “%s”"), name, text);
  return TRUE;
}

/* The study's network coloured by channel utilization, as flitlab-export.h's rule says. */
static gboolean
export_topology (const FlitlabStudy  *study,
                 const char          *output,
                 double               width,
                 double               height,
                 double               scale,
                 double               font_size,
                 const char          *plane,
                 gboolean             stack,
                 GError             **error)
{
  g_autoptr(FlitlabTopologyFigure) figure = flitlab_export_network_figure (study, error);
  guint64 value;

  if (figure == NULL)
    return FALSE;
  figure->font_size = font_size;
  if (!flitlab_cli_parse_uint64 ("--plane", plane, 0, G_MAXUINT, &value, error))
    return FALSE;
  figure->plane = plane != NULL ? (guint) value : 0;
  return flitlab_export_network (figure, stack, output, width, height, scale, error);
}

/* The study's first model drawn as its paper's flow diagram, at rate_text or at the load
 * flitlab-export.h's rule says. */
static gboolean
export_flow (const FlitlabStudy  *study,
             const char          *output,
             double               width,
             double               height,
             double               scale,
             double               font_size,
             const char          *rate_text,
             GError             **error)
{
  g_autoptr(FlitlabModel) model = NULL;
  double rate;

  model = flitlab_export_flow_model (study, &rate, error);
  if (model == NULL)
    return FALSE;
  if (rate_text != NULL && !flitlab_cli_parse_rate (rate_text, &rate, error))
    return FALSE;
  return flitlab_export_flow (model, rate, output, width, height, scale, font_size, error);
}

/* --width, --height (points) and --scale, named when out of range: the export's own checks. */
static gboolean
check_size_options (const char  *width_text,
                    double       width,
                    const char  *height_text,
                    double       height,
                    const char  *scale_text,
                    double       scale,
                    GError     **error)
{
  if (width_text != NULL && !flitlab_export_size_valid (width))
    return flitlab_cli_usage_error (error, _("--width is 50 to 10000 points, not “%s”"),
                                    width_text);
  if (height_text != NULL && !flitlab_export_size_valid (height))
    return flitlab_cli_usage_error (error, _("--height is 50 to 10000 points, not “%s”"),
                                    height_text);
  if (scale_text != NULL && !flitlab_export_scale_valid (scale))
    return flitlab_cli_usage_error (error, _("--scale is a PNG's pixels per point, above 0 and at "
                                             "most 8, not “%s”"), scale_text);
  return TRUE;
}

/* The plot's metrics the help names: "latency", the latencies, the other result columns. */
static const char * const named_metrics[] = {
  "latency", "throughput", "acceptance", "utilization", "power", NULL,
};

static gboolean
table_has_column (const FlitlabStudyTable *table,
                  const char              *column)
{
  return table != NULL && g_strv_contains ((const char * const *) table->columns, column);
}

/* Whether --metric names something a study's plot can show: a named metric or a column of one
 * of its tables (a model's own, such as horng-kleinrock's "queue"). */
static gboolean
metric_known (const FlitlabStudy *study,
              const char         *metric)
{
  FlitlabLatency latency;

  if (g_strv_contains (named_metrics, metric) || flitlab_latency_from_string (metric, &latency) ||
      table_has_column (study->simulation.points, metric))
    return TRUE;
  for (guint m = 0; m < study->models->len; m++)
    if (table_has_column (((FlitlabStudyModel *) study->models->pdata[m])->curve, metric))
      return TRUE;
  for (guint r = 0; r < study->references->len; r++)
    if (table_has_column (study->references->pdata[r], metric))
      return TRUE;
  return FALSE;
}

static gboolean
check_metric (const FlitlabStudy * const *studies,
              guint                       n_studies,
              const char                 *metric,
              GError                    **error)
{
  for (guint i = 0; metric != NULL && i < n_studies; i++)
    if (metric_known (studies[i], metric))
      return TRUE;
  if (metric == NULL)
    return TRUE;
  return flitlab_cli_usage_error (error, _("--metric is latency, transit, network, total, "
                                           "source-transit, throughput, acceptance, utilization, "
                                           "power or another column of the results, not “%s”, "
                                           "which no study drawn has"), metric);
}

/* The study's routing's channel dependency graph, with vcs_text's virtual channels or the
 * study's. */
static gboolean
export_dependency (const FlitlabStudy  *study,
                   const char          *output,
                   double               width,
                   double               height,
                   double               scale,
                   double               font_size,
                   const char          *vcs_text,
                   GError             **error)
{
  const FlitlabTopology *topology;
  guint vcs = study->simulation.vcs;

  if (study->routing != FLITLAB_ROUTING_DOR && study->routing != FLITLAB_ROUTING_ADAPTIVE &&
      study->routing != FLITLAB_ROUTING_UPDOWN && study->routing != FLITLAB_ROUTING_SHORTEST)
    return flitlab_cli_usage_error (error, _("Study “%s” routes by %s, which has no channel "
                                             "dependency graph to draw (dor, adaptive, updown "
                                             "or shortest have)"),
                                    study->name,
                                    flitlab_routing_to_string (study->routing));
  if (vcs_text != NULL && !flitlab_limits_parse_vcs (vcs_text, &vcs, error))
    return FALSE;
  if ((topology = flitlab_study_get_topology (study, error)) == NULL)
    return FALSE;
  return flitlab_render_dependency_to_file (topology, study->routing, vcs, output, width, height,
                                            scale, font_size, error);
}

gboolean
flitlab_cli_cmd_export (int      argc,
                        char   **argv,
                        GError **error)
{
  g_autofree char *figure = NULL, *output = NULL, *metric = NULL, *plane = NULL;
  g_autofree char *rate = NULL, *width_text = NULL, *height_text = NULL, *scale_text = NULL;
  g_autofree char *preset_name = NULL, *font_text = NULL, *legend_text = NULL, *vcs = NULL;
  g_auto(GStrv) study_names = NULL;
  const char *study_name;
  double width = NAN, height = NAN, scale = 2, font_size = 0;
  gboolean log_y = FALSE, stack = FALSE, no_title = FALSE, compare = FALSE;
  gboolean topology, flow, dependency;
  const FlitlabPlotPreset *preset = NULL;
  FlitlabPlotLegend legend = FLITLAB_PLOT_LEGEND_AUTO;
  const GOptionEntry entries[] = {
    { "study", 0, 0, G_OPTION_ARG_STRING_ARRAY, &study_names,
      N_("The study to draw (with --compare, one of the studies, repeated)"), "NAME" },
    { "compare", 0, 0, G_OPTION_ARG_NONE, &compare,
      N_("Plot: overlay several studies, as the window's Compare does: those named by --study, or "
         "every study of the project"), NULL },
    { "figure", 0, 0, G_OPTION_ARG_STRING, &figure,
      N_("The figure: plot (default), topology (the network coloured by channel utilization), flow "
         "(the first model's channel classes, as its paper draws them) or dependency (the "
         "routing's channel dependency graph: whether it can deadlock)"), "FIGURE" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("FILE.svg, .pdf, .png, .csv for the plotted data (a network's: its channels' values), "
         ".tex (pgfplots) or .py (matplotlib) to redraw the plot"), "FILE" },
    { "metric", 0, 0, G_OPTION_ARG_STRING, &metric,
      N_("What the plot shows: latency (default: the latency the study's models predict), transit, "
         "network, total, source-transit (the simulation in that latency, with the models that "
         "predict it), throughput, acceptance, utilization, power"), "NAME" },
    { "log", 0, 0, G_OPTION_ARG_NONE, &log_y, N_("Logarithmic value axis"), NULL },
    { "plane", 0, 0, G_OPTION_ARG_STRING, &plane,
      N_("Topology of 3 or more dimensions: the plane to draw (default 0)"), "N" },
    { "stack", 0, 0, G_OPTION_ARG_NONE, &stack,
      N_("Topology of 3 or more dimensions: every plane, pulled apart, with the links between them "
         "of the corner columns"), NULL },
    { "rate", 0, 0, G_OPTION_ARG_STRING, &rate,
      N_("Flow: the load in messages per cycle per node (default: four fifths of saturation)"),
      "R" },
    { "vcs", 0, 0, G_OPTION_ARG_STRING, &vcs,
      N_("Dependency: virtual channels per channel (default: the study's simulation's; two or more "
         "give a torus its dateline)"), "N" },
    { "width", 0, 0, G_OPTION_ARG_STRING, &width_text,
      N_("Width in points (default 640; topology 800; dependency 600)"), "W" },
    { "height", 0, 0, G_OPTION_ARG_STRING, &height_text,
      N_("Height in points (default 420; topology 600; dependency 450); the figure keeps it, a "
         "plot's legend within a quarter of it"), "H" },
    { "scale", 0, 0, G_OPTION_ARG_STRING, &scale_text, N_("PNG pixels per point (default 2)"),
      "S" },
    { "preset", 0, 0, G_OPTION_ARG_STRING, &preset_name,
      N_("A size papers and slides use, with its type: column (3.5 in, 252 × 180 pt, 8 pt), "
         "column-and-half (5 in), page (7 in, 504 pt) or slide (16:9, 720 × 405 pt); --width and "
         "--height still win"), "NAME" },
    { "font-size", 0, 0, G_OPTION_ARG_STRING, &font_text,
      N_("The tick labels' size in points, the rest in proportion (default: chosen for the width, "
         "8 at 252 pt)"), "PT" },
    { "no-title", 0, 0, G_OPTION_ARG_NONE, &no_title,
      N_("Plot: leave out the title (a paper's caption says it)"), NULL },
    { "legend", 0, 0, G_OPTION_ARG_STRING, &legend_text,
      N_("Plot: where the legend goes: auto (default: the inside corner covering no data, else "
         "below), inside, right, below or none"), "WHERE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (N_("PROJECT.flitlab — draw a study's "
                                                               "figure to a file"));
  g_autoptr(FlitlabProject) project = NULL;
  g_autoptr(FlitlabPlot) plot = NULL;
  FlitlabStudy *study = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!flitlab_cli_parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 2)
    return flitlab_cli_usage_error (error, _("export takes one .flitlab project"));
  if ((study_names == NULL && !compare) || output == NULL)
    return flitlab_cli_usage_error (error, _("export needs --study NAME and --output FILE"));
  if (!compare && g_strv_length (study_names) > 1)
    return flitlab_cli_usage_error (error, _("several --study overlay with --compare"));
  study_name = study_names != NULL ? study_names[0] : NULL;
  if (figure != NULL && !g_str_equal (figure, "plot") && !g_str_equal (figure, "topology") &&
      !g_str_equal (figure, "flow") && !g_str_equal (figure, "dependency"))
    return flitlab_cli_usage_error (error,
                                    _("--figure is plot, topology, flow or dependency, not "
                                      "“%s”"), figure);
  topology = figure != NULL && g_str_equal (figure, "topology");
  flow = figure != NULL && g_str_equal (figure, "flow");
  dependency = figure != NULL && g_str_equal (figure, "dependency");
  if ((topology || flow || dependency) && (metric != NULL || log_y))
    return flitlab_cli_usage_error (error, _("--metric and --log apply to --figure plot"));
  if (!topology && (plane != NULL || stack))
    return flitlab_cli_usage_error (error, _("--plane and --stack apply to --figure topology"));
  if (plane != NULL && stack)
    return flitlab_cli_usage_error (error, _("--stack draws every plane: leave out --plane"));
  if (!flow && rate != NULL)
    return flitlab_cli_usage_error (error, _("--rate applies to --figure flow"));
  if ((topology || flow || dependency) && (no_title || legend_text != NULL || compare))
    return flitlab_cli_usage_error (error,
                                    _("--no-title, --legend and --compare apply to --figure plot"));
  if (!dependency && vcs != NULL)
    return flitlab_cli_usage_error (error, _("--vcs applies to --figure dependency"));
  if (preset_name != NULL && (preset = flitlab_plot_preset_lookup (preset_name)) == NULL)
    return flitlab_cli_usage_error (error,
                                    _("--preset is column, column-and-half, page or slide, not "
                                      "“%s”"), preset_name);
  if (legend_text != NULL && !flitlab_plot_legend_from_string (legend_text, &legend))
    return flitlab_cli_usage_error (error,
                                    _("--legend is auto, inside, right, below or none, not "
                                      "“%s”"), legend_text);
  if (!parse_number_option ("--font-size", font_text, &font_size, error))
    return FALSE;
  if (font_text != NULL && !(font_size >= 4 && font_size <= 72))
    return flitlab_cli_usage_error (error, _("--font-size is 4 to 72 points, not “%s”"),
                                    font_text);
  /* The one number syntax (no hex, nan or inf); the renderer checks the ranges. */
  if (!parse_number_option ("--width", width_text, &width, error) ||
      !parse_number_option ("--height", height_text, &height, error) ||
      !parse_number_option ("--scale", scale_text, &scale, error) ||
      !check_size_options (width_text, width, height_text, height, scale_text, scale, error) ||
      !flitlab_cli_check_output ("--output", output, FALSE, error))
    return FALSE;
  project = flitlab_project_load (argv[1], error);
  if (project == NULL)
    return FALSE;
  for (guint i = 0; study_names != NULL && study_names[i] != NULL; i++)
    if (flitlab_project_find_study (project, study_names[i]) == NULL)
      return flitlab_cli_usage_error (error, _("%s has no study called “%s”"), argv[1],
                                      study_names[i]);
  if (compare)
    {
      g_autoptr(GPtrArray) studies = g_ptr_array_new ();

      for (guint i = 0; study_names != NULL && study_names[i] != NULL; i++)
        g_ptr_array_add (studies, flitlab_project_find_study (project, study_names[i]));
      for (guint i = 0; study_names == NULL && i < flitlab_project_get_n_studies (project); i++)
        g_ptr_array_add (studies, flitlab_project_get_study (project, i));
      if (!check_metric ((const FlitlabStudy * const *) studies->pdata, studies->len, metric,
                         error))
        return FALSE;
      plot = flitlab_study_plot_new_comparison ((const FlitlabStudy * const *) studies->pdata,
                                                studies->len, metric);
    }
  else
    {
      study = flitlab_project_find_study (project, study_name);
      if (!check_metric ((const FlitlabStudy * const *) &study, 1, metric, error))
        return FALSE;
    }
  font_size = font_text != NULL ? font_size : preset != NULL ? preset->font_size : 0;
  if (topology)
    return export_topology (study, output,
                            isnan (width) ? (preset != NULL ? preset->width : 800) : width,
                            isnan (height) ? (preset != NULL ? preset->height : 600) : height,
                            scale, font_size, plane, stack, error);
  if (flow)
    return export_flow (study, output,
                        isnan (width) ? (preset != NULL ? preset->width : 800) : width,
                        isnan (height) ? (preset != NULL ? preset->height : 560) : height,
                        scale, font_size, rate, error);
  if (dependency)
    return export_dependency (study, output,
                              isnan (width) ? (preset != NULL ? preset->width : 600) : width,
                              isnan (height) ? (preset != NULL ? preset->height : 450) : height,
                              scale, font_size, vcs, error);
  width = isnan (width) ? (preset != NULL ? preset->width : 640) : width;
  height = isnan (height) ? (preset != NULL ? preset->height : 420) : height;

  if (plot == NULL)
    plot = flitlab_study_plot_new (study, metric);
  plot->log_y = log_y;
  plot->font_size = font_size;
  plot->legend = legend;
  if (no_title)
    g_clear_pointer (&plot->title, g_free);
  if (plot->series->len == 0)
    return flitlab_cli_usage_error (error,
                                    compare ? _("Project “%s” has no %s results to draw: "
                                                "run it first (flitlab-cli run)")
                                            : _("Study “%s” has no %s results to draw: "
                                                "run it first (flitlab-cli run)"),
                                    compare ? argv[1] : study_name, metric ? metric : "latency");
  return flitlab_export_plot (plot, output, width, height, scale, error);
}
