/* flitlab-colormap.c: the heatmap colour maps
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

/* RdBu's eleven classes from the negative (blue) to the positive (red) end, in 0-255. */
static const guint8 rdbu[11][3] = {
  { 5, 48, 97 }, { 33, 102, 172 }, { 67, 147, 195 }, { 146, 197, 222 }, { 209, 229, 240 },
  { 247, 247, 247 },
  { 253, 219, 199 }, { 244, 165, 130 }, { 214, 96, 77 }, { 178, 24, 43 }, { 103, 0, 31 },
};

G_STATIC_ASSERT (G_N_ELEMENTS (viridis) == FLITLAB_COLORMAP_N_STOPS);
G_STATIC_ASSERT (G_N_ELEMENTS (rdbu) == FLITLAB_COLORMAP_N_STOPS);

/* Where t in [0, 1] falls between the stops: stop i and the fraction f of the way to i + 1. */
static void
locate (double  t,
        guint  *i,
        double *f)
{
  t = CLAMP (t, 0, 1) * (FLITLAB_COLORMAP_N_STOPS - 1);
  *i = MIN ((guint) t, FLITLAB_COLORMAP_N_STOPS - 2);
  *f = t - *i;
}

void
flitlab_colormap_viridis (double  value,
                          double  lo,
                          double  hi,
                          double *r,
                          double *g,
                          double *b)
{
  double f;
  guint i;

  if (isnan (value) || !isfinite (lo) || !isfinite (hi))
    {
      *r = *g = *b = 0.75;
      return;
    }
  locate (hi > lo ? (value - lo) / (hi - lo) : 0, &i, &f);
  *r = viridis[i][0] + f * (viridis[i + 1][0] - viridis[i][0]);
  *g = viridis[i][1] + f * (viridis[i + 1][1] - viridis[i][1]);
  *b = viridis[i][2] + f * (viridis[i + 1][2] - viridis[i][2]);
}

void
flitlab_colormap_diverging (double  value,
                            double  lo,
                            double  hi,
                            double *r,
                            double *g,
                            double *b)
{
  double f, m;
  guint i;

  if (isnan (value) || !isfinite (lo) || !isfinite (hi))
    {
      *r = *g = *b = 0.75;
      return;
    }
  m = MAX (fabs (lo), fabs (hi));
  locate (m > 0 ? 0.5 + 0.5 * value / m : 0.5, &i, &f);
  *r = (rdbu[i][0] + f * (rdbu[i + 1][0] - rdbu[i][0])) / 255;
  *g = (rdbu[i][1] + f * (rdbu[i + 1][1] - rdbu[i][1])) / 255;
  *b = (rdbu[i][2] + f * (rdbu[i + 1][2] - rdbu[i][2])) / 255;
}

void
flitlab_colormap_color (FlitlabColormap map,
                        double          value,
                        double          lo,
                        double          hi,
                        double         *r,
                        double         *g,
                        double         *b)
{
  if (map == FLITLAB_COLORMAP_DIVERGING)
    flitlab_colormap_diverging (value, lo, hi, r, g, b);
  else
    flitlab_colormap_viridis (value, lo, hi, r, g, b);
}

void
flitlab_colormap_range (FlitlabColormap  map,
                        double          *lo,
                        double          *hi)
{
  double m;

  if (map != FLITLAB_COLORMAP_DIVERGING)
    return;
  m = MAX (fabs (*lo), fabs (*hi));
  *lo = -m;
  *hi = m;
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
