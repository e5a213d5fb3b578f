/* flitlab-replay-frames.c: a trace replay's channel utilisation, window by window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Frame i covers cycles [i · window, (i + 1) · window), the last one up to the end: the replay's
 * windows are contiguous from cycle 0. After a merge the replay's windows are summed into a
 * pending frame until it is a whole (doubled) window long.
 */

#include "config.h"

#include "flitlab-replay-frames.h"

struct _FlitlabReplayFrames
{
  gint     ref_count;
  GMutex   lock;
  guint    n_channels;
  guint    max_frames;
  guint64  window;     /* cycles per frame */
  guint    n_frames;
  float   *utilization; /* n_frames × n_channels, frame by frame */
  guint64  end;         /* the cycle after the last frame */
  double  *pending;     /* flits of the frame being summed, per channel */
  guint64  pending_cycles;
  gboolean finished;
};

FlitlabReplayFrames *
flitlab_replay_frames_new (guint   n_channels,
                           guint64 window,
                           guint   max_frames)
{
  FlitlabReplayFrames *self = g_new0 (FlitlabReplayFrames, 1);

  g_return_val_if_fail (window >= 1 && max_frames >= 2, NULL);

  self->ref_count = 1;
  g_mutex_init (&self->lock);
  self->n_channels = n_channels;
  self->max_frames = max_frames & ~1u;
  self->window = window;
  self->utilization = g_new0 (float, (gsize) max_frames * n_channels);
  self->pending = g_new0 (double, n_channels);
  return self;
}

FlitlabReplayFrames *
flitlab_replay_frames_ref (FlitlabReplayFrames *self)
{
  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
flitlab_replay_frames_unref (FlitlabReplayFrames *self)
{
  if (self == NULL || !g_atomic_int_dec_and_test (&self->ref_count))
    return;
  g_mutex_clear (&self->lock);
  g_free (self->utilization);
  g_free (self->pending);
  g_free (self);
}

/* Merges the frames two by two: only while the replay goes on, when every frame is a whole
 * window, and max_frames is even. */
static void
merge_frames (FlitlabReplayFrames *self)
{
  guint n = self->n_channels;

  for (guint f = 0; f < self->n_frames / 2; f++)
    for (guint c = 0; c < n; c++)
      self->utilization[(gsize) f * n + c] =
        (self->utilization[(gsize) 2 * f * n + c] + self->utilization[(gsize) (2 * f + 1) * n + c]) / 2;
  self->n_frames /= 2;
  self->window *= 2;
}

/* Appends the pending frame, merging first when there is no room. */
static void
push_pending (FlitlabReplayFrames *self)
{
  float *frame;

  if (self->pending_cycles == 0)
    return;
  if (self->n_frames == self->max_frames)
    {
      merge_frames (self);
      /* Frames are twice as long now: the pending cycles wait for the rest of theirs, unless
       * the replay has ended. */
      if (self->pending_cycles < self->window && !self->finished)
        return;
    }
  frame = self->utilization + (gsize) self->n_frames * self->n_channels;
  for (guint c = 0; c < self->n_channels; c++)
    {
      frame[c] = (float) (self->pending[c] / self->pending_cycles);
      self->pending[c] = 0;
    }
  self->n_frames++;
  self->end += self->pending_cycles;
  self->pending_cycles = 0;
}

void
flitlab_replay_frames_add (guint64        start,
                           guint64        cycles,
                           const guint64 *flits,
                           guint          n_channels,
                           gpointer       user_data)
{
  FlitlabReplayFrames *self = user_data;

  g_return_if_fail (n_channels == self->n_channels);

  g_mutex_lock (&self->lock);
  for (guint c = 0; c < n_channels; c++)
    self->pending[c] += flits[c];
  self->pending_cycles += cycles;
  if (self->pending_cycles >= self->window)
    push_pending (self);
  g_mutex_unlock (&self->lock);
}

void
flitlab_replay_frames_finish (FlitlabReplayFrames *self)
{
  g_mutex_lock (&self->lock);
  self->finished = TRUE;
  push_pending (self);
  g_mutex_unlock (&self->lock);
}

guint64
flitlab_replay_frames_get_end (FlitlabReplayFrames *self,
                               gboolean            *finished)
{
  guint64 end;

  g_mutex_lock (&self->lock);
  end = self->end;
  if (finished != NULL)
    *finished = self->finished;
  g_mutex_unlock (&self->lock);
  return end;
}

guint64
flitlab_replay_frames_get_window (FlitlabReplayFrames *self)
{
  guint64 window;

  g_mutex_lock (&self->lock);
  window = self->window;
  g_mutex_unlock (&self->lock);
  return window;
}

gboolean
flitlab_replay_frames_lookup (FlitlabReplayFrames *self,
                              guint64              cycle,
                              guint64             *start,
                              guint64             *cycles,
                              double              *values)
{
  guint64 f;
  const float *frame;

  g_mutex_lock (&self->lock);
  if (cycle >= self->end)
    {
      g_mutex_unlock (&self->lock);
      return FALSE;
    }
  f = cycle / self->window;
  *start = f * self->window;
  *cycles = MIN (self->window, self->end - *start);
  frame = self->utilization + (gsize) f * self->n_channels;
  for (guint c = 0; c < self->n_channels; c++)
    values[c] = frame[c];
  g_mutex_unlock (&self->lock);
  return TRUE;
}
