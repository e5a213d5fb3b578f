/* flitlab-sim.h: the flit-level wormhole simulator
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flitlab_sim_run() simulates one network at a list of loads, several independent
 * replications each, on a pool of threads. Every (load, replication) pair has its own random
 * stream derived from the seed, so results are bit-identical whatever the number of threads.
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
  guint64                   warmup;          /* cycles discarded; 0: until the running mean settles */
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

/* Defaults: dor, uniform, fixed 16 flits, default vcs, buffer 1, seed 1, 3 replications,
 * automatic warm-up, 20000 measured cycles. */
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

/* A simulation watched cycle by cycle (the classroom animation): one replication of config
 * at rate, seeded as the first replication of that load, advanced by the caller. */
typedef struct _FlitlabSimTrace FlitlabSimTrace;

FlitlabSimTrace  *flitlab_sim_trace_new      (const FlitlabSimConfig    *config,
                                              double                     rate,
                                              GError                   **error);
void              flitlab_sim_trace_free     (FlitlabSimTrace           *trace);
void              flitlab_sim_trace_step     (FlitlabSimTrace           *trace,
                                              guint                      cycles);
guint64           flitlab_sim_trace_get_cycle (const FlitlabSimTrace    *trace);
/* Messages in the network (injected, not yet delivered). */
guint             flitlab_sim_trace_get_n_in_flight (const FlitlabSimTrace *trace);
/* Per channel (all channels of the topology, by id): holder, the message holding one of its
 * virtual channels (the one with flits, else the first held), or -1; flits, the flits in its
 * buffers; blocked, TRUE where a header waits for its next channel and did not get it this
 * cycle. Each array n_channels long; any may be NULL. */
void              flitlab_sim_trace_get_channels (const FlitlabSimTrace *trace,
                                              gint32                    *holder,
                                              guint                     *flits,
                                              gboolean                  *blocked);

/* One message of a trace, for the animation's "follow this worm". */
typedef struct
{
  guint    src;
  guint    dst;
  guint    length;      /* flits */
  guint64  generated;   /* the cycle it was generated */
  gboolean delivered;   /* every flit taken at its destination */
  gboolean in_network;  /* its header has left the source's queue */
  gint     header;      /* the channel its header is in, or -1 */
  gboolean blocked;     /* the header waits for its next channel and did not get it */
  guint    flits_left;  /* flits not yet delivered */
  guint64  last_moved;  /* the last cycle one of its flits moved; generated before the first */
} FlitlabSimTraceMessage;

/* FALSE when no message has that id. */
gboolean          flitlab_sim_trace_get_message (const FlitlabSimTrace    *trace,
                                                 guint                     id,
                                                 FlitlabSimTraceMessage   *message);

/* The channels the message holds, by id, in the order its worm crosses them: its source's
 * injection channel first while flits of it are still there, then its header's channel, and
 * last the one its header has been given but not yet crossed to, if any; its destination's
 * ejection channel last while it is delivered. NULL (and *n_channels 0) before it is injected
 * and once it has arrived. The holder of flitlab_sim_trace_get_channels() names one message per
 * channel; a worm is all of its own, also on a channel whose other virtual channels hold
 * another. Free with g_free(). */
guint            *flitlab_sim_trace_get_worm (const FlitlabSimTrace    *trace,
                                              guint                     id,
                                              guint                    *n_channels);

/* TRUE when the watchdog would fire: messages in the network and no flit moved for the
 * configuration's watchdog cycles (the animation stops there). */
gboolean          flitlab_sim_trace_is_deadlocked (const FlitlabSimTrace *trace);
/* A cycle of waiting messages now (see FlitlabDeadlockLink), or NULL when there is none;
 * *n_links gets its length. Free with g_free(). Meaningful once the trace is deadlocked;
 * before that a cycle found may still dissolve when more than one VC could serve a header. */
FlitlabDeadlockLink *flitlab_sim_trace_find_deadlock (const FlitlabSimTrace *trace,
                                              guint                     *n_links);

/* The channels of that cycle as a cycle of the channel dependency graph
 * (flitlab-channel-dependency.h): per link, the channels its message holds from
 * holds_channel to its header's, in the order the worm crossed them, so each channel is
 * waited for by the holder of the one before and the first by the last's. NULL (and
 * *n_channels 0) for no links. Free with g_free(). */
guint            *flitlab_sim_trace_get_deadlock_channels (const FlitlabSimTrace     *trace,
                                                           const FlitlabDeadlockLink *links,
                                                           guint                      n_links,
                                                           guint                     *n_channels);

/* The first cycle in which none of the links' messages moved: from then on none of them
 * ever moves (the deadlock had formed), once the trace is deadlocked. */
guint64           flitlab_sim_trace_get_deadlock_start (const FlitlabSimTrace     *trace,
                                                        const FlitlabDeadlockLink *links,
                                                        guint                      n_links);

/* A deadlock found ahead of the animation (flitlab_sim_trace_new_before_deadlock()). */
typedef struct
{
  guint64              start;   /* the cycle it formed in
                                   (flitlab_sim_trace_get_deadlock_start()) */
  guint64              found;   /* the cycle the watchdog fired in */
  guint                n_links;
  FlitlabDeadlockLink *links;   /* its cycle of waiting messages, as then */
} FlitlabSimTraceDeadlock;

/* The deadlock lab's "skip to the deadlock", for a worker thread: runs the replication of
 * flitlab_sim_trace_new (config, rate) until its watchdog fires, for at most max_cycles, and
 * returns that replication again, lead cycles before its deadlock formed (or at cycle 0), so
 * the animation plays into it; *deadlock gets what it will come to (free its links with
 * g_free()): the same messages, as they are numbered alike in the replay. progress (may be
 * NULL) hears every few thousand cycles how far the look-ahead got, as a share of max_cycles,
 * and during the replay that share again; FALSE from it stops with
 * FLITLAB_SIM_ERROR_CANCELLED. FLITLAB_SIM_ERROR_NO_DEADLOCK when none came. */
FlitlabSimTrace  *flitlab_sim_trace_new_before_deadlock (const FlitlabSimConfig  *config,
                                                         double                   rate,
                                                         guint64                  lead,
                                                         guint64                  max_cycles,
                                                         FlitlabProgressFunc      progress,
                                                         gpointer                 user_data,
                                                         FlitlabSimTraceDeadlock *deadlock,
                                                         GError                 **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabSimConfig, flitlab_sim_config_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabSimTrace, flitlab_sim_trace_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabSimResult, flitlab_sim_result_free)

G_END_DECLS
