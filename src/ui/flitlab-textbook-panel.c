/* flitlab-textbook-panel.c: the figures a course teaches about a study's network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A grid of four columns: the figure, its formula, its value for this network, and what the
 * simulation measured. Measurements come from the lowest simulated load (zero-load latency,
 * hops, the busiest channel) and from the highest throughput reached (against the channel
 * bound).
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "flitlab-model.h"
#include "flitlab-textbook-panel.h"
#include "flitlab-topology-metrics.h"

struct _FlitlabTextbookPanel
{
  GtkBox              parent_instance;
  GtkGrid            *grid;
  GtkLabel           *message;
  FlitlabStudy       *study;       /* a copy: the figures arrive after the study may be gone */
  GCancellable       *cancellable; /* of the figures being worked out */
  FlitlabTopologyMetrics *metrics; /* the figures once worked out, or NULL */
};

G_DEFINE_FINAL_TYPE (FlitlabTextbookPanel, flitlab_textbook_panel, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_METRICS,
  N_PROPS,
};

static GParamSpec *properties[N_PROPS];

enum {
  COLUMN_NAME,
  COLUMN_FORMULA,
  COLUMN_VALUE,
  COLUMN_MEASURED,
};

static void
add_cell (FlitlabTextbookPanel *self,
          int                   column,
          int                   row,
          const char           *text,
          gboolean              dim)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), column >= COLUMN_VALUE ? 1 : 0);
  gtk_label_set_wrap (GTK_LABEL (label), column == COLUMN_NAME || column == COLUMN_MEASURED);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  if (dim)
    gtk_widget_add_css_class (label, "dim-label");
  if (column >= COLUMN_VALUE)
    gtk_widget_add_css_class (label, "numeric");
  gtk_grid_attach (self->grid, label, column, row, 1, 1);
}

static void
add_row (FlitlabTextbookPanel *self,
         int                   row,
         const char           *name,
         const char           *formula,
         const char           *value,
         const char           *measured)
{
  add_cell (self, COLUMN_NAME, row, name, FALSE);
  add_cell (self, COLUMN_FORMULA, row, formula, TRUE);
  add_cell (self, COLUMN_VALUE, row, value, FALSE);
  add_cell (self, COLUMN_MEASURED, row, measured != NULL ? measured : "—", measured == NULL);
}

static void
clear_grid (FlitlabTextbookPanel *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->grid))) != NULL)
    gtk_grid_remove (self->grid, child);
}

/* The simulated table's row of the lowest load, or -1. */
static int
lowest_load_row (const FlitlabStudyTable *points)
{
  int best = -1;

  for (guint r = 0; points != NULL && r < points->n_rows; r++)
    if (!points->saturated[r] &&
        (best < 0 ||
         flitlab_study_table_get (points, r, 0) < flitlab_study_table_get (points, best, 0)))
      best = r;
  return best;
}

/* The measured load of the busiest channel per flit each node offers, at the lowest load the
 * simulation kept channels for; NaN without. */
static double
measured_max_load (const FlitlabStudy *study,
                   guint               n_network)
{
  const GPtrArray *all = study->simulation.channels;
  const FlitlabStudyChannels *lowest = NULL;
  const double *utilization;
  double busiest = 0;

  for (guint i = 0; all != NULL && i < all->len; i++)
    if (lowest == NULL || ((FlitlabStudyChannels *) all->pdata[i])->rate < lowest->rate)
      lowest = all->pdata[i];
  utilization = lowest != NULL ? flitlab_study_channels_find (lowest, "utilization") : NULL;
  if (utilization == NULL || lowest->rate <= 0 || lowest->n_channels < n_network)
    return NAN;
  for (guint c = 0; c < n_network; c++)
    busiest = MAX (busiest, utilization[c]);
  /* A channel is held one cycle per flit crossing it; at a low load hardly longer. */
  return busiest / (lowest->rate * study->flits);
}

static char *
format_measured (double      value,
                 const char *format)
{
  return isfinite (value) ? g_strdup_printf (format, value) : NULL;
}

static void
show_metrics (FlitlabTextbookPanel         *self,
              const FlitlabTopologyMetrics *metrics)
{
  const FlitlabStudy *study = self->study;
  const FlitlabStudyTable *points = study->simulation.points;
  const FlitlabStudyModel *first = study->models->len > 0 ? study->models->pdata[0] : NULL;
  const FlitlabModelInfo *info = first != NULL ? flitlab_model_lookup (first->id) : NULL;
  FlitlabLatency latency = info != NULL ? flitlab_model_info_latency (info, first->params)
                                         : FLITLAB_LATENCY_TOTAL;
  int low = lowest_load_row (points);
  int hops_column = points != NULL ? flitlab_study_table_find_column (points, "mean_hops") : -1;
  int latency_column = points != NULL
                       ? flitlab_study_table_find_column (points, flitlab_latency_column (latency))
                       : -1;
  int throughput_column = points != NULL ? flitlab_study_table_find_column (points, "throughput")
                                         : -1;
  double reached = NAN;
  g_autofree char *nodes = g_strdup_printf ("%u", metrics->nodes);
  g_autofree char *channels = g_strdup_printf ("%u", metrics->channels);
  g_autofree char *diameter = g_strdup_printf ("%u", metrics->diameter);
  g_autofree char *mean = g_strdup_printf ("%.4g", metrics->mean_distance);
  g_autofree char *route_hops = g_strdup_printf ("%.4g", metrics->mean_route_hops);
  gboolean uniform = study->pattern == FLITLAB_TRAFFIC_UNIFORM;
  g_autofree char *bisection = g_strdup_printf ("%u", metrics->bisection_channels);
  g_autofree char *gamma = NULL, *theta = NULL, *zero = NULL, *zero_formula = NULL;
  g_autofree char *mean_measured = NULL, *gamma_measured = NULL, *theta_measured = NULL;
  g_autofree char *zero_measured = NULL;

  gamma = metrics->max_load_denominator > 1
          ? g_strdup_printf ("%" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT " = %.4g",
                             metrics->max_load_numerator,
                             metrics->max_load_denominator, metrics->max_channel_load)
          : g_strdup_printf ("%.4g", metrics->max_channel_load);
  theta = g_strdup_printf ("%.4g", metrics->ideal_throughput);
  zero =
    g_strdup_printf ("%.4g",
                     flitlab_topology_metrics_zero_load_latency (metrics, study->flits, latency));
  /* Translators: the zero-load latency's formula: hops, flits, and the latency's own offset */
  zero_formula = g_strdup_printf (_("D̄ + L %s 1 (%s)"),
                                  latency == FLITLAB_LATENCY_TOTAL ||
                                  latency == FLITLAB_LATENCY_NETWORK ? "+" : "−",
                                  _(flitlab_latency_label (latency)));
  if (low >= 0 && hops_column >= 0)
    mean_measured =
      format_measured (flitlab_study_table_get (points, low, hops_column),
                       /* Translators: a measured mean hop count and the load it was measured at */
                       _("%.4g hops"));
  if (low >= 0 && latency_column >= 0)
    zero_measured = format_measured (flitlab_study_table_get (points, low, latency_column),
                                     /* Translators: a measured latency, in cycles */
                                     _("%.4g cycles"));
  gamma_measured = format_measured (measured_max_load (study, metrics->channels),
                                    /* Translators: the busiest channel's measured load */
                                    _("%.4g at the lowest load"));
  for (guint r = 0; points != NULL && throughput_column >= 0 && r < points->n_rows; r++)
    {
      double flits_accepted = flitlab_study_table_get (points, r, throughput_column) * study->flits;

      if (isfinite (flits_accepted) && !(flits_accepted <= reached))
        reached = flits_accepted;
    }
  if (isfinite (reached))
    /* Translators: the highest throughput the simulation reached, and its share of the bound */
    theta_measured = g_strdup_printf (_("%.4g reached (%.0f%%)"), reached,
                                      100 * reached / metrics->ideal_throughput);

  clear_grid (self);
  add_cell (self, COLUMN_NAME, 0, _("Figure"), TRUE);
  add_cell (self, COLUMN_FORMULA, 0, _("Formula"), TRUE);
  add_cell (self, COLUMN_VALUE, 0, _("This network"), TRUE);
  add_cell (self, COLUMN_MEASURED, 0, _("Simulated"), TRUE);
  add_row (self, 1, _("Nodes"), "N", nodes, NULL);
  add_row (self, 2, _("Network channels, one way each"), "C", channels, NULL);
  add_row (self, 3, _("Diameter: the longest minimal route"), _("max hops"), diameter, NULL);
  if (uniform)
    add_row (self, 4, _("Mean distance"), _("Σ hops / N(N − 1)"), mean, mean_measured);
  else
    add_row (self, 4, _("Mean hops of this traffic's routes"), _("Σ flow × hops / Σ flow"),
             route_hops, mean_measured);
  add_row (self, 5, _("Bisection channels"), "B_C", bisection, NULL);
  add_row (self, 6, uniform ? _("Busiest channel's load, every node sending 1 flit per cycle")
                            : _("Busiest channel's load under this traffic, every node that sends "
                                "sending 1 flit per cycle"),
           "γmax", gamma, gamma_measured);
  add_row (self, 7, uniform ? _("Ideal throughput, flits per cycle per node")
                            : _("Ideal throughput, flits per cycle per node that sends"),
           "Θ = 1 / γmax", theta, theta_measured);
  add_row (self, 8, _("Zero-load latency, cycles"), zero_formula, zero, zero_measured);
  gtk_widget_set_visible (GTK_WIDGET (self->message), FALSE);
}

/* The study's traffic as a matrix: its own, or its pattern's; NULL for uniform traffic, whose
 * loads the metrics have. A hotspot's matrix is dense: refused before it is built when it
 * would have more pairs than the metrics route. */
static FlitlabTrafficMatrix *
traffic_matrix (const FlitlabStudy  *study,
                GError             **error)
{
  const FlitlabTopology *topology = flitlab_study_get_topology (study, NULL);
  guint64 n = flitlab_topology_get_n_nodes (topology);
  g_autoptr(FlitlabTraffic) traffic = NULL;

  if (study->pattern == FLITLAB_TRAFFIC_MATRIX)
    {
      FlitlabTrafficMatrix *matrix = flitlab_study_get_matrix (study, error);

      return matrix != NULL ? flitlab_traffic_matrix_ref (matrix) : NULL;
    }
  /* A trace's weights are its messages per pair. */
  if (study->pattern == FLITLAB_TRAFFIC_TRACE)
    {
      FlitlabStudyTrace *trace = flitlab_study_get_trace (study, error);

      return trace != NULL ? flitlab_traffic_matrix_ref (trace->matrix) : NULL;
    }
  if (study->pattern == FLITLAB_TRAFFIC_HOTSPOT &&
      n * (n - 1) > FLITLAB_TOPOLOGY_METRICS_MAX_ROUTED_PAIRS)
    {
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_TOO_LARGE,
                   _("The channel loads of a hotspot are routed pair by pair: at most %u "
                     "pairs, not %.0f"),
                   FLITLAB_TOPOLOGY_METRICS_MAX_ROUTED_PAIRS, (double) n * (n - 1));
      return NULL;
    }
  traffic = flitlab_traffic_new (topology, study->pattern, study->hotspot_fraction,
                                 study->hotspot_node, error);
  return traffic != NULL ? flitlab_traffic_to_matrix (traffic, error) : NULL;
}

/* The network's figures under the study's traffic (task_data: a copy of the study). */
static void
metrics_worker (GTask        *task,
                gpointer      source,
                gpointer      task_data,
                GCancellable *cancellable)
{
  const FlitlabStudy *study = task_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabTrafficMatrix) matrix = NULL;
  FlitlabTopologyMetrics *metrics =
    flitlab_topology_metrics_new (flitlab_study_get_topology (study, NULL), &error);

  if (metrics != NULL && study->pattern != FLITLAB_TRAFFIC_UNIFORM &&
      ((matrix = traffic_matrix (study, &error)) == NULL ||
       !flitlab_topology_metrics_load_traffic (metrics, flitlab_study_get_topology (study, NULL),
                                               matrix, &error)))
    g_clear_pointer (&metrics, flitlab_topology_metrics_free);
  if (metrics == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, metrics, (GDestroyNotify) flitlab_topology_metrics_free);
}

static void
on_metrics (GObject      *source,
            GAsyncResult *result,
            gpointer      data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabTopologyMetrics) metrics = g_task_propagate_pointer (G_TASK (result), &error);
  FlitlabTextbookPanel *self;

  /* Cancelled: another study is shown, or the panel is gone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = FLITLAB_TEXTBOOK_PANEL (source);
  if (metrics == NULL)
    {
      clear_grid (self);
      gtk_label_set_text (self->message, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->message), TRUE);
      return;
    }
  show_metrics (self, metrics);
  self->metrics = g_steal_pointer (&metrics);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_METRICS]);
}

const FlitlabTopologyMetrics *
flitlab_textbook_panel_get_metrics (FlitlabTextbookPanel *self)
{
  g_return_val_if_fail (FLITLAB_IS_TEXTBOOK_PANEL (self), NULL);
  return self->metrics;
}

void
flitlab_textbook_panel_set_study (FlitlabTextbookPanel *self,
                                  const FlitlabStudy   *study)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  const FlitlabTopology *topology;

  g_return_if_fail (FLITLAB_IS_TEXTBOOK_PANEL (self));

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->study, flitlab_study_free);
  if (self->metrics != NULL)
    {
      g_clear_pointer (&self->metrics, flitlab_topology_metrics_free);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_METRICS]);
    }
  clear_grid (self);
  gtk_widget_set_visible (GTK_WIDGET (self->message), FALSE);
  if (study == NULL)
    return;
  self->study = flitlab_study_copy (study);
  topology = flitlab_study_get_topology (study, &error);
  if (topology == NULL)
    {
      gtk_label_set_text (self->message, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->message), TRUE);
      return;
    }
  self->cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cancellable, on_metrics, NULL);
  g_task_set_name (task, "[flitlab] textbook figures");
  /* A copy of its own: its network and matrix, shared, never change, on whatever thread. */
  g_task_set_task_data (task, flitlab_study_copy (study), (GDestroyNotify) flitlab_study_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, metrics_worker);
}

static void
flitlab_textbook_panel_dispose (GObject *object)
{
  FlitlabTextbookPanel *self = FLITLAB_TEXTBOOK_PANEL (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->study, flitlab_study_free);
  g_clear_pointer (&self->metrics, flitlab_topology_metrics_free);
  G_OBJECT_CLASS (flitlab_textbook_panel_parent_class)->dispose (object);
}

static void
flitlab_textbook_panel_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  FlitlabTextbookPanel *self = FLITLAB_TEXTBOOK_PANEL (object);

  switch (prop_id)
    {
    case PROP_METRICS:
      g_value_set_pointer (value, self->metrics);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
flitlab_textbook_panel_class_init (FlitlabTextbookPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = flitlab_textbook_panel_dispose;
  object_class->get_property = flitlab_textbook_panel_get_property;
  properties[PROP_METRICS] = g_param_spec_pointer ("metrics", NULL, NULL,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
flitlab_textbook_panel_init (FlitlabTextbookPanel *self)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  self->grid = GTK_GRID (gtk_grid_new ());
  gtk_grid_set_column_spacing (self->grid, 12);
  gtk_grid_set_row_spacing (self->grid, 4);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->grid));
  self->message = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->message, TRUE);
  gtk_label_set_xalign (self->message, 0);
  gtk_widget_add_css_class (GTK_WIDGET (self->message), "dim-label");
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->message));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Textbook figures"), -1);
}
