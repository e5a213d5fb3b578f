/* flitlab-render-topology.c: network diagrams with a heatmap per channel, drawn with cairo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A render first lays the network out in abstract units (neighbouring nodes one unit apart),
 * every channel as one or two quadratic Bézier pieces along the centre of its link, then
 * scales that to the figure and moves each channel a little to the right of its direction of
 * travel, so the two channels of a bi-directional link are two parallel lines. The layout is
 * kept for hit-testing: the channels' lines cut into short straight segments and the nodes,
 * both filed in a bucket grid, so a query looks at one cell only.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <pango/pangocairo.h>

#include "flitlab-colormap.h"
#include "flitlab-hairline.h"
#include "flitlab-render-private.h"
#include "flitlab-render-topology.h"

/* Beyond these the links merge into a grey smudge at any printable size. */
#define MAX_HYPERCUBE_DIMS 10
#define MAX_DRAWN_NODES    4096
/* Node labels only while they can be read. */
#define MAX_LABELLED_NODES 144
#define MAX_UNIT           160.0  /* pixels between neighbours: a 2×2 mesh is not a poster */
/* Beyond this many nodes they are small dots: the channels carry the picture. */
#define MAX_ROUND_NODES    256
/* From this many channels on, an image is drawn with hairlines (flitlab-hairline.h). */
#define MIN_HAIRLINE_CHANNELS 2048
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
} Box;

typedef struct
{
  float x0, y0, x1, y1;
  guint shape;
} Segment;

/* Items filed by the cells their boxes touch (compressed rows: start[cell]..start[cell+1]). */
typedef struct
{
  double cell;
  guint  cols, rows;
  guint *start;
  guint *items;
} Grid;

struct _FlitlabTopologyLayout
{
  /* What it was computed for. */
  double   width, height;
  guint    plane;
  guint    title_lines;
  gboolean with_bar, node_labels;

  double   left, top, right, bottom; /* the network's area */
  double   unit;                     /* pixels between neighbouring nodes */
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

/* ---- geometry ---------------------------------------------------------------------- */

static Point
pt (double x,
    double y)
{
  Point p = { x, y };

  return p;
}

static Point
lerp (Point  a,
      Point  b,
      double t)
{
  return pt (a.x + t * (b.x - a.x), a.y + t * (b.y - a.y));
}

/* a + f u + g v */
static Point
move (Point  a,
      Point  u,
      double f,
      Point  v,
      double g)
{
  return pt (a.x + f * u.x + g * v.x, a.y + f * u.y + g * v.y);
}

/* The unit vector to the right of a → b on screen (y grows downwards). */
static Point
right_of (Point a,
          Point b)
{
  double dx = b.x - a.x, dy = b.y - a.y, len = hypot (dx, dy);

  if (len < 1e-12)
    return pt (0, 0);
  return pt (-dy / len, dx / len);
}

static Piece
line_piece (Point    a,
            Point    b,
            gboolean trim0,
            gboolean trim1)
{
  Piece p = { a, lerp (a, b, 0.5), b, FALSE, trim0, trim1 };

  return p;
}

static Piece
curve_piece (Point    a,
             Point    c,
             Point    b,
             gboolean trim0,
             gboolean trim1)
{
  Piece p = { a, c, b, TRUE, trim0, trim1 };

  return p;
}

/* From a to b, its middle pushed bow units to the right of a → b (left when negative). */
static Piece
bowed_piece (Point  a,
             Point  b,
             double bow)
{
  Point n = right_of (a, b), m = lerp (a, b, 0.5);

  if (fabs (bow) < 1e-9)
    return line_piece (a, b, TRUE, TRUE);
  return curve_piece (a, pt (m.x + 2 * bow * n.x, m.y + 2 * bow * n.y), b, TRUE, TRUE);
}

static Piece
reversed (Piece p)
{
  Piece r = p;

  r.p0 = p.p1;
  r.p1 = p.p0;
  r.trim0 = p.trim1;
  r.trim1 = p.trim0;
  return r;
}

static Point
piece_at (const Piece *p,
          double       t)
{
  double u = 1 - t;

  if (!p->curved)
    return lerp (p->p0, p->p1, t);
  return pt (u * u * p->p0.x + 2 * u * t * p->c.x + t * t * p->p1.x,
             u * u * p->p0.y + 2 * u * t * p->c.y + t * t * p->p1.y);
}

/* Close to the arc length for the gentle curves drawn here. */
static double
piece_length (const Piece *p)
{
  double chord = hypot (p->p1.x - p->p0.x, p->p1.y - p->p0.y);

  if (!p->curved)
    return chord;
  return (chord + hypot (p->c.x - p->p0.x, p->c.y - p->p0.y) +
          hypot (p->p1.x - p->c.x, p->p1.y - p->c.y)) / 2;
}

/* The part of p from t = a to t = b (de Casteljau, by blossoming). */
static Piece
piece_part (const Piece *p,
            double       a,
            double       b)
{
  Piece q = *p;

  q.p0 = piece_at (p, a);
  q.p1 = piece_at (p, b);
  if (p->curved)
    {
      double w0 = (1 - a) * (1 - b), w1 = (1 - a) * b + a * (1 - b), w2 = a * b;

      q.c = pt (w0 * p->p0.x + w1 * p->c.x + w2 * p->p1.x,
                w0 * p->p0.y + w1 * p->c.y + w2 * p->p1.y);
    }
  else
    q.c = lerp (q.p0, q.p1, 0.5);
  return q;
}

/* Moves a piece by d to the right of its direction: the two channels of a link part. */
static void
piece_shift (Piece  *p,
             double  d)
{
  Point n0, n1, nc;

  if (d == 0)
    return;
  nc = right_of (p->p0, p->p1);
  n0 = p->curved ? right_of (p->p0, p->c) : nc;
  n1 = p->curved ? right_of (p->c, p->p1) : nc;
  p->p0 = pt (p->p0.x + d * n0.x, p->p0.y + d * n0.y);
  p->p1 = pt (p->p1.x + d * n1.x, p->p1.y + d * n1.y);
  p->c = pt (p->c.x + d * nc.x, p->c.y + d * nc.y);
}

/* ---- bucket grid ------------------------------------------------------------------- */

static void
grid_clear (Grid *grid)
{
  g_clear_pointer (&grid->start, g_free);
  g_clear_pointer (&grid->items, g_free);
}

static void
grid_range (const Grid *grid,
            const Box  *box,
            guint      *c0,
            guint      *r0,
            guint      *c1,
            guint      *r1)
{
  *c0 = (guint) CLAMP (floor (box->x0 / grid->cell), 0, grid->cols - 1);
  *c1 = (guint) CLAMP (floor (box->x1 / grid->cell), 0, grid->cols - 1);
  *r0 = (guint) CLAMP (floor (box->y0 / grid->cell), 0, grid->rows - 1);
  *r1 = (guint) CLAMP (floor (box->y1 / grid->cell), 0, grid->rows - 1);
}

/* Files item i in every cell its box touches: counted once, then placed. */
static void
grid_build (Grid       *grid,
            double      width,
            double      height,
            double      cell,
            const Box  *boxes,
            guint       n_boxes)
{
  guint n_cells, *fill;

  grid_clear (grid);
  /* At most a million cells, whatever the figure's size. */
  cell = MAX (cell, sqrt (width * height / 1e6));
  grid->cell = cell;
  grid->cols = MAX (1, (guint) ceil (width / cell));
  grid->rows = MAX (1, (guint) ceil (height / cell));
  n_cells = grid->cols * grid->rows;
  grid->start = g_new0 (guint, n_cells + 1);
  for (guint i = 0; i < n_boxes; i++)
    {
      guint c0, r0, c1, r1;

      grid_range (grid, &boxes[i], &c0, &r0, &c1, &r1);
      for (guint r = r0; r <= r1; r++)
        for (guint c = c0; c <= c1; c++)
          grid->start[r * grid->cols + c + 1]++;
    }
  for (guint i = 0; i < n_cells; i++)
    grid->start[i + 1] += grid->start[i];
  grid->items = g_new (guint, MAX (grid->start[n_cells], 1));
  fill = g_memdup2 (grid->start, sizeof (guint) * n_cells);
  for (guint i = 0; i < n_boxes; i++)
    {
      guint c0, r0, c1, r1;

      grid_range (grid, &boxes[i], &c0, &r0, &c1, &r1);
      for (guint r = r0; r <= r1; r++)
        for (guint c = c0; c <= c1; c++)
          grid->items[fill[r * grid->cols + c]++] = i;
    }
  g_free (fill);
}

/* The items of the cell under (x, y); 0 outside the grid. */
static guint
grid_lookup (const Grid   *grid,
             double        x,
             double        y,
             const guint **items)
{
  guint c, r;

  if (grid->start == NULL || !(x >= 0 && y >= 0))
    return 0;
  c = (guint) (x / grid->cell);
  r = (guint) (y / grid->cell);
  if (c >= grid->cols || r >= grid->rows)
    return 0;
  *items = grid->items + grid->start[r * grid->cols + c];
  return grid->start[r * grid->cols + c + 1] - grid->start[r * grid->cols + c];
}

/* ---- view -------------------------------------------------------------------------- */

static void
layout_free (FlitlabTopologyLayout *layout)
{
  if (layout == NULL)
    return;
  g_array_unref (layout->nodes);
  g_array_unref (layout->shapes);
  g_array_unref (layout->segments);
  g_free (layout->node_slot);
  g_free (layout->shape_slot);
  g_free (layout->member_start);
  g_free (layout->members);
  g_free (layout->means);
  grid_clear (&layout->segment_grid);
  grid_clear (&layout->node_grid);
  g_free (layout);
}

FlitlabTopologyView *
flitlab_topology_view_new (const FlitlabTopology *topology)
{
  FlitlabTopologyView *view;

  g_return_val_if_fail (topology != NULL, NULL);

  view = g_new0 (FlitlabTopologyView, 1);
  view->topology = flitlab_topology_copy (topology);
  view->value_min = view->value_max = NAN;
  view->route = g_array_new (FALSE, FALSE, sizeof (guint));
  view->node_labels = TRUE;
  return view;
}

void
flitlab_topology_view_free (FlitlabTopologyView *view)
{
  if (view == NULL)
    return;
  g_free (view->values);
  g_free (view->colors);
  g_free (view->marks);
  g_free (view->value_label);
  g_free (view->title);
  g_array_unref (view->route);
  flitlab_topology_free (view->topology);
  layout_free (view->layout);
  g_free (view);
}

const FlitlabTopology *
flitlab_topology_view_get_topology (const FlitlabTopologyView *view)
{
  g_return_val_if_fail (view != NULL, NULL);

  return view->topology;
}

void
flitlab_topology_view_set_values (FlitlabTopologyView *view,
                                  const double        *values,
                                  guint                n_values)
{
  g_return_if_fail (view != NULL);

  g_clear_pointer (&view->values, g_free);
  view->n_values = 0;
  if (values == NULL)
    return;
  view->values = g_memdup2 (values, sizeof (double) * n_values);
  view->n_values = n_values;
}

void
flitlab_topology_view_set_colors (FlitlabTopologyView *view,
                                  const guint32       *colors,
                                  const gboolean      *marks,
                                  guint                n)
{
  g_return_if_fail (view != NULL);

  g_clear_pointer (&view->colors, g_free);
  g_clear_pointer (&view->marks, g_free);
  view->n_colors = 0;
  if (colors == NULL && marks == NULL)
    return;
  view->colors = colors != NULL ? g_memdup2 (colors, sizeof (guint32) * n) : NULL;
  view->marks = marks != NULL ? g_memdup2 (marks, sizeof (gboolean) * n) : NULL;
  view->n_colors = n;
}

/* Whether the colour bar shows: a heatmap, not the animation's colours. */
static gboolean
with_bar (const FlitlabTopologyView *view)
{
  return view->values != NULL && view->colors == NULL && !view->layer;
}

/* Tori and meshes drawn as a grid: two or more dimensions, or a 1D mesh (one row). */
static gboolean
is_grid (const FlitlabTopology *t)
{
  FlitlabTopologyFamily family = flitlab_topology_get_family (t);

  return (family == FLITLAB_TOPOLOGY_TORUS && flitlab_topology_get_n_dims (t) >= 2) ||
         family == FLITLAB_TOPOLOGY_MESH;
}

static guint
plane_size (const FlitlabTopology *t)
{
  guint n_dims = flitlab_topology_get_n_dims (t);

  return flitlab_topology_get_radix (t, 0) * (n_dims > 1 ? flitlab_topology_get_radix (t, 1) : 1);
}

/* Hypercubes beyond 2^MAX_HYPERCUBE_DIMS nodes are drawn as that many groups: the nodes that
 * differ only in the higher dimensions are one group, and the channels of a lower dimension
 * between two groups one link. The channels per link; 1 when nothing is grouped. */
static guint
group_size (const FlitlabTopology *t)
{
  guint n_dims = flitlab_topology_get_n_dims (t);

  if (flitlab_topology_get_family (t) != FLITLAB_TOPOLOGY_HYPERCUBE || n_dims <= MAX_HYPERCUBE_DIMS)
    return 1;
  return 1u << (n_dims - MAX_HYPERCUBE_DIMS);
}

guint
flitlab_topology_view_get_group_size (const FlitlabTopologyView *view)
{
  g_return_val_if_fail (view != NULL, 1);

  return group_size (view->topology);
}

guint
flitlab_topology_view_get_n_planes (const FlitlabTopologyView *view)
{
  g_return_val_if_fail (view != NULL, 1);

  if (!is_grid (view->topology))
    return 1;
  return flitlab_topology_get_n_nodes (view->topology) / plane_size (view->topology);
}

gboolean
flitlab_topology_view_check (const FlitlabTopologyView  *view,
                             GError                    **error)
{
  const FlitlabTopology *t;
  FlitlabTopologyFamily family;
  guint n_dims, n_nodes, n_network, n_channels, n_planes;

  g_return_val_if_fail (view != NULL, FALSE);

  t = view->topology;
  family = flitlab_topology_get_family (t);
  n_dims = flitlab_topology_get_n_dims (t);
  n_nodes = flitlab_topology_get_n_nodes (t);
  n_network = flitlab_topology_get_n_network_channels (t);
  n_channels = flitlab_topology_get_n_channels (t);
  n_planes = flitlab_topology_view_get_n_planes (view);

  if (family == FLITLAB_TOPOLOGY_NECKLACE &&
      (n_dims > MAX_HYPERCUBE_DIMS || n_nodes > MAX_DRAWN_NODES))
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_TOO_LARGE,
                   "This necklace hypercube has %u nodes, too many to draw: diagrams show up to "
                   "%u nodes on a base hypercube of up to 2^%u", n_nodes, MAX_DRAWN_NODES,
                   MAX_HYPERCUBE_DIMS);
      return FALSE;
    }
  if (is_grid (t) && plane_size (t) > MAX_DRAWN_NODES)
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_TOO_LARGE,
                   "A plane of %u nodes is too large to draw (at most %u)", plane_size (t),
                   MAX_DRAWN_NODES);
      return FALSE;
    }
  if (view->plane >= n_planes)
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID,
                   "This network has %u plane%s (0 to %u), not a plane %u", n_planes,
                   n_planes == 1 ? "" : "s", n_planes - 1, view->plane);
      return FALSE;
    }
  if ((view->values == NULL && view->n_values != 0) ||
      (view->values != NULL && view->n_values != n_network && view->n_values != n_channels))
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID,
                   "%u values do not fit this network: it has %u network channels (%u with "
                   "injection and ejection)", view->n_values, n_network, n_channels);
      return FALSE;
    }
  for (guint i = 0; i < view->route->len; i++)
    if (g_array_index (view->route, guint, i) >= n_network)
      {
        g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID,
                     "Route channel %u is not a network channel (0 to %u)",
                     g_array_index (view->route, guint, i), n_network - 1);
        return FALSE;
      }
  if (isfinite (view->value_min) && isfinite (view->value_max) && view->value_min > view->value_max)
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID,
                   "The colour range from %g to %g is empty", view->value_min, view->value_max);
      return FALSE;
    }
  return TRUE;
}

/* The subtitle: the network when the title is the caller's, and the plane drawn; or NULL. */
static char *
dup_subtitle (const FlitlabTopologyView *view)
{
  const FlitlabTopology *t = view->topology;
  guint n_dims = flitlab_topology_get_n_dims (t);
  GString *text = g_string_new (NULL);

  if (view->title != NULL && view->title[0] != '\0')
    {
      g_autofree char *network = flitlab_topology_dup_title (t);

      g_string_append (text, network);
    }
  if (is_grid (t) && n_dims > 2)
    {
      if (text->len > 0)
        g_string_append (text, "; ");
      if (n_dims == 3)
        g_string_append_printf (text, "plane z = %u (of 0 to %u)", view->plane,
                                flitlab_topology_get_radix (t, 2) - 1);
      else
        g_string_append_printf (text, "plane %u (of 0 to %u, by coordinates 3 to %u)", view->plane,
                                flitlab_topology_view_get_n_planes (view) - 1, n_dims);
      g_string_append (text, "; links between planes not drawn");
    }
  if (group_size (t) > 1)
    {
      if (text->len > 0)
        g_string_append (text, "; ");
      g_string_append_printf (text, "dimensions %u to %u grouped: a node for %u nodes, a link for "
                              "%u channels (their mean)", MAX_HYPERCUBE_DIMS, n_dims - 1,
                              group_size (t), group_size (t));
    }
  if (text->len == 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

static guint
title_lines (const FlitlabTopologyView *view)
{
  g_autofree char *subtitle = NULL;

  if (view->layer || (view->title != NULL && view->title[0] == '\0'))
    return 0;
  subtitle = dup_subtitle (view);
  return subtitle != NULL ? 2 : 1;
}

/* ---- layout in units --------------------------------------------------------------- */

typedef struct
{
  const FlitlabTopology *topology;
  FlitlabTopologyLayout *layout;
} Builder;

static void
add_node (Builder *b,
          guint    id,
          guint    style,
          Point    at)
{
  Node node = { id, style, at };

  b->layout->node_slot[id] = b->layout->nodes->len;
  g_array_append_val (b->layout->nodes, node);
}

static Point
node_at (Builder *b,
         guint    id)
{
  g_assert (b->layout->node_slot[id] >= 0);
  return g_array_index (b->layout->nodes, Node, b->layout->node_slot[id]).at;
}

static void
add_shape (Builder     *b,
           guint        id,
           const Piece *pieces,
           guint        n_pieces)
{
  Shape shape = { id, n_pieces, { pieces[0], pieces[n_pieces - 1] }, { 0, 0 } };

  g_array_append_val (b->layout->shapes, shape);
}

/* Tori and meshes: a k0 × k1 grid, node (c0, c1) at x = c0, y = c1, so node ids read like
 * text. A wrap-around channel leaves the grid at one edge and comes back in at the other:
 * two short arcs bending to the right of travel, which keeps the two directions apart. */
static void
build_grid (Builder *b,
            guint    plane)
{
  const FlitlabTopology *t = b->topology;
  guint k0 = flitlab_topology_get_radix (t, 0), size = plane_size (t), first = plane * size;

  for (guint i = 0; i < size; i++)
    add_node (b, first + i, NODE_PLAIN, pt (i % k0, i / k0));
  for (guint i = 0; i < size; i++)
    {
      const guint *ids;
      guint n = flitlab_topology_get_out_channels (t, first + i, &ids);

      for (guint j = 0; j < n; j++)
        {
          const FlitlabChannel *c = flitlab_topology_get_channel (t, ids[j]);
          Point a, z, dir, right;
          Piece p[2];

          if (c->dim > 1)
            continue;
          a = node_at (b, c->src);
          z = node_at (b, c->dst);
          if (!c->wraparound)
            {
              p[0] = line_piece (a, z, TRUE, TRUE);
              add_shape (b, c->id, p, 1);
              continue;
            }
          dir = c->dim == 0 ? pt (c->direction, 0) : pt (0, c->direction);
          right = pt (-dir.y, dir.x);
          p[0] = curve_piece (a, move (a, dir, 0.45, right, 0), move (a, dir, 0.62, right, 0.16),
                              TRUE, FALSE);
          p[1] = curve_piece (move (z, dir, -0.62, right, 0.16), move (z, dir, -0.45, right, 0), z,
                              FALSE, TRUE);
          add_shape (b, c->id, p, 2);
        }
    }
}

/* A 1D torus: a ring, node 0 on top, ids clockwise, each link an arc of the circle. */
static void
build_ring (Builder *b)
{
  const FlitlabTopology *t = b->topology;
  guint k = flitlab_topology_get_radix (t, 0);
  double radius = 0.5 / sin (G_PI / k), sag = radius * (1 - cos (G_PI / k));

  for (guint i = 0; i < k; i++)
    {
      double angle = -G_PI / 2 + 2 * G_PI * i / k;

      add_node (b, i, NODE_PLAIN, pt (radius * cos (angle), radius * sin (angle)));
    }
  for (guint id = 0; id < flitlab_topology_get_n_network_channels (t); id++)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (t, id);
      /* Arc s joins node s and node s + 1, clockwise. */
      guint s = c->direction > 0 ? c->src : c->dst;
      double mid = -G_PI / 2 + 2 * G_PI * (s + 0.5) / k;
      Point a = node_at (b, s), z = node_at (b, (s + 1) % k), m = lerp (a, z, 0.5);
      Point out = pt (cos (mid), sin (mid));
      Piece p = curve_piece (a, move (m, out, 2 * sag, out, 0), z, TRUE, TRUE);

      p = c->direction > 0 ? p : reversed (p);
      add_shape (b, id, &p, 1);
    }
}

/* Ciciani et al. Fig. 4, recursively: dimension d moves a node along x (d even) or y (d odd)
 * by twice the offset of dimension d - 2 and a little more, so each sub-cube stands apart. */
static Point
cube_position (guint  v,
               guint  n,
               double step)
{
  Point p = { 0, 0 };

  for (guint d = 0; d < n; d++)
    if (v & (1u << d))
      {
        double offset = step * ((1u << (d / 2)) + CUBE_GAP * ((1u << (d / 2)) - 1));

        if (d % 2 == 0)
          p.x += offset;
        else
          p.y += offset;
      }
  return p;
}

/* +1 when the right of a -> z faces away from centre, else -1. */
static double
outward (Point a,
         Point z,
         Point centre)
{
  Point n = right_of (a, z), m = lerp (a, z, 0.5);

  return n.x * (m.x - centre.x) + n.y * (m.y - centre.y) >= 0 ? 1 : -1;
}

/* Links of dimension 2 and up pass over the nodes between their ends: they bow away from
 * the middle of the figure, higher dimensions further, so each dimension's links keep apart.
 * Signed: to the right of a -> z when positive. */
static double
cube_bow (Point  a,
          Point  z,
          guint  d,
          double step,
          Point  centre)
{
  if (d < 2)
    return 0;
  return outward (a, z, centre) * (0.2 + 0.1 * (d / 2)) * step;
}

static Point
cube_centre (guint  n,
             double step)
{
  Point far = cube_position ((1u << n) - 1, n, step);

  return pt (far.x / 2, far.y / 2);
}

/* The groups of a hypercube beyond 2^MAX_HYPERCUBE_DIMS (group_size()): group g holds the
 * nodes g + j 2^MAX_HYPERCUBE_DIMS and is drawn as node g; a link of dimension d from group g
 * is drawn once, for the channels of dimension d leaving its nodes, by the first of them. */
static void
build_grouped_hypercube (Builder *b)
{
  const FlitlabTopology *t = b->topology;
  FlitlabTopologyLayout *layout = b->layout;
  const guint n = MAX_HYPERCUBE_DIMS, n_groups = 1u << n, mask = n_groups - 1;
  guint n_nodes = flitlab_topology_get_n_nodes (t), n_network = flitlab_topology_get_n_network_channels (t);
  guint n_links = n_groups * n, *fill;
  Point centre = cube_centre (n, 1);
  g_autofree int *link_of = g_new (int, n_network);

  for (guint g = 0; g < n_groups; g++)
    add_node (b, g, NODE_PLAIN, cube_position (g, n, 1));
  for (guint v = n_groups; v < n_nodes; v++)
    layout->node_slot[v] = layout->node_slot[v & mask];

  /* Members by link (group, dimension), in channel id order. */
  layout->member_start = g_new0 (guint, n_links + 1);
  for (guint id = 0; id < n_network; id++)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (t, id);

      link_of[id] = c->dim < n ? (int) ((c->src & mask) * n + c->dim) : -1;
      if (link_of[id] >= 0)
        layout->member_start[link_of[id] + 1]++;
    }
  for (guint l = 0; l < n_links; l++)
    layout->member_start[l + 1] += layout->member_start[l];
  layout->members = g_new (guint, layout->member_start[n_links]);
  fill = g_memdup2 (layout->member_start, sizeof (guint) * n_links);
  for (guint id = 0; id < n_network; id++)
    if (link_of[id] >= 0)
      layout->members[fill[link_of[id]]++] = id;
  g_free (fill);

  for (guint l = 0; l < n_links; l++)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (t, layout->members[layout->member_start[l]]);
      guint g = l / n, lo = MIN (g, g ^ (1u << c->dim)), hi = MAX (g, g ^ (1u << c->dim));
      Point a = node_at (b, lo), z = node_at (b, hi);
      Piece p = bowed_piece (a, z, cube_bow (a, z, c->dim, 1, centre));

      p = g == lo ? p : reversed (p);
      add_shape (b, c->id, &p, 1);
    }
}

static void
build_hypercube (Builder *b)
{
  const FlitlabTopology *t = b->topology;
  guint n = flitlab_topology_get_n_dims (t);
  Point centre = cube_centre (n, 1);

  if (group_size (t) > 1)
    {
      build_grouped_hypercube (b);
      return;
    }

  for (guint v = 0; v < (1u << n); v++)
    add_node (b, v, NODE_PLAIN, cube_position (v, n, 1));
  for (guint id = 0; id < flitlab_topology_get_n_network_channels (t); id++)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (t, id);
      guint lo = MIN (c->src, c->dst), hi = MAX (c->src, c->dst);
      Point a = node_at (b, lo), z = node_at (b, hi);
      Piece p = bowed_piece (a, z, cube_bow (a, z, c->dim, 1, centre));

      p = c->src == lo ? p : reversed (p);
      add_shape (b, id, &p, 1);
    }
}

/* How far a necklace bows beyond its base link. */
static double
necklace_bow (double len)
{
  return 0.18 * len + 0.35;
}

/* Base links of dimension 2 and up bow out past the necklaces of the short links. */
static double
necklace_base_bow (Point  a,
                   Point  z,
                   guint  d,
                   double step,
                   Point  centre)
{
  double bow = cube_bow (a, z, d, step, centre);

  return bow == 0 ? 0 : bow + (bow > 0 ? 1 : -1) * necklace_bow (step);
}

/* The necklace of the base edge from b along dimension d: a curve beside the base link,
 * further away from the middle of the figure. */
static Piece
necklace_curve (guint  base,
                guint  d,
                guint  n,
                double step,
                Point  centre)
{
  Point a = cube_position (base, n, step), z = cube_position (base | (1u << d), n, step);
  double len = hypot (z.x - a.x, z.y - a.y);

  return bowed_piece (a, z, necklace_base_bow (a, z, d, step, centre) +
                            outward (a, z, centre) * necklace_bow (len));
}

/* Meraji et al. Fig. 1: the base hypercube laid out as above with room for the longest
 * necklace on its shortest links, each necklace's nodes evenly along its curve. */
static void
build_necklace (Builder *b)
{
  const FlitlabTopology *t = b->topology;
  guint n = flitlab_topology_get_n_dims (t), n_base = 1u << n, k_max = 0, e = 0;
  guint n_nodes = flitlab_topology_get_n_nodes (t);
  g_autofree guint *sizes = g_new0 (guint, (gsize) n_base * n);
  Point centre;
  double step;

  /* Edges are numbered by smaller base vertex, then dimension (flitlab-topology.h). */
  for (guint v = 0; v < n_base; v++)
    for (guint d = 0; d < n; d++)
      if (!(v & (1u << d)))
        {
          sizes[v * n + d] = flitlab_topology_get_necklace_size (t, e++);
          k_max = MAX (k_max, sizes[v * n + d]);
        }
  step = MAX (1.5, 0.9 * (k_max + 1));
  centre = cube_centre (n, step);
  for (guint v = 0; v < n_base; v++)
    add_node (b, v, NODE_BASE, cube_position (v, n, step));
  for (guint v = n_base; v < n_nodes; v++)
    {
      FlitlabNecklaceAddress address = flitlab_topology_get_necklace_address (t, v);
      Piece curve = necklace_curve (address.b, address.d - 1, n, step, centre);
      guint k = sizes[address.b * n + address.d - 1];

      add_node (b, v, NODE_NECKLACE, piece_at (&curve, (double) address.i / (k + 1)));
    }
  for (guint id = 0; id < flitlab_topology_get_n_network_channels (t); id++)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (t, id);
      guint lo = MIN (c->src, c->dst), hi = MAX (c->src, c->dst);
      Piece p;

      if (c->base_link)
        {
          Point a = node_at (b, lo), z = node_at (b, hi);

          p = bowed_piece (a, z, necklace_base_bow (a, z, c->dim, step, centre));
          p = c->src == lo ? p : reversed (p);
        }
      else
        p = line_piece (node_at (b, c->src), node_at (b, c->dst), TRUE, TRUE);
      add_shape (b, id, &p, 1);
    }
}

/* ---- placing ----------------------------------------------------------------------- */

static double
node_radius (const FlitlabTopologyLayout *layout,
             guint                        style)
{
  return style == NODE_BASE ? 1.3 * layout->radius : layout->radius;
}

static void
node_label (const FlitlabTopology *t,
            guint                  node,
            char                  *buf,
            gsize                  size)
{
  FlitlabTopologyFamily family = flitlab_topology_get_family (t);
  guint coords[FLITLAB_TOPOLOGY_MAX_DIMS];

  if (family == FLITLAB_TOPOLOGY_NECKLACE && node >= (1u << flitlab_topology_get_n_dims (t)))
    {
      g_snprintf (buf, size, "%u", flitlab_topology_get_necklace_address (t, node).i);
      return;
    }
  if (family == FLITLAB_TOPOLOGY_HYPERCUBE || family == FLITLAB_TOPOLOGY_NECKLACE)
    {
      /* The address in binary, as the papers write it. */
      guint n = flitlab_topology_get_n_dims (t);

      for (guint d = 0; d < n && d + 1 < size; d++)
        buf[d] = node & (1u << (n - 1 - d)) ? '1' : '0';
      buf[MIN (n, size - 1)] = '\0';
      return;
    }
  flitlab_topology_get_coords (t, node, coords);
  if (is_grid (t) && flitlab_topology_get_n_dims (t) > 1)
    g_snprintf (buf, size, "%u,%u", coords[0], coords[1]);
  else
    g_snprintf (buf, size, "%u", coords[0]);
}

static PangoLayout *
label_layout (cairo_t *cr,
              double   size)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string ("Sans");

  pango_font_description_set_absolute_size (desc, size * PANGO_SCALE);
  pango_layout_set_font_description (layout, desc);
  pango_font_description_free (desc);
  return layout;
}

/* A font size at which every label fits inside its node, or 0; may enlarge the nodes. */
static double
fit_labels (cairo_t               *cr,
            const FlitlabTopology *t,
            FlitlabTopologyLayout *layout)
{
  PangoLayout *text = label_layout (cr, 10);
  double widest = 1, size = 0;

  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const Node *node = &g_array_index (layout->nodes, Node, i);
      char label[32];
      int w, h;

      node_label (t, node->id, label, sizeof label);
      pango_layout_set_text (text, label, -1);
      pango_layout_get_pixel_size (text, &w, &h);
      widest = MAX (widest, w);
    }
  g_object_unref (text);
  for (guint attempt = 0; attempt < 2; attempt++)
    {
      size = MIN (MIN (0.95 * layout->radius, 11), 10 * (2 * layout->radius - 8) / widest);
      if (size >= 6.5)
        return size;
      /* Larger nodes, while they stay clear of their neighbours. */
      layout->radius = MIN (0.3 * layout->unit, 18);
    }
  return 0;
}

static void
place (cairo_t                   *cr,
       const FlitlabTopologyView *view,
       FlitlabTopologyLayout     *layout)
{
  const FlitlabTopology *t = view->topology;
  double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY, s, ox, oy;
  const double pad = 0.55;
  gboolean bidirectional = flitlab_topology_is_bidirectional (t);
  GArray *boxes;

  /* The extent in units: nodes, and the ends and middles of the curves. */
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      Point p = g_array_index (layout->nodes, Node, i).at;

      x0 = MIN (x0, p.x), y0 = MIN (y0, p.y), x1 = MAX (x1, p.x), y1 = MAX (y1, p.y);
    }
  for (guint i = 0; i < layout->shapes->len; i++)
    {
      const Shape *shape = &g_array_index (layout->shapes, Shape, i);

      for (guint j = 0; j < shape->n_pieces; j++)
        {
          const Piece *p = &shape->pieces[j];
          Point q[3] = { p->p0, piece_at (p, 0.5), p->p1 };

          for (guint k = 0; k < 3; k++)
            {
              x0 = MIN (x0, q[k].x), y0 = MIN (y0, q[k].y);
              x1 = MAX (x1, q[k].x), y1 = MAX (y1, q[k].y);
            }
        }
    }
  x0 -= pad, y0 -= pad, x1 += pad, y1 += pad;
  s = MIN ((layout->right - layout->left) / (x1 - x0), (layout->bottom - layout->top) / (y1 - y0));
  s = MIN (s, MAX_UNIT);
  s = MAX (s, 1e-3);
  ox = (layout->left + layout->right) / 2 - s * (x0 + x1) / 2;
  oy = (layout->top + layout->bottom) / 2 - s * (y0 + y1) / 2;

  /* Sizes follow the spacing, within what stays legible. */
  layout->unit = s;
  layout->radius = layout->nodes->len > MAX_ROUND_NODES ? CLAMP (0.12 * s, 1.5, 2.9)
                                                        : CLAMP (0.2 * s, 1.5, 15);
  layout->line_width = CLAMP (0.06 * s, 0.6, 3.2);
  /* The two channels of a link at least 0.6 pixels apart. */
  layout->offset = bidirectional ? MAX (CLAMP (0.085 * s, 0.8, 4.5), (layout->line_width + 0.6) / 2)
                                 : 0;
  layout->gap = CLAMP (0.06 * s, 1, 4);
  layout->arrow = s >= 36 ? CLAMP (0.13 * s, 4, 10) : 0;
  layout->tolerance = MAX (3, layout->line_width / 2 + 2);
  layout->font_size = 0;

  for (guint i = 0; i < layout->nodes->len; i++)
    {
      Node *node = &g_array_index (layout->nodes, Node, i);

      node->at = pt (ox + s * node->at.x, oy + s * node->at.y);
    }
  if (view->node_labels && layout->nodes->len <= MAX_LABELLED_NODES)
    layout->font_size = fit_labels (cr, t, layout);

  boxes = g_array_new (FALSE, FALSE, sizeof (Box));
  for (guint i = 0; i < layout->shapes->len; i++)
    {
      Shape *shape = &g_array_index (layout->shapes, Shape, i);
      const FlitlabChannel *c = flitlab_topology_get_channel (t, shape->id);
      guint src_style = g_array_index (layout->nodes, Node, layout->node_slot[c->src]).style;
      guint dst_style = g_array_index (layout->nodes, Node, layout->node_slot[c->dst]).style;

      layout->shape_slot[shape->id] = i;
      for (guint m = layout->members != NULL ? layout->member_start[i] : 0;
           layout->members != NULL && m < layout->member_start[i + 1]; m++)
        layout->shape_slot[layout->members[m]] = i;
      for (guint j = 0; j < shape->n_pieces; j++)
        {
          Piece *p = &shape->pieces[j];
          double len, t0, t1, d0, d1;
          guint n_segments;
          Point prev;

          p->p0 = pt (ox + s * p->p0.x, oy + s * p->p0.y);
          p->c = pt (ox + s * p->c.x, oy + s * p->c.y);
          p->p1 = pt (ox + s * p->p1.x, oy + s * p->p1.y);
          piece_shift (p, layout->offset);
          len = MAX (piece_length (p), 1e-6);
          d0 = p->trim0 ? node_radius (layout, src_style) + layout->gap : 0;
          d1 = p->trim1 ? node_radius (layout, dst_style) + layout->gap : 0;
          t0 = d0 / len;
          t1 = 1 - d1 / len;
          if (t1 - t0 < 0.1)
            t0 = 0.45, t1 = 0.55;
          *p = piece_part (p, t0, t1);

          /* Straight segments for hit-testing, an even number so the middle is a vertex. */
          n_segments = p->curved ? 2 * CLAMP ((guint) ceil (piece_length (p) / 16), 1, 32) : 1;
          prev = p->p0;
          for (guint k = 1; k <= n_segments; k++)
            {
              Point next = piece_at (p, (double) k / n_segments);
              Segment seg = { prev.x, prev.y, next.x, next.y, i };
              double tol = layout->tolerance;
              Box box = { MIN (prev.x, next.x) - tol, MIN (prev.y, next.y) - tol,
                          MAX (prev.x, next.x) + tol, MAX (prev.y, next.y) + tol };

              g_array_append_val (layout->segments, seg);
              g_array_append_val (boxes, box);
              prev = next;
            }
        }
      shape->middle = piece_at (&shape->pieces[0], 0.5);
    }
  grid_build (&layout->segment_grid, layout->width, layout->height,
              MAX (2 * layout->tolerance, 0.5 * s),
              (const Box *) boxes->data, boxes->len);

  g_array_set_size (boxes, 0);
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const Node *node = &g_array_index (layout->nodes, Node, i);
      double r = MAX (node_radius (layout, node->style), 4) + 1;
      Box box = { node->at.x - r, node->at.y - r, node->at.x + r, node->at.y + r };

      g_array_append_val (boxes, box);
    }
  grid_build (&layout->node_grid, layout->width, layout->height, MAX (8, 0.5 * s),
              (const Box *) boxes->data, boxes->len);
  g_array_unref (boxes);
}

static FlitlabTopologyLayout *
layout_new (cairo_t             *cr,
            FlitlabTopologyView *view,
            double               width,
            double               height)
{
  FlitlabTopologyLayout *layout = g_new0 (FlitlabTopologyLayout, 1);
  const FlitlabTopology *t = view->topology;
  guint n_nodes = flitlab_topology_get_n_nodes (t);
  guint n_network = flitlab_topology_get_n_network_channels (t);
  Builder b = { t, layout };

  layout->width = width;
  layout->height = height;
  layout->plane = view->plane;
  layout->with_bar = with_bar (view);
  layout->title_lines = title_lines (view);
  layout->node_labels = view->node_labels;
  layout->left = 16;
  layout->right = width - (layout->with_bar ? 104 : 16);
  /* Room for the title and the subtitle under it. */
  layout->top = layout->title_lines == 0 ? 16 : layout->title_lines == 1 ? 36 : 52;
  layout->bottom = height - 16;
  layout->right = MAX (layout->right, layout->left + 1);
  layout->bottom = MAX (layout->bottom, layout->top + 1);

  layout->nodes = g_array_new (FALSE, FALSE, sizeof (Node));
  layout->shapes = g_array_new (FALSE, FALSE, sizeof (Shape));
  layout->segments = g_array_new (FALSE, FALSE, sizeof (Segment));
  layout->node_slot = g_new (int, n_nodes);
  layout->shape_slot = g_new (int, n_network);
  memset (layout->node_slot, 0xff, sizeof (int) * n_nodes);
  memset (layout->shape_slot, 0xff, sizeof (int) * n_network);

  switch (flitlab_topology_get_family (t))
    {
    case FLITLAB_TOPOLOGY_HYPERCUBE:
      build_hypercube (&b);
      break;
    case FLITLAB_TOPOLOGY_NECKLACE:
      build_necklace (&b);
      break;
    case FLITLAB_TOPOLOGY_TORUS:
    case FLITLAB_TOPOLOGY_MESH:
    default:
      if (is_grid (t))
        build_grid (&b, view->plane);
      else
        build_ring (&b);
      break;
    }
  place (cr, view, layout);
  return layout;
}

/* ---- drawing ----------------------------------------------------------------------- */

static void
path_piece (cairo_t     *cr,
            const Piece *p)
{
  cairo_move_to (cr, p->p0.x, p->p0.y);
  if (p->curved)
    /* The quadratic as the cubic cairo draws. */
    cairo_curve_to (cr,
                    p->p0.x + 2.0 / 3 * (p->c.x - p->p0.x), p->p0.y + 2.0 / 3 * (p->c.y - p->p0.y),
                    p->p1.x + 2.0 / 3 * (p->c.x - p->p1.x), p->p1.y + 2.0 / 3 * (p->c.y - p->p1.y),
                    p->p1.x, p->p1.y);
  else
    cairo_line_to (cr, p->p1.x, p->p1.y);
}

/* A channel's line and arrowhead, for one stroke: one SVG path element. */
static void
draw_shape (cairo_t                     *cr,
            const FlitlabTopologyLayout *layout,
            const Shape                 *shape)
{
  for (guint j = 0; j < shape->n_pieces; j++)
    path_piece (cr, &shape->pieces[j]);
  if (layout->arrow > 0)
    {
      const Piece *p = &shape->pieces[shape->n_pieces - 1];
      Point from = p->curved ? p->c : p->p0;
      double dx = p->p1.x - from.x, dy = p->p1.y - from.y, len = hypot (dx, dy);
      double a = layout->arrow, w = 0.4 * layout->arrow;

      if (len > 1e-9)
        {
          dx /= len, dy /= len;
          cairo_move_to (cr, p->p1.x, p->p1.y);
          cairo_line_to (cr, p->p1.x - a * dx - w * dy, p->p1.y - a * dy + w * dx);
          cairo_line_to (cr, p->p1.x - a * dx + w * dy, p->p1.y - a * dy - w * dx);
          cairo_close_path (cr);
        }
    }
}

/* The channels shape i is drawn for: its own, or a grouped hypercube's link's. */
static guint
shape_members (const FlitlabTopologyLayout *layout,
               guint                        i,
               const guint                **members)
{
  const Shape *shape = &g_array_index (layout->shapes, Shape, i);

  if (layout->members == NULL)
    {
      *members = &shape->id;
      return 1;
    }
  *members = layout->members + layout->member_start[i];
  return layout->member_start[i + 1] - layout->member_start[i];
}

/* The value shape i is coloured by: its channel's, or the mean of its channels' finite ones
 * (NaN when none is). */
static double
shape_mean (const FlitlabTopologyView *view,
            guint                      i)
{
  const guint *members;
  guint n = shape_members (view->layout, i, &members), counted = 0;
  double sum = 0;

  if (view->values == NULL)
    return NAN;
  for (guint m = 0; m < n; m++)
    if (isfinite (view->values[members[m]]))
      {
        sum += view->values[members[m]];
        counted++;
      }
  return n == 1 ? view->values[members[0]] : counted > 0 ? sum / counted : NAN;
}

/* As shape_mean(), the means of grouped links taken once per render (a 16-cube has a
 * million channels). */
static double
shape_value (const FlitlabTopologyView *view,
             guint                      i)
{
  if (view->layout->means != NULL)
    return view->layout->means[i];
  return shape_mean (view, i);
}

static void
value_range (const FlitlabTopologyView *view,
             double                    *lo,
             double                    *hi)
{
  guint n_network = flitlab_topology_get_n_network_channels (view->topology);
  double min = INFINITY, max = -INFINITY;
  /* A grouped hypercube: the range of the means drawn; else of every network channel's
   * value (a 3D torus keeps one scale for all its planes). */
  guint n = view->layout->members != NULL ? view->layout->shapes->len : n_network;

  for (guint i = 0; view->values != NULL && i < n; i++)
    {
      double v = view->layout->members != NULL ? shape_value (view, i) : view->values[i];

      if (isfinite (v))
        {
          min = MIN (min, v);
          max = MAX (max, v);
        }
    }
  *lo = isfinite (view->value_min) ? view->value_min : min;
  *hi = isfinite (view->value_max) ? view->value_max : max;
  if (!isfinite (*lo) || !isfinite (*hi))
    *lo = 0, *hi = 1;
  /* Values all alike: a range from zero to them shows their level. */
  if (!(*hi > *lo))
    {
      double v = *lo;

      *lo = MIN (v, 0);
      *hi = MAX (v, 0);
      if (!(*hi > *lo))
        *hi = *lo + 1;
    }
}

/* A dot where a marked channel ends: the header blocked there. Filled, so an SVG keeps one
 * stroked path per channel. */
static void
draw_marks (cairo_t                   *cr,
            const FlitlabTopologyView *view)
{
  const FlitlabTopologyLayout *layout = view->layout;

  if (view->marks == NULL)
    return;
  cairo_set_source_rgb (cr, 0.84, 0.1, 0.1);
  for (guint i = 0; i < layout->shapes->len; i++)
    {
      const Shape *shape = &g_array_index (layout->shapes, Shape, i);
      const guint *members;
      guint n = shape_members (layout, i, &members);
      gboolean marked = FALSE;
      const Piece *end;

      for (guint m = 0; m < n; m++)
        marked |= members[m] < view->n_colors && view->marks[members[m]];
      if (!marked || shape->n_pieces == 0)
        continue;
      end = &shape->pieces[shape->n_pieces - 1];
      cairo_new_sub_path (cr);
      cairo_arc (cr, end->p1.x, end->p1.y, 1.2 * layout->line_width + 2, 0, 2 * G_PI);
    }
  cairo_fill (cr);
}

/* A channel's colour, width and opacity as drawn (route: the bold pass or the dimmed one). */
static void
channel_style (const FlitlabTopologyView *view,
               guint                      i,
               gboolean                   route,
               gboolean                   bold,
               double                     lo,
               double                     hi,
               double                    *rgb,
               double                    *width,
               double                    *alpha)
{
  double line_width = view->layout->line_width;
  const guint *members;
  guint n = shape_members (view->layout, i, &members);

  rgb[0] = rgb[1] = rgb[2] = 0.3;
  *width = (bold ? 1.7 : 1) * line_width;
  if (view->colors != NULL && members[0] < view->n_colors)
    {
      guint32 color = FLITLAB_TOPOLOGY_VIEW_IDLE;

      /* A grouped link shows the first of its channels that is held. */
      for (guint m = 0; m < n && color == FLITLAB_TOPOLOGY_VIEW_IDLE; m++)
        if (members[m] < view->n_colors)
          color = view->colors[members[m]];

      /* Idle channels step back so the worms stand out. */
      if (color == FLITLAB_TOPOLOGY_VIEW_IDLE)
        rgb[0] = rgb[1] = rgb[2] = 0.8;
      else
        {
          rgb[0] = ((color >> 16) & 0xff) / 255.0;
          rgb[1] = ((color >> 8) & 0xff) / 255.0;
          rgb[2] = (color & 0xff) / 255.0;
        }
      *width *= color == FLITLAB_TOPOLOGY_VIEW_IDLE ? 1.0 : 2.0;
    }
  else if (view->values != NULL)
    flitlab_colormap_viridis (shape_value (view, i), lo, hi, &rgb[0], &rgb[1], &rgb[2]);
  *alpha = route && !bold ? 0.25 : 1;
}

/* The channels as hairlines straight into the image under cr, if it is one and they are thin
 * enough; FALSE: draw them with cairo. Quadratic pieces become chords at most a quarter of
 * a pixel off the curve, as cairo's tolerance below. */
static gboolean
draw_hairlines (cairo_t                   *cr,
                const FlitlabTopologyView *view,
                const gboolean            *on_route,
                double                     lo,
                double                     hi)
{
  const FlitlabTopologyLayout *layout = view->layout;
  FlitlabHairline target;
  GArray *lines;
  cairo_matrix_t m;
  double sx, sy, ox, oy, ax, bx, ay, by, widest;
  gboolean route = on_route != NULL;

  if (layout->shapes->len < MIN_HAIRLINE_CHANNELS || layout->arrow > 0)
    return FALSE;
  cairo_get_matrix (cr, &m);
  cairo_surface_get_device_scale (cairo_get_group_target (cr), &sx, &sy);
  /* The widest line: bold on a route, doubled when held in the animation. */
  widest = layout->line_width * (route ? 1.7 : 1) * (view->colors != NULL ? 2 : 1) *
           MAX (fabs (m.xx * sx), fabs (m.yy * sy));
  if (widest > 4 || !flitlab_hairline_begin (cr, &target))
    return FALSE;
  /* User space to the image's pixels: the CTM, then the device scale and offset. */
  cairo_surface_get_device_offset (cairo_get_group_target (cr), &ox, &oy);
  ax = m.xx * sx, bx = m.x0 * sx + ox;
  ay = m.yy * sy, by = m.y0 * sy + oy;
  lines = g_array_sized_new (FALSE, FALSE, sizeof (FlitlabHairlineSegment), 4 * layout->shapes->len);
  for (guint pass = 0; pass < (route ? 2u : 1u); pass++)
    for (guint i = 0; i < layout->shapes->len; i++)
      {
        const Shape *shape = &g_array_index (layout->shapes, Shape, i);
        gboolean bold = pass == 1;
        double rgb[3], width, alpha;
        guint32 packed;

        if (route && on_route[i] != bold)
          continue;
        channel_style (view, i, route, bold, lo, hi, rgb, &width, &alpha);
        packed = ((guint32) (rgb[0] * 255 + 0.5) << 16) | ((guint32) (rgb[1] * 255 + 0.5) << 8) |
                 (guint32) (rgb[2] * 255 + 0.5);
        width *= MAX (fabs (ax), fabs (ay));
        for (guint j = 0; j < shape->n_pieces; j++)
          {
            const Piece *p = &shape->pieces[j];
            /* A quadratic is at most |p0 - 2c + p1|/4 off its chord, n chords n^2 times less. */
            double off = p->curved ? hypot (ax * (p->p0.x - 2 * p->c.x + p->p1.x),
                                            ay * (p->p0.y - 2 * p->c.y + p->p1.y)) / 4 : 0;
            guint n = (guint) CLAMP (ceil (sqrt (off / 0.25)), 1, 64);
            Point prev = p->p0;

            for (guint k = 1; k <= n; k++)
              {
                Point next = k == n ? p->p1 : piece_at (p, (double) k / n);

                FlitlabHairlineSegment line = { ax * prev.x + bx, ay * prev.y + by,
                                                ax * next.x + bx, ay * next.y + by,
                                                width, alpha, packed };

                g_array_append_val (lines, line);
                prev = next;
              }
          }
      }
  flitlab_hairline_draw (&target, (const FlitlabHairlineSegment *) lines->data, lines->len);
  flitlab_hairline_end (cr);
  g_array_unref (lines);
  return TRUE;
}

static void
draw_channels (cairo_t                   *cr,
               const FlitlabTopologyView *view,
               double                     lo,
               double                     hi)
{
  const FlitlabTopologyLayout *layout = view->layout;
  g_autofree gboolean *on_route = NULL;
  gboolean route = view->route->len > 0;

  if (route)
    {
      /* By shape: a grouped link is on the route when one of its channels is. */
      on_route = g_new0 (gboolean, layout->shapes->len);
      for (guint i = 0; i < view->route->len; i++)
        {
          int slot = layout->shape_slot[g_array_index (view->route, guint, i)];

          if (slot >= 0)
            on_route[slot] = TRUE;
        }
    }
  if (draw_hairlines (cr, view, on_route, lo, hi))
    {
      draw_marks (cr, view);
      return;
    }
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  /* A quarter of a pixel off the true curve cannot be seen, and long arcs flatten into
   * fewer pieces: a 10-cube draws 10% faster. */
  cairo_set_tolerance (cr, 0.25);
  /* The route last, on top of the rest. A stroke per channel, even on pixels: merging
   * channels of one colour into one stroke was slower (bench/bench-render-topology.c). */
  for (guint pass = 0; pass < (route ? 2u : 1u); pass++)
    {
      gboolean bold = pass == 1;

      for (guint i = 0; i < layout->shapes->len; i++)
        {
          const Shape *shape = &g_array_index (layout->shapes, Shape, i);
          double rgb[3], width, alpha;

          if (route && on_route[i] != bold)
            continue;
          channel_style (view, i, route, bold, lo, hi, rgb, &width, &alpha);
          cairo_set_line_width (cr, width);
          cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], alpha);
          draw_shape (cr, layout, shape);
          cairo_stroke (cr);
        }
    }
  draw_marks (cr, view);
}

static void
draw_nodes (cairo_t                   *cr,
            const FlitlabTopologyView *view)
{
  const FlitlabTopologyLayout *layout = view->layout;
  /* Fill and rim per style: plain white, base vertex dark, necklace node light grey. */
  static const double fill[3] = { 1.0, 0.2, 0.8 };
  double rim = CLAMP (0.15 * layout->radius, 0.8, 1.6);
  PangoLayout *text;

  /* All the nodes of a style in one path: two fills, rim then inside. */
  for (guint style = NODE_PLAIN; style <= NODE_NECKLACE; style++)
    {
      double r = node_radius (layout, style);
      gboolean solid = style == NODE_BASE || r < 3;

      for (guint pass = 0; pass < (solid ? 1u : 2u); pass++)
        {
          gboolean any = FALSE;

          for (guint i = 0; i < layout->nodes->len; i++)
            {
              const Node *node = &g_array_index (layout->nodes, Node, i);

              if (node->style != style)
                continue;
              cairo_new_sub_path (cr);
              cairo_arc (cr, node->at.x, node->at.y, pass == 0 ? r : r - rim, 0, 2 * G_PI);
              any = TRUE;
            }
          if (!any)
            break;
          if (pass == 0)
            cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
          else
            cairo_set_source_rgb (cr, fill[style], fill[style], fill[style]);
          cairo_fill (cr);
        }
    }

  if (layout->font_size <= 0)
    return;
  text = label_layout (cr, layout->font_size);
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const Node *node = &g_array_index (layout->nodes, Node, i);
      char label[32];
      PangoRectangle ink, logical;
      double shade = node->style == NODE_BASE ? 1 : 0.1;

      node_label (view->topology, node->id, label, sizeof label);
      pango_layout_set_text (text, label, -1);
      pango_layout_get_pixel_extents (text, &ink, &logical);
      cairo_set_source_rgb (cr, shade, shade, shade);
      /* Centred on the digits' ink, not the line's, so they sit in the middle of the disc. */
      cairo_move_to (cr, node->at.x - logical.width / 2.0, node->at.y - ink.y - ink.height / 2.0);
      pango_cairo_show_layout (cr, text);
    }
  g_object_unref (text);
}

static char *
format_value (double value,
              double step)
{
  int decimals = step >= 1 ? 0 : (int) ceil (-log10 (step) - 1e-9);

  return g_strdup_printf ("%.*f", CLAMP (decimals, 0, 8), value);
}

/* Viridis from lo (bottom) to hi (top), ticks at round numbers, the ends labelled. */
static void
draw_color_bar (cairo_t                   *cr,
                const FlitlabTopologyView *view,
                double                     lo,
                double                     hi,
                double                     x,
                double                     y,
                double                     h)
{
  double w = 14, ticks[12], step;
  gboolean with_missing = FALSE;
  cairo_pattern_t *gradient = cairo_pattern_create_linear (0, y + h, 0, y);
  const char *caption = view->value_label != NULL ? view->value_label : "Value";
  guint n;

  /* Viridis is linear between these eleven stops, so the gradient is exact. */
  for (guint i = 0; i <= 10; i++)
    {
      double r, g, b;

      flitlab_colormap_viridis (lo + (hi - lo) * i / 10, lo, hi, &r, &g, &b);
      cairo_pattern_add_color_stop_rgb (gradient, i / 10.0, r, g, b);
    }
  cairo_set_source (cr, gradient);
  cairo_rectangle (cr, x, y, w, h);
  cairo_fill (cr);
  cairo_pattern_destroy (gradient);

  /* The frame and the ticks are filled, not stroked: strokes are channels only. */
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_rectangle (cr, x - 1, y - 1, w + 2, h + 2);
  cairo_rectangle (cr, x, y, w, h);
  cairo_fill (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);

  n = flitlab_plot_nice_ticks (lo, hi, 6, ticks);
  step = n > 1 ? ticks[1] - ticks[0] : hi - lo;
  for (guint i = 0; i <= n + 1; i++)
    {
      /* The ends first, then the round numbers not too close to them. */
      double v = i == 0 ? lo : i == 1 ? hi : ticks[i - 2], ty = y + h - (v - lo) / (hi - lo) * h;
      g_autofree char *label = NULL;

      if (i >= 2 && (fabs (ty - y) < 16 || fabs (ty - y - h) < 16))
        continue;
      /* The ends to three digits (0.835), the ticks to their step's (0.2, 0.4). */
      label = i < 2 ? g_strdup_printf ("%.3g", v) : format_value (v, step);
      cairo_rectangle (cr, x + w, ty - 0.5, 4, 1);
      cairo_fill (cr);
      flitlab_render_text (cr, label, "Sans 9", x + w + 6, ty, 0, 0.5, 0);
    }
  flitlab_render_text (cr, caption, "Sans 10", x + 76, y + h / 2, 0.5, 0.5, G_PI / 2);

  for (guint i = 0; i < view->layout->shapes->len && !with_missing; i++)
    with_missing = isnan (shape_value (view, i));

  if (with_missing)
    {
      double r, g, b;

      flitlab_colormap_viridis (NAN, lo, hi, &r, &g, &b);
      cairo_set_source_rgb (cr, r, g, b);
      cairo_rectangle (cr, x, y + h + 14, w, 10);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      flitlab_render_text (cr, "no value", "Sans 9", x + w + 6, y + h + 19, 0, 0.5, 0);
    }
}

static void
draw_title (cairo_t                   *cr,
            const FlitlabTopologyView *view,
            double                     width)
{
  g_autofree char *title = view->title != NULL ? g_strdup (view->title)
                                               : flitlab_topology_dup_title (view->topology);
  g_autofree char *subtitle = dup_subtitle (view);

  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  flitlab_render_text_within (cr, title, "Sans Bold 11", width / 2, 10, 0.5, 0, width - 16);
  if (subtitle != NULL)
    {
      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      flitlab_render_text_within (cr, subtitle, "Sans 9", width / 2, 30, 0.5, 0, width - 16);
    }
}

static void
draw_problem (cairo_t    *cr,
              const char *message,
              double      width,
              double      height)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string ("Sans 10");
  int w, h;

  pango_layout_set_font_description (layout, desc);
  pango_layout_set_width (layout, (int) MAX (width - 40, 10) * PANGO_SCALE);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_text (layout, message, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
  cairo_move_to (cr, 20, (height - h) / 2);
  pango_cairo_show_layout (cr, layout);
  pango_font_description_free (desc);
  g_object_unref (layout);
}

void
flitlab_render_topology (cairo_t             *cr,
                         FlitlabTopologyView *view,
                         double               width,
                         double               height)
{
  g_autoptr(GError) error = NULL;
  FlitlabTopologyLayout *layout;
  double lo = 0, hi = 1;

  g_return_if_fail (cr != NULL && view != NULL);

  cairo_save (cr);
  if (!view->layer)
    {
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_fill (cr);
    }

  if (!flitlab_topology_view_check (view, &error))
    {
      g_clear_pointer (&view->layout, layout_free);
      draw_problem (cr, error->message, width, height);
      cairo_restore (cr);
      return;
    }

  layout = view->layout;
  if (layout == NULL || layout->width != width || layout->height != height ||
      layout->plane != view->plane || layout->with_bar != with_bar (view) ||
      layout->title_lines != title_lines (view) || layout->node_labels != view->node_labels)
    {
      g_clear_pointer (&view->layout, layout_free);
      view->layout = layout = layout_new (cr, view, width, height);
    }

  g_clear_pointer (&layout->means, g_free);
  if (view->values != NULL && layout->members != NULL)
    {
      double *means = g_new (double, layout->shapes->len);

      for (guint i = 0; i < layout->shapes->len; i++)
        means[i] = shape_mean (view, i);
      layout->means = means;
    }
  if (view->values != NULL)
    value_range (view, &lo, &hi);
  if (layout->title_lines > 0)
    draw_title (cr, view, width);
  draw_channels (cr, view, lo, hi);
  draw_nodes (cr, view);
  if (with_bar (view))
    {
      double area = layout->bottom - layout->top, h = CLAMP (0.6 * area, 60, 360);

      draw_color_bar (cr, view, lo, hi, width - 88, layout->top + (area - h) / 2, h);
    }
  cairo_restore (cr);
}

void
flitlab_topology_view_draw_color_bar (cairo_t                   *cr,
                                      const FlitlabTopologyView *view,
                                      double                     x,
                                      double                     y,
                                      double                     height)
{
  double lo, hi;

  g_return_if_fail (cr != NULL && view != NULL);

  if (view->values == NULL || view->layout == NULL)
    return;
  value_range (view, &lo, &hi);
  cairo_save (cr);
  draw_color_bar (cr, view, lo, hi, x, y, height);
  cairo_restore (cr);
}

/* ---- hit-testing ------------------------------------------------------------------- */

static double
segment_distance2 (const Segment *s,
                   double         x,
                   double         y)
{
  double dx = s->x1 - s->x0, dy = s->y1 - s->y0, len2 = dx * dx + dy * dy, t = 0, px, py;

  if (len2 > 0)
    t = CLAMP (((x - s->x0) * dx + (y - s->y0) * dy) / len2, 0, 1);
  px = s->x0 + t * dx - x;
  py = s->y0 + t * dy - y;
  return px * px + py * py;
}

int
flitlab_topology_view_hit_channel (const FlitlabTopologyView *view,
                                   double                     x,
                                   double                     y)
{
  const FlitlabTopologyLayout *layout;
  const guint *items = NULL;
  guint n;
  double best;
  int hit = -1;

  g_return_val_if_fail (view != NULL, -1);

  layout = view->layout;
  if (layout == NULL)
    return -1;
  best = layout->tolerance * layout->tolerance;
  n = grid_lookup (&layout->segment_grid, x, y, &items);
  for (guint i = 0; i < n; i++)
    {
      const Segment *seg = &g_array_index (layout->segments, Segment, items[i]);
      double d2 = segment_distance2 (seg, x, y);

      if (d2 < best || (hit < 0 && d2 <= best))
        {
          best = d2;
          hit = (int) g_array_index (layout->shapes, Shape, seg->shape).id;
        }
    }
  return hit;
}

int
flitlab_topology_view_hit_node (const FlitlabTopologyView *view,
                                double                     x,
                                double                     y)
{
  const FlitlabTopologyLayout *layout;
  const guint *items = NULL;
  guint n;
  double best = INFINITY;
  int hit = -1;

  g_return_val_if_fail (view != NULL, -1);

  layout = view->layout;
  if (layout == NULL)
    return -1;
  n = grid_lookup (&layout->node_grid, x, y, &items);
  for (guint i = 0; i < n; i++)
    {
      const Node *node = &g_array_index (layout->nodes, Node, items[i]);
      double r = MAX (node_radius (layout, node->style), 4) + 1;
      double d2 = (node->at.x - x) * (node->at.x - x) + (node->at.y - y) * (node->at.y - y);

      if (d2 <= r * r && d2 < best)
        {
          best = d2;
          hit = (int) node->id;
        }
    }
  return hit;
}

gboolean
flitlab_topology_view_get_node_position (const FlitlabTopologyView *view,
                                         guint                      node,
                                         double                    *x,
                                         double                    *y)
{
  const Node *drawn;

  g_return_val_if_fail (view != NULL && x != NULL && y != NULL, FALSE);

  if (view->layout == NULL || node >= flitlab_topology_get_n_nodes (view->topology) ||
      view->layout->node_slot[node] < 0)
    return FALSE;
  drawn = &g_array_index (view->layout->nodes, Node, view->layout->node_slot[node]);
  *x = drawn->at.x;
  *y = drawn->at.y;
  return TRUE;
}

double
flitlab_topology_view_get_drawn_value (const FlitlabTopologyView *view,
                                       guint                      channel)
{
  g_return_val_if_fail (view != NULL, NAN);

  if (view->layout == NULL || view->values == NULL ||
      channel >= flitlab_topology_get_n_network_channels (view->topology) ||
      view->layout->shape_slot[channel] < 0)
    return NAN;
  return shape_mean (view, (guint) view->layout->shape_slot[channel]);
}

gboolean
flitlab_topology_view_get_channel_middle (const FlitlabTopologyView *view,
                                          guint                      channel,
                                          double                    *x,
                                          double                    *y)
{
  const Shape *shape;

  g_return_val_if_fail (view != NULL && x != NULL && y != NULL, FALSE);

  if (view->layout == NULL || channel >= flitlab_topology_get_n_network_channels (view->topology) ||
      view->layout->shape_slot[channel] < 0)
    return FALSE;
  shape = &g_array_index (view->layout->shapes, Shape, view->layout->shape_slot[channel]);
  *x = shape->middle.x;
  *y = shape->middle.y;
  return TRUE;
}

guint
flitlab_topology_view_get_n_drawn_channels (const FlitlabTopologyView *view)
{
  g_return_val_if_fail (view != NULL, 0);

  return view->layout != NULL ? view->layout->shapes->len : 0;
}

/* ---- files ------------------------------------------------------------------------- */

static void
draw_view (cairo_t  *cr,
           double    width,
           double    height,
           gpointer  data)
{
  flitlab_render_topology (cr, data, width, height);
}

gboolean
flitlab_render_topology_to_file (FlitlabTopologyView  *view,
                                 const char           *path,
                                 double                width,
                                 double                height,
                                 double                scale,
                                 GError              **error)
{
  g_return_val_if_fail (view != NULL && path != NULL, FALSE);

  return flitlab_topology_view_check (view, error) &&
         flitlab_render_to_file (path, width, height, scale, draw_view, view, error);
}

/* ---- a stack of planes ------------------------------------------------------------ */

/* The planes of the third dimension stacked in an isometric projection, plane 0 at the bottom,
 * each a layer of the same drawing. A plane's x axis runs down to the right at 30 degrees, its
 * y axis down to the left; each plane is veiled a little, so the ones under it show through
 * dimmer. The layout kept is the last plane's: hit-tests answer for one plane only. */
void
flitlab_render_topology_stack (cairo_t             *cr,
                               FlitlabTopologyView *view,
                               double               width,
                               double               height)
{
  const double cos30 = 0.8660254037844386, rise = 0.4, margin = 16;
  gboolean titled = view->title == NULL || view->title[0] != '\0', labels;
  double top = titled ? 52 : 16, room_w = width - 130, room_h = height - top - 16, side, left, bottom;
  guint n, shown;

  g_return_if_fail (cr != NULL && view != NULL);

  n = flitlab_topology_view_get_n_planes (view);
  shown = view->plane;
  labels = view->node_labels;
  /* A square plane of side s is a diamond 2 s cos 30 wide and s tall; each plane rises 0.4 s
   * above the one under it, so its back half covers that one's front. */
  side = MAX (MIN (room_w / (2 * cos30), room_h / (1 + rise * (MAX (n, 1) - 1))), 1);
  left = 20 + (room_w - 2 * side * cos30) / 2;
  bottom = top + side * (1 + rise * (n - 1));

  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  if (titled)
    {
      g_autofree char *title = view->title != NULL ? g_strdup (view->title)
                                                   : flitlab_topology_dup_title (view->topology);
      g_autofree char *subtitle = g_strdup_printf ("all %u planes of the third dimension, plane 0 at the "
                                                   "bottom; links between planes not drawn", n);

      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      flitlab_render_text_within (cr, title, "Sans Bold 11", width / 2, 10, 0.5, 0, width - 16);
      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      flitlab_render_text_within (cr, subtitle, "Sans 9", width / 2, 30, 0.5, 0, width - 16);
    }
  view->layer = TRUE;
  view->node_labels = FALSE;
  for (guint p = 0; p < n; p++)
    {
      cairo_matrix_t isometric;

      cairo_save (cr);
      /* The plane's corner (0, 0) is the diamond's top: side cos 30 in from the left. */
      cairo_translate (cr, left + side * cos30, bottom - side - p * rise * side);
      cairo_matrix_init (&isometric, cos30, 0.5, -cos30, 0.5, 0, 0);
      cairo_transform (cr, &isometric);
      cairo_set_source_rgba (cr, 1, 1, 1, 0.7);
      cairo_rectangle (cr, 0, 0, side, side);
      cairo_fill (cr);
      view->plane = p;
      /* The renderer keeps a margin round a figure: here the plane's edge is the figure's. */
      cairo_translate (cr, -margin, -margin);
      flitlab_render_topology (cr, view, side + 2 * margin, side + 2 * margin);
      cairo_restore (cr);
    }
  view->plane = shown;
  view->layer = FALSE;
  view->node_labels = labels;
  flitlab_topology_view_draw_color_bar (cr, view, width - 100, top + 0.15 * room_h, 0.7 * room_h);
  cairo_restore (cr);
}

static void
draw_stack (cairo_t  *cr,
            double    width,
            double    height,
            gpointer  data)
{
  flitlab_render_topology_stack (cr, data, width, height);
}

gboolean
flitlab_render_topology_stack_to_file (FlitlabTopologyView  *view,
                                       const char           *path,
                                       double                width,
                                       double                height,
                                       double                scale,
                                       GError              **error)
{
  g_return_val_if_fail (view != NULL && path != NULL, FALSE);

  if (!flitlab_topology_view_check (view, error))
    return FALSE;
  if (flitlab_topology_view_get_n_planes (view) < 2)
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID,
                   "Only a network of three or more dimensions has planes to stack");
      return FALSE;
    }
  return flitlab_render_to_file (path, width, height, scale, draw_stack, view, error);
}
