/* flitlab-render-text.c: type for the flow and network diagrams, at the size of the figure
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <pango/pangocairo.h>

#include "flitlab-render-text.h"

/* Its address marks a surface whose type is set in points. */
static const cairo_user_data_key_t type_in_points;

void
flitlab_render_set_type_in_points (cairo_surface_t *surface)
{
  cairo_surface_set_user_data (surface, &type_in_points, (void *) &type_in_points, NULL);
}

PangoLayout *
flitlab_render_layout_new (cairo_t *cr)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);

  /* cairo_get_target (): the surface itself even inside cairo_push_group (). */
  if (cairo_surface_get_user_data (cairo_get_target (cr), &type_in_points) != NULL)
    {
      PangoContext *context = pango_layout_get_context (layout);
      cairo_font_options_t *options = cairo_font_options_create ();

      pango_cairo_context_set_resolution (context, 72);
      /* Unhinted, as a PDF's are: a PNG's words take the room they take in the PDF, not
       * widths rounded to its pixels. */
      cairo_font_options_set_hint_metrics (options, CAIRO_HINT_METRICS_OFF);
      cairo_font_options_set_hint_style (options, CAIRO_HINT_STYLE_NONE);
      pango_cairo_context_set_font_options (context, options);
      pango_context_set_round_glyph_positions (context, FALSE);
      cairo_font_options_destroy (options);
      pango_layout_context_changed (layout);
    }
  return layout;
}

double
flitlab_render_default_font_size (double width)
{
  return CLAMP (8 + (width - 252) / 148, 8, 9);
}

const char *
flitlab_font_name (FlitlabFontName *font,
                   const char      *face,
                   double           points)
{
  char size[G_ASCII_DTOSTR_BUF_SIZE];

  g_snprintf (font->name, sizeof font->name, "%s %s", face,
              g_ascii_formatd (size, sizeof size, "%.2f", points));
  return font->name;
}

static PangoLayout *
text_layout (cairo_t    *cr,
             const char *text,
             const char *font)
{
  PangoLayout *layout = flitlab_render_layout_new (cr);
  PangoFontDescription *desc = pango_font_description_from_string (font);

  pango_layout_set_font_description (layout, desc);
  pango_layout_set_text (layout, text, -1);
  pango_font_description_free (desc);
  return layout;
}

void
flitlab_render_text_size (cairo_t    *cr,
                          const char *text,
                          const char *font,
                          double     *width,
                          double     *height)
{
  PangoLayout *layout = text_layout (cr, text, font);
  int w, h;

  pango_layout_get_pixel_size (layout, &w, &h);
  *width = w;
  *height = h;
  g_object_unref (layout);
}

double
flitlab_render_paragraph (cairo_t    *cr,
                          const char *text,
                          const char *font,
                          double      x,
                          double      y,
                          double      width,
                          guint       max_lines,
                          gboolean    draw)
{
  PangoLayout *layout = text_layout (cr, text, font);
  int w, h;

  pango_layout_set_width (layout, (int) (MAX (width, 10) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
  /* A negative height counts lines. */
  pango_layout_set_height (layout, -(int) MAX (max_lines, 1));
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  pango_layout_get_pixel_size (layout, &w, &h);
  if (draw)
    {
      /* The layout is as wide as width, its lines centred in it. */
      cairo_move_to (cr, x - MAX (width, 10) / 2, y);
      pango_cairo_show_layout (cr, layout);
    }
  g_object_unref (layout);
  return h;
}

char *
flitlab_render_text_wrap (cairo_t    *cr,
                          const char *text,
                          const char *font,
                          double      width,
                          guint      *n_lines)
{
  PangoLayout *layout = text_layout (cr, text, font);
  GString *wrapped = g_string_new (NULL);
  GSList *lines;

  pango_layout_set_width (layout, (int) (MAX (width, 1) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
  lines = pango_layout_get_lines_readonly (layout);
  *n_lines = g_slist_length (lines);
  for (GSList *l = lines; l != NULL; l = l->next)
    {
      const PangoLayoutLine *line = l->data;
      gssize length = line->length;

      /* A line keeps the space it broke at: the next line starts after it. */
      while (length > 0 && text[line->start_index + length - 1] == ' ')
        length--;
      if (l != lines)
        g_string_append_c (wrapped, '\n');
      g_string_append_len (wrapped, text + line->start_index, length);
    }
  g_object_unref (layout);
  return g_string_free (wrapped, FALSE);
}

void
flitlab_render_type_init (FlitlabRenderType *t,
                          cairo_t           *cr,
                          double             f,
                          const char        *sample)
{
  double w;

  t->cr = cr;
  t->f = f;
  flitlab_font_name (&t->label, "Sans", f);
  flitlab_font_name (&t->bold, "Sans Bold", f);
  flitlab_font_name (&t->title, "Sans Bold", 1.2 * f);
  flitlab_font_name (&t->small, "Sans", 0.85 * f);
  flitlab_font_name (&t->small_bold, "Sans Bold", 0.85 * f);
  flitlab_render_text_size (cr, sample, t->label.name, &w, &t->label_h);
  flitlab_render_text_size (cr, sample, t->small.name, &w, &t->small_h);
}

double
flitlab_render_type_width (const FlitlabRenderType *t,
                           const char              *text,
                           const char              *font)
{
  double w, h;

  flitlab_render_text_size (t->cr, text, font, &w, &h);
  return w;
}
