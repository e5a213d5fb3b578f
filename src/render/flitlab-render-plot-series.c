/* flitlab-render-plot-series.c: a plot's curves and points with their marks, and the labels
 * of their saturation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-render-plot-private.h"
#include "flitlab-render-private.h"

/* The marks of a point without a drawn value, at the top edge of the frame: a cross for a
 * saturated load, a diamond for a deadlocked one, a triangle pointing up for a value above
 * the scale. */
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
flitlab_plot_mark_deadlocked (cairo_t *cr,
                              double   x,
                              double   y)
{
  cairo_move_to (cr, x, y - 4.5);
  cairo_line_to (cr, x + 4.5, y);
  cairo_line_to (cr, x, y + 4.5);
  cairo_line_to (cr, x - 4.5, y);
  cairo_close_path (cr);
  cairo_fill (cr);
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

  cairo_set_dash (cr, dashes[style % FLITLAB_PLOT_LINE_STYLES],
                  counts[style % FLITLAB_PLOT_LINE_STYLES], 0);
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
              x = flitlab_plot_map_x (f, series->x[i]);
              if (flitlab_plot_series_is_deadlocked (series, i))
                flitlab_plot_mark_deadlocked (cr, x, f->top + FLITLAB_PLOT_MARK_INSET);
              else
                flitlab_plot_mark_saturated (cr, x, f->top + FLITLAB_PLOT_MARK_INSET);
              continue;
            }
          if (!flitlab_plot_value_visible (f, series->y[i]) || !isfinite (series->x[i]))
            continue;
          x = flitlab_plot_map_x (f, series->x[i]);
          y = flitlab_plot_map_y (f, series->y[i]);
          if (series->y[i] > f->y_max)
            {
              flitlab_plot_mark_off_scale (cr, x, f->top + FLITLAB_PLOT_OFF_SCALE_INSET);
              continue;
            }
          if (series->error != NULL && isfinite (series->error[i]) && series->error[i] > 0)
            {
              double lo = series->y[i] - series->error[i], hi = series->y[i] + series->error[i];
              double y_lo = flitlab_plot_value_visible (f, lo) ? flitlab_plot_map_y (f, lo)
                                                               : f->bottom;
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

  if (isfinite (series->saturation) && series->saturation >= f->x_min &&
      series->saturation <= f->x_max)
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

guint
flitlab_plot_covers (const FlitlabPlot      *plot,
                     const FlitlabPlotFrame *f,
                     double                  x,
                     double                  y,
                     double                  w,
                     double                  h,
                     double                  margin)
{
  const double l = x - margin, t = y - margin, r = x + w + margin, b = y + h + margin;
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

          if (!isfinite (series->x[i]) ||
              (!saturated && !flitlab_plot_value_visible (f, series->y[i])))
            {
              pen_down = FALSE;
              continue;
            }
          ux = flitlab_plot_map_x (f, series->x[i]);
          if (series->kind == FLITLAB_PLOT_LINE)
            {
              uy = CLAMP (flitlab_plot_map_y (f, series->y[i]), f->top - 10 * (f->bottom - f->top),
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
              covered += segment_meets_box (ux, f->top, ux, f->top + 2 * FLITLAB_PLOT_MARK_INSET, l,
                                            t, r, b);
              continue;
            }
          uy = flitlab_plot_map_y (f, series->y[i]);
          if (series->error != NULL && isfinite (series->error[i]) && series->error[i] > 0)
            {
              double lo = series->y[i] - series->error[i], hi = series->y[i] + series->error[i];
              double y_lo = flitlab_plot_value_visible (f, lo) ? flitlab_plot_map_y (f, lo)
                                                               : f->bottom;

              covered += segment_meets_box (ux, y_lo, ux, flitlab_plot_map_y (f, hi), l, t, r, b);
            }
          covered += series->y[i] >= f->y_min && segment_meets_box (ux, uy, ux, uy, l, t, r, b);
        }
    }
  return covered;
}

/* The saturation labels ("saturation 0.0093 msg/cycle/node", or the series' own) at the foot
 * of their lines (the legend sits at the top, curves climb towards it), right of the line or
 * left, a row higher when the spot is taken by another label. Of those spots, a label takes
 * the one covering fewest curve segments, points and error bars (none at best; with several
 * saturations, none or no label), the lowest of those, in two lines only where that covers
 * none; where neither side has room for it, the roomier side, set smaller to stay in the
 * frame. A saturation beyond the loads shown is an arrow at the right edge. */
static char *
saturation_text (const FlitlabPlotSeries *series)
{
  if (series->saturation_label != NULL)
    return g_strdup (series->saturation_label);
  return g_strdup (_(FLITLAB_PLOT_SATURATION_TEXT));
}

typedef struct
{
  double left, top, right, bottom;
} LabelBox;

/* Whether a label's box meets one placed or the legend's, with a gap: above and below, of
 * row_gap (none: rows of labels apart by their lines' leading). */
static gboolean
label_box_taken (const FlitlabPlotFrame *f,
                 GArray                 *placed,
                 const LabelBox         *box,
                 double                  row_gap)
{
  const LabelBox legend = { f->legend_left, f->legend_top, f->legend_right, f->legend_bottom };

  for (guint i = 0; i <= placed->len; i++)
    {
      const LabelBox *o = i < placed->len ? &g_array_index (placed, LabelBox, i) : &legend;

      if (box->left < o->right + 4 && box->right > o->left - 4 &&
          box->top < o->bottom + row_gap && box->bottom > o->top - row_gap)
        return TRUE;
    }
  return FALSE;
}

static void
saturation_label_clear (gpointer data)
{
  FlitlabPlotSaturationLabel *label = data;

  g_free (label->lines[0]);
  g_free (label->lines[1]);
}

/* Where one saturation label goes (see above); FALSE where it does not. shrink: set smaller
 * to stay in the frame where neither side has room (the only saturation of a plot). anywhere:
 * a line's last chance, in any row up the frame, covering data if it must. */
static gboolean
place_label (cairo_t                *cr,
             const FlitlabPlot      *plot,
             const FlitlabPlotFrame *f,
             const char             *font,
             double                  row_height,
             GArray                 *placed,
             guint                   n_saturations,
             guint                   s,
             const char             *text,
             gboolean                shrink,
             gboolean                anywhere,
             GArray                 *labels)
{
  const FlitlabPlotSeries *series = plot->series->pdata[s];
  gboolean beyond = series->saturation > f->x_max;
  double x = beyond ? f->right : flitlab_plot_map_x (f, series->saturation);
  double room_right = beyond ? 0 : f->right - x - 5, room_left = x - 3 - f->left;
  /* Its words in one line, and in two broken at the space nearest the middle. */
  const char *space = NULL, *middle = text + strlen (text) / 2;
  g_autofree char *first = NULL;
  const char *lines[2][2] = { { text, NULL }, { NULL, NULL } };
  double widths[2] = { flitlab_plot_text_width (cr, text, font), 0 };
  LabelBox box = { 0 };
  guint chosen = 0, least = G_MAXUINT,
        n_rows = (guint) MAX ((f->bottom - f->top) / (anywhere ? 1 : 2) / row_height, 1);
  gboolean right = FALSE;

  /* After a comma where there is one: the mark's words, then what is said of them. */
  for (const char *c = strchr (text, ' '); c != NULL; c = strchr (c + 1, ' '))
    if (space == NULL || ABS (c - middle) < ABS (space - middle))
      space = c;
  if (strstr (text, ", ") != NULL)
    space = strstr (text, ", ") + 1;
  if (space != NULL)
    {
      first = g_strndup (text, space - text);
      lines[1][0] = first;
      lines[1][1] = space + 1;
      widths[1] = MAX (flitlab_plot_text_width (cr, first, font),
                       flitlab_plot_text_width (cr, space + 1, font));
    }

  /* The spot covering least data (none, at best), lowest first, right of the line
   * before left, in one line, else in two covering none. */
  for (guint n = 0; n < 2 && least > 0 && lines[n][0] != NULL; n++)
    for (guint row = 0; row + n < n_rows && least > 0; row++)
      for (guint side = 0; side < 2 && least > 0; side++)
        {
          LabelBox spot;
          guint covered;

          if (widths[n] > (side == 0 ? room_right : room_left))
            continue;
          spot.left = side == 0 ? x + 3 : x - 3 - widths[n];
          spot.right = spot.left + widths[n];
          spot.bottom = f->bottom - 3 - row * row_height;
          spot.top = spot.bottom - (n + 1) * row_height;
          /* A last chance packs the rows: in the next row up from another label. */
          if (label_box_taken (f, placed, &spot, anywhere ? 0 : 2))
            continue;
          /* A comparison's label, which may be left out, keeps clear of markers (3.5). */
          covered = flitlab_plot_covers (plot, f, spot.left, spot.top, widths[n],
                                         spot.bottom - spot.top,
                                         n_saturations > 1 ? 3.5 : 1);
          /* Two lines are bulkier: only where they cover nothing. */
          if (covered < least && (n == 0 || covered == 0))
            least = covered, box = spot, chosen = n, right = side == 0;
        }
  /* Where neither side has room for it, on the roomier side, set smaller to stay in the
   * frame, in the lowest row free of labels; the only saturation of a plot only. */
  for (guint row = 0; shrink && least == G_MAXUINT && n_saturations == 1 && row < n_rows; row++)
    {
      right = room_right > room_left;
      box.left = right ? x + 3 : x - 3 - MAX (room_left, 1);
      box.right = box.left + MAX (right ? room_right : room_left, 1);
      box.bottom = f->bottom - 3 - row * row_height;
      box.top = box.bottom - row_height;
      chosen = 0;
      if (!label_box_taken (f, placed, &box, 2))
        least = 0;
    }
  /* Rows of labels up to half the frame's height on one spot: past them the lines say
   * enough. Among several saturations (a comparison) a label never covers data: its line,
   * in its study's colour, is enough. */
  if (least == G_MAXUINT || (least > 0 && n_saturations > 1 && !anywhere))
    return FALSE;
  g_array_append_val (placed, box);
  g_array_append_val (labels, ((FlitlabPlotSaturationLabel) {
    s, { g_strdup (lines[chosen][0]), g_strdup (lines[chosen][1]) },
    box.left, box.top, box.right, box.bottom, row_height, right }));
  return TRUE;
}

GArray *
flitlab_plot_place_saturation_labels (cairo_t                *cr,
                                      const FlitlabPlot      *plot,
                                      const FlitlabPlotFrame *f)
{
  FlitlabFontName font;
  double row_height, w;
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (LabelBox));
  GArray *labels = g_array_new (FALSE, TRUE, sizeof (FlitlabPlotSaturationLabel));

  g_array_set_clear_func (labels, saturation_label_clear);

  flitlab_plot_font (f, "Sans", 8, &font);
  /* Rows of its line height and a little: rows never touch. */
  flitlab_render_text_size (cr, "Mg", font.name, &w, &row_height);
  row_height += f->type;
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
      guint s = g_array_index (order, guint, i);
      const FlitlabPlotSeries *series = plot->series->pdata[s];
      const FlitlabPlotSeries *after = i + 1 < order->len
                                       ? plot->series->pdata[g_array_index (order, guint, i + 1)]
                                       : NULL;
      g_autofree char *label = saturation_text (series);
      const char *arrow = series->saturation > f->x_max ? " →" : "";
      g_autofree char *text = g_strconcat (label, arrow, NULL);
      g_autofree char *label_after = after != NULL ? saturation_text (after) : NULL;
      g_autofree char *remarked = series->saturation_remark != NULL
                                  ? g_strconcat (label, ", ", series->saturation_remark, arrow,
                                                 NULL)
                                  : NULL;

      /* Models saturating together, of one study or of several (a sweep over a setting the
       * model does not take): their lines are one line, and one label says it, the last's,
       * whose line is drawn over the others. */
      if (after != NULL && after->saturation == series->saturation &&
          g_str_equal (label, label_after))
        continue;
      /* The remark where it fits in type of the tick labels' size; else the legend says it.
       * Every line says at least its value ("0.0242"), in its colour: the legend says what
       * the lines are. */
      if ((remarked == NULL ||
           !place_label (cr, plot, f, font.name, row_height, placed, order->len, s,
                         remarked, FALSE, FALSE, labels)) &&
          !place_label (cr, plot, f, font.name, row_height, placed, order->len, s, text, TRUE,
                        FALSE, labels))
        {
          g_autofree char *value = g_strdup_printf ("%.3g%s", series->saturation, arrow);

          /* Covering data if it must, unless the lines crowd the figure: labels on labels on
           * curves then say nothing, and the hover and the CSV give the values. */
          place_label (cr, plot, f, font.name, row_height, placed, order->len, s, value, TRUE,
                       order->len <= FLITLAB_PLOT_CROWDED_SATURATIONS, labels);
        }
    }
  return labels;
}

void
flitlab_plot_draw_saturation_labels (cairo_t                *cr,
                                     const FlitlabPlot      *plot,
                                     const FlitlabPlotFrame *f)
{
  g_autoptr(GArray) labels = flitlab_plot_place_saturation_labels (cr, plot, f);
  FlitlabFontName font;

  flitlab_plot_font (f, "Sans", 8, &font);
  for (guint i = 0; i < labels->len; i++)
    {
      const FlitlabPlotSaturationLabel *label =
        &g_array_index (labels, FlitlabPlotSaturationLabel, i);
      const FlitlabPlotSeries *series = plot->series->pdata[label->series];
      double r, g, b;

      flitlab_plot_palette (series->color, &r, &g, &b);
      cairo_set_source_rgb (cr, r, g, b);
      for (guint l = 0; l < 2 && label->lines[l] != NULL; l++)
        flitlab_render_text_within (cr, label->lines[l], font.name,
                                    label->right_side ? label->left : label->right,
                                    label->top + (l + 1) * label->row_height,
                                    label->right_side ? 0 : 1, 1, label->right - label->left);
    }
}

/* Whether saturation labels are drawn along the foot of the frame
 * (flitlab_plot_draw_saturation_labels ()), where a legend in a lower corner would cover them. */
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
