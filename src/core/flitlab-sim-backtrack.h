/* flitlab-sim-backtrack.h: the finite-buffer hypercube with backtracking of 004, simulated
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "flitlab-job-pool.h"

G_BEGIN_DECLS

typedef struct
{
  guint    n;             /* dimensions of the Boolean n-cube */
  guint    buffers;       /* M >= n message buffers per node */
  guint    n_rates;
  double  *rates;         /* lambda: mean new messages per node per cycle (geometric) */
  guint64  seed;
  guint    replications;
  guint64  warmup;        /* cycles discarded */
  guint64  cycles;        /* cycles measured per replication */
  guint    threads;       /* 0: one per core */
  gboolean check;         /* check the algorithm's guarantees every cycle (slower) */
} FlitlabBacktrackConfig;

typedef struct
{
  double   rate;          /* lambda, offered */
  double   delay;         /* acceptance to delivery, cycles (the CSV's latency) */
  double   ci95;          /* of delay */
  double   throughput;    /* delivered messages per cycle per node (lambda P_A in equilibrium) */
  double   acceptance;    /* P_A: accepted / generated */
  double   queue;         /* mean messages stored per node at the start of a cycle */
  double   utilization;   /* u: probability a channel carries a message in a cycle */
  double   forward;       /* P_f */
  double   backtrack;     /* P_r */
  double   hops;          /* hops travelled per delivered message */
  double   power;         /* gamma P_A / T, gamma the network throughput */
  guint64  delivered;
  guint    n_nodes;
  double  *node_queue;    /* mean messages stored at each node */
  guint    n_channels;    /* of the hypercube topology: network, injection, ejection */
  double  *channel_utilization; /* per channel id of flitlab_topology_new_hypercube (n) */
} FlitlabBacktrackPoint;

typedef struct
{
  guint                  n_points;
  FlitlabBacktrackPoint *points;
} FlitlabBacktrackResult;

FlitlabBacktrackConfig *flitlab_backtrack_config_new  (guint                         n,
                                                       guint                         buffers);
void                    flitlab_backtrack_config_free (FlitlabBacktrackConfig       *config);
/* The checks flitlab_sim_backtrack_run() makes before it starts. */
gboolean                flitlab_backtrack_config_check (const FlitlabBacktrackConfig  *config,
                                                       GError                      **error);
FlitlabBacktrackResult *flitlab_sim_backtrack_run     (const FlitlabBacktrackConfig *config,
                                                       FlitlabProgressFunc           progress,
                                                       gpointer                      user_data,
                                                       GError                      **error);
void                    flitlab_backtrack_result_free (FlitlabBacktrackResult       *result);

/* A job's expected work, as flitlab_sim_jobs_job_cost() estimates a wormhole job's: latency is a
 * model's at the job's load (NaN: none; infinite: beyond its saturation). */
double                  flitlab_backtrack_job_cost    (const FlitlabBacktrackConfig *config,
                                                       guint                         job,
                                                       double                        latency);
/* The jobs of flitlab_sim_backtrack_run() as a set to share a pool with other simulations'
 * (flitlab_job_pool_run_sets()), after the same checks: set->user_data holds their results
 * until flitlab_backtrack_set_finish() pools them (ran: the pool ran every job) and frees
 * them. cost: as FlitlabJobPoolSet's, may be NULL. config must outlive the set. */
gboolean                flitlab_backtrack_set_init    (const FlitlabBacktrackConfig  *config,
                                                       const double                  *cost,
                                                       FlitlabJobPoolSet             *set,
                                                       GError                       **error);
FlitlabBacktrackResult *flitlab_backtrack_set_finish  (FlitlabJobPoolSet            *set,
                                                       gboolean                      ran);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabBacktrackConfig, flitlab_backtrack_config_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabBacktrackResult, flitlab_backtrack_result_free)

G_END_DECLS
