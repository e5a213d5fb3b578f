/* flitlab-cli-private.h: what flitlab-cli's files share, one file per group of commands:
 * topology, models and model (flitlab-cli-model.c), simulate (-simulate.c), run, grid and
 * validate (-run.c), export (-export.c), traffic (-traffic.c), import-booksim, export-booksim
 * and import-booksim-results (-booksim.c); flitlab-cli.c holds main and these helpers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "flitlab-sim.h"
#include "flitlab-topology.h"

G_BEGIN_DECLS

/* The commands: each parses its own options and returns FALSE with error set on failure. */
gboolean flitlab_cli_cmd_topology  (int      argc,
                                    char   **argv,
                                    GError **error);
gboolean flitlab_cli_cmd_models    (int      argc,
                                    char   **argv,
                                    GError **error);
gboolean flitlab_cli_cmd_model     (int      argc,
                                    char   **argv,
                                    GError **error);
gboolean flitlab_cli_cmd_simulate  (int      argc,
                                    char   **argv,
                                    GError **error);
gboolean flitlab_cli_cmd_run       (int      argc,
                                    char   **argv,
                                    GError **error);
gboolean flitlab_cli_cmd_grid      (int      argc,
                                    char   **argv,
                                    GError **error);
gboolean flitlab_cli_cmd_export    (int      argc,
                                    char   **argv,
                                    GError **error);
gboolean flitlab_cli_cmd_traffic   (int      argc,
                                    char   **argv,
                                    GError **error);
gboolean flitlab_cli_cmd_validate  (int      argc,
                                    char   **argv,
                                    GError **error);
gboolean flitlab_cli_cmd_import_booksim (int      argc,
                                         char   **argv,
                                         GError **error);
gboolean flitlab_cli_cmd_export_booksim (int      argc,
                                         char   **argv,
                                         GError **error);
gboolean flitlab_cli_cmd_import_booksim_results (int      argc,
                                                 char   **argv,
                                                 GError **error);

/* A CSV or table cell for a number: enough digits to be useful, locale-independent. */
void     flitlab_cli_format_number (char   *buf,
                                    gsize   len,
                                    double  value);
/* Sets error to the message and returns FALSE. */
gboolean flitlab_cli_usage_error   (GError     **error,
                                    const char  *format,
                                    ...) G_GNUC_PRINTF (2, 3);
/* An output named by option (NULL: the input, saved in place), checked before the long work. */
gboolean flitlab_cli_check_output  (const char  *option,
                                    const char  *path,
                                    gboolean     stdout_used,
                                    GError     **error);
gboolean flitlab_cli_parse_options (GOptionContext  *context,
                                    int             *argc,
                                    char          ***argv,
                                    GError         **error);
/* A load, checked as a project file's and the editor's. */
gboolean flitlab_cli_parse_rate    (const char  *text,
                                    double      *rate,
                                    GError     **error);
/* "0.001,0.002" or "A:B:N" (N evenly spaced rates from A to B). */
GArray  *flitlab_cli_parse_rates   (const char  *text,
                                    GError     **error);
/* A whole number from min to max given to option; out is left as it is when text is NULL. */
gboolean flitlab_cli_parse_uint64  (const char  *option,
                                    const char  *text,
                                    guint64      min,
                                    guint64      max,
                                    guint64     *out,
                                    GError     **error);
#ifdef FLITLAB_CLI_LEAN
/* Executes flitlab-cli-full with this program's whole command line; returns only when it
 * cannot be started. */
gboolean flitlab_cli_run_in_full   (int      argc,
                                    char   **argv,
                                    GError **error);
#else
/* simulate --traffic trace (flitlab-cli-trace.c): the options that only a trace takes. */
typedef struct
{
  const char *path;            /* --trace */
  const char *scale;           /* --trace-scale, or NULL */
  const char *rates;           /* --rates: scale factors, or NULL */
  gboolean    timestamps_only; /* --trace-timestamps */
  const char *window;          /* --trace-window, or NULL */
  const char *utilisation;     /* --utilisation-output, or NULL */
  gboolean    csv;
  gboolean    progress;
} FlitlabCliTrace;

gboolean flitlab_cli_simulate_trace (FlitlabSimConfig       *config,
                                     const FlitlabTopology  *topology,
                                     const FlitlabCliTrace  *trace,
                                     GError                **error);
#endif

/* flitlab-cli simulate's columns, in order (added at the end, never renamed or moved), and a
 * row of them: cells[i] for column i, "" for none; a table pads, CSV separates by commas. */
const char * const *flitlab_cli_simulate_columns (guint *n_columns);
void     flitlab_cli_append_row    (GString            *out,
                                    gboolean            csv,
                                    const char * const *cells,
                                    guint               n_cells);

/* Progress on stderr: a FlitlabProgressFunc. */
gboolean flitlab_cli_print_progress (double   fraction,
                                     double   seconds_left,
                                     gpointer user_data);

G_END_DECLS
