/* flitlab-sim-replay.c: a trace of messages replayed on the wormhole network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The wormhole engine (flitlab-sim-wormhole.c) runs with no Poisson arrivals; before each
 * cycle the replay reads the trace up to that cycle and generates the messages released by
 * then. Dependencies follow Netrace's reader: a message lists the ids of the messages that
 * depend on it (its children); each child counts its parents read and not yet delivered, and
 * is released once that count is zero and its own cycle has come. Only the messages read and
 * not yet released, the children lists of the messages in flight and the counts of children
 * not yet read live in memory.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-sim-replay.h"
#include "flitlab-sim-wormhole-private.h"

/* Messages waiting in the sources' queues past which a replay stops as saturated: far more
 * than a sweep tolerates (a trace's bursts are its own), but bounded (about 120 bytes each). */
#define REPLAY_BACKLOG_PER_NODE 1024
#define REPLAY_BACKLOG          100000

/* A message read from the trace and not yet released. */
typedef struct
{
  guint64  id;
  guint64  time;       /* its scaled cycle: released no earlier */
  guint    src;
  guint    dst;
  guint    flits;
  guint    n_children;
  guint64 *children;
} Held;

/* A message that has parents read and not yet delivered. */
typedef struct
{
  guint  parents;
  Held  *held;         /* the message once read; NULL before */
} Dependency;

/* The children of the engine's message slot, while it is in flight. */
typedef struct
{
  guint    n_children;
  guint64 *children;
} Slot;

typedef struct
{
  Sim                         s;
  const FlitlabReplayOptions *options;
  GHashTable                 *dependencies; /* guint64 id -> Dependency */
  GArray                     *slots;        /* Slot, by engine message id */
  GPtrArray                  *ready;        /* Held released, to generate this cycle */
  guint64                     held;         /* messages waiting for their parents */
  gboolean                    saturated;    /* the sources' queues ran away: stopped */
  guint64                     delivered;
  guint64                     local;
  guint64                     last_delivery;
  guint64                     window_start;
  guint64                    *window_flits; /* per channel: flits when the window started */
} Replay;

static void
held_free (Held *held)
{
  g_free (held->children);
  g_free (held);
}

static void
dependency_free (Dependency *dependency)
{
  if (dependency->held != NULL)
    held_free (dependency->held);
  g_free (dependency);
}

/* A parent of each child has been delivered: children left without parents are released. */
static void
clear_children (Replay        *r,
                const guint64 *children,
                guint          n_children)
{
  for (guint i = 0; i < n_children; i++)
    {
      Dependency *dependency = g_hash_table_lookup (r->dependencies, &children[i]);

      if (dependency == NULL || --dependency->parents > 0)
        continue;
      if (dependency->held != NULL)
        {
          g_ptr_array_add (r->ready, g_steal_pointer (&dependency->held));
          r->held--;
        }
      g_hash_table_remove (r->dependencies, &children[i]);
    }
}

static void
delivered (Sim      *s,
           gint32    id,
           gpointer  data)
{
  Replay *r = data;
  Slot *slot = &g_array_index (r->slots, Slot, id);

  r->delivered++;
  r->last_delivery = s->cycle;
  clear_children (r, slot->children, slot->n_children);
  g_clear_pointer (&slot->children, g_free);
  slot->n_children = 0;
}

/* Generates a released message now (a message to its own source is delivered at once). */
static void
release (Replay *r,
         Held   *held)
{
  gint32 id;

  if (held->src == held->dst)
    {
      r->local++;
      r->last_delivery = MAX (r->last_delivery, r->s.cycle);
      clear_children (r, held->children, held->n_children);
      held_free (held);
      return;
    }
  id = flitlab_wormhole_generate (&r->s, held->src, held->dst, held->flits);
  g_assert (id != NONE);
  if ((guint) id >= r->slots->len)
    g_array_set_size (r->slots, (guint) id + 1);
  g_array_index (r->slots, Slot, id) = (Slot) { held->n_children, held->children };
  g_free (held);
}

/* A message read from the trace at its time: released, or held for its parents. */
static void
admit (Replay *r,
       Held   *held)
{
  Dependency *self;

  if (r->options->timestamps_only)
    {
      g_clear_pointer (&held->children, g_free);
      held->n_children = 0;
      g_ptr_array_add (r->ready, held);
      return;
    }
  for (guint i = 0; i < held->n_children; i++)
    {
      Dependency *child;

      if (held->children[i] == held->id)
        continue;
      child = g_hash_table_lookup (r->dependencies, &held->children[i]);
      if (child == NULL)
        {
          guint64 *key = g_new (guint64, 1);

          *key = held->children[i];
          child = g_new0 (Dependency, 1);
          g_hash_table_insert (r->dependencies, key, child);
        }
      child->parents++;
    }
  self = g_hash_table_lookup (r->dependencies, &held->id);
  if (self != NULL && self->held == NULL)
    {
      self->held = held;
      r->held++;
    }
  else
    g_ptr_array_add (r->ready, held);
}

/* The next message of the trace as a Held, checked against the network and the previous
 * message's cycle; NULL at the end or on error. */
static Held *
read_next (Replay               *r,
           FlitlabTraceNextFunc  next,
           gpointer              reader,
           guint64               index,
           guint64              *previous,
           GError              **error)
{
  FlitlabTraceMessage message = { 0 };
  double time;
  Held *held;

  if (!next (reader, &message, error))
    return NULL;
  if (message.cycle < *previous)
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   _("Message %llu of the trace is at cycle %llu"
                     ", before the one ahead of it (cycle %llu): a trace is in "
                     "time order"),
                   (unsigned long long) index, (unsigned long long) message.cycle,
                   (unsigned long long) *previous);
      return NULL;
    }
  if (message.src >= r->s.n_nodes || message.dst >= r->s.n_nodes)
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   _("Message %llu of the trace names node %u, but the network "
                     "has nodes 0 to %u"),
                   (unsigned long long) index, MAX (message.src, message.dst),
                   r->s.n_nodes - 1);
      return NULL;
    }
  if (message.flits == 0)
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   _("Message %llu of the trace has no flits"), (unsigned long long) index);
      return NULL;
    }
  time = floor ((double) message.cycle * r->options->scale);
  if (!(time < 0x1p62))
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   _("Message %llu of the trace is too late once scaled"),
                   (unsigned long long) index);
      return NULL;
    }
  *previous = message.cycle;
  held = g_new0 (Held, 1);
  held->id = message.id;
  held->time = (guint64) time;
  held->src = message.src;
  held->dst = message.dst;
  held->flits = message.flits;
  held->n_children = message.n_children;
  held->children = message.n_children > 0
                   ? g_memdup2 (message.children, sizeof (guint64) * message.n_children) : NULL;
  return held;
}

/* Closes the utilisation windows that end by cycle end (the last one may be shorter). */
static void
close_windows (Replay  *r,
               guint64  end,
               gboolean last)
{
  const FlitlabReplayOptions *options = r->options;
  g_autofree guint64 *flits = NULL;

  if (options->window == 0 || options->window_func == NULL)
    return;
  flits = g_new (guint64, r->s.n_channels);
  while (r->window_start + options->window <= end || (last && r->window_start < end))
    {
      guint64 cycles = MIN (options->window, end - r->window_start);

      for (guint c = 0; c < r->s.n_channels; c++)
        {
          flits[c] = r->s.crossings[c].flits - r->window_flits[c];
          r->window_flits[c] = r->s.crossings[c].flits;
        }
      options->window_func (r->window_start, cycles, flits, r->s.n_channels,
                            options->window_data);
      r->window_start += cycles;
    }
}

static gboolean
replay_run (Replay               *r,
            FlitlabTraceNextFunc  next,
            gpointer              reader,
            guint64               expected,
            FlitlabProgressFunc   progress,
            gpointer              user_data,
            GError              **error)
{
  Sim *s = &r->s;
  guint64 watchdog = flitlab_wormhole_watchdog_cycles (s->job->config);
  guint64 index = 1, previous = 0;
  g_autoptr(GError) read_error = NULL;
  Held *upcoming = read_next (r, next, reader, index, &previous, &read_error);
  gboolean ok = FALSE;

  for (;;)
    {
      guint n_ready;

      if (read_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&read_error));
          goto out;
        }
      /* The trace up to this cycle, then the messages released by now. */
      while (upcoming != NULL && upcoming->time <= s->cycle)
        {
          admit (r, upcoming);
          upcoming = read_next (r, next, reader, ++index, &previous, &read_error);
        }
      if (read_error != NULL)
        continue;
      n_ready = r->ready->len;
      for (guint i = 0; i < n_ready; i++)
        release (r, r->ready->pdata[i]);
      g_ptr_array_remove_range (r->ready, 0, n_ready);

      if (in_flight (s) == 0 && s->queued == 0 && r->ready->len == 0)
        {
          if (upcoming == NULL)
            break;
          /* An idle network: on to the next message's cycle. */
          if (upcoming->time > s->cycle)
            {
              close_windows (r, upcoming->time, FALSE);
              s->cycle = s->last_move = upcoming->time;
              continue;
            }
        }

      close_windows (r, s->cycle, FALSE);
      flitlab_wormhole_step (s);
      if (in_flight (s) > 0 && s->cycle - s->last_move > watchdog)
        {
          g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_DEADLOCK,
                       _("Deadlock: no flit moved for %llu cycles with %u "
                         "messages in the network"),
                       (unsigned long long) s->cycle - s->last_move, in_flight (s));
          goto out;
        }
      /* The network does not carry the trace at this scale: stopped there, memory bounded. */
      if (s->queued > REPLAY_BACKLOG_PER_NODE * (guint64) s->n_nodes + REPLAY_BACKLOG)
        {
          r->saturated = TRUE;
          ok = TRUE;
          goto out;
        }
      if ((s->cycle & 1023) == 0 && progress != NULL &&
          !progress (expected > 0 ? MIN (1.0, (double) r->delivered / expected) : 0, -1,
                     user_data))
        {
          g_set_error_literal (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_CANCELLED,
                               _("The simulation was stopped"));
          goto out;
        }
    }
  if (r->held > 0)
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   _("%llu messages of the trace wait for messages it never "
                     "delivers"), (unsigned long long) r->held);
      goto out;
    }
  close_windows (r, r->delivered + r->local > 0 ? r->last_delivery + 1 : 0, TRUE);
  ok = TRUE;

out:
  /* The message read ahead, when the replay stops before it. */
  if (upcoming != NULL)
    held_free (upcoming);
  return ok;
}

FlitlabReplayResult *
flitlab_sim_replay (const FlitlabSimConfig      *config,
                    const FlitlabReplayOptions  *options,
                    FlitlabTraceNextFunc         next,
                    gpointer                     reader,
                    guint64                      expected_messages,
                    FlitlabProgressFunc          progress,
                    gpointer                     user_data,
                    GError                     **error)
{
  /* The network's checks, with one load and the default traffic, which do not apply. */
  FlitlabSimConfig checked = *config;
  double no_load = 0;
  g_autoptr(FlitlabTopology) topology = NULL;
  g_autoptr(FlitlabTraffic) traffic = NULL;
  g_autoptr(FlitlabReplayResult) result = NULL;
  FlitlabSimReplication out = { 0 };
  FlitlabSimJob job = { 0 };
  Replay r = { 0 };
  guint vcs;
  gboolean ok;

  g_return_val_if_fail (config != NULL && options != NULL && next != NULL, NULL);
  g_return_val_if_fail (options->scale > 0, NULL);

  checked.n_rates = 1;
  checked.rates = &no_load;
  checked.traffic = FLITLAB_TRAFFIC_UNIFORM;
  checked.matrix = NULL;
  checked.length = FLITLAB_LENGTH_FIXED;
  vcs = flitlab_sim_build_network (&checked, &topology, &traffic, error);
  if (vcs == 0)
    return NULL;

  job.topology = topology;
  job.traffic = traffic;
  job.config = &checked;
  job.vcs = vcs;
  flitlab_wormhole_init (&r.s, &job, &out);
  r.options = options;
  r.s.delivered = delivered;
  r.s.delivered_data = &r;
  /* Every message is measured: one window from cycle 0 that never ends. */
  r.s.window_start = 0;
  r.s.window_end = G_MAXUINT64;
  r.s.measuring = TRUE;
  out.n_channels = r.s.n_channels;
  out.channel_flits = g_new0 (guint64, r.s.n_channels);
  out.channel_blocked = g_new0 (guint64, r.s.n_channels);
  out.histogram = flitlab_latency_histogram_new ();
  r.dependencies = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                          (GDestroyNotify) dependency_free);
  r.slots = g_array_new (FALSE, TRUE, sizeof (Slot));
  r.ready = g_ptr_array_new ();  /* release() takes each, or the end frees those left */
  r.window_flits = g_new0 (guint64, r.s.n_channels);

  ok = replay_run (&r, next, reader, expected_messages, progress, user_data, error);
  if (ok)
    {
      double n = (double) r.delivered;

      result = g_new0 (FlitlabReplayResult, 1);
      result->scale = options->scale;
      result->saturated = r.saturated;
      result->messages = r.delivered;
      result->local = r.local;
      for (guint k = 0; k < FLITLAB_LATENCY_N; k++)
        result->latency[k] = n > 0 ? out.latency_sum[k] / n : NAN;
      result->latency_p50 = flitlab_latency_histogram_percentile (out.histogram, 50);
      result->latency_p95 = flitlab_latency_histogram_percentile (out.histogram, 95);
      result->latency_p99 = flitlab_latency_histogram_percentile (out.histogram, 99);
      result->queueing = n > 0 ? out.queueing_sum / n : NAN;
      result->mean_hops = n > 0 ? out.hops_sum / n : NAN;
      result->makespan = r.delivered + r.local > 0 ? r.last_delivery + 1 : 0;
      result->throughput = result->makespan > 0
                           ? n / ((double) result->makespan * r.s.n_nodes) : 0;
      if (r.saturated)
        {
          /* What it carried until it stopped; no latency and no makespan. */
          for (guint k = 0; k < FLITLAB_LATENCY_N; k++)
            result->latency[k] = NAN;
          result->latency_p50 = result->latency_p95 = result->latency_p99 = NAN;
          result->queueing = NAN;
          result->makespan = 0;
          result->throughput = n / ((double) r.s.cycle * r.s.n_nodes);
        }
      result->n_channels = r.s.n_channels;
      result->utilization = g_new0 (double, r.s.n_channels);
      for (guint c = 0; c < r.s.n_channels && result->makespan > 0; c++)
        result->utilization[c] = (double) r.s.crossings[c].flits / (double) result->makespan;
    }

  for (guint i = 0; i < r.slots->len; i++)
    g_free (g_array_index (r.slots, Slot, i).children);
  g_array_unref (r.slots);
  g_ptr_array_foreach (r.ready, (GFunc) (void (*) (void)) held_free, NULL);
  g_ptr_array_unref (r.ready);
  g_hash_table_unref (r.dependencies);
  g_free (r.window_flits);
  flitlab_wormhole_clear (&r.s);
  flitlab_sim_replication_clear (&out);
  return g_steal_pointer (&result);
}

void
flitlab_replay_result_free (FlitlabReplayResult *result)
{
  if (result == NULL)
    return;
  g_free (result->utilization);
  g_free (result);
}
