/* flitlab-topology-hit.c: what the network diagram drew under a point, and where it drew a node
 * or channel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-render-topology-private.h"

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

/* The nearest channel drawn within the tolerance of (x, y) that holder does not leave idle
 * (holder NULL: any), or -1. */
static int
nearest_channel (const FlitlabTopologyFigure *figure,
                 double                     x,
                 double                     y,
                 const gint32              *holder)
{
  const FlitlabTopologyLayout *layout = figure->layout;
  const guint *items = NULL;
  guint n;
  double best;
  int hit = -1;

  if (layout == NULL || !flitlab_topology_figure_shows_point (figure, x, y))
    return -1;
  best = layout->tolerance * layout->tolerance;
  n = flitlab_topology_grid_lookup (&layout->segment_grid, x, y, &items);
  for (guint i = 0; i < n; i++)
    {
      const Segment *seg = &g_array_index (layout->segments, Segment, items[i]);
      guint id = g_array_index (layout->shapes, Shape, seg->shape).id;
      double d2 = segment_distance2 (seg, x, y);

      if ((d2 < best || (hit < 0 && d2 <= best)) && (holder == NULL || holder[id] >= 0))
        {
          best = d2;
          hit = (int) id;
        }
    }
  return hit;
}

int
flitlab_topology_figure_hit_channel (const FlitlabTopologyFigure *figure,
                                     double                     x,
                                     double                     y)
{
  g_return_val_if_fail (figure != NULL, -1);

  return nearest_channel (figure, x, y, NULL);
}

gint32
flitlab_topology_figure_hit_worm (const FlitlabTopologyFigure *figure,
                                  double                     x,
                                  double                     y,
                                  const gint32              *holder)
{
  const FlitlabTopologyLayout *layout;
  g_autofree gboolean *on_route = NULL;
  const guint *items = NULL;
  int channel;
  guint n;

  g_return_val_if_fail (figure != NULL && holder != NULL, -1);

  layout = figure->layout;
  if (layout == NULL || !flitlab_topology_figure_shows_point (figure, x, y))
    return -1;
  on_route = g_new0 (gboolean, flitlab_topology_get_n_channels (figure->topology));
  for (guint r = 0; r < figure->route->len; r++)
    on_route[g_array_index (figure->route, guint, r)] = TRUE;
  /* A ring round a node is a message still leaving it (or, followed, delivered to it): it
   * lies over the ends of the node's channels, so it is looked at first. */
  n = flitlab_topology_grid_lookup (&layout->node_grid, x, y, &items);
  for (guint i = 0; i < n; i++)
    {
      const Node *node = &g_array_index (layout->nodes, Node, items[i]);
      guint ring = flitlab_topology_ring_channel (figure->topology, on_route, node->id);
      double inner, outer, d = hypot (node->at.x - x, node->at.y - y);

      flitlab_topology_ring_bounds (layout, node->style, on_route[ring], &inner, &outer);
      /* Half a pixel either side: its edges are antialiased. */
      if (holder[ring] >= 0 && d >= inner - 0.5 && d <= outer + 0.5)
        return holder[ring];
    }
  channel = nearest_channel (figure, x, y, holder);
  return channel >= 0 ? holder[channel] : -1;
}

int
flitlab_topology_figure_hit_node (const FlitlabTopologyFigure *figure,
                                  double                     x,
                                  double                     y)
{
  const FlitlabTopologyLayout *layout;
  const guint *items = NULL;
  guint n;
  double best = INFINITY;
  int hit = -1;

  g_return_val_if_fail (figure != NULL, -1);

  layout = figure->layout;
  if (layout == NULL || !flitlab_topology_figure_shows_point (figure, x, y))
    return -1;
  n = flitlab_topology_grid_lookup (&layout->node_grid, x, y, &items);
  for (guint i = 0; i < n; i++)
    {
      const Node *node = &g_array_index (layout->nodes, Node, items[i]);
      double r = MAX (flitlab_topology_node_radius (layout, node->style), 4) + 1;
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
flitlab_topology_figure_get_node_position (const FlitlabTopologyFigure *figure,
                                           guint                      node,
                                           double                    *x,
                                           double                    *y)
{
  const Node *drawn;

  g_return_val_if_fail (figure != NULL && x != NULL && y != NULL, FALSE);

  if (figure->layout == NULL || node >= flitlab_topology_get_n_nodes (figure->topology) ||
      figure->layout->node_slot[node] < 0)
    return FALSE;
  drawn = &g_array_index (figure->layout->nodes, Node, figure->layout->node_slot[node]);
  *x = drawn->at.x;
  *y = drawn->at.y;
  return TRUE;
}

double
flitlab_topology_figure_get_drawn_value (const FlitlabTopologyFigure *figure,
                                         guint                      channel)
{
  g_return_val_if_fail (figure != NULL, NAN);

  if (figure->layout == NULL || figure->values == NULL ||
      channel >= flitlab_topology_get_n_network_channels (figure->topology) ||
      figure->layout->shape_slot[channel] < 0)
    return NAN;
  return flitlab_topology_figure_shape_mean (figure, (guint) figure->layout->shape_slot[channel]);
}

gboolean
flitlab_topology_figure_get_channel_middle (const FlitlabTopologyFigure *figure,
                                            guint                      channel,
                                            double                    *x,
                                            double                    *y)
{
  const Shape *shape;

  g_return_val_if_fail (figure != NULL && x != NULL && y != NULL, FALSE);

  if (figure->layout == NULL ||
      channel >= flitlab_topology_get_n_network_channels (figure->topology) ||
      figure->layout->shape_slot[channel] < 0)
    return FALSE;
  shape = &g_array_index (figure->layout->shapes, Shape, figure->layout->shape_slot[channel]);
  *x = shape->middle.x;
  *y = shape->middle.y;
  return TRUE;
}

guint
flitlab_topology_figure_get_n_drawn_channels (const FlitlabTopologyFigure *figure)
{
  g_return_val_if_fail (figure != NULL, 0);

  return figure->layout != NULL ? figure->layout->shapes->len : 0;
}
