/* flitlab-sim-private.h: one replication of the wormhole engine, as flitlab-sim.c drives it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "flitlab-job-pool.h"
#include "flitlab-latency-histogram.h"

G_BEGIN_DECLS

/* Base batches of a replication's measured window, by time; flitlab_stats_ratio() merges
 * them while they are correlated. A power of two. */
#define FLITLAB_SIM_BATCHES 64
/* The first pilot of the automatic warm-up, cycles (flitlab-sim-wormhole.c: auto_warmup()). */
#define FLITLAB_SIM_PILOT 2000
/* A replication whose window holds more node-cycles than this runs as several independent
 * streams, one job each, so that one point keeps several cores busy (issue #30, item 3); at
 * most FLITLAB_SIM_MAX_STREAMS. The count depends on the point only, never on the threads. */
#define FLITLAB_SIM_STREAM_WORK (G_GUINT64_CONSTANT (1) << 25)
#define FLITLAB_SIM_MAX_STREAMS 8


typedef struct
{
  const FlitlabTopology  *topology;
  const FlitlabTraffic   *traffic;
  const FlitlabSimConfig *config;
  guint                   vcs;
  double                  rate;
  guint64                 stream;  /* random stream index: the job's number */
  guint64                 cycles;  /* its measured window, cycles */
  guint64                 pilot;   /* the first pilot of its automatic warm-up, cycles */
  FlitlabSimTick          tick;
  gpointer                tick_data;
} FlitlabSimJob;

/* What one replication measured in its window. Batches split the window into
 * FLITLAB_SIM_BATCHES equal spans of time: messages count in the batch of their generation,
 * deliveries in the batch of their delivery. */
typedef struct
{
  gboolean  saturated;         /* a source queue ran away or the window did not drain */
  guint64   warmup;            /* cycles discarded */
  guint64   cycles;            /* cycles measured */
  guint64   messages;          /* tagged messages delivered */
  double    latency_sum[FLITLAB_LATENCY_N];
  double    queueing_sum;
  double    hops_sum;
  guint64   accepted;          /* messages delivered during the measured window */
  guint64   generated;         /* messages generated during the measured window */
  double    batch_sum[FLITLAB_LATENCY_N][FLITLAB_SIM_BATCHES];
  double    batch_count[FLITLAB_SIM_BATCHES];    /* messages generated (tagged) */
  double    batch_accepted[FLITLAB_SIM_BATCHES]; /* messages delivered */
  guint     n_channels;
  guint64  *channel_flits;     /* flits that crossed each channel in the window */
  guint64  *channel_blocked;   /* header-cycles spent waiting for each channel in the window */
  FlitlabLatencyHistogram *histogram; /* total latencies of the tagged messages, or NULL */
  gboolean  deadlocked;        /* allow_deadlock: the watchdog fired and the run stopped there */
  guint     n_deadlock;
  FlitlabDeadlockLink *deadlock; /* the cycle of waiting messages found then */
} FlitlabSimReplication;

/* Streams per replication: the smallest power of two (at most FLITLAB_SIM_MAX_STREAMS) that
 * leaves each at most FLITLAB_SIM_STREAM_WORK node-cycles of window; 1 for most networks. */
guint    flitlab_sim_streams        (const FlitlabSimConfig  *config,
                                     guint                    n_nodes);

/* Jobs per load: replications times streams; job j is load j / this, and its own stream. */
static inline guint
flitlab_sim_jobs_per_load (const FlitlabSimConfig *config,
                           guint                   n_nodes)
{
  return config->replications * flitlab_sim_streams (config, n_nodes);
}

/* Job number index of a simulation: its load, random stream, window and first pilot. The
 * streams of a replication share its window (the first ones a cycle more when it does not
 * divide) and its first pilot of FLITLAB_SIM_PILOT cycles, which MSER doubles in each stream
 * while the transient needs it. The caller sets tick. */
void     flitlab_sim_job_init       (FlitlabSimJob           *job,
                                     const FlitlabSimConfig  *config,
                                     const FlitlabTopology   *topology,
                                     const FlitlabTraffic    *traffic,
                                     guint                    vcs,
                                     guint                    index);

/* The cycles a job is expected to run, for progress: its warm-up (the first pilot when
 * automatic) and its measured window; the longest job's when they differ. */
guint64  flitlab_sim_expected_cycles (const FlitlabSimConfig *config,
                                      guint                   n_nodes);

/* Checks what the engine cannot run (e.g. a torus with one virtual channel) and returns the
 * number of virtual channels to use. */
guint    flitlab_sim_wormhole_check (const FlitlabTopology   *topology,
                                     const FlitlabSimConfig  *config,
                                     GError                 **error);
gboolean flitlab_sim_wormhole_run   (const FlitlabSimJob     *job,
                                     FlitlabSimReplication   *out,
                                     GError                 **error);
void     flitlab_sim_replication_clear (FlitlabSimReplication *out);
/* Memory the engine and the topology spend per channel (all channels, V virtual channels). */
gsize    flitlab_sim_wormhole_bytes_per_channel (const FlitlabTopology *topology,
                                                 guint                  vcs);

/* Pools the flitlab_sim_jobs_per_load() replications (streams) of load rate_index,
 * reps[0..), into point (whose arrays it allocates): the one pooling of flitlab_sim_run() and
 * of a sweep's jobs. */
void flitlab_sim_summarize (const FlitlabSimConfig      *config,
                            const FlitlabTopology       *topology,
                            const FlitlabSimReplication *reps,
                            guint                        rate_index,
                            FlitlabSimPoint             *point);

/* Checks config as flitlab_sim_config_check() does, building its topology and traffic on the
 * way, for callers that keep them: returns the virtual channels per channel the simulator uses
 * and sets *topology and *traffic (to free), or returns 0 with error set and nothing built. */
guint    flitlab_sim_build_network (const FlitlabSimConfig  *config,
                                    FlitlabTopology        **topology,
                                    FlitlabTraffic         **traffic,
                                    GError                 **error);

G_END_DECLS
