/* flitlab-job-pool.h: independent simulation jobs on a pool of threads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "flitlab-sim.h"

G_BEGIN_DECLS

/* Called every few thousand cycles from a job; returns FALSE to stop. */
typedef gboolean (*FlitlabSimTick) (guint64  cycles_done,
                                    guint64  cycles_expected,
                                    gpointer tick_data);

/* Runs job number `job`, writing its results where user_data says; the random stream of a
 * job must depend on `job` only, so results do not depend on the threads. */
typedef gboolean (*FlitlabJobFunc) (guint            job,
                                    FlitlabSimTick   tick,
                                    gpointer         tick_data,
                                    gpointer         user_data,
                                    GError         **error);

/* Runs n_jobs jobs on `threads` threads (0: one per core), reporting the summed progress
 * through progress. Returns FALSE with the first failure in job order (a real failure before
 * a cancellation), or FLITLAB_SIM_ERROR_CANCELLED when progress asked to stop. */
gboolean flitlab_job_pool_run (guint                n_jobs,
                               guint                threads,
                               guint64              cycles_per_job,
                               FlitlabJobFunc    run_job,
                               gpointer             user_data,
                               FlitlabProgressFunc  progress,
                               gpointer             progress_data,
                               GError             **error);

/* One simulation's jobs, to share a pool with other simulations' (flitlab-cli run). cost: each
 * job's expected work (flitlab_sim_jobs_job_cost()), so that the costliest jobs of all the sets
 * go first and a job not started is timed from the speed, in work per second, of a job
 * already running; NULL: a job's number stands for its cost (jobs go by load, the highest
 * costliest) and every job does the same work per cycle. */
typedef struct
{
  guint              n_jobs;
  guint64            cycles_per_job;
  FlitlabJobFunc  run_job;
  gpointer           user_data;
  const double      *cost;
} FlitlabJobPoolSet;

/* Runs the jobs of n_sets sets on one pool, as flitlab_job_pool_run() runs one set's, with one
 * progress over them all. The first failure in job order is that of the first set, in order,
 * that failed: *failed (may be NULL) gets its index, or n_sets when progress asked to stop. */
gboolean flitlab_job_pool_run_sets (const FlitlabJobPoolSet *sets,
                                    guint                    n_sets,
                                    guint                    threads,
                                    FlitlabProgressFunc      progress,
                                    gpointer                 progress_data,
                                    guint                   *failed,
                                    GError                 **error);

/* Batch means pooled over replications: add each replication's batches (sums and counts of
 * the measured values), then the half-width of the 95% interval of the mean (NaN with fewer
 * than two non-empty batches). */
typedef struct
{
  double sum;
  double sumsq;
  guint  n;
} FlitlabBatchMeans;

void     flitlab_batch_means_add  (FlitlabBatchMeans *means,
                                   const double      *batch_sum,
                                   const guint64     *batch_count,
                                   guint              n_batches);
double   flitlab_batch_means_ci95 (const FlitlabBatchMeans *means);

G_END_DECLS
