/* flitlab-cli-trace.c: flitlab-cli simulate --traffic trace (flitlab-cli-full only)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One replay per scale factor (--trace-scale, or --rates read as scale factors), each reading
 * the file afresh, one row of simulate's columns each; rows and the utilisation file are
 * written only once every replay has succeeded.
 */

#include "config.h"

#include <math.h>
#include <stdio.h>

#include <glib/gi18n.h>

#include "flitlab-file-write.h"
#include "flitlab-latency.h"
#include "flitlab-sim-replay.h"
#include "flitlab-trace-file.h"

#include "flitlab-cli-private.h"

#define DEFAULT_WINDOW 1000
#define MAX_SCALE 1e6

/* A scale factor: a finite number above 0, at most MAX_SCALE. */
static gboolean
parse_scale (const char  *option,
             const char  *text,
             double      *scale,
             GError     **error)
{
  char *end = NULL;
  double value = g_ascii_strtod (text, &end);

  if (end == text || *end != '\0' || !isfinite (value) || value <= 0 || value > MAX_SCALE)
    return flitlab_cli_usage_error (error, _("%s takes scale factors above 0 and at most %g, "
                                             "not “%s”"), option, MAX_SCALE, text);
  *scale = value;
  return TRUE;
}

/* "S" (--trace-scale), or --rates' "A,B,..." or "A:B:N" as scale factors. */
static GArray *
parse_scales (const FlitlabCliTrace  *trace,
              GError                **error)
{
  g_autoptr(GArray) scales = g_array_new (FALSE, FALSE, sizeof (double));
  double scale = 1;

  if (trace->rates == NULL)
    {
      if (trace->scale != NULL && !parse_scale ("--trace-scale", trace->scale, &scale, error))
        return NULL;
      g_array_append_val (scales, scale);
    }
  else
    {
      g_auto(GStrv) range = g_strsplit (trace->rates, ":", -1);

      if (g_strv_length (range) == 3)
        {
          double a = 0, b = 0;
          guint64 n;

          if (!parse_scale ("--rates", range[0], &a, error) ||
              !parse_scale ("--rates", range[1], &b, error))
            return NULL;
          if (!g_ascii_string_to_unsigned (range[2], 10, 1, FLITLAB_MAX_RATES, &n, NULL))
            {
              flitlab_cli_usage_error (error, _("In --rates A:B:N, N must be a whole number from "
                                                "1 to %u, not “%s”"), FLITLAB_MAX_RATES,
                                       range[2]);
              return NULL;
            }
          for (guint64 i = 0; i < n; i++)
            {
              double s = n == 1 ? a : a + (b - a) * ((double) i / (double) (n - 1));

              g_array_append_val (scales, s);
            }
        }
      else
        {
          g_auto(GStrv) items = g_strsplit (trace->rates, ",", -1);

          for (guint i = 0; items[i] != NULL; i++)
            {
              if (!parse_scale ("--rates", g_strstrip (items[i]), &scale, error))
                return NULL;
              g_array_append_val (scales, scale);
            }
          if (scales->len > FLITLAB_MAX_RATES)
            {
              flitlab_cli_usage_error (error, _("--rates gives at most %u scale factors"),
                                       FLITLAB_MAX_RATES);
              return NULL;
            }
        }
    }
  return g_steal_pointer (&scales);
}

typedef struct
{
  GString *csv;
  double   scale;
  guint64  window;   /* windows written for this scale */
} Utilisation;

static void
write_window (guint64        start,
              guint64        cycles,
              const guint64 *flits,
              guint          n_channels,
              gpointer       user_data)
{
  Utilisation *u = user_data;
  char scale[G_ASCII_DTOSTR_BUF_SIZE];

  flitlab_cli_format_number (scale, sizeof scale, u->scale);
  for (guint c = 0; c < n_channels; c++)
    {
      char share[G_ASCII_DTOSTR_BUF_SIZE];

      flitlab_cli_format_number (share, sizeof share, (double) flits[c] / (double) cycles);
      g_string_append_printf (u->csv, "%s,%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT ",%"
                              G_GUINT64_FORMAT ",%u,%s\n", scale, u->window, start, cycles, c,
                              share);
    }
  u->window++;
}

/* One replay's row of simulate's columns. */
static void
append_result (GString                   *out,
               gboolean                   csv,
               const FlitlabReplayResult *r)
{
  guint n_columns;
  const char * const *columns = flitlab_cli_simulate_columns (&n_columns);
  const double values[] = {
    r->scale, r->latency[FLITLAB_LATENCY_TOTAL], NAN, r->latency[FLITLAB_LATENCY_NETWORK],
    r->throughput, r->queueing, r->mean_hops, (double) r->messages,
    r->latency[FLITLAB_LATENCY_TRANSIT], NAN, NAN, r->latency[FLITLAB_LATENCY_SOURCE_TRANSIT],
    NAN, NAN, r->latency_p50, r->latency_p95, r->latency_p99, (double) r->makespan,
  };
  char text[G_N_ELEMENTS (values)][G_ASCII_DTOSTR_BUF_SIZE];
  const char *cells[G_N_ELEMENTS (values)];

  /* One replay has no confidence intervals: those columns stay empty. */
  g_assert (n_columns == G_N_ELEMENTS (values));
  for (guint c = 0; c < G_N_ELEMENTS (values); c++)
    {
      text[c][0] = '\0';
      /* As a sweep's saturated load: the word in the latency column, no makespan. */
      if (r->saturated && g_str_equal (columns[c], "latency"))
        g_strlcpy (text[c], "saturated", sizeof text[c]);
      else if (r->saturated && g_str_equal (columns[c], "makespan"))
        ;
      else if (g_str_equal (columns[c], "messages"))
        g_snprintf (text[c], sizeof text[c], "%" G_GUINT64_FORMAT, r->messages);
      else if (g_str_equal (columns[c], "makespan"))
        g_snprintf (text[c], sizeof text[c], "%" G_GUINT64_FORMAT, r->makespan);
      else if (isfinite (values[c]))
        flitlab_cli_format_number (text[c], sizeof text[c], values[c]);
      cells[c] = text[c];
    }
  flitlab_cli_append_row (out, csv, cells, G_N_ELEMENTS (cells));
}

gboolean
flitlab_cli_simulate_trace (FlitlabSimConfig       *config,
                            const FlitlabTopology  *topology,
                            const FlitlabCliTrace  *trace,
                            GError                **error)
{
  guint n_nodes = flitlab_topology_get_n_nodes (topology);
  g_autoptr(GArray) scales = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GString) utilisation = NULL;
  guint64 window = DEFAULT_WINDOW;
  guint n_columns;
  const char * const *columns = flitlab_cli_simulate_columns (&n_columns);

  if (trace->rates != NULL && trace->scale != NULL)
    return flitlab_cli_usage_error (error, _("--trace-scale and --rates both give scale factors "
                                             "of the trace: give one"));
  if (trace->window != NULL && trace->utilisation == NULL)
    return flitlab_cli_usage_error (error, _("--trace-window needs --utilisation-output"));
  if ((scales = parse_scales (trace, error)) == NULL ||
      !flitlab_cli_parse_uint64 ("--trace-window", trace->window, 1, FLITLAB_MAX_CYCLES,
                                 &window, error) ||
      !flitlab_cli_check_output ("--utilisation-output", trace->utilisation, TRUE, error))
    return FALSE;
  if (trace->utilisation != NULL)
    utilisation = g_string_new ("scale,window,start,cycles,channel,utilization\n");

  flitlab_cli_append_row (out, trace->csv, columns, n_columns);
  for (guint i = 0; i < scales->len; i++)
    {
      g_autoptr(FlitlabTraceFile) file = flitlab_trace_file_open (trace->path, error);
      g_autoptr(FlitlabReplayResult) result = NULL;
      g_autofree char *display = g_filename_display_name (trace->path);
      Utilisation u = { utilisation, g_array_index (scales, double, i), 0 };
      FlitlabReplayOptions options = {
        .scale = g_array_index (scales, double, i),
        .timestamps_only = trace->timestamps_only,
        .window = utilisation != NULL ? window : 0,
        .window_func = write_window,
        .window_data = &u,
      };

      if (file == NULL)
        return FALSE;
      if (flitlab_trace_file_get_n_nodes (file) > n_nodes)
        {
          g_autofree char *spec = flitlab_topology_dup_spec (topology);

          return flitlab_cli_usage_error (error, _("%s: a Netrace trace of %u nodes needs a "
                                                   "network of as many (such as mesh:8x8), and "
                                                   "%s has %u"), display,
                                          flitlab_trace_file_get_n_nodes (file), spec, n_nodes);
        }
      flitlab_trace_file_set_network_nodes (file, n_nodes);
      result = flitlab_sim_replay (config, &options, flitlab_trace_file_next, file,
                                   flitlab_trace_file_get_n_messages (file),
                                   trace->progress ? flitlab_cli_print_progress : NULL, NULL,
                                   error);
      if (trace->progress)
        g_printerr ("\n");
      if (result == NULL)
        {
          /* The reader's errors name the file; the replay's say which message. */
          if (!g_error_matches (*error, FLITLAB_TRACE_FILE_ERROR,
                                FLITLAB_TRACE_FILE_ERROR_PARSE) &&
              !g_error_matches (*error, FLITLAB_TRACE_FILE_ERROR,
                                FLITLAB_TRACE_FILE_ERROR_TRUNCATED) &&
              (*error)->domain != G_FILE_ERROR)
            g_prefix_error (error, "%s: ", display);
          return FALSE;
        }
      append_result (out, trace->csv, result);
    }
  if (utilisation != NULL &&
      !flitlab_file_write (trace->utilisation, utilisation->str, utilisation->len, error))
    return FALSE;
  fputs (out->str, stdout);
  return TRUE;
}
