/* flitlab-study-plot.c: the plot of a study's results
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-study-plot.h"

static const char *
axis_label (const char *metric)
{
  static const struct { const char *metric, *label; } labels[] = {
    { "latency", "Latency (cycles)" },
    { "throughput", "Throughput (messages/cycle/node)" },
    { "acceptance", "Acceptance probability" },
    { "utilization", "Channel utilization" },
    { "power", "Power" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (g_str_equal (labels[i].metric, metric))
      return labels[i].label;
  return metric;
}

/* One series from a table's rate column and metric column; FALSE when it has no such column. */
static gboolean
add_table (FlitlabPlot             *plot,
           const FlitlabStudyTable *table,
           const char              *metric,
           const char              *label,
           FlitlabPlotKind          kind,
           gboolean                 with_error)
{
  int rate = flitlab_study_table_find_column (table, "rate");
  int value = flitlab_study_table_find_column (table, metric);
  int ci = with_error ? flitlab_study_table_find_column (table, "ci95") : -1;
  g_autofree double *x = NULL, *y = NULL, *e = NULL;
  FlitlabPlotSeries *series;

  if (rate < 0 || value < 0 || table->n_rows == 0)
    return FALSE;
  x = g_new (double, table->n_rows);
  y = g_new (double, table->n_rows);
  e = g_new (double, table->n_rows);
  for (guint i = 0; i < table->n_rows; i++)
    {
      x[i] = flitlab_study_table_get (table, i, rate);
      y[i] = table->saturated[i] ? NAN : flitlab_study_table_get (table, i, value);
      e[i] = ci >= 0 ? flitlab_study_table_get (table, i, ci) : NAN;
    }
  series = flitlab_plot_add_series (plot, label, kind, x, y, ci >= 0 ? e : NULL, table->n_rows);
  series->saturation = kind == FLITLAB_PLOT_LINE ? table->saturation_rate : NAN;
  return TRUE;
}

/* The model's id, and when the study holds the same model more than once (a comparison of
 * radices or message lengths), the parameters that tell this one apart: "ciciani-uni-torus
 * k=5x10x20". */
static char *
model_name (const FlitlabStudy      *study,
            const FlitlabStudyModel *model)
{
  GString *name = g_string_new (model->id);
  g_autoptr(GList) keys = g_list_sort (g_hash_table_get_keys (model->params), (GCompareFunc) g_strcmp0);

  for (GList *k = keys; k != NULL; k = k->next)
    {
      const char *value = g_hash_table_lookup (model->params, k->data);
      gboolean differs = FALSE;

      for (guint m = 0; m < study->models->len; m++)
        {
          const FlitlabStudyModel *other = study->models->pdata[m];

          differs |= other != model && g_str_equal (other->id, model->id) &&
                     g_strcmp0 (g_hash_table_lookup (other->params, k->data), value) != 0;
        }
      if (differs)
        g_string_append_printf (name, " %s=%s", (char *) k->data, value);
    }
  return g_string_free (name, FALSE);
}

void
flitlab_study_plot_add (FlitlabPlot        *plot,
                        const FlitlabStudy *study,
                        const char         *metric,
                        gboolean            prefix_labels)
{
  metric = metric != NULL ? metric : "latency";

  for (guint m = 0; m < study->models->len; m++)
    {
      const FlitlabStudyModel *model = study->models->pdata[m];
      g_autofree char *name = model_name (study, model);
      g_autofree char *label = prefix_labels ? g_strdup_printf ("%s: %s model", study->name, name)
                                             : g_strdup_printf ("%s model", name);

      if (model->curve != NULL)
        add_table (plot, model->curve, metric, label, FLITLAB_PLOT_LINE, FALSE);
    }
  if (study->simulation.points != NULL)
    {
      g_autofree char *label = prefix_labels ? g_strdup_printf ("%s: simulation", study->name)
                                             : g_strdup ("simulation (95% CI)");

      add_table (plot, study->simulation.points, metric, label, FLITLAB_PLOT_POINTS,
                 g_str_equal (metric, "latency"));
    }
  for (guint r = 0; r < study->references->len; r++)
    {
      const FlitlabStudyTable *reference = study->references->pdata[r];

      add_table (plot, reference, metric, reference->title ? reference->title : "reference",
                 FLITLAB_PLOT_POINTS, FALSE);
    }
}

FlitlabPlot *
flitlab_study_plot_new_running (const FlitlabStudy      *study,
                                const char              *metric,
                                const FlitlabStudyTable *points)
{
  FlitlabStudy shown;

  g_return_val_if_fail (study != NULL, NULL);

  if (points == NULL)
    return flitlab_study_plot_new (study, metric);
  /* A shallow copy that only reads: the running points stand in for the old ones. */
  shown = *study;
  shown.simulation.points = (FlitlabStudyTable *) points;
  return flitlab_study_plot_new (&shown, metric);
}

FlitlabPlot *
flitlab_study_plot_new (const FlitlabStudy *study,
                        const char         *metric)
{
  FlitlabPlot *plot;

  g_return_val_if_fail (study != NULL, NULL);

  metric = metric != NULL ? metric : "latency";
  plot = flitlab_plot_new (study->name, "Load (messages/cycle/node)", axis_label (metric));
  flitlab_study_plot_add (plot, study, metric, FALSE);
  return plot;
}

FlitlabPlot *
flitlab_study_plot_new_comparison (const FlitlabStudy * const *studies,
                                   guint                       n_studies,
                                   const char                 *metric)
{
  g_autoptr(GString) title = g_string_new (NULL);
  FlitlabPlot *plot;

  g_return_val_if_fail (studies != NULL || n_studies == 0, NULL);

  metric = metric != NULL ? metric : "latency";
  for (guint i = 0; i < n_studies; i++)
    g_string_append_printf (title, "%s%s", i > 0 ? " · " : "", studies[i]->name);
  /* A title longer than a figure is wide says less than a count. */
  if (g_utf8_strlen (title->str, -1) > 80)
    g_string_printf (title, "Comparison of %u studies", n_studies);
  plot = flitlab_plot_new (title->str, "Load (messages/cycle/node)", axis_label (metric));
  /* A study with one model draws its curve and its simulation in one colour, so the eye pairs
   * them; references, and the series of studies with several models, keep colours of their own. */
  for (guint i = 0, extra = n_studies; i < n_studies; i++)
    {
      g_autofree char *prefix = g_strdup_printf ("%s: ", studies[i]->name);
      guint first = plot->series->len;

      flitlab_study_plot_add (plot, studies[i], metric, TRUE);
      for (guint s = first; s < plot->series->len; s++)
        {
          FlitlabPlotSeries *series = plot->series->pdata[s];
          gboolean own = g_str_has_prefix (series->label, prefix); /* not a reference */

          series->color = own && studies[i]->models->len <= 1 ? i : extra++;
        }
    }
  return plot;
}
