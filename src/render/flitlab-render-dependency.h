/* flitlab-render-dependency.h: a routing's channel dependency graph, drawn ring by ring
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The graph of flitlab-channel-dependency.h for a class: one box per vertex (a channel
 * "from→to" in one VC class: blue class 0, orange class 1), grouped in columns by dimension;
 * in a column one block per ring (a direction along one line of the network), the ring's
 * channels in the order a worm crosses them, one row per VC class, so the dateline's split
 * shows as a worm stepping down from the class 0 row to the class 1 row. An edge within a
 * ring is an arrow (to the next box, or an arc back to the ring's start); the edges that turn
 * to a higher dimension are drawn only on hypercubes, where they are all there is, and counted
 * in the notes elsewhere. The cycle the graph has, if any, is drawn bold red, and the title
 * says whether the routing can deadlock. When every ring does not fit, one ring per dimension
 * and direction is drawn (the one through the highlighted channels, else the cycle's) and
 * the notes say so.
 */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "flitlab-channel-dependency.h"
#include "flitlab-sim.h"
#include "flitlab-topology.h"

G_BEGIN_DECLS

typedef struct
{
  const FlitlabTopology          *topology;
  const FlitlabChannelDependency *graph;     /* built for topology with routing */
  FlitlabRouting                  routing;   /* for the subtitle */
  /* A cycle of channel ids drawn in thick black, boxes and edges: the deadlock the animation
   * found, each channel waited for by the worm holding the one before it, the first by the
   * last's (an edge is drawn black between neighbours only). May be NULL. */
  const guint                    *highlight;
  guint                           n_highlight;
  double                          font_size; /* points; 0: chosen for the width */
} FlitlabDependencyFigure;

/* What a drawing shows: for tests, and for a caption that says what was left out. */
typedef struct
{
  guint    n_vertices_drawn;
  guint    n_edges_drawn;       /* arrows */
  guint    n_cycle_edges_drawn; /* of them, the graph's cycle's, in bold red */
  guint    n_highlighted_drawn; /* vertices of highlighted channels, outlined */
  guint    n_highlighted_edges_drawn; /* edges between neighbours of the highlight, black */
  gboolean every_ring;          /* FALSE: one ring per dimension and direction */
} FlitlabDependencyDrawing;

/* Draws figure in width × height of the cairo user space; fills drawn when not NULL. */
void     flitlab_render_dependency         (cairo_t                       *cr,
                                            const FlitlabDependencyFigure *figure,
                                            double                         width,
                                            double                         height,
                                            FlitlabDependencyDrawing      *drawn);

/* Lays out what a drawing of graph will need, and keeps it: a network from a file's graph
 * ranked by Graphviz (up to a second), which a window's worker thread does before its first
 * drawing; nothing for the other networks. Any thread. */
void     flitlab_render_dependency_prepare (const FlitlabTopology          *topology,
                                            const FlitlabChannelDependency *graph);

/* The vertex whose box is at (x, y) of figure drawn in width × height with cr's type (the
 * window's hover); FALSE when (x, y) is on no box. */
gboolean flitlab_render_dependency_hit     (cairo_t                       *cr,
                                            const FlitlabDependencyFigure *figure,
                                            double                         width,
                                            double                         height,
                                            double                         x,
                                            double                         y,
                                            FlitlabDependencyVertex       *vertex);

G_END_DECLS
