/* flitlab-sim-jobs.h: a wormhole simulation as independent jobs, their raw sums, and their pooling
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A simulation of n loads with R replications is n * R jobs; job j simulates load j / R,
 * replication j % R, with the random stream j, so what a job measures depends only on the
 * configuration and j, never on the thread or the process that runs it. A job's result is its
 * raw sums (batch sums, message counts, per-channel counters) packed into bytes, which can
 * travel between processes or wait in a checkpoint; flitlab_sim_jobs_combine() pools them in job
 * order into the finished statistics. flitlab_study_run_simulate() and flitlab-mpi both go this
 * way, so they save the same numbers.
 */

#pragma once

#include <glib.h>

#include "flitlab-job-pool.h"

G_BEGIN_DECLS

typedef struct _FlitlabSimJobs FlitlabSimJobs;

/* Checks the configuration as flitlab_sim_run() does and builds its network once. */
FlitlabSimJobs     *flitlab_sim_jobs_new        (const FlitlabSimConfig  *config,
                                                 GError                 **error);
void              flitlab_sim_jobs_free       (FlitlabSimJobs            *sim_jobs);

const FlitlabSimConfig *flitlab_sim_jobs_get_config (const FlitlabSimJobs *sim_jobs);
const FlitlabTopology  *flitlab_sim_jobs_get_topology (const FlitlabSimJobs *sim_jobs);
guint             flitlab_sim_jobs_get_n_jobs (const FlitlabSimJobs      *sim_jobs);
/* The load of job number job: a load's jobs are its replications, each of one or more
 * independent streams when the network is large (flitlab-sim-private.h), consecutive. */
guint             flitlab_sim_jobs_get_rate_index (const FlitlabSimJobs  *sim_jobs,
                                                   guint                job);
/* The virtual channels used, after the default. */
guint             flitlab_sim_jobs_get_vcs    (const FlitlabSimJobs      *sim_jobs);
/* The cycles one job is expected to run, for progress. */
guint64           flitlab_sim_jobs_get_job_cycles (const FlitlabSimJobs  *sim_jobs);

/* A job's expected cost in engine work, to hand out the costliest first: the cycles it runs
 * times the channels it sweeps plus the flits in flight, by Little's law from latency, a
 * model's latency at the job's load (NaN: none, the zero-load latency stands in; infinite:
 * beyond the model's saturation, where the network is full, four times the zero-load one). */
double            flitlab_sim_jobs_job_cost   (const FlitlabSimJobs      *sim_jobs,
                                               guint                    job,
                                               double                   latency);

/* Runs job number job (any thread; tick may be NULL) and returns its raw sums. */
GBytes           *flitlab_sim_jobs_run_job    (const FlitlabSimJobs      *sim_jobs,
                                               guint                    job,
                                               FlitlabSimTick           tick,
                                               gpointer                 tick_data,
                                               GError                 **error);

/* Whether raw holds the raw sums of a job of these sim_jobs (a message or a checkpoint read
 * back): the right size for its network. */
gboolean          flitlab_sim_jobs_check_raw  (const FlitlabSimJobs      *sim_jobs,
                                               GBytes                  *raw,
                                               GError                 **error);

/* Pools the replications of load rate_index from raw (every job's raw sums, in job order; only
 * that load's need be there) into point, whose arrays the caller frees. */
void              flitlab_sim_jobs_combine_load (const FlitlabSimJobs    *sim_jobs,
                                                 GBytes * const          *raw,
                                                 guint                    rate_index,
                                                 FlitlabSimPoint         *point);
/* Every load: the result flitlab_sim_run() would give. */
FlitlabSimResult *flitlab_sim_jobs_combine    (const FlitlabSimJobs      *sim_jobs,
                                               GBytes * const          *raw);

/* Runs every job on a pool of config->threads threads (0: one per core), then pools them. */
FlitlabSimResult *flitlab_sim_jobs_run        (const FlitlabSimJobs      *sim_jobs,
                                               FlitlabProgressFunc      progress,
                                               FlitlabPointFunc         point,
                                               gpointer                 user_data,
                                               GError                 **error);

/* The jobs as a set to share a pool with other simulations' (flitlab_job_pool_run_sets()):
 * set->user_data holds their raw sums until flitlab_sim_jobs_set_finish() pools them (ran: the pool
 * ran every job) and frees them. cost: as FlitlabJobPoolSet's, may be NULL; the set keeps it.
 * sim_jobs must outlive the set. */
void              flitlab_sim_jobs_set_init   (const FlitlabSimJobs      *sim_jobs,
                                               const double            *cost,
                                               FlitlabJobPoolSet       *set);
/* The result flitlab_sim_jobs_run() would give, NULL unless ran. */
FlitlabSimResult *flitlab_sim_jobs_set_finish (FlitlabJobPoolSet       *set,
                                               gboolean                 ran);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabSimJobs, flitlab_sim_jobs_free)

G_END_DECLS
