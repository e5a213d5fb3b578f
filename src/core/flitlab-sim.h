/* flitlab-sim.h: the flit-level wormhole simulator
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flitlab_sim_run() simulates one network at a list of loads, several independent
 * replications each, on a pool of threads. Every (load, replication) pair has its own random
 * stream derived from the seed, so results are bit-identical whatever the number of threads.
 * A replication of a large network (over 2^25 node-cycles of window) runs as 2, 4 or 8
 * independent streams that share its measured cycles, so that one point keeps every core
 * busy; the count depends on the network and the cycles only.
 */

#pragma once

#include <glib.h>

#include "flitlab-latency.h"
#include "flitlab-limits.h"
#include "flitlab-routing.h"
#include "flitlab-topology.h"
#include "flitlab-traffic.h"

G_BEGIN_DECLS

#define FLITLAB_SIM_ERROR (flitlab_sim_error_quark ())

typedef enum
{
  FLITLAB_SIM_ERROR_INVALID,   /* a configuration that cannot be simulated */
  FLITLAB_SIM_ERROR_DEADLOCK,  /* the watchdog saw no flit move while messages were in flight */
  FLITLAB_SIM_ERROR_CANCELLED, /* the progress callback asked to stop */
  FLITLAB_SIM_ERROR_INVARIANT, /* a guarantee of the algorithm was broken (checking mode) */
  FLITLAB_SIM_ERROR_DEADLOCK_PRONE, /* too few virtual channels to be deadlock-free: valid
                                     * with allow_deadlock, which watches for the deadlock */
  FLITLAB_SIM_ERROR_NO_DEADLOCK, /* looking ahead for a deadlock, none came in time */
} FlitlabSimError;


/* Which way a message goes in a dimension of a bi-directional torus where its destination is
 * exactly half way round (even radix): either way is minimal. */
typedef enum
{
  FLITLAB_TIES_BALANCED, /* each message picks + or - by a fair coin of its own, per dimension */
  FLITLAB_TIES_POSITIVE, /* always +: the rule of simulators that take the first minimal hop */
} FlitlabTies;

typedef enum
{
  FLITLAB_LENGTH_FIXED,
  FLITLAB_LENGTH_EXPONENTIAL, /* mean flits, at least one flit */
} FlitlabLengthDistribution;

typedef struct
{
  char                     *topology;        /* a topology spec, e.g. "torus:8x8:bi" */
  FlitlabTopology          *network;         /* the spec's network when it is built already
                                                (a reference, shared); NULL: built here */
  FlitlabRouting            routing;         /* not FLITLAB_ROUTING_BACKTRACK */
  FlitlabTies               ties;
  FlitlabTrafficPattern     traffic;
  FlitlabTrafficMatrix     *matrix;          /* FLITLAB_TRAFFIC_MATRIX's (a reference, shared) */
  double                    hotspot_fraction;
  guint                     hotspot_node;
  FlitlabLengthDistribution length;
  double                    flits;           /* (mean) message length in flits */
  guint                     vcs;             /* virtual channels per physical channel; 0: default */
  guint                     buffer;          /* flit buffer depth per virtual channel (>= 1) */
  guint                     n_rates;
  double                   *rates;           /* messages per cycle per node */
  guint64                   seed;
  guint                     replications;    /* >= 1 */
  guint64                   warmup;          /* cycles discarded; 0: until the running mean
                                                settles */
  guint64                   cycles;          /* measured cycles per replication */
  guint                     threads;         /* 0: one per core */
  guint64                   watchdog;        /* cycles without a moving flit before a deadlock is
                                                reported; 0: 20000 */
  /* The deadlock lab: accept fewer virtual channels than the routing needs to be free of
   * deadlock (DOR or adaptive, down to one VC: a torus then has no dateline), and report a
   * deadlock as a point's result (FlitlabSimPoint.deadlocked and its cycle) instead of
   * failing the run with FLITLAB_SIM_ERROR_DEADLOCK. */
  gboolean                  allow_deadlock;
} FlitlabSimConfig;

/* One message of a deadlock's cycle of waiting, as the watchdog finds it: the message holds a
 * virtual channel of holds_channel, which the previous link's message waits for, and its
 * header waits for a virtual channel of waits_for_channel, held by the next link's message
 * (the last link's by the first's). Channels are the topology's channel ids; a message is the
 * simulator's number for it, unique among the messages in the network at that moment (the
 * holder of flitlab_sim_trace_get_channels()). */
typedef struct
{
  guint message;
  guint holds_channel;
  guint waits_for_channel;
} FlitlabDeadlockLink;

typedef struct
{
  double    rate;             /* offered, messages per cycle per node */
  gboolean  saturated;        /* the network does not carry the offered load (accepted
                                 throughput short of it beyond its uncertainty, or a source
                                 backlog that grows): every latency is NaN */
  /* Mean of each latency (flitlab-latency.h) over every measured message, and the half-width
   * of its 95% confidence interval; NaN when saturated or when there is no interval. */
  double    latency[FLITLAB_LATENCY_N];
  double    ci95[FLITLAB_LATENCY_N];
  /* Percentiles of the total latency ("latency") over the same messages, nearest rank, from
   * a histogram exact below 1024 cycles (flitlab-latency-histogram.h); NaN as latency. */
  double    latency_p50;
  double    latency_p95;
  double    latency_p99;
  double    queueing;         /* generation to injection of the header (source queue) */
  double    throughput;       /* accepted, messages per cycle per node (also when saturated) */
  double    throughput_ci95;  /* half-width of its 95% confidence interval */
  double    mean_hops;        /* network hops per delivered message */
  guint64   messages;         /* messages measured, all replications */
  guint     n_channels;       /* of the topology: network + injection + ejection */
  double   *utilization;      /* per channel: share of cycles a flit crossed it */
  double   *blocking;         /* per channel: mean headers waiting for it per cycle */
  /* With allow_deadlock: a replication's watchdog fired. The point is then also saturated
   * (no latency); deadlock holds the cycle of waiting messages of the first replication, in
   * replication order, that deadlocked (n_deadlock >= 2 links; 0 and NULL otherwise). When no
   * flit moves every holder of a VC is a waiting header, so a deadlock always has a cycle. */
  gboolean  deadlocked;
  guint     n_deadlock;
  FlitlabDeadlockLink *deadlock;
} FlitlabSimPoint;

typedef struct
{
  guint            n_points;
  FlitlabSimPoint *points;
  guint            vcs;       /* the virtual channels used (after defaults) */
  guint64          warmup;    /* the warm-up used, cycles (largest over replications) */
} FlitlabSimResult;

/* fraction in [0,1], seconds_left < 0 when unknown; return FALSE to cancel. Called from the
 * simulation threads, one call at a time. */
typedef gboolean (*FlitlabProgressFunc) (double   fraction,
                                         double   seconds_left,
                                         gpointer user_data);

GQuark            flitlab_sim_error_quark    (void);

/* "balanced", "positive"; flitlab_ties_names() lists them, NULL-terminated, in enum order. */
const char * const *flitlab_ties_names       (void);
const char       *flitlab_ties_to_string     (FlitlabTies                ties);
gboolean          flitlab_ties_from_string   (const char                *text,
                                              FlitlabTies               *ties);
/* "fixed", "exponential"; flitlab_length_names() lists them, NULL-terminated, in enum order. */
const char * const *flitlab_length_names     (void);
const char       *flitlab_length_to_string   (FlitlabLengthDistribution  length);
gboolean          flitlab_length_from_string (const char                *text,
                                              FlitlabLengthDistribution *length);

/* Defaults: dor, uniform, fixed 16 flits, default vcs, buffer 1, seed 1, automatic warm-up,
 * the default stopping rule (flitlab-limits.h). */
FlitlabSimConfig *flitlab_sim_config_new     (const char                *topology);
FlitlabSimConfig *flitlab_sim_config_copy    (const FlitlabSimConfig    *config);
void              flitlab_sim_config_free    (FlitlabSimConfig          *config);
void              flitlab_sim_config_set_rates (FlitlabSimConfig        *config,
                                              const double              *rates,
                                              guint                      n_rates);

/* Every check flitlab_sim_run() makes before it starts: ranges, topology, traffic, and the
 * virtual channels the routing needs. */
gboolean          flitlab_sim_config_check   (const FlitlabSimConfig    *config,
                                              GError                   **error);
/* Called on a simulation thread when every replication of load number index has finished,
 * with its pooled point (valid during the call only); calls may come from several threads at
 * once and in any order of loads. */
typedef void (*FlitlabPointFunc) (guint                  index,
                                  const FlitlabSimPoint *point,
                                  gpointer               user_data);

/* As flitlab_sim_run(), and point (may be NULL) hears of each load as soon as it is done. */
FlitlabSimResult *flitlab_sim_run_with_points (const FlitlabSimConfig *config,
                                              FlitlabProgressFunc     progress,
                                              FlitlabPointFunc        point,
                                              gpointer                user_data,
                                              GError                **error);
FlitlabSimResult *flitlab_sim_run            (const FlitlabSimConfig    *config,
                                              FlitlabProgressFunc        progress,
                                              gpointer                   user_data,
                                              GError                   **error);
void              flitlab_sim_result_free    (FlitlabSimResult          *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabSimConfig, flitlab_sim_config_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabSimResult, flitlab_sim_result_free)

G_END_DECLS
