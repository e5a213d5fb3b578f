/* test-render-flow.c: which class the flow diagram draws where, and which channels a class is
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-colormap.h"
#include "flitlab-export.h"
#include "flitlab-project-xml.h"
#include "flitlab-render-flow.h"
#include "flitlab-render-flow-private.h"
#include "flitlab-topology.h"
#include "test-projects.h"

static const FlitlabModelClass *
class_of (const FlitlabModelPoint *point,
          guint                    i)
{
  return &g_array_index (point->classes, FlitlabModelClass, i);
}

/* Every model at seven tenths of its saturation, at a window's size and a slide's: each class
 * is found somewhere, and where the hit-test finds a class the drawing shows its box's colour
 * (most of the pixels hit for it are that colour: the rest are its words). */
/* Names as drawn: subscripts of digits, i and j as subscripts, other notation as it is. */
static void
test_class_name (void)
{
  const struct { const char *name, *shown; } cases[] = {
    { "X_{1,2}", "X₁,₂" }, { "bY_{10}", "bY₁₀" }, { "X_{i,j}, bX_{i}", "Xᵢ,ⱼ, bXᵢ" },
    { "c_{1", "c_{1" },
    { "Y_{k}", "Y_{k}" },
    { "<2,5>", "<2,5>" }, { "c[d=0,i=1] (each direction)", "c[d=0,i=1] (each direction)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = flitlab_render_flow_class_name (cases[i].name);

      g_assert_cmpstr (shown, ==, cases[i].shown);
    }
}

static void
test_class_at (void)
{
  const FlitlabModelInfo * const *models = flitlab_model_list ();
  static const struct { double width, height, font; } sizes[] =
    { { 800, 560, 0 }, { 1200, 700, 16 } };

  for (guint m = 0; models[m] != NULL; m++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        g_autoptr(FlitlabModel) model = flitlab_model_new (models[m]->id, NULL, NULL);
        g_autoptr(FlitlabModelPoint) point =
          flitlab_model_evaluate_detail (model, 0.7 * flitlab_model_get_saturation_rate (model));
        int width = (int) sizes[s].width, height = (int) sizes[s].height;
        cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
        cairo_t *cr = cairo_create (surface);
        guint n = point->classes->len;
        g_autofree guint *hits = g_new0 (guint, n);
        g_autofree guint *coloured = g_new0 (guint, n);
        g_autoptr(GArray) boxes =
          flitlab_render_flow_boxes (model, point, width, height, sizes[s].font);
        const guchar *data;
        double hi = 0;
        int stride;

        g_assert_false (point->saturated);
        flitlab_render_flow_full (cr, model, point, width, height, sizes[s].font);
        cairo_surface_flush (surface);
        data = cairo_image_surface_get_data (surface);
        stride = cairo_image_surface_get_stride (surface);
        for (guint i = 0; i < n; i++)
          if (isfinite (class_of (point, i)->utilization))
            hi = MAX (hi, class_of (point, i)->utilization);
        hi = hi > 0 ? hi : 1;
        /* The title is no class; the middle of a box is its class. */
        for (guint b = 0; b < boxes->len; b += 7)
          {
            const FlitlabFlowBox *box = &g_array_index (boxes, FlitlabFlowBox, b);

            g_assert_cmpint (flitlab_render_flow_class_at (model, point, width, height,
                                                           sizes[s].font,
                                                           box->x + box->w / 2,
                                                           box->y + box->h / 2), ==, box->klass);
          }
        g_assert_cmpint (flitlab_render_flow_class_at (model, point, width, height, sizes[s].font,
                                                       width / 2, 5), ==, -1);
        for (int y = 0; y < height; y += 3)
          for (int x = 0; x < width; x += 3)
            {
              int k = flitlab_render_flow_box_at (boxes, x, y);
              const guchar *p = data + y * stride + 4 * x;
              double r, g, b;

              if (k < 0)
                continue;
              g_assert_cmpint (k, <, (int) n);
              hits[k]++;
              flitlab_colormap_viridis (class_of (point, k)->utilization, 0, hi, &r, &g, &b);
              coloured[k] += ABS (p[2] - 255 * r) <= 3 && ABS (p[1] - 255 * g) <= 3 &&
                             ABS (p[0] - 255 * b) <= 3;
            }
        for (guint i = 0; i < n; i++)
          {
            if (hits[i] == 0)
              g_error ("%s at %gx%g: class %s not found", models[m]->id, sizes[s].width,
                       sizes[s].height,
                       class_of (point, i)->name);
            if (coloured[i] * 2 < hits[i])
              g_error ("%s at %gx%g: class %s hit at %u points, its colour at %u", models[m]->id,
                       sizes[s].width, sizes[s].height, class_of (point, i)->name, hits[i],
                       coloured[i]);
          }
        cairo_destroy (cr);
        cairo_surface_destroy (surface);
      }
}

/* Beyond saturation the figure has no boxes. */
static void
test_class_at_saturated (void)
{
  g_autoptr(FlitlabModel) model = flitlab_model_new ("ciciani-bi-torus", NULL, NULL);
  g_autoptr(FlitlabModelPoint) point =
    flitlab_model_evaluate_detail (model, 2 * flitlab_model_get_saturation_rate (model));
  g_autoptr(GArray) boxes = flitlab_render_flow_boxes (model, point, 800, 560, 0);

  g_assert_true (point->saturated);
  g_assert_cmpuint (boxes->len, ==, 0);
  g_assert_cmpint (flitlab_render_flow_class_at (model, point, 800, 560, 0, 400, 280), ==, -1);
}

static int
find_class (const FlitlabModelPoint *point,
            const char              *name)
{
  for (guint i = 0; i < point->classes->len; i++)
    if (g_str_equal (class_of (point, i)->name, name))
      return (int) i;
  g_error ("no class %s", name);
  return -1;
}

/* The channels of class name of model id: every one of kind and, unless G_MAXUINT, dimension
 * dim, and only those. */
static void
assert_class_channels (const char        *id,
                       const char        *name,
                       FlitlabChannelKind kind,
                       guint              dim)
{
  g_autoptr(FlitlabModel) model = flitlab_model_new (id, NULL, NULL);
  g_autoptr(FlitlabModelPoint) point =
    flitlab_model_evaluate_detail (model, 0.5 * flitlab_model_get_saturation_rate (model));
  const FlitlabTopology *topology = flitlab_model_get_topology (model);
  g_autoptr(GArray) channels = flitlab_render_flow_class_channels (point, find_class (point, name));
  guint expected = 0;

  g_assert_nonnull (channels);
  for (guint c = 0; c < flitlab_topology_get_n_channels (topology); c++)
    {
      const FlitlabChannel *channel = flitlab_topology_get_channel (topology, c);

      expected += channel->kind == kind && (dim == G_MAXUINT || channel->dim == dim);
    }
  g_assert_cmpuint (expected, >, 0);
  g_assert_cmpuint (channels->len, ==, expected);
  for (guint i = 0; i < channels->len; i++)
    {
      const FlitlabChannel *channel =
        flitlab_topology_get_channel (topology, g_array_index (channels, guint, i));

      g_assert_cmpint (channel->kind, ==, kind);
      if (dim != G_MAXUINT)
        g_assert_cmpuint (channel->dim, ==, dim);
    }
}

static void
test_class_channels_by_dimension (void)
{
  /* Ciciani: a link of dimension d carries every c[d,i] of it. */
  assert_class_channels ("ciciani-bi-torus", "c[d=1,i=2] (each direction)", FLITLAB_CHANNEL_NETWORK,
                         1);
  assert_class_channels ("ciciani-bi-torus", "injection", FLITLAB_CHANNEL_INJECTION, G_MAXUINT);
  assert_class_channels ("ciciani-bi-torus", "ejection", FLITLAB_CHANNEL_EJECTION, G_MAXUINT);
  assert_class_channels ("ciciani-hypercube", "C[d=3]", FLITLAB_CHANNEL_NETWORK, 3);
  /* Quaglia: X along dimension 0, Y along 1, the adaptive and the beta streams alike. */
  assert_class_channels ("quaglia-adaptive-torus", "X_{2,1}", FLITLAB_CHANNEL_NETWORK, 0);
  assert_class_channels ("quaglia-adaptive-torus", "bY_{1}", FLITLAB_CHANNEL_NETWORK, 1);
  /* Horng and Kleinrock: one class for every link. */
  assert_class_channels ("horng-kleinrock", "channel", FLITLAB_CHANNEL_NETWORK, G_MAXUINT);
}

/* Where every channel has a class of its own (Greenberg and Guan's <j0>, <j0,j1> and inj(c,r),
 * Meraji's sub-networks), the classes share the network channels out: each in exactly one
 * (Meraji's model has no class for ejection). Classes
 * that are no channels (Quaglia's waits W_*) have none. */
static void
test_class_channels_partition (void)
{
  static const char * const ids[] = { "greenberg-mesh", "greenberg-torus", "meraji-necklace" };

  for (guint m = 0; m < G_N_ELEMENTS (ids); m++)
    {
      g_autoptr(FlitlabModel) model = flitlab_model_new (ids[m], NULL, NULL);
      g_autoptr(FlitlabModelPoint) point =
        flitlab_model_evaluate_detail (model, 0.5 * flitlab_model_get_saturation_rate (model));
      g_autofree guint *owners = g_new0 (guint, point->n_channels);

      for (guint k = 0; k < point->classes->len; k++)
        {
          g_autoptr(GArray) channels = flitlab_render_flow_class_channels (point, k);

          for (guint i = 0; channels != NULL && i < channels->len; i++)
            owners[g_array_index (channels, guint, i)]++;
        }
      for (guint c = 0; c < point->n_channels; c++)
        if (owners[c] > 1 ||
            (c < flitlab_topology_get_n_network_channels (flitlab_model_get_topology (model)) &&
             owners[c] != 1))
          g_error ("%s: channel %u (%s) in %u classes", ids[m], c, point->channel_class[c],
                   owners[c]);
    }
  {
    g_autoptr(FlitlabModel) model = flitlab_model_new ("quaglia-adaptive-torus", NULL, NULL);
    g_autoptr(FlitlabModelPoint) point =
      flitlab_model_evaluate_detail (model, 0.5 * flitlab_model_get_saturation_rate (model));

    g_assert_null (flitlab_render_flow_class_channels (point, find_class (point, "W_NE")));
    g_assert_null (flitlab_render_flow_class_channels (point, point->classes->len));
  }
}

/* The states of chain not at an end of one of its arrows, each told as a test message. */
static guint
count_loose_states (const Chain *chain,
                    const char  *what)
{
  g_autofree gboolean *joined = g_new0 (gboolean, chain->n_states);
  guint loose = 0;

  for (guint a = 0; a < chain->arrows->len; a++)
    {
      const Arrow *arrow = &g_array_index (chain->arrows, Arrow, a);

      g_assert_cmpuint (arrow->from, <, chain->n_states);
      g_assert_cmpuint (arrow->to, <, chain->n_states);
      g_assert_cmpuint (arrow->from, !=, arrow->to);
      joined[arrow->from] = joined[arrow->to] = TRUE;
    }
  for (guint i = 0; i < chain->n_states; i++)
    if (!joined[i])
      {
        g_test_message ("%s: state %u has no arrow", what, i);
        loose++;
      }
  return loose;
}

/* Every box of every bundled example's flow diagrams (each model of each study, at the load
 * the Flow view opens at) is an end of an arrow, and so is every state of 004's chains: the
 * papers draw no class the flow does not reach or leave, no state the chain never enters
 * (#15). */
static void
test_every_box_connected (void)
{
  g_autoptr(GPtrArray) projects = load_examples ();
  guint checked = 0, loose = 0, chains = 0;

  for (guint e = 0; projects != NULL && e < projects->len; e++)
    {
      FlitlabProject *project = projects->pdata[e];

      for (guint s = 0; s < flitlab_project_get_n_studies (project); s++)
        {
          const FlitlabStudy *study = flitlab_project_get_study (project, s);

          for (guint m = 0; m < study->models->len; m++)
            {
              const FlitlabStudyModel *entry = study->models->pdata[m];
              g_autoptr(FlitlabModel) model = flitlab_model_new (entry->id, entry->params, NULL);
              g_autoptr(FlitlabModelPoint) point = NULL;
              g_autofree gboolean *joined = NULL;
              Diagram d = { NULL };
              Chain chain = { 0 };

              g_assert_nonnull (model);
              point =
                flitlab_model_evaluate_detail (model, flitlab_export_model_load (study, model));
              if (point->saturated || point->classes == NULL || point->classes->len == 0)
                continue;
              flitlab_flow_diagram_build (&d, point);
              joined = g_new0 (gboolean, d.cells->len);
              for (guint a = 0; a < d.arrows->len; a++)
                {
                  const Arrow *arrow = &g_array_index (d.arrows, Arrow, a);

                  g_assert_cmpuint (arrow->from, <, d.cells->len);
                  g_assert_cmpuint (arrow->to, <, d.cells->len);
                  joined[arrow->from] = joined[arrow->to] = TRUE;
                }
              for (guint c = 0; c < d.cells->len; c++)
                if (!joined[c])
                  {
                    g_test_message ("%s, %s: box %s has no arrow", study->name, entry->id,
                                    class_of (point, g_array_index (d.cells, Cell, c).klass)->name);
                    loose++;
                  }
              checked++;
              flitlab_flow_diagram_clear (&d);
              if (flitlab_flow_header_chain (&chain, point))
                {
                  loose += count_loose_states (&chain, study->name);
                  chains++;
                  flitlab_flow_chain_clear (&chain);
                }
              if (flitlab_flow_buffer_chain (&chain, point))
                {
                  loose += count_loose_states (&chain, study->name);
                  chains++;
                  flitlab_flow_chain_clear (&chain);
                }
            }
        }
    }
  if (projects == NULL)
    return;
  g_test_message ("%u diagrams and %u chains checked", checked, chains);
  g_assert_cmpuint (checked, >=, 5);
  /* Horng and Kleinrock's studies: a header and a buffer chain each. */
  g_assert_cmpuint (chains, >=, 2);
  g_assert_cmpuint (loose, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/render/flow/class-name", test_class_name);
  g_test_add_func ("/flitlab/render/flow/class-at", test_class_at);
  g_test_add_func ("/flitlab/render/flow/class-at-saturated", test_class_at_saturated);
  g_test_add_func ("/flitlab/render/flow/class-channels-by-dimension",
                   test_class_channels_by_dimension);
  g_test_add_func ("/flitlab/render/flow/class-channels-partition", test_class_channels_partition);
  g_test_add_func ("/flitlab/render/flow/every-box-connected", test_every_box_connected);
  return g_test_run ();
}
