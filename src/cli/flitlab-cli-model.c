/* flitlab-cli-model.c: flitlab-cli topology, models and model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "flitlab-channel-dependency.h"
#include "flitlab-export.h"
#include "flitlab-file-write.h"
#include "flitlab-matrix-file.h"
#include "flitlab-model.h"
#include "flitlab-render-dependency.h"
#include "flitlab-render-topology.h"
#include "flitlab-sim.h"
#include "flitlab-topology.h"
#include "flitlab-topology-metrics.h"

#include "flitlab-cli-private.h"

/* ---- topology ----------------------------------------------------------------------- */

/* flitlab-cli topology --format csv: the textbook figures (flitlab-topology-metrics.h). */
static gboolean
print_topology_csv (const FlitlabTopology  *topology,
                    GError                **error)
{
  g_autoptr(FlitlabTopologyMetrics) metrics = flitlab_topology_metrics_new (topology, error);
  char mean[G_ASCII_DTOSTR_BUF_SIZE], load[G_ASCII_DTOSTR_BUF_SIZE];
  char throughput[G_ASCII_DTOSTR_BUF_SIZE];

  if (metrics == NULL)
    return FALSE;
  /* Exact figures: the shortest text that reads back as the same double. */
  g_ascii_dtostr (mean, sizeof mean, metrics->mean_distance);
  g_ascii_dtostr (load, sizeof load, metrics->max_channel_load);
  g_ascii_dtostr (throughput, sizeof throughput, metrics->ideal_throughput);
  g_print ("nodes,channels,diameter,mean_distance,bisection_channels,max_channel_load,"
           "ideal_throughput\n");
  g_print ("%u,%u,%u,%s,%u,%s,%s\n", metrics->nodes, metrics->channels, metrics->diameter, mean,
           metrics->bisection_channels, load, throughput);
  return TRUE;
}

/* A file network's two routings: each one's channel dependency graph, and a cycle if it has
 * one (channels as source>destination nodes), which is why it may deadlock. */
static gboolean
print_file_dependencies (const FlitlabTopology  *topology,
                         GError                **error)
{
  const FlitlabRouting routings[] = { FLITLAB_ROUTING_UPDOWN, FLITLAB_ROUTING_SHORTEST };

  for (guint r = 0; r < G_N_ELEMENTS (routings); r++)
    {
      g_autoptr(FlitlabChannelDependency) graph =
        flitlab_channel_dependency_new (topology, routings[r], 1, error);
      const FlitlabDependencyVertex *cycle;
      guint n_cycle;

      if (graph == NULL)
        return FALSE;
      cycle = flitlab_channel_dependency_get_cycle (graph, &n_cycle);
      g_print ("%s dependencies: %u", flitlab_routing_to_string (routings[r]),
               flitlab_channel_dependency_get_n_edges (graph));
      if (cycle == NULL)
        {
          g_print (", acyclic: free of deadlock\n");
          continue;
        }
      g_print (", a cycle of %u channels:", n_cycle);
      for (guint i = 0; i < n_cycle; i++)
        {
          const FlitlabChannel *c = flitlab_topology_get_channel (topology, cycle[i].channel);

          g_print (" %u>%u", c->src, c->dst);
        }
      g_print (": may deadlock\n");
    }
  return TRUE;
}

gboolean
flitlab_cli_cmd_topology (int      argc,
                          char   **argv,
                          GError **error)
{
  g_autofree char *format = NULL;
  const GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format,
      N_("Output format: text (default) or csv (the textbook figures: nodes, channels, diameter, "
         "mean distance, bisection channels, busiest channel's load and ideal throughput under "
         "uniform traffic)"), "FORMAT" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (N_("SPEC — describe a network"));
  g_autoptr(FlitlabTopology) topology = NULL;
  g_autofree char *spec = NULL;
  g_autofree char *title = NULL;
  char mean[G_ASCII_DTOSTR_BUF_SIZE];
  guint n_nodes;

  g_option_context_set_summary (context,
    N_("SPEC is one of: torus:16x16x16:uni, torus:6x6x6:bi, mesh:8x8, hypercube:10,\n"
       "necklace:6,5 (regular (n,k)), necklace:3:4,4,2,... (irregular, one size per base edge),\n"
       "file:PATH (a network file: BookSim's anynet listing or an edge list, docs/networks.md)."));
  g_option_context_add_main_entries (context, entries, NULL);
  if (!flitlab_cli_parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 2)
    return flitlab_cli_usage_error (error,
                                    _("topology takes one SPEC, such as torus:16x16x16:uni"));
  if (format != NULL && !g_str_equal (format, "csv") && !g_str_equal (format, "text"))
    return flitlab_cli_usage_error (error, _("--format is text or csv, not “%s”"), format);

  topology = flitlab_topology_new_from_spec (argv[1], error);
  if (topology == NULL)
    return FALSE;
  if (format != NULL && g_str_equal (format, "csv"))
    return print_topology_csv (topology, error);

  spec = flitlab_topology_dup_spec (topology);
  title = flitlab_topology_dup_title (topology);
  n_nodes = flitlab_topology_get_n_nodes (topology);
  flitlab_cli_format_number (mean, sizeof mean, flitlab_topology_mean_distance (topology));

  /* Keys untranslated: a "key: value" listing that scripts read, as --format csv's columns. */
  g_print ("topology: %s\n", spec);

  g_print ("title: %s\n", title);
  g_print ("nodes: %u\n", n_nodes);
  g_print ("channels: %u (%u network, %u injection, %u ejection)\n",
           flitlab_topology_get_n_channels (topology),
           flitlab_topology_get_n_network_channels (topology), n_nodes, n_nodes);
  g_print ("diameter: %u\n", flitlab_topology_diameter (topology));
  g_print ("mean distance: %s\n", mean);
  g_print ("bisection width: %u\n", flitlab_topology_bisection_width (topology));
  /* The families' widths follow a formula (flitlab-topology-distance.c); a file network's is
   * searched, and said how. */
  switch (flitlab_topology_bisection_method (topology))
    {
    case FLITLAB_BISECTION_EXHAUSTIVE:
      g_print ("bisection method: exact, every balanced cut tried (up to %u nodes)\n",
               FLITLAB_TOPOLOGY_BISECTION_EXACT_NODES);
      break;
    case FLITLAB_BISECTION_SWAP_BOUND:
      g_print ("bisection method: upper bound, a breadth-first split improved by swaps\n");
      break;
    case FLITLAB_BISECTION_FORMULA:
    default:
      break;
    }
  if (flitlab_topology_get_family (topology) == FLITLAB_TOPOLOGY_FILE)
    return print_file_dependencies (topology, error);
  return TRUE;
}

/* ---- models ------------------------------------------------------------------------- */

gboolean
flitlab_cli_cmd_models (int      argc,
                        char   **argv,
                        GError **error)
{
  g_autoptr(GOptionContext) context = g_option_context_new (N_("— list the analytical models"));
  const FlitlabModelInfo * const *models = flitlab_model_list ();

  if (!flitlab_cli_parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 1)
    return flitlab_cli_usage_error (error, _("models takes no arguments"));

  for (guint i = 0; models[i] != NULL; i++)
    {
      const FlitlabModelInfo *info = models[i];

      /* Translators: a model's id, its title, then the paper it follows */
      g_print (_("%s\n  %s\n  paper: %s\n"), info->id, _(info->title), _(info->paper));
      for (const FlitlabModelParamInfo *p = info->params; p->name != NULL; p++)
        if (p->default_value)
          g_print (_("  --param %s=…  %s; unit: %s; range: %s; default: %s\n"),
                   p->name, _(p->description), *p->unit != '\0' ? _(p->unit) : "", _(p->range),
                   p->default_value);
        else
          g_print (_("  --param %s=…  %s; unit: %s; range: %s\n"),
                   p->name, _(p->description), *p->unit != '\0' ? _(p->unit) : "", _(p->range));
      /* Untranslated, as the simulation table's columns and --metric name it. */
      g_print ("  latency: %s\n", flitlab_latency_to_string (info->latency));
      /* The CSV columns' names are not translated: they are what the csv format writes. */
      g_print ("  %s rate,latency", _("columns:"));
      for
 (guint c = 0; info->columns != NULL && info->columns[c] != NULL; c++)
        g_print (",%s", info->columns[c]);
      g_print ("\n%s", models[i + 1] ? "\n" : "");
    }
  return TRUE;
}

/* ---- model -------------------------------------------------------------------------- */

/* --channels and --pairs: the detail of every rate, channel by channel and, where the model
 * gives them (general-wormhole), pair by pair. */
static gboolean
write_detail (const FlitlabModel  *model,
              GArray              *rates,
              const char          *channels,
              const char          *pairs,
              GError             **error)
{
  static const char * const kinds[] = { "network", "injection", "ejection" };
  const FlitlabTopology *topology = flitlab_model_get_topology (model);
  g_autoptr(GString) by_channel = g_string_new ("rate,channel,kind,src,dst,dim,direction,flow,"
                                                "time,wait,utilization\n");
  g_autoptr(GString) by_pair = g_string_new ("rate,src,dst,latency\n");
  guint n_nodes = flitlab_topology_get_n_nodes (topology);

  for (guint i = 0; i < rates->len; i++)
    {
      g_autoptr(FlitlabModelPoint) point =
        flitlab_model_evaluate_detail (model, g_array_index (rates, double, i));
      char rate[G_ASCII_DTOSTR_BUF_SIZE];

      if (point->saturated)
        continue;
      flitlab_cli_format_number (rate, sizeof rate, point->rate);
      for (guint c = 0; c < point->n_channels; c++)
        {
          const FlitlabChannel *channel = flitlab_topology_get_channel (topology, c);
          const double values[] = { point->channel_flow[c], point->channel_time[c],
                                    point->channel_wait[c], point->channel_utilization[c] };

          g_string_append_printf (by_channel, "%s,%u,%s,%u,%u,%d,%d", rate, c,
                                  kinds[channel->kind], channel->src, channel->dst,
                                  channel->dim == G_MAXUINT ? -1 : (int) channel->dim,
                                  channel->direction);
          for (guint v = 0; v < G_N_ELEMENTS (values); v++)
            {
              char cell[G_ASCII_DTOSTR_BUF_SIZE] = "";

              if (isfinite (values[v]))
                flitlab_cli_format_number (cell, sizeof cell, values[v]);
              g_string_append_printf (by_channel, ",%s", cell);
            }
          g_string_append_c (by_channel, '\n');
        }
      for (guint v = 0; point->vectors != NULL && v < point->vectors->len; v++)
        {
          const FlitlabModelVector *vector = point->vectors->pdata[v];

          if (!g_str_equal (vector->name, "pair latency") ||
              vector->n_values != n_nodes * n_nodes)
            continue;
          for (guint k = 0; k < vector->n_values; k++)
            if (isfinite (vector->values[k]))
              {
                char cell[G_ASCII_DTOSTR_BUF_SIZE];

                flitlab_cli_format_number (cell, sizeof cell, vector->values[k]);
                g_string_append_printf (by_pair, "%s,%u,%u,%s\n", rate, k / n_nodes,
                                        k % n_nodes, cell);
              }
        }
    }
  if (channels != NULL && !flitlab_file_write (channels, by_channel->str, by_channel->len, error))
    return FALSE;
  if (pairs != NULL && !flitlab_file_write (pairs, by_pair->str, by_pair->len, error))
    return FALSE;
  return TRUE;
}

static void
print_row (GString     *out,
           gboolean     csv,
           const char  *rate,
           const char  *latency,
           const char **values,
           guint        n_values)
{
  if (csv)
    {
      g_string_append_printf (out, "%s,%s", rate, latency);
      for (guint i = 0; i < n_values; i++)
        g_string_append_printf (out, ",%s", values[i]);
    }
  else
    {
      g_string_append_printf (out, "%-12s %-14s", rate, latency);
      for (guint i = 0; i < n_values; i++)
        g_string_append_printf (out, " %-14s", values[i]);
    }
  g_string_append_c (out, '\n');
}

gboolean
flitlab_cli_cmd_model (int      argc,
                       char   **argv,
                       GError **error)
{
  g_auto(GStrv) params = NULL;
  g_autofree char *rates_text = NULL;
  g_autofree char *format = NULL;
  g_autofree char *channels = NULL, *pairs = NULL;
  gboolean saturation = FALSE;
  const GOptionEntry entries[] = {
    { "param", 'p', 0, G_OPTION_ARG_STRING_ARRAY, &params,
      N_("A model parameter, such as k=16x16x16 or flits=25"), "NAME=VALUE" },
    { "rates", 'r', 0, G_OPTION_ARG_STRING, &rates_text,
      N_("Loads in messages per cycle per node: a list A,B,… or a range A:B:N"), "RATES" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, N_("Output format: table (default) or csv"),
      "FORMAT" },
    { "saturation", 's', 0, G_OPTION_ARG_NONE, &saturation,
      N_("Also print the saturation rate and what it is (on stderr for csv)"), NULL },
    { "channels", 0, 0, G_OPTION_ARG_FILENAME, &channels,
      N_("Write each channel's flow, service time, wait and utilization at every rate to this "
         "CSV file"), "FILE" },
    { "pairs", 0, 0, G_OPTION_ARG_FILENAME, &pairs,
      N_("Write the latency of every source and destination pair at every rate to this CSV file "
         "(models that give it: general-wormhole)"), "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (N_("ID — evaluate an analytical "
                                                               "model"));
  g_autoptr(GHashTable) table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(FlitlabModel) model = NULL;
  g_autoptr(GArray) rates = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  const FlitlabModelInfo *info;
  gboolean csv;
  guint n_columns = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (context,
                                N_("flitlab-cli models lists the ids and their parameters."));
  if (!flitlab_cli_parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 2)
    return flitlab_cli_usage_error (error,
                                    _("model takes one model id (flitlab-cli models lists them)"));
  if (format != NULL && !g_str_equal (format, "csv") && !g_str_equal (format, "table"))
    return flitlab_cli_usage_error (error, _("--format is csv or table, not “%s”"), format);
  csv = format != NULL && g_str_equal (format, "csv");

  for (guint i = 0; params != NULL && params[i] != NULL; i++)
    {
      const char *eq = strchr (params[i], '=');
      g_autofree char *name = eq != NULL ? g_strndup (params[i], eq - params[i]) : NULL;

      if (eq == NULL || eq == params[i])
        return flitlab_cli_usage_error (error, _("--param takes NAME=VALUE, not “%s”"),
                                        params[i]);
      /* By name: --param flits=5 --param flits=600 is a mistake, not "the last wins". */
      if (g_hash_table_contains (table, name))
        return flitlab_cli_usage_error (error, _("--param %s is given twice"), name);
      g_hash_table_insert (table, g_steal_pointer (&name), g_strdup (eq + 1));
    }

  /* A model's matrix is its CSV text: the core opens no file, the CLI reads the one named. */
  if (g_hash_table_contains (table, "matrix") &&
      *(const char *) g_hash_table_lookup (table, "matrix") != '\0')
    {
      g_autoptr(FlitlabTrafficMatrix) matrix =
        flitlab_matrix_file_load (g_hash_table_lookup (table, "matrix"), NULL, error);

      if (matrix == NULL)
        return FALSE;
      g_hash_table_insert (table, g_strdup ("matrix"),
                           flitlab_traffic_matrix_to_csv (matrix, FALSE, NULL));
    }

  if ((channels != NULL || pairs != NULL) && rates_text == NULL)
    return flitlab_cli_usage_error (error, _("--channels and --pairs need --rates"));
  if (!flitlab_cli_check_output ("--channels", channels, TRUE, error) ||
      !flitlab_cli_check_output ("--pairs", pairs, TRUE, error))
    return FALSE;

  model = flitlab_model_new (argv[1], table, error);
  if (model == NULL)
    return FALSE;
  info = flitlab_model_get_info (model);
  while (info->columns != NULL && info->columns[n_columns] != NULL)
    n_columns++;

  if (rates_text == NULL)
    {
      if (!saturation)
        return flitlab_cli_usage_error (error,
                                        _("model needs --rates (such as --rates 0.001,0.002 or "
                                          "0:0.01:11)"));
    }
  else if ((rates = flitlab_cli_parse_rates (rates_text, error)) == NULL)
    return FALSE;

  if (rates != NULL)
    {
      g_autofree const char **header = g_new0 (const char *, n_columns + 1);

      for (guint c = 0; c < n_columns; c++)
        header[c] = info->columns[c];
      print_row (out, csv, "rate", "latency", header, n_columns);

      for (guint i = 0; i < rates->len; i++)
        {
          double rate_value = g_array_index (rates, double, i);
          g_autoptr(FlitlabModelPoint) point = flitlab_model_evaluate (model, rate_value);
          char rate[G_ASCII_DTOSTR_BUF_SIZE], latency[G_ASCII_DTOSTR_BUF_SIZE];
          g_autofree char *cells = g_malloc0 (n_columns * G_ASCII_DTOSTR_BUF_SIZE + 1);
          g_autofree const char **values = g_new0 (const char *, n_columns + 1);

          flitlab_cli_format_number (rate, sizeof rate, point->rate);
          if (point->saturated)
            g_strlcpy (latency, "saturated", sizeof latency);
          else
            flitlab_cli_format_number (latency, sizeof latency, point->latency);
          for (guint c = 0; c < n_columns; c++)
            {
              char *cell = cells + c * G_ASCII_DTOSTR_BUF_SIZE;

              if (point->saturated)
                *cell = '\0';
              else
                flitlab_cli_format_number (cell, G_ASCII_DTOSTR_BUF_SIZE, point->values[c]);
              values[c] = cell;
            }
          print_row (out, csv, rate, latency, values, n_columns);
        }
      fputs (out->str, stdout);
      if ((channels != NULL || pairs != NULL) &&
          !write_detail (model, rates, channels, pairs, error))
        return FALSE;
    }

  if (saturation)
    {
      char sat[G_ASCII_DTOSTR_BUF_SIZE];

      flitlab_cli_format_number (sat, sizeof sat, flitlab_model_get_saturation_rate (model));
      if (csv && rates != NULL)
        g_printerr (_("saturation rate: %s messages/cycle/node\n%s\n"), sat, _(info->saturation));
      else
        g_print (_("saturation rate: %s messages/cycle/node\n%s\n"), sat, _(info->saturation));
    }
  return TRUE;
}
