/* test-model.c: the model registry: listing, parameters, saturation search, no NaN leaks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-model.h"
#include "flitlab-study.h"

static void
test_registry (void)
{
  const FlitlabModelInfo * const *models = flitlab_model_list ();
  static const char * const ids[] = {
    "ciciani-uni-torus", "ciciani-bi-torus", "ciciani-hypercube", "greenberg-mesh",
    "greenberg-torus", "quaglia-adaptive-torus", "meraji-necklace", "horng-kleinrock",
    "general-wormhole",
  };
  guint n = 0;

  while (models[n] != NULL)
    n++;
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (ids));
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      const FlitlabModelInfo *info = flitlab_model_lookup (ids[i]);

      g_assert_nonnull (info);
      g_assert_cmpstr (info->id, ==, ids[i]);
      g_assert_true (info->title != NULL && info->paper != NULL && *info->paper != '\0' &&
                     info->citation != NULL && *info->citation != '\0');
      g_assert_true (info->flow_source != NULL && *info->flow_source != '\0');
      for (const FlitlabModelParamInfo *p = info->params; p->name != NULL; p++)
        g_assert_true (p->unit != NULL && p->range != NULL && p->description != NULL);
      /* What it describes, in the registry: a routing a study may name, on a family that can
       * run it, and a sentence for the error. */
      g_assert_true (flitlab_routing_fits (info->fit.routing, info->fit.family));
      g_assert_true (info->fit.needs != NULL && *info->fit.needs != '\0');
    }
  g_assert_null (flitlab_model_lookup ("no-such-model"));
}

/* Every model builds with its defaults and answers every load with a positive latency or
 * "saturated": negative, NaN and infinite loads included, never a NaN latency when stable. */
static void
test_defaults_and_bad_loads (void)
{
  const FlitlabModelInfo * const *models = flitlab_model_list ();
  const double odd[] = { -1, NAN, INFINITY, -INFINITY, 1e300 };

  for (guint i = 0; models[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabModel) model = flitlab_model_new (models[i]->id, NULL, &error);
      double sat;

      g_assert_no_error (error);
      sat = flitlab_model_get_saturation_rate (model);
      g_assert_true (isfinite (sat) && sat > 0);
      /* Cached: the same value again. */
      g_assert_cmpfloat (flitlab_model_get_saturation_rate (model), ==, sat);
      for (guint j = 0; j < G_N_ELEMENTS (odd); j++)
        {
          g_autoptr(FlitlabModelPoint) p = flitlab_model_evaluate (model, odd[j]);

          g_assert_true (p->saturated || (isfinite (p->latency) && p->latency > 0));
        }
      for (guint j = 0; j <= 20; j++)
        {
          g_autoptr(FlitlabModelPoint) p = flitlab_model_evaluate (model, sat * j / 20);

          g_assert_false (p->saturated && j < 20 && g_str_has_prefix (models[i]->id, "ciciani"));
          if (!p->saturated)
            {
              g_assert_true (isfinite (p->latency) && p->latency > 0);
              for (guint c = 0; c < p->n_values; c++)
                g_assert_true (isfinite (p->values[c]));
            }
        }
    }
}

static void
test_parameter_errors (void)
{
  g_autoptr(GHashTable) unknown = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) empty = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;

  g_assert_null (flitlab_model_new ("no-such-model", NULL, &error));
  g_assert_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_UNKNOWN_MODEL);
  g_clear_error (&error);

  g_hash_table_insert (unknown, "vcs", "4");
  g_assert_null (flitlab_model_new ("ciciani-hypercube", unknown, &error));
  g_assert_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_UNKNOWN_PARAMETER);
  g_assert_nonnull (strstr (error->message, "vcs"));
  g_clear_error (&error);

  /* An empty value is refused once, with one error (no warning about overwriting it). */
  g_hash_table_insert (empty, "flits", "");
  g_assert_null (flitlab_model_new ("greenberg-mesh", empty, &error));
  g_assert_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER);
}

/* Every network channel of every model names its class; where the model's classes are the
 * physical channels' (001, 003, 004), the name is one of the point's classes. */
static void
test_channel_classes (void)
{
  const FlitlabModelInfo * const *models = flitlab_model_list ();

  for (guint m = 0; models[m] != NULL; m++)
    {
      g_autoptr(FlitlabModel) model = flitlab_model_new (models[m]->id, NULL, NULL);
      g_autoptr(FlitlabModelPoint) point =
        flitlab_model_evaluate_detail (model, 0.5 * flitlab_model_get_saturation_rate (model));
      const FlitlabTopology *topology = flitlab_model_get_topology (model);
      gboolean exact = g_str_has_prefix (models[m]->id, "greenberg") ||
                       g_str_equal (models[m]->id, "meraji-necklace") ||
                       g_str_equal (models[m]->id, "horng-kleinrock");

      g_assert_nonnull (point->channel_class);
      for (guint c = 0; c < flitlab_topology_get_n_network_channels (topology); c++)
        {
          gboolean found = FALSE;

          if (point->channel_class[c] == NULL)
            g_error ("%s: channel %u has no class", models[m]->id, c);
          for (guint k = 0; exact && k < point->classes->len && !found; k++)
            found = g_str_equal (g_array_index (point->classes, FlitlabModelClass, k).name,
                                 point->channel_class[c]);
          if (exact && !found)
            g_error ("%s: channel %u's class %s is not among the model's", models[m]->id, c,
                     point->channel_class[c]);
        }
    }
}

/* Waiting times per channel: none from the models without them; from the others a finite,
 * non-negative wait on every network channel. Where the classes are the physical channels
 * (001, 003) it is its class's wait; in 000 a link's wait is the flow-weighted mean of the
 * waits of its dimension's classes, so it lies between their least and greatest. */
static void
test_channel_waits (void)
{
  const FlitlabModelInfo * const *models = flitlab_model_list ();

  for (guint m = 0; models[m] != NULL; m++)
    {
      g_autoptr(FlitlabModel) model = flitlab_model_new (models[m]->id, NULL, NULL);
      g_autoptr(FlitlabModelPoint) point =
        flitlab_model_evaluate_detail (model, 0.5 * flitlab_model_get_saturation_rate (model));
      const FlitlabTopology *topology = flitlab_model_get_topology (model);
      gboolean none = g_str_has_prefix (models[m]->id, "quaglia") ||
                      g_str_has_prefix (models[m]->id, "horng");
      gboolean exact = g_str_has_prefix (models[m]->id, "greenberg") ||
                       g_str_equal (models[m]->id, "meraji-necklace");
      /* general-wormhole follows every channel; its classes only sum a dimension up. */
      gboolean per_channel = g_str_equal (models[m]->id, "general-wormhole");
      double lo = INFINITY, hi = -INFINITY;

      g_assert_nonnull (point->channel_wait);
      for (guint k = 0; k < point->classes->len; k++)
        {
          const FlitlabModelClass *klass = &g_array_index (point->classes, FlitlabModelClass, k);

          if (g_str_has_prefix (klass->name, "c[") || g_str_has_prefix (klass->name, "C["))
            lo = MIN (lo, klass->wait), hi = MAX (hi, klass->wait);
        }
      for (guint c = 0; c < flitlab_topology_get_n_network_channels (topology); c++)
        {
          double wait = point->channel_wait[c];

          if (none)
            {
              g_assert_true (isnan (wait));
              continue;
            }
          g_assert_true (isfinite (wait));
          g_assert_cmpfloat (wait, >=, 0);
          for (guint k = 0; exact && k < point->classes->len; k++)
            {
              const FlitlabModelClass *klass =
                &g_array_index (point->classes, FlitlabModelClass, k);

              if (g_str_equal (klass->name, point->channel_class[c]))
                g_assert_cmpfloat_with_epsilon (wait, klass->wait, 1e-12 * MAX (1, klass->wait));
            }
          if (!exact && !per_channel)
            {
              g_assert_cmpfloat (wait, >=, lo * (1 - 1e-12));
              g_assert_cmpfloat (wait, <=, hi * (1 + 1e-12));
            }
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/model/channel-classes", test_channel_classes);
  g_test_add_func ("/flitlab/model/channel-waits", test_channel_waits);
  g_test_add_func ("/flitlab/model/registry", test_registry);
  g_test_add_func ("/flitlab/model/defaults-and-bad-loads", test_defaults_and_bad_loads);
  g_test_add_func ("/flitlab/model/parameter-errors", test_parameter_errors);
  return g_test_run ();
}
