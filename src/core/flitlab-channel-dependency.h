/* flitlab-channel-dependency.h: a routing's channel dependency graph (Dally and Seitz)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A vertex is a class of virtual channels of one network channel; an edge from a to b says
 * that some message, routed as the simulator routes it (flitlab-sim-wormhole.c), may hold a
 * and ask for b next. A routing is free of deadlock when its graph has no cycle. With
 * FLITLAB_ROUTING_DOR on a torus and two virtual channels or more, every channel has two dateline
 * classes (0 before the wrap-around link, 1 on it and after: flitlab_sim_dateline_class()),
 * which breaks each ring's cycle; with one virtual channel, or on a mesh or hypercube, one
 * class. FLITLAB_ROUTING_ADAPTIVE is given the graph of its escape channels, the dimension-
 * ordered ones, which Duato's condition requires to be acyclic. Routes are taken from
 * flitlab_sim_minimal_hops(), each way where a half-way tie lets a balanced message go either
 * way; the graph is the same as routing every ordered pair of distinct nodes (the .c says why
 * fewer suffice): about N (n k)^2 / 2 routes of two hops, so a window builds the graph of a
 * large network off its main loop. A network from a file is given the graph of the routing
 * asked for, updown (acyclic: no down hop is ever followed by an up hop) or shortest (often
 * cyclic), one class per channel, every route walked whole.
 */

#pragma once

#include <glib.h>

#include "flitlab-sim.h"
#include "flitlab-topology.h"

G_BEGIN_DECLS

/* Every pair is routed: networks of up to this many nodes (those one can draw). */
#define FLITLAB_CHANNEL_DEPENDENCY_MAX_NODES 4096

typedef struct
{
  guint channel;   /* a network channel id of the topology */
  guint vc_class;  /* 0, or 1 for the dateline class after the wrap-around link */
} FlitlabDependencyVertex;

typedef struct _FlitlabChannelDependency FlitlabChannelDependency;

/* Errors: FLITLAB_SIM_ERROR_INVALID for necklace routing or a necklace hypercube (not
 * dimension-ordered), or a file network without its updown or shortest routing (and those
 * routings elsewhere), FLITLAB_TOPOLOGY_ERROR_TOO_LARGE above
 * FLITLAB_CHANNEL_DEPENDENCY_MAX_NODES nodes. vcs: virtual channels per channel, 0 for the
 * routing's default (flitlab_sim_config_check()): two on a torus, so with the dateline. */
FlitlabChannelDependency *
          flitlab_channel_dependency_new           (const FlitlabTopology          *topology,
                                                    FlitlabRouting                  routing,
                                                    guint                           vcs,
                                                    GError                        **error);
void      flitlab_channel_dependency_free          (FlitlabChannelDependency       *self);

/* 2 with dateline classes, else 1. */
guint     flitlab_channel_dependency_get_n_classes (const FlitlabChannelDependency *self);
/* The edges, sorted by (from channel, from class, to channel, to class). */
guint     flitlab_channel_dependency_get_n_edges   (const FlitlabChannelDependency *self);
void      flitlab_channel_dependency_get_edge      (const FlitlabChannelDependency *self,
                                                    guint                           index,
                                                    FlitlabDependencyVertex        *from,
                                                    FlitlabDependencyVertex        *to);
gboolean  flitlab_channel_dependency_has_cycle     (const FlitlabChannelDependency *self);
/* One cycle, or NULL (and *n_vertices 0) when the graph has none: each vertex depends on the
 * next (an edge from it to the next), the last on the first. Owned by self. */
const FlitlabDependencyVertex *
          flitlab_channel_dependency_get_cycle     (const FlitlabChannelDependency *self,
                                                    guint                          *n_vertices);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabChannelDependency, flitlab_channel_dependency_free)

G_END_DECLS
