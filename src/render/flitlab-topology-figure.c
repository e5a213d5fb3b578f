/* flitlab-topology-figure.c: a network diagram as a figure: its settings and what it can draw
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-render-private.h"
#include "flitlab-render-topology-private.h"

/* ---- figure -------------------------------------------------------------------------- */

void
flitlab_topology_layout_free (FlitlabTopologyLayout *layout)
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
  flitlab_topology_grid_clear (&layout->segment_grid);
  flitlab_topology_grid_clear (&layout->node_grid);
  g_free (layout);
}

FlitlabTopologyFigure *
flitlab_topology_figure_new (const FlitlabTopology *topology)
{
  FlitlabTopologyFigure *figure;

  g_return_val_if_fail (topology != NULL, NULL);

  figure = g_new0 (FlitlabTopologyFigure, 1);
  figure->topology = flitlab_topology_ref (topology);
  figure->value_min = figure->value_max = NAN;
  figure->route = g_array_new (FALSE, FALSE, sizeof (guint));
  figure->node_labels = TRUE;
  figure->column = -1;
  figure->zoom = 1;
  figure->zoom_x = figure->zoom_y = 0.5;
  return figure;
}

void
flitlab_topology_figure_free (FlitlabTopologyFigure *figure)
{
  if (figure == NULL)
    return;
  g_free (figure->values);
  g_free (figure->colors);
  g_free (figure->marks);
  g_free (figure->value_label);
  g_free (figure->title);
  g_array_unref (figure->route);
  flitlab_topology_free (figure->topology);
  flitlab_topology_layout_free (figure->layout);
  flitlab_topology_stack_free (figure->stack);
  g_free (figure);
}

void
flitlab_topology_stack_free (struct _FlitlabTopologyStack *stack)
{
  if (stack == NULL)
    return;
  g_free (stack->to_plane);
  g_array_unref (stack->links);
  g_free (stack);
}

const FlitlabTopology *
flitlab_topology_figure_get_topology (const FlitlabTopologyFigure *figure)
{
  g_return_val_if_fail (figure != NULL, NULL);

  return figure->topology;
}

void
flitlab_topology_figure_set_values (FlitlabTopologyFigure *figure,
                                    const double        *values,
                                    guint                n_values)
{
  g_return_if_fail (figure != NULL);

  g_clear_pointer (&figure->values, g_free);
  figure->n_values = 0;
  if (values == NULL)
    return;
  figure->values = g_memdup2 (values, sizeof (double) * n_values);
  figure->n_values = n_values;
}

void
flitlab_topology_figure_set_colors (FlitlabTopologyFigure *figure,
                                    const guint32       *colors,
                                    const gboolean      *marks,
                                    guint                n)
{
  g_return_if_fail (figure != NULL);

  g_clear_pointer (&figure->colors, g_free);
  g_clear_pointer (&figure->marks, g_free);
  figure->n_colors = 0;
  if (colors == NULL && marks == NULL)
    return;
  figure->colors = colors != NULL ? g_memdup2 (colors, sizeof (guint32) * n) : NULL;
  figure->marks = marks != NULL ? g_memdup2 (marks, sizeof (gboolean) * n) : NULL;
  figure->n_colors = n;
}

/* ---- zoom ---------------------------------------------------------------------------- */

/* The zoom at which neighbours fitted fit_unit apart are FLITLAB_TOPOLOGY_FIGURE_ZOOM_SPACING
 * apart; never below fitting. */
double
flitlab_topology_max_zoom (double fit_unit)
{
  return MAX (1, FLITLAB_TOPOLOGY_FIGURE_ZOOM_SPACING / fit_unit);
}

/* The zoom drawn: the figure's within its range (a layer is never zoomed). */
double
flitlab_topology_figure_zoom (const FlitlabTopologyFigure *figure,
                              double                     fit_unit)
{
  if (figure->layer || !(figure->zoom > 1))
    return 1;
  return MIN (figure->zoom, flitlab_topology_max_zoom (fit_unit));
}

/* Where a zoomed network is drawn: the figure but for the title and legend above it and the
 * colour bar beside it. */
void
flitlab_topology_layout_frame (const FlitlabTopologyLayout *layout,
                               double                      *x0,
                               double                      *y0,
                               double                      *x1,
                               double                      *y1)
{
  *x0 = 0;
  *y0 = layout->top;
  *x1 = layout->with_bar ? (layout->right + layout->bar_left) / 2 : layout->width;
  *y1 = layout->height;
}

double
flitlab_topology_figure_get_max_zoom (const FlitlabTopologyFigure *figure)
{
  g_return_val_if_fail (figure != NULL, 1);

  if (figure->layout == NULL || figure->layer)
    return 1;
  return flitlab_topology_max_zoom (figure->layout->fit_unit);
}

/* The point of the fitted network shown at the middle of the area: within its edges. */
static void
set_centre (FlitlabTopologyFigure *figure,
            double               zoom,
            double               x,
            double               y)
{
  double margin = 0.5 / zoom;

  figure->zoom = zoom;
  figure->zoom_x = CLAMP (x, margin, 1 - margin);
  figure->zoom_y = CLAMP (y, margin, 1 - margin);
}

gboolean
flitlab_topology_figure_zoom_at (FlitlabTopologyFigure *figure,
                                 double               zoom,
                                 double               x,
                                 double               y)
{
  const FlitlabTopologyLayout *layout;
  double w, h, z, fx, fy, was_zoom, was_x, was_y;

  g_return_val_if_fail (figure != NULL, FALSE);

  layout = figure->layout;
  if (layout == NULL || figure->layer || !isfinite (zoom) || !isfinite (x) || !isfinite (y))
    return FALSE;
  w = layout->right - layout->left;
  h = layout->bottom - layout->top;
  z = flitlab_topology_figure_zoom (figure, layout->fit_unit);
  zoom = CLAMP (zoom, 1, flitlab_topology_max_zoom (layout->fit_unit));
  /* The fitted network's point under (x, y), as shares of the area: the layout's transform
   * (flitlab-topology-layout.c's place()) undone. */
  fx = figure->zoom_x + (x - (layout->left + layout->right) / 2) / (z * w);
  fy = figure->zoom_y + (y - (layout->top + layout->bottom) / 2) / (z * h);
  was_zoom = z, was_x = figure->zoom_x, was_y = figure->zoom_y;
  /* The centre that keeps it under (x, y) at the new zoom. */
  set_centre (figure, zoom, fx - (x - (layout->left + layout->right) / 2) / (zoom * w),
              fy - (y - (layout->top + layout->bottom) / 2) / (zoom * h));
  return figure->zoom != was_zoom || figure->zoom_x != was_x || figure->zoom_y != was_y;
}

gboolean
flitlab_topology_figure_pan (FlitlabTopologyFigure *figure,
                             double               dx,
                             double               dy)
{
  const FlitlabTopologyLayout *layout;
  double z, was_x, was_y;

  g_return_val_if_fail (figure != NULL, FALSE);

  layout = figure->layout;
  if (layout == NULL || figure->layer || !isfinite (dx) || !isfinite (dy))
    return FALSE;
  z = flitlab_topology_figure_zoom (figure, layout->fit_unit);
  was_x = figure->zoom_x, was_y = figure->zoom_y;
  set_centre (figure, z, figure->zoom_x - dx / (z * (layout->right - layout->left)),
              figure->zoom_y - dy / (z * (layout->bottom - layout->top)));
  return figure->zoom_x != was_x || figure->zoom_y != was_y;
}

gboolean
flitlab_topology_figure_shows_point (const FlitlabTopologyFigure *figure,
                                     double                     x,
                                     double                     y)
{
  double x0, y0, x1, y1;

  g_return_val_if_fail (figure != NULL, FALSE);

  if (figure->layout == NULL || figure->layout->zoom <= 1)
    return TRUE;
  flitlab_topology_layout_frame (figure->layout, &x0, &y0, &x1, &y1);
  return x >= x0 && x < x1 && y >= y0 && y < y1;
}

gboolean
flitlab_topology_figure_get_frame (const FlitlabTopologyFigure *figure,
                                   double                    *x0,
                                   double                    *y0,
                                   double                    *x1,
                                   double                    *y1)
{
  g_return_val_if_fail (figure != NULL, FALSE);

  if (figure->layout == NULL)
    return FALSE;
  flitlab_topology_layout_frame (figure->layout, x0, y0, x1, y1);
  return TRUE;
}

/* ---- settings ------------------------------------------------------------------------ */

/* Whether the colour bar shows: a heatmap, not the animation's colours. */
gboolean
flitlab_topology_figure_with_bar (const FlitlabTopologyFigure *figure)
{
  return figure->values != NULL && figure->colors == NULL && !figure->layer;
}

/* Whether a hypercube's links are coloured by their dimension, with a legend: nothing else
 * colours them (no heatmap, no animation), and it is a figure of its own. */
gboolean
flitlab_topology_figure_by_dimension (const FlitlabTopologyFigure *figure)
{
  return flitlab_topology_get_family (figure->topology) == FLITLAB_TOPOLOGY_HYPERCUBE &&
         figure->values == NULL && figure->colors == NULL && !figure->layer;
}

/* Tori and meshes drawn as a grid: two or more dimensions, or a 1D mesh (one row). */
gboolean
flitlab_topology_is_grid (const FlitlabTopology *t)
{
  FlitlabTopologyFamily family = flitlab_topology_get_family (t);

  return (family == FLITLAB_TOPOLOGY_TORUS && flitlab_topology_get_n_dims (t) >= 2) ||
         family == FLITLAB_TOPOLOGY_MESH;
}

guint
flitlab_topology_plane_size (const FlitlabTopology *t)
{
  guint n_dims = flitlab_topology_get_n_dims (t);

  return flitlab_topology_get_radix (t, 0) * (n_dims > 1 ? flitlab_topology_get_radix (t, 1) : 1);
}

/* Hypercubes beyond 2^MAX_HYPERCUBE_DIMS nodes are drawn as that many groups: the nodes that
 * differ only in the higher dimensions are one group, and the channels of a lower dimension
 * between two groups one link. The channels per link; 1 when nothing is grouped. */
guint
flitlab_topology_group_size (const FlitlabTopology *t)
{
  guint n_dims = flitlab_topology_get_n_dims (t);

  if (flitlab_topology_get_family (t) != FLITLAB_TOPOLOGY_HYPERCUBE || n_dims <= MAX_HYPERCUBE_DIMS)
    return 1;
  return 1u << (n_dims - MAX_HYPERCUBE_DIMS);
}

gboolean
flitlab_topology_is_tiled (const FlitlabTopology *t)
{
  guint n_dims = flitlab_topology_get_n_dims (t);

  return flitlab_topology_get_family (t) == FLITLAB_TOPOLOGY_HYPERCUBE &&
         n_dims >= TILED_MIN_DIMS && n_dims <= MAX_HYPERCUBE_DIMS;
}

guint
flitlab_topology_figure_get_bundle_size (const FlitlabTopologyFigure *figure,
                                         guint                      channel)
{
  const FlitlabTopologyLayout *layout;
  int slot;

  g_return_val_if_fail (figure != NULL, 0);

  layout = figure->layout;
  if (layout == NULL || channel >= flitlab_topology_get_n_network_channels (figure->topology) ||
      (slot = layout->shape_slot[channel]) < 0)
    return 0;
  return layout->members == NULL ? 1 : layout->member_start[slot + 1] - layout->member_start[slot];
}

guint
flitlab_topology_figure_get_group_size (const FlitlabTopologyFigure *figure)
{
  g_return_val_if_fail (figure != NULL, 1);

  return flitlab_topology_group_size (figure->topology);
}

guint
flitlab_topology_figure_get_n_planes (const FlitlabTopologyFigure *figure)
{
  g_return_val_if_fail (figure != NULL, 1);

  if (!flitlab_topology_is_grid (figure->topology))
    return 1;
  return flitlab_topology_get_n_nodes (figure->topology) /
         flitlab_topology_plane_size (figure->topology);
}

gboolean
flitlab_topology_figure_check (const FlitlabTopologyFigure  *figure,
                               GError                    **error)
{
  const FlitlabTopology *t;
  FlitlabTopologyFamily family;
  guint n_dims, n_nodes, n_network, n_channels, n_planes;

  g_return_val_if_fail (figure != NULL, FALSE);

  t = figure->topology;
  family = flitlab_topology_get_family (t);
  n_dims = flitlab_topology_get_n_dims (t);
  n_nodes = flitlab_topology_get_n_nodes (t);
  n_network = flitlab_topology_get_n_network_channels (t);
  n_channels = flitlab_topology_get_n_channels (t);
  n_planes = flitlab_topology_figure_get_n_planes (figure);

  /* A network from a file is laid out by Graphviz, which may fail (the layout is kept). */
  if (family == FLITLAB_TOPOLOGY_FILE)
    {
      g_autofree Point *at = flitlab_topology_graphviz_positions (t, error);

      if (at == NULL)
        return FALSE;
    }
  if (family == FLITLAB_TOPOLOGY_NECKLACE &&
      (n_dims > MAX_HYPERCUBE_DIMS || n_nodes > MAX_DRAWN_NODES))
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_TOO_LARGE,
                   _("This necklace hypercube has %u nodes, too many to draw: diagrams show up to "
                     "%u nodes on a base hypercube of up to 2^%u"), n_nodes, MAX_DRAWN_NODES,
                   MAX_HYPERCUBE_DIMS);
      return FALSE;
    }
  if (flitlab_topology_is_grid (t) && flitlab_topology_plane_size (t) > MAX_DRAWN_NODES)
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_TOO_LARGE,
                   _("A plane of %u nodes is too large to draw (at most %u)"),
                   flitlab_topology_plane_size (t),
                   MAX_DRAWN_NODES);
      return FALSE;
    }
  if (figure->plane >= n_planes)
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID,
                   g_dngettext (GETTEXT_PACKAGE,
                                "This network has %u plane (0 to %u), not a plane %u",
                                "This network has %u planes (0 to %u), not a plane %u", n_planes),
                   n_planes, n_planes - 1, figure->plane);
      return FALSE;
    }
  if (figure->column >= 0 && (!flitlab_topology_is_grid (t) || n_planes < 2 ||
                              (guint) figure->column >= flitlab_topology_plane_size (t)))
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID,
                   "Column %d is not a node of a plane of this network", figure->column);
      return FALSE;
    }
  if ((figure->values == NULL && figure->n_values != 0) ||
      (figure->values != NULL && figure->n_values != n_network && figure->n_values != n_channels))
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID,
                   _("%u values do not fit this network: it has %u network channels (%u with "
                     "injection and ejection)"), figure->n_values, n_network, n_channels);
      return FALSE;
    }
  /* A node's injection and ejection channels too: a worm still leaving its source (the
   * animation's followed message) holds its injection channel. */
  for (guint i = 0; i < figure->route->len; i++)
    if (g_array_index (figure->route, guint, i) >= n_channels)
      {
        g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID,
                     _("Route channel %u is not a channel of this network (0 to %u)"),
                     g_array_index (figure->route, guint, i), n_channels - 1);
        return FALSE;
      }
  if (isfinite (figure->value_min) && isfinite (figure->value_max) &&
      figure->value_min > figure->value_max)
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID,
                   _("The colour range from %g to %g is empty"), figure->value_min,
                   figure->value_max);
      return FALSE;
    }
  return TRUE;
}

gboolean
flitlab_topology_figure_get_same_value (const FlitlabTopologyFigure *figure,
                                        double                    *value)
{
  guint n;
  double lo = INFINITY, hi = -INFINITY;

  g_return_val_if_fail (figure != NULL && value != NULL, FALSE);

  n = MIN (figure->n_values, flitlab_topology_get_n_network_channels (figure->topology));
  for (guint c = 0; figure->values != NULL && c < n; c++)
    if (isfinite (figure->values[c]))
      {
        lo = MIN (lo, figure->values[c]);
        hi = MAX (hi, figure->values[c]);
      }
  *value = hi;
  return lo <= hi && hi - lo <= 1e-9 * MAX (fabs (hi), 1e-300);
}

/* The subtitle: the network when the title is the caller's, and the plane drawn; or NULL. */
char *
flitlab_topology_figure_dup_subtitle (const FlitlabTopologyFigure *figure)
{
  const FlitlabTopology *t = figure->topology;
  guint n_dims = flitlab_topology_get_n_dims (t);
  double value = 0;
  GString *text = g_string_new (NULL);

  if (figure->title != NULL && figure->title[0] != '\0')
    {
      g_autofree char *network = flitlab_topology_dup_title (t);

      g_string_append (text, network);
    }
  if (flitlab_topology_is_grid (t) && n_dims > 2)
    {
      if (text->len > 0)
        g_string_append (text, "; ");
      if (n_dims == 3)
        g_string_append_printf (text, _("plane z = %u (of 0 to %u)"), figure->plane,
                                flitlab_topology_get_radix (t, 2) - 1);
      else
        g_string_append_printf (text, _("plane %u (of 0 to %u, by coordinates 3 to %u)"),
                                figure->plane,
                                flitlab_topology_figure_get_n_planes (figure) - 1, n_dims);
      /* The strokes of flitlab-topology-layout.c's add_plane_stubs(). */
      if (n_dims == 3)
        /* No break inside "z + 1". */
        g_string_append (text, _("; at each node, the links to plane z\u00a0+\u00a01 go up and "
                                 "to the right, to plane z\u00a0−\u00a01 down and to the left"));
      else
        {
          g_string_append (text, _("; at each node, the links along coordinate 3 go up and to "
                                   "the right (+) or down and to the left (−), along "
                                   "coordinate 4 up and to the left (+) or down and to the "
                                   "right (−)"));
          if (n_dims > MAX_STUB_DIM + 1)
            g_string_append (text, _("; coordinates 5 and up not drawn"));
        }
    }
  if (flitlab_topology_get_family (t) == FLITLAB_TOPOLOGY_HYPERCUBE && n_dims >= 2)
    {
      /* The layout of flitlab-topology-layout.c's hypercube_position(), is_faint() of
       * flitlab-render-topology.c. */
      g_autoptr(GString) across = g_string_new (NULL);
      g_autoptr(GString) down = g_string_new (NULL);

      if (text->len > 0)
        g_string_append (text, "; ");
      for (guint d = 0; d < MIN (n_dims, MAX_HYPERCUBE_DIMS); d++)
        {
          GString *list = d % 2 == 0 ? across : down;

          g_string_append_printf (list, "%s%u", list->len > 0 ? ", " : "", d);
        }
      /* Translators: the hypercube's dimensions drawn across and down, as "0, 2, 4" and "1, 3" */
      g_string_append_printf (text, _("dimensions %s across, %s down"), across->str, down->str);
      if (flitlab_topology_is_tiled (t))
        /* Translators: the 10-cube drawn in tiles of 4-cubes; the numbers: the last dimension
         * inside a tile, the links a line between tiles stands for, the dimensions between */
        g_string_append_printf (text, _("; a grey tile per 4-cube (dimensions 0 to %u inside); "
                                        "between tiles, a thick line for %u links of "
                                        "dimension %u to %u, the higher further out"),
                                TILE_DIMS - 1, 1u << TILE_DIMS, TILE_DIMS, n_dims - 1);
      else if (n_dims >= FAINT_MIN_DIMS)
        g_string_append_printf (text, _("; links between the 4-cubes (dimensions %u to %u) faint"),
                                FAINT_FROM_DIM, MIN (n_dims, MAX_HYPERCUBE_DIMS) - 1);
    }
  if (flitlab_topology_group_size (t) > 1)
    {
      if (text->len > 0)
        g_string_append (text, "; ");
      g_string_append_printf (text,
                              _("dimensions %u to %u grouped: a node for %u nodes, a link for "
                                "%u channels (their mean)"), MAX_HYPERCUBE_DIMS, n_dims - 1,

                              flitlab_topology_group_size (t), flitlab_topology_group_size (t));
    }
  /* Not on a fixed colour bar (an animation's windows), where one colour reads as its value
   * and a subtitle coming and going would move the drawing from one frame to the next. */
  if (!(isfinite (figure->value_min) && isfinite (figure->value_max)) &&
      flitlab_topology_figure_get_same_value (figure, &value))
    {
      if (text->len > 0)
        g_string_append (text, "; ");
      /* Translators: a symmetric network's model gives one value, and so one colour, to every
       * link; %.3g: the value */
      g_string_append_printf (text, _("every link the same value, %.3g"), value);
    }
  if (text->len == 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

guint
flitlab_topology_figure_title_lines (const FlitlabTopologyFigure *figure)
{
  g_autofree char *subtitle = NULL;

  if (figure->layer || (figure->title != NULL && figure->title[0] == '\0'))
    return 0;
  subtitle = flitlab_topology_figure_dup_subtitle (figure);
  return subtitle != NULL ? 2 : 1;
}
