/* flitlab-render-topology.h: network diagrams with a heatmap per channel, drawn with cairo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws any network of flitlab-topology.h: meshes and tori as a grid (three or more
 * dimensions one k0×k1 plane at a time, with the links to the planes above and below as
 * short strokes at each node), 1D tori as a ring, hypercubes up to 2^10 nodes with the
 * recursive layout of Ciciani et al. (dimensions alternate between x and y, the gaps between
 * sub-cubes growing with the dimension; without values each link in its dimension's colour),
 * necklace hypercubes after Meraji et al. Fig. 1. Every directed network channel is its own
 * line, coloured by a value (viridis; NaN: grey), with a colour bar.
 *
 * In SVG and PDF output each drawn network channel is exactly one stroked path (arrowhead
 * included) and everything else is filled, so a script can find and restyle the channels.
 *
 * The figure keeps the layout of its last render, so hit-testing uses the same geometry as the
 * picture; it is recomputed only when the size or the plane changes.
 */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "flitlab-colormap.h"
#include "flitlab-render-plot.h"
#include "flitlab-topology.h"

G_BEGIN_DECLS

typedef struct _FlitlabTopologyLayout FlitlabTopologyLayout;

typedef struct
{
  /* Settings, read at every render; pointer fields are owned by the figure. */
  double   *values;      /* per channel id, n_values of them (the network channels, or all
                            channels as in a FlitlabStudySeries); NaN: no value (grey);
                            NULL: uncoloured, no colour bar */
  guint     n_values;
  char     *value_label; /* the colour bar's caption with its unit; NULL: "Value" */
  double    value_min;   /* the colour bar's range; NaN: from the finite values */
  double    value_max;
  guint     plane;       /* tori and meshes of 3 or more dimensions: the plane of dimensions
                            0 and 1 to draw, by the mixed-radix index of coordinates 2, 3, … */
  char     *title;       /* NULL: the topology's title; "": none */
  GArray   *route;       /* guint channel ids drawn bold while the others fade; empty: none.
                            A node's injection or ejection channel (a worm still leaving its
                            source, or being delivered) is a bold ring round the node */
  gboolean  node_labels; /* label nodes when they are few and large enough (default TRUE) */
  guint32  *colors;      /* per channel id, n_colors of them: 0xRRGGBB, or
                            FLITLAB_TOPOLOGY_FIGURE_IDLE; replaces the heatmap and its colour bar
                            (the animation's worms); a node's injection channel held is a ring
                            round the node in its colour; NULL: none */
  gboolean *marks;       /* per channel id, n_colors of them: a dot at the channel's end (a
                            blocked header); NULL: none */
  guint     n_colors;
  gboolean  layer;       /* one layer of a larger figure (a stack of planes): no background,
                            no colour bar, no title */
  double    font_size;   /* the type's points (colour bar labels; the title a little larger,
                            node labels at most this); 0: chosen for the width as a plot's */
  FlitlabColormap colormap; /* viridis (default) for a magnitude; diverging for a signed
                            difference such as simulation − model: centred on zero, its
                            range symmetric around zero */
  gboolean  fill;        /* fill a figure of another shape than the network's: a unit up to
                            twice as long across as down, or down as across (the window);
                            FALSE (default): one scale both ways, as in a file; a ring and a
                            stack's planes keep theirs */
  gint      column;      /* the stack of planes: the column whose links between the planes
                            are drawn, by its node in plane 0 (x + k0 y), its nodes ringed;
                            -1 (default): the left and right corner columns */
  double    zoom;        /* the network magnified over fitting its area: 1 (default) up to
                            flitlab_topology_figure_get_max_zoom(); the title, legend and colour
                            bar keep their size and place, the network is cut off at them.
                            Not in a layer. Set with flitlab_topology_figure_zoom_at() */
  double    zoom_x;      /* the point of the fitted network shown in the middle of its area,
                            as shares of that area across and down (0.5, 0.5: the middle) */
  double    zoom_y;

  /*< private >*/
  FlitlabTopology       *topology;
  FlitlabTopologyLayout *layout;
  struct _FlitlabTopologyStack *stack; /* the last stack render's geometry, for hit-tests */
} FlitlabTopologyFigure;

/* A channel no message holds, in the colors setting: drawn thin and pale. */
#define FLITLAB_TOPOLOGY_FIGURE_IDLE 0xffffffffu

/* Takes a reference to the topology. */
FlitlabTopologyFigure *flitlab_topology_figure_new (const FlitlabTopology *topology);
void flitlab_topology_figure_free (FlitlabTopologyFigure *figure);
const FlitlabTopology *flitlab_topology_figure_get_topology (const FlitlabTopologyFigure *figure);

/* Copies values (NULL: uncoloured). */
void flitlab_topology_figure_set_values (FlitlabTopologyFigure *figure,
                                         const double          *values,
                                         guint                  n_values);
/* Copies colors and marks (each may be NULL); n: their length. */
void flitlab_topology_figure_set_colors (FlitlabTopologyFigure *figure,
                                         const guint32         *colors,
                                         const gboolean        *marks,
                                         guint                  n);
/* How many planes the plane setting chooses from (1 unless 3 or more dimensions). */
guint flitlab_topology_figure_get_n_planes (const FlitlabTopologyFigure *figure);

/* A hypercube beyond 2^10 nodes is drawn as 2^10 groups: the nodes that differ only in
 * dimensions 10 and up are one group, drawn where the 10-cube draws the group's first node
 * (hit-tests return that node), and the channels of a lower dimension from one group to
 * another are one link, coloured by the mean of their values (hit-tests return the first
 * of them). The nodes per group and channels per link; 1 for every other network. */
guint flitlab_topology_figure_get_group_size (const FlitlabTopologyFigure *figure);
/* How many channels the last render's line for channel stands for: 1, or the 16 of a tiled
 * hypercube's line between two 4-cubes (2^8 to 2^10 nodes), or a grouped link's; 0 when the
 * channel was not drawn. */
guint flitlab_topology_figure_get_bundle_size (const FlitlabTopologyFigure *figure,
                                               guint                        channel);
/* The value the last render coloured a channel's line by: its own, or its group's mean;
 * NaN when it has none or was not drawn. */
double flitlab_topology_figure_get_drawn_value (const FlitlabTopologyFigure *figure,
                                                guint                        channel);

/* Whether every network channel with a value has one and the same value (a symmetric
 * network's model under uniform traffic: one colour everywhere), into *value; the subtitle
 * says so. */
gboolean flitlab_topology_figure_get_same_value (const FlitlabTopologyFigure *figure,
                                                 double                      *value);

/* Zoom: the transform from the fitted network to the figure is the layout's, so hit-tests,
 * node positions and routes follow it. The functions below work in the last render's user
 * space and do nothing before one. */
/* The largest zoom: neighbouring nodes FLITLAB_TOPOLOGY_FIGURE_ZOOM_SPACING apart (1 when they
 * are as far apart when fitted). */
#define FLITLAB_TOPOLOGY_FIGURE_ZOOM_SPACING 48.0
double flitlab_topology_figure_get_max_zoom (const FlitlabTopologyFigure *figure);
/* Sets the zoom (clamped to 1 .. the largest) keeping the network's point under (x, y) where
 * it is, the shown part within the fitted network; FALSE when nothing changed. */
gboolean flitlab_topology_figure_zoom_at (FlitlabTopologyFigure *figure,
                                          double                 zoom,
                                          double                 x,
                                          double                 y);
/* Moves the network by (dx, dy), as far as the fitted network's edges; FALSE when it did not
 * move. */
gboolean flitlab_topology_figure_pan (FlitlabTopologyFigure *figure,
                                      double                 dx,
                                      double                 dy);
/* Whether (x, y) is in the part of the figure the network is drawn in: everywhere at zoom 1,
 * else off the title, the legend and the colour bar. Hit-tests find nothing elsewhere. */
gboolean flitlab_topology_figure_shows_point (const FlitlabTopologyFigure *figure,
                                              double                       x,
                                              double                       y);
/* The part of the last render a zoomed network is drawn in (what shows_point() tests), for
 * controls laid over it that must not hide the colour bar; FALSE before a render. */
gboolean flitlab_topology_figure_get_frame (const FlitlabTopologyFigure *figure,
                                            double                      *x0,
                                            double                      *y0,
                                            double                      *x1,
                                            double                      *y1);

/* Whether the figure can be drawn: FLITLAB_RENDER_ERROR_TOO_LARGE for a network too large to
 * draw (a plane or necklace hypercube beyond 4096 nodes),
 * FLITLAB_RENDER_ERROR_INVALID for values, plane or route that do not fit the network.
 * flitlab_render_topology() draws the message instead of the network. */
gboolean flitlab_topology_figure_check (const FlitlabTopologyFigure  *figure,
                                        GError                      **error);

/* Draws the diagram filling width × height of the cairo user space and keeps its layout. */
void flitlab_render_topology (cairo_t               *cr,
                              FlitlabTopologyFigure *figure,
                              double                 width,
                              double                 height);

/* The colour bar of the last render's values at (x, y), height tall and as wide as
 * flitlab_topology_figure_get_color_bar_width() says, for a figure drawn in layers (a stack of
 * planes), whose layers draw none; nothing without values. */
void flitlab_topology_figure_draw_color_bar (cairo_t                     *cr,
                                             const FlitlabTopologyFigure *figure,
                                             double                       x,
                                             double                       y,
                                             double                       height);

/* How wide flitlab_topology_figure_draw_color_bar() draws in height of cr; 0 without values. */
double flitlab_topology_figure_get_color_bar_width (const FlitlabTopologyFigure *figure,
                                                    cairo_t                     *cr,
                                                    double                       height);

/* The network channel or node drawn under (x, y) in the last render's user space, or -1.
 * Constant time: a bucket grid over the drawn lines and nodes. */
int flitlab_topology_figure_hit_channel (const FlitlabTopologyFigure *figure,
                                         double                       x,
                                         double                       y);
int flitlab_topology_figure_hit_node (const FlitlabTopologyFigure *figure,
                                      double                       x,
                                      double                       y);
/* The message of the animation whose worm is drawn under (x, y), or -1: holder gives each
 * channel's message (-1: idle), as flitlab_sim_trace_get_channels() does. A node's ring (the
 * channel it stands for held) counts before the channels under it, and of the channels only held
 * ones: a click on a drawn worm finds its message, not the idle channel beside it. */
gint32 flitlab_topology_figure_hit_worm (const FlitlabTopologyFigure *figure,
                                         double                       x,
                                         double                       y,
                                         const gint32                *holder);
/* Where the last render drew a node's centre, or the middle of a channel's line (on the
 * line; for a torus wrap-around, on its outgoing arc); FALSE when it was not drawn. */
gboolean flitlab_topology_figure_get_node_position (const FlitlabTopologyFigure *figure,
                                                    guint                        node,
                                                    double                      *x,
                                                    double                      *y);
gboolean flitlab_topology_figure_get_channel_middle (const FlitlabTopologyFigure *figure,
                                                     guint                        channel,
                                                     double                      *x,
                                                     double                      *y);
/* The number of lines the last render drew for network channels (a 3D torus: one plane's and
 * the strokes of the channels leaving or entering it; a grouped hypercube: one per link). */
guint flitlab_topology_figure_get_n_drawn_channels (const FlitlabTopologyFigure *figure);

/* The planes of a network of three or more dimensions stacked in an oblique projection,
 * plane 0 at the bottom, pulled apart so none covers another, with the links of dimension 2
 * of the two corner columns between them and the colour bar beside them; the figure's plane is
 * left as it was, its layout the last plane's. */
void flitlab_render_topology_stack (cairo_t               *cr,
                                    FlitlabTopologyFigure *figure,
                                    double                 width,
                                    double                 height);
/* What the last flitlab_render_topology_stack() drew under (x, y) of its user space: a node
 * of any plane (*node, else -1), else a channel of a plane's dimensions 0 and 1 or a link
 * drawn between the planes (*channel, else -1); FALSE when neither. The plane's strokes
 * for links to other planes are not hit: the column's links are. */
gboolean flitlab_topology_figure_hit_stack (const FlitlabTopologyFigure *figure,
                                            double                       x,
                                            double                       y,
                                            int                         *node,
                                            int                         *channel);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabTopologyFigure, flitlab_topology_figure_free)

G_END_DECLS
