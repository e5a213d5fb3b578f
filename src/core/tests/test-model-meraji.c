/* test-model-meraji.c: the necklace hypercube model against the worked reading's values
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-model.h"

static FlitlabModel *
model (guint       n,
       guint       k,
       guint       vcs,
       guint       flits,
       const char *variant)
{
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  g_autoptr(GError) error = NULL;
  FlitlabModel *m;

  g_hash_table_insert (params, "n", g_strdup_printf ("%u", n));
  g_hash_table_insert (params, "k", g_strdup_printf ("%u", k));
  g_hash_table_insert (params, "vcs", g_strdup_printf ("%u", vcs));
  g_hash_table_insert (params, "flits", g_strdup_printf ("%u", flits));
  g_hash_table_insert (params, "variant", g_strdup (variant));
  m = flitlab_model_new ("meraji-necklace", params, &error);
  g_assert_no_error (error);
  return m;
}

static double
latency (FlitlabModel *m,
         double        rate)
{
  g_autoptr(FlitlabModelPoint) p = flitlab_model_evaluate (m, rate);

  g_assert_false (p->saturated);
  return p->latency;
}

/* shared/papers/equations-greenberg-meraji-horng.md 2.4, "Fixed-lam check points": the same
 * reading, so 1e-6 relative. */
static void
test_reference_points (void)
{
  static const struct { guint n, k, v, m; double rate, latency; } rows[] = {
    { 6, 5, 8, 32, 0.0005, 114.577636072 }, { 6, 5, 8, 32, 0.001, 133.949999367 },
    { 6, 5, 8, 32, 0.002, 198.61704913 }, { 6, 5, 8, 64, 0.001, 378.140201616 },
    { 5, 3, 6, 32, 0.003, 168.151847599 }, { 5, 3, 6, 64, 0.0015, 327.458847753 },
    { 5, 3, 6, 128, 0.001, 807.92528837 }, { 3, 8, 4, 32, 0.002, 179.198815481 },
    { 3, 8, 4, 64, 0.0008, 307.881614399 }, { 3, 8, 4, 128, 0.0005, 688.001959307 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(FlitlabModel) m = model (rows[i].n, rows[i].k, rows[i].v, rows[i].m, "paper");
      double got = latency (m, rows[i].rate);

      g_test_message ("(%u,%u) V=%u M=%u at %g: %.9f, reference %.9f", rows[i].n, rows[i].k,
                      rows[i].v, rows[i].m, rows[i].rate, got, rows[i].latency);
      g_assert_cmpfloat (fabs (got / rows[i].latency - 1), <, 1e-6);
    }
}

/* Saturation: the largest rate with both fixed points (2.4), found by bisection to 1e-6. */
static void
test_saturation (void)
{
  static const struct { guint n, k, v, m; double saturation; } rows[] = {
    { 6, 5, 8, 32, 0.00234592775118 }, { 6, 5, 8, 64, 0.00120996812784 },
    { 5, 3, 6, 32, 0.00407943061201 }, { 3, 8, 4, 128, 0.000557946269309 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autoptr(FlitlabModel) m = model (rows[i].n, rows[i].k, rows[i].v, rows[i].m, "paper");
      g_autoptr(FlitlabModel) c = model (rows[i].n, rows[i].k, rows[i].v, rows[i].m, "consistent");
      double sat = flitlab_model_get_saturation_rate (m);
      g_autoptr(FlitlabModelPoint) beyond = flitlab_model_evaluate (m, sat * 1.001);
      g_autoptr(FlitlabModelPoint) below = flitlab_model_evaluate (m, sat * 0.999);

      g_assert_cmpfloat (fabs (sat / rows[i].saturation - 1), <, 2e-6);
      g_assert_true (beyond->saturated);
      g_assert_true (isnan (beyond->latency));
      g_assert_false (below->saturated);
      /* Latency stays finite up to the fold. */
      g_assert_true (isfinite (below->latency));
      /* Both readings share the fixed points, so they saturate together. */
      g_assert_cmpfloat (fabs (flitlab_model_get_saturation_rate (c) / sat - 1), <, 2e-6);
    }
}

/* Zero load: the paper's reading counts the message length in each of the three sub-networks
 * (3(M-1) + d_H + 2 d_N, N13); the consistent one once (M - 1 + d_H + 2 d_N). */
static void
test_zero_load (void)
{
  g_autoptr(FlitlabModel) paper = model (6, 5, 8, 32, "paper");
  g_autoptr(FlitlabModel) consistent = model (6, 5, 8, 32, "consistent");
  double d_h = 3 * 64.0 / 63, d_n = 1.8;

  g_assert_cmpfloat (fabs (latency (paper, 0) - (3 * 31 + d_h + 2 * d_n)), <, 1e-9);
  g_assert_cmpfloat (fabs (latency (paper, 0) - 99.6476190476), <, 1e-9);
  g_assert_cmpfloat (fabs (latency (consistent, 0) - (31 + d_h + 2 * d_n)), <, 1e-9);
}

static void
test_monotonic_and_occupancy (void)
{
  const char *variants[] = { "paper", "consistent" };

  for (guint v = 0; v < 2; v++)
    {
      g_autoptr(FlitlabModel) m = model (5, 3, 6, 32, variants[v]);
      double sat = flitlab_model_get_saturation_rate (m), previous = 0;

      for (guint i = 0; i < 200; i++)
        {
          g_autoptr(FlitlabModelPoint) p = flitlab_model_evaluate_detail (m, sat * i / 200.0);

          g_assert_false (p->saturated);
          g_assert_cmpfloat (p->latency, >=, previous);
          previous = p->latency;
          for (guint j = 0; j < p->vectors->len; j++)
            {
              const FlitlabModelVector *vec = p->vectors->pdata[j];
              double sum = 0;

              if (!g_str_has_prefix (vec->name, "P_v"))
                continue;
              for (guint k = 0; k < vec->n_values; k++)
                sum += vec->values[k];
              g_assert_cmpfloat (fabs (sum - 1), <, 1e-12);
            }
          for (guint c = 0; c < p->n_channels; c++)
            g_assert_true (p->channel_utilization[c] >= 0 && p->channel_utilization[c] <= 1);
        }
    }
}

static void
test_topology_and_params (void)
{
  g_autoptr(FlitlabModel) m = model (3, 4, 4, 16, "paper");
  g_autoptr(GHashTable) bad = g_hash_table_new (g_str_hash, g_str_equal);
  static const char * const cases[][2] = {
    { "n", "0" }, { "vcs", "2" }, { "variant", "foo" }, { "k", "0" }, { "flits", "0" },
  };
  g_autoptr(GError) error = NULL;

  /* 2^(n-1)(nk + 2) nodes. */
  g_assert_cmpuint (flitlab_topology_get_n_nodes (flitlab_model_get_topology (m)), ==, 4 * 14);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);

      g_hash_table_insert (params, (gpointer) cases[i][0], (gpointer) cases[i][1]);
      g_assert_null (flitlab_model_new ("meraji-necklace", params, &error));
      g_assert_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER);
      g_clear_error (&error);
    }
  g_hash_table_insert (bad, "buffers", "4");
  g_assert_null (flitlab_model_new ("meraji-necklace", bad, &error));
  g_assert_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_UNKNOWN_PARAMETER);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/model/meraji/reference-points", test_reference_points);
  g_test_add_func ("/flitlab/model/meraji/saturation", test_saturation);
  g_test_add_func ("/flitlab/model/meraji/zero-load", test_zero_load);
  g_test_add_func ("/flitlab/model/meraji/monotonic-and-occupancy", test_monotonic_and_occupancy);
  g_test_add_func ("/flitlab/model/meraji/topology-and-params", test_topology_and_params);
  return g_test_run ();
}
