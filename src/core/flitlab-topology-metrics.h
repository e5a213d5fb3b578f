/* flitlab-topology-metrics.h: the figures a course teaches about a network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Counted over the network channels only (injection and ejection excluded), every channel
 * directed: a bi-directional link is two channels. The uniform load: every node injects one
 * flit per cycle, each to a destination chosen uniformly among the N - 1 other nodes, routed
 * the way the simulator's FLITLAB_ROUTING_DOR routes it (flitlab_router_route()): lowest
 * dimension first, and where a bi-directional torus of even radix puts the destination
 * exactly half way round, half of that flow each way (FLITLAB_TIES_BALANCED). A necklace
 * hypercube is loaded along 003's route (flitlab_router_route() of FLITLAB_ROUTING_NECKLACE),
 * the one its necklace routing escapes to; a network from a file along its up*-down* routes
 * (FLITLAB_ROUTING_UPDOWN). The channel bound: no node injects more than 1 / γmax
 * flits per cycle.
 */

#pragma once

#include <glib.h>

#include "flitlab-latency.h"
#include "flitlab-topology.h"
#include "flitlab-traffic-matrix.h"

G_BEGIN_DECLS

/* A necklace hypercube or a file network is routed pair by pair, N (N - 1) routes: up to this
 * many nodes. */
#define FLITLAB_TOPOLOGY_METRICS_MAX_ROUTED_NODES 2048
/* Another traffic than uniform is routed pair by pair: up to this many pairs that send. */
#define FLITLAB_TOPOLOGY_METRICS_MAX_ROUTED_PAIRS (1u << 22)

typedef struct
{
  guint    nodes;
  guint    channels;            /* directed network channels */
  guint    diameter;            /* the largest minimal hop count */
  double   mean_distance;       /* minimal hops, over ordered pairs of distinct nodes */
  /* Hops of the routes loaded, over the same pairs: mean_distance but on a necklace hypercube
   * with odd necklaces, whose routes may be longer (flitlab_topology_route_dor()). */
  double   mean_route_hops;
  /* Directed network channels that cross a minimal balanced bisection, both ways: twice
   * flitlab_topology_bisection_width(), which counts one way (every node has as many channels
   * in as out). A k-ary n-cube torus of even k: 4 k^(n-1) bi-directional, 2 k^(n-1)
   * uni-directional; a k-ary n-mesh of even k: 2 k^(n-1); a binary n-cube: 2^n. */
  guint    bisection_channels;
  /* γmax, the busiest channel's load in flits per cycle, exactly: numerator / denominator in
   * lowest terms (64/63 for torus:8x8:bi). */
  guint64  max_load_numerator;
  guint64  max_load_denominator;
  double   max_channel_load;    /* γmax as a number */
  double   ideal_throughput;    /* 1 / γmax, flits per cycle per node: the channel bound */
  guint    n_channel_load;      /* = channels */
  double  *channel_load;        /* per network channel id: its load, flits per cycle */
} FlitlabTopologyMetrics;

/* FLITLAB_TOPOLOGY_ERROR_TOO_LARGE for a necklace hypercube or file network of more than
 * FLITLAB_TOPOLOGY_METRICS_MAX_ROUTED_NODES nodes. Tori, meshes and hypercubes of any size:
 * DOR makes a route's hops in dimension d a walk along one line of that dimension, from the
 * source's coordinate to the destination's, and every line of a dimension carries the same
 * flow, so one line per dimension is routed (all ordered pairs of its nodes) and its loads
 * times N / k_d are those of every parallel line; test-topology-metrics.c checks this against
 * routing all N (N - 1) pairs. */
FlitlabTopologyMetrics *flitlab_topology_metrics_new  (const FlitlabTopology        *topology,
                                                       GError                      **error);
void                    flitlab_topology_metrics_free (FlitlabTopologyMetrics       *metrics);
/* The loads of traffic (a study's matrix, or a pattern's, flitlab_traffic_to_matrix()) in
 * place of the uniform load: each node that sends injects one flit per cycle on average, as
 * the simulator's load is the mean over the nodes that send, split over its row's
 * destinations by their weights, along the same routes as the uniform load. channel_load,
 * the busiest load (max_load_denominator 1: a weight need not be a ratio of small integers),
 * the ideal throughput (flits per cycle per sending node) and mean_route_hops (per flit) become
 * the traffic's. FALSE, and the metrics unchanged, with FLITLAB_TOPOLOGY_ERROR_TOO_LARGE for
 * more than FLITLAB_TOPOLOGY_METRICS_MAX_ROUTED_PAIRS pairs that send, or the matrix's error
 * when it has another number of nodes. */
gboolean flitlab_topology_metrics_load_traffic (FlitlabTopologyMetrics     *metrics,
                                                const FlitlabTopology      *topology,
                                                const FlitlabTrafficMatrix *traffic,
                                                GError                    **error);

/* The zero-load latency of a message of flits flits to a uniformly chosen other node, counted
 * as latency counts (flitlab-latency.h): a lone message that crosses D links takes D + L + 1
 * cycles in total and network latency, D + L - 1 in transit and source-transit latency, so
 * mean_route_hops + flits +/- 1. */
double flitlab_topology_metrics_zero_load_latency (const FlitlabTopologyMetrics *metrics,
                                                   double                        flits,
                                                   FlitlabLatency                latency);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabTopologyMetrics, flitlab_topology_metrics_free)

G_END_DECLS
