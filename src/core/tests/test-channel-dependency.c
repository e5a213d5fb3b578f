/* test-channel-dependency.c: channel dependency graphs of the simulator's routes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "flitlab-channel-dependency.h"
#include "flitlab-routing.h"

static FlitlabChannelDependency *
graph_of (const char     *spec,
          FlitlabRouting  routing,
          guint           vcs)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (spec, NULL);
  g_autoptr(GError) error = NULL;
  FlitlabChannelDependency *graph;

  g_assert_nonnull (topology);
  graph = flitlab_channel_dependency_new (topology, routing, vcs, &error);
  g_assert_no_error (error);
  return graph;
}

static gboolean
has_edge (const FlitlabChannelDependency *graph,
          FlitlabDependencyVertex         a,
          FlitlabDependencyVertex         b)
{
  for (guint i = 0; i < flitlab_channel_dependency_get_n_edges (graph); i++)
    {
      FlitlabDependencyVertex from, to;

      flitlab_channel_dependency_get_edge (graph, i, &from, &to);
      if (from.channel == a.channel && from.vc_class == a.vc_class &&
          to.channel == b.channel && to.vc_class == b.vc_class)
        return TRUE;
    }
  return FALSE;
}

/* Kahn's algorithm on the edge list, apart from the graph's own search: TRUE when some
 * vertex can never be removed, that is when there is a cycle. */
static gboolean
kahn_finds_cycle (const FlitlabChannelDependency *graph,
                  guint                           n_channels)
{
  guint classes = flitlab_channel_dependency_get_n_classes (graph);
  guint n = n_channels * classes, m = flitlab_channel_dependency_get_n_edges (graph), removed = 0;
  g_autofree guint *in = g_new0 (guint, n);
  g_autofree gboolean *gone = g_new0 (gboolean, n);
  gboolean progress = TRUE;

  for (guint i = 0; i < m; i++)
    {
      FlitlabDependencyVertex from, to;

      flitlab_channel_dependency_get_edge (graph, i, &from, &to);
      in[to.channel * classes + to.vc_class]++;
    }
  while (progress)
    {
      progress = FALSE;
      for (guint v = 0; v < n; v++)
        if (!gone[v] && in[v] == 0)
          {
            gone[v] = TRUE;
            removed++;
            progress = TRUE;
            for (guint i = 0; i < m; i++)
              {
                FlitlabDependencyVertex from, to;

                flitlab_channel_dependency_get_edge (graph, i, &from, &to);
                if (from.channel * classes + from.vc_class == v)
                  in[to.channel * classes + to.vc_class]--;
              }
          }
    }
  return removed < n;
}

static void
check_graph (const char     *spec,
             FlitlabRouting  routing,
             guint           vcs,
             gboolean        cyclic)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (spec, NULL);
  g_autoptr(FlitlabRouter) router = flitlab_router_new (topology, FLITLAB_ROUTING_DOR, 1);
  g_autoptr(FlitlabChannelDependency) graph = graph_of (spec, routing, vcs);
  guint n_network = flitlab_topology_get_n_network_channels (topology), n = 0;
  const FlitlabDependencyVertex *cycle = flitlab_channel_dependency_get_cycle (graph, &n);
  g_autoptr(GArray) route = g_array_new (FALSE, FALSE, sizeof (guint));

  g_test_message ("%s, %s, %u VCs: %u edges, cycle of %u", spec,
                  flitlab_routing_to_string (routing), vcs,
                  flitlab_channel_dependency_get_n_edges (graph), n);
  g_assert_cmpint (flitlab_channel_dependency_has_cycle (graph), ==, cyclic);
  g_assert_cmpint (kahn_finds_cycle (graph, n_network), ==, cyclic);
  if (!cyclic)
    {
      g_assert_null (cycle);
      g_assert_cmpuint (n, ==, 0);
    }
  else
    {
      g_assert_cmpuint (n, >=, 2);
      for (guint i = 0; i < n; i++)
        {
          g_assert_cmpuint (cycle[i].channel, <, n_network);
          g_assert_true (has_edge (graph, cycle[i], cycle[(i + 1) % n]));
          /* A dependency joins a channel to one out of the node it leads to. */
          g_assert_cmpuint (flitlab_topology_get_channel (topology, cycle[i].channel)->dst, ==,
                            flitlab_topology_get_channel (topology,
                                                          cycle[(i + 1) % n].channel)->src);
        }
    }

  /* With one class, every turn of every deterministic route with + ties is an edge. */
  if (flitlab_channel_dependency_get_n_classes (graph) == 1)
    for (guint s = 0; s < flitlab_topology_get_n_nodes (topology); s++)
      for (guint t = 0; t < flitlab_topology_get_n_nodes (topology); t++)
        {
          g_array_set_size (route, 0);
          flitlab_router_route (router, s, t, 0, route);
          for (guint i = 0; i + 1 < route->len; i++)
            g_assert_true (has_edge (graph,
                                     (FlitlabDependencyVertex) {
                                       g_array_index (route, guint, i), 0 },
                                     (FlitlabDependencyVertex) {
                                       g_array_index (route, guint, i + 1), 0 }));
        }
}

/* Issue 15's lab: DOR on a torus with one VC has a cycle, the dateline breaks it. */
static void
test_torus (void)
{
  check_graph ("torus:4x4:bi", FLITLAB_ROUTING_DOR, 1, TRUE);
  check_graph ("torus:4x4:bi", FLITLAB_ROUTING_DOR, 2, FALSE);
  check_graph ("torus:4x4:bi", FLITLAB_ROUTING_DOR, 0, FALSE);
  check_graph ("torus:5x3:bi", FLITLAB_ROUTING_DOR, 1, TRUE);
  check_graph ("torus:5x3:bi", FLITLAB_ROUTING_DOR, 4, FALSE);
  check_graph ("torus:6:uni", FLITLAB_ROUTING_DOR, 1, TRUE);
  check_graph ("torus:6:uni", FLITLAB_ROUTING_DOR, 2, FALSE);
  check_graph ("torus:4x4x4:bi", FLITLAB_ROUTING_DOR, 2, FALSE);
  /* Adaptive routing: the escape channels' graph. */
  check_graph ("torus:4x4:bi", FLITLAB_ROUTING_ADAPTIVE, 3, FALSE);
  check_graph ("torus:4x4:bi", FLITLAB_ROUTING_ADAPTIVE, 1, TRUE);

  {
    g_autoptr(FlitlabChannelDependency) one = graph_of ("torus:4x4:bi", FLITLAB_ROUTING_DOR, 1);
    g_autoptr(FlitlabChannelDependency) two = graph_of ("torus:4x4:bi", FLITLAB_ROUTING_DOR, 2);

    g_assert_cmpuint (flitlab_channel_dependency_get_n_classes (one), ==, 1);
    g_assert_cmpuint (flitlab_channel_dependency_get_n_classes (two), ==, 2);
  }
}

static void
test_mesh_hypercube (void)
{
  check_graph ("mesh:4x4", FLITLAB_ROUTING_DOR, 1, FALSE);
  check_graph ("mesh:3x5x2", FLITLAB_ROUTING_DOR, 1, FALSE);
  check_graph ("hypercube:4", FLITLAB_ROUTING_DOR, 1, FALSE);
  check_graph ("mesh:4x4", FLITLAB_ROUTING_ADAPTIVE, 2, FALSE);
}

static void
test_errors (void)
{
  g_autoptr(FlitlabTopology) necklace = flitlab_topology_new_from_spec ("necklace:3,2", NULL);
  g_autoptr(FlitlabTopology) large = flitlab_topology_new_from_spec ("torus:128x64:bi", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_null (flitlab_channel_dependency_new (necklace, FLITLAB_ROUTING_NECKLACE, 3, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (flitlab_channel_dependency_new (large, FLITLAB_ROUTING_DOR, 1, &error));
  g_assert_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_TOO_LARGE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/channel-dependency/torus", test_torus);
  g_test_add_func ("/flitlab/channel-dependency/mesh-hypercube", test_mesh_hypercube);
  g_test_add_func ("/flitlab/channel-dependency/errors", test_errors);
  return g_test_run ();
}
