/* flitlab-render-plot-axes.c: a plot's grid, ticks, axis labels and title
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-render-plot-private.h"
#include "flitlab-render-private.h"

#define MAX_TICKS 12

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

/* A value-axis label is centred on its tick, but the one at the foot of the axis sits above it:
 * centred, it would touch the first load label below the corner. */
static double
y_tick_align (const FlitlabPlotFrame *f,
              double                  y)
{
  return fabs (y - f->bottom) < 1.5 ? 1 : 0.5;
}

void
flitlab_plot_draw_axes (cairo_t                *cr,
                        const FlitlabPlot      *plot,
                        const FlitlabPlotFrame *f,
                        double                  width)
{
  double ticks[MAX_TICKS];
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
    for (double decade = pow (10, floor (log10 (f->y_min))); decade <= f->y_max * 1.0001; decade *= 10)
      for (guint m = 1; m < 10 && decade * m <= f->y_max * 1.0001; m++)
        {
          double y;

          if (decade * m < f->y_min * 0.9999)
            continue;
          y = round (flitlab_plot_map_y (f, decade * m)) + 0.5;

          cairo_set_source_rgb (cr, m == 1 ? 0.85 : 0.94, m == 1 ? 0.85 : 0.94, m == 1 ? 0.85 : 0.94);
          cairo_move_to (cr, f->left, y);
          cairo_line_to (cr, f->right, y);
          cairo_stroke (cr);
          if (m == 1 || m == 2 || m == 5)
            {
              g_autofree char *label = g_strdup_printf ("%g", decade * m);

              cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
              flitlab_render_text (cr, label, tick_font.name, f->left - 5 * f->type, y, 1,
                                   y_tick_align (f, y), 0);
            }
        }
  else
    {
      n = flitlab_plot_nice_ticks (f->y_min, f->y_max,
                                   (guint) CLAMP ((f->bottom - f->top) / (24 * f->type), 2, 7), ticks);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *label = format_tick (ticks[i], n > 1 ? ticks[1] - ticks[0] : 1);
          double y = round (flitlab_plot_map_y (f, ticks[i])) + 0.5;

          cairo_set_source_rgb (cr, 0.9, 0.9, 0.9);
          cairo_move_to (cr, f->left, y);
          cairo_line_to (cr, f->right, y);
          cairo_stroke (cr);
          cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
          flitlab_render_text (cr, label, tick_font.name, f->left - 5 * f->type, y, 1,
                               y_tick_align (f, y), 0);
        }
    }

  /* Frame and labels. */
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_rectangle (cr, f->left + 0.5, f->top + 0.5, f->right - f->left - 1, f->bottom - f->top - 1);
  cairo_stroke (cr);
  if (plot->x_label != NULL)
    flitlab_render_text (cr, plot->x_label, flitlab_plot_font (f, "Sans", 10, &font),
                         (f->left + f->right) / 2, f->bottom + 22 * f->type, 0.5, 0, 0);
  if (plot->y_label != NULL)
    /* Along the value axis, set smaller when it is longer. */
    flitlab_render_text_turned_within (cr, plot->y_label, flitlab_plot_font (f, "Sans", 10, &font),
                                       14 * f->type, (f->top + f->bottom) / 2, 0.5, 0.5, -G_PI / 2,
                                       f->bottom - f->top);
  if (plot->title != NULL)
    {
      /* Centred on the data area and set smaller rather than run past the figure's edges. */
      double centre = (f->left + f->right) / 2;

      flitlab_render_text_within (cr, plot->title, flitlab_plot_font (f, "Sans Bold", 11, &font),
                                  centre, 8 * f->type, 0.5, 0, 2 * MIN (centre, width - centre) - 8);
    }
}
