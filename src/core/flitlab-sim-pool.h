/* flitlab-sim-pool.h: independent simulation jobs on a pool of threads
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
typedef gboolean (*FlitlabSimJobFunc) (guint            job,
                                       FlitlabSimTick   tick,
                                       gpointer         tick_data,
                                       gpointer         user_data,
                                       GError         **error);

/* Runs n_jobs jobs on `threads` threads (0: one per core), reporting the summed progress
 * through progress. Returns FALSE with the first failure in job order (a real failure before
 * a cancellation), or FLITLAB_SIM_ERROR_CANCELLED when progress asked to stop. */
gboolean flitlab_sim_pool_run (guint                n_jobs,
                               guint                threads,
                               guint64              cycles_per_job,
                               FlitlabSimJobFunc    run_job,
                               gpointer             user_data,
                               FlitlabProgressFunc  progress,
                               gpointer             progress_data,
                               GError             **error);

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
