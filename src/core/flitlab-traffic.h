/* flitlab-traffic.h: destination patterns for the simulators
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "flitlab-rng.h"
#include "flitlab-topology.h"
#include "flitlab-traffic-matrix.h"

G_BEGIN_DECLS

#define FLITLAB_TRAFFIC_ERROR (flitlab_traffic_error_quark ())

typedef enum
{
  FLITLAB_TRAFFIC_ERROR_INVALID, /* unknown pattern, or one the network cannot have */
} FlitlabTrafficError;

typedef enum
{
  FLITLAB_TRAFFIC_UNIFORM,       /* uniform over the other nodes */
  FLITLAB_TRAFFIC_TRANSPOSE,     /* swap the halves of the coordinates (2D: (x,y) -> (y,x)) */
  FLITLAB_TRAFFIC_BIT_COMPLEMENT,/* every coordinate c -> k-1-c (hypercube: every bit flipped) */
  FLITLAB_TRAFFIC_BIT_REVERSAL,  /* the address bits reversed (2^m nodes) */
  FLITLAB_TRAFFIC_TORNADO,       /* every coordinate c -> c + ceil(k/2) - 1 (mod k) */
  FLITLAB_TRAFFIC_NEIGHBOUR,     /* every coordinate c -> c + 1 (mod k); hypercube: bit 0 flipped */
  FLITLAB_TRAFFIC_HOTSPOT,       /* a fraction to one node, the rest uniform */
  FLITLAB_TRAFFIC_MATRIX,        /* a traffic matrix's weights (flitlab-traffic-matrix.h) */
  FLITLAB_TRAFFIC_TRACE,         /* a trace file's messages, replayed (flitlab-study-trace.h):
                                    a study's traffic, never generated */
} FlitlabTrafficPattern;

typedef struct _FlitlabTraffic FlitlabTraffic;

GQuark          flitlab_traffic_error_quark        (void);
/* "uniform", "transpose", ... in enum order, NULL-terminated. */
const char * const *flitlab_traffic_pattern_names  (void);
const char     *flitlab_traffic_pattern_to_string  (FlitlabTrafficPattern  pattern);
gboolean        flitlab_traffic_pattern_from_string (const char           *text,
                                                     FlitlabTrafficPattern *pattern);

FlitlabTraffic *flitlab_traffic_new                (const FlitlabTopology *topology,
                                                    FlitlabTrafficPattern  pattern,
                                                    double                 hotspot_fraction,
                                                    guint                  hotspot_node,
                                                    GError               **error);
/* The traffic of a matrix of the network's size (takes a reference to it). */
FlitlabTraffic *flitlab_traffic_new_matrix         (const FlitlabTopology *topology,
                                                    FlitlabTrafficMatrix  *matrix,
                                                    GError               **error);
void            flitlab_traffic_free               (FlitlabTraffic        *self);
/* The traffic as a matrix: a matrix's own, or a pattern's (row: the share of the source's
 * messages each destination gets; a permutation's fixed point a row of zeros). */
FlitlabTrafficMatrix *flitlab_traffic_to_matrix    (const FlitlabTraffic  *self,
                                                    GError               **error);
/* The source of the next message of the nodes' superposed arrivals: uniform over the nodes, or
 * a matrix's source by its row sums; G_MAXUINT when the arrival is no message (a matrix whose
 * rows of zeros stand for nodes that send nothing). */
guint           flitlab_traffic_source             (const FlitlabTraffic  *self,
                                                    FlitlabRng            *rng);
/* The destination of a new message from src, or G_MAXUINT when a permutation maps src onto
 * itself: such a node generates no traffic. */
guint           flitlab_traffic_destination        (const FlitlabTraffic  *self,
                                                    guint                  src,
                                                    FlitlabRng            *rng);
/* The share of nodes that generate traffic (1 for uniform and hotspot; a matrix's nodes whose
 * row is not zero). */
double          flitlab_traffic_active_fraction    (const FlitlabTraffic  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabTraffic, flitlab_traffic_free)

G_END_DECLS
