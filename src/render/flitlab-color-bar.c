/* flitlab-color-bar.c: the scale beside a heatmap, for the flow and network diagrams
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The bar is laid out around its labels: their height decides how many round numbers fit
 * between the ends (a 0.4 tick next to a 0.433 end would print one number over the other),
 * the widest label and the caption's lines decide its width.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "flitlab-color-bar.h"
#include "flitlab-render-plot.h"
#include "flitlab-render-private.h"
#include "flitlab-render-text.h"

/* The parts' sizes in labels' points. */
#define BAR_WIDTH   1.5
#define TICK_LENGTH 0.45
#define LABEL_GAP   0.35
#define CAPTION_GAP 0.7
#define SWATCH      1.1

guint
flitlab_color_bar_ticks (double  lo,
                         double  hi,
                         double  height,
                         double  label_height,
                         double *ticks)
{
  double nice[FLITLAB_COLOR_BAR_MAX_TICKS], clear = 1.2 * label_height, last;
  guint n = 0, n_nice, most;

  ticks[n++] = lo;
  if (!(hi > lo) || height < clear)
    return n;
  ticks[n++] = hi;
  /* As many round numbers as the bar has room for with a label's height between them; of the
   * steps that allows, the one that keeps the most clear of the ends (0 .. 0.523 in four
   * ticks steps by 0.5, whose 0.5 is too close to 0.523, in three by 0.2). */
  for (most = (guint) CLAMP (floor (height / (2 * clear)) + 1, 2, FLITLAB_COLOR_BAR_MAX_TICKS - 2);
       most >= 2; most--)
    {
      double kept[FLITLAB_COLOR_BAR_MAX_TICKS];
      guint n_kept = 0;

      n_nice = flitlab_plot_nice_ticks (lo, hi, most, nice);
      last = -INFINITY;
      for (guint i = 0; i < n_nice; i++)
        {
          double at = (nice[i] - lo) / (hi - lo) * height;

          /* Clear of both ends and of the last one kept. */
          if (at < clear || height - at < clear || at - last < clear)
            continue;
          kept[n_kept++] = nice[i];
          last = at;
        }
      if (n_kept > n - 2)
        {
          n = 2;
          for (guint i = 0; i < n_kept; i++)
            ticks[n++] = kept[i];
        }
    }
  return n;
}

/* An end to three digits (0.433), a round number to its step's (0.2, 0.4). */
static char *
format_tick (guint         i,
             const double *ticks,
             guint         n)
{
  double step = n > 3 ? fabs (ticks[3] - ticks[2]) : 0;
  int decimals;

  if (i < 2 || step <= 0)
    return g_strdup_printf ("%.3g", ticks[i]);
  decimals = step >= 1 ? 0 : (int) ceil (-log10 (step) - 1e-9);
  return g_strdup_printf ("%.*f", CLAMP (decimals, 0, 8), ticks[i]);
}

/* Whether every word of the caption fits along the bar: a word is not broken, and one longer
 * than the bar would reach past it onto whatever is above or below. */
static gboolean
caption_fits (cairo_t    *cr,
              const char *caption,
              const char *font,
              double      height)
{
  g_auto(GStrv) words = g_strsplit (caption, " ", -1);

  for (guint i = 0; words[i] != NULL; i++)
    {
      double w, h;

      flitlab_render_text_size (cr, words[i], font, &w, &h);
      if (w > height)
        return FALSE;
    }
  return height > 0;
}

typedef struct
{
  double label_h;     /* a label's height */
  double bar_top, bar_h;
  guint  n;
  double ticks[FLITLAB_COLOR_BAR_MAX_TICKS];
  double labels_w;    /* the widest label */
  double caption_h;   /* the caption's lines, turned: its width on the page */
} Metrics;

static void
measure (cairo_t               *cr,
         const FlitlabColorBar *bar,
         double                 y,
         double                 height,
         Metrics               *m)
{
  FlitlabFontName font;
  double w;

  flitlab_font_name (&font, "Sans", bar->font_size);
  flitlab_render_text_size (cr, "0.0", font.name, &w, &m->label_h);
  /* The end labels are centred on the ends: half a label above and below the bar. */
  m->bar_top = y + m->label_h / 2;
  m->bar_h = height - m->label_h - (bar->with_missing ? SWATCH * m->label_h + 0.5 * m->label_h : 0);
  m->n = m->bar_h > 0 ? flitlab_color_bar_ticks (bar->lo, bar->hi, m->bar_h, m->label_h, m->ticks)
                      : 0;
  m->labels_w = 0;
  for (guint i = 0; i < m->n; i++)
    {
      g_autofree char *label = format_tick (i, m->ticks, m->n);

      flitlab_render_text_size (cr, label, font.name, &w, &m->label_h);
      m->labels_w = MAX (m->labels_w, w);
    }
  if (bar->with_missing)
    {
      double h;

      flitlab_render_text_size (cr, _("no value"), font.name, &w, &h);
      m->labels_w = MAX (m->labels_w, w);
    }
  m->caption_h = 0;
  if (bar->caption != NULL && caption_fits (cr, bar->caption, font.name, height))
    m->caption_h = flitlab_render_paragraph (cr, bar->caption, font.name, 0, 0, height, 2, FALSE);
}

double
flitlab_color_bar_get_width (cairo_t               *cr,
                             const FlitlabColorBar *bar,
                             double                 height)
{
  Metrics m;
  double f = bar->font_size;

  measure (cr, bar, 0, height, &m);
  return (BAR_WIDTH + TICK_LENGTH + LABEL_GAP) * f + m.labels_w +
         (m.caption_h > 0 ? CAPTION_GAP * f + m.caption_h : 0);
}

void
flitlab_color_bar_draw (cairo_t               *cr,
                        const FlitlabColorBar *bar,
                        double                 x,
                        double                 y,
                        double                 height)
{
  FlitlabFontName font;
  Metrics m;
  double f = bar->font_size, w = BAR_WIDTH * f, lo = bar->lo, hi = bar->hi;
  cairo_pattern_t *gradient;

  measure (cr, bar, y, height, &m);
  if (m.bar_h <= 0 || !(hi > lo))
    return;
  flitlab_font_name (&font, "Sans", f);
  cairo_save (cr);
  /* The maps are linear between their stops, so the gradient is exact. */
  gradient = cairo_pattern_create_linear (0, m.bar_top + m.bar_h, 0, m.bar_top);
  for (guint i = 0; i < FLITLAB_COLORMAP_N_STOPS; i++)
    {
      double t = (double) i / (FLITLAB_COLORMAP_N_STOPS - 1), r, g, b;

      flitlab_colormap_color (bar->map, lo + (hi - lo) * t, lo, hi, &r, &g, &b);
      cairo_pattern_add_color_stop_rgb (gradient, t, r, g, b);
    }
  cairo_set_source (cr, gradient);
  cairo_rectangle (cr, x, m.bar_top, w, m.bar_h);
  cairo_fill (cr);
  cairo_pattern_destroy (gradient);

  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_rectangle (cr, x - 0.5, m.bar_top - 0.5, w + 1, m.bar_h + 1);
  cairo_rectangle (cr, x, m.bar_top, w, m.bar_h);
  cairo_fill (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_WINDING);

  for (guint i = 0; i < m.n; i++)
    {
      double ty = m.bar_top + m.bar_h - (m.ticks[i] - lo) / (hi - lo) * m.bar_h;
      g_autofree char *label = format_tick (i, m.ticks, m.n);

      cairo_rectangle (cr, x + w, ty - 0.5, TICK_LENGTH * f, 1);
      cairo_fill (cr);
      flitlab_render_text (cr, label, font.name, x + w + (TICK_LENGTH + LABEL_GAP) * f, ty, 0, 0.5,
                           0);
    }

  if (bar->with_missing)
    {
      double r, g, b, sy = m.bar_top + m.bar_h + m.label_h;

      flitlab_colormap_color (bar->map, NAN, lo, hi, &r, &g, &b);
      cairo_set_source_rgb (cr, r, g, b);
      cairo_rectangle (cr, x, sy, w, SWATCH * m.label_h * 0.8);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      flitlab_render_text (cr, _("no value"), font.name, x + w + (TICK_LENGTH + LABEL_GAP) * f,
                           sy + SWATCH * m.label_h * 0.4, 0, 0.5, 0);
    }

  if (m.caption_h > 0)
    {
      /* Turned to read upwards, centred on the bar, right of the labels. */
      double cx = x + (BAR_WIDTH + TICK_LENGTH + LABEL_GAP + CAPTION_GAP) * f + m.labels_w;

      cairo_save (cr);
      cairo_translate (cr, cx, y + height / 2);
      cairo_rotate (cr, -G_PI / 2);
      flitlab_render_paragraph (cr, bar->caption, font.name, 0, 0, height, 2, TRUE);
      cairo_restore (cr);
    }
  cairo_restore (cr);
}
