/* bench-trace-summary.c: how long "Trace from file…" takes to summarize a trace (its SHA-256
 * pass and its pass over the messages, flitlab_trace_summary_read()), best of three, for an
 * 8x8 network's 64 nodes. Write the traces with bench/bench-trace.py's writers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include <glib.h>

#include "flitlab-trace-summary.h"

int
main (int   argc,
      char *argv[])
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: %s TRACE...\n", argv[0]);
      return 2;
    }
  for (int a = 1; a < argc; a++)
    {
      double best = G_MAXDOUBLE;
      guint64 messages = 0;

      for (guint i = 0; i < 3; i++)
        {
          g_autoptr(GError) error = NULL;
          gint64 start = g_get_monotonic_time ();
          g_autoptr(FlitlabStudyTrace) trace = flitlab_trace_summary_read (argv[a], 64, &error);

          best = MIN (best, (g_get_monotonic_time () - start) / 1e6);
          if (trace == NULL)
            {
              fprintf (stderr, "%s\n", error->message);
              return 1;
            }
          messages = trace->messages;
        }
      printf ("%-40s %10" G_GUINT64_FORMAT " messages %8.3f s\n", argv[a], messages, best);
    }
  return 0;
}
