/* flitlab-channel-dependency.c: a routing's channel dependency graph
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The edges out of a vertex go to channels out of the node its channel leads to: at most
 * 2 FLITLAB_TOPOLOGY_MAX_DIMS of them, times two classes (a file network: at most
 * FLITLAB_TOPOLOGY_FILE_MAX_DEGREE, one class), so one 64-bit set per vertex holds them (bit:
 * position among the node's out channels times the classes, plus the class).
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-channel-dependency.h"
#include "flitlab-routing.h"
#include "flitlab-sim.h"

G_STATIC_ASSERT (2 * FLITLAB_TOPOLOGY_MAX_DIMS * 2 <= 64);
G_STATIC_ASSERT (FLITLAB_TOPOLOGY_FILE_MAX_DEGREE <= 64);

struct _FlitlabChannelDependency
{
  const FlitlabTopology  *topology;  /* during construction only */
  FlitlabRouter          *router;    /* during construction only: dimension order */
  guint                   n_classes;
  guint                   n_vertices;
  guint64                *next;      /* per vertex: its successors, as above */
  GArray                 *edges;     /* FlitlabDependencyVertex pairs, sorted */
  GArray                 *cycle;     /* FlitlabDependencyVertex */
};

static guint
vertex_of (const FlitlabChannelDependency *self,
           guint                           channel,
           guint                           vc_class)
{
  return channel * self->n_classes + vc_class;
}

/* The successor bit of (channel, class) among the out channels of its source node. */
static guint
successor_bit (const FlitlabTopology *topology,
               guint                  n_classes,
               guint                  channel,
               guint                  vc_class)
{
  const guint *out;
  guint n_out =
    flitlab_topology_get_out_channels (topology,
                                       flitlab_topology_get_channel (topology, channel)->src,
                                       &out);

  for (guint i = 0; i < n_out; i++)
    if (out[i] == channel)
      return i * n_classes + vc_class;
  g_assert_not_reached ();
}

/* The hop FLITLAB_ROUTING_DOR takes out of node towards dst with the given tie bits, as a
 * vertex. */
static guint
hop (FlitlabChannelDependency *self,
     guint                     node,
     guint                     dst,
     guint32                   ties,
     guint                    *channel)
{
  FlitlabHops hops;
  guint vc_class = 0;

  flitlab_router_hops (self->router, node, dst, ties, FALSE, &hops);
  if (self->n_classes == 2)
    vc_class = flitlab_router_dateline_class (self->router, hops.escape, dst);
  *channel = hops.escape;
  return vertex_of (self, hops.escape, vc_class);
}

/* The first two hops of the routes from u to t, each way where t is half way round from u in
 * a dimension of these two hops; only the tie bits of those dimensions matter. */
static void
add_first_two_hops (FlitlabChannelDependency *self,
                    guint                     u,
                    guint                     t,
                    guint32                   tied)
{
  guint32 sub = tied;

  do
    {
      guint first, second, channel, next_node;

      first = hop (self, u, t, sub, &channel);
      next_node = flitlab_topology_get_channel (self->topology, channel)->dst;
      if (next_node != t)
        {
          second = hop (self, next_node, t, sub, &channel);
          self->next[first] |= G_GUINT64_CONSTANT (1) << successor_bit (self->topology,
                                                                        self->n_classes, channel,
                                                                        second % self->n_classes);
        }
      sub = (sub - 1) & tied;
    }
  while (sub != tied);
}

/* Bit d set when coordinate b is half way round from a on a bi-directional ring of even radix
 * k: a balanced message goes either way, by its own coin in that dimension. */
static guint32
tie_bit (gboolean bidirectional_torus,
         guint    d,
         guint    k,
         guint    a,
         guint    b)
{
  return bidirectional_torus && k % 2 == 0 && (b + k - a) % k == k / 2 ? 1u << d : 0;
}

/* The engine routes hop by hop, each hop from where the header is, its destination and its
 * tie bits (and the dateline class from the same), so the tail of a route is the route from
 * where it has come to, and every node starts routes: the dependencies are the first two hops
 * of the routes from every node u to every other node t. Those two hops lie in the first two
 * dimensions d0 < d1 in which u and t differ and depend on t's coordinates in them only, so
 * it is enough to route from u to each t that differs from u in d0 alone or in d0 and d1. */
static void
add_routes_from (FlitlabChannelDependency *self,
                 const guint              *coords,
                 const guint              *stride,
                 guint                     n_dims,
                 gboolean                  bidirectional_torus,
                 guint                     u)
{
  const guint *at = coords + (gsize) u * n_dims;

  for (guint d0 = 0; d0 < n_dims; d0++)
    {
      guint k0 = flitlab_topology_get_radix (self->topology, d0);

      for (guint b0 = 0; b0 < k0; b0++)
        {
          guint t0 = u + (b0 - at[d0]) * stride[d0];
          guint32 tied0 = tie_bit (bidirectional_torus, d0, k0, at[d0], b0);

          if (b0 == at[d0])
            continue;
          add_first_two_hops (self, u, t0, tied0);
          for (guint d1 = d0 + 1; d1 < n_dims; d1++)
            {
              guint k1 = flitlab_topology_get_radix (self->topology, d1);

              for (guint b1 = 0; b1 < k1; b1++)
                if (b1 != at[d1])
                  add_first_two_hops (self, u, t0 + (b1 - at[d1]) * stride[d1],
                                      tied0 | tie_bit (bidirectional_torus, d1, k1, at[d1], b1));
            }
        }
    }
}

/* A file network's table routing: a hop depends on where the header is, where it goes and its
 * phase (flitlab_router_ends_phase(): up*-down*'s down hop taken), so the states are (node,
 * phase) per destination t. Every node starts a route in phase 0; a phase-1 state occurs when
 * a route enters it by a down hop. Each state that occurs gives one dependency, its hop then
 * the next state's: the same as walking all N (N - 1) routes, in O(N) per destination. */
static void
add_table_dependency (FlitlabChannelDependency *self,
                      guint                     from,
                      guint                     to)
{
  const guint *out;

  flitlab_topology_get_out_channels (self->topology,
                                     flitlab_topology_get_channel (self->topology, to)->src,
                                     &out);
  /* A node's out-channels have consecutive ids. */
  self->next[vertex_of (self, from, 0)] |= G_GUINT64_CONSTANT (1) << (to - out[0]);
}

static void
add_table_routes (FlitlabChannelDependency *self,
                  guint                     n_nodes)
{
  g_autofree gboolean *down_seen = g_new (gboolean, n_nodes);
  g_autofree guint *queue = g_new (guint, n_nodes);

  for (guint t = 0; t < n_nodes; t++)
    {
      guint head = 0, tail = 0;

      memset (down_seen, 0, sizeof (gboolean) * n_nodes);
      /* Phase 0 at every node but t (its first hop), then the phase-1 states found. */
      for (guint k = 0; k < n_nodes + tail; k++)
        {
          gboolean down = k >= n_nodes;
          guint u = down ? queue[head++] : k, v, first, second;
          FlitlabHops hops;

          if (u == t)
            continue;
          flitlab_router_hops (self->router, u, t, 0, down, &hops);
          first = hops.escape;
          v = flitlab_topology_get_channel (self->topology, first)->dst;
          down = down || flitlab_router_ends_phase (self->router, first);
          if (v == t)
            continue;
          flitlab_router_hops (self->router, v, t, 0, down, &hops);
          second = hops.escape;
          add_table_dependency (self, first, second);
          if (down && !down_seen[v])
            {
              down_seen[v] = TRUE;
              queue[tail++] = v;
            }
        }
    }
}

/* The vertex a successor bit of vertex v stands for. */
static guint
successor (const FlitlabChannelDependency *self,
           const FlitlabTopology          *topology,
           guint                           v,
           guint                           bit)
{
  const guint *out;
  guint channel = v / self->n_classes;

  flitlab_topology_get_out_channels (topology,
                                     flitlab_topology_get_channel (topology, channel)->dst,
                                     &out);
  return vertex_of (self, out[bit / self->n_classes], bit % self->n_classes);
}

static FlitlabDependencyVertex
vertex (const FlitlabChannelDependency *self,
        guint                           v)
{
  return (FlitlabDependencyVertex) { v / self->n_classes, v % self->n_classes };
}

/* Depth-first search from every vertex in order; the first back edge closes the cycle. */
static void
find_cycle (FlitlabChannelDependency *self,
            const FlitlabTopology    *topology)
{
  g_autofree guint8 *state = g_new0 (guint8, self->n_vertices);  /* 0 new, 1 on path, 2 done */
  g_autofree guint *path = g_new (guint, self->n_vertices);
  g_autofree guint64 *left = g_new (guint64, self->n_vertices);   /* successors not yet tried */

  for (guint root = 0; root < self->n_vertices; root++)
    {
      guint depth = 1;

      if (state[root] != 0)
        continue;
      path[0] = root;
      left[0] = self->next[root];
      state[root] = 1;
      while (depth > 0)
        {
          guint u = path[depth - 1], bit, v;

          if (left[depth - 1] == 0)
            {
              state[u] = 2;
              depth--;
              continue;
            }
          bit = (guint) __builtin_ctzll (left[depth - 1]);
          left[depth - 1] &= left[depth - 1] - 1;
          v = successor (self, topology, u, bit);
          if (state[v] == 2)
            continue;
          if (state[v] == 0)
            {
              state[v] = 1;
              path[depth] = v;
              left[depth] = self->next[v];
              depth++;
              continue;
            }
          /* v is on the path: from it to u, then back to v. */
          {
            guint start = depth - 1;

            while (path[start] != v)
              start--;
            for (guint k = start; k < depth; k++)
              {
                FlitlabDependencyVertex x = vertex (self, path[k]);

                g_array_append_val (self->cycle, x);
              }
            return;
          }
        }
    }
}

FlitlabChannelDependency *
flitlab_channel_dependency_new (const FlitlabTopology  *topology,
                                FlitlabRouting          routing,
                                guint                   vcs,
                                GError                **error)
{
  g_autoptr(FlitlabChannelDependency) self = NULL;
  FlitlabTopologyFamily family;
  guint n_nodes, n_dims;
  gboolean torus;
  g_autofree guint *coords = NULL;
  guint stride[FLITLAB_TOPOLOGY_MAX_DIMS];

  g_return_val_if_fail (topology != NULL, NULL);

  family = flitlab_topology_get_family (topology);
  n_nodes = flitlab_topology_get_n_nodes (topology);
  n_dims = flitlab_topology_get_n_dims (topology);
  torus = family == FLITLAB_TOPOLOGY_TORUS;
  if (family == FLITLAB_TOPOLOGY_FILE && !flitlab_routing_fits (routing, family))
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   _("The channel dependency graph of a network from a file is drawn for its "
                     "updown or shortest routing"));
      return NULL;
    }
  if (family != FLITLAB_TOPOLOGY_FILE &&
      (routing == FLITLAB_ROUTING_NECKLACE || routing == FLITLAB_ROUTING_BACKTRACK ||
       routing == FLITLAB_ROUTING_UPDOWN || routing == FLITLAB_ROUTING_SHORTEST ||
       family == FLITLAB_TOPOLOGY_NECKLACE))
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   _("The channel dependency graph is drawn for dimension-ordered routes on a "
                     "torus, mesh or hypercube"));
      return NULL;
    }
  if (n_nodes > FLITLAB_CHANNEL_DEPENDENCY_MAX_NODES)
    {
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_TOO_LARGE,
                   _("This network has %2$u nodes: too many for a channel dependency graph, "
                     "which routes every pair of nodes (at most %1$u)"),
                   FLITLAB_CHANNEL_DEPENDENCY_MAX_NODES, n_nodes);
      return NULL;
    }
  if (vcs == 0)
    vcs = flitlab_routing_deadlock_free_vcs (FLITLAB_ROUTING_DOR, family);

  self = g_new0 (FlitlabChannelDependency, 1);
  self->topology = topology;
  self->router = flitlab_router_new (topology, family == FLITLAB_TOPOLOGY_FILE ? routing
                                                                             : FLITLAB_ROUTING_DOR,
                                     vcs);
  /* As flitlab_router_hops()'s escape VCs: dateline classes from two VCs on. */
  self->n_classes = torus && vcs >= 2 ? 2 : 1;
  self->n_vertices = flitlab_topology_get_n_network_channels (topology) * self->n_classes;
  self->next = g_new0 (guint64, self->n_vertices);
  self->edges = g_array_new (FALSE, FALSE, sizeof (FlitlabDependencyVertex));
  self->cycle = g_array_new (FALSE, FALSE, sizeof (FlitlabDependencyVertex));

  coords = g_new0 (guint, (gsize) n_nodes * MAX (n_dims, 1));
  for (guint n = 0; n < n_nodes; n++)
    flitlab_topology_get_coords (topology, n, coords + (gsize) n * n_dims);

  for (guint d = 0, product = 1; d < n_dims; d++)
    {
      stride[d] = product;
      product *= flitlab_topology_get_radix (topology, d);
    }
  if (family == FLITLAB_TOPOLOGY_FILE)
    add_table_routes (self, n_nodes);
  else
    for (guint u = 0; u < n_nodes; u++)
      add_routes_from (self, coords, stride, n_dims,
                       torus && flitlab_topology_is_bidirectional (topology), u);

  for (guint v = 0; v < self->n_vertices; v++)
    for (guint64 bits = self->next[v]; bits != 0; bits &= bits - 1)
      {
        FlitlabDependencyVertex pair[2] = {
          vertex (self, v),
          vertex (self, successor (self, topology, v, (guint) __builtin_ctzll (bits))),
        };

        g_array_append_vals (self->edges, pair, 2);
      }
  find_cycle (self, topology);
  self->topology = NULL;
  g_clear_pointer (&self->router, flitlab_router_free);
  return g_steal_pointer (&self);
}

void
flitlab_channel_dependency_free (FlitlabChannelDependency *self)
{
  if (self == NULL)
    return;
  g_free (self->next);
  if (self->edges != NULL)
    g_array_unref (self->edges);
  if (self->cycle != NULL)
    g_array_unref (self->cycle);
  g_free (self);
}

guint
flitlab_channel_dependency_get_n_classes (const FlitlabChannelDependency *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->n_classes;
}

guint
flitlab_channel_dependency_get_n_edges (const FlitlabChannelDependency *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->edges->len / 2;
}

void
flitlab_channel_dependency_get_edge (const FlitlabChannelDependency *self,
                                     guint                           index,
                                     FlitlabDependencyVertex        *from,
                                     FlitlabDependencyVertex        *to)
{
  g_return_if_fail (self != NULL && index < self->edges->len / 2);

  *from = g_array_index (self->edges, FlitlabDependencyVertex, 2 * index);
  *to = g_array_index (self->edges, FlitlabDependencyVertex, 2 * index + 1);
}

gboolean
flitlab_channel_dependency_has_cycle (const FlitlabChannelDependency *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->cycle->len > 0;
}

const FlitlabDependencyVertex *
flitlab_channel_dependency_get_cycle (const FlitlabChannelDependency *self,
                                      guint                          *n_vertices)
{
  g_return_val_if_fail (self != NULL && n_vertices != NULL, NULL);

  *n_vertices = self->cycle->len;
  return self->cycle->len > 0 ? (const FlitlabDependencyVertex *) self->cycle->data : NULL;
}
