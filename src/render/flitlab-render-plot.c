/* flitlab-render-plot.c: latency-against-load plots drawn with cairo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The plot is drawn in parts (flitlab-render-plot-private.h): its frame, axes, series and
 * legend; this file puts them together, and holds the palette, the type and the presets.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-render-plot-private.h"
#include "flitlab-render-private.h"

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

const char *
flitlab_plot_font (const FlitlabPlotFrame *f,
                   const char             *face,
                   double                  points,
                   FlitlabFontName        *font)
{
  return flitlab_font_name (font, face, points * f->type);
}

double
flitlab_plot_text_width (cairo_t    *cr,
                         const char *text,
                         const char *font)
{
  double width, height;

  flitlab_render_text_size (cr, text, font, &width, &height);
  return width;
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

/* The legend's placements by name, in FlitlabPlotLegend's order. */
static const char * const legend_names[] = { "auto", "inside", "right", "below", "none" };

gboolean
flitlab_plot_legend_from_string (const char        *text,
                                 FlitlabPlotLegend *legend)
{
  for (guint i = 0; text != NULL && i < G_N_ELEMENTS (legend_names); i++)
    if (g_str_equal (text, legend_names[i]))
      {
        *legend = (FlitlabPlotLegend) i;
        return TRUE;
      }
  return FALSE;
}

const char *
flitlab_plot_legend_to_string (FlitlabPlotLegend legend)
{
  g_return_val_if_fail ((guint) legend < G_N_ELEMENTS (legend_names), NULL);
  return legend_names[legend];
}

/* The left margin holds the value axis's label and tick labels. A label longer than most of the
 * axis is broken in two lines rather than set small (a column's "Transit latency (cycles)"). */
static void
lay_out_value_axis (cairo_t           *cr,
                    const FlitlabPlot *plot,
                    FlitlabPlotFrame  *frame)
{
  FlitlabFontName font;

  frame->y_label_lines = plot->y_label == NULL ? 0 : 1;
  if (plot->y_label != NULL && strchr (plot->y_label, ' ') != NULL &&
      flitlab_plot_text_width (cr, plot->y_label, flitlab_plot_font (frame, "Sans", 10, &font)) >
      0.8 * (frame->bottom - frame->top))
    frame->y_label_lines = 2;
  frame->left = 6 * frame->type + frame->y_label_lines * frame->label_h + 4 * frame->type +
                flitlab_plot_y_tick_width (cr, frame) + 5 * frame->type;
}

/* The margins round the data area, with the title in title_lines lines. */
static void
lay_out_margins (cairo_t           *cr,
                 const FlitlabPlot *plot,
                 FlitlabPlotFrame  *frame,
                 double             width,
                 double             height,
                 guint              title_lines)
{
  FlitlabFontName font;
  double w, title_h;

  /* The margins hold the words, as high and wide as they are set on this surface. */
  flitlab_render_text_size (cr, "0", flitlab_plot_font (frame, "Sans", 9, &font), &w,
                            &frame->tick_h);
  flitlab_render_text_size (cr, "L", flitlab_plot_font (frame, "Sans", 10, &font), &w,
                            &frame->label_h);
  flitlab_render_text_size (cr, "T", flitlab_plot_font (frame, "Sans Bold", 11, &font), &w,
                            &title_h);
  frame->title_lines = plot->title != NULL ? title_lines : 0;
  frame->top = plot->title != NULL ? 8 * frame->type + title_lines * title_h + 7 * frame->type
                                   : 12 * frame->type;
  frame->bottom = MAX (height - (16 * frame->type + frame->tick_h +
                                 (plot->x_label != NULL ? frame->label_h : 0)),
                       frame->top + 10);
  lay_out_value_axis (cr, plot, frame);
  frame->right = MAX (width - 28 * frame->type, frame->left + 10);
}

double
flitlab_plot_title_width (const FlitlabPlotFrame *frame,
                          double                  width)
{
  double centre = (frame->left + frame->right) / 2;

  /* Centred on the data area, within the figure's edges. */
  return MAX (2 * MIN (centre, width - centre) - 8, 10);
}

void
flitlab_render_plot (cairo_t           *cr,
                     const FlitlabPlot *plot,
                     double             width,
                     double             height,
                     FlitlabPlotFrame  *frame_out)
{
  FlitlabPlotFrame frame = { 0 };
  g_autoptr(FlitlabPlotLegendLayout) legend = NULL;
  FlitlabFontName font;
  double axis_bottom;

  g_return_if_fail (cr != NULL && plot != NULL);

  frame.log_y = plot->log_y;
  flitlab_plot_data_range (plot, &frame);
  frame.type = (plot->font_size > 0 ? plot->font_size
                                    : flitlab_render_default_font_size (width)) / 9;
  lay_out_margins (cr, plot, &frame, width, height, 1);
  /* A title wider than the figure is broken into lines, up to three, rather than set smaller;
   * its room depends on the margins its lines leave. */
  for (guint tries = 0; plot->title != NULL && tries < 3; tries++)
    {
      guint lines;

      /* Only the count of lines is wanted here. */
      g_free (flitlab_render_text_wrap (cr, plot->title,
                                        flitlab_plot_font (&frame, "Sans Bold", 11, &font),
                                        flitlab_plot_title_width (&frame, width), &lines));

      if (MIN (lines, 3) == frame.title_lines)
        break;
      lay_out_margins (cr, plot, &frame, width, height, MIN (lines, 3));
    }
  frame.title_wrap = frame.title_lines > 1 ? flitlab_plot_title_width (&frame, width) : 0;
  axis_bottom = frame.bottom;
  if (plot->series->len > 0 && plot->legend != FLITLAB_PLOT_LEGEND_NONE)
    legend = flitlab_plot_legend_place (cr, plot, &frame, width, height);
  flitlab_plot_widen_y_range (plot, &frame);
  /* A legend below shortens the value axis: its label may now need two lines. */
  if (frame.bottom < axis_bottom)
    lay_out_value_axis (cr, plot, &frame);

  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  flitlab_plot_draw_axes (cr, plot, &frame, width);

  /* Curves end at the axes (a zoomed plot must not draw over the title or the tick labels);
   * points are clipped a little outside the frame, so a marker on its edge stays whole. */
  for (guint pass = 0; pass < 2; pass++)
    {
      double margin = pass == 0 ? 0 : FLITLAB_PLOT_POINTS_MARGIN;

      cairo_save (cr);
      cairo_rectangle (cr, frame.left - margin, frame.top - margin,
                       frame.right - frame.left + 2 * margin,
                       frame.bottom - frame.top + 2 * margin);
      cairo_clip (cr);
      for (guint s = 0; s < plot->series->len; s++)
        {
          const FlitlabPlotSeries *series = plot->series->pdata[s];

          if ((series->kind == FLITLAB_PLOT_LINE) == (pass == 0))
            flitlab_plot_draw_series (cr, series, &frame);
        }
      cairo_restore (cr);
    }
  flitlab_plot_draw_saturation_labels (cr, plot, &frame);
  if (isfinite (plot->marker) && plot->marker >= frame.x_min && plot->marker <= frame.x_max)
    {
      double x = round (flitlab_plot_map_x (&frame, plot->marker)) + 0.5;

      cairo_set_source_rgba (cr, 0.15, 0.15, 0.15, 0.6);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, x, frame.top);
      cairo_line_to (cr, x, frame.bottom);
      cairo_stroke (cr);
    }

  if (legend != NULL)
    flitlab_plot_legend_draw (cr, &frame, legend);
  cairo_restore (cr);

  if (frame_out != NULL)
    *frame_out = frame;
}

cairo_t *
flitlab_plot_points_context_new (void)
{
  cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr;

  flitlab_render_set_type_in_points (surface);
  cr = cairo_create (surface);
  cairo_surface_destroy (surface);
  return cr;
}

char *
flitlab_plot_wrap_in_points (const char *text,
                             const char *font,
                             double      width)
{
  cairo_t *cr = flitlab_plot_points_context_new ();
  guint lines;
  char *wrapped = flitlab_render_text_wrap (cr, text, font, width, &lines);

  cairo_destroy (cr);
  return wrapped;
}

char *
flitlab_plot_title_text (const FlitlabPlot      *plot,
                         const FlitlabPlotFrame *frame)
{
  FlitlabFontName font;

  g_return_val_if_fail (plot != NULL && frame != NULL, NULL);

  if (plot->title == NULL || frame->title_wrap <= 0)
    return g_strdup (plot->title);
  return flitlab_plot_wrap_in_points (plot->title,
                                      flitlab_plot_font (frame, "Sans Bold", 11, &font),
                                      frame->title_wrap);
}

void
flitlab_plot_measure (const FlitlabPlot *plot,
                      double             width,
                      double             height,
                      FlitlabPlotFrame  *frame,
                      GArray           **saturation_labels)
{
  cairo_t *cr = flitlab_plot_points_context_new ();

  flitlab_render_plot (cr, plot, width, height, frame);
  if (saturation_labels != NULL)
    *saturation_labels = flitlab_plot_place_saturation_labels (cr, plot, frame);
  cairo_destroy (cr);
}

double
flitlab_plot_file_height (const FlitlabPlot *plot,
                          double             width,
                          double             height)
{
  g_return_val_if_fail (plot != NULL, height);

  return height;
}
