/* flitlab-network-page-heatmap.c: the Network page's colours: the model's, the simulation's or
 * their difference, of a quantity at a load
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The colours come from the model (evaluated at the load of the slider: any load, at once),
 * from the simulation (its stored per-channel statistics, at the nearest load it kept), from
 * their difference at a simulated load, or from the routes: the study's traffic, whatever it
 * is, along its routes at the slider's load with no contention (the textbook figures' channel
 * loads, flitlab-topology-metrics.h, worked out by the textbook panel).
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "flitlab-network-page-private.h"

/* The quantities each source has: a series name and its caption with the unit. */
typedef struct
{
  const char *series;
  const char *name;  /* in the list */
  const char *label; /* on the colour bar */
} Quantity;

static const Quantity model_quantities[] = {
  { "utilization", N_("Utilization"), N_("Utilization (share of cycles held)") },
  { "flow", N_("Flow"), N_("Flow (messages per cycle)") },
  { "time", N_("Service time"), N_("Service time (cycles)") },
  { "wait", N_("Waiting time"), N_("Waiting time to acquire the channel (cycles)") },
};
static const Quantity simulation_quantities[] = {
  { "utilization", N_("Utilization"), N_("Utilization (share of cycles a flit crossed)") },
  { "blocking", N_("Blocking"), N_("Blocking (headers waiting per cycle)") },
};
static const Quantity difference_quantities[] = {
  { "utilization", N_("Utilization"), N_("Utilization, simulation − model") },
};
static const Quantity routes_quantities[] = {
  { "utilization", N_("Utilization"), N_("Utilization along the routes, no contention") },
  { "flow", N_("Flow"), N_("Flow along the routes (messages per cycle)") },
};

static const Quantity *
quantities (FlitlabHeatmapSource  source,
            guint                *n)
{
  switch (source)
    {
    case FLITLAB_HEATMAP_SIMULATION:
      *n = G_N_ELEMENTS (simulation_quantities);
      return simulation_quantities;
    case FLITLAB_HEATMAP_DIFFERENCE:
      *n = G_N_ELEMENTS (difference_quantities);
      return difference_quantities;
    case FLITLAB_HEATMAP_ROUTES:
      *n = G_N_ELEMENTS (routes_quantities);
      return routes_quantities;
    case FLITLAB_HEATMAP_MODEL:
    default:
      *n = G_N_ELEMENTS (model_quantities);
      return model_quantities;
    }
}

static const Quantity *
current_quantity (FlitlabNetworkPage *self)
{
  guint n, selected = gtk_drop_down_get_selected (self->quantity_dropdown);
  const Quantity *list = quantities (gtk_drop_down_get_selected (self->source_dropdown), &n);

  return &list[MIN (selected, n - 1)];
}

/* The simulation's stored per-channel statistics nearest to rate, or NULL. */
static const FlitlabStudyChannels *
nearest_channels (const FlitlabStudy *study,
                  double              rate)
{
  const FlitlabStudyChannels *best = NULL;

  for (guint i = 0; i < study->simulation.channels->len; i++)
    {
      const FlitlabStudyChannels *channels = study->simulation.channels->pdata[i];

      if (best == NULL || fabs (channels->rate - rate) < fabs (best->rate - rate))
        best = channels;
    }
  return best;
}

static const double *
model_series (const FlitlabModelPoint *point,
              const char              *name)
{
  if (g_str_equal (name, "flow"))
    return point->channel_flow;
  if (g_str_equal (name, "time"))
    return point->channel_time;
  if (g_str_equal (name, "wait"))
    return point->channel_wait;
  return point->channel_utilization;
}

#define SAME_EVERYWHERE N_("The model gives every link the same value: it treats the network as " \
                           "symmetric, so it shows no difference between links.")

/* The load's caption for measurements at rate: carried, saturated, or measured until the
 * network deadlocked (the deadlock lab), as the simulation's points say. */
static char *
measured_caption (const FlitlabStudy *study,
                  double              rate)
{
  const FlitlabStudyTable *points = study != NULL ? study->simulation.points : NULL;
  int row = points != NULL ? flitlab_study_table_find_rate (points, rate) : -1;

  if (row >= 0 && points->saturated[row])
    return flitlab_study_table_is_deadlocked (points, row)
           /* Translators: the load of measurements taken until the watchdog found a deadlock */
           ? g_strdup_printf (_("%.4g (measured; deadlocked)"), rate)
           /* Translators: the load of measurements of a load the network did not carry */
           : g_strdup_printf (_("%.4g (measured; saturated)"), rate);
  /* Translators: the load of the simulation's stored measurements */
  return g_strdup_printf (_("%.4g (measured)"), rate);
}

/* The routes' colours at the slider's load: a network channel's flow is the load times its
 * load per flit injected (each node that sends, one flit per cycle), its utilization that
 * times the flits of a message; injection and ejection channels have none. */
static void
show_routes (FlitlabNetworkPage *self,
             const Quantity     *quantity)
{
  const FlitlabStudy *study = shown_study (self);
  const FlitlabTopologyMetrics *metrics = flitlab_textbook_panel_get_metrics (self->textbook_panel);
  double rate = gtk_range_get_value (GTK_RANGE (self->load_scale));
  guint n_channels =
    flitlab_topology_get_n_channels (flitlab_topology_figure_get_topology (self->figure));
  g_autofree double *values = NULL;
  g_autofree char *text = NULL;

  if (metrics == NULL || metrics->n_channel_load > n_channels)
    {
      flitlab_topology_figure_set_values (self->figure, NULL, 0);
      gtk_label_set_text (self->load_label, _("The routes' loads are not worked out: see the "
                                              "textbook figures"));
      gtk_widget_queue_draw (GTK_WIDGET (self->area));
      return;
    }
  values = g_new (double, n_channels);
  for (guint c = 0; c < n_channels; c++)
    values[c] = c >= metrics->n_channel_load ? NAN
              : g_str_equal (quantity->series, "flow") ? rate * metrics->channel_load[c]
              : rate * study->flits * metrics->channel_load[c];
  flitlab_topology_figure_set_values (self->figure, values, n_channels);
  self->figure->colormap = FLITLAB_COLORMAP_VIRIDIS;
  g_free (self->figure->value_label);
  self->figure->value_label = g_strdup (_(quantity->label));
  /* Translators: the load of the routes' colours, and the busiest channel's utilization there */
  text = g_strdup_printf (_("%.4g (routes; busiest channel %.0f%%)"), rate,
                          100 * rate * study->flits * metrics->max_channel_load);
  gtk_label_set_text (self->load_label, text);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

/* Colours the network for the source, quantity and load chosen; says what is shown. */
void
flitlab_network_page_update_heatmap (FlitlabNetworkPage *self)
{
  FlitlabHeatmapSource source = gtk_drop_down_get_selected (self->source_dropdown);
  const Quantity *quantity = current_quantity (self);
  double rate = gtk_range_get_value (GTK_RANGE (self->load_scale));
  guint n_channels =
    flitlab_topology_get_n_channels (flitlab_topology_figure_get_topology (self->figure));
  const FlitlabStudyChannels *measured = NULL;
  FlitlabModelPoint *point = NULL;
  g_autofree double *values = NULL;
  double same;
  g_autofree char *text = NULL;
  gboolean any = FALSE;

  /* A trace's replay is on the drawing: its windows' colours stay until it ends. */
  if (flitlab_network_page_replay_shown (self))
    return;
  if (source == FLITLAB_HEATMAP_ROUTES)
    {
      show_routes (self, quantity);
      return;
    }
  if (source != FLITLAB_HEATMAP_MODEL)
    {
      measured = nearest_channels (shown_study (self), rate);
      if (measured == NULL || measured->n_channels != n_channels)
        {
          flitlab_topology_figure_set_values (self->figure, NULL, 0);
          gtk_label_set_text (self->load_label, _("The simulation has not run: no measurements"));
          gtk_widget_queue_draw (GTK_WIDGET (self->area));
          return;
        }
      rate = measured->rate;
    }
  if (source != FLITLAB_HEATMAP_SIMULATION)
    {
      if (self->model == NULL)
        {
          flitlab_topology_figure_set_values (self->figure, NULL, 0);
          gtk_label_set_text (self->load_label, _("No model of the study describes this network"));
          gtk_widget_queue_draw (GTK_WIDGET (self->area));
          return;
        }
      g_clear_pointer (&self->point, flitlab_model_point_free);
      point = self->point = flitlab_model_evaluate_detail (self->model, rate);
      if (point->saturated)
        {
          flitlab_topology_figure_set_values (self->figure, NULL, 0);
          /* Translators: a load beyond which the model has no steady state */
          text = g_strdup_printf (_("%.4g: beyond the model's saturation (%.4g)"), rate,
                                  flitlab_model_get_saturation_rate (self->model));
          gtk_label_set_text (self->load_label, text);
          gtk_widget_queue_draw (GTK_WIDGET (self->area));
          return;
        }
    }

  values = g_new (double, n_channels);
  for (guint c = 0; c < n_channels; c++)
    {
      const double *sim = measured != NULL
                          ? flitlab_study_channels_find (measured, quantity->series) : NULL;
      double model_value = point != NULL ? model_series (point, quantity->series)[c] : NAN;
      double sim_value = sim != NULL ? sim[c] : NAN;

      values[c] = source == FLITLAB_HEATMAP_MODEL ? model_value
                : source == FLITLAB_HEATMAP_SIMULATION ? sim_value
                : sim_value - model_value;
      any |= isfinite (values[c]);
    }
  if (!any)
    {
      /* Some models give no waiting times: say so rather than draw every channel as missing. */
      flitlab_topology_figure_set_values (self->figure, NULL, 0);
      gtk_label_set_text (self->load_label, _("Not given for this network"));
      gtk_widget_queue_draw (GTK_WIDGET (self->area));
      return;
    }
  flitlab_topology_figure_set_values (self->figure, values, n_channels);
  /* A difference is signed: blue where the model says more, red where the simulation does. */
  self->figure->colormap = source == FLITLAB_HEATMAP_DIFFERENCE ? FLITLAB_COLORMAP_DIVERGING
                                                              : FLITLAB_COLORMAP_VIRIDIS;
  g_free (self->figure->value_label);
  self->figure->value_label = g_strdup (_(quantity->label));
  /* A model of a symmetric network under uniform traffic gives every link the same value: one
   * colour everywhere is its answer, not a fault of the view. */
  if (source == FLITLAB_HEATMAP_MODEL && flitlab_topology_figure_get_same_value (self->figure,
                                                                                 &same))
    gtk_label_set_text (self->status_label, _(SAME_EVERYWHERE));
  else if (g_str_equal (gtk_label_get_text (self->status_label), _(SAME_EVERYWHERE)))
    gtk_label_set_text (self->status_label, _("Click two nodes to see the route between them."));
  if (source == FLITLAB_HEATMAP_MODEL)
    /* Translators: the load the model is evaluated at */
    text = g_strdup_printf (_("%.4g (model)"), rate);
  else
    text = measured_caption (shown_study (self), rate);
  gtk_label_set_text (self->load_label, text);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

void
flitlab_network_page_source_changed (FlitlabNetworkPage *self)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  guint n;
  const Quantity *list = quantities (gtk_drop_down_get_selected (self->source_dropdown), &n);

  for (guint i = 0; i < n; i++)
    gtk_string_list_append (labels, _(list[i].name));
  self->updating = TRUE;
  gtk_drop_down_set_model (self->quantity_dropdown, G_LIST_MODEL (labels));
  gtk_drop_down_set_selected (self->quantity_dropdown, 0);
  self->updating = FALSE;
  if (self->figure != NULL)
    flitlab_network_page_update_heatmap (self);
}

static void
on_setting_changed (FlitlabNetworkPage *self)
{
  if (self->updating || self->figure == NULL)
    return;
  self->figure->plane = (guint) gtk_spin_button_get_value_as_int (self->plane_spin);
  flitlab_network_page_update_heatmap (self);
}

/* Another load is another simulation: the animation ends. */
static void
on_load_changed (FlitlabNetworkPage *self)
{
  if (!self->updating)
    flitlab_network_page_stop_animation (self);
  on_setting_changed (self);
}

/* The textbook figures worked out (or dropped, also while the page is disposed of, its
 * controls gone): the routes' colours can be drawn. */
static void
on_metrics (FlitlabNetworkPage *self)
{
  if (self->source_dropdown != NULL &&
      gtk_drop_down_get_selected (self->source_dropdown) == FLITLAB_HEATMAP_ROUTES)
    on_setting_changed (self);
}

/* The source, quantity, load and plane chosen. */
void
flitlab_network_page_init_heatmap (FlitlabNetworkPage *self)
{
  g_signal_connect_swapped (self->textbook_panel, "notify::metrics", G_CALLBACK (on_metrics),
                            self);
  g_signal_connect_swapped (self->source_dropdown, "notify::selected",
                            G_CALLBACK (flitlab_network_page_source_changed), self);
  g_signal_connect_swapped (self->quantity_dropdown, "notify::selected",
                            G_CALLBACK (on_setting_changed), self);
  g_signal_connect_swapped (self->load_scale, "value-changed", G_CALLBACK (on_load_changed), self);
  g_signal_connect_swapped (self->plane_spin, "value-changed", G_CALLBACK (on_setting_changed),
                            self);
}
