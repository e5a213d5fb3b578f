/* flitlab-network-page-canvas.c: the Network page's drawing: hover, routes between clicked
 * nodes, worms clicked to follow, zoom and pan, keys
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Hovering names a channel or node and its value; clicking two nodes draws the route between
 * them: the dimension-ordered one, or every minimal path when the routing is adaptive.
 *
 * Zoom, for networks too dense to read whole (a 10-cube): Ctrl+scroll and pinch zoom about the
 * pointer, Ctrl+plus, Ctrl+minus and Ctrl+0 about the middle and back to the whole network;
 * zoomed, scrolling and dragging (primary or middle button) pan. A click without a drag still
 * picks a node or a worm. The view's layout holds the transform (flitlab-render-topology.h).
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "flitlab-network-page-private.h"
#include "flitlab-render-flow.h"

gboolean
flitlab_network_page_stacked (FlitlabNetworkPage *self)
{
  return gtk_toggle_button_get_active (self->stack_button) &&
         gtk_widget_get_visible (GTK_WIDGET (self->stack_button));
}

/* The hint while the network can be zoomed and is not; the button back while it is. */
static gboolean
zoom_hint_wanted (FlitlabNetworkPage *self)
{
  return self->figure != NULL && !flitlab_network_page_stacked (self) && self->figure->zoom <= 1 &&
         flitlab_topology_figure_get_max_zoom (self->figure) > 1;
}

/* Whether the network's part of the figure ended elsewhere than where the zoom's controls
 * were last placed, remembering where it ends now. */
static gboolean
frame_moved (FlitlabNetworkPage *self)
{
  double x0, y0, x1, y1;

  if (!flitlab_topology_figure_get_frame (self->figure, &x0, &y0, &x1, &y1) ||
      (x1 == self->frame_right && y1 == self->frame_bottom))
    return FALSE;
  self->frame_right = x1;
  self->frame_bottom = y1;
  return TRUE;
}

void
flitlab_network_page_update_zoom_widgets (FlitlabNetworkPage *self)
{
  gtk_widget_queue_allocate (GTK_WIDGET (self->overlay));
  gtk_widget_set_visible (GTK_WIDGET (self->zoom_hint), zoom_hint_wanted (self));
  gtk_widget_set_visible (GTK_WIDGET (self->fit_button), self->figure != NULL &&
                          !flitlab_network_page_stacked (self) && self->figure->zoom > 1);
}

static gboolean
update_zoom_widgets_idle (gpointer data)
{
  FlitlabNetworkPage *self = data;

  self->zoom_idle = 0;
  flitlab_network_page_update_zoom_widgets (self);
  return G_SOURCE_REMOVE;
}

static void
on_stack_toggled (FlitlabNetworkPage *self)
{
  g_autofree char *text = NULL;

  if (flitlab_network_page_stacked (self))
    /* Translators: the stacked view of a 3D network's planes */
    text = g_strdup_printf (_("All %u planes of the third dimension, plane 0 at the bottom. Click "
                              "a node to draw the links of its column between the planes; one "
                              "plane at a time for routes."),
                            flitlab_topology_figure_get_n_planes (self->figure));
  gtk_label_set_text (self->status_label,
                      text != NULL ? text : _("Click two nodes to see the route between them."));
  flitlab_network_page_update_zoom_widgets (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

static void
draw (GtkDrawingArea *area,
      cairo_t        *cr,
      int             width,
      int             height,
      gpointer        user_data)
{
  FlitlabNetworkPage *self = user_data;
  cairo_surface_t *image;
  cairo_t *image_cr;
  int factor;

  if (self->figure == NULL)
    return;
  /* GTK records a drawing area's cairo calls and replays them when it renders. Drawn on an
   * image of the window's pixels instead, a network of thousands of channels takes the
   * renderer's fast way for images (flitlab-hairline.h): a 10-cube 13 ms, not 108. */
  factor = gtk_widget_get_scale_factor (GTK_WIDGET (area));
  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * factor, height * factor);
  cairo_surface_set_device_scale (image, factor, factor);
  image_cr = cairo_create (image);
  /* Magnified like the plot: the layout (and hit-testing) in the diagram's own units. */
  cairo_scale (image_cr, scale_of (self), scale_of (self));
  if (flitlab_network_page_stacked (self))
    flitlab_render_topology_stack (image_cr, self->figure, width / scale_of (self),
                                   height / scale_of (self));
  else
    flitlab_render_topology (image_cr, self->figure, width / scale_of (self),
                             height / scale_of (self));
  cairo_destroy (image_cr);
  cairo_set_source_surface (cr, image, 0, 0);
  cairo_paint (cr);
  cairo_surface_destroy (image);
  /* How far the network zooms, and where its part of the figure ends, are known once it is
   * laid out; widgets change outside a draw. */
  if (self->zoom_idle == 0 &&
      (zoom_hint_wanted (self) != gtk_widget_get_visible (GTK_WIDGET (self->zoom_hint)) ||
       frame_moved (self)))
    self->zoom_idle = g_idle_add (update_zoom_widgets_idle, self);
}

static char *
describe_node (const FlitlabTopology *topology,
               guint                  node)
{
  guint coords[FLITLAB_TOPOLOGY_MAX_DIMS];
  GString *text = g_string_new (NULL);
  guint n_dims = flitlab_topology_get_n_dims (topology);

  /* Translators: a node of the network, by its number */
  g_string_printf (text, _("Node %u"), node);
  if (flitlab_topology_get_family (topology) == FLITLAB_TOPOLOGY_NECKLACE)
    {
      FlitlabNecklaceAddress a = flitlab_topology_get_necklace_address (topology, node);

      if (a.d == 0)
        /* Translators: a base vertex of a necklace hypercube */
        g_string_append_printf (text, _(", base vertex %u"), a.b);
      else
        /* Translators: a necklace node: its base vertex, necklace dimension and index */
        g_string_append_printf (text, _(", necklace of base vertex %u in dimension %u, index %u"),
                                a.b, a.d, a.i);
      return g_string_free (text, FALSE);
    }
  /* A network from a file has no coordinates. */
  if (n_dims == 0)
    return g_string_free (text, FALSE);
  flitlab_topology_get_coords (topology, node, coords);
  g_string_append (text, " (");
  for (guint d = 0; d < n_dims; d++)
    g_string_append_printf (text, "%s%u", d > 0 ? ", " : "", coords[d]);
  g_string_append (text, ")");
  return g_string_free (text, FALSE);
}

void
flitlab_network_page_hide_hover (FlitlabNetworkPage *self)
{
  if (!gtk_widget_get_visible (GTK_WIDGET (self->hover_label)))
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->hover_label), FALSE);
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* The hover text beside the pointer (placed by on_get_child_position()), and as the drawing's
 * accessible description, as a tooltip's text would be; NULL: none. A label in the drawing,
 * not a GTK tooltip: under X11, GTK 4.8's tooltip window takes the presses of a pointer that
 * comes onto it, and a press and release there break its count of the active widgets
 * ('Broken accounting of active state for widget … GtkTooltipWindow'), up to the window. */
static void
show_hover (FlitlabNetworkPage *self,
            const char         *text)
{
  if (text == NULL)
    {
      flitlab_network_page_hide_hover (self);
      return;
    }
  if (!gtk_widget_get_visible (GTK_WIDGET (self->hover_label)) ||
      g_strcmp0 (gtk_label_get_text (self->hover_label), text) != 0)
    {
      gtk_label_set_text (self->hover_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->hover_label), TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->area),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      text, -1);
    }
  /* It follows the pointer. */
  gtk_widget_queue_allocate (GTK_WIDGET (self->overlay));
}

/* The zoom's hint and fit button in the bottom right corner of the network's part of the
 * figure: beside the colour bar, not over its caption. */
static gboolean
place_zoom_control (FlitlabNetworkPage *self,
                    GtkWidget          *child,
                    GdkRectangle       *allocation)
{
  double x0, y0, x1, y1;

  if (self->figure == NULL || !flitlab_topology_figure_get_frame (self->figure, &x0, &y0, &x1, &y1))
    return FALSE;
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &allocation->width, NULL, NULL);
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, allocation->width, NULL, &allocation->height,
                      NULL, NULL);
  allocation->x =
    MAX ((int) (x1 * scale_of (self)) - allocation->width - gtk_widget_get_margin_end (child), 0);
  allocation->y =
    MAX ((int) (y1 * scale_of (self)) - allocation->height - gtk_widget_get_margin_bottom (child),
         0);
  return TRUE;
}

/* The hover text below the pointer and centred on it as a tooltip is, or above it when there
 * is no room below; always inside the drawing. */
static gboolean
on_get_child_position (FlitlabNetworkPage *self,
                       GtkWidget          *child,
                       GdkRectangle       *allocation,
                       GtkOverlay         *overlay)
{
  const int margin = 6;  /* from the drawing's edges */
  const int below = 20;  /* the pointer's arrow above the text */
  const int above = 8;
  int width = gtk_widget_get_width (GTK_WIDGET (overlay));
  int height = gtk_widget_get_height (GTK_WIDGET (overlay));
  int min, natural;

  if (child == GTK_WIDGET (self->zoom_hint) || child == GTK_WIDGET (self->fit_button))
    return place_zoom_control (self, child, allocation);
  if (child != GTK_WIDGET (self->hover_label))
    return FALSE;
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &natural, NULL, NULL);
  allocation->width = MAX (MIN (natural, width - 2 * margin), min);
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, allocation->width, NULL, &allocation->height,
                      NULL, NULL);
  allocation->x = CLAMP ((int) self->pointer_x - allocation->width / 2, margin,
                         MAX (width - margin - allocation->width, margin));
  allocation->y = (int) self->pointer_y + below;
  if (allocation->y + allocation->height > height - margin)
    allocation->y = MAX ((int) self->pointer_y - above - allocation->height, margin);
  return TRUE;
}

static void
on_leave (FlitlabNetworkPage *self)
{
  flitlab_network_page_hide_hover (self);
}

/* A pointer position in the diagram's own units, for hit-testing; FALSE when nothing drawn
 * can be hit (no network; with stack FALSE, the stack of planes, hit-tested apart). */
static gboolean
to_diagram (FlitlabNetworkPage *self,
            gboolean            stack,
            double             *x,
            double             *y)
{
  if (self->figure == NULL || flitlab_network_page_stacked (self) != stack)
    return FALSE;
  *x /= scale_of (self);
  *y /= scale_of (self);
  return TRUE;
}

static void
on_motion (FlitlabNetworkPage       *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *motion)
{
  const FlitlabTopology *topology;
  g_autofree char *text = NULL;
  int channel, node;
  guint group;
  gboolean stack = flitlab_network_page_stacked (self);

  self->pointer_x = x;
  self->pointer_y = y;
  /* No hover text while a button is held: a pan moves the network under the pointer. */
  if ((gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (motion)) &
       (GDK_BUTTON1_MASK | GDK_BUTTON2_MASK | GDK_BUTTON3_MASK | GDK_BUTTON4_MASK |
        GDK_BUTTON5_MASK)) ||
      !to_diagram (self, stack, &x, &y))
    {
      flitlab_network_page_hide_hover (self);
      return;
    }
  topology = flitlab_topology_figure_get_topology (self->figure);
  if (stack)
    flitlab_topology_figure_hit_stack (self->figure, x, y, &node, &channel);
  else
    {
      node = flitlab_topology_figure_hit_node (self->figure, x, y);
      channel = node < 0 ? flitlab_topology_figure_hit_channel (self->figure, x, y) : -1;
    }
  group = flitlab_topology_figure_get_group_size (self->figure);
  if (node >= 0 && group > 1)
    /* Translators: a group of a large hypercube's nodes: the first, the step, how many */
    text = g_strdup_printf (_("Nodes %d + j·%u, j = 0 to %u: a group of %u nodes that differ only "
                              "in the higher dimensions"),
                            node, flitlab_topology_get_n_nodes (topology) / group, group - 1,
                            group);
  else if (node >= 0)
    text = describe_node (topology, node);
  else if (channel >= 0)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (topology, channel);
      /* The stack colours every plane's channels by their own values. */
      double value = !stack ? flitlab_topology_figure_get_drawn_value (self->figure, channel)
                     : self->figure->values != NULL && (guint) channel < self->figure->n_values
                     ? self->figure->values[channel] : NAN;

      if (!stack && group == 1 && flitlab_topology_figure_get_bundle_size (self->figure,
                                                                           channel) > 1)
        /* Translators: a line between two 4-cubes of a 2^8 to 2^10 hypercube drawn in tiles:
         * how many channels it stands for, their dimension, the 4-cubes by number */
        text = g_strdup_printf (_("%u channels of dimension %u from 4-cube %u to 4-cube %u (the "
                                  "value is their mean)"),
                                flitlab_topology_figure_get_bundle_size (self->figure,
                                                                         channel), c->dim,
                                c->src >> 4, c->dst >> 4);
      else if (group > 1)
        /* Translators: a link standing for many channels of a large hypercube: how many, the
         * groups of nodes it joins (by their first node), its dimension */
        text = g_strdup_printf (_("%u channels from group %u to group %u, dimension %u (the value "
                                  "is their mean)"),
                                group, c->src, c->dst, c->dim);
      else if (flitlab_topology_get_family (topology) == FLITLAB_TOPOLOGY_FILE)
        /* Translators: a directed link of a network read from a file: its number, its ends */
        text = g_strdup_printf (_("Channel %d: node %u → node %u"), channel, c->src, c->dst);
      else
        /* Translators: a directed link: its number, its ends, its dimension and direction */
        text = g_strdup_printf (_("Channel %d: node %u → node %u, dimension %u, %s"), channel,
                                c->src, c->dst, c->dim, c->direction > 0 ? "+" : "−");
      if (isfinite (value))
        {
          g_autofree char *with_value =
            g_strdup_printf ("%s\n%s: %.4g", text, self->figure->value_label, value);

          g_free (text);
          text = g_steal_pointer (&with_value);
        }
      if (self->point != NULL && self->point->channel_class != NULL &&
          (guint) channel < self->point->n_channels &&
          self->point->channel_class[channel] != NULL)
        {
          g_autofree char *name =
            flitlab_render_flow_class_name (self->point->channel_class[channel]);
          /* Translators: the analytical model's class of a channel, e.g. "<3,5>" */
          g_autofree char *with_class = g_strdup_printf (_("%s\nModel class: %s"), text, name);

          g_free (text);
          text = g_steal_pointer (&with_class);
        }
    }
  show_hover (self, text);
}

/* A click on the stack: a node chooses its column, whose links between the planes are drawn;
 * elsewhere, back to the corner columns. */
static void
choose_column (FlitlabNetworkPage *self,
               double              x,
               double              y)
{
  const FlitlabTopology *topology = flitlab_topology_figure_get_topology (self->figure);
  guint k0 = flitlab_topology_get_radix (topology, 0);
  guint size = k0 * flitlab_topology_get_radix (topology, 1);
  int node, channel;

  flitlab_topology_figure_hit_stack (self->figure, x, y, &node, &channel);
  if (node >= 0)
    {
      /* Translators: the column of a 3D network chosen in the stack of planes, by its x and y */
      g_autofree char *text = g_strdup_printf (_("Column (%u, %u): its links between the planes "
                                                 "are drawn, its nodes ringed. Click another node "
                                                 "for another column, an empty place for the "
                                                 "corner columns."),
                                               (guint) node % size % k0, (guint) node % size / k0);

      self->figure->column = (gint) ((guint) node % size);
      gtk_label_set_text (self->status_label, text);
    }
  else if (channel < 0)
    {
      self->figure->column = -1;
      on_stack_toggled (self);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

/* The message whose worm is drawn at (x, y) of the diagram, or -1. */
static gint32
worm_at (FlitlabNetworkPage *self,
         double              x,
         double              y)
{
  guint n = flitlab_topology_get_n_channels (flitlab_topology_figure_get_topology (self->figure));
  g_autofree gint32 *holder = g_new (gint32, n);

  flitlab_sim_trace_get_channels (self->trace, holder, NULL, NULL);
  return flitlab_topology_figure_hit_worm (self->figure, x, y, holder);
}

/* A press gives the drawing the keyboard, for Ctrl+0 and the other keys of the page, as it
 * would a button's: a drawing area takes none on its own. */
static void
on_press (FlitlabNetworkPage *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self->area));
}

static void
on_click (FlitlabNetworkPage *self,
          int                 n_press,
          double              x,
          double              y)
{
  const FlitlabTopology *topology;
  g_autofree char *text = NULL;
  int node;

  if (to_diagram (self, TRUE, &x, &y))
    {
      choose_column (self, x, y);
      return;
    }
  if (!to_diagram (self, FALSE, &x, &y))
    return;
  /* Animating: a click on a worm follows its message, on the followed one or elsewhere lets
   * it go. */
  if (self->trace != NULL)
    {
      gint32 id = worm_at (self, x, y);

      flitlab_network_page_follow (self, id == self->followed ? -1 : id);
      return;
    }
  topology = flitlab_topology_figure_get_topology (self->figure);
  node = flitlab_topology_figure_hit_node (self->figure, x, y);
  g_array_set_size (self->figure->route, 0);
  if (node < 0)
    {
      self->route_from = -1;
      gtk_label_set_text (self->status_label, _("Click two nodes to see the route between them."));
    }
  else if (self->route_from < 0 || self->route_from == node)
    {
      self->route_from = node;
      /* Translators: the first of two nodes clicked */
      text = g_strdup_printf (_("From node %d: click the destination."), node);
      gtk_label_set_text (self->status_label, text);
    }
  else
    {
      const FlitlabStudy *study = shown_study (self);
      /* The backtracking hypercube goes e-cube while nothing blocks it. */
      FlitlabRouting routing = study->routing == FLITLAB_ROUTING_BACKTRACK
                               ? FLITLAB_ROUTING_DOR : study->routing;
      g_autoptr(FlitlabRouter) router = flitlab_router_new (topology, routing, 1);
      guint hops = flitlab_topology_distance (topology, self->route_from, node);
      guint n = flitlab_router_paths (router, self->route_from, node,
                                      study->ties == FLITLAB_TIES_BALANCED, self->figure->route);

      if (routing == FLITLAB_ROUTING_ADAPTIVE)
        /* Translators: the minimal paths between two nodes */
        text = g_strdup_printf (_("From node %d to node %d: %u hops, every minimal path (%u "
                                  "channels)"), self->route_from, node, hops, n);
      else if (routing == FLITLAB_ROUTING_NECKLACE)
        /* Translators: the paths necklace routing may take between two nodes */
        text = g_strdup_printf (_("From node %d to node %d: %u hops, every path necklace "
                                  "routing may take (%u channels)"),
                                self->route_from, node, hops, n);
      else if (n > hops)
        /* Translators: dimension-ordered routes that go either way round a ring half way */
        text = g_strdup_printf (_("From node %d to node %d: %u hops, dimension-ordered, either "
                                  "way round where both are as short (%u channels)"),
                                self->route_from, node, hops, n);
      else
        /* Translators: the dimension-ordered route between two nodes */
        text = g_strdup_printf (_("From node %d to node %d: %u hops, dimension-ordered"),
                                self->route_from, node, hops);
      gtk_label_set_text (self->status_label, text);
      self->route_from = -1;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

/* ---- zoom ------------------------------------------------------------------------------ */

/* Zooms to zoom about (x, y) of the drawing's pixels; the hover text named what was there. */
static void
zoom_about (FlitlabNetworkPage *self,
            double              zoom,
            double              x,
            double              y)
{
  if (!to_diagram (self, FALSE, &x, &y) || !flitlab_topology_figure_zoom_at (self->figure, zoom, x,
                                                                             y))
    return;
  flitlab_network_page_hide_hover (self);
  flitlab_network_page_update_zoom_widgets (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

/* Zooms by factor about the middle of the drawing (the keyboard's zoom). */
static void
zoom_middle (FlitlabNetworkPage *self,
             double              factor)
{
  if (self->figure != NULL)
    zoom_about (self, self->figure->zoom * factor,
                gtk_widget_get_width (GTK_WIDGET (self->area)) / 2.0,
                gtk_widget_get_height (GTK_WIDGET (self->area)) / 2.0);
}

static void
show_whole_network (FlitlabNetworkPage *self)
{
  zoom_middle (self, 0);
}

/* Moves the network by (dx, dy) of the drawing's pixels. */
static gboolean
pan (FlitlabNetworkPage *self,
     double              dx,
     double              dy)
{
  if (self->figure == NULL || flitlab_network_page_stacked (self) ||
      !flitlab_topology_figure_pan (self->figure, dx / scale_of (self), dy / scale_of (self)))
    return FALSE;
  flitlab_network_page_hide_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
  return TRUE;
}

/* Ctrl+scroll zooms about the pointer, a wheel's notch by 1.25; zoomed, scrolling pans. */
static gboolean
on_scroll (FlitlabNetworkPage       *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *scroll)
{
  GdkModifierType state =
    gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));
  gboolean wheel = gtk_event_controller_scroll_get_unit (scroll) == GDK_SCROLL_UNIT_WHEEL;

  if (self->figure == NULL || flitlab_network_page_stacked (self))
    return FALSE;
  if (state & GDK_CONTROL_MASK)
    {
      /* A touchpad scrolls by pixels: 40 of them as a notch. */
      zoom_about (self, self->figure->zoom * pow (1.25, -(wheel ? dy : dy / 40)), self->pointer_x,
                  self->pointer_y);
      return TRUE;
    }
  if (self->figure->zoom <= 1)
    return FALSE;
  pan (self, -(wheel ? 48 : 1) * dx, -(wheel ? 48 : 1) * dy);
  return TRUE;
}

/* Zoomed, a drag with the primary or middle button pans; once it moves it is no click. */
static void
on_drag_begin (FlitlabNetworkPage *self,
               double              x,
               double              y,
               GtkGestureDrag     *drag)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (drag));

  self->drag_x = self->drag_y = 0;
  if (self->figure == NULL || flitlab_network_page_stacked (self) || self->figure->zoom <= 1 ||
      (button != GDK_BUTTON_PRIMARY && button != GDK_BUTTON_MIDDLE))
    gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_DENIED);
}

static void
on_drag_update (FlitlabNetworkPage *self,
                double              offset_x,
                double              offset_y,
                GtkGestureDrag     *drag)
{
  gboolean middle =
    gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (drag)) == GDK_BUTTON_MIDDLE;
  int threshold = 8;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-dnd-drag-threshold", &threshold,
                NULL);
  /* A primary press that stays put is a click on a node or worm. */
  if (!middle &&
      gtk_gesture_get_sequence_state (GTK_GESTURE (drag),
                                      gtk_gesture_single_get_current_sequence (
                                        GTK_GESTURE_SINGLE (drag))) != GTK_EVENT_SEQUENCE_CLAIMED &&
      hypot (offset_x, offset_y) < threshold)
    return;
  gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_CLAIMED);
  pan (self, offset_x - self->drag_x, offset_y - self->drag_y);
  self->drag_x = offset_x;
  self->drag_y = offset_y;
}

static void
on_pinch_begin (FlitlabNetworkPage *self)
{
  self->pinch_zoom = self->figure != NULL ? self->figure->zoom : 1;
}

static void
on_pinch (FlitlabNetworkPage *self,
          double              scale,
          GtkGestureZoom     *pinch)
{
  double x, y;

  if (gtk_gesture_get_bounding_box_center (GTK_GESTURE (pinch), &x, &y))
    zoom_about (self, self->pinch_zoom * scale, x, y);
}

static gboolean
on_key (FlitlabNetworkPage    *self,
        guint                  keyval,
        guint                  keycode,
        GdkModifierType        state,
        GtkEventControllerKey *controller)
{
  if (state & GDK_CONTROL_MASK)
    switch (keyval)
      {
      case GDK_KEY_plus:
      case GDK_KEY_equal:
      case GDK_KEY_KP_Add:
        zoom_middle (self, 1.25);
        return TRUE;
      case GDK_KEY_minus:
      case GDK_KEY_KP_Subtract:
        zoom_middle (self, 1 / 1.25);
        return TRUE;
      case GDK_KEY_0:
      case GDK_KEY_KP_0:
        show_whole_network (self);
        return TRUE;
      default:
        return FALSE;
      }
  if (keyval == GDK_KEY_Escape && flitlab_network_page_let_go (self))
    return TRUE;
  if (keyval == GDK_KEY_space)
    {
      gtk_toggle_button_set_active (self->play_button,
                                    !gtk_toggle_button_get_active (self->play_button));
      return TRUE;
    }
  if (keyval == GDK_KEY_Right)
    {
      flitlab_network_page_step (self);
      return TRUE;
    }
  /* Up and Down: faster and slower, without reaching for the menu in front of a class. */
  if (keyval == GDK_KEY_Up || keyval == GDK_KEY_Down)
    {
      guint speed = gtk_drop_down_get_selected (self->speed_dropdown);
      guint n = g_list_model_get_n_items (gtk_drop_down_get_model (self->speed_dropdown));

      if (keyval == GDK_KEY_Up && speed + 1 < n)
        gtk_drop_down_set_selected (self->speed_dropdown, speed + 1);
      else if (keyval == GDK_KEY_Down && speed > 0)
        gtk_drop_down_set_selected (self->speed_dropdown, speed - 1);
      return TRUE;
    }
  return FALSE;
}

/* The drawing, its pointer and keys, the zoom's controls and the stack's button. */
void
flitlab_network_page_init_canvas (FlitlabNetworkPage *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *scroll =
    gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *pinch = gtk_gesture_zoom_new ();
  GtkEventController *key = gtk_event_controller_key_new ();

  gtk_drawing_area_set_draw_func (self->area, draw, self, NULL);
  g_signal_connect_swapped (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect_swapped (motion, "leave", G_CALLBACK (on_leave), self);
  g_signal_connect_swapped (self->overlay, "get-child-position",
                            G_CALLBACK (on_get_child_position), self);
  /* On release: a press that turns into a drag pans instead. */
  g_signal_connect_swapped (click, "released", G_CALLBACK (on_click), self);
  g_signal_connect_swapped (click, "pressed", G_CALLBACK (on_press), self);
  g_signal_connect_swapped (scroll, "scroll", G_CALLBACK (on_scroll), self);
  /* Any button: on_drag_begin() takes the primary and the middle one. */
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect_swapped (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect_swapped (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect_swapped (pinch, "begin", G_CALLBACK (on_pinch_begin), self);
  g_signal_connect_swapped (pinch, "scale-changed", G_CALLBACK (on_pinch), self);
  g_signal_connect_swapped (self->fit_button, "clicked", G_CALLBACK (show_whole_network), self);
  g_signal_connect_swapped (self->stack_button, "toggled", G_CALLBACK (on_stack_toggled), self);
  gtk_widget_add_controller (GTK_WIDGET (self->area), motion);
  gtk_widget_add_controller (GTK_WIDGET (self->area), GTK_EVENT_CONTROLLER (click));
  gtk_widget_add_controller (GTK_WIDGET (self->area), scroll);
  gtk_widget_add_controller (GTK_WIDGET (self->area), GTK_EVENT_CONTROLLER (drag));
  gtk_widget_add_controller (GTK_WIDGET (self->area), GTK_EVENT_CONTROLLER (pinch));
  g_signal_connect_swapped (key, "key-pressed", G_CALLBACK (on_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);
}
