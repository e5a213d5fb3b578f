/* flitlab-render-plot-series.c: a plot's curves and points with their marks, and the labels
 * of their saturation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "flitlab-render-plot-private.h"
#include "flitlab-render-private.h"

/* The two marks of a point without a drawn value, at the top edge of the frame: a cross for
 * a saturated load, a triangle pointing up for a value above the scale. */
void
flitlab_plot_mark_saturated (cairo_t *cr,
                             double   x,
                             double   y)
{
  cairo_set_line_width (cr, 1.5);
  cairo_move_to (cr, x - 3.5, y - 3.5);
  cairo_line_to (cr, x + 3.5, y + 3.5);
  cairo_move_to (cr, x + 3.5, y - 3.5);
  cairo_line_to (cr, x - 3.5, y + 3.5);
  cairo_stroke (cr);
}

void
flitlab_plot_mark_off_scale (cairo_t *cr,
                             double   x,
                             double   y)
{
  cairo_move_to (cr, x - 4, y + 3);
  cairo_line_to (cr, x + 4, y + 3);
  cairo_line_to (cr, x, y - 3);
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* A point's marker: a disc, a ring (hollow) or, in another style, a square. */
void
flitlab_plot_draw_marker (cairo_t  *cr,
                          double    x,
                          double    y,
                          gboolean  hollow,
                          guint     style)
{
  cairo_new_sub_path (cr);
  if (style > 0)
    cairo_rectangle (cr, x - 3.2, y - 3.2, 6.4, 6.4);
  else
    cairo_arc (cr, x, y, hollow ? 3 : 3.5, 0, 2 * G_PI);
  if (hollow)
    {
      cairo_set_line_width (cr, 1.3);
      cairo_stroke (cr);
    }
  else
    cairo_fill (cr);
}

/* A line's dash pattern: solid, dashed, dotted, dash-dotted. */
void
flitlab_plot_set_line_style (cairo_t *cr,
                             guint    style)
{
  static const double dashes[FLITLAB_PLOT_LINE_STYLES][4] = FLITLAB_PLOT_DASHES;
  static const int counts[FLITLAB_PLOT_LINE_STYLES] = FLITLAB_PLOT_DASH_COUNTS;

  cairo_set_dash (cr, dashes[style % FLITLAB_PLOT_LINE_STYLES], counts[style % FLITLAB_PLOT_LINE_STYLES], 0);
}

void
flitlab_plot_draw_series (cairo_t                 *cr,
                          const FlitlabPlotSeries *series,
                          const FlitlabPlotFrame  *f)
{
  double r, g, b;
  gboolean pen_down = FALSE;

  flitlab_plot_palette (series->color, &r, &g, &b);
  cairo_set_source_rgb (cr, r, g, b);

  if (series->kind == FLITLAB_PLOT_LINE)
    {
      cairo_set_line_width (cr, 2);
      flitlab_plot_set_line_style (cr, series->style);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      /* Round caps: a value alone between saturated rows still shows, as a dot. */
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      for (guint i = 0; i < series->n; i++)
        {
          double x, y;

          if (!flitlab_plot_value_visible (f, series->y[i]) || !isfinite (series->x[i]))
            {
              pen_down = FALSE;
              continue;
            }
          x = flitlab_plot_map_x (f, series->x[i]);
          /* A curve towards its saturation reaches values cairo's fixed point cannot hold:
           * held ten frames away, the part in the frame moves by a tenth of a step at most. */
          y = CLAMP (flitlab_plot_map_y (f, series->y[i]), f->top - 10 * (f->bottom - f->top),
                     f->bottom + 10 * (f->bottom - f->top));
          if (!pen_down)
            cairo_move_to (cr, x, y);
          cairo_line_to (cr, x, y);
          pen_down = TRUE;
        }
      cairo_stroke (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      flitlab_plot_set_line_style (cr, 0);
    }
  else
    {
      cairo_set_line_width (cr, 1.5);
      for (guint i = 0; i < series->n; i++)
        {
          double x, y;

          if (series->saturated != NULL && series->saturated[i] && isfinite (series->x[i]))
            {
              flitlab_plot_mark_saturated (cr, flitlab_plot_map_x (f, series->x[i]),
                                           f->top + FLITLAB_PLOT_MARK_INSET);
              continue;
            }
          if (!flitlab_plot_value_visible (f, series->y[i]) || !isfinite (series->x[i]))
            continue;
          x = flitlab_plot_map_x (f, series->x[i]);
          y = flitlab_plot_map_y (f, series->y[i]);
          if (series->y[i] > f->y_max)
            {
              flitlab_plot_mark_off_scale (cr, x, f->top + 3);
              continue;
            }
          if (series->error != NULL && isfinite (series->error[i]) && series->error[i] > 0)
            {
              double lo = series->y[i] - series->error[i], hi = series->y[i] + series->error[i];
              double y_lo = flitlab_plot_value_visible (f, lo) ? flitlab_plot_map_y (f, lo) : f->bottom;
              double y_hi = flitlab_plot_map_y (f, hi);

              cairo_move_to (cr, x, y_lo);
              cairo_line_to (cr, x, y_hi);
              cairo_move_to (cr, x - 4, y_lo);
              cairo_line_to (cr, x + 4, y_lo);
              cairo_move_to (cr, x - 4, y_hi);
              cairo_line_to (cr, x + 4, y_hi);
              cairo_stroke (cr);
            }
          flitlab_plot_draw_marker (cr, x, y, series->hollow, series->style);
          cairo_set_line_width (cr, 1.5);
        }
    }

  if (isfinite (series->saturation) && series->saturation >= f->x_min && series->saturation <= f->x_max)
    {
      const double dash[] = { 5, 4 };
      double x = flitlab_plot_map_x (f, series->saturation);

      cairo_save (cr);
      cairo_set_line_width (cr, 1.2);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_move_to (cr, x, f->top);
      cairo_line_to (cr, x, f->bottom);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

/* The saturation labels ("saturation 0.0093 msg/cycle/node", or the series' own) at the foot
 * of their lines (the legend sits at the top, curves climb towards it), on the left of a line
 * too close to the right edge; a saturation beyond the loads shown is an arrow at the right
 * edge. A label that would run into one already placed goes a row higher. */
static char *
saturation_text (const FlitlabPlotSeries *series)
{
  if (series->saturation_label != NULL)
    return g_strdup (series->saturation_label);
  return g_strdup (_(FLITLAB_PLOT_SATURATION_TEXT));
}

void
flitlab_plot_draw_saturation_labels (cairo_t                *cr,
                                     const FlitlabPlot      *plot,
                                     const FlitlabPlotFrame *f)
{
  const double row_height = 13 * f->type; /* 8-pt text is 12 high: rows never touch */
  double row_end[8];
  FlitlabFontName font;
  guint n_rows = 0;
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));

  flitlab_plot_font (f, "Sans", 8, &font);
  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];

      if (isfinite (series->saturation) && series->saturation >= f->x_min)
        g_array_append_val (order, s);
    }
  /* Left to right, so each row fills like a line of text. */
  for (guint i = 1; i < order->len; i++)
    for (guint j = i; j > 0; j--)
      {
        guint *a = &g_array_index (order, guint, j - 1), *b = &g_array_index (order, guint, j), t;

        if (((FlitlabPlotSeries *) plot->series->pdata[*a])->saturation <=
            ((FlitlabPlotSeries *) plot->series->pdata[*b])->saturation)
          break;
        t = *a, *a = *b, *b = t;
      }
  for (guint i = 0; i < order->len; i++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[g_array_index (order, guint, i)];
      const FlitlabPlotSeries *before = i > 0 ? plot->series->pdata[g_array_index (order, guint, i - 1)] : NULL;
      gboolean beyond = series->saturation > f->x_max;
      g_autofree char *label = saturation_text (series);
      g_autofree char *text = beyond ? g_strconcat (label, " →", NULL) : g_strdup (label);
      g_autofree char *label_before = before != NULL ? saturation_text (before) : NULL;
      double x = beyond ? f->right : flitlab_plot_map_x (f, series->saturation), r, g, b;
      double width = flitlab_plot_text_width (cr, text, font.name);
      /* Right of the mark if it fits, else left; where neither side has room, on the roomier
       * side, set smaller to stay in the frame. */
      double room_right = beyond ? 0 : f->right - x - 5, room_left = x - 3 - f->left;
      gboolean right = width + 3 <= room_right || (width > room_left && room_right > room_left);
      double start;
      guint row = 0;

      width = MIN (width, MAX (right ? room_right : room_left, 1));
      start = right ? x + 3 : x - 3 - width;
      /* Two models of one study saturating together (a comparison): one label says it. */
      if (before != NULL && before->saturation == series->saturation && before->color == series->color &&
          g_str_equal (label, label_before))
        continue;

      while (row < n_rows && start < row_end[row] + 4)
        row++;
      /* Rows of labels up to half the frame's height (eight at most) on one spot: past them
       * the lines say enough. */
      if (row == G_N_ELEMENTS (row_end) || (row + 1) * row_height > MAX ((f->bottom - f->top) / 2, row_height))
        continue;
      /* Under a legend inside the frame it could not be read. */
      if (start < f->legend_right + 2 && start + width > f->legend_left - 2 &&
          f->bottom - 3 - (row + 1) * row_height < f->legend_bottom + 2 &&
          f->bottom - 3 - row * row_height > f->legend_top - 2)
        continue;
      if (row == n_rows)
        n_rows++;
      row_end[row] = start + width;
      flitlab_plot_palette (series->color, &r, &g, &b);
      cairo_set_source_rgb (cr, r, g, b);
      flitlab_render_text_within (cr, text, font.name, right ? x + 3 : x - 3,
                                  f->bottom - 3 - row * row_height, right ? 0 : 1, 1, width);
    }
}

/* Whether saturation labels are drawn along the foot of the frame (flitlab_plot_draw_saturation_labels ()),
 * where a legend in a lower corner would cover them. */
gboolean
flitlab_plot_saturation_labels_shown (const FlitlabPlot      *plot,
                                      const FlitlabPlotFrame *f)
{
  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];

      if (isfinite (series->saturation) && series->saturation >= f->x_min)
        return TRUE;
    }
  return FALSE;
}
