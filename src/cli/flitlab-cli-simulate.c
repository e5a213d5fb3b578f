/* flitlab-cli-simulate.c: flitlab-cli simulate
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdio.h>

#include <glib/gi18n.h>

#include "flitlab-export.h"
#include "flitlab-file-write.h"
#include "flitlab-latency.h"
#include "flitlab-limits.h"
#include "flitlab-matrix-file.h"
#include "flitlab-model.h"
#include "flitlab-render-dependency.h"
#include "flitlab-render-topology.h"
#include "flitlab-study-run.h"
#include "flitlab-sim.h"
#include "flitlab-sim-backtrack.h"
#include "flitlab-topology.h"
#include "flitlab-topology-metrics.h"

#include "flitlab-cli-private.h"

/* --warmup C: 0 is a study's automatic warm-up, which the option's absence already gives, so
 * "--warmup 0" (read as "none") is refused and says so. */
static gboolean
parse_warmup_option (const char  *text,
                     guint64     *out,
                     GError     **error)
{
  guint64 warmup;

  if (text == NULL)
    return TRUE;
  if (!flitlab_limits_parse_warmup (text, &warmup, error))
    return FALSE;
  if (warmup == 0)
    return flitlab_cli_usage_error (error, _("--warmup “%s” would not mean no warm-up: 0 is "
                                             "the automatic one (until the mean latency settles), "
                                             "which leaving out --warmup gives; give 1 to %llu "
                                             "cycles for a fixed warm-up"),
                                    text, (unsigned long long) FLITLAB_MAX_WARMUP);
  *out = warmup;
  return TRUE;
}

static const char * const channel_kinds[] = { "network", "injection", "ejection" };


static gboolean
write_channels_csv (const char              *path,
                    const FlitlabSimResult  *result,
                    const FlitlabTopology   *topology,
                    GError                 **error)
{
  g_autoptr(GString) csv = g_string_new ("rate,channel,kind,src,dst,dim,direction,utilization,"
                                         "blocking\n");

  for (guint i = 0; i < result->n_points; i++)
    {
      const FlitlabSimPoint *p = &result->points[i];
      char rate[G_ASCII_DTOSTR_BUF_SIZE];

      flitlab_cli_format_number (rate, sizeof rate, p->rate);
      for (guint c = 0; c < p->n_channels; c++)
        {
          const FlitlabChannel *channel = flitlab_topology_get_channel (topology, c);
          char util[G_ASCII_DTOSTR_BUF_SIZE], blocking[G_ASCII_DTOSTR_BUF_SIZE];

          flitlab_cli_format_number (util, sizeof util, p->utilization[c]);
          flitlab_cli_format_number (blocking, sizeof blocking, p->blocking[c]);
          g_string_append_printf (csv, "%s,%u,%s,%u,%u,%d,%d,%s,%s\n", rate, c,
                                  channel_kinds[channel->kind],
                                  channel->src, channel->dst,
                                  channel->dim == G_MAXUINT ? -1 : (int) channel->dim,
                                  channel->direction, util, blocking);
        }
    }
  return flitlab_file_write (path, csv->str, csv->len, error);
}

/* --deadlock-out: the first deadlocked load's cycle, one row per message, each row's
 * waits_for_channel the next row's holds_channel (the last row's the first's). */
static gboolean
write_deadlock_csv (const char              *path,
                    const FlitlabSimResult  *result,
                    GError                 **error)
{
  g_autoptr(GString) csv = g_string_new ("message,holds_channel,waits_for_channel\n");

  for (guint i = 0; i < result->n_points; i++)
    if (result->points[i].deadlocked)
      {
        const FlitlabSimPoint *p = &result->points[i];

        for (guint k = 0; k < p->n_deadlock; k++)
          g_string_append_printf (csv, "%u,%u,%u\n", p->deadlock[k].message,
                                  p->deadlock[k].holds_channel, p->deadlock[k].waits_for_channel);
        break;
      }
  return flitlab_file_write (path, csv->str, csv->len, error);
}

static gboolean
simulate_backtrack (const FlitlabBacktrackConfig  *config,
                    const FlitlabTopology         *topology,
                    gboolean                       csv,
                    gboolean                       progress,
                    const char                    *channels,
                    GError                       **error)
{
  static const char * const columns[] = {
    "rate", "latency", "ci95", "throughput", "acceptance", "utilization", "forward", "backtrack",
    "queue", "hops", "power",
  };
  g_autoptr(FlitlabBacktrackResult) result = NULL;
  g_autoptr(GString) out = g_string_new (NULL);

  result = flitlab_sim_backtrack_run (config, progress ? flitlab_cli_print_progress : NULL, NULL,
                                      error);
  if (progress)
    g_printerr ("\n");
  if (result == NULL)
    return FALSE;

  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    g_string_append_printf (out, csv ? "%s%s" : "%s%-13s", c > 0 && csv ? "," : (c > 0 ? " " : ""),
                            columns[c]);
  g_string_append_c (out, '\n');
  for (guint i = 0; i < result->n_points; i++)
    {
      const FlitlabBacktrackPoint *p = &result->points[i];
      const double values[] = {
        p->rate, p->delay, p->ci95, p->throughput, p->acceptance, p->utilization, p->forward,
        p->backtrack, p->queue, p->hops, p->power,
      };

      for (guint c = 0; c < G_N_ELEMENTS (values); c++)
        {
          char cell[G_ASCII_DTOSTR_BUF_SIZE] = "";

          if (isfinite (values[c]))
            flitlab_cli_format_number (cell, sizeof cell, values[c]);
          g_string_append_printf (out, csv ? "%s%s" : "%s%-13s",
                                  c > 0 && csv ? "," : (c > 0 ? " " : ""), cell);
        }
      g_string_append_c (out, '\n');
    }
  fputs (out->str, stdout);

  if (channels != NULL)
    {
      g_autoptr(GString) text = g_string_new ("rate,channel,kind,src,dst,dim,direction,"
                                              "utilization,blocking\n");

      for (guint i = 0; i < result->n_points; i++)
        for (guint c = 0; c < result->points[i].n_channels; c++)
          {
            const FlitlabChannel *channel = flitlab_topology_get_channel (topology, c);
            char rate[G_ASCII_DTOSTR_BUF_SIZE], util[G_ASCII_DTOSTR_BUF_SIZE];

            flitlab_cli_format_number (rate, sizeof rate, result->points[i].rate);
            flitlab_cli_format_number (util, sizeof util, result->points[i].channel_utilization[c]);
            g_string_append_printf (text, "%s,%u,%s,%u,%u,%d,%d,%s,\n", rate, c,
                                    channel_kinds[channel->kind], channel->src, channel->dst,
                                    channel->dim == G_MAXUINT ? -1 : (int) channel->dim,
                                    channel->direction, util);
          }
      if (!flitlab_file_write (channels, text->str, text->len, error))
        return FALSE;
    }
  return TRUE;
}

/* flitlab-cli simulate's columns: added at the end, never renamed or moved (README). The
 * percentiles are every sweep's; makespan a trace's (docs/traffic.md). */
static const char * const simulate_columns[] = {
  "rate", "latency", "ci95", "network_latency", "throughput", "queueing", "mean_hops",
  "messages", "transit_latency", "transit_ci95", "network_ci95", "source_transit_latency",
  "source_transit_ci95", "throughput_ci95", "latency_p50", "latency_p95", "latency_p99",
  "makespan",
};

const char * const *
flitlab_cli_simulate_columns (guint *n_columns)
{
  *n_columns = G_N_ELEMENTS (simulate_columns);
  return simulate_columns;
}

void
flitlab_cli_append_row (GString            *out,
                        gboolean            csv,
                        const char * const *cells,
                        guint               n_cells)
{
  for (guint c = 0; c < n_cells; c++)
    g_string_append_printf (out, csv ? "%s%s" : "%s%-14s", c > 0 ? (csv ? "," : " ") : "",
                            cells[c]);
  g_string_append_c (out, '\n');
}

#ifdef FLITLAB_CLI_LEAN
/* --traffic trace reads files with libbz2 (src/io/flitlab-trace-file.c), which flitlab-cli-full
 * runs: flitlab-cli starts as fast as before for every other simulation. */
static gboolean
asks_for_trace (int    argc,
                char **argv)
{
  for (int i = 1; i < argc; i++)
    if (g_str_equal (argv[i], "--traffic=trace") ||
        (g_str_equal (argv[i], "--traffic") && i + 1 < argc && g_str_equal (argv[i + 1], "trace")))
      return TRUE;
  return FALSE;
}
#endif

gboolean
flitlab_cli_cmd_simulate (int      argc,
                          char   **argv,
                          GError **error)
{
  g_autofree char *topology_spec = NULL, *routing = NULL, *length = NULL, *traffic = NULL;
  g_autofree char *ties = NULL;
  g_autofree char *rates_text = NULL, *format = NULL, *channels = NULL;
  g_autofree char *flits = NULL, *vcs = NULL, *buffer = NULL, *seed = NULL, *replications = NULL;
  g_autofree char *warmup = NULL, *cycles = NULL, *threads = NULL, *hotspot = NULL;
  g_autofree char *hotspot_node = NULL;
  g_autofree char *matrix_file = NULL;
  g_autofree char *buffers = NULL, *deadlock_out = NULL;
  g_autofree char *trace = NULL, *trace_scale = NULL, *trace_window = NULL;
  g_autofree char *utilisation = NULL;
  gboolean progress = FALSE, check = FALSE, allow_deadlock = FALSE, trace_timestamps = FALSE;
  const GOptionEntry entries[] = {
    { "topology", 0, 0, G_OPTION_ARG_STRING, &topology_spec,
      N_("The network, such as torus:8x8:bi (see flitlab-cli topology --help)"), "SPEC" },
    { "routing", 0, 0, G_OPTION_ARG_STRING, &routing,
      N_("dor (default), adaptive, necklace, backtrack (004's store-and-forward hypercube), or "
         "on a network from a file updown or shortest"),
      "ROUTING" },
    { "ties", 0, 0, G_OPTION_ARG_STRING, &ties,
      N_("Half-way destinations on even-radix tori: balanced (default: each message picks + or - "
         "at random) or positive (always +)"), "balanced|positive" },
    { "buffers", 0, 0, G_OPTION_ARG_STRING, &buffers,
      N_("With --routing backtrack: message buffers per node, at least n"), "M" },
    { "check", 0, 0, G_OPTION_ARG_NONE, &check,
      N_("With --routing backtrack: check the algorithm's guarantees every cycle"), NULL },
    { "flits", 0, 0, G_OPTION_ARG_STRING, &flits,
      N_("Message length in flits (the mean, for exp); default 16"), "N" },
    { "length", 0, 0, G_OPTION_ARG_STRING, &length,
      N_("Message length distribution: fixed (default) or exp"), "DIST" },
    { "vcs", 0, 0, G_OPTION_ARG_STRING, &vcs,
      N_("Virtual channels per physical channel (default: the fewest the routing needs)"), "V" },
    { "buffer", 0, 0, G_OPTION_ARG_STRING, &buffer,
      N_("Flit buffer depth per virtual channel; default 1"), "B" },
    { "traffic", 0, 0, G_OPTION_ARG_STRING, &traffic,
      N_("uniform (default), transpose, bit-complement, bit-reversal, tornado, neighbour, "
         "hotspot, matrix, or trace (messages replayed from --trace FILE)"),
      "PATTERN" },
    { "hotspot", 0, 0, G_OPTION_ARG_STRING, &hotspot,
      N_("With --traffic hotspot: the fraction of messages sent to the hotspot; default 0.1"),
      "FRACTION" },
    { "hotspot-node", 0, 0, G_OPTION_ARG_STRING, &hotspot_node,
      N_("With --traffic hotspot: the hotspot node; default 0"), "NODE" },
    { "matrix", 0, 0, G_OPTION_ARG_FILENAME, &matrix_file,
      N_("With --traffic matrix: the traffic matrix, a CSV file (docs/traffic.md)"), "FILE" },
    { "trace", 0, 0, G_OPTION_ARG_FILENAME, &trace,
      N_("With --traffic trace: the trace, a text file or a Netrace .tra.bz2 (docs/traffic.md)"),
      "FILE" },
    { "trace-scale", 0, 0, G_OPTION_ARG_STRING, &trace_scale,
      N_("With --traffic trace: multiply the recorded cycles by S (below 1: more load); "
         "default 1"), "S" },
    { "trace-timestamps", 0, 0, G_OPTION_ARG_NONE, &trace_timestamps,
      N_("With --traffic trace: inject every message at its recorded cycle, ignoring a Netrace "
         "trace's dependencies"), NULL },
    { "trace-window", 0, 0, G_OPTION_ARG_STRING, &trace_window,
      N_("With --utilisation-output: cycles per window; default 1000"), "CYCLES" },
    { "utilisation-output", 0, 0, G_OPTION_ARG_FILENAME, &utilisation,
      N_("With --traffic trace: write each channel's utilisation in every window to this CSV "
         "file (scale,window,start,cycles,channel,utilization)"), "FILE" },
    { "rates", 'r', 0, G_OPTION_ARG_STRING, &rates_text,
      N_("Loads in messages per cycle per node: a list A,B,… or a range A:B:N; with --traffic "
         "trace, scale factors of the trace's cycles"), "RATES" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed, N_("Random seed; default 1"), "S" },
    { "replications", 0, 0, G_OPTION_ARG_STRING, &replications,
      N_("Independent replications per load; default 3"), "R" },
    { "warmup", 0, 0, G_OPTION_ARG_STRING, &warmup,
      N_("Warm-up cycles discarded, at least 1; default: until the mean latency settles"), "C" },
    { "cycles", 0, 0, G_OPTION_ARG_STRING, &cycles,
      N_("Measured cycles per replication; default 30000"), "C" },
    { "threads", 0, 0, G_OPTION_ARG_STRING, &threads,
      N_("Threads; default one per core (results do not depend on it)"), "T" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, N_("Output format: table (default) or csv"),
      "FORMAT" },
    { "channels", 0, 0, G_OPTION_ARG_FILENAME, &channels,
      N_("Write per-channel utilization and blocking of every load to this CSV file"), "FILE" },
    { "progress", 0, 0, G_OPTION_ARG_NONE, &progress, N_("Show progress on stderr"), NULL },
    { "allow-deadlock", 0, 0, G_OPTION_ARG_NONE, &allow_deadlock,
      N_("The deadlock lab: accept fewer virtual channels than the routing needs (such as --vcs 1 "
         "on a torus) and run until the watchdog finds the deadlock; its load's latency reads "
         "deadlock"), NULL },
    { "deadlock-out", 0, 0, G_OPTION_ARG_FILENAME, &deadlock_out,
      N_("With --allow-deadlock: write the first deadlocked load's cycle of waiting messages to "
         "this CSV file (message,holds_channel,waits_for_channel; only the header when no load "
         "deadlocked)"), "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (N_("— run the flit-level wormhole "
                                                               "simulator"));
  g_autoptr(FlitlabSimConfig) config = NULL;
  g_autoptr(FlitlabSimResult) result = NULL;
  g_autoptr(FlitlabTopology) topology = NULL;
  g_autoptr(GArray) rates = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  FlitlabRouting routing_value = FLITLAB_ROUTING_DOR;
  FlitlabTrafficPattern traffic_value = FLITLAB_TRAFFIC_UNIFORM;
  gboolean routing_named, traffic_named, trace_traffic;
  guint64 value;
  gboolean csv;

#ifdef FLITLAB_CLI_LEAN
  if (asks_for_trace (argc, argv))
    return flitlab_cli_run_in_full (argc, argv, error);
#endif
  g_option_context_add_main_entries (context, entries, NULL);
  if (!flitlab_cli_parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 1)
    return flitlab_cli_usage_error (error, _("simulate takes options only, not “%s”"), argv[1]);
  if (topology_spec == NULL)
    return flitlab_cli_usage_error (error,
                                    _("simulate needs --topology (such as --topology "
                                      "torus:8x8:bi)"));
  trace_traffic = traffic != NULL && g_str_equal (traffic, "trace");
  if (rates_text == NULL && !trace_traffic)
    return flitlab_cli_usage_error (error,
                                    _("simulate needs --rates (such as --rates 0.001,0.002 or "
                                      "0.001:0.01:10)"));
  if (format != NULL && !g_str_equal (format, "csv") && !g_str_equal (format, "table"))
    return flitlab_cli_usage_error (error, _("--format is csv or table, not “%s”"), format);
  csv = format != NULL && g_str_equal (format, "csv");

  /* The words as values (a word that names none leaves the default, and is refused where it
   * always was, below). */
  routing_named = routing == NULL || flitlab_routing_from_string (routing, &routing_value);
  traffic_named = traffic == NULL || trace_traffic ||
                  flitlab_traffic_pattern_from_string (traffic, &traffic_value);

  /* An option that does not apply is refused, never silently ignored. */
  {
    gboolean backtrack = routing_value == FLITLAB_ROUTING_BACKTRACK;
    gboolean hotspot_traffic = traffic_value == FLITLAB_TRAFFIC_HOTSPOT;
    gboolean matrix_traffic = traffic_value == FLITLAB_TRAFFIC_MATRIX;
    const struct { const char *name; const char *value; gboolean applies; } options[] = {
      { "--buffers", buffers, backtrack },
      { "--check", check ? "" : NULL, backtrack },
      { "--flits", flits, !backtrack },
      { "--length", length, !backtrack },
      { "--vcs", vcs, !backtrack },
      { "--buffer", buffer, !backtrack },
      { "--ties", ties, !backtrack },
      { "--traffic", traffic, !backtrack },
      { "--allow-deadlock", allow_deadlock ? "" : NULL, !backtrack },
      { "--hotspot", hotspot, hotspot_traffic },
      { "--hotspot-node", hotspot_node, hotspot_traffic },
      { "--matrix", matrix_file, matrix_traffic },
    };

    for (guint i = 0; i < G_N_ELEMENTS (options); i++)
      if (options[i].value != NULL && !options[i].applies)
        {
          if (backtrack)
            return flitlab_cli_usage_error (error, _("%s does not apply to --routing backtrack"),
                                            options[i].name);
          if (g_str_has_prefix (options[i].name, "--hotspot"))
            return flitlab_cli_usage_error (error, _("%s does not apply without --traffic hotspot"),
                                            options[i].name);
          if (matrix_file != NULL)
            return flitlab_cli_usage_error (error, _("--matrix does not apply without --traffic "
                                                     "matrix"));
          return flitlab_cli_usage_error (error, _("%s does not apply without --routing backtrack"),
                                          options[i].name);
        }
  }

  /* A trace's options without a trace, and the options a replay has no use for with one. */
  {
    const struct { const char *name; const char *value; gboolean trace_only; } options[] = {
      { "--trace", trace, TRUE },
      { "--trace-scale", trace_scale, TRUE },
      { "--trace-timestamps", trace_timestamps ? "" : NULL, TRUE },
      { "--trace-window", trace_window, TRUE },
      { "--utilisation-output", utilisation, TRUE },
      { "--flits", flits, FALSE },
      { "--length", length, FALSE },
      { "--replications", replications, FALSE },
      { "--warmup", warmup, FALSE },
      { "--cycles", cycles, FALSE },
      { "--threads", threads, FALSE },
      { "--channels", channels, FALSE },
      { "--allow-deadlock", allow_deadlock ? "" : NULL, FALSE },
      { "--deadlock-out", deadlock_out, FALSE },
    };

    for (guint i = 0; i < G_N_ELEMENTS (options); i++)
      if (options[i].value != NULL && options[i].trace_only != trace_traffic)
        return flitlab_cli_usage_error (error, options[i].trace_only
                                               ? _("%s does not apply without --traffic trace")
                                               : _("%s does not apply to --traffic trace"),
                                        options[i].name);
  }

  if (deadlock_out != NULL && !allow_deadlock)
    return flitlab_cli_usage_error (error, _("--deadlock-out needs --allow-deadlock"));
  if (!flitlab_cli_check_output ("--channels", channels, TRUE, error) ||
      !flitlab_cli_check_output ("--deadlock-out", deadlock_out, TRUE, error))
    return FALSE;

  topology = flitlab_topology_new_from_spec (topology_spec, error);
  if (topology == NULL)
    return FALSE;
  if (routing_value == FLITLAB_ROUTING_BACKTRACK)
    {
      g_autoptr(FlitlabBacktrackConfig) bt = NULL;

      if (flitlab_topology_get_family (topology) != FLITLAB_TOPOLOGY_HYPERCUBE)
        return flitlab_cli_usage_error (error,
                                        _("--routing backtrack simulates a hypercube (such as "
                                          "--topology hypercube:6)"));
      if (buffers == NULL)
        return flitlab_cli_usage_error (error,
                                        _("--routing backtrack needs --buffers M (at least the "
                                          "dimension n)"));
      bt = flitlab_backtrack_config_new (flitlab_topology_get_n_dims (topology), 0);
      /* Each setting by its one check (flitlab-limits.h), as a project file's and the
       * editor's; an option not given keeps the default. */
      if (!flitlab_limits_parse_node_buffers (buffers, &bt->buffers, error) ||
          !flitlab_cli_parse_uint64 ("--seed", seed, 0, G_MAXUINT64, &bt->seed, error) ||
          (replications != NULL &&
           !flitlab_limits_parse_replications (replications, &bt->replications, error)) ||
          !parse_warmup_option (warmup, &bt->warmup, error) ||
          (cycles != NULL && !flitlab_limits_parse_cycles (cycles, &bt->cycles, error)) ||
          (threads != NULL && !flitlab_limits_parse_threads (threads, &bt->threads, error)))
        return FALSE;
      bt->check = check;
      if ((rates = flitlab_cli_parse_rates (rates_text, error)) == NULL)
        return FALSE;
      bt->n_rates = rates->len;
      bt->rates = g_memdup2 (rates->data, sizeof (double) * rates->len);
      return simulate_backtrack (bt, topology, csv, progress, channels, error);
    }
  config = flitlab_sim_config_new (topology_spec);
  /* Built above: the simulator takes it as it is. */
  config->network = flitlab_topology_ref (topology);
  /* Backtracking has been taken above. */
  if (!routing_named)
    return flitlab_cli_usage_error (error,
                                    _("--routing is dor, adaptive or necklace, not “%s”"),
                                    routing);
  config->routing = routing_value;
  if (ties != NULL && !flitlab_ties_from_string (ties, &config->ties))
    return flitlab_cli_usage_error (error, _("--ties is balanced or positive, not “%s”"), ties);
  /* --length also takes "exp", short for "exponential". */
  if (length != NULL && !flitlab_length_from_string (g_str_equal (length, "exp") ? "exponential"
                                                                                 : length,
                                                     &config->length))
    return flitlab_cli_usage_error (error, _("--length is fixed or exp, not “%s”"), length);
  if (!traffic_named)
    return flitlab_cli_usage_error (error, _("--traffic is uniform, transpose, bit-complement, "
                                             "bit-reversal, tornado, neighbour, hotspot, "
                                             "matrix or trace, not “%s”"), traffic);
  config->traffic = traffic_value;
#ifndef FLITLAB_CLI_LEAN
  if (trace_traffic)
    {
      FlitlabCliTrace options = {
        .path = trace, .scale = trace_scale, .rates = rates_text,
        .timestamps_only = trace_timestamps, .window = trace_window,
        .utilisation = utilisation, .csv = csv, .progress = progress,
      };

      if (trace == NULL)
        return flitlab_cli_usage_error (error, _("--traffic trace needs --trace FILE"));
      if ((vcs != NULL && !flitlab_limits_parse_vcs (vcs, &config->vcs, error)) ||
          (buffer != NULL && !flitlab_limits_parse_buffer (buffer, &config->buffer, error)) ||
          !flitlab_cli_parse_uint64 ("--seed", seed, 0, G_MAXUINT64, &config->seed, error))
        return FALSE;
      return flitlab_cli_simulate_trace (config, topology, &options, error);
    }
#endif
  if (traffic_value == FLITLAB_TRAFFIC_MATRIX)
    {
      g_autofree char *display = NULL;

      if (matrix_file == NULL)
        return flitlab_cli_usage_error (error, _("--traffic matrix needs --matrix FILE"));
      config->matrix = flitlab_matrix_file_load (matrix_file, NULL, error);
      if (config->matrix == NULL)
        return FALSE;
      display = g_filename_display_name (matrix_file);
      if (!flitlab_traffic_matrix_check_size (config->matrix,
                                              flitlab_topology_get_n_nodes (topology), error))
        {
          g_prefix_error (error, "%s: ", display);
          return FALSE;
        }
    }
  config->hotspot_fraction = 0.1;
  /* Each setting by its one check (flitlab-limits.h), as a project file's and the editor's;
   * an option not given keeps the default (a message length whole when lengths are fixed). */
  if ((hotspot != NULL &&
       !flitlab_limits_parse_hotspot_fraction (hotspot, &config->hotspot_fraction, error)) ||
      (flits != NULL &&
       !flitlab_limits_parse_flits (flits, config->length == FLITLAB_LENGTH_FIXED,
                                    &config->flits, error)) ||
      (vcs != NULL && !flitlab_limits_parse_vcs (vcs, &config->vcs, error)) ||
      (buffer != NULL && !flitlab_limits_parse_buffer (buffer, &config->buffer, error)))
    return FALSE;
  if (!flitlab_cli_parse_uint64 ("--hotspot-node", hotspot_node, 0, G_MAXUINT - 1, &value, error))
    return FALSE;
  config->hotspot_node = hotspot_node ? (guint) value : 0;
  if (!flitlab_cli_parse_uint64 ("--seed", seed, 0, G_MAXUINT64, &config->seed, error) ||
      (replications != NULL &&
       !flitlab_limits_parse_replications (replications, &config->replications, error)) ||
      !parse_warmup_option (warmup, &config->warmup, error) ||
      (cycles != NULL && !flitlab_limits_parse_cycles (cycles, &config->cycles, error)) ||
      (threads != NULL && !flitlab_limits_parse_threads (threads, &config->threads, error)))
    return FALSE;

  if ((rates = flitlab_cli_parse_rates (rates_text, error)) == NULL)
    return FALSE;
  flitlab_sim_config_set_rates (config, (const double *) rates->data, rates->len);

  config->allow_deadlock = allow_deadlock;
  if (!allow_deadlock)
    {
      g_autoptr(GError) refused = NULL;

      /* Too few virtual channels: say how to run them anyway. */
      if (!flitlab_sim_config_check (config, &refused))
        {
          if (g_error_matches (refused, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_DEADLOCK_PRONE))
            return flitlab_cli_usage_error (error, _("%s (--allow-deadlock runs it anyway, until "
                                                     "the watchdog finds the deadlock)"),
                                            refused->message);
          g_propagate_error (error, g_steal_pointer (&refused));
          return FALSE;
        }
    }

  result = flitlab_sim_run (config, progress ? flitlab_cli_print_progress : NULL, NULL, error);
  if (progress)
    g_printerr ("\n");
  if (result == NULL)
    return FALSE;

  flitlab_cli_append_row (out, csv, simulate_columns, G_N_ELEMENTS (simulate_columns));
  for (guint i = 0; i < result->n_points; i++)
    {
      const FlitlabSimPoint *p = &result->points[i];
      const double values[] = {
        p->rate, p->latency[FLITLAB_LATENCY_TOTAL], p->ci95[FLITLAB_LATENCY_TOTAL],
        p->latency[FLITLAB_LATENCY_NETWORK], p->throughput, p->queueing, p->mean_hops,
        (double) p->messages, p->latency[FLITLAB_LATENCY_TRANSIT],
        p->ci95[FLITLAB_LATENCY_TRANSIT], p->ci95[FLITLAB_LATENCY_NETWORK],
        p->latency[FLITLAB_LATENCY_SOURCE_TRANSIT], p->ci95[FLITLAB_LATENCY_SOURCE_TRANSIT],
        p->throughput_ci95, p->latency_p50, p->latency_p95, p->latency_p99,
        NAN, /* makespan: a trace's */
      };
      char text[G_N_ELEMENTS (values)][G_ASCII_DTOSTR_BUF_SIZE];
      const char *cells[G_N_ELEMENTS (values)];

      G_STATIC_ASSERT (G_N_ELEMENTS (values) == G_N_ELEMENTS (simulate_columns));
      for (guint c = 0; c < G_N_ELEMENTS (values); c++)
        {
          text[c][0] = '\0';
          /* A saturated or deadlocked load has no latency: the word in the latency column,
           * the rest empty. */
          if (c == 1 && p->deadlocked)
            g_strlcpy (text[c], "deadlock", sizeof text[c]);
          else if (c == 1 && p->saturated)
            g_strlcpy (text[c], "saturated", sizeof text[c]);
          else if (c == 7)
            g_snprintf (text[c], sizeof text[c], "%" G_GUINT64_FORMAT, p->messages);
          else if (isfinite (values[c]))
            flitlab_cli_format_number (text[c], sizeof text[c], values[c]);
          cells[c] = text[c];
        }
      flitlab_cli_append_row (out, csv, cells, G_N_ELEMENTS (cells));
    }
  fputs (out->str, stdout);

  if (channels != NULL && !write_channels_csv (channels, result, topology, error))
    return FALSE;
  if (deadlock_out != NULL && !write_deadlock_csv (deadlock_out, result, error))
    return FALSE;
  return TRUE;
}
