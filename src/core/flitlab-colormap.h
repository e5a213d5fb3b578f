/* flitlab-colormap.h: the heatmap colour map
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Viridis (van der Walt and Smith, matplotlib): perceptually uniform, readable in grey and by
 * colour-blind readers. value is mapped from [lo, hi]; values outside are clamped; a NaN (no
 * data) gives a neutral grey. Components in [0, 1]. */
void   flitlab_colormap_viridis (double  value,
                                 double  lo,
                                 double  hi,
                                 double *r,
                                 double *g,
                                 double *b);

/* Relative luminance (sRGB, ITU-R BT.709), for tests and for choosing label colours. */
double flitlab_colormap_luminance (double r,
                                   double g,
                                   double b);

G_END_DECLS
