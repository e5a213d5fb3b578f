/* flitlab-routing.c: the routings' names, the networks they run on, and the router that
 * answers where a header may go next
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "flitlab-names.h"
#include "flitlab-routing-private.h"
#include "flitlab-topology-private.h"

static const char * const routing_names[] = {
  "dor", "adaptive", "necklace", "backtrack", "updown", "shortest", NULL
};

G_STATIC_ASSERT (G_N_ELEMENTS (routing_names) == FLITLAB_ROUTING_N + 1);

const char * const *
flitlab_routing_names (void)
{
  return routing_names;
}

const char *
flitlab_routing_to_string (FlitlabRouting routing)
{
  g_return_val_if_fail (routing < FLITLAB_ROUTING_N, NULL);
  return routing_names[routing];
}

gboolean
flitlab_routing_from_string (const char     *text,
                             FlitlabRouting *routing)
{
  guint index;

  if (!flitlab_names_find (routing_names, text, &index))
    return FALSE;
  *routing = index;
  return TRUE;
}

gboolean
flitlab_routing_fits (FlitlabRouting        routing,
                      FlitlabTopologyFamily family)
{
  gboolean table = routing == FLITLAB_ROUTING_UPDOWN || routing == FLITLAB_ROUTING_SHORTEST;

  if (family == FLITLAB_TOPOLOGY_FILE || table)
    return family == FLITLAB_TOPOLOGY_FILE && table;
  if (family == FLITLAB_TOPOLOGY_NECKLACE || routing == FLITLAB_ROUTING_NECKLACE)
    return family == FLITLAB_TOPOLOGY_NECKLACE && routing == FLITLAB_ROUTING_NECKLACE;
  if (routing == FLITLAB_ROUTING_BACKTRACK)
    return family == FLITLAB_TOPOLOGY_HYPERCUBE;
  return TRUE;
}

guint
flitlab_routing_deadlock_free_vcs (FlitlabRouting        routing,
                                   FlitlabTopologyFamily family)
{
  guint escape = family == FLITLAB_TOPOLOGY_TORUS ? 2 : 1;

  switch (routing)
    {
    case FLITLAB_ROUTING_DOR:
      return escape;
    case FLITLAB_ROUTING_ADAPTIVE:
      return escape + 1;
    case FLITLAB_ROUTING_UPDOWN:
    case FLITLAB_ROUTING_SHORTEST:
      return 1;
    case FLITLAB_ROUTING_NECKLACE:
    case FLITLAB_ROUTING_BACKTRACK:
    default:
      return 3;
    }
}

gboolean
flitlab_routing_is_deadlock_prone (FlitlabRouting routing)
{
  return routing == FLITLAB_ROUTING_SHORTEST;
}

FlitlabRouting
flitlab_routing_deterministic (FlitlabTopologyFamily family)
{
  if (family == FLITLAB_TOPOLOGY_FILE)
    return FLITLAB_ROUTING_UPDOWN;
  return family == FLITLAB_TOPOLOGY_NECKLACE ? FLITLAB_ROUTING_NECKLACE : FLITLAB_ROUTING_DOR;
}

/* ---- necklace routes (003 section 3) ------------------------------------------------ */

/* The channel from node to its neighbour next (necklace: base link preferred when both join). */
static guint
channel_to (const FlitlabTopology *self,
            guint                  node,
            guint                  next,
            gboolean               base)
{
  for (guint i = self->out_offsets[node]; i < self->out_offsets[node + 1]; i++)
    if (self->channels[i].dst == next && self->channels[i].base_link == base)
      return i;
  return G_MAXUINT;
}

/* Position along necklace e: 0 at its smaller base vertex, 1..k on it, k + 1 at the other. */
static guint
necklace_position (const FlitlabTopology *self,
                   guint                  e,
                   guint                  node)
{
  if (node == self->edge_base[e])
    return 0;
  if (node < (1u << self->n_dims))
    return self->sizes[e] + 1;
  return node - self->first[e] + 1;
}

static guint
necklace_node (const FlitlabTopology *self,
               guint                  e,
               guint                  position)
{
  if (position == 0)
    return self->edge_base[e];
  if (position == self->sizes[e] + 1)
    return self->edge_base[e] | (1u << self->edge_dim[e]);
  return self->first[e] + position - 1;
}

/* Along necklace e, link by link, from *node to target (both on it or at its ends). */
static void
walk_necklace (const FlitlabTopology *self,
               guint                  e,
               guint                 *node,
               guint                  target,
               GArray                *route)
{
  guint here = necklace_position (self, e, *node), there = necklace_position (self, e, target);

  while (here != there)
    {
      guint next = here < there ? here + 1 : here - 1;
      guint c = channel_to (self, *node, necklace_node (self, e, next), FALSE);

      g_array_append_val (route, c);
      *node = self->channels[c].dst;
      here = next;
    }
}

/* 003 section 3: to the nearest base vertex of the source necklace (the smaller one on a tie),
 * e-cube across the base hypercube to the destination's nearest base vertex (again the smaller
 * on a tie), then along the destination necklace; when both lie on one necklace and walking
 * along it is no longer, the walk. The nearest end of a necklace always lies on a shortest
 * path, so with even necklace sizes the route is a shortest one; the middle node of an odd
 * necklace is as near to both ends, and the tie rule may cost a hop at either end: then the
 * hop count exceeds distance() (by at most 2; 432 of 1936 pairs of the (3,3)-RNH). */
static guint
necklace_route (const FlitlabTopology *self,
                guint                  src,
                guint                  dst,
                GArray                *route)
{
  guint sb[2], sc[2], db[2], dc[2], from, to, node = src, start = route->len;
  guint n_base = 1u << self->n_dims;

  flitlab_topology_necklace_exits (self, src, sb, sc);
  flitlab_topology_necklace_exits (self, dst, db, dc);
  from = sc[1] < sc[0] ? sb[1] : sb[0];
  to = dc[1] < dc[0] ? db[1] : db[0];

  if (src >= n_base && dst >= n_base && self->node_edge[src] == self->node_edge[dst] &&
      (guint) ABS ((int) src - (int) dst) <= MIN (sc[0], sc[1]) +
        (guint) __builtin_popcount (from ^ to) + MIN (dc[0], dc[1]))
    {
      walk_necklace (self, self->node_edge[src], &node, dst, route);
      return route->len - start;
    }

  if (src >= n_base)
    walk_necklace (self, self->node_edge[src], &node, from, route);
  while (node != to)
    {
      guint d = (guint) __builtin_ctz (node ^ to);
      guint c = channel_to (self, node, node ^ (1u << d), TRUE);

      g_array_append_val (route, c);
      node ^= 1u << d;
    }
  if (dst >= n_base)
    walk_necklace (self, self->node_edge[dst], &node, dst, route);
  return route->len - start;
}


/* ---- the router ------------------------------------------------------------------------ */


static void dor_tables (FlitlabRouter *self);

FlitlabRouter *
flitlab_router_new (const FlitlabTopology *topology,
                    FlitlabRouting         routing,
                    guint                  vcs)
{
  FlitlabRouter *self;
  guint n_nodes;

  g_return_val_if_fail (topology != NULL, NULL);
  g_return_val_if_fail (flitlab_routing_fits (routing, topology->family), NULL);
  g_return_val_if_fail (routing != FLITLAB_ROUTING_BACKTRACK, NULL);

  self = g_new0 (FlitlabRouter, 1);
  self->topology = flitlab_topology_ref (topology);
  self->channels = topology->channels;
  self->routing = routing;
  self->family = topology->family;
  self->torus = topology->family == FLITLAB_TOPOLOGY_TORUS;
  self->bidirectional = topology->bidirectional;
  self->n_dims = topology->n_dims;
  self->vcs = MAX (vcs, 1);
  memcpy (self->radix, topology->radices, sizeof self->radix);
  n_nodes = topology->n_nodes;

  self->coords = g_new (guint, (gsize) n_nodes * MAX (self->n_dims, 1));
  if (self->torus || self->family == FLITLAB_TOPOLOGY_MESH)
    for (guint n = 0; n < n_nodes; n++)
      flitlab_topology_get_coords (topology, n, self->coords + (gsize) n * self->n_dims);
  self->out_first = g_new (guint, n_nodes);
  self->out_slot = g_new0 (guint8, (gsize) n_nodes * MAX (self->n_dims, 1) * 2);
  for (guint n = 0; n < n_nodes; n++)
    {
      guint first = topology->out_offsets[n], n_out = topology->out_offsets[n + 1] - first;

      /* Hops are masks of a node's out-channels, which are consecutive ids: at most 32
       * (2 n on a torus of 16 dimensions, or at a base vertex of a necklace of 16). */
      g_assert (n_out <= 32);
      for (guint i = 0; i < n_out; i++)
        {
          const FlitlabChannel *c = &self->channels[first + i];

          if (self->torus || self->family == FLITLAB_TOPOLOGY_MESH)
            self->out_slot[((gsize) n * self->n_dims + c->dim) * 2 + (c->direction < 0)] =
              (guint8) i;
        }
      self->out_first[n] = first;
    }
  if (routing == FLITLAB_ROUTING_DOR &&
      (self->torus || self->family == FLITLAB_TOPOLOGY_MESH) && self->n_dims > 0)
    dor_tables (self);
  if (self->family == FLITLAB_TOPOLOGY_FILE)
    {
      /* The topology's tables, built once and shared by every router of the network. */
      flitlab_topology_ensure_stats (topology);
      self->table = routing == FLITLAB_ROUTING_SHORTEST ? topology->next_shortest
                                                        : topology->next_updown[0];
      self->table_down = routing == FLITLAB_ROUTING_SHORTEST ? topology->next_shortest
                                                             : topology->next_updown[1];
    }
  return self;
}

void
flitlab_router_free (FlitlabRouter *self)
{
  if (self == NULL)
    return;
  flitlab_topology_unref (self->topology);
  g_free (self->coords);
  g_free (self->out_first);
  g_free (self->out_slot);
  g_free (self->dor_way);
  g_free (self);
}

/* Inlined into flitlab_router_hops(), which the simulator calls at every hop. */
static inline guint
dateline_class (const FlitlabRouter *self,
                guint                channel,
                guint                dst)
{
  const FlitlabChannel *c = &self->channels[channel];
  guint to_coord, dst_coord;

  if (!self->torus)
    return 0;
  if (c->wraparound)
    return 1;
  to_coord = self->coords[(gsize) c->dst * self->n_dims + c->dim];
  dst_coord = self->coords[(gsize) dst * self->n_dims + c->dim];
  if (c->direction > 0)
    return dst_coord < to_coord ? 0 : 1;
  return dst_coord > to_coord ? 0 : 1;
}

/* The tables of flitlab_router_dor_hops(): the answers of minimal_mask() and dateline_class() for every
 * coordinate pair of every dimension, the channel the way goes being wraparound when it leaves
 * the ring's last node + or its first -. None past a megabyte (a ring of over 1024 nodes):
 * flitlab_router_hops() then works them out at each hop. */
static void
dor_tables (FlitlabRouter *self)
{
  gsize size = 0;

  for (guint d = 0; d < self->n_dims; d++)
    {
      self->dor_offset[d] = size;
      size += (gsize) self->radix[d] * self->radix[d];
    }
  if (size > 1u << 20)
    return;
  self->dor_way = g_new0 (guint8, size);
  for (guint d = 0; d < self->n_dims; d++)
    {
      guint k = self->radix[d];

      for (guint a = 0; a < k; a++)
        for (guint b = 0; b < k; b++)
          {
            guint way, cls[2] = { 0, 0 };

            if (a == b)
              continue;
            if (!self->torus)
              way = b > a ? DOR_PLUS : DOR_MINUS;
            else if (!self->bidirectional)
              way = DOR_PLUS;
            else
              {
                guint forward = b > a ? b - a : b + k - a;

                way = forward < k - forward ? DOR_PLUS : forward > k - forward ? DOR_MINUS
                      : DOR_TIE;
              }
            if (self->torus)
              {
                guint plus_to = (a + 1) % k, minus_to = (a + k - 1) % k;

                cls[DOR_PLUS] = a + 1 == k ? 1 : b < plus_to ? 0 : 1;
                cls[DOR_MINUS] = a == 0 ? 1 : b > minus_to ? 0 : 1;
              }
            self->dor_way[self->dor_offset[d] + (gsize) a * k + b] =
              (guint8) (way | cls[DOR_PLUS] << DOR_CLASS_SHIFT |
                        cls[DOR_MINUS] << (DOR_CLASS_SHIFT + 1));
          }
    }
  /* As flitlab_router_hops() below: a torus of two VCs or more splits them into its two
   * classes, else every VC is an escape VC. */
  for (guint c = 0; c < 2; c++)
    {
      gboolean classes = self->torus && self->vcs >= 2;

      self->dor_lo[c] = (guint16) (classes ? c * (self->vcs / 2) : 0);
      self->dor_hi[c] = (guint16) (classes ? (c + 1) * (self->vcs / 2) : self->vcs);
    }
}

guint
flitlab_router_dateline_class (const FlitlabRouter *self,
                               guint                channel,
                               guint                dst)
{
  return dateline_class (self, channel, dst);
}

/* Torus, mesh, hypercube: the minimal hops out of node towards dst as a mask of node's
 * out-channels, per dimension still to correct each direction that shortens the way, the tie
 * bit deciding half way round a ring. lowest_only: only the lowest dimension still to correct
 * (a node's out-channels are in dimension order, so the mask's lowest bit is the same), all
 * that dimension-ordered routing asks for. */
static inline guint32
minimal_mask (const FlitlabRouter *self,
              guint                node,
              guint                dst,
              guint32              ties,
              gboolean             lowest_only)
{
  const guint *a = self->coords + (gsize) node * self->n_dims;
  const guint *b = self->coords + (gsize) dst * self->n_dims;
  const guint8 *slot = self->out_slot + (gsize) node * self->n_dims * 2;
  guint32 mask = 0;

  if (self->family == FLITLAB_TOPOLOGY_HYPERCUBE)
    return node ^ dst;  /* out-channel d flips bit d */
  for (guint d = 0; d < self->n_dims; d++)
    {
      gboolean plus, minus;

      if (a[d] == b[d])
        continue;
      if (!self->torus)
        {
          plus = b[d] > a[d];
          minus = !plus;
        }
      else if (!self->bidirectional)
        {
          plus = TRUE;
          minus = FALSE;
        }
      else
        {
          guint k = self->radix[d];
          guint forward = b[d] > a[d] ? b[d] - a[d] : b[d] + k - a[d];

          plus = forward <= k - forward;
          minus = k - forward <= forward;
          if (plus && minus)
            {
              plus = !((ties >> d) & 1);
              minus = !plus;
            }
        }
      if (plus)
        mask |= 1u << slot[2 * d];
      if (minus)
        mask |= 1u << slot[2 * d + 1];
      if (lowest_only)
        break;
    }
  return mask;
}

/* The first hop of 003's route from node and, when it is a base link, the base vertex where
 * the route leaves the base hypercube. */
static guint
necklace_first_hop (const FlitlabRouter *self,
                    guint                node,
                    guint                dst,
                    guint               *exit_base)
{
  g_autoptr(GArray) route = g_array_new (FALSE, FALSE, sizeof (guint));
  guint first;

  necklace_route (self->topology, node, dst, route);
  g_assert (route->len > 0);
  first = g_array_index (route, guint, 0);
  *exit_base = G_MAXUINT;
  for (guint i = 0; i < route->len; i++)
    {
      const FlitlabChannel *hop = &self->channels[g_array_index (route, guint, i)];

      if (!hop->base_link)
        break;
      *exit_base = hop->dst;
    }
  return first;
}

/* Necklace routing (003 section 3) on the route of necklace_route(): on necklace links VC 0
 * is class A (before the route first reaches a base vertex), VC 1 class B (after), VCs 2..V-1
 * adaptive on the same link; on base links VC 0 is the e-cube escape and VCs 1..V-1 are
 * adaptive on any base link that brings the header closer to the route's last base vertex. */
static void
necklace_hops (const FlitlabRouter *self,
               guint                node,
               guint                dst,
               gboolean             passed_base,
               FlitlabHops         *hops)
{
  guint n_base = 1u << self->n_dims, exit_base;
  guint first_out = self->out_first[node];
  guint n_out = self->topology->out_offsets[node + 1] - first_out;
  guint channel = necklace_first_hop (self, node, dst, &exit_base);

  hops->escape = channel;
  hops->first_out = first_out;
  hops->adaptive = 0;
  if (!self->channels[channel].base_link)
    {
      gboolean phase_b = passed_base || node < n_base;

      hops->adaptive = 1u << (channel - first_out);
      hops->adaptive_lo = 2;
      hops->escape_lo = phase_b ? 1 : 0;
      hops->escape_hi = hops->escape_lo + 1;
      return;
    }
  for (guint i = 0; i < n_out; i++)
    {
      const FlitlabChannel *o = &self->channels[first_out + i];

      if (o->base_link && ((o->src ^ exit_base) & (1u << o->dim)))
        hops->adaptive |= 1u << i;
    }
  hops->adaptive_lo = 1;
  hops->escape_lo = 0;
  hops->escape_hi = 1;
}

/* A file network's hop, from its tables: every VC an escape VC, no adaptive hop. */
static guint
table_hop (const FlitlabRouter *self,
           guint                node,
           guint                dst,
           gboolean             down)
{
  guint8 slot = (down ? self->table_down : self->table)[(gsize) node * self->topology->n_nodes +
                                                        dst];

  g_assert (slot != FLITLAB_TOPOLOGY_NO_HOP);
  return self->out_first[node] + slot;
}

gboolean
flitlab_router_ends_phase (const FlitlabRouter *self,
                           guint                channel)
{
  if (self->routing == FLITLAB_ROUTING_NECKLACE)
    return self->channels[channel].dst < (1u << self->n_dims);
  if (self->routing == FLITLAB_ROUTING_UPDOWN)
    return !flitlab_topology_file_is_up (self->topology, channel);
  return FALSE;
}

void
flitlab_router_hops (const FlitlabRouter *self,
                     guint                node,
                     guint                dst,
                     guint32              ties,
                     gboolean             passed_base,
                     FlitlabHops         *hops)
{
  guint32 mask;

  g_assert (node != dst);
  if (self->table != NULL)
    {
      hops->first_out = self->out_first[node];
      hops->escape = table_hop (self, node, dst, passed_base);
      hops->escape_lo = 0;
      hops->escape_hi = (guint16) self->vcs;
      hops->adaptive = 0;
      hops->adaptive_lo = 1;
      return;
    }
  if (self->dor_way != NULL)
    {
      flitlab_router_dor_hops (self, node, dst, ties, hops);
      return;
    }
  if (self->routing == FLITLAB_ROUTING_NECKLACE)
    {
      necklace_hops (self, node, dst, passed_base, hops);
      return;
    }

  /* Dimension order needs the lowest minimal hop alone; adaptive routing every one. */
  if (self->routing == FLITLAB_ROUTING_ADAPTIVE)
    mask = minimal_mask (self, node, dst, ties, FALSE);
  else
    mask = minimal_mask (self, node, dst, ties, TRUE);
  g_assert (mask != 0);
  hops->first_out = self->out_first[node];
  hops->escape = hops->first_out + (guint) __builtin_ctz (mask);
  /* The escape VCs: the dateline class's on a torus with two VCs or more (DOR spreads each
   * class over half the VCs; adaptive keeps VCs 0 and 1 as escape), else all VCs for DOR and
   * VC 0 for adaptive. Below two VCs a torus has no dateline classes: the simulator refuses
   * that unless the configuration allows deadlock (the deadlock lab). */
  if (self->torus && self->vcs >= 2)
    {
      guint cls = dateline_class (self, hops->escape, dst);
      guint width = self->routing == FLITLAB_ROUTING_DOR ? self->vcs / 2 : 1;

      hops->escape_lo = (guint16) (cls * width);
      hops->escape_hi = (guint16) ((cls + 1) * width);
    }
  else
    {
      hops->escape_lo = 0;
      hops->escape_hi = (guint16) (self->routing == FLITLAB_ROUTING_DOR ? self->vcs : 1);
    }
  /* 002 section 2: any minimal hop on the VCs above the escape ones, lowest dimension first. */
  hops->adaptive = self->routing == FLITLAB_ROUTING_ADAPTIVE ? mask : 0;
  hops->adaptive_lo = self->torus ? 2 : 1;
}

guint
flitlab_router_minimal_hops (const FlitlabRouter *self,
                             guint                node,
                             guint                dst,
                             guint32              ties,
                             guint               *next)
{
  guint n = 0, dims[2 * FLITLAB_TOPOLOGY_MAX_DIMS + 2];
  int directions[2 * FLITLAB_TOPOLOGY_MAX_DIMS + 2];
  guint kept = 0;

  if (node == dst)
    return 0;
  if (self->family == FLITLAB_TOPOLOGY_FILE)
    return flitlab_topology_minimal_next_hops (self->topology, node, dst, next);
  if (self->family != FLITLAB_TOPOLOGY_NECKLACE)
    {
      for (guint32 mask = minimal_mask (self, node, dst, ties, FALSE); mask != 0;
           mask &= mask - 1)
        next[n++] = self->out_first[node] + (guint) __builtin_ctz (mask);
      return n;
    }

  /* A necklace: the topology's minimal hops, less one of the two ways round a necklace
   * whose middle node is as near both ends; a base vertex may have two minimal hops in one
   * dimension and one direction (the base link and the necklace's), which do not tie. */
  n = flitlab_topology_minimal_next_hops (self->topology, node, dst, next);
  for (guint i = 0; i < n; i++)
    {
      dims[i] = self->channels[next[i]].dim;
      directions[i] = self->channels[next[i]].direction;
    }
  for (guint i = 0; i < n; i++)
    {
      int wanted = (ties >> dims[i]) & 1 ? -1 : +1;
      gboolean tied = FALSE;

      for (guint j = 0; j < n; j++)
        tied |= j != i && dims[j] == dims[i] && directions[j] != directions[i];
      if (!tied || directions[i] == wanted)
        next[kept++] = next[i];
    }
  g_assert (n == 0 || kept > 0);
  return kept;
}

guint
flitlab_router_route (const FlitlabRouter *self,
                      guint                src,
                      guint                dst,
                      guint32              ties,
                      GArray              *route)
{
  guint node = src, start = route->len;

  g_return_val_if_fail (src < self->topology->n_nodes && dst < self->topology->n_nodes, 0);

  if (self->family == FLITLAB_TOPOLOGY_NECKLACE)
    return necklace_route (self->topology, src, dst, route);
  if (self->table != NULL)
    {
      gboolean down = FALSE;

      while (node != dst)
        {
          guint c = table_hop (self, node, dst, down);

          g_array_append_val (route, c);
          down |= flitlab_router_ends_phase (self, c);
          node = self->channels[c].dst;
        }
      return route->len - start;
    }
  while (node != dst)
    {
      guint c = self->out_first[node] + (guint) __builtin_ctz (minimal_mask (self, node, dst,
                                                                            ties, TRUE));

      g_array_append_val (route, c);
      node = self->channels[c].dst;
    }
  return route->len - start;
}

guint
flitlab_router_paths (const FlitlabRouter *self,
                      guint                src,
                      guint                dst,
                      gboolean             every_tie,
                      GArray              *channels)
{
  guint n_nodes = self->topology->n_nodes, start = channels->len;
  g_autofree gboolean *seen = g_new0 (gboolean, n_nodes);
  g_autofree gboolean *taken = g_new0 (gboolean, self->topology->n_network);
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (guint));
  /* Each dimension's tie bit changes only that dimension's hops: all + and all - between
   * them give every choice. */
  const guint32 ties[] = { 0, G_MAXUINT32 };

  g_return_val_if_fail (src < n_nodes && dst < n_nodes, 0);

  /* A table routing has one route, and its hops depend on the phase along it. */
  if (self->table != NULL)
    {
      g_autoptr(GArray) route = g_array_new (FALSE, FALSE, sizeof (guint));

      flitlab_router_route (self, src, dst, 0, route);
      g_array_append_vals (channels, route->data, route->len);
      return channels->len - start;
    }
  g_array_append_val (queue, src);
  seen[src] = TRUE;
  for (guint q = 0; q < queue->len; q++)
    {
      guint node = g_array_index (queue, guint, q);

      if (node == dst)
        continue;
      for (guint t = 0; t < (every_tie ? 2 : 1); t++)
        {
          FlitlabHops hops;
          guint32 mask;

          /* The VC classes, not the channels, depend on where a necklace route has been. */
          flitlab_router_hops (self, node, dst, ties[t], FALSE, &hops);
          mask = hops.adaptive | 1u << (hops.escape - hops.first_out);
          for (; mask != 0; mask &= mask - 1)
            {
              guint c = hops.first_out + (guint) __builtin_ctz (mask);
              guint to = self->channels[c].dst;

              if (!taken[c])
                {
                  taken[c] = TRUE;
                  g_array_append_val (channels, c);
                }
              if (!seen[to])
                {
                  seen[to] = TRUE;
                  g_array_append_val (queue, to);
                }
            }
        }
    }
  return channels->len - start;
}
