/* flitlab-routing.h: how messages find their way, one name per routing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The routings a study may name: the wormhole simulator's three (flitlab-sim.h) and the
 * backtracking network of Horng and Kleinrock (flitlab-sim-backtrack.h), which is a network
 * of its own rather than a wormhole routing, so the wormhole simulator refuses it.
 */

#pragma once

#include <glib.h>

#include "flitlab-topology.h"

G_BEGIN_DECLS

typedef enum
{
  FLITLAB_ROUTING_DOR,       /* dimension order; dateline virtual channels on tori */
  FLITLAB_ROUTING_ADAPTIVE,  /* minimal fully adaptive with Duato's escape channels */
  FLITLAB_ROUTING_NECKLACE,  /* 003 section 3: source necklace, base hypercube, destination
                                necklace */
  FLITLAB_ROUTING_BACKTRACK, /* Horng and Kleinrock's store-and-forward hypercube with
                                backtracking; no wormhole routing */
} FlitlabRouting;

#define FLITLAB_ROUTING_N (FLITLAB_ROUTING_BACKTRACK + 1)

/* "dor", "adaptive", "necklace", "backtrack": the names of project files and of --routing,
 * indexed by value, NULL-terminated. */
const char * const *flitlab_routing_names       (void);
const char         *flitlab_routing_to_string   (FlitlabRouting         routing);
gboolean            flitlab_routing_from_string (const char            *text,
                                                 FlitlabRouting        *routing);
/* Whether a network of the family is simulated (and modelled) with the routing: necklace
 * routing needs a necklace and is all a necklace has, backtracking runs on hypercubes, and
 * dimension-ordered and adaptive routing on tori, meshes and hypercubes. */
gboolean            flitlab_routing_fits        (FlitlabRouting         routing,
                                                 FlitlabTopologyFamily  family);

G_END_DECLS
