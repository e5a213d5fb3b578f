/* flitlab-sim-trace.c: one replication of the wormhole engine watched cycle by cycle (the
 * classroom animation and the deadlock lab)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "flitlab-sim-wormhole-private.h"

/* ---- a replication watched cycle by cycle ---------------------------------------------- */

struct _FlitlabSimTrace
{
  FlitlabSimConfig      *config;
  FlitlabTopology       *topology;
  FlitlabTraffic        *traffic;
  FlitlabSimJob          job;
  FlitlabSimReplication  out;
  Sim                    sim;
};

FlitlabSimTrace *
flitlab_sim_trace_new (const FlitlabSimConfig  *config,
                       double                   rate,
                       GError                 **error)
{
  g_autoptr(FlitlabSimConfig) copy = NULL;
  g_autoptr(FlitlabTopology) topology = NULL;
  g_autoptr(FlitlabTraffic) traffic = NULL;
  FlitlabSimTrace *trace;
  guint vcs;

  g_return_val_if_fail (config != NULL, NULL);

  copy = flitlab_sim_config_copy (config);
  flitlab_sim_config_set_rates (copy, &rate, 1);
  /* Checked as flitlab_sim_config_check() does, building the network once. */
  vcs = flitlab_sim_build_network (copy, &topology, &traffic, error);
  if (vcs == 0)
    return NULL;
  trace = g_new0 (FlitlabSimTrace, 1);
  trace->config = g_steal_pointer (&copy);
  trace->topology = g_steal_pointer (&topology);
  trace->traffic = g_steal_pointer (&traffic);
  trace->job = (FlitlabSimJob) {
    .topology = trace->topology,
    .traffic = trace->traffic,
    .config = trace->config,
    .vcs = vcs,
    .rate = rate,
    .stream = 0,
    .cycles = trace->config->cycles,
    .pilot = FLITLAB_SIM_PILOT,
  };
  flitlab_wormhole_init (&trace->sim, &trace->job, &trace->out);
  trace->out.n_channels = trace->sim.n_channels;
  trace->out.channel_flits = g_new0 (guint64, trace->sim.n_channels);
  trace->out.channel_blocked = g_new0 (guint64, trace->sim.n_channels);
  /* No measured window: nothing is tagged or counted. */
  trace->sim.window_start = trace->sim.window_end = G_MAXUINT64;
  return trace;
}

void
flitlab_sim_trace_free (FlitlabSimTrace *trace)
{
  if (trace == NULL)
    return;
  flitlab_wormhole_clear (&trace->sim);
  flitlab_sim_replication_clear (&trace->out);
  flitlab_traffic_free (trace->traffic);
  flitlab_topology_free (trace->topology);
  flitlab_sim_config_free (trace->config);
  g_free (trace);
}

void
flitlab_sim_trace_step (FlitlabSimTrace *trace,
                        guint            cycles)
{
  g_return_if_fail (trace != NULL);

  for (guint i = 0; i < cycles; i++)
    flitlab_wormhole_step (&trace->sim);
}

guint64
flitlab_sim_trace_get_cycle (const FlitlabSimTrace *trace)
{
  g_return_val_if_fail (trace != NULL, 0);
  return trace->sim.cycle;
}

guint
flitlab_sim_trace_get_n_in_flight (const FlitlabSimTrace *trace)
{
  g_return_val_if_fail (trace != NULL, 0);
  return in_flight (&trace->sim);
}

void
flitlab_sim_trace_get_channels (const FlitlabSimTrace *trace,
                                gint32                *holder,
                                guint                 *flits,
                                gboolean              *blocked)
{
  const Sim *s;

  g_return_if_fail (trace != NULL);

  s = &trace->sim;
  for (guint c = 0; c < s->n_channels; c++)
    {
      gint32 owner = NONE;
      guint count = 0;

      for (guint v = 0; v < s->V; v++)
        {
          const Vc *vc = &s->vc[(gsize) c * s->V + v];

          count += vc->count;
          if (vc->owner != NONE && (owner == NONE || vc->count > 0))
            owner = vc->owner;
        }
      if (holder != NULL)
        holder[c] = owner;
      if (flits != NULL)
        flits[c] = count;
      if (blocked != NULL)
        blocked[c] = FALSE;
    }
  if (blocked != NULL)
    for (guint i = 0; i < s->blocked && i < s->waiting.len; i++)
      {
        const Message *m = &g_array_index (s->messages, Message, s->waiting.ids[i]);

        if (m->head != NONE)
          blocked[vc_channel (s, m->head)] = TRUE;
      }
}

gboolean
flitlab_sim_trace_get_message (const FlitlabSimTrace  *trace,
                               guint                   id,
                               FlitlabSimTraceMessage *message)
{
  const Sim *s;
  const Message *m;

  g_return_val_if_fail (trace != NULL && message != NULL, FALSE);

  s = &trace->sim;
  if (id >= s->messages->len)
    return FALSE;
  m = &g_array_index (s->messages, Message, id);
  message->src = m->src;
  message->dst = m->dst;
  message->length = m->length;
  message->generated = m->gen;
  message->delivered = m->done;
  message->in_network = m->head != NONE || m->done;
  message->header = m->head != NONE && !m->done ? (gint) vc_channel (s, m->head) : -1;
  message->flits_left = m->length - MIN (m->delivered, m->length);
  message->last_moved = m->moved;
  message->blocked = FALSE;
  for (guint i = 0; i < s->blocked && i < s->waiting.len; i++)
    if ((guint) s->waiting.ids[i] == id)
      message->blocked = TRUE;
  return TRUE;
}

guint *
flitlab_sim_trace_get_worm (const FlitlabSimTrace *trace,
                            guint                  id,
                            guint                 *n_channels)
{
  const Sim *s;
  const Message *m;
  GArray *worm;
  gint32 vc;

  g_return_val_if_fail (trace != NULL && n_channels != NULL, NULL);

  s = &trace->sim;
  *n_channels = 0;
  if (id >= s->messages->len)
    return NULL;
  m = &g_array_index (s->messages, Message, id);
  if (m->done || m->head == NONE)
    return NULL;
  worm = g_array_new (FALSE, FALSE, sizeof (guint));
  /* From the header back to the tail: each VC of the worm knows the one upstream of it. */
  for (vc = m->head; vc != NONE && s->vc[vc].owner == (gint32) id; vc = vc_prev (s, vc))
    {
      guint channel = vc_channel (s, vc);

      g_array_prepend_val (worm, channel);
    }
  /* The VC the header has been given but not yet crossed to (its physical channel was busy). */
  vc = m->next_vc;
  if (vc != NONE && s->vc[vc].owner == (gint32) id)
    {
      guint channel = vc_channel (s, vc);

      g_array_append_val (worm, channel);
    }
  *n_channels = worm->len;
  return (guint *) g_array_free (worm, worm->len == 0);
}

gboolean
flitlab_sim_trace_is_deadlocked (const FlitlabSimTrace *trace)
{
  const Sim *s;
  guint64 watchdog;

  g_return_val_if_fail (trace != NULL, FALSE);

  s = &trace->sim;
  watchdog = flitlab_wormhole_watchdog_cycles (trace->config);
  return in_flight (s) > 0 && s->cycle - s->last_move > watchdog;
}

FlitlabDeadlockLink *
flitlab_sim_trace_find_deadlock (const FlitlabSimTrace *trace,
                                 guint                 *n_links)
{
  g_return_val_if_fail (trace != NULL && n_links != NULL, NULL);

  /* The search only uses the engine's scratch route; the state it reads stays as it is. */
  return flitlab_wormhole_find_wait_cycle ((Sim *) &trace->sim, n_links);
}

guint *
flitlab_sim_trace_get_deadlock_channels (const FlitlabSimTrace     *trace,
                                         const FlitlabDeadlockLink *links,
                                         guint                      n_links,
                                         guint                     *n_channels)
{
  const Sim *s;
  GArray *cycle;

  g_return_val_if_fail (trace != NULL && n_channels != NULL, NULL);
  g_return_val_if_fail (links != NULL || n_links == 0, NULL);

  s = &trace->sim;
  *n_channels = 0;
  if (n_links == 0)
    return NULL;
  cycle = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < n_links; i++)
    {
      const Message *m = links[i].message < s->messages->len
                         ? &g_array_index (s->messages, Message, links[i].message) : NULL;
      guint start = cycle->len;
      gint32 vc = m != NULL ? m->head : NONE;

      /* From the header back along the worm to holds_channel, then turned round. */
      while (vc != NONE && s->vc[vc].owner == (gint32) links[i].message)
        {
          guint channel = vc_channel (s, vc);

          g_array_append_val (cycle, channel);
          if (channel == links[i].holds_channel)
            break;
          vc = vc_prev (s, vc);
        }
      /* A worm that does not reach back to holds_channel (not a state a deadlock leaves):
       * the link's own channel alone keeps the cycle a cycle. */
      if (cycle->len == start ||
          g_array_index (cycle, guint, cycle->len - 1) != links[i].holds_channel)
        {
          g_array_set_size (cycle, start);
          g_array_append_val (cycle, links[i].holds_channel);
        }
      for (guint a = start, b = cycle->len - 1; a < b; a++, b--)
        {
          guint swap = g_array_index (cycle, guint, a);

          g_array_index (cycle, guint, a) = g_array_index (cycle, guint, b);
          g_array_index (cycle, guint, b) = swap;
        }
    }
  *n_channels = cycle->len;
  return (guint *) g_array_free (cycle, FALSE);
}

guint64
flitlab_sim_trace_get_deadlock_start (const FlitlabSimTrace     *trace,
                                      const FlitlabDeadlockLink *links,
                                      guint                      n_links)
{
  const Sim *s;
  guint64 start = 0;

  g_return_val_if_fail (trace != NULL, 0);
  g_return_val_if_fail (links != NULL || n_links == 0, 0);

  s = &trace->sim;
  for (guint i = 0; i < n_links; i++)
    if (links[i].message < s->messages->len)
      start = MAX (start, g_array_index (s->messages, Message, links[i].message).moved + 1);
  return start;
}

/* Steps trace up to cycle until, or till its watchdog fires when to_deadlock, asking
 * progress every few thousand cycles whether to go on: the look-ahead tells the share of
 * max_cycles it got through, the replay the share given. FALSE when told to stop. */
static gboolean
run_trace (FlitlabSimTrace     *trace,
           guint64              until,
           gboolean             to_deadlock,
           double               share,
           guint64              max_cycles,
           FlitlabProgressFunc  progress,
           gpointer             user_data)
{
  Sim *s = &trace->sim;

  while (s->cycle < until && !(to_deadlock && flitlab_sim_trace_is_deadlocked (trace)))
    {
      if (progress != NULL && s->cycle % 4096 == 0 &&
          !progress (to_deadlock ? (double) s->cycle / (double) max_cycles : share, -1, user_data))
        return FALSE;
      flitlab_wormhole_step (s);
    }
  return TRUE;
}

FlitlabSimTrace *
flitlab_sim_trace_new_before_deadlock (const FlitlabSimConfig  *config,
                                       double                   rate,
                                       guint64                  lead,
                                       guint64                  max_cycles,
                                       FlitlabProgressFunc      progress,
                                       gpointer                 user_data,
                                       FlitlabSimTraceDeadlock *deadlock,
                                       GError                 **error)
{
  g_autoptr(FlitlabSimTrace) ahead = NULL;
  g_autoptr(FlitlabSimTrace) replay = NULL;
  g_autofree FlitlabDeadlockLink *links = NULL;
  guint n_links = 0;
  guint64 start;
  double share;

  g_return_val_if_fail (config != NULL && deadlock != NULL && max_cycles > 0, NULL);

  *deadlock = (FlitlabSimTraceDeadlock) { 0 };
  ahead = flitlab_sim_trace_new (config, rate, error);
  if (ahead == NULL)
    return NULL;
  if (!run_trace (ahead, max_cycles, TRUE, 0, max_cycles, progress, user_data))
    {
      g_set_error_literal (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_CANCELLED,
                           _("The simulation was stopped"));
      return NULL;
    }
  if (flitlab_sim_trace_is_deadlocked (ahead))
    links = flitlab_sim_trace_find_deadlock (ahead, &n_links);
  if (links == NULL)
    {
      g_autofree char *cycles = g_strdup_printf ("%" G_GUINT64_FORMAT, max_cycles);

      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_NO_DEADLOCK,
                   /* Translators: looking ahead for the deadlock lab's deadlock: a number of
                    * cycles, then the load */
                   _("No deadlock within %s cycles at a load of %.4g"), cycles, rate);
      return NULL;
    }
  start = flitlab_sim_trace_get_deadlock_start (ahead, links, n_links);
  share = (double) ahead->sim.cycle / (double) max_cycles;
  /* The same replication again, as the animation would have come to it: one seed, one run. */
  replay = flitlab_sim_trace_new (config, rate, error);
  if (replay == NULL)
    return NULL;
  if (!run_trace (replay, start > lead ? start - lead : 0, FALSE, share, max_cycles, progress,
                  user_data))
    {
      g_set_error_literal (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_CANCELLED,
                           _("The simulation was stopped"));
      return NULL;
    }
  *deadlock = (FlitlabSimTraceDeadlock) {
    .start = start,
    .found = ahead->sim.cycle,
    .n_links = n_links,
    .links = g_steal_pointer (&links),
  };
  return g_steal_pointer (&replay);
}
