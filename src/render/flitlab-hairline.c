/* flitlab-hairline.c: thin antialiased lines written straight into an ARGB32 image
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-hairline.h"

#define MAX_BANDS 8
/* 2^20 pixels: beyond any image, within int arithmetic in 1/256 of a pixel. */
#define FAR 1048576.0

gboolean
flitlab_hairline_begin (cairo_t         *cr,
                        FlitlabHairline *target)
{
  cairo_surface_t *surface = cairo_get_group_target (cr);
  cairo_matrix_t m;
  double x0, y0, x1, y1, sx, sy, ox, oy;

  g_return_val_if_fail (cr != NULL && target != NULL, FALSE);

  if (cairo_surface_get_type (surface) != CAIRO_SURFACE_TYPE_IMAGE ||
      (cairo_image_surface_get_format (surface) != CAIRO_FORMAT_ARGB32 &&
       cairo_image_surface_get_format (surface) != CAIRO_FORMAT_RGB24))
    return FALSE;
  cairo_get_matrix (cr, &m);
  if (m.xy != 0 || m.yx != 0)
    return FALSE;

  /* The clip, in the surface's pixels: user space, then the CTM, then the device scale and
   * offset (cairo_surface_set_device_offset: added to the CTM's coordinates). */
  cairo_clip_extents (cr, &x0, &y0, &x1, &y1);
  cairo_user_to_device (cr, &x0, &y0);
  cairo_user_to_device (cr, &x1, &y1);
  cairo_surface_get_device_scale (surface, &sx, &sy);
  cairo_surface_get_device_offset (surface, &ox, &oy);
  target->x0 = (int) MAX (ceil (MIN (x0, x1) * sx + ox), 0);
  target->y0 = (int) MAX (ceil (MIN (y0, y1) * sy + oy), 0);
  target->x1 = (int) MIN (floor (MAX (x0, x1) * sx + ox), cairo_image_surface_get_width (surface));
  target->y1 = (int) MIN (floor (MAX (y0, y1) * sy + oy), cairo_image_surface_get_height (surface));

  cairo_surface_flush (surface);
  target->pixels = (guint32 *) cairo_image_surface_get_data (surface);
  target->stride = cairo_image_surface_get_stride (surface) / 4;
  return target->pixels != NULL;
}

void
flitlab_hairline_end (cairo_t *cr)
{
  g_return_if_fail (cr != NULL);

  cairo_surface_mark_dirty (cairo_get_group_target (cr));
}

/* floor () without the libm call it is on plain x86-64. */
static inline int
ifloor (double x)
{
  int i = (int) x;

  return i - (x < i);
}

/* Source over destination, premultiplied; coverage a in 0..255; src the colour's red and
 * blue (0x00RR00BB) and alpha and green (0x00FF00GG). Two channels per multiplication, each
 * divided by 255 with rounding (Blinn's trick). */
static inline void
blend (guint32 *pixel,
       guint32  src_rb,
       guint32  src_ag,
       guint32  a)
{
  guint32 d = *pixel, keep = 255 - a;
  guint32 rb = (d & 0xff00ff) * keep + src_rb * a + 0x800080;
  guint32 ag = ((d >> 8) & 0xff00ff) * keep + src_ag * a + 0x800080;

  rb = ((rb + ((rb >> 8) & 0xff00ff)) >> 8) & 0xff00ff;
  ag = (ag + ((ag >> 8) & 0xff00ff)) & 0xff00ff00;
  *pixel = rb | ag;
}

static void
draw_line (const FlitlabHairline *target,
           double                 x0,
           double                 y0,
           double                 x1,
           double                 y1,
           double                 width,
           guint32                rgb,
           double                 alpha)
{
  /* Walk the major axis u; v is the other. steep: u is y. */
  gboolean steep = fabs (y1 - y0) > fabs (x1 - x0);
  double ua = steep ? y0 : x0, va = steep ? x0 : y0, ub = steep ? y1 : x1, vb = steep ? x1 : y1;
  double slope, half;
  int u_lo, u_hi, v_min, v_max, u_first, u_last, u_start, u_end;
  gsize u_step, v_step;
  gint64 half16, slope16, centre16;
  guint32 full;
  guint32 src_rb = rgb & 0xff00ff, src_ag = 0xff0000 | ((rgb >> 8) & 0xff);

  if (!(width > 0 && width <= FLITLAB_HAIRLINE_MAX_WIDTH && alpha > 0) ||
      !isfinite (ua + ub + va + vb))
    return;
  if (ua > ub)
    {
      double t = ua;

      ua = ub, ub = t;
      t = va, va = vb, vb = t;
    }
  if (ub - ua < 1e-9)
    return;
  slope = (vb - va) / (ub - ua);
  /* Far ends cut off where no image reaches, so the integers below cannot overflow; the same
   * bound for every band, which must compute the same centres. */
  if (ua < -FAR)
    va += slope * (-FAR - ua), ua = -FAR;
  if (ub > FAR)
    vb -= slope * (ub - FAR), ub = FAR;
  if (ub - ua < 1e-9 || MIN (va, vb) > FAR || MAX (va, vb) < -FAR)
    return;
  /* Across the major axis a line of the given width is this much thicker. */
  half = 0.5 * width * sqrt (1 + slope * slope);
  u_lo = steep ? target->y0 : target->x0;
  u_hi = steep ? target->y1 : target->x1;
  v_min = steep ? target->x0 : target->y0;
  v_max = steep ? target->x1 : target->y1;
  u_first = MAX (ifloor (ua), u_lo);
  u_last = MIN (-ifloor (-ub) - 1, u_hi - 1);
  /* Only the steps whose pixels across can be in [v_min, v_max): a band of the image. */
  if (slope != 0)
    {
      double u0 = ua + (v_min - half - 1 - va) / slope, u1 = ua + (v_max + half + 1 - va) / slope;

      u_first = MAX (u_first, ifloor (MIN (u0, u1)));
      u_last = MIN (u_last, -ifloor (-MAX (u0, u1)));
    }
  else if (va + half + 1 < v_min || va - half - 1 > v_max)
    return;

  /* Along u, integer steps: the centre in 1/65536 of a pixel, coverage in 1/256. */
  u_step = steep ? target->stride : 1;
  v_step = steep ? 1 : target->stride;
  half16 = (gint64) (half * 65536);
  slope16 = (gint64) llround (slope * 65536);
  /* Counted from the line's own first step, not the band's: every band computes the same
   * centres. */
  u_start = ifloor (ua);
  u_end = -ifloor (-ub) - 1;
  centre16 = (gint64) llround ((va + slope * (u_start + 0.5 - ua)) * 65536);
  full = (guint32) (alpha * 255 + 0.5);
  for (int u = u_first; u <= u_last; u++)
    {
      guint32 share = full;
      gint64 centre = centre16 + (u - u_start) * slope16;
      int lo, hi, first, last;
      guint32 *pixel;

      /* The two ends cover part of their column (or row), centred on that part. */
      if (u == u_start || u == u_end)
        {
          double s0 = MAX (u, ua), s1 = MIN (u + 1, ub);

          share = (guint32) ((s1 - s0) * alpha * 255 + 0.5);
          centre = (gint64) llround ((va + slope * (0.5 * (s0 + s1) - ua)) * 65536);
        }
      lo = (int) ((centre - half16) >> 8);
      hi = (int) ((centre + half16) >> 8);
      first = MAX (lo >> 8, v_min);
      last = MIN ((hi - 1) >> 8, v_max - 1);
      pixel = target->pixels + (gsize) u * u_step + (gsize) MAX (first, 0) * v_step;
      for (int v = first; v <= last; v++, pixel += v_step)
        {
          int covered = MIN ((v + 1) << 8, hi) - MAX (v << 8, lo);

          blend (pixel, src_rb, src_ag, MIN (((guint32) covered * share + 128) >> 8, 255));
        }
    }
}

typedef struct
{
  FlitlabHairline               band;
  const FlitlabHairlineSegment *lines;
  guint                         n_lines;
} Band;

static gpointer
draw_band (gpointer data)
{
  const Band *band = data;

  for (guint i = 0; i < band->n_lines; i++)
    {
      const FlitlabHairlineSegment *l = &band->lines[i];

      draw_line (&band->band, l->x0, l->y0, l->x1, l->y1, l->width, l->rgb, l->alpha);
    }
  return NULL;
}

/* Bands of rows on threads of their own: each pixel is in one band, so it is blended in the
 * same order whatever the number of threads, and the image is the same. */
void
flitlab_hairline_draw (const FlitlabHairline        *target,
                       const FlitlabHairlineSegment *lines,
                       guint                         n_lines)
{
  guint n_bands = CLAMP (g_get_num_processors (), 1, MAX_BANDS);
  Band bands[MAX_BANDS];
  GThread *threads[MAX_BANDS] = { NULL };
  int rows = target->y1 - target->y0;

  g_return_if_fail (target != NULL && (lines != NULL || n_lines == 0));

  if (rows <= 0 || target->x1 <= target->x0)
    return;
  /* A thread costs tens of microseconds: only for a picture's worth of lines. */
  if (n_lines < 1000 || rows < 64)
    n_bands = 1;
  for (guint b = 0; b < n_bands; b++)
    {
      bands[b] = (Band) { *target, lines, n_lines };
      bands[b].band.y0 = target->y0 + (int) ((gint64) rows * b / n_bands);
      bands[b].band.y1 = target->y0 + (int) ((gint64) rows * (b + 1) / n_bands);
    }
  for (guint b = 1; b < n_bands; b++)
    threads[b] = g_thread_try_new ("flitlab-hairline", draw_band, &bands[b], NULL);
  draw_band (&bands[0]);
  /* A thread that could not start: its band drawn here. */
  for (guint b = 1; b < n_bands; b++)
    if (threads[b] != NULL)
      g_thread_join (threads[b]);
    else
      draw_band (&bands[b]);
}
