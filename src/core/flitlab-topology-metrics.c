/* flitlab-topology-metrics.c: the figures a course teaches about a network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Loads are counted exactly as integers in half-flits per cycle times N - 1 (the half for the
 * flow split at a half-way tie), and divided once at the end.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "flitlab-routing.h"
#include "flitlab-topology-metrics.h"

static guint64
gcd (guint64 a,
     guint64 b)
{
  while (b != 0)
    {
      guint64 t = a % b;

      a = b;
      b = t;
    }
  return a;
}

/* Adds weight to count[] on every hop of the router's deterministic route from src to dst
 * with the given tie bits (scratch: an array of guint to use). */
static void
route (const FlitlabRouter *router,
       guint                src,
       guint                dst,
       guint32              ties,
       guint64              weight,
       GArray              *scratch,
       guint64             *count)
{
  g_array_set_size (scratch, 0);
  flitlab_router_route (router, src, dst, ties, scratch);
  for (guint i = 0; i < scratch->len; i++)
    count[g_array_index (scratch, guint, i)] += weight;
}

/* Torus, mesh, hypercube: every ordered pair of one line per dimension, the line through node
 * 0, in half-flits; then each channel takes the count of its parallel on that line times
 * N / k_d. A pair whose two tie choices give different routes puts one half-flit on each. */
static void
load_by_lines (const FlitlabTopology *topology,
               const FlitlabRouter   *router,
               guint64               *count)
{
  g_autoptr(GArray) scratch = g_array_new (FALSE, FALSE, sizeof (guint));
  guint n_dims = flitlab_topology_get_n_dims (topology);
  guint n_nodes = flitlab_topology_get_n_nodes (topology);
  guint n_network = flitlab_topology_get_n_network_channels (topology);
  g_autofree guint64 *line = g_new0 (guint64, n_network);
  guint coords[FLITLAB_TOPOLOGY_MAX_DIMS] = { 0 };

  for (guint d = 0; d < n_dims; d++)
    {
      guint k = flitlab_topology_get_radix (topology, d);

      for (guint a = 0; a < k; a++)
        for (guint b = 0; b < k; b++)
          {
            guint src, dst;

            if (a == b)
              continue;
            coords[d] = a;
            src = flitlab_topology_node_from_coords (topology, coords);
            coords[d] = b;
            dst = flitlab_topology_node_from_coords (topology, coords);
            coords[d] = 0;
            /* Only bit d matters on this line: + (0) and - (all set) are the two choices. */
            route (router, src, dst, 0, 1, scratch, line);
            route (router, src, dst, G_MAXUINT32, 1, scratch, line);
          }
    }

  for (guint c = 0; c < n_network; c++)
    {
      const FlitlabChannel *channel = flitlab_topology_get_channel (topology, c);
      guint at[FLITLAB_TOPOLOGY_MAX_DIMS] = { 0 }, here[FLITLAB_TOPOLOGY_MAX_DIMS];
      guint parallel;

      flitlab_topology_get_coords (topology, channel->src, here);
      at[channel->dim] = here[channel->dim];
      parallel = flitlab_topology_find_channel (topology,
                                                flitlab_topology_node_from_coords (topology, at),
                                                channel->dim, channel->direction);
      g_assert (parallel != G_MAXUINT);
      count[c] = line[parallel] * (n_nodes / flitlab_topology_get_radix (topology, channel->dim));
    }
}

/* A necklace hypercube or a file network: every ordered pair along its route, in half-flits. */
static void
load_by_pairs (const FlitlabTopology *topology,
               const FlitlabRouter   *router,
               guint64               *count)
{
  guint n_nodes = flitlab_topology_get_n_nodes (topology);
  g_autoptr(GArray) scratch = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint s = 0; s < n_nodes; s++)
    for (guint t = 0; t < n_nodes; t++)
      if (s != t)
        route (router, s, t, 0, 2, scratch, count);
}

FlitlabTopologyMetrics *
flitlab_topology_metrics_new (const FlitlabTopology  *topology,
                              GError                **error)
{
  g_autoptr(FlitlabTopologyMetrics) metrics = NULL;
  g_autofree guint64 *count = NULL;
  g_autoptr(FlitlabRouter) router = NULL;
  FlitlabTopologyFamily family;
  guint64 busiest = 0, total = 0, denominator, divisor;

  g_return_val_if_fail (topology != NULL, NULL);

  family = flitlab_topology_get_family (topology);
  metrics = g_new0 (FlitlabTopologyMetrics, 1);
  metrics->nodes = flitlab_topology_get_n_nodes (topology);
  metrics->channels = flitlab_topology_get_n_network_channels (topology);
  metrics->diameter = flitlab_topology_diameter (topology);
  metrics->mean_distance = flitlab_topology_mean_distance (topology);
  /* Every node has as many channels in as out, so a cut is crossed as often each way. */
  metrics->bisection_channels = 2 * flitlab_topology_bisection_width (topology);

  if ((family == FLITLAB_TOPOLOGY_NECKLACE || family == FLITLAB_TOPOLOGY_FILE) &&
      metrics->nodes > FLITLAB_TOPOLOGY_METRICS_MAX_ROUTED_NODES)
    {
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_TOO_LARGE,
                   family == FLITLAB_TOPOLOGY_FILE
                   ? _("The channel loads of a network from a file are routed pair by pair: at "
                       "most %u nodes, not %u")
                   : _("The channel loads of a necklace hypercube are routed pair by pair: at most "
                       "%u nodes, not %u"),
                   FLITLAB_TOPOLOGY_METRICS_MAX_ROUTED_NODES, metrics->nodes);
      return NULL;
    }

  count = g_new0 (guint64, metrics->channels);
  router = flitlab_router_new (topology, flitlab_routing_deterministic (family), 1);
  if (family == FLITLAB_TOPOLOGY_NECKLACE || family == FLITLAB_TOPOLOGY_FILE)
    load_by_pairs (topology, router, count);
  else
    load_by_lines (topology, router, count);

  /* count[c] / (2 (N - 1)) flits per cycle. */
  denominator = 2 * (guint64) (metrics->nodes - 1);
  metrics->n_channel_load = metrics->channels;
  metrics->channel_load = g_new (double, metrics->channels);
  for (guint c = 0; c < metrics->channels; c++)
    {
      metrics->channel_load[c] = (double) count[c] / (double) denominator;
      busiest = MAX (busiest, count[c]);
      total += count[c];
    }
  /* Every channel's load summed is the hops of all N nodes' flits: N times the mean. */
  metrics->mean_route_hops = (double) total / (double) denominator / metrics->nodes;
  divisor = gcd (busiest, denominator);
  metrics->max_load_numerator = busiest / divisor;
  metrics->max_load_denominator = denominator / divisor;
  metrics->max_channel_load = (double) metrics->max_load_numerator /
                              (double) metrics->max_load_denominator;
  metrics->ideal_throughput = (double) metrics->max_load_denominator /
                              (double) metrics->max_load_numerator;
  return g_steal_pointer (&metrics);
}

gboolean
flitlab_topology_metrics_load_traffic (FlitlabTopologyMetrics     *metrics,
                                       const FlitlabTopology      *topology,
                                       const FlitlabTrafficMatrix *traffic,
                                       GError                    **error)
{
  g_autoptr(FlitlabRouter) router = NULL;
  g_autoptr(GArray) scratch = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree double *load = NULL;
  double total = 0, hops = 0, busiest = 0;
  FlitlabTopologyFamily family;
  guint n_sources;

  g_return_val_if_fail (metrics != NULL && topology != NULL && traffic != NULL, FALSE);

  if (!flitlab_traffic_matrix_check_size (traffic, metrics->nodes, error))
    return FALSE;
  if (flitlab_traffic_matrix_get_n_nonzeros (traffic) > FLITLAB_TOPOLOGY_METRICS_MAX_ROUTED_PAIRS)
    {
      /* A gsize's format is no gettext's: the count goes in as text. */
      g_autofree char *pairs =
        g_strdup_printf ("%" G_GSIZE_FORMAT, flitlab_traffic_matrix_get_n_nonzeros (traffic));

      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_TOO_LARGE,
                   _("The channel loads of this traffic are routed pair by pair: at most %u "
                     "pairs that send, not %s"),
                   FLITLAB_TOPOLOGY_METRICS_MAX_ROUTED_PAIRS, pairs);
      return FALSE;
    }
  n_sources = flitlab_traffic_matrix_get_n_sources (traffic);
  for (guint s = 0; s < metrics->nodes; s++)
    total += flitlab_traffic_matrix_row_sum (traffic, s);
  load = g_new0 (double, metrics->channels);
  family = flitlab_topology_get_family (topology);
  router = flitlab_router_new (topology, flitlab_routing_deterministic (family), 1);
  for (guint s = 0; s < metrics->nodes; s++)
    for (guint d = 0; d < metrics->nodes; d++)
      {
        /* Flits per cycle from s to d, half of it each way round at a half-way tie. */
        double flow = n_sources * flitlab_traffic_matrix_get (traffic, s, d) / total;

        for (guint32 ties = 0; flow > 0 && ties < 2; ties++)
          {
            g_array_set_size (scratch, 0);
            flitlab_router_route (router, s, d, ties ? G_MAXUINT32 : 0, scratch);
            for (guint i = 0; i < scratch->len; i++)
              load[g_array_index (scratch, guint, i)] += flow / 2;
            hops += flow / 2 * scratch->len;
          }
      }
  for (guint c = 0; c < metrics->channels; c++)
    busiest = MAX (busiest, load[c]);
  g_free (metrics->channel_load);
  metrics->channel_load = g_steal_pointer (&load);
  metrics->max_channel_load = busiest;
  metrics->max_load_numerator = 0;
  metrics->max_load_denominator = 1;
  metrics->ideal_throughput = busiest > 0 ? 1 / busiest : INFINITY;
  metrics->mean_route_hops = hops / n_sources;
  return TRUE;
}

void
flitlab_topology_metrics_free (FlitlabTopologyMetrics *metrics)
{
  if (metrics == NULL)
    return;
  g_free (metrics->channel_load);
  g_free (metrics);
}

double
flitlab_topology_metrics_zero_load_latency (const FlitlabTopologyMetrics *metrics,
                                            double                        flits,
                                            FlitlabLatency                latency)
{
  gboolean whole = latency == FLITLAB_LATENCY_TOTAL || latency == FLITLAB_LATENCY_NETWORK;

  g_return_val_if_fail (metrics != NULL, 0);
  return metrics->mean_route_hops + flits + (whole ? 1 : -1);
}
