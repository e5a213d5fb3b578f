/* flitlab-topology-layout.c: the network laid out in units, then placed on the figure
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-render-topology-private.h"
#include "flitlab-topology-geometry-private.h"

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

/* The links from a plane to the planes above and below it: a short stroke at each node,
 * up and to the right towards the next plane of dimension 2 and down and to the left towards
 * the one before (dimension 3: up and to the left, down and to the right). A channel leaving
 * the plane runs from the node out, one arriving from the stroke's tip in, so the two
 * channels of a link are two parallel strokes as in the plane; the diagonals stay clear of
 * the links along the rows and columns. */
static Point
stub_direction (guint dim,
                int   side)
{
  return dim == 2 ? pt (side * STUB_LENGTH * G_SQRT2 / 2, -side * STUB_LENGTH * G_SQRT2 / 2)
                  : pt (-side * STUB_LENGTH * G_SQRT2 / 2, -side * STUB_LENGTH * G_SQRT2 / 2);
}

static void
add_plane_stubs (Builder *b)
{
  const FlitlabTopology *t = b->topology;
  guint n_network = flitlab_topology_get_n_network_channels (t);

  if (flitlab_topology_get_n_dims (t) < 3)
    return;
  for (guint id = 0; id < n_network; id++)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (t, id);
      gboolean out = b->layout->node_slot[c->src] >= 0, in = b->layout->node_slot[c->dst] >= 0;
      Point a, tip;
      Piece p;

      if (c->dim < 2 || c->dim > MAX_STUB_DIM || out == in)
        continue;
      /* Leaving: towards its plane; arriving: from the plane it comes from. */
      a = node_at (b, out ? c->src : c->dst);
      tip = move (a, stub_direction (c->dim, out ? c->direction : -c->direction), 1, pt (0, 0), 0);
      p = out ? line_piece (a, tip, TRUE, FALSE) : line_piece (tip, a, FALSE, TRUE);
      add_shape (b, id, &p, 1);
    }
}

/* Tori and meshes: a k0 × k1 grid, node (c0, c1) at x = c0, y = c1, so node ids read like
 * text. A wrap-around channel leaves the grid at one edge and comes back in at the other:
 * two short arcs bending to the right of travel, which keeps the two directions apart. */
static void
build_grid (Builder *b,
            guint    plane)
{
  const FlitlabTopology *t = b->topology;
  guint k0 = flitlab_topology_get_radix (t, 0), size = flitlab_topology_plane_size (t),
        first = plane * size;

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

/* Vertex v of an n-cube laid out recursively, even dimensions along x and odd along y: the
 * nearest nodes of the two copies joined by level l = d / 2 are step[l] apart. */
static Point
stepped_position (guint         v,
                  guint         n,
                  const double *step)
{
  double offset[MAX_HYPERCUBE_DIMS / 2], span = 0;
  Point p = { 0, 0 };

  for (guint l = 0; l < (n + 1) / 2; l++)
    {
      offset[l] = span + step[l];
      span += offset[l];
    }
  for (guint d = 0; d < n; d++)
    if (v & (1u << d))
      {
        if (d % 2 == 0)
          p.x += offset[d / 2];
        else
          p.y += offset[d / 2];
      }
  return p;
}

/* The hypercube's own layout, after Ciciani et al. Fig. 4 as above but with the room between
 * two copies of a sub-cube growing with the dimension that joins them, so the 4-cubes, 6-cubes
 * and 8-cubes of a large cube stand apart as blocks: the nearest nodes of the two copies
 * joined along x (or y) by level l = d / 2 are 1 + HYPERCUBE_GAP_GROWTH l apart. */
static Point
hypercube_position (guint v,
                    guint n)
{
  double step[MAX_HYPERCUBE_DIMS / 2];

  for (guint l = 0; l < MAX_HYPERCUBE_DIMS / 2; l++)
    step[l] = 1 + HYPERCUBE_GAP_GROWTH * l;
  return stepped_position (v, n, step);
}

/* Links of dimension 2 and up pass over the nodes between their ends: they bow out of the
 * pair of rows (or columns) of dimension 1 (or 0) their ends are in, into the gap beside it,
 * higher dimensions further, so each dimension's links keep apart and read as one family:
 * x links of the pair's upper row upwards, of its lower row downwards; y links of the left
 * column to the left, of the right column to the right. Signed: to the right of a -> z. */
static double
hypercube_bow (Point a,
               Point z,
               guint v,
               guint d)
{
  Point n = right_of (a, z);
  /* Which way out of the pair: -1 up or left, +1 down or right. */
  double out = (v & (1u << (d % 2 == 0 ? 1 : 0))) ? 1 : -1;
  double along = d % 2 == 0 ? n.y : n.x;

  if (d < 2)
    return 0;
  return (along * out > 0 ? 1 : -1) * (0.2 + 0.15 * (d / 2 - 1));
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
  guint n_nodes = flitlab_topology_get_n_nodes (t),
        n_network = flitlab_topology_get_n_network_channels (t);
  guint n_links = n_groups * n, *fill;
  g_autofree int *link_of = g_new (int, n_network);

  for (guint g = 0; g < n_groups; g++)
    add_node (b, g, NODE_PLAIN, hypercube_position (g, n));
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
      const FlitlabChannel *c =
        flitlab_topology_get_channel (t, layout->members[layout->member_start[l]]);
      guint g = l / n, lo = MIN (g, g ^ (1u << c->dim)), hi = MAX (g, g ^ (1u << c->dim));
      Point a = node_at (b, lo), z = node_at (b, hi);
      Piece p = bowed_piece (a, z, hypercube_bow (a, z, lo, c->dim));

      p = g == lo ? p : reversed (p);
      add_shape (b, c->id, &p, 1);
    }
}

/* A tiled hypercube's own layout, tighter than hypercube_position() so that its 1024 nodes
 * read at 1200 × 900: the nearest nodes of the two copies joined along x (or y) by level
 * l = d / 2 are 1, TILE_INNER_STEP (the two 2-cubes of a tile), TILE_PAIR_STEP (two tiles,
 * nothing bows between them) or TILE_BLOCK_STEP (larger blocks, with the lines between tiles
 * bowing in from both sides) apart. */
static Point
tiled_position (guint v,
                guint n)
{
  static const double step[MAX_HYPERCUBE_DIMS / 2] = {
    1, TILE_INNER_STEP, TILE_PAIR_STEP, TILE_BLOCK_STEP, TILE_BLOCK_STEP,
  };

  return stepped_position (v, n, step);
}

/* Where a line between two tiles of a tiled hypercube leaves tile (its first node v) for
 * dimension d: on the tile's edge facing the way the line bows out, at a place of its own
 * for each dimension along that edge; *out gets that way (-1 up or left, +1 down or right). */
static Point
tile_anchor (guint   v,
             guint   d,
             guint   n,
             double *out)
{
  Point lo = tiled_position (v, n), hi = tiled_position (v | ((1u << TILE_DIMS) - 1), n);
  /* Dimensions TILE_DIMS and up across (even) or down (odd): how many, and d's rank. */
  guint n_same = (n - TILE_DIMS + (d % 2 == 0 ? 1 : 0)) / 2, rank = (d - TILE_DIMS) / 2;
  double f = (rank + 1.0) / (n_same + 1.0), pad = TILE_PAD;

  /* Out of the pair of rows (columns) the lowest tile dimension across it pairs. */
  *out = (v & (1u << (d % 2 == 0 ? TILE_DIMS + 1 : TILE_DIMS))) ? 1 : -1;
  if (d % 2 == 0)
    return pt (lo.x + f * (hi.x - lo.x), *out < 0 ? lo.y - pad : hi.y + pad);
  return pt (*out < 0 ? lo.x - pad : hi.x + pad, lo.y + f * (hi.y - lo.y));
}

/* A hypercube of TILED_MIN_DIMS dimensions or more: its nodes as any hypercube's; shapes, one
 * per channel of the dimensions inside the tiles, then one per tile and higher dimension for
 * its 16 channels leaving the tile that way, from edge to edge, bowing out into the gap beside
 * the tiles' row (column), higher dimensions further. */
static void
build_tiled_hypercube (Builder *b)
{
  const FlitlabTopology *t = b->topology;
  FlitlabTopologyLayout *layout = b->layout;
  guint n = flitlab_topology_get_n_dims (t),
        n_network = flitlab_topology_get_n_network_channels (t);
  guint tile_size = 1u << TILE_DIMS, n_tiles = 1u << (n - TILE_DIMS), n_inside = 0, n_shapes, k = 0;
  guint *fill;

  for (guint v = 0; v < (1u << n); v++)
    add_node (b, v, NODE_PLAIN, tiled_position (v, n));
  for (guint id = 0; id < n_network; id++)
    n_inside += flitlab_topology_get_channel (t, id)->dim < TILE_DIMS;
  n_shapes = n_inside + n_tiles * (n - TILE_DIMS);
  layout->member_start = g_new0 (guint, n_shapes + 1);
  layout->members = g_new (guint, n_network);
  for (guint id = 0; id < n_network; id++)
    if (flitlab_topology_get_channel (t, id)->dim < TILE_DIMS)
      {
        layout->member_start[k + 1] = 1;
        k++;
      }
  for (guint l = 0; l < n_tiles * (n - TILE_DIMS); l++)
    layout->member_start[n_inside + l + 1] = tile_size;
  for (guint s = 0; s < n_shapes; s++)
    layout->member_start[s + 1] += layout->member_start[s];
  fill = g_memdup2 (layout->member_start, sizeof (guint) * n_shapes);
  k = 0;
  for (guint id = 0; id < n_network; id++)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (t, id);

      if (c->dim < TILE_DIMS)
        layout->members[fill[k++]++] = id;
      else
        layout->members[fill[n_inside + (c->src >> TILE_DIMS) * (n - TILE_DIMS) + c->dim -
                             TILE_DIMS]++] = id;
    }
  g_free (fill);

  for (guint s = 0; s < n_shapes; s++)
    {
      const FlitlabChannel *c =
        flitlab_topology_get_channel (t, layout->members[layout->member_start[s]]);

      if (s < n_inside)
        {
          guint lo = MIN (c->src, c->dst), hi = MAX (c->src, c->dst);
          Point a = node_at (b, lo), z = node_at (b, hi);
          Piece p = bowed_piece (a, z, hypercube_bow (a, z, lo, c->dim));

          p = c->src == lo ? p : reversed (p);
          add_shape (b, c->id, &p, 1);
        }
      else
        {
          guint from = c->src & ~(tile_size - 1), to = c->dst & ~(tile_size - 1);
          guint lo = MIN (from, to), hi = MAX (from, to), level = (c->dim - TILE_DIMS) / 2;
          double out;
          Point a = tile_anchor (lo, c->dim, n, &out), z = tile_anchor (hi, c->dim, n, &out);
          Point right = right_of (a, z);
          double along = c->dim % 2 == 0 ? right.y : right.x;
          Piece p =
            bowed_piece (a, z, (along * out > 0 ? 1 : -1) * (TILE_BOW + TILE_BOW_STEP * level));

          /* The ends are on the tiles' edges, not at nodes. */
          p.trim0 = p.trim1 = FALSE;
          p = from == lo ? p : reversed (p);
          add_shape (b, c->id, &p, 1);
        }
    }
}

static void
build_hypercube (Builder *b)
{
  const FlitlabTopology *t = b->topology;
  guint n = flitlab_topology_get_n_dims (t);

  if (flitlab_topology_group_size (t) > 1)
    {
      build_grouped_hypercube (b);
      return;
    }
  if (flitlab_topology_is_tiled (t))
    {
      build_tiled_hypercube (b);
      return;
    }

  for (guint v = 0; v < (1u << n); v++)
    add_node (b, v, NODE_PLAIN, hypercube_position (v, n));
  for (guint id = 0; id < flitlab_topology_get_n_network_channels (t); id++)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (t, id);
      guint lo = MIN (c->src, c->dst), hi = MAX (c->src, c->dst);
      Point a = node_at (b, lo), z = node_at (b, hi);
      Piece p = bowed_piece (a, z, hypercube_bow (a, z, lo, c->dim));

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

/* A network from a file: its nodes where Graphviz puts them (flitlab-topology-graphviz.c),
 * each channel straight, the two of a link parted as on a grid. Should Graphviz fail after the
 * figure's check, the nodes go round a circle. */
static void
build_file (Builder *b)
{
  const FlitlabTopology *t = b->topology;
  guint n_nodes = flitlab_topology_get_n_nodes (t);
  g_autofree Point *at = flitlab_topology_graphviz_positions (t, NULL);

  for (guint v = 0; v < n_nodes; v++)
    {
      double angle = 2 * G_PI * v / n_nodes;

      add_node (b, v, NODE_PLAIN,
                at != NULL ? at[v] : pt (n_nodes * cos (angle) / (2 * G_PI),
                                         n_nodes * sin (angle) / (2 * G_PI)));
    }
  for (guint id = 0; id < flitlab_topology_get_n_network_channels (t); id++)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (t, id);
      Piece p = line_piece (node_at (b, c->src), node_at (b, c->dst), TRUE, TRUE);

      add_shape (b, id, &p, 1);
    }
}

/* ---- placing ----------------------------------------------------------------------- */

double
flitlab_topology_node_radius (const FlitlabTopologyLayout *layout,
                              guint                        style)
{
  return style == NODE_BASE ? 1.3 * layout->radius : layout->radius;
}

void
flitlab_topology_ring_bounds (const FlitlabTopologyLayout *layout,
                              guint                        style,
                              gboolean                     bold,
                              double                      *inner,
                              double                      *outer)
{
  *inner = flitlab_topology_node_radius (layout, style) + 0.5 * layout->gap;
  *outer = *inner + (bold ? 1.7 : 1) * 2 * layout->line_width;
}

void
flitlab_topology_node_label (const FlitlabTopology *t,
                             guint                  node,
                             char                  *buf,
                             gsize                  size)
{
  FlitlabTopologyFamily family = flitlab_topology_get_family (t);
  guint coords[FLITLAB_TOPOLOGY_MAX_DIMS];

  /* A network from a file has no coordinates: its node numbers. */
  if (family == FLITLAB_TOPOLOGY_FILE)
    {
      g_snprintf (buf, size, "%u", node);
      return;
    }
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
  if (flitlab_topology_is_grid (t) && flitlab_topology_get_n_dims (t) > 1)
    g_snprintf (buf, size, "%u,%u", coords[0], coords[1]);
  else
    g_snprintf (buf, size, "%u", coords[0]);
}

PangoLayout *
flitlab_topology_label_layout (cairo_t *cr,
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
  PangoLayout *text = flitlab_topology_label_layout (cr, 10);
  double widest = 1, size = 0;

  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const Node *node = &g_array_index (layout->nodes, Node, i);
      char label[32];
      int w, h;

      flitlab_topology_node_label (t, node->id, label, sizeof label);
      pango_layout_set_text (text, label, -1);
      pango_layout_get_pixel_size (text, &w, &h);
      widest = MAX (widest, w);
    }
  g_object_unref (text);
  for (guint attempt = 0; attempt < 2; attempt++)
    {
      /* No larger than the figure's type. */
      size =
        MIN (MIN (0.95 * layout->radius, 1.2 * layout->type),
             10 * (2 * layout->radius - 8) / widest);
      if (size >= 6.5)
        return size;
      /* Larger nodes, while they stay clear of their neighbours. */
      layout->radius = MIN (0.3 * layout->unit, 18);
    }
  return 0;
}

/* Whether a hit-test box meets the figure. */
static gboolean
box_on_figure (const FlitlabTopologyLayout *layout,
               const Box                   *box)
{
  return box->x1 >= 0 && box->y1 >= 0 && box->x0 <= layout->width && box->y0 <= layout->height;
}

static void
place (cairo_t                   *cr,
       const FlitlabTopologyFigure *figure,
       FlitlabTopologyLayout     *layout)
{
  const FlitlabTopology *t = figure->topology;
  double x0 = INFINITY, y0 = INFINITY, x1 = -INFINITY, y1 = -INFINITY, s, sx, sy, ox, oy, z;
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
  sx = (layout->right - layout->left) / (x1 - x0);
  sy = (layout->bottom - layout->top) / (y1 - y0);
  s = MIN (sx, sy);
  s = MIN (s, MAX_UNIT);
  s = MAX (s, 1e-3);
  /* Filling the figure: the longer way stretched as far as MAX_STRETCH, up to MAX_UNIT; a
   * ring stays round. */
  if (layout->fill &&
      (flitlab_topology_get_family (t) != FLITLAB_TOPOLOGY_TORUS || flitlab_topology_is_grid (t)))
    {
      sx = MAX (MIN (MIN (sx, MAX_STRETCH * s), MAX_UNIT), s);
      sy = MAX (MIN (MIN (sy, MAX_STRETCH * s), MAX_UNIT), s);
    }
  else
    sx = sy = s;
  ox = (layout->left + layout->right) / 2 - sx * (x0 + x1) / 2;
  oy = (layout->top + layout->bottom) / 2 - sy * (y0 + y1) / 2;
  /* Zoomed: the fitted network magnified about its point (zoom_x, zoom_y) of the area, put
   * in the area's middle. The one transform every drawing and hit-test goes through;
   * flitlab_topology_figure_zoom_at() undoes it. */
  layout->fit_unit = s;
  layout->zoom = z = flitlab_topology_figure_zoom (figure, s);
  layout->zoom_x = figure->zoom_x;
  layout->zoom_y = figure->zoom_y;
  ox = (layout->left + layout->right) / 2 +
       z * (ox - (layout->left + figure->zoom_x * (layout->right - layout->left)));
  oy = (layout->top + layout->bottom) / 2 +
       z * (oy - (layout->top + figure->zoom_y * (layout->bottom - layout->top)));
  sx *= z, sy *= z, s *= z;

  /* Sizes follow the spacing, within what stays legible; zoomed in on a large network, the
   * nodes in figure as many. */
  layout->unit = s;
  layout->radius = layout->nodes->len / (z * z) > MAX_ROUND_NODES ? CLAMP (0.12 * s, 1.5, 2.9)
                                                                 : CLAMP (0.2 * s, 1.5, 15);
  layout->line_width = CLAMP (0.06 * s, 0.6, 3.2);
  /* The two channels of a link at least 0.6 pixels apart. */
  layout->offset = bidirectional ? MAX (CLAMP (0.085 * s, 0.8, 4.5), (layout->line_width + 0.6) / 2)
                                 : 0;
  layout->gap = CLAMP (0.06 * s, 1, 4);
  layout->arrow = s >= 36 ? CLAMP (0.13 * s, 4, 10) : 0;
  /* Reaching past the middle between the two channels of a link, so that a pointer there
   * names the nearer of them rather than nothing. */
  layout->tolerance = MAX (MAX (3, layout->line_width / 2 + 2), layout->offset + 1);
  layout->font_size = 0;

  for (guint i = 0; i < layout->nodes->len; i++)
    {
      Node *node = &g_array_index (layout->nodes, Node, i);

      node->at = pt (ox + sx * node->at.x, oy + sy * node->at.y);
    }
  if (figure->node_labels && layout->nodes->len <= MAX_LABELLED_NODES)
    layout->font_size = fit_labels (cr, t, layout);

  boxes = g_array_new (FALSE, FALSE, sizeof (Box));
  for (guint i = 0; i < layout->shapes->len; i++)
    {
      Shape *shape = &g_array_index (layout->shapes, Shape, i);
      const FlitlabChannel *c = flitlab_topology_get_channel (t, shape->id);
      /* A stroke to another plane has one end off the plane: plain there, and untrimmed. */
      guint src_style = layout->node_slot[c->src] >= 0
                          ? g_array_index (layout->nodes, Node, layout->node_slot[c->src]).style
                          : NODE_PLAIN;
      guint dst_style = layout->node_slot[c->dst] >= 0
                          ? g_array_index (layout->nodes, Node, layout->node_slot[c->dst]).style
                          : NODE_PLAIN;

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

          p->p0 = pt (ox + sx * p->p0.x, oy + sy * p->p0.y);
          p->c = pt (ox + sx * p->c.x, oy + sy * p->c.y);
          p->p1 = pt (ox + sx * p->p1.x, oy + sy * p->p1.y);
          piece_shift (p, layout->offset);
          len = MAX (piece_length (p), 1e-6);
          d0 = p->trim0 ? flitlab_topology_node_radius (layout, src_style) + layout->gap : 0;
          d1 = p->trim1 ? flitlab_topology_node_radius (layout, dst_style) + layout->gap : 0;
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

              /* Zoomed in, most of the network is off the figure: nothing there to hit. */
              if (z <= 1 || box_on_figure (layout, &box))
                {
                  g_array_append_val (layout->segments, seg);
                  g_array_append_val (boxes, box);
                }
              prev = next;
            }
        }
      shape->middle = piece_at (&shape->pieces[0], 0.5);
    }
  flitlab_topology_grid_build (&layout->segment_grid, layout->width, layout->height,
              MAX (2 * layout->tolerance, 0.5 * s),
              (const Box *) boxes->data, boxes->len);

  g_array_set_size (boxes, 0);
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const Node *node = &g_array_index (layout->nodes, Node, i);
      /* Hit-testing looks for nodes and for their rings (flitlab_topology_figure_hit_worm()). */
      double inner, outer, r;
      Box box;

      flitlab_topology_ring_bounds (layout, node->style, TRUE, &inner, &outer);
      r = MAX (MAX (flitlab_topology_node_radius (layout, node->style), 4), outer) + 1;
      box = (Box) { node->at.x - r, node->at.y - r, node->at.x + r, node->at.y + r };

      /* Off the figure: filed nowhere (an empty box). */
      if (z > 1 && !box_on_figure (layout, &box))
        box.x1 = box.x0 - 1;
      g_array_append_val (boxes, box);
    }
  flitlab_topology_grid_build (&layout->node_grid, layout->width, layout->height, MAX (8, 0.5 * s),
              (const Box *) boxes->data, boxes->len);
  g_array_unref (boxes);
}

FlitlabTopologyLayout *
flitlab_topology_layout_new (cairo_t             *cr,
                             FlitlabTopologyFigure *figure,
                             double               width,
                             double               height)
{
  FlitlabTopologyLayout *layout = g_new0 (FlitlabTopologyLayout, 1);
  const FlitlabTopology *t = figure->topology;
  guint n_nodes = flitlab_topology_get_n_nodes (t);
  guint n_network = flitlab_topology_get_n_network_channels (t);
  Builder b = { t, layout };

  layout->width = width;
  layout->height = height;
  layout->plane = figure->plane;
  layout->with_bar = flitlab_topology_figure_with_bar (figure);
  layout->title_lines = flitlab_topology_figure_title_lines (figure);
  layout->node_labels = figure->node_labels;
  layout->layer = figure->layer;
  /* A stack's planes are squares of their own. */
  layout->fill = figure->fill && !figure->layer;
  layout->type = flitlab_topology_figure_type (figure, width);
  layout->left = 16;
  layout->top = 16;
  /* Room for the title and the subtitle under it, wrapped to the width. */
  if (layout->title_lines > 0)
    {
      g_autofree char *subtitle = flitlab_topology_figure_dup_subtitle (figure);

      layout->top =
        flitlab_topology_figure_draw_title (cr, figure, subtitle, layout->type, width, FALSE);
    }
  layout->by_dimension = flitlab_topology_figure_by_dimension (figure);
  if (layout->by_dimension)
    {
      layout->legend_top = layout->top;
      layout->top += flitlab_topology_figure_draw_dimension_legend (cr, figure, layout->type, width,
                                                                    layout->top, FALSE);
    }
  layout->bottom = height - 16;
  layout->right = width - 16;
  if (layout->with_bar)
    {
      double area = MAX (layout->bottom - layout->top, 1);

      layout->bar_left = width - 8 - flitlab_topology_figure_bar_width (figure, cr, layout->type,
                                                                        MIN (area,
                                                                             30 * layout->type));
      layout->right = layout->bar_left - layout->type;
    }
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
    case FLITLAB_TOPOLOGY_FILE:
      build_file (&b);
      break;
    case FLITLAB_TOPOLOGY_TORUS:
    case FLITLAB_TOPOLOGY_MESH:
    default:
      if (flitlab_topology_is_grid (t))
        {
          build_grid (&b, figure->plane);
          /* A stack draws the links between its planes itself. */
          if (!figure->layer)
            add_plane_stubs (&b);
        }
      else
        build_ring (&b);
      break;
    }
  place (cr, figure, layout);
  return layout;
}
