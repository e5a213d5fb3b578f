/* test-colormap.c: the heatmap colour map
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-colormap.h"

/* Lightness must grow steadily from the low to the high end, so that the map reads in grey
 * and without hue discrimination. */
static void
test_monotonic_luminance (void)
{
  double previous = -1;

  for (guint i = 0; i <= 200; i++)
    {
      double r, g, b, y;

      flitlab_colormap_viridis (i / 200.0, 0, 1, &r, &g, &b);
      g_assert_true (r >= 0 && r <= 1 && g >= 0 && g <= 1 && b >= 0 && b <= 1);
      y = flitlab_colormap_luminance (r, g, b);
      g_assert_cmpfloat (y, >, previous);
      previous = y;
    }
  /* Dark purple to bright yellow: a wide lightness range. */
  g_assert_cmpfloat (previous, >, 0.75);
}

static void
test_ends_and_clamping (void)
{
  double r, g, b, r2, g2, b2;

  flitlab_colormap_viridis (0, 0, 1, &r, &g, &b);
  g_assert_cmpfloat (fabs (r - 0.267004) + fabs (g - 0.004874) + fabs (b - 0.329415), <, 1e-9);
  flitlab_colormap_viridis (-5, 0, 1, &r2, &g2, &b2);
  g_assert_cmpfloat (r2, ==, r);
  flitlab_colormap_viridis (1, 0, 1, &r, &g, &b);
  flitlab_colormap_viridis (7, 0, 1, &r2, &g2, &b2);
  g_assert_cmpfloat (g2, ==, g);
  g_assert_cmpfloat (fabs (r - 0.993248), <, 1e-9);
  /* A range of zero width and a missing value stay defined. */
  flitlab_colormap_viridis (3, 3, 3, &r, &g, &b);
  g_assert_true (isfinite (r) && isfinite (g) && isfinite (b));
  flitlab_colormap_viridis (NAN, 0, 1, &r, &g, &b);
  g_assert_cmpfloat (r, ==, g);
  g_assert_cmpfloat (g, ==, b);
}

/* The diverging map: zero is a neutral near-white whatever the range, the two ends are far
 * apart in hue (blue below, red above), and lightness falls steadily from the centre to
 * either end, by about as much on both sides. */
static void
test_diverging (void)
{
  double r, g, b, r2, g2, b2, centre, previous[2];

  flitlab_colormap_diverging (0, -3, 1, &r, &g, &b);
  g_assert_cmpfloat (MAX (MAX (fabs (r - g), fabs (g - b)), fabs (r - b)), <, 0.01);
  centre = flitlab_colormap_luminance (r, g, b);
  g_assert_cmpfloat (centre, >, 0.85);

  flitlab_colormap_diverging (-1, -1, 1, &r, &g, &b);
  flitlab_colormap_diverging (1, -1, 1, &r2, &g2, &b2);
  g_assert_cmpfloat (b, >, r + 0.2);
  g_assert_cmpfloat (r2, >, b2 + 0.2);
  g_assert_cmpfloat (fabs (r - r2) + fabs (g - g2) + fabs (b - b2), >, 0.8);

  previous[0] = previous[1] = centre;
  for (guint i = 1; i <= 100; i++)
    for (guint side = 0; side < 2; side++)
      {
        double y;

        flitlab_colormap_diverging ((side == 0 ? -1.0 : 1.0) * i / 100, -1, 1, &r, &g, &b);
        g_assert_true (r >= 0 && r <= 1 && g >= 0 && g <= 1 && b >= 0 && b <= 1);
        y = flitlab_colormap_luminance (r, g, b);
        g_assert_cmpfloat (y, <, previous[side]);
        previous[side] = y;
      }
  g_assert_cmpfloat (previous[0], <, 0.05);
  g_assert_cmpfloat (previous[1], <, 0.05);

  /* The range is made symmetric: -3 is as strong as 3, and 1 in [-3, 1] is a third of the way. */
  flitlab_colormap_diverging (-3, -3, 1, &r, &g, &b);
  flitlab_colormap_diverging (3, -1, 3, &r2, &g2, &b2);
  g_assert_cmpfloat (fabs (flitlab_colormap_luminance (r, g, b) -
                           flitlab_colormap_luminance (r2, g2, b2)), <, 0.05);
  {
    double lo = -3, hi = 1;

    flitlab_colormap_range (FLITLAB_COLORMAP_DIVERGING, &lo, &hi);
    g_assert_cmpfloat (lo, ==, -3);
    g_assert_cmpfloat (hi, ==, 3);
    lo = 0.2, hi = 0.5;
    flitlab_colormap_range (FLITLAB_COLORMAP_VIRIDIS, &lo, &hi);
    g_assert_cmpfloat (lo, ==, 0.2);
  }
  flitlab_colormap_diverging (NAN, -1, 1, &r, &g, &b);
  g_assert_cmpfloat (r, ==, g);
  flitlab_colormap_diverging (0, 0, 0, &r, &g, &b);
  g_assert_true (isfinite (r) && isfinite (g) && isfinite (b));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/colormap/monotonic-luminance", test_monotonic_luminance);
  g_test_add_func ("/flitlab/colormap/ends-and-clamping", test_ends_and_clamping);
  g_test_add_func ("/flitlab/colormap/diverging", test_diverging);
  return g_test_run ();
}
