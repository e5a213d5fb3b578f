/* flitlab-render-topology-private.h: what the files of the network diagram share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flitlab-topology-figure.c holds the figure and its settings, flitlab-topology-layout.c lays the
 * network out (in units, then placed on the figure), flitlab-render-topology.c draws it,
 * flitlab-topology-hit.c answers what is under a point, flitlab-render-topology-stack.c draws
 * the stack of planes, flitlab-topology-graphviz.c places a network from a file. The geometry
 * of lines and curves is in flitlab-topology-geometry-private.h, the bucket grid in
 * flitlab-topology-grid.h.
 */

#pragma once

#include <cairo.h>
#include <glib.h>
#include <pango/pangocairo.h>

#include "flitlab-render-topology.h"
#include "flitlab-topology-grid.h"

G_BEGIN_DECLS

/* Beyond these the links merge into a grey smudge at any printable size. */
#define MAX_HYPERCUBE_DIMS 10
#define MAX_DRAWN_NODES    4096
/* Node labels only while they can be read. */
#define MAX_LABELLED_NODES 144
#define MAX_UNIT           160.0  /* pixels between neighbours: a 2×2 mesh is not a poster */
/* A figure that fills its area (FlitlabTopologyFigure.fill): how much longer a unit may be one
 * way than the other. */
#define MAX_STRETCH        2.0
/* Beyond this many nodes they are small dots: the channels carry the picture. */
#define MAX_ROUND_NODES    256
/* From this many channels on, an image is drawn with hairlines (flitlab-hairline.h). */
#define MIN_HAIRLINE_CHANNELS 2048
/* The strokes at a plane's nodes for the links to other planes: their length in units
 * (neighbours one apart), and the highest dimension drawn so (2 and 3 take the diagonals). */
#define STUB_LENGTH        0.46
#define MAX_STUB_DIM       3
/* A hypercube: how much more room each level of the recursion leaves between sub-cubes. */
#define HYPERCUBE_GAP_GROWTH 0.8
/* A hypercube of this many dimensions or more draws its links of dimension FAINT_FROM_DIM and
 * up (between its 4-cubes) thin and faint under the others. */
#define FAINT_MIN_DIMS       7
#define FAINT_FROM_DIM       4
/* A hypercube of this many dimensions (up to MAX_HYPERCUBE_DIMS) is drawn in tiles: each
 * 4-cube (dimensions 0 to TILE_DIMS - 1) a tile with its links inside, and between two tiles
 * one thick line per direction for the 16 channels of a higher dimension (their mean value):
 * a 10-cube's 5120 long links are 384 lines, not bands. */
#define TILED_MIN_DIMS       8
#define TILE_DIMS            4
/* A tiled hypercube's spacing (flitlab-topology-layout.c's tiled_position()), in units: the
 * grey tile reaches TILE_PAD past its nodes, a line between tiles leaves a tile's edge and
 * bows TILE_BOW out, TILE_BOW_STEP more for each higher level of dimensions; a gap between
 * blocks holds the bows from both sides with a little room between them. */
#define TILE_PAD             0.3
#define TILE_BOW             0.3
#define TILE_BOW_STEP        0.25
#define TILE_INNER_STEP      1.4
#define TILE_PAIR_STEP       1.1
#define TILE_BLOCK_STEP      (2 * (TILE_PAD + TILE_BOW + 2 * TILE_BOW_STEP) + 0.3)
/* Extra room between the copies of a sub-cube, in steps per level, so the recursion shows. */
#define CUBE_GAP           0.25

enum
{
  NODE_PLAIN,
  NODE_BASE,     /* a necklace hypercube's base vertex: dark, as in 003 Fig. 1 */
  NODE_NECKLACE, /* a necklace node: light, with its index */
};

typedef struct
{
  double x, y;
} Point;

/* A quadratic Bézier in travel order, or a straight line; in layout units until placed. */
typedef struct
{
  Point    p0, c, p1;
  gboolean curved;
  gboolean trim0, trim1; /* that end is at a node: stop short of its disc */
} Piece;

typedef struct
{
  guint id;
  guint n_pieces; /* 2 for a torus wrap-around: out of one edge of the grid, into the other */
  Piece pieces[2];
  Point middle;
} Shape;

typedef struct
{
  guint id;
  guint style;
  Point at;
} Node;

typedef struct
{
  float x0, y0, x1, y1;
  guint shape;
} Segment;

struct _FlitlabTopologyLayout
{
  /* What it was computed for. */
  double   width, height;
  guint    plane;
  guint    title_lines;
  gboolean with_bar, node_labels, layer, by_dimension, fill;

  double   zoom, zoom_x, zoom_y;      /* the zoom drawn (flitlab_topology_figure_zoom()) and
                                      * the figure's centre */
  double   left, top, right, bottom; /* the network's area */
  double   unit;                     /* pixels between neighbouring nodes (the shorter way
                                      * when the figure fills its area), zoomed */
  double   fit_unit;                 /* the same at zoom 1 */
  double   type;                     /* the figure's type size (flitlab_topology_figure_type) */
  double   bar_left;                 /* where the colour bar goes, right of the network */
  double   legend_top;               /* where the legend of dimension colours goes */
  double   radius, line_width, offset, gap, arrow, font_size, tolerance;
  GArray  *nodes;                    /* Node */
  GArray  *shapes;                   /* Shape, in channel id order */
  int     *node_slot;                /* per node id: index into nodes, or -1 */
  int     *shape_slot;               /* per network channel id: index into shapes, or -1 */
  /* A hypercube of more than 2^MAX_HYPERCUBE_DIMS nodes: shape i stands for the channels
   * members[member_start[i]] .. members[member_start[i + 1] - 1]; NULL: for its id alone. */
  guint   *member_start;
  guint   *members;
  double  *means;                    /* per shape, the last render's shape_mean() */
  GArray  *segments;                 /* Segment */
  Grid     segment_grid;
  Grid     node_grid;
};

/* A link drawn between two planes of a stack, in the figure's user space. */
typedef struct
{
  guint id;
  Point a, z;
} StackLink;

struct _FlitlabTopologyStack
{
  guint           n_planes;
  guint           plane_size;  /* nodes per plane: a node is plane × plane_size + its place */
  cairo_matrix_t *to_plane;    /* per plane: figure user space to the plane's layout space */
  GArray         *links;       /* StackLink */
  double          tolerance;   /* how near a link a point hits it */
};

/* flitlab-topology-figure.c */
void
flitlab_topology_stack_free (struct _FlitlabTopologyStack *stack);
void
flitlab_topology_layout_free (FlitlabTopologyLayout *layout);
gboolean
flitlab_topology_figure_with_bar (const FlitlabTopologyFigure *figure);
gboolean
flitlab_topology_figure_by_dimension (const FlitlabTopologyFigure *figure);
gboolean
flitlab_topology_is_grid (const FlitlabTopology *t);
guint
flitlab_topology_plane_size (const FlitlabTopology *t);
guint
flitlab_topology_group_size (const FlitlabTopology *t);
gboolean
flitlab_topology_is_tiled (const FlitlabTopology *t);
double
flitlab_topology_max_zoom (double fit_unit);
double
flitlab_topology_figure_zoom (const FlitlabTopologyFigure *figure,
                              double                     fit_unit);
void
flitlab_topology_layout_frame (const FlitlabTopologyLayout *layout,
                               double                      *x0,
                               double                      *y0,
                               double                      *x1,
                               double                      *y1);
char *
flitlab_topology_figure_dup_subtitle (const FlitlabTopologyFigure *figure);
guint
flitlab_topology_figure_title_lines (const FlitlabTopologyFigure *figure);

/* flitlab-topology-layout.c */
double
flitlab_topology_node_radius (const FlitlabTopologyLayout *layout,
                              guint                        style);
/* The channel node v's ring stands for (flitlab-render-topology.c's draw_rings()): its
 * injection channel, or its ejection channel when only that is on the route (on_route: per
 * channel, whether the figure's route holds it). */
guint
flitlab_topology_ring_channel (const FlitlabTopology *topology,
                               const gboolean        *on_route,
                               guint                  v);
/* Where a node's ring (draw_rings()) lies, as distances from the node's centre: from its
 * edge plus half a gap, two lines wide, 1.7 times that when bold (on the route). */
void
flitlab_topology_ring_bounds (const FlitlabTopologyLayout *layout,
                              guint                        style,
                              gboolean                     bold,
                              double                      *inner,
                              double                      *outer);
void
flitlab_topology_node_label (const FlitlabTopology *t,
                             guint                  node,
                             char                  *buf,
                             gsize                  size);
PangoLayout *
flitlab_topology_label_layout (cairo_t *cr,
                               double   size);
FlitlabTopologyLayout *
flitlab_topology_layout_new (cairo_t             *cr,
                             FlitlabTopologyFigure *figure,
                             double               width,
                             double               height);

/* flitlab-topology-graphviz.c */
/* dot's boxes and the room between them, in Graphviz's inches of 72 points. */
#define GRAPHVIZ_BOX_WIDTH  0.6
#define GRAPHVIZ_BOX_HEIGHT 0.25
#define GRAPHVIZ_NODE_SEP   0.15
#define GRAPHVIZ_RANK_SEP   0.35
/* Graphviz's places for the vertices of a graph, edges[2 i] to edges[2 i + 1], in its points
 * with y down, to be freed: undirected by neato (sfdp for large graphs), directed ranked top
 * to bottom by dot. The same every time for a graph, and cached. NULL with
 * FLITLAB_RENDER_ERROR_INVALID when Graphviz fails. */
Point *
flitlab_graphviz_layout (guint         n_vertices,
                         const guint  *edges,
                         guint         n_edges,
                         gboolean      directed,
                         GError      **error);
/* A network from a file laid out by Graphviz: per node its place in units (linked nodes one
 * apart on average, y down), to be freed; the same every time for a network, and cached.
 * NULL with FLITLAB_RENDER_ERROR_INVALID when Graphviz fails. */
Point *
flitlab_topology_graphviz_positions (const FlitlabTopology  *t,
                                     GError                **error);

/* flitlab-render-topology.c */
/* The type size: the figure's font_size, else chosen for the width. */
double
flitlab_topology_figure_type (const FlitlabTopologyFigure *figure,
                              double                     width);
/* How wide the colour bar is, drawn in height. */
double
flitlab_topology_figure_bar_width (const FlitlabTopologyFigure *figure,
                                   cairo_t                   *cr,
                                   double                     type,
                                   double                     height);
/* The title and subtitle (NULL: none) across the top, wrapped to width; returns how far down
 * they reach, drawing them when draw is TRUE. */
double
flitlab_topology_figure_draw_title (cairo_t                   *cr,
                                    const FlitlabTopologyFigure *figure,
                                    const char                *subtitle,
                                    double                     type,
                                    double                     width,
                                    gboolean                   draw);
/* The colour range of the values: the figure's, else from the finite values drawn. */
void
flitlab_topology_figure_value_range (const FlitlabTopologyFigure *figure,
                                     double                    *lo,
                                     double                    *hi);
/* The colour of a hypercube's links of dimension d when nothing else colours them. */
void
flitlab_topology_dimension_color (guint   d,
                                  double *rgb);
/* The legend of those colours across width at y; returns its height, drawing it when draw. */
double
flitlab_topology_figure_draw_dimension_legend (cairo_t                   *cr,
                                               const FlitlabTopologyFigure *figure,
                                               double                     type,
                                               double                     width,
                                               double                     y,
                                               gboolean                   draw);
double
flitlab_topology_figure_shape_mean (const FlitlabTopologyFigure *figure,
                                    guint                      i);

G_END_DECLS
