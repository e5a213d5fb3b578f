/* test-render.c: the plot renderer on image, SVG and PDF surfaces; no display needed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

#include "flitlab-export.h"
#include "flitlab-render-flow.h"
#include "flitlab-project-xml.h"
#include "flitlab-render-plot.h"
#include "flitlab-render-text.h"
#include "flitlab-study-run.h"
#include "flitlab-study-plot.h"
#include "test-projects.h"

static FlitlabPlot *
sample_plot (gboolean log_y)
{
  static const double x[] = { 0, 0.002, 0.004, 0.006, 0.008, 0.01 };
  static const double model[] = { 16, 17, 18.5, 21, 27, NAN };
  static const double sim[] = { 16.2, 17.3, 18.9, 21.8, 29, 45 };
  static const double ci[] = { 0.1, 0.2, 0.3, 0.5, 1.2, 4 };
  FlitlabPlot *plot =
    flitlab_plot_new ("6×6×6 torus", "Load (messages/cycle/node)", "Latency (cycles)");
  FlitlabPlotSeries *curve;

  plot->log_y = log_y;
  curve =
    flitlab_plot_add_series (plot, "model", FLITLAB_PLOT_LINE, x, model, NULL, G_N_ELEMENTS (x));
  curve->saturation = 0.0093;
  flitlab_plot_add_series (plot, "simulation", FLITLAB_PLOT_POINTS, x, sim, ci, G_N_ELEMENTS (x));
  return plot;
}

static void
test_nice_ticks (void)
{
  double ticks[12];
  guint n = flitlab_plot_nice_ticks (0, 0.0093, 7, ticks);

  g_assert_cmpuint (n, >=, 4);
  g_assert_cmpfloat (ticks[0], ==, 0);
  for (guint i = 1; i < n; i++)
    {
      double step = ticks[i] - ticks[i - 1], mantissa = step / pow (10, floor (log10 (step)));

      /* Steps of 1, 2 or 5 times a power of ten. */
      g_assert_true (fabs (mantissa - 1) < 1e-6 || fabs (mantissa - 2) < 1e-6 ||
                     fabs (mantissa - 5) < 1e-6);
      g_assert_cmpfloat (ticks[i], <=, 0.0093 * (1 + 1e-9));
    }
  g_assert_cmpuint (flitlab_plot_nice_ticks (1, 1, 7, ticks), ==, 0);
  g_assert_cmpuint (flitlab_plot_nice_ticks (NAN, 1, 7, ticks), ==, 0);
}

/* Counts pixels near a colour of the palette outside the rectangle (x0, y0)-(x1, y1). */
static guint
count_color_outside (cairo_surface_t *surface,
                     guint            palette_index,
                     int              x0,
                     int              y0,
                     int              x1,
                     int              y1)
{
  double r, g, b;
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint n = 0;

  flitlab_plot_palette (palette_index, &r, &g, &b);
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      {
        guint32 p = *(const guint32 *) (data + y * stride + 4 * x);

        if ((x < x0 || x > x1 || y < y0 || y > y1) &&
            abs ((int) ((p >> 16) & 0xff) - (int) (r * 255)) < 8 &&
            abs ((int) ((p >> 8) & 0xff) - (int) (g * 255)) < 8 &&
            abs ((int) (p & 0xff) - (int) (b * 255)) < 8)
          n++;
      }
  return n;
}

/* Counts pixels near a colour of the palette, anywhere (outside an empty rectangle). */
static guint
count_color (cairo_surface_t *surface,
             guint            palette_index)
{
  return count_color_outside (surface, palette_index, 1, 1, 0, 0);
}

/* How many of the plot's drawn points lie in the legend's box. */
static guint
points_under_legend (const FlitlabPlot      *plot,
                     const FlitlabPlotFrame *f)
{
  guint n = 0;

  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];

      for (guint i = 0; i < series->n; i++)
        {
          double x, y;

          if (!isfinite (series->y[i]))
            continue;
          flitlab_plot_frame_to_user (f, series->x[i], series->y[i], &x, &y);
          n += x >= f->legend_left && x <= f->legend_right && y >= f->legend_top &&
               y <= f->legend_bottom;
        }
    }
  return n;
}

/* The legend goes where it covers no data: a free inside corner, else below the plot (#14). */
static void
test_legend_placement (void)
{
  static const double x[] =
    { 0, 0.001, 0.002, 0.003, 0.004, 0.005, 0.006, 0.007, 0.008, 0.009, 0.01 };
  static const double falling[] = { 50, 48, 46, 44, 42, 40, 38, 36, 34, 32, 30 };
  static const double corners[] = { 50, 49, 30, 31, 40, 41, 40, 31, 30, 49, 50 };
  g_autoptr(FlitlabPlot) top_left = flitlab_plot_new ("falling", "x", "y");
  g_autoptr(FlitlabPlot) everywhere = flitlab_plot_new ("corners", "x", "y");
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 420);
  cairo_t *cr = cairo_create (surface);
  FlitlabPlotFrame frame;

  /* Points along the top-left to bottom-right diagonal: the legend leaves the top left. */
  flitlab_plot_add_series (top_left, "a falling line of points", FLITLAB_PLOT_POINTS, x, falling,
                           NULL,
                           G_N_ELEMENTS (x));
  flitlab_render_plot (cr, top_left, 640, 420, &frame);
  g_assert_cmpfloat (frame.legend_right, >, frame.legend_left);
  g_assert_cmpuint (points_under_legend (top_left, &frame), ==, 0);
  g_assert_cmpfloat (frame.legend_left, >, (frame.left + frame.right) / 2);

  /* Points in all four corners: below the data area. */
  flitlab_plot_add_series (everywhere, "points in every corner", FLITLAB_PLOT_POINTS, x, corners,
                           NULL,
                           G_N_ELEMENTS (x));
  flitlab_render_plot (cr, everywhere, 640, 420, &frame);
  g_assert_cmpuint (points_under_legend (everywhere, &frame), ==, 0);
  g_assert_cmpfloat (frame.legend_top, >, frame.bottom);
  g_assert_cmpfloat (frame.legend_bottom, <=, 420);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Whether the segment (x0, y0)-(x1, y1) comes within 3 points of the box [l, r] × [t, b]:
 * sampled every half point, which is finer than any mark or pen. */
static gboolean
segment_near_box (double x0,
                  double y0,
                  double x1,
                  double y1,
                  double l,
                  double t,
                  double r,
                  double b)
{
  double length = hypot (x1 - x0, y1 - y0);
  guint steps = (guint) MIN (ceil (length / 0.5), 100000);

  for (guint i = 0; i <= steps; i++)
    {
      double x = x0 + (x1 - x0) * i / MAX (steps, 1), y = y0 + (y1 - y0) * i / MAX (steps, 1);

      if (x >= l - 3 && x <= r + 3 && y >= t - 3 && y <= b + 3)
        return TRUE;
    }
  return FALSE;
}

/* What the legend's box covers of the drawn data inside the frame: curve segments, points,
 * their error bars, the marks of saturated and off-scale points. A legend outside the data
 * area covers nothing. */
static guint
data_under_legend (const FlitlabPlot      *plot,
                   const FlitlabPlotFrame *f)
{
  const double l = f->legend_left, t = f->legend_top, r = f->legend_right, b = f->legend_bottom;
  guint n = 0;

  if (r <= f->left || l >= f->right || b <= f->top || t >= f->bottom)
    return 0;
  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];
      double last_x = NAN, last_y = NAN;

      for (guint i = 0; i < series->n; i++)
        {
          double x, y;

          if (series->saturated != NULL && series->saturated[i])
            {
              flitlab_plot_frame_to_user (f, series->x[i], f->y_max, &x, &y);
              n += x >= f->left && x <= f->right &&
                   segment_near_box (x, f->top, x, f->top + 10, l, t, r, b);
              continue;
            }
          if (!isfinite (series->y[i]) || (f->log_y && series->y[i] <= 0))
            {
              last_x = NAN;
              continue;
            }
          flitlab_plot_frame_to_user (f, series->x[i], series->y[i], &x, &y);
          /* Only the part of a curve in the frame is drawn. */
          y = CLAMP (y, f->top - 10 * (f->bottom - f->top), f->bottom + 10 * (f->bottom - f->top));
          if (series->kind == FLITLAB_PLOT_LINE)
            {
              if (isfinite (last_x))
                {
                  double x0 = CLAMP (last_x, f->left, f->right), x1 = CLAMP (x, f->left, f->right);
                  double y0 = last_y + (x0 - last_x) / (x - last_x + 1e-300) * (y - last_y);
                  double y1 = last_y + (x1 - last_x) / (x - last_x + 1e-300) * (y - last_y);

                  /* The visible piece: clipped to the frame's height along the segment. */
                  for (guint k = 0; k <= 64 && x1 > x0; k++)
                    {
                      double px = x0 + (x1 - x0) * k / 64, py = y0 + (y1 - y0) * k / 64;
                      double qx = x0 + (x1 - x0) * (k + 1) / 64, qy = y0 + (y1 - y0) * (k + 1) / 64;

                      if (k < 64 && MAX (py, qy) >= f->top && MIN (py, qy) <= f->bottom &&
                          segment_near_box (px, CLAMP (py, f->top, f->bottom), qx,
                                            CLAMP (qy, f->top, f->bottom),
                                            l, t, r, b))
                        {
                          n++;
                          break;
                        }
                    }
                }
              last_x = x, last_y = y;
              continue;
            }
          if (x < f->left || x > f->right)
            continue;
          if (y < f->top)
            {
              n += segment_near_box (x, f->top, x, f->top + 6, l, t, r, b);
              continue;
            }
          if (series->error != NULL && isfinite (series->error[i]))
            {
              double lo, hi;

              flitlab_plot_frame_to_user (f, series->x[i],
                                          MAX (series->y[i] - series->error[i], f->y_min), &x, &lo);
              flitlab_plot_frame_to_user (f, series->x[i], series->y[i] + series->error[i], &x,
                                          &hi);
              n += segment_near_box (x, CLAMP (lo, f->top, f->bottom), x,
                                     CLAMP (hi, f->top, f->bottom), l, t, r, b);
            }
          n += y <= f->bottom && segment_near_box (x, y, x, y, l, t, r, b);
        }
    }
  return n;
}

/* At every preset, laid out as a file (grown for its legend), each bundled example's study
 * plots and the comparison of all its studies put the legend where it covers no curve, point or
 * error bar, and inside the figure (#14). */
static void
test_legend_covers_no_data (void)
{
  g_autoptr(GPtrArray) projects = load_examples ();
  guint checked = 0;

  for (guint e = 0; projects != NULL && e < projects->len; e++)
    {
      g_autoptr(GPtrArray) plots = project_plots (projects->pdata[e]);
      for (const FlitlabPlotPreset *preset = flitlab_plot_presets (); preset->name != NULL;
           preset++)
        for (guint p = 0; p < plots->len; p++)
          {
            FlitlabPlot *plot = plots->pdata[p];
            FlitlabPlotFrame frame;
            guint covered;
            double height;

            if (plot->series->len == 0)
              continue;
            /* Presets are sizes for files: laid out as a file, grown for its legend. */
            plot->font_size = preset->font_size;
            height = flitlab_plot_file_height (plot, preset->width, preset->height);
            flitlab_plot_measure (plot, preset->width, height, &frame, NULL);
            covered = data_under_legend (plot, &frame);
            if (covered > 0)
              g_test_message ("%s at %s: the legend covers %u", plot->title, preset->name, covered);
            g_assert_cmpuint (covered, ==, 0);
            g_assert_cmpfloat (frame.legend_left, >=, 0);
            g_assert_cmpfloat (frame.legend_top, >=, 0);
            g_assert_cmpfloat (frame.legend_right, <=, preset->width);
            g_assert_cmpfloat (frame.legend_bottom, <=, height);
            g_assert_cmpfloat (frame.legend_right, >, frame.legend_left);
            checked++;
          }
    }
  if (projects == NULL)
    return;
  g_test_message ("%u figures checked", checked);
  g_assert_cmpuint (checked, >=, 4 * 6);
}

/* At every preset, each bundled example's study plots and the comparison of all its studies
 * label every saturation line they draw (or its arrow past the loads shown) with its value:
 * the lines of a comparison too, which a label may not find room beside (issue #34 item 4:
 * Quaglia's 0.0242). Models saturating together (of one study, or of studies a sweep varied in
 * what the model does not take) share one label, as their lines are one. Left out: a figure
 * of more than FLITLAB_PLOT_CROWDED_SATURATIONS lines, whose unlabelled lines are counted. */
static void
test_saturation_labels (void)
{
  g_autoptr(GPtrArray) projects = load_examples ();
  guint checked = 0, lines = 0, crowded = 0;

  for (guint e = 0; projects != NULL && e < projects->len; e++)
    {
      g_autoptr(GPtrArray) plots = project_plots (projects->pdata[e]);
      for (const FlitlabPlotPreset *preset = flitlab_plot_presets (); preset->name != NULL;
           preset++)
        for (guint p = 0; p < plots->len; p++)
          {
            FlitlabPlot *plot = plots->pdata[p];
            g_autoptr(GArray) labels = NULL;
            FlitlabPlotFrame frame;
            guint drawn = 0;

            plot->font_size = preset->font_size;
            flitlab_plot_measure (plot, preset->width, preset->height, &frame, &labels);
            for (guint s = 0; s < plot->series->len; s++)
              drawn += isfinite (((FlitlabPlotSeries *) plot->series->pdata[s])->saturation);
            for (guint s = 0; s < plot->series->len; s++)
              {
                const FlitlabPlotSeries *series = plot->series->pdata[s];
                gboolean labelled = FALSE;

                if (!isfinite (series->saturation) || series->saturation < frame.x_min)
                  continue;
                for (guint l = 0; l < labels->len && !labelled; l++)
                  {
                    const FlitlabPlotSeries *other = plot->series->pdata[
                      g_array_index (labels, FlitlabPlotSaturationLabel, l).series];

                    labelled = other->saturation == series->saturation;
                  }
                if (!labelled)
                  g_test_message ("%s at %s: the saturation %g has no label", plot->title,
                                  preset->name, series->saturation);
                crowded += !labelled;
                g_assert_true (labelled || drawn > FLITLAB_PLOT_CROWDED_SATURATIONS);
                lines++;
              }
            checked++;
          }
    }
  if (projects == NULL)
    return;
  g_test_message ("%u figures checked, %u saturation lines, %u unlabelled in crowded figures",
                  checked, lines, crowded);
  g_assert_cmpuint (checked, >=, 4 * 6);
}

/* Zoomed in, a curve ends at the axes: not a pixel of it over the title or the tick labels. */
static void
test_curves_clipped (void)
{
  g_autoptr(FlitlabPlot) plot = sample_plot (FALSE);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 400);
  cairo_t *cr = cairo_create (surface);
  FlitlabPlotFrame frame;

  /* The model (colour 0) runs far beyond this window of the data on every side. */
  plot->x_min = 0.003;
  plot->x_max = 0.006;
  plot->y_min = 17.5;
  plot->y_max = 19;
  flitlab_render_plot (cr, plot, 640, 400, &frame);
  cairo_surface_flush (surface);
  g_assert_cmpuint (count_color (surface, 0), >, 100);
  g_assert_cmpuint (count_color_outside (surface, 0, (int) floor (frame.left),
                                         (int) floor (frame.top),
                                         (int) ceil (frame.right), (int) ceil (frame.bottom)), ==,
                                         0);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_image (void)
{
  g_autoptr(FlitlabPlot) plot = sample_plot (FALSE);
  g_autoptr(FlitlabPlot) log_plot = sample_plot (TRUE);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 400);
  cairo_t *cr = cairo_create (surface);
  FlitlabPlotFrame frame;

  flitlab_render_plot (cr, plot, 640, 400, &frame);
  cairo_surface_flush (surface);
  /* The model line and the simulation markers are both drawn, each in its own colour. */
  g_assert_cmpuint (count_color (surface, 0), >, 300);
  g_assert_cmpuint (count_color (surface, 1), >, 100);
  g_assert_cmpfloat (frame.x_min, ==, 0);
  g_assert_cmpfloat (frame.x_max, >=, 0.01);
  g_assert_cmpfloat (frame.y_min, <=, 16);
  g_assert_cmpfloat (frame.y_max, >=, 49);
  g_assert_cmpfloat (frame.left, <, frame.right);

  flitlab_render_plot (cr, log_plot, 640, 400, &frame);
  g_assert_true (frame.log_y);
  g_assert_cmpfloat (frame.y_min, ==, 10);
  /* 49 at most: the axis ends at 50, a 1-2-5 step, not at the next decade. */
  g_assert_cmpfloat (frame.y_max, ==, 50);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_empty_and_degenerate (void)
{
  g_autoptr(FlitlabPlot) empty = flitlab_plot_new (NULL, NULL, NULL);
  g_autoptr(FlitlabPlot) nans = flitlab_plot_new ("all saturated", "x", "y");
  const double x[] = { 0.1, 0.2 }, y[] = { NAN, NAN };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 300, 200);
  cairo_t *cr = cairo_create (surface);
  FlitlabPlotFrame frame;

  flitlab_render_plot (cr, empty, 300, 200, &frame);
  g_assert_true (frame.x_max > frame.x_min && frame.y_max > frame.y_min);
  flitlab_plot_add_series (nans, "model", FLITLAB_PLOT_LINE, x, y, NULL, 2);
  flitlab_render_plot (cr, nans, 300, 200, &frame);
  g_assert_true (isfinite (frame.y_min) && isfinite (frame.y_max));
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_files (void)
{
  g_autoptr(FlitlabPlot) plot = sample_plot (FALSE);
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("flitlab-render-XXXXXX", NULL);
  g_autofree char *svg = g_build_filename (dir, "plot.svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, "plot.pdf", NULL);
  g_autofree char *png = g_build_filename (dir, "plot.png", NULL);
  g_autofree char *bad = g_build_filename (dir, "plot.bmp", NULL);
  g_autofree char *contents = NULL;
  xmlDocPtr doc;
  xmlXPathContextPtr xpath;
  xmlXPathObjectPtr paths;
  cairo_surface_t *image;

  g_assert_true (flitlab_render_plot_to_file (plot, svg, 480, 320, 1, &error));
  g_assert_no_error (error);
  doc = xmlReadFile (svg, NULL, XML_PARSE_NONET);
  g_assert_nonnull (doc);
  xpath = xmlXPathNewContext (doc);
  xmlXPathRegisterNs (xpath, BAD_CAST "svg", BAD_CAST "http://www.w3.org/2000/svg");
  paths = xmlXPathEvalExpression (BAD_CAST "//svg:path", xpath);
  g_assert_nonnull (paths->nodesetval);
  g_assert_cmpint (paths->nodesetval->nodeNr, >, 10);
  xmlXPathFreeObject (paths);
  xmlXPathFreeContext (xpath);
  xmlFreeDoc (doc);

  g_assert_true (flitlab_render_plot_to_file (plot, pdf, 480, 320, 1, &error));
  g_assert_true (g_file_get_contents (pdf, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));

  g_assert_true (flitlab_render_plot_to_file (plot, png, 480, 320, 2, &error));
  image = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_image_surface_get_width (image), ==, 960);
  g_assert_cmpint (cairo_image_surface_get_height (image), ==, 640);
  cairo_surface_destroy (image);

  g_assert_false (flitlab_render_plot_to_file (plot, bad, 480, 320, 1, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_FORMAT);
  g_clear_error (&error);
  g_assert_false (flitlab_render_plot_to_file (plot, png, 0, 320, 1, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_SIZE);

  g_unlink (svg);
  g_unlink (pdf);
  g_unlink (png);
  g_rmdir (dir);
}

static void
test_zoom_and_pan (void)
{
  const FlitlabPlotFrame frame = {
    .left = 100, .top = 50, .right = 500, .bottom = 450,
    .x_min = 0, .x_max = 0.04, .y_min = 10, .y_max = 50, .log_y = FALSE,
  };
  FlitlabPlotFrame log_frame = frame, out;

  /* Data to pixels, as drawn: the corners of the ranges are the corners of the frame. */
  {
    double ux, uy;

    flitlab_plot_frame_to_user (&frame, 0, 10, &ux, &uy);
    g_assert_cmpfloat (ux, ==, 100);
    g_assert_cmpfloat (uy, ==, 450);
    flitlab_plot_frame_to_user (&frame, 0.04, 50, &ux, &uy);
    g_assert_cmpfloat_with_epsilon (ux, 500, 1e-9);
    g_assert_cmpfloat_with_epsilon (uy, 50, 1e-9);
  }
  /* Zooming in by 2 around the centre halves both ranges around the centre's values. */
  g_assert_true (flitlab_plot_frame_zoom (&frame, 0.5, 300, 250, &out));
  g_assert_cmpfloat_with_epsilon (out.x_min, 0.01, 1e-15);
  g_assert_cmpfloat_with_epsilon (out.x_max, 0.03, 1e-15);
  g_assert_cmpfloat_with_epsilon (out.y_min, 20, 1e-12);
  g_assert_cmpfloat_with_epsilon (out.y_max, 40, 1e-12);
  /* Around a corner, the value under the pointer stays where it is. */
  g_assert_true (flitlab_plot_frame_zoom (&frame, 0.5, 100, 450, &out));
  g_assert_cmpfloat (out.x_min, ==, 0);
  g_assert_cmpfloat (out.y_min, ==, 10);
  g_assert_cmpfloat_with_epsilon (out.x_max, 0.02, 1e-15);
  /* Zooming out and in again comes back. */
  g_assert_true (flitlab_plot_frame_zoom (&frame, 1.25, 180, 300, &out));
  g_assert_true (flitlab_plot_frame_zoom (&out, 0.8, 180, 300, &out));
  g_assert_cmpfloat_with_epsilon (out.x_max, 0.04, 1e-15);
  g_assert_cmpfloat_with_epsilon (out.y_min, 10, 1e-12);

  /* Panning follows the pointer: dragging right by a quarter of the width shows smaller loads,
   * dragging down larger values. */
  g_assert_true (flitlab_plot_frame_pan (&frame, 100, 100, &out));
  g_assert_cmpfloat_with_epsilon (out.x_min, -0.01, 1e-15);
  g_assert_cmpfloat_with_epsilon (out.x_max, 0.03, 1e-15);
  g_assert_cmpfloat_with_epsilon (out.y_min, 20, 1e-12);
  g_assert_cmpfloat_with_epsilon (out.y_max, 60, 1e-12);

  /* A logarithmic axis zooms by decades: 1..10000 halved around its middle is 10..1000. */
  log_frame.log_y = TRUE;
  log_frame.y_min = 1;
  log_frame.y_max = 10000;
  g_assert_true (flitlab_plot_frame_zoom (&log_frame, 0.5, 300, 250, &out));
  g_assert_cmpfloat_with_epsilon (out.y_min, 10, 1e-9);
  g_assert_cmpfloat_with_epsilon (out.y_max, 1000, 1e-9);
  g_assert_true (flitlab_plot_frame_pan (&log_frame, 0, 100, &out));
  g_assert_cmpfloat_with_epsilon (out.y_min, 10, 1e-9);

  /* Too far in or out, or a frame never drawn: refused, out untouched. */
  out = frame;
  g_assert_false (flitlab_plot_frame_zoom (&frame, 1e-12, 300, 250, &out));
  g_assert_false (flitlab_plot_frame_zoom (&frame, 1e15, 300, 250, &out));
  g_assert_false (flitlab_plot_frame_zoom (&frame, 0, 300, 250, &out));
  g_assert_false (flitlab_plot_frame_zoom (&frame, NAN, 300, 250, &out));
  g_assert_false (flitlab_plot_frame_zoom (&log_frame, 1e3, 300, 250, &out));
  g_assert_cmpfloat (out.x_max, ==, 0.04);
  {
    FlitlabPlotFrame undrawn = { 0 };

    g_assert_false (flitlab_plot_frame_pan (&undrawn, 10, 10, &out));
  }
}

/* The automatic value range reaches every carried point with its error bar, however far past
 * the knee (issue #34): 20 loads of which the last five climb to fifty times the first. */
static void
test_range_shows_every_point (void)
{
  g_autoptr(FlitlabPlot) plot = flitlab_plot_new ("knee", "load", "latency");
  double x[20], y[20], e[20];
  FlitlabPlotFrame frame = { 0 };
  FlitlabPlotSeries *series;

  for (guint i = 0; i < 20; i++)
    {
      x[i] = 0.01 * (i + 1);
      y[i] = i < 15 ? 20 + i : 20 * pow (2.2, i - 14);
      e[i] = 0.05 * y[i];
    }
  series = flitlab_plot_add_series (plot, "simulation", FLITLAB_PLOT_POINTS, x, y, e, 20);
  flitlab_plot_series_set_saturated (series, 19); /* not carried: no value, a cross */
  flitlab_plot_home_ranges (plot, &frame);
  g_assert_cmpfloat (frame.x_min, ==, 0);
  for (guint i = 0; i < 19; i++)
    {
      g_assert_cmpfloat (frame.y_min, <=, y[i] - e[i]);
      g_assert_cmpfloat (frame.y_max, >=, y[i] + e[i]);
    }
  /* Drawn, no point is above the scale, so the legend has no triangle's entry. */
  {
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 420);
    cairo_t *cr = cairo_create (surface);
    g_autoptr(GArray) keys = NULL;

    flitlab_render_plot (cr, plot, 640, 420, &frame);
    keys = flitlab_plot_legend_keys (plot, &frame);
    for (guint k = 0; k < keys->len; k++)
      g_assert_cmpint (g_array_index (keys, FlitlabPlotKey, k).type, !=,
                       FLITLAB_PLOT_KEY_OFF_SCALE);
    for (guint i = 0; i < 19; i++)
      {
        double ux, uy, vx, vy;

        g_assert_true (flitlab_plot_frame_mark (&frame, series, i, &ux, &uy));
        flitlab_plot_frame_to_user (&frame, x[i], y[i], &vx, &vy);
        g_assert_cmpfloat (uy, ==, vy);
      }
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
  }
}

/* Every mark is where hover looks for it: a triangle above a zoomed scale and a cross at the
 * top edge, a value at its place; a point with no value, or clipped away, nowhere. */
static void
test_marks_answer_hover (void)
{
  const FlitlabPlotFrame frame = {
    .left = 100, .top = 50, .right = 500, .bottom = 450,
    .x_min = 0, .x_max = 0.04, .y_min = 10, .y_max = 50, .log_y = FALSE,
  };
  g_autoptr(FlitlabPlot) plot = flitlab_plot_new (NULL, NULL, NULL);
  const double x[] = { 0.01, 0.02, 0.03, 0.04, 0.05, 0.02 }, y[] = { 30, 80, 20, NAN, 30, 5 };
  FlitlabPlotSeries *series =
    flitlab_plot_add_series (plot, "simulation", FLITLAB_PLOT_POINTS, x, y, NULL, 6);
  double ux, uy;

  flitlab_plot_series_set_saturated (series, 2);
  g_assert_true (flitlab_plot_frame_mark (&frame, series, 0, &ux, &uy));
  g_assert_cmpfloat_with_epsilon (ux, 200, 1e-9);
  g_assert_cmpfloat_with_epsilon (uy, 250, 1e-9);
  /* 80 is above this frame's 50: its triangle, at the top. */
  g_assert_true (flitlab_plot_frame_mark (&frame, series, 1, &ux, &uy));
  g_assert_cmpfloat_with_epsilon (ux, 300, 1e-9);
  g_assert_cmpfloat (uy, ==, frame.top + FLITLAB_PLOT_OFF_SCALE_INSET);
  g_assert_true (flitlab_plot_frame_mark (&frame, series, 2, &ux, &uy));
  g_assert_cmpfloat (uy, ==, frame.top + FLITLAB_PLOT_MARK_INSET);
  g_assert_false (flitlab_plot_frame_mark (&frame, series, 3, &ux, &uy));
  /* Right of the frame and below it: clipped away when drawn, so no hover either. */
  g_assert_false (flitlab_plot_frame_mark (&frame, series, 4, &ux, &uy));
  g_assert_false (flitlab_plot_frame_mark (&frame, series, 5, &ux, &uy));
}

/* Zoom and pan kept within the plot's domain: zooming out stops at the whole plot, no pan
 * shows a negative load or leaves the value range, on either value axis. */
static void
test_zoom_within_domain (void)
{
  const FlitlabPlotFrame domain = {
    .left = 100, .top = 50, .right = 500, .bottom = 450,
    .x_min = 0, .x_max = 0.04, .y_min = 10, .y_max = 50, .log_y = FALSE,
  };
  FlitlabPlotFrame out, log_domain = domain;

  /* Zoomed out around a corner: the whole plot, and said so. */
  g_assert_true (flitlab_plot_frame_zoom (&domain, 1.25, 100, 450, &out));
  g_assert_cmpfloat (out.x_max, >, domain.x_max);
  g_assert_true (flitlab_plot_frame_keep_within (&out, &domain));
  g_assert_cmpfloat (out.x_min, ==, 0);
  g_assert_cmpfloat (out.x_max, ==, 0.04);
  g_assert_cmpfloat (out.y_min, ==, 10);
  g_assert_cmpfloat (out.y_max, ==, 50);
  /* Zoomed in, then dragged past load 0 and below the values: moved back, as wide. */
  g_assert_true (flitlab_plot_frame_zoom (&domain, 0.5, 300, 250, &out));
  g_assert_true (flitlab_plot_frame_pan (&out, 400, -400, &out));
  g_assert_cmpfloat (out.x_min, <, 0);
  g_assert_false (flitlab_plot_frame_keep_within (&out, &domain));
  g_assert_cmpfloat (out.x_min, ==, 0);
  g_assert_cmpfloat_with_epsilon (out.x_max, 0.02, 1e-15);
  g_assert_cmpfloat (out.y_min, ==, 10);
  g_assert_cmpfloat_with_epsilon (out.y_max, 30, 1e-12);
  /* A logarithmic axis keeps within its decades. */
  log_domain.log_y = TRUE;
  log_domain.y_min = 1;
  log_domain.y_max = 10000;
  g_assert_true (flitlab_plot_frame_zoom (&log_domain, 0.5, 300, 250, &out));
  g_assert_true (flitlab_plot_frame_pan (&out, 0, 400, &out));
  g_assert_false (flitlab_plot_frame_keep_within (&out, &log_domain));
  g_assert_cmpfloat_with_epsilon (out.y_max, 10000, 1e-9);
  g_assert_cmpfloat_with_epsilon (out.y_min, 100, 1e-9);
}

static FlitlabStudy *
compared_study (const char *name,
                guint       n_models)
{
  FlitlabStudy *study = flitlab_study_new (name);
  const double row[] = { 0.01, 20 }, points[] = { 0.01, 21, 0.5, 18, 0.01, 1.0, 2.0 };
  FlitlabStudyTable *reference = flitlab_study_table_new (flitlab_study_curve_columns ());

  for (guint m = 0; m < n_models; m++)
    {
      FlitlabStudyModel *model =
        flitlab_study_add_model (study, m == 0 ? "ciciani-bi-torus" : "greenberg-mesh");

      /* The first describes the study's 8×8 torus, the second another network. */
      if (m == 0)
        g_assert_true (flitlab_study_run_fit_model (study, model->id, model->params, NULL));
      model->curve = flitlab_study_table_new (flitlab_study_curve_columns ());
      flitlab_study_table_append (model->curve, row, FALSE);
    }
  study->simulation.points = flitlab_study_table_new (flitlab_study_points_columns ());
  flitlab_study_table_append (study->simulation.points, points, FALSE);
  reference->title = g_strdup ("Table 1");
  flitlab_study_table_append (reference, row, FALSE);
  g_ptr_array_add (study->references, reference);
  return study;
}

static void
test_comparison (void)
{
  g_autoptr(FlitlabStudy) a = compared_study ("mesh", 1);
  g_autoptr(FlitlabStudy) b = compared_study ("torus", 2);
  const FlitlabStudy *studies[] = { a, b };
  g_autoptr(FlitlabPlot) plot = flitlab_study_plot_new_comparison (studies, 2, "latency");
  const char *labels[] = {
    "mesh — model: Ciciani et al. 1998",
    "mesh — simulation, transit latency: not measured, run again",
    "Table 1", "torus — model: Ciciani et al. 1998",
    "torus — model: Greenberg and Guan 1997, 8×8 mesh (predicts total latency: not drawn; not "
    "this study's network)",
    "torus — simulation, transit latency: not measured, run again", "Table 1",
  };
  g_autofree char *long_name = g_strnfill (100, 'x');

  g_assert_cmpstr (plot->title, ==, "mesh · torus");
  g_assert_cmpuint (plot->series->len, ==, G_N_ELEMENTS (labels));
  for (guint s = 0; s < plot->series->len; s++)
    g_assert_cmpstr (((FlitlabPlotSeries *) plot->series->pdata[s])->label, ==, labels[s]);
  /* Each study in its colour; the legend has an entry per study and one per kind of series
   * (without the latency the value axis names), each kind of model curve in a dash of its own,
   * the paper's tables in rings. */
  {
    const guint colors[] = { 0, 0, 0, 1, 1, 1, 1 }, styles[] = { 0, 0, 0, 0, 1, 0, 0 };
    const char *kinds[] = {
      "Model", "Simulation: not measured, run again", "Published values", "Model",
      "Model, 8×8 mesh (predicts total latency: not drawn; not this study's network)",
      "Simulation: not measured, run again", "Published values",
    };

    for (guint s = 0; s < plot->series->len; s++)
      {
        const FlitlabPlotSeries *series = plot->series->pdata[s];

        g_assert_cmpuint (series->color, ==, colors[s]);
        g_assert_cmpuint (series->style, ==, styles[s]);
        g_assert_cmpstr (series->group, ==, s < 3 ? "mesh" : "torus");
        g_assert_cmpstr (series->kind_label, ==, kinds[s]);
        g_assert_true (series->hollow == (s == 2 || s == 6));
      }
  }

  /* The same model twice: its labels say which is which. */
  {
    g_autoptr(FlitlabPlot) twice = NULL;
    FlitlabStudyModel *second = flitlab_study_model_copy (b->models->pdata[0]);

    g_hash_table_insert (((FlitlabStudyModel *) b->models->pdata[0])->params, g_strdup ("k"),
                         g_strdup ("8x8x8"));
    g_hash_table_insert (((FlitlabStudyModel *) b->models->pdata[0])->params, g_strdup ("flits"),
                         g_strdup ("25"));
    g_hash_table_insert (second->params, g_strdup ("k"), g_strdup ("4x8x16"));
    g_hash_table_insert (second->params, g_strdup ("flits"), g_strdup ("25"));
    g_ptr_array_add (b->models, second);
    twice = flitlab_study_plot_new (b, "latency");
    g_assert_cmpstr (((FlitlabPlotSeries *) twice->series->pdata[0])->label, ==,
                     "Model: Ciciani et al. 1998, 8×8×8 torus, bi-directional, flits = 25, "
                     "k = 8x8x8 (not this study's network)");
    g_assert_cmpstr (((FlitlabPlotSeries *) twice->series->pdata[1])->label, ==,
                     "Model: Greenberg and Guan 1997, 8×8 mesh (predicts total latency: not "
                     "drawn; not this study's network)");
    /* The bi-directional model takes no 4x8x16 torus: whose network it would be is not known,
     * only that its settings are not the study's. */
    g_assert_cmpstr (((FlitlabPlotSeries *) twice->series->pdata[2])->label, ==,
                     "Model: Ciciani et al. 1998, flits = 25, k = 4x8x16 (not this study's "
                     "settings)");

    /* Compared, the legend tells the two apart by their parameters, and the plot by dash. */
    {
      g_autoptr(FlitlabPlot) compared = flitlab_study_plot_new_comparison (studies, 2, "latency");
      const FlitlabPlotSeries *first = compared->series->pdata[3],
                              *third = compared->series->pdata[5];

      g_assert_cmpstr (first->kind_label, ==, "Model, 8×8×8 torus, bi-directional, flits = 25, "
                       "k = 8x8x8 (not this study's network)");
      g_assert_cmpstr (third->kind_label, ==,
                       "Model, flits = 25, k = 4x8x16 (not this study's settings)");
      g_assert_cmpuint (first->style, !=, third->style);
    }
  }

  /* What the names share is the title; past the palette, colours come round in another style. */
  {
    g_autoptr(GPtrArray) many =
      g_ptr_array_new_with_free_func ((GDestroyNotify) flitlab_study_free);
    g_autoptr(FlitlabPlot) compared = NULL;
    const FlitlabPlotSeries *last;

    for (guint i = 0; i < FLITLAB_PLOT_PALETTE_SIZE + 2; i++)
      {
        g_autofree char *name = g_strdup_printf ("Fig. 1: case %u", i + 1);

        g_ptr_array_add (many, compared_study (name, 1));
      }
    compared = flitlab_study_plot_new_comparison ((const FlitlabStudy * const *) many->pdata,
                                                  many->len,
                                                  "latency");
    last = compared->series->pdata[compared->series->len - 3];
    g_assert_cmpstr (compared->title, ==, "Fig. 1");
    g_assert_cmpstr (last->group, ==, "case 14");
    g_assert_cmpuint (last->color, ==, 1);
    g_assert_cmpuint (last->style, ==, 1);
  }

  g_free (b->name);
  b->name = g_steal_pointer (&long_name);
  g_clear_pointer (&plot, flitlab_plot_free);
  plot = flitlab_study_plot_new_comparison (studies, 2, "throughput");
  g_assert_cmpstr (plot->title, ==, "Comparison of 2 studies");
  g_assert_cmpstr (plot->y_label, ==, "Throughput (messages/cycle/node)");
}

/* The simulation is shown in the latency the models predict, with that latency's interval;
 * a named latency keeps it, and the curves are dense and marked with what saturation means. */
static void
test_like_for_like (void)
{
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("quaglia");
  FlitlabStudyModel *model;
  const FlitlabPlotSeries *curve, *points;
  g_autoptr(FlitlabPlot) plot = NULL;
  g_autoptr(FlitlabPlot) total = NULL;
  double row[32];
  guint n_columns = g_strv_length ((char **) flitlab_study_run_points_columns ());

  study->routing = FLITLAB_ROUTING_ADAPTIVE;
  model = flitlab_study_add_model (study, "quaglia-adaptive-torus");
  g_assert_true (flitlab_study_run_fit_model (study, model->id, model->params, NULL));
  g_assert_true (flitlab_study_run_evaluate_models (study, NULL));
  study->simulation.points = flitlab_study_table_new (flitlab_study_run_points_columns ());
  for (guint c = 0; c < n_columns; c++)
    row[c] = 100 + c;
  row[0] = 0.005;
  row[flitlab_study_table_find_column (study->simulation.points, "transit_latency")] = 17;
  row[flitlab_study_table_find_column (study->simulation.points, "transit_ci95")] = 0.5;
  flitlab_study_table_append (study->simulation.points, row, FALSE);
  row[0] = 0.03;
  /* Saturated: the simulator leaves the latencies empty and keeps the throughput. */
  for (guint c = 1; c < n_columns; c++)
    if (strstr (flitlab_study_run_points_columns ()[c], "throughput") == NULL)
      row[c] = NAN;
  flitlab_study_table_append (study->simulation.points, row, TRUE);

  plot = flitlab_study_plot_new (study, NULL);
  g_assert_cmpstr (plot->y_label, ==, "Transit latency (cycles)");
  curve = plot->series->pdata[0];
  points = plot->series->pdata[1];
  g_assert_cmpstr (curve->label, ==, "Model: Quaglia et al. 2002");
  g_assert_cmpuint (curve->n, >=, 200);
  g_assert_cmpfloat (curve->x[curve->n - 1], <=, study->rate_max);
  g_assert_nonnull (strstr (curve->saturation_label, "saturation"));
  g_assert_cmpstr (curve->saturation_note, ==,
                   flitlab_model_lookup ("quaglia-adaptive-torus")->saturation);
  g_assert_cmpstr (points->label, ==, "Simulation, transit latency, 95% CI");
  g_assert_cmpfloat (points->y[0], ==, 17);
  g_assert_cmpfloat (points->error[0], ==, 0.5);
  g_assert_true (isnan (points->y[1])); /* saturated: no latency, a marked point */
  g_assert_nonnull (points->saturated);
  g_assert_false (points->saturated[0]);
  g_assert_true (points->saturated[1]);

  /* Total latency: the simulation's; the model, which predicts transit latency, is named but
   * not drawn on an axis of another quantity. */
  total = flitlab_study_plot_new (study, "total");
  g_assert_cmpstr (total->y_label, ==, "Total latency (cycles)");
  g_assert_cmpstr (((FlitlabPlotSeries *) total->series->pdata[0])->label, ==,
                   "Model: Quaglia et al. 2002 (predicts transit latency: not drawn)");
  g_assert_cmpuint (((FlitlabPlotSeries *) total->series->pdata[0])->n, ==, 1);
  g_assert_true (isnan (((FlitlabPlotSeries *) total->series->pdata[0])->y[0]));
  g_assert_cmpfloat (((FlitlabPlotSeries *) total->series->pdata[1])->y[0], ==, 101);
  g_assert_cmpfloat (((FlitlabPlotSeries *) total->series->pdata[1])->error[0], ==, 102);
}

/* A model whose latency is a parameter (general-wormhole's latency=total) is drawn on the axis
 * of the latency it is set to predict, and named as not drawn on another's. */
static void
test_model_latency_parameter (void)
{
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("general");
  g_autoptr(FlitlabPlot) plot = NULL;
  g_autoptr(FlitlabPlot) transit = NULL;
  FlitlabStudyModel *model;

  g_assert_true (flitlab_study_set_topology (study, "mesh:8x8", NULL));
  model = flitlab_study_add_model (study, "general-wormhole");
  g_assert_true (flitlab_study_run_fit_model (study, model->id, model->params, NULL));
  g_hash_table_replace (model->params, g_strdup ("latency"), g_strdup ("total"));
  g_assert_true (flitlab_study_run_evaluate_models (study, NULL));

  plot = flitlab_study_plot_new (study, NULL);
  g_assert_cmpstr (plot->y_label, ==, "Total latency (cycles)");
  g_assert_null (strstr (((FlitlabPlotSeries *) plot->series->pdata[0])->label, "not drawn"));
  g_assert_cmpuint (((FlitlabPlotSeries *) plot->series->pdata[0])->n, >, 100);
  g_assert_false (isnan (((FlitlabPlotSeries *) plot->series->pdata[0])->y[0]));

  transit = flitlab_study_plot_new (study, "transit");
  g_assert_nonnull (strstr (((FlitlabPlotSeries *) transit->series->pdata[0])->label,
                            "(predicts total latency: not drawn)"));
}

/* A trace study's points are its replays: one deterministic run each, named so, without an
 * interval in the legend. */
static void
test_trace_replay_points (void)
{
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("trace");
  g_autoptr(FlitlabPlot) plot = NULL;
  guint n_columns = g_strv_length ((char **) flitlab_study_run_points_columns ());
  double row[32];

  study->pattern = FLITLAB_TRAFFIC_TRACE;
  study->simulation.points = flitlab_study_table_new (flitlab_study_run_points_columns ());
  for (guint c = 0; c < n_columns; c++)
    row[c] = strstr (flitlab_study_run_points_columns ()[c], "ci95") != NULL ? NAN : 10 + c;
  row[0] = 0.005;
  flitlab_study_table_append (study->simulation.points, row, FALSE);
  plot = flitlab_study_plot_new (study, "total");
  g_assert_cmpstr (((FlitlabPlotSeries *) plot->series->pdata[0])->label, ==,
                   "Trace replay, total latency");
}

/* A saturated simulated load is marked in the plot and its CSV, and keeps its accepted
 * throughput; a value that is not a number for another reason is empty, never "saturated". */
static void
test_saturated_points (void)
{
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("saturated");
  g_autoptr(FlitlabPlot) latency = NULL, throughput = NULL;
  g_autoptr(FlitlabPlot) plain = flitlab_plot_new ("no value", "x", "y");
  const char * const *columns = flitlab_study_run_points_columns ();
  guint n_columns = g_strv_length ((char **) columns);
  int accepted;
  double row[32], x[] = { 1, 2 }, y[] = { 3, NAN };
  const FlitlabPlotSeries *points;
  g_autofree char *dir = g_dir_make_tmp ("flitlab-render-XXXXXX", NULL);
  g_autofree char *csv = g_build_filename (dir, "plot.csv", NULL);
  g_autofree char *text = NULL;

  study->simulation.points = flitlab_study_table_new (columns);
  accepted = flitlab_study_table_find_column (study->simulation.points, "throughput");
  for (guint c = 0; c < n_columns; c++)
    row[c] = NAN;
  row[0] = 0.05;
  row[accepted] = 0.041;
  flitlab_study_table_append (study->simulation.points, row, TRUE);

  latency = flitlab_study_plot_new (study, "total");
  points = latency->series->pdata[0];
  g_assert_true (points->saturated != NULL && points->saturated[0]);
  g_assert_true (flitlab_plot_write_csv (latency, csv, NULL));
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, ",points,0.05,saturated,"));
  g_clear_pointer (&text, g_free);

  throughput = flitlab_study_plot_new (study, "throughput");
  points = throughput->series->pdata[0];
  g_assert_cmpfloat (points->y[0], ==, 0.041);
  g_assert_true (points->saturated == NULL || !points->saturated[0]);

  flitlab_plot_add_series (plain, "empty", FLITLAB_PLOT_POINTS, x, y, NULL, 2);
  g_assert_true (flitlab_plot_write_csv (plain, csv, NULL));
  g_assert_true (g_file_get_contents (csv, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "empty,points,2,,\n"));
  g_assert_null (strstr (text, "saturated"));
  g_unlink (csv);
  g_rmdir (dir);
}

/* Every model's flow diagram draws, coloured, below saturation; beyond it, the message only. */
static void
test_flow_every_model (void)
{
  const FlitlabModelInfo * const *models = flitlab_model_list ();

  for (guint m = 0; models[m] != NULL; m++)
    for (guint beyond = 0; beyond < 2; beyond++)
      {
        g_autoptr(FlitlabModel) model = flitlab_model_new (models[m]->id, NULL, NULL);
        double saturation = flitlab_model_get_saturation_rate (model);
        g_autoptr(FlitlabModelPoint) point =
          flitlab_model_evaluate_detail (model, beyond ? 2 * saturation : 0.5 * saturation);
        cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 800, 560);
        cairo_t *cr = cairo_create (surface);
        const guchar *data;
        int stride;
        guint coloured = 0;

        flitlab_render_flow (cr, model, point, 800, 560);
        cairo_surface_flush (surface);
        data = cairo_image_surface_get_data (surface);
        stride = cairo_image_surface_get_stride (surface);
        /* Below the title: a pixel far from grey is a box's colour. */
        for (int y = 80; y < 560; y += 2)
          for (int x = 0; x < 740; x += 2)
            {
              const guchar *p = data + y * stride + 4 * x;

              coloured += MAX (MAX (p[0], p[1]), p[2]) - MIN (MIN (p[0], p[1]), p[2]) > 60;
            }
        /* The backtracking network has no saturation point: its model stays stable at twice
         * the load of its largest power. */
        g_assert_true (beyond || !point->saturated);
        if (point->saturated ? coloured != 0 : coloured < 500)
          g_error ("%s at %g (%s): %u coloured pixels", models[m]->id, point->rate,
                   point->saturated ? "saturated" : "stable", coloured);
        cairo_destroy (cr);
        cairo_surface_destroy (surface);
      }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/render/plot/nice-ticks", test_nice_ticks);
  g_test_add_func ("/flitlab/render/plot/image", test_image);
  g_test_add_func ("/flitlab/render/plot/curves-clipped", test_curves_clipped);
  g_test_add_func ("/flitlab/render/plot/legend-placement", test_legend_placement);
  g_test_add_func ("/flitlab/render/plot/legend-covers-no-data", test_legend_covers_no_data);
  g_test_add_func ("/flitlab/render/plot/saturation-labels", test_saturation_labels);
  g_test_add_func ("/flitlab/render/plot/empty-and-degenerate", test_empty_and_degenerate);
  g_test_add_func ("/flitlab/render/plot/files", test_files);
  g_test_add_func ("/flitlab/render/plot/model-latency-parameter", test_model_latency_parameter);
  g_test_add_func ("/flitlab/render/plot/trace-replay-points", test_trace_replay_points);
  g_test_add_func ("/flitlab/render/plot/zoom-and-pan", test_zoom_and_pan);
  g_test_add_func ("/flitlab/render/plot/range-shows-every-point", test_range_shows_every_point);
  g_test_add_func ("/flitlab/render/plot/marks-answer-hover", test_marks_answer_hover);
  g_test_add_func ("/flitlab/render/plot/zoom-within-domain", test_zoom_within_domain);
  g_test_add_func ("/flitlab/render/plot/comparison", test_comparison);
  g_test_add_func ("/flitlab/render/plot/like-for-like", test_like_for_like);
  g_test_add_func ("/flitlab/render/plot/saturated-points", test_saturated_points);
  g_test_add_func ("/flitlab/render/flow/every-model", test_flow_every_model);
  return g_test_run ();
}
