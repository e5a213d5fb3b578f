/* flitlab-render-topology-stack.c: the planes of a network of three or more dimensions stacked in an oblique view
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

/* The columns whose links between planes are drawn: the plane's left and right corners,
 * where a vertical line from one plane to the next crosses no other plane. */
enum
{
  LEFT_CORNER,
  RIGHT_CORNER,
  N_CORNERS
};

/* A link of dimension 2 between two planes' corner nodes, drawn on the figure. */
static void
draw_column_channel (cairo_t                   *cr,
                     const FlitlabTopologyView *view,
                     guint                      id,
                     Point                      from,
                     Point                      to,
                     double                     offset,
                     double                     width,
                     double                     trim,
                     double                     lo,
                     double                     hi)
{
  double dx = to.x - from.x, dy = to.y - from.y, len = hypot (dx, dy), arrow = 2.5 * width + 3;
  double r = 0.3, g = 0.3, b = 0.3;
  Point a, z;

  if (len < 2 * trim + arrow)
    return;
  dx /= len, dy /= len;
  /* To the right of travel, as in the planes, so the two directions part. */
  a = pt (from.x - offset * dy + trim * dx, from.y + offset * dx + trim * dy);
  z = pt (to.x - offset * dy - trim * dx, to.y + offset * dx - trim * dy);
  if (view->values != NULL)
    flitlab_colormap_color (view->colormap, view->values[id], lo, hi, &r, &g, &b);
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

/* The planes of the third dimension stacked in an oblique view, plane 0 at the bottom, each a
 * layer of the same drawing, pulled apart so that no plane covers another: a plane's x axis
 * runs down to the right, its y axis down to the left, flattened to a wide diamond. Between
 * the planes, the links of dimension 2 of the columns at the diamonds' left and right
 * corners, the only columns whose links cross no plane. The layout kept is the last plane's:
 * hit-tests answer for one plane only. */
void
flitlab_render_topology_stack (cairo_t             *cr,
                               FlitlabTopologyView *view,
                               double               width,
                               double               height)
{
  /* A plane of side s is a diamond 2 cos 30 s wide and 2 flat s tall, gap s below the next. */
  const double cos30 = 0.8660254037844386, flat = 0.3, gap = 0.1, margin = 16;
  gboolean titled = view->title == NULL || view->title[0] != '\0', labels;
  double type = _flitlab_topology_view_type (view, width), font_size = view->font_size;
  double top = 16, bar_w, room_w, room_h, side, left, bottom, lo = 0, hi = 1, line_width = 1;
  const FlitlabTopology *t = view->topology;
  guint k0 = flitlab_topology_get_radix (t, 0), k1 = flitlab_topology_get_radix (t, 1);
  guint size = k0 * k1, corner_node[N_CORNERS] = { (k1 - 1) * k0, k0 - 1 };
  g_autofree Point *corner_at = NULL;
  g_autofree gboolean *corner_drawn = NULL;
  g_autofree char *subtitle = NULL;
  guint n, shown;

  g_return_if_fail (cr != NULL && view != NULL);

  n = flitlab_topology_view_get_n_planes (view);
  shown = view->plane;
  labels = view->node_labels;
  corner_at = g_new0 (Point, (gsize) n * N_CORNERS);
  corner_drawn = g_new0 (gboolean, (gsize) n * N_CORNERS);
  if (flitlab_topology_get_family (t) == FLITLAB_TOPOLOGY_TORUS)
    subtitle = g_strdup_printf (_("all %u planes, plane 0 at the bottom; between them, the links "
                                  "of the left and right corner columns (top to bottom plane not "
                                  "drawn)"), n);
  else
    subtitle = g_strdup_printf (_("all %u planes, plane 0 at the bottom; between them, the links "
                                  "of the left and right corner columns"), n);
  if (titled)
    top = _flitlab_topology_view_draw_title (cr, view, subtitle, type, width, FALSE);
  room_h = MAX (height - top - 16, 1);
  bar_w = view->values != NULL ? _flitlab_topology_view_bar_width (view, cr, type, 0.7 * room_h) + type : 0;
  room_w = MAX (width - 40 - bar_w, 1);
  side = MAX (MIN (room_w / (2 * cos30), room_h / (2 * flat * MAX (n, 1) + gap * (MAX (n, 1) - 1))), 1);
  left = 20 + (room_w - 2 * side * cos30) / 2;
  bottom = top + (room_h + side * (2 * flat * n + gap * (n - 1))) / 2;

  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  if (titled)
    _flitlab_topology_view_draw_title (cr, view, subtitle, type, width, TRUE);
  /* The layers at the figure's type, for the colour bar drawn from the last one's layout. */
  view->font_size = type;
  view->layer = TRUE;
  view->node_labels = FALSE;
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
      view->plane = p;
      /* The renderer keeps a margin round a figure: here the plane's edge is the figure's. */
      cairo_translate (cr, -margin, -margin);
      flitlab_render_topology (cr, view, side + 2 * margin, side + 2 * margin);
      for (guint c = 0; c < N_CORNERS; c++)
        {
          Point *at = &corner_at[p * N_CORNERS + c];

          corner_drawn[p * N_CORNERS + c] =
            flitlab_topology_view_get_node_position (view, p * size + corner_node[c], &at->x, &at->y);
          if (corner_drawn[p * N_CORNERS + c])
            cairo_user_to_device (cr, &at->x, &at->y);
        }
      /* As wide as the plane's lines, and no hairline. */
      if (p == 0 && view->layout != NULL)
        line_width = MAX (view->layout->line_width, 1.2);
      cairo_restore (cr);
    }
  view->plane = shown;
  view->layer = FALSE;
  view->node_labels = labels;
  if (view->values != NULL && view->layout != NULL)
    _flitlab_topology_view_value_range (view, &lo, &hi);
  /* The corners were taken in device space: back to the figure's. */
  for (guint i = 0; i < n * N_CORNERS; i++)
    cairo_device_to_user (cr, &corner_at[i].x, &corner_at[i].y);
  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  for (guint c = 0; c < N_CORNERS; c++)
    for (guint p = 0; p < n; p++)
      {
        const guint *ids;
        guint node = p * size + corner_node[c], n_out = flitlab_topology_get_out_channels (t, node, &ids);
        for (guint j = 0; j < n_out; j++)
          {
            const FlitlabChannel *ch = flitlab_topology_get_channel (t, ids[j]);
            guint q = ch->dst / size;

            /* A wrap-around would cross every plane; a plane too large to draw has no corners. */
            if (ch->dim != 2 || ch->wraparound || !corner_drawn[p * N_CORNERS + c] ||
                !corner_drawn[q * N_CORNERS + c])
              continue;
            draw_column_channel (cr, view, ids[j], corner_at[p * N_CORNERS + c], corner_at[q * N_CORNERS + c],
                                 flitlab_topology_is_bidirectional (t) ? 1.5 * line_width : 0,
                                 line_width, 6, lo, hi);
          }
      }
  cairo_restore (cr);
  flitlab_topology_view_draw_color_bar (cr, view, width - 8 - (bar_w - type), top + 0.15 * room_h, 0.7 * room_h);
  view->font_size = font_size;
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
                   _("Only a network of three or more dimensions has planes to stack"));

      return FALSE;
    }
  return flitlab_render_to_file (path, width, height, scale, draw_stack, view, error);
}
