/* flitlab-render-plot-axes.c: a plot's grid, ticks, axis labels and title
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-render-plot-private.h"
#include "flitlab-render-private.h"


static char *
format_tick (double value,
             double step)
{
  int decimals = step >= 1 ? 0 : (int) ceil (-log10 (step) - 1e-9);

  return g_strdup_printf ("%.*f", CLAMP (decimals, 0, 10), value);
}

/* The load ticks: at most 7, fewer when their labels would not fit side by side with a gap
 * ("0.000.010.020.03" at 252 pt). */
static guint
x_ticks (cairo_t                *cr,
         const FlitlabPlotFrame *f,
         double                 *ticks)
{
  FlitlabFontName font;
  guint n = 0;

  flitlab_plot_font (f, "Sans", 9, &font);
  for (guint most = 7; most >= 2; most--)
    {
      double widths = 0;

      n = flitlab_plot_nice_ticks (f->x_min, f->x_max, most, ticks);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *label = format_tick (ticks[i], n > 1 ? ticks[1] - ticks[0] : 1);

          widths += flitlab_plot_text_width (cr, label, font.name) + 12 * f->type;
        }
      if (widths <= f->right - f->left + 40 * f->type)
        break;
    }
  return n;
}

/* The ticks of a linear value axis: as many as leave 1.8 labels' height from one to the next,
 * seven at most. */
static guint
y_ticks (const FlitlabPlotFrame *f,
         double                 *ticks)
{
  guint n = 0;

  for (guint most = 7; most >= 2; most--)
    {
      n = flitlab_plot_nice_ticks (f->y_min, f->y_max, most, ticks);
      if (n < 2 ||
          fabs (flitlab_plot_map_y (f, ticks[1]) - flitlab_plot_map_y (f, ticks[0])) >=
          1.8 * f->tick_h)
        break;
    }
  return n;
}

void
flitlab_plot_widen_y_range (const FlitlabPlot *plot,
                            FlitlabPlotFrame  *f)
{
  double ticks[FLITLAB_PLOT_MAX_TICKS], step;
  FlitlabPlotFrame wider = *f;

  if (f->log_y || isfinite (plot->y_min) || isfinite (plot->y_max) || y_ticks (f, ticks) != 2)
    return;
  step = ticks[1] - ticks[0];
  wider.y_min = floor (f->y_min / step + 1e-9) * step;
  wider.y_max = ceil (f->y_max / step - 1e-9) * step;
  /* Kept if it shows more ticks and the legend inside still covers nothing. */
  if (y_ticks (&wider, ticks) < 3 ||
      (f->legend_right <= f->right && f->legend_bottom <= f->bottom &&
       f->legend_right > f->legend_left &&
       flitlab_plot_covers (plot, &wider, f->legend_left, f->legend_top,
                            f->legend_right - f->legend_left,
                            f->legend_bottom - f->legend_top, 5) > 0))
    return;
  *f = wider;
}

/* A logarithmic axis labels 1, 2 and 5 times each power of ten it shows. */
static guint
y_log_ticks (const FlitlabPlotFrame *f,
             double                 *ticks)
{
  static const guint multiples[] = { 1, 2, 5 };
  guint n = 0;

  for (double decade = pow (10, floor (log10 (f->y_min))); decade <= f->y_max * 1.0001;
       decade *= 10)
    for (guint m = 0; m < G_N_ELEMENTS (multiples); m++)
      if (decade * multiples[m] >= f->y_min * 0.9999 &&
          decade * multiples[m] <= f->y_max * 1.0001 &&
          n < FLITLAB_PLOT_MAX_TICKS)
        ticks[n++] = decade * multiples[m];
  return n;
}

guint
flitlab_plot_frame_ticks (const FlitlabPlotFrame *frame,
                          gboolean                value_axis,
                          double                 *ticks)
{
  cairo_t *cr;
  guint n;

  g_return_val_if_fail (frame != NULL && ticks != NULL, 0);

  if (value_axis)
    return frame->log_y ? y_log_ticks (frame, ticks) : y_ticks (frame, ticks);
  cr = flitlab_plot_points_context_new ();
  n = x_ticks (cr, frame, ticks);
  cairo_destroy (cr);
  return n;
}

static char *
format_y_tick (const FlitlabPlotFrame *f,
               const double           *ticks,
               guint                   n,
               guint                   i)
{
  if (f->log_y)
    return g_strdup_printf ("%g", ticks[i]);
  return format_tick (ticks[i], n > 1 ? ticks[1] - ticks[0] : 1);
}

char *
flitlab_plot_frame_tick_label (const FlitlabPlotFrame *frame,
                               gboolean                value_axis,
                               const double           *ticks,
                               guint                   n,
                               guint                   i)
{
  g_return_val_if_fail (frame != NULL && ticks != NULL && i < n, NULL);

  return value_axis ? format_y_tick (frame, ticks, n, i)
                    : format_tick (ticks[i], n > 1 ? ticks[1] - ticks[0] : 1);
}

double
flitlab_plot_y_tick_width (cairo_t                *cr,
                           const FlitlabPlotFrame *f)
{
  double ticks[FLITLAB_PLOT_MAX_TICKS], widest = 0;
  FlitlabFontName font;
  guint n = f->log_y ? y_log_ticks (f, ticks) : y_ticks (f, ticks);

  flitlab_plot_font (f, "Sans", 9, &font);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = format_y_tick (f, ticks, n, i);

      widest = MAX (widest, flitlab_plot_text_width (cr, label, font.name));
    }
  return widest;
}

/* A value-axis label is centred on its tick, but the one at the foot of the axis sits above it:
 * centred, it would touch the first load label below the corner. */
static double
y_tick_align (const FlitlabPlotFrame *f,
              double                  y)
{
  return fabs (y - f->bottom) < 1.5 ? 1 : 0.5;
}

/* The value axis's label in f->y_label_lines lines, broken at the space nearest the middle. */
static GStrv
y_label_lines (const char             *text,
               const FlitlabPlotFrame *f)
{
  GStrv lines = g_new0 (char *, 3);
  const char *space = NULL, *middle = text + strlen (text) / 2;

  for (const char *c = strchr (text, ' '); f->y_label_lines == 2 && c != NULL;
       c = strchr (c + 1, ' '))
    if (space == NULL || ABS (c - middle) < ABS (space - middle))
      space = c;
  lines[0] = space != NULL ? g_strndup (text, space - text) : g_strdup (text);
  lines[1] = space != NULL ? g_strdup (space + 1) : NULL;
  return lines;
}

double
flitlab_plot_y_label_length (cairo_t                *cr,
                             const FlitlabPlot      *plot,
                             const FlitlabPlotFrame *f)
{
  g_auto(GStrv) lines = plot->y_label != NULL ? y_label_lines (plot->y_label, f) : NULL;
  FlitlabFontName font;
  double longest = 0;

  flitlab_plot_font (f, "Sans", 10, &font);
  for (guint i = 0; lines != NULL && lines[i] != NULL; i++)
    longest = MAX (longest, flitlab_plot_text_width (cr, lines[i], font.name));
  return longest;
}

/* Along the value axis, in f->y_label_lines lines, set smaller when still longer than the
 * axis. */
static void
draw_y_label (cairo_t                *cr,
              const char             *text,
              const FlitlabPlotFrame *f)
{
  g_auto(GStrv) lines = y_label_lines (text, f);
  FlitlabFontName font;

  flitlab_plot_font (f, "Sans", 10, &font);
  for (guint i = 0; lines[i] != NULL; i++)
    flitlab_render_text_turned_within (cr, lines[i], font.name,
                                       6 * f->type + (i + 0.5) * f->label_h,
                                       (f->top + f->bottom) / 2, 0.5, 0.5, -G_PI / 2,
                                       f->bottom - f->top);
}

void
flitlab_plot_draw_axes (cairo_t                *cr,
                        const FlitlabPlot      *plot,
                        const FlitlabPlotFrame *f,
                        double                  width)
{
  double ticks[FLITLAB_PLOT_MAX_TICKS];
  FlitlabFontName tick_font, font;
  guint n;

  /* Grid and ticks, as many as their labels have room for. */
  flitlab_plot_font (f, "Sans", 9, &tick_font);
  cairo_set_line_width (cr, 1);
  n = x_ticks (cr, f, ticks);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = format_tick (ticks[i], n > 1 ? ticks[1] - ticks[0] : 1);
      double x = round (flitlab_plot_map_x (f, ticks[i])) + 0.5;

      cairo_set_source_rgb (cr, 0.9, 0.9, 0.9);
      cairo_move_to (cr, x, f->top);
      cairo_line_to (cr, x, f->bottom);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      flitlab_render_text (cr, label, tick_font.name, x, f->bottom + 4 * f->type, 0.5, 0, 0);
    }

  if (f->log_y)
    for (double decade = pow (10, floor (log10 (f->y_min))); decade <= f->y_max * 1.0001;
         decade *= 10)
      for (guint m = 1; m < 10 && decade * m <= f->y_max * 1.0001; m++)
        {
          double y;

          if (decade * m < f->y_min * 0.9999)
            continue;
          y = round (flitlab_plot_map_y (f, decade * m)) + 0.5;

          cairo_set_source_rgb (cr, m == 1 ? 0.85 : 0.94, m == 1 ? 0.85 : 0.94,
                                m == 1 ? 0.85 : 0.94);
          cairo_move_to (cr, f->left, y);
          cairo_line_to (cr, f->right, y);
          cairo_stroke (cr);
        }
  else
    {
      n = y_ticks (f, ticks);
      for (guint i = 0; i < n; i++)
        {
          double y = round (flitlab_plot_map_y (f, ticks[i])) + 0.5;

          cairo_set_source_rgb (cr, 0.9, 0.9, 0.9);
          cairo_move_to (cr, f->left, y);
          cairo_line_to (cr, f->right, y);
          cairo_stroke (cr);
        }
    }
  n = f->log_y ? y_log_ticks (f, ticks) : y_ticks (f, ticks);
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = format_y_tick (f, ticks, n, i);
      double y = round (flitlab_plot_map_y (f, ticks[i])) + 0.5;

      flitlab_render_text (cr, label, tick_font.name, f->left - 5 * f->type, y, 1,
                           y_tick_align (f, y), 0);
    }

  /* Frame and labels. */
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_rectangle (cr, f->left + 0.5, f->top + 0.5, f->right - f->left - 1, f->bottom - f->top - 1);
  cairo_stroke (cr);
  if (plot->x_label != NULL)
    flitlab_render_text (cr, plot->x_label, flitlab_plot_font (f, "Sans", 10, &font),
                         (f->left + f->right) / 2, f->bottom + 8 * f->type + f->tick_h, 0.5, 0, 0);
  if (plot->y_label != NULL)
    draw_y_label (cr, plot->y_label, f);
  /* Centred on the data area, in the lines the margin holds (flitlab_render_plot ()); a word
   * wider than the figure alone is set smaller. */
  if (plot->title != NULL && f->title_lines > 1)
    flitlab_render_paragraph (cr, plot->title, flitlab_plot_font (f, "Sans Bold", 11, &font),
                              (f->left + f->right) / 2,
                              8 * f->type, f->title_wrap, f->title_lines, TRUE);
  else if (plot->title != NULL)
    flitlab_render_text_within (cr, plot->title, flitlab_plot_font (f, "Sans Bold", 11, &font),
                                (f->left + f->right) / 2,
                                8 * f->type, 0.5, 0, flitlab_plot_title_width (f, width));
}
