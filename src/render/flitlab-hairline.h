/* flitlab-hairline.h: thin antialiased lines written straight into an ARGB32 image
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Cairo rasterizes a stroke row by row through its general scan converter, about 25 ns per
 * pixel row of a long thin line: a 10-cube's 10240 channels take 100 ms. Lines of a pixel or
 * two need less: per step along the line's major axis, the pixels across it get the share of
 * their area the line covers (a box filter), blended over what is there. The network view
 * uses this on image surfaces when it draws thousands of channels; exports to SVG and PDF
 * keep cairo's strokes.
 */

#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint32 *pixels; /* premultiplied ARGB32, as cairo's image surfaces hold it */
  int      stride; /* in pixels */
  /* Only pixels in [x0, x1) × [y0, y1) are written. */
  int      x0, y0, x1, y1;
} FlitlabHairline;

/* Whether cr draws onto an image surface that hairlines can write, with no rotation or skew;
 * if so, fills target with its pixels and cr's clip. Flushes the surface: draw, then call
 * flitlab_hairline_end (). */
gboolean flitlab_hairline_begin (cairo_t         *cr,
                                 FlitlabHairline *target);
void     flitlab_hairline_end   (cairo_t         *cr);

/* The widest line drawn. */
#define FLITLAB_HAIRLINE_MAX_WIDTH 4

/* A line from (x0, y0) to (x1, y1) in device pixels, width pixels wide (at most
 * FLITLAB_HAIRLINE_MAX_WIDTH; wider lines are not drawn), butt ends, in colour rgb
 * (0xRRGGBB) at opacity alpha. */
typedef struct
{
  float   x0, y0, x1, y1;
  float   width;
  float   alpha;
  guint32 rgb;
} FlitlabHairlineSegment;

/* Draws the lines in order, each over the ones before it, on all cores. */
void     flitlab_hairline_draw  (const FlitlabHairline        *target,
                                 const FlitlabHairlineSegment *lines,
                                 guint                         n_lines);

G_END_DECLS
