/* flitlab-sim-replay.h: a trace of messages replayed on the wormhole network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Instead of Poisson arrivals, messages come from a trace, one at a time and in time order,
 * from a reader the caller supplies (src/io/flitlab-trace-file.h reads files): the core never
 * holds more than the messages in flight and the dependencies not yet met, so a trace of any
 * length replays in bounded memory. A replay is deterministic: the same trace, scale and
 * configuration (seed included, which draws only the tie bits of FLITLAB_TIES_BALANCED) give
 * the same result; it is one run, not replications.
 *
 * Message m of the trace is released, that is generated at its source and queued there, at
 *   its recorded cycle times the scale, rounded down, with timestamps only; or
 *   the later of that cycle and the cycle after the last message it depends on was delivered
 *   (its tail taken at its destination), with dependencies (Netrace's rule);
 * latencies count from the release (flitlab-latency.h). A message to its own source is
 * delivered as it is released: it takes no channel and counts in no latency, but the
 * messages that depend on it wait for its release, and the makespan ends no earlier.
 */

#pragma once

#include <glib.h>

#include "flitlab-latency.h"
#include "flitlab-sim.h"

G_BEGIN_DECLS

/* One message of a trace, as a reader yields it (its arrays valid until the next call). */
typedef struct
{
  guint64        id;          /* unique in the trace (Netrace's packet id); else any */
  guint64        cycle;       /* recorded: non-decreasing along the trace */
  guint          src;
  guint          dst;
  guint          flits;       /* >= 1 */
  guint          n_children;  /* messages that depend on this one (Netrace's "deps") */
  const guint64 *children;    /* their ids */
} FlitlabTraceMessage;

/* The next message of the trace into *message: TRUE, or FALSE at its end (error not set) or
 * when it cannot be read (error set). */
typedef gboolean (*FlitlabTraceNextFunc) (gpointer              reader,
                                          FlitlabTraceMessage  *message,
                                          GError              **error);

/* Told of each window of utilisation as it closes: the flits that crossed each channel (by
 * the topology's id, n_channels) in cycles [start, start + cycles). */
typedef void (*FlitlabReplayWindowFunc) (guint64        start,
                                         guint64        cycles,
                                         const guint64 *flits,
                                         guint          n_channels,
                                         gpointer       user_data);

typedef struct
{
  double        scale;          /* recorded cycles were multiplied by it */
  /* The network did not carry the trace at this scale: its sources' queues held more than
   * 1024 messages per node and 100000 more together, and the replay stopped there.
   * Then only messages, local, mean_hops and throughput (until it stopped) are set; the
   * latencies are NaN and makespan 0. */
  gboolean      saturated;
  guint64       messages;       /* delivered over the network (not those to their source) */
  guint64       local;          /* to their own source */
  double        latency[FLITLAB_LATENCY_N]; /* means over messages (NaN when none) */
  double        latency_p50;    /* percentiles of the total latency ("latency"), */
  double        latency_p95;    /* flitlab-latency-histogram.h */
  double        latency_p99;
  double        queueing;       /* mean release to injection of the header */
  double        mean_hops;
  guint64       makespan;       /* cycles from 0 to the last delivery, that cycle included */
  double        throughput;     /* messages delivered per cycle per node over the makespan */
  guint         n_channels;
  double       *utilization;    /* per channel: share of the makespan's cycles a flit crossed */
} FlitlabReplayResult;

typedef struct
{
  double                  scale;          /* > 0 */
  gboolean                timestamps_only;/* TRUE: dependencies ignored */
  guint64                 window;         /* cycles per utilisation window; 0: none */
  FlitlabReplayWindowFunc window_func;
  gpointer                window_data;
} FlitlabReplayOptions;

/* Replays the trace read by next (from reader) on config's network (its topology, routing,
 * ties, vcs, buffer, seed and watchdog; its traffic, lengths and loads do not apply). Fails
 * with FLITLAB_SIM_ERROR_INVALID for a message out of time order or naming a node the network
 * does not have, or whose dependencies are never met, FLITLAB_SIM_ERROR_DEADLOCK, or the
 * reader's error. progress hears the fraction of expected_messages delivered (0: unknown). */
FlitlabReplayResult *flitlab_sim_replay        (const FlitlabSimConfig      *config,
                                                const FlitlabReplayOptions  *options,
                                                FlitlabTraceNextFunc         next,
                                                gpointer                     reader,
                                                guint64                      expected_messages,
                                                FlitlabProgressFunc          progress,
                                                gpointer                     user_data,
                                                GError                     **error);
void                 flitlab_replay_result_free (FlitlabReplayResult        *result);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabReplayResult, flitlab_replay_result_free)

G_END_DECLS
