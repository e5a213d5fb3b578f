/* test-render-golden.c: figures compared with reviewed PNG images, within a tolerance
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each figure is drawn at 640×420 (plots), 600×450 or 1200×900 (networks), 800×560 (flow
 * diagrams) or a preset's size and type (flitlab_plot_presets(): a plot, a comparison, a flow
 * diagram and a network at each) on an image surface and
 * compared pixel by pixel with its golden PNG in src/render/tests/golden/ (the directory is passed
 * as the first argument). Antialiasing and font hinting may move an edge by a pixel between
 * builds, so a figure passes when under 0.05% of its pixels differ by more than 48 levels in
 * some channel and the mean difference is under 0.1 level. Rebuilt on this machine the figures
 * differ by at most 0.005% and 0.003 levels; one curve point moved by 3 cycles differs by
 * 0.41% and 0.37 levels and fails, as does a lost label or another colour. On failure the fresh
 * render and a difference image are written to the current directory, with their paths in the
 * message.
 *
 * To accept new figures after a change was looked at: FLITLAB_UPDATE_GOLDEN=1 rewrites the
 * golden files instead of comparing (docs/validation/golden-images.md).
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "flitlab-render-dependency.h"
#include "flitlab-render-flow.h"
#include "flitlab-render-plot.h"
#include "flitlab-render-text.h"
#include "flitlab-render-topology.h"

static const char *golden_dir;

/* ---- the figures ------------------------------------------------------------------- */

static void
draw_latency (cairo_t  *cr,
              gboolean  log_y)
{
  static const double x[] = { 0, 0.002, 0.004, 0.006, 0.008, 0.01 };
  static const double model[] = { 16, 17, 18.5, 21, 27, NAN };
  static const double model2[] = { 18, 19.5, 22, 27, NAN, NAN };
  static const double sim[] = { 16.2, 17.3, 18.9, 21.8, 29, 400 };
  static const double ci[] = { 0.1, 0.2, 0.3, 0.5, 1.2, 4 };
  g_autoptr(FlitlabPlot) plot = flitlab_plot_new ("6×6×6 torus", "Load (messages/cycle/node)",
                                                   "Latency (cycles)");
  FlitlabPlotSeries *series;

  plot->log_y = log_y;
  series =
    flitlab_plot_add_series (plot, "bi-directional model", FLITLAB_PLOT_LINE, x, model, NULL, 6);
  series->saturation = 0.0093;
  series =
    flitlab_plot_add_series (plot, "uni-directional model", FLITLAB_PLOT_LINE, x, model2, NULL, 6);
  series->saturation = 0.0071;
  flitlab_plot_add_series (plot, "simulation (95% CI)", FLITLAB_PLOT_POINTS, x, sim, ci, 6);
  flitlab_render_plot (cr, plot, 640, 420, NULL);
}

static void
draw_linear (cairo_t *cr)
{
  draw_latency (cr, FALSE);
}

static void
draw_log (cairo_t *cr)
{
  draw_latency (cr, TRUE);
}

static void
draw_full_legend (cairo_t *cr)
{
  g_autoptr(FlitlabPlot) plot = flitlab_plot_new ("Throughput of seven networks",
                                                   "Load (messages/cycle/node)",
                                                   "Throughput (messages/cycle/node)");

  for (guint s = 0; s < 7; s++)
    {
      double x[8], y[8];
      g_autofree char *label = g_strdup_printf ("network %u", s + 1);

      for (guint i = 0; i < 8; i++)
        {
          x[i] = 0.002 * i;
          y[i] = MIN (x[i], 0.004 + 0.0015 * s);
        }
      flitlab_plot_add_series (plot, label, s % 2 ? FLITLAB_PLOT_POINTS : FLITLAB_PLOT_LINE, x, y,
                               NULL, 8);
    }
  flitlab_render_plot (cr, plot, 640, 420, NULL);
}

static void
draw_sparse (cairo_t *cr)
{
  static const double x[] = { 0.001, 0.002, 0.003 };
  static const double y[] = { 20, NAN, NAN };
  static const double one_x[] = { 0.0025 };
  static const double one_y[] = { 30 };
  g_autoptr(FlitlabPlot) plot = flitlab_plot_new ("Saturated rows and a single point",
                                                   "Load (messages/cycle/node)",
                                                   "Latency (cycles)");

  flitlab_plot_add_series (plot, "model", FLITLAB_PLOT_LINE, x, y, NULL, 3);
  flitlab_plot_add_series (plot, "one point", FLITLAB_PLOT_POINTS, one_x, one_y, NULL, 1);
  flitlab_render_plot (cr, plot, 640, 420, NULL);
}

/* A figure of the network coloured by a value that grows with the channel id, so every colour
 * shows. */
static FlitlabTopologyFigure *
network_figure (const char *spec)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (spec, NULL);
  FlitlabTopologyFigure *figure = flitlab_topology_figure_new (topology);
  guint n = flitlab_topology_get_n_channels (topology);
  g_autofree double *values = g_new (double, n);

  for (guint c = 0; c < n; c++)
    values[c] = (double) (c % 17) / 16;
  flitlab_topology_figure_set_values (figure, values, n);
  return figure;
}

static void
draw_network (cairo_t    *cr,
              const char *spec)
{
  g_autoptr(FlitlabTopologyFigure) figure = network_figure (spec);

  g_free (figure->value_label);
  figure->value_label = g_strdup ("Utilization");
  flitlab_render_topology (cr, figure, cairo_image_surface_get_width (cairo_get_target (cr)),
                           cairo_image_surface_get_height (cairo_get_target (cr)));
}

static void
draw_torus (cairo_t *cr)
{
  draw_network (cr, "torus:6x6:bi");
}

static void
draw_uni_torus_plane (cairo_t *cr)
{
  draw_network (cr, "torus:4x4x3:uni");
}

static void
draw_hypercube (cairo_t *cr)
{
  draw_network (cr, "hypercube:6");
}

/* 4608 channels: drawn as hairlines into the image (flitlab-hairline.c). */
static void
draw_big_hypercube (cairo_t *cr)
{
  draw_network (cr, "hypercube:9");
}

/* The planes of a 4×4×3 uni-directional torus in the stack. */
static void
draw_stack (cairo_t *cr)
{
  g_autoptr(FlitlabTopologyFigure) figure = network_figure ("torus:4x4x3:uni");

  flitlab_render_topology_stack (cr, figure, 600, 450);
}

/* The classroom's sizes (issue #15): a plane of a 6×6×6 torus with the links to the planes
 * above and below at each node, its stack, and hypercubes of 16, 64 and 1024 nodes, the
 * 4-cube uncoloured (its links by dimension, with the legend), all at 1200×900. */
static void
draw_torus_666_plane (cairo_t *cr)
{
  g_autoptr(FlitlabTopologyFigure) figure = network_figure ("torus:6x6x6:bi");

  figure->plane = 2;
  flitlab_render_topology (cr, figure, 1200, 900);
}

static void
draw_torus_666_stack (cairo_t *cr)
{
  g_autoptr(FlitlabTopologyFigure) figure = network_figure ("torus:6x6x6:bi");

  flitlab_render_topology_stack (cr, figure, 1200, 900);
}

/* The same stack with one column chosen, (2, 3): its links between the planes, its nodes ringed. */
static void
draw_torus_666_column (cairo_t *cr)
{
  g_autoptr(FlitlabTopologyFigure) figure = network_figure ("torus:6x6x6:bi");

  figure->column = 2 + 6 * 3;
  flitlab_render_topology_stack (cr, figure, 1200, 900);
}

static void
draw_hypercube_4_by_dimension (cairo_t *cr)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("hypercube:4", NULL);
  g_autoptr(FlitlabTopologyFigure) figure = flitlab_topology_figure_new (topology);

  flitlab_render_topology (cr, figure, 1200, 900);
}

static void
draw_hypercube_6_large (cairo_t *cr)
{
  draw_network (cr, "hypercube:6");
}

static void
draw_hypercube_10_large (cairo_t *cr)
{
  draw_network (cr, "hypercube:10");
}

static void
draw_necklace (cairo_t *cr)
{
  draw_network (cr, "necklace:3,3");
}

/* A model's flow diagram at seven tenths of its saturation, default parameters. */
static void
draw_flow (cairo_t    *cr,
           const char *model_id)
{
  g_autoptr(FlitlabModel) model = flitlab_model_new (model_id, NULL, NULL);
  g_autoptr(FlitlabModelPoint) point =
    flitlab_model_evaluate_detail (model, 0.7 * flitlab_model_get_saturation_rate (model));

  flitlab_render_flow (cr, model, point, 800, 560);
}

static void
draw_flow_bi_torus (cairo_t *cr)
{
  draw_flow (cr, "ciciani-bi-torus");
}

static void
draw_flow_adaptive (cairo_t *cr)
{
  draw_flow (cr, "quaglia-adaptive-torus");
}

/* With Fig. 3's routing probabilities for the busiest class. */
static void
draw_flow_mesh (cairo_t *cr)
{
  draw_flow (cr, "greenberg-mesh");
}

/* The three sub-networks of 003. */
static void
draw_flow_necklace (cairo_t *cr)
{
  draw_flow (cr, "meraji-necklace");
}

static void
draw_flow_backtracking (cairo_t *cr)
{
  draw_flow (cr, "horng-kleinrock");
}

/* ---- at the presets (#14): a study's plot and a comparison of six ------------------ */

static void
draw_at_preset (cairo_t           *cr,
                FlitlabPlot       *plot,
                const char        *name)
{
  const FlitlabPlotPreset *preset = flitlab_plot_preset_lookup (name);

  plot->font_size = preset->font_size;
  flitlab_render_plot (cr, plot, preset->width, preset->height, NULL);
}

/* A study's plot: its model to saturation, its simulation with intervals and a saturated load,
 * a paper's table in rings. */
static void
draw_study_at (cairo_t    *cr,
               const char *preset)
{
  static const double x[] = { 0.001, 0.002, 0.003, 0.004, 0.005, 0.006, 0.007, 0.008, 0.009 };
  static const double model[] = { 16, 16.8, 17.8, 19, 20.6, 22.8, 26, 31.5, 45 };
  static const double sim[] = { 16.1, 17, 18.1, 19.6, 21.5, 24.4, 29.5, 40, NAN };
  static const double ci[] = { 0.1, 0.2, 0.2, 0.3, 0.4, 0.6, 1.1, 2.5, NAN };
  static const double paper[] = { 16, 16.9, 18, 19.4, 21, 23.5, 27.5, 35, 60 };
  g_autoptr(FlitlabPlot) plot = flitlab_plot_new ("Table 3: 6×6×6 bi-directional torus",
                                                   "Load (messages/cycle/node)",
                                                   "Transit latency (cycles)");
  FlitlabPlotSeries *series;

  series =
    flitlab_plot_add_series (plot, "Model: Ciciani et al. 1998", FLITLAB_PLOT_LINE, x, model, NULL,
                             9);
  series->saturation = 0.0093;
  series->saturation_label = g_strdup ("saturation 0.0093 msg/cycle/node");
  series =
    flitlab_plot_add_series (plot, "Simulation, transit latency, 95% CI", FLITLAB_PLOT_POINTS, x,
                             sim, ci, 9);
  flitlab_plot_series_set_saturated (series, 8);
  series =
    flitlab_plot_add_series (plot, "Table 3, model (paper)", FLITLAB_PLOT_POINTS, x, paper, NULL,
                             9);
  series->hollow = TRUE;
  draw_at_preset (cr, plot, preset);
}

/* Six studies overlaid as flitlab_study_plot_new_comparison () labels them: a colour each, an
 * entry per study and per kind of series; one study's models of another network dashed. */
static void
draw_comparison_at (cairo_t    *cr,
                    const char *preset)
{
  static const char *names[] = {
    "Table 2: 16×16×16 uni-directional torus", "Table 3: 6×6×6 bi-directional torus",
    "Table 4: 2^10 hypercube", "Fig. 6: five 1000-node tori", "Fig. 7: 8×8×8 tori, three lengths",
    "Fig. 8: 2^9 hypercube",
  };
  g_autoptr(FlitlabPlot) plot = flitlab_plot_new ("Comparison of 6 studies",
                                                  "Load (messages/cycle/node)",
                                                   "Transit latency (cycles)");

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      double x[8], model[8], sim[8], ci[8], other[8];
      FlitlabPlotSeries *series[3];

      for (guint j = 0; j < 8; j++)
        {
          x[j] = 0.001 * (j + 1);
          model[j] = 14 + 4 * i + 40 * pow (x[j] / (0.009 + 0.002 * i), 3);
          other[j] = model[j] * 1.15;
          sim[j] = model[j] * (1.02 + 0.01 * j);
          ci[j] = 0.02 * sim[j];
        }
      series[0] = flitlab_plot_add_series (plot, names[i], FLITLAB_PLOT_LINE, x, model, NULL, 8);
      series[0]->kind_label = g_strdup ("Model");
      series[1] =
        flitlab_plot_add_series (plot, names[i], FLITLAB_PLOT_POINTS, x, sim, ci, i % 2 ? 8 : 0);
      series[1]->kind_label = g_strdup ("Simulation, 95% CI");
      series[2] = i == 4
                  ? flitlab_plot_add_series (plot, names[i], FLITLAB_PLOT_LINE, x, other, NULL, 8)
                  : NULL;
      if (series[2] != NULL)
        {
          series[2]->kind_label = g_strdup ("Model (not this study's network)");
          series[2]->style = 1;
        }
      for (guint k = 0; k < 3; k++)
        if (series[k] != NULL)
          {
            series[k]->color = i;
            series[k]->group = g_strdup (names[i]);
          }
    }
  draw_at_preset (cr, plot, preset);
}

#define PRESET_FIGURES(preset, id)                                                     \
  static void draw_study_##id (cairo_t *cr) { draw_study_at (cr, preset); }           \
  static void draw_comparison_##id (cairo_t *cr) { draw_comparison_at (cr, preset); }
PRESET_FIGURES ("column", column)
PRESET_FIGURES ("column-and-half", column_and_half)
PRESET_FIGURES ("page", page)
PRESET_FIGURES ("slide", slide)

/* ---- at the presets papers and slides use ------------------------------------------------ */

/* The preset the figure being drawn is at (its size is the surface's). */
static const FlitlabPlotPreset *drawn_preset;

/* The mesh model's flow diagram, with Fig. 3's fan-out where it fits. */
static void
draw_flow_preset (cairo_t *cr)
{
  g_autoptr(FlitlabModel) model = flitlab_model_new ("greenberg-mesh", NULL, NULL);
  g_autoptr(FlitlabModelPoint) point =
    flitlab_model_evaluate_detail (model, 0.7 * flitlab_model_get_saturation_rate (model));

  flitlab_render_flow_full (cr, model, point, drawn_preset->width, drawn_preset->height,
                            drawn_preset->font_size);
}

static void
draw_network_preset (cairo_t *cr)
{
  g_autoptr(FlitlabTopologyFigure) figure = network_figure ("torus:6x6:bi");

  g_free (figure->value_label);
  figure->value_label = g_strdup ("Channel utilization (simulation, load 0.0123)");
  figure->font_size = drawn_preset->font_size;
  flitlab_render_topology (cr, figure, drawn_preset->width, drawn_preset->height);
}

/* A signed difference (simulation − model) on the diverging map, centred on zero. */
static void
draw_network_difference (cairo_t *cr)
{
  g_autoptr(FlitlabTopologyFigure) figure = network_figure ("torus:6x6:bi");
  guint n = flitlab_topology_get_n_network_channels (flitlab_topology_figure_get_topology (figure));
  g_autofree double *values = g_new (double, n);

  for (guint c = 0; c < n; c++)
    values[c] = 0.05 * ((int) (c % 9) - 5);
  flitlab_topology_figure_set_values (figure, values, n);
  figure->colormap = FLITLAB_COLORMAP_DIVERGING;
  g_free (figure->value_label);
  figure->value_label = g_strdup ("Utilization, simulation − model");
  flitlab_render_topology (cr, figure, 600, 450);
}

/* ---- channel dependency graphs -------------------------------------------------------- */

static void
draw_dependency (cairo_t        *cr,
                 const char     *spec,
                 guint           vcs)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (spec, NULL);
  g_autoptr(FlitlabChannelDependency) graph = flitlab_channel_dependency_new (topology,
                                                                              FLITLAB_ROUTING_DOR,
                                                                              vcs, NULL);
  FlitlabDependencyFigure figure = { topology, graph, FLITLAB_ROUTING_DOR, NULL, 0, 0 };

  flitlab_render_dependency (cr, &figure, 600, 450, NULL);
}

/* Every ring a cycle, one in red. */
static void
draw_dependency_torus_one_vc (cairo_t *cr)
{
  draw_dependency (cr, "torus:4x4:bi", 1);
}

/* The dateline: class 0 steps down to class 1 on the wrap-around channel. */
static void
draw_dependency_torus_two_vcs (cairo_t *cr)
{
  draw_dependency (cr, "torus:4x4:bi", 2);
}

static void
draw_dependency_mesh (cairo_t *cr)
{
  draw_dependency (cr, "mesh:4x4", 1);
}

/* ---- comparison ---------------------------------------------------------------------- */

typedef struct
{
  const char *name;
  int         width;   /* 0: the preset's */
  int         height;
  void      (*draw) (cairo_t *cr);
  const char *preset;  /* a flitlab_plot_presets() name, or NULL */
  gboolean    paper;   /* drawn as a file is, type in points; else as the window draws */
} Figure;

static Figure figures[] = {
  { "plot-linear", 640, 420, draw_linear },
  { "plot-log", 640, 420, draw_log },
  { "plot-full-legend", 640, 420, draw_full_legend },
  { "plot-sparse", 640, 420, draw_sparse },
  { "plot-column", 252, 180, draw_study_column, NULL, TRUE },
  { "plot-column-and-half", 360, 240, draw_study_column_and_half, NULL, TRUE },
  { "plot-page", 504, 300, draw_study_page, NULL, TRUE },
  { "plot-slide", 720, 405, draw_study_slide, NULL, TRUE },
  { "comparison-column", 252, 180, draw_comparison_column, NULL, TRUE },
  { "comparison-column-and-half", 360, 240, draw_comparison_column_and_half, NULL, TRUE },
  { "comparison-page", 504, 300, draw_comparison_page, NULL, TRUE },
  { "comparison-slide", 720, 405, draw_comparison_slide, NULL, TRUE },
  { "network-torus", 600, 450, draw_torus },
  { "network-uni-torus-plane", 600, 450, draw_uni_torus_plane },
  { "network-hypercube", 600, 450, draw_hypercube },
  { "network-necklace", 600, 450, draw_necklace },
  { "network-hypercube-9", 600, 450, draw_big_hypercube },
  { "network-stack", 600, 450, draw_stack },
  { "network-torus-6x6x6-plane", 1200, 900, draw_torus_666_plane },
  { "network-torus-6x6x6-stack", 1200, 900, draw_torus_666_stack },
  { "network-torus-6x6x6-column", 1200, 900, draw_torus_666_column },
  { "network-hypercube-4-dimensions", 1200, 900, draw_hypercube_4_by_dimension },
  { "network-hypercube-6-large", 1200, 900, draw_hypercube_6_large },
  { "network-hypercube-10-large", 1200, 900, draw_hypercube_10_large },
  { "flow-bi-torus", 800, 560, draw_flow_bi_torus },
  { "flow-adaptive-torus", 800, 560, draw_flow_adaptive },
  { "flow-backtracking", 800, 560, draw_flow_backtracking },
  { "flow-mesh-routes", 800, 560, draw_flow_mesh },
  { "flow-necklace", 800, 560, draw_flow_necklace },
  { "network-difference", 600, 450, draw_network_difference },
  { "flow-column", 0, 0, draw_flow_preset, "column", TRUE },
  { "flow-column-and-half", 0, 0, draw_flow_preset, "column-and-half", TRUE },
  { "flow-page", 0, 0, draw_flow_preset, "page", TRUE },
  { "flow-slide", 0, 0, draw_flow_preset, "slide", TRUE },
  { "network-column", 0, 0, draw_network_preset, "column", TRUE },
  { "network-column-and-half", 0, 0, draw_network_preset, "column-and-half", TRUE },
  { "network-page", 0, 0, draw_network_preset, "page", TRUE },
  { "network-slide", 0, 0, draw_network_preset, "slide", TRUE },
  /* Channel dependency graphs (flitlab-render-dependency.h). */
  { "dependency-torus-one-vc", 600, 450, draw_dependency_torus_one_vc },
  { "dependency-torus-two-vcs", 600, 450, draw_dependency_torus_two_vcs },
  { "dependency-mesh", 600, 450, draw_dependency_mesh },
};

static cairo_surface_t *
render (const Figure *figure)
{
  cairo_surface_t *surface =
    cairo_image_surface_create (CAIRO_FORMAT_ARGB32, figure->width, figure->height);
  cairo_t *cr;

  if (figure->paper)
    flitlab_render_set_type_in_points (surface);
  cr = cairo_create (surface);
  drawn_preset = figure->preset != NULL ? flitlab_plot_preset_lookup (figure->preset) : NULL;
  figure->draw (cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static void
test_figure (gconstpointer data)
{
  const Figure *figure = data;
  g_autofree char *file = g_strconcat (figure->name, ".png", NULL);
  g_autofree char *path = g_build_filename (golden_dir, file, NULL);
  cairo_surface_t *actual = render (figure), *golden, *diff;
  guint64 total = 0, far = 0, n;
  const guchar *a, *b;
  guchar *d;
  int stride;

  if (g_strcmp0 (g_getenv ("FLITLAB_UPDATE_GOLDEN"), "1") == 0)
    {
      g_assert_cmpint (cairo_surface_write_to_png (actual, path), ==, CAIRO_STATUS_SUCCESS);
      g_test_message ("wrote %s", path);
      cairo_surface_destroy (actual);
      return;
    }

  golden = cairo_image_surface_create_from_png (path);
  if (cairo_surface_status (golden) != CAIRO_STATUS_SUCCESS)
    g_error ("no golden image %s (FLITLAB_UPDATE_GOLDEN=1 writes it)", path);
  g_assert_cmpint (cairo_image_surface_get_width (golden), ==, figure->width);
  g_assert_cmpint (cairo_image_surface_get_height (golden), ==, figure->height);
  g_assert_cmpint (cairo_image_surface_get_stride (golden), ==,
                   cairo_image_surface_get_stride (actual));

  diff = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, figure->width, figure->height);
  stride = cairo_image_surface_get_stride (actual);
  a = cairo_image_surface_get_data (actual);
  b = cairo_image_surface_get_data (golden);
  d = cairo_image_surface_get_data (diff);
  for (int y = 0; y < figure->height; y++)
    for (int x = 0; x < figure->width; x++)
      {
        const guchar *pa = a + y * stride + 4 * x, *pb = b + y * stride + 4 * x;
        guchar *pd = d + y * stride + 4 * x;
        int worst = 0;

        for (int c = 0; c < 4; c++)
          {
            int delta = abs (pa[c] - pb[c]);

            worst = MAX (worst, delta);
            total += delta;
          }
        far += worst > 48;
        /* Opaque grey, darker where the images differ more. */
        pd[0] = pd[1] = pd[2] = (guchar) (255 - worst);
        pd[3] = 255;
      }
  cairo_surface_mark_dirty (diff);
  n = (guint64) figure->width * figure->height;
  g_test_message ("%s: %.3f%% of pixels differ by more than 48, mean difference %.3f levels",
                  figure->name, 100.0 * far / n, (double) total / (4.0 * n));
  if (far * 2000 > n || total * 10 > 4 * n)
    {
      g_autofree char *actual_path = g_strconcat ("golden-", figure->name, "-actual.png", NULL);
      g_autofree char *diff_path = g_strconcat ("golden-", figure->name, "-diff.png", NULL);

      cairo_surface_write_to_png (actual, actual_path);
      cairo_surface_write_to_png (diff, diff_path);
      g_error ("%s differs from %s: %.3f%% of pixels by more than 48 levels, mean %.3f levels; "
               "see %s and %s in %s", figure->name, path, 100.0 * far / n,
               (double) total / (4.0 * n),
               actual_path, diff_path, g_get_current_dir ());
    }
  cairo_surface_destroy (diff);
  cairo_surface_destroy (golden);
  cairo_surface_destroy (actual);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  golden_dir = argc > 1 ? argv[1] : "golden";
  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    {
      const FlitlabPlotPreset *preset = figures[i].preset != NULL
                                        ? flitlab_plot_preset_lookup (figures[i].preset) : NULL;
      g_autofree char *test_path = g_strconcat ("/flitlab/render/golden/", figures[i].name, NULL);

      if (preset != NULL)
        {
          figures[i].width = (int) preset->width;
          figures[i].height = (int) preset->height;
        }
      g_test_add_data_func (test_path, &figures[i], test_figure);
    }
  return g_test_run ();
}
