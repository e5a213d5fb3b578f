/* flitlab-render.c: what the renderers of src/io share: text, and figures written to files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gi18n-lib.h>
#include <pango/pangocairo.h>

#include "flitlab-file-write.h"
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
flitlab_render_size_valid (double width,
                           double height)
{
  return width >= 50 && width <= 10000 && height >= 50 && height <= 10000;
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

  if (!(flitlab_render_size_valid (width, height) && scale > 0 && scale <= 8))
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_SIZE,
                   _("A figure is 50 to 10000 points wide and high at a scale up to 8, not %g × %g at %g"),
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
                   _("“%s”: figures are written as .svg, .pdf or .png"), path);
      return FALSE;
    }

  flitlab_render_set_type_in_points (surface);
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
                   _("Could not draw “%s”: %s"), path, cairo_status_to_string (status));
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
