/* bench-main-loop.c: the longest main-loop stall while a simulation runs in the background
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window's task (FlitlabStudyTask) simulates an 8x8 torus at 20 loads on its worker
 * threads while the main loop runs a 1 ms timer and the task's progress notifications. The
 * longest gap between two timer ticks is the longest time the window could not redraw or
 * answer input. Target: under 16 ms (one frame at 60 Hz).
 */

#include "config.h"

#include <stdio.h>

#include "flitlab-study-task.h"

typedef struct
{
  GMainLoop *loop;
  gint64     last_tick;
  gint64     longest;
  guint      ticks;
  guint      notifications;
} Probe;

static gboolean
tick (gpointer data)
{
  Probe *probe = data;
  gint64 now = g_get_monotonic_time ();

  if (probe->last_tick > 0)
    probe->longest = MAX (probe->longest, now - probe->last_tick);
  probe->last_tick = now;
  probe->ticks++;
  return G_SOURCE_CONTINUE;
}

static void
on_fraction (Probe *probe)
{
  probe->notifications++;
}

static void
on_done (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  Probe *probe = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabStudy) study = flitlab_study_task_run_finish (FLITLAB_STUDY_TASK (source),
                                                                 result, &error);

  if (study == NULL)
    printf ("simulation failed: %s\n", error->message);
  g_main_loop_quit (probe->loop);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("8x8 torus");
  g_autoptr(FlitlabStudyTask) task = flitlab_study_task_new ();
  Probe probe = { g_main_loop_new (NULL, FALSE), 0, 0, 0, 0 };
  gint64 start;

  study->rate_min = 0.0005;
  study->rate_max = 0.01;
  study->n_rates = 20;
  study->flits = 16;
  study->simulation.vcs = 2;
  study->simulation.replications = 2;
  study->simulation.cycles = 200000;

  g_timeout_add (1, tick, &probe);
  g_signal_connect_swapped (task, "notify::fraction", G_CALLBACK (on_fraction), &probe);
  start = g_get_monotonic_time ();
  flitlab_study_task_run_async (task, study, NULL, on_done, &probe);
  g_main_loop_run (probe.loop);

  printf ("simulation %.2f s on %u threads, %u main-loop ticks, %u progress notifications\n",
          (g_get_monotonic_time () - start) / 1e6, g_get_num_processors (), probe.ticks,
          probe.notifications);
  printf ("longest main-loop stall: %.2f ms (target 16 ms) %s\n", probe.longest / 1000.0,
          probe.longest < 16000 ? "ok" : "SLOW");
  g_main_loop_unref (probe.loop);
  return probe.longest >= 16000;
}
