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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/colormap/monotonic-luminance", test_monotonic_luminance);
  g_test_add_func ("/flitlab/colormap/ends-and-clamping", test_ends_and_clamping);
  return g_test_run ();
}
