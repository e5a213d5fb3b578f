/* flitlab-render-topology-stack.c: the planes of a network of three or more dimensions stacked
 * in an oblique view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-render-private.h"
#include "flitlab-render-topology-private.h"
#include "flitlab-topology-geometry-private.h"

/* ---- a stack of planes ------------------------------------------------------------ */

/* Pixels kept free beside a torus's stack for the wrap-arounds round its sides. */
#define WRAP_ROOM 28.0

/* The columns whose links between planes are drawn unless one is chosen: the plane's left and
 * right corners, where a vertical line from one plane to the next crosses no other plane. */
enum
{
  LEFT_CORNER,
  RIGHT_CORNER,
  N_CORNERS
};

/* A link of dimension 2 between two planes' nodes of a column, drawn on the figure; where,
 * in drawn (id G_MAXUINT when too short to draw). */
static void
draw_column_channel (cairo_t                   *cr,
                     const FlitlabTopologyFigure *figure,
                     guint                      id,
                     Point                      from,
                     Point                      to,
                     double                     offset,
                     double                     width,
                     double                     trim,
                     double                     lo,
                     double                     hi,
                     StackLink                 *drawn)
{
  double dx = to.x - from.x, dy = to.y - from.y, len = hypot (dx, dy), arrow = 2.5 * width + 3;
  double r = 0.3, g = 0.3, b = 0.3;
  Point a, z;

  *drawn = (StackLink) { G_MAXUINT };
  if (len < 2 * trim + arrow)
    return;
  dx /= len, dy /= len;
  /* To the right of travel, as in the planes, so the two directions part. */
  a = pt (from.x - offset * dy + trim * dx, from.y + offset * dx + trim * dy);
  z = pt (to.x - offset * dy - trim * dx, to.y + offset * dx - trim * dy);
  *drawn = (StackLink) { id, a, z };
  if (figure->values != NULL)
    flitlab_colormap_color (figure->colormap, figure->values[id], lo, hi, &r, &g, &b);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_set_line_width (cr, width);
  /* One stroked path per channel, arrowhead included, as in the planes. */
  cairo_move_to (cr, a.x, a.y);
  cairo_line_to (cr, z.x, z.y);
  cairo_move_to (cr, z.x, z.y);
  cairo_line_to (cr, z.x - arrow * dx - 0.4 * arrow * dy, z.y - arrow * dy + 0.4 * arrow * dx);
  cairo_line_to (cr, z.x - arrow * dx + 0.4 * arrow * dy, z.y - arrow * dy - 0.4 * arrow * dx);
  cairo_close_path (cr);
  cairo_stroke (cr);
}

/* A torus's wrap-around of dimension 2 between the top plane's node of a column and the bottom
 * plane's, drawn on the figure: a curve out of the column sideways round the stack's side
 * (out: the x it reaches) and back, so the column reads as the ring it is; its pieces filed in
 * links for the hit-tests. */
static void
draw_wrap_channel (cairo_t                   *cr,
                   const FlitlabTopologyFigure *figure,
                   guint                      id,
                   Point                      from,
                   Point                      to,
                   double                     out,
                   double                     offset,
                   double                     width,
                   double                     trim,
                   double                     lo,
                   double                     hi,
                   GArray                    *links)
{
  double side = out < from.x ? -1 : 1, arrow = 2.5 * width + 3, r = 0.3, g = 0.3, b = 0.3;
  /* To the right of travel, as the other links: down the page that is to the left. */
  double shift = (to.y > from.y ? -1 : 1) * offset;
  /* A cubic whose controls are level with its ends at x reaches (2 end + 6 x) / 8 midway. */
  double x = (8 * (out + shift) - from.x - to.x) / 6;
  Point a = pt (from.x + shift + side * trim, from.y), z = pt (to.x + shift + side * trim, to.y);
  Point c1 = pt (x, a.y), c2 = pt (x, z.y), prev = a;
  const guint n_pieces = 24;

  if (figure->values != NULL)
    flitlab_colormap_color (figure->colormap, figure->values[id], lo, hi, &r, &g, &b);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_set_line_width (cr, width);
  /* One stroked path per channel, arrowhead included; the last stretch runs level into z. */
  cairo_move_to (cr, a.x, a.y);
  cairo_curve_to (cr, c1.x, c1.y, c2.x, c2.y, z.x, z.y);
  cairo_move_to (cr, z.x, z.y);
  cairo_line_to (cr, z.x + side * arrow, z.y - 0.4 * arrow);
  cairo_line_to (cr, z.x + side * arrow, z.y + 0.4 * arrow);
  cairo_close_path (cr);
  cairo_stroke (cr);
  for (guint i = 1; i <= n_pieces; i++)
    {
      double t = (double) i / n_pieces, u = 1 - t;
      Point next = pt (u * u * u * a.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x +
                       t * t * t * z.x,
                       u * u * u * a.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y +
                       t * t * t * z.y);
      StackLink piece = { id, prev, next };

      g_array_append_val (links, piece);
      prev = next;
    }
}

/* The planes of the third dimension stacked in an oblique view, plane 0 at the bottom, each a
 * layer of the same drawing, pulled apart so that no plane covers another: a plane's x axis
 * runs down to the right, its y axis down to the left, flattened to a wide diamond. Between
 * the planes, the links of dimension 2 of the columns at the diamonds' left and right
 * corners, the only columns whose links cross no plane, or of the figure's chosen column, drawn
 * over the planes with its nodes ringed. The layout kept is the last plane's; the stack's
 * geometry, for flitlab_topology_figure_hit_stack(), in figure->stack. */
void
flitlab_render_topology_stack (cairo_t             *cr,
                               FlitlabTopologyFigure *figure,
                               double               width,
                               double               height)
{
  /* A plane of side s is a diamond 2 cos 30 s wide and 2 flat s tall, gap s below the next. */
  const double cos30 = 0.8660254037844386, flat = 0.3, gap = 0.1, margin = 16;
  gboolean titled = figure->title == NULL || figure->title[0] != '\0', labels;
  double type = flitlab_topology_figure_type (figure, width), font_size = figure->font_size;
  double top = 16, bar_w, room_w, room_h, side, left, bottom, lo = 0, hi = 1, line_width = 1;
  const FlitlabTopology *t = figure->topology;
  gboolean torus = flitlab_topology_get_family (t) == FLITLAB_TOPOLOGY_TORUS;
  guint k0 = flitlab_topology_get_radix (t, 0), k1 = flitlab_topology_get_radix (t, 1);
  guint size = k0 * k1, corner_node[N_CORNERS] = { (k1 - 1) * k0, k0 - 1 }, n_columns = N_CORNERS;
  struct _FlitlabTopologyStack *stack;
  cairo_matrix_t figure_matrix;
  g_autofree Point *corner_at = NULL;
  g_autofree gboolean *corner_drawn = NULL;
  g_autofree char *subtitle = NULL;
  guint n, shown;

  g_return_if_fail (cr != NULL && figure != NULL);

  n = flitlab_topology_figure_get_n_planes (figure);
  if (figure->column >= 0 && (guint) figure->column < size)
    {
      corner_node[0] = (guint) figure->column;
      n_columns = 1;
    }
  flitlab_topology_stack_free (figure->stack);
  stack = figure->stack = g_new0 (struct _FlitlabTopologyStack, 1);
  stack->n_planes = n;
  stack->plane_size = size;
  stack->to_plane = g_new (cairo_matrix_t, MAX (n, 1));
  stack->links = g_array_new (FALSE, FALSE, sizeof (StackLink));
  cairo_get_matrix (cr, &figure_matrix);
  shown = figure->plane;
  labels = figure->node_labels;
  corner_at = g_new0 (Point, (gsize) n * N_CORNERS);
  corner_drawn = g_new0 (gboolean, (gsize) n * N_CORNERS);
  /* A torus's wrap-arounds from the top plane to the bottom one go round the side. */
  if (n_columns == 1)
    /* Translators: the stack of a 3D network's planes with one chosen column */
    subtitle = g_strdup_printf (_("all %u planes, plane 0 at the bottom; between them, the links "
                                  "of column (%u, %u), ringed"),
                                n, corner_node[0] % k0, corner_node[0] / k0);
  else
    subtitle = g_strdup_printf (_("all %u planes, plane 0 at the bottom; between them, the links "
                                  "of the left and right corner columns"), n);
  if (titled)
    top = flitlab_topology_figure_draw_title (cr, figure, subtitle, type, width, FALSE);
  room_h = MAX (height - top - 16, 1);
  bar_w = figure->values != NULL
          ? flitlab_topology_figure_bar_width (figure, cr, type, 0.7 * room_h) + type : 0;
  room_w = MAX (width - 40 - bar_w - (torus ? 2 * WRAP_ROOM : 0), 1);
  side =
    MAX (MIN (room_w / (2 * cos30), room_h / (2 * flat * MAX (n, 1) + gap * (MAX (n, 1) - 1))), 1);
  left = 20 + (torus ? WRAP_ROOM : 0) + (room_w - 2 * side * cos30) / 2;
  bottom = top + (room_h + side * (2 * flat * n + gap * (n - 1))) / 2;

  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  if (titled)
    flitlab_topology_figure_draw_title (cr, figure, subtitle, type, width, TRUE);
  /* The layers at the figure's type, for the colour bar drawn from the last one's layout. */
  figure->font_size = type;
  figure->layer = TRUE;
  figure->node_labels = FALSE;
  for (guint p = 0; p < n; p++)
    {
      cairo_matrix_t oblique;

      cairo_save (cr);
      /* The plane's corner (0, 0) is the diamond's top: side cos 30 in from the left. */
      cairo_translate (cr, left + side * cos30, bottom - side * (2 * flat + p * (2 * flat + gap)));
      cairo_matrix_init (&oblique, cos30, flat, -cos30, flat, 0, 0);
      cairo_transform (cr, &oblique);
      cairo_set_source_rgb (cr, 0.96, 0.96, 0.96);
      cairo_rectangle (cr, 0, 0, side, side);
      cairo_fill (cr);
      figure->plane = p;
      /* The renderer keeps a margin round a figure: here the plane's edge is the figure's. */
      cairo_translate (cr, -margin, -margin);
      {
        cairo_matrix_t to_device;

        /* Figure space to device space, then back to the plane's. */
        cairo_get_matrix (cr, &to_device);
        if (cairo_matrix_invert (&to_device) == CAIRO_STATUS_SUCCESS)
          cairo_matrix_multiply (&stack->to_plane[p], &figure_matrix, &to_device);
        else
          cairo_matrix_init_scale (&stack->to_plane[p], 0, 0);
      }
      flitlab_render_topology (cr, figure, side + 2 * margin, side + 2 * margin);
      for (guint c = 0; c < n_columns; c++)
        {
          Point *at = &corner_at[p * N_CORNERS + c];

          corner_drawn[p * N_CORNERS + c] =
            flitlab_topology_figure_get_node_position (figure, p * size + corner_node[c], &at->x,
                                                       &at->y);
          if (corner_drawn[p * N_CORNERS + c])
            cairo_user_to_device (cr, &at->x, &at->y);
        }
      /* As wide as the plane's lines, and no hairline. */
      if (p == 0 && figure->layout != NULL)
        line_width = MAX (figure->layout->line_width, 1.2);
      cairo_restore (cr);
    }
  figure->plane = shown;
  figure->layer = FALSE;
  figure->node_labels = labels;
  if (figure->values != NULL && figure->layout != NULL)
    flitlab_topology_figure_value_range (figure, &lo, &hi);
  /* The corners were taken in device space: back to the figure's. */
  for (guint i = 0; i < n * N_CORNERS; i++)
    cairo_device_to_user (cr, &corner_at[i].x, &corner_at[i].y);
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  stack->tolerance = MAX (4, 2 * line_width);
  for (guint c = 0; c < n_columns; c++)
    for (guint p = 0; p < n; p++)
      {
        const guint *ids;
        guint node = p * size + corner_node[c],
              n_out = flitlab_topology_get_out_channels (t, node, &ids);
        for (guint j = 0; j < n_out; j++)
          {
            const FlitlabChannel *ch = flitlab_topology_get_channel (t, ids[j]);
            guint q = ch->dst / size;

            /* A plane too large to draw has no corners. */
            if (ch->dim != 2 || !corner_drawn[p * N_CORNERS + c] ||
                !corner_drawn[q * N_CORNERS + c])
              continue;
            if (ch->wraparound)
              {
                Point at = corner_at[p * N_CORNERS + c];
                /* Round the nearer side of the stack, clear of its diamonds. */
                double out = at.x < left + side * cos30 ? left - 0.6 * WRAP_ROOM
                                                        : left + 2 * side * cos30 + 0.6 * WRAP_ROOM;

                draw_wrap_channel (cr, figure, ids[j], at, corner_at[q * N_CORNERS + c], out,
                                   flitlab_topology_is_bidirectional (t) ? 1.5 * line_width : 0,
                                   n_columns == 1 ? 1.6 * line_width : line_width, 6, lo, hi,
                                   stack->links);
                continue;
              }
            {
              StackLink drawn;

              draw_column_channel (cr, figure, ids[j], corner_at[p * N_CORNERS + c],
                                   corner_at[q * N_CORNERS + c],
                                   flitlab_topology_is_bidirectional (t) ? 1.5 * line_width : 0,
                                   n_columns == 1 ? 1.6 * line_width : line_width, 6, lo, hi,
                                   &drawn);
              if (drawn.id != G_MAXUINT)
                g_array_append_val (stack->links, drawn);
            }
          }
      }
  /* The chosen column's nodes ringed, filled so the channels stay the only strokes. */
  for (guint p = 0; n_columns == 1 && p < n; p++)
    if (corner_drawn[p * N_CORNERS])
      {
        Point at = corner_at[p * N_CORNERS];
        double r = MAX (5, 3.5 * line_width);

        cairo_new_path (cr);
        cairo_arc (cr, at.x, at.y, r + 1.6, 0, 2 * G_PI);
        cairo_new_sub_path (cr);
        cairo_arc_negative (cr, at.x, at.y, r, 2 * G_PI, 0);
        cairo_set_source_rgb (cr, 0.85, 0.1, 0.1);
        cairo_fill (cr);
      }
  cairo_restore (cr);
  flitlab_topology_figure_draw_color_bar (cr, figure, width - 8 - (bar_w - type),
                                          top + 0.15 * room_h,
                                          0.7 * room_h);
  figure->font_size = font_size;
  cairo_restore (cr);
}

gboolean
flitlab_topology_figure_hit_stack (const FlitlabTopologyFigure *figure,
                                   double                     x,
                                   double                     y,
                                   int                       *node,
                                   int                       *channel)
{
  const struct _FlitlabTopologyStack *stack;
  double best;

  g_return_val_if_fail (figure != NULL && node != NULL && channel != NULL, FALSE);

  *node = *channel = -1;
  stack = figure->stack;
  if (stack == NULL || figure->layout == NULL)
    return FALSE;
  /* The links between planes lie over the planes. */
  best = stack->tolerance * stack->tolerance;
  for (guint i = 0; i < stack->links->len; i++)
    {
      const StackLink *link = &g_array_index (stack->links, StackLink, i);
      double dx = link->z.x - link->a.x, dy = link->z.y - link->a.y, len2 = dx * dx + dy * dy;
      double u = len2 > 0 ? CLAMP (((x - link->a.x) * dx + (y - link->a.y) * dy) / len2, 0, 1) : 0;
      double ex = link->a.x + u * dx - x, ey = link->a.y + u * dy - y;

      if (ex * ex + ey * ey <= best)
        {
          best = ex * ex + ey * ey;
          *channel = (int) link->id;
        }
    }
  if (*channel >= 0)
    return TRUE;
  /* Every plane is laid out alike: the last one's layout answers for each, its ids moved to
   * the plane under the point. */
  for (guint p = stack->n_planes; p-- > 0;)
    {
      double px = x, py = y;
      guint found;
      int hit;

      cairo_matrix_transform_point (&stack->to_plane[p], &px, &py);
      hit = flitlab_topology_figure_hit_node (figure, px, py);
      if (hit >= 0)
        {
          *node = (int) (p * stack->plane_size + (guint) hit % stack->plane_size);
          return TRUE;
        }
      hit = flitlab_topology_figure_hit_channel (figure, px, py);
      if (hit < 0)
        continue;
      {
        const FlitlabChannel *ch = flitlab_topology_get_channel (figure->topology, (guint) hit);

        /* A stroke for a link to another plane: the column's links answer for those. */
        if (ch->dim >= 2)
          continue;
        found = flitlab_topology_find_channel (figure->topology,
                                               p * stack->plane_size + ch->src % stack->plane_size,
                                               ch->dim, ch->direction);
        if (found == G_MAXUINT)
          continue;
        *channel = (int) found;
        return TRUE;
      }
    }
  return FALSE;
}
