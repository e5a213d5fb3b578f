/* flitlab-sweep.h: a wormhole simulation as independent jobs, their raw sums, and their pooling
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A simulation of n loads with R replications is n * R jobs; job j simulates load j / R,
 * replication j % R, with the random stream j, so what a job measures depends only on the
 * configuration and j, never on the thread or the process that runs it. A job's result is its
 * raw sums (batch sums, message counts, per-channel counters) packed into bytes, which can
 * travel between processes or wait in a checkpoint; flitlab_sweep_combine() pools them in job
 * order into the finished statistics. flitlab_runner_simulate() and flitlab-mpi both go this
 * way, so they save the same numbers.
 */

#pragma once

#include <glib.h>

#include "flitlab-sim-pool.h"

G_BEGIN_DECLS

typedef struct _FlitlabSweep FlitlabSweep;

/* Checks the configuration as flitlab_sim_run() does and builds its network once. */
FlitlabSweep     *flitlab_sweep_new        (const FlitlabSimConfig  *config,
                                            GError                 **error);
void              flitlab_sweep_free       (FlitlabSweep            *sweep);

const FlitlabSimConfig *flitlab_sweep_get_config (const FlitlabSweep *sweep);
const FlitlabTopology  *flitlab_sweep_get_topology (const FlitlabSweep *sweep);
guint             flitlab_sweep_get_n_jobs (const FlitlabSweep      *sweep);
/* The load of job number job: a load's jobs are its replications, each of one or more
 * independent streams when the network is large (flitlab-sim-private.h), consecutive. */
guint             flitlab_sweep_get_rate_index (const FlitlabSweep  *sweep,
                                                guint                job);
/* The virtual channels used, after the default. */
guint             flitlab_sweep_get_vcs    (const FlitlabSweep      *sweep);
/* The cycles one job is expected to run, for progress. */
guint64           flitlab_sweep_get_job_cycles (const FlitlabSweep  *sweep);

/* A job's expected cost in engine work, to hand out the costliest first: the cycles it runs
 * times the channels it sweeps plus the flits in flight, by Little's law from latency, a
 * model's latency at the job's load (NaN: none, the zero-load latency stands in; infinite:
 * beyond the model's saturation, where the network is full, four times the zero-load one). */
double            flitlab_sweep_job_cost   (const FlitlabSweep      *sweep,
                                            guint                    job,
                                            double                   latency);

/* Runs job number job (any thread; tick may be NULL) and returns its raw sums. */
GBytes           *flitlab_sweep_run_job    (const FlitlabSweep      *sweep,
                                            guint                    job,
                                            FlitlabSimTick           tick,
                                            gpointer                 tick_data,
                                            GError                 **error);

/* Whether raw holds the raw sums of a job of this sweep (a message or a checkpoint read
 * back): the right size for its network. */
gboolean          flitlab_sweep_check_raw  (const FlitlabSweep      *sweep,
                                            GBytes                  *raw,
                                            GError                 **error);

/* Pools the replications of load rate_index from raw (every job's raw sums, in job order; only
 * that load's need be there) into point, whose arrays the caller frees. */
void              flitlab_sweep_combine_load (const FlitlabSweep    *sweep,
                                            GBytes * const          *raw,
                                            guint                    rate_index,
                                            FlitlabSimPoint         *point);
/* Every load: the result flitlab_sim_run() would give. */
FlitlabSimResult *flitlab_sweep_combine    (const FlitlabSweep      *sweep,
                                            GBytes * const          *raw);

/* Runs every job on a pool of config->threads threads (0: one per core), then pools them. */
FlitlabSimResult *flitlab_sweep_run        (const FlitlabSweep      *sweep,
                                            FlitlabProgressFunc      progress,
                                            FlitlabPointFunc         point,
                                            gpointer                 user_data,
                                            GError                 **error);

/* The sweep's jobs as a set to share a pool with other simulations' (flitlab_sim_pool_run_sets()):
 * set->user_data holds their raw sums until flitlab_sweep_set_finish() pools them (ran: the pool
 * ran every job) and frees them. cost: as FlitlabSimPoolSet's, may be NULL; the set keeps it.
 * The sweep must outlive the set. */
void              flitlab_sweep_set_init   (const FlitlabSweep      *sweep,
                                            const double            *cost,
                                            FlitlabSimPoolSet       *set);
/* The result flitlab_sweep_run() would give, NULL unless ran. */
FlitlabSimResult *flitlab_sweep_set_finish (FlitlabSimPoolSet       *set,
                                            gboolean                 ran);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabSweep, flitlab_sweep_free)

G_END_DECLS
