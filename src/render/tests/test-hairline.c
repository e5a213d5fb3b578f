/* test-hairline.c: thin lines written straight into an image, against the area they cover
 * and against cairo
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-hairline.h"
#include "flitlab-render-topology.h"

#define W 64
#define H 48

static cairo_surface_t *
white_image (int width,
             int height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  cairo_destroy (cr);
  return surface;
}

/* The red channel of pixel (x, y). */
static guint
red_at (cairo_surface_t *surface,
        int              x,
        int              y)
{
  const guint32 *row = (const guint32 *) (cairo_image_surface_get_data (surface) +
                                          y * cairo_image_surface_get_stride (surface));

  return (row[x] >> 16) & 0xff;
}

static void
draw_lines (cairo_surface_t              *surface,
            const FlitlabHairlineSegment *lines,
            guint                         n)
{
  cairo_t *cr = cairo_create (surface);
  FlitlabHairline target;

  g_assert_true (flitlab_hairline_begin (cr, &target));
  flitlab_hairline_draw (&target, lines, n);
  flitlab_hairline_end (cr);
  cairo_destroy (cr);
}

/* A black line one pixel wide along the middle of row 10 blackens it, exactly from x = 8 to
 * x = 40 and nothing else; moved to the row's edge it greys two rows half each. */
static void
test_covered_area (void)
{
  cairo_surface_t *surface = white_image (W, H);
  FlitlabHairlineSegment centred = { 8, 10.5, 40, 10.5, 1, 1, 0x000000 };
  FlitlabHairlineSegment edge = { 8, 30, 40, 30, 1, 1, 0x000000 };
  FlitlabHairlineSegment steep = { 50.5, 4, 50.5, 20, 1, 0.5, 0x000000 };

  draw_lines (surface, &centred, 1);
  draw_lines (surface, &edge, 1);
  for (int x = 0; x < W; x++)
    {
      g_assert_cmpuint (red_at (surface, x, 9), ==, 255);
      g_assert_cmpuint (red_at (surface, x, 10), ==, x >= 8 && x < 40 ? 0 : 255);
      g_assert_cmpuint (red_at (surface, x, 11), ==, 255);
      /* Half covered: 255 / 2, rounded either way. */
      g_assert_cmpint (abs ((int) red_at (surface, x, 29) - (x >= 8 && x < 40 ? 128 : 255)), <=, 1);
      g_assert_cmpint (abs ((int) red_at (surface, x, 30) - (x >= 8 && x < 40 ? 128 : 255)), <=, 1);
    }
  cairo_surface_destroy (surface);

  /* At half opacity, a vertical line from y = 4 to 20 in column 50. */
  surface = white_image (W, H);
  draw_lines (surface, &steep, 1);
  for (int y = 0; y < H; y++)
    g_assert_cmpint (abs ((int) red_at (surface, 50, y) - (y >= 4 && y < 20 ? 128 : 255)), <=, 1);
  g_assert_cmpuint (red_at (surface, 49, 12), ==, 255);
  g_assert_cmpuint (red_at (surface, 51, 12), ==, 255);
  cairo_surface_destroy (surface);
}

/* Nothing outside the clip, nothing for lines that cannot be drawn. */
static void
test_clip_and_bad_lines (void)
{
  cairo_surface_t *surface = white_image (W, H);
  cairo_t *cr = cairo_create (surface);
  FlitlabHairline target;
  FlitlabHairlineSegment lines[] = {
    { -100, 5.5, 200, 5.5, 1, 1, 0 },   /* across the clip and beyond the image */
    { 20.5, -50, 20.5, 500, 1, 1, 0 },
    { 3, 3, 60, 40, NAN, 1, 0 },        /* no width */
    { 3, 3, 60, 40, 9, 1, 0 },          /* too wide for a hairline */
    { 3, 3, 3, 3, 1, 1, 0 },            /* no length */
    { 3, 3, INFINITY, 40, 1, 1, 0 },
    { -3e9, 5e9, 4e9, 5e9, 1, 1, 0 },   /* far away */
    { -3e9, -3e9, 3e9, 3e9, 1, 1, 0 },  /* through the clip from far away: x = y */
  };

  cairo_rectangle (cr, 10, 2, 20, 20);
  cairo_clip (cr);
  g_assert_true (flitlab_hairline_begin (cr, &target));
  g_assert_cmpint (target.x0, ==, 10);
  g_assert_cmpint (target.y1, ==, 22);
  flitlab_hairline_draw (&target, lines, G_N_ELEMENTS (lines));
  flitlab_hairline_end (cr);
  cairo_destroy (cr);
  for (int y = 0; y < H; y++)
    for (int x = 0; x < W; x++)
      {
        gboolean inside = x >= 10 && x < 30 && y >= 2 && y < 22;
        gboolean on_line = y == 5 || x == 20;
        gboolean near_diagonal = abs (x - y) <= 1;

        if (inside && near_diagonal)
          continue;
        g_assert_cmpuint (red_at (surface, x, y), ==, inside && on_line ? 0 : 255);
      }
  /* The diagonal from far away crosses the clip from (10, 10) to (21, 21). */
  g_assert_cmpuint (red_at (surface, 15, 15), <, 128);
  cairo_surface_destroy (surface);
}

/* Many lines are drawn in bands on several threads; the picture is the one drawn line by
 * line in a single band. */
static void
test_bands_change_nothing (void)
{
  cairo_surface_t *together = white_image (400, 300), *apart = white_image (400, 300);
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  guint n = 3000;
  g_autofree FlitlabHairlineSegment *lines = g_new (FlitlabHairlineSegment, n);

  for (guint i = 0; i < n; i++)
    lines[i] = (FlitlabHairlineSegment) {
      g_rand_double_range (rand, -20, 420), g_rand_double_range (rand, -20, 320),
      g_rand_double_range (rand, -20, 420), g_rand_double_range (rand, -20, 320),
      g_rand_double_range (rand, 0.3, 3), g_rand_double_range (rand, 0.2, 1),
      g_rand_int (rand) & 0xffffff };
  draw_lines (together, lines, n);
  for (guint i = 0; i < n; i++)
    draw_lines (apart, &lines[i], 1);
  cairo_surface_flush (together);
  cairo_surface_flush (apart);
  g_assert_cmpmem (cairo_image_surface_get_data (together),
                   300 * cairo_image_surface_get_stride (together),
                   cairo_image_surface_get_data (apart),
                   300 * cairo_image_surface_get_stride (apart));
  cairo_surface_destroy (together);
  cairo_surface_destroy (apart);
}

/* The 10-cube, whose channels go the hairline way on an image, against the same figure
 * stroked by cairo (drawn on a recording surface, then replayed onto an image). */
static void
test_network_like_cairo (void)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("hypercube:10", NULL);
  g_autoptr(FlitlabTopologyFigure) figure = flitlab_topology_figure_new (topology);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  guint n = flitlab_topology_get_n_network_channels (topology), differ = 0;
  g_autofree double *values = g_new (double, n);
  cairo_surface_t *fast = white_image (1200, 900), *stroked = white_image (1200, 900);
  cairo_surface_t *recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr;
  double total = 0;

  for (guint i = 0; i < n; i++)
    values[i] = g_rand_double_range (rand, 0.05, 0.6);
  flitlab_topology_figure_set_values (figure, values, n);

  cr = cairo_create (fast);
  flitlab_render_topology (cr, figure, 1200, 900);
  cairo_destroy (cr);
  cr = cairo_create (recording);
  flitlab_render_topology (cr, figure, 1200, 900);
  cairo_destroy (cr);
  cr = cairo_create (stroked);
  cairo_set_source_surface (cr, recording, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);

  for (int y = 0; y < 900; y++)
    for (int x = 0; x < 1200; x++)
      for (guint shift = 0; shift <= 16; shift += 8)
        {
          int a = (((const guint32 *) (cairo_image_surface_get_data (fast) +
                                       y * cairo_image_surface_get_stride (fast)))[x] >> shift) &
                  0xff;
          int b = (((const guint32 *) (cairo_image_surface_get_data (stroked) +
                                       y * cairo_image_surface_get_stride (stroked)))[x] >> shift) &
                  0xff;

          total += abs (a - b);
          differ += abs (a - b) > 32;
        }
  /* Measured: a mean of 3.1 levels and 0.5% of the values off by more than 32 (none by
   * more than 64): the same picture, sampled by another filter where lines cross. */
  g_test_message ("mean difference %.2f levels; %.3f%% of values beyond 32 levels",
                  total / (3.0 * 1200 * 900), 100.0 * differ / (3.0 * 1200 * 900));
  g_assert_cmpfloat (total / (3.0 * 1200 * 900), <, 5);
  g_assert_cmpfloat (100.0 * differ / (3.0 * 1200 * 900), <, 1);
  cairo_surface_destroy (recording);
  cairo_surface_destroy (fast);
  cairo_surface_destroy (stroked);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/hairline/covered-area", test_covered_area);
  g_test_add_func ("/hairline/clip-and-bad-lines", test_clip_and_bad_lines);
  g_test_add_func ("/hairline/bands-change-nothing", test_bands_change_nothing);
  g_test_add_func ("/hairline/network-like-cairo", test_network_like_cairo);
  return g_test_run ();
}
