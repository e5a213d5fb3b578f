/* bench-sweep.c: a study's simulation jobs timed one by one, replayed through flitlab-mpi's
 * schedule on many ranks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   bench-sweep PROJECT.flitlab STUDY [GRID]
 *
 * Runs every job (load, replication) of the study's simulation alone on one thread and prints
 * its seconds beside the cost flitlab-mpi estimates for it (flitlab_sim_jobs_job_cost()). Then a
 * small discrete-event model of flitlab-mpi replays those seconds: rank 0 and P - 1 other
 * ranks, one job each at a time, the jobs handed out in the master's order (costliest
 * estimate first) to whichever rank is free first; each finished job's raw sums cross the
 * link to rank 0 (LINK_LATENCY plus their bytes at LINK_BANDWIDTH) and rank 0 takes them one
 * at a time (its measured time to check and keep them); rank 0 alone evaluates the models and
 * pools and saves at the end (measured here as the pooling). Prints the predicted time and
 * efficiency T1 / (P TP) at 1, 2, 16, 64 and 256 ranks, for the study alone and for a grid of
 * GRID (default 27) studies with the same jobs.
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flitlab-project-xml.h"
#include "flitlab-study-run.h"
#include "flitlab-sim-jobs.h"

/* An interconnect of the clusters flitlab-mpi targets (10 Gb/s Ethernet and better). */
#define LINK_LATENCY   20e-6  /* seconds per message */
#define LINK_BANDWIDTH 1e9    /* bytes per second */

typedef struct
{
  double seconds;   /* to simulate */
  double estimate;  /* flitlab-mpi's cost estimate */
  gsize  bytes;     /* of its raw sums */
} Job;

static int
by_estimate (gconstpointer a,
             gconstpointer b)
{
  const Job *x = a, *y = b;

  return x->estimate > y->estimate ? -1 : x->estimate < y->estimate;
}

/* The makespan of jobs (already in the master's order) on n_ranks ranks. */
static double
replay (const Job *jobs,
        guint      n_jobs,
        guint      n_ranks,
        double     take_seconds,
        double     serial_seconds)
{
  g_autofree double *free_at = g_new0 (double, n_ranks);
  double master_free = 0, end = 0;

  for (guint j = 0; j < n_jobs; j++)
    {
      guint r = 0;
      double done, arrive;

      /* The rank free first asks for the next job; its answer crosses the link (rank 0's own
       * threads need no message). */
      for (guint k = 1; k < n_ranks; k++)
        if (free_at[k] < free_at[r])
          r = k;
      done = free_at[r] + (r > 0 ? LINK_LATENCY : 0) + jobs[j].seconds;
      /* Its raw sums cross the link, and rank 0 takes results one at a time. */
      arrive = done + (r > 0 ? LINK_LATENCY + jobs[j].bytes / LINK_BANDWIDTH : 0);
      master_free = MAX (master_free, arrive) + take_seconds;
      free_at[r] = r > 0 ? arrive : done;
      end = MAX (end, master_free);
    }
  return end + serial_seconds;
}

int
main (int   argc,
      char *argv[])
{
  static const guint ranks[] = { 1, 2, 16, 64, 256 };
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabProject) project = NULL;
  g_autoptr(FlitlabSimConfig) config = NULL;
  g_autoptr(FlitlabSimJobs) sim_jobs = NULL;
  g_autoptr(FlitlabSimResult) result = NULL;
  g_autoptr(GArray) jobs = g_array_new (FALSE, FALSE, sizeof (Job));
  g_autoptr(GArray) grid_jobs = g_array_new (FALSE, FALSE, sizeof (Job));
  g_autoptr(GBytes) copy = NULL;
  FlitlabStudy *study;
  GBytes **raw;
  guint n_jobs, grid = argc > 3 ? (guint) atoi (argv[3]) : 27;
  double total = 0, take_seconds, serial_seconds;
  gint64 start;

  if (argc < 3 || grid < 1)
    {
      fprintf (stderr, "Usage: bench-sweep PROJECT.flitlab STUDY [GRID]\n");
      return 2;
    }
  project = flitlab_project_load (argv[1], &error);
  study = project != NULL ? flitlab_project_find_study (project, argv[2]) : NULL;
  if (study == NULL)
    {
      fprintf (stderr, "bench-sweep: %s\n", error != NULL ? error->message : "no such study");
      return 1;
    }
  start = g_get_monotonic_time ();
  if (!flitlab_study_run_evaluate_models (study, &error) ||
      (config = flitlab_study_run_new_sim_config (study, &error)) == NULL ||
      (sim_jobs = flitlab_sim_jobs_new (config, &error)) == NULL)
    {
      fprintf (stderr, "bench-sweep: %s\n", error->message);
      return 1;
    }
  serial_seconds = (g_get_monotonic_time () - start) / 1e6;
  n_jobs = flitlab_sim_jobs_get_n_jobs (sim_jobs);
  raw = g_new0 (GBytes *, n_jobs);

  printf ("%s, %s: %u jobs, one at a time on one thread\n", argv[2], config->topology, n_jobs);
  printf ("%-5s %-12s %-4s %-14s %-10s %s\n", "job", "load", "rep", "estimate", "seconds",
          "cycles/s");
  for (guint j = 0; j < n_jobs; j++)
    {
      guint rate_index = j / config->replications;
      double latency = flitlab_study_run_model_latency (study, rate_index);
      Job job;

      start = g_get_monotonic_time ();
      raw[j] = flitlab_sim_jobs_run_job (sim_jobs, j, NULL, NULL, &error);
      if (raw[j] == NULL)
        {
          fprintf (stderr, "bench-sweep: %s\n", error->message);
          return 1;
        }
      job.seconds = (g_get_monotonic_time () - start) / 1e6;
      job.estimate = flitlab_sim_jobs_job_cost (sim_jobs, j, latency);
      job.bytes = g_bytes_get_size (raw[j]);
      total += job.seconds;
      g_array_append_val (jobs, job);
      printf ("%-5u %-12.6g %-4u %-14.4g %-10.2f %.0f\n", j, config->rates[rate_index],
              j % config->replications, job.estimate, job.seconds,
              flitlab_sim_jobs_get_job_cycles (sim_jobs) / job.seconds);
      fflush (stdout);
    }

  /* Rank 0 keeping a result: a copy of its bytes (the receive) and the check. */
  start = g_get_monotonic_time ();
  for (guint i = 0; i < 100; i++)
    {
      g_clear_pointer (&copy, g_bytes_unref);
      copy = g_bytes_new (g_bytes_get_data (raw[0], NULL), g_bytes_get_size (raw[0]));
      flitlab_sim_jobs_check_raw (sim_jobs, copy, NULL);
    }
  take_seconds = (g_get_monotonic_time () - start) / 1e6 / 100;
  start = g_get_monotonic_time ();
  result = flitlab_sim_jobs_combine (sim_jobs, raw);
  serial_seconds += (g_get_monotonic_time () - start) / 1e6;

  printf ("\nsum of the jobs %.1f s; rank 0 takes a result (%zu bytes) in %.3f ms; models and "
          "pooling %.3f s\n", total, g_bytes_get_size (raw[0]), 1e3 * take_seconds, serial_seconds);
  printf ("correlation of estimate and seconds: ");
  {
    double sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0, n = jobs->len;

    for (guint j = 0; j < jobs->len; j++)
      {
        const Job *job = &g_array_index (jobs, Job, j);

        sx += job->estimate;
        sy += job->seconds;
        sxx += job->estimate * job->estimate;
        syy += job->seconds * job->seconds;
        sxy += job->estimate * job->seconds;
      }
    printf ("%.3f\n", (n * sxy - sx * sy) / sqrt ((n * sxx - sx * sx) * (n * syy - sy * sy)));
  }

  for (guint g = 0; g < grid; g++)
    g_array_append_vals (grid_jobs, jobs->data, jobs->len);
  g_array_sort (jobs, by_estimate);
  g_array_sort (grid_jobs, by_estimate);

  printf ("\npredicted by replaying these jobs through flitlab-mpi's schedule\n"
          "(link %.0f us + %.0f MB/s per message)\n", LINK_LATENCY * 1e6, LINK_BANDWIDTH / 1e6);
  printf ("%-6s %-14s %-12s %-14s %s\n", "ranks", "study s", "efficiency",
          "grid s", "efficiency");
  for (guint i = 0; i < G_N_ELEMENTS (ranks); i++)
    {
      double one = replay ((Job *) jobs->data, jobs->len, 1, take_seconds, serial_seconds);
      double one_grid = replay ((Job *) grid_jobs->data, grid_jobs->len, 1, take_seconds,
                                grid * serial_seconds);
      double t = replay ((Job *) jobs->data, jobs->len, ranks[i], take_seconds, serial_seconds);
      double t_grid = replay ((Job *) grid_jobs->data, grid_jobs->len, ranks[i], take_seconds,
                              grid * serial_seconds);

      printf ("%-6u %-14.1f %-12.2f %-14.1f %.2f\n", ranks[i], t, one / (ranks[i] * t), t_grid,
              one_grid / (ranks[i] * t_grid));
    }
  printf ("(grid: %u studies with these jobs, %u jobs)\n", grid, grid_jobs->len);

  for (guint j = 0; j < n_jobs; j++)
    g_bytes_unref (raw[j]);
  g_free (raw);
  return 0;
}
