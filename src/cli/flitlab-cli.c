/* flitlab-cli.c: the headless command-line tool
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flitlab-cli COMMAND [OPTIONS]: topology, models, model, simulate, run, export, validate.
 * Every error ends the program with a non-zero status and one line on stderr; results go to
 * stdout. Command names, options and CSV columns are a contract: add, never rename.
 */

#include "config.h"

/* SIGXFSZ: -std=c17 shows only what ISO C has unless asked. */
#define _DEFAULT_SOURCE

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "flitlab-export.h"
#include "flitlab-file-write.h"
#include "flitlab-grid.h"
#include "flitlab-input.h"
#include "flitlab-latency.h"
#include "flitlab-limits.h"
#include "flitlab-locale.h"
#include "flitlab-model.h"
#include "flitlab-project-xml.h"
#include "flitlab-render-dependency.h"
#include "flitlab-render-topology.h"
#include "flitlab-runner.h"
#include "flitlab-study-plot.h"
#include "flitlab-sim.h"
#include "flitlab-sim-backtrack.h"
#include "flitlab-topology.h"
#include "flitlab-topology-metrics.h"

#define FLITLAB_CLI_ERROR (flitlab_cli_error_quark ())
static GQuark flitlab_cli_error_quark (void);
G_DEFINE_QUARK (flitlab-cli-error-quark, flitlab_cli_error)

/* A CSV or table cell for a number: enough digits to be useful, locale-independent. */
static void
format_number (char   *buf,
               gsize   len,
               double  value)
{
  /* A quantity with no value (a saturated latency, a load with no messages) is empty. */
  if (!isfinite (value))
    *buf = '\0';
  else
    g_ascii_formatd (buf, len, "%.10g", value);
}

static gboolean
usage_error (GError     **error,
             const char  *format,
             ...) G_GNUC_PRINTF (2, 3);

static gboolean
usage_error (GError     **error,
             const char  *format,
             ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, FLITLAB_CLI_ERROR, 0, message);
  return FALSE;
}

/* An output named by option (NULL: the input, saved in place), checked before the long work
 * (flitlab_file_check ()): a destination that cannot take it fails now, not after the
 * simulation. stdout_used: the command prints its results on standard output, so "-" would
 * mix two outputs. */
static gboolean
check_output (const char  *option,
              const char  *path,
              gboolean     stdout_used,
              GError     **error)
{
  if (path == NULL)
    return TRUE;
  if (stdout_used && g_str_equal (path, "-"))
    return usage_error (error, _("%s - would mix its file into the results on standard output: "
                                 "name a file, or /dev/stdout with the results sent elsewhere"),
                        option);
  if (!flitlab_file_check (path, error))
    {
      if (option != NULL)
        g_prefix_error (error, "%s: ", option);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_options (GOptionContext  *context,
               int             *argc,
               char          ***argv,
               GError         **error)
{
  g_option_context_set_help_enabled (context, TRUE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  return g_option_context_parse (context, argc, argv, error);
}

/* ---- topology ----------------------------------------------------------------------- */

/* flitlab-cli topology --format csv: the textbook figures (flitlab-topology-metrics.h). */
static gboolean
print_topology_csv (const FlitlabTopology  *topology,
                    GError                **error)
{
  g_autoptr(FlitlabTopologyMetrics) metrics = flitlab_topology_metrics_new (topology, error);
  char mean[G_ASCII_DTOSTR_BUF_SIZE], load[G_ASCII_DTOSTR_BUF_SIZE], throughput[G_ASCII_DTOSTR_BUF_SIZE];

  if (metrics == NULL)
    return FALSE;
  /* Exact figures: the shortest text that reads back as the same double. */
  g_ascii_dtostr (mean, sizeof mean, metrics->mean_distance);
  g_ascii_dtostr (load, sizeof load, metrics->max_channel_load);
  g_ascii_dtostr (throughput, sizeof throughput, metrics->ideal_throughput);
  g_print ("nodes,channels,diameter,mean_distance,bisection_channels,max_channel_load,ideal_throughput\n");
  g_print ("%u,%u,%u,%s,%u,%s,%s\n", metrics->nodes, metrics->channels, metrics->diameter, mean,
           metrics->bisection_channels, load, throughput);
  return TRUE;
}

static gboolean
cmd_topology (int      argc,
              char   **argv,
              GError **error)
{
  g_autofree char *format = NULL;
  const GOptionEntry entries[] = {
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, N_("Output format: text (default) or csv (the textbook figures: nodes, channels, diameter, mean distance, bisection channels, busiest channel's load and ideal throughput under uniform traffic)"), "FORMAT" },
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
       "necklace:6,5 (regular (n,k)), necklace:3:4,4,2,... (irregular, one size per base edge)."));
  g_option_context_add_main_entries (context, entries, NULL);
  if (!parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 2)
    return usage_error (error, _("topology takes one SPEC, such as torus:16x16x16:uni"));
  if (format != NULL && !g_str_equal (format, "csv") && !g_str_equal (format, "text"))
    return usage_error (error, _("--format is text or csv, not “%s”"), format);

  topology = flitlab_topology_new_from_spec (argv[1], error);
  if (topology == NULL)
    return FALSE;
  if (format != NULL && g_str_equal (format, "csv"))
    return print_topology_csv (topology, error);

  spec = flitlab_topology_dup_spec (topology);
  title = flitlab_topology_dup_title (topology);
  n_nodes = flitlab_topology_get_n_nodes (topology);
  format_number (mean, sizeof mean, flitlab_topology_mean_distance (topology));

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
  return TRUE;
}

/* ---- models ------------------------------------------------------------------------- */

static gboolean
cmd_models (int      argc,
            char   **argv,
            GError **error)
{
  g_autoptr(GOptionContext) context = g_option_context_new (N_("— list the analytical models"));
  const FlitlabModelInfo * const *models = flitlab_model_list ();

  if (!parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 1)
    return usage_error (error, _("models takes no arguments"));

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

/* A load: the one check of a load (flitlab-limits.h), as a project file's and the editor's. */
static gboolean
parse_rate (const char  *text,
            double      *rate,
            GError     **error)
{
  return flitlab_limits_parse_load (text, rate, error);
}

/* An optional number option: out is left as it is when the option is not given. */
static gboolean
parse_number_option (const char  *name,
                     const char  *text,
                     double      *out,
                     GError     **error)
{
  if (text != NULL && !flitlab_input_parse_number (text, -1, out))
    return usage_error (error, _("%s is a number, not “%s”"), name, text);
  return TRUE;
}

/* "0.001,0.002" or "A:B:N" (N evenly spaced rates from A to B). */
static GArray *
parse_rates (const char  *text,
             GError     **error)
{
  g_autoptr(GArray) rates = g_array_new (FALSE, FALSE, sizeof (double));
  g_auto(GStrv) range = g_strsplit (text, ":", -1);

  if (g_strv_length (range) == 3)
    {
      double a, b;
      guint64 n;

      if (!parse_rate (range[0], &a, error) || !parse_rate (range[1], &b, error))
        return NULL;
      if (!g_ascii_string_to_unsigned (range[2], 10, 1, 100000, &n, NULL))
        {
          usage_error (error, _("In --rates A:B:N, N must be a whole number from 1 to 100000, not “%s”"),
                       range[2]);
          return NULL;
        }
      for (guint64 i = 0; i < n; i++)
        {
          /* The fraction first: (b - a) * i overflows for loads near the largest double. */
          double r = n == 1 ? a : a + (b - a) * ((double) i / (double) (n - 1));

          g_array_append_val (rates, r);
        }
    }
  else if (g_strv_length (range) == 1)
    {
      g_auto(GStrv) parts = g_strsplit (text, ",", -1);

      for (guint i = 0; parts[i] != NULL; i++)
        {
          double r;

          if (!parse_rate (g_strstrip (parts[i]), &r, error))
            return NULL;
          g_array_append_val (rates, r);
        }
    }
  if (rates->len == 0)
    {
      usage_error (error, _("--rates takes a list such as 0.001,0.002 or a range A:B:N, not “%s”"), text);
      return NULL;
    }
  return g_steal_pointer (&rates);
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

static gboolean
cmd_model (int      argc,
           char   **argv,
           GError **error)
{
  g_auto(GStrv) params = NULL;
  g_autofree char *rates_text = NULL;
  g_autofree char *format = NULL;
  gboolean saturation = FALSE;
  const GOptionEntry entries[] = {
    { "param", 'p', 0, G_OPTION_ARG_STRING_ARRAY, &params, N_("A model parameter, such as k=16x16x16 or flits=25"), "NAME=VALUE" },
    { "rates", 'r', 0, G_OPTION_ARG_STRING, &rates_text, N_("Loads in messages per cycle per node: a list A,B,… or a range A:B:N"), "RATES" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, N_("Output format: table (default) or csv"), "FORMAT" },
    { "saturation", 's', 0, G_OPTION_ARG_NONE, &saturation, N_("Also print the saturation rate and what it is (on stderr for csv)"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (N_("ID — evaluate an analytical model"));
  g_autoptr(GHashTable) table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(FlitlabModel) model = NULL;
  g_autoptr(GArray) rates = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  const FlitlabModelInfo *info;
  gboolean csv;
  guint n_columns = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (context, N_("flitlab-cli models lists the ids and their parameters."));
  if (!parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 2)
    return usage_error (error, _("model takes one model id (flitlab-cli models lists them)"));
  if (format != NULL && !g_str_equal (format, "csv") && !g_str_equal (format, "table"))
    return usage_error (error, _("--format is csv or table, not “%s”"), format);
  csv = format != NULL && g_str_equal (format, "csv");

  for (guint i = 0; params != NULL && params[i] != NULL; i++)
    {
      const char *eq = strchr (params[i], '=');
      g_autofree char *name = eq != NULL ? g_strndup (params[i], eq - params[i]) : NULL;

      if (eq == NULL || eq == params[i])
        return usage_error (error, _("--param takes NAME=VALUE, not “%s”"), params[i]);
      /* By name: --param flits=5 --param flits=600 is a mistake, not "the last wins". */
      if (g_hash_table_contains (table, name))
        return usage_error (error, _("--param %s is given twice"), name);
      g_hash_table_insert (table, g_steal_pointer (&name), g_strdup (eq + 1));
    }

  model = flitlab_model_new (argv[1], table, error);
  if (model == NULL)
    return FALSE;
  info = flitlab_model_get_info (model);
  while (info->columns != NULL && info->columns[n_columns] != NULL)
    n_columns++;

  if (rates_text == NULL)
    {
      if (!saturation)
        return usage_error (error, _("model needs --rates (such as --rates 0.001,0.002 or 0:0.01:11)"));
    }
  else if ((rates = parse_rates (rates_text, error)) == NULL)
    return FALSE;

  if (rates != NULL)
    {
      g_autofree const char **header = g_new0 (const char *, n_columns + 1);

      for (guint c = 0; c < n_columns; c++)
        header[c] = info->columns[c];
      print_row (out, csv, "rate", "latency", header, n_columns);

      for (guint i = 0; i < rates->len; i++)
        {
          g_autoptr(FlitlabModelPoint) point = flitlab_model_evaluate (model, g_array_index (rates, double, i));
          char rate[G_ASCII_DTOSTR_BUF_SIZE], latency[G_ASCII_DTOSTR_BUF_SIZE];
          g_autofree char *cells = g_malloc0 (n_columns * G_ASCII_DTOSTR_BUF_SIZE + 1);
          g_autofree const char **values = g_new0 (const char *, n_columns + 1);

          format_number (rate, sizeof rate, point->rate);
          if (point->saturated)
            g_strlcpy (latency, "saturated", sizeof latency);
          else
            format_number (latency, sizeof latency, point->latency);
          for (guint c = 0; c < n_columns; c++)
            {
              char *cell = cells + c * G_ASCII_DTOSTR_BUF_SIZE;

              if (point->saturated)
                *cell = '\0';
              else
                format_number (cell, G_ASCII_DTOSTR_BUF_SIZE, point->values[c]);
              values[c] = cell;
            }
          print_row (out, csv, rate, latency, values, n_columns);
        }
      fputs (out->str, stdout);
    }

  if (saturation)
    {
      char sat[G_ASCII_DTOSTR_BUF_SIZE];

      format_number (sat, sizeof sat, flitlab_model_get_saturation_rate (model));
      if (csv && rates != NULL)
        g_printerr (_("saturation rate: %s messages/cycle/node\n%s\n"), sat, _(info->saturation));
      else
        g_print (_("saturation rate: %s messages/cycle/node\n%s\n"), sat, _(info->saturation));
    }
  return TRUE;
}

/* ---- simulate ----------------------------------------------------------------------- */

static gboolean
print_progress (double   fraction,
                double   seconds_left,
                gpointer user_data)
{
  if (seconds_left >= 0)
    {
      g_printerr ("\r");
      /* Translators: progress on stderr: the share done, then the seconds left */
      g_printerr (_("%3.0f%% (%.0f s left)   "), 100 * fraction, seconds_left);
    }
  else
    g_printerr ("\r%3.0f%%   ", 100 * fraction);
  return TRUE;
}

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
    return usage_error (error, _("--warmup “%s” would not mean no warm-up: 0 is the automatic "
                                 "one (until the mean latency settles), which leaving out "
                                 "--warmup gives; give 1 to %llu cycles for a fixed warm-up"),
                        text, (unsigned long long) FLITLAB_MAX_WARMUP);
  *out = warmup;
  return TRUE;
}

static const char * const channel_kinds[] = { "network", "injection", "ejection" };

static gboolean
parse_uint64 (const char  *option,
              const char  *text,
              guint64      min,
              guint64      max,
              guint64     *out,
              GError     **error)
{
  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, min, max, out, NULL))
    return usage_error (error, _("%s takes a whole number from %llu to %llu, not “%s”"), option,
                        (unsigned long long) min, (unsigned long long) max, text);
  return TRUE;
}

static gboolean
write_channels_csv (const char              *path,
                    const FlitlabSimResult  *result,
                    const FlitlabTopology   *topology,
                    GError                 **error)
{
  g_autoptr(GString) csv = g_string_new ("rate,channel,kind,src,dst,dim,direction,utilization,blocking\n");

  for (guint i = 0; i < result->n_points; i++)
    {
      const FlitlabSimPoint *p = &result->points[i];
      char rate[G_ASCII_DTOSTR_BUF_SIZE];

      format_number (rate, sizeof rate, p->rate);
      for (guint c = 0; c < p->n_channels; c++)
        {
          const FlitlabChannel *channel = flitlab_topology_get_channel (topology, c);
          char util[G_ASCII_DTOSTR_BUF_SIZE], blocking[G_ASCII_DTOSTR_BUF_SIZE];

          format_number (util, sizeof util, p->utilization[c]);
          format_number (blocking, sizeof blocking, p->blocking[c]);
          g_string_append_printf (csv, "%s,%u,%s,%u,%u,%d,%d,%s,%s\n", rate, c, channel_kinds[channel->kind],
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

  result = flitlab_sim_backtrack_run (config, progress ? print_progress : NULL, NULL, error);
  if (progress)
    g_printerr ("\n");
  if (result == NULL)
    return FALSE;

  for (guint c = 0; c < G_N_ELEMENTS (columns); c++)
    g_string_append_printf (out, csv ? "%s%s" : "%s%-13s", c > 0 && csv ? "," : (c > 0 ? " " : ""), columns[c]);
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
            format_number (cell, sizeof cell, values[c]);
          g_string_append_printf (out, csv ? "%s%s" : "%s%-13s", c > 0 && csv ? "," : (c > 0 ? " " : ""), cell);
        }
      g_string_append_c (out, '\n');
    }
  fputs (out->str, stdout);

  if (channels != NULL)
    {
      g_autoptr(GString) text = g_string_new ("rate,channel,kind,src,dst,dim,direction,utilization,blocking\n");

      for (guint i = 0; i < result->n_points; i++)
        for (guint c = 0; c < result->points[i].n_channels; c++)
          {
            const FlitlabChannel *channel = flitlab_topology_get_channel (topology, c);
            char rate[G_ASCII_DTOSTR_BUF_SIZE], util[G_ASCII_DTOSTR_BUF_SIZE];

            format_number (rate, sizeof rate, result->points[i].rate);
            format_number (util, sizeof util, result->points[i].channel_utilization[c]);
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

/* flitlab-cli simulate's columns: added at the end, never renamed or moved (README). */
static const char * const simulate_columns[] = {
  "rate", "latency", "ci95", "network_latency", "throughput", "queueing", "mean_hops",
  "messages", "transit_latency", "transit_ci95", "network_ci95", "source_transit_latency",
  "source_transit_ci95", "throughput_ci95",
};

static gboolean
cmd_simulate (int      argc,
              char   **argv,
              GError **error)
{
  g_autofree char *topology_spec = NULL, *routing = NULL, *length = NULL, *traffic = NULL;
  g_autofree char *ties = NULL;
  g_autofree char *rates_text = NULL, *format = NULL, *channels = NULL;
  g_autofree char *flits = NULL, *vcs = NULL, *buffer = NULL, *seed = NULL, *replications = NULL;
  g_autofree char *warmup = NULL, *cycles = NULL, *threads = NULL, *hotspot = NULL, *hotspot_node = NULL;
  g_autofree char *buffers = NULL, *deadlock_out = NULL;
  gboolean progress = FALSE, check = FALSE, allow_deadlock = FALSE;
  const GOptionEntry entries[] = {
    { "topology", 0, 0, G_OPTION_ARG_STRING, &topology_spec, N_("The network, such as torus:8x8:bi (see flitlab-cli topology --help)"), "SPEC" },
    { "routing", 0, 0, G_OPTION_ARG_STRING, &routing, N_("dor (default), adaptive, necklace, or backtrack (004's store-and-forward hypercube)"), "ROUTING" },
    { "ties", 0, 0, G_OPTION_ARG_STRING, &ties, N_("Half-way destinations on even-radix tori: balanced (default: each message picks + or - at random) or positive (always +)"), "balanced|positive" },
    { "buffers", 0, 0, G_OPTION_ARG_STRING, &buffers, N_("With --routing backtrack: message buffers per node, at least n"), "M" },
    { "check", 0, 0, G_OPTION_ARG_NONE, &check, N_("With --routing backtrack: check the algorithm's guarantees every cycle"), NULL },
    { "flits", 0, 0, G_OPTION_ARG_STRING, &flits, N_("Message length in flits (the mean, for exp); default 16"), "N" },
    { "length", 0, 0, G_OPTION_ARG_STRING, &length, N_("Message length distribution: fixed (default) or exp"), "DIST" },
    { "vcs", 0, 0, G_OPTION_ARG_STRING, &vcs, N_("Virtual channels per physical channel (default: the fewest the routing needs)"), "V" },
    { "buffer", 0, 0, G_OPTION_ARG_STRING, &buffer, N_("Flit buffer depth per virtual channel; default 1"), "B" },
    { "traffic", 0, 0, G_OPTION_ARG_STRING, &traffic, N_("uniform (default), transpose, bit-complement, bit-reversal, tornado, neighbour, hotspot"), "PATTERN" },
    { "hotspot", 0, 0, G_OPTION_ARG_STRING, &hotspot, N_("With --traffic hotspot: the fraction of messages sent to the hotspot; default 0.1"), "FRACTION" },
    { "hotspot-node", 0, 0, G_OPTION_ARG_STRING, &hotspot_node, N_("With --traffic hotspot: the hotspot node; default 0"), "NODE" },
    { "rates", 'r', 0, G_OPTION_ARG_STRING, &rates_text, N_("Loads in messages per cycle per node: a list A,B,… or a range A:B:N"), "RATES" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed, N_("Random seed; default 1"), "S" },
    { "replications", 0, 0, G_OPTION_ARG_STRING, &replications, N_("Independent replications per load; default 3"), "R" },
    { "warmup", 0, 0, G_OPTION_ARG_STRING, &warmup, N_("Warm-up cycles discarded, at least 1; default: until the mean latency settles"), "C" },
    { "cycles", 0, 0, G_OPTION_ARG_STRING, &cycles, N_("Measured cycles per replication; default 20000"), "C" },
    { "threads", 0, 0, G_OPTION_ARG_STRING, &threads, N_("Threads; default one per core (results do not depend on it)"), "T" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, N_("Output format: table (default) or csv"), "FORMAT" },
    { "channels", 0, 0, G_OPTION_ARG_FILENAME, &channels, N_("Write per-channel utilization and blocking of every load to this CSV file"), "FILE" },
    { "progress", 0, 0, G_OPTION_ARG_NONE, &progress, N_("Show progress on stderr"), NULL },
    { "allow-deadlock", 0, 0, G_OPTION_ARG_NONE, &allow_deadlock, N_("The deadlock lab: accept fewer virtual channels than the routing needs (such as --vcs 1 on a torus) and run until the watchdog finds the deadlock; its load's latency reads deadlock"), NULL },
    { "deadlock-out", 0, 0, G_OPTION_ARG_FILENAME, &deadlock_out, N_("With --allow-deadlock: write the first deadlocked load's cycle of waiting messages to this CSV file (message,holds_channel,waits_for_channel; only the header when no load deadlocked)"), "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (N_("— run the flit-level wormhole simulator"));
  g_autoptr(FlitlabSimConfig) config = NULL;
  g_autoptr(FlitlabSimResult) result = NULL;
  g_autoptr(FlitlabTopology) topology = NULL;
  g_autoptr(GArray) rates = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  FlitlabRouting routing_value = FLITLAB_ROUTING_DOR;
  FlitlabTrafficPattern traffic_value = FLITLAB_TRAFFIC_UNIFORM;
  gboolean routing_named, traffic_named;
  guint64 value;
  gboolean csv;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 1)
    return usage_error (error, _("simulate takes options only, not “%s”"), argv[1]);
  if (topology_spec == NULL)
    return usage_error (error, _("simulate needs --topology (such as --topology torus:8x8:bi)"));
  if (rates_text == NULL)
    return usage_error (error, _("simulate needs --rates (such as --rates 0.001,0.002 or 0.001:0.01:10)"));
  if (format != NULL && !g_str_equal (format, "csv") && !g_str_equal (format, "table"))
    return usage_error (error, _("--format is csv or table, not “%s”"), format);
  csv = format != NULL && g_str_equal (format, "csv");

  /* The words as values (a word that names none leaves the default, and is refused where it
   * always was, below). */
  routing_named = routing == NULL || flitlab_routing_from_string (routing, &routing_value);
  traffic_named = traffic == NULL || flitlab_traffic_pattern_from_string (traffic, &traffic_value);

  /* An option that does not apply is refused, never silently ignored. */
  {
    gboolean backtrack = routing_value == FLITLAB_ROUTING_BACKTRACK;
    gboolean hotspot_traffic = traffic_value == FLITLAB_TRAFFIC_HOTSPOT;
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
    };

    for (guint i = 0; i < G_N_ELEMENTS (options); i++)
      if (options[i].value != NULL && !options[i].applies)
        {
          if (backtrack)
            return usage_error (error, _("%s does not apply to --routing backtrack"),
                                options[i].name);
          if (g_str_has_prefix (options[i].name, "--hotspot"))
            return usage_error (error, _("%s does not apply without --traffic hotspot"),
                                options[i].name);
          return usage_error (error, _("%s does not apply without --routing backtrack"),
                              options[i].name);
        }
  }

  if (deadlock_out != NULL && !allow_deadlock)
    return usage_error (error, _("--deadlock-out needs --allow-deadlock"));
  if (!check_output ("--channels", channels, TRUE, error) ||
      !check_output ("--deadlock-out", deadlock_out, TRUE, error))
    return FALSE;

  topology = flitlab_topology_new_from_spec (topology_spec, error);
  if (topology == NULL)
    return FALSE;
  if (routing_value == FLITLAB_ROUTING_BACKTRACK)
    {
      g_autoptr(FlitlabBacktrackConfig) bt = NULL;

      if (flitlab_topology_get_family (topology) != FLITLAB_TOPOLOGY_HYPERCUBE)
        return usage_error (error, _("--routing backtrack simulates a hypercube (such as --topology hypercube:6)"));
      if (buffers == NULL)
        return usage_error (error, _("--routing backtrack needs --buffers M (at least the dimension n)"));
      bt = flitlab_backtrack_config_new (flitlab_topology_get_n_dims (topology), 0);
      /* Each setting by its one check (flitlab-limits.h), as a project file's and the
       * editor's; an option not given keeps the default. */
      if (!flitlab_limits_parse_node_buffers (buffers, &bt->buffers, error) ||
          !parse_uint64 ("--seed", seed, 0, G_MAXUINT64, &bt->seed, error) ||
          (replications != NULL &&
           !flitlab_limits_parse_replications (replications, &bt->replications, error)) ||
          !parse_warmup_option (warmup, &bt->warmup, error) ||
          (cycles != NULL && !flitlab_limits_parse_cycles (cycles, &bt->cycles, error)) ||
          (threads != NULL && !flitlab_limits_parse_threads (threads, &bt->threads, error)))
        return FALSE;
      bt->check = check;
      if ((rates = parse_rates (rates_text, error)) == NULL)
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
    return usage_error (error, _("--routing is dor, adaptive or necklace, not “%s”"), routing);
  config->routing = routing_value;
  if (ties != NULL && !flitlab_ties_from_string (ties, &config->ties))
    return usage_error (error, _("--ties is balanced or positive, not “%s”"), ties);
  /* --length also takes "exp", short for "exponential". */
  if (length != NULL && !flitlab_length_from_string (g_str_equal (length, "exp") ? "exponential"
                                                                                 : length,
                                                     &config->length))
    return usage_error (error, _("--length is fixed or exp, not “%s”"), length);
  if (!traffic_named)
    return usage_error (error, _("--traffic is uniform, transpose, bit-complement, bit-reversal, "
                          "tornado, neighbour or hotspot, not “%s”"), traffic);
  config->traffic = traffic_value;
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
  if (!parse_uint64 ("--hotspot-node", hotspot_node, 0, G_MAXUINT - 1, &value, error))
    return FALSE;
  config->hotspot_node = hotspot_node ? (guint) value : 0;
  if (!parse_uint64 ("--seed", seed, 0, G_MAXUINT64, &config->seed, error) ||
      (replications != NULL &&
       !flitlab_limits_parse_replications (replications, &config->replications, error)) ||
      !parse_warmup_option (warmup, &config->warmup, error) ||
      (cycles != NULL && !flitlab_limits_parse_cycles (cycles, &config->cycles, error)) ||
      (threads != NULL && !flitlab_limits_parse_threads (threads, &config->threads, error)))
    return FALSE;

  if ((rates = parse_rates (rates_text, error)) == NULL)
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
            return usage_error (error, _("%s (--allow-deadlock runs it anyway, until the watchdog "
                                  "finds the deadlock)"), refused->message);
          g_propagate_error (error, g_steal_pointer (&refused));
          return FALSE;
        }
    }

  result = flitlab_sim_run (config, progress ? print_progress : NULL, NULL, error);
  if (progress)
    g_printerr ("\n");
  if (result == NULL)
    return FALSE;

  for (guint c = 0; c < G_N_ELEMENTS (simulate_columns); c++)
    g_string_append_printf (out, csv ? "%s%s" : "%s%-14s", c > 0 ? (csv ? "," : " ") : "",
                            simulate_columns[c]);
  g_string_append_c (out, '\n');
  for (guint i = 0; i < result->n_points; i++)
    {
      const FlitlabSimPoint *p = &result->points[i];
      const double values[] = {
        p->rate, p->latency[FLITLAB_LATENCY_TOTAL], p->ci95[FLITLAB_LATENCY_TOTAL],
        p->latency[FLITLAB_LATENCY_NETWORK], p->throughput, p->queueing, p->mean_hops,
        (double) p->messages, p->latency[FLITLAB_LATENCY_TRANSIT],
        p->ci95[FLITLAB_LATENCY_TRANSIT], p->ci95[FLITLAB_LATENCY_NETWORK],
        p->latency[FLITLAB_LATENCY_SOURCE_TRANSIT], p->ci95[FLITLAB_LATENCY_SOURCE_TRANSIT],
        p->throughput_ci95,
      };

      G_STATIC_ASSERT (G_N_ELEMENTS (values) == G_N_ELEMENTS (simulate_columns));
      for (guint c = 0; c < G_N_ELEMENTS (values); c++)
        {
          char text[G_ASCII_DTOSTR_BUF_SIZE] = "";

          /* A saturated or deadlocked load has no latency: the word in the latency column,
           * the rest empty. */
          if (c == 1 && p->deadlocked)
            g_strlcpy (text, "deadlock", sizeof text);
          else if (c == 1 && p->saturated)
            g_strlcpy (text, "saturated", sizeof text);
          else if (c == 7)
            g_snprintf (text, sizeof text, "%" G_GUINT64_FORMAT, p->messages);
          else if (isfinite (values[c]))
            format_number (text, sizeof text, values[c]);
          g_string_append_printf (out, csv ? "%s%s" : "%s%-14s", c > 0 ? (csv ? "," : " ") : "",
                                  text);
        }
      g_string_append_c (out, '\n');
    }
  fputs (out->str, stdout);

  if (channels != NULL && !write_channels_csv (channels, result, topology, error))
    return FALSE;
  if (deadlock_out != NULL && !write_deadlock_csv (deadlock_out, result, error))
    return FALSE;
  return TRUE;
}

/* ---- run and export ----------------------------------------------------------------- */

/* Saves project, saying on stderr when its per-channel results had to be left out (the
 * writer's rule, flitlab_project_save_full ()). */
static gboolean
save_project (const FlitlabProject  *project,
              const char            *path,
              GError               **error)
{
  gboolean left_out = FALSE;

  if (!flitlab_project_save_full (project, path, &left_out, error))
    return FALSE;
  if (left_out)
    g_printerr (_("%s: note: %s is saved without its per-channel results, which would make it "
                  "larger than a project can be (%u MiB)\n"), g_get_prgname (), path,
                FLITLAB_PROJECT_MAX_BYTES / (1024 * 1024));
  return TRUE;
}

static gboolean
cmd_run (int      argc,
         char   **argv,
         GError **error)
{
  g_autofree char *output = NULL, *only = NULL;
  gboolean no_simulation = FALSE, progress = FALSE;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Save the project with its results here (default: in place)"), "FILE" },
    { "study", 0, 0, G_OPTION_ARG_STRING, &only, N_("Run only this study"), "NAME" },
    { "no-simulation", 0, 0, G_OPTION_ARG_NONE, &no_simulation, N_("Evaluate the models only"), NULL },
    { "progress", 0, 0, G_OPTION_ARG_NONE, &progress, N_("Show the simulations' progress on stderr"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (N_("PROJECT.flitlab — run every study and save the results into the project"));
  g_autoptr(FlitlabProject) project = NULL;
  g_autoptr(GPtrArray) studies = g_ptr_array_new ();
  g_autoptr(GError) refused = NULL;
  gboolean simulated = FALSE;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 2)
    return usage_error (error, _("run takes one .flitlab project"));
  project = flitlab_project_load (argv[1], error);
  if (project == NULL)
    return FALSE;
  /* After the load, so that a project that is no file is named as such, and before any work. */
  if (!check_output (output != NULL ? "--output" : NULL, output != NULL ? output : argv[1],
                     FALSE, error))
    return FALSE;

  /* Every study's models first, then every simulation's jobs on one pool, so that all cores
   * stay busy to the last job; the studies before one whose models fail still run, so that
   * the error is the one running them one by one would meet first. */
  for (guint i = 0; i < flitlab_project_get_n_studies (project) && refused == NULL; i++)
    {
      FlitlabStudy *study = flitlab_project_get_study (project, i);

      if (only != NULL && g_strcmp0 (study->name, only) != 0)
        continue;
      if (progress)
        g_printerr ("%s\n", study->name);
      if (!flitlab_runner_evaluate_models (study, &refused))
        break;
      simulated |= study->simulation.enabled && !no_simulation;
      g_ptr_array_add (studies, study);
    }
  if (only != NULL && studies->len == 0 && refused == NULL)
    return usage_error (error, _("%s has no study called “%s”"), argv[1], only);
  if (!no_simulation &&
      !flitlab_runner_simulate_studies ((FlitlabStudy * const *) studies->pdata, studies->len,
                                        progress ? print_progress : NULL, NULL, error))
    {
      if (progress && simulated)
        g_printerr ("\n");
      return FALSE;
    }
  if (progress && simulated)
    g_printerr ("\n");
  if (refused != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&refused));
      return FALSE;
    }
  return save_project (project, output != NULL ? output : argv[1], error);
}

/* Whether a and b name one file (links followed): grid's output onto its own input. */
static gboolean
same_file (const char *a,
           const char *b)
{
  GStatBuf sa, sb;

  return g_stat (a, &sa) == 0 && g_stat (b, &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

/* One study of the project repeated over every combination of --vary's values
 * (flitlab-grid.h), into a new project. */
static gboolean
cmd_grid (int      argc,
          char   **argv,
          GError **error)
{
  g_autofree char *output = NULL, *name = NULL, *max_text = NULL;
  g_auto(GStrv) vary = NULL;
  gboolean force = FALSE;
  guint64 max_studies = FLITLAB_GRID_MAX_STUDIES;
  const GOptionEntry entries[] = {
    { "study", 0, 0, G_OPTION_ARG_STRING, &name, N_("The study to vary"), "NAME" },
    { "vary", 0, 0, G_OPTION_ARG_STRING_ARRAY, &vary, N_("A setting and its values, e.g. vcs=2,4,8 (repeat for each setting)"), "KEY=VALUE,…" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Save the grid's project here"), "FILE" },
    { "max-studies", 0, 0, G_OPTION_ARG_STRING, &max_text, N_("Make at most N studies (default 10000): a grid of more is refused before any is made"), "N" },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force, N_("Let --output replace the project the grid is made from"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (N_("PROJECT.flitlab — write one study per combination of settings, to run with run"));
  g_autoptr(FlitlabProject) project = NULL, grid = NULL;
  g_autoptr(GPtrArray) studies = NULL;
  const FlitlabStudy *study;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 2)
    return usage_error (error, _("grid takes one .flitlab project"));
  if (name == NULL || vary == NULL || output == NULL)
    return usage_error (error, _("grid needs --study, at least one --vary and --output"));
  if (!parse_uint64 ("--max-studies", max_text, 1, G_MAXUINT, &max_studies, error))
    return FALSE;
  if (!force && same_file (output, argv[1]))
    return usage_error (error, _("--output %s is the project the grid is made from, which it "
                                 "would replace: name another file, or give --force"), output);
  if (!check_output ("--output", output, FALSE, error))
    return FALSE;
  project = flitlab_project_load (argv[1], error);
  if (project == NULL)
    return FALSE;
  study = flitlab_project_find_study (project, name);
  if (study == NULL)
    return usage_error (error, _("%s has no study called “%s”"), argv[1], name);
  studies = flitlab_grid_expand (study, (const char * const *) vary, max_studies, error);
  if (studies == NULL)
    return FALSE;

  grid = flitlab_project_new ();
  flitlab_project_set_title (grid, flitlab_project_get_title (project));
  for (guint i = 0; i < studies->len; i++)
    flitlab_project_insert_study (grid, G_MAXUINT, g_steal_pointer (&studies->pdata[i]));
  return save_project (grid, output, error);
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
  g_autoptr(FlitlabTopologyView) view = flitlab_export_network_view (study, error);
  guint64 value;

  if (view == NULL)
    return FALSE;
  view->font_size = font_size;
  if (!parse_uint64 ("--plane", plane, 0, G_MAXUINT, &value, error))
    return FALSE;
  view->plane = plane != NULL ? (guint) value : 0;
  return flitlab_export_network (view, stack, output, width, height, scale, error);
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
  if (rate_text != NULL && !parse_rate (rate_text, &rate, error))
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
    return usage_error (error, _("--width is 50 to 10000 points, not “%s”"), width_text);
  if (height_text != NULL && !flitlab_export_size_valid (height))
    return usage_error (error, _("--height is 50 to 10000 points, not “%s”"), height_text);
  if (scale_text != NULL && !flitlab_export_scale_valid (scale))
    return usage_error (error, _("--scale is a PNG's pixels per point, above 0 and at most 8, "
                                 "not “%s”"), scale_text);
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
  return usage_error (error, _("--metric is latency, transit, network, total, source-transit, "
                               "throughput, acceptance, utilization, power or another column of "
                               "the results, not “%s”, which no study drawn has"), metric);
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

  if (study->routing != FLITLAB_ROUTING_DOR && study->routing != FLITLAB_ROUTING_ADAPTIVE)
    return usage_error (error, _("Study “%s” routes by %s, which has no channel dependency graph "
                          "to draw (dor or adaptive have)"), study->name,
                        flitlab_routing_to_string (study->routing));
  if (vcs_text != NULL && !flitlab_limits_parse_vcs (vcs_text, &vcs, error))
    return FALSE;
  if ((topology = flitlab_study_get_topology (study, error)) == NULL)
    return FALSE;
  return flitlab_render_dependency_to_file (topology, study->routing, vcs, output, width, height,
                                            scale, font_size, error);
}

static gboolean
cmd_export (int      argc,
            char   **argv,
            GError **error)
{
  g_autofree char *figure = NULL, *output = NULL, *metric = NULL, *plane = NULL;
  g_autofree char *rate = NULL, *width_text = NULL, *height_text = NULL, *scale_text = NULL;
  g_autofree char *preset_name = NULL, *font_text = NULL, *legend_text = NULL, *vcs = NULL;
  g_auto(GStrv) study_names = NULL;
  const char *study_name;
  double width = NAN, height = NAN, scale = 2, font_size = 0;
  gboolean log_y = FALSE, stack = FALSE, no_title = FALSE, compare = FALSE, topology, flow, dependency;
  const FlitlabPlotPreset *preset = NULL;
  FlitlabPlotLegend legend = FLITLAB_PLOT_LEGEND_AUTO;
  const GOptionEntry entries[] = {
    { "study", 0, 0, G_OPTION_ARG_STRING_ARRAY, &study_names, N_("The study to draw (with --compare, one of the studies, repeated)"), "NAME" },
    { "compare", 0, 0, G_OPTION_ARG_NONE, &compare, N_("Plot: overlay several studies, as the window's Compare does: those named by --study, or every study of the project"), NULL },
    { "figure", 0, 0, G_OPTION_ARG_STRING, &figure, N_("The figure: plot (default), topology (the network coloured by channel utilization), flow (the first model's channel classes, as its paper draws them) or dependency (the routing's channel dependency graph: whether it can deadlock)"), "FIGURE" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("FILE.svg, .pdf, .png, .csv for the plotted data (a network's: its channels' values), .tex (pgfplots) or .py (matplotlib) to redraw the plot"), "FILE" },
    { "metric", 0, 0, G_OPTION_ARG_STRING, &metric, N_("What the plot shows: latency (default: the latency the study's models predict), transit, network, total, source-transit (the simulation in that latency, with the models that predict it), throughput, acceptance, utilization, power"), "NAME" },
    { "log", 0, 0, G_OPTION_ARG_NONE, &log_y, N_("Logarithmic value axis"), NULL },
    { "plane", 0, 0, G_OPTION_ARG_STRING, &plane, N_("Topology of 3 or more dimensions: the plane to draw (default 0)"), "N" },
    { "stack", 0, 0, G_OPTION_ARG_NONE, &stack, N_("Topology of 3 or more dimensions: every plane, pulled apart, with the links between them of the corner columns"), NULL },
    { "rate", 0, 0, G_OPTION_ARG_STRING, &rate, N_("Flow: the load in messages per cycle per node (default: four fifths of saturation)"), "R" },
    { "vcs", 0, 0, G_OPTION_ARG_STRING, &vcs, N_("Dependency: virtual channels per channel (default: the study's simulation's; two or more give a torus its dateline)"), "N" },
    { "width", 0, 0, G_OPTION_ARG_STRING, &width_text, N_("Width in points (default 640; topology 800; dependency 600)"), "W" },
    { "height", 0, 0, G_OPTION_ARG_STRING, &height_text, N_("Height in points (default 420; topology 600; dependency 450); a plot whose legend needs more room below it grows taller, its type never smaller"), "H" },
    { "scale", 0, 0, G_OPTION_ARG_STRING, &scale_text, N_("PNG pixels per point (default 2)"), "S" },
    { "preset", 0, 0, G_OPTION_ARG_STRING, &preset_name, N_("A size papers and slides use, with its type: column (3.5 in, 252 × 180 pt, 8 pt), column-and-half (5 in), page (7 in, 504 pt) or slide (16:9, 720 × 405 pt); --width and --height still win"), "NAME" },
    { "font-size", 0, 0, G_OPTION_ARG_STRING, &font_text, N_("The tick labels' size in points, the rest in proportion (default: chosen for the width, 8 at 252 pt)"), "PT" },
    { "no-title", 0, 0, G_OPTION_ARG_NONE, &no_title, N_("Plot: leave out the title (a paper's caption says it)"), NULL },
    { "legend", 0, 0, G_OPTION_ARG_STRING, &legend_text, N_("Plot: where the legend goes: auto (default: the inside corner covering no data, else below), inside, right, below or none"), "WHERE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (N_("PROJECT.flitlab — draw a study's figure to a file"));
  g_autoptr(FlitlabProject) project = NULL;
  g_autoptr(FlitlabPlot) plot = NULL;
  FlitlabStudy *study = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 2)
    return usage_error (error, _("export takes one .flitlab project"));
  if ((study_names == NULL && !compare) || output == NULL)
    return usage_error (error, _("export needs --study NAME and --output FILE"));
  if (!compare && g_strv_length (study_names) > 1)
    return usage_error (error, _("several --study overlay with --compare"));
  study_name = study_names != NULL ? study_names[0] : NULL;
  if (figure != NULL && !g_str_equal (figure, "plot") && !g_str_equal (figure, "topology") &&
      !g_str_equal (figure, "flow") && !g_str_equal (figure, "dependency"))
    return usage_error (error, _("--figure is plot, topology, flow or dependency, not “%s”"), figure);
  topology = figure != NULL && g_str_equal (figure, "topology");
  flow = figure != NULL && g_str_equal (figure, "flow");
  dependency = figure != NULL && g_str_equal (figure, "dependency");
  if ((topology || flow || dependency) && (metric != NULL || log_y))
    return usage_error (error, _("--metric and --log apply to --figure plot"));
  if (!topology && (plane != NULL || stack))
    return usage_error (error, _("--plane and --stack apply to --figure topology"));
  if (plane != NULL && stack)
    return usage_error (error, _("--stack draws every plane: leave out --plane"));
  if (!flow && rate != NULL)
    return usage_error (error, _("--rate applies to --figure flow"));
  if ((topology || flow || dependency) && (no_title || legend_text != NULL || compare))
    return usage_error (error, _("--no-title, --legend and --compare apply to --figure plot"));
  if (!dependency && vcs != NULL)
    return usage_error (error, _("--vcs applies to --figure dependency"));
  if (preset_name != NULL && (preset = flitlab_plot_preset_lookup (preset_name)) == NULL)
    return usage_error (error, _("--preset is column, column-and-half, page or slide, not “%s”"), preset_name);
  if (legend_text != NULL && !flitlab_plot_legend_from_string (legend_text, &legend))
    return usage_error (error, _("--legend is auto, inside, right, below or none, not “%s”"), legend_text);
  if (!parse_number_option ("--font-size", font_text, &font_size, error))
    return FALSE;
  if (font_text != NULL && !(font_size >= 4 && font_size <= 72))
    return usage_error (error, _("--font-size is 4 to 72 points, not “%s”"), font_text);
  /* The one number syntax (no hex, nan or inf); the renderer checks the ranges. */
  if (!parse_number_option ("--width", width_text, &width, error) ||
      !parse_number_option ("--height", height_text, &height, error) ||
      !parse_number_option ("--scale", scale_text, &scale, error) ||
      !check_size_options (width_text, width, height_text, height, scale_text, scale, error) ||
      !check_output ("--output", output, FALSE, error))
    return FALSE;
  project = flitlab_project_load (argv[1], error);
  if (project == NULL)
    return FALSE;
  for (guint i = 0; study_names != NULL && study_names[i] != NULL; i++)
    if (flitlab_project_find_study (project, study_names[i]) == NULL)
      return usage_error (error, _("%s has no study called “%s”"), argv[1], study_names[i]);
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
    return export_topology (study, output, isnan (width) ? (preset != NULL ? preset->width : 800) : width,
                            isnan (height) ? (preset != NULL ? preset->height : 600) : height,
                            scale, font_size, plane, stack, error);
  if (flow)
    return export_flow (study, output, isnan (width) ? (preset != NULL ? preset->width : 800) : width,
                        isnan (height) ? (preset != NULL ? preset->height : 560) : height,
                        scale, font_size, rate, error);
  if (dependency)
    return export_dependency (study, output, isnan (width) ? (preset != NULL ? preset->width : 600) : width,
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
    return usage_error (error, compare ? _("Project “%s” has no %s results to draw: run it first (flitlab-cli run)")
                                       : _("Study “%s” has no %s results to draw: run it first (flitlab-cli run)"),
                        compare ? argv[1] : study_name, metric ? metric : "latency");
  return flitlab_export_plot (plot, output, width, height, scale, error);
}

/* ---- validate ----------------------------------------------------------------------- */

static gboolean
cmd_validate (int      argc,
              char   **argv,
              GError **error)
{
  g_autoptr(GOptionContext) context = g_option_context_new (N_("FILE.flitlab… — check project files"));

  if (!parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc < 2)
    return usage_error (error, _("validate takes one or more .flitlab files"));

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(FlitlabProject) project = flitlab_project_load (argv[i], error);

      if (project == NULL)
        return FALSE;
      g_print (g_dngettext (GETTEXT_PACKAGE, "%s: valid, %u study\n", "%s: valid, %u studies\n",
                            flitlab_project_get_n_studies (project)),
               argv[i], flitlab_project_get_n_studies (project));
    }
  return TRUE;
}

/* ---- main --------------------------------------------------------------------------- */

typedef struct
{
  const char *name;
  gboolean  (*run) (int, char **, GError **);
  const char *summary;
} Command;

static const Command commands[] = {
  { "topology", cmd_topology, N_("Describe a network: nodes, channels, diameter, mean distance") },
  { "models", cmd_models, N_("List the analytical models, their parameters and papers") },
  { "model", cmd_model, N_("Evaluate a model at a list of loads (table or CSV)") },
  { "simulate", cmd_simulate, N_("Run the flit-level wormhole simulator at a list of loads") },
  { "run", cmd_run, N_("Run every study of a project headless and save the results into it") },
  { "grid", cmd_grid, N_("Write a project of one study per combination of settings") },
  { "export", cmd_export, N_("Draw a study's figure to SVG, PDF or PNG, or its data to CSV") },
  { "validate", cmd_validate, N_("Check .flitlab project files") },
};

static void
print_help (FILE *stream)
{
  fprintf (stream, "%s",
           _("Usage: flitlab-cli COMMAND [OPTIONS…]\n\n"
             "Study wormhole-routed interconnection networks from the command line.\n\n"
             "Commands:\n"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (stream, "  %-10s %s\n", commands[i].name, _(commands[i].summary));
  fprintf (stream, "%s",
           _("\nflitlab-cli COMMAND --help shows a command's options.\n"
             "Loads are message generation rates in messages per cycle per node.\n\n"
             "Examples:\n"));
  fprintf (stream,
           "  flitlab-cli topology torus:16x16x16:uni\n"
           "  flitlab-cli model ciciani-bi-torus --param k=6x6x6 --param flits=12 --rates 0.001:0.01:10 --format csv\n");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  const char *name;

  /* Messages in the user's language; numbers, CSV and option names stay as they are. */
  flitlab_locale_init ();
  /* A file-size limit (ulimit -f) makes a write fail with EFBIG, which flitlab_file_write ()
   * reports and cleans up after, rather than killing the program mid-write. */
  signal (SIGXFSZ, SIG_IGN);

  if (argc < 2)
    {
      print_help (stderr);
      return 2;
    }
  name = argv[1];
  if (g_str_equal (name, "--help") || g_str_equal (name, "-h") || g_str_equal (name, "help"))
    {
      print_help (stdout);
      return 0;
    }
  if (g_str_equal (name, "--version"))
    {
      g_print ("flitlab-cli %s\n", PACKAGE_VERSION);
      return 0;
    }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (name, commands[i].name))
      {
        g_autofree char *prgname = g_strdup_printf ("flitlab-cli %s", name);

        g_set_prgname (prgname);
        if (!commands[i].run (argc - 1, argv + 1, &error))
          {
            /* One short line, whatever the message or the input it quotes: scripts read the
             * first line of stderr. */
            g_autofree char *line = flitlab_input_message_line (error->message);

            g_printerr ("flitlab-cli %s: %s\n", name, line);
            return 1;
          }
        return 0;
      }

  {
    g_autofree char *message = g_strdup_printf (_("unknown command “%s” (flitlab-cli --help lists "
                                                  "the commands)"), name);
    g_autofree char *line = flitlab_input_message_line (message);

    g_printerr ("flitlab-cli: %s\n", line);
  }
  return 2;
}
