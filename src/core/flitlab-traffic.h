/* flitlab-traffic.h: destination patterns for the simulators
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "flitlab-rng.h"
#include "flitlab-topology.h"

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
void            flitlab_traffic_free               (FlitlabTraffic        *self);
/* The destination of a new message from src, or G_MAXUINT when a permutation maps src onto
 * itself: such a node generates no traffic. */
guint           flitlab_traffic_destination        (const FlitlabTraffic  *self,
                                                    guint                  src,
                                                    FlitlabRng            *rng);
/* The share of nodes that generate traffic (1 for uniform and hotspot). */
double          flitlab_traffic_active_fraction    (const FlitlabTraffic  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabTraffic, flitlab_traffic_free)

G_END_DECLS
