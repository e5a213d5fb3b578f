/* bench-trace-summary.c: how long "Trace from file…" takes to summarize a trace (its SHA-256
 * pass and its pass over the messages, flitlab_trace_summary_read()), best of three, for an
 * 8x8 network's 64 nodes: without progress or cancellable (the project reader's way) and with
 * both (the editor's). Write the traces with bench/bench-trace.py's writers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include <glib.h>

#include "flitlab-trace-summary.h"

/* What the editor's reading does with a report: keeps the fraction for the window to show. */
static gboolean
keep_fraction (double   fraction,
               double   seconds_left,
               gpointer data)
{
  g_atomic_int_set ((int *) data, (int) (fraction * 10000));
  return TRUE;
}

/* The best of three summaries of path, with the editor's cancellable and progress or without;
 * messages: the trace's. */
static double
measure (const char *path,
         gboolean    reported,
         guint64    *messages)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  double best = G_MAXDOUBLE;
  int fraction = 0;

  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GError) error = NULL;
      gint64 start = g_get_monotonic_time ();
      g_autoptr(FlitlabStudyTrace) trace =
        flitlab_trace_summary_read (path, 64, reported ? cancellable : NULL,
                                    reported ? keep_fraction : NULL, &fraction, &error);

      best = MIN (best, (g_get_monotonic_time () - start) / 1e6);
      if (trace == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          exit (1);
        }
      *messages = trace->messages;
    }
  return best;
}

int
main (int   argc,
      char *argv[])
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: %s TRACE...\n", argv[0]);
      return 2;
    }
  printf ("%-40s %10s %10s %12s\n", "trace", "messages", "seconds", "with_progress");
  for (int a = 1; a < argc; a++)
    {
      guint64 messages = 0;
      double plain = measure (argv[a], FALSE, &messages);
      double reported = measure (argv[a], TRUE, &messages);

      printf ("%-40s %10" G_GUINT64_FORMAT " %10.3f %12.3f\n", argv[a], messages, plain,
              reported);
    }
  return 0;
}
