/* flitlab-export.c: figures and their data written to files, for the window and flitlab-cli
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-export.h"
#include "flitlab-export-private.h"
#include "flitlab-file-write.h"
#include "flitlab-render-flow.h"
#include "flitlab-render-private.h"

static const char * const extensions[FLITLAB_EXPORT_N_FORMATS] = {
  "svg", "pdf", "png", "csv", "tex", "py",
};

const char *
flitlab_export_format_get_extension (FlitlabExportFormat format)
{
  g_return_val_if_fail (format < FLITLAB_EXPORT_N_FORMATS, NULL);

  return extensions[format];
}

gboolean
flitlab_export_format_from_name (const char          *name,
                                 FlitlabExportFormat *format)
{
  for (guint f = 0; name != NULL && f < FLITLAB_EXPORT_N_FORMATS; f++)
    if (g_ascii_strcasecmp (name, extensions[f]) == 0)
      {
        if (format != NULL)
          *format = f;
        return TRUE;
      }
  return FALSE;
}

gboolean
flitlab_export_size_valid (double points)
{
  return flitlab_render_size_valid (points, points);
}

gboolean
flitlab_export_scale_valid (double scale)
{
  return scale > 0 && scale <= 8;
}

gboolean
flitlab_export_format_from_path (const char          *path,
                                 FlitlabExportFormat *format)
{
  g_autofree char *base = path != NULL ? g_path_get_basename (path) : NULL;
  const char *dot = base != NULL ? strrchr (base, '.') : NULL;

  return dot != NULL && dot != base && flitlab_export_format_from_name (dot + 1, format);
}

char *
flitlab_export_path_for (const char          *path,
                         FlitlabExportFormat  chosen,
                         FlitlabExportFormat  prefilled,
                         FlitlabExportFormat *format)
{
  FlitlabExportFormat typed;

  g_return_val_if_fail (path != NULL && chosen < FLITLAB_EXPORT_N_FORMATS, NULL);

  if (format != NULL)
    *format = chosen;
  if (!flitlab_export_format_from_path (path, &typed))
    return g_strconcat (path, ".", extensions[chosen], NULL);
  if (typed == prefilled)
    {
      /* "fig.pdf.svg": a name typed over the offered one, which GTK selects up to its
       * extension; the extension typed is the one meant. */
      g_autofree char *inner = g_strndup (path, strlen (path) - strlen (extensions[typed]) - 1);

      if (flitlab_export_format_from_path (inner, format))
        return g_steal_pointer (&inner);
    }
  if (typed == prefilled && typed != chosen)
    {
      /* The dialog's own extension, left as it was while the format changed. */
      gsize stem = strlen (path) - strlen (extensions[typed]);

      return g_strdup_printf ("%.*s%s", (int) stem, path, extensions[chosen]);
    }
  if (format != NULL)
    *format = typed;
  return g_strdup (path);
}

char *
flitlab_export_file_stem (const char *title)
{
  /* A network's spec spells these so ("torus:6x6x6:bi"); the names stay short. */
  static const struct { const char *from, *to; } words[] = {
    { "bi-directional", "bi" }, { "uni-directional", "uni" },
  };
  g_autoptr(GString) stem = g_string_new (NULL);
  g_autofree char *lower = NULL, *ascii = NULL;
  gboolean gap = FALSE;

  if (title == NULL || !g_utf8_validate (title, -1, NULL))
    return g_strdup ("figure");
  /* Letters with accents keep their letter ("É" is "e"); "×" is "x" in GLib's table too. */
  lower = g_utf8_strdown (title, -1);
  ascii = g_str_to_ascii (lower, "C");
  for (const char *p = ascii; *p != '\0';)
    {
      gboolean replaced = FALSE;

      for (guint w = 0; w < G_N_ELEMENTS (words) && !replaced; w++)
        if (g_str_has_prefix (p, words[w].from))
          {
            if (gap && stem->len > 0)
              g_string_append_c (stem, '-');
            g_string_append (stem, words[w].to);
            p += strlen (words[w].from);
            gap = FALSE;
            replaced = TRUE;
          }
      if (replaced)
        continue;
      if (g_ascii_isalnum (*p))
        {
          if (gap && stem->len > 0)
            g_string_append_c (stem, '-');
          g_string_append_c (stem, *p);
          gap = FALSE;
        }
      else
        gap = TRUE;
      p++;
    }
  if (stem->len == 0)
    return g_strdup ("figure");
  return g_string_free (g_steal_pointer (&stem), FALSE);
}

/* ---- what a heatmap shows ---- */

/* Whether table marks the load rate saturated. */
static gboolean
saturated_at (const FlitlabStudyTable *table,
              double                   rate)
{
  int row = table != NULL ? flitlab_study_table_find_rate (table, rate) : -1;

  return row >= 0 && table->saturated[row];
}

/* The simulation's stored channels with utilization at its highest load below saturation, or
 * at its highest load when all are saturated; NULL when there are none. */
static const FlitlabStudyChannels *
measured_channels (const FlitlabStudy *study)
{
  const GPtrArray *channels = study->simulation.channels;
  const FlitlabStudyChannels *best = NULL, *highest = NULL;

  for (guint i = 0; channels != NULL && i < channels->len; i++)
    {
      const FlitlabStudyChannels *c = channels->pdata[i];

      if (flitlab_study_channels_find (c, "utilization") == NULL)
        continue;
      if (highest == NULL || c->rate > highest->rate)
        highest = c;
      if (!saturated_at (study->simulation.points, c->rate) &&
          (best == NULL || c->rate > best->rate))
        best = c;
    }
  return best != NULL ? best : highest;
}

/* The first model of the study that describes topology (not a compared network), or NULL. */
static FlitlabModel *
own_model (const FlitlabStudy    *study,
           const FlitlabTopology *topology)
{
  for (guint m = 0; m < study->models->len; m++)
    {
      const FlitlabStudyModel *entry = study->models->pdata[m];
      g_autoptr(FlitlabModel) model = flitlab_model_new (entry->id, entry->params, NULL);

      if (model != NULL && flitlab_model_describes (model, topology))
        return g_steal_pointer (&model);
    }
  return NULL;
}

double
flitlab_export_model_load (const FlitlabStudy *study,
                           FlitlabModel       *model)
{
  double lo = study->rate_min, hi = MAX (study->rate_max, lo);
  double rate = 0.8 * flitlab_model_get_saturation_rate (model);

  /* A model that never saturates: the study's highest load. */
  return isfinite (rate) ? CLAMP (rate, lo, hi) : hi;
}

void
flitlab_export_heatmap_choose (const FlitlabStudy    *study,
                               const FlitlabTopology *topology,
                               FlitlabExportHeatmap  *heatmap)
{
  g_return_if_fail (study != NULL && topology != NULL && heatmap != NULL);

  heatmap->source = FLITLAB_EXPORT_HEATMAP_NONE;
  heatmap->model = own_model (study, topology);
  heatmap->measured = NULL;
  heatmap->rate = NAN;
  if (heatmap->model != NULL)
    {
      heatmap->source = FLITLAB_EXPORT_HEATMAP_MODEL;
      heatmap->rate = flitlab_export_model_load (study, heatmap->model);
    }
  else if ((heatmap->measured = measured_channels (study)) != NULL)
    {
      heatmap->source = FLITLAB_EXPORT_HEATMAP_SIMULATION;
      heatmap->rate = heatmap->measured->rate;
    }
}

void
flitlab_export_heatmap_clear (FlitlabExportHeatmap *heatmap)
{
  g_clear_pointer (&heatmap->model, flitlab_model_free);
  heatmap->measured = NULL;
  heatmap->source = FLITLAB_EXPORT_HEATMAP_NONE;
  heatmap->rate = NAN;
}

FlitlabTopologyFigure *
flitlab_export_network_figure (const FlitlabStudy  *study,
                               GError             **error)
{
  const FlitlabTopology *topology;
  g_autoptr(FlitlabTopologyFigure) figure = NULL;
  g_autoptr(FlitlabModelPoint) point = NULL;
  FlitlabExportHeatmap heatmap;
  const double *values = NULL;
  guint n_values = 0;
  char rate[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (study != NULL, NULL);

  topology = flitlab_study_get_topology (study, error);
  if (topology == NULL)
    return NULL;
  figure = flitlab_topology_figure_new (topology);
  figure->title = g_strdup (study->name);

  flitlab_export_heatmap_choose (study, topology, &heatmap);
  if (heatmap.source == FLITLAB_EXPORT_HEATMAP_MODEL)
    {
      point = flitlab_model_evaluate_detail (heatmap.model, heatmap.rate);
      /* Beyond saturation (a study whose loads all lie there) the model has no channels. */
      if (!point->saturated && point->channel_utilization != NULL)
        values = point->channel_utilization, n_values = point->n_channels;
    }
  else if (heatmap.source == FLITLAB_EXPORT_HEATMAP_SIMULATION)
    {
      values = flitlab_study_channels_find (heatmap.measured, "utilization");
      n_values = heatmap.measured->n_channels;
    }
  if (values != NULL && n_values != flitlab_topology_get_n_channels (topology))
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID,
                   _("Study “%s” has per-channel results for %u channels, but its network has "
                     "%u: run it again"),
                   study->name, n_values, flitlab_topology_get_n_channels (topology));
      flitlab_export_heatmap_clear (&heatmap);
      return NULL;
    }
  if (values != NULL)
    {
      flitlab_topology_figure_set_values (figure, values, n_values);
      /* In the reader's locale, as the colour bar's ticks beside it. */
      g_snprintf (rate, sizeof rate, "%.3g", heatmap.rate);

      /* Translators: %s is the load, messages per cycle per node */
      figure->value_label = g_strdup_printf (heatmap.source == FLITLAB_EXPORT_HEATMAP_MODEL
                                             ? _("Channel utilization (model, load %s)")
                                             : _("Channel utilization (simulation, load %s)"),
                                             rate);
      figure->value_min = 0;
    }
  flitlab_export_heatmap_clear (&heatmap);
  return g_steal_pointer (&figure);
}

FlitlabModel *
flitlab_export_flow_model (const FlitlabStudy  *study,
                           double              *rate,
                           GError             **error)
{
  const FlitlabStudyModel *entry;
  FlitlabModel *model;

  g_return_val_if_fail (study != NULL, NULL);

  if (study->models->len == 0)
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID,
                   _("Study “%s” has no model to draw"), study->name);
      return NULL;
    }
  entry = study->models->pdata[0];
  model = flitlab_model_new (entry->id, entry->params, error);
  if (model != NULL && rate != NULL)
    *rate = flitlab_export_model_load (study, model);
  return model;
}

/* ---- writing: helpers ---- */

static gboolean
format_error (const char  *path,
              const char  *what,
              GError     **error)
{
  g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_FORMAT,
               _("“%s”: %s"), path, what);
  return FALSE;
}

/* The frame the renderer draws at this size and its saturation labels: the .tex and .py take
 * its ranges, legend and labels. */
static gboolean
plot_frame (const FlitlabPlot *plot,
            const char        *path,
            double             width,
            double             height,
            FlitlabPlotFrame  *frame,
            GArray           **labels,
            GError           **error)
{
  if (!flitlab_render_size_valid (width, height))
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_SIZE,
                   _("A figure is 50 to 10000 points wide and high, not %g × %g"), width, height);
      return FALSE;
    }
  /* Measured as the figure is written, so that the frame is the file's. */
  flitlab_plot_measure (plot, width, height, frame, labels);
  if (!(isfinite (frame->x_min) && isfinite (frame->x_max) && isfinite (frame->y_min) &&
        isfinite (frame->y_max)))
    return format_error (path, _("the plot has no data to redraw"), error);
  return TRUE;
}

/* ---- writing ---- */

gboolean
flitlab_export_plot (const FlitlabPlot  *plot,
                     const char         *path,
                     double              width,
                     double              height,
                     double              scale,
                     GError            **error)
{
  FlitlabExportFormat format;
  FlitlabPlotFrame frame;
  g_autoptr(GArray) labels = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (plot != NULL && path != NULL, FALSE);

  if (!flitlab_export_format_from_path (path, &format))
    return format_error (path, _("plots are written as .svg, .pdf, .png, .csv, .tex or .py"),
                         error);
  if (format == FLITLAB_EXPORT_CSV)
    return flitlab_plot_write_csv (plot, path, error);
  if (format != FLITLAB_EXPORT_TEX && format != FLITLAB_EXPORT_PY)
    return flitlab_render_plot_to_file (plot, path, width, height, scale, error);
  /* The page the image has: the figure's size (its legend fits in it). */
  height = flitlab_plot_file_height (plot, width, height);
  if (!plot_frame (plot, path, width, height, &frame, &labels, error))
    return FALSE;
  text = format == FLITLAB_EXPORT_TEX ? flitlab_export_plot_to_tex (plot, &frame, labels, width,
                                                                    height)
                                      : flitlab_export_plot_to_python (plot, &frame, labels, width,
                                                                       height);
  return flitlab_file_write (path, text, strlen (text), error);
}

/* The network's coloured values: one row per network channel, "-" where there is none. */
static gboolean
write_network_csv (FlitlabTopologyFigure  *figure,
                   const char           *path,
                   GError              **error)
{
  const FlitlabTopology *topology = flitlab_topology_figure_get_topology (figure);
  g_autoptr(GString) csv = g_string_new ("channel,src,dst,dim,direction,value\n");

  for (guint c = 0; c < flitlab_topology_get_n_network_channels (topology); c++)
    {
      const FlitlabChannel *channel = flitlab_topology_get_channel (topology, c);
      double value = figure->values != NULL && c < figure->n_values ? figure->values[c] : NAN;
      char buf[G_ASCII_DTOSTR_BUF_SIZE];

      /* -1: no dimension (a network from a file), as simulate --channels writes it. */
      g_string_append_printf (csv, "%u,%u,%u,%d,%d,%s\n", c, channel->src, channel->dst,
                              channel->dim == G_MAXUINT ? -1 : (int) channel->dim,
                              channel->direction,
                              isfinite (value) ? g_ascii_dtostr (buf, sizeof buf, value) : "-");
    }
  return flitlab_file_write (path, csv->str, csv->len, error);
}

gboolean
flitlab_export_network (FlitlabTopologyFigure  *figure,
                        gboolean              stacked,
                        const char           *path,
                        double                width,
                        double                height,
                        double                scale,
                        GError              **error)
{
  FlitlabExportFormat format;

  g_return_val_if_fail (figure != NULL && path != NULL, FALSE);

  if (!flitlab_export_format_from_path (path, &format) || format == FLITLAB_EXPORT_TEX ||
      format == FLITLAB_EXPORT_PY)
    return format_error (path, _("network diagrams are written as .svg, .pdf, .png or .csv"),
                         error);
  if (format == FLITLAB_EXPORT_CSV)
    return write_network_csv (figure, path, error);
  if (stacked)
    return flitlab_render_topology_stack_to_file (figure, path, width, height, scale, error);
  return flitlab_render_topology_to_file (figure, path, width, height, scale, error);
}

gboolean
flitlab_export_flow (const FlitlabModel  *model,
                     double               rate,
                     const char          *path,
                     double               width,
                     double               height,
                     double               scale,
                     double               font_size,
                     GError             **error)
{
  FlitlabExportFormat format;

  g_return_val_if_fail (model != NULL && path != NULL, FALSE);

  if (!flitlab_export_format_from_path (path, &format) || format > FLITLAB_EXPORT_PNG)
    return format_error (path, _("flow diagrams are written as .svg, .pdf or .png"), error);

  return flitlab_render_flow_to_file (model, rate, path, width, height, scale, font_size, error);
}

gboolean
flitlab_export_dependency (const FlitlabDependencyFigure *figure,
                           const char                    *path,
                           double                         width,
                           double                         height,
                           double                         scale,
                           GError                       **error)
{
  FlitlabExportFormat format;

  g_return_val_if_fail (figure != NULL && path != NULL, FALSE);

  if (!flitlab_export_format_from_path (path, &format) || format > FLITLAB_EXPORT_PNG)
    return format_error (path, _("channel dependency graphs are written as .svg, .pdf or .png"),
                         error);
  return flitlab_render_dependency_figure_to_file (figure, path, width, height, scale, error);
}
