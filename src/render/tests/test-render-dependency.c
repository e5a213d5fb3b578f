/* test-render-dependency.c: the channel dependency graph figure draws what the graph holds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "flitlab-export.h"
#include "flitlab-render-dependency.h"
#include "flitlab-render-plot.h"
#include "flitlab-sim-trace.h"

/* Draws spec's graph with routing and vcs at width × height and font_size; returns what the
 * figure says it drew and the graph's cycle length. */
static FlitlabDependencyDrawing
draw (const char     *spec,
      FlitlabRouting  routing,
      guint           vcs,
      double          width,
      double          height,
      double          font_size,
      guint          *n_cycle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (spec, &error);
  g_autoptr(FlitlabChannelDependency) graph = NULL;
  FlitlabDependencyDrawing drawn = { 0 };
  FlitlabDependencyFigure figure = { 0 };
  cairo_surface_t *surface;
  cairo_t *cr;

  g_assert_no_error (error);
  graph = flitlab_channel_dependency_new (topology, routing, vcs, &error);
  g_assert_no_error (error);
  figure = (FlitlabDependencyFigure) { topology, graph, routing, NULL, 0, font_size };
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) width, (int) height);
  cr = cairo_create (surface);
  flitlab_render_dependency (cr, &figure, width, height, &drawn);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  flitlab_channel_dependency_get_cycle (graph, n_cycle);
  return drawn;
}

/* One virtual channel on a 4×4 torus: each of the 16 rings of 4 channels is a cycle; the
 * one found is drawn red, every vertex and every ring edge drawn. */
static void
test_torus_one_vc (void)
{
  guint n_cycle;
  FlitlabDependencyDrawing drawn =
    draw ("torus:4x4:bi", FLITLAB_ROUTING_DOR, 1, 600, 450, 0, &n_cycle);

  g_assert_cmpuint (n_cycle, ==, 4);
  g_assert_true (drawn.every_ring);
  g_assert_cmpuint (drawn.n_vertices_drawn, ==, 64);
  g_assert_cmpuint (drawn.n_edges_drawn, ==, 16 * 4);
  g_assert_cmpuint (drawn.n_cycle_edges_drawn, ==, 4);
}

/* Two: the dateline breaks every ring; nothing is red. */
static void
test_torus_two_vcs (void)
{
  guint n_cycle;
  FlitlabDependencyDrawing drawn =
    draw ("torus:4x4:bi", FLITLAB_ROUTING_DOR, 2, 600, 450, 0, &n_cycle);

  g_assert_cmpuint (n_cycle, ==, 0);
  g_assert_cmpuint (drawn.n_cycle_edges_drawn, ==, 0);
  g_assert_cmpuint (drawn.n_vertices_drawn, >, 0);
  g_assert_cmpuint (drawn.n_edges_drawn, >, 0);
}

/* A mesh's lines have no wrap-around: 16 lines of 3 channels, 2 edges each, no cycle; a
 * hypercube's edges are all turns, all drawn. */
static void
test_mesh_and_hypercube (void)
{
  guint n_cycle;
  FlitlabDependencyDrawing drawn = draw ("mesh:4x4", FLITLAB_ROUTING_DOR, 1, 600, 450, 0, &n_cycle);

  g_assert_cmpuint (n_cycle, ==, 0);
  g_assert_true (drawn.every_ring);
  g_assert_cmpuint (drawn.n_vertices_drawn, ==, 48);
  g_assert_cmpuint (drawn.n_edges_drawn, ==, 32);
  g_assert_cmpuint (drawn.n_cycle_edges_drawn, ==, 0);

  /* From each channel of dimension d, one turn into every higher dimension at its end. */
  drawn = draw ("hypercube:3", FLITLAB_ROUTING_DOR, 0, 600, 450, 0, &n_cycle);
  g_assert_cmpuint (n_cycle, ==, 0);
  g_assert_cmpuint (drawn.n_vertices_drawn, ==, 24);
  g_assert_cmpuint (drawn.n_edges_drawn, ==, 8 * 2 + 8 * 1);
}

/* A large torus shows one ring per dimension and direction: the one through the cycle, so
 * the whole cycle is red whichever ring the graph found. */
static void
test_large_shows_the_cycle (void)
{
  guint n_cycle;
  FlitlabDependencyDrawing drawn =
    draw ("torus:16x16:bi", FLITLAB_ROUTING_ADAPTIVE, 1, 600, 450, 0, &n_cycle);

  g_assert_false (drawn.every_ring);
  g_assert_cmpuint (drawn.n_vertices_drawn, ==, 4 * 16);
  g_assert_cmpuint (n_cycle, >, 0);
  g_assert_cmpuint (drawn.n_cycle_edges_drawn, ==, n_cycle);
}

/* The channels of a deadlock, highlighted: their ring is the one drawn, all of it outlined,
 * each wait an edge in black; the same channels in the other order wait for nothing drawn. */
static void
test_highlight (void)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("torus:16x16:bi", NULL);
  g_autoptr(FlitlabChannelDependency) graph =
    flitlab_channel_dependency_new (topology, FLITLAB_ROUTING_DOR, 1, NULL);
  FlitlabDependencyDrawing drawn = { 0 };
  FlitlabDependencyFigure figure = { topology, graph, FLITLAB_ROUTING_DOR, NULL, 0, 0 };
  guint ring[16], node = 5 * 16 + 3;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 450);
  cairo_t *cr = cairo_create (surface);

  /* The x+ ring of row 5, from node (3, 5) round. */
  for (guint i = 0; i < 16; i++)
    {
      ring[i] = flitlab_topology_find_channel (topology, node, 0, +1);
      node = flitlab_topology_get_channel (topology, ring[i])->dst;
    }
  figure.highlight = ring;
  figure.n_highlight = G_N_ELEMENTS (ring);
  flitlab_render_dependency (cr, &figure, 600, 450, &drawn);
  g_assert_false (drawn.every_ring);
  g_assert_cmpuint (drawn.n_highlighted_drawn, ==, 16);
  g_assert_cmpuint (drawn.n_highlighted_edges_drawn, ==, 16);

  for (guint i = 0; i < G_N_ELEMENTS (ring) / 2; i++)
    {
      guint swap = ring[i];

      ring[i] = ring[G_N_ELEMENTS (ring) - 1 - i];
      ring[G_N_ELEMENTS (ring) - 1 - i] = swap;
    }
  drawn = (FlitlabDependencyDrawing) { 0 };
  flitlab_render_dependency (cr, &figure, 600, 450, &drawn);
  g_assert_cmpuint (drawn.n_highlighted_drawn, ==, 16);
  g_assert_cmpuint (drawn.n_highlighted_edges_drawn, ==, 0);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The animation's deadlock on a 4×4 torus with one VC, drawn as the Dependencies page draws
 * it: every channel of it outlined and every wait of it a black (or red, when the graph's
 * own cycle is the same) edge. */
static void
test_animation_deadlock (void)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("torus:4x4:bi", NULL);
  g_autoptr(FlitlabChannelDependency) graph =
    flitlab_channel_dependency_new (topology, FLITLAB_ROUTING_DOR, 1, NULL);
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("torus:4x4:bi");
  g_autoptr(FlitlabSimTrace) trace = NULL;
  g_autofree FlitlabDeadlockLink *links = NULL;
  g_autofree guint *channels = NULL;
  FlitlabDependencyDrawing drawn = { 0 };
  FlitlabDependencyFigure figure = { topology, graph, FLITLAB_ROUTING_DOR, NULL, 0, 0 };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 600);
  cairo_t *cr = cairo_create (surface);
  double rate = 0.05;
  guint n_links = 0, n = 0;

  config->vcs = 1;
  config->allow_deadlock = TRUE;
  config->watchdog = 200;
  flitlab_sim_config_set_rates (config, &rate, 1);
  trace = flitlab_sim_trace_new (config, rate, NULL);
  g_assert_nonnull (trace);
  while (!flitlab_sim_trace_is_deadlocked (trace) && flitlab_sim_trace_get_cycle (trace) < 200000)
    flitlab_sim_trace_step (trace, 100);
  links = flitlab_sim_trace_find_deadlock (trace, &n_links);
  channels = flitlab_sim_trace_get_deadlock_channels (trace, links, n_links, &n);
  g_assert_cmpuint (n, >=, 2);
  figure.highlight = channels;
  figure.n_highlight = n;
  flitlab_render_dependency (cr, &figure, 800, 600, &drawn);
  g_assert_true (drawn.every_ring);
  g_assert_cmpuint (drawn.n_highlighted_drawn, ==, n);
  g_assert_cmpuint (drawn.n_highlighted_edges_drawn, ==, n);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Hit-testing finds the box of 0→1 in class 0 where the 4×4 torus with one VC draws it (the
 * first box of the first ring, top left) and nothing in the margin. */
static void
test_hit (void)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("torus:4x4:bi", NULL);
  g_autoptr(FlitlabChannelDependency) graph =
    flitlab_channel_dependency_new (topology, FLITLAB_ROUTING_DOR, 1, NULL);
  FlitlabDependencyFigure figure = { topology, graph, FLITLAB_ROUTING_DOR, NULL, 0, 0 };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 450);
  cairo_t *cr = cairo_create (surface);
  FlitlabDependencyVertex v = { 99, 99 };
  gboolean hit = FALSE;

  /* Down the figure row by row, left to right (every 4 units: a box is larger), the first
   * box met. */
  for (double y = 60; y < 160 && !hit; y += 4)
    for (double x = 0; x < 150 && !hit; x += 4)
      hit = flitlab_render_dependency_hit (cr, &figure, 600, 450, x, y, &v);
  g_assert_true (hit);
  g_assert_cmpuint (v.channel, ==, flitlab_topology_find_channel (topology, 0, 0, +1));
  g_assert_cmpuint (v.vc_class, ==, 0);
  g_assert_false (flitlab_render_dependency_hit (cr, &figure, 600, 450, 2, 2, &v));
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* At every preset's size and type the cycle stays whole. */
static void
test_presets (void)
{
  for (const FlitlabPlotPreset *p = flitlab_plot_presets (); p->name != NULL; p++)
    {
      guint n_cycle;
      FlitlabDependencyDrawing drawn = draw ("torus:4x4:bi", FLITLAB_ROUTING_DOR, 1, p->width,
                                             p->height,
                                             p->font_size, &n_cycle);

      g_test_message ("%s: every ring %d, %u vertices", p->name, drawn.every_ring,
                      drawn.n_vertices_drawn);
      g_assert_cmpuint (drawn.n_cycle_edges_drawn, ==, n_cycle);
      g_assert_cmpuint (drawn.n_vertices_drawn, >=, 4 * 4);
    }
}

static void
test_to_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabTopology) torus = flitlab_topology_new_from_spec ("torus:4x4:bi", NULL);
  g_autoptr(FlitlabTopology) necklace = flitlab_topology_new_from_spec ("necklace:3,2", NULL);
  g_autofree char *dir = g_dir_make_tmp ("flitlab-dependency-XXXXXX", NULL);
  g_autofree char *pdf = g_build_filename (dir, "graph.pdf", NULL);
  g_autofree char *bad = g_build_filename (dir, "graph.txt", NULL);

  g_assert_true (flitlab_render_dependency_to_file (torus, FLITLAB_ROUTING_DOR, 1, pdf, 600, 450, 1,
                                                    0, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (pdf, G_FILE_TEST_IS_REGULAR));
  g_assert_false (flitlab_render_dependency_to_file (torus, FLITLAB_ROUTING_DOR, 1, bad, 600, 450,
                                                     1, 0, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_FORMAT);
  g_clear_error (&error);
  g_assert_false (flitlab_render_dependency_to_file (necklace, FLITLAB_ROUTING_DOR, 1, pdf, 600,
                                                     450, 1, 0, &error));
  g_assert_nonnull (error);
  g_remove (pdf);
  g_rmdir (dir);
}

/* A network read from a file, a plain ring of six: its up-down graph drawn whole without red,
 * its shortest-path graph with the cycle of six round the ring in red; each box hit where the
 * figure draws it (its channel's label is under it). */
static void
test_file_network (void)
{
  g_autofree char *dir = g_dir_make_tmp ("flitlab-dependency-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "ring.txt", NULL);
  g_autofree char *spec = g_strconcat ("file:", path, NULL);
  FlitlabDependencyDrawing drawn;
  guint n_cycle;

  g_assert_true (g_file_set_contents (path, "0 1\n1 2\n2 3\n3 4\n4 5\n5 0\n", -1, NULL));
  drawn = draw (spec, FLITLAB_ROUTING_UPDOWN, 0, 600, 450, 0, &n_cycle);
  g_assert_cmpuint (n_cycle, ==, 0);
  g_assert_cmpuint (drawn.n_vertices_drawn, ==, 12);
  g_assert_cmpuint (drawn.n_edges_drawn, >, 0);
  g_assert_cmpuint (drawn.n_cycle_edges_drawn, ==, 0);

  drawn = draw (spec, FLITLAB_ROUTING_SHORTEST, 0, 600, 450, 0, &n_cycle);
  g_assert_cmpuint (n_cycle, ==, 6);
  g_assert_cmpuint (drawn.n_vertices_drawn, ==, 12);
  g_assert_cmpuint (drawn.n_cycle_edges_drawn, ==, 6);

  /* Every box is hit somewhere: scanning the figure finds each channel once or more. */
  {
    g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (spec, NULL);
    g_autoptr(FlitlabChannelDependency) graph =
      flitlab_channel_dependency_new (topology, FLITLAB_ROUTING_SHORTEST, 0, NULL);
    FlitlabDependencyFigure figure = { topology, graph, FLITLAB_ROUTING_SHORTEST, NULL, 0, 0 };
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 450);
    cairo_t *cr = cairo_create (surface);
    gboolean found[12] = { FALSE };
    guint n_found = 0;
    FlitlabDependencyVertex v;

    /* A box is some 30 × 16 points here, under the header: a coarse scan meets each (a hit
     * lays the figure out, type measured and all). */
    for (double y = 60; y < 450 && n_found < 12; y += 7)
      for (double x = 0; x < 600 && n_found < 12; x += 14)
        if (flitlab_render_dependency_hit (cr, &figure, 600, 450, x, y, &v))
          {
            g_assert_cmpuint (v.channel, <, 12);
            n_found += !found[v.channel];
            found[v.channel] = TRUE;
          }
    g_assert_cmpuint (n_found, ==, 12);
    g_assert_false (flitlab_render_dependency_hit (cr, &figure, 600, 450, 2, 2, &v));
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
  }
  g_remove (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/render-dependency/torus-one-vc", test_torus_one_vc);
  g_test_add_func ("/flitlab/render-dependency/torus-two-vcs", test_torus_two_vcs);
  g_test_add_func ("/flitlab/render-dependency/mesh-and-hypercube", test_mesh_and_hypercube);
  g_test_add_func ("/flitlab/render-dependency/large-shows-the-cycle", test_large_shows_the_cycle);
  g_test_add_func ("/flitlab/render-dependency/highlight", test_highlight);
  g_test_add_func ("/flitlab/render-dependency/animation-deadlock", test_animation_deadlock);
  g_test_add_func ("/flitlab/render-dependency/hit", test_hit);
  g_test_add_func ("/flitlab/render-dependency/presets", test_presets);
  g_test_add_func ("/flitlab/render-dependency/to-file", test_to_file);
  g_test_add_func ("/flitlab/render-dependency/file-network", test_file_network);
  return g_test_run ();
}
