/* flitlab-render-topology.c: network diagrams with a heatmap per channel, drawn with cairo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Drawing the laid-out network (flitlab-topology-layout.c) and writing it to files.
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

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "flitlab-color-bar.h"
#include "flitlab-colormap.h"
#include "flitlab-hairline.h"
#include "flitlab-render-private.h"
#include "flitlab-render-text.h"
#include "flitlab-render-topology-private.h"
#include "flitlab-topology-geometry-private.h"

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
double
flitlab_topology_figure_shape_mean (const FlitlabTopologyFigure *figure,
                                    guint                      i)
{
  const guint *members;
  guint n = shape_members (figure->layout, i, &members), counted = 0;
  double sum = 0;

  if (figure->values == NULL)
    return NAN;
  for (guint m = 0; m < n; m++)
    if (isfinite (figure->values[members[m]]))
      {
        sum += figure->values[members[m]];
        counted++;
      }
  return n == 1 ? figure->values[members[0]] : counted > 0 ? sum / counted : NAN;
}

/* As shape_mean(), the means of grouped links taken once per render (a 16-cube has a
 * million channels). */
static double
shape_value (const FlitlabTopologyFigure *figure,
             guint                      i)
{
  if (figure->layout->means != NULL)
    return figure->layout->means[i];
  return flitlab_topology_figure_shape_mean (figure, i);
}

/* Values within this share of the largest are drawn on a scale from zero. */
#define NEARLY_ALIKE 0.1

void
flitlab_topology_figure_value_range (const FlitlabTopologyFigure *figure,
                                     double                    *lo,
                                     double                    *hi)
{
  guint n_network = flitlab_topology_get_n_network_channels (figure->topology);
  double min = INFINITY, max = -INFINITY;
  /* A grouped hypercube: the range of the means drawn; else of every network channel's
   * value (a 3D torus keeps one scale for all its planes). */
  guint n = figure->layout->members != NULL ? figure->layout->shapes->len : n_network;

  for (guint i = 0; figure->values != NULL && i < n; i++)
    {
      double v = figure->layout->members != NULL ? shape_value (figure, i) : figure->values[i];

      if (isfinite (v))
        {
          min = MIN (min, v);
          max = MAX (max, v);
        }
    }
  *lo = isfinite (figure->value_min) ? figure->value_min : min;
  *hi = isfinite (figure->value_max) ? figure->value_max : max;
  if (!isfinite (*lo) || !isfinite (*hi))
    *lo = 0, *hi = 1;
  /* Values nearly alike (a few percent apart, as an adaptive torus's links): from zero, as
   * below; stretched over the whole scale, a small spread would read as idle links beside
   * busy ones. */
  if (!isfinite (figure->value_min) && !isfinite (figure->value_max) && *lo > 0 &&
      *hi - *lo < NEARLY_ALIKE * *hi)
    *lo = 0;
  /* Values all alike: a range from zero to them shows their level. */
  if (!(*hi > *lo))
    {
      double v = *lo;

      *lo = MIN (v, 0);
      *hi = MAX (v, 0);
      if (!(*hi > *lo))
        *hi = *lo + 1;
    }
  /* A signed difference: as strong one way as the other. */
  flitlab_colormap_range (figure->colormap, lo, hi);
}

/* A dot where a marked channel ends: the header blocked there. Filled, so an SVG keeps one
 * stroked path per channel. */
static void
draw_marks (cairo_t                   *cr,
            const FlitlabTopologyFigure *figure)
{
  const FlitlabTopologyLayout *layout = figure->layout;

  if (figure->marks == NULL)
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
        marked |= members[m] < figure->n_colors && figure->marks[members[m]];
      if (!marked || shape->n_pieces == 0)
        continue;
      end = &shape->pieces[shape->n_pieces - 1];
      cairo_new_sub_path (cr);
      cairo_arc (cr, end->p1.x, end->p1.y, 1.2 * layout->line_width + 2, 0, 2 * G_PI);
    }
  cairo_fill (cr);
}

/* Whether a channel is drawn faint: one of a dimension beyond the 4-cubes of a hypercube of
 * FAINT_MIN_DIMS dimensions or more. */
static gboolean
is_faint (const FlitlabTopologyFigure *figure,
          guint                      channel)
{
  const FlitlabTopology *t = figure->topology;

  return flitlab_topology_get_family (t) == FLITLAB_TOPOLOGY_HYPERCUBE &&
         flitlab_topology_get_n_dims (t) >= FAINT_MIN_DIMS && !flitlab_topology_is_tiled (t) &&
         flitlab_topology_get_channel (t, channel)->dim >= FAINT_FROM_DIM;
}

/* The order shapes are drawn in: the faint ones first, under the rest; NULL: as they are. */
static guint *
draw_order (const FlitlabTopologyFigure *figure)
{
  const FlitlabTopologyLayout *layout = figure->layout;
  guint *order, k = 0;

  if (flitlab_topology_get_family (figure->topology) != FLITLAB_TOPOLOGY_HYPERCUBE ||
      flitlab_topology_get_n_dims (figure->topology) < FAINT_MIN_DIMS ||
      flitlab_topology_is_tiled (figure->topology))
    return NULL;
  order = g_new (guint, layout->shapes->len);
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < layout->shapes->len; i++)
      if (is_faint (figure, g_array_index (layout->shapes, Shape, i).id) == (pass == 0))
        order[k++] = i;
  return order;
}

void
flitlab_topology_dimension_color (guint   d,
                                  double *rgb)
{
  /* Ten colours apart from one another and dark enough on white (ColorBrewer Dark2 and two
   * of Paired). */
  static const guint32 palette[MAX_HYPERCUBE_DIMS] = {
    0x1b9e77, 0xd95f02, 0x7570b3, 0xe7298a, 0x66a61e,
    0xc99400, 0xa6761d, 0x1f78b4, 0x666666, 0x6a3d9a,
  };
  guint32 c = palette[d % MAX_HYPERCUBE_DIMS];

  rgb[0] = ((c >> 16) & 0xff) / 255.0;
  rgb[1] = ((c >> 8) & 0xff) / 255.0;
  rgb[2] = (c & 0xff) / 255.0;
}

/* "Link dimension" and a short line in each dimension's colour with its number, centred on
 * one row. */
double
flitlab_topology_figure_draw_dimension_legend (cairo_t                   *cr,
                                               const FlitlabTopologyFigure *figure,
                                               double                     type,
                                               double                     width,
                                               double                     y,
                                               gboolean                   draw)
{
  guint n = MIN (flitlab_topology_get_n_dims (figure->topology), MAX_HYPERCUBE_DIMS);
  PangoLayout *text = flitlab_render_layout_new (cr);
  PangoFontDescription *desc;
  FlitlabFontName font;
  double swatch = 1.6 * type, space = 0.4 * type, item_gap = 0.9 * type, total = 0, x;
  double thick = MAX (0.25 * type, 2);
  int w, h, caption_w;

  /* At the colour bar's type, which this legend stands in for. */
  desc = pango_font_description_from_string (flitlab_font_name (&font, "Sans", type));
  pango_layout_set_font_description (text, desc);
  pango_font_description_free (desc);
  pango_layout_set_text (text, _("Link dimension"), -1);
  pango_layout_get_pixel_size (text, &caption_w, &h);
  total = caption_w + item_gap;
  for (guint d = 0; d < n; d++)
    {
      char label[8];

      g_snprintf (label, sizeof label, "%u", d);
      pango_layout_set_text (text, label, -1);
      pango_layout_get_pixel_size (text, &w, &h);
      total += swatch + space + w + (d + 1 < n ? item_gap : 0);
    }
  if (draw)
    {
      x = MAX ((width - total) / 2, 8);
      cairo_save (cr);
      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      pango_layout_set_text (text, _("Link dimension"), -1);
      cairo_move_to (cr, x, y);
      pango_cairo_show_layout (cr, text);
      x += caption_w + item_gap;
      for (guint d = 0; d < n; d++)
        {
          char label[8];
          double rgb[3];

          flitlab_topology_dimension_color (d, rgb);
          cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
          /* Filled: in an SVG only the channels are stroked (flitlab-render-topology.h). */
          cairo_rectangle (cr, x, y + h / 2.0 - thick / 2, swatch, thick);
          cairo_fill (cr);
          x += swatch + space;
          g_snprintf (label, sizeof label, "%u", d);
          pango_layout_set_text (text, label, -1);
          pango_layout_get_pixel_size (text, &w, NULL);
          cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
          cairo_move_to (cr, x, y);
          pango_cairo_show_layout (cr, text);
          x += w + item_gap;
        }
      cairo_restore (cr);
    }
  g_object_unref (text);
  return h + 0.6 * type;
}

/* A channel's colour, width and opacity as drawn (route: the bold pass or the dimmed one). */
static void
channel_style (const FlitlabTopologyFigure *figure,
               guint                      i,
               gboolean                   route,
               gboolean                   bold,
               double                     lo,
               double                     hi,
               double                    *rgb,
               double                    *width,
               double                    *alpha)
{
  double line_width = figure->layout->line_width;
  const guint *members;
  guint n = shape_members (figure->layout, i, &members);

  rgb[0] = rgb[1] = rgb[2] = 0.3;
  *width = (bold ? 1.7 : 1) * line_width;
  if (figure->colors != NULL && members[0] < figure->n_colors)
    {
      guint32 color = FLITLAB_TOPOLOGY_FIGURE_IDLE;

      /* A grouped link shows the first of its channels that is held. */
      for (guint m = 0; m < n && color == FLITLAB_TOPOLOGY_FIGURE_IDLE; m++)
        if (members[m] < figure->n_colors)
          color = figure->colors[members[m]];

      /* Idle channels step back so the worms stand out. */
      if (color == FLITLAB_TOPOLOGY_FIGURE_IDLE)
        rgb[0] = rgb[1] = rgb[2] = 0.8;
      else
        {
          rgb[0] = ((color >> 16) & 0xff) / 255.0;
          rgb[1] = ((color >> 8) & 0xff) / 255.0;
          rgb[2] = (color & 0xff) / 255.0;
        }
      *width *= color == FLITLAB_TOPOLOGY_FIGURE_IDLE ? 1.0 : 2.0;
    }
  else if (figure->values != NULL)
    flitlab_colormap_color (figure->colormap, shape_value (figure, i), lo, hi, &rgb[0], &rgb[1],
                            &rgb[2]);
  else if (figure->layout->by_dimension)
    flitlab_topology_dimension_color (flitlab_topology_get_channel (figure->topology,
                                                                    members[0])->dim, rgb);
  *alpha = route && !bold ? 0.25 : 1;
  /* A tiled hypercube's line between two tiles stands for 16 channels. */
  if (n > 1 && flitlab_topology_is_tiled (figure->topology))
    *width *= 2.2;
  /* A large hypercube: the links inside its 4-cubes carry the structure, the longer ones
   * between the blocks step back, thinner and fainter, still in their colour; a route dims
   * all but itself instead. */
  if (!route && is_faint (figure, members[0]))
    {
      *width *= 0.6;
      *alpha *= 0.45;
    }
}

/* Whether a zoomed network's shape can show in the clip (x0, y0, x1, y1) of cr: its pieces'
 * control points, which hold each curve, widened by its line and arrowhead. Always at zoom 1,
 * so a file draws every channel. */
static gboolean
shape_shows (const FlitlabTopologyLayout *layout,
             const Shape                 *shape,
             const double                *clip)
{
  double lo_x = INFINITY, lo_y = INFINITY, hi_x = -INFINITY, hi_y = -INFINITY;
  double margin = 4 * layout->line_width + layout->arrow;

  if (layout->zoom <= 1)
    return TRUE;
  for (guint j = 0; j < shape->n_pieces; j++)
    {
      const Piece *p = &shape->pieces[j];

      lo_x = MIN (lo_x, MIN (MIN (p->p0.x, p->c.x), p->p1.x));
      hi_x = MAX (hi_x, MAX (MAX (p->p0.x, p->c.x), p->p1.x));
      lo_y = MIN (lo_y, MIN (MIN (p->p0.y, p->c.y), p->p1.y));
      hi_y = MAX (hi_y, MAX (MAX (p->p0.y, p->c.y), p->p1.y));
    }
  return hi_x + margin >= clip[0] && lo_x - margin <= clip[2] && hi_y + margin >= clip[1] &&
         lo_y - margin <= clip[3];
}

/* The channels as hairlines straight into the image under cr, if it is one and they are thin
 * enough; FALSE: draw them with cairo. Quadratic pieces become chords at most a quarter of
 * a pixel off the curve, as cairo's tolerance below. */
static gboolean
draw_hairlines (cairo_t                   *cr,
                const FlitlabTopologyFigure *figure,
                const gboolean            *on_route,
                double                     lo,
                double                     hi)
{
  const FlitlabTopologyLayout *layout = figure->layout;
  FlitlabHairline target;
  GArray *lines;
  cairo_matrix_t m;
  double sx, sy, ox, oy, ax, bx, ay, by, widest;
  gboolean route = on_route != NULL;
  g_autofree guint *order = NULL;
  double clip[4];

  if (layout->shapes->len < MIN_HAIRLINE_CHANNELS || layout->arrow > 0)
    return FALSE;
  cairo_clip_extents (cr, &clip[0], &clip[1], &clip[2], &clip[3]);
  cairo_get_matrix (cr, &m);
  cairo_surface_get_device_scale (cairo_get_group_target (cr), &sx, &sy);
  /* The widest plain line: bold on a route, doubled when held in the animation; wider
   * ones met below (bundles) also send the drawing to cairo. */
  widest = layout->line_width * (route ? 1.7 : 1) * (figure->colors != NULL ? 2 : 1) *
           MAX (fabs (m.xx * sx), fabs (m.yy * sy));
  if (widest > FLITLAB_HAIRLINE_MAX_WIDTH || !flitlab_hairline_begin (cr, &target))
    return FALSE;
  /* User space to the image's pixels: the CTM, then the device scale and offset. */
  cairo_surface_get_device_offset (cairo_get_group_target (cr), &ox, &oy);
  ax = m.xx * sx, bx = m.x0 * sx + ox;
  ay = m.yy * sy, by = m.y0 * sy + oy;
  lines =
    g_array_sized_new (FALSE, FALSE, sizeof (FlitlabHairlineSegment), 4 * layout->shapes->len);
  order = draw_order (figure);
  for (guint pass = 0; pass < (route ? 2u : 1u); pass++)
    for (guint k = 0; k < layout->shapes->len; k++)
      {
        guint i = order != NULL ? order[k] : k;
        const Shape *shape = &g_array_index (layout->shapes, Shape, i);
        gboolean bold = pass == 1;
        double rgb[3], width, alpha;
        guint32 packed;

        if ((route && on_route[i] != bold) || !shape_shows (layout, shape, clip))
          continue;
        channel_style (figure, i, route, bold, lo, hi, rgb, &width, &alpha);
        packed = ((guint32) (rgb[0] * 255 + 0.5) << 16) | ((guint32) (rgb[1] * 255 + 0.5) << 8) |
                 (guint32) (rgb[2] * 255 + 0.5);
        width *= MAX (fabs (ax), fabs (ay));
        /* Wider than a hairline (a tiled hypercube's bundle, magnified): cairo draws them all,
         * in order, rather than leaving them out. */
        if (width > FLITLAB_HAIRLINE_MAX_WIDTH)
          {
            flitlab_hairline_end (cr);
            g_array_unref (lines);
            return FALSE;
          }
        for (guint j = 0; j < shape->n_pieces; j++)
          {
            const Piece *p = &shape->pieces[j];
            /* A quadratic is at most |p0 - 2c + p1|/4 off its chord, n chords n^2 times less. */
            double off = p->curved ? hypot (ax * (p->p0.x - 2 * p->c.x + p->p1.x),
                                            ay * (p->p0.y - 2 * p->c.y + p->p1.y)) / 4 : 0;
            guint n = (guint) CLAMP (ceil (sqrt (off / 0.25)), 1, 64);
            Point prev = p->p0;

            for (guint c = 1; c <= n; c++)
              {
                Point next = c == n ? p->p1 : piece_at (p, (double) c / n);

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
               const FlitlabTopologyFigure *figure,
               double                     lo,
               double                     hi)
{
  const FlitlabTopologyLayout *layout = figure->layout;
  g_autofree gboolean *on_route = NULL;
  g_autofree guint *order = NULL;
  gboolean route = figure->route->len > 0;
  guint n_network = flitlab_topology_get_n_network_channels (figure->topology);
  double clip[4];

  if (route)
    {
      /* By shape: a grouped link is on the route when one of its channels is. */
      on_route = g_new0 (gboolean, layout->shapes->len);
      for (guint i = 0; i < figure->route->len; i++)
        {
          guint channel = g_array_index (figure->route, guint, i);
          /* A node's injection and ejection channels are its rings (draw_rings()). */
          int slot = channel < n_network ? layout->shape_slot[channel] : -1;

          if (slot >= 0)
            on_route[slot] = TRUE;
        }
    }
  if (draw_hairlines (cr, figure, on_route, lo, hi))
    {
      draw_marks (cr, figure);
      return;
    }
  order = draw_order (figure);
  cairo_clip_extents (cr, &clip[0], &clip[1], &clip[2], &clip[3]);
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

      for (guint k = 0; k < layout->shapes->len; k++)
        {
          guint i = order != NULL ? order[k] : k;
          const Shape *shape = &g_array_index (layout->shapes, Shape, i);
          double rgb[3], width, alpha;

          if ((route && on_route[i] != bold) || !shape_shows (layout, shape, clip))
            continue;
          channel_style (figure, i, route, bold, lo, hi, rgb, &width, &alpha);
          cairo_set_line_width (cr, width);
          cairo_set_source_rgba (cr, rgb[0], rgb[1], rgb[2], alpha);
          draw_shape (cr, layout, shape);
          cairo_stroke (cr);
        }
    }
  draw_marks (cr, figure);
}

/* A tiled hypercube's 4-cubes: a light grey tile under each, filled (the channels are the
 * only strokes). */
static void
draw_tiles (cairo_t                   *cr,
            const FlitlabTopologyFigure *figure)
{
  const FlitlabTopologyLayout *layout = figure->layout;
  guint tile_size = 1u << TILE_DIMS;

  if (!flitlab_topology_is_tiled (figure->topology))
    return;
  cairo_save (cr);
  cairo_set_source_rgb (cr, 0.93, 0.93, 0.93);
  for (guint v = 0; v < flitlab_topology_get_n_nodes (figure->topology); v += tile_size)
    {
      const Node *a = &g_array_index (layout->nodes, Node, layout->node_slot[v]);
      const Node *z = &g_array_index (layout->nodes, Node, layout->node_slot[v + tile_size - 1]);
      double pad = TILE_PAD * layout->unit;

      cairo_rectangle (cr, a->at.x - pad, a->at.y - pad, z->at.x - a->at.x + 2 * pad,
                       z->at.y - a->at.y + 2 * pad);
    }
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
draw_nodes (cairo_t                   *cr,
            const FlitlabTopologyFigure *figure)
{
  const FlitlabTopologyLayout *layout = figure->layout;
  /* Fill and rim per style: plain white, base vertex dark, necklace node light grey. */
  static const double fill[3] = { 1.0, 0.2, 0.8 };
  double rim = CLAMP (0.15 * layout->radius, 0.8, 1.6);
  PangoLayout *text;

  /* All the nodes of a style in one path: two fills, rim then inside. */
  for (guint style = NODE_PLAIN; style <= NODE_NECKLACE; style++)
    {
      double r = flitlab_topology_node_radius (layout, style);
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
  text = flitlab_topology_label_layout (cr, layout->font_size);
  for (guint i = 0; i < layout->nodes->len; i++)
    {
      const Node *node = &g_array_index (layout->nodes, Node, i);
      char label[32];
      PangoRectangle ink, logical;
      double shade = node->style == NODE_BASE ? 1 : 0.1;

      flitlab_topology_node_label (figure->topology, node->id, label, sizeof label);
      pango_layout_set_text (text, label, -1);
      pango_layout_get_pixel_extents (text, &ink, &logical);
      cairo_set_source_rgb (cr, shade, shade, shade);
      /* Centred on the digits' ink, not the line's, so they sit in the middle of the disc. */
      cairo_move_to (cr, node->at.x - logical.width / 2.0, node->at.y - ink.y - ink.height / 2.0);
      pango_cairo_show_layout (cr, text);
    }
  g_object_unref (text);
}

/* The ring of node v, if it has one: its injection channel held by a worm of the animation
 * (a message still leaving its source) in the worm's colour, or either of its own channels on
 * the route, dark grey unless coloured. *bold when on the route. */
guint
flitlab_topology_ring_channel (const FlitlabTopology *topology,
                               const gboolean        *on_route,
                               guint                  v)
{
  guint injection = flitlab_topology_get_injection_channel (topology, v);
  guint ejection = flitlab_topology_get_ejection_channel (topology, v);

  /* A message's source while it leaves, else the destination it is delivered to. */
  return on_route[ejection] && !on_route[injection] ? ejection : injection;
}

static gboolean
ring_of (const FlitlabTopologyFigure *figure,
         const gboolean            *on_route,
         guint                      v,
         guint32                   *color,
         gboolean                  *bold)
{
  guint channel = flitlab_topology_ring_channel (figure->topology, on_route, v);

  *bold = on_route[channel];
  *color = figure->colors != NULL && channel < figure->n_colors ? figure->colors[channel]
                                                             : FLITLAB_TOPOLOGY_FIGURE_IDLE;
  if (*color == FLITLAB_TOPOLOGY_FIGURE_IDLE && *bold)
    *color = 0x333333;
  return *color != FLITLAB_TOPOLOGY_FIGURE_IDLE;
}

/* Rings round the nodes (ring_of()), the route's in bold over the others, which fade as the
 * route's channels do. Filled, so the channels stay the only strokes of a file. */
static void
draw_rings (cairo_t                   *cr,
            const FlitlabTopologyFigure *figure)
{
  const FlitlabTopologyLayout *layout = figure->layout;
  guint n_channels = flitlab_topology_get_n_channels (figure->topology);
  g_autofree gboolean *on_route = g_new0 (gboolean, n_channels);
  gboolean route = figure->route->len > 0;

  if (figure->colors == NULL && !route)
    return;
  for (guint i = 0; i < figure->route->len; i++)
    on_route[g_array_index (figure->route, guint, i)] = TRUE;
  cairo_save (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < layout->nodes->len; i++)
      {
        const Node *node = &g_array_index (layout->nodes, Node, i);
        double inner, outer;
        guint32 color;
        gboolean bold;

        if (!ring_of (figure, on_route, node->id, &color, &bold) || bold != (pass == 1))
          continue;
        flitlab_topology_ring_bounds (layout, node->style, bold, &inner, &outer);
        cairo_set_source_rgba (cr, ((color >> 16) & 0xff) / 255.0, ((color >> 8) & 0xff) / 255.0,
                               (color & 0xff) / 255.0, route && !bold ? 0.25 : 1);
        cairo_new_sub_path (cr);
        cairo_arc (cr, node->at.x, node->at.y, outer, 0, 2 * G_PI);
        cairo_new_sub_path (cr);
        cairo_arc (cr, node->at.x, node->at.y, inner, 0, 2 * G_PI);
        cairo_fill (cr);
      }
  cairo_restore (cr);
}

/* The colour bar of the values lo..hi at the figure's type size. */
static void
color_bar_of (const FlitlabTopologyFigure *figure,
              double                     lo,
              double                     hi,
              double                     type,
              FlitlabColorBar           *bar)
{
  gboolean with_missing = FALSE;

  for (guint i = 0; figure->layout != NULL && i < figure->layout->shapes->len && !with_missing; i++)
    with_missing = isnan (shape_value (figure, i));
  *bar = (FlitlabColorBar) {
    .map = figure->colormap, .lo = lo, .hi = hi, .font_size = type, .with_missing = with_missing,
    .caption = figure->value_label != NULL ? figure->value_label : _("Value"),
  };
}

double
flitlab_topology_figure_type (const FlitlabTopologyFigure *figure,
                              double                     width)
{
  return figure->font_size > 0 ? figure->font_size : flitlab_render_default_font_size (width);
}

double
flitlab_topology_figure_bar_width (const FlitlabTopologyFigure *figure,
                                   cairo_t                   *cr,
                                   double                     type,
                                   double                     height)
{
  FlitlabColorBar bar;

  /* Measured with the "no value" swatch, which only takes room when some value is missing. */
  color_bar_of (figure, 0, 1, type, &bar);
  bar.with_missing = TRUE;
  return flitlab_color_bar_get_width (cr, &bar, height);
}

double
flitlab_topology_figure_draw_title (cairo_t                   *cr,
                                    const FlitlabTopologyFigure *figure,
                                    const char                *subtitle,
                                    double                     type,
                                    double                     width,
                                    gboolean                   draw)
{
  g_autofree char *title = figure->title != NULL ? g_strdup (figure->title)
                                               : flitlab_topology_dup_title (figure->topology);
  FlitlabFontName font;
  double y = 0.6 * type;

  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  y += flitlab_render_paragraph (cr, title, flitlab_font_name (&font, "Sans Bold", 1.2 * type),
                                 width / 2, y, width - 16, 2, draw);
  if (subtitle != NULL)
    {
      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      y += 0.15 * type;
      y += flitlab_render_paragraph (cr, subtitle, flitlab_font_name (&font, "Sans", type),
                                     width / 2, y, width - 16, 3, draw);
    }
  return y + 0.6 * type;
}

static void
draw_problem (cairo_t    *cr,
              const char *message,
              double      width,
              double      height)
{
  PangoLayout *layout = flitlab_render_layout_new (cr);
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
                         FlitlabTopologyFigure *figure,
                         double               width,
                         double               height)
{
  g_autoptr(GError) error = NULL;
  FlitlabTopologyLayout *layout;
  double lo = 0, hi = 1;

  g_return_if_fail (cr != NULL && figure != NULL);

  cairo_save (cr);
  if (!figure->layer)
    {
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_rectangle (cr, 0, 0, width, height);
      cairo_fill (cr);
    }

  if (!flitlab_topology_figure_check (figure, &error))
    {
      g_clear_pointer (&figure->layout, flitlab_topology_layout_free);
      draw_problem (cr, error->message, width, height);
      cairo_restore (cr);
      return;
    }

  layout = figure->layout;
  if (layout == NULL || layout->width != width || layout->height != height ||
      layout->plane != figure->plane ||
      layout->with_bar != flitlab_topology_figure_with_bar (figure) ||
      layout->title_lines != flitlab_topology_figure_title_lines (figure) ||
      layout->node_labels != figure->node_labels ||
      layout->layer != figure->layer ||
      layout->by_dimension != flitlab_topology_figure_by_dimension (figure) ||
      layout->fill != (figure->fill && !figure->layer) ||
      layout->zoom != flitlab_topology_figure_zoom (figure, layout->fit_unit) ||
      (layout->zoom > 1 && (layout->zoom_x != figure->zoom_x ||
                            layout->zoom_y != figure->zoom_y)) ||
      layout->type != flitlab_topology_figure_type (figure, width))
    {
      g_clear_pointer (&figure->layout, flitlab_topology_layout_free);
      figure->layout = layout = flitlab_topology_layout_new (cr, figure, width, height);
    }

  g_clear_pointer (&layout->means, g_free);
  if (figure->values != NULL && layout->members != NULL)
    {
      double *means = g_new (double, layout->shapes->len);

      for (guint i = 0; i < layout->shapes->len; i++)
        means[i] = flitlab_topology_figure_shape_mean (figure, i);
      layout->means = means;
    }
  if (figure->values != NULL)
    flitlab_topology_figure_value_range (figure, &lo, &hi);
  if (layout->title_lines > 0)
    {
      g_autofree char *subtitle = flitlab_topology_figure_dup_subtitle (figure);

      flitlab_topology_figure_draw_title (cr, figure, subtitle, layout->type, width, TRUE);
    }
  if (layout->by_dimension)
    flitlab_topology_figure_draw_dimension_legend (cr, figure, layout->type, width,
                                                   layout->legend_top,
                                                   TRUE);
  /* Zoomed: the network stays off the title, legend and colour bar. */
  cairo_save (cr);
  if (layout->zoom > 1)
    {
      double x0, y0, x1, y1;

      flitlab_topology_layout_frame (layout, &x0, &y0, &x1, &y1);
      cairo_rectangle (cr, x0, y0, x1 - x0, y1 - y0);
      cairo_clip (cr);
    }
  draw_tiles (cr, figure);
  draw_channels (cr, figure, lo, hi);
  draw_rings (cr, figure);
  draw_nodes (cr, figure);
  cairo_restore (cr);
  if (flitlab_topology_figure_with_bar (figure))
    {
      double area = layout->bottom - layout->top, h = MIN (area, 30 * layout->type);
      FlitlabColorBar bar;

      color_bar_of (figure, lo, hi, layout->type, &bar);
      flitlab_color_bar_draw (cr, &bar, layout->bar_left, layout->top + (area - h) / 2, h);
    }
  cairo_restore (cr);
}

void
flitlab_topology_figure_draw_color_bar (cairo_t                   *cr,
                                        const FlitlabTopologyFigure *figure,
                                        double                     x,
                                        double                     y,
                                        double                     height)
{
  FlitlabColorBar bar;
  double lo, hi;

  g_return_if_fail (cr != NULL && figure != NULL);

  if (figure->values == NULL || figure->layout == NULL)
    return;
  flitlab_topology_figure_value_range (figure, &lo, &hi);
  color_bar_of (figure, lo, hi, figure->layout->type, &bar);
  flitlab_color_bar_draw (cr, &bar, x, y, height);
}

double
flitlab_topology_figure_get_color_bar_width (const FlitlabTopologyFigure *figure,
                                             cairo_t                   *cr,
                                             double                     height)
{
  g_return_val_if_fail (cr != NULL && figure != NULL, 0);

  if (figure->values == NULL || figure->layout == NULL)
    return 0;
  return flitlab_topology_figure_bar_width (figure, cr, figure->layout->type, height);
}
