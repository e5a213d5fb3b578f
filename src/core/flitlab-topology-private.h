/* flitlab-topology-private.h: the topology's record, for the core units that walk it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flitlab-topology.c builds it; flitlab-routing.c routes along necklaces with it. Nothing
 * outside src/core includes this.
 */

#pragma once

#include "flitlab-topology.h"

G_BEGIN_DECLS

struct _FlitlabTopology
{
  gatomicrefcount       ref_count;
  FlitlabTopologyFamily family;
  gboolean              bidirectional;
  gboolean              irregular;        /* necklace built from a size vector */
  guint                 n_dims;           /* torus/mesh dims; hypercube/necklace n */
  guint                 radices[FLITLAB_TOPOLOGY_MAX_DIMS];
  guint                 n_nodes;
  guint                 n_network;
  FlitlabChannel       *channels;         /* n_network + 2 n_nodes */
  guint                *out_offsets;      /* n_nodes + 1 */
  guint                *out_ids;          /* n_network */

  /* Necklace only. */
  guint                 n_edges;
  guint                *sizes;            /* k_e per edge */
  guint                *first;            /* first node id of each edge's necklace */
  guint                *edge_base;        /* smaller base vertex of each edge */
  guint                *edge_dim;
  guint                *node_edge;        /* per node: its edge, G_MAXUINT for a base vertex */
  guint                *edge_of;          /* base vertex * n + dim -> its edge */

  /* File network only (flitlab-topology-file.c). */
  char                 *origin;           /* PATH of its spec file:PATH, or NULL */
  guint                 n_links;
  guint                *links;            /* 2 per link, smaller node first, in order */
  guint                *adjacency;        /* while building: neighbours, node by node */
  guint                *adjacency_offsets;

  /* Mean distance and diameter, computed once (necklaces need all pairs). */
  GMutex                lock;
  gboolean              have_stats;
  double                mean_distance;
  guint                 diameter;

  /* File network only, computed with the stats (flitlab_topology_file_tables()): per ordered
   * pair (node n_nodes + dst) its distance and the place among node's out-channels of the next
   * hop of each routing; the breadth-first level of each node from node 0, the root of
   * updown routing; the bisection width and how it was found. */
  guint16              *dist;
  guint8               *next_shortest;
  guint8               *next_updown[2];   /* [0] before any down hop, [1] after one */
  guint                *level;
  guint                 bisection;
  FlitlabBisectionMethod bisection_method;
};

/* No next hop in a file network's tables (node == dst). */
#define FLITLAB_TOPOLOGY_NO_HOP 0xff

FlitlabTopology *flitlab_topology_alloc (FlitlabTopologyFamily family);
/* The channels of self's nodes (add_node_channels() in flitlab-topology.c). */
void flitlab_topology_build_channels (FlitlabTopology *self);
/* Computes the mean distance and diameter (and a file network's tables) once. */
void flitlab_topology_ensure_stats (const FlitlabTopology *self);
/* Under the lock of flitlab_topology_ensure_stats(): a file network's tables and stats. */
void flitlab_topology_file_compute (FlitlabTopology *self);
/* Whether the hop from node to its out-channel's far end goes up (towards node 0 of the
 * breadth-first tree: a lower level, or the same level and a lower id). */
gboolean flitlab_topology_file_is_up (const FlitlabTopology *self,
                                      guint                  channel);

/* A necklace node's two ways into the base hypercube: the base vertex at each end of its
 * necklace and the hops to it (a base vertex: itself twice, at no cost). */
void flitlab_topology_necklace_exits (const FlitlabTopology *self,
                                      guint                  node,
                                      guint                  base[2],
                                      guint                  cost[2]);

G_END_DECLS
