/* flitlab-sim-trace.h: one replication of the wormhole simulator watched cycle by cycle
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "flitlab-sim.h"

G_BEGIN_DECLS

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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabSimTrace, flitlab_sim_trace_free)

G_END_DECLS
