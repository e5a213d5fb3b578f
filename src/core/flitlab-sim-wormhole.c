/* flitlab-sim-wormhole.c: one replication of the flit-level wormhole network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The network model (issue "flit-level wormhole simulator"):
 * - every node has a router, an injection channel from its processor and an ejection channel
 *   to it; every channel has V virtual channels (VCs) with flit buffers of depth B at its
 *   downstream end; the injection channel uses one VC (a processor sends one message at a time);
 * - a flit crosses a channel in one cycle and a physical channel carries at most one flit per
 *   cycle, whichever VC it belongs to; the ejection channel takes one flit per cycle and never
 *   blocks (its VCs hold no flits, they only mark which messages are being delivered);
 * - a message holds each VC from its header to its tail (wormhole); a VC buffer holds flits of
 *   one message only, so a worm is a chain of VCs, each holding a contiguous run of its flits.
 *
 * One cycle:
 * 1. Poisson arrivals (all nodes together: rate N lambda) join their source queues;
 * 2. headers waiting for an output VC are served first-come first-served, in the order their
 *    headers arrived (the waiting list is appended in arrival order); routing takes no cycle;
 * 3. flits move, worm by worm, oldest worm (first injected) first, and within a worm from the
 *    header back to the tail, so a single-flit buffer emptied this cycle refills this cycle:
 *    an unblocked worm advances one flit per cycle, and a lone message of L flits that crosses
 *    D links has latency exactly D + L + 1 (injection, D links, ejection, then L - 1 flits).
 * The physical channel a flit crosses is stamped with the cycle, which gives the one flit per
 * cycle limit; the oldest worm wins a contended physical channel.
 *
 * Ties: on a bi-directional torus of even radix a destination exactly half way round in a
 * dimension is as near the + way as the - way. With FLITLAB_TIES_BALANCED every message draws
 * one fair bit per dimension at its generation, from a stream of its replication's own apart
 * from the arrivals (so the arrivals are those of FLITLAB_TIES_POSITIVE), and goes that way in
 * dimension order and adaptively alike; after its first hop in the dimension it is no longer
 * half way, so the bit decides once.
 *
 * Deadlock freedom: dimension order with two dateline VC classes on tori (a hop uses class 0
 * while the rest of its path in that dimension still crosses the wrap-around link, class 1
 * otherwise: memoryless, and equivalent to Dally and Seitz's scheme for breaking the ring),
 * one class on meshes and hypercubes; adaptive routing adds VCs usable on any minimal hop above
 * those escape VCs (Duato); necklace routing follows 003 section 3. A network from a file
 * (flitlab-topology-file.c) routes by table, every VC usable on every hop (no dateline
 * classes): up*-down* is free of deadlock on one VC, shortest paths only in the deadlock lab.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-limits.h"
#include "flitlab-rng.h"
#include "flitlab-routing-private.h"
#include "flitlab-sim-wormhole-private.h"
#include "flitlab-stats.h"

/* Source queue length past which a saturated run drops arrivals (memory stays bounded while
 * it measures its window, or the deadlock lab runs on towards the watchdog). */
#define QUEUE_CAP 64

/* ---- messages and source queues ---------------------------------------------------- */

static guint32
draw_length (Sim *s)
{
  const FlitlabSimConfig *config = s->job->config;

  if (config->length == FLITLAB_LENGTH_FIXED)
    return s->fixed_length;
  if (config->flits <= 1)
    return 1;
  /* Geometric on 1, 2, ...: the discrete exponential with mean exactly config->flits. */
  return 1 + (guint32) floor (log1p (-flitlab_rng_uniform (&s->rng)) /
                              log1p (-1.0 / config->flits));
}

static void grant_injection (Sim *s, guint node);

/* Whether node's source queue, capped once the point is found saturated, takes no more. */
static inline gboolean
source_full (const Sim *s,
             guint      node)
{
  return s->capped && s->queues[node].length >= QUEUE_CAP;
}

/* A new message of length flits from node to dst, at the back of node's source queue; its id,
 * or NONE when a saturated source dropped it. */
gint32
flitlab_wormhole_generate (Sim     *s,
                           guint    node,
                           guint    dst,
                           guint32  length)
{
  SourceQueue *queue = &s->queues[node];
  Message m = { 0 };
  gint32 id;

  if (source_full (s, node))
    return NONE;
  m.src = node;
  m.dst = dst;
  m.length = length;
  m.at_source = m.length;
  m.gen = s->cycle;
  m.moved = s->cycle;
  m.first = G_MAXUINT64;
  m.ties = s->job->config->ties == FLITLAB_TIES_BALANCED
           ? (guint32) flitlab_rng_next (&s->tie_rng) : 0;
  m.head = NONE;
  m.next_vc = NONE;
  m.route_node = G_MAXUINT32;
  m.queue_next = NONE;
  m.wait_channel = G_MAXUINT32;
  m.tagged = s->measuring;
  s->out->generated += m.tagged;
  if (m.tagged)
    s->out->batch_count[s->batch]++;

  if (s->free_ids.len > 0)
    {
      id = s->free_ids.ids[s->free_ids.len - 1];
      s->free_ids.len--;
      *message (s, id) = m;
    }
  else
    {
      id = s->messages->len;
      g_array_append_val (s->messages, m);
    }

  if (queue->tail == NONE)
    queue->head = id;
  else
    message (s, queue->tail)->queue_next = id;
  queue->tail = id;
  queue->length++;
  s->queued++;

  if (queue->length == 1)
    grant_injection (s, node);
  return id;
}

/* The head of node's source queue takes the injection VC if it is free. */
static void
grant_injection (Sim   *s,
                 guint  node)
{
  SourceQueue *queue = &s->queues[node];
  gint32 inj = (gint32) ((s->injection_base + node) * s->V);
  gint32 id = queue->head;
  Message *m;

  if (id == NONE || s->vc[inj].owner != NONE)
    return;

  m = message (s, id);
  queue->head = m->queue_next;
  if (queue->head == NONE)
    queue->tail = NONE;
  queue->length--;
  s->queued--;

  vc_set (s, inj, id, NONE);
  m->head = inj;
  m->vcs = 1;
  m->next_vc = NONE;
  m->order = s->injected++;
  ids_push (&s->active, id);
}

static void
free_vc (Sim    *s,
         gint32  vc)
{
  guint channel = vc_channel (s, vc);

  vc_set (s, vc, NONE, NONE);
  s->freed[channel]++;
  if (channel >= s->injection_base && channel < s->ejection_base)
    grant_injection (s, channel - s->injection_base);
}

/* The tail has left the last network channel for the ejection channel this cycle. */
static void
finish (Sim    *s,
        gint32  id)
{
  Message *m = message (s, id);
  FlitlabSimReplication *out = s->out;
  double latency[FLITLAB_LATENCY_N];

  m->done = TRUE;
  free_vc (s, m->head);
  ids_push (&s->free_ids, id);

  /* flitlab-latency.h: the four ways of counting. */
  latency[FLITLAB_LATENCY_TOTAL] = (double) (s->cycle - m->gen + 1);
  latency[FLITLAB_LATENCY_NETWORK] = (double) (s->cycle - m->inject + 1);
  latency[FLITLAB_LATENCY_TRANSIT] = (double) (s->cycle - m->first);
  latency[FLITLAB_LATENCY_SOURCE_TRANSIT] = (double) (s->cycle - m->gen - 1);

  if (s->pilot != NULL)
    {
      s->pilot_sum += latency[FLITLAB_LATENCY_TOTAL];
      if (++s->pilot_n == 5)
        {
          double mean = s->pilot_sum / 5;

          g_array_append_val (s->pilot, mean);
          s->pilot_sum = 0;
          s->pilot_n = 0;
        }
    }

  if (s->measuring)
    {
      out->accepted++;
      out->batch_accepted[s->batch]++;
    }
  if (m->tagged)
    {
      guint batch = batch_of (s, m->gen);

      out->messages++;
      for (guint k = 0; k < FLITLAB_LATENCY_N; k++)
        {
          out->latency_sum[k] += latency[k];
          out->batch_sum[k][batch] += latency[k];
        }
      out->queueing_sum += (double) (m->inject - m->gen);
      out->hops_sum += m->hops;
      if (out->histogram != NULL)
        flitlab_latency_histogram_add (out->histogram, s->cycle - m->gen + 1);
    }
  if (s->delivered != NULL)
    s->delivered (s, id, s->delivered_data);
}

/* ---- routing ---------------------------------------------------------------------- */

/* A free VC of channel among v in [lo, hi), lowest first; NONE when all are held. */
static gint32
free_vc_in (Sim   *s,
            guint  channel,
            guint  lo,
            guint  hi)
{
  for (guint v = lo; v < hi; v++)
    {
      gint32 vc = (gint32) (channel * s->V + v);

      if (s->vc[vc].owner == NONE)
        return vc;
    }
  return NONE;
}

/* Tries to give the waiting header of message id an output VC; returns TRUE when granted.
 * *preferred is the channel it waits for when it is not (for the blocking statistics). */
static gboolean
allocate (Sim    *s,
          gint32  id,
          guint  *preferred)
{
  Message *m = message (s, id);
  gint32 here = m->head;
  guint node = s->channels[vc_channel (s, here)].dst;
  gint32 vc = NONE;

  *preferred = G_MAXUINT;
  if (node == m->dst)
    {
      guint ejection = s->ejection_base + node;

      *preferred = ejection;
      vc = free_vc_in (s, ejection, 0, s->V);
    }
  else
    {
      FlitlabHops *hops = &m->routed;

      /* Routed once at each node, whatever the cycles it then waits there. */
      if (m->route_node != node)
        {
          flitlab_router_hops_inline (s->router, node, m->dst, m->ties, m->passed_base, hops);
          m->route_node = node;
        }
      *preferred = hops->escape;
      for (guint32 mask = hops->adaptive; mask != 0 && vc == NONE; mask &= mask - 1)
        vc = free_vc_in (s, hops->first_out + (guint) __builtin_ctz (mask), hops->adaptive_lo,
                         s->V);
      if (vc == NONE)
        vc = free_vc_in (s, hops->escape, hops->escape_lo, hops->escape_hi);
    }

  if (vc == NONE)
    {
      /* Asking for the VCs of one channel, it fails again until one of them is freed. */
      if (node == m->dst || m->routed.adaptive == 0)
        {
          m->wait_channel = *preferred;
          m->wait_freed = s->freed[*preferred];
        }
      return FALSE;
    }

  vc_set (s, vc, id, here);
  m->next_vc = vc;
  m->wait_channel = G_MAXUINT32;
  return TRUE;
}

/* The VCs [*lo, *hi) of *channel the waiting header of message m asks for: the ejection
 * channel at its destination, else the escape VCs of its dimension-ordered hop (with adaptive
 * routing its adaptive VCs too are held when it stays blocked), or on a necklace any VC of the
 * first hop of its deterministic route. For the wait-for graph of
 * flitlab_wormhole_find_wait_cycle(). */
static void
wanted_vcs (Sim     *s,
            Message *m,
            guint   *channel,
            guint   *lo,
            guint   *hi)
{
  guint node = flitlab_topology_get_channel (s->topology, vc_channel (s, m->head))->dst;
  FlitlabHops hops;

  if (node == m->dst)
    {
      *channel = s->ejection_base + node;
      *lo = 0;
      *hi = s->V;
      return;
    }
  flitlab_router_hops (s->router, node, m->dst, m->ties, m->passed_base, &hops);
  *channel = hops.escape;
  *lo = s->routing == FLITLAB_ROUTING_NECKLACE ? 0 : hops.escape_lo;
  *hi = s->routing == FLITLAB_ROUTING_NECKLACE ? s->V : hops.escape_hi;
}

/* ---- flit movement ---------------------------------------------------------------- */

/* Moves the front flit of VC from into VC to, both of message m (id), if the buffer has room
 * and the physical channel is free this cycle; TRUE when it moved. The flit is the header when
 * from is the header's VC and to the one granted to it (header), and to is an ejection VC
 * when ejection; both are known where move() is inlined. *contended is set when only the
 * physical channel held the flit back. The caller notes that the message and the network
 * moved (m->moved, s->last_move). */
static inline gboolean
move (Sim      *s,
      Message  *m,
      gint32    id,
      gint32    from,
      gint32    to,
      gboolean  header,
      gboolean  ejection,
      guint64   cycle,
      gboolean *contended)
{
  Vc *f = &s->vc[from], *t = &s->vc[to];
  guint channel;
  guint32 left;

  if (f->count == 0 || (!ejection && t->count >= s->B))
    return FALSE;
  channel = t->channel;
  if (s->crossings[channel].stamp == cycle)
    {
      *contended = TRUE;
      return FALSE;
    }

  s->crossings[channel].stamp = cycle;
  left = --f->count;
  s->crossings[channel].flits++;

  if (!ejection)
    t->count++;
  else
    m->delivered++;
  if (header)
    {
      /* The first flit to move is the header leaving the injection channel. */
      if (m->hops == 0 && m->first == G_MAXUINT64)
        m->first = cycle;
      m->head = to;
      m->vcs++;
      m->next_vc = NONE;
      if (!ejection)
        {
          /* The header has arrived: it asks for its next VC from the next cycle on. */
          m->hops++;
          /* Only necklace and up*-down* routing have phases: no call for the others. */
          if ((s->routing == FLITLAB_ROUTING_NECKLACE || s->routing == FLITLAB_ROUTING_UPDOWN) &&
              flitlab_router_ends_phase (s->router, channel))
            m->passed_base = TRUE;
          ids_push (&s->waiting_next, id);
        }
    }

  /* The tail has left from: nothing is upstream of it and the source has sent every flit.
   * The worm now ends at to. */
  if (left == 0 && f->prev_at == PREV_NONE && m->at_source == 0)
    {
      t->prev_at = PREV_NONE;
      free_vc (s, from);
      m->vcs--;
    }
  if (ejection && m->delivered == m->length)
    finish (s, id);
  return TRUE;
}

/* Moves what can move of the worm of message m (id); FALSE when the worm leaves the active
 * list, delivered or stalled. */
static gboolean
advance (Sim     *s,
         Message *m,
         gint32   id)
{
  const guint64 cycle = s->cycle;
  gint32 cur = m->head, next = m->next_vc;
  guint32 at, steps = m->vcs - 1;  /* VCs upstream of cur */
  gboolean moved = FALSE, contended = FALSE;

  /* The header, into the VC it was granted. */
  if (next != NONE)
    {
      if (next >= s->ejection_vc)
        {
          moved = move (s, m, id, cur, next, TRUE, TRUE, cycle, &contended);
          /* A one-flit message is delivered as its header is. */
          if (m->done)
            {
              m->moved = s->last_move = cycle;
              return FALSE;
            }
        }
      else
        moved = move (s, m, id, cur, next, TRUE, FALSE, cycle, &contended);
    }

  /* Back along the worm: every VC pushes its front flit into the one downstream of it, the
   * header's (the ejection VC while the worm is delivering) first. */
  at = s->vc[cur].prev_at;
  if (at != PREV_NONE && cur >= s->ejection_vc)
    {
      gint32 prev = (gint32) (at / sizeof (Vc));

      moved |= move (s, m, id, prev, cur, FALSE, TRUE, cycle, &contended);
      if (m->done)
        {
          m->moved = s->last_move = cycle;
          return FALSE;
        }
      cur = prev;
      steps--;
      at = s->vc[cur].prev_at;
    }
  /* move() between two network or injection VCs, written out: the VC a flit leaves is the
   * one the next flit enters, and the arrays stay in registers. */
  if (at != PREV_NONE)
    {
      Vc *const vc = s->vc;
      Crossings *const crossings = s->crossings;
      const guint32 B = s->B;
      Vc *t = &vc[cur], *down;

      do
        {
          Vc *f = vc_at (vc, at);
          guint32 count = f->count;

          /* With single-flit buffers (counts 0 or 1) one comparison says both. */
          if (B == 1 ? count > t->count : count != 0 && t->count < B)
            {
              guint channel = t->channel;

              if (crossings[channel].stamp == cycle)
                contended = TRUE;
              else
                {
                  crossings[channel].stamp = cycle;
                  f->count = count - 1;
                  crossings[channel].flits++;
                  t->count++;
                  moved = TRUE;
                }
            }
          down = t;
          t = f;
          at = f->prev_at;
        }
      /* As many steps as VCs behind the first: the loop's end is known before the last
       * record is read. */
      while (--steps != 0);
#ifndef NDEBUG
      g_assert (at == PREV_NONE);
#endif
      cur = (gint32) (t - vc);
      /* The walk ended at the worm's tail end, t (VC cur). Once the source has sent every flit
       * that VC held a flit before this cycle (it is freed as the tail leaves it), so empty now
       * it has sent the tail on to down, where the worm now ends: tested once per worm, not
       * per flit. One test for both: it is seldom true. */
      if ((t->count | m->at_source) == 0)
        {
          down->prev_at = PREV_NONE;
          free_vc (s, cur);
          m->vcs--;
        }
    }

  /* The tail end: the processor feeds the injection VC. While its source has flits to send a
   * worm holds its source's injection VC (a VC is freed only once the source is done), which
   * has nothing upstream: cur, where the walk ended. */
  if (m->at_source > 0)
    {
      Vc *inj = &s->vc[cur];
      guint channel = inj->channel;

      if (inj->count >= s->B)
        ;
      else if (s->crossings[channel].stamp == cycle)
        contended = TRUE;
      else
        {
          s->crossings[channel].stamp = cycle;
          moved = TRUE;
          inj->count++;
          s->crossings[channel].flits++;
          if (m->at_source-- == m->length)
            {
              /* The header has entered the injection VC. */
              m->inject = cycle;
              ids_push (&s->waiting_next, id);
            }
        }
    }
  if (moved)
    m->moved = s->last_move = cycle;
  /* Nothing moved, and not for want of a physical channel: every buffer of the worm is full
   * or empty behind a waiting header, and only its own moves could change that. */
  else if (!contended && m->next_vc == NONE && !is_ejection_vc (s, m->head))
    {
      m->stalled = TRUE;
      s->n_stalled++;
      return FALSE;
    }
  return TRUE;
}

/* The worms in s->resumed back into the active list, each where its injection order puts it,
 * so that the oldest worm still moves first. */
static void
resume_stalled (Sim *s)
{
  Message *const messages = (Message *) (void *) s->messages->data;
  gint32 *const r = s->resumed.ids;
  guint n = s->resumed.len, i;

  /* Few a cycle: sorted by insertion. */
  for (guint j = 1; j < n; j++)
    {
      gint32 id = r[j];
      guint64 order = messages[id].order;
      guint k;

      for (k = j; k > 0 && messages[r[k - 1]].order > order; k--)
        r[k] = r[k - 1];
      r[k] = id;
    }
  /* Inserted from the youngest back, in place: each after the active worms older than it
   * (found by bisection), the worms after it moved up at once. */
  i = s->active.len;
  for (guint j = 0; j < n; j++)
    ids_push (&s->active, NONE);
  for (guint j = n; j-- > 0;)
    {
      gint32 *const a = s->active.ids;
      guint64 order = messages[r[j]].order;
      guint lo = 0, hi = i;

      while (lo < hi)
        {
          guint mid = (lo + hi) / 2;

          if (messages[a[mid]].order < order)
            lo = mid + 1;
          else
            hi = mid;
        }
      memmove (&a[lo + j + 1], &a[lo], (i - lo) * sizeof *a);
      a[lo + j] = r[j];
      i = lo;
    }
  s->n_stalled -= s->resumed.len;
  s->resumed.len = 0;
}

/* ---- the cycle loop --------------------------------------------------------------- */

void
flitlab_wormhole_step (Sim *s)
{
  const double node_rate = s->job->rate * s->n_nodes;
  guint kept = 0;

  /* The measured window, once per cycle. */
  s->measuring = in_window (s);
  if (s->measuring)
    s->batch = batch_of (s, s->cycle);

  /* 1. Arrivals: the superposition of the nodes' Poisson processes, node drawn by the traffic
   * (uniformly, or by a matrix's row sums). */
  while (node_rate > 0 && s->next_arrival < (double) (s->cycle + 1))
    {
      guint node = flitlab_traffic_source (s->job->traffic, &s->rng);
      guint dst = node == G_MAXUINT ? G_MAXUINT
                                    : flitlab_traffic_destination (s->job->traffic, node, &s->rng);

      /* A full queue of a saturated source drops the arrival before its length is drawn. */
      if (dst != G_MAXUINT && !source_full (s, node))
        flitlab_wormhole_generate (s, node, dst, draw_length (s));
      s->next_arrival += flitlab_rng_exponential (&s->rng, 1.0 / node_rate);
    }

  /* 2. Output VCs, first come first served. A header that failed to get one of the VCs of
   * one channel, none of which has been freed since, fails again: it is not tried. */
  for (guint i = 0; i < s->waiting.len; i++)
    {
      gint32 id = s->waiting.ids[i];
      Message *m = message (s, id);
      guint preferred;

      if (m->wait_channel != G_MAXUINT32 && s->freed[m->wait_channel] == m->wait_freed)
        {
          s->waiting.ids[kept++] = id;
          if (s->measuring)
            s->out->channel_blocked[m->wait_channel]++;
        }
      else if (allocate (s, id, &preferred))
        {
          if (m->stalled)
            {
              m->stalled = FALSE;
              ids_push (&s->resumed, id);
            }
        }
      else
        {
          s->waiting.ids[kept++] = id;
          if (s->measuring && preferred != G_MAXUINT)
            s->out->channel_blocked[preferred]++;
        }
    }
  s->waiting.len = kept;
  s->blocked = kept;
  if (s->resumed.len > 0)
    resume_stalled (s);

  /* 3. Flits, oldest worm first; finished and stalled worms leave the list. Messages are
   * added only by the arrivals, so their array stays where it is. */
  kept = 0;
  {
    Message *const messages = (Message *) (void *) s->messages->data;

    for (guint i = 0; i < s->active.len; i++)
      {
        gint32 id = s->active.ids[i];
        gboolean keep = advance (s, &messages[id], id);

        /* Kept without a branch: whether a worm stays is hard to predict. */
        s->active.ids[kept] = id;
        kept += keep;
      }
  }
  s->active.len = kept;

  /* Headers that arrived this cycle wait behind those already waiting. */
  for (guint i = 0; i < s->waiting_next.len; i++)
    ids_push (&s->waiting, s->waiting_next.ids[i]);
  s->waiting_next.len = 0;

  s->cycle++;
}

static char *
describe_deadlock (Sim *s)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_string_append_printf (text, _("Deadlock: no flit moved for %llu cycles with %u messages in "
                                  "the network; waiting headers hold:"),
                          (unsigned long long) (s->cycle - s->last_move), in_flight (s));
  for (guint i = 0; i < s->waiting.len && i < 8; i++)
    {
      Message *m = message (s, s->waiting.ids[i]);
      const FlitlabChannel *c = flitlab_topology_get_channel (s->topology,
                                                              vc_channel (s, m->head));

      /* Translators: a channel a message waits for, in the deadlock message */
      g_string_append_printf (text, _(" channel %u (%u->%u, VC %u) towards %u;"),
                              c->id, c->src, c->dst, (guint) m->head % s->V, m->dst);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A cycle in the wait-for graph of the waiting headers: an edge from message m to each
 * waiting message that holds one of the VCs m's header asks for (wanted_vcs()). Found by
 * depth-first search from the waiting headers in their order; NULL when there is none. When no
 * flit moves every header waits, so a cycle found then is a deadlock. */
FlitlabDeadlockLink *
flitlab_wormhole_find_wait_cycle (Sim   *s,
                                  guint *n_links)
{
  guint n = s->waiting.len;
  g_autofree gint32 *index = g_new (gint32, s->messages->len);  /* message -> waiting position */
  g_autofree guint *channel = g_new (guint, n), *lo = g_new (guint, n), *hi = g_new (guint, n);
  g_autofree guint8 *state = g_new0 (guint8, n);  /* 0 new, 1 on the path, 2 done */
  g_autofree guint *path = g_new (guint, n), *edge = g_new (guint, n);
  FlitlabDeadlockLink *links = NULL;

  *n_links = 0;
  for (guint i = 0; i < s->messages->len; i++)
    index[i] = NONE;
  for (guint i = 0; i < n; i++)
    {
      gint32 id = s->waiting.ids[i];

      index[id] = (gint32) i;
      wanted_vcs (s, message (s, id), &channel[i], &lo[i], &hi[i]);
    }

  for (guint root = 0; root < n && links == NULL; root++)
    {
      guint depth = 0;

      if (state[root] != 0)
        continue;
      path[0] = root;
      edge[0] = lo[root];
      state[root] = 1;
      depth = 1;
      while (depth > 0 && links == NULL)
        {
          guint u = path[depth - 1];
          gint32 holder, v;

          if (edge[depth - 1] >= hi[u])
            {
              state[u] = 2;
              depth--;
              continue;
            }
          holder = s->vc[(gsize) channel[u] * s->V + edge[depth - 1]++].owner;
          v = holder != NONE ? index[holder] : NONE;
          if (v == NONE || (guint) v == u || state[v] == 2)
            continue;
          if (state[v] == 0)
            {
              state[v] = 1;
              path[depth] = (guint) v;
              edge[depth] = lo[v];
              depth++;
              continue;
            }
          /* v is on the path: the cycle is the path from v to u, and back to v. */
          {
            guint start = depth - 1, count;

            while (path[start] != (guint) v)
              start--;
            count = depth - start;
            links = g_new (FlitlabDeadlockLink, count);
            for (guint k = 0; k < count; k++)
              {
                guint here = path[start + k], before = path[start + (k + count - 1) % count];

                links[k] = (FlitlabDeadlockLink) {
                  .message = (guint) s->waiting.ids[here],
                  .holds_channel = channel[before],
                  .waits_for_channel = channel[here],
                };
              }
            *n_links = count;
          }
        }
    }
  return links;
}

/* TRUE while source queues stay bounded; a queue this long means the offered load exceeds
 * what the network accepts. */
static gboolean
queues_bounded (Sim *s)
{
  return s->queued < 64 * (guint64) s->n_nodes + 10000;
}

/* Cycles without a moving flit before the watchdog fires (FlitlabSimConfig.watchdog). */
guint64
flitlab_wormhole_watchdog_cycles (const FlitlabSimConfig *config)
{
  return config->watchdog > 0 ? config->watchdog : 20000;
}

static gboolean
run_until (Sim      *s,
           guint64   end,
           guint64   expected,
           GError  **error)
{
  const FlitlabSimConfig *config = s->job->config;
  guint64 watchdog = flitlab_wormhole_watchdog_cycles (config);

  while (s->cycle < end)
    {
      flitlab_wormhole_step (s);

      if (in_flight (s) > 0 && s->cycle - s->last_move > watchdog)
        {
          g_autofree char *message = NULL;

          if (config->allow_deadlock)
            {
              s->out->deadlocked = TRUE;
              s->out->deadlock = flitlab_wormhole_find_wait_cycle (s, &s->out->n_deadlock);
              return TRUE;
            }
          message = describe_deadlock (s);
          g_set_error_literal (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_DEADLOCK, message);
          return FALSE;
        }
      if ((s->cycle & 1023) == 0)
        {
          if (!queues_bounded (s))
            {
              /* The network does not carry the offered load. The sources stop queueing more
               * than they hold now, so memory stays bounded and the network stays saturated:
               * what it accepts is measured over a whole window all the same. Found during
               * the warm-up, the saturation ends it (the deadlock lab runs its warm-up on, to
               * see whether the watchdog fires). */
              s->out->saturated = TRUE;
              s->capped = TRUE;
              if (s->window_start == G_MAXUINT64 && !config->allow_deadlock)
                return TRUE;
            }
          if (s->job->tick != NULL && !s->job->tick (s->cycle, expected, s->job->tick_data))
            {
              g_set_error_literal (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_CANCELLED,
                                   _("The simulation was stopped"));
              return FALSE;
            }
        }
    }
  return TRUE;
}

/* TRUE when the run has its verdict: a deadlock, or saturation outside the deadlock lab
 * (which runs a saturated load on to see whether it deadlocks). Either ends the warm-up and
 * needs no drain; a saturated run still measures its window. */
static gboolean
stopped (const Sim *s)
{
  return s->out->deadlocked || (s->out->saturated && !s->job->config->allow_deadlock);
}

/* The automatic warm-up: a pilot of job->pilot cycles, doubled until the MSER-5
 * truncation point of the latencies finished during it (in the order they finish, in batches
 * of five) falls in its first half, that is until the pilot holds its start-up transient and
 * as long again of steady state; at most as long as a replication's measured window (a
 * stream's too: a long transient is the network's, not the stream's), and at least one
 * pilot. The measured window starts where the pilot ends. */
static gboolean
auto_warmup (Sim      *s,
             guint64   expected,
             GError  **error)
{
  const guint64 limit = MAX (s->job->config->cycles, s->job->pilot);
  guint64 pilot = s->job->pilot;
  gboolean ok = TRUE;

  s->pilot = g_array_new (FALSE, FALSE, sizeof (double));
  for (;;)
    {
      guint n, d;

      if (!(ok = run_until (s, pilot, expected, error)) || stopped (s))
        break;
      n = s->pilot->len;
      d = flitlab_stats_mser ((const double *) s->pilot->data, n);
      /* Fewer than 20 batches say nothing of a transient: a lightly loaded network. */
      if (n < 20 || d < n / 2 || pilot >= limit)
        break;
      pilot = MIN (2 * pilot, limit);
    }
  g_clear_pointer (&s->pilot, g_array_unref);
  return ok;
}

guint
flitlab_sim_wormhole_check (const FlitlabTopology   *topology,
                            const FlitlabSimConfig  *config,
                            GError                 **error)
{
  FlitlabTopologyFamily family = flitlab_topology_get_family (topology);
  gboolean torus = family == FLITLAB_TOPOLOGY_TORUS;
  g_autoptr(GError) refused = NULL;
  guint escape, vcs;

  /* The one check of the count (flitlab-limits.h) first, then what the routing needs. */
  if (!flitlab_limits_check_vcs (config->vcs, &refused))
    {
      g_set_error_literal (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID, refused->message);
      return 0;
    }
  if (config->routing == FLITLAB_ROUTING_NECKLACE && family != FLITLAB_TOPOLOGY_NECKLACE)
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   _("Necklace routing needs a necklace hypercube (such as necklace:3,4)"));
      return 0;
    }
  if (family == FLITLAB_TOPOLOGY_NECKLACE && config->routing != FLITLAB_ROUTING_NECKLACE)
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   _("A necklace hypercube is simulated with necklace routing "
                     "(--routing necklace)"));
      return 0;
    }

  if (family == FLITLAB_TOPOLOGY_FILE &&
      config->routing != FLITLAB_ROUTING_UPDOWN && config->routing != FLITLAB_ROUTING_SHORTEST)
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   _("A network from a file is simulated with up*/down* or shortest-path "
                     "routing (--routing updown or shortest)"));
      return 0;
    }
  if (family != FLITLAB_TOPOLOGY_FILE &&
      (config->routing == FLITLAB_ROUTING_UPDOWN || config->routing == FLITLAB_ROUTING_SHORTEST))
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   _("%s routing needs a network from a file (such as file:net.txt)"),
                   flitlab_routing_to_string (config->routing));
      return 0;
    }
  /* Shortest paths may deadlock on any number of VCs: only the deadlock lab runs them. */
  if (flitlab_routing_is_deadlock_prone (config->routing) && !config->allow_deadlock)
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_DEADLOCK_PRONE,
                   _("Shortest-path routing may deadlock on a network from a file, with any "
                     "number of virtual channels: its channel dependency graph may have a "
                     "cycle"));
      return 0;
    }

  escape = flitlab_routing_deadlock_free_vcs (config->routing, family);
  vcs = config->vcs > 0 ? config->vcs : escape;
  /* The deadlock lab: DOR and adaptive run on fewer VCs (one: no dateline on a torus). Necklace
   * routing's classes need their three VCs whatever. */
  if (config->allow_deadlock && config->routing != FLITLAB_ROUTING_NECKLACE)
    escape = 1;
  if (vcs < escape)
    {
      /* Said by its code, so that a caller can offer the deadlock lab instead. */
      gboolean lab_would_run = !config->allow_deadlock &&
                               config->routing != FLITLAB_ROUTING_NECKLACE;

      g_set_error (error, FLITLAB_SIM_ERROR,
                   lab_would_run ? FLITLAB_SIM_ERROR_DEADLOCK_PRONE : FLITLAB_SIM_ERROR_INVALID,
                   _("%s routing on this network needs at least %u virtual channels, not %u"),
                   flitlab_routing_to_string (config->routing), escape, vcs);
      return 0;
    }
  if (config->routing == FLITLAB_ROUTING_DOR && torus && vcs % 2 != 0 &&
      !(config->allow_deadlock && vcs == 1))
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   _("Dimension-ordered routing on a torus splits the virtual channels into two "
                     "dateline classes: give an even number, not %u"), vcs);
      return 0;
    }
  return vcs;
}

gsize
flitlab_sim_wormhole_bytes_per_channel (const FlitlabTopology *topology,
                                        guint                  vcs)
{
  /* VC state, the crossing stamp and count, the VCs freed, the count at the window's start,
   * the two statistics counters, the topology's channel record and its out-channel index.
   * Messages and queues grow with the load, not the network; the per-node tables
   * (coordinates, first out-channel and out-channel places) are not counted. */
  return vcs * sizeof (Vc) + sizeof (guint64) * 6 + sizeof (FlitlabChannel) + sizeof (guint);
}

void
flitlab_sim_replication_clear (FlitlabSimReplication *out)
{
  g_clear_pointer (&out->channel_flits, g_free);
  g_clear_pointer (&out->channel_blocked, g_free);
  g_clear_pointer (&out->deadlock, g_free);
  g_clear_pointer (&out->histogram, flitlab_latency_histogram_free);
  out->n_deadlock = 0;
}

/* The engine's state before the first cycle. */
void
flitlab_wormhole_init (Sim                   *sp,
                       const FlitlabSimJob   *job,
                       FlitlabSimReplication *out)
{
  const FlitlabSimConfig *config = job->config;
  const FlitlabTopology *topology = job->topology;
  Sim s = { 0 };

  s.job = job;
  s.topology = topology;
  s.n_nodes = flitlab_topology_get_n_nodes (topology);
  s.n_dims = flitlab_topology_get_n_dims (topology);
  s.n_channels = flitlab_topology_get_n_channels (topology);
  s.injection_base = flitlab_topology_get_n_network_channels (topology);
  s.channels = flitlab_topology_get_channel (topology, 0);
  s.ejection_base = s.injection_base + s.n_nodes;
  s.V = job->vcs;
  s.ejection_vc = (gint32) (s.ejection_base * s.V);
  s.B = MAX (config->buffer, 1);
  s.fixed_length = (guint32) MAX (1, lround (config->flits));
  s.routing = config->routing;
  s.out = out;
  flitlab_rng_init (&s.rng, config->seed, job->stream);
  /* The tie bits' stream: the same (seed, stream) pair, in a part of the stream space that
   * no job index reaches. */
  flitlab_rng_init (&s.tie_rng, config->seed, job->stream | (G_GUINT64_CONSTANT (1) << 63));

  /* Vc.prev_at: every record's offset below PREV_NONE (65 536 nodes of 34 channels with 64
   * VCs are 2.3 GB of records). */
  g_assert ((guint64) s.n_channels * s.V * sizeof (Vc) < PREV_NONE);
  s.vc = g_new (Vc, (gsize) s.n_channels * s.V);
  for (gsize i = 0; i < (gsize) s.n_channels * s.V; i++)
    s.vc[i] = (Vc) { NONE, PREV_NONE, 0, (guint32) (i / s.V) };
  s.crossings = g_new (Crossings, s.n_channels);
  for (guint c = 0; c < s.n_channels; c++)
    s.crossings[c] = (Crossings) { G_MAXUINT64, 0 };
  s.window_flits = g_new0 (guint64, s.n_channels);
  s.freed = g_new0 (guint64, s.n_channels);
  s.router = flitlab_router_new (topology, s.routing, s.V);
  s.messages = g_array_new (FALSE, FALSE, sizeof (Message));
  s.queues = g_new (SourceQueue, s.n_nodes);
  for (guint n = 0; n < s.n_nodes; n++)
    s.queues[n] = (SourceQueue) { NONE, NONE, 0 };
  s.next_arrival = job->rate > 0
                   ? flitlab_rng_exponential (&s.rng, 1.0 / (job->rate * s.n_nodes)) : 0;

  *sp = s;
}

void
flitlab_wormhole_clear (Sim *s)
{
  g_free (s->vc);
  g_free (s->crossings);
  g_free (s->freed);
  g_free (s->window_flits);
  flitlab_router_free (s->router);
  g_array_unref (s->messages);
  g_free (s->free_ids.ids);
  g_free (s->active.ids);
  g_free (s->resumed.ids);
  g_free (s->waiting.ids);
  g_free (s->waiting_next.ids);
  g_free (s->queues);
}

gboolean
flitlab_sim_wormhole_run (const FlitlabSimJob    *job,
                          FlitlabSimReplication  *out,
                          GError                **error)
{
  const FlitlabSimConfig *config = job->config;
  guint64 expected, drain_end;
  gboolean ok = FALSE;
  Sim s = { 0 };

  flitlab_wormhole_init (&s, job, out);
  memset (out, 0, sizeof *out);
  out->n_channels = s.n_channels;
  out->channel_flits = g_new0 (guint64, s.n_channels);
  out->channel_blocked = g_new0 (guint64, s.n_channels);
  out->histogram = flitlab_latency_histogram_new ();

  /* No window yet: nothing is tagged or counted during the warm-up. */
  s.window_start = s.window_end = G_MAXUINT64;
  expected = (config->warmup > 0 ? config->warmup : job->pilot) + job->cycles;

  if (config->warmup > 0)
    {
      if (!run_until (&s, config->warmup, expected, error))
        goto out;
    }
  else if (!auto_warmup (&s, expected, error))
    goto out;

  out->warmup = s.cycle;
  s.window_start = s.cycle;
  s.window_end = s.cycle + job->cycles;
  out->cycles = job->cycles;
  for (guint c = 0; c < s.n_channels; c++)
    s.window_flits[c] = s.crossings[c].flits;
  if (!out->deadlocked && !run_until (&s, s.window_end, s.window_end, error))
    goto out;
  /* The flits that crossed each channel in the window (which a deadlock may have cut short). */
  for (guint c = 0; c < s.n_channels; c++)
    out->channel_flits[c] = s.crossings[c].flits - s.window_flits[c];

  /* Drain: run on (arrivals continue, untagged) until every tagged message has arrived. A
   * stable network drains in about one latency; one that does not within as long again as
   * the window is saturated. */
  drain_end = s.window_end + job->cycles + 10000;
  while (!stopped (&s))
    {
      gboolean pending = FALSE;

      /* A stalled worm's header is waiting. */
      for (guint i = 0; i < s.active.len && !pending; i++)
        pending = message (&s, s.active.ids[i])->tagged;
      for (guint i = 0; i < s.waiting.len && !pending; i++)
        pending = message (&s, s.waiting.ids[i])->tagged;
      for (guint n = 0; n < s.n_nodes && !pending; n++)
        pending = s.queues[n].head != NONE && message (&s, s.queues[n].head)->tagged;
      if (!pending)
        break;
      if (s.cycle >= drain_end)
        {
          out->saturated = TRUE;
          break;
        }
      if (!run_until (&s, s.cycle + 100, s.window_end, error))
        goto out;
    }

  /* What the window delivered must keep up with what it generated: a stable network falls
   * short by the messages in flight at its end, a saturated one by a growing source queue. */
  if (!out->saturated && !out->deadlocked && out->generated > 100 &&
      out->accepted + 5 * sqrt ((double) out->generated) < 0.9 * out->generated)
    out->saturated = TRUE;
  ok = TRUE;

out:
  flitlab_wormhole_clear (&s);
  if (!ok)
    flitlab_sim_replication_clear (out);
  return ok;
}

