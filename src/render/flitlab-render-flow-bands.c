/* flitlab-render-flow-bands.c: the bands under a flow diagram's grid: 001 Fig. 3's fan-out,
 * 004's chains and the model's other distributions as bar charts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flitlab-render-flow.c lays the figure out and decides which bands it has room for and how
 * tall each is; the functions here draw one band in the rectangle they are given.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "flitlab-colormap.h"
#include "flitlab-render-flow.h"
#include "flitlab-render-flow-private.h"
#include "flitlab-render-plot.h"
#include "flitlab-render-private.h"
#include "flitlab-render-text.h"

typedef FlitlabRenderType Type;

#define HEADER_CHAIN_TITLE _("header chain: state i = one-bits still to correct")
#define BUFFER_CHAIN_TITLE _("buffer chain of one node: state i = messages held, πᵢ its " \
                             "stationary probability; arrivals move it right, departures left")

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

double
flitlab_flow_chain_heading (const Type *t,
                            gboolean    buffer,
                            double      width)
{
  return heading (t, buffer ? BUFFER_CHAIN_TITLE : HEADER_CHAIN_TITLE, 0, 0, width, FALSE);
}

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

      flitlab_flow_draw_arrow (cr, from + side * edge, line, to - side * edge, line, 0.8 * t->f);
      if (!numbers || !isfinite (arrow->probability))
        continue;
      g_snprintf (label, sizeof label, "%.3g", arrow->probability);
      flitlab_render_text (cr, label, t->small.name, (from + to) / 2, line + side * 0.15 * t->f,
                           0.5, side < 0 ? 1 : 0, 0);
    }
}

/* 004 Fig. 4 (flitlab_flow_header_chain()): the probabilities are written between the
 * states where they fit. */
void
flitlab_flow_draw_header_chain (const Type  *t,
                                const Chain *chain,
                                double       left,
                                double       top,
                                double       width,
                                double       height)
{
  cairo_t *cr = t->cr;
  double step = width / chain->n_states,
         title_h = heading (t, HEADER_CHAIN_TITLE, left + width / 2, top, width, FALSE);
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
        flitlab_render_text (cr, label,
                             2 * radius >= 1.2 * t->label_h ? t->bold.name : t->small_bold.name,
                             x, y, 0.5, 0.5, 0);
    }
  /* Neighbouring labels are a step apart. */
  draw_transitions (t, chain, left + 0.5 * step, step, y, radius, 0.7 * radius,
                    widest_transition (t, chain) + 0.5 * t->f <= step);
}

/* The vectors drawn otherwise: the 004 chains. */
gboolean
flitlab_flow_drawn_as_chain (const FlitlabModelVector *vector)
{
  return g_str_equal (vector->name, FLOW_BUFFER_CHAIN_VECTOR) ||
         g_str_equal (vector->name, FLOW_HEADER_CHAIN_VECTOR);
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
  { "transit-arrivals", N_("probability"), N_("messages arriving in transit"), 0, NULL,
    N_("arrivals in transit") },
  { "distance", N_("probability"), N_("hops to the destination"), 1, NULL },
  { "P_v necklace", N_("probability"), N_("virtual channels busy"), 0, NULL, N_("Pᵥ, necklace") },
  { "P_v hypercube", N_("probability"), N_("virtual channels busy"), 0, NULL,
    N_("Pᵥ, hypercube") },
  { "blocking (necklace, hypercube)", N_("probability"), NULL, 0, "necklace hypercube" },
  { "multiplexing degree (necklace, hypercube)", N_("virtual channels"), NULL, 0,
    "necklace hypercube" },
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

  return axes->title != NULL ? _(axes->title) : flitlab_flow_shown_name (vector->name);
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
void
flitlab_flow_draw_vectors (const Type              *t,
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
    if (!flitlab_flow_drawn_as_chain (point->vectors->pdata[v]))
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
      double x0 = left + v * chart_w + 0.5 * t->f, w = chart_w - t->f, hi = 0, widest = 0,
             axis_w = 0;
      double caption_y = top + title_h + 0.1 * t->f, plot_top = caption_y + 1.6 * t->small_h;
      double base =
        top + height - 2 * t->small_h - 0.3 * t->f - (axes->category != NULL ? t->small_h : 0);
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
      n_ticks = hi > 0
                ? flitlab_plot_nice_ticks (0, 1.25 * hi,
                                           MAX (2, MIN (6, (guint) (h / (1.6 * t->small_h)))),
                                           ticks) : 0;
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
              flitlab_render_text (cr, text, t->small.name, x0 + (i + 0.5) * bw, base - bh - 1, 0.5,
                                   1, 0);
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

          flitlab_render_text (cr, name, t->small.name, x0 + (i + 0.5) * bw, base + 0.2 * t->f, 0.5,
                               0, 0);
        }
      if (axes->category != NULL)
        flitlab_render_text (cr, _(axes->category), t->small.name, x0 + w / 2,
                             base + 0.2 * t->f + 1.1 * t->small_h,
                             0.5, 0, 0);
    }
}

/* 004's buffer chain (flitlab_flow_buffer_chain()): each state coloured by its stationary
 * probability on its own scale and labelled with it, the arrows between the states. */
void
flitlab_flow_draw_buffer_chain (const Type  *t,
                                const Chain *chain,
                                double       left,
                                double       top,
                                double       width,
                                double       height)
{
  cairo_t *cr = t->cr;
  guint k = chain->n_states;
  const double *pi = chain->probabilities;
  double step = width / MAX (k, 1),
         title_h = heading (t, BUFFER_CHAIN_TITLE, left + width / 2, top, width, FALSE);
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
      shade = flitlab_flow_text_shade (pi[i], hi);
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
int
flitlab_flow_fan_out_class (const FlitlabModelPoint *point)
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
                        (ways[c] == ways[best] &&
                         klass (point, c)->utilization > klass (point, best)->utilization)))
      best = (int) c;
  return best;
}

guint
flitlab_flow_n_ways_out (const FlitlabModelPoint *point,
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
  double pa = ((const FlitlabModelRoute *) a)->probability,
         pb = ((const FlitlabModelRoute *) b)->probability;

  return (pa < pb) - (pa > pb);
}

/* Where a class's box was drawn, for hit-testing; boxes may be NULL. */
typedef FlitlabFlowBox Box;

void
flitlab_flow_add_box (GArray *boxes,
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
  double r, g, b, shade = flitlab_flow_text_shade (k->utilization, hi), pad = 0.4 * t->f;
  double name_w = flitlab_render_type_width (t, flitlab_flow_shown_name (k->name), t->bold.name);
  g_autofree char *both = g_strdup_printf ("%s  %s", line1, line2);
  double lines_w =
    MAX (flitlab_render_type_width (t, line1, t->label.name),
         flitlab_render_type_width (t, line2, t->label.name));

  flitlab_colormap_viridis (k->utilization, 0, hi, &r, &g, &b);
  cairo_set_source_rgb (cr, r, g, b);
  cairo_rectangle (cr, x, y, w, h);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, shade, shade, shade);
  if (h < t->label_h || name_w + 2 * pad > w)
    return;
  flitlab_render_text (cr, flitlab_flow_shown_name (k->name), t->bold.name, x + pad, y + h / 2, 0,
                       0.5, 0);
  if (h >= 2.1 * t->label_h && name_w + lines_w + 3 * pad <= w)
    {
      flitlab_render_text (cr, line1, t->label.name, x + w - pad, y + h / 2, 1, 1, 0);
      flitlab_render_text (cr, line2, t->label.name, x + w - pad, y + h / 2, 1, 0, 0);
    }
  else if (name_w + flitlab_render_type_width (t, both, t->label.name) + 3 * pad <= w)
    flitlab_render_text (cr, both, t->label.name, x + w - pad, y + h / 2, 1, 0.5, 0);
}

/* The fan-out band's note for models that fold channels onto others. */
const char *
flitlab_flow_fan_out_note (const FlitlabModelInfo *info)
{
  /* The mesh model folds the east- and north-bound channels onto the mirror image's
   * west- and south-bound (G4 in docs/models/greenberg1997.md). */
  return g_str_equal (info->id, "greenberg-mesh")
         ? _("east- and north-bound channels are the classes of the mirror column and row") : NULL;
}

double
flitlab_flow_fan_out_heading (const Type              *t,
                              const FlitlabModelPoint *point,
                              guint                    from,
                              const char              *note,
                              double                   x,
                              double                   y,
                              double                   width,
                              gboolean                 draw)
{
  /* Translators: %s is a channel class of Greenberg and Guan's mesh model */
  g_autofree char *title = g_strdup_printf (_("Where the messages of %s go next, with the routing "
                                              "probabilities R"),
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
void
flitlab_flow_draw_fan_out (const Type              *t,
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
  double head =
    flitlab_flow_fan_out_heading (t, point, from, note, left + width / 2, top, width, TRUE);
  double box_w = MIN (18 * t->f, 0.3 * width), row_h, box_h, y0 = top + head,
         x1 = left + width - box_w;
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

      g_snprintf (label, sizeof label, "R = %.3g",
                  g_array_index (ways, FlitlabModelRoute, i).probability);
      widest = MAX (widest, flitlab_render_type_width (t, label, t->small.name));
    }
  /* Each label sits beside its arrow's end, a row from the next one's and within its half of
   * the row. */
  labels = row_h >= 2.1 * t->small_h + 2 && widest + 2 * t->f <= x1 - (left + box_w);

  g_snprintf (line1, sizeof line1, "λ %.3g", source->flow);
  g_snprintf (line2, sizeof line2, "T %.3g  W %.3g", source->time, source->wait);
  draw_class_box (t, source, line1, line2, hi, left, y0 + (rows_h - box_h) / 2, box_w, box_h);
  flitlab_flow_add_box (boxes, from, left, y0 + (rows_h - box_h) / 2, box_w, box_h);

  for (guint i = 0; i < ways->len; i++)
    {
      const FlitlabModelRoute *way = &g_array_index (ways, FlitlabModelRoute, i);
      const FlitlabModelClass *next = klass (point, way->to);
      double y = y0 + i * row_h + (row_h - box_h) / 2, ax = left + box_w, ay = y0 + rows_h / 2;
      double ey = y + box_h / 2, ex = x1 - 4;

      cairo_set_source_rgb (cr, 0.35, 0.35, 0.35);
      cairo_set_line_width (cr, 1.2);
      flitlab_flow_draw_arrow (cr, ax + 4, ay, ex, ey, 0.8 * t->f);
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
      flitlab_flow_add_box (boxes, way->to, x1, y, box_w, box_h);
    }
}
