/* flitlab-routing.h: how messages find their way: the routings and the router that answers
 * for them
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
  FLITLAB_ROUTING_UPDOWN,    /* a file network: up*-then-down* routes over a breadth-first
                                tree (Autonet), deadlock-free on one VC */
  FLITLAB_ROUTING_SHORTEST,  /* a file network: shortest-path tables, deadlock-prone */
} FlitlabRouting;

#define FLITLAB_ROUTING_N (FLITLAB_ROUTING_SHORTEST + 1)

/* "dor", "adaptive", "necklace", "backtrack", "updown", "shortest": the names of project files
 * and of --routing, indexed by value, NULL-terminated. */
const char * const *flitlab_routing_names       (void);
const char         *flitlab_routing_to_string   (FlitlabRouting         routing);
gboolean            flitlab_routing_from_string (const char            *text,
                                                 FlitlabRouting        *routing);
/* Whether a network of the family is simulated (and modelled) with the routing: necklace
 * routing needs a necklace and is all a necklace has, backtracking runs on hypercubes,
 * dimension-ordered and adaptive routing on tori, meshes and hypercubes, and up*-down* and
 * shortest-path routing on file networks, which have no other. */
gboolean            flitlab_routing_fits        (FlitlabRouting         routing,
                                                 FlitlabTopologyFamily  family);
/* The fewest virtual channels per channel with which the routing is free of deadlock on a
 * network of the family: dimension order 2 on a torus (its two dateline classes), else 1;
 * adaptive routing one more, for its adaptive VCs; necklace routing 3 (classes A and B and
 * one adaptive VC); up*-down* 1. Shortest-path routing: 1, but no count makes it safe (every
 * VC serves every hop): the simulator runs it in the deadlock lab only
 * (flitlab_routing_is_deadlock_prone()). */
guint               flitlab_routing_deadlock_free_vcs (FlitlabRouting        routing,
                                                       FlitlabTopologyFamily family);
/* Whether the routing may deadlock however many VCs it has: shortest-path routing. */
gboolean            flitlab_routing_is_deadlock_prone (FlitlabRouting      routing);
/* The family's deterministic routing: necklace routing on a necklace, up*-down* on a file
 * network, dimension order on the others (whose flitlab_router_route() is the route the
 * textbooks draw). */
FlitlabRouting      flitlab_routing_deterministic (FlitlabTopologyFamily family);

/* ---- the router ------------------------------------------------------------------------ */

/* Answers, for one routing on one network, which channels a header may take next: the
 * simulator allocates from its answer, and the channel dependency graph, the route drawing
 * and the models' channel loads follow the same answer. Built once per network (it keeps
 * per-node tables); read-only after, so threads may share it. */
typedef struct _FlitlabRouter FlitlabRouter;

/* Where a header at a node bound for another may go next, in the order it tries them: the
 * adaptive hops, node's out-channels first_out + i for each bit i of adaptive from the lowest,
 * on their VCs [adaptive_lo, V); then the escape hop, the one the deterministic route takes,
 * on its VCs [escape_lo, escape_hi). Dimension-ordered routing has no adaptive hops. */
typedef struct
{
  guint   escape;
  guint16 escape_lo;
  guint16 escape_hi;
  guint   first_out;
  guint32 adaptive;
  guint16 adaptive_lo;
} FlitlabHops;

/* routing is not FLITLAB_ROUTING_BACKTRACK and fits the topology's family
 * (flitlab_routing_fits()); vcs is the virtual channels per channel the VC ranges divide (the
 * simulator's; any count from 1 for callers that use channels only). */
FlitlabRouter *flitlab_router_new      (const FlitlabTopology *topology,
                                        FlitlabRouting         routing,
                                        guint                  vcs);
void           flitlab_router_free     (FlitlabRouter         *self);

/* The hops of a header at node bound for dst (node != dst). ties: the message's tie bits (bit
 * d set: the - way in dimension d when dst is half way round a ring; FLITLAB_TIES_POSITIVE is
 * 0). passed_base: the header's phase, set once flitlab_router_ends_phase() said so of a
 * channel it took: necklace routing, whether the worm has been at a base vertex; up*-down*,
 * whether it has taken a down hop. The table routings have no adaptive hops and use every VC
 * as an escape VC (a file network has no dateline classes). */
void           flitlab_router_hops     (const FlitlabRouter   *self,
                                        guint                  node,
                                        guint                  dst,
                                        guint32                ties,
                                        gboolean               passed_base,
                                        FlitlabHops           *hops);
/* Whether the header's phase (passed_base) is over once it has taken channel. */
gboolean       flitlab_router_ends_phase (const FlitlabRouter *self,
                                          guint                channel);
/* The minimal next hops out of node towards dst, in id order (lowest dimension first):
 * flitlab_topology_minimal_next_hops() less the direction the tie bits rule out in a dimension
 * where both ways round a ring are minimal. next[0] is the dimension-ordered hop on a torus,
 * mesh or hypercube; on a file network every neighbour one hop nearer. Returns the count (0
 * when node == dst); next has room for 2 n + 2 (a file network:
 * FLITLAB_TOPOLOGY_FILE_MAX_DEGREE). */
guint          flitlab_router_minimal_hops (const FlitlabRouter *self,
                                            guint                node,
                                            guint                dst,
                                            guint32              ties,
                                            guint               *next);
/* The deterministic route from src to dst, escape hop after escape hop: dimension order
 * (lowest dimension first; XY; e-cube) with the tie bits on tori, meshes and hypercubes; on a
 * necklace 003's route, the shortest way to the nearest base vertex, e-cube across the base
 * hypercube, then along the destination necklace. Appends network channel ids to route and
 * returns the hop count. */
guint          flitlab_router_route    (const FlitlabRouter   *self,
                                        guint                  src,
                                        guint                  dst,
                                        guint32                ties,
                                        GArray                *route);
/* Every network channel some message from src to dst may take: any adaptive choice, and
 * either way round where dst is half way round a ring when every_tie. Appends them to
 * channels, each once; returns how many. */
guint          flitlab_router_paths    (const FlitlabRouter   *self,
                                        guint                  src,
                                        guint                  dst,
                                        gboolean               every_tie,
                                        GArray                *channels);
/* The dateline class of a hop along torus channel towards dst (0 while the rest of the path
 * in that dimension still crosses the wrap-around link, 1 on the wrap-around link and after
 * it); 0 on other networks. */
guint          flitlab_router_dateline_class (const FlitlabRouter *self,
                                              guint                channel,
                                              guint                dst);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabRouter, flitlab_router_free)

G_END_DECLS
