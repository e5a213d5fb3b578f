/* test-render-topology.c: network diagrams on SVG, PDF, PNG and image surfaces; hit-testing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

#include "flitlab-colormap.h"
#include "flitlab-routing.h"
#include "flitlab-export.h"
#include "flitlab-render-topology.h"
#include "flitlab-sim-trace.h"

typedef struct
{
  const char *spec;
  guint       plane;
  guint       drawn; /* network channels in the picture, counted by hand */
} Case;

static const Case cases[] = {
  { "torus:4x4:bi", 0, 4 * 4 * 4 },
  { "torus:4x4:uni", 0, 4 * 4 * 2 },
  { "mesh:3x3", 0, 2 * 2 * 3 * 2 },
  { "hypercube:4", 0, 16 * 4 },
  /* The plane's links, and at each node two channels to the other plane and two from it. */
  { "torus:3x4x2:bi", 0, 3 * 4 * 4 + 3 * 4 * 4 },
  { "torus:3x4x2:bi", 1, 3 * 4 * 4 + 3 * 4 * 4 },
  /* 12 base links and 12 necklaces of 3 links, both directions. */
  { "necklace:3,2", 0, 2 * (12 + 12 * 3) },
  { "torus:8:bi", 0, 16 },
  { "mesh:5", 0, 8 },
  { "torus:2x2:bi", 0, 4 * 4 },
};

static FlitlabTopologyFigure *
view_for (const char *spec,
          guint       plane)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (spec, &error);
  FlitlabTopologyFigure *figure;

  g_assert_no_error (error);
  figure = flitlab_topology_figure_new (topology);
  figure->plane = plane;
  return figure;
}

/* Values that differ from channel to channel, in [0, 1]. */
static void
set_values (FlitlabTopologyFigure *figure,
            double               shift)
{
  guint n = flitlab_topology_get_n_network_channels (flitlab_topology_figure_get_topology (figure));
  g_autofree double *values = g_new (double, n);

  for (guint i = 0; i < n; i++)
    values[i] = fmod (i * 0.37 + shift, 1.0);
  flitlab_topology_figure_set_values (figure, values, n);
  figure->value_min = 0;
  figure->value_max = 1;
}

/* A stroked path: cairo 1.16 writes style="fill:none;…", later versions fill="none". */
static gboolean
is_stroked (xmlNodePtr node)
{
  g_autofree char *style = (char *) xmlGetProp (node, BAD_CAST "style");
  g_autofree char *fill = (char *) xmlGetProp (node, BAD_CAST "fill");

  return (style != NULL && strstr (style, "fill:none") != NULL) || g_strcmp0 (fill, "none") == 0;
}

/* The style (or stroke and stroke-width attributes) of every stroked path, in order. */
static GPtrArray *
svg_channel_styles (const char *path)
{
  GPtrArray *styles = g_ptr_array_new_with_free_func (g_free);
  xmlDocPtr doc = xmlReadFile (path, NULL, XML_PARSE_NONET);
  xmlXPathContextPtr xpath;
  xmlXPathObjectPtr paths;

  g_assert_nonnull (doc);
  xpath = xmlXPathNewContext (doc);
  xmlXPathRegisterNs (xpath, BAD_CAST "svg", BAD_CAST "http://www.w3.org/2000/svg");
  paths = xmlXPathEvalExpression (BAD_CAST "//svg:path[not(ancestor::svg:defs)]", xpath);
  g_assert_nonnull (paths);
  for (int i = 0; paths->nodesetval != NULL && i < paths->nodesetval->nodeNr; i++)
    {
      xmlNodePtr node = paths->nodesetval->nodeTab[i];
      g_autofree char *style = (char *) xmlGetProp (node, BAD_CAST "style");
      g_autofree char *stroke = (char *) xmlGetProp (node, BAD_CAST "stroke");
      g_autofree char *width = (char *) xmlGetProp (node, BAD_CAST "stroke-width");

      if (is_stroked (node))
        g_ptr_array_add (styles, g_strdup_printf ("%s|%s|%s", style ? style : "",
                                                  stroke ? stroke : "", width ? width : ""));
    }
  xmlXPathFreeObject (paths);
  xmlXPathFreeContext (xpath);
  xmlFreeDoc (doc);
  return styles;
}

static char *
tmp_file (const char *dir,
          const char *name)
{
  return g_build_filename (dir, name, NULL);
}

/* One stroked SVG path per drawn network channel, for every family. */
static void
test_svg_channel_count (void)
{
  g_autofree char *dir = g_dir_make_tmp ("flitlab-topology-XXXXXX", NULL);
  g_autofree char *svg = tmp_file (dir, "diagram.svg");

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(FlitlabTopologyFigure) figure = view_for (cases[c].spec, cases[c].plane);
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) styles = NULL;

      g_test_message ("%s plane %u", cases[c].spec, cases[c].plane);
      set_values (figure, 0);
      g_assert_true (flitlab_render_topology_to_file (figure, svg, 800, 600, 1, &error));
      g_assert_no_error (error);
      styles = svg_channel_styles (svg);
      g_assert_cmpuint (styles->len, ==, cases[c].drawn);
      g_assert_cmpuint (flitlab_topology_figure_get_n_drawn_channels (figure), ==, cases[c].drawn);

      /* Uncoloured too. */
      flitlab_topology_figure_set_values (figure, NULL, 0);
      g_assert_true (flitlab_render_topology_to_file (figure, svg, 800, 600, 1, &error));
      g_clear_pointer (&styles, g_ptr_array_unref);
      styles = svg_channel_styles (svg);
      g_assert_cmpuint (styles->len, ==, cases[c].drawn);
    }
  g_remove (svg);
  g_rmdir (dir);
}

/* Exactly the channels of the plane drawn: dimensions 0 and 1 with sources in the plane, and
 * the channels of dimension 2 from or to it. */
static void
test_plane_channels (void)
{
  g_autoptr(FlitlabTopologyFigure) figure = view_for ("torus:3x4x2:uni", 1);
  const FlitlabTopology *t = flitlab_topology_figure_get_topology (figure);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 500);
  cairo_t *cr = cairo_create (surface);
  guint drawn = 0;

  g_assert_cmpuint (flitlab_topology_figure_get_n_planes (figure), ==, 2);
  flitlab_render_topology (cr, figure, 600, 500);
  for (guint id = 0; id < flitlab_topology_get_n_network_channels (t); id++)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (t, id);
      double x, y;
      gboolean in_plane = c->dim < 2 ? c->src / 12 == 1 : c->src / 12 == 1 || c->dst / 12 == 1;

      g_assert_cmpint (flitlab_topology_figure_get_channel_middle (figure, id, &x, &y), ==,
                       in_plane);
      drawn += in_plane;
    }
  /* In a 2-plane uni-directional torus every channel of dimension 2 leaves or enters a plane. */
  g_assert_cmpuint (drawn, ==, 24 + 24);
  g_assert_cmpuint (flitlab_topology_figure_get_n_drawn_channels (figure), ==, 24 + 24);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Each drawn channel's middle hits that channel, each node's centre that node. */
static void
check_hits (FlitlabTopologyFigure *figure,
            double               width,
            double               height)
{
  const FlitlabTopology *t = flitlab_topology_figure_get_topology (figure);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) width,
                                                         (int) height);
  cairo_t *cr = cairo_create (surface);
  guint channels = 0, nodes = 0;

  flitlab_render_topology (cr, figure, width, height);
  for (guint id = 0; id < flitlab_topology_get_n_network_channels (t); id++)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (t, id);
      double x, y, sx, sy, dx, dy;

      if (!flitlab_topology_figure_get_channel_middle (figure, id, &x, &y))
        continue;
      /* A tiled hypercube's line between two 4-cubes hits as the first of its 16 channels,
       * those of its dimension leaving the same 4-cube. */
      if (flitlab_topology_figure_get_bundle_size (figure, id) > 1)
        {
          int hit = flitlab_topology_figure_hit_channel (figure, x, y);
          const FlitlabChannel *first = flitlab_topology_get_channel (t, (guint) MAX (hit, 0));

          g_assert_cmpint (hit, >=, 0);
          g_assert_cmpuint (flitlab_topology_figure_get_bundle_size (figure, id), ==, 16);
          g_assert_cmpuint (first->dim, ==, c->dim);
          g_assert_cmpuint (first->src >> 4, ==, c->src >> 4);
          g_assert_cmpint (hit, <=, (int) id);
          channels += hit == (int) id;
          continue;
        }
      channels++;
      g_assert_cmpint (flitlab_topology_figure_hit_channel (figure, x, y), ==, (int) id);
      /* A link to another plane is drawn at the node in this one only. */
      if (flitlab_topology_get_family (t) != FLITLAB_TOPOLOGY_HYPERCUBE &&
          flitlab_topology_get_family (t) != FLITLAB_TOPOLOGY_NECKLACE &&
          flitlab_topology_get_family (t) != FLITLAB_TOPOLOGY_FILE && c->dim >= 2)
        {
          g_assert_true (flitlab_topology_figure_get_node_position (figure, c->src, &sx, &sy) !=
                         flitlab_topology_figure_get_node_position (figure, c->dst, &dx, &dy));
          continue;
        }
      g_assert_true (flitlab_topology_figure_get_node_position (figure, c->src, &sx, &sy));
      g_assert_true (flitlab_topology_figure_get_node_position (figure, c->dst, &dx, &dy));
      /* A straight channel's middle lies near the middle between its nodes. */
      if ((flitlab_topology_get_family (t) == FLITLAB_TOPOLOGY_TORUS ||
           flitlab_topology_get_family (t) == FLITLAB_TOPOLOGY_MESH) &&
          !c->wraparound && flitlab_topology_get_n_dims (t) > 1)
        g_assert_cmpfloat (hypot (x - (sx + dx) / 2, y - (sy + dy) / 2), <,
                           0.2 * hypot (sx - dx, sy - dy));
    }
  g_assert_cmpuint (channels, ==, flitlab_topology_figure_get_n_drawn_channels (figure));
  for (guint node = 0; node < flitlab_topology_get_n_nodes (t); node++)
    {
      double x, y;

      if (!flitlab_topology_figure_get_node_position (figure, node, &x, &y))
        continue;
      nodes++;
      g_assert_cmpint (flitlab_topology_figure_hit_node (figure, x, y), ==, (int) node);
    }
  g_assert_cmpuint (nodes, >, 0);
  /* Outside the figure and in an empty corner: nothing. */
  g_assert_cmpint (flitlab_topology_figure_hit_channel (figure, -5, -5), ==, -1);
  g_assert_cmpint (flitlab_topology_figure_hit_node (figure, width + 10, 3), ==, -1);
  g_assert_cmpint (flitlab_topology_figure_hit_node (figure, 2, 2), ==, -1);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_hit_testing (void)
{
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(FlitlabTopologyFigure) figure = view_for (cases[c].spec, cases[c].plane);

      g_test_message ("%s plane %u", cases[c].spec, cases[c].plane);
      set_values (figure, 0.2);
      check_hits (figure, 900, 700);
    }
}

static void
test_hit_testing_large (void)
{
  static const Case large[] = {
    /* Tiled: the 4096 channels inside the 4-cubes, and a line for each 4-cube and higher
     * dimension. */
    { "hypercube:10", 0, 4096 + 64 * 6 },
    { "torus:16x16x16:uni", 5, 512 + 2 * 256 },
    { "necklace:6,5", 0, 0 },
    { "mesh:40x30", 0, 0 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (large); c++)
    {
      g_autoptr(FlitlabTopologyFigure) figure = view_for (large[c].spec, large[c].plane);

      g_test_message ("%s", large[c].spec);
      check_hits (figure, 1200, 900);
      if (large[c].drawn > 0)
        g_assert_cmpuint (flitlab_topology_figure_get_n_drawn_channels (figure), ==,
                          large[c].drawn);
    }
}

/* The stroke colours follow the values: viridis, grey for NaN, one colour when uncoloured. */
/* Whether pixel is viridis' colour share of the way up, within 40 of 255 each way. */
static void
assert_viridis (guint32 pixel,
                double  share)
{
  double r, g, b;

  flitlab_colormap_viridis (share, 0, 1, &r, &g, &b);
  g_assert_cmpint (abs ((int) ((pixel >> 16) & 0xff) - (int) (r * 255)), <, 40);
  g_assert_cmpint (abs ((int) ((pixel >> 8) & 0xff) - (int) (g * 255)), <, 40);
  g_assert_cmpint (abs ((int) (pixel & 0xff) - (int) (b * 255)), <, 40);
}

static void
test_colors (void)
{
  g_autofree char *dir = g_dir_make_tmp ("flitlab-topology-XXXXXX", NULL);
  g_autofree char *svg = tmp_file (dir, "diagram.svg");
  g_autoptr(FlitlabTopologyFigure) figure = view_for ("torus:4x4:bi", 0);
  g_autoptr(GPtrArray) low = NULL, high = NULL, mixed = NULL, plain = NULL;
  guint n = flitlab_topology_get_n_network_channels (flitlab_topology_figure_get_topology (figure));
  g_autofree double *values = g_new (double, n);
  cairo_surface_t *surface;
  cairo_t *cr;
  double x, y;
  guint32 before, after;
  guint n_grey = 0;

  for (guint i = 0; i < n; i++)
    values[i] = 0.1;
  flitlab_topology_figure_set_values (figure, values, n);
  figure->value_min = 0;
  figure->value_max = 1;
  figure->value_label = g_strdup ("Channel utilization");
  g_assert_true (flitlab_render_topology_to_file (figure, svg, 640, 480, 1, NULL));
  low = svg_channel_styles (svg);
  for (guint i = 0; i < n; i++)
    values[i] = 0.9;
  flitlab_topology_figure_set_values (figure, values, n);
  g_assert_true (flitlab_render_topology_to_file (figure, svg, 640, 480, 1, NULL));
  high = svg_channel_styles (svg);
  g_assert_cmpuint (low->len, ==, high->len);
  for (guint i = 0; i < low->len; i++)
    g_assert_cmpstr (low->pdata[i], !=, high->pdata[i]);
  /* All alike within one picture. */
  for (guint i = 1; i < low->len; i++)
    g_assert_cmpstr (low->pdata[i], ==, low->pdata[0]);

  /* NaN: the colour map's grey, 75%. */
  for (guint i = 0; i < n; i++)
    values[i] = i % 2 ? NAN : i / (double) n;
  flitlab_topology_figure_set_values (figure, values, n);
  figure->value_min = figure->value_max = NAN;
  g_assert_true (flitlab_render_topology_to_file (figure, svg, 640, 480, 1, NULL));
  mixed = svg_channel_styles (svg);
  for (guint i = 0; i < mixed->len; i++)
    n_grey += strstr (mixed->pdata[i], "rgb(75%,75%,75%)") != NULL;
  g_assert_cmpuint (n_grey, ==, n / 2);

  flitlab_topology_figure_set_values (figure, NULL, 0);
  g_assert_true (flitlab_render_topology_to_file (figure, svg, 640, 480, 1, NULL));
  plain = svg_channel_styles (svg);
  for (guint i = 1; i < plain->len; i++)
    g_assert_cmpstr (plain->pdata[i], ==, plain->pdata[0]);

  /* On an image: the pixel under a channel's middle changes with its value. */
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 640, 480);
  cr = cairo_create (surface);
  for (guint i = 0; i < n; i++)
    values[i] = 0;
  flitlab_topology_figure_set_values (figure, values, n);
  figure->value_min = 0;
  figure->value_max = 1;
  flitlab_render_topology (cr, figure, 640, 480);
  cairo_surface_flush (surface);
  g_assert_true (flitlab_topology_figure_get_channel_middle (figure, 0, &x, &y));
  before = *(guint32 *) (cairo_image_surface_get_data (surface) +
                         (int) y * cairo_image_surface_get_stride (surface) + 4 * (int) x);
  values[0] = 1;
  flitlab_topology_figure_set_values (figure, values, n);
  flitlab_render_topology (cr, figure, 640, 480);
  cairo_surface_flush (surface);
  /* Where this render put it: one value everywhere before took a line of subtitle saying so. */
  g_assert_true (flitlab_topology_figure_get_channel_middle (figure, 0, &x, &y));
  after = *(guint32 *) (cairo_image_surface_get_data (surface) +
                        (int) y * cairo_image_surface_get_stride (surface) + 4 * (int) x);
  g_assert_cmpuint (before, !=, after);
  /* Viridis' top. */
  assert_viridis (after, 1);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  g_remove (svg);
  g_rmdir (dir);
}

static guint32
pixel_at_channel (cairo_surface_t           *surface,
                  const FlitlabTopologyFigure *figure,
                  guint                      channel)
{
  double x, y;

  cairo_surface_flush (surface);
  g_assert_true (flitlab_topology_figure_get_channel_middle (figure, channel, &x, &y));
  return *(guint32 *) (cairo_image_surface_get_data (surface) +
                       (int) y * cairo_image_surface_get_stride (surface) + 4 * (int) x);
}

/* A signed difference on the diverging map: zero near-white, the most negative value blue and
 * its opposite red, as strong as each other though the values reach further one way. */
static void
test_diverging (void)
{
  g_autoptr(FlitlabTopologyFigure) figure = view_for ("torus:4x4:uni", 0);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 640, 480);
  cairo_t *cr = cairo_create (surface);
  guint n = flitlab_topology_get_n_network_channels (flitlab_topology_figure_get_topology (figure));
  g_autofree double *values = g_new0 (double, n);
  guint32 zero, low, high;
  double lo, hi;

  values[1] = -0.5;
  values[2] = 0.2;
  flitlab_topology_figure_set_values (figure, values, n);
  figure->colormap = FLITLAB_COLORMAP_DIVERGING;
  flitlab_render_topology (cr, figure, 640, 480);
  zero = pixel_at_channel (surface, figure, 0);
  low = pixel_at_channel (surface, figure, 1);
  high = pixel_at_channel (surface, figure, 2);
  g_assert_cmpint ((zero >> 16) & 0xff, >, 230);
  g_assert_cmpint ((zero >> 8) & 0xff, >, 230);
  g_assert_cmpint (zero & 0xff, >, 230);
  g_assert_cmpint (low & 0xff, >, ((low >> 16) & 0xff) + 60);
  g_assert_cmpint ((high >> 16) & 0xff, >, (high & 0xff) + 40);
  /* 0.2 of a range made -0.5 .. 0.5: paler than -0.5. */
  lo = -0.5, hi = 0.2;
  flitlab_colormap_range (FLITLAB_COLORMAP_DIVERGING, &lo, &hi);
  g_assert_cmpfloat (hi, ==, 0.5);
  g_assert_cmpint ((high >> 8) & 0xff, >, (low >> 8) & 0xff);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Values a few percent apart (an adaptive torus's links, 0.198 and 0.204) are coloured on a
 * scale from zero, both near its top; half apart, on their own range, bottom and top. */
static void
test_nearly_alike (void)
{
  g_autoptr(FlitlabTopologyFigure) figure = view_for ("torus:4x4:bi", 0);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 640, 480);
  cairo_t *cr = cairo_create (surface);
  guint n = flitlab_topology_get_n_network_channels (flitlab_topology_figure_get_topology (figure));
  g_autofree double *values = g_new0 (double, n);

  for (guint i = 0; i < n; i++)
    values[i] = i == 0 ? 0.198 : 0.204;
  flitlab_topology_figure_set_values (figure, values, n);
  flitlab_render_topology (cr, figure, 640, 480);
  assert_viridis (pixel_at_channel (surface, figure, 0), 0.198 / 0.204);
  assert_viridis (pixel_at_channel (surface, figure, 1), 1);

  values[0] = 0.1;
  flitlab_topology_figure_set_values (figure, values, n);
  flitlab_render_topology (cr, figure, 640, 480);
  assert_viridis (pixel_at_channel (surface, figure, 0), 0);
  assert_viridis (pixel_at_channel (surface, figure, 1), 1);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* A 9-cube's bundles between its tiles, magnified as the window magnifies a figure it
 * presents: wider than a hairline, drawn all the same, in their colour. */
static void
test_magnified_bundles (void)
{
  g_autoptr(FlitlabTopologyFigure) figure = view_for ("hypercube:9", 0);
  const double magnify = 2.4;  /* a 1080-pixel screen's (flitlab_window_set_presenting ()) */
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1900, 960);
  cairo_t *cr = cairo_create (surface);
  guint n = flitlab_topology_get_n_network_channels (flitlab_topology_figure_get_topology (figure));
  g_autofree double *values = g_new (double, n);
  guint n_bundles = 0, n_seen = 0;

  for (guint i = 0; i < n; i++)
    values[i] = 0.5;
  flitlab_topology_figure_set_values (figure, values, n);
  figure->value_min = 0;
  figure->value_max = 1;
  figure->fill = TRUE;
  cairo_scale (cr, magnify, magnify);
  flitlab_render_topology (cr, figure, 1900 / magnify, 960 / magnify);
  cairo_surface_flush (surface);
  for (guint c = 0; c < n; c++)
    if (flitlab_topology_figure_get_bundle_size (figure, c) > 1)
      {
        double x, y;
        guint32 pixel;

        g_assert_true (flitlab_topology_figure_get_channel_middle (figure, c, &x, &y));
        pixel = *(guint32 *) (cairo_image_surface_get_data (surface) +
                              (int) (magnify * y) * cairo_image_surface_get_stride (surface) +
                              4 * (int) (magnify * x));
        n_bundles++;
        /* Viridis' middle is teal: more green than red. */
        n_seen += ((pixel >> 8) & 0xff) > ((pixel >> 16) & 0xff) + 40;
      }
  g_test_message ("%u channels drawn in bundles, %u of them coloured at their line's middle",
                  n_bundles, n_seen);
  g_assert_cmpuint (n_bundles, >, 0);
  /* Where bundles cross, another lies on top: most show their own colour, all the same. */
  g_assert_cmpuint (n_seen, >=, n_bundles * 9 / 10);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* A message holding its source's injection channel and a network channel (a worm leaving
 * its source), by the trace's holders; -1 when there is none. */
static gint32
worm_leaving_source (const FlitlabTopology *topology,
                     const gint32          *holder,
                     guint                 *source)
{
  guint n_network = flitlab_topology_get_n_network_channels (topology);

  for (guint v = 0; v < flitlab_topology_get_n_nodes (topology); v++)
    {
      gint32 id = holder[flitlab_topology_get_injection_channel (topology, v)];

      for (guint c = 0; id >= 0 && c < n_network; c++)
        if (holder[c] == id)
          {
            *source = v;
            return id;
          }
    }
  return -1;
}

/* Pixels of exactly color within half a side of (x, y). */
static guint
count_color (cairo_surface_t *surface,
             double           x,
             double           y,
             int              half,
             guint32          color)
{
  guint count = 0;
  const guchar *data;
  int stride = cairo_image_surface_get_stride (surface);
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);

  cairo_surface_flush (surface);
  data = cairo_image_surface_get_data (surface);
  for (int py = MAX ((int) y - half, 0); py <= MIN ((int) y + half, height - 1); py++)
    for (int px = MAX ((int) x - half, 0); px <= MIN ((int) x + half, width - 1); px++)
      count += (*(const guint32 *) (data + py * stride + 4 * px) & 0xffffff) == color;
  return count;
}

/* The worm under a click (issue #28): at many cycles of a 4x4 torus animation, every pixel
 * inside a worm's drawing (its colour 2 pixels all round it), on a channel or a ring, names a
 * message of that colour. A click used to take the nearest channel, which next to a ring or
 * between a link's two channels was often an idle one. */
static void
test_worm_hits (void)
{
  static const guint32 palette[] = { 0x0072b2, 0x009e73, 0x882255, 0x999933, 0x332288, 0x8c564b };
  g_autoptr(FlitlabTopologyFigure) figure = view_for ("torus:4x4:bi", 0);
  const FlitlabTopology *topology = flitlab_topology_figure_get_topology (figure);
  guint n = flitlab_topology_get_n_channels (topology);
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("torus:4x4:bi");
  g_autoptr(FlitlabSimTrace) trace = NULL;
  g_autofree gint32 *holder = g_new (gint32, n);
  g_autofree guint32 *colors = g_new (guint32, n);
  g_autoptr(GError) error = NULL;
  guint checked = 0, rings = 0;

  config->vcs = 1;
  config->allow_deadlock = TRUE;
  trace = flitlab_sim_trace_new (config, 0.05, &error);
  g_assert_no_error (error);
  for (guint frame = 0; frame < 12; frame++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 640, 480);
      cairo_t *cr = cairo_create (surface);
      const guchar *data;
      int stride = cairo_image_surface_get_stride (surface);

      flitlab_sim_trace_step (trace, 7);
      flitlab_sim_trace_get_channels (trace, holder, NULL, NULL);
      for (guint c = 0; c < n; c++)
        colors[c] = holder[c] < 0 ? FLITLAB_TOPOLOGY_FIGURE_IDLE
                                  : palette[holder[c] % G_N_ELEMENTS (palette)];
      flitlab_topology_figure_set_colors (figure, colors, NULL, n);
      cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_paint (cr);
      flitlab_render_topology (cr, figure, 640, 480);
      cairo_surface_flush (surface);
      data = cairo_image_surface_get_data (surface);
      for (int y = 2; y < 478; y += 2)
        for (int x = 2; x < 638; x += 2)
          {
#define PIXEL(px, py) (*(const guint32 *) (data + (py) * stride + 4 * (px)) & 0xffffff)
            guint32 color = PIXEL (x, y);
            gboolean is_worm = FALSE;
            gint32 id;
            int node;

            for (guint k = 0; k < G_N_ELEMENTS (palette); k++)
              is_worm |= color == palette[k];
            if (!is_worm || PIXEL (x - 2, y) != color || PIXEL (x + 2, y) != color ||
                PIXEL (x, y - 2) != color || PIXEL (x, y + 2) != color)
              continue;
#undef PIXEL
            id = flitlab_topology_figure_hit_worm (figure, x + 0.5, y + 0.5, holder);
            if (id < 0 || palette[id % G_N_ELEMENTS (palette)] != color)
              g_error ("cycle %" G_GUINT64_FORMAT ": (%d, %d) is drawn in #%06x, the click names "
                       "message %d", flitlab_sim_trace_get_cycle (trace), x, y, color, id);
            checked++;
            node = flitlab_topology_figure_hit_node (figure, x + 0.5, y + 0.5);
            rings += node < 0 && flitlab_topology_figure_hit_channel (figure, x + 0.5,
                                                                      y + 0.5) >= 0 &&
                     holder[flitlab_topology_figure_hit_channel (figure, x + 0.5, y + 0.5)] != id;
          }
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
  g_test_message ("%u worm pixels clicked, %u where the nearest channel is not the worm's",
                  checked, rings);
  g_assert_cmpuint (checked, >, 1000);
  /* The case the nearest channel got wrong is there to be tested. */
  g_assert_cmpuint (rings, >, 0);
}

/* Following a message in the animation (issue #28): the page hands the figure, as its route,
 * every channel the message holds, its source's injection channel among them while its tail is
 * still there, over the worms' colours. The network is drawn, not the message that the route
 * does not fit; the message's network channels bold in its colour over the faded rest, its
 * source ringed in its colour; the channels stay the file's only strokes. */
static void
test_follow_worm (void)
{
  const guint32 followed = 0x0072b2, other = 0x009e73;
  g_autoptr(FlitlabTopologyFigure) figure = view_for ("torus:4x4:bi", 0);
  const FlitlabTopology *topology = flitlab_topology_figure_get_topology (figure);
  guint n = flitlab_topology_get_n_channels (topology);
  guint n_network = flitlab_topology_get_n_network_channels (topology);
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("torus:4x4:bi");
  g_autoptr(FlitlabSimTrace) trace = NULL;
  g_autofree gint32 *holder = g_new (gint32, n);
  g_autofree guint32 *colors = g_new (guint32, n);
  g_autofree char *dir = g_dir_make_tmp ("flitlab-topology-XXXXXX", NULL);
  g_autofree char *svg = tmp_file (dir, "follow.svg");
  g_autoptr(GPtrArray) strokes = NULL;
  g_autoptr(GError) error = NULL;
  guint source = 0, held = G_MAXUINT, idle = G_MAXUINT, injection, ringed, plain;
  gint32 id = -1;
  cairo_surface_t *surface;
  cairo_t *cr;
  double x, y;

  config->vcs = 1;
  config->allow_deadlock = TRUE;
  trace = flitlab_sim_trace_new (config, 0.05, &error);
  g_assert_no_error (error);
  while (id < 0 && flitlab_sim_trace_get_cycle (trace) < 5000)
    {
      flitlab_sim_trace_step (trace, 1);
      flitlab_sim_trace_get_channels (trace, holder, NULL, NULL);
      id = worm_leaving_source (topology, holder, &source);
    }
  g_assert_cmpint (id, >=, 0);
  for (guint c = 0; c < n; c++)
    {
      colors[c] = holder[c] < 0 ? FLITLAB_TOPOLOGY_FIGURE_IDLE : holder[c] == id ? followed : other;
      if (holder[c] == id)
        g_array_append_val (figure->route, c);
      if (c < n_network && holder[c] == id)
        held = c;
      if (c < n_network && holder[c] < 0)
        idle = c;
    }
  g_assert_cmpuint (g_array_index (figure->route, guint, 0), <, n_network);
  injection = flitlab_topology_get_injection_channel (topology, source);
  g_assert_cmpuint (g_array_index (figure->route, guint, figure->route->len - 1), ==, injection);
  g_assert_cmpuint (idle, <, n_network);
  flitlab_topology_figure_set_colors (figure, colors, NULL, n);
  g_assert_true (flitlab_topology_figure_check (figure, &error));
  g_assert_no_error (error);

  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 640, 480);
  cr = cairo_create (surface);
  flitlab_render_topology (cr, figure, 640, 480);
  g_assert_cmpuint (pixel_at_channel (surface, figure, held) & 0xffffff, ==, followed);
  /* The rest fades: an idle channel's middle is nearly white. */
  for (guint shift = 0; shift < 24; shift += 8)
    g_assert_cmpuint ((pixel_at_channel (surface, figure, idle) >> shift) & 0xff, >=, 0xe0);
  /* The source's ring: its colour round the node, gone without the injection channel. */
  g_assert_true (flitlab_topology_figure_get_node_position (figure, source, &x, &y));
  ringed = count_color (surface, x, y, 30, followed);
  colors[injection] = FLITLAB_TOPOLOGY_FIGURE_IDLE;
  flitlab_topology_figure_set_colors (figure, colors, NULL, n);
  g_array_set_size (figure->route, figure->route->len - 1);
  flitlab_render_topology (cr, figure, 640, 480);
  plain = count_color (surface, x, y, 30, followed);
  g_test_message ("%u pixels of the followed colour round its source, %u without its ring",
                  ringed, plain);
  g_assert_cmpuint (ringed, >, plain + 100);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  colors[injection] = followed;
  flitlab_topology_figure_set_colors (figure, colors, NULL, n);
  g_array_append_val (figure->route, injection);
  g_assert_true (flitlab_render_topology_to_file (figure, svg, 640, 480, 1, &error));
  g_assert_no_error (error);
  strokes = svg_channel_styles (svg);
  g_assert_cmpuint (strokes->len, ==, n_network);
  g_remove (svg);
  g_rmdir (dir);
}

/* A highlighted route is drawn wider, still one path per channel. */
static void
test_route (void)
{
  g_autofree char *dir = g_dir_make_tmp ("flitlab-topology-XXXXXX", NULL);
  g_autofree char *svg = tmp_file (dir, "route.svg");
  g_autoptr(FlitlabTopologyFigure) figure = view_for ("mesh:4x4", 0);
  g_autoptr(GArray) route = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GPtrArray) styles = NULL;
  g_autoptr(GHashTable) widths = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(FlitlabRouter) router =
    flitlab_router_new (flitlab_topology_figure_get_topology (figure), FLITLAB_ROUTING_DOR, 1);
  guint hops = flitlab_router_route (router, 0, 15, 0, route);
  guint n_faded = 0;

  g_assert_cmpuint (hops, ==, 6);
  g_array_append_vals (figure->route, route->data, route->len);
  set_values (figure, 0);
  g_assert_true (flitlab_render_topology_to_file (figure, svg, 640, 480, 1, NULL));
  styles = svg_channel_styles (svg);
  g_assert_cmpuint (styles->len, ==, 48);
  for (guint i = 0; i < styles->len; i++)
    n_faded += strstr (styles->pdata[i], "stroke-opacity:0.25") != NULL ||
               strstr (styles->pdata[i], "stroke-opacity=\"0.25\"") != NULL;
  g_assert_cmpuint (n_faded, ==, 48 - 6);
  g_remove (svg);
  g_rmdir (dir);
}

/* A 12-cube is drawn as the 10-cube of its groups of four nodes: one line per link of four
 * channels, coloured by their mean; hit-tests and routes go by the groups. */
static void
test_grouped_hypercube (void)
{
  g_autofree char *dir = g_dir_make_tmp ("flitlab-topology-XXXXXX", NULL);
  g_autofree char *svg = tmp_file (dir, "cube.svg");
  g_autoptr(FlitlabTopologyFigure) figure = view_for ("hypercube:12", 0);
  const FlitlabTopology *t = flitlab_topology_figure_get_topology (figure);
  g_autoptr(FlitlabRouter) router = flitlab_router_new (t, FLITLAB_ROUTING_DOR, 1);
  guint n = flitlab_topology_get_n_network_channels (t), n_faded = 0;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1200, 900);
  cairo_t *cr = cairo_create (surface);
  g_autoptr(GPtrArray) styles = NULL;
  double x, y, x2, y2;

  set_values (figure, 0);
  g_assert_true (flitlab_topology_figure_check (figure, NULL));
  g_assert_cmpuint (flitlab_topology_figure_get_group_size (figure), ==, 4);
  flitlab_render_topology (cr, figure, 1200, 900);
  g_assert_cmpuint (flitlab_topology_figure_get_n_drawn_channels (figure), ==, 10 * 1024);

  for (guint id = 0; id < n; id++)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (t, id);
      double sum = 0;
      int hit;

      if (c->dim >= 10)
        {
          /* Inside a group: not drawn. */
          g_assert_true (isnan (flitlab_topology_figure_get_drawn_value (figure, id)));
          g_assert_false (flitlab_topology_figure_get_channel_middle (figure, id, &x, &y));
          continue;
        }
      /* The four channels of dimension c->dim leaving the nodes of the source's group. */
      for (guint j = 0; j < 4; j++)
        {
          const guint *ids;
          guint m = flitlab_topology_get_out_channels (t, (c->src & 1023) + 1024 * j, &ids);

          for (guint k = 0; k < m; k++)
            if (flitlab_topology_get_channel (t, ids[k])->dim == c->dim)
              sum += fmod (ids[k] * 0.37, 1.0);
        }
      g_assert_cmpfloat_with_epsilon (flitlab_topology_figure_get_drawn_value (figure, id), sum / 4,
                                      1e-12);
      if (id % 97 != 0)
        continue;
      g_assert_true (flitlab_topology_figure_get_channel_middle (figure, id, &x, &y));
      hit = flitlab_topology_figure_hit_channel (figure, x, y);
      g_assert_cmpint (hit, >=, 0);
      g_assert_cmpuint (flitlab_topology_get_channel (t, hit)->src & 1023, ==, c->src & 1023);
      g_assert_cmpuint (flitlab_topology_get_channel (t, hit)->dim, ==, c->dim);
    }
  /* A node is drawn where its group is, and the group answers by its first node. */
  g_assert_true (flitlab_topology_figure_get_node_position (figure, 5, &x, &y));
  g_assert_true (flitlab_topology_figure_get_node_position (figure, 5 + 3 * 1024, &x2, &y2));
  g_assert_cmpfloat (x, ==, x2);
  g_assert_cmpfloat (y, ==, y2);
  g_assert_cmpint (flitlab_topology_figure_hit_node (figure, x, y), ==, 5);

  /* One path per link in SVG; a route through all twelve dimensions lights the ten links of
   * its lower dimensions. */
  flitlab_router_route (router, 0, 4095, 0, figure->route);
  g_assert_cmpuint (figure->route->len, ==, 12);
  g_assert_true (flitlab_render_topology_to_file (figure, svg, 1200, 900, 1, NULL));
  styles = svg_channel_styles (svg);
  g_assert_cmpuint (styles->len, ==, 10 * 1024);
  for (guint i = 0; i < styles->len; i++)
    n_faded += strstr (styles->pdata[i], "stroke-opacity:0.25") != NULL ||
               strstr (styles->pdata[i], "stroke-opacity=\"0.25\"") != NULL;
  g_assert_cmpuint (n_faded, ==, 10 * 1024 - 10);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  g_remove (svg);
  g_rmdir (dir);
}

static void
test_errors (void)
{
  g_autofree char *dir = g_dir_make_tmp ("flitlab-topology-XXXXXX", NULL);
  g_autofree char *svg = tmp_file (dir, "x.svg");
  g_autofree char *bmp = tmp_file (dir, "x.bmp");
  g_autoptr(FlitlabTopologyFigure) torus = view_for ("torus:4x4x4:bi", 0);
  g_autoptr(FlitlabTopologyFigure) necklace = view_for ("necklace:8,20", 0);
  g_autoptr(GError) error = NULL;
  double values[5] = { 0 };
  guint bad_channel = 1000;
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 300, 200);
  cairo_t *cr = cairo_create (surface);

  /* Too large: refused with a message, drawn as that message, never a crash. */
  g_assert_false (flitlab_topology_figure_check (necklace, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "too many to draw"));
  g_clear_error (&error);
  g_assert_false (flitlab_render_topology_to_file (necklace, svg, 640, 480, 1, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_TOO_LARGE);
  g_clear_error (&error);
  g_assert_false (g_file_test (svg, G_FILE_TEST_EXISTS));
  flitlab_render_topology (cr, necklace, 300, 200);
  g_assert_cmpint (flitlab_topology_figure_hit_channel (necklace, 150, 100), ==, -1);
  g_assert_cmpint (flitlab_topology_figure_hit_node (necklace, 150, 100), ==, -1);

  /* Values that do not fit. */
  flitlab_topology_figure_set_values (torus, values, G_N_ELEMENTS (values));
  g_assert_false (flitlab_render_topology_to_file (torus, svg, 640, 480, 1, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID);
  g_clear_error (&error);
  flitlab_render_topology (cr, torus, 300, 200);
  g_assert_cmpuint (flitlab_topology_figure_get_n_drawn_channels (torus), ==, 0);
  flitlab_topology_figure_set_values (torus, NULL, 0);
  torus->n_values = 3;
  g_assert_false (flitlab_topology_figure_check (torus, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID);
  g_clear_error (&error);
  torus->n_values = 0;

  /* No such plane, route channel or colour range. */
  torus->plane = 4;
  g_assert_false (flitlab_topology_figure_check (torus, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID);
  g_clear_error (&error);
  torus->plane = 3;
  g_assert_true (flitlab_topology_figure_check (torus, NULL));
  g_array_append_val (torus->route, bad_channel);
  g_assert_false (flitlab_topology_figure_check (torus, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID);
  g_clear_error (&error);
  g_array_set_size (torus->route, 0);
  torus->value_min = 1;
  torus->value_max = 0;
  g_assert_false (flitlab_topology_figure_check (torus, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID);
  g_clear_error (&error);
  torus->value_min = torus->value_max = NAN;

  /* Files: an unknown extension, a bad size, an unwritable path. */
  g_assert_false (flitlab_render_topology_to_file (torus, bmp, 640, 480, 1, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_FORMAT);
  g_clear_error (&error);
  g_assert_false (flitlab_render_topology_to_file (torus, svg, 0, 480, 1, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_SIZE);
  g_clear_error (&error);
  g_assert_false (flitlab_render_topology_to_file (torus, "/nonexistent-dir/x.png", 640, 480, 1,
                                                   &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_IO);
  g_clear_error (&error);

  /* Degenerate sizes draw nothing useful but stay safe. */
  flitlab_render_topology (cr, torus, 0, 0);
  flitlab_render_topology (cr, torus, 3, 2);
  g_assert_cmpint (flitlab_topology_figure_hit_channel (torus, 1, 1), >=, -1);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  g_rmdir (dir);
}

static guint
count_non_white (cairo_surface_t *surface)
{
  int w = cairo_image_surface_get_width (surface), h = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint n = 0;

  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++)
      n += (*(const guint32 *) (data + y * stride + 4 * x) & 0xffffff) != 0xffffff;
  return n;
}

static void
test_png_and_pdf (void)
{
  static const char * const specs[] = {
    "torus:8x8:bi", "hypercube:6", "necklace:3,4", "torus:6:uni",
  };
  g_autofree char *dir = g_dir_make_tmp ("flitlab-topology-XXXXXX", NULL);
  g_autofree char *png = tmp_file (dir, "diagram.png");
  g_autofree char *pdf = tmp_file (dir, "diagram.pdf");

  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      g_autoptr(FlitlabTopologyFigure) figure = view_for (specs[i], 0);
      g_autoptr(GError) error = NULL;
      g_autofree char *contents = NULL;
      cairo_surface_t *image;
      gsize length;

      set_values (figure, 0.5);
      figure->value_label = g_strdup ("Utilization");
      g_assert_true (flitlab_render_topology_to_file (figure, png, 400, 300, 2, &error));
      g_assert_no_error (error);
      image = cairo_image_surface_create_from_png (png);
      g_assert_cmpint (cairo_surface_status (image), ==, CAIRO_STATUS_SUCCESS);
      g_assert_cmpint (cairo_image_surface_get_width (image), ==, 800);
      g_assert_cmpint (cairo_image_surface_get_height (image), ==, 600);
      g_assert_cmpuint (count_non_white (image), >, 5000);
      cairo_surface_destroy (image);

      g_assert_true (flitlab_render_topology_to_file (figure, pdf, 400, 300, 1, &error));
      g_assert_true (g_file_get_contents (pdf, &contents, &length, NULL));
      g_assert_true (length > 1000 && g_str_has_prefix (contents, "%PDF"));
    }
  g_remove (png);
  g_remove (pdf);
  g_rmdir (dir);
}

/* The stack's hit-tests, over a grid of points: every node of every plane, and of the links
 * between planes exactly those of the chosen column (3 pairs of planes and the wrap-around from
 * the top plane to the bottom one, both ways), and in the planes only their own channels,
 * never a stroke to another plane. */
static void
test_stack_hits (void)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("torus:4x4x4:bi", NULL);
  g_autoptr(FlitlabTopologyFigure) figure = flitlab_topology_figure_new (topology);
  guint n_nodes = flitlab_topology_get_n_nodes (topology),
        n_channels = flitlab_topology_get_n_network_channels (topology);
  g_autofree gboolean *node_hit = g_new0 (gboolean, n_nodes);
  g_autofree gboolean *channel_hit = g_new0 (gboolean, n_channels);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 600);
  cairo_t *cr = cairo_create (surface);
  guint column = 1 + 4 * 2, n_nodes_hit = 0, n_column_hit = 0, n_wrap_hit = 0,
        n_planes_hit[4] = { 0 };
  int node, channel;

  g_assert_false (flitlab_topology_figure_hit_stack (figure, 10, 10, &node, &channel));
  figure->column = (gint) column;
  g_assert_true (flitlab_topology_figure_check (figure, NULL));
  flitlab_render_topology_stack (cr, figure, 800, 600);
  for (double y = 0; y < 600; y += 1)
    for (double x = 0; x < 800; x += 1)
      if (flitlab_topology_figure_hit_stack (figure, x, y, &node, &channel))
        {
          g_assert_true ((node >= 0) != (channel >= 0));
          if (node >= 0)
            node_hit[node] = TRUE;
          else
            channel_hit[channel] = TRUE;
        }
  for (guint i = 0; i < n_nodes; i++)
    n_nodes_hit += node_hit[i];
  g_assert_cmpuint (n_nodes_hit, ==, n_nodes);
  for (guint c = 0; c < n_channels; c++)
    {
      const FlitlabChannel *ch = flitlab_topology_get_channel (topology, c);

      if (!channel_hit[c])
        continue;
      if (ch->dim < 2)
        {
          n_planes_hit[ch->src / 16]++;
          continue;
        }
      g_assert_cmpuint (ch->src % 16, ==, column);
      n_column_hit++;
      n_wrap_hit += ch->wraparound;
    }
  g_assert_cmpuint (n_column_hit, ==, 8);
  g_assert_cmpuint (n_wrap_hit, ==, 2);
  /* Most of each plane's 64 channels are hit somewhere (the wrap-arounds' arcs too). */
  for (guint p = 0; p < 4; p++)
    g_assert_cmpuint (n_planes_hit[p], >=, 48);

  /* Not a node of a plane. */
  figure->column = 16;
  g_assert_false (flitlab_topology_figure_check (figure, NULL));
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* The 10-cube in the Network view of a 1200 × 900 window (its drawing about 510 × 480, from
 * the screenshots) and as a 1200 × 900 figure: the neighbours inside a 4-cube (dimension 0)
 * far enough apart for their link to show between the nodes (the layout before tiled_position():
 * 6.9 pixels in the window). */
static void
test_hypercube_spacing (void)
{
  static const struct { double width, height, min_spacing; gboolean fill; } sizes[] = {
    { 510, 480, 9, TRUE },
    { 1200, 900, 18, FALSE },
  };
  g_autoptr(FlitlabTopologyFigure) figure = view_for ("hypercube:10", 0);

  set_values (figure, 0);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                             (int) sizes[i].width,
                                                             (int) sizes[i].height);
      cairo_t *cr = cairo_create (surface);
      double closest = INFINITY;

      figure->fill = sizes[i].fill;
      flitlab_render_topology (cr, figure, sizes[i].width, sizes[i].height);
      for (guint v = 0; v < 1024; v += 2)
        {
          double x0, y0, x1, y1;

          g_assert_true (flitlab_topology_figure_get_node_position (figure, v, &x0, &y0));
          g_assert_true (flitlab_topology_figure_get_node_position (figure, v + 1, &x1, &y1));
          closest = MIN (closest, hypot (x1 - x0, y1 - y0));
        }
      g_test_message ("%g x %g: neighbours %.1f pixels apart", sizes[i].width, sizes[i].height,
                      closest);
      g_assert_cmpfloat (closest, >=, sizes[i].min_spacing);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
}

/* Zoom and pan in the 10-cube at its size in a 1200 × 900 window: the node under the pointer
 * stays there, neighbours end up FLITLAB_TOPOLOGY_FIGURE_ZOOM_SPACING apart, a pan moves every
 * node by as much, hit-tests find the node where it is drawn now and nothing over the colour
 * bar, and zooming out goes no further than fitting. */
static void
test_zoom (void)
{
  const double width = 510, height = 480;
  g_autoptr(FlitlabTopologyFigure) figure = view_for ("hypercube:10", 0);
  cairo_surface_t *surface =
    cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) width, (int) height);
  cairo_t *cr = cairo_create (surface);
  const guint target = 613, neighbour = 613 ^ 1;
  double fit_x[1024], fit_y[1024], x, y, nx, ny, max_zoom, px, py;
  guint under_bar = 0;
  int channel;

  set_values (figure, 0);
  figure->fill = TRUE;
  g_assert_false (flitlab_topology_figure_zoom_at (figure, 2, 100, 100)); /* nothing drawn yet */
  flitlab_render_topology (cr, figure, width, height);
  for (guint v = 0; v < 1024; v++)
    g_assert_true (flitlab_topology_figure_get_node_position (figure, v, &fit_x[v], &fit_y[v]));
  max_zoom = flitlab_topology_figure_get_max_zoom (figure);
  g_test_message ("fitted: neighbours %.1f pixels apart; largest zoom %.2f",
                  hypot (fit_x[neighbour] - fit_x[target], fit_y[neighbour] - fit_y[target]),
                  max_zoom);
  g_assert_cmpfloat (max_zoom, >, 3);
  g_assert_false (flitlab_topology_figure_pan (figure, 50, 0)); /* fitted: nowhere to go */

  /* Zoomed all the way in about the target node. */
  px = fit_x[target] + 1, py = fit_y[target] - 1;
  g_assert_true (flitlab_topology_figure_zoom_at (figure, 1000, px, py));
  g_assert_cmpfloat_with_epsilon (figure->zoom, max_zoom, 1e-9);
  flitlab_render_topology (cr, figure, width, height);
  g_assert_true (flitlab_topology_figure_get_node_position (figure, target, &x, &y));
  /* The point under the pointer stays: the node one pixel off it is now max_zoom off. */
  g_assert_cmpfloat_with_epsilon (x, px - max_zoom, 0.01);
  g_assert_cmpfloat_with_epsilon (y, py + max_zoom, 0.01);
  g_assert_cmpint (flitlab_topology_figure_hit_node (figure, px, py), ==, target);
  g_assert_true (flitlab_topology_figure_get_node_position (figure, neighbour, &nx, &ny));
  g_assert_cmpfloat (hypot (nx - x, ny - y), >=, 0.99 * FLITLAB_TOPOLOGY_FIGURE_ZOOM_SPACING);
  g_assert_cmpint (flitlab_topology_figure_hit_node (figure, nx, ny), ==, neighbour);
  /* Fitted, (nx, ny) is nowhere near the neighbour. */
  g_assert_cmpfloat (hypot (nx - fit_x[neighbour], ny - fit_y[neighbour]), >, 20);
  {
    const FlitlabTopology *topology = flitlab_topology_figure_get_topology (figure);
    const guint *out;

    /* The first channel leaving the target: dimension 0, to its neighbour. */
    g_assert_cmpuint (flitlab_topology_get_out_channels (topology, target, &out), >, 0);
    channel = (int) out[0];
  }
  g_assert_true (flitlab_topology_figure_get_channel_middle (figure, channel, &x, &y));
  g_assert_cmpint (flitlab_topology_figure_hit_channel (figure, x, y), ==, channel);

  /* Panned: every node moves by as much, the hit-tests with it. */
  g_assert_true (flitlab_topology_figure_pan (figure, -60, 40));
  flitlab_render_topology (cr, figure, width, height);
  g_assert_true (flitlab_topology_figure_get_node_position (figure, target, &x, &y));
  g_assert_cmpfloat_with_epsilon (x, px - max_zoom - 60, 0.01);
  g_assert_cmpfloat_with_epsilon (y, py + max_zoom + 40, 0.01);
  g_assert_cmpint (flitlab_topology_figure_hit_node (figure, x, y), ==, target);
  g_assert_cmpint (flitlab_topology_figure_hit_node (figure, px, py), !=, target);

  /* Nodes drawn where the colour bar is are cut off there, and not hit. */
  for (guint v = 0; v < 1024; v++)
    if (flitlab_topology_figure_get_node_position (figure, v, &x, &y) && x > 0.9 * width &&
        x < width &&
        y > 0.3 * height && y < 0.7 * height)
      {
        g_assert_false (flitlab_topology_figure_shows_point (figure, x, y));
        g_assert_cmpint (flitlab_topology_figure_hit_node (figure, x, y), ==, -1);
        under_bar++;
      }
  g_assert_cmpuint (under_bar, >, 0);

  /* Out past fitting: the fitted picture again. */
  g_assert_true (flitlab_topology_figure_zoom_at (figure, 0.01, 10, 10));
  g_assert_cmpfloat (figure->zoom, ==, 1);
  flitlab_render_topology (cr, figure, width, height);
  for (guint v = 0; v < 1024; v++)
    {
      g_assert_true (flitlab_topology_figure_get_node_position (figure, v, &x, &y));
      g_assert_cmpfloat_with_epsilon (x, fit_x[v], 1e-6);
      g_assert_cmpfloat_with_epsilon (y, fit_y[v], 1e-6);
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* A network read from a file (a ring of six with a chord 0-3), laid out by Graphviz: every node
 * inside the figure and apart from the others, the two channels of a link apart, each
 * channel's middle hits that channel, one stroked path per channel in SVG, the same places in
 * a new figure (the layout is fixed and cached), and a route drawn. */
static void
test_file_network (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabTopology) topology =
    flitlab_topology_new_from_text ("6\n0 1\n1 2\n2 3\n3 4\n4 5\n5 0\n0 3\n", NULL, &error);
  g_autoptr(FlitlabTopologyFigure) figure = NULL;
  g_autoptr(FlitlabTopologyFigure) again = NULL;
  g_autofree char *dir = g_dir_make_tmp ("flitlab-topology-XXXXXX", NULL);
  g_autofree char *svg = tmp_file (dir, "file.svg");
  g_autoptr(GPtrArray) styles = NULL;
  const double width = 640, height = 480;
  cairo_surface_t *surface =
    cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) width, (int) height);
  cairo_t *cr = cairo_create (surface);
  double x[6], y[6];
  guint n_network, first_channel = 0;

  g_assert_no_error (error);
  n_network = flitlab_topology_get_n_network_channels (topology);
  g_assert_cmpuint (n_network, ==, 14);
  figure = flitlab_topology_figure_new (topology);
  set_values (figure, 0);
  g_assert_true (flitlab_topology_figure_check (figure, &error));
  g_assert_no_error (error);
  flitlab_render_topology (cr, figure, width, height);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  for (guint v = 0; v < 6; v++)
    {
      g_assert_true (flitlab_topology_figure_get_node_position (figure, v, &x[v], &y[v]));
      g_assert_cmpfloat (x[v], >, 0);
      g_assert_cmpfloat (x[v], <, width);
      g_assert_cmpfloat (y[v], >, 0);
      g_assert_cmpfloat (y[v], <, height);
      for (guint u = 0; u < v; u++)
        g_assert_cmpfloat (hypot (x[v] - x[u], y[v] - y[u]), >, 20);
    }
  /* The two channels of each link, drawn side by side. */
  for (guint id = 0; id < n_network; id++)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (topology, id);
      guint back = G_MAXUINT;
      double ax, ay, bx, by;
      const guint *out;
      guint n_out = flitlab_topology_get_out_channels (topology, c->dst, &out);

      for (guint j = 0; j < n_out; j++)
        if (flitlab_topology_get_channel (topology, out[j])->dst == c->src)
          back = out[j];
      g_assert_cmpuint (back, !=, G_MAXUINT);
      g_assert_true (flitlab_topology_figure_get_channel_middle (figure, id, &ax, &ay));
      g_assert_true (flitlab_topology_figure_get_channel_middle (figure, back, &bx, &by));
      g_assert_cmpfloat (hypot (ax - bx, ay - by), >, 1);
    }
  g_assert_cmpuint (flitlab_topology_figure_get_n_drawn_channels (figure), ==, n_network);
  check_hits (figure, width, height);

  /* Laid out once: a new figure puts the nodes where the first did. */
  again = flitlab_topology_figure_new (topology);
  set_values (again, 0);
  flitlab_render_topology (cr, again, width, height);
  for (guint v = 0; v < 6; v++)
    {
      double ax, ay;

      g_assert_true (flitlab_topology_figure_get_node_position (again, v, &ax, &ay));
      g_assert_cmpfloat_with_epsilon (ax, x[v], 1e-9);
      g_assert_cmpfloat_with_epsilon (ay, y[v], 1e-9);
    }

  /* A route, and the file's channels. */
  g_array_append_val (figure->route, first_channel);
  g_assert_true (flitlab_topology_figure_check (figure, &error));
  g_assert_true (flitlab_render_topology_to_file (figure, svg, 800, 600, 1, &error));
  g_assert_no_error (error);
  styles = svg_channel_styles (svg);
  g_assert_cmpuint (styles->len, ==, n_network);
  g_remove (svg);
  g_rmdir (dir);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/flitlab/render-topology/svg-channel-count", test_svg_channel_count);
  g_test_add_func ("/flitlab/render-topology/plane-channels", test_plane_channels);
  g_test_add_func ("/flitlab/render-topology/hit-testing", test_hit_testing);
  g_test_add_func ("/flitlab/render-topology/hit-testing-large", test_hit_testing_large);
  g_test_add_func ("/flitlab/render-topology/colors", test_colors);
  g_test_add_func ("/flitlab/render-topology/route", test_route);
  g_test_add_func ("/flitlab/render-topology/follow-worm", test_follow_worm);
  g_test_add_func ("/flitlab/render-topology/worm-hits", test_worm_hits);
  g_test_add_func ("/flitlab/render-topology/diverging", test_diverging);
  g_test_add_func ("/flitlab/render-topology/nearly-alike", test_nearly_alike);
  g_test_add_func ("/flitlab/render-topology/magnified-bundles", test_magnified_bundles);
  g_test_add_func ("/flitlab/render-topology/grouped-hypercube", test_grouped_hypercube);
  g_test_add_func ("/flitlab/render-topology/errors", test_errors);
  g_test_add_func ("/flitlab/render-topology/stack-hits", test_stack_hits);
  g_test_add_func ("/flitlab/render-topology/hypercube-spacing", test_hypercube_spacing);
  g_test_add_func ("/flitlab/render-topology/zoom", test_zoom);
  g_test_add_func ("/flitlab/render-topology/png-and-pdf", test_png_and_pdf);
  g_test_add_func ("/flitlab/render-topology/file-network", test_file_network);

  return g_test_run ();
}
