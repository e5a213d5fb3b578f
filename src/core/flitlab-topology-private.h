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

  /* Mean distance and diameter, computed once (necklaces need all pairs). */
  GMutex                lock;
  gboolean              have_stats;
  double                mean_distance;
  guint                 diameter;
};

/* A necklace node's two ways into the base hypercube: the base vertex at each end of its
 * necklace and the hops to it (a base vertex: itself twice, at no cost). */
void flitlab_topology_necklace_exits (const FlitlabTopology *self,
                                      guint                  node,
                                      guint                  base[2],
                                      guint                  cost[2]);

G_END_DECLS
