/* test-model-general.c: general-wormhole, any traffic on a torus, mesh, hypercube or network
 * from a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/models/general.md: zero load exact, 001's mesh model reproduced where the assumptions
 * coincide, the uni-directional torus compared, flows against the router's channel loads,
 * saturation against the hotspot's fraction, and bad parameters refused in one line.
 */

#include "config.h"

#include <math.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "flitlab-model.h"
#include "flitlab-sim-replay.h"
#include "flitlab-topology-metrics.h"
#include "flitlab-traffic.h"

static FlitlabModel *
general (const char *first,
         ...)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  FlitlabModel *model;
  va_list args;

  va_start (args, first);
  for (const char *name = first; name != NULL; name = va_arg (args, const char *))
    g_hash_table_insert (params, (gpointer) name, va_arg (args, char *));
  va_end (args);
  model = flitlab_model_new ("general-wormhole", params, &error);
  g_assert_no_error (error);
  return model;
}

static double
latency (const FlitlabModel *model,
         double              rate)
{
  g_autoptr(FlitlabModelPoint) point = flitlab_model_evaluate (model, rate);

  return point->saturated ? NAN : point->latency;
}

/* The mean hops of a traffic along the router's routes, ties halved. */
static FlitlabTopologyMetrics *
metrics_of (const char *spec,
            const char *pattern)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (spec, NULL);
  g_autoptr(FlitlabTopologyMetrics) metrics = flitlab_topology_metrics_new (topology, NULL);
  FlitlabTrafficPattern p;
  g_autoptr(FlitlabTraffic) traffic = NULL;
  g_autoptr(FlitlabTrafficMatrix) matrix = NULL;

  g_assert_true (flitlab_traffic_pattern_from_string (pattern, &p));
  traffic = flitlab_traffic_new (topology, p, 0.1, 0, NULL);
  matrix = flitlab_traffic_to_matrix (traffic, NULL);
  g_assert_true (flitlab_topology_metrics_load_traffic (metrics, topology, matrix, NULL));
  return g_steal_pointer (&metrics);
}

/* Zero load: hops + L - 1 in transit, + 1 in network and total latency (flitlab-latency.h),
 * the mean over the traffic's routes, and pair by pair the route's hops. */
static void
test_zero_load (void)
{
  static const struct { const char *spec, *traffic; } cases[] = {
    { "mesh:8x8", "uniform" }, { "torus:8x8:bi", "transpose" }, { "torus:4x4x4:bi", "uniform" },
    { "hypercube:6", "bit-reversal" }, { "torus:5x5:uni", "hotspot" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(FlitlabTopologyMetrics) metrics = metrics_of (cases[i].spec, cases[i].traffic);
      g_autoptr(FlitlabModel) transit = general ("topology", cases[i].spec, "traffic",
                                                 cases[i].traffic, "flits", "12", NULL);
      g_autoptr(FlitlabModel) network = general ("topology", cases[i].spec, "traffic",
                                                 cases[i].traffic, "flits", "12",
                                                 "latency", "network", NULL);
      g_autoptr(FlitlabModel) total = general ("topology", cases[i].spec, "traffic",
                                               cases[i].traffic, "flits", "12",
                                               "latency", "total", NULL);

      g_assert_cmpfloat_with_epsilon (latency (transit, 0),
                                      flitlab_topology_metrics_zero_load_latency (
                                        metrics, 12, FLITLAB_LATENCY_TRANSIT), 1e-9);
      g_assert_cmpfloat_with_epsilon (latency (network, 0),
                                      flitlab_topology_metrics_zero_load_latency (
                                        metrics, 12, FLITLAB_LATENCY_NETWORK), 1e-9);
      g_assert_cmpfloat_with_epsilon (latency (total, 0),
                                      flitlab_topology_metrics_zero_load_latency (
                                        metrics, 12, FLITLAB_LATENCY_TOTAL), 1e-9);
    }

  /* Pairs on a mesh: a lone message crossing D links, D + L - 1 (transit). */
  {
    g_autoptr(FlitlabModel) model = general ("topology", "mesh:8x8", "flits", "20", NULL);
    g_autoptr(FlitlabModelPoint) point = flitlab_model_evaluate_detail (model, 0);
    const FlitlabTopology *topology = flitlab_model_get_topology (model);
    const FlitlabModelVector *pairs = NULL;
    static const guint src[] = { 0, 0, 9, 63, 27 }, dst[] = { 1, 63, 54, 0, 36 };

    for (guint v = 0; v < point->vectors->len; v++)
      if (g_str_equal (((FlitlabModelVector *) point->vectors->pdata[v])->name, "pair latency"))
        pairs = point->vectors->pdata[v];
    g_assert_nonnull (pairs);
    g_assert_cmpuint (pairs->n_values, ==, 64 * 64);
    for (guint i = 0; i < G_N_ELEMENTS (src); i++)
      g_assert_cmpfloat (pairs->values[src[i] * 64 + dst[i]], ==,
                         flitlab_topology_distance (topology, src[i], dst[i]) + 20 - 1);
    g_assert_true (isnan (pairs->values[5 * 64 + 5]));
  }
}

/* A network from a file, routed up-then-down as the simulator routes it: zero load along those
 * routes; its links given as text (as the window passes them) or read from its file, the same
 * model. */
static void
test_file_network (void)
{
  static const char links[] = "6\n0 1\n1 2\n2 3\n3 4\n4 5\n5 0\n0 3\n";
  g_autofree char *path = NULL;
  g_autofree char *spec = NULL;
  int fd = g_file_open_tmp ("flitlab-general-XXXXXX.txt", &path, NULL);
  g_autoptr(FlitlabModel) from_file = NULL, from_text = NULL;
  g_autoptr(FlitlabTopologyMetrics) metrics = NULL;
  g_autoptr(FlitlabTopology) topology = NULL;
  g_autoptr(FlitlabTraffic) traffic = NULL;
  g_autoptr(FlitlabTrafficMatrix) matrix = NULL;

  g_assert_cmpint (fd, >=, 0);
  close (fd);
  g_assert_true (g_file_set_contents (path, links, -1, NULL));
  spec = g_strconcat ("file:", path, NULL);
  from_file = general ("topology", spec, "flits", "8", NULL);
  g_assert_no_errno (g_remove (path));
  /* The file is gone: its links given. */
  from_text = general ("topology", spec, "network", links, "flits", "8", NULL);
  topology = flitlab_topology_new_from_text (links, path, NULL);
  metrics = flitlab_topology_metrics_new (topology, NULL);
  traffic = flitlab_traffic_new (topology, FLITLAB_TRAFFIC_UNIFORM, 0.1, 0, NULL);
  matrix = flitlab_traffic_to_matrix (traffic, NULL);
  g_assert_true (flitlab_topology_metrics_load_traffic (metrics, topology, matrix, NULL));
  g_assert_cmpfloat_with_epsilon (latency (from_text, 0),
                                  flitlab_topology_metrics_zero_load_latency (
                                    metrics, 8, FLITLAB_LATENCY_TRANSIT), 1e-9);
  g_assert_cmpfloat (latency (from_file, 0), ==, latency (from_text, 0));
  g_assert_cmpfloat (latency (from_file, 0.02), ==, latency (from_text, 0.02));
  g_assert_cmpfloat (latency (from_text, 0.02), >, latency (from_text, 0));
}

/* One message from src to dst, then the end of the trace. */
static gboolean
one_message (gpointer              data,
             FlitlabTraceMessage  *message,
             GError              **error)
{
  guint *pair = data;

  if (pair[2]++ > 0)
    return FALSE;
  *message = (FlitlabTraceMessage) { .id = 1, .cycle = 10, .src = pair[0], .dst = pair[1],
                                     .flits = 12 };
  return TRUE;
}

/* Against the simulator itself: a lone message of each pair, replayed on the wormhole engine,
 * takes exactly the model's zero-load latency of that pair, in each of the three counts;
 * tori with their dateline classes, the 6-cube, a mesh. */
static void
test_zero_load_simulated (void)
{
  static const struct { const char *spec; guint src, dst; } cases[] = {
    { "torus:4x4x4:bi", 0, 42 }, { "torus:4x4x4:bi", 63, 1 }, { "torus:5x5:uni", 4, 0 },
    { "hypercube:6", 0, 63 }, { "mesh:8x8", 7, 56 },
  };
  static const char * const counts[] = { "transit", "network", "total" };
  static const FlitlabLatency latencies[] = {
    FLITLAB_LATENCY_TRANSIT, FLITLAB_LATENCY_NETWORK, FLITLAB_LATENCY_TOTAL,
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (guint l = 0; l < G_N_ELEMENTS (counts); l++)
      {
        g_autoptr(FlitlabModel) model = general ("topology", cases[i].spec, "flits", "12",
                                                 "latency", counts[l], NULL);
        g_autoptr(FlitlabModelPoint) point = flitlab_model_evaluate_detail (model, 0);
        g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new (cases[i].spec);
        g_autoptr(FlitlabReplayResult) result = NULL;
        FlitlabReplayOptions options = { .scale = 1 };
        const FlitlabModelVector *pairs = point->vectors->pdata[0];
        guint pair[3] = { cases[i].src, cases[i].dst, 0 };
        guint n = flitlab_topology_get_n_nodes (flitlab_model_get_topology (model));

        config->flits = 12;
        result = flitlab_sim_replay (config, &options, one_message, pair, 1, NULL, NULL, NULL);
        g_assert_nonnull (result);
        g_assert_cmpuint (result->messages, ==, 1);
        g_assert_cmpfloat (pairs->values[cases[i].src * n + cases[i].dst], ==,
                           result->latency[latencies[l]]);
      }
}

/* Uniform traffic on a k x k mesh, no wait at the ejection channel, total latency: 001's
 * Section 3 exactly (docs/models/general.md), y first there and x first here. */
static void
test_greenberg_mesh (void)
{
  static const char * const ks[] = { "4", "8" };

  for (guint i = 0; i < G_N_ELEMENTS (ks); i++)
    {
      g_autofree char *spec = g_strdup_printf ("mesh:%sx%s", ks[i], ks[i]);
      g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(FlitlabModel) paper = NULL;
      g_autoptr(FlitlabModel) model = general ("topology", spec, "flits", "20", "latency",
                                               "total", "ejection", "free", "blocking",
                                               "greenberg", NULL);
      g_autoptr(FlitlabModel) queued = general ("topology", spec, "flits", "20", "latency",
                                                "total", "blocking", "greenberg", NULL);
      double sat;

      g_hash_table_insert (params, "k", (gpointer) ks[i]);
      g_hash_table_insert (params, "flits", "20");
      paper = flitlab_model_new ("greenberg-mesh", params, NULL);
      sat = flitlab_model_get_saturation_rate (paper);
      g_assert_cmpfloat_with_epsilon (flitlab_model_get_saturation_rate (model) / sat, 1, 1e-6);
      for (guint j = 0; j < 10; j++)
        {
          double rate = sat * j / 10, expected = latency (paper, rate);

          g_assert_cmpfloat_with_epsilon (latency (model, rate) / expected, 1, 1e-9);
          /* The ejection channel's own wait, which 001 leaves out, adds up to half of
           * saturation 2.8% on 8 x 8 and 10.6% on 4 x 4 (where the ejection channel is a
           * larger share of a message's path). */
          if (j <= 5)
            g_assert_cmpfloat (latency (queued, rate), <, (i == 0 ? 1.11 : 1.03) * expected);
          /* (Its saturation comes first: 0.858 of 001's on 4 x 4, 0.947 on 8 x 8.) */
          if (j <= 8)
            g_assert_cmpfloat (latency (queued, rate), >=, expected * (1 - 1e-12));
        }
    }
}

/* The uni-directional torus: Appendix A (after Draper and Ghosh) is another model. The same
 * zero load (its k^2/(k+1) is the exact mean distance), then this one a little below it:
 * within 4% up to half of its saturation, 10% up to 90%, saturation within 3% (measured on
 * 8 x 8: -3.4%, -9.0%, +2.1%; docs/models/general.md). */
static void
test_greenberg_torus (void)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(FlitlabModel) paper = NULL;
  g_autoptr(FlitlabModel) model = general ("topology", "torus:8x8:uni", "flits", "20",
                                           "latency", "total", "ejection", "free", "blocking",
                                           "greenberg", NULL);
  double sat;

  g_hash_table_insert (params, "k", "8");
  g_hash_table_insert (params, "flits", "20");
  paper = flitlab_model_new ("greenberg-torus", params, NULL);
  sat = flitlab_model_get_saturation_rate (paper);
  g_assert_cmpfloat_with_epsilon (latency (paper, 0) / latency (model, 0), 1, 1e-12);
  g_assert_cmpfloat (fabs (flitlab_model_get_saturation_rate (model) / sat - 1), <, 0.03);
  for (guint j = 1; j <= 9; j++)
    {
      double rate = sat * j / 10;

      g_assert_cmpfloat (fabs (latency (model, rate) / latency (paper, rate) - 1), <,
                         j <= 5 ? 0.04 : 0.10);
    }
}

/* Every message's hops are counted once: the channels' flows add up to the load times the
 * mean hops times the nodes that send, and each is the router's channel load. */
static void
test_flows (void)
{
  static const struct { const char *spec, *traffic; } cases[] = {
    { "torus:8x8:bi", "uniform" }, { "torus:4x4x4:bi", "bit-complement" },
    { "hypercube:6", "bit-reversal" }, { "mesh:8x8", "hotspot" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(FlitlabTopologyMetrics) metrics = metrics_of (cases[i].spec, cases[i].traffic);
      g_autoptr(FlitlabModel) model = general ("topology", cases[i].spec, "traffic",
                                               cases[i].traffic, NULL);
      double rate = 0.5 * flitlab_model_get_saturation_rate (model), sum = 0, senders = 0;
      g_autoptr(FlitlabModelPoint) point = flitlab_model_evaluate_detail (model, rate);
      const FlitlabTopology *topology = flitlab_model_get_topology (model);
      guint n_network = flitlab_topology_get_n_network_channels (topology);

      g_assert_false (point->saturated);
      for (guint c = 0; c < n_network; c++)
        {
          sum += point->channel_flow[c];
          g_assert_cmpfloat_with_epsilon (point->channel_flow[c], rate * metrics->channel_load[c],
                                          1e-12);
          g_assert_cmpfloat (point->channel_utilization[c], <, 1);
        }
      for (guint n = 0; n < flitlab_topology_get_n_nodes (topology); n++)
        senders += point->channel_flow[flitlab_topology_get_injection_channel (topology, n)] > 0;
      g_assert_cmpfloat_with_epsilon (sum / (rate * metrics->mean_route_hops * senders), 1, 1e-9);
    }
}

/* More traffic to one node saturates it sooner. */
static void
test_hotspot_saturation (void)
{
  static const char * const fractions[] = { "0", "0.05", "0.1", "0.2", "0.4" };
  double last = INFINITY;

  for (guint i = 0; i < G_N_ELEMENTS (fractions); i++)
    {
      g_autoptr(FlitlabModel) model = general ("topology", "mesh:8x8", "traffic", "hotspot",
                                               "hotspot", fractions[i], "hotspot-node", "27",
                                               NULL);
      double sat = flitlab_model_get_saturation_rate (model);

      g_assert_cmpfloat (sat, <, last);
      last = sat;
    }
}

/* Latency grows with the load up to saturation, and beyond it the load is saturated. */
static void
test_monotone (void)
{
  g_autoptr(FlitlabModel) model = general ("topology", "torus:8x8:bi", "traffic",
                                           "transpose", "length", "exp", NULL);
  double sat = flitlab_model_get_saturation_rate (model), last = 0;

  for (guint j = 0; j < 50; j++)
    {
      double t = latency (model, sat * j / 50);

      g_assert_cmpfloat (t, >, last);
      last = t;
    }
  g_assert_true (isnan (latency (model, sat * 1.01)));
}

static void
test_bad_parameters (void)
{
  static const char * const bad[][2] = {
    { "topology", "necklace:6,5" }, { "topology", "torus:1x4" }, { "latency", "wall" },
    { "length", "uniform" }, { "traffic", "everywhere" }, { "traffic", "matrix" },
    { "ties", "left" }, { "ejection", "never" }, { "blocking", "none" }, { "flits", "0" },
    { "hotspot", "2" },
    { "matrix", "0,1\n1,0\n" }, { "matrix", "oops" }, { "traffic", "bit-reversal" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabModel) model = NULL;

      g_hash_table_insert (params, (gpointer) bad[i][0], (gpointer) bad[i][1]);
      /* bit-reversal needs 2^m nodes: a 6 x 6 mesh has 36. */
      if (i == G_N_ELEMENTS (bad) - 1)
        g_hash_table_insert (params, "topology", "mesh:6x6");
      model = flitlab_model_new ("general-wormhole", params, &error);
      if (model != NULL)
        g_error ("%s=%s accepted", bad[i][0], bad[i][1]);
      g_assert_nonnull (error);
      g_assert_null (strchr (error->message, '\n'));
      g_assert_cmpuint (strlen (error->message), >, 10);
    }
}

/* A matrix's text gives what its pattern gives. */
static void
test_matrix_text (void)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("torus:4x4:bi", NULL);
  g_autoptr(FlitlabTraffic) traffic =
    flitlab_traffic_new (topology, FLITLAB_TRAFFIC_TRANSPOSE, 0.1, 0, NULL);
  g_autoptr(FlitlabTrafficMatrix) matrix = flitlab_traffic_to_matrix (traffic, NULL);
  g_autofree char *csv = flitlab_traffic_matrix_to_csv (matrix, TRUE, NULL);
  g_autoptr(FlitlabModel) by_text = general ("topology", "torus:4x4:bi", "matrix", csv, NULL);
  g_autoptr(FlitlabModel) by_name = general ("topology", "torus:4x4:bi", "traffic", "transpose",
                                             NULL);
  double sat = flitlab_model_get_saturation_rate (by_name);

  g_assert_cmpfloat (flitlab_model_get_saturation_rate (by_text), ==, sat);
  g_assert_cmpfloat (latency (by_text, 0.6 * sat), ==, latency (by_name, 0.6 * sat));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/model/general/zero-load", test_zero_load);
  g_test_add_func ("/flitlab/model/general/zero-load-simulated", test_zero_load_simulated);
  g_test_add_func ("/flitlab/model/general/file-network", test_file_network);
  g_test_add_func ("/flitlab/model/general/greenberg-mesh", test_greenberg_mesh);
  g_test_add_func ("/flitlab/model/general/greenberg-torus", test_greenberg_torus);
  g_test_add_func ("/flitlab/model/general/flows", test_flows);
  g_test_add_func ("/flitlab/model/general/hotspot-saturation", test_hotspot_saturation);
  g_test_add_func ("/flitlab/model/general/monotone", test_monotone);
  g_test_add_func ("/flitlab/model/general/bad-parameters", test_bad_parameters);
  g_test_add_func ("/flitlab/model/general/matrix-text", test_matrix_text);
  return g_test_run ();
}
