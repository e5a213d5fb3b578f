/* flitlab-colormap.c: the heatmap colour map
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-colormap.h"

/* Viridis at t = 0, 0.1, ..., 1 (matplotlib's table); linear in between, which stays within a
 * small fraction of a just-noticeable difference of the full 256-entry table. */
static const double viridis[11][3] = {
  { 0.267004, 0.004874, 0.329415 },
  { 0.282623, 0.140926, 0.457517 },
  { 0.253935, 0.265254, 0.529983 },
  { 0.206756, 0.371758, 0.553117 },
  { 0.163625, 0.471133, 0.558148 },
  { 0.127568, 0.566949, 0.550556 },
  { 0.134692, 0.658636, 0.517649 },
  { 0.266941, 0.748751, 0.440573 },
  { 0.477504, 0.821444, 0.318195 },
  { 0.741388, 0.873449, 0.149561 },
  { 0.993248, 0.906157, 0.143936 },
};

void
flitlab_colormap_viridis (double  value,
                          double  lo,
                          double  hi,
                          double *r,
                          double *g,
                          double *b)
{
  double t, f;
  guint i;

  if (isnan (value) || !isfinite (lo) || !isfinite (hi))
    {
      *r = *g = *b = 0.75;
      return;
    }
  t = hi > lo ? (value - lo) / (hi - lo) : 0;
  t = CLAMP (t, 0, 1) * 10;
  i = MIN ((guint) t, 9);
  f = t - i;
  *r = viridis[i][0] + f * (viridis[i + 1][0] - viridis[i][0]);
  *g = viridis[i][1] + f * (viridis[i + 1][1] - viridis[i][1]);
  *b = viridis[i][2] + f * (viridis[i + 1][2] - viridis[i][2]);
}

static double
linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

double
flitlab_colormap_luminance (double r,
                            double g,
                            double b)
{
  return 0.2126 * linear (r) + 0.7152 * linear (g) + 0.0722 * linear (b);
}
