/* flitlab-render-topology-stack.c: the planes of a network of three or more dimensions stacked in an isometric view
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-render-private.h"
#include "flitlab-render-topology-private.h"

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
  double type = _flitlab_topology_view_type (view, width), font_size = view->font_size;
  double top = 16, bar_w, room_w, room_h, side, left, bottom;
  g_autofree char *subtitle = NULL;
  guint n, shown;

  g_return_if_fail (cr != NULL && view != NULL);

  n = flitlab_topology_view_get_n_planes (view);
  shown = view->plane;
  labels = view->node_labels;
  subtitle = g_strdup_printf ("all %u planes of the third dimension, plane 0 at the bottom; links "
                              "between planes not drawn", n);
  if (titled)
    top = _flitlab_topology_view_draw_title (cr, view, subtitle, type, width, FALSE);
  room_h = MAX (height - top - 16, 1);
  bar_w = view->values != NULL ? _flitlab_topology_view_bar_width (view, cr, type, 0.7 * room_h) + type : 0;
  room_w = MAX (width - 40 - bar_w, 1);
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
    _flitlab_topology_view_draw_title (cr, view, subtitle, type, width, TRUE);
  /* The layers at the figure's type, for the colour bar drawn from the last one's layout. */
  view->font_size = type;
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
                   "Only a network of three or more dimensions has planes to stack");
      return FALSE;
    }
  return flitlab_render_to_file (path, width, height, scale, draw_stack, view, error);
}
