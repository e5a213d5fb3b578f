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
static double
text_shade (double value,
            double hi)
{
  return isfinite (value) && value < 0.55 * hi ? 1 : 0.1;
}

/* ---- drawing --------------------------------------------------------------------------- */

/* The fonts of a figure whose type is f points: labels, headings, the title, small print. */
typedef FlitlabRenderType Type;

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

static void
draw_arrow_between (cairo_t *cr,
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

/* A band's heading: bold, centred, wrapped to two lines; returns its height. */
static double
heading (const Type *t,
         const char *text,
         double      x,
         double      y,
         double      width,
         gboolean    draw)
{
  cairo_set_source_rgb (t->cr, 0.2, 0.2, 0.2);
  return flitlab_render_paragraph (t->cr, text, t->bold.name, x, y, width, 2, draw);
}

#define HEADER_CHAIN_TITLE _("header chain: state i = one-bits still to correct")
#define BUFFER_CHAIN_TITLE _("buffer chain of one node: state i = messages held, πᵢ its stationary probability; arrivals move it right, departures left")
/* A colour bar shorter than this many label heights shows its 0 alone. */
#define BAR_LEAST_LABELS 6

/* The widest of a chain's transition probabilities as written. */
static double
widest_transition (const Type  *t,
                   const Chain *chain)
{
  double widest = 0;

  for (guint i = 0; i < chain->arrows->len; i++)
    {
      const Arrow *arrow = &g_array_index (chain->arrows, Arrow, i);
      char label[32];

      if (!isfinite (arrow->probability))
        continue;
      g_snprintf (label, sizeof label, "%.3g", arrow->probability);
      widest = MAX (widest, flitlab_render_type_width (t, label, t->small.name));
    }
  return widest;
}

/* A chain's transitions, between neighbouring states of radius whose centres are step apart
 * from x0 on the line y: leftwards a above the line, rightwards a below it, from edge to edge,
 * each with its probability beside it where it has one and numbers says they fit. */
static void
draw_transitions (const Type  *t,
                  const Chain *chain,
                  double       x0,
                  double       step,
                  double       y,
                  double       radius,
                  double       a,
                  gboolean     numbers)
{
  cairo_t *cr = t->cr;
  double edge = sqrt (MAX (radius * radius - a * a, 0));

  cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
  cairo_set_line_width (cr, 1.2);
  for (guint i = 0; i < chain->arrows->len; i++)
    {
      const Arrow *arrow = &g_array_index (chain->arrows, Arrow, i);
      double from = x0 + arrow->from * step, to = x0 + arrow->to * step;
      double side = arrow->to < arrow->from ? -1 : 1, line = y + side * a;
      char label[32];

      draw_arrow_between (cr, from + side * edge, line, to - side * edge, line, 0.8 * t->f);
      if (!numbers || !isfinite (arrow->probability))
        continue;
      g_snprintf (label, sizeof label, "%.3g", arrow->probability);
      flitlab_render_text (cr, label, t->small.name, (from + to) / 2, line + side * 0.15 * t->f,
                           0.5, side < 0 ? 1 : 0, 0);
    }
}

/* 004 Fig. 4 (flitlab_flow_header_chain()): the probabilities are written between the
 * states where they fit. */
static void
draw_header_chain (const Type  *t,
                   const Chain *chain,
                   double       left,
                   double       top,
                   double       width,
                   double       height)
{
  cairo_t *cr = t->cr;
  double step = width / chain->n_states, title_h = heading (t, HEADER_CHAIN_TITLE, left + width / 2, top, width, FALSE);
  double radius = MIN (step / 4, (height - title_h - 2 * t->small_h - 0.4 * t->f) / 2);
  /* Centred in the band under its heading, with a label's room above and below. */
  double y = top + title_h + (height - title_h) / 2;

  if (radius < 0.4 * t->f)
    return;
  heading (t, HEADER_CHAIN_TITLE, left + width / 2, top, width, TRUE);
  for (guint i = 0; i < chain->n_states; i++)
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
      if (2 * radius >= t->small_h)
        flitlab_render_text (cr, label, 2 * radius >= 1.2 * t->label_h ? t->bold.name : t->small_bold.name,
                             x, y, 0.5, 0.5, 0);
    }
  /* Neighbouring labels are a step apart. */
  draw_transitions (t, chain, left + 0.5 * step, step, y, radius, 0.7 * radius,
                    widest_transition (t, chain) + 0.5 * t->f <= step);
}

/* A class's or vector's name as drawn: the models mark the names that are words ("injection",
 * "necklace") with N_(); notation such as "<3,5>" is in no catalogue and shows as it is. */
static const char *
shown_name (const char *name)
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
  for (const char *c = shown_name (name); *c != '\0'; c++)
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
  char *name = flitlab_render_flow_class_name (k->name), *note = short_name ? strstr (name, " (") : NULL;

  if (note != NULL)
    *note = '\0';
  return name;
}

/* The vectors drawn otherwise: the 004 chains. */
static gboolean
drawn_as_chain (const FlitlabModelVector *vector)
{
  return g_str_equal (vector->name, FLOW_BUFFER_CHAIN_VECTOR) || g_str_equal (vector->name, FLOW_HEADER_CHAIN_VECTOR);
}

/* What a distribution's bars are: the value axis's caption with its unit, and the bars'
 * categories, named or numbered from first under a caption. */
typedef struct
{
  const char *vector;
  const char *value;         /* translatable (N_()) */
  const char *category;      /* translatable; NULL: none */
  guint       first;
  const char *names;         /* the categories, space-separated; NULL: numbered */
  const char *title;         /* translatable; NULL: the vector's name */
} VectorAxes;

static const VectorAxes vector_axes[] = {
  { "p", N_("probability"), N_("dimension"), 0, "X Y" },
  { "W", N_("mean wait (cycles)"), N_("quadrant stream"), 0, "WE NE NS WS" },
  { "switches", N_("switch (0 or 1)"), NULL, 0, "r s v" },
  { "hops-to-go", N_("hops still to take"), N_("one-bits to correct"), 1, NULL, N_("hops to go") },
  { "transit-arrivals", N_("probability"), N_("messages arriving in transit"), 0, NULL, N_("arrivals in transit") },
  { "distance", N_("probability"), N_("hops to the destination"), 1, NULL },
  { "P_v necklace", N_("probability"), N_("virtual channels busy"), 0, NULL, N_("Pᵥ, necklace") },
  { "P_v hypercube", N_("probability"), N_("virtual channels busy"), 0, NULL, N_("Pᵥ, hypercube") },
  { "blocking (necklace, hypercube)", N_("probability"), NULL, 0, "necklace hypercube" },
  { "multiplexing degree (necklace, hypercube)", N_("virtual channels"), NULL, 0, "necklace hypercube" },
};

static const VectorAxes *
axes_of (const FlitlabModelVector *vector)
{
  static const VectorAxes unknown = { NULL, N_("value"), NULL, 0, NULL };

  for (guint a = 0; a < G_N_ELEMENTS (vector_axes); a++)
    if (g_str_equal (vector_axes[a].vector, vector->name))
      return &vector_axes[a];
  return &unknown;
}

/* A chart's heading: its own title, or the vector's name. */
static const char *
vector_title (const FlitlabModelVector *vector)
{
  const VectorAxes *axes = axes_of (vector);

  return axes->title != NULL ? _(axes->title) : shown_name (vector->name);
}

/* The name of bar i of a chart. */
static char *
category_name (const VectorAxes *axes,
               guint             i)
{
  if (axes->names != NULL)
    {
      g_auto(GStrv) names = g_strsplit (axes->names, " ", -1);

      return g_strdup (i < g_strv_length (names) ? names[i] : "");
    }
  return g_strdup_printf ("%u", axes->first + i);
}

/* The model's other distributions as bar charts in a band (up to three): the 003
 * virtual-channel occupancies, the 002 routing probabilities, 004's hops to go. Each has a
 * value axis with round ticks and its caption with the unit above it, and its categories
 * under the bars (every second, third … where they would touch) with their caption; a bar's
 * value is written over it where the bars are wide enough for it. */
static void
draw_vectors (const Type              *t,
              const FlitlabModelPoint *point,
              double                   left,
              double                   top,
              double                   width,
              double                   height)
{
  cairo_t *cr = t->cr;
  g_autoptr(GPtrArray) shown = g_ptr_array_new ();
  double chart_w, title_h = 0;
  guint n;

  for (guint v = 0; v < point->vectors->len && shown->len < 3; v++)
    if (!drawn_as_chain (point->vectors->pdata[v]))
      g_ptr_array_add (shown, point->vectors->pdata[v]);
  n = shown->len;
  chart_w = width / MAX (n, 1);
  for (guint v = 0; v < n; v++)
    title_h = MAX (title_h, heading (t, vector_title (shown->pdata[v]),
                                     0, 0, chart_w - t->f, FALSE));

  for (guint v = 0; v < n; v++)
    {
      const FlitlabModelVector *vector = shown->pdata[v];
      const VectorAxes *axes = axes_of (vector);
      double x0 = left + v * chart_w + 0.5 * t->f, w = chart_w - t->f, hi = 0, widest = 0, axis_w = 0;
      double caption_y = top + title_h + 0.1 * t->f, plot_top = caption_y + 1.6 * t->small_h;
      double base = top + height - 2 * t->small_h - 0.3 * t->f - (axes->category != NULL ? t->small_h : 0);
      double h = base - (plot_top + t->small_h), bw, name_w = 0, ticks[8];
      guint n_ticks, every;
      gboolean any = FALSE;
      char text[32];

      if (h < 0.5 * t->f)
        return;
      for (guint i = 0; i < vector->n_values; i++)
        if (isfinite (vector->values[i]))
          {
            hi = MAX (hi, vector->values[i]);
            any = TRUE;
            g_snprintf (text, sizeof text, "%.2g", vector->values[i]);
            widest = MAX (widest, flitlab_render_type_width (t, text, t->small.name));
          }
      heading (t, vector_title (vector), x0 + w / 2, top, w, TRUE);
      /* All zero (no switch set): an axis up to 1 and flat bars labelled 0, not bare axes. */
      if (any && hi == 0)
        hi = 1;
      /* The axis reaches the highest bar or the next round tick above it. */
      n_ticks = hi > 0 ? flitlab_plot_nice_ticks (0, 1.25 * hi, MAX (2, MIN (6, (guint) (h / (1.6 * t->small_h)))), ticks) : 0;
      while (n_ticks > 1 && ticks[n_ticks - 2] >= hi)
        n_ticks--;
      hi = n_ticks > 0 ? MAX (hi, ticks[n_ticks - 1]) : hi;
      for (guint k = 0; k < n_ticks; k++)
        {
          g_snprintf (text, sizeof text, "%.3g", ticks[k]);
          axis_w = MAX (axis_w, flitlab_render_type_width (t, text, t->small.name));
        }
      axis_w += 0.5 * t->f;
      cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
      flitlab_render_text (cr, _(axes->value), t->small.name, x0, caption_y, 0, 0, 0);
      cairo_set_line_width (cr, 1);
      for (guint k = 0; k < n_ticks; k++)
        {
          double y = base - h * ticks[k] / hi;

          g_snprintf (text, sizeof text, "%.3g", ticks[k]);
          cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
          flitlab_render_text (cr, text, t->small.name, x0 + axis_w - 0.4 * t->f, y, 1, 0.5, 0);
          cairo_move_to (cr, x0 + axis_w - 0.25 * t->f, y + 0.5);
          cairo_line_to (cr, x0 + axis_w, y + 0.5);
          cairo_stroke (cr);
          cairo_set_source_rgb (cr, 0.9, 0.9, 0.9);
          cairo_move_to (cr, x0 + axis_w, y + 0.5);
          cairo_line_to (cr, x0 + w, y + 0.5);
          cairo_stroke (cr);
        }
      x0 += axis_w;
      w -= axis_w;
      bw = w / MAX (vector->n_values, 1);
      for (guint i = 0; i < vector->n_values && hi > 0; i++)
        {
          double bh = isfinite (vector->values[i]) ? h * vector->values[i] / hi : 0;
          double r, g, b;

          flitlab_colormap_viridis (vector->values[i], 0, hi, &r, &g, &b);
          cairo_set_source_rgb (cr, r, g, b);
          cairo_rectangle (cr, x0 + i * bw + 0.1 * bw, base - bh, 0.8 * bw, bh);
          cairo_fill (cr);
          if (widest + 0.3 * t->f <= bw)
            {
              g_snprintf (text, sizeof text, "%.2g", vector->values[i]);
              cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
              flitlab_render_text (cr, text, t->small.name, x0 + (i + 0.5) * bw, base - bh - 1, 0.5, 1, 0);
            }
        }
      /* The axes, then the categories under the bars: as many as fit apart. */
      cairo_set_source_rgb (cr, 0.4, 0.4, 0.4);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, x0 + 0.5, plot_top);
      cairo_line_to (cr, x0 + 0.5, base + 0.5);
      cairo_line_to (cr, x0 + w, base + 0.5);
      cairo_stroke (cr);
      for (guint i = 0; i < vector->n_values; i++)
        {
          g_autofree char *name = category_name (axes, i);

          name_w = MAX (name_w, flitlab_render_type_width (t, name, t->small.name));
        }
      every = (guint) ceil ((name_w + 0.4 * t->f) / MAX (bw, 1e-9));
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      for (guint i = 0; i < vector->n_values && every > 0; i += every)
        {
          g_autofree char *name = category_name (axes, i);

          flitlab_render_text (cr, name, t->small.name, x0 + (i + 0.5) * bw, base + 0.2 * t->f, 0.5, 0, 0);
        }
      if (axes->category != NULL)
        flitlab_render_text (cr, _(axes->category), t->small.name, x0 + w / 2, base + 0.2 * t->f + 1.1 * t->small_h,
                             0.5, 0, 0);
    }
}

/* 004's buffer chain (flitlab_flow_buffer_chain()): each state coloured by its stationary
 * probability on its own scale and labelled with it, the arrows between the states. */
static void
draw_buffer_chain (const Type  *t,
                   const Chain *chain,
                   double       left,
                   double       top,
                   double       width,
                   double       height)
{
  cairo_t *cr = t->cr;
  guint k = chain->n_states;
  const double *pi = chain->probabilities;
  double step = width / MAX (k, 1), title_h = heading (t, BUFFER_CHAIN_TITLE, left + width / 2, top, width, FALSE);
  /* Two fifths of a step between the states, for the arrows. */
  double radius = MIN (0.3 * step, (height - title_h - t->small_h - 0.4 * t->f) / 2);
  double y = top + title_h + 0.2 * t->f + radius, hi = 0, widest = 0;
  gboolean numbers, states;

  if (radius < 0.3 * t->f)
    return;
  for (guint i = 0; i < k; i++)
    if (isfinite (pi[i]))
      {
        char label[32];

        hi = MAX (hi, pi[i]);
        g_snprintf (label, sizeof label, "%.2g", pi[i]);
        widest = MAX (widest, flitlab_render_type_width (t, label, t->small.name));
      }
  numbers = widest + 0.3 * t->f <= step;
  states = 2 * radius >= t->small_h;
  heading (t, BUFFER_CHAIN_TITLE, left + width / 2, top, width, TRUE);
  for (guint i = 0; i < k; i++)
    {
      double x = left + (i + 0.5) * step, r, g, b, shade;
      char label[32];

      flitlab_colormap_viridis (pi[i], 0, hi > 0 ? hi : 1, &r, &g, &b);
      cairo_new_path (cr);
      cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, r, g, b);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      cairo_set_line_width (cr, 1);
      cairo_stroke (cr);
      shade = text_shade (pi[i], hi);
      cairo_set_source_rgb (cr, shade, shade, shade);
      g_snprintf (label, sizeof label, "%u", i);
      if (states && flitlab_render_type_width (t, label, t->small_bold.name) <= 1.8 * radius)
        flitlab_render_text (cr, label, t->small_bold.name, x, y, 0.5, 0.5, 0);
      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      g_snprintf (label, sizeof label, "%.2g", pi[i]);
      if (numbers)
        flitlab_render_text (cr, label, t->small.name, x, y + radius + 0.2 * t->f, 0.5, 0, 0);
    }
  draw_transitions (t, chain, left + 0.5 * step, step, y, radius, 0.5 * radius, FALSE);
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

static guint
n_ways_out (const FlitlabModelPoint *point,
            guint                    from)
{
  guint n = 0;

  for (guint r = 0; r < point->routes->len; r++)
    n += g_array_index (point->routes, FlitlabModelRoute, r).from == from;
  return n;
}

static int
by_probability (gconstpointer a,
                gconstpointer b)
{
  double pa = ((const FlitlabModelRoute *) a)->probability, pb = ((const FlitlabModelRoute *) b)->probability;

  return (pa < pb) - (pa > pb);
}

/* Where a class's box was drawn, for hit-testing; boxes may be NULL. */
typedef FlitlabFlowBox Box;

static void
add_box (GArray *boxes,
         guint   klass,
         double  x,
         double  y,
         double  w,
         double  h)
{
  Box box = { x, y, w, h, klass };

  if (boxes != NULL)
    g_array_append_val (boxes, box);
}

/* A class's box: coloured by its utilization, its name and two lines of numbers, one, or none,
 * as they fit. */
static void
draw_class_box (const Type              *t,
                const FlitlabModelClass *k,
                const char              *line1,
                const char              *line2,
                double                   hi,
                double                   x,
                double                   y,
                double                   w,
                double                   h)
{
  cairo_t *cr = t->cr;
  double r, g, b, shade = text_shade (k->utilization, hi), pad = 0.4 * t->f;
  double name_w = flitlab_render_type_width (t, shown_name (k->name), t->bold.name);
  g_autofree char *both = g_strdup_printf ("%s  %s", line1, line2);
  double lines_w = MAX (flitlab_render_type_width (t, line1, t->label.name), flitlab_render_type_width (t, line2, t->label.name));

  flitlab_colormap_viridis (k->utilization, 0, hi, &r, &g, &b);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_rectangle (cr, x, y, w, h);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, shade, shade, shade);
  if (h < t->label_h || name_w + 2 * pad > w)
    return;
  flitlab_render_text (cr, shown_name (k->name), t->bold.name, x + pad, y + h / 2, 0, 0.5, 0);
  if (h >= 2.1 * t->label_h && name_w + lines_w + 3 * pad <= w)
    {
      flitlab_render_text (cr, line1, t->label.name, x + w - pad, y + h / 2, 1, 1, 0);
      flitlab_render_text (cr, line2, t->label.name, x + w - pad, y + h / 2, 1, 0, 0);
    }
  else if (name_w + flitlab_render_type_width (t, both, t->label.name) + 3 * pad <= w)
    flitlab_render_text (cr, both, t->label.name, x + w - pad, y + h / 2, 1, 0.5, 0);
}

/* The fan-out band's note for models that fold channels onto others. */
static const char *
fan_out_note (const FlitlabModelInfo *info)
{
  /* The mesh model folds the east- and north-bound channels onto the mirror image's
   * west- and south-bound (G4 in docs/models/greenberg1997.md). */
  return g_str_equal (info->id, "greenberg-mesh")
         ? _("east- and north-bound channels are the classes of the mirror column and row") : NULL;
}

static double
fan_out_heading (const Type              *t,
                 const FlitlabModelPoint *point,
                 guint                    from,
                 const char              *note,
                 double                   x,
                 double                   y,
                 double                   width,
                 gboolean                 draw)
{
  /* Translators: %s is a channel class of Greenberg and Guan's mesh model */
  g_autofree char *title = g_strdup_printf (_("Where the messages of %s go next, with the routing probabilities R"),
                                            klass (point, from)->name);
  double h = heading (t, title, x, y, width, draw);

  if (note != NULL)
    {
      cairo_set_source_rgb (t->cr, 0.35, 0.35, 0.35);
      h += flitlab_render_paragraph (t->cr, note, t->small.name, x, y + h, width, 2, draw);
    }
  return h + 0.3 * t->f;
}

/* 001 Fig. 3 with numbers: the messages leaving one class (left) and the classes they take
 * next (right, most likely first), each arrow labelled with its routing probability R_{i|j}
 * where the rows are far enough apart for the labels. */
static void
draw_fan_out (const Type              *t,
              const FlitlabModelPoint *point,
              guint                    from,
              const char              *note,
              double                   hi,
              double                   left,
              double                   top,
              double                   width,
              double                   height,
              GArray                  *boxes)
{
  cairo_t *cr = t->cr;
  g_autoptr(GArray) ways = g_array_new (FALSE, FALSE, sizeof (FlitlabModelRoute));
  const FlitlabModelClass *source = klass (point, from);
  double head = fan_out_heading (t, point, from, note, left + width / 2, top, width, TRUE);
  double box_w = MIN (18 * t->f, 0.3 * width), row_h, box_h, y0 = top + head, x1 = left + width - box_w;
  double rows_h = height - head, widest = 0;
  char line1[64], line2[64];
  gboolean labels;

  for (guint r = 0; r < point->routes->len; r++)
    if (g_array_index (point->routes, FlitlabModelRoute, r).from == from)
      g_array_append_val (ways, g_array_index (point->routes, FlitlabModelRoute, r));
  g_array_sort (ways, by_probability);
  row_h = rows_h / MAX (ways->len, 1);
  box_h = MIN (0.8 * row_h, 3 * t->label_h);
  for (guint i = 0; i < ways->len; i++)
    {
      char label[32];

      g_snprintf (label, sizeof label, "R = %.3g", g_array_index (ways, FlitlabModelRoute, i).probability);
      widest = MAX (widest, flitlab_render_type_width (t, label, t->small.name));
    }
  /* Each label sits beside its arrow's end, a row from the next one's and within its half of
   * the row. */
  labels = row_h >= 2.1 * t->small_h + 2 && widest + 2 * t->f <= x1 - (left + box_w);

  g_snprintf (line1, sizeof line1, "λ %.3g", source->flow);
  g_snprintf (line2, sizeof line2, "T %.3g  W %.3g", source->time, source->wait);
  draw_class_box (t, source, line1, line2, hi, left, y0 + (rows_h - box_h) / 2, box_w, box_h);
  add_box (boxes, from, left, y0 + (rows_h - box_h) / 2, box_w, box_h);

  for (guint i = 0; i < ways->len; i++)
    {
      const FlitlabModelRoute *way = &g_array_index (ways, FlitlabModelRoute, i);
      const FlitlabModelClass *next = klass (point, way->to);
      double y = y0 + i * row_h + (row_h - box_h) / 2, ax = left + box_w, ay = y0 + rows_h / 2;
      double ey = y + box_h / 2, ex = x1 - 4;

      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      cairo_set_line_width (cr, 1.2);
      draw_arrow_between (cr, ax + 4, ay, ex, ey, 0.8 * t->f);
      if (labels)
        {
          char label[32];

          /* At the arrow's end, on the side its line does not come from: the labels are then
           * a row apart. */
          g_snprintf (label, sizeof label, "R = %.3g", way->probability);
          cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
          flitlab_render_text (cr, label, t->small.name, ex - 1.2 * t->f, ey < ay ? ey - 1 : ey + 1,
                               1, ey < ay ? 1 : 0, 0);
        }
      g_snprintf (line1, sizeof line1, "λ %.3g", next->flow);
      g_snprintf (line2, sizeof line2, "T %.3g  W %.3g", next->time, next->wait);
      draw_class_box (t, next, line1, line2, hi, x1, y, box_w, box_h);
      add_box (boxes, way->to, x1, y, box_w, box_h);
    }
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
  y += flitlab_render_paragraph (cr, subtitle, t->label.name, width / 2, y, text_w, subtitle_lines, draw);
  if (note != NULL && note_lines > 0)
    {
      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      y += 0.15 * t->f;
      y += flitlab_render_paragraph (cr, note, t->small.name, width / 2, y, text_w, note_lines, draw);
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
    if (draw_header_at (t, title, subtitle, level < 2 ? 3 : 1, note, level == 0 ? 3 : 0, width, text_w,
                        FALSE) <= budget)
      break;
  return 0.6 * t->f + draw_header_at (t, title, subtitle, level < 2 ? 3 : 1, note, level == 0 ? 3 : 0,
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
  else
    label = g_strdup_printf (d->column_label_format, column - d->first_column);
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
  double left, right, top, bottom, hi = 0, cell_w, cell_h, line_gap, grid_least, band[N_BANDS] = { 0 }, want[N_BANDS] = { 0 };
  double need[N_BANDS] = { 0 };
  double column_h = 0, margin, grid_h, chains_h, bar_h, bar_bottom;
  guint column_lines;
  gboolean labels, names, short_names, turned, with_vectors;
  FlitlabColorBar bar = { .map = FLITLAB_COLORMAP_VIRIDIS, .caption = _("utilization") };
  Type t;
  int focus;

  g_return_if_fail (cr != NULL && model != NULL && point != NULL);

  flitlab_render_type_init (&t, cr, font_size > 0 ? font_size : flitlab_render_default_font_size (width), "0.9λ");
  margin = 0.8 * t.f;
  left = margin;
  right = width - margin;
  info = flitlab_model_get_info (model);
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);

  /* Translators would not reach this: the figures are in English, like the plots. */
  title = point->saturated
          ? g_strdup_printf (_("load %.4g messages/cycle/node: beyond saturation, no steady state"), point->rate)
          : g_strdup_printf (_("load %.4g messages/cycle/node; latency %.2f cycles; boxes: T service time, λ flow"),
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
  focus = fan_out_class (point);
  if (focus >= 0)
    {
      want[BAND_FAN_OUT] = 0.34 * height;
      need[BAND_FAN_OUT] = fan_out_heading (&t, point, focus, fan_out_note (info), 0, 0, right - left, FALSE) +
                           n_ways_out (point, focus) * (2.1 * t.small_h + 2);
    }
  with_vectors = FALSE;
  for (guint v = 0; point->vectors != NULL && v < point->vectors->len; v++)
    with_vectors |= !drawn_as_chain (point->vectors->pdata[v]);
  if (with_vectors)
    {
      want[BAND_VECTORS] = 0.3 * height;
      need[BAND_VECTORS] = 2 * t.label_h + 6 * t.small_h + 2 * t.f;
    }
  if (flitlab_flow_header_chain (&header_chain, point))
    {
      want[BAND_HEADER_CHAIN] = 0.28 * height;
      need[BAND_HEADER_CHAIN] = heading (&t, HEADER_CHAIN_TITLE, 0, 0, right - left, FALSE) + 2 * t.small_h + 1.6 * t.f;
    }
  if (flitlab_flow_buffer_chain (&buffer_chain, point))
    {
      want[BAND_BUFFER_CHAIN] = 0.17 * height;
      need[BAND_BUFFER_CHAIN] = heading (&t, BUFFER_CHAIN_TITLE, 0, 0, right - left, FALSE) + t.small_h + 1.2 * t.f;
    }
  /* Each band its share, else what its words need, else (from the last) none, until the
   * grid keeps a line of type per row and, unless chains below lend the colour bar their
   * height, room for the bar's labels (a column's necklace diagram: its boxes and bar, not
   * bar charts squeezing them to a strip with a bar reading "0"). */
  grid_least = (MAX (d.rows, 1) + 1) * 0.9 * t.f;
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
              double h = b >= dropped || want[b] == 0 ? 0 : attempt == 0 ? MAX (want[b], need[b]) : need[b];

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
        (right - left - flitlab_color_bar_get_width (cr, &bar, 10 * t.f) - t.f) / d.columns - 0.3 * t.f)
      column_lines = 2;
  if (d.column_label_format != NULL || d.column_names != NULL)
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
  /* A band drawn at the foot (bottom moves up): the figure's width, or the grid's beside the bar. */
#define BAND_WIDTH(b) ((bottom - band[b] < bar_bottom ? right : width - margin) - left)
  if (band[BAND_FAN_OUT] > 0)
    {
      draw_fan_out (&t, point, focus, fan_out_note (info), hi, left, bottom - band[BAND_FAN_OUT],
                    BAND_WIDTH (BAND_FAN_OUT), band[BAND_FAN_OUT], boxes);
      bottom -= band[BAND_FAN_OUT] + 0.8 * t.f;
    }
  if (band[BAND_VECTORS] > 0)
    {
      draw_vectors (&t, point, left, bottom - band[BAND_VECTORS], BAND_WIDTH (BAND_VECTORS), band[BAND_VECTORS]);
      bottom -= band[BAND_VECTORS] + 0.8 * t.f;
    }
  if (band[BAND_HEADER_CHAIN] > 0)
    {
      draw_header_chain (&t, &header_chain, left, bottom - band[BAND_HEADER_CHAIN], BAND_WIDTH (BAND_HEADER_CHAIN),
                         band[BAND_HEADER_CHAIN]);
      bottom -= band[BAND_HEADER_CHAIN] + 0.8 * t.f;
    }
  if (band[BAND_BUFFER_CHAIN] > 0)
    {
      draw_buffer_chain (&t, &buffer_chain, left, bottom - band[BAND_BUFFER_CHAIN], BAND_WIDTH (BAND_BUFFER_CHAIN), band[BAND_BUFFER_CHAIN]);
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
          double along = turned ? cell_h * 0.7 : cell_w * 0.8, across = turned ? cell_w * 0.8 : cell_h * 0.7;

          line_gap = turned ? 1.15 * t.small_h : t.small_h;
          labels = along >= MAX (name_w, lines_w) + 0.4 * t.f && across >= 2 * line_gap + 1.2 * t.small_h;
          names = !labels && along >= name_w + 0.3 * t.f && across >= 1.05 * t.small_h;
          if (labels || names || turned)
            break;
        }
      if (labels || names || short_names)
        break;
    }

  cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
  cairo_set_line_width (cr, 1.2);
  for (guint a = 0; a < d.arrows->len; a++)
    {
      const Arrow *arrow = &g_array_index (d.arrows, Arrow, a);
      const Cell *from = &g_array_index (d.cells, Cell, arrow->from), *to = &g_array_index (d.cells, Cell, arrow->to);
      double x0, y0, w0, h0, x1, y1, w1, h1, gy = top + column_h;

      cell_rect (from, left, gy, cell_w, cell_h, &x0, &y0, &w0, &h0);
      cell_rect (to, left, gy, cell_w, cell_h, &x1, &y1, &w1, &h1);
      if (from->column == to->column)
        draw_arrow_between (cr, x0 + w0 / 2, y0 < y1 ? y0 + h0 : y0, x1 + w1 / 2, y0 < y1 ? y1 : y1 + h1, 0.8 * t.f);
      else
        draw_arrow_between (cr, x0 < x1 ? x0 + w0 : x0, y0 + h0 / 2, x0 < x1 ? x1 : x1 + w1, y1 + h1 / 2, 0.8 * t.f);
      /* The probability beside the arrow, where the gap between the boxes has room. */
      if (isfinite (arrow->probability) && from->column == to->column)
        {
          char label[16];

          g_snprintf (label, sizeof label, "%.2g", arrow->probability);
          if (cell_h * 0.3 >= 1.1 * t.small_h && flitlab_render_type_width (&t, label, t.small.name) <= cell_w * 0.4 - 0.3 * t.f)
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
          cell_rect (&g_array_index (d.cells, Cell, c), left, top + column_h, cell_w, cell_h, &x, &y, &w, &h);
          cairo_set_source_rgb (cr, 0.84, 0.1, 0.1);
          cairo_set_line_width (cr, 2.5);
          cairo_rectangle (cr, x - 2.5, y - 2.5, w + 5, h + 5);
          cairo_stroke (cr);
        }

  for (guint c = 0; c < d.cells->len; c++)
    {
      const Cell *cell = &g_array_index (d.cells, Cell, c);
      const FlitlabModelClass *k = klass (point, cell->klass);
      double x, y, w, h, r, g, b, shade = text_shade (k->utilization, hi);

      cell_rect (cell, left, top + column_h, cell_w, cell_h, &x, &y, &w, &h);
      add_box (boxes, cell->klass, x, y, w, h);
      flitlab_colormap_viridis (k->utilization, 0, hi, &r, &g, &b);
      cairo_set_source_rgb (cr, r, g, b);
      cairo_rectangle (cr, x, y, w, h);
      cairo_fill (cr);
      cairo_set_source_rgb (cr, shade, shade, shade);
      if (names)
        {
          g_autofree char *name = box_name (k, short_names);

          flitlab_render_text (cr, name, t.small_bold.name, x + w / 2, y + h / 2, 0.5, 0.5, turned ? -G_PI / 2 : 0);
        }
      if (labels)
        {
          g_autofree char *name = box_name (k, short_names);
          /* The lines follow one another down a box, or rightwards when turned (a little apart:
           * turned type is as wide as its whole height). */
          double dx = turned ? line_gap : 0, dy = turned ? 0 : line_gap, angle = turned ? -G_PI / 2 : 0;
          char line[64];

          flitlab_render_text (cr, name, t.small_bold.name, x + w / 2 - dx, y + h / 2 - dy, 0.5, 0.5, angle);
          g_snprintf (line, sizeof line, "T %.3g", k->time);
          flitlab_render_text (cr, line, t.small.name, x + w / 2, y + h / 2, 0.5, 0.5, angle);
          g_snprintf (line, sizeof line, "λ %.3g", k->flow);
          flitlab_render_text (cr, line, t.small.name, x + w / 2 + dx, y + h / 2 + dy, 0.5, 0.5, angle);
        }
    }
  if (column_h > 0)
    for (guint column = 0; column < d.columns; column++)
      {
        g_autofree char *label = column_label (&t, &d, column, cell_w - 0.3 * t.f);

        cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
        if (label != NULL)
          flitlab_render_text (cr, label, t.label.name, left + (column + 0.5) * cell_w, top, 0.5, 0, 0);
        else if (column_lines > 1)
          flitlab_render_paragraph (cr, _(d.column_names[column]), t.label.name, left + (column + 0.5) * cell_w,
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
                            ((*p == 'i' || *p == 'j') && p > alternatives[a] && strchr ("{,", p[-1]) != NULL &&
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
