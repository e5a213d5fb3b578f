/* bench-render-topology.c: how long a network diagram takes to draw and to hit-test
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window redraws the diagram when its size or data change and hit-tests on every pointer
 * motion. For each network: the first frame (layout included), then the best and the mean of
 * 20 redraws onto a 1200×900 ARGB32 image surface with a heatmap (target 16 ms: the mean
 * decides), and the mean time of a hit-test at random points, best of several runs (target
 * well under 1 ms).
 * Then the stack of a 3D torus's planes with a chosen column, drawn and hovered.
 * Then the 10-cube zoomed all the way in, as the window's Ctrl+scroll does, and panned a
 * little each frame as a drag does (every pan lays the network out again).
 * Then an animation frame as the window's Play draws it: one simulated cycle, the channels'
 * holders, and a redraw, on tori of 64 and 256 nodes at half their saturation load (target
 * 16 ms, 60 frames per second).
 */

#include "config.h"

#include <math.h>
#include <stdio.h>

#include "flitlab-render-topology.h"
#include "flitlab-sim-trace.h"

#define WIDTH  1200
#define HEIGHT 900

typedef struct
{
  const char *spec;
  guint       plane;
} Case;

static const Case cases[] = {
  { "torus:16x16x16:uni", 7 },
  { "hypercube:10", 0 },
  { "torus:16x16x16:bi", 7 },
  { "necklace:6,5", 0 },
  { "hypercube:16", 0 },
};

static double
frame_ms (FlitlabTopologyFigure *figure,
          cairo_t             *cr)
{
  gint64 start = g_get_monotonic_time ();

  flitlab_render_topology (cr, figure, WIDTH, HEIGHT);
  cairo_surface_flush (cairo_get_target (cr));
  return (g_get_monotonic_time () - start) / 1e3;
}

/* The best of five runs of n_queries hit-tests (a channel, then a node) at random points, in µs
 * per point; hits: how many of the last run's 2 n_queries tests hit. */
static double
hover_us (FlitlabTopologyFigure *figure,
          GRand               *rand,
          double               width,
          double               height,
          guint                n_queries,
          guint               *hits)
{
  double best = INFINITY;

  for (guint run = 0; run < 5; run++)
    {
      gint64 start = g_get_monotonic_time ();

      *hits = 0;
      for (guint q = 0; q < n_queries; q++)
        {
          double x = g_rand_double_range (rand, 0, width);
          double y = g_rand_double_range (rand, 0, height);

          *hits += flitlab_topology_figure_hit_channel (figure, x, y) >= 0;
          *hits += flitlab_topology_figure_hit_node (figure, x, y) >= 0;
        }
      best = MIN (best, (g_get_monotonic_time () - start) / (double) n_queries);
    }
  return best;
}

static void
bench (const Case *c)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (c->spec, NULL);
  g_autoptr(FlitlabTopologyFigure) figure = NULL;
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  g_autofree double *values = NULL;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  double first, best = INFINITY, total = 0, best_hit = INFINITY;
  guint n, hits = 0;
  const guint n_queries = 200000;

  if (topology == NULL)
    return;
  figure = flitlab_topology_figure_new (topology);
  figure->plane = c->plane;
  n = flitlab_topology_get_n_network_channels (topology);
  values = g_new (double, n);
  for (guint i = 0; i < n; i++)
    values[i] = g_rand_double_range (rand, 0.05, 0.6);
  flitlab_topology_figure_set_values (figure, values, n);
  figure->value_label = g_strdup ("Channel utilization");
  figure->value_min = 0;

  first = frame_ms (figure, cr);
  for (guint run = 0; run < 20; run++)
    {
      double ms = frame_ms (figure, cr);

      best = MIN (best, ms);
      total += ms;
    }

  best_hit = hover_us (figure, rand, WIDTH, HEIGHT, n_queries, &hits);

  printf ("%-20s %5u %7u %10.1f %10.1f %10.1f %8s %12.3f %9.0f%%\n", c->spec, c->plane,
          flitlab_topology_figure_get_n_drawn_channels (figure), first, best, total / 20,
          total / 20 <= 16 ? "yes" : "NO",
          best_hit, 100.0 * hits / (2.0 * n_queries));
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The stack of a 3D torus's planes with a chosen column, as the window's Stack draws it, and
 * its hover: flitlab_topology_figure_hit_stack() at random points. */
static void
bench_stack (const char *spec)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (spec, NULL);
  g_autoptr(FlitlabTopologyFigure) figure = flitlab_topology_figure_new (topology);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  guint n = flitlab_topology_get_n_network_channels (topology), hits = 0;
  g_autofree double *values = g_new (double, n);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  double best = INFINITY, total = 0, best_hit = INFINITY;
  const guint n_queries = 20000;

  for (guint i = 0; i < n; i++)
    values[i] = g_rand_double_range (rand, 0.05, 0.6);
  flitlab_topology_figure_set_values (figure, values, n);
  figure->column = 7;
  for (guint run = 0; run < 20; run++)
    {
      gint64 start = g_get_monotonic_time ();
      double ms;

      flitlab_render_topology_stack (cr, figure, WIDTH, HEIGHT);
      cairo_surface_flush (surface);
      ms = (g_get_monotonic_time () - start) / 1e3;
      best = MIN (best, ms);
      total += ms;
    }
  for (guint run = 0; run < 5; run++)
    {
      gint64 start = g_get_monotonic_time ();

      hits = 0;
      for (guint q = 0; q < n_queries; q++)
        {
          int node, channel;

          hits += flitlab_topology_figure_hit_stack (figure, g_rand_double_range (rand, 0, WIDTH),
                                                     g_rand_double_range (rand, 0, HEIGHT), &node,
                                                     &channel);
        }
      best_hit = MIN (best_hit, (g_get_monotonic_time () - start) / (double) n_queries);
    }
  printf ("stack %-22s column 7: mean %.1f ms, best %.1f ms per frame %s; hover %.2f us (%.0f%% "
          "hit)\n",
          spec, total / 20, best, total / 20 <= 16 ? "ok" : "OVER 16 ms", best_hit,
          100.0 * hits / n_queries);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
bench_animation (const char *spec,
                 double      rate)
{
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new (spec);
  g_autoptr(FlitlabSimTrace) trace = NULL;
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (spec, NULL);
  g_autoptr(FlitlabTopologyFigure) figure = flitlab_topology_figure_new (topology);
  guint n = flitlab_topology_get_n_channels (topology);
  g_autofree gint32 *holder = g_new (gint32, n);
  g_autofree gboolean *blocked = g_new (gboolean, n);
  g_autofree guint32 *colors = g_new (guint32, n);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  double best = INFINITY, total = 0;
  const guint frames = 300;

  config->flits = 20;
  trace = flitlab_sim_trace_new (config, rate, NULL);
  flitlab_sim_trace_step (trace, 2000);
  for (guint f = 0; f < frames; f++)
    {
      gint64 start = g_get_monotonic_time ();
      double ms;

      flitlab_sim_trace_step (trace, 1);
      flitlab_sim_trace_get_channels (trace, holder, NULL, blocked);
      for (guint c = 0; c < n; c++)
        colors[c] = holder[c] < 0 ? FLITLAB_TOPOLOGY_FIGURE_IDLE
                                  : 0x0072b2u + (guint32) holder[c] % 7;
      flitlab_topology_figure_set_colors (figure, colors, blocked, n);
      flitlab_render_topology (cr, figure, WIDTH, HEIGHT);
      cairo_surface_flush (surface);
      ms = (g_get_monotonic_time () - start) / 1e3;
      best = MIN (best, ms);
      total += ms;
    }
  printf ("animation %-18s rate %.4f: mean %.2f ms, best %.2f ms per frame %s\n", spec, rate,
          total / frames, best, total / frames <= 16 ? "ok" : "OVER 16 ms");
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The 10-cube filling the window's drawing (about 800 × 700 at 1200 × 900), zoomed all the
 * way in about its middle: redraws, then a pan of a few pixels per frame. */
static void
bench_zoom (void)
{
  const double width = 800, height = 700;
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("hypercube:10", NULL);
  g_autoptr(FlitlabTopologyFigure) figure = flitlab_topology_figure_new (topology);
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  guint n = flitlab_topology_get_n_network_channels (topology);
  g_autofree double *values = g_new (double, n);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  double still = 0, panned = 0, best_hit = INFINITY;
  guint hits = 0;
  const guint n_queries = 200000;

  for (guint i = 0; i < n; i++)
    values[i] = g_rand_double_range (rand, 0.05, 0.6);
  flitlab_topology_figure_set_values (figure, values, n);
  figure->fill = TRUE;
  flitlab_render_topology (cr, figure, width, height);
  flitlab_topology_figure_zoom_at (figure, flitlab_topology_figure_get_max_zoom (figure), width / 2,
                                   height / 2);
  flitlab_render_topology (cr, figure, width, height);
  for (guint run = 0; run < 20; run++)
    {
      gint64 start = g_get_monotonic_time ();

      flitlab_render_topology (cr, figure, width, height);
      cairo_surface_flush (surface);
      still += (g_get_monotonic_time () - start) / 1e3;
    }
  for (guint run = 0; run < 20; run++)
    {
      gint64 start = g_get_monotonic_time ();

      flitlab_topology_figure_pan (figure, run % 10 < 5 ? 7 : -7, 3);
      flitlab_render_topology (cr, figure, width, height);
      cairo_surface_flush (surface);
      panned += (g_get_monotonic_time () - start) / 1e3;
    }
  best_hit = hover_us (figure, rand, width, height, n_queries, &hits);
  printf ("zoom hypercube:10       %.0fx%.0f at %.2fx: "
          "mean %.1f ms still, %.1f ms panning per frame %s; "
          "hover %.3f us (%.0f%% hit)\n", width, height, figure->zoom, still / 20, panned / 20,
          panned / 20 <= 16 ? "ok" : "SLOW", best_hit, 100.0 * hits / (2.0 * n_queries));
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  printf ("%dx%d ARGB32 image surface, viridis heatmap; "
          "frame target 16 ms, hover target < 1000 us\n", WIDTH, HEIGHT);
  printf ("%-20s %5s %7s %10s %10s %10s %8s %12s %10s\n", "network", "plane", "drawn", "first ms",
          "best ms", "mean ms", "<=16ms", "hover us", "hit rate");
  printf ("(hover: one channel and one node hit-test at a random point)\n");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    bench (&cases[i]);
  bench_stack ("torus:6x6x6:bi");
  bench_stack ("torus:8x8x8:bi");
  bench_zoom ();
  bench_animation ("torus:8x8:bi", 0.0066);
  bench_animation ("torus:16x16:bi", 0.0032);
  return 0;
}
