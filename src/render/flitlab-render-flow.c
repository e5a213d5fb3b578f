/* flitlab-render-flow.c: a model's channel classes drawn as the papers draw them, with values
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every model names its classes after its paper (src/core/flitlab-model-*.c): "c[d=1,i=3]",
 * "C[d=2]", "<3>", "<2,5>", "X_{1,2}", "injection", … The names place each class in a grid of
 * cells, one grid for every diagram (flitlab-flow-layout.c); arrows join the cells the flow
 * goes through. The figure
 * is laid out around its words at its type size: the title and notes wrapped to the width,
 * the bands under the grid (Fig. 3's fan-out, the distributions, 004's chains) as tall as
 * their words need or dropped when the figure is too short, the colour bar as wide as its
 * labels; every label is drawn only where it fits, so none leaves the page or lands on another.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "flitlab-color-bar.h"
#include "flitlab-colormap.h"
#include "flitlab-render-flow.h"
#include "flitlab-render-flow-private.h"
#include "flitlab-render-plot.h"
#include "flitlab-render-private.h"
#include "flitlab-render-text.h"

/* Light text on the dark half of the viridis scale, dark text on the light half. */
double
flitlab_flow_text_shade (double value,
                         double hi)
{
  return isfinite (value) && value < 0.55 * hi ? 1 : 0.1;
}

/* ---- drawing --------------------------------------------------------------------------- */

/* The fonts of a figure whose type is f points: labels, headings, the title, small print. */
typedef FlitlabRenderType Type;

/* Where a class's box was drawn, for hit-testing. */
typedef FlitlabFlowBox Box;

static void
cell_rect (const Cell *cell,
           double      left,
           double      top,
           double      cell_w,
           double      cell_h,
           double     *x,
           double     *y,
           double     *w,
           double     *h)
{
  *w = cell_w * 0.8;
  *h = cell_h * 0.7;
  *x = left + cell->column * cell_w + (cell_w - *w) / 2;
  *y = top + cell->row * cell_h + (cell_h - *h) / 2;
}

void
flitlab_flow_draw_arrow (cairo_t *cr,
                         double   x0,
                         double   y0,
                         double   x1,
                         double   y1,
                         double   head)
{
  double dx = x1 - x0, dy = y1 - y0, len = hypot (dx, dy), a = MIN (head, len / 3);

  if (len < 1)
    return;
  dx /= len, dy /= len;
  cairo_move_to (cr, x0, y0);
  cairo_line_to (cr, x1 - a * dx, y1 - a * dy);
  cairo_stroke (cr);
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x1 - a * dx - 0.45 * a * dy, y1 - a * dy + 0.45 * a * dx);
  cairo_line_to (cr, x1 - a * dx + 0.45 * a * dy, y1 - a * dy - 0.45 * a * dx);
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* The smallest type a box's name is set in, of the labels' (6 pt at a column's 8). */
#define FLOW_LEAST_TYPE 0.75
/* A colour bar shorter than this many label heights shows its 0 alone. */
#define BAR_LEAST_LABELS 6

/* A class's or vector's name as drawn: the models mark the names that are words ("injection",
 * "necklace") with N_(); notation such as "<3,5>" is in no catalogue and shows as it is. */
const char *
flitlab_flow_shown_name (const char *name)
{
  return name[0] != '\0' ? _(name) : name;
}

/* A subscript letter's Unicode subscript; 0 where Unicode has none. */
static gunichar
subscript_of (char c)
{
  if (c >= '0' && c <= '9')
    return 0x2080 + (c - '0');
  return c == 'i' ? 0x1d62 : c == 'j' ? 0x2c7c : 0;
}

char *
flitlab_render_flow_class_name (const char *name)
{
  GString *shown = g_string_new (NULL);

  /* Subscripts as subscripts: narrower, and notation for people rather than for TeX. */
  for (const char *c = flitlab_flow_shown_name (name); *c != '\0'; c++)
    {
      const char *close = g_str_has_prefix (c, "_{") ? strchr (c, '}') : NULL;
      gboolean all = close != NULL;

      for (const char *s = c + 2; all && s < close; s++)
        all = *s == ',' || subscript_of (*s) != 0;
      if (!all)
        {
          g_string_append_c (shown, *c);
          continue;
        }
      for (c += 2; c < close; c++)
        if (*c == ',')
          g_string_append_c (shown, ',');
        else
          g_string_append_unichar (shown, subscript_of (*c));
    }
  return g_string_free (shown, FALSE);
}

/* A class's name in its box; short: without a note in brackets ("(each direction)"). */
static char *
box_name (const FlitlabModelClass *k,
          gboolean                 short_name)
{
  char *name = flitlab_render_flow_class_name (k->name),
       *note = short_name ? strstr (name, " (") : NULL;

  if (note != NULL)
    *note = '\0';
  return name;
}

static double
draw_header_at (const Type *t,
                const char *title,
                const char *subtitle,
                guint       subtitle_lines,
                const char *note,
                guint       note_lines,
                double      width,
                double      text_w,
                gboolean    draw)
{
  cairo_t *cr = t->cr;
  double y = 0.6 * t->f;

  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  y += flitlab_render_paragraph (cr, title, t->title.name, width / 2, y, text_w, 2, draw);
  y += 0.15 * t->f;
  y += flitlab_render_paragraph (cr, subtitle, t->label.name, width / 2, y, text_w, subtitle_lines,
                                 draw);
  if (note != NULL && note_lines > 0)
    {
      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      y += 0.15 * t->f;
      y += flitlab_render_paragraph (cr, note, t->small.name, width / 2, y, text_w, note_lines,
                                     draw);
    }
  return y - 0.6 * t->f;
}

/* The title, what the figure shows and how to read it (note; NULL: none), wrapped to the
 * width; when they would take more than budget of the height, the note goes, then the
 * subtitle keeps one line (ending in "…"). Returns how far down they reach. */
static double
draw_header (const Type *t,
             const char *title,
             const char *subtitle,
             const char *note,
             double      width,
             double      budget)
{
  double text_w = width - 1.6 * t->f;
  guint level = 0;

  for (; level < 2; level++)
    if (draw_header_at (t, title, subtitle, level < 2 ? 3 : 1, note, level == 0 ? 3 : 0, width,
                        text_w,
                        FALSE) <= budget)
      break;
  return 0.6 * t->f + draw_header_at (t, title, subtitle, level < 2 ? 3 : 1, note,
                                      level == 0 ? 3 : 0,
                                      width, text_w, TRUE);
}

/* A column's label at width: as given, or shorter ("dimension 2", "d2"), or none. */
static char *
column_label (const Type    *t,
              const Diagram *d,
              guint          column,
              double         width)
{
  g_autofree char *label = NULL;

  if (d->column_names != NULL)
    label = g_strdup (_(d->column_names[column]));
  else if (column < d->first_column)
    label = g_strdup (_("injection"));
  else if (d->n_labelled > 0 && column >= d->first_column + d->n_labelled)
    label = g_strdup (_("ejection"));
  else if (d->dimension_columns)
    /* Translators: a column of the flow diagram; %u is a dimension */
    label = g_strdup_printf (_("dimension %u"), column - d->first_column);
  else
    label = g_strdup_printf ("C%u", column - d->first_column);
  if (flitlab_render_type_width (t, label, t->label.name) <= width)
    return g_steal_pointer (&label);
  if (d->dimension_columns && column >= d->first_column &&
      (d->n_labelled == 0 || column < d->first_column + d->n_labelled))
    {
      g_autofree char *shorter = g_strdup_printf ("d%u", column - d->first_column);

      if (flitlab_render_type_width (t, shorter, t->label.name) <= width)
        return g_steal_pointer (&shorter);
    }
  return NULL;
}

/* The bands under the grid, most telling first: dropped from the last when the figure is too
 * short for them and a grid of classes. */
enum
{
  BAND_FAN_OUT,
  BAND_HEADER_CHAIN,
  BAND_BUFFER_CHAIN,
  BAND_VECTORS,
  N_BANDS
};

/* Draws the figure and appends the boxes it drew to boxes (NULL: none). */
static void
render_flow (cairo_t                 *cr,
             const FlitlabModel      *model,
             const FlitlabModelPoint *point,
             double                   width,
             double                   height,
             double                   font_size,
             GArray                  *boxes)
{
  const FlitlabModelInfo *info;
  Diagram d = { NULL };
  g_autofree char *title = NULL;
  Chain header_chain = { 0 }, buffer_chain = { 0 };
  double left, right, top, bottom, hi = 0, cell_w, cell_h, line_gap, grid_least,
         band[N_BANDS] = { 0 }, want[N_BANDS] = { 0 };
  double need[N_BANDS] = { 0 };
  double column_h = 0, margin, grid_h, chains_h, bar_h, bar_bottom;
  guint column_lines;
  gboolean labels, names, short_names, turned, with_vectors;
  FlitlabFontName least;
  double least_w, least_h;
  FlitlabColorBar bar = { .map = FLITLAB_COLORMAP_VIRIDIS, .caption = _("utilization") };
  Type t;
  int focus;

  g_return_if_fail (cr != NULL && model != NULL && point != NULL);

  flitlab_render_type_init (&t, cr,
                            font_size > 0 ? font_size : flitlab_render_default_font_size (width),
                            "0.9λ");
  margin = 0.8 * t.f;
  left = margin;
  right = width - margin;
  info = flitlab_model_get_info (model);
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);

  /* Translators would not reach this: the figures are in English, like the plots. */
  title = point->saturated
          ? g_strdup_printf (_("load %.4g messages/cycle/node: beyond saturation, no steady state"),
                             point->rate)
          : g_strdup_printf (_("load %.4g messages/cycle/node; latency %.2f cycles; boxes: T "
                               "service time, λ flow"),
                             point->rate, point->latency);
  if (point->saturated || point->classes == NULL || point->classes->len == 0)
    {
      draw_header (&t, _(info->title), title, NULL, width, height);
      cairo_restore (cr);
      return;
    }

  flitlab_flow_diagram_build (&d, point);
  for (guint i = 0; i < point->classes->len; i++)
    if (isfinite (klass (point, i)->utilization))
      hi = MAX (hi, klass (point, i)->utilization);
  hi = hi > 0 ? hi : 1;
  top = draw_header (&t, _(info->title), title, d.note, width, 0.3 * height);
  top += 0.5 * t.f;
  bottom = height - margin;

  /* The bands' heights: their share of the figure, at least what their words need. */
  focus = flitlab_flow_fan_out_class (point);
  if (focus >= 0)
    {
      want[BAND_FAN_OUT] = 0.34 * height;
      need[BAND_FAN_OUT] = flitlab_flow_fan_out_heading (&t, point, focus,
                                                         flitlab_flow_fan_out_note (info), 0, 0,
                                                         right - left, FALSE) +
                           flitlab_flow_n_ways_out (point, focus) * (2.1 * t.small_h + 2);
    }
  with_vectors = FALSE;
  for (guint v = 0; point->vectors != NULL && v < point->vectors->len; v++)
    with_vectors |= !flitlab_flow_drawn_as_chain (point->vectors->pdata[v]);
  if (with_vectors)
    {
      want[BAND_VECTORS] = 0.3 * height;
      need[BAND_VECTORS] = 2 * t.label_h + 6 * t.small_h + 2 * t.f;
    }
  if (flitlab_flow_header_chain (&header_chain, point))
    {
      want[BAND_HEADER_CHAIN] = 0.28 * height;
      need[BAND_HEADER_CHAIN] =
        flitlab_flow_chain_heading (&t, FALSE, right - left) + 2 * t.small_h + 1.6 * t.f;
    }
  if (flitlab_flow_buffer_chain (&buffer_chain, point))
    {
      want[BAND_BUFFER_CHAIN] = 0.17 * height;
      need[BAND_BUFFER_CHAIN] =
        flitlab_flow_chain_heading (&t, TRUE, right - left) + t.small_h + 1.2 * t.f;
    }
  /* Each band its share, else what its words need, else (from the last) none, until the
   * grid keeps a line of type per row and, unless chains below lend the colour bar their
   * height, room for the bar's labels (a column's necklace diagram: its boxes and bar, not
   * bar charts squeezing them to a strip with a bar reading "0"). */
  grid_least = (MAX (d.rows, 1) + 1) * 0.9 * t.f;
  /* A grid whose boxes are wide enough for names in the least type (its shortest) keeps them
   * tall enough too (Quaglia's, over its bar charts). */
  flitlab_font_name (&least, "Sans Bold", FLOW_LEAST_TYPE * t.f);
  flitlab_render_text_size (cr, "Mg", least.name, &least_w, &least_h);
  least_w = G_MAXDOUBLE;
  for (guint c = 0; c < d.cells->len; c++)
    {
      g_autofree char *name = box_name (klass (point, g_array_index (d.cells, Cell, c).klass),
                                        TRUE);

      least_w = MIN (least_w, flitlab_render_type_width (&t, name, least.name));
    }
  if (least_w + 0.2 * t.f <= 0.8 * (right - left - flitlab_color_bar_get_width (cr, &bar, 10 * t.f)
                                    - t.f) / MAX (d.columns, 1))
    grid_least = MAX (grid_least, MAX (d.rows, 1) * least_h / 0.7);
  if (want[BAND_HEADER_CHAIN] == 0 && want[BAND_BUFFER_CHAIN] == 0)
    grid_least = MAX (grid_least, BAR_LEAST_LABELS * t.label_h + t.label_h);
  for (int dropped = N_BANDS; dropped >= 0; dropped--)
    {
      gboolean fits = FALSE;

      for (guint attempt = 0; attempt < 2 && !fits; attempt++)
        {
          double used = 0;

          for (int b = 0; b < N_BANDS; b++)
            {
              double h = b >= dropped || want[b] == 0 ? 0 : attempt == 0 ? MAX (want[b], need[b])
                                                                         : need[b];

              band[b] = h;
              used += h > 0 ? h + 0.8 * t.f : 0;
            }
          fits = bottom - top - used >= grid_least;
        }
      if (fits)
        break;
    }
  /* The colour bar right of the grid, as tall as the grid up to 30 lines; beside a grid too
   * short to read it on (Horng and Kleinrock's one row) it runs down beside the chains below,
   * which give up its width where they meet it. */
  bar.lo = 0;
  bar.hi = hi;
  bar.font_size = t.f;
  /* Named columns too narrow for a name on one line ("destination necklace") take two. */
  column_lines = 1;
  for (guint column = 0; d.column_names != NULL && column < d.columns; column++)
    if (flitlab_render_type_width (&t, _(d.column_names[column]), t.label.name) >
        (right - left - flitlab_color_bar_get_width (cr, &bar, 10 * t.f) - t.f) / d.columns -
        0.3 * t.f)
      column_lines = 2;
  if (d.numbered_columns || d.column_names != NULL)
    column_h = column_lines * t.label_h + 0.3 * t.f;
  grid_h = bottom - top - column_h;
  for (int b = 0; b < N_BANDS; b++)
    grid_h -= band[b] > 0 ? band[b] + 0.8 * t.f : 0;
  bar_h = MIN (grid_h, 30 * t.f);
  /* Beside the chains only: the bar charts and the fan-out keep their width. */
  chains_h = grid_h + (band[BAND_HEADER_CHAIN] > 0 ? band[BAND_HEADER_CHAIN] + 0.8 * t.f : 0) +
             (band[BAND_BUFFER_CHAIN] > 0 ? band[BAND_BUFFER_CHAIN] + 0.8 * t.f : 0);
  if (bar_h < BAR_LEAST_LABELS * t.label_h)
    bar_h = MIN (chains_h, BAR_LEAST_LABELS * t.label_h);
  right -= flitlab_color_bar_get_width (cr, &bar, bar_h) + t.f;
  bar_bottom = top + column_h + bar_h;
  /* A band drawn at the foot (bottom moves up): the figure's width, or the grid's beside the
   * bar. */
#define BAND_WIDTH(b) ((bottom - band[b] < bar_bottom ? right : width - margin) - left)
  if (band[BAND_FAN_OUT] > 0)
    {
      flitlab_flow_draw_fan_out (&t, point, focus, flitlab_flow_fan_out_note (info), hi, left,
                                 bottom - band[BAND_FAN_OUT],
                                 BAND_WIDTH (BAND_FAN_OUT), band[BAND_FAN_OUT], boxes);
      bottom -= band[BAND_FAN_OUT] + 0.8 * t.f;
    }
  if (band[BAND_VECTORS] > 0)
    {
      flitlab_flow_draw_vectors (&t, point, left, bottom - band[BAND_VECTORS],
                                 BAND_WIDTH (BAND_VECTORS), band[BAND_VECTORS]);
      bottom -= band[BAND_VECTORS] + 0.8 * t.f;
    }
  if (band[BAND_HEADER_CHAIN] > 0)
    {
      flitlab_flow_draw_header_chain (&t, &header_chain, left, bottom - band[BAND_HEADER_CHAIN],
                                      BAND_WIDTH (BAND_HEADER_CHAIN),
                                      band[BAND_HEADER_CHAIN]);
      bottom -= band[BAND_HEADER_CHAIN] + 0.8 * t.f;
    }
  if (band[BAND_BUFFER_CHAIN] > 0)
    {
      flitlab_flow_draw_buffer_chain (&t, &buffer_chain, left, bottom - band[BAND_BUFFER_CHAIN],
                                      BAND_WIDTH (BAND_BUFFER_CHAIN), band[BAND_BUFFER_CHAIN]);
      bottom -= band[BAND_BUFFER_CHAIN] + 0.8 * t.f;
    }
  if (focus >= 0 && band[BAND_FAN_OUT] == 0)
    focus = -1;

  cell_w = (right - left) / MAX (d.columns, 1);
  cell_h = (bottom - top - column_h) / MAX (d.rows, 1);
  /* Three lines in a box, or the class names alone, or colours only (the subtitle says
   * what they are): whichever fits every box; names without their note in brackets ("c[d=0,i=1]"
   * of "c[d=0,i=1] (each direction)") where the whole ones do not fit. */
  for (short_names = FALSE;; short_names = TRUE)
    {
      double name_w = 0, lines_w = 0;

      for (guint c = 0; c < d.cells->len; c++)
        {
          const FlitlabModelClass *k = klass (point, g_array_index (d.cells, Cell, c).klass);
          g_autofree char *name = box_name (k, short_names);
          char line[64];

          name_w = MAX (name_w, flitlab_render_type_width (&t, name, t.small_bold.name));
          g_snprintf (line, sizeof line, "T %.3g", k->time);
          lines_w = MAX (lines_w, flitlab_render_type_width (&t, line, t.small.name));
          g_snprintf (line, sizeof line, "λ %.3g", k->flow);
          lines_w = MAX (lines_w, flitlab_render_type_width (&t, line, t.small.name));
        }
      /* Tall narrow boxes (a hypercube's one row of dimensions) take their words turned. */
      for (turned = FALSE;; turned = TRUE)
        {
          double along = turned ? cell_h * 0.7 : cell_w * 0.8,
                 across = turned ? cell_w * 0.8 : cell_h * 0.7;

          line_gap = turned ? 1.15 * t.small_h : t.small_h;
          labels = along >= MAX (name_w, lines_w) + 0.4 * t.f &&
                   across >= 2 * line_gap + 1.2 * t.small_h;
          names = !labels && along >= name_w + 0.3 * t.f && across >= 1.05 * t.small_h;
          if (labels || names || turned)
            break;
        }
      if (labels || names || short_names)
        break;
    }
  /* Else each box whose name fits in FLOW_LEAST_TYPE of the labels' type carries it (a
   * column's Quaglia grid: its X and Y classes, not its wider W_WE). */

  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  cairo_set_line_width (cr, 1.2);
  for (guint a = 0; a < d.arrows->len; a++)
    {
      const Arrow *arrow = &g_array_index (d.arrows, Arrow, a);
      const Cell *from = &g_array_index (d.cells, Cell, arrow->from),
                 *to = &g_array_index (d.cells, Cell, arrow->to);
      double x0, y0, w0, h0, x1, y1, w1, h1, gy = top + column_h;

      cell_rect (from, left, gy, cell_w, cell_h, &x0, &y0, &w0, &h0);
      cell_rect (to, left, gy, cell_w, cell_h, &x1, &y1, &w1, &h1);
      if (from->column == to->column)
        flitlab_flow_draw_arrow (cr, x0 + w0 / 2, y0 < y1 ? y0 + h0 : y0, x1 + w1 / 2,
                                 y0 < y1 ? y1 : y1 + h1, 0.8 * t.f);
      else
        flitlab_flow_draw_arrow (cr, x0 < x1 ? x0 + w0 : x0, y0 + h0 / 2, x0 < x1 ? x1 : x1 + w1,
                                 y1 + h1 / 2, 0.8 * t.f);
      /* The probability beside the arrow, where the gap between the boxes has room. */
      if (isfinite (arrow->probability) && from->column == to->column)
        {
          char label[16];

          g_snprintf (label, sizeof label, "%.2g", arrow->probability);
          if (cell_h * 0.3 >= 1.1 * t.small_h &&
              flitlab_render_type_width (&t, label, t.small.name) <= cell_w * 0.4 - 0.3 * t.f)
            flitlab_render_text (cr, label, t.small.name, x0 + w0 / 2 + 0.3 * t.f,
                                 (MIN (y0, y1) + MAX (y0, y1) + h0) / 2, 0, 0.5, 0);
        }
    }
  if (focus >= 0)
    for (guint c = 0; c < d.cells->len; c++)
      if (g_array_index (d.cells, Cell, c).klass == (guint) focus)
        {
          double x, y, w, h;

          /* The class Fig. 3 below is drawn for. */
          cell_rect (&g_array_index (d.cells, Cell, c), left, top + column_h, cell_w, cell_h, &x,
                     &y, &w, &h);
          cairo_set_source_rgb (cr, 0.84, 0.1, 0.1);
          cairo_set_line_width (cr, 2.5);
          cairo_rectangle (cr, x - 2.5, y - 2.5, w + 5, h + 5);
          cairo_stroke (cr);
        }

  for (guint c = 0; c < d.cells->len; c++)
    {
      const Cell *cell = &g_array_index (d.cells, Cell, c);
      const FlitlabModelClass *k = klass (point, cell->klass);
      double x, y, w, h, r, g, b, shade = flitlab_flow_text_shade (k->utilization, hi);

      cell_rect (cell, left, top + column_h, cell_w, cell_h, &x, &y, &w, &h);
      flitlab_flow_add_box (boxes, cell->klass, x, y, w, h);
      flitlab_colormap_viridis (k->utilization, 0, hi, &r, &g, &b);
      cairo_set_source_rgb (cr, r, g, b);
      cairo_rectangle (cr, x, y, w, h);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, shade, shade, shade);
      if (names)
        {
          g_autofree char *name = box_name (k, short_names);

          flitlab_render_text (cr, name, t.small_bold.name, x + w / 2, y + h / 2, 0.5, 0.5,
                               turned ? -G_PI / 2 : 0);
        }
      else if (!labels)
        {
          g_autofree char *name = box_name (k, TRUE);

          if (w >= flitlab_render_type_width (&t, name, least.name) + 0.2 * t.f &&
              h >= least_h)
            flitlab_render_text (cr, name, least.name, x + w / 2, y + h / 2, 0.5, 0.5, 0);
        }
      if (labels)
        {
          g_autofree char *name = box_name (k, short_names);
          /* The lines follow one another down a box, or rightwards when turned (a little apart:
           * turned type is as wide as its whole height). */
          double dx = turned ? line_gap : 0, dy = turned ? 0 : line_gap,
                 angle = turned ? -G_PI / 2 : 0;
          char line[64];

          flitlab_render_text (cr, name, t.small_bold.name, x + w / 2 - dx, y + h / 2 - dy, 0.5,
                               0.5, angle);
          g_snprintf (line, sizeof line, "T %.3g", k->time);
          flitlab_render_text (cr, line, t.small.name, x + w / 2, y + h / 2, 0.5, 0.5, angle);
          g_snprintf (line, sizeof line, "λ %.3g", k->flow);
          flitlab_render_text (cr, line, t.small.name, x + w / 2 + dx, y + h / 2 + dy, 0.5, 0.5,
                               angle);
        }
    }
  if (column_h > 0)
    for (guint column = 0; column < d.columns; column++)
      {
        g_autofree char *label = column_label (&t, &d, column, cell_w - 0.3 * t.f);

        cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
        if (label != NULL)
          flitlab_render_text (cr, label, t.label.name, left + (column + 0.5) * cell_w, top, 0.5, 0,
                               0);
        else if (column_lines > 1)
          flitlab_render_paragraph (cr, _(d.column_names[column]), t.label.name,
                                    left + (column + 0.5) * cell_w,
                                    top, cell_w - 0.1 * t.f, column_lines, TRUE);
      }
  flitlab_color_bar_draw (cr, &bar, right + t.f, top + column_h, bar_h);
  flitlab_flow_diagram_clear (&d);
  flitlab_flow_chain_clear (&header_chain);
  flitlab_flow_chain_clear (&buffer_chain);
  cairo_restore (cr);
}

void
flitlab_render_flow_full (cairo_t                 *cr,
                          const FlitlabModel      *model,
                          const FlitlabModelPoint *point,
                          double                   width,
                          double                   height,
                          double                   font_size)
{
  render_flow (cr, model, point, width, height, font_size, NULL);
}

GArray *
flitlab_render_flow_boxes (const FlitlabModel      *model,
                           const FlitlabModelPoint *point,
                           double                   width,
                           double                   height,
                           double                   font_size)
{
  GArray *boxes = g_array_new (FALSE, FALSE, sizeof (Box));
  cairo_surface_t *surface;
  cairo_t *cr;

  g_return_val_if_fail (model != NULL && point != NULL, boxes);

  /* The figure laid out again on a pixel's surface: the type measures as on any other, so
   * the boxes are where the drawing put them. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  render_flow (cr, model, point, width, height, font_size, boxes);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return boxes;
}

int
flitlab_render_flow_box_at (const GArray *boxes,
                            double        x,
                            double        y)
{
  for (guint b = 0; boxes != NULL && b < boxes->len; b++)
    {
      const Box *box = &g_array_index (boxes, Box, b);

      if (x >= box->x && x <= box->x + box->w && y >= box->y && y <= box->y + box->h)
        return (int) box->klass;
    }
  return -1;
}

int
flitlab_render_flow_class_at (const FlitlabModel      *model,
                              const FlitlabModelPoint *point,
                              double                   width,
                              double                   height,
                              double                   font_size,
                              double                   x,
                              double                   y)
{
  g_autoptr(GArray) boxes = flitlab_render_flow_boxes (model, point, width, height, font_size);

  return flitlab_render_flow_box_at (boxes, x, y);
}

/* Whether class name is one of pattern's, the class a model gives a channel: a list joined
 * by ", " ("X_{i,j}, bX_{i}"), in which "*" ("c[d=1,i=*]") and a lone i or j between braces
 * and commas ("X_{i,j}") stand for a number. A remark after the name ("c[d=1,i=2] (each
 * direction)") is not part of it. */
static gboolean
class_in_pattern (const char *name,
                  const char *pattern)
{
  g_auto(GStrv) alternatives = g_strsplit (pattern, ", ", -1);

  for (guint a = 0; alternatives[a] != NULL; a++)
    {
      const char *p = alternatives[a], *n = name;

      while (*p != '\0' && *n != '\0')
        {
          gboolean number = *p == '*' ||
                            ((*p == 'i' || *p == 'j') && p > alternatives[a] &&
                             strchr ("{,", p[-1]) != NULL &&
                             p[1] != '\0' && strchr (",}", p[1]) != NULL);

          if (number)
            {
              if (!g_ascii_isdigit (*n))
                break;
              while (g_ascii_isdigit (*n))
                n++;
              p++;
            }
          else if (*p++ != *n++)
            break;
        }
      if (*p == '\0' && (*n == '\0' || g_str_has_prefix (n, " (")))
        return TRUE;
    }
  return FALSE;
}

GArray *
flitlab_render_flow_class_channels (const FlitlabModelPoint *point,
                                    guint                    klass_index)
{
  GArray *channels;
  const char *name;

  g_return_val_if_fail (point != NULL, NULL);

  if (point->classes == NULL || klass_index >= point->classes->len || point->channel_class == NULL)
    return NULL;
  name = klass (point, klass_index)->name;
  channels = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint c = 0; c < point->n_channels; c++)
    if (point->channel_class[c] != NULL && class_in_pattern (name, point->channel_class[c]))
      g_array_append_val (channels, c);
  if (channels->len == 0)
    g_clear_pointer (&channels, g_array_unref);
  return channels;
}

void
flitlab_render_flow (cairo_t                 *cr,
                     const FlitlabModel      *model,
                     const FlitlabModelPoint *point,
                     double                   width,
                     double                   height)
{
  flitlab_render_flow_full (cr, model, point, width, height, 0);
}
