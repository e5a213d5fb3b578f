/* flitlab-cli.c: the headless command-line tool
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flitlab-cli COMMAND [OPTIONS]: topology, models, model, simulate, run, export, validate,
 * traffic.
 * Every error ends the program with a non-zero status and one line on stderr; results go to
 * stdout. Command names, options and CSV columns are a contract: add, never rename.
 *
 * This file holds main and what the commands share (flitlab-cli-private.h); each group of
 * commands has its own file.
 *
 * It is built twice (src/cli/meson.build). flitlab-cli itself runs simulate, which needs the
 * core tier and GLib alone, and so starts without loading cairo, pango, libxml2 and the
 * forty libraries they bring (about 8 ms of CPU time, docs/performance.md); for every other
 * command it executes flitlab-cli-full (FLITLAB_CLI_LEAN), the same program with every
 * command, with the same arguments.
 */

#include "config.h"

/* SIGXFSZ: -std=c17 shows only what ISO C has unless asked. */
#define _DEFAULT_SOURCE

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n.h>

#include "flitlab-file-write.h"
#include "flitlab-input.h"
#include "flitlab-limits.h"
#include "flitlab-locale.h"

#include "flitlab-cli-private.h"

#define FLITLAB_CLI_ERROR (flitlab_cli_error_quark ())
static GQuark flitlab_cli_error_quark (void);
G_DEFINE_QUARK (flitlab-cli-error-quark, flitlab_cli_error)

/* A CSV or table cell for a number: enough digits to be useful, locale-independent. */
void
flitlab_cli_format_number (char   *buf,
                           gsize   len,
                           double  value)
{
  /* A quantity with no value (a saturated latency, a load with no messages) is empty. */
  if (!isfinite (value))
    *buf = '\0';
  else
    g_ascii_formatd (buf, len, "%.10g", value);
}

gboolean
flitlab_cli_usage_error (GError     **error,
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
gboolean
flitlab_cli_check_output (const char  *option,
                          const char  *path,
                          gboolean     stdout_used,
                          GError     **error)
{
  if (path == NULL)
    return TRUE;
  if (stdout_used && g_str_equal (path, "-"))
    return flitlab_cli_usage_error (error, _("%s - would mix its file into the results on standard "
                                             "output: name a file, or /dev/stdout with the results "
                                             "sent elsewhere"),
                                    option);
  if (!flitlab_file_check (path, error))
    {
      if (option != NULL)
        g_prefix_error (error, "%s: ", option);
      return FALSE;
    }
  return TRUE;
}

gboolean
flitlab_cli_parse_options (GOptionContext  *context,
                           int             *argc,
                           char          ***argv,
                           GError         **error)
{
  g_option_context_set_help_enabled (context, TRUE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  return g_option_context_parse (context, argc, argv, error);
}

/* A load: the one check of a load (flitlab-limits.h), as a project file's and the editor's. */
gboolean
flitlab_cli_parse_rate (const char  *text,
                        double      *rate,
                        GError     **error)
{
  return flitlab_limits_parse_load (text, rate, error);
}

/* "0.001,0.002" or "A:B:N" (N evenly spaced rates from A to B). */
GArray *
flitlab_cli_parse_rates (const char  *text,
                         GError     **error)
{
  g_autoptr(GArray) rates = g_array_new (FALSE, FALSE, sizeof (double));
  g_auto(GStrv) range = g_strsplit (text, ":", -1);

  if (g_strv_length (range) == 3)
    {
      double a, b;
      guint64 n;

      if (!flitlab_cli_parse_rate (range[0], &a, error) ||
          !flitlab_cli_parse_rate (range[1], &b, error))
        return NULL;
      if (!g_ascii_string_to_unsigned (range[2], 10, 1, 100000, &n, NULL))
        {
          flitlab_cli_usage_error (error,
                                   _("In --rates A:B:N, N must be a whole number from 1 to 100000, "
                                     "not “%s”"),
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

          if (!flitlab_cli_parse_rate (g_strstrip (parts[i]), &r, error))
            return NULL;
          g_array_append_val (rates, r);
        }
    }
  if (rates->len == 0)
    {
      flitlab_cli_usage_error (error,
                               _("--rates takes a list such as 0.001,0.002 or a range A:B:N, not "
                                 "“%s”"), text);
      return NULL;
    }
  return g_steal_pointer (&rates);
}

gboolean
flitlab_cli_print_progress (double   fraction,
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

gboolean
flitlab_cli_parse_uint64 (const char  *option,
                          const char  *text,
                          guint64      min,
                          guint64      max,
                          guint64     *out,
                          GError     **error)
{
  if (text == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (text, 10, min, max, out, NULL))
    return flitlab_cli_usage_error (error,
                                    _("%s takes a whole number from %llu to %llu, not “%s”"),
                                    option,
                                    (unsigned long long) min, (unsigned long long) max, text);
  return TRUE;
}

/* ---- main --------------------------------------------------------------------------- */

#ifdef FLITLAB_CLI_LEAN
static char **full_argv;

/* flitlab-cli-full: beside this program when it runs from the build tree (or from a prefix
 * that keeps the two together), else where meson installs it. */
static char *
full_path (void)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);

  if (self != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (self);
      char *sibling = g_build_filename (dir, "flitlab-cli-full", NULL);

      if (g_file_test (sibling, G_FILE_TEST_IS_EXECUTABLE))
        return sibling;
      g_free (sibling);
    }
  return g_strdup (FLITLAB_CLI_FULL);
}

/* A command this program leaves to flitlab-cli-full, given the whole command line; returns only
 * when it cannot be started. */
gboolean
flitlab_cli_run_in_full (int      argc,
                         char   **argv,
                         GError **error)
{
  g_autofree char *path = full_path ();
  int saved_errno;

  fflush (stdout);
  fflush (stderr);
  execv (path, full_argv);
  saved_errno = errno;
  return flitlab_cli_usage_error (error, "%s: %s", path, g_strerror (saved_errno));
}

#define FULL(command) flitlab_cli_run_in_full
#else
#define FULL(command) command
#endif

typedef struct
{
  const char *name;
  gboolean  (*run) (int, char **, GError **);
  const char *summary;
} Command;

static const Command commands[] = {
  { "topology", FULL (flitlab_cli_cmd_topology),
    N_("Describe a network: nodes, channels, diameter, mean distance") },
  { "models", FULL (flitlab_cli_cmd_models),
    N_("List the analytical models, their parameters and papers") },
  { "model", FULL (flitlab_cli_cmd_model),
    N_("Evaluate a model at a list of loads (table or CSV)") },
  { "simulate", flitlab_cli_cmd_simulate,
    N_("Run the flit-level wormhole simulator at a list of loads") },
  { "run", FULL (flitlab_cli_cmd_run),
    N_("Run every study of a project headless and save the results into it") },
  { "grid", FULL (flitlab_cli_cmd_grid),
    N_("Write a project of one study per combination of settings") },
  { "export", FULL (flitlab_cli_cmd_export),
    N_("Draw a study's figure to SVG, PDF or PNG, or its data to CSV") },
  { "validate", FULL (flitlab_cli_cmd_validate), N_("Check .flitlab project files") },
  { "traffic", FULL (flitlab_cli_cmd_traffic), N_("Write a traffic pattern's matrix as CSV") },
  { "import-booksim", FULL (flitlab_cli_cmd_import_booksim),
    N_("Read a BookSim 2 configuration into a project's study") },
  { "export-booksim", FULL (flitlab_cli_cmd_export_booksim),
    N_("Write a study as a BookSim 2 configuration") },
  { "import-booksim-results", FULL (flitlab_cli_cmd_import_booksim_results),
    N_("Add BookSim 2's printed results to a study as reference points") },
};

static void
print_help (FILE *stream)
{
  int width = 0;

  fprintf (stream, "%s",
           _("Usage: flitlab-cli COMMAND [OPTIONS…]\n\n"
             "Study wormhole-routed interconnection networks from the command line.\n\n"
             "Commands:\n"));
  /* The summaries in one column, after the longest name. */
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    width = MAX (width, (int) strlen (commands[i].name));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (stream, "  %-*s %s\n", width, commands[i].name, _(commands[i].summary));
  fprintf (stream, "%s",
           _("\nflitlab-cli COMMAND --help shows a command's options.\n"
             "Loads are message generation rates in messages per cycle per node.\n\n"
             "Examples:\n"));
  fprintf (stream,
           "  flitlab-cli topology torus:16x16x16:uni\n"
           "  flitlab-cli model ciciani-bi-torus --param k=6x6x6 --param flits=12 --rates "
           "0.001:0.01:10 --format csv\n");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  const char *name;

#ifdef FLITLAB_CLI_LEAN
  full_argv = argv;
#endif

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
    g_autofree char *message = g_strdup_printf (_("unknown command “%s” (flitlab-cli --help "
                                                  "lists the commands)"), name);
    g_autofree char *line = flitlab_input_message_line (message);

    g_printerr ("flitlab-cli: %s\n", line);
  }
  return 2;
}
