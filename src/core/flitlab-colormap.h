/* flitlab-colormap.h: the heatmap colour maps
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Viridis for magnitudes (a utilization, a time); the diverging map for a signed difference
 * (simulation − model), where zero is the news. */
typedef enum
{
  FLITLAB_COLORMAP_VIRIDIS,
  FLITLAB_COLORMAP_DIVERGING,
} FlitlabColormap;

/* Viridis (van der Walt and Smith, matplotlib): perceptually uniform, readable in grey and by
 * colour-blind readers. value is mapped from [lo, hi]; values outside are clamped; a NaN (no
 * data) gives a neutral grey. Components in [0, 1]. */
void   flitlab_colormap_viridis (double  value,
                                 double  lo,
                                 double  hi,
                                 double *r,
                                 double *g,
                                 double *b);

/* ColorBrewer's RdBu (Brewer, colorbrewer2.org), blue below zero, near-white at zero, red
 * above: lightness falls steadily from the centre to either end, so the size of a difference
 * reads in grey too. Zero is the centre whatever lo and hi are, and the larger of |lo| and
 * |hi| is either end, so a difference one way is as strong as the same difference the other;
 * values beyond are clamped; a NaN gives a neutral grey. */
void   flitlab_colormap_diverging (double  value,
                                   double  lo,
                                   double  hi,
                                   double *r,
                                   double *g,
                                   double *b);

/* map's colour of value on [lo, hi]. */
void   flitlab_colormap_color   (FlitlabColormap map,
                                 double          value,
                                 double          lo,
                                 double          hi,
                                 double         *r,
                                 double         *g,
                                 double         *b);

/* The range map shows for values in [*lo, *hi]: the diverging map's is symmetric around
 * zero (-m, m with m the larger of |lo| and |hi|); viridis keeps it. */
void   flitlab_colormap_range   (FlitlabColormap map,
                                 double         *lo,
                                 double         *hi);

/* The colours are linear between this many stops, evenly spaced over the range: a gradient
 * through them is exact. */
#define FLITLAB_COLORMAP_N_STOPS 11

/* Relative luminance (sRGB, ITU-R BT.709), for tests and for choosing label colours. */
double flitlab_colormap_luminance (double r,
                                   double g,
                                   double b);

G_END_DECLS
