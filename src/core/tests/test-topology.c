/* test-topology.c: the topology library against brute force and the papers' closed forms
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-topology.h"
#include "flitlab-routing.h"

static const char * const specs[] = {
  "torus:8x8:uni", "torus:6x6x6:bi", "torus:4x6x3:bi", "torus:5x3:uni", "torus:2x2:bi",
  "torus:7:bi", "mesh:8x8", "mesh:3x5x2", "hypercube:1", "hypercube:6", "necklace:3,4",
  "necklace:2,3", "necklace:1,2", "necklace:3,0", "necklace:3:4,0,2,1,0,3,2,5,1,1,2,3",
  "necklace:4,3", "necklace:2:0,3,1,2", "torus:3x4:uni", "mesh:5x2x3",
};

static FlitlabTopology *
topology (const char *spec)
{
  g_autoptr(GError) error = NULL;
  FlitlabTopology *t = flitlab_topology_new_from_spec (spec, &error);

  g_assert_no_error (error);
  g_assert_nonnull (t);
  return t;
}

/* Breadth-first distances from src over the network channels. */
static guint *
bfs (const FlitlabTopology *t,
     guint                  src)
{
  guint n = flitlab_topology_get_n_nodes (t);
  guint *dist = g_new (guint, n);
  guint *queue = g_new (guint, n);
  guint head = 0, tail = 0;

  for (guint i = 0; i < n; i++)
    dist[i] = G_MAXUINT;
  dist[src] = 0;
  queue[tail++] = src;
  while (head < tail)
    {
      guint node = queue[head++];
      const guint *out;
      guint n_out = flitlab_topology_get_out_channels (t, node, &out);

      for (guint i = 0; i < n_out; i++)
        {
          guint next = flitlab_topology_get_channel (t, out[i])->dst;

          if (dist[next] == G_MAXUINT)
            {
              dist[next] = dist[node] + 1;
              queue[tail++] = next;
            }
        }
    }
  g_free (queue);
  return dist;
}

static void
test_counts (void)
{
  static const struct { const char *spec; guint nodes, network, diameter; } cases[] = {
    { "torus:16x16x16:uni", 4096, 3 * 4096, 45 },
    { "torus:6x6x6:bi", 216, 6 * 216, 9 },
    { "torus:4x6x3:bi", 72, 6 * 72, 2 + 3 + 1 },
    { "mesh:8x8", 64, 2 * 2 * 8 * 7, 14 },
    { "hypercube:10", 1024, 10 * 1024, 10 },
    /* 003: 2^(n-1)(nk+2) nodes, n2^(n-1) + n2^(n-1)(k+1) links (each two channels), n + k */
    { "necklace:3,4", 4 * 14, 2 * (12 + 12 * 5), 7 },
    { "necklace:6,5", 32 * 32, 2 * (192 + 192 * 6), 11 },
    /* The largest regular necklace hypercube under the node limit: 2^12 (13 + 2). */
    { "necklace:13,1", 4096 * 15, 2 * (13 * 4096 * 3), 14 },
    { "torus:64x64x16:bi", 65536, 6 * 65536, 32 + 32 + 8 },
    { "torus:2x2:bi", 4, 4 * 4, 2 },
    /* 2^n + sum k_i nodes */
    { "necklace:3:4,0,2,1,0,3,2,5,1,1,2,3", 8 + 24, 2 * (12 + 24 + 10), 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(FlitlabTopology) t = topology (cases[i].spec);
      guint n = cases[i].nodes;

      g_assert_cmpuint (flitlab_topology_get_n_nodes (t), ==, n);
      g_assert_cmpuint (flitlab_topology_get_n_network_channels (t), ==, cases[i].network);
      g_assert_cmpuint (flitlab_topology_get_n_channels (t), ==, cases[i].network + 2 * n);
      if (cases[i].diameter > 0)
        g_assert_cmpuint (flitlab_topology_diameter (t), ==, cases[i].diameter);
    }
}

/* Channel records agree with the indexes: ids, out-channel lists, find_channel, injection
 * and ejection channels, and neighbour relations. */
static void
check_channels (gconstpointer data)
{
  g_autoptr(FlitlabTopology) t = topology (data);
  guint n = flitlab_topology_get_n_nodes (t), n_net = flitlab_topology_get_n_network_channels (t);
  guint seen = 0;

  for (guint node = 0; node < n; node++)
    {
      const guint *out;
      guint n_out = flitlab_topology_get_out_channels (t, node, &out);
      const FlitlabChannel *inj =
        flitlab_topology_get_channel (t, flitlab_topology_get_injection_channel (t, node));
      const FlitlabChannel *ej =
        flitlab_topology_get_channel (t, flitlab_topology_get_ejection_channel (t, node));

      g_assert_cmpint (inj->kind, ==, FLITLAB_CHANNEL_INJECTION);
      g_assert_cmpint (ej->kind, ==, FLITLAB_CHANNEL_EJECTION);
      g_assert_cmpuint (inj->src, ==, node);
      g_assert_cmpuint (ej->dst, ==, node);
      for (guint i = 0; i < n_out; i++)
        {
          const FlitlabChannel *c = flitlab_topology_get_channel (t, out[i]);

          /* Ids in order: by source node, then dimension, then + before -. */
          g_assert_cmpuint (c->id, ==, out[i]);
          g_assert_cmpuint (out[i], ==, seen);
          g_assert_cmpuint (c->src, ==, node);
          g_assert_cmpuint (c->dst, !=, node);
          g_assert_cmpint (c->kind, ==, FLITLAB_CHANNEL_NETWORK);
          g_assert_true (c->direction == 1 || c->direction == -1);
          if (i > 0)
            {
              const FlitlabChannel *p = flitlab_topology_get_channel (t, out[i - 1]);

              g_assert_true (p->dim < c->dim || (p->dim == c->dim && p->direction >= c->direction));
            }
          if (!c->base_link && flitlab_topology_get_family (t) != FLITLAB_TOPOLOGY_NECKLACE)
            g_assert_cmpuint (flitlab_topology_find_channel (t, node, c->dim, c->direction), ==,
                              c->id);
          seen++;
        }
    }
  g_assert_cmpuint (seen, ==, n_net);
}

/* distance() is the graph distance; the mean distance is exact over distinct pairs. */
static void
check_distances (gconstpointer data)
{
  g_autoptr(FlitlabTopology) t = topology (data);
  guint n = flitlab_topology_get_n_nodes (t), diameter = 0;
  double sum = 0;

  for (guint a = 0; a < n; a++)
    {
      g_autofree guint *dist = bfs (t, a);

      for (guint b = 0; b < n; b++)
        {
          g_assert_cmpuint (dist[b], !=, G_MAXUINT);
          g_assert_cmpuint (flitlab_topology_distance (t, a, b), ==, dist[b]);
          sum += dist[b];
          diameter = MAX (diameter, dist[b]);
        }
    }
  if (n > 1)
    g_assert_cmpfloat (fabs (flitlab_topology_mean_distance (t) -
                             sum / ((double) n * (n - 1))), <, 1e-12);
  g_assert_cmpuint (flitlab_topology_diameter (t), ==, diameter);
}

/* Routes start at the source, chain hop to hop, end at the destination; on tori, meshes and
 * hypercubes they are shortest and dimension-ordered. Minimal next hops are exactly the
 * channels one hop closer. */
static void
check_routes (gconstpointer data)
{
  g_autoptr(FlitlabTopology) t = topology (data);
  g_autoptr(FlitlabRouter) router =
    flitlab_router_new (t, flitlab_routing_deterministic (flitlab_topology_get_family (t)), 1);
  g_autoptr(GArray) route = g_array_new (FALSE, FALSE, sizeof (guint));
  gboolean necklace = flitlab_topology_get_family (t) == FLITLAB_TOPOLOGY_NECKLACE;
  guint n = flitlab_topology_get_n_nodes (t);
  guint next[2 * FLITLAB_TOPOLOGY_MAX_DIMS];

  for (guint a = 0; a < n; a++)
    for (guint b = 0; b < n; b++)
      {
        guint hops, node = a, last_dim = 0, n_next, expected = 0;
        const guint *out;
        guint n_out = flitlab_topology_get_out_channels (t, a, &out);

        g_array_set_size (route, 0);
        hops = flitlab_router_route (router, a, b, 0, route);
        g_assert_cmpuint (hops, ==, route->len);
        for (guint i = 0; i < route->len; i++)
          {
            const FlitlabChannel *c =
              flitlab_topology_get_channel (t, g_array_index (route, guint, i));

            g_assert_cmpuint (c->src, ==, node);
            if (!necklace)
              {
                g_assert_cmpuint (c->dim, >=, last_dim);
                last_dim = c->dim;
              }
            node = c->dst;
          }
        g_assert_cmpuint (node, ==, b);
        if (!necklace)
          g_assert_cmpuint (hops, ==, flitlab_topology_distance (t, a, b));
        else
          g_assert_cmpuint (hops, >=, flitlab_topology_distance (t, a, b));

        n_next = flitlab_topology_minimal_next_hops (t, a, b, next);
        for (guint i = 0; i < n_out; i++)
          if (a != b &&
              flitlab_topology_distance (t, flitlab_topology_get_channel (t, out[i])->dst, b) + 1 ==
              flitlab_topology_distance (t, a, b))
            {
              g_assert_cmpuint (expected, <, n_next);
              g_assert_cmpuint (next[expected], ==, out[i]);
              expected++;
            }
        g_assert_cmpuint (n_next, ==, expected);
      }
}

/* The papers' closed forms: 2k/3 for the k x k mesh (001), k^2/(k+1) for the uni-directional
 * k x k torus (001 Appendix A), n 2^(n-1)/(2^n - 1) for the hypercube (004). They count
 * distinct pairs, so they are exact here, not approximations. */
static void
test_mean_distance_closed_forms (void)
{
  for (guint k = 2; k <= 32; k++)
    {
      g_autofree char *mesh_spec = g_strdup_printf ("mesh:%ux%u", k, k);
      g_autofree char *torus_spec = g_strdup_printf ("torus:%ux%u:uni", k, k);
      g_autoptr(FlitlabTopology) mesh = topology (mesh_spec);
      g_autoptr(FlitlabTopology) torus = topology (torus_spec);

      g_assert_cmpfloat (fabs (flitlab_topology_mean_distance (mesh) - 2.0 * k / 3), <, 1e-12);
      g_assert_cmpfloat (fabs (flitlab_topology_mean_distance (torus) -
                               (double) k * k / (k + 1)), <, 1e-12);
    }
  for (guint n = 1; n <= 16; n++)
    {
      g_autoptr(FlitlabTopology) cube = flitlab_topology_new_hypercube (n, NULL);
      double nodes = 1u << n;

      g_assert_cmpfloat (fabs (flitlab_topology_mean_distance (cube) -
                               n * nodes / 2 / (nodes - 1)), <, 1e-12);
    }
}

/* The same closed forms read as the papers' other convention, the mean over all N^2 ordered
 * pairs with the source itself among the destinations: (k^2 - 1)/(3k) per mesh dimension and
 * (k - 1)/2 per uni-directional ring. The exact mean over distinct pairs is that times
 * N/(N - 1); for asymmetric networks the per-dimension sums add up. */
static void
test_mean_distance_self_included (void)
{
  static const char * const cases[] = { "mesh:3x5x4", "torus:3x7:uni", "torus:4x5x6:bi",
                                        "mesh:64x64x16", "torus:64x64x16:uni",
                                        "torus:64x64x16:bi" };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(FlitlabTopology) t = topology (cases[i]);
      FlitlabTopologyFamily family = flitlab_topology_get_family (t);
      double n = flitlab_topology_get_n_nodes (t), with_self = 0;

      for (guint d = 0; d < flitlab_topology_get_n_dims (t); d++)
        {
          double k = flitlab_topology_get_radix (t, d);

          if (family == FLITLAB_TOPOLOGY_MESH)
            with_self += (k * k - 1) / (3 * k);
          else if (!flitlab_topology_is_bidirectional (t))
            with_self += (k - 1) / 2;
          else
            /* floor(k/2) (ceil(k/2)) / k: k/4 for even k, (k^2 - 1)/(4k) for odd k. */
            with_self += floor (k / 2) * ceil (k / 2) / k;
        }
      g_assert_cmpfloat (fabs (flitlab_topology_mean_distance (t) -
                               with_self * n / (n - 1)), <, 1e-9);
    }
}

/* 003 gives a (n,k)-RNH the diameter n + k. That holds for every n >= 2 checked here. For n = 1
 * the network is a single ring of k + 2 nodes (two base vertices, their link and one necklace),
 * whose diameter is floor((k + 2)/2), not 1 + k: the paper's formula assumes n >= 2. */
static void
test_necklace_diameter (void)
{
  for (guint n = 1; n <= 6; n++)
    for (guint k = 0; k <= 9; k++)
      {
        g_autoptr(FlitlabTopology) t = flitlab_topology_new_necklace (n, k, NULL);
        guint expected = n >= 2 ? n + k : (k + 2) / 2;

        g_assert_nonnull (t);
        g_assert_cmpuint (flitlab_topology_get_n_nodes (t), ==, (1u << n) + (n << (n - 1)) * k);
        g_assert_cmpuint (flitlab_topology_diameter (t), ==, expected);
      }
}

/* A regular necklace hypercube's mean distance and diameter come from k + 1 representative
 * sources (its symmetry); the same network built as an irregular one is summed over every
 * source. Both must agree, on networks larger than the breadth-first checks reach. */
static void
test_necklace_symmetry (void)
{
  static const guint cases[][2] = { { 6, 5 }, { 4, 9 }, { 2, 7 }, { 5, 0 }, { 7, 2 }, { 1, 6 } };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      guint n = cases[c][0], k = cases[c][1], n_edges = n << (n - 1);
      g_autofree guint *sizes = g_new (guint, n_edges);
      g_autoptr(FlitlabTopology) regular = flitlab_topology_new_necklace (n, k, NULL);
      g_autoptr(FlitlabTopology) irregular = NULL;

      for (guint e = 0; e < n_edges; e++)
        sizes[e] = k;
      irregular = flitlab_topology_new_necklace_irregular (n, sizes, n_edges, NULL);
      g_assert_nonnull (irregular);
      g_assert_cmpuint (flitlab_topology_get_n_channels (regular), ==,
                        flitlab_topology_get_n_channels (irregular));
      g_assert_cmpfloat (fabs (flitlab_topology_mean_distance (regular) -
                               flitlab_topology_mean_distance (irregular)), <, 1e-12);
      g_assert_cmpuint (flitlab_topology_diameter (regular), ==,
                        flitlab_topology_diameter (irregular));
      g_assert_cmpuint (flitlab_topology_get_necklace_size (regular, n_edges - 1), ==, k);
      g_assert_cmpuint (flitlab_topology_get_necklace_size (regular, n_edges), ==, 0);
    }
}

/* The necklace route of 003 section 3 has min(i, k+1-i) + H(b_s, b_d) + min(j, k+1-j) hops
 * (nearest base vertices, the smaller one on a tie), or |i - j| when source and destination
 * share a necklace and that is no longer. Walking to the nearest end of a necklace is always
 * on some shortest path, so with even k (no ties) the route is a shortest path. With odd k the
 * middle node of a necklace is as near to both ends, and taking the smaller one costs a hop
 * when the other lies one step nearer the destination: route_dor is then longer than
 * distance(). The test requires exactly that: no longer route for (3,4), some for (3,3). */
static void
check_necklace_route (const char *spec,
                      gboolean    expect_longer)
{
  g_autoptr(FlitlabTopology) t = topology (spec);
  g_autoptr(FlitlabRouter) router = flitlab_router_new (t, FLITLAB_ROUTING_NECKLACE, 1);
  g_autoptr(GArray) route = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n = flitlab_topology_get_n_nodes (t), longer = 0, extra = 0;
  guint k = flitlab_topology_get_necklace_size (t, 0);

  for (guint a = 0; a < n; a++)
    for (guint b = 0; b < n; b++)
      {
        FlitlabNecklaceAddress sa = flitlab_topology_get_necklace_address (t, a);
        FlitlabNecklaceAddress da = flitlab_topology_get_necklace_address (t, b);
        guint from = sa.b, to = da.b, to_base = 0, from_base = 0, hops, via_base, shortest;

        if (sa.d > 0)
          {
            to_base = MIN (sa.i, k + 1 - sa.i);
            if (k + 1 - sa.i < sa.i)
              from = sa.b | (1u << (sa.d - 1));
          }
        if (da.d > 0)
          {
            from_base = MIN (da.i, k + 1 - da.i);
            if (k + 1 - da.i < da.i)
              to = da.b | (1u << (da.d - 1));
          }
        via_base = to_base + (guint) __builtin_popcount (from ^ to) + from_base;
        g_array_set_size (route, 0);
        hops = flitlab_router_route (router, a, b, 0, route);
        if (sa.d > 0 && sa.b == da.b && sa.d == da.d)
          g_assert_cmpuint (hops, ==, MIN (via_base, (guint) ABS ((int) sa.i - (int) da.i)));
        else
          g_assert_cmpuint (hops, ==, via_base);
        shortest = flitlab_topology_distance (t, a, b);
        g_assert_cmpuint (hops, <=, shortest + 2);
        if (hops > shortest)
          {
            longer++;
            extra += hops - shortest;
          }
      }
  g_test_message ("%s: %u of %u routes longer than the shortest path, %u extra hops",
                  spec, longer, n * n, extra);
  if (expect_longer)
    g_assert_cmpuint (longer, >, 0);
  else
    g_assert_cmpuint (longer, ==, 0);
}

static void
test_necklace_route (void)
{
  check_necklace_route ("necklace:3,4", FALSE);
  check_necklace_route ("necklace:3,3", TRUE);
  check_necklace_route ("necklace:4,1", TRUE);
}

/* Radix 2: both channels of a bi-directional dimension join the same two nodes and both count;
 * radix 4, two hops away: both ways are minimal, and the route takes +1. */
static void
test_torus_details (void)
{
  g_autoptr(FlitlabTopology) two = topology ("torus:2x2:bi");
  g_autoptr(FlitlabTopology) four = topology ("torus:4x4:bi");
  g_autoptr(FlitlabRouter) four_router = flitlab_router_new (four, FLITLAB_ROUTING_DOR, 1);
  g_autoptr(GArray) route = g_array_new (FALSE, FALSE, sizeof (guint));
  guint plus = flitlab_topology_find_channel (two, 0, 0, +1),
        minus = flitlab_topology_find_channel (two, 0, 0, -1);
  guint next[4], coords[2] = { 2, 0 };

  g_assert_cmpuint (plus, !=, minus);
  g_assert_cmpuint (flitlab_topology_get_channel (two, plus)->dst, ==, 1);
  g_assert_cmpuint (flitlab_topology_get_channel (two, minus)->dst, ==, 1);
  g_assert_false (flitlab_topology_get_channel (two, plus)->wraparound);
  g_assert_true (flitlab_topology_get_channel (two, minus)->wraparound);
  g_assert_cmpuint (flitlab_topology_minimal_next_hops (two, 0, 1, next), ==, 2);

  g_assert_cmpuint (flitlab_topology_minimal_next_hops (
                      four, 0, flitlab_topology_node_from_coords (four, coords), next), ==, 2);
  g_assert_cmpint (flitlab_topology_get_channel (four, next[0])->direction, ==, +1);
  g_assert_cmpint (flitlab_topology_get_channel (four, next[1])->direction, ==, -1);
  g_assert_cmpuint (flitlab_router_route (four_router, 0, 2, 0, route), ==, 2);
  g_assert_cmpint (flitlab_topology_get_channel (four, g_array_index (route, guint, 0))->direction,
                   ==, +1);
}

/* A mesh has no wrap-around: corners have n channels, border nodes fewer than 2n. */
static void
test_mesh_border (void)
{
  g_autoptr(FlitlabTopology) mesh = topology ("mesh:8x8");
  const guint *out;

  g_assert_cmpuint (flitlab_topology_get_out_channels (mesh, 0, &out), ==, 2);
  g_assert_cmpuint (flitlab_topology_get_out_channels (mesh, 3, &out), ==, 3);
  g_assert_cmpuint (flitlab_topology_get_out_channels (mesh, 9, &out), ==, 4);
  g_assert_cmpuint (flitlab_topology_find_channel (mesh, 0, 0, -1), ==, G_MAXUINT);
  g_assert_cmpuint (flitlab_topology_find_channel (mesh, 7, 0, +1), ==, G_MAXUINT);
  for (guint c = 0; c < flitlab_topology_get_n_network_channels (mesh); c++)
    g_assert_false (flitlab_topology_get_channel (mesh, c)->wraparound);
}

static void
test_bisection (void)
{
  static const struct { const char *spec; guint width; } cases[] = {
    { "torus:8x8:bi", 16 }, { "torus:8x8:uni", 8 }, { "mesh:8x8", 8 }, { "torus:16x16x16:bi", 512 },
    { "hypercube:10", 512 }, { "necklace:3,4", 8 }, { "mesh:4x8", 4 },
    /* k = 0: a plain 3-cube. Irregular: 4 base links plus the 3 non-empty necklaces of
     * dimension 1 (edges 1, 3, 9, 10; edge 1 is empty) or 2 (edges 2, 4, 6, 7; edge 4 empty). */
    { "necklace:3,0", 4 }, { "necklace:6,5", 64 }, { "necklace:3:4,0,2,1,0,3,2,5,1,1,2,3", 7 },
    /* Odd radices only: the middle slice is split too. */
    { "mesh:3x3", 4 }, { "torus:5x3:bi", 8 }, { "torus:5x5x5:bi", 50 + 10 + 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(FlitlabTopology) t = topology (cases[i].spec);

      g_assert_cmpuint (flitlab_topology_bisection_width (t), ==, cases[i].width);
    }
}

/* The smallest number of channels from one half to the other over every balanced split of the
 * nodes (halves differing by at most one), for networks of up to 22 nodes. */
static guint
brute_bisection (const FlitlabTopology *t)
{
  guint n = flitlab_topology_get_n_nodes (t), n_net = flitlab_topology_get_n_network_channels (t);
  guint best = G_MAXUINT;
  guint32 set = (1u << (n / 2)) - 1;

  g_assert_cmpuint (n, <=, 22);
  while (set < (1u << n))
    {
      guint32 low, ripple;
      guint cut = 0;

      for (guint c = 0; c < n_net; c++)
        {
          const FlitlabChannel *channel = flitlab_topology_get_channel (t, c);

          cut += ((set >> channel->src) & 1) && !((set >> channel->dst) & 1);
        }
      best = MIN (best, cut);
      /* The next set of the same size (Gosper). */
      low = set & -set;
      ripple = set + low;
      set = (((ripple ^ set) >> 2) / low) | ripple;
    }
  return best;
}

static void
test_bisection_brute_force (void)
{
  static const char * const cases[] = {
    "torus:4x4:bi", "torus:4x4:uni", "mesh:4x4", "mesh:2x8", "hypercube:4", "torus:3x3:bi",
    "torus:3x3:uni", "mesh:3x3", "torus:5x3:bi", "mesh:5x3", "torus:2x2x2x2:bi", "torus:6x3:bi",
    "torus:5:bi", "torus:3x3x2:bi", "mesh:3x3x2", "torus:7x3:bi", "torus:5x4:uni", "mesh:5x4",
    "torus:2x2x5:bi", "necklace:2,1", "necklace:2,2", "necklace:3,1", "necklace:3,0",
    "necklace:1,5", "necklace:2:0,3,1,2", "necklace:2:1,1,0,0",
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(FlitlabTopology) t = topology (cases[i]);

      g_assert_cmpuint (flitlab_topology_bisection_width (t), ==, brute_bisection (t));
    }
}

static void
test_coordinates_and_addresses (void)
{
  g_autoptr(FlitlabTopology) torus = topology ("torus:4x6x3:bi");
  g_autoptr(FlitlabTopology) necklace = topology ("necklace:3,4");
  guint coords[3];

  for (guint node = 0; node < 72; node++)
    {
      flitlab_topology_get_coords (torus, node, coords);
      g_assert_cmpuint (coords[0], <, 4);
      g_assert_cmpuint (flitlab_topology_node_from_coords (torus, coords), ==, node);
    }
  flitlab_topology_get_coords (torus, 1 + 4 * 2 + 24 * 1, coords);
  g_assert_cmpuint (coords[0], ==, 1);
  g_assert_cmpuint (coords[1], ==, 2);
  g_assert_cmpuint (coords[2], ==, 1);

  /* Base vertices are (b, 0, 0) of degree 2n (a base link and a necklace link per
   * dimension); every necklace node knows its edge and index 1..k and has degree 2 (003). */
  for (guint node = 0; node < flitlab_topology_get_n_nodes (necklace); node++)
    {
      FlitlabNecklaceAddress a = flitlab_topology_get_necklace_address (necklace, node);
      const guint *out;

      g_assert_cmpuint (flitlab_topology_get_out_channels (necklace, node, &out), ==,
                        node < 8 ? 6 : 2);

      if (node < 8)
        g_assert_true (a.b == node && a.d == 0 && a.i == 0);
      else
        {
          g_assert_true (a.d >= 1 && a.d <= 3 && a.i >= 1 && a.i <= 4);
          g_assert_cmpuint (a.b & (1u << (a.d - 1)), ==, 0);
        }
    }
}

static void
test_spec_round_trip (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      g_autoptr(FlitlabTopology) t = topology (specs[i]);
      g_autofree char *spec = flitlab_topology_dup_spec (t);
      g_autoptr(FlitlabTopology) again = topology (spec);
      g_autofree char *spec2 = flitlab_topology_dup_spec (again);
      g_autoptr(FlitlabTopology) copy = flitlab_topology_copy (t);
      g_autofree char *title = flitlab_topology_dup_title (t);

      g_assert_cmpstr (spec, ==, spec2);
      g_assert_cmpuint (flitlab_topology_get_n_channels (copy), ==,
                        flitlab_topology_get_n_channels (t));
      g_assert_true (strlen (title) > 4);
    }
  {
    g_autoptr(FlitlabTopology) t = topology ("torus:8x8");
    g_autofree char *spec = flitlab_topology_dup_spec (t);

    /* Bi-directional is the default. */
    g_assert_cmpstr (spec, ==, "torus:8x8:bi");
  }
}

/* A reference shares the one network: it lives until its last holder lets it go. */
static void
test_ref (void)
{
  FlitlabTopology *t = topology ("torus:4x4:bi");
  FlitlabTopology *shared = flitlab_topology_ref (t);

  g_assert_true (shared == t);
  flitlab_topology_unref (t);
  g_assert_cmpuint (flitlab_topology_get_n_nodes (shared), ==, 16);
  flitlab_topology_free (shared);
}

static void
test_errors (void)
{
  static const struct { const char *spec; int code; } cases[] = {
    { "torus:", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "torus:1x4:bi", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "torus:4x4:sideways", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "mesh:8x", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "mesh:-8", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "mesh:2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "torus:300:bi", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "torus:256x256x2:bi", FLITLAB_TOPOLOGY_ERROR_TOO_LARGE },
    { "hypercube:0", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "hypercube:40", FLITLAB_TOPOLOGY_ERROR_TOO_LARGE },
    { "hypercube:abc", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "necklace:3:4,4", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "necklace:0,4", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "necklace:12,5000", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "necklace:12,4096", FLITLAB_TOPOLOGY_ERROR_TOO_LARGE },
    { "necklace:10,100", FLITLAB_TOPOLOGY_ERROR_TOO_LARGE },
    { "ring:8", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "torus:8x8:bi:extra", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "torus:0x4:bi", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "torus:4x4:", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "mesh:8x8x", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "mesh", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "hypercube:", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "hypercube:3,4", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "necklace:3", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "necklace:3,4,5", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "necklace:3:", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "necklace:3:4,4,4,4,4,4,4,4,4,4,4,x", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "necklace:3:4,4,4,4,4,4,4,4,4,4,4,4,4", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "necklace:17,0", FLITLAB_TOPOLOGY_ERROR_TOO_LARGE },
    { "necklace:14,1", FLITLAB_TOPOLOGY_ERROR_TOO_LARGE },
    { "necklace:2:40000,40000,0,0", FLITLAB_TOPOLOGY_ERROR_TOO_LARGE },
    { "torus:16x16x16x16x2:uni", FLITLAB_TOPOLOGY_ERROR_TOO_LARGE },
    { "mesh:8 x8", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "TORUS:8x8", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "torus:8x8:bi\n", FLITLAB_TOPOLOGY_ERROR_INVALID },
  };
  const guint radices[] = { 4, 1 };
  const guint sizes[] = { 1, 2, 3 };
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(FlitlabTopology) t = flitlab_topology_new_from_spec (cases[i].spec, &error);

      g_assert_null (t);
      g_assert_error (error, FLITLAB_TOPOLOGY_ERROR, cases[i].code);
      g_assert_true (strlen (error->message) > 10);
      g_clear_error (&error);
    }
  g_assert_null (flitlab_topology_new_torus (0, radices, TRUE, &error));
  g_assert_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (flitlab_topology_new_mesh (2, radices, &error));
  g_assert_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (flitlab_topology_new_necklace_irregular (2, sizes, 3, &error));
  g_assert_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (flitlab_topology_new_hypercube (17, &error));
  g_assert_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_TOO_LARGE);
  g_clear_error (&error);
  g_assert_null (flitlab_topology_new_necklace (0, 3, &error));
  g_assert_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID);
  g_clear_error (&error);

  /* The message quotes the spec and says what is expected. */
  g_assert_null (flitlab_topology_new_from_spec ("mesh:8x", &error));
  g_assert_nonnull (strstr (error->message, "mesh:8x"));
  g_assert_nonnull (strstr (error->message, "torus:16x16x16:uni"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/flitlab/topology/counts", test_counts);
  g_test_add_func ("/flitlab/topology/mean-distance-closed-forms", test_mean_distance_closed_forms);
  g_test_add_func ("/flitlab/topology/mean-distance-self-included",
                   test_mean_distance_self_included);
  g_test_add_func ("/flitlab/topology/necklace-diameter", test_necklace_diameter);
  g_test_add_func ("/flitlab/topology/necklace-symmetry", test_necklace_symmetry);
  g_test_add_func ("/flitlab/topology/necklace-route", test_necklace_route);
  g_test_add_func ("/flitlab/topology/torus-details", test_torus_details);
  g_test_add_func ("/flitlab/topology/mesh-border", test_mesh_border);
  g_test_add_func ("/flitlab/topology/bisection", test_bisection);
  g_test_add_func ("/flitlab/topology/bisection-brute-force", test_bisection_brute_force);
  g_test_add_func ("/flitlab/topology/coordinates-and-addresses", test_coordinates_and_addresses);
  g_test_add_func ("/flitlab/topology/spec-round-trip", test_spec_round_trip);
  g_test_add_func ("/flitlab/topology/ref", test_ref);
  g_test_add_func ("/flitlab/topology/errors", test_errors);
  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      g_autofree char *channels = g_strdup_printf ("/flitlab/topology/channels/%s", specs[i]);
      g_autofree char *distances = g_strdup_printf ("/flitlab/topology/distances/%s", specs[i]);
      g_autofree char *routes = g_strdup_printf ("/flitlab/topology/routes/%s", specs[i]);

      g_test_add_data_func (channels, specs[i], check_channels);
      g_test_add_data_func (distances, specs[i], check_distances);
      g_test_add_data_func (routes, specs[i], check_routes);
    }
  return g_test_run ();
}
