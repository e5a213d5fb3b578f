/* flitlab-routing-private.h: the router's state, for the simulator that asks it once per hop
 * (flitlab-sim-wormhole.c) to route dimension order inline
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "flitlab-routing.h"

G_BEGIN_DECLS

struct _FlitlabRouter
{
  FlitlabTopology      *topology;
  const FlitlabChannel *channels;   /* the topology's, by id */
  FlitlabRouting        routing;
  FlitlabTopologyFamily family;
  gboolean              torus;
  gboolean              bidirectional;
  guint                 n_dims;
  guint                 vcs;
  guint                 radix[FLITLAB_TOPOLOGY_MAX_DIMS];
  guint                *coords;     /* torus, mesh: n_nodes x n_dims */
  guint                *out_first;  /* per node: its first out-channel (they are consecutive) */
  guint8               *out_slot;   /* torus, mesh: (node x n_dims + dim) x 2 + (direction < 0)
                                       -> that channel's place among node's out-channels */
  /* Dimension order on a torus or mesh: per dimension d, from coordinate a towards b, at
   * dor_way[dor_offset[d] + a k + b], which way (DOR_PLUS, DOR_MINUS, or DOR_TIE: the tie bit
   * decides), and the dateline class of the hop each way (bits DOR_CLASS_SHIFT + way);
   * the escape VCs of class c are [dor_lo[c], dor_hi[c]). NULL otherwise. */
  guint8               *dor_way;
  gsize                 dor_offset[FLITLAB_TOPOLOGY_MAX_DIMS];
  guint16               dor_lo[2];
  guint16               dor_hi[2];
  /* A file network: the topology's next-hop tables (node n_nodes + dst -> the place among
   * node's out-channels), before a down hop and after one (the same for shortest paths). */
  const guint8         *table;
  const guint8         *table_down;
};

enum { DOR_PLUS = 0, DOR_MINUS = 1, DOR_TIE = 2, DOR_WAY = 3, DOR_CLASS_SHIFT = 2 };

/* flitlab_router_hops() for dimension order on a torus or mesh, from the tables. */
static inline void
flitlab_router_dor_hops (const FlitlabRouter *self,
                         guint                node,
                         guint                dst,
                         guint32              ties,
                         FlitlabHops         *hops)
{
  const guint *a = self->coords + (gsize) node * self->n_dims;
  const guint *b = self->coords + (gsize) dst * self->n_dims;
  guint d = 0, e, way, cls;

  while (a[d] == b[d])
    d++;
  e = self->dor_way[self->dor_offset[d] + (gsize) a[d] * self->radix[d] + b[d]];
  way = e & DOR_WAY;
  if (way == DOR_TIE)
    way = (ties >> d) & 1 ? DOR_MINUS : DOR_PLUS;
  cls = (e >> (DOR_CLASS_SHIFT + way)) & 1;
  hops->first_out = self->out_first[node];
  hops->escape = hops->first_out + self->out_slot[((gsize) node * self->n_dims + d) * 2 + way];
  hops->escape_lo = self->dor_lo[cls];
  hops->escape_hi = self->dor_hi[cls];
  hops->adaptive = 0;
  hops->adaptive_lo = self->torus ? 2 : 1;
}

/* flitlab_router_hops(), with dimension order on a torus or mesh inline. */
static inline void
flitlab_router_hops_inline (const FlitlabRouter *self,
                            guint                node,
                            guint                dst,
                            guint32              ties,
                            gboolean             passed_base,
                            FlitlabHops         *hops)
{
  if (G_LIKELY (self->dor_way != NULL))
    flitlab_router_dor_hops (self, node, dst, ties, hops);
  else
    flitlab_router_hops (self, node, dst, ties, passed_base, hops);
}

G_END_DECLS
