/* test-topology-file.c: networks read from a file, their figures, routings and simulation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "flitlab-channel-dependency.h"
#include "flitlab-model.h"
#include "flitlab-routing.h"
#include "flitlab-sim.h"
#include "flitlab-study.h"
#include "flitlab-study-run.h"
#include "flitlab-topology.h"
#include "flitlab-topology-metrics.h"
#include "flitlab-traffic.h"

/* A ring of six with a chord from 0 to 3, as an edge list with its node count. */
static const char ring_chord[] =
  "# a ring of six and a chord\n"
  "6\n"
  "0 1\n1 2\n2 3\n3 4\n4 5\n5 0\n"
  "0 3   # the chord\n";

/* Five routers, each with one node whose number is not the router's: node 2 on router 0,
 * node 0 on router 1, node 1 on router 2, node 3 on router 3, node 4 on router 4. The link
 * 3-4 is named from both ends (one link), once with BookSim's weight 1. */
static const char anynet[] =
  "router 0 node 2 router 1\n"
  "router 1 node 0 router 2 router 3\n"
  "\n"
  "router 2 node 1 router 4\n"
  "Router 3 node 3 router 4 1\n"
  "router 4 node 4 router 3\n";

static FlitlabTopology *
from_text (const char *text)
{
  g_autoptr(GError) error = NULL;
  FlitlabTopology *t = flitlab_topology_new_from_text (text, "test.txt", &error);

  g_assert_no_error (error);
  g_assert_nonnull (t);
  return t;
}

/* Distances by hand: from 0 the ring is 1, 2 and the chord makes 3 one hop; the sum over
 * ordered pairs is 7 + 9 + 9 + 7 + 9 + 9 = 50. A balanced cut of a ring cuts two ring links,
 * and every such cut into two arcs of three also cuts the chord: width 3. */
static void
test_ring_chord (void)
{
  g_autoptr(FlitlabTopology) t = from_text (ring_chord);
  g_autofree char *spec = flitlab_topology_dup_spec (t);
  g_autofree char *edges = flitlab_topology_dup_edge_list (t);
  g_autoptr(FlitlabTopology) again = NULL;
  g_autoptr(FlitlabTopology) copy = NULL;
  g_autofree char *edges_again = NULL;
  const guint *out;

  g_assert_cmpint (flitlab_topology_get_family (t), ==, FLITLAB_TOPOLOGY_FILE);
  g_assert_cmpstr (spec, ==, "file:test.txt");
  g_assert_cmpuint (flitlab_topology_get_n_nodes (t), ==, 6);
  g_assert_cmpuint (flitlab_topology_get_n_network_channels (t), ==, 14);
  g_assert_cmpuint (flitlab_topology_get_n_channels (t), ==, 26);
  /* Stable ids: by source node, then by neighbour. */
  g_assert_cmpuint (flitlab_topology_get_out_channels (t, 0, &out), ==, 3);
  g_assert_cmpuint (flitlab_topology_get_channel (t, out[0])->dst, ==, 1);
  g_assert_cmpuint (flitlab_topology_get_channel (t, out[1])->dst, ==, 3);
  g_assert_cmpuint (flitlab_topology_get_channel (t, out[2])->dst, ==, 5);
  g_assert_cmpuint (out[0], ==, 0);
  g_assert_cmpuint (flitlab_topology_get_channel (t, 3)->src, ==, 1);
  g_assert_cmpuint (flitlab_topology_get_channel (t, 3)->dst, ==, 0);

  g_assert_cmpuint (flitlab_topology_distance (t, 0, 3), ==, 1);
  g_assert_cmpuint (flitlab_topology_distance (t, 1, 4), ==, 3);
  g_assert_cmpuint (flitlab_topology_distance (t, 2, 5), ==, 3);
  g_assert_cmpuint (flitlab_topology_distance (t, 1, 5), ==, 2);
  g_assert_cmpuint (flitlab_topology_diameter (t), ==, 3);
  g_assert_cmpfloat (fabs (flitlab_topology_mean_distance (t) - 50.0 / 30), <, 1e-12);
  g_assert_cmpuint (flitlab_topology_bisection_width (t), ==, 3);
  g_assert_cmpint (flitlab_topology_bisection_method (t), ==, FLITLAB_BISECTION_EXHAUSTIVE);

  /* The edge list reads back as the same network; a copy needs no file. */
  g_assert_cmpstr (edges, ==, "6\n0 1\n0 3\n0 5\n1 2\n2 3\n3 4\n4 5\n");
  again = from_text (edges);
  edges_again = flitlab_topology_dup_edge_list (again);
  g_assert_cmpstr (edges_again, ==, edges);
  copy = flitlab_topology_copy (t);
  g_assert_cmpuint (flitlab_topology_get_n_network_channels (copy), ==, 14);
}

/* The anynet mapping: Flitlab's node n is anynet's "node n", linked as its routers are. */
static void
test_anynet (void)
{
  g_autoptr(FlitlabTopology) t = from_text (anynet);
  g_autofree char *edges = flitlab_topology_dup_edge_list (t);

  /* Router links 0-1 1-2 1-3 2-4 3-4 are node links 2-0 0-1 0-3 1-4 3-4. */
  g_assert_cmpstr (edges, ==, "5\n0 1\n0 2\n0 3\n1 4\n3 4\n");
  g_assert_cmpuint (flitlab_topology_distance (t, 2, 4), ==, 3);
  g_assert_cmpuint (flitlab_topology_distance (t, 1, 3), ==, 2);
  g_assert_cmpuint (flitlab_topology_diameter (t), ==, 3);
  /* Sums from nodes 0..4: 5 + 6 + 8 + 6 + 7. */
  g_assert_cmpfloat (fabs (flitlab_topology_mean_distance (t) - 32.0 / 20), <, 1e-12);
  /* Only node 2's link is a bridge, and {2} alone is no balanced half: two links. */
  g_assert_cmpuint (flitlab_topology_bisection_width (t), ==, 2);
}

/* Above the exhaustive limit the width is a bound: on a ring of 24 the breadth-first half
 * around node 0 is an arc, which cuts two links, the true width. */
static void
test_bisection_bound (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(FlitlabTopology) t = NULL;

  for (guint i = 0; i < 24; i++)
    g_string_append_printf (text, "%u %u\n", i, (i + 1) % 24);
  t = from_text (text->str);
  g_assert_cmpint (flitlab_topology_bisection_method (t), ==, FLITLAB_BISECTION_SWAP_BOUND);
  g_assert_cmpuint (flitlab_topology_bisection_width (t), ==, 2);
  g_assert_cmpuint (flitlab_topology_diameter (t), ==, 12);
}

/* Each bad input: one line naming what is wrong (and where), no network. */
static void
test_bad_input (void)
{
  static const struct { const char *text; const char *message; } cases[] = {
    { "router 0 node 0 node 0\n", "line 1: router 0 links node 0 twice" },
    { "router 0 node 0 router 1 router 1\nrouter 1 node 1\n",
      "line 1: router 0 links router 1 twice" },
    { "router 0 node 0 router 1\nrouter 1 node 1\nrouter 2 node 0 router 1\n",
      "line 3: node 0 is attached to router 0 and to router 2" },
    { "router 0 node 0 node 1 router 1\nrouter 1 node 2\n",
      "line 1: router 0 has a second node (1)" },
    { "router 0 node 0 router 1\nrouter 1\n", "Router 1 has no node" },
    { "router 0 node 0 router 1 10\nrouter 1 node 1\n", "line 1: link weight 10" },
    { "router 0 node 0 router 0\n", "line 1: router 0 links itself" },
    { "router 0 node 0 bridge 1\n", "line 1: expected “node N” or “router R”" },
    { "4\n0 1\n2 3\n", "not connected: node 2 cannot reach node 0" },
    { "0 1\n1 2\n2 x\n", "line 3: “x” is not a node number" },
    { "0 1\n1 2 3\n", "line 2: expected one link" },
    { "0 1\n1 0\n", "line 2: nodes 1 and 0 are linked twice" },
    { "3\n0 1\n1 3\n", "line 3: node 3, but the first line gives 3 nodes" },
    { "# nothing\n\n", "holds no network" },
    { "0 0\n", "line 1: node 0 is linked to itself" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabTopology) t = flitlab_topology_new_from_text (cases[i].text, NULL, &error);

      g_assert_null (t);
      g_assert_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID);
      if (strstr (error->message, cases[i].message) == NULL)
        g_error ("case %u: “%s” does not say “%s”", i, error->message, cases[i].message);
      g_assert_null (strchr (error->message, '\n'));
    }
}

/* file:PATH reads the file; its errors start with the path. */
static void
test_spec (void)
{
  g_autofree char *dir = g_dir_make_tmp ("flitlab-net-XXXXXX", NULL);
  g_autofree char *good = g_build_filename (dir, "ring.txt", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.txt", NULL);
  g_autofree char *good_spec = g_strconcat ("file:", good, NULL);
  g_autofree char *bad_spec = g_strconcat ("file:", bad, NULL);
  g_autofree char *spec = NULL;
  g_autoptr(FlitlabTopology) t = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (good, ring_chord, -1, NULL));
  g_assert_true (g_file_set_contents (bad, "0 1\n1 1\n", -1, NULL));
  t = flitlab_topology_new_from_spec (good_spec, &error);
  g_assert_no_error (error);
  spec = flitlab_topology_dup_spec (t);
  g_assert_cmpstr (spec, ==, good_spec);
  g_assert_null (flitlab_topology_new_from_spec (bad_spec, &error));
  g_assert_true (g_str_has_prefix (error->message, bad));
  g_assert_nonnull (strstr (error->message, ": line 2: node 1 is linked to itself"));
  g_clear_error (&error);
  g_assert_null (flitlab_topology_new_from_spec ("file:", &error));
  g_assert_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID);
  g_remove (good);
  g_remove (bad);
  g_rmdir (dir);
}

/* Every up*\/down* route is legal (no up hop after a down hop), ends at its destination and
 * is no shorter than the distance; every shortest-path route is as long as the distance. */
static guint
check_routes (const FlitlabTopology *t)
{
  g_autoptr(FlitlabRouter) updown = flitlab_router_new (t, FLITLAB_ROUTING_UPDOWN, 1);
  g_autoptr(FlitlabRouter) shortest = flitlab_router_new (t, FLITLAB_ROUTING_SHORTEST, 1);
  g_autoptr(GArray) route = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n = flitlab_topology_get_n_nodes (t), longer = 0;

  for (guint a = 0; a < n; a++)
    for (guint b = 0; b < n; b++)
      {
        gboolean down = FALSE;
        guint node = a, hops;


        if (a == b)
          continue;
        g_array_set_size (route, 0);
        hops = flitlab_router_route (updown, a, b, 0, route);
        g_assert_cmpuint (hops, >=, flitlab_topology_distance (t, a, b));
        longer += hops > flitlab_topology_distance (t, a, b);
        for (guint i = 0; i < route->len; i++)
          {
            guint c = g_array_index (route, guint, i);
            guint next = flitlab_topology_get_channel (t, c)->dst;
            guint from = flitlab_topology_distance (t, 0, node);
            guint to = flitlab_topology_distance (t, 0, next);
            /* Up: towards node 0, the root, by level from it, then by id. */
            gboolean up = to < from || (to == from && next < node);

            g_assert_cmpuint (flitlab_topology_get_channel (t, c)->src, ==, node);
            g_assert_true (!down || up == FALSE);
            g_assert_true (flitlab_router_ends_phase (updown, c) == !up);
            down |= !up;
            node = next;
          }
        g_assert_cmpuint (node, ==, b);
        g_array_set_size (route, 0);
        g_assert_cmpuint (flitlab_router_route (shortest, a, b, 0, route), ==,
                          flitlab_topology_distance (t, a, b));
      }
  g_test_message ("%u of %u up*/down* routes are longer than the distance", longer, n * (n - 1));
  return longer;
}

/* On a plain ring of six the tree from node 0 has levels 0 1 2 3 2 1: 2 to 4 by 3 would go
 * down to 3 and then up to 4, so up*\/down* goes round by 1, 0 and 5, four hops for two. */
static void
test_routes (void)
{
  g_autoptr(FlitlabTopology) chord = from_text (ring_chord);
  g_autoptr(FlitlabTopology) any = from_text (anynet);
  g_autoptr(FlitlabTopology) ring = from_text ("0 1\n1 2\n2 3\n3 4\n4 5\n5 0\n");
  g_autoptr(FlitlabRouter) updown = flitlab_router_new (ring, FLITLAB_ROUTING_UPDOWN, 1);
  g_autoptr(GArray) route = g_array_new (FALSE, FALSE, sizeof (guint));
  const guint via[] = { 1, 0, 5, 4 };

  g_assert_cmpuint (check_routes (chord), ==, 0);
  g_assert_cmpuint (check_routes (any), ==, 0);
  g_assert_cmpuint (check_routes (ring), >, 0);
  g_assert_cmpuint (flitlab_router_route (updown, 2, 4, 0, route), ==, 4);
  for (guint i = 0; i < G_N_ELEMENTS (via); i++)
    g_assert_cmpuint (flitlab_topology_get_channel (ring, g_array_index (route, guint, i))->dst,
                      ==, via[i]);
  g_assert_true (flitlab_routing_fits (FLITLAB_ROUTING_UPDOWN, FLITLAB_TOPOLOGY_FILE));
  g_assert_false (flitlab_routing_fits (FLITLAB_ROUTING_DOR, FLITLAB_TOPOLOGY_FILE));
  g_assert_false (flitlab_routing_fits (FLITLAB_ROUTING_SHORTEST, FLITLAB_TOPOLOGY_MESH));
  g_assert_cmpint (flitlab_routing_deterministic (FLITLAB_TOPOLOGY_FILE), ==,
                   FLITLAB_ROUTING_UPDOWN);
}

/* The graph's edges are exactly the pairs of hops in a row on some route: every route walked
 * whole, against the graph's states (flitlab-channel-dependency.c). */
static void
check_edges_are_routes (const FlitlabTopology          *t,
                        FlitlabRouting                  routing,
                        const FlitlabChannelDependency *graph)
{
  g_autoptr(FlitlabRouter) router = flitlab_router_new (t, routing, 1);
  g_autoptr(GArray) route = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GHashTable) pairs = g_hash_table_new (g_direct_hash, g_direct_equal);
  guint n = flitlab_topology_get_n_nodes (t);

  for (guint a = 0; a < n; a++)
    for (guint b = 0; b < n; b++)
      {
        g_array_set_size (route, 0);
        if (a != b)
          flitlab_router_route (router, a, b, 0, route);
        for (guint i = 1; i < route->len; i++)
          g_hash_table_add (pairs, GUINT_TO_POINTER (g_array_index (route, guint, i - 1) << 16 |
                                                     g_array_index (route, guint, i)));
      }
  g_assert_cmpuint (flitlab_channel_dependency_get_n_edges (graph), ==,
                    g_hash_table_size (pairs));
  for (guint e = 0; e < flitlab_channel_dependency_get_n_edges (graph); e++)
    {
      FlitlabDependencyVertex from, to;

      flitlab_channel_dependency_get_edge (graph, e, &from, &to);
      g_assert_true (g_hash_table_contains (pairs, GUINT_TO_POINTER (from.channel << 16 |
                                                                     to.channel)));
    }
}

/* Up*\/down* has an acyclic channel dependency graph; shortest paths on a plain ring of six
 * go round it (0 to 2 by 1, 1 to 3 by 2, ... 5 to 1 by 0: each hop waits on the next). */
static void
test_dependencies (void)
{
  static const char ring[] = "0 1\n1 2\n2 3\n3 4\n4 5\n5 0\n";
  const char *texts[] = { ring_chord, anynet, ring };

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(FlitlabTopology) t = from_text (texts[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabChannelDependency) updown =
        flitlab_channel_dependency_new (t, FLITLAB_ROUTING_UPDOWN, 1, &error);
      g_autoptr(FlitlabChannelDependency) shortest = NULL;

      g_assert_no_error (error);
      g_assert_cmpuint (flitlab_channel_dependency_get_n_classes (updown), ==, 1);
      g_assert_cmpuint (flitlab_channel_dependency_get_n_edges (updown), >, 0);
      g_assert_false (flitlab_channel_dependency_has_cycle (updown));
      check_edges_are_routes (t, FLITLAB_ROUTING_UPDOWN, updown);
      shortest = flitlab_channel_dependency_new (t, FLITLAB_ROUTING_SHORTEST, 1, &error);
      g_assert_no_error (error);
      check_edges_are_routes (t, FLITLAB_ROUTING_SHORTEST, shortest);
      if (texts[i] == ring)
        {
          guint n_cycle;

          g_assert_true (flitlab_channel_dependency_has_cycle (shortest));
          flitlab_channel_dependency_get_cycle (shortest, &n_cycle);
          g_assert_cmpuint (n_cycle, ==, 6);
        }
      g_assert_null (flitlab_channel_dependency_new (t, FLITLAB_ROUTING_DOR, 1, &error));
      g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
    }
}

/* The textbook loads follow the up*\/down* routes: every ordered pair, so the loads sum to
 * the routes' hops. */
static void
test_metrics (void)
{
  g_autoptr(FlitlabTopology) t = from_text (ring_chord);
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabTopologyMetrics) m = flitlab_topology_metrics_new (t, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (m->nodes, ==, 6);
  g_assert_cmpuint (m->channels, ==, 14);
  g_assert_cmpuint (m->bisection_channels, ==, 6);
  g_assert_cmpfloat (m->mean_route_hops, >=, m->mean_distance - 1e-12);
  g_assert_cmpfloat (m->max_channel_load, >, 0);
}

/* One source, node 2, sends to node 4 only, three hops away along 2-0-1-4 (up, down, down),
 * at a load where a message is almost always alone: its transit latency is exactly
 * D + L - 1 = 3 + 8 - 1 (flitlab-latency.h). */
static void
test_simulate_pair (void)
{
  g_autoptr(FlitlabTopology) t = from_text (anynet);
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("file:test.txt");
  g_autoptr(FlitlabSimResult) result = NULL;
  g_autoptr(GError) error = NULL;
  static const char csv[] = "0,0,0,0,0\n0,0,0,0,0\n0,0,0,0,1\n0,0,0,0,0\n0,0,0,0,0\n";
  double rate = 0.002;
  const FlitlabSimPoint *p;

  config->network = flitlab_topology_ref (t);
  config->routing = FLITLAB_ROUTING_UPDOWN;
  config->traffic = FLITLAB_TRAFFIC_MATRIX;
  config->matrix = flitlab_traffic_matrix_new_from_csv (csv, sizeof csv - 1, &error);
  g_assert_no_error (error);
  config->flits = 8;
  config->cycles = 60000;
  config->replications = 2;
  flitlab_sim_config_set_rates (config, &rate, 1);
  result = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  p = &result->points[0];
  g_assert_cmpuint (p->messages, >, 100);
  g_assert_cmpfloat (fabs (p->mean_hops - 3), <, 1e-12);
  g_assert_cmpfloat (fabs (p->latency[FLITLAB_LATENCY_TRANSIT] - 10), <, 1e-9);
}

/* Uniform traffic at a low load: hops + L + 1 as on the families' networks, the hops those of
 * the up*\/down* routes; shortest paths only in the deadlock lab. */
static void
test_simulate_uniform (void)
{
  g_autoptr(FlitlabTopology) t = from_text (ring_chord);
  g_autoptr(FlitlabTopologyMetrics) m = flitlab_topology_metrics_new (t, NULL);
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("file:test.txt");
  g_autoptr(FlitlabSimResult) result = NULL;
  g_autoptr(GError) error = NULL;
  double rate = 0.0005;
  const FlitlabSimPoint *p;

  config->network = flitlab_topology_ref (t);
  config->routing = FLITLAB_ROUTING_UPDOWN;
  config->flits = 8;
  config->cycles = 60000;
  config->replications = 2;
  flitlab_sim_config_set_rates (config, &rate, 1);
  result = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  p = &result->points[0];
  g_assert_cmpfloat (p->latency[FLITLAB_LATENCY_TOTAL], >=, p->mean_hops + 8 + 1 - 1e-9);
  g_assert_cmpfloat (p->latency[FLITLAB_LATENCY_TOTAL] - (p->mean_hops + 8 + 1), <, 0.05);
  g_assert_cmpfloat (fabs (p->mean_hops / m->mean_route_hops - 1), <, 0.1);

  config->routing = FLITLAB_ROUTING_SHORTEST;
  g_assert_false (flitlab_sim_config_check (config, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_DEADLOCK_PRONE);
  g_clear_error (&error);
  config->allow_deadlock = TRUE;
  g_assert_true (flitlab_sim_config_check (config, &error));
  g_assert_no_error (error);
  config->routing = FLITLAB_ROUTING_DOR;
  g_assert_false (flitlab_sim_config_check (config, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
}

/* Far past saturation on one VC and single-flit buffers, the watchdog of the deadlock lab
 * finds shortest paths on a plain ring of six deadlocked (their dependency cycle fills), never
 * up*\/down*, whose routes turn back at most once. */
static void
test_simulate_deadlock (void)
{
  g_autoptr(FlitlabTopology) t = from_text ("0 1\n1 2\n2 3\n3 4\n4 5\n5 0\n");
  FlitlabRouting routings[] = { FLITLAB_ROUTING_UPDOWN, FLITLAB_ROUTING_SHORTEST };

  for (guint r = 0; r < G_N_ELEMENTS (routings); r++)
    {
      g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("file:ring.txt");
      g_autoptr(FlitlabSimResult) result = NULL;
      g_autoptr(GError) error = NULL;
      double rate = 0.5;

      config->network = flitlab_topology_ref (t);
      config->routing = routings[r];
      config->allow_deadlock = TRUE;
      config->vcs = 1;
      config->buffer = 1;
      config->flits = 8;
      config->cycles = 20000;
      config->replications = 2;
      flitlab_sim_config_set_rates (config, &rate, 1);
      result = flitlab_sim_run (config, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (result->points[0].saturated);
      g_assert_cmpint (result->points[0].deadlocked, ==, routings[r] == FLITLAB_ROUTING_SHORTEST);
    }
}

/* The patterns defined by coordinates have none to work with; bit reversal works on node
 * numbers, as it does on every network of 2^k nodes. */
static void
test_traffic (void)
{
  g_autoptr(FlitlabTopology) t = from_text (ring_chord);
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(FlitlabTopology) eight = NULL;
  const FlitlabTrafficPattern refused[] = {
    FLITLAB_TRAFFIC_TRANSPOSE, FLITLAB_TRAFFIC_BIT_COMPLEMENT, FLITLAB_TRAFFIC_TORNADO,
    FLITLAB_TRAFFIC_NEIGHBOUR, FLITLAB_TRAFFIC_BIT_REVERSAL,
  };
  g_autoptr(FlitlabTraffic) reversal = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_null (flitlab_traffic_new (t, refused[i], 0, 0, &error));
      g_assert_error (error, FLITLAB_TRAFFIC_ERROR, FLITLAB_TRAFFIC_ERROR_INVALID);
    }
  for (guint i = 0; i < 8; i++)
    g_string_append_printf (text, "%u %u\n", i, (i + 1) % 8);
  eight = from_text (text->str);
  reversal = flitlab_traffic_new (eight, FLITLAB_TRAFFIC_BIT_REVERSAL, 0, 0, NULL);
  g_assert_nonnull (reversal);
}

/* The papers' models do not describe a network from a file: a study says so. */
static void
test_models_refuse (void)
{
  g_autoptr(FlitlabTopology) t = from_text (ring_chord);
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("s");
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GError) error = NULL;

  flitlab_study_set_built_topology (study, "file:test.txt", t);
  study->routing = FLITLAB_ROUTING_UPDOWN;
  g_assert_false (flitlab_study_run_fit_model (study, "ciciani-bi-torus", params, &error));
  g_assert_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER);
  g_assert_nonnull (strstr (error->message, "not a network from a file"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/flitlab/topology-file/ring-chord", test_ring_chord);
  g_test_add_func ("/flitlab/topology-file/anynet", test_anynet);
  g_test_add_func ("/flitlab/topology-file/bisection-bound", test_bisection_bound);
  g_test_add_func ("/flitlab/topology-file/bad-input", test_bad_input);
  g_test_add_func ("/flitlab/topology-file/spec", test_spec);
  g_test_add_func ("/flitlab/topology-file/routes", test_routes);
  g_test_add_func ("/flitlab/topology-file/dependencies", test_dependencies);
  g_test_add_func ("/flitlab/topology-file/metrics", test_metrics);
  g_test_add_func ("/flitlab/topology-file/traffic", test_traffic);
  g_test_add_func ("/flitlab/topology-file/simulate-pair", test_simulate_pair);
  g_test_add_func ("/flitlab/topology-file/simulate-uniform", test_simulate_uniform);
  g_test_add_func ("/flitlab/topology-file/simulate-deadlock", test_simulate_deadlock);
  g_test_add_func ("/flitlab/topology-file/models-refuse", test_models_refuse);
  return g_test_run ();
}
