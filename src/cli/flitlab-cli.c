/* flitlab-cli.c: the headless command-line tool
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flitlab-cli COMMAND [OPTIONS]: topology, models, model, validate. Every error ends the
 * program with a non-zero status and one line on stderr; results go to stdout.
 */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flitlab-model.h"
#include "flitlab-project.h"
#include "flitlab-topology.h"

#define FLITLAB_CLI_ERROR (flitlab_cli_error_quark ())
G_DEFINE_QUARK (flitlab-cli-error-quark, flitlab_cli_error)

/* A CSV or table cell for a number: enough digits to be useful, locale-independent. */
static void
format_number (char   *buf,
               gsize   len,
               double  value)
{
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

static gboolean
parse_options (GOptionContext  *context,
               int             *argc,
               char          ***argv,
               GError         **error)
{
  g_option_context_set_help_enabled (context, TRUE);
  return g_option_context_parse (context, argc, argv, error);
}

/* ---- topology ----------------------------------------------------------------------- */

static gboolean
cmd_topology (int      argc,
              char   **argv,
              GError **error)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("SPEC — describe a network");
  g_autoptr(FlitlabTopology) topology = NULL;
  g_autofree char *spec = NULL;
  g_autofree char *title = NULL;
  char mean[G_ASCII_DTOSTR_BUF_SIZE];
  guint n_nodes;

  g_option_context_set_summary (context,
    "SPEC is one of: torus:16x16x16:uni, torus:6x6x6:bi, mesh:8x8, hypercube:10,\n"
    "necklace:6,5 (regular (n,k)), necklace:3:4,4,2,... (irregular, one size per base edge).");
  if (!parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 2)
    return usage_error (error, "topology takes one SPEC, such as torus:16x16x16:uni");

  topology = flitlab_topology_new_from_spec (argv[1], error);
  if (topology == NULL)
    return FALSE;

  spec = flitlab_topology_dup_spec (topology);
  title = flitlab_topology_dup_title (topology);
  n_nodes = flitlab_topology_get_n_nodes (topology);
  format_number (mean, sizeof mean, flitlab_topology_mean_distance (topology));

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
  g_autoptr(GOptionContext) context = g_option_context_new ("— list the analytical models");
  const FlitlabModelInfo * const *models = flitlab_model_list ();

  if (!parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 1)
    return usage_error (error, "models takes no arguments");

  for (guint i = 0; models[i] != NULL; i++)
    {
      const FlitlabModelInfo *info = models[i];

      g_print ("%s\n  %s\n  paper: %s\n", info->id, info->title, info->paper);
      for (const FlitlabModelParamInfo *p = info->params; p->name != NULL; p++)
        g_print ("  --param %s=…  %s; unit: %s; range: %s%s%s\n",
                 p->name, p->description, p->unit, p->range,
                 p->default_value ? "; default: " : "",
                 p->default_value ? p->default_value : "");
      g_print ("  columns: rate,latency");
      for (guint c = 0; info->columns != NULL && info->columns[c] != NULL; c++)
        g_print (",%s", info->columns[c]);
      g_print ("\n%s", models[i + 1] ? "\n" : "");
    }
  return TRUE;
}

/* ---- model -------------------------------------------------------------------------- */

static gboolean
parse_rate (const char  *text,
            double      *rate,
            GError     **error)
{
  char *end = NULL;

  *rate = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (*rate) || *rate < 0)
    return usage_error (error, "“%s” is not a load: rates are non-negative numbers in "
                        "messages per cycle per node", text);
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
          usage_error (error, "In --rates A:B:N, N must be a whole number from 1 to 100000, not “%s”",
                       range[2]);
          return NULL;
        }
      for (guint64 i = 0; i < n; i++)
        {
          double r = n == 1 ? a : a + (b - a) * (double) i / (double) (n - 1);

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
      usage_error (error, "--rates takes a list such as 0.001,0.002 or a range A:B:N, not “%s”", text);
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
    { "param", 'p', 0, G_OPTION_ARG_STRING_ARRAY, &params, "A model parameter, such as k=16x16x16 or flits=25", "NAME=VALUE" },
    { "rates", 'r', 0, G_OPTION_ARG_STRING, &rates_text, "Loads in messages per cycle per node: a list A,B,… or a range A:B:N", "RATES" },
    { "format", 'f', 0, G_OPTION_ARG_STRING, &format, "Output format: table (default) or csv", "FORMAT" },
    { "saturation", 's', 0, G_OPTION_ARG_NONE, &saturation, "Also print the saturation rate (on stderr for csv)", NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("ID — evaluate an analytical model");
  g_autoptr(GHashTable) table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(FlitlabModel) model = NULL;
  g_autoptr(GArray) rates = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  const FlitlabModelInfo *info;
  gboolean csv;
  guint n_columns = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (context, "flitlab-cli models lists the ids and their parameters.");
  if (!parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 2)
    return usage_error (error, "model takes one model id (flitlab-cli models lists them)");
  if (format != NULL && !g_str_equal (format, "csv") && !g_str_equal (format, "table"))
    return usage_error (error, "--format is csv or table, not “%s”", format);
  csv = format != NULL && g_str_equal (format, "csv");

  for (guint i = 0; params != NULL && params[i] != NULL; i++)
    {
      const char *eq = strchr (params[i], '=');

      if (eq == NULL || eq == params[i])
        return usage_error (error, "--param takes NAME=VALUE, not “%s”", params[i]);
      if (g_hash_table_contains (table, params[i]))
        return usage_error (error, "--param %.*s is given twice", (int) (eq - params[i]), params[i]);
      g_hash_table_insert (table, g_strndup (params[i], eq - params[i]), g_strdup (eq + 1));
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
        return usage_error (error, "model needs --rates (such as --rates 0.001,0.002 or 0:0.01:11)");
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
        g_printerr ("saturation rate: %s messages/cycle/node\n", sat);
      else
        g_print ("saturation rate: %s messages/cycle/node\n", sat);
    }
  return TRUE;
}

/* ---- validate ----------------------------------------------------------------------- */

static gboolean
cmd_validate (int      argc,
              char   **argv,
              GError **error)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("FILE.flitlab… — check project files");

  if (!parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc < 2)
    return usage_error (error, "validate takes one or more .flitlab files");

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(FlitlabProject) project = flitlab_project_load (argv[i], error);

      if (project == NULL)
        return FALSE;
      g_print ("%s: valid, %u stud%s\n", argv[i], flitlab_project_get_n_studies (project),
               flitlab_project_get_n_studies (project) == 1 ? "y" : "ies");
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
  { "topology", cmd_topology, "Describe a network: nodes, channels, diameter, mean distance" },
  { "models", cmd_models, "List the analytical models, their parameters and papers" },
  { "model", cmd_model, "Evaluate a model at a list of loads (table or CSV)" },
  { "validate", cmd_validate, "Check .flitlab project files" },
};

static void
print_help (FILE *stream)
{
  fprintf (stream,
           "Usage: flitlab-cli COMMAND [OPTIONS…]\n\n"
           "Study wormhole-routed interconnection networks from the command line.\n\n"
           "Commands:\n");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (stream, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf (stream,
           "\nflitlab-cli COMMAND --help shows a command's options.\n"
           "Loads are message generation rates in messages per cycle per node.\n\n"
           "Examples:\n"
           "  flitlab-cli topology torus:16x16x16:uni\n"
           "  flitlab-cli model ciciani-bi-torus --param k=6x6x6 --param flits=12 --rates 0.001:0.01:10 --format csv\n");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  const char *name;

  setlocale (LC_ALL, "");

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
            /* One line, whatever the message: scripts read the first line of stderr. */
            g_strdelimit (error->message, "\n", ' ');
            g_printerr ("flitlab-cli %s: %s\n", name, error->message);
            return 1;
          }
        return 0;
      }

  g_printerr ("flitlab-cli: unknown command “%s” (flitlab-cli --help lists the commands)\n", name);
  return 2;
}
