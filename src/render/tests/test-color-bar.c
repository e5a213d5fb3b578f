/* test-color-bar.c: the colour bar's ticks and extent
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-color-bar.h"

/* No two labelled values are closer on the bar than 1.2 label heights: the ends always, round
 * numbers between them only where they have room. */
static void
assert_clear (const double *ticks,
              guint         n,
              double        lo,
              double        hi,
              double        height,
              double        label_height)
{
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      g_assert_cmpfloat (fabs (ticks[i] - ticks[j]) / (hi - lo) * height, >=,
                         1.2 * label_height - 1e-9);
}

static void
test_ticks (void)
{
  double ticks[FLITLAB_COLOR_BAR_MAX_TICKS];
  guint n;

  /* 0 .. 0.433 on a bar of 150 with 12-high labels: the ends, 0.1 .. 0.3, and not 0.4, which
   * would print on 0.433 (issue #14). */
  n = flitlab_color_bar_ticks (0, 0.433, 150, 12, ticks);
  g_assert_cmpfloat (ticks[0], ==, 0);
  g_assert_cmpfloat (ticks[1], ==, 0.433);
  for (guint i = 2; i < n; i++)
    g_assert_cmpfloat (fabs (ticks[i] - 0.4), >, 1e-9);
  g_assert_cmpuint (n, >=, 4);
  assert_clear (ticks, n, 0, 0.433, 150, 12);

  /* 0.084 .. 0.5: 0.1 would print on 0.084. */
  n = flitlab_color_bar_ticks (0.084, 0.5, 120, 12, ticks);
  for (guint i = 2; i < n; i++)
    g_assert_cmpfloat (fabs (ticks[i] - 0.1), >, 1e-9);
  assert_clear (ticks, n, 0.084, 0.5, 120, 12);

  /* 0 .. 0.523 in four ticks would step by 0.5, too close to 0.523: a finer step keeps some. */
  n = flitlab_color_bar_ticks (0, 0.523, 115, 12, ticks);
  g_assert_cmpuint (n, >=, 3);
  assert_clear (ticks, n, 0, 0.523, 115, 12);

  /* A short bar: the ends alone; shorter than a label: the bottom end alone. */
  n = flitlab_color_bar_ticks (0, 1, 30, 12, ticks);
  g_assert_cmpuint (n, ==, 2);
  n = flitlab_color_bar_ticks (0, 1, 10, 12, ticks);
  g_assert_cmpuint (n, ==, 1);

  /* A tall bar: more round numbers, still clear; symmetric around zero with 0 among them. */
  n = flitlab_color_bar_ticks (-0.25, 0.25, 400, 12, ticks);
  assert_clear (ticks, n, -0.25, 0.25, 400, 12);
  g_assert_cmpuint (n, >=, 5);
  {
    gboolean zero = FALSE;

    for (guint i = 2; i < n; i++)
      zero |= ticks[i] == 0;
    g_assert_true (zero);
  }
  /* Every height from tiny to tall, for a range of ranges. */
  for (double height = 5; height < 600; height += 7)
    for (double hi = 0.013; hi < 1000; hi *= 3.7)
      {
        n = flitlab_color_bar_ticks (0, hi, height, 11, ticks);
        g_assert_cmpuint (n, >=, 1);
        g_assert_cmpuint (n, <=, FLITLAB_COLOR_BAR_MAX_TICKS);
        if (n > 1)
          assert_clear (ticks, n, 0, hi, height, 11);
      }
}

/* Drawn within its box: nothing above y or below y + height (the end labels are inside). */
static void
test_extent (void)
{
  cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr = cairo_create (surface);
  FlitlabColorBar bar = { .map = FLITLAB_COLORMAP_VIRIDIS, .lo = 0, .hi = 0.433,
                          .caption = "Channel utilization (simulation, load 0.0123)",
                          .font_size = 8, .with_missing = TRUE };
  double x, y, w, h, width;

  width = flitlab_color_bar_get_width (cr, &bar, 150);
  g_assert_cmpfloat (width, >, 20);
  g_assert_cmpfloat (width, <, 120);
  flitlab_color_bar_draw (cr, &bar, 100, 50, 150);
  cairo_recording_surface_ink_extents (surface, &x, &y, &w, &h);
  g_assert_cmpfloat (y, >=, 50 - 1);
  g_assert_cmpfloat (y + h, <=, 200 + 1);
  g_assert_cmpfloat (x, >=, 100 - 1);
  g_assert_cmpfloat (x + w, <=, 100 + width + 1);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/color-bar/ticks", test_ticks);
  g_test_add_func ("/flitlab/color-bar/extent", test_extent);
  return g_test_run ();
}
