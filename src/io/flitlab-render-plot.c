/* flitlab-render-plot.c: latency-against-load plots drawn with cairo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <pango/pangocairo.h>

#include "flitlab-file-write.h"
#include <glib/gi18n.h>

#include "flitlab-render-plot.h"
#include "flitlab-render-private.h"

G_DEFINE_QUARK (flitlab-render-error-quark, flitlab_render_error)

#define MAX_TICKS 12
/* A saturation mark widens the load axis up to this many times the largest load drawn. */
#define SATURATION_REACH 1.25

void
flitlab_plot_palette (guint   index,
                      double *r,
                      double *g,
                      double *b)
{
  /* Okabe & Ito (2008), without yellow, which is too light on white; then wine, olive,
   * indigo, brown and a dark green, dark enough on white and apart from those seven. */
  static const guint colors[FLITLAB_PLOT_PALETTE_SIZE] = {
    0x0072b2, 0xd55e00, 0x009e73, 0xcc79a7, 0x56b4e9, 0xe69f00, 0x000000,
    0x882255, 0x999933, 0x332288, 0x8c564b, 0x117733,
  };
  guint c = colors[index % G_N_ELEMENTS (colors)];

  *r = ((c >> 16) & 0xff) / 255.0;
  *g = ((c >> 8) & 0xff) / 255.0;
  *b = (c & 0xff) / 255.0;
}

/* Heckbert's nice numbers: a step of 1, 2 or 5 times a power of ten. */
static double
nice_step (double range,
           guint  max_ticks)
{
  double raw = range / MAX (max_ticks - 1, 1);
  double magnitude = pow (10, floor (log10 (raw)));
  double fraction = raw / magnitude;

  if (fraction <= 1)
    return magnitude;
  if (fraction <= 2)
    return 2 * magnitude;
  if (fraction <= 5)
    return 5 * magnitude;
  return 10 * magnitude;
}

guint
flitlab_plot_nice_ticks (double  lo,
                         double  hi,
                         guint   max_ticks,
                         double *ticks)
{
  double step, first;
  guint n = 0;

  if (!(hi > lo) || !isfinite (lo) || !isfinite (hi) || max_ticks < 2)
    return 0;
  step = nice_step (hi - lo, max_ticks);
  first = ceil (lo / step - 1e-9) * step;
  for (double t = first; t <= hi + step * 1e-9 && n < max_ticks; t = first + n * step)
    ticks[n++] = fabs (t) < step * 1e-9 ? 0 : t;
  return n;
}

/* A log axis ends on 1, 2 or 5 times a power of ten, not only on whole decades. */
static double
log_floor (double v)
{
  double decade = pow (10, floor (log10 (v)));

  return v >= 5 * decade ? 5 * decade : v >= 2 * decade ? 2 * decade : decade;
}

static double
log_ceil (double v)
{
  double decade = pow (10, floor (log10 (v)));

  return v <= decade ? decade : v <= 2 * decade ? 2 * decade : v <= 5 * decade ? 5 * decade : 10 * decade;
}

/* The data range, widened to round numbers. */
static void
data_range (const FlitlabPlot *plot,
            FlitlabPlotFrame  *frame)
{
  double x_lo = INFINITY, x_hi = -INFINITY, y_lo = INFINITY, y_hi = -INFINITY, step;
  double line_hi = -INFINITY;

  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];

      for (guint i = 0; i < series->n; i++)
        {
          double e = series->error && isfinite (series->error[i]) ? series->error[i] : 0;

          if (!isfinite (series->x[i]))
            continue;
          x_lo = MIN (x_lo, series->x[i]);
          x_hi = MAX (x_hi, series->x[i]);
          if (!isfinite (series->y[i]) || (plot->log_y && series->y[i] - e <= 0))
            continue;
          /* A model's curve climbs without bound towards its saturation: its last tenth
           * before it, and a sample at it (rounded past it), do not set the range (it leaves
           * the frame at the top). */
          if (series->kind == FLITLAB_PLOT_LINE && series->x[i] > 0.9 * series->saturation &&
              series->x[i] <= 1.001 * series->saturation)
            continue;
          y_lo = MIN (y_lo, series->y[i] - e);
          y_hi = MAX (y_hi, series->y[i] + e);
          if (series->kind == FLITLAB_PLOT_LINE)
            line_hi = MAX (line_hi, series->y[i]);
        }
    }
  /* The loads span the data; a saturation mark a little beyond widens them, one far beyond
   * becomes an arrow at the edge (draw_saturation_labels()). */
  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];

      if (isfinite (series->saturation) && isfinite (x_hi) &&
          series->saturation <= SATURATION_REACH * x_hi)
        x_hi = MAX (x_hi, series->saturation);
    }
  if (!isfinite (x_lo))
    x_lo = 0, x_hi = 1;
  if (!isfinite (y_lo))
    y_lo = plot->log_y ? 1 : 0, y_hi = plot->log_y ? 100 : 1;
  if (x_hi <= x_lo)
    x_hi = x_lo + 1;
  if (y_hi <= y_lo)
    y_hi = y_lo + 1;

  /* Points near saturation can be a hundred times the zero-load latency and would flatten
   * everything else: a linear axis stops at four times the smallest value unless a model curve
   * reaches higher (points above are marked at the top edge). */
  if (!plot->log_y && y_lo > 0 && y_hi > 4 * y_lo)
    y_hi = MAX (4 * y_lo, line_hi);

  /* Loads start at zero; latencies get a little room above and below. */
  x_lo = MIN (x_lo, 0);
  step = nice_step (x_hi - x_lo, 6);
  frame->x_min = isfinite (plot->x_min) ? plot->x_min : floor (x_lo / step) * step;
  frame->x_max = isfinite (plot->x_max) ? plot->x_max : ceil (x_hi / step) * step;
  if (plot->log_y)
    {
      frame->y_min = isfinite (plot->y_min) ? plot->y_min : log_floor (y_lo);
      frame->y_max = isfinite (plot->y_max) ? plot->y_max : log_ceil (y_hi);
    }
  else
    {
      step = nice_step (y_hi - y_lo, 6);
      frame->y_min = isfinite (plot->y_min) ? plot->y_min : floor (y_lo / step) * step;
      frame->y_max = isfinite (plot->y_max) ? plot->y_max : ceil (y_hi / step) * step;
    }
  if (frame->x_max <= frame->x_min)
    frame->x_max = frame->x_min + 1;
  if (frame->y_max <= frame->y_min)
    frame->y_max = frame->y_min + 1;
}

static double
map_x (const FlitlabPlotFrame *f,
       double                  x)
{
  return f->left + (x - f->x_min) / (f->x_max - f->x_min) * (f->right - f->left);
}

static double
map_y (const FlitlabPlotFrame *f,
       double                  y)
{
  double t = f->log_y ? (log10 (y) - log10 (f->y_min)) / (log10 (f->y_max) - log10 (f->y_min))
                      : (y - f->y_min) / (f->y_max - f->y_min);

  return f->bottom - t * (f->bottom - f->top);
}

/* One line of text, turned by angle, made smaller when wider than max_width (0: any width). */
static void
show_text (cairo_t    *cr,
           const char *text,
           const char *font,
           double      x,
           double      y,
           double      align_x,
           double      align_y,
           double      angle,
           double      max_width)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (font);
  int w, h;
  double scale;

  pango_layout_set_font_description (layout, desc);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  scale = max_width > 0 && w > max_width ? max_width / w : 1;
  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_rotate (cr, angle);
  cairo_scale (cr, scale, scale);
  cairo_move_to (cr, -align_x * w, -align_y * h);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
  pango_font_description_free (desc);
  g_object_unref (layout);
}

void
flitlab_render_text (cairo_t    *cr,
                     const char *text,
                     const char *font,
                     double      x,
                     double      y,
                     double      align_x,
                     double      align_y,
                     double      angle)
{
  show_text (cr, text, font, x, y, align_x, align_y, angle, 0);
}

void
flitlab_render_text_within (cairo_t    *cr,
                            const char *text,
                            const char *font,
                            double      x,
                            double      y,
                            double      align_x,
                            double      align_y,
                            double      max_width)
{
  show_text (cr, text, font, x, y, align_x, align_y, 0, max_width);
}

static char *
format_tick (double value,
             double step)
{
  int decimals = step >= 1 ? 0 : (int) ceil (-log10 (step) - 1e-9);

  return g_strdup_printf ("%.*f", CLAMP (decimals, 0, 10), value);
}

static double
text_width (cairo_t    *cr,
            const char *text,
            const char *font)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *desc = pango_font_description_from_string (font);
  int w, h;

  pango_layout_set_font_description (layout, desc);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_pixel_size (layout, &w, &h);
  pango_font_description_free (desc);
  g_object_unref (layout);
  return w;
}

/* A font name ("Sans Bold 9.78") fits in this many bytes. */
#define FONT_NAME_SIZE 64

/* A font of the figure's type: face at points, scaled with the type (f->type), written into
 * buffer (FONT_NAME_SIZE bytes). */
static const char *
font (const FlitlabPlotFrame *f,
      const char             *face,
      double                  points,
      char                   *buffer)
{
  char size[G_ASCII_DTOSTR_BUF_SIZE];

  g_snprintf (buffer, FONT_NAME_SIZE, "%s %s", face, g_ascii_formatd (size, sizeof size, "%.2f", points * f->type));
  return buffer;
}

/* The load ticks: at most 7, fewer when their labels would not fit side by side with a gap
 * ("0.000.010.020.03" at 252 pt). */
static guint
x_ticks (cairo_t                *cr,
         const FlitlabPlotFrame *f,
         double                 *ticks)
{
  guint n = 0;

  for (guint most = 7; most >= 2; most--)
    {
      double widths = 0;

      n = flitlab_plot_nice_ticks (f->x_min, f->x_max, most, ticks);
      for (guint i = 0; i < n; i++)
        {
          g_autofree char *label = format_tick (ticks[i], n > 1 ? ticks[1] - ticks[0] : 1);

          char fb[FONT_NAME_SIZE];

          widths += text_width (cr, label, font (f, "Sans", 9, fb)) + 12 * f->type;
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

static void
draw_axes (cairo_t                *cr,
           const FlitlabPlot      *plot,
           const FlitlabPlotFrame *f,
           double                  width)
{
  double ticks[MAX_TICKS];
  char fb[FONT_NAME_SIZE];
  guint n;

  /* Grid and ticks, as many as their labels have room for. */
  cairo_set_line_width (cr, 1);
  n = x_ticks (cr, f, ticks);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = format_tick (ticks[i], n > 1 ? ticks[1] - ticks[0] : 1);
      double x = round (map_x (f, ticks[i])) + 0.5;

      cairo_set_source_rgb (cr, 0.9, 0.9, 0.9);
      cairo_move_to (cr, x, f->top);
      cairo_line_to (cr, x, f->bottom);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      flitlab_render_text (cr, label, font (f, "Sans", 9, fb), x, f->bottom + 4 * f->type, 0.5, 0, 0);
    }

  if (f->log_y)
    for (double decade = pow (10, floor (log10 (f->y_min))); decade <= f->y_max * 1.0001; decade *= 10)
      for (guint m = 1; m < 10 && decade * m <= f->y_max * 1.0001; m++)
        {
          double y;

          if (decade * m < f->y_min * 0.9999)
            continue;
          y = round (map_y (f, decade * m)) + 0.5;

          cairo_set_source_rgb (cr, m == 1 ? 0.85 : 0.94, m == 1 ? 0.85 : 0.94, m == 1 ? 0.85 : 0.94);
          cairo_move_to (cr, f->left, y);
          cairo_line_to (cr, f->right, y);
          cairo_stroke (cr);
          if (m == 1 || m == 2 || m == 5)
            {
              g_autofree char *label = g_strdup_printf ("%g", decade * m);

              cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
              flitlab_render_text (cr, label, font (f, "Sans", 9, fb), f->left - 5 * f->type, y, 1,
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
          double y = round (map_y (f, ticks[i])) + 0.5;

          cairo_set_source_rgb (cr, 0.9, 0.9, 0.9);
          cairo_move_to (cr, f->left, y);
          cairo_line_to (cr, f->right, y);
          cairo_stroke (cr);
          cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
          flitlab_render_text (cr, label, font (f, "Sans", 9, fb), f->left - 5 * f->type, y, 1,
                               y_tick_align (f, y), 0);
        }
    }

  /* Frame and labels. */
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_rectangle (cr, f->left + 0.5, f->top + 0.5, f->right - f->left - 1, f->bottom - f->top - 1);
  cairo_stroke (cr);
  if (plot->x_label != NULL)
    flitlab_render_text (cr, plot->x_label, font (f, "Sans", 10, fb), (f->left + f->right) / 2,
                         f->bottom + 22 * f->type, 0.5, 0, 0);
  if (plot->y_label != NULL)
    /* Along the value axis, set smaller when it is longer. */
    show_text (cr, plot->y_label, font (f, "Sans", 10, fb), 14 * f->type, (f->top + f->bottom) / 2,
               0.5, 0.5, -G_PI / 2, f->bottom - f->top);
  if (plot->title != NULL)
    {
      /* Centred on the data area and set smaller rather than run past the figure's edges. */
      double centre = (f->left + f->right) / 2;

      flitlab_render_text_within (cr, plot->title, font (f, "Sans Bold", 11, fb), centre,
                                  8 * f->type, 0.5, 0, 2 * MIN (centre, width - centre) - 8);
    }
}

static gboolean
visible (const FlitlabPlotFrame *f,
         double                  y)
{
  return isfinite (y) && (!f->log_y || y > 0);
}

/* The two marks of a point without a drawn value, at the top edge of the frame: a cross for
 * a saturated load, a triangle pointing up for a value above the scale. */
static void
mark_saturated (cairo_t *cr,
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

static void
mark_off_scale (cairo_t *cr,
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
static void
draw_marker (cairo_t  *cr,
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
static void
set_line_style (cairo_t *cr,
                guint    style)
{
  static const double dashes[FLITLAB_PLOT_LINE_STYLES][4] = FLITLAB_PLOT_DASHES;
  static const int counts[FLITLAB_PLOT_LINE_STYLES] = FLITLAB_PLOT_DASH_COUNTS;

  cairo_set_dash (cr, dashes[style % FLITLAB_PLOT_LINE_STYLES], counts[style % FLITLAB_PLOT_LINE_STYLES], 0);
}

static void
draw_series (cairo_t                 *cr,
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
      set_line_style (cr, series->style);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      /* Round caps: a value alone between saturated rows still shows, as a dot. */
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      for (guint i = 0; i < series->n; i++)
        {
          double x, y;

          if (!visible (f, series->y[i]) || !isfinite (series->x[i]))
            {
              pen_down = FALSE;
              continue;
            }
          x = map_x (f, series->x[i]);
          /* A curve towards its saturation reaches values cairo's fixed point cannot hold:
           * held ten frames away, the part in the frame moves by a tenth of a step at most. */
          y = CLAMP (map_y (f, series->y[i]), f->top - 10 * (f->bottom - f->top),
                     f->bottom + 10 * (f->bottom - f->top));
          if (!pen_down)
            cairo_move_to (cr, x, y);
          cairo_line_to (cr, x, y);
          pen_down = TRUE;
        }
      cairo_stroke (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      set_line_style (cr, 0);
    }
  else
    {
      cairo_set_line_width (cr, 1.5);
      for (guint i = 0; i < series->n; i++)
        {
          double x, y;

          if (series->saturated != NULL && series->saturated[i] && isfinite (series->x[i]))
            {
              mark_saturated (cr, map_x (f, series->x[i]), f->top + FLITLAB_PLOT_MARK_INSET);
              continue;
            }
          if (!visible (f, series->y[i]) || !isfinite (series->x[i]))
            continue;
          x = map_x (f, series->x[i]);
          y = map_y (f, series->y[i]);
          if (series->y[i] > f->y_max)
            {
              mark_off_scale (cr, x, f->top + 3);
              continue;
            }
          if (series->error != NULL && isfinite (series->error[i]) && series->error[i] > 0)
            {
              double lo = series->y[i] - series->error[i], hi = series->y[i] + series->error[i];
              double y_lo = visible (f, lo) ? map_y (f, lo) : f->bottom, y_hi = map_y (f, hi);

              cairo_move_to (cr, x, y_lo);
              cairo_line_to (cr, x, y_hi);
              cairo_move_to (cr, x - 4, y_lo);
              cairo_line_to (cr, x + 4, y_lo);
              cairo_move_to (cr, x - 4, y_hi);
              cairo_line_to (cr, x + 4, y_hi);
              cairo_stroke (cr);
            }
          draw_marker (cr, x, y, series->hollow, series->style);
          cairo_set_line_width (cr, 1.5);
        }
    }

  if (isfinite (series->saturation) && series->saturation >= f->x_min && series->saturation <= f->x_max)
    {
      const double dash[] = { 5, 4 };
      double x = map_x (f, series->saturation);

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
  return g_strdup (FLITLAB_PLOT_SATURATION_TEXT);
}

static void
draw_saturation_labels (cairo_t                *cr,
                        const FlitlabPlot      *plot,
                        const FlitlabPlotFrame *f)
{
  const double row_height = 13 * f->type; /* 8-pt text is 12 high: rows never touch */
  double row_end[8];
  char fb[FONT_NAME_SIZE];
  guint n_rows = 0;
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));

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
      double x = beyond ? f->right : map_x (f, series->saturation), r, g, b;
      double width = text_width (cr, text, font (f, "Sans", 8, fb));
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
      flitlab_render_text_within (cr, text, font (f, "Sans", 8, fb), right ? x + 3 : x - 3,
                                  f->bottom - 3 - row * row_height, right ? 0 : 1, 1, width);
    }
}

/* Which marks of points without a drawn value the frame shows: the legend explains those. */
static void
marks_shown (const FlitlabPlot      *plot,
             const FlitlabPlotFrame *f,
             gboolean               *saturated,
             gboolean               *off_scale)
{
  *saturated = *off_scale = FALSE;
  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];

      for (guint i = 0; series->kind == FLITLAB_PLOT_POINTS && i < series->n; i++)
        {
          if (!(series->x[i] >= f->x_min && series->x[i] <= f->x_max))
            continue;
          *saturated |= series->saturated != NULL && series->saturated[i];
          *off_scale |= visible (f, series->y[i]) && series->y[i] > f->y_max;
        }
    }
}

/* The legend's row height, padding, key width and the gap between its columns at the default
 * type (scaled with f->type and a crowded legend's own scale). */
#define LEGEND_ROW 16
#define LEGEND_PAD 6
#define LEGEND_KEY 28
#define LEGEND_COLUMN_GAP 12
#define LEGEND_MAX_COLUMNS 8
static const char *saturated_text = FLITLAB_PLOT_SATURATED_TEXT;
static const char *off_scale_text = FLITLAB_PLOT_OFF_SCALE_TEXT;

typedef enum
{
  ENTRY_SERIES, /* a series, or a group of them (a study), in its colour */
  ENTRY_KIND,   /* a kind of series in a comparison, in grey */
  ENTRY_SATURATED,
  ENTRY_OFF_SCALE,
} EntryType;

typedef struct
{
  EntryType   type;
  const char *text;
  guint       color;
  guint       style;
  gboolean    line, points, hollow;
  char       *head; /* a group's name before its ": " ("Table 2"), or NULL */
  double      width; /* of the words as laid out */
} LegendEntry;

/* The legend as laid out: its entries down columns, each as wide as its widest words. */
typedef struct
{
  GArray   *entries;   /* LegendEntry */
  double    type;      /* the type's size relative to the default: the figure's, or less in a
                          crowded legend */
  gboolean  heads;     /* groups named by their heads: they tell the groups apart, shorter */
  guint     columns, rows;
  double    column[LEGEND_MAX_COLUMNS]; /* each column's words' width */
  double    width, height;
} LegendLayout;

static void
legend_entry_clear (gpointer data)
{
  g_free (((LegendEntry *) data)->head);
}

/* The legend's rows: a series each, or in a comparison a group each and a kind of series each
 * (FlitlabPlotSeries.group), then the marks the frame shows. */
static GArray *
legend_entries (const FlitlabPlot      *plot,
                const FlitlabPlotFrame *f)
{
  GArray *entries = g_array_new (FALSE, TRUE, sizeof (LegendEntry));
  g_autoptr(GArray) kinds = g_array_new (FALSE, TRUE, sizeof (LegendEntry));
  gboolean saturated, off_scale, heads = TRUE;

  g_array_set_clear_func (entries, legend_entry_clear);
  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];
      gboolean line = series->kind == FLITLAB_PLOT_LINE;
      LegendEntry entry = { ENTRY_SERIES, series->label ? series->label : "", series->color,
                            series->style, line, !line, series->hollow, NULL, 0 };
      LegendEntry kind = { ENTRY_KIND, series->kind_label, 0, series->style, line, !line,
                           series->hollow, NULL, 0 };
      guint e = 0;

      if (series->group == NULL)
        {
          g_array_append_val (entries, entry);
          continue;
        }
      entry.text = series->group;
      entry.hollow = FALSE;
      entry.points = !line && !series->hollow;
      while (e < entries->len && g_strcmp0 (g_array_index (entries, LegendEntry, e).text, entry.text) != 0)
        e++;
      if (e == entries->len)
        {
          const char *colon = strstr (series->group, ": ");

          entry.head = colon != NULL ? g_strndup (series->group, colon - series->group) : NULL;
          g_array_append_val (entries, entry);
        }
      else
        {
          LegendEntry *group = &g_array_index (entries, LegendEntry, e);

          group->line |= line;
          group->points |= !line && !series->hollow;
          /* Solid when any of its curves is. */
          group->style = MIN (group->style, series->style);
        }
      if (series->kind_label == NULL)
        continue;
      /* A kind's key is drawn as its first series is (the first round of colours). */
      for (e = 0; e < kinds->len; e++)
        {
          const LegendEntry *other = &g_array_index (kinds, LegendEntry, e);

          if (g_str_equal (other->text, kind.text) && other->line == kind.line && other->hollow == kind.hollow)
            break;
        }
      if (e == kinds->len)
        g_array_append_val (kinds, kind);
    }
  /* Heads stand for the groups only if every group has one and no two are the same. */
  for (guint e = 0; e < entries->len; e++)
    {
      const LegendEntry *entry = &g_array_index (entries, LegendEntry, e);

      heads &= entry->head != NULL || entry->type != ENTRY_SERIES;
      for (guint o = 0; heads && o < e; o++)
        heads &= g_strcmp0 (g_array_index (entries, LegendEntry, o).head, entry->head) != 0;
    }
  for (guint e = 0; !heads && e < entries->len; e++)
    g_clear_pointer (&g_array_index (entries, LegendEntry, e).head, g_free);
  g_array_append_vals (entries, kinds->data, kinds->len);

  marks_shown (plot, f, &saturated, &off_scale);
  if (saturated)
    g_array_append_val (entries, ((LegendEntry) { ENTRY_SATURATED, saturated_text }));
  if (off_scale)
    g_array_append_val (entries, ((LegendEntry) { ENTRY_OFF_SCALE, off_scale_text }));
  return entries;
}

/* The legend's font at its type (LegendLayout.type), into buffer (FONT_NAME_SIZE bytes). */
static const char *
legend_font (double  type,
             char   *buffer)
{
  const FlitlabPlotFrame at = { .type = type };

  return font (&at, "Sans", 9, buffer);
}

static const char *
entry_text (const LegendLayout *layout,
            const LegendEntry  *entry)
{
  return layout->heads && entry->head != NULL ? entry->head : entry->text;
}

/* Lays the legend's entries out at type scale (of the figure's), named by heads or not, in as
 * many columns as room (a width) holds, at least one (G_MAXDOUBLE: one). */
static void
legend_layout (cairo_t                *cr,
               const FlitlabPlotFrame *f,
               LegendLayout           *layout,
               double                  scale,
               gboolean                heads,
               double                  room)
{
  char fb[FONT_NAME_SIZE];
  guint n = layout->entries->len;
  double type = f->type * scale;

  layout->type = type;
  layout->heads = heads;
  legend_font (type, fb);
  for (guint e = 0; e < n; e++)
    {
      LegendEntry *entry = &g_array_index (layout->entries, LegendEntry, e);

      entry->width = text_width (cr, entry_text (layout, entry), fb);
    }
  for (guint columns = room < G_MAXDOUBLE ? MIN (MAX (n, 1), LEGEND_MAX_COLUMNS) : 1; columns >= 1; columns--)
    {
      guint rows = MAX ((n + columns - 1) / columns, 1);
      double width = (2 * LEGEND_PAD - LEGEND_COLUMN_GAP) * type;

      /* Balanced: 7 entries in 4 columns take 2 rows, and then 4 columns hold them. */
      columns = MAX ((n + rows - 1) / rows, 1);
      for (guint c = 0; c < columns; c++)
        {
          layout->column[c] = 0;
          for (guint e = c * rows; e < MIN ((c + 1) * rows, n); e++)
            layout->column[c] = MAX (layout->column[c], g_array_index (layout->entries, LegendEntry, e).width);
          width += (LEGEND_KEY + LEGEND_COLUMN_GAP) * type + layout->column[c];
        }
      layout->columns = columns;
      layout->rows = rows;
      layout->width = width;
      layout->height = (rows * LEGEND_ROW + 2 * LEGEND_PAD) * type;
      if (width <= room)
        return;
    }
  /* Wider than its room in one column: its words are set smaller (draw_legend ()). */
  if (room < G_MAXDOUBLE)
    {
      layout->column[0] -= layout->width - room;
      layout->width = room;
    }
}

/* Whether the segment (x0, y0)-(x1, y1) meets the box [l, r] × [t, b] (Liang and Barsky). */
static gboolean
segment_meets_box (double x0,
                   double y0,
                   double x1,
                   double y1,
                   double l,
                   double t,
                   double r,
                   double b)
{
  double p[4] = { -(x1 - x0), x1 - x0, -(y1 - y0), y1 - y0 };
  double q[4] = { x0 - l, r - x0, y0 - t, b - y0 };
  double lo = 0, hi = 1;

  for (guint i = 0; i < 4; i++)
    {
      if (p[i] == 0)
        {
          if (q[i] < 0)
            return FALSE;
          continue;
        }
      if (p[i] < 0)
        lo = MAX (lo, q[i] / p[i]);
      else
        hi = MIN (hi, q[i] / p[i]);
      if (lo > hi)
        return FALSE;
    }
  return TRUE;
}

/* How many drawn curve segments, points, marks and error bars the box (x, y, w, h) would
 * cover, with a margin of a marker's size. */
static guint
legend_covers (const FlitlabPlot      *plot,
               const FlitlabPlotFrame *f,
               double                  x,
               double                  y,
               double                  w,
               double                  h)
{
  const double l = x - 5, t = y - 5, r = x + w + 5, b = y + h + 5;
  guint covered = 0;

  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];
      gboolean pen_down = FALSE;
      double last_x = 0, last_y = 0;

      for (guint i = 0; i < series->n; i++)
        {
          gboolean saturated = series->saturated != NULL && series->saturated[i];
          double ux, uy;

          if (!isfinite (series->x[i]) || (!saturated && !visible (f, series->y[i])))
            {
              pen_down = FALSE;
              continue;
            }
          ux = map_x (f, series->x[i]);
          if (series->kind == FLITLAB_PLOT_LINE)
            {
              uy = CLAMP (map_y (f, series->y[i]), f->top - 10 * (f->bottom - f->top),
                          f->bottom + 10 * (f->bottom - f->top));
              covered += pen_down && segment_meets_box (last_x, last_y, ux, uy, l, t, r, b);
              pen_down = TRUE;
              last_x = ux, last_y = uy;
              continue;
            }
          if (series->x[i] < f->x_min || series->x[i] > f->x_max)
            continue;
          if (saturated || series->y[i] > f->y_max)
            {
              covered += segment_meets_box (ux, f->top, ux, f->top + 2 * FLITLAB_PLOT_MARK_INSET, l, t, r, b);
              continue;
            }
          uy = map_y (f, series->y[i]);
          if (series->error != NULL && isfinite (series->error[i]) && series->error[i] > 0)
            {
              double lo = series->y[i] - series->error[i], hi = series->y[i] + series->error[i];

              covered += segment_meets_box (ux, visible (f, lo) ? map_y (f, lo) : f->bottom, ux,
                                            map_y (f, hi), l, t, r, b);
            }
          covered += series->y[i] >= f->y_min && segment_meets_box (ux, uy, ux, uy, l, t, r, b);
        }
    }
  return covered;
}

static void
set_legend_box (FlitlabPlotFrame *f,
                double            x,
                double            y,
                double            w,
                double            h)
{
  f->legend_left = x;
  f->legend_top = y;
  f->legend_right = x + w;
  f->legend_bottom = y + h;
}

/* Whether saturation labels are drawn along the foot of the frame (draw_saturation_labels()),
 * where a legend in a lower corner would cover them. */
static gboolean
saturation_labels_shown (const FlitlabPlot      *plot,
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

/* Where the legend goes (plot->legend), laid out into layout. Auto: the first inside corner
 * (top left, top right, then the lower ones when no saturation label runs along the foot) whose
 * box covers no curve, point or error bar; else below the plot in as many columns as the
 * figure's width holds (in a crowded legend, groups named by their heads and the type set
 * smaller, down to 0.7 of the figure's) while the plot keeps 30 pt of height, or outside right
 * when the legend is high and narrow and the plot keeps three fifths of its width; else the
 * corner covering least after all. Outside right or below, the frame gives up the room.
 * Inside: the corner covering least. */
static void
place_legend (cairo_t           *cr,
              const FlitlabPlot *plot,
              FlitlabPlotFrame  *f,
              double             width,
              double             height,
              LegendLayout      *layout)
{
  static const double scales[] = { 1, 0.85, 0.7 };
  const double gap = 8 * f->type, frame_w = f->right - f->left, frame_h = f->bottom - f->top;
  double best_x = 0, best_y = 0, w, h;
  guint best = G_MAXUINT, corners = saturation_labels_shown (plot, f) ? 2 : 4;
  gboolean auto_place = plot->legend == FLITLAB_PLOT_LEGEND_AUTO;

  layout->entries = legend_entries (plot, f);
  /* Inside or right: one column at the figure's type. */
  legend_layout (cr, f, layout, 1, FALSE, G_MAXDOUBLE);
  w = MIN (layout->width, width - 8);
  h = layout->height;
  for (guint corner = 0; corner < 4 && plot->legend != FLITLAB_PLOT_LEGEND_RIGHT &&
                         plot->legend != FLITLAB_PLOT_LEGEND_BELOW; corner++)
    {
      double wi = MIN (w, frame_w - 4);
      double cx = corner == 0 || corner == 2 ? MIN (f->left + 10 * f->type, f->right - 2 - wi)
                                             : MAX (f->right - 10 * f->type - wi, f->left + 2);
      double cy = corner < 2 ? f->top + 10 * f->type : MAX (f->bottom - 10 * f->type - h, f->top + 2);
      guint covered = legend_covers (plot, f, cx, cy, wi, h);

      /* Auto: only a free corner, with room for the box whole at the figure's type. */
      if (auto_place && (corner >= corners || covered > 0 || w > frame_w - 20 * f->type ||
                         h > frame_h - 20 * f->type))
        continue;
      if (covered < best)
        best = covered, best_x = cx, best_y = cy;
      if (auto_place)
        break;
    }
  if (best == 0 || plot->legend == FLITLAB_PLOT_LEGEND_INSIDE)
    {
      set_legend_box (f, best_x, best_y, MIN (w, frame_w - 4), MIN (h, frame_h - 4));
      return;
    }
  if (plot->legend == FLITLAB_PLOT_LEGEND_RIGHT ||
      (auto_place && frame_w - w - gap >= MAX (120, 0.6 * frame_w) && h <= height - f->top - 4 &&
       /* Right keeps more of the plot when the legend is high and narrow. */
       w * frame_h < h * frame_w))
    {
      f->right = MAX (f->right - w - gap, f->left + 10);
      set_legend_box (f, MIN (f->right + gap, width - w), f->top, w, MIN (h, height - f->top - 4));
      return;
    }
  /* Below: the roomiest layout that leaves the plot three fifths of its height and 60 pt, or
   * the most compact. */
  for (guint try = 0; try < 2 * G_N_ELEMENTS (scales); try++)
    {
      legend_layout (cr, f, layout, scales[try / 2], try % 2 == 1, width - 8);
      if (frame_h - layout->height - gap >= MAX (60, 0.6 * frame_h))
        break;
    }
  if (plot->legend == FLITLAB_PLOT_LEGEND_BELOW || frame_h - layout->height - gap >= 30)
    {
      f->bottom = MAX (f->bottom - layout->height - gap, f->top + 10);
      set_legend_box (f, CLAMP ((f->left + f->right - layout->width) / 2, 4, width - layout->width - 4),
                      height - layout->height - 4, layout->width, layout->height);
      return;
    }
  /* Too small a figure for the legend beside the plot: the corner covering least after all. */
  legend_layout (cr, f, layout, 1, FALSE, G_MAXDOUBLE);
  for (guint corner = 0; corner < 4; corner++)
    {
      double wi = MIN (w, frame_w - 4);
      double cx = corner == 0 || corner == 2 ? MIN (f->left + 10 * f->type, f->right - 2 - wi)
                                             : MAX (f->right - 10 * f->type - wi, f->left + 2);
      double cy = corner < 2 ? f->top + 10 * f->type : MAX (f->bottom - 10 * f->type - h, f->top + 2);
      guint covered = legend_covers (plot, f, cx, cy, wi, h);

      if (covered < best)
        best = covered, best_x = cx, best_y = cy;
    }
  set_legend_box (f, best_x, best_y, MIN (w, frame_w - 4), MIN (h, frame_h - 4));
}

static void
draw_legend (cairo_t                *cr,
             const FlitlabPlotFrame *f,
             const LegendLayout     *layout)
{
  const double type = layout->type, row = LEGEND_ROW * type, pad = LEGEND_PAD * type;
  const double key = LEGEND_KEY * type, x = f->legend_left, y = f->legend_top;
  const double width = f->legend_right - x, height = f->legend_bottom - y;
  /* A box narrower than its layout (a small figure) sets the words smaller. */
  const double squeeze = MAX (layout->width - width, 0);
  double kx = x + pad;
  char fb[FONT_NAME_SIZE];

  if (layout->entries->len == 0)
    return;
  legend_font (type, fb);

  cairo_save (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_rectangle (cr, x, y, width, height);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.75, 0.75, 0.75);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_rectangle (cr, x, y, width, height);
  cairo_clip (cr);

  /* Down the first column, then the next. */
  for (guint e = 0; e < layout->entries->len; e++)
    {
      const LegendEntry *entry = &g_array_index (layout->entries, LegendEntry, e);
      guint c = e / layout->rows;
      double cy = y + pad + (e % layout->rows) * row + row / 2;
      double mx = kx + key / 2 - 4 * type, r = 0.35, g = 0.35, b = 0.35;

      /* The marks and the kinds in grey: each series draws them in its own colour. */
      if (entry->type == ENTRY_SERIES)
        flitlab_plot_palette (entry->color, &r, &g, &b);
      cairo_set_source_rgb (cr, r, g, b);
      if (entry->type == ENTRY_SATURATED)
        mark_saturated (cr, mx, cy);
      else if (entry->type == ENTRY_OFF_SCALE)
        mark_off_scale (cr, mx, cy);
      if (entry->line)
        {
          cairo_save (cr);
          cairo_set_line_width (cr, 2);
          set_line_style (cr, entry->style);
          cairo_move_to (cr, kx, cy);
          cairo_line_to (cr, kx + key - 8 * type, cy);
          cairo_stroke (cr);
          cairo_restore (cr);
        }
      if (entry->points)
        draw_marker (cr, mx, cy, entry->hollow, entry->line ? 0 : entry->style);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      flitlab_render_text_within (cr, entry_text (layout, entry), fb, kx + key, cy, 0, 0.5,
                                  MAX (layout->column[c] - squeeze, 1));
      if ((e + 1) % layout->rows == 0)
        kx += (LEGEND_KEY + LEGEND_COLUMN_GAP) * type + layout->column[c];
    }
  cairo_restore (cr);
}

/* The tick labels' points for a figure this wide: 8 in a paper's column (252 pt), 9 from a
 * page-wide 400 pt on, the window's and the default export's size. */
static double
default_font_size (double width)
{
  return CLAMP (8 + (width - 252) / 148, 8, 9);
}

const FlitlabPlotPreset *
flitlab_plot_presets (void)
{
  static const FlitlabPlotPreset presets[] = {
    /* The labels are translated where they are shown (the window's export dialog). */
    { "column", N_("Column (3.5 in)"), 252, 180, 8 },
    { "column-and-half", N_("Column and a half (5 in)"), 360, 240, 8.5 },
    { "page", N_("Page (7 in)"), 504, 300, 9 },
    { "slide", N_("Slide (16:9)"), 720, 405, 14 },
    { NULL, NULL, 0, 0, 0 },
  };

  return presets;
}

const FlitlabPlotPreset *
flitlab_plot_preset_lookup (const char *name)
{
  for (const FlitlabPlotPreset *p = flitlab_plot_presets (); name != NULL && p->name != NULL; p++)
    if (g_str_equal (p->name, name))
      return p;
  return NULL;
}

gboolean
flitlab_plot_legend_from_string (const char        *text,
                                 FlitlabPlotLegend *legend)
{
  static const char * const names[] = { "auto", "inside", "right", "below", "none" };

  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (text, names[i]))
      {
        *legend = (FlitlabPlotLegend) i;
        return TRUE;
      }
  return FALSE;
}

void
flitlab_render_plot (cairo_t           *cr,
                     const FlitlabPlot *plot,
                     double             width,
                     double             height,
                     FlitlabPlotFrame  *frame_out)
{
  FlitlabPlotFrame frame = { 0 };
  LegendLayout legend = { NULL };
  gboolean has_legend;

  g_return_if_fail (cr != NULL && plot != NULL);

  has_legend = plot->series->len > 0 && plot->legend != FLITLAB_PLOT_LEGEND_NONE;

  frame.log_y = plot->log_y;
  data_range (plot, &frame);
  frame.type = (plot->font_size > 0 ? plot->font_size : default_font_size (width)) / 9;
  frame.left = 64 * frame.type;
  frame.top = (plot->title != NULL ? 32 : 12) * frame.type;
  frame.right = MAX (width - 28 * frame.type, frame.left + 10);
  frame.bottom = MAX (height - 46 * frame.type, frame.top + 10);
  if (has_legend)
    place_legend (cr, plot, &frame, width, height, &legend);

  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  draw_axes (cr, plot, &frame, width);

  /* Curves end at the axes (a zoomed plot must not draw over the title or the tick labels);
   * points are clipped a little outside the frame, so a marker on its edge stays whole. */
  for (guint pass = 0; pass < 2; pass++)
    {
      double margin = pass == 0 ? 0 : 6;

      cairo_save (cr);
      cairo_rectangle (cr, frame.left - margin, frame.top - margin,
                       frame.right - frame.left + 2 * margin, frame.bottom - frame.top + 2 * margin);
      cairo_clip (cr);
      for (guint s = 0; s < plot->series->len; s++)
        {
          const FlitlabPlotSeries *series = plot->series->pdata[s];

          if ((series->kind == FLITLAB_PLOT_LINE) == (pass == 0))
            draw_series (cr, series, &frame);
        }
      cairo_restore (cr);
    }
  draw_saturation_labels (cr, plot, &frame);
  if (isfinite (plot->marker) && plot->marker >= frame.x_min && plot->marker <= frame.x_max)
    {
      double x = round (map_x (&frame, plot->marker)) + 0.5;

      cairo_set_source_rgba (cr, 0.15, 0.15, 0.15, 0.6);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, x, frame.top);
      cairo_line_to (cr, x, frame.bottom);
      cairo_stroke (cr);
    }

  if (has_legend)
    {
      draw_legend (cr, &frame, &legend);
      g_array_unref (legend.entries);
    }
  cairo_restore (cr);

  if (frame_out != NULL)
    *frame_out = frame;
}

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

  return flitlab_render_to_file (path, width, height, scale, draw_plot, (gpointer) plot, error);
}

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
  gboolean png = g_str_has_suffix (path, ".png");

  if (!(width >= 50 && width <= 10000 && height >= 50 && height <= 10000 && scale > 0 && scale <= 8))
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_SIZE,
                   "A figure is 50 to 10000 points wide and high at a scale up to 8, not %g × %g at %g",
                   width, height, scale);
      return FALSE;
    }
  if (g_str_has_suffix (path, ".svg"))
    surface = cairo_svg_surface_create_for_stream (append_bytes, bytes, width, height);
  else if (g_str_has_suffix (path, ".pdf"))
    surface = cairo_pdf_surface_create_for_stream (append_bytes, bytes, width, height);
  else if (png)
    surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (width * scale),
                                          (int) ceil (height * scale));
  else
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_FORMAT,
                   "“%s”: figures are written as .svg, .pdf or .png", path);
      return FALSE;
    }

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
                   "Could not draw “%s”: %s", path, cairo_status_to_string (status));
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

static void
csv_number (char   *buf,
            gsize   len,
            double  value)
{
  g_ascii_formatd (buf, len, "%.10g", value);
}

gboolean
flitlab_plot_write_csv (const FlitlabPlot  *plot,
                        const char         *path,
                        GError            **error)
{
  g_autoptr(GString) csv = g_string_new ("series,kind,rate,value,ci95\n");

  g_return_val_if_fail (plot != NULL && path != NULL, FALSE);

  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];
      g_autofree char *label = g_strdup (series->label);

      g_strdelimit (label, ",\"\n", ';');
      for (guint i = 0; i < series->n; i++)
        {
          char x[G_ASCII_DTOSTR_BUF_SIZE], y[G_ASCII_DTOSTR_BUF_SIZE] = "";
          char e[G_ASCII_DTOSTR_BUF_SIZE] = "";

          csv_number (x, sizeof x, series->x[i]);
          /* A value that is not a number is empty, unless the load is saturated. */
          if (series->saturated != NULL && series->saturated[i])
            g_strlcpy (y, "saturated", sizeof y);
          else if (isfinite (series->y[i]))
            csv_number (y, sizeof y, series->y[i]);
          if (series->error != NULL && isfinite (series->error[i]))
            csv_number (e, sizeof e, series->error[i]);
          g_string_append_printf (csv, "%s,%s,%s,%s,%s\n", label,
                                  series->kind == FLITLAB_PLOT_LINE ? "model" : "points", x, y, e);
        }
    }
  return flitlab_file_write (path, csv->str, csv->len, error);
}

void
flitlab_plot_frame_to_user (const FlitlabPlotFrame *frame,
                            double                  x,
                            double                  y,
                            double                 *ux,
                            double                 *uy)
{
  *ux = map_x (frame, x);
  *uy = map_y (frame, y);
}

/* ---- zoom and pan ---------------------------------------------------------------- */

static double
to_space (const FlitlabPlotFrame *f,
          double                  y)
{
  return f->log_y ? log10 (y) : y;
}

static double
from_space (const FlitlabPlotFrame *f,
            double                  v)
{
  return f->log_y ? pow (10, v) : v;
}

/* out = frame with the ranges [x0, x1] and, in plotted space, [v0, v1], if they are usable. */
static gboolean
set_ranges (const FlitlabPlotFrame *frame,
            double                  x0,
            double                  x1,
            double                  v0,
            double                  v1,
            FlitlabPlotFrame       *out)
{
  double y0 = from_space (frame, v0), y1 = from_space (frame, v1);

  /* Narrower than 1e-9 of its magnitude, ticks and labels stop meaning anything. */
  if (!(isfinite (x0) && isfinite (x1) && isfinite (y0) && isfinite (y1)) ||
      !(x1 - x0 > 1e-9 * MAX (fabs (x0), fabs (x1))) || !(v1 - v0 > 1e-9 * MAX (fabs (v0), fabs (v1))) ||
      x1 - x0 > 1e12 || (frame->log_y ? v1 - v0 > 30 : y1 - y0 > 1e12) || (frame->log_y && y0 <= 0))
    return FALSE;
  *out = *frame;
  out->x_min = x0;
  out->x_max = x1;
  out->y_min = y0;
  out->y_max = y1;
  return TRUE;
}

gboolean
flitlab_plot_frame_zoom (const FlitlabPlotFrame *frame,
                         double                  factor,
                         double                  px,
                         double                  py,
                         FlitlabPlotFrame       *out)
{
  double fx, fy, v0, v1, cx, cv;

  g_return_val_if_fail (frame != NULL && out != NULL, FALSE);

  if (!(factor > 0) || frame->right <= frame->left || frame->bottom <= frame->top)
    return FALSE;
  fx = CLAMP ((px - frame->left) / (frame->right - frame->left), 0, 1);
  fy = CLAMP ((frame->bottom - py) / (frame->bottom - frame->top), 0, 1);
  v0 = to_space (frame, frame->y_min);
  v1 = to_space (frame, frame->y_max);
  cx = frame->x_min + fx * (frame->x_max - frame->x_min);
  cv = v0 + fy * (v1 - v0);
  return set_ranges (frame, cx - (cx - frame->x_min) * factor, cx + (frame->x_max - cx) * factor,
                     cv - (cv - v0) * factor, cv + (v1 - cv) * factor, out);
}

gboolean
flitlab_plot_frame_pan (const FlitlabPlotFrame *frame,
                        double                  dx,
                        double                  dy,
                        FlitlabPlotFrame       *out)
{
  double v0, v1, shift_x, shift_v;

  g_return_val_if_fail (frame != NULL && out != NULL, FALSE);

  if (frame->right <= frame->left || frame->bottom <= frame->top)
    return FALSE;
  v0 = to_space (frame, frame->y_min);
  v1 = to_space (frame, frame->y_max);
  /* Content follows the pointer: dragging right shows smaller loads. */
  shift_x = -dx / (frame->right - frame->left) * (frame->x_max - frame->x_min);
  shift_v = dy / (frame->bottom - frame->top) * (v1 - v0);
  return set_ranges (frame, frame->x_min + shift_x, frame->x_max + shift_x, v0 + shift_v,
                     v1 + shift_v, out);
}
