/* flitlab-network-page.c: a study's network drawn with a heatmap of its channels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The page: the study's network in a view, the controls set for it, the public calls. Its
 * jobs have a file each (flitlab-network-page-private.h): the colours (-heatmap.c), the
 * animation (-animation.c) and the drawing with the pointer and keys (-canvas.c).
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "flitlab-network-page-private.h"

G_DEFINE_FINAL_TYPE (FlitlabNetworkPage, flitlab_network_page, FLITLAB_TYPE_STUDY_PAGE)

/* Where the slider starts: where the exported figure is drawn (rate, flitlab-export.h's
 * rule), but in the deadlock lab at the lightest load its simulation deadlocked at, where
 * the animation comes to a deadlock too. */
static double
start_load (const FlitlabStudy *study,
            double              rate)
{
  const FlitlabStudyTable *points = study->simulation.allow_deadlock ? study->simulation.points
                                                                      : NULL;
  int column = points != NULL ? flitlab_study_table_find_column (points, "rate") : -1;
  double lightest = INFINITY;

  for (guint row = 0; column >= 0 && row < points->n_rows; row++)
    if (flitlab_study_table_is_deadlocked (points, row))
      lightest = MIN (lightest, flitlab_study_table_get (points, row, (guint) column));
  return isfinite (lightest) ? lightest : rate;
}

static void
show_study (FlitlabStudyPage   *page,
            const FlitlabStudy *study)
{
  FlitlabNetworkPage *self = FLITLAB_NETWORK_PAGE (page);
  const FlitlabTopology *topology = NULL;
  FlitlabExportHeatmap heatmap;
  double lo, hi;
  guint n_planes;

  /* The figure goes first: the animation stopped colours none of the new study's network. */
  g_clear_pointer (&self->figure, flitlab_topology_figure_free);
  flitlab_network_page_stop_animation (self);
  flitlab_network_page_hide_hover (self);
  flitlab_textbook_panel_set_study (self->textbook_panel, study);
  g_clear_pointer (&self->point, flitlab_model_point_free);
  g_clear_pointer (&self->model, flitlab_model_free);
  self->route_from = -1;
  /* Skipping to the deadlock is the deadlock lab's. */
  gtk_widget_set_visible (GTK_WIDGET (self->skip_button),
                          study != NULL && study->simulation.allow_deadlock);
  flitlab_network_page_replay_set_controls (self);
  if (study == NULL || (topology = flitlab_study_get_topology (study, NULL)) == NULL)
    {
      flitlab_network_page_update_zoom_widgets (self);
      gtk_widget_queue_draw (GTK_WIDGET (self->area));
      return;
    }
  self->figure = flitlab_topology_figure_new (topology);
  /* The page is the figure's frame: the network takes all of it, whatever its shape. */
  self->figure->fill = TRUE;
  flitlab_export_heatmap_choose (study, topology, &heatmap);
  self->model = g_steal_pointer (&heatmap.model);

  self->updating = TRUE;
  n_planes = flitlab_topology_figure_get_n_planes (self->figure);
  gtk_spin_button_set_range (self->plane_spin, 0, MAX (n_planes, 1) - 1);
  gtk_spin_button_set_value (self->plane_spin, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->plane_spin), n_planes > 1);
  gtk_widget_set_visible (GTK_WIDGET (self->plane_label), n_planes > 1);
  /* A stack reads for a few small planes only. */
  gtk_widget_set_visible (GTK_WIDGET (self->stack_button), n_planes > 1 && n_planes <= 8 &&
                          flitlab_topology_get_n_nodes (topology) <= 1024);

  /* The slider spans the study's loads. */
  lo = study->rate_min;
  hi = MAX (study->rate_max, lo + 1e-9);
  gtk_range_set_range (GTK_RANGE (self->load_scale), lo, hi);
  gtk_range_set_increments (GTK_RANGE (self->load_scale), (hi - lo) / 100, (hi - lo) / 10);
  gtk_range_set_value (GTK_RANGE (self->load_scale),
                       start_load (study, isnan (heatmap.rate) ? (lo + hi) / 2 : heatmap.rate));
  gtk_drop_down_set_selected (self->source_dropdown,
                              heatmap.source == FLITLAB_EXPORT_HEATMAP_SIMULATION
                              ? FLITLAB_HEATMAP_SIMULATION : FLITLAB_HEATMAP_MODEL);
  flitlab_export_heatmap_clear (&heatmap);
  self->updating = FALSE;
  gtk_label_set_text (self->status_label, _("Click two nodes to see the route between them."));
  flitlab_network_page_source_changed (self);
  /* Another network (or study): the whole of it. */
  flitlab_network_page_update_zoom_widgets (self);
}

void
flitlab_network_page_show_channels (FlitlabNetworkPage *self,
                                    const guint        *channels,
                                    guint               n_channels,
                                    const char         *caption)
{
  guint n_network;

  g_return_if_fail (FLITLAB_IS_NETWORK_PAGE (self));

  if (self->figure == NULL)
    return;
  flitlab_network_page_stop_animation (self);
  self->route_from = -1;
  n_network =
    flitlab_topology_get_n_network_channels (flitlab_topology_figure_get_topology (self->figure));
  g_array_set_size (self->figure->route, 0);
  /* The view draws network links only: a node's injection and ejection channels are not. */
  for (guint i = 0; i < n_channels; i++)
    if (channels[i] < n_network)
      g_array_append_val (self->figure->route, channels[i]);
  gtk_label_set_text (self->status_label, caption);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

void
flitlab_network_page_set_presenting (FlitlabNetworkPage *self,
                                     gboolean            presenting)
{
  g_return_if_fail (FLITLAB_IS_NETWORK_PAGE (self));

  gtk_widget_set_visible (self->controls, !presenting);
  gtk_widget_set_visible (self->textbook_expander, !presenting);
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), !presenting);
}

gboolean
flitlab_network_page_let_go (FlitlabNetworkPage *self)
{
  g_return_val_if_fail (FLITLAB_IS_NETWORK_PAGE (self), FALSE);

  if (self->trace == NULL || self->followed < 0)
    return FALSE;
  flitlab_network_page_follow (self, -1);
  return TRUE;
}

GtkLabel *
flitlab_network_page_get_load_label (FlitlabNetworkPage *self)
{
  g_return_val_if_fail (FLITLAB_IS_NETWORK_PAGE (self), NULL);

  return self->load_label;
}

GtkAdjustment *
flitlab_network_page_get_load (FlitlabNetworkPage *self)
{
  g_return_val_if_fail (FLITLAB_IS_NETWORK_PAGE (self), NULL);
  return gtk_range_get_adjustment (GTK_RANGE (self->load_scale));
}

gboolean
flitlab_network_page_get_stacked (FlitlabNetworkPage *self)
{
  g_return_val_if_fail (FLITLAB_IS_NETWORK_PAGE (self), FALSE);

  return self->figure != NULL && flitlab_network_page_stacked (self);
}

FlitlabTopologyFigure *
flitlab_network_page_get_figure (FlitlabNetworkPage *self)
{
  g_return_val_if_fail (FLITLAB_IS_NETWORK_PAGE (self), NULL);
  return self->figure;
}

const guint *
flitlab_network_page_get_deadlock (FlitlabNetworkPage *self,
                                   guint              *n_channels)
{
  g_return_val_if_fail (FLITLAB_IS_NETWORK_PAGE (self) && n_channels != NULL, NULL);
  *n_channels = self->deadlock->len;
  return self->deadlock->len > 0 ? (const guint *) self->deadlock->data : NULL;
}

/* Another view shown: the hover text is not there when this one comes back. */
static void
flitlab_network_page_unmap (GtkWidget *widget)
{
  FlitlabNetworkPage *self = FLITLAB_NETWORK_PAGE (widget);

  flitlab_network_page_hide_hover (self);
  GTK_WIDGET_CLASS (flitlab_network_page_parent_class)->unmap (widget);
}

static void
flitlab_network_page_dispose (GObject *object)
{
  FlitlabNetworkPage *self = FLITLAB_NETWORK_PAGE (object);

  /* Gone without a word: those listening may be gone already. */
  g_clear_handle_id (&self->zoom_idle, g_source_remove);
  g_array_set_size (self->deadlock, 0);
  flitlab_network_page_stop_animation (self);
  self->updating = TRUE;
  gtk_widget_dispose_template (GTK_WIDGET (self), FLITLAB_TYPE_NETWORK_PAGE);
  G_OBJECT_CLASS (flitlab_network_page_parent_class)->dispose (object);
}

static void
flitlab_network_page_finalize (GObject *object)
{
  FlitlabNetworkPage *self = FLITLAB_NETWORK_PAGE (object);

  g_clear_pointer (&self->worm_slots, g_hash_table_unref);
  g_clear_pointer (&self->deadlock, g_array_unref);
  g_clear_pointer (&self->trace, flitlab_sim_trace_free);
  g_clear_pointer (&self->frames, flitlab_replay_frames_unref);
  g_clear_pointer (&self->replayed, flitlab_replay_result_free);
  g_clear_pointer (&self->replay_error, g_free);
  g_clear_pointer (&self->ahead.links, g_free);
  g_clear_pointer (&self->figure, flitlab_topology_figure_free);
  g_clear_pointer (&self->point, flitlab_model_point_free);
  g_clear_pointer (&self->model, flitlab_model_free);
  G_OBJECT_CLASS (flitlab_network_page_parent_class)->finalize (object);
}

static void
flitlab_network_page_class_init (FlitlabNetworkPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = flitlab_network_page_dispose;
  object_class->finalize = flitlab_network_page_finalize;
  widget_class->unmap = flitlab_network_page_unmap;
  FLITLAB_STUDY_PAGE_CLASS (klass)->show_study = show_study;
  /* The animation stopped on a deadlock, or the one shown went away: for the channel
   * dependency graph to draw it (flitlab_network_page_get_deadlock()). */
  g_signal_new ("deadlock-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                 0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  g_type_ensure (FLITLAB_TYPE_TEXTBOOK_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/flitlab/Flitlab/ui/"
                                               "flitlab-network-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, area);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, controls);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, textbook_expander);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, load_label);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, load_scale);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, plane_label);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, plane_spin);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, quantity_dropdown);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, source_dropdown);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, textbook_panel);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, play_button);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, step_button);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, skip_button);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, cycle_label);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, speed_dropdown);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, stack_button);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, zoom_hint);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, fit_button);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, overlay);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, hover_label);
}

static void
flitlab_network_page_init (FlitlabNetworkPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->deadlock = g_array_new (FALSE, FALSE, sizeof (guint));
  self->worm_slots = g_hash_table_new (NULL, NULL);
  self->followed = -1;
  self->route_from = -1;
  flitlab_network_page_init_canvas (self);
  flitlab_network_page_init_heatmap (self);
  flitlab_network_page_init_animation (self);
  flitlab_study_page_set_parts (FLITLAB_STUDY_PAGE (self), GTK_WIDGET (self->area), NULL);
  flitlab_network_page_source_changed (self);
}
