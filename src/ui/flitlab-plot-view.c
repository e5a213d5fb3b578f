/* flitlab-plot-view.c: a plot on screen, with exact values on hover, zoom and pan
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Mouse: the wheel zooms around the pointer, dragging pans, a double click shows everything.
 * Keyboard (the view takes focus): + and - zoom, the arrows pan, 0 shows everything. Zoom and
 * pan work in the plotted space, so a logarithmic axis zooms by decades.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "flitlab-plot-view.h"
#include "flitlab-stats.h"

struct _FlitlabPlotView
{
  GtkDrawingArea   parent_instance;

  FlitlabPlot     *plot;
  FlitlabPlotFrame frame;        /* as last drawn: maps data to pixels */
  gboolean         zoomed;
  double           x_min, x_max, y_min, y_max; /* the zoomed ranges, in data units */
  char            *hover_text;   /* the tooltip: the point under the pointer; NULL: none */
  double           home[4];      /* the plot's own ranges, shown when not zoomed (NaN: data's) */
  FlitlabPlotFrame domain;       /* the ranges shown unzoomed: zoom and pan stay within them */
  FlitlabPlotFrame drag_start;   /* the frame when a drag began */
  double           pointer_x, pointer_y; /* the last pointer position, where the wheel zooms */
  double           scale;        /* drawing magnification (presentation mode), >= 1 */
};

G_DEFINE_FINAL_TYPE (FlitlabPlotView, flitlab_plot_view, GTK_TYPE_DRAWING_AREA)

enum {
  PROP_0,
  PROP_ZOOMED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  LOAD_CLICKED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
apply_ranges (FlitlabPlotView *self)
{
  if (self->plot == NULL)
    return;
  self->plot->x_min = self->zoomed ? self->x_min : self->home[0];
  self->plot->x_max = self->zoomed ? self->x_max : self->home[1];
  self->plot->y_min = self->zoomed ? self->y_min : self->home[2];
  self->plot->y_max = self->zoomed ? self->y_max : self->home[3];
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
set_zoomed (FlitlabPlotView *self,
            gboolean         zoomed)
{
  if (self->zoomed == zoomed)
    return;
  self->zoomed = zoomed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ZOOMED]);
}

/* Shows the ranges of frame, if the zoom or pan gave any, kept within the data's domain (the
 * whole plot, loads from 0): zooming out as far as it goes shows the plot unzoomed. */
static void
show_frame (FlitlabPlotView  *self,
            gboolean          ok,
            FlitlabPlotFrame *frame)
{
  if (!ok || self->plot == NULL)
    return;
  if (frame->log_y == self->domain.log_y && flitlab_plot_frame_keep_within (frame, &self->domain))
    {
      flitlab_plot_view_reset_zoom (self);
      return;
    }
  self->x_min = frame->x_min;
  self->x_max = frame->x_max;
  self->y_min = frame->y_min;
  self->y_max = frame->y_max;
  set_zoomed (self, TRUE);
  apply_ranges (self);
}

static void
zoom_around (FlitlabPlotView *self,
             double           factor,
             double           px,
             double           py)
{
  FlitlabPlotFrame out;

  show_frame (self, flitlab_plot_frame_zoom (&self->frame, factor, px, py, &out), &out);
}

/* Moves the content by a share of the plot's width and height. */
static void
pan_by (FlitlabPlotView *self,
        double           share_x,
        double           share_y)
{
  const FlitlabPlotFrame *f = &self->frame;
  FlitlabPlotFrame out;

  show_frame (self, flitlab_plot_frame_pan (f, share_x * (f->right - f->left),
                                            share_y * (f->bottom - f->top), &out), &out);
}

static void
draw (GtkDrawingArea *area,
      cairo_t        *cr,
      int             width,
      int             height,
      gpointer        user_data)
{
  FlitlabPlotView *self = FLITLAB_PLOT_VIEW (area);

  if (self->plot == NULL)
    return;
  /* Magnified, the figure is drawn smaller and scaled up: type and lines grow alike, and the
   * frame stays in the figure's own units, where the pointer is divided by the scale. */
  cairo_scale (cr, self->scale, self->scale);
  flitlab_render_plot (cr, self->plot, width / self->scale, height / self->scale, &self->frame);
  /* Unzoomed, the frame drawn is the domain, with what drawing widened (a short value axis). */
  if (!self->zoomed)
    self->domain = self->frame;
}

/* Hover: the data point nearest the pointer, within 8 pixels, as a tooltip with its values. */
static void
on_motion (FlitlabPlotView *self,
           double           px,
           double           py)
{
  const FlitlabPlotFrame *f = &self->frame;
  const FlitlabPlotSeries *best = NULL;
  double best_d = 64;
  guint best_i = 0;
  g_autofree char *text = NULL;

  px /= self->scale;
  py /= self->scale;
  self->pointer_x = px;
  self->pointer_y = py;
  if (self->plot == NULL || f->right <= f->left)
    return;
  for (guint s = 0; s < self->plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = self->plot->series->pdata[s];

      for (guint i = 0; i < series->n; i++)
        {
          double x, y, d;

          /* Where its mark is drawn: a triangle above the scale answers as a value does. */
          if (!flitlab_plot_frame_mark (f, series, i, &x, &y))
            continue;
          d = (x - px) * (x - px) + (y - py) * (y - py);
          if (d < best_d)
            {
              best_d = d;
              best = series;
              best_i = i;
            }
        }
    }
  /* Off every point, near a saturation mark: what that rate is. */
  for (guint s = 0; best == NULL && s < self->plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = self->plot->series->pdata[s];
      double x, y;

      if (!isfinite (series->saturation) || series->saturation > f->x_max)
        continue;
      flitlab_plot_frame_to_user (f, series->saturation, f->y_min, &x, &y);
      if (fabs (x - px) <= 4 && py >= f->top && py <= f->bottom)
        best = series;
    }
  if (best != NULL && best_d >= 64)
    /* Translators: a saturation mark: series, then the rate's name and value, then what it is */
    text = g_strdup_printf (_("%s\n%s\n%s"), best->label,
                            best->saturation_label != NULL ? best->saturation_label
                                                           : _("saturation"),
                            best->saturation_note != NULL ? best->saturation_note : "");
  else if (best != NULL && flitlab_plot_series_is_deadlocked (best, best_i))
    /* Translators: a deadlocked simulation point (the deadlock lab): series, load */
    text = g_strdup_printf (_("%s\nload %.6g messages/cycle/node\ndeadlocked: the messages wait "
                              "for each other in a cycle and no flit moves"),
                            best->label, best->x[best_i]);
  else if (best != NULL && best->saturated != NULL && best->saturated[best_i])
    /* Translators: a saturated simulation point: series, load */
    text = g_strdup_printf (_("%s\nload %.6g messages/cycle/node\nsaturated: the network does not "
                              "carry this load"),
                            best->label, best->x[best_i]);
  else if (best != NULL)
    {
      /* The value to its interval's digits, as every value with an interval is shown. */
      g_autofree char *value = flitlab_stats_format_interval (
        best->y[best_i], best->error != NULL ? best->error[best_i] : NAN);

      /* Translators: a plotted point: series, load, value (± its 95% confidence interval) */
      text = g_strdup_printf (_("%s\nload %.6g messages/cycle/node\n%s"), best->label,
                              best->x[best_i], value);
    }
  if (text != NULL && best_d < 64 && best->saturation_note != NULL)
    {
      /* A model's point: what its saturation is, too. */
      char *more =
        g_strdup_printf ("%s\n%s: %s", text, best->saturation_label, best->saturation_note);

      g_free (text);
      text = more;
    }
  /* Through query-tooltip, not the tooltip text, which GTK 4.8 would also make the accessible
   * description: that says what the whole figure shows. */
  g_free (self->hover_text);
  self->hover_text = g_steal_pointer (&text);
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self));
}

static gboolean
on_query_tooltip (FlitlabPlotView *self,
                  int              x,
                  int              y,
                  gboolean         keyboard,
                  GtkTooltip      *tooltip)
{
  if (self->hover_text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, self->hover_text);
  return TRUE;
}

static gboolean
on_scroll (FlitlabPlotView          *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *controller)
{
  if (self->plot == NULL || dy == 0)
    return FALSE;
  zoom_around (self, pow (1.2, dy), self->pointer_x, self->pointer_y);
  return TRUE;
}

static void
on_drag_begin (FlitlabPlotView *self,
               double           x,
               double           y)
{
  self->drag_start = self->frame;
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
on_drag_update (FlitlabPlotView *self,
                double           offset_x,
                double           offset_y)
{
  FlitlabPlotFrame out;

  show_frame (self, flitlab_plot_frame_pan (&self->drag_start, offset_x / self->scale,
                                            offset_y / self->scale, &out), &out);
}

static void
on_click (FlitlabPlotView *self,
          int              n_press,
          double           x,
          double           y)
{
  const FlitlabPlotFrame *f = &self->frame;

  x /= self->scale;
  y /= self->scale;
  if (n_press == 2)
    flitlab_plot_view_reset_zoom (self);
  else if (n_press == 1 && f->right > f->left && x >= f->left && x <= f->right && y >= f->top &&
           y <= f->bottom)
    g_signal_emit (self, signals[LOAD_CLICKED], 0,
                   f->x_min + (x - f->left) / (f->right - f->left) * (f->x_max - f->x_min));
}

static gboolean
on_key (FlitlabPlotView       *self,
        guint                  keyval,
        guint                  keycode,
        GdkModifierType        state,
        GtkEventControllerKey *controller)
{
  const FlitlabPlotFrame *f = &self->frame;
  double cx = (f->left + f->right) / 2, cy = (f->top + f->bottom) / 2;

  switch (keyval)
    {
    case GDK_KEY_plus:
    case GDK_KEY_equal:
    case GDK_KEY_KP_Add:
      zoom_around (self, 1 / 1.25, cx, cy);
      return TRUE;
    case GDK_KEY_minus:
    case GDK_KEY_KP_Subtract:
      zoom_around (self, 1.25, cx, cy);
      return TRUE;
    /* The arrows move the view over the data, so the content moves the other way. */
    case GDK_KEY_Left:
      pan_by (self, 0.1, 0);
      return TRUE;
    case GDK_KEY_Right:
      pan_by (self, -0.1, 0);
      return TRUE;
    case GDK_KEY_Up:
      pan_by (self, 0, 0.1);
      return TRUE;
    case GDK_KEY_Down:
      pan_by (self, 0, -0.1);
      return TRUE;
    case GDK_KEY_0:
    case GDK_KEY_KP_0:
    case GDK_KEY_Home:
      flitlab_plot_view_reset_zoom (self);
      return TRUE;
    default:
      return FALSE;
    }
}

void
flitlab_plot_view_set_plot (FlitlabPlotView *self,
                            FlitlabPlot     *plot)
{
  g_return_if_fail (FLITLAB_IS_PLOT_VIEW (self));

  g_clear_pointer (&self->plot, flitlab_plot_free);
  self->plot = plot;
  if (plot != NULL)
    {
      self->home[0] = plot->x_min;
      self->home[1] = plot->x_max;
      self->home[2] = plot->y_min;
      self->home[3] = plot->y_max;
      flitlab_plot_home_ranges (plot, &self->domain);
    }
  /* A zoom into one value axis means nothing on another (log against linear). */
  if (plot != NULL && self->zoomed && plot->log_y != self->frame.log_y)
    set_zoomed (self, FALSE);
  g_clear_pointer (&self->hover_text, g_free);
  /* What the figure says, for those who cannot see it. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  plot != NULL && plot->title != NULL ? plot->title : "", -1);
  apply_ranges (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

FlitlabPlot *
flitlab_plot_view_get_plot (FlitlabPlotView *self)
{
  g_return_val_if_fail (FLITLAB_IS_PLOT_VIEW (self), NULL);
  return self->plot;
}

void
flitlab_plot_view_reset_zoom (FlitlabPlotView *self)
{
  g_return_if_fail (FLITLAB_IS_PLOT_VIEW (self));

  set_zoomed (self, FALSE);
  apply_ranges (self);
}

void
flitlab_plot_view_set_scale (FlitlabPlotView *self,
                             double           scale)
{
  g_return_if_fail (FLITLAB_IS_PLOT_VIEW (self));

  self->scale = MAX (scale, 1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
flitlab_plot_view_get_zoomed (FlitlabPlotView *self)
{
  g_return_val_if_fail (FLITLAB_IS_PLOT_VIEW (self), FALSE);
  return self->zoomed;
}

static void
flitlab_plot_view_finalize (GObject *object)
{
  FlitlabPlotView *self = FLITLAB_PLOT_VIEW (object);

  g_clear_pointer (&self->plot, flitlab_plot_free);
  g_clear_pointer (&self->hover_text, g_free);
  G_OBJECT_CLASS (flitlab_plot_view_parent_class)->finalize (object);
}

static void
flitlab_plot_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  FlitlabPlotView *self = FLITLAB_PLOT_VIEW (object);

  switch (prop_id)
    {
    case PROP_ZOOMED:
      g_value_set_boolean (value, self->zoomed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
flitlab_plot_view_class_init (FlitlabPlotViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = flitlab_plot_view_finalize;
  object_class->get_property = flitlab_plot_view_get_property;

  properties[PROP_ZOOMED] =
    g_param_spec_boolean ("zoomed", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A single click inside the axes, at the load (x) clicked. */
  signals[LOAD_CLICKED] = g_signal_new ("load-clicked", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                                        G_TYPE_DOUBLE);
}

static void
flitlab_plot_view_init (FlitlabPlotView *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkEventController *scroll =
    gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_VERTICAL);
  GtkEventController *key = gtk_event_controller_key_new ();
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *click = gtk_gesture_click_new ();

  self->scale = 1;
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self), draw, NULL, NULL);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);
  g_signal_connect_swapped (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect_swapped (scroll, "scroll", G_CALLBACK (on_scroll), self);
  g_signal_connect_swapped (key, "key-pressed", G_CALLBACK (on_key), self);
  g_signal_connect_swapped (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect_swapped (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect_swapped (click, "pressed", G_CALLBACK (on_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
  gtk_widget_add_controller (GTK_WIDGET (self), scroll);
  gtk_widget_add_controller (GTK_WIDGET (self), key);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}
