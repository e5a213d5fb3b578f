/* flitlab-render-flow.c: a model's channel classes drawn as the papers draw them, with values
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every model names its classes after its paper (src/core/flitlab-model-*.c): "c[d=1,i=3]",
 * "C[d=2]", "<3>", "<2,5>", "X_{1,2}", "injection", … The names place each class in a grid of
 * cells, one grid for every diagram; arrows join the cells the flow goes through. The grid is
 * then fitted to the figure, labels shrink away when the cells get too small for them, and a
 * colour bar gives the scale.
 */

#include "config.h"

#include <math.h>
#include <stdio.h>

#include "flitlab-colormap.h"
#include "flitlab-render-flow.h"
#include "flitlab-render-plot.h"
#include "flitlab-render-private.h"

typedef struct
{
  guint  column;
  guint  row;
  guint  klass;  /* index into the point's classes */
} Cell;

typedef struct
{
  guint  from;        /* cell indices */
  guint  to;
  double probability; /* the model's routing probability, NAN when it gives none */
} Arrow;

typedef struct
{
  GArray *cells;   /* Cell */
  GArray *arrows;  /* Arrow */
  guint   columns;
  guint   rows;
  guint   n_laid_out;  /* cells placed after the paper, before add_others() */
  char   *column_label_format; /* e.g. "dimension %u"; NULL: none */
  const char * const *column_names; /* or a name per column; NULL: none */
  const char *note;            /* how to read the layout; NULL: none */
} Diagram;

static void
add_cell (Diagram *d,
          guint    column,
          guint    row,
          guint    klass)
{
  Cell cell = { column, row, klass };

  g_array_append_val (d->cells, cell);
  d->columns = MAX (d->columns, column + 1);
  d->rows = MAX (d->rows, row + 1);
}

static void
add_arrow (Diagram *d,
           guint    from,
           guint    to)
{
  Arrow arrow = { from, to, NAN };

  g_array_append_val (d->arrows, arrow);
}

static const FlitlabModelClass *
klass (const FlitlabModelPoint *point,
       guint                    i)
{
  return &g_array_index (point->classes, FlitlabModelClass, i);
}

/* The cells of classes no layout placed: rows of their own under the rest, as wide as it. */
static void
add_others (Diagram                 *d,
            const FlitlabModelPoint *point,
            const gboolean          *placed)
{
  guint row = d->rows, column = 0, width = MAX (d->columns, 8);

  d->n_laid_out = d->cells->len;
  for (guint i = 0; i < point->classes->len; i++)
    if (!placed[i])
      {
        if (column == width)
          column = 0, row++;
        add_cell (d, column++, row, i);
      }
}

/* 000 Figs. 1 and 3: per dimension a column of c_{d,i}, i hops still to go in it, the flow
 * running down each column (i to i - 1) and on to the next dimension. Fig. 5: the chain
 * C_1 … C_n of the hypercube. */
static gboolean
layout_ciciani (Diagram                 *d,
                const FlitlabModelPoint *point,
                gboolean                *placed)
{
  gboolean any = FALSE;
  int last_top[64];

  for (guint c = 0; c < G_N_ELEMENTS (last_top); c++)
    last_top[c] = -1;
  for (guint i = 0; i < point->classes->len; i++)
    {
      guint dim, hops;

      if (sscanf (klass (point, i)->name, "c[d=%u,i=%u]", &dim, &hops) == 2 && dim < 64 && hops >= 1)
        {
          add_cell (d, dim, hops - 1, i);
          placed[i] = any = TRUE;
        }
      else if (sscanf (klass (point, i)->name, "C[d=%u]", &dim) == 1)
        {
          add_cell (d, dim, 0, i);
          placed[i] = any = TRUE;
        }
    }
  if (!any)
    return FALSE;
  /* Down each column from the most hops to one; from the last cell of a column (one hop
   * left) to the top of the next, where a message turns. */
  for (guint a = 0; a < d->cells->len; a++)
    for (guint b = 0; b < d->cells->len; b++)
      {
        const Cell *ca = &g_array_index (d->cells, Cell, a), *cb = &g_array_index (d->cells, Cell, b);

        if (d->rows > 1 && ca->column == cb->column && cb->row + 1 == ca->row)
          add_arrow (d, a, b);
        if (ca->column + 1 == cb->column && ca->row == 0 && (d->rows == 1 || cb->row == 0))
          add_arrow (d, a, b);
      }
  d->column_label_format = g_strdup (d->rows > 1 ? "dimension %u" : "C%u");
  d->note = d->rows > 1 ? "a column per dimension, c[d,i] with i hops still to go in it; the flow runs up each column and on to the next dimension"
                        : "the chain C_1 … C_n of dimensions in e-cube order; the flow runs left to right";
  return TRUE;
}

/* 001: the x classes <j0> in a row above the y classes <j0,j1>, j0 across, j1 down. */
static gboolean
layout_greenberg (Diagram                 *d,
                  const FlitlabModelPoint *point,
                  gboolean                *placed)
{
  gboolean any = FALSE;

  for (guint i = 0; i < point->classes->len; i++)
    {
      guint j0, j1;
      char end;

      if (sscanf (klass (point, i)->name, "<%u,%u%c", &j0, &j1, &end) == 3 && end == '>')
        {
          add_cell (d, j0, 1 + j1, i);
          placed[i] = any = TRUE;
        }
      else if (sscanf (klass (point, i)->name, "<%u%c", &j0, &end) == 2 && end == '>')
        {
          add_cell (d, j0, 0, i);
          placed[i] = any = TRUE;
        }
    }
  /* The injection channels inj(c,r), one per node, as a grid of the nodes to the right. */
  if (any)
    {
      guint base = d->columns + 1;

      d->note = "top row: x classes <j0>; below: y classes <j0,j1>, j0 across and j1 down; right: the injection channel of each node; last: ejection";
      for (guint i = 0; i < point->classes->len; i++)
        {
          guint c, r;

          if (sscanf (klass (point, i)->name, "inj(%u,%u)", &c, &r) == 2)
            {
              add_cell (d, base + c, 1 + r, i);
              placed[i] = TRUE;
            }
        }
    }
  return any;
}

/* 002 Fig. 1: the south-east quadrant, X_{i,j} on the left and Y_{i,j} on the right, i down
 * and j across, the adaptive flows from each X to the X and Y it may take next. */
static gboolean
layout_quaglia (Diagram                 *d,
                const FlitlabModelPoint *point,
                gboolean                *placed)
{
  guint width = 0;
  gboolean any = FALSE;

  for (guint i = 0; i < point->classes->len; i++)
    {
      guint a, b;

      if (sscanf (klass (point, i)->name, "X_{%u,%u}", &a, &b) == 2 ||
          sscanf (klass (point, i)->name, "Y_{%u,%u}", &a, &b) == 2)
        width = MAX (width, b);
    }
  for (guint i = 0; i < point->classes->len; i++)
    {
      guint a, b;

      if (sscanf (klass (point, i)->name, "X_{%u,%u}", &a, &b) == 2 && a >= 1 && b >= 1)
        {
          add_cell (d, b - 1, a - 1, i);
          placed[i] = any = TRUE;
        }
      else if (sscanf (klass (point, i)->name, "Y_{%u,%u}", &a, &b) == 2 && a >= 1 && b >= 1)
        {
          add_cell (d, width + 1 + b - 1, a - 1, i);
          placed[i] = any = TRUE;
        }
    }
  if (any)
    d->note = "the south-east quadrant: X_{i,j} on the left, Y_{i,j} on the right (i down, j across); below: the other classes and the routing probabilities";
  return any;
}

/* The model's routes between boxes of the paper's layout side by side or one above the other:
 * a message going on in its dimension (001: <j0> to <j0-1>, <j0,j1> to <j0,j1-1>). */
static void
add_route_arrows (Diagram                 *d,
                  const FlitlabModelPoint *point)
{
  g_autofree int *cell_of = NULL;

  if (point->routes == NULL || point->routes->len == 0)
    return;
  cell_of = g_new (int, point->classes->len);
  for (guint i = 0; i < point->classes->len; i++)
    cell_of[i] = -1;
  for (guint c = 0; c < d->n_laid_out; c++)
    cell_of[g_array_index (d->cells, Cell, c).klass] = (int) c;
  for (guint r = 0; r < point->routes->len; r++)
    {
      const FlitlabModelRoute *route = &g_array_index (point->routes, FlitlabModelRoute, r);
      int a = cell_of[route->from], b = cell_of[route->to];
      const Cell *ca, *cb;

      if (a < 0 || b < 0)
        continue;
      ca = &g_array_index (d->cells, Cell, a);
      cb = &g_array_index (d->cells, Cell, b);
      if ((ca->column == cb->column && ABS ((int) ca->row - (int) cb->row) == 1) ||
          (ca->row == cb->row && ABS ((int) ca->column - (int) cb->column) == 1))
        {
          add_arrow (d, a, b);
          g_array_index (d->arrows, Arrow, d->arrows->len - 1).probability = route->probability;
        }
    }
}

/* 003 section 3: a message crosses three sub-networks, its source necklace to the nearest
 * base vertex, the base hypercube, and the destination necklace; the model has one class for
 * both necklaces, drawn at either end. */
static gboolean
layout_meraji (Diagram                 *d,
               const FlitlabModelPoint *point,
               gboolean                *placed)
{
  static const char * const names[] = { "injection", "source necklace", "base hypercube", "destination necklace" };
  static const char * const classes[] = { "injection", "necklace", "hypercube", "necklace" };
  int found[G_N_ELEMENTS (classes)];

  for (guint c = 0; c < G_N_ELEMENTS (classes); c++)
    {
      found[c] = -1;
      for (guint i = 0; i < point->classes->len; i++)
        if (g_str_equal (klass (point, i)->name, classes[c]))
          found[c] = (int) i;
      if (found[c] < 0)
        return FALSE;
    }
  for (guint c = 0; c < G_N_ELEMENTS (classes); c++)
    {
      add_cell (d, c, 0, (guint) found[c]);
      placed[found[c]] = TRUE;
      if (c > 0)
        add_arrow (d, c - 1, c);
    }
  d->column_names = names;
  d->note = "the three sub-networks a message crosses (003 section 3), after it is injected";
  return TRUE;
}

/* Light text on the dark half of the viridis scale, dark text on the light half. */
static double
text_shade (double value,
            double hi)
{
  return isfinite (value) && value < 0.55 * hi ? 1 : 0.1;
}

static void
diagram_clear (Diagram *d)
{
  g_array_unref (d->cells);
  g_array_unref (d->arrows);
  g_free (d->column_label_format);
}

/* ---- drawing --------------------------------------------------------------------------- */

static void
cell_rect (const Diagram *d,
           const Cell    *cell,
           double         left,
           double         top,
           double         cell_w,
           double         cell_h,
           double        *x,
           double        *y,
           double        *w,
           double        *h)
{
  *w = cell_w * 0.8;
  *h = cell_h * 0.7;
  *x = left + cell->column * cell_w + (cell_w - *w) / 2;
  *y = top + cell->row * cell_h + (cell_h - *h) / 2;
}

static void
draw_arrow_between (cairo_t *cr,
                    double   x0,
                    double   y0,
                    double   x1,
                    double   y1)
{
  double dx = x1 - x0, dy = y1 - y0, len = hypot (dx, dy), a = MIN (7, len / 3);

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

static void
draw_color_bar (cairo_t *cr,
                double   x,
                double   y,
                double   h,
                double   hi)
{
  char text[32];

  for (guint i = 0; i < 64; i++)
    {
      double r, g, b;

      flitlab_colormap_viridis (hi * (i + 0.5) / 64, 0, hi, &r, &g, &b);
      cairo_set_source_rgb (cr, r, g, b);
      cairo_rectangle (cr, x, y + h - (i + 1) * h / 64, 14, h / 64 + 0.5);
      cairo_fill (cr);
    }
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  g_snprintf (text, sizeof text, "%.3g", hi);
  flitlab_render_text (cr, text, "Sans 8", x + 18, y, 0, 0.5, 0);
  flitlab_render_text (cr, "0", "Sans 8", x + 18, y + h, 0, 0.5, 0);
  /* Right-aligned, clear of the boxes left of the bar. */
  flitlab_render_text (cr, "utilization", "Sans 8", x + 50, y + h + 6, 1, 0, 0);
}

static const FlitlabModelVector *
find_vector (const FlitlabModelPoint *point,
             const char              *name)
{
  for (guint v = 0; point->vectors != NULL && v < point->vectors->len; v++)
    if (g_str_equal (((FlitlabModelVector *) point->vectors->pdata[v])->name, name))
      return point->vectors->pdata[v];
  return NULL;
}

/* 004 Fig. 4: the number i of one-bits left in a message's header. From state i a message is
 * forwarded (to i - 1) with probability p + q (i - 1)/(n - 1), and backtracked (to i + 1) with
 * q (n - i)/(n - 1); from n it can only go back to n - 1; 0 is delivery. */
static void
draw_header_chain (cairo_t *cr,
                   guint    n,
                   double   p,
                   double   q,
                   double   left,
                   double   top,
                   double   width,
                   double   height)
{
  double step = width / (n + 1), radius = MIN (step / 4, height / 5), y = top + height / 2;

  cairo_new_path (cr);
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  flitlab_render_text (cr, "header chain (004 Fig. 4): state i = one-bits still to correct",
                       "Sans Bold 9", left + width / 2, top, 0.5, 0, 0);
  for (guint i = 0; i <= n; i++)
    {
      double x = left + (i + 0.5) * step;
      char label[32];

      cairo_set_line_width (cr, 1.2);
      cairo_new_path (cr);
      cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, i == 0 ? 0.85 : 1, i == 0 ? 0.95 : 1, i == 0 ? 0.85 : 1);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      cairo_stroke (cr);
      g_snprintf (label, sizeof label, "%u", i);
      flitlab_render_text (cr, label, "Sans Bold 9", x, y, 0.5, 0.5, 0);
      if (i == 0)
        continue;
      /* Forward, i to i - 1, drawn above; backtrack, i to i + 1, below. */
      g_snprintf (label, sizeof label, "%.3g", i == n ? 1.0 : p + q * (i - 1) / MAX (n - 1, 1));
      draw_arrow_between (cr, x - radius * 0.7, y - radius * 0.7, x - step + radius * 0.7, y - radius * 0.7);
      flitlab_render_text (cr, label, "Sans 8", x - step / 2, y - radius * 0.7 - 2, 0.5, 1, 0);
      if (i < n)
        {
          g_snprintf (label, sizeof label, "%.3g", q * (n - i) / MAX (n - 1, 1));
          draw_arrow_between (cr, x + radius * 0.7, y + radius * 0.7, x + step - radius * 0.7, y + radius * 0.7);
          flitlab_render_text (cr, label, "Sans 8", x + step / 2, y + radius * 0.7 + 2, 0.5, 0, 0);
        }
    }
}

/* The vectors drawn otherwise: the 004 chains. */
static gboolean
drawn_as_chain (const FlitlabModelVector *vector)
{
  return g_str_equal (vector->name, "stationary") || g_str_equal (vector->name, "header-phases");
}

/* The model's other distributions as bar charts in a band (up to three): the 003
 * virtual-channel occupancies, the 002 routing probabilities, 004's hops to go. */
static void
draw_vectors (cairo_t                 *cr,
              const FlitlabModelPoint *point,
              double                   left,
              double                   top,
              double                   width,
              double                   height)
{
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();
  double chart_w;
  guint n;

  for (guint v = 0; v < point->vectors->len && shown->len < 3; v++)
    if (!drawn_as_chain (point->vectors->pdata[v]))
      g_ptr_array_add (shown, point->vectors->pdata[v]);
  n = shown->len;
  chart_w = width / MAX (n, 1);
  for (guint v = 0; v < n; v++)
    {
      const FlitlabModelVector *vector = shown->pdata[v];
      double x0 = left + v * chart_w + 10, w = chart_w - 20, h = height - 48, hi = 0;

      for (guint i = 0; i < vector->n_values; i++)
        if (isfinite (vector->values[i]))
          hi = MAX (hi, vector->values[i]);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      flitlab_render_text (cr, vector->name, "Sans Bold 9", x0 + w / 2, top, 0.5, 0, 0);
      for (guint i = 0; i < vector->n_values && hi > 0; i++)
        {
          double bw = w / vector->n_values, bh = isfinite (vector->values[i]) ? h * vector->values[i] / hi : 0;
          double r, g, b;

          flitlab_colormap_viridis (vector->values[i], 0, hi, &r, &g, &b);
          cairo_set_source_rgb (cr, r, g, b);
          cairo_rectangle (cr, x0 + i * bw + 1, top + 28 + h - bh, bw - 2, bh);
          cairo_fill (cr);
          if (bw >= 26)
            {
              char text[32];

              g_snprintf (text, sizeof text, "%.2g", vector->values[i]);
              cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
              flitlab_render_text (cr, text, "Sans 7", x0 + (i + 0.5) * bw, top + 28 + h - bh - 1, 0.5, 1, 0);
            }
        }
      cairo_set_source_rgb (cr, 0.5, 0.5, 0.5);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, x0, top + 28 + h + 0.5);
      cairo_line_to (cr, x0 + w, top + 28 + h + 0.5);
      cairo_stroke (cr);
    }
}

/* 004's buffer chain: one node's occupancy 0..M, each state coloured by its stationary
 * probability on its own scale and labelled with it. The chain moves up with arrivals and down
 * by up to n messages a cycle (P = D R A, Eqs. 1-8): too many ways to draw them all. */
static void
draw_buffer_chain (cairo_t                  *cr,
                   const FlitlabModelVector *pi,
                   double                    left,
                   double                    top,
                   double                    width,
                   double                    height)
{
  guint k = pi->n_values;
  double step = width / MAX (k, 1), radius = MIN (0.42 * step, (height - 34) / 2), y = top + 18 + radius, hi = 0;

  for (guint i = 0; i < k; i++)
    if (isfinite (pi->values[i]))
      hi = MAX (hi, pi->values[i]);
  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  flitlab_render_text_within (cr, "buffer chain of one node (004 Eqs. 1-8): state i = messages held, π_i its stationary probability",
                              "Sans Bold 9", left + width / 2, top, 0.5, 0, width);
  for (guint i = 0; i < k && radius > 2; i++)
    {
      double x = left + (i + 0.5) * step, r, g, b, shade;
      char label[32];

      flitlab_colormap_viridis (pi->values[i], 0, hi > 0 ? hi : 1, &r, &g, &b);
      cairo_new_path (cr);
      cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, r, g, b);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      shade = text_shade (pi->values[i], hi);
      cairo_set_source_rgb (cr, shade, shade, shade);
      g_snprintf (label, sizeof label, "%u", i);
      flitlab_render_text (cr, label, "Sans Bold 8", x, y, 0.5, 0.5, 0);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      g_snprintf (label, sizeof label, "%.2g", pi->values[i]);
      flitlab_render_text_within (cr, label, "Sans 7", x, y + radius + 2, 0.5, 0, step - 2);
    }
}

/* The class Fig. 3 is drawn for: the one with the most ways out, the busiest of those. */
static int
fan_out_class (const FlitlabModelPoint *point)
{
  g_autofree guint *ways = NULL;
  int best = -1;

  if (point->routes == NULL || point->routes->len == 0)
    return -1;
  ways = g_new0 (guint, point->classes->len);
  for (guint r = 0; r < point->routes->len; r++)
    ways[g_array_index (point->routes, FlitlabModelRoute, r).from]++;
  for (guint c = 0; c < point->classes->len; c++)
    if (ways[c] > 0 && (best < 0 || ways[c] > ways[best] ||
                        (ways[c] == ways[best] && klass (point, c)->utilization > klass (point, best)->utilization)))
      best = (int) c;
  return best;
}

static int
by_probability (gconstpointer a,
                gconstpointer b)
{
  double pa = ((const FlitlabModelRoute *) a)->probability, pb = ((const FlitlabModelRoute *) b)->probability;

  return (pa < pb) - (pa > pb);
}

/* A class's box: coloured by its utilization, its name and two lines of numbers. */
static void
draw_class_box (cairo_t                 *cr,
                const FlitlabModelClass *k,
                const char              *line1,
                const char              *line2,
                double                   hi,
                double                   x,
                double                   y,
                double                   w,
                double                   h)
{
  double r, g, b, shade = text_shade (k->utilization, hi);

  flitlab_colormap_viridis (k->utilization, 0, hi, &r, &g, &b);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_rectangle (cr, x, y, w, h);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, shade, shade, shade);
  flitlab_render_text (cr, k->name, "Sans Bold 8", x + 6, y + h / 2, 0, 0.5, 0);
  /* Two lines of numbers where they fit, else one, else none (a short figure). */
  if (h >= 26)
    {
      flitlab_render_text (cr, line1, "Sans 8", x + w - 6, y + h / 2 - 1, 1, 1, 0);
      flitlab_render_text (cr, line2, "Sans 8", x + w - 6, y + h / 2 + 1, 1, 0, 0);
    }
  else if (h >= 12)
    {
      g_autofree char *both = g_strdup_printf ("%s  %s", line1, line2);

      flitlab_render_text_within (cr, both, "Sans 8", x + w - 6, y + h / 2, 1, 0.5, w - 60);
    }
}

/* 001 Fig. 3 with numbers: the messages leaving one class (left) and the classes they take
 * next (right, most likely first), each arrow labelled with its routing probability R_{i|j}. */
static void
draw_fan_out (cairo_t                 *cr,
              const FlitlabModelPoint *point,
              guint                    from,
              const char              *note,
              double                   hi,
              double                   left,
              double                   top,
              double                   width,
              double                   height)
{
  g_autoptr(GArray) ways = g_array_new (FALSE, FALSE, sizeof (FlitlabModelRoute));
  const FlitlabModelClass *source = klass (point, from);
  double box_w = MIN (220, 0.3 * width), row_h, box_h, y0 = top + 30, x1 = left + width - box_w;
  char title[160], line1[64], line2[64];

  for (guint r = 0; r < point->routes->len; r++)
    if (g_array_index (point->routes, FlitlabModelRoute, r).from == from)
      g_array_append_val (ways, g_array_index (point->routes, FlitlabModelRoute, r));
  g_array_sort (ways, by_probability);
  row_h = (height - 30) / MAX (ways->len, 1);
  box_h = MIN (0.8 * row_h, 40);

  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  g_snprintf (title, sizeof title, "Fig. 3 for %s: where its messages go next, with the routing probabilities R",
              source->name);
  flitlab_render_text_within (cr, title, "Sans Bold 9", left + width / 2, top, 0.5, 0, width);
  if (note != NULL)
    {
      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      flitlab_render_text_within (cr, note, "Sans 8", left + width / 2, top + 14, 0.5, 0, width);
    }
  g_snprintf (line1, sizeof line1, "λ %.3g", source->flow);
  g_snprintf (line2, sizeof line2, "T %.3g  W %.3g", source->time, source->wait);
  draw_class_box (cr, source, line1, line2, hi, left, y0 + (height - 30 - box_h) / 2, box_w, box_h);

  for (guint i = 0; i < ways->len; i++)
    {
      const FlitlabModelRoute *way = &g_array_index (ways, FlitlabModelRoute, i);
      const FlitlabModelClass *next = klass (point, way->to);
      double y = y0 + i * row_h + (row_h - box_h) / 2, ax = left + box_w, ay = y0 + (height - 30) / 2, slope;
      char label[32];

      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      cairo_set_line_width (cr, 1.2);
      draw_arrow_between (cr, ax + 4, ay, x1 - 4, y + box_h / 2);
      g_snprintf (label, sizeof label, "R = %.3g", way->probability);
      cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
      /* Near the arrowhead, where the arrows are far apart, above its line from 80 to 16
       * points before the box. */
      slope = (y + box_h / 2 - ay) / MAX (x1 - ax - 8, 1);
      flitlab_render_text (cr, label, "Sans 8", x1 - 16,
                           y + box_h / 2 - MAX (slope * 80, slope * 16) - 3, 1, 1, 0);
      g_snprintf (line1, sizeof line1, "λ %.3g", next->flow);
      g_snprintf (line2, sizeof line2, "T %.3g  W %.3g", next->time, next->wait);
      draw_class_box (cr, next, line1, line2, hi, x1, y, box_w, box_h);
    }
}

void
flitlab_render_flow (cairo_t                 *cr,
                     const FlitlabModel      *model,
                     const FlitlabModelPoint *point,
                     double                   width,
                     double                   height)
{
  const FlitlabModelInfo *info;
  Diagram d = { .cells = g_array_new (FALSE, FALSE, sizeof (Cell)),
                .arrows = g_array_new (FALSE, FALSE, sizeof (Arrow)) };
  g_autofree gboolean *placed = NULL;
  g_autofree char *title = NULL;
  double top = 52, left = 20, right = width - 70, bottom = height - 16, hi = 0;
  double cell_w, cell_h;
  gboolean labels, names, with_vectors;
  int focus;

  g_return_if_fail (cr != NULL && model != NULL && point != NULL);

  info = flitlab_model_get_info (model);
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  flitlab_render_text_within (cr, info->title, "Sans Bold 11", width / 2, 10, 0.5, 0, width - 16);
  /* Translators would not reach this: the figures are in English, like the plots. */
  title = point->saturated
          ? g_strdup_printf ("load %.4g messages/cycle/node: beyond saturation, no steady state", point->rate)
          : g_strdup_printf ("load %.4g messages/cycle/node; latency %.2f cycles; boxes: T service time, λ flow",
                             point->rate, point->latency);
  flitlab_render_text_within (cr, title, "Sans 9", width / 2, 28, 0.5, 0, width - 16);
  if (point->saturated || point->classes == NULL || point->classes->len == 0)
    {
      diagram_clear (&d);
      cairo_restore (cr);
      return;
    }

  placed = g_new0 (gboolean, point->classes->len);
  if (!layout_ciciani (&d, point, placed) && !layout_greenberg (&d, point, placed) &&
      !layout_meraji (&d, point, placed))
    layout_quaglia (&d, point, placed);
  add_others (&d, point, placed);
  add_route_arrows (&d, point);
  for (guint i = 0; i < point->classes->len; i++)
    if (isfinite (klass (point, i)->utilization))
      hi = MAX (hi, klass (point, i)->utilization);
  hi = hi > 0 ? hi : 1;
  focus = fan_out_class (point);
  if (focus >= 0)
    {
      double band = 0.34 * height;

      /* The mesh model folds the east- and north-bound channels onto the mirror image's
       * west- and south-bound (G4 in docs/models/greenberg1997.md). */
      draw_fan_out (cr, point, focus,
                    g_str_equal (info->id, "greenberg-mesh")
                    ? "east- and north-bound channels are the classes of the mirror column and row" : NULL,
                    hi, left, bottom - band, right - left, band);
      bottom -= band + 12;
    }
  with_vectors = FALSE;
  for (guint v = 0; point->vectors != NULL && v < point->vectors->len; v++)
    with_vectors |= !drawn_as_chain (point->vectors->pdata[v]);
  if (with_vectors)
    {
      draw_vectors (cr, point, left, height - 0.3 * height, right - left, 0.3 * height - 16);
      bottom = height - 0.3 * height - 10;
    }
  {
    const FlitlabModelVector *phases = find_vector (point, "header-phases");
    const FlitlabModelVector *hops = find_vector (point, "hops-to-go");

    if (phases != NULL && phases->n_values == 2 && hops != NULL && hops->n_values >= 2)
      {
        double band = 0.28 * height;

        draw_header_chain (cr, hops->n_values, phases->values[0], phases->values[1], left,
                           bottom - band, right - left, band);
        bottom -= band + 8;
      }
  }
  {
    const FlitlabModelVector *pi = find_vector (point, "stationary");

    if (pi != NULL && pi->n_values >= 2)
      {
        double band = 0.17 * height;

        draw_buffer_chain (cr, pi, left, bottom - band, right - left, band);
        bottom -= band + 8;
      }
  }
  if (d.note != NULL)
    {
      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      flitlab_render_text_within (cr, d.note, "Sans 8", width / 2, 44, 0.5, 0, width - 16);
      top += 12;
    }
  if (d.column_label_format != NULL || d.column_names != NULL)
    top += 16;

  cell_w = (right - left) / MAX (d.columns, 1);
  cell_h = (bottom - top) / MAX (d.rows, 1);
  /* Room for three lines of 8-point text, else colours only (the title says what they are). */
  labels = cell_w * 0.8 >= 64 && cell_h * 0.7 >= 38;
  /* Narrower: the class names alone. */
  names = !labels && cell_w * 0.8 >= 40 && cell_h * 0.7 >= 14;

  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  cairo_set_line_width (cr, 1.2);
  for (guint a = 0; a < d.arrows->len; a++)
    {
      const Arrow *arrow = &g_array_index (d.arrows, Arrow, a);
      const Cell *from = &g_array_index (d.cells, Cell, arrow->from), *to = &g_array_index (d.cells, Cell, arrow->to);
      double x0, y0, w0, h0, x1, y1, w1, h1;

      cell_rect (&d, from, left, top, cell_w, cell_h, &x0, &y0, &w0, &h0);
      cell_rect (&d, to, left, top, cell_w, cell_h, &x1, &y1, &w1, &h1);
      if (from->column == to->column)
        draw_arrow_between (cr, x0 + w0 / 2, y0 < y1 ? y0 + h0 : y0, x1 + w1 / 2, y0 < y1 ? y1 : y1 + h1);
      else
        draw_arrow_between (cr, x0 < x1 ? x0 + w0 : x0, y0 + h0 / 2, x0 < x1 ? x1 : x1 + w1, y1 + h1 / 2);
      /* The probability beside the arrow, where the gap between the boxes has room. */
      if (isfinite (arrow->probability) && from->column == to->column && cell_h * 0.3 >= 11 && cell_w * 0.8 >= 56)
        {
          char label[16];

          g_snprintf (label, sizeof label, "%.2g", arrow->probability);
          flitlab_render_text (cr, label, "Sans 7", x0 + w0 / 2 + 4, (MIN (y0, y1) + MAX (y0, y1) + h0) / 2,
                               0, 0.5, 0);
        }
    }
  if (focus >= 0)
    for (guint c = 0; c < d.cells->len; c++)
      if (g_array_index (d.cells, Cell, c).klass == (guint) focus)
        {
          double x, y, w, h;

          /* The class Fig. 3 below is drawn for. */
          cell_rect (&d, &g_array_index (d.cells, Cell, c), left, top, cell_w, cell_h, &x, &y, &w, &h);
          cairo_set_source_rgb (cr, 0.84, 0.1, 0.1);
          cairo_set_line_width (cr, 2.5);
          cairo_rectangle (cr, x - 2.5, y - 2.5, w + 5, h + 5);
          cairo_stroke (cr);
        }

  for (guint c = 0; c < d.cells->len; c++)
    {
      const Cell *cell = &g_array_index (d.cells, Cell, c);
      const FlitlabModelClass *k = klass (point, cell->klass);
      double x, y, w, h, r, g, b;

      cell_rect (&d, cell, left, top, cell_w, cell_h, &x, &y, &w, &h);
      flitlab_colormap_viridis (k->utilization, 0, hi, &r, &g, &b);
      cairo_set_source_rgb (cr, r, g, b);
      cairo_rectangle (cr, x, y, w, h);
      cairo_fill (cr);
      if (names)
        {
          double shade = text_shade (k->utilization, hi);

          cairo_set_source_rgb (cr, shade, shade, shade);
          flitlab_render_text (cr, k->name, "Sans 7", x + w / 2, y + h / 2, 0.5, 0.5, 0);
        }
      if (labels)
        {
          char line[64];
          double shade = text_shade (k->utilization, hi);

          cairo_set_source_rgb (cr, shade, shade, shade);
          flitlab_render_text (cr, k->name, "Sans Bold 8", x + w / 2, y + 3, 0.5, 0, 0);
          g_snprintf (line, sizeof line, "T %.3g", k->time);
          flitlab_render_text (cr, line, "Sans 8", x + w / 2, y + h / 2 + 1, 0.5, 0.5, 0);
          g_snprintf (line, sizeof line, "λ %.3g", k->flow);
          flitlab_render_text (cr, line, "Sans 8", x + w / 2, y + h - 3, 0.5, 1, 0);
        }
    }
  if (d.column_label_format != NULL || d.column_names != NULL)
    for (guint column = 0; column < d.columns; column++)
      {
        g_autofree char *label = d.column_names != NULL ? g_strdup (d.column_names[column])
                                                        : g_strdup_printf (d.column_label_format, column);

        cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
        flitlab_render_text (cr, label, "Sans 9", left + (column + 0.5) * cell_w, top - 16, 0.5, 0, 0);
      }
  draw_color_bar (cr, width - 56, top + 10, MIN (bottom - top - 40, 220), hi);
  diagram_clear (&d);
  cairo_restore (cr);
}

typedef struct
{
  const FlitlabModel      *model;
  const FlitlabModelPoint *point;
} FlowFigure;

static void
draw_figure (cairo_t  *cr,
             double    width,
             double    height,
             gpointer  data)
{
  const FlowFigure *figure = data;

  flitlab_render_flow (cr, figure->model, figure->point, width, height);
}

gboolean
flitlab_render_flow_to_file (const FlitlabModel  *model,
                             double               rate,
                             const char          *path,
                             double               width,
                             double               height,
                             double               scale,
                             GError             **error)
{
  g_autoptr(FlitlabModelPoint) point = NULL;
  FlowFigure figure;

  g_return_val_if_fail (model != NULL && path != NULL, FALSE);

  point = flitlab_model_evaluate_detail (model, rate);
  figure = (FlowFigure) { model, point };
  return flitlab_render_to_file (path, width, height, scale, draw_figure, &figure, error);
}
