/* flitlab-plot.c: a plot's data, before it is drawn
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-plot.h"

static void
series_free (gpointer data)
{
  FlitlabPlotSeries *series = data;

  g_free (series->label);
  g_free (series->x);
  g_free (series->y);
  g_free (series->error);
  g_free (series->saturated);
  g_free (series->deadlocked);
  g_free (series->saturation_label);
  g_free (series->saturation_note);
  g_free (series->saturation_remark);
  g_free (series->group);
  g_free (series->kind_label);
  g_strfreev (series->varied_values);
  g_free (series);
}

FlitlabPlot *
flitlab_plot_new (const char *title,
                  const char *x_label,
                  const char *y_label)
{
  FlitlabPlot *plot = g_new0 (FlitlabPlot, 1);

  plot->title = g_strdup (title);
  plot->x_label = g_strdup (x_label);
  plot->y_label = g_strdup (y_label);
  plot->x_min = plot->x_max = plot->y_min = plot->y_max = NAN;
  plot->marker = NAN;
  plot->series = g_ptr_array_new_with_free_func (series_free);
  return plot;
}

void
flitlab_plot_free (FlitlabPlot *plot)
{
  if (plot == NULL)
    return;
  g_free (plot->title);
  g_free (plot->x_label);
  g_free (plot->y_label);
  g_strfreev (plot->varied);
  g_ptr_array_unref (plot->series);
  g_free (plot);
}

FlitlabPlotSeries *
flitlab_plot_add_series (FlitlabPlot     *plot,
                         const char      *label,
                         FlitlabPlotKind  kind,
                         const double    *x,
                         const double    *y,
                         const double    *error,
                         guint            n)
{
  FlitlabPlotSeries *series = g_new0 (FlitlabPlotSeries, 1);

  series->label = g_strdup (label);
  series->kind = kind;
  series->n = n;
  series->x = g_memdup2 (x, sizeof (double) * n);
  series->y = g_memdup2 (y, sizeof (double) * n);
  series->error = error != NULL ? g_memdup2 (error, sizeof (double) * n) : NULL;
  series->saturation = NAN;
  series->color = plot->series->len;
  g_ptr_array_add (plot->series, series);
  return series;
}

void
flitlab_plot_series_set_saturated (FlitlabPlotSeries *series,
                                   guint              i)
{
  g_return_if_fail (i < series->n);

  if (series->saturated == NULL)
    series->saturated = g_new0 (gboolean, series->n);
  series->saturated[i] = TRUE;
  series->y[i] = NAN;
}

void
flitlab_plot_series_set_deadlocked (FlitlabPlotSeries *series,
                                    guint              i)
{
  g_return_if_fail (i < series->n);

  flitlab_plot_series_set_saturated (series, i);
  if (series->deadlocked == NULL)
    series->deadlocked = g_new0 (gboolean, series->n);
  series->deadlocked[i] = TRUE;
}

gboolean
flitlab_plot_series_is_deadlocked (const FlitlabPlotSeries *series,
                                   guint                    i)
{
  return series->deadlocked != NULL && i < series->n && series->deadlocked[i];
}

gboolean
flitlab_plot_series_is_saturated (const FlitlabPlotSeries *series,
                                  guint                    i)
{
  return series->saturated != NULL && i < series->n && series->saturated[i] &&
         !flitlab_plot_series_is_deadlocked (series, i);
}
