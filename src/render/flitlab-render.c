/* flitlab-render.c: what the renderers of src/render share: text and the error domain
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "flitlab-render-plot.h"
#include "flitlab-render-private.h"
#include "flitlab-render-text.h"

G_DEFINE_QUARK (flitlab-render-error-quark, flitlab_render_error)

void
flitlab_render_text_turned_within (cairo_t    *cr,
                                   const char *text,
                                   const char *font,
                                   double      x,
                                   double      y,
                                   double      align_x,
                                   double      align_y,
                                   double      angle,
                                   double      max_width)
{
  PangoLayout *layout = flitlab_render_layout_new (cr);
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
  flitlab_render_text_turned_within (cr, text, font, x, y, align_x, align_y, angle, 0);
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
  flitlab_render_text_turned_within (cr, text, font, x, y, align_x, align_y, 0, max_width);
}

gboolean
flitlab_render_size_valid (double width,
                           double height)
{
  return width >= 50 && width <= 10000 && height >= 50 && height <= 10000;
}
