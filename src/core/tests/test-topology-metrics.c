/* test-topology-metrics.c: the textbook figures against routing every pair and closed forms
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-sim.h"
#include "flitlab-routing.h"
#include "flitlab-topology-metrics.h"
#include "flitlab-traffic.h"

static FlitlabTopologyMetrics *
metrics_of (const char *spec)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (spec, NULL);
  g_autoptr(GError) error = NULL;
  FlitlabTopologyMetrics *metrics;

  g_assert_nonnull (topology);
  metrics = flitlab_topology_metrics_new (topology, &error);
  g_assert_no_error (error);
  return metrics;
}

static void
assert_close (double value,
              double expected)
{
  g_assert_cmpfloat_with_epsilon (value, expected, 1e-12 * MAX (1, fabs (expected)));
}

/* Every ordered pair of distinct nodes, every combination of tie bits in equal shares (each
 * balanced message's coins), along flitlab_router_minimal_hops()'s first hop: the loads the
 * simulator's DOR puts on each channel, with no shortcut. */
static void
check_all_pairs (gconstpointer data)
{
  const char *spec = data;
  g_autoptr(FlitlabTopology) t = flitlab_topology_new_from_spec (spec, NULL);
  g_autoptr(FlitlabRouter) router = flitlab_router_new (t, FLITLAB_ROUTING_DOR, 1);
  g_autoptr(FlitlabTopologyMetrics) metrics = metrics_of (spec);
  guint n = flitlab_topology_get_n_nodes (t), n_dims = flitlab_topology_get_n_dims (t);
  guint n_network = flitlab_topology_get_n_network_channels (t);
  g_autofree double *load = g_new0 (double, n_network);
  guint next[2 * FLITLAB_TOPOLOGY_MAX_DIMS + 2];
  double busiest = 0, hops = 0;

  for (guint s = 0; s < n; s++)
    for (guint d = 0; d < n; d++)
      for (guint32 ties = 0; ties < (1u << n_dims) && s != d; ties++)
        for (guint node = s; node != d;)
          {
            flitlab_router_minimal_hops (router, node, d, ties, next);
            load[next[0]] += 1.0 / (1u << n_dims) / (n - 1);
            hops += 1.0 / (1u << n_dims);
            node = flitlab_topology_get_channel (t, next[0])->dst;
          }
  g_assert_cmpuint (metrics->n_channel_load, ==, n_network);
  for (guint c = 0; c < n_network; c++)
    {
      assert_close (metrics->channel_load[c], load[c]);
      busiest = MAX (busiest, load[c]);
    }
  assert_close (metrics->max_channel_load, busiest);
  assert_close (metrics->ideal_throughput, 1 / busiest);
  assert_close ((double) metrics->max_load_numerator / metrics->max_load_denominator, busiest);
  /* DOR routes are minimal: their mean is the mean distance. */
  assert_close (metrics->mean_route_hops, hops / ((double) n * (n - 1)));
  assert_close (metrics->mean_route_hops, metrics->mean_distance);
}

/* The textbook's closed forms, N / (N - 1) for traffic to the other nodes only. */
static void
test_closed_forms (void)
{
  struct { const char *spec; double k_factor; } loads[] = {
    /* Bi-directional torus, even k: k/8; odd k: (k^2 - 1) / 8k. */
    { "torus:8x8:bi", 8.0 / 8 },
    { "torus:4x4:bi", 4.0 / 8 },
    { "torus:16x16:bi", 16.0 / 8 },
    { "torus:6x6x6:bi", 6.0 / 8 },
    { "torus:5x5:bi", 24.0 / 40 },
    /* Uni-directional torus: (k - 1) / 2. */
    { "torus:8x8:uni", 7.0 / 2 },
    { "torus:5x5x5:uni", 4.0 / 2 },
    /* Mesh, even k: k/4; odd k: (k^2 - 1) / 4k. */
    { "mesh:8x8", 8.0 / 4 },
    { "mesh:4x4", 4.0 / 4 },
    { "mesh:5x5", 24.0 / 20 },
    /* Hypercube: 1/2. */
    { "hypercube:4", 0.5 },
    { "hypercube:10", 0.5 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (loads); i++)
    {
      g_autoptr(FlitlabTopologyMetrics) m = metrics_of (loads[i].spec);
      double scale = (double) m->nodes / (m->nodes - 1);

      g_test_message ("%s: gamma max %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT, loads[i].spec,
                      m->max_load_numerator, m->max_load_denominator);
      assert_close (m->max_channel_load, loads[i].k_factor * scale);
      assert_close (m->ideal_throughput, 1 / (loads[i].k_factor * scale));
    }

  {
    g_autoptr(FlitlabTopologyMetrics) m = metrics_of ("torus:8x8:bi");

    /* The figure, exactly. */
    g_assert_cmpuint (m->max_load_numerator, ==, 64);
    g_assert_cmpuint (m->max_load_denominator, ==, 63);
    g_assert_cmpuint (m->nodes, ==, 64);
    g_assert_cmpuint (m->channels, ==, 256);
    g_assert_cmpuint (m->diameter, ==, 8);
    g_assert_cmpuint (m->bisection_channels, ==, 4 * 8);
    assert_close (m->mean_distance, 4.0 * 64 / 63);
    assert_close (flitlab_topology_metrics_zero_load_latency (m, 16, FLITLAB_LATENCY_TOTAL),
                  4.0 * 64 / 63 + 17);
    assert_close (flitlab_topology_metrics_zero_load_latency (m, 16, FLITLAB_LATENCY_TRANSIT),
                  4.0 * 64 / 63 + 15);
  }
  {
    g_autoptr(FlitlabTopologyMetrics) m = metrics_of ("hypercube:6");

    assert_close (m->mean_distance, 6 / 2.0 * 64 / 63);
    g_assert_cmpuint (m->max_load_numerator, ==, 32);
    g_assert_cmpuint (m->max_load_denominator, ==, 63);
    g_assert_cmpuint (m->bisection_channels, ==, 64);
    g_assert_cmpuint (m->channels, ==, 6 * 64);
  }
  {
    g_autoptr(FlitlabTopologyMetrics) m = metrics_of ("torus:6x6x6:uni");

    g_assert_cmpuint (m->bisection_channels, ==, 2 * 36);
    g_assert_cmpuint (m->channels, ==, 3 * 216);
  }
  {
    g_autoptr(FlitlabTopologyMetrics) m = metrics_of ("mesh:8x8");

    g_assert_cmpuint (m->bisection_channels, ==, 2 * 8);
    g_assert_cmpuint (m->channels, ==, 2 * 2 * 8 * 7);
  }
}

/* The largest networks of each family are loaded quickly, and exactly. */
static void
test_large (void)
{
  g_autoptr(FlitlabTopologyMetrics) torus = metrics_of ("torus:256x256:bi");
  g_autoptr(FlitlabTopologyMetrics) cube = metrics_of ("hypercube:16");
  g_autoptr(FlitlabTopology) necklace = flitlab_topology_new_from_spec ("necklace:8,2", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabTopologyMetrics) none = NULL;

  g_assert_cmpuint (torus->max_load_numerator, ==, 65536 * 32);
  g_assert_cmpuint (torus->max_load_denominator, ==, 65535);
  g_assert_cmpuint (cube->max_load_numerator, ==, 32768);
  g_assert_cmpuint (cube->max_load_denominator, ==, 65535);

  /* A necklace too large to route pair by pair is refused, with a reason. */
  g_assert_cmpuint (flitlab_topology_get_n_nodes (necklace), >,
                    FLITLAB_TOPOLOGY_METRICS_MAX_ROUTED_NODES);
  none = flitlab_topology_metrics_new (necklace, &error);
  g_assert_null (none);
  g_assert_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_TOO_LARGE);
}

/* A necklace hypercube is loaded along its deterministic route, every pair. */
static void
test_necklace (void)
{
  g_autoptr(FlitlabTopology) t = flitlab_topology_new_from_spec ("necklace:3,3", NULL);
  g_autoptr(FlitlabRouter) router = flitlab_router_new (t, FLITLAB_ROUTING_NECKLACE, 1);
  g_autoptr(FlitlabTopologyMetrics) m = metrics_of ("necklace:3,3");
  guint n = flitlab_topology_get_n_nodes (t);
  g_autofree double *load = g_new0 (double, m->channels);
  g_autoptr(GArray) route = g_array_new (FALSE, FALSE, sizeof (guint));
  double hops = 0;

  for (guint s = 0; s < n; s++)
    for (guint d = 0; d < n; d++)
      if (s != d)
        {
          g_array_set_size (route, 0);
          hops += flitlab_router_route (router, s, d, 0, route);
          for (guint i = 0; i < route->len; i++)
            load[g_array_index (route, guint, i)] += 1.0 / (n - 1);
        }
  for (guint c = 0; c < m->channels; c++)
    assert_close (m->channel_load[c], load[c]);
  /* Odd necklaces: the route may be longer than the distance, and the latency counts it. */
  assert_close (m->mean_route_hops, hops / ((double) n * (n - 1)));
  g_assert_cmpfloat (m->mean_route_hops, >, m->mean_distance);
}

/* The zero-load latency beside the simulator's, at a load where messages hardly meet: the
 * figure a course quotes is what the simulation measures (the simulation is seeded, so this
 * does not vary from run to run). */
static void
check_zero_load (gconstpointer data)
{
  const char *spec = data;
  g_autoptr(FlitlabTopologyMetrics) metrics = metrics_of (spec);
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new (spec);
  g_autoptr(FlitlabSimResult) result = NULL;
  g_autoptr(GError) error = NULL;
  const double rate = 0.0002;
  const FlitlabLatency kinds[] = { FLITLAB_LATENCY_TOTAL, FLITLAB_LATENCY_TRANSIT };

  config->replications = 2;
  config->cycles = 50000;
  config->threads = 2;
  flitlab_sim_config_set_rates (config, &rate, 1);
  result = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      double predicted =
        flitlab_topology_metrics_zero_load_latency (metrics, config->flits, kinds[i]);
      double measured = result->points[0].latency[kinds[i]];
      double ci95 = result->points[0].ci95[kinds[i]];

      g_test_message ("%s %s: zero-load %.4f, simulated %.4f +/- %.4f", spec,
                      flitlab_latency_to_string (kinds[i]), predicted, measured, ci95);
      g_assert_cmpfloat (fabs (measured - predicted), <, MAX (3 * ci95, 0.01 * predicted));
    }
}

/* The matrix of a pattern on a network (flitlab_traffic_to_matrix()). */
static FlitlabTrafficMatrix *
pattern_matrix (const FlitlabTopology *topology,
                FlitlabTrafficPattern  pattern)
{
  g_autoptr(FlitlabTraffic) traffic = flitlab_traffic_new (topology, pattern, 0.1, 0, NULL);

  g_assert_nonnull (traffic);
  return flitlab_traffic_to_matrix (traffic, NULL);
}

/* Another traffic's loads: uniform's matrix loads every channel as the uniform load does (ties
 * split alike), and the neighbour pattern on a 4x4 torus, each node sending to (x + 1, y + 1),
 * loads every +x and +y channel with exactly one flit per cycle and the others with none, over
 * two hops. A matrix of another size is refused. */
static void
test_traffic (void)
{
  const char *specs[] = { "torus:4x4:bi", "torus:6x6:bi", "mesh:5x3", "hypercube:4" };

  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (specs[i], NULL);
      g_autoptr(FlitlabTopologyMetrics) uniform = flitlab_topology_metrics_new (topology, NULL);
      g_autoptr(FlitlabTopologyMetrics) metrics = flitlab_topology_metrics_new (topology, NULL);
      g_autoptr(FlitlabTrafficMatrix) matrix = pattern_matrix (topology, FLITLAB_TRAFFIC_UNIFORM);

      g_assert_true (flitlab_topology_metrics_load_traffic (metrics, topology, matrix, NULL));
      for (guint c = 0; c < metrics->channels; c++)
        g_assert_cmpfloat_with_epsilon (metrics->channel_load[c], uniform->channel_load[c], 1e-12);
      g_assert_cmpfloat_with_epsilon (metrics->max_channel_load, uniform->max_channel_load, 1e-12);
      g_assert_cmpfloat_with_epsilon (metrics->mean_route_hops, uniform->mean_route_hops, 1e-12);
    }
  {
    g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("torus:4x4:bi", NULL);
    g_autoptr(FlitlabTopology) other = flitlab_topology_new_from_spec ("torus:3x3:bi", NULL);
    g_autoptr(FlitlabTopologyMetrics) metrics = flitlab_topology_metrics_new (topology, NULL);
    g_autoptr(FlitlabTrafficMatrix) matrix = pattern_matrix (topology,
                                                             FLITLAB_TRAFFIC_NEIGHBOUR);
    g_autoptr(FlitlabTrafficMatrix) small = pattern_matrix (other, FLITLAB_TRAFFIC_UNIFORM);
    g_autoptr(GError) error = NULL;

    g_assert_true (flitlab_topology_metrics_load_traffic (metrics, topology, matrix, NULL));
    for (guint c = 0; c < metrics->channels; c++)
      g_assert_cmpfloat (metrics->channel_load[c], ==,
                         flitlab_topology_get_channel (topology, c)->direction > 0 ? 1 : 0);
    g_assert_cmpfloat (metrics->max_channel_load, ==, 1);
    g_assert_cmpfloat (metrics->ideal_throughput, ==, 1);
    g_assert_cmpfloat (metrics->mean_route_hops, ==, 2);
    g_assert_false (flitlab_topology_metrics_load_traffic (metrics, topology, small, &error));
    g_assert_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR, FLITLAB_TRAFFIC_MATRIX_ERROR_SIZE);
    g_assert_cmpfloat (metrics->max_channel_load, ==, 1);
  }
}

int
main (int   argc,
      char *argv[])
{
  static const char * const specs[] = {
    "torus:8x8:bi", "torus:4x4:bi", "torus:5x3:bi", "torus:4x6x3:bi", "torus:2x2:bi",
    "torus:3x4:uni", "torus:6:uni", "mesh:4x4", "mesh:3x5x2", "mesh:7", "hypercube:1",
    "hypercube:5",
  };

  g_test_init (&argc, &argv, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      g_autofree char *path = g_strdup_printf ("/flitlab/topology-metrics/all-pairs/%s", specs[i]);

      g_test_add_data_func (path, specs[i], check_all_pairs);
    }
  g_test_add_func ("/flitlab/topology-metrics/closed-forms", test_closed_forms);
  g_test_add_data_func ("/flitlab/topology-metrics/zero-load/torus:4x4:bi", "torus:4x4:bi",
                        check_zero_load);
  g_test_add_data_func ("/flitlab/topology-metrics/zero-load/mesh:4x4", "mesh:4x4",
                        check_zero_load);
  g_test_add_data_func ("/flitlab/topology-metrics/zero-load/hypercube:4", "hypercube:4",
                        check_zero_load);
  g_test_add_func ("/flitlab/topology-metrics/large", test_large);
  g_test_add_func ("/flitlab/topology-metrics/necklace", test_necklace);
  g_test_add_func ("/flitlab/topology-metrics/traffic", test_traffic);
  return g_test_run ();
}
