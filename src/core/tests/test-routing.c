/* test-routing.c: the router's answers against the topology's distances
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "flitlab-routing.h"
#include "flitlab-topology.h"

static const char * const cube_specs[] = {
  "torus:4x4:bi", "torus:5x4x2:bi", "torus:2x4:bi", "torus:4x3:uni", "mesh:3x4", "mesh:2x2x3",
  "hypercube:4",
};

/* The minimal hops, worked out from distances alone: every out-channel that brings the
 * header one hop nearer, less the - way (ties bit d clear) or the + way (set) where both ways
 * round ring d are as short. */
static guint
expected_hops (const FlitlabTopology *t,
               guint                  node,
               guint                  dst,
               guint32                ties,
               guint                 *next)
{
  const guint *out;
  guint n_out = flitlab_topology_get_out_channels (t, node, &out), n = 0;
  guint here = flitlab_topology_distance (t, node, dst);

  for (guint i = 0; i < n_out && node != dst; i++)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (t, out[i]);
      gboolean other_way = FALSE;

      if (flitlab_topology_distance (t, c->dst, dst) + 1 != here)
        continue;
      for (guint j = 0; j < n_out; j++)
        {
          const FlitlabChannel *o = flitlab_topology_get_channel (t, out[j]);

          other_way |= o->dim == c->dim && o->direction != c->direction &&
                       flitlab_topology_distance (t, o->dst, dst) + 1 == here;
        }
      if (other_way && c->direction != ((ties >> c->dim) & 1 ? -1 : +1))
        continue;
      next[n++] = out[i];
    }
  return n;
}

/* Dimension order and adaptive routing: the minimal hops, the escape hop (the first, lowest
 * dimension), the adaptive hops (all of them, adaptive routing only) and the route along the
 * escape hops, for every pair and several tie bits. */
static void
test_cubes (void)
{
  static const guint32 ties[] = { 0, G_MAXUINT32, 0x55555555, 0xaaaaaaaa };

  for (guint i = 0; i < G_N_ELEMENTS (cube_specs); i++)
    for (FlitlabRouting r = FLITLAB_ROUTING_DOR; r <= FLITLAB_ROUTING_ADAPTIVE; r++)
      {
        g_autoptr(FlitlabTopology) t = flitlab_topology_new_from_spec (cube_specs[i], NULL);
        g_autoptr(FlitlabRouter) router = flitlab_router_new (t, r, 4);
        g_autoptr(GArray) route = g_array_new (FALSE, FALSE, sizeof (guint));
        guint n_nodes = flitlab_topology_get_n_nodes (t);

        for (guint a = 0; a < n_nodes; a++)
          for (guint b = 0; b < n_nodes; b++)
            for (guint k = 0; k < G_N_ELEMENTS (ties); k++)
              {
                guint next[2 * FLITLAB_TOPOLOGY_MAX_DIMS + 2];
                guint want[2 * FLITLAB_TOPOLOGY_MAX_DIMS + 2];
                guint n = flitlab_router_minimal_hops (router, a, b, ties[k], next);
                guint n_want = expected_hops (t, a, b, ties[k], want);
                FlitlabHops hops;
                guint32 adaptive = 0;

                g_assert_cmpuint (n, ==, n_want);
                for (guint h = 0; h < n; h++)
                  g_assert_cmpuint (next[h], ==, want[h]);
                g_array_set_size (route, 0);
                g_assert_cmpuint (flitlab_router_route (router, a, b, ties[k], route), ==,
                                  flitlab_topology_distance (t, a, b));
                if (a == b)
                  continue;
                flitlab_router_hops (router, a, b, ties[k], FALSE, &hops);
                g_assert_cmpuint (hops.escape, ==, next[0]);
                g_assert_cmpuint (g_array_index (route, guint, 0), ==, next[0]);
                g_assert_cmpuint (hops.escape_lo, <, hops.escape_hi);
                for (guint h = 0; h < n; h++)
                  adaptive |= 1u << (next[h] - hops.first_out);
                g_assert_cmpuint (hops.adaptive, ==, r == FLITLAB_ROUTING_ADAPTIVE ? adaptive : 0);
              }
      }
}

/* The paths drawn between two nodes: adaptive routing may take every minimal path; dimension
 * order one route, or two where the destination is half way round a ring and every tie is
 * asked for. */
static void
test_paths (void)
{
  g_autoptr(FlitlabTopology) t = flitlab_topology_new_from_spec ("torus:4x4:bi", NULL);
  g_autoptr(FlitlabRouter) dor = flitlab_router_new (t, FLITLAB_ROUTING_DOR, 2);
  g_autoptr(FlitlabRouter) adaptive = flitlab_router_new (t, FLITLAB_ROUTING_ADAPTIVE, 3);
  g_autoptr(GArray) channels = g_array_new (FALSE, FALSE, sizeof (guint));
  guint half[2] = { 2, 0 }, corner[2] = { 1, 1 }, across[2] = { 2, 2 };

  g_assert_cmpuint (flitlab_router_paths (dor, 0, flitlab_topology_node_from_coords (t, corner),
                                          TRUE, channels), ==, 2);
  g_array_set_size (channels, 0);
  g_assert_cmpuint (flitlab_router_paths (dor, 0, flitlab_topology_node_from_coords (t, half),
                                          FALSE, channels), ==, 2);
  g_array_set_size (channels, 0);
  g_assert_cmpuint (flitlab_router_paths (dor, 0, flitlab_topology_node_from_coords (t, half),
                                          TRUE, channels), ==, 4);
  g_array_set_size (channels, 0);
  /* (1, 1): two routes of two hops, four channels. */
  g_assert_cmpuint (flitlab_router_paths (adaptive, 0,
                                          flitlab_topology_node_from_coords (t, corner), FALSE,
                                          channels), ==, 4);
  g_array_set_size (channels, 0);
  /* (2, 2) with + ties: a 3 x 3 grid of nodes, 12 channels. */
  g_assert_cmpuint (flitlab_router_paths (adaptive, 0,
                                          flitlab_topology_node_from_coords (t, across), FALSE,
                                          channels), ==, 12);
}

/* Necklace routing: the escape hop is the first hop of the route, which reaches the
 * destination; adaptive hops are base links on the VCs above the escape's, or the route's own
 * necklace link above its two classes. */
static void
test_necklace (void)
{
  static const char * const specs[] = { "necklace:3,2", "necklace:3,3", "necklace:4,1" };

  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      g_autoptr(FlitlabTopology) t = flitlab_topology_new_from_spec (specs[i], NULL);
      g_autoptr(FlitlabRouter) router = flitlab_router_new (t, FLITLAB_ROUTING_NECKLACE, 4);
      g_autoptr(GArray) route = g_array_new (FALSE, FALSE, sizeof (guint));
      guint n_nodes = flitlab_topology_get_n_nodes (t);

      for (guint a = 0; a < n_nodes; a++)
        for (guint b = 0; b < n_nodes; b++)
          {
            FlitlabHops hops;
            const FlitlabChannel *escape;

            if (a == b)
              continue;
            g_array_set_size (route, 0);
            g_assert_cmpuint (flitlab_router_route (router, a, b, 0, route), >=,
                              flitlab_topology_distance (t, a, b));
            flitlab_router_hops (router, a, b, 0, FALSE, &hops);
            escape = flitlab_topology_get_channel (t, hops.escape);
            g_assert_cmpuint (hops.escape, ==, g_array_index (route, guint, 0));
            g_assert_cmpuint (escape->src, ==, a);
            if (!escape->base_link)
              {
                g_assert_cmpuint (hops.adaptive, ==, 1u << (hops.escape - hops.first_out));
                g_assert_cmpuint (hops.adaptive_lo, ==, 2);
                g_assert_cmpuint (hops.escape_hi, ==, hops.escape_lo + 1);
                continue;
              }
            g_assert_cmpuint (hops.escape_lo, ==, 0);
            g_assert_cmpuint (hops.adaptive_lo, ==, 1);
            for (guint32 mask = hops.adaptive; mask != 0; mask &= mask - 1)
              {
                const FlitlabChannel *c =
                  flitlab_topology_get_channel (t, hops.first_out + (guint) __builtin_ctz (mask));

                g_assert_true (c->base_link);
                g_assert_cmpuint (c->src, ==, a);
              }
          }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/routing/cubes", test_cubes);
  g_test_add_func ("/flitlab/routing/paths", test_paths);
  g_test_add_func ("/flitlab/routing/necklace", test_necklace);
  return g_test_run ();
}
