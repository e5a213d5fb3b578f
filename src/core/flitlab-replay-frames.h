/* flitlab-replay-frames.h: a trace replay's channel utilisation, window by window, for an
 * animation that plays it while the replay goes on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The replay (flitlab-sim-replay.h) hands its windows to flitlab_replay_frames_add() on its own
 * thread; a viewer reads the frame of any cycle recorded so far, on another. Memory is
 * bounded: past max_frames frames, neighbouring frames are merged two by two (the window
 * doubles), so a trace of any length keeps at most max_frames × n_channels numbers.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _FlitlabReplayFrames FlitlabReplayFrames;

/* window: the replay's cycles per window (>= 1); max_frames >= 2. */
FlitlabReplayFrames *flitlab_replay_frames_new      (guint                      n_channels,
                                                     guint64                    window,
                                                     guint                      max_frames);
/* Reference-counted: the replay's thread and the viewer hold it each. */
FlitlabReplayFrames *flitlab_replay_frames_ref      (FlitlabReplayFrames       *self);
void                 flitlab_replay_frames_unref    (FlitlabReplayFrames       *self);
/* A FlitlabReplayWindowFunc: user_data is the frames. */
void                 flitlab_replay_frames_add      (guint64                    start,
                                                     guint64                    cycles,
                                                     const guint64             *flits,
                                                     guint                      n_channels,
                                                     gpointer                   user_data);
/* The replay has ended: no window follows. */
void                 flitlab_replay_frames_finish   (FlitlabReplayFrames       *self);
/* The cycle the recorded frames reach (their end, exclusive), and whether the replay ended. */
guint64              flitlab_replay_frames_get_end  (FlitlabReplayFrames       *self,
                                                     gboolean                  *finished);
/* The cycles of a frame now (the replay's window, doubled by each merge). */
guint64              flitlab_replay_frames_get_window (FlitlabReplayFrames     *self);
/* The frame that holds cycle: its first cycle, its length and each channel's utilisation in
 * it (the share of its cycles a flit crossed the channel) into values (n_channels of them).
 * FALSE when no frame recorded so far holds it. */
gboolean             flitlab_replay_frames_lookup   (FlitlabReplayFrames       *self,
                                                     guint64                    cycle,
                                                     guint64                   *start,
                                                     guint64                   *cycles,
                                                     double                    *values);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabReplayFrames, flitlab_replay_frames_unref)

G_END_DECLS
