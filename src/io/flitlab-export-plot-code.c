/* flitlab-export-plot-code.c: a plot written as the code that redraws it from its data,
 * for pgfplots (.tex) and for matplotlib (.py), with the frame, legend and labels the
 * renderer gives it. Declared in flitlab-export-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-export.h"
#include "flitlab-export-private.h"
#include "flitlab-render-private.h"

/* A number for a file: enough digits, locale-independent; "nan" where there is none. */
static const char *
number (char   *buf,
        double  value)
{
  if (!isfinite (value))
    return "nan";
  return g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, "%.10g", value);
}

/* The data value at a distance below the frame's top edge, in points (the marks' row). */
static double
value_below_top (const FlitlabPlotFrame *f,
                 double                  inset)
{
  double share = inset / MAX (f->bottom - f->top, 1);

  if (f->log_y)
    return pow (10, log10 (f->y_max) - share * (log10 (f->y_max) - log10 (f->y_min)));
  return f->y_max - share * (f->y_max - f->y_min);
}

typedef enum { LEGEND_NONE, LEGEND_INSIDE, LEGEND_RIGHT, LEGEND_BELOW } LegendPlace;

/* Where the renderer put the legend: none, an inside corner (north and west say which),
 * right of the frame or below it. */
static LegendPlace
legend_place (const FlitlabPlotFrame *f,
              gboolean               *north,
              gboolean               *west)
{
  *north = (f->legend_top + f->legend_bottom) / 2 < (f->top + f->bottom) / 2;
  *west = (f->legend_left + f->legend_right) / 2 < (f->left + f->right) / 2;
  if (f->legend_right <= f->legend_left)
    return LEGEND_NONE;
  if (f->legend_left >= f->right)
    return LEGEND_RIGHT;
  if (f->legend_top >= f->bottom)
    return LEGEND_BELOW;
  return LEGEND_INSIDE;
}

/* Where a saturation label's foot sits on the axes, as fractions of their width and height
 * from the lower left: the end the words start from, right of its line or left of it. */
static void
label_anchor (const FlitlabPlotFrame           *f,
              const FlitlabPlotSaturationLabel *label,
              double                           *x,
              double                           *y)
{
  *x = ((label->right_side ? label->left : label->right) - f->left) / MAX (f->right - f->left, 1);
  *y = (f->bottom - label->bottom) / MAX (f->bottom - f->top, 1);
}

/* A curve's value held within ten frames of the axis range, as the renderer holds it: a curve
 * climbing to its saturation reaches values TeX's dimensions (below 16384 pt) cannot hold,
 * and the part in the frame moves by a tenth of a step at most. */
static double
held_in_reach (const FlitlabPlotFrame *f,
               double                  y)
{
  if (!isfinite (y) || (f->log_y && y <= 0))
    return y;
  if (f->log_y)
    {
      double lo = log10 (f->y_min), hi = log10 (f->y_max);

      return pow (10, CLAMP (log10 (y), lo - 10 * (hi - lo), hi + 10 * (hi - lo)));
    }
  return CLAMP (y, f->y_min - 10 * (f->y_max - f->y_min), f->y_max + 10 * (f->y_max - f->y_min));
}

/* The ticks the renderer labels on an axis, separated by commas between open and close. */
static void
append_ticks (GString                *out,
              const char             *open,
              const FlitlabPlotFrame *f,
              gboolean                value_axis,
              const char             *close)
{
  double ticks[FLITLAB_PLOT_MAX_TICKS];
  char a[G_ASCII_DTOSTR_BUF_SIZE];
  guint n = flitlab_plot_frame_ticks (f, value_axis, ticks);

  g_string_append (out, open);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? ", " : "", number (a, ticks[i]));
  g_string_append (out, close);
}

/* The renderer's labels of those ticks, each between open_label and close_label, separated
 * by commas between open and close: "0.010" where the renderer writes it so. */
static void
append_tick_labels (GString                *out,
                    const char             *open,
                    const FlitlabPlotFrame *f,
                    gboolean                value_axis,
                    const char             *open_label,
                    const char             *close_label,
                    const char             *close)
{
  double ticks[FLITLAB_PLOT_MAX_TICKS];
  guint n = flitlab_plot_frame_ticks (f, value_axis, ticks);

  g_string_append (out, open);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = flitlab_plot_frame_tick_label (f, value_axis, ticks, n, i);

      g_string_append_printf (out, "%s%s%s%s", i > 0 ? ", " : "", open_label, label,
                              close_label);
    }
  g_string_append (out, close);
}

/* A line's dash pattern as the renderer draws it: its on and off lengths in points, none for
 * a solid line. */
static guint
line_dashes (guint           style,
             const double  **dashes)
{
  static const double patterns[FLITLAB_PLOT_LINE_STYLES][4] = FLITLAB_PLOT_DASHES;
  static const int counts[FLITLAB_PLOT_LINE_STYLES] = FLITLAB_PLOT_DASH_COUNTS;

  *dashes = patterns[style % FLITLAB_PLOT_LINE_STYLES];
  return counts[style % FLITLAB_PLOT_LINE_STYLES];
}

/* The dash pattern for pgfplots: ", dash pattern=on … off …", nothing for a solid line. */
static void
append_tex_dashes (GString *out,
                   guint    style)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  const double *dashes;
  guint n_dashes = line_dashes (style, &dashes);

  for (guint k = 0; k < n_dashes; k += 2)
    g_string_append_printf (out, "%s on %spt off %spt", k == 0 ? ", dash pattern=" : "",
                            number (a, dashes[k]), number (b, dashes[k + 1]));
}

/* The dash pattern for matplotlib, which scales dashes by the line's width (2 pt): its
 * lengths separated by ", ", none for a solid line. */
static void
append_python_dashes (GString *out,
                      guint    style)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE];
  const double *dashes;
  guint n_dashes = line_dashes (style, &dashes);

  for (guint d = 0; d < n_dashes; d++)
    g_string_append_printf (out, "%s%s", d > 0 ? ", " : "", number (a, dashes[d] / 2));
}

/* A point's mark as the renderer draws it: a disc, a ring (a paper's values) or, in another
 * style, a square; pgfplots' name, matplotlib's. */
static const char *
tex_mark (guint    style,
          gboolean hollow)
{
  return style > 0 ? (hollow ? "square" : "square*") : (hollow ? "o" : "*");
}

static const char *
python_marker (guint style)
{
  return style > 0 ? "s" : "o";
}

/* A legend key's colour: a series' own, grey for the kinds and marks, as the renderer. */
static void
key_color (const FlitlabPlotKey *key,
           int                  *rgb)
{
  double c[3] = { 0.35, 0.35, 0.35 };

  if (key->type == FLITLAB_PLOT_KEY_SERIES)
    flitlab_plot_palette (key->color, &c[0], &c[1], &c[2]);
  for (guint i = 0; i < 3; i++)
    rgb[i] = (int) round (c[i] * 255);
}

/* ---- writing: pgfplots ---- */

/* Text for LaTeX: its special characters escaped, the non-ASCII ones a plot uses spelled in
 * commands pdflatex knows without extra packages. */
static void
append_latex (GString    *out,
              const char *text)
{
  static const struct { gunichar c; const char *latex; } symbols[] = {
    { 0x00d7, "\\ensuremath{\\times}" }, { 0x2212, "\\ensuremath{-}" }, { 0x2013, "--" },
    { 0x2014, "---" }, { 0x2192, "\\ensuremath{\\rightarrow}" },
    { 0x00b5, "\\ensuremath{\\mu}" }, { 0x03bc, "\\ensuremath{\\mu}" },
    { 0x00b7, "\\ensuremath{\\cdot}" }, { 0x2264, "\\ensuremath{\\leq}" },
    { 0x2265, "\\ensuremath{\\geq}" }, { 0x00b1, "\\ensuremath{\\pm}" },
    { 0x2248, "\\ensuremath{\\approx}" }, { 0x03bb, "\\ensuremath{\\lambda}" },
    { 0x03c1, "\\ensuremath{\\rho}" }, { 0x00b2, "\\ensuremath{^2}" },
    { 0x2019, "'" }, { 0x2018, "`" }, { 0x201c, "``" }, { 0x201d, "''" }, { 0x00a0, "~" },
    { 0x2009, "\\," }, { 0x202f, "\\," }, { 0x2026, "\\ldots{}" },
    { 0x00b0, "\\ensuremath{^\\circ}" },
  };

  for (const char *p = text; p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      const char *latex = NULL;

      if (c < 0x80)
        {
          if (strchr ("#$%&_{}", c) != NULL)
            g_string_append_printf (out, "\\%c", (char) c);
          else if (c == '~')
            g_string_append (out, "\\textasciitilde{}");
          else if (c == '^')
            g_string_append (out, "\\textasciicircum{}");
          else if (c == '\\')
            g_string_append (out, "\\textbackslash{}");
          /* A control character (a carriage return ends TeX's line, others are invalid
           * input): a space, as a line break is where no line is set. */
          else if (c < 0x20 || c == 0x7f)
            g_string_append_c (out, ' ');
          else
            g_string_append_c (out, (char) c);
          continue;
        }
      for (guint s = 0; s < G_N_ELEMENTS (symbols) && latex == NULL; s++)
        if (symbols[s].c == c)
          latex = symbols[s].latex;
      /* A character pdflatex could not set: a question mark rather than a file that fails. */
      g_string_append (out, latex != NULL ? latex : "?");
    }
}

/* The most characters of a line given to TeX: one of a 10,000-character name would make a box
 * wider than TeX's largest dimension (16384 pt: "Dimension too large"). */
#define TEX_MAX_LINE 100

/* Text in the lines the renderer broke it into, for a node that aligns its lines (a title or a
 * legend cell with align=...); a line longer than TEX_MAX_LINE characters is broken too. */
static void
append_latex_lines (GString    *out,
                    const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text != NULL ? text : "", "\n", -1);

  for (guint l = 0; lines[l] != NULL; l++)
    {
      const char *p = lines[l];

      do
        {
          const char *end = g_utf8_offset_to_pointer (p, MIN (g_utf8_strlen (p, -1), TEX_MAX_LINE));
          g_autofree char *piece = g_strndup (p, end - p);

          if (p != lines[l] || l > 0)
            g_string_append (out, "\\\\");
          append_latex (out, piece);
          p = end;
        }
      while (*p != '\0');
    }
}

static void
append_tex_legend (GString           *out,
                   const char        *label)
{
  g_string_append (out, "\\addlegendentry{");
  append_latex_lines (out, label);
  g_string_append (out, "}\n");
}

/* The marks at the frame's top edge of a saturated and a deadlocked point, as the renderer's. */
#define TEX_SATURATED_MARK  "only marks, mark=x, mark size=3.5pt, line width=1.5pt"
#define TEX_DEADLOCKED_MARK "only marks, mark=diamond*, mark size=4.5pt"

/* The points of series that marked () picks, as mark at the top edge (value mark_y); none:
 * nothing. */
static void
append_tex_top_marks (GString                 *out,
                      const FlitlabPlotSeries *series,
                      guint                    index,
                      const char              *mark,
                      gboolean               (*marked) (const FlitlabPlotSeries *, guint),
                      double                   mark_y)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  gboolean any = FALSE;

  for (guint i = 0; series->kind == FLITLAB_PLOT_POINTS && i < series->n; i++)
    any |= marked (series, i);
  if (!any)
    return;
  g_string_append_printf (out, "\\addplot[color=flitlab%u, %s, forget plot] coordinates {\n", index,
                          mark);
  for (guint i = 0; i < series->n; i++)
    if (marked (series, i))
      g_string_append_printf (out, "  (%s,%s)\n", number (a, series->x[i]), number (b, mark_y));
  g_string_append (out, "};\n");
}

/* The legend's entry for key, drawn as the renderer draws it. */
static void
append_tex_key (GString              *out,
                const FlitlabPlotKey *key)
{
  int rgb[3];

  key_color (key, rgb);
  g_string_append_printf (out, "\\addlegendimage{color={rgb,255:red,%d;green,%d;blue,%d}", rgb[0],
                          rgb[1], rgb[2]);
  if (key->type == FLITLAB_PLOT_KEY_SATURATED)
    g_string_append (out, ", " TEX_SATURATED_MARK);
  else if (key->type == FLITLAB_PLOT_KEY_DEADLOCKED)
    g_string_append (out, ", " TEX_DEADLOCKED_MARK);
  else if (key->type == FLITLAB_PLOT_KEY_OFF_SCALE)
    g_string_append (out, ", only marks, mark=triangle*, mark size=4pt");
  else if (key->type == FLITLAB_PLOT_KEY_SATURATION)
    g_string_append (out, ", line width=1.2pt, dash pattern=on 5pt off 4pt");
  else
    {
      g_string_append (out, key->line ? ", line width=2pt" : ", only marks");
      if (key->line)
        append_tex_dashes (out, key->style);
      /* A point's style is its mark's only where no line carries the style. */
      if (key->points)
        g_string_append_printf (out, ", mark=%s, mark options={solid%s}",
                                tex_mark (key->line ? 0 : key->style, key->hollow),
                                key->hollow ? ", line width=1.3pt" : "");
      else
        g_string_append (out, ", mark=none");
    }
  g_string_append (out, "}\n");
  append_tex_legend (out, key->text);
}

char *
flitlab_export_plot_to_tex (const FlitlabPlot      *plot,
                            const FlitlabPlotFrame *f,
                            GArray                 *labels,
                            double                  width,
                            double                  height)
{
  g_autoptr(GString) out = g_string_new (NULL);
  double font = 9 * f->type, mark_y = value_below_top (f, FLITLAB_PLOT_MARK_INSET);
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE], c[G_ASCII_DTOSTR_BUF_SIZE];
  char d[G_ASCII_DTOSTR_BUF_SIZE];
  gboolean north, west;
  LegendPlace place = legend_place (f, &north, &west);
  g_autoptr(GArray) keys = flitlab_plot_legend_keys (plot, f);

  g_string_append (out,
                   "% Written by Flitlab: the plot redrawn by pgfplots from its own data.\n"
                   "% Compiles alone (pdflatex FILE.tex) to a page the figure's size; "
                   "to put it in\n"
                   "% a paper, copy the tikzpicture between the marks and \\usepackage{pgfplots}.\n"
                   "\\documentclass{article}\n"
                   "\\usepackage{pgfplots}\n"
                   "\\pgfplotsset{compat=1.16}\n"
                   "\\newsavebox{\\flitlabfigure}\n"
                   "\\begin{document}\n"
                   "\\begin{lrbox}{\\flitlabfigure}\n"
                   "% ---- the figure ----\n");
  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];
      double r, g, bl;

      flitlab_plot_palette (series->color, &r, &g, &bl);
      g_string_append_printf (out, "\\definecolor{flitlab%u}{RGB}{%d,%d,%d}%%\n", s,
                              (int) round (r * 255), (int) round (g * 255), (int) round (bl * 255));
    }
  g_string_append_printf (out, "\\begin{tikzpicture}[font=\\fontsize{%s}{%s}\\selectfont]\n",
                          number (a, font), number (b, 1.2 * font));
  /* The figure's size exactly, whatever pgfplots draws round the axes: the page's. */
  g_string_append_printf (out, "\\useasboundingbox (0bp,0bp) rectangle (%sbp,%sbp);\n",
                          number (a, width), number (b, height));
  /* The axes the size of the renderer's and where it put them, its words round them as round
   * the renderer's. */
  g_string_append_printf (out, "\\begin{axis}[\n  scale only axis, width=%sbp, height=%sbp,\n",
                          number (a, f->right - f->left), number (b, f->bottom - f->top));
  g_string_append_printf (out, "  at={(%sbp,%sbp)}, anchor=south west,\n", number (a, f->left),
                          number (b, height - f->bottom));
  g_string_append_printf (out, "  xmin=%s, xmax=%s, ymin=%s, ymax=%s,\n", number (a, f->x_min),
                          number (b, f->x_max), number (c, f->y_min), number (d, f->y_max));
  /* The renderer's ticks. */
  append_ticks (out, "  xtick={", f, FALSE, "},\n");
  append_tick_labels (out, "  xticklabels={", f, FALSE, "{", "}", "},\n");
  if (f->log_y)
    g_string_append (out, "  ymode=log,\n");
  else
    {
      append_ticks (out, "  ytick={", f, TRUE, "},\n");
      append_tick_labels (out, "  yticklabels={", f, TRUE, "{", "}", "},\n");
    }
  g_string_append (out, "  unbounded coords=jump, scaled ticks=false,\n"
                        "  xticklabel style={/pgf/number format/fixed, "
                        "/pgf/number format/precision=6},\n"
                        "  legend cell align=left, legend style={fill=white, fill opacity=0.9, "
                        "text opacity=1, draw=black!25,\n"
                        "    cells={align=left}},\n");
  /* The renderer's columns, filled down as it fills them. */
  if (f->legend_columns > 1)
    g_string_append_printf (out, "  transpose legend, legend columns=%u,\n",
                            (keys->len + f->legend_columns - 1) / f->legend_columns);
  /* A cut legend's keys and gaps tighter, as the renderer's. */
  if (f->legend_cut > 0)
    g_string_append (out, "  legend style={inner sep=1pt, column sep=2pt, "
                          "nodes={inner sep=1pt}},\n  legend image post style={scale=0.6},\n");
  if (place == LEGEND_INSIDE)
    g_string_append_printf (out, "  legend pos=%s %s,\n", north ? "north" : "south",
                            west ? "west" : "east");
  else if (place == LEGEND_RIGHT)
    g_string_append (out, "  legend pos=outer north east,\n");
  else if (place == LEGEND_BELOW)
    g_string_append_printf (out, "  legend style={at={(0.5,%s)}, anchor=north},\n",
                            number (a, -(f->legend_top - f->bottom) / MAX (f->bottom - f->top, 1)));
  if (plot->title != NULL)
    {
      g_autofree char *title = flitlab_plot_title_text (plot, f);

      g_string_append (out, "  title style={align=center}, title={");
      append_latex_lines (out, title);
      g_string_append (out, "},\n");
    }
  if (plot->x_label != NULL)
    {
      g_string_append (out, "  xlabel={");
      append_latex (out, plot->x_label);
      g_string_append (out, "},\n");
    }
  if (plot->y_label != NULL)
    {
      g_string_append (out, "  ylabel={");
      append_latex (out, plot->y_label);
      g_string_append (out, "},\n");
    }
  g_string_append (out, "]\n");

  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];

      if (series->kind == FLITLAB_PLOT_LINE)
        {
          g_string_append_printf (out, "\\addplot[color=flitlab%u, forget plot, line width=2pt, "
                                       "line join=round, line cap=round, mark=none", s);
          append_tex_dashes (out, series->style);
          g_string_append (out, "] coordinates {\n");
          for (guint i = 0; i < series->n; i++)
            g_string_append_printf (out, "  (%s,%s)\n", number (a, series->x[i]),
                                    number (b, held_in_reach (f, series->y[i])));
        }
      else
        {
          g_string_append_printf (out,
                                  "\\addplot[color=flitlab%u, forget plot, only marks, mark=%s, "
                                  "mark size=%s,%s\n"
                                  "  error bars/.cd, y dir=both, y explicit, "
                                  "error mark options={rotate=90, mark size=4pt},\n"
                                  "  error bar style={line width=1.5pt}] coordinates {\n", s,
                                  tex_mark (series->style, series->hollow),
                                  series->style > 0 ? "3.2pt" : series->hollow ? "3pt" : "3.5pt",
                                  series->hollow ? " mark options={line width=1.3pt}," : "");
          for (guint i = 0; i < series->n; i++)
            {
              double e = series->error != NULL && isfinite (series->error[i]) ? series->error[i]
                                                                              : 0;

              /* Saturated and off-scale points have their own marks below. */
              if (!isfinite (series->y[i]) || series->y[i] > f->y_max)
                continue;
              g_string_append_printf (out, "  (%s,%s) +- (0,%s)\n", number (a, series->x[i]),
                                      number (b, series->y[i]), number (c, e));
            }
        }
      g_string_append (out, "};\n");
    }
  /* The marks of points with no value drawn, at the frame's top edge as the renderer does. */
  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];
      gboolean any_off = FALSE;

      for (guint i = 0; series->kind == FLITLAB_PLOT_POINTS && i < series->n; i++)
        any_off |= isfinite (series->y[i]) && series->y[i] > f->y_max;
      append_tex_top_marks (out, series, s, TEX_SATURATED_MARK, flitlab_plot_series_is_saturated,
                            mark_y);
      append_tex_top_marks (out, series, s, TEX_DEADLOCKED_MARK, flitlab_plot_series_is_deadlocked,
                            mark_y);
      if (any_off)
        {
          g_string_append_printf (out, "\\addplot[color=flitlab%u, only marks, mark=triangle*, "
                                       "mark size=4pt, forget plot] coordinates {\n", s);
          for (guint i = 0; i < series->n; i++)
            if (isfinite (series->y[i]) && series->y[i] > f->y_max)
              g_string_append_printf (out, "  (%s,%s)\n", number (a, series->x[i]),
                                      number (b, value_below_top (f, 3)));
          g_string_append (out, "};\n");
        }
    }
  /* The renderer's legend, entry by entry: the plots above are left out of it. */
  for (guint k = 0; place != LEGEND_NONE && k < keys->len; k++)
    append_tex_key (out, &g_array_index (keys, FlitlabPlotKey, k));
  /* pgfplots transposes a full matrix only: the last column is filled with empty cells. */
  if (place != LEGEND_NONE && f->legend_columns > 1)
    {
      guint rows = (keys->len + f->legend_columns - 1) / f->legend_columns;

      for (guint k = keys->len; k < rows * f->legend_columns; k++)
        g_string_append (out, "\\addlegendimage{empty legend}\\addlegendentry{}\n");
    }
  /* Saturation: a dashed line, and the labels the renderer found room for. */
  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];

      if (!(isfinite (series->saturation) && series->saturation >= f->x_min &&
            series->saturation <= f->x_max))
        continue;
      g_string_append_printf (out, "\\addplot[color=flitlab%u, line width=1.2pt, dash pattern=on "
                                   "5pt off 4pt, forget plot] coordinates {(%s,%s) (%s,%s)};\n",
                              s, number (a, series->saturation), number (b, f->y_min),
                              number (c, series->saturation), number (d, f->y_max));
    }
  for (guint i = 0; i < labels->len; i++)
    {
      const FlitlabPlotSaturationLabel *label =
        &g_array_index (labels, FlitlabPlotSaturationLabel, i);
      double x, y;

      label_anchor (f, label, &x, &y);
      g_string_append_printf (out, "\\node[color=flitlab%u, anchor=south %s, align=%s, inner "
                                   "sep=0pt, font=\\fontsize{%s}{%s}\\selectfont]",
                              label->series, label->right_side ? "west" : "east",
                              label->right_side ? "left" : "right", number (a, 8 * f->type),
                              number (b, 9.6 * f->type));
      g_string_append_printf (out, " at (rel axis cs:%s,%s) {", number (a, x), number (b, y));
      for (guint l = 0; l < 2 && label->lines[l] != NULL; l++)
        {
          if (l > 0)
            g_string_append (out, "\\\\");
          append_latex (out, label->lines[l]);
        }
      g_string_append (out, "};\n");
    }
  g_string_append (out, "\\end{axis}\n"
                        "\\end{tikzpicture}%\n"
                        "% ---- end of the figure ----\n"
                        "\\end{lrbox}\n"
                        "% The page is the figure's size (its bounding box), as a standalone "
                        "figure.\n"
                        "\\pdfpagewidth=\\wd\\flitlabfigure\n"
                        "\\pdfpageheight=\\dimexpr\\ht\\flitlabfigure+\\dp\\flitlabfigure\\relax\n"
                        "\\hoffset=-1in \\voffset=-1in \\oddsidemargin=0pt \\evensidemargin=0pt\n"
                        "\\topmargin=0pt \\headheight=0pt \\headsep=0pt\n"
                        "\\hsize=\\wd\\flitlabfigure \\textwidth=\\hsize \\vsize=\\pdfpageheight "
                        "\\textheight=\\vsize\n"
                        "\\pagestyle{empty}\\parindent=0pt\n"
                        "\\usebox{\\flitlabfigure}\n"
                        "\\end{document}\n");
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* ---- writing: matplotlib ---- */

/* A Python string literal of text: quotes and backslashes escaped, every control character
 * (a raw carriage return ends the literal) as its escape, UTF-8 as it is (Python's source
 * encoding). */
static void
append_python_string (GString    *out,
                      const char *text)
{
  g_string_append_c (out, '"');
  for (const char *p = text != NULL ? text : ""; *p != '\0'; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (out, '\\');
      /* A dollar starts matplotlib's mathtext. */
      if (*p == '$')
        g_string_append (out, "\\\\");
      if (*p == '\n')
        g_string_append (out, "\\n");
      else if ((guchar) *p < 0x20 || *p == 0x7f)
        g_string_append_printf (out, "\\x%02x", (guchar) *p);
      else
        g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}

static void
append_python_list (GString      *out,
                    const double *values,
                    guint         n)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_c (out, '[');
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s%s", i > 0 ? ", " : "",
                            isfinite (values[i]) ? number (a, values[i]) : "nan");
  g_string_append_c (out, ']');
}

/* The legend's entry for key as a matplotlib handle and its label, drawn as the renderer. */
static void
append_python_key (GString              *out,
                   const FlitlabPlotKey *key)
{
  int rgb[3];

  key_color (key, rgb);
  g_string_append_printf (out, "handles.append(Line2D([], [], color=\"#%02x%02x%02x\", "
                               "markersize=7", rgb[0], rgb[1], rgb[2]);
  if (key->type == FLITLAB_PLOT_KEY_SATURATED)
    g_string_append (out, ", linestyle=\"none\", marker=\"x\", markeredgewidth=1.5");
  else if (key->type == FLITLAB_PLOT_KEY_DEADLOCKED)
    g_string_append (out, ", linestyle=\"none\", marker=\"D\"");
  else if (key->type == FLITLAB_PLOT_KEY_OFF_SCALE)
    g_string_append (out, ", linestyle=\"none\", marker=\"^\"");
  else if (key->type == FLITLAB_PLOT_KEY_SATURATION)
    g_string_append (out, ", linewidth=1.2, dashes=(5 / 1.2, 4 / 1.2)");
  else
    {
      const double *dashes;

      g_string_append (out, key->line ? ", linewidth=2" : ", linestyle=\"none\"");
      if (key->line && line_dashes (key->style, &dashes) > 0)
        {
          g_string_append (out, ", dashes=(");
          append_python_dashes (out, key->style);
          g_string_append (out, ")");
        }
      if (key->points)
        g_string_append_printf (out, ", marker=\"%s\"%s",
                                python_marker (key->line ? 0 : key->style),
                                key->hollow ? ", markerfacecolor=\"none\", "
                                              "markeredgewidth=1.3" : "");
    }
  g_string_append (out, "))\nlabels.append(");
  append_python_string (out, key->text);
  g_string_append (out, ")\n");
}

char *
flitlab_export_plot_to_python (const FlitlabPlot      *plot,
                               const FlitlabPlotFrame *f,
                               GArray                 *labels,
                               double                  width,
                               double                  height)
{
  static const char *corners[2][2] = { { "lower right", "lower left" },
                                       { "upper right", "upper left" } };
  g_autoptr(GString) out = g_string_new (NULL);
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  gboolean north, west;
  LegendPlace place = legend_place (f, &north, &west);
  g_autoptr(GArray) keys = flitlab_plot_legend_keys (plot, f);

  g_string_append (out,
                   "#!/usr/bin/env python3\n"
                   "# Written by Flitlab: the plot redrawn by matplotlib from its own data.\n"
                   "# python3 FILE.py shows it; python3 FILE.py OUT.pdf (or .svg, .png) writes it\n"
                   "# without a display.\n"
                   "import sys\n"
                   "import matplotlib\n"
                   "if len(sys.argv) > 1:\n"
                   "    matplotlib.use(\"Agg\")\n"
                   "import matplotlib.pyplot as plt\n"
                   "from matplotlib.lines import Line2D\n"
                   "\n"
                   "nan = float(\"nan\")\n");
  g_string_append_printf (out, "plt.rcParams.update({\"font.size\": %s, \"axes.titlesize\": %s, "
                               "\"legend.fontsize\": %s})\n",
                          number (a, 9 * f->type), number (b, 10 * f->type),
                          number (b, 9 * f->type));
  g_string_append_printf (out, "fig, ax = plt.subplots(figsize=(%s, ", number (a, width / 72));
  g_string_append_printf (out, "%s), layout=\"constrained\")\n", number (a, height / 72));
  g_string_append (out, "\n# Each series: label, kind (line or points), colour, loads, values, 95% "
                        "half-widths,\n"
                        "# saturated loads (drawn as crosses at the top), deadlocked loads "
                        "(diamonds there),\n"
                        "# saturation load.\n"
                        "series = [\n");
  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];
      g_autofree double *errors = g_new (double, MAX (series->n, 1));
      g_autoptr(GArray) saturated_x = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr(GArray) deadlocked_x = g_array_new (FALSE, FALSE, sizeof (double));
      double r, g, bl;

      for (guint i = 0; i < series->n; i++)
        {
          errors[i] = series->error != NULL ? series->error[i] : NAN;
          if (flitlab_plot_series_is_saturated (series, i))
            g_array_append_val (saturated_x, series->x[i]);
          if (flitlab_plot_series_is_deadlocked (series, i))
            g_array_append_val (deadlocked_x, series->x[i]);
        }
      flitlab_plot_palette (series->color, &r, &g, &bl);
      g_string_append (out, "    dict(label=");
      append_python_string (out, series->label);
      g_string_append_printf (out, ", kind=\"%s\", color=\"#%02x%02x%02x\",\n         x=",
                              series->kind == FLITLAB_PLOT_LINE ? "line" : "points",
                              (int) round (r * 255), (int) round (g * 255), (int) round (bl * 255));
      append_python_list (out, series->x, series->n);
      g_string_append (out, ",\n         y=");
      append_python_list (out, series->y, series->n);
      g_string_append (out, ",\n         ci95=");
      append_python_list (out, errors, series->n);
      g_string_append (out, ",\n         saturated=");
      append_python_list (out, (const double *) saturated_x->data, saturated_x->len);
      g_string_append (out, ",\n         deadlocked=");
      append_python_list (out, (const double *) deadlocked_x->data, deadlocked_x->len);
      g_string_append (out, ",\n         dashes=[");
      append_python_dashes (out, series->style);
      g_string_append_printf (out, "], marker=\"%s\", hollow=%s", python_marker (series->style),
                              series->hollow ? "True" : "False");
      g_string_append_printf (out, ",\n         saturation=%s),\n",
                              isfinite (series->saturation) ? number (a, series->saturation)
                                                            : "nan");
    }
  g_string_append (out, "]\n\n"
                        "# The saturation lines' labels where Flitlab found room for them: words, "
                        "series,\n"
                        "# the foot of the end they start from (axes fractions), right of the line "
                        "or left.\n"
                        "saturation_labels = [\n");
  for (guint i = 0; i < labels->len; i++)
    {
      const FlitlabPlotSaturationLabel *label =
        &g_array_index (labels, FlitlabPlotSaturationLabel, i);
      g_autofree char *text = g_strjoin ("\n", label->lines[0], label->lines[1], NULL);
      double x, y;

      label_anchor (f, label, &x, &y);
      g_string_append (out, "    dict(text=");
      append_python_string (out, text);
      g_string_append_printf (out, ", series=%u, x=%s, ", label->series, number (a, x));
      g_string_append_printf (out, "y=%s, right=%s),\n", number (a, y),
                              label->right_side ? "True" : "False");
    }
  g_string_append (out, "]\n\n");
  g_string_append_printf (out, "x_range = (%s, ", number (a, f->x_min));
  g_string_append_printf (out, "%s)\n", number (a, f->x_max));
  g_string_append_printf (out, "y_range = (%s, ", number (a, f->y_min));
  g_string_append_printf (out, "%s)\n", number (a, f->y_max));
  g_string_append_printf (out, "mark_y = %s  # the marks' row, just under the top edge\n",
                          number (a, value_below_top (f, FLITLAB_PLOT_MARK_INSET)));
  g_string_append_printf (out, "log_y = %s\n", f->log_y ? "True" : "False");
  g_string_append (out, "\n");
  g_string_append (out,
                   "for s in series:\n"
                   "    if s[\"kind\"] == \"line\":\n"
                   "        handle, = ax.plot(s[\"x\"], s[\"y\"], color=s[\"color\"], "
                   "linewidth=2,\n"
                   "                          solid_capstyle=\"round\", "
                   "solid_joinstyle=\"round\")\n"
                   "        if s[\"dashes\"]:\n"
                   "            handle.set_dashes(s[\"dashes\"])\n"
                   "    else:\n"
                   "        # The marks are whole at the axes' edge (clip_on=False), as Flitlab "
                   "draws them;\n"
                   "        # a point outside the ranges is left out.\n"
                   "        inside = [x_range[0] <= x <= x_range[1] for x in s[\"x\"]]\n"
                   "        shown = [i for i, y in enumerate(s[\"y\"]) "
                   "if inside[i] and y == y and y_range[0] <= y <= y_range[1]]\n"
                   "        x = [s[\"x\"][i] for i in shown]\n"
                   "        y = [s[\"y\"][i] for i in shown]\n"
                   "        ci95 = [s[\"ci95\"][i] if s[\"ci95\"][i] == s[\"ci95\"][i] else 0 for "
                   "i in shown]\n"
                   "        if any(ci95):\n"
                   "            bars = ax.errorbar(x, y, yerr=ci95, fmt=s[\"marker\"], "
                   "markersize=7,\n"
                   "                               color=s[\"color\"], elinewidth=1.5, capsize=4, "
                   "capthick=1.5,\n"
                   "                               markerfacecolor=\"none\" if s[\"hollow\"] "
                   "else s[\"color\"])\n"
                   "            bars[0].set_clip_on(False)\n"
                   "        else:\n"
                   "            ax.plot(x, y, s[\"marker\"], markersize=7, color=s[\"color\"],\n"
                   "                    markerfacecolor=\"none\" if s[\"hollow\"] else "
                   "s[\"color\"],\n"
                   "                    markeredgewidth=1.3 if s[\"hollow\"] else 1, "
                   "clip_on=False)\n"
                   "        above = [x for i, (x, y) in enumerate(zip(s[\"x\"], s[\"y\"])) "
                   "if inside[i] and y == y and y > y_range[1]]\n"
                   "        if above:\n"
                   "            ax.plot(above, [y_range[1]] * len(above), \"^\", "
                   "color=s[\"color\"], markersize=7,\n"
                   "                    clip_on=False)\n"
                   "        saturated = [x for x in s[\"saturated\"] if x_range[0] <= x <= "
                   "x_range[1]]\n"
                   "        if saturated:\n"
                   "            ax.plot(saturated, [mark_y] * len(saturated), \"x\", "
                   "color=s[\"color\"],\n"
                   "                    markersize=7, markeredgewidth=1.5, clip_on=False)\n"
                   "        deadlocked = [x for x in s[\"deadlocked\"] if x_range[0] <= x <= "
                   "x_range[1]]\n"
                   "        if deadlocked:\n"
                   "            ax.plot(deadlocked, [mark_y] * len(deadlocked), \"D\", "
                   "color=s[\"color\"],\n"
                   "                    markersize=7, clip_on=False)\n"

                   "    if s[\"saturation\"] == s[\"saturation\"] and x_range[0] <= "
                   "s[\"saturation\"] <= x_range[1]:\n"
                   "        ax.axvline(s[\"saturation\"], color=s[\"color\"], linewidth=1.2, "
                   "dashes=(5 / 1.2, 4 / 1.2))\n"
                   "for label in saturation_labels:\n"
                   "    ax.annotate(label[\"text\"], (label[\"x\"], label[\"y\"]), "
                   "xycoords=\"axes fraction\",\n"
                   "                color=series[label[\"series\"]][\"color\"], va=\"bottom\",\n"
                   "                ha=\"left\" if label[\"right\"] else \"right\",\n"
                   "                multialignment=\"left\" if label[\"right\"] else \"right\",\n"
                   "                fontsize=plt.rcParams[\"font.size\"] * 8 / 9)\n"
                   "\n"
                   "ax.set_xlim(*x_range)\n"
                   "ax.set_ylim(*y_range)\n"
                   "if log_y:\n"
                   "    ax.set_yscale(\"log\")\n");
  /* The renderer's ticks. */
  append_ticks (out, "ax.set_xticks([", f, FALSE, "])\n");
  append_tick_labels (out, "ax.set_xticklabels([", f, FALSE, "\"", "\"", "])\n");
  if (!f->log_y)
    {
      append_ticks (out, "ax.set_yticks([", f, TRUE, "])\n");
      append_tick_labels (out, "ax.set_yticklabels([", f, TRUE, "\"", "\"", "])\n");
    }
  if (plot->title != NULL)
    {
      g_autofree char *title = flitlab_plot_title_text (plot, f);

      g_string_append (out, "ax.set_title(");
      append_python_string (out, title);
      g_string_append (out, ")\n");
    }
  if (plot->x_label != NULL)
    {
      g_string_append (out, "ax.set_xlabel(");
      append_python_string (out, plot->x_label);
      g_string_append (out, ")\n");
    }
  if (plot->y_label != NULL)
    {
      g_string_append (out, "ax.set_ylabel(");
      append_python_string (out, plot->y_label);
      g_string_append (out, ")\n");
    }
  /* The renderer's legend, entry by entry. */
  g_string_append (out, "\nhandles, labels = [], []  # the legend's entries, as Flitlab draws "
                        "them\n");
  for (guint k = 0; k < keys->len; k++)
    append_python_key (out, &g_array_index (keys, FlitlabPlotKey, k));
  if (place == LEGEND_INSIDE)
    g_string_append_printf (out, "ax.legend(handles, labels, loc=\"%s\", framealpha=0.9)\n",
                            corners[north][west]);
  else if (place == LEGEND_RIGHT)
    g_string_append (out, "ax.legend(handles, labels, loc=\"upper left\", bbox_to_anchor=(1.02, "
                          "1), framealpha=0.9)\n");
  else if (place == LEGEND_BELOW)
    {
      /* Below the axes, in the renderer's columns (matplotlib fills them down, as it does);
       * the layout leaves the foot of the figure to its box. */
      g_string_append_printf (out, "fig.legend(handles, labels, loc=\"lower center\", ncol=%u, "
                                   "framealpha=0.9%s)\n",
                              MAX (f->legend_columns, 1),
                              /* A cut legend's keys and gaps tighter, as the renderer's. */
                              f->legend_cut > 0 ? ",\n           handlelength=1.2, "
                                                  "handletextpad=0.4, columnspacing=0.8, "
                                                  "borderpad=0.3, borderaxespad=0.2" : "");
      g_string_append_printf (out, "foot = %s\n",
                              number (a, (height - f->legend_top + 4) / height));
      g_string_append (out, "fig.get_layout_engine().set(rect=(0, foot, 1, 1 - foot))\n");
    }
  g_string_append (out, "\nif len(sys.argv) > 1:\n"
                        "    fig.savefig(sys.argv[1])\n"
                        "else:\n"
                        "    plt.show()\n");
  return g_string_free (g_steal_pointer (&out), FALSE);
}
