/* flitlab-export-figure.c: figures written to files. The renderers (src/render) draw on a
 * cairo context they are given; here a figure is drawn into memory as SVG, PDF or PNG and
 * written atomically with flitlab_file_write (), as is a plot's data as CSV. Declared in
 * flitlab-export.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>

#include "flitlab-export.h"
#include "flitlab-file-write.h"
#include "flitlab-render-dependency.h"
#include "flitlab-render-flow.h"
#include "flitlab-render-private.h"
#include "flitlab-render-text.h"

/* ---- any figure --------------------------------------------------------------------- */

/* A cairo write function that keeps what it is given: figures are rendered into memory and
 * handed whole to flitlab_file_write (). */
static cairo_status_t
append_bytes (void                *closure,
              const unsigned char *data,
              unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

gboolean
flitlab_render_to_file (const char         *path,
                        double              width,
                        double              height,
                        double              scale,
                        FlitlabRenderFunc   draw,
                        gpointer            data,
                        GError            **error)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(GError) local_error = NULL;
  cairo_surface_t *surface;
  cairo_status_t status;
  cairo_t *cr;
  FlitlabExportFormat format;
  gboolean known = flitlab_export_format_from_path (path, &format);
  gboolean png = known && format == FLITLAB_EXPORT_PNG;

  if (!(flitlab_render_size_valid (width, height) && flitlab_export_scale_valid (scale)))
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_SIZE,
                   _("A figure is 50 to 10000 points wide and high at a scale up to 8, not %g × "
                     "%g at %g"),
                   width, height, scale);
      return FALSE;
    }
  /* The extension in any case: "FIG.SVG" is an SVG, as the export dialog reads it. */
  if (known && format == FLITLAB_EXPORT_SVG)
    surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, width, height);
  else if (known && format == FLITLAB_EXPORT_PDF)
    surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, width, height);
  else if (png)
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width * scale),
                                          (int) ceil (height * scale));
  else
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_FORMAT,
                   _("“%s”: figures are written as .svg, .pdf or .png (in any case)"), path);
      return FALSE;
    }

  flitlab_render_set_type_in_points (surface);
  cr = cairo_create (surface);
  if (png)
    cairo_scale (cr, scale, scale);
  draw (cr, width, height, data);
  /* A drawing that failed stopped half-way: better no file than an incomplete figure. */
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  if (status == CAIRO_STATUS_SUCCESS && png)
    status = cairo_surface_write_to_png_stream (surface, append_bytes, bytes);
  else if (status == CAIRO_STATUS_SUCCESS)
    {
      cairo_surface_finish (surface);
      status = cairo_surface_status (surface);
    }
  cairo_surface_destroy (surface);

  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_IO,
                   _("Could not draw “%s”: %s"), path, cairo_status_to_string (status));
      return FALSE;
    }
  if (!flitlab_file_write (path, (const char *) bytes->data, bytes->len, &local_error))
    {
      g_set_error_literal (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_IO,
                           local_error->message);
      return FALSE;
    }
  return TRUE;
}

/* ---- plots -------------------------------------------------------------------------- */

static void
draw_plot (cairo_t  *cr,
           double    width,
           double    height,
           gpointer  data)
{
  flitlab_render_plot (cr, data, width, height, NULL);
}

gboolean
flitlab_render_plot_to_file (const FlitlabPlot  *plot,
                             const char         *path,
                             double              width,
                             double              height,
                             double              scale,
                             GError            **error)
{
  g_return_val_if_fail (plot != NULL && path != NULL, FALSE);

  return flitlab_render_to_file (path, width, flitlab_plot_file_height (plot, width, height), scale,
                                 draw_plot, (gpointer) plot, error);
}

static void
csv_number (char   *buf,
            gsize   len,
            double  value)
{
  g_ascii_formatd (buf, len, "%.10g", value);
}

/* A text cell by RFC 4180: quoted when it holds a comma, a quote or a line break, its quotes
 * doubled, every character kept. One that starts as a formula (=, +, -, @, a tab or a carriage
 * return) gets a leading apostrophe, as OWASP advises, so that a spreadsheet shows it rather
 * than runs it. */
static void
append_csv_text (GString    *out,
                 const char *text)
{
  gboolean formula = strchr ("=+-@\t\r", text[0]) != NULL && text[0] != '\0';

  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append_printf (out, "%s%s", formula ? "'" : "", text);
      return;
    }
  g_string_append_printf (out, "\"%s", formula ? "'" : "");
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

gboolean
flitlab_plot_write_csv (const FlitlabPlot  *plot,
                        const char         *path,
                        GError            **error)
{
  g_autoptr(GString) csv = g_string_new ("series,kind,rate,value,ci95");

  g_return_val_if_fail (plot != NULL && path != NULL, FALSE);

  /* A sweep's settings that vary, a column each after the others. */
  for (guint k = 0; plot->varied != NULL && plot->varied[k] != NULL; k++)
    {
      g_string_append_c (csv, ',');
      append_csv_text (csv, plot->varied[k]);
    }
  g_string_append_c (csv, '\n');

  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];

      for (guint i = 0; i < series->n; i++)
        {
          char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE] = "";
          char e[G_ASCII_DTOSTR_BUF_SIZE] = "";

          csv_number (x, sizeof x, series->x[i]);
          /* A value that is not a number is empty, unless the load is saturated or deadlocked
           * (as flitlab-cli simulate's latency column says). */
          if (flitlab_plot_series_is_deadlocked (series, i))
            g_strlcpy (y, "deadlock", sizeof y);
          else if (series->saturated != NULL && series->saturated[i])
            g_strlcpy (y, "saturated", sizeof y);
          else if (isfinite (series->y[i]))
            csv_number (y, sizeof y, series->y[i]);
          if (series->error != NULL && isfinite (series->error[i]))
            csv_number (e, sizeof e, series->error[i]);
          append_csv_text (csv, series->label != NULL ? series->label : "");
          g_string_append_printf (csv, ",%s,%s,%s,%s",
                                  series->kind == FLITLAB_PLOT_LINE ? "model" : "points", x, y, e);
          for (guint k = 0; plot->varied != NULL && plot->varied[k] != NULL; k++)
            {
              g_string_append_c (csv, ',');
              if (series->varied_values != NULL)
                append_csv_text (csv, series->varied_values[k]);
            }
          g_string_append_c (csv, '\n');
        }
    }
  return flitlab_file_write (path, csv->str, csv->len, error);
}

/* ---- networks ----------------------------------------------------------------------- */

static void
draw_view (cairo_t  *cr,
           double    width,
           double    height,
           gpointer  data)
{
  flitlab_render_topology (cr, data, width, height);
}

gboolean
flitlab_render_topology_to_file (FlitlabTopologyFigure  *figure,
                                 const char           *path,
                                 double                width,
                                 double                height,
                                 double                scale,
                                 GError              **error)
{
  g_return_val_if_fail (figure != NULL && path != NULL, FALSE);

  return flitlab_topology_figure_check (figure, error) &&
         flitlab_render_to_file (path, width, height, scale, draw_view, figure, error);
}

static void
draw_stack (cairo_t  *cr,
            double    width,
            double    height,
            gpointer  data)
{
  flitlab_render_topology_stack (cr, data, width, height);
}

gboolean
flitlab_render_topology_stack_to_file (FlitlabTopologyFigure  *figure,
                                       const char           *path,
                                       double                width,
                                       double                height,
                                       double                scale,
                                       GError              **error)
{
  g_return_val_if_fail (figure != NULL && path != NULL, FALSE);

  if (!flitlab_topology_figure_check (figure, error))
    return FALSE;
  if (flitlab_topology_figure_get_n_planes (figure) < 2)
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID,
                   _("Only a network of three or more dimensions has planes to stack"));

      return FALSE;
    }
  return flitlab_render_to_file (path, width, height, scale, draw_stack, figure, error);
}

/* ---- flow diagrams ------------------------------------------------------------------ */

typedef struct
{
  const FlitlabModel      *model;
  const FlitlabModelPoint *point;
  double                   font_size;
} FlowFigure;

static void
draw_flow (cairo_t  *cr,
             double    width,
             double    height,
             gpointer  data)
{
  const FlowFigure *figure = data;

  flitlab_render_flow_full (cr, figure->model, figure->point, width, height, figure->font_size);
}

gboolean
flitlab_render_flow_to_file (const FlitlabModel  *model,
                             double               rate,
                             const char          *path,
                             double               width,
                             double               height,
                             double               scale,
                             double               font_size,
                             GError             **error)
{
  g_autoptr(FlitlabModelPoint) point = NULL;
  FlowFigure figure;

  g_return_val_if_fail (model != NULL && path != NULL, FALSE);

  point = flitlab_model_evaluate_detail (model, rate);
  figure = (FlowFigure) { model, point, font_size };
  return flitlab_render_to_file (path, width, height, scale, draw_flow, &figure, error);
}

/* ---- channel dependency graphs ------------------------------------------------------ */

static void
draw_dependency (cairo_t  *cr,
             double    width,
             double    height,
             gpointer  data)
{
  flitlab_render_dependency (cr, data, width, height, NULL);
}

gboolean
flitlab_render_dependency_figure_to_file (const FlitlabDependencyFigure *figure,
                                          const char                    *path,
                                          double                         width,
                                          double                         height,
                                          double                         scale,
                                          GError                       **error)
{
  g_return_val_if_fail (figure != NULL && figure->graph != NULL && path != NULL, FALSE);

  return flitlab_render_to_file (path, width, height, scale, draw_dependency, (gpointer) figure,
                                 error);
}

gboolean
flitlab_render_dependency_to_file (const FlitlabTopology  *topology,
                                   FlitlabRouting          routing,
                                   guint                   vcs,
                                   const char             *path,
                                   double                  width,
                                   double                  height,
                                   double                  scale,
                                   double                  font_size,
                                   GError                **error)
{
  g_autoptr(FlitlabChannelDependency) graph = NULL;
  FlitlabDependencyFigure figure = { topology, NULL, routing, NULL, 0, font_size };

  g_return_val_if_fail (topology != NULL && path != NULL, FALSE);

  graph = flitlab_channel_dependency_new (topology, routing, vcs, error);
  if (graph == NULL)
    return FALSE;
  figure.graph = graph;
  return flitlab_render_dependency_figure_to_file (&figure, path, width, height, scale, error);
}
