/* test-model-quaglia.c: the adaptive k×k torus model of Quaglia, Ciciani, Colajanni (2002)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected values: the "Model" columns of Tables 1 and 2 of
 * shared/papers/002_fe5cc28af9c60162.txt, and the reference reading R0 of
 * shared/papers/equations-ciciani1998-quaglia2002.md (section 2.5, 2.6), which this
 * implementation follows decision by decision.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib.h>

#include "flitlab-model.h"

#define MODEL_ID "quaglia-adaptive-torus"

static FlitlabModel *
new_model (const char  *k,
           const char  *flits,
           GError     **error)
{
  g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);

  if (k != NULL)
    g_hash_table_insert (params, (gpointer) "k", (gpointer) k);
  if (flits != NULL)
    g_hash_table_insert (params, (gpointer) "flits", (gpointer) flits);
  return flitlab_model_new (MODEL_ID, params, error);
}

static FlitlabModel *
new_model_k (guint k)
{
  g_autofree char *text = g_strdup_printf ("%u", k);
  g_autoptr(GError) error = NULL;
  FlitlabModel *model = new_model (text, "12", &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

typedef struct
{
  guint  k;
  double rate;
  double paper; /* Tables 1-2, Model column */
  double ref;   /* reading R0, equations-ciciani1998-quaglia2002.md 2.5 (3 decimals) */
} Row;

static const Row table1[] = {
  { 4, 0.001, 13.65, 13.652 }, { 4, 0.002, 13.70, 13.706 }, { 4, 0.003, 13.75, 13.760 },
  { 4, 0.004, 13.81, 13.815 }, { 4, 0.005, 13.87, 13.872 }, { 4, 0.006, 13.93, 13.930 },
  { 4, 0.007, 13.98, 13.989 }, { 4, 0.008, 14.04, 14.049 }, { 4, 0.009, 14.10, 14.110 },
  { 4, 0.010, 14.17, 14.173 }, { 4, 0.011, 14.23, 14.237 }, { 4, 0.015, 14.50, 14.506 },
  { 8, 0.001, 15.73, 15.741 }, { 8, 0.002, 15.92, 15.931 }, { 8, 0.003, 16.11, 16.126 },
  { 8, 0.004, 16.31, 16.326 }, { 8, 0.005, 16.51, 16.531 }, { 8, 0.006, 16.72, 16.744 },
  { 8, 0.007, 16.94, 16.965 }, { 8, 0.008, 17.18, 17.195 }, { 8, 0.009, 17.42, 17.436 },
  { 8, 0.010, 17.69, 17.689 }, { 8, 0.011, 17.97, 17.958 }, { 8, 0.015, 19.39, 19.241 },
};

static const Row table2[] = {
  { 12, 0.001, 17.90, 17.906 }, { 12, 0.002, 18.31, 18.295 }, { 12, 0.003, 18.76, 18.711 },
  { 12, 0.004, 19.27, 19.157 }, { 12, 0.005, 19.87, 19.640 }, { 12, 0.006, 20.58, 20.168 },
  { 12, 0.007, 21.40, 20.757 }, { 12, 0.008, 22.52, 21.380 }, { 12, 0.009, 24.20, 22.140 },
  { 16, 0.001, 20.05, 20.123 }, { 16, 0.002, 20.65, 20.793 }, { 16, 0.003, 21.37, 21.561 },
  { 16, 0.004, 22.27, 22.457 }, { 16, 0.005, 23.47, 23.536 }, { 16, 0.006, 25.34, 24.918 },
  { 16, 0.007, 29.28, 26.663 },
};

static double
latency_at (FlitlabModel *model,
            double        rate)
{
  g_autoptr(FlitlabModelPoint) point = flitlab_model_evaluate (model, rate);

  g_assert_false (point->saturated);
  g_assert_true (isfinite (point->latency) && point->latency > 0);
  return point->latency;
}

/* Returns the signed deviation from the paper, in %. */
static double
check_row (const Row *row)
{
  g_autoptr(FlitlabModel) model = new_model_k (row->k);
  double latency = latency_at (model, row->rate);
  double dev = 100 * (latency - row->paper) / row->paper;

  g_test_message ("%ux%u at %.3f: %.4f (paper %.2f, %+.2f %%; reading R0 %.3f)",
                  row->k, row->k, row->rate, latency, row->paper, dev, row->ref);
  /* Same reading as the reference: agreement to its printed 3 decimals. */
  g_assert_cmpfloat_with_epsilon (latency, row->ref, 0.0005 + 1e-9);
  return dev;
}

static void
test_table1 (void)
{
  double worst = 0;

  for (guint i = 0; i < G_N_ELEMENTS (table1); i++)
    {
      double dev = check_row (&table1[i]);

      /* The contract: every row of Table 1 within 1 %. */
      g_assert_cmpfloat (fabs (dev), <, 1.0);
      worst = MAX (worst, fabs (dev));
    }
  /* Measured: 0.77 % at 8x8, 0.015 (the paper's model rises faster there); every other row
   * is within 0.15 %. */
  g_assert_cmpfloat (worst, >, 0.70);
  g_assert_cmpfloat (worst, <, 0.80);
}

static void
test_table2 (void)
{
  /* Rows past 0.004 (12x12) and 0.005 (16x16): the deviation measured with reading R0, in %,
   * asserted within +-0.1 points. The paper's model climbs much faster towards saturation
   * than any reading of Eqs. (1)-(46) found (equations-...md 2.7): 12x12 drifts low from
   * 0.005 on and 16x16 turns from 0.3-0.9 % high to 9 % low, a shape no single reading
   * reproduces for both sizes (the 12x12 column is inconsistent with the other three). */
  static const struct { guint k; double rate, dev; } beyond[] = {
    { 12, 0.005, -1.16 }, { 12, 0.006, -2.00 }, { 12, 0.007, -3.00 }, { 12, 0.008, -5.06 },
    { 12, 0.009, -8.51 }, { 16, 0.006, -1.67 }, { 16, 0.007, -8.94 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (table2); i++)
    {
      const Row *row = &table2[i];
      double dev = check_row (row);
      double limit = row->k == 12 ? 0.004 : 0.005;

      if (row->rate <= limit + 1e-9)
        {
          g_assert_cmpfloat (fabs (dev), <, 1.0);
        }
      else
        {
          gboolean found = FALSE;

          for (guint b = 0; b < G_N_ELEMENTS (beyond); b++)
            if (beyond[b].k == row->k && fabs (beyond[b].rate - row->rate) < 1e-9)
              {
                g_assert_cmpfloat_with_epsilon (dev, beyond[b].dev, 0.1);
                found = TRUE;
              }
          g_assert_true (found);
        }
    }
}

static void
test_zero_load (void)
{
  /* Without traffic every wait and p vanish: Tlat = T_DT + 2K k/(k+1) (alpha 2K hops and
   * beta K hops, Eq. 45). */
  for (guint k = 4; k <= 64; k += 12)
    {
      g_autoptr(FlitlabModel) model = new_model_k (k);
      g_autoptr(FlitlabModelPoint) point = flitlab_model_evaluate (model, 0);
      double expected = 12 + 2.0 * (k / 4) * k / (k + 1.0);

      g_assert_false (point->saturated);
      g_assert_cmpfloat_with_epsilon (point->latency, expected, 1e-9);
      g_assert_cmpfloat (point->values[0], ==, 0);
      g_assert_cmpfloat (point->values[1], ==, 0);
    }
}

static void
test_saturation (void)
{
  /* The fold of the fixed point, reading R0 (equations-...md 2.6, printed to 4 digits). */
  static const struct { guint k; double rate; } ref[] = {
    { 4, 0.08363 }, { 8, 0.02419 }, { 12, 0.01291 }, { 16, 0.00822 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (ref); i++)
    {
      g_autoptr(FlitlabModel) model = new_model_k (ref[i].k);
      double sat = flitlab_model_get_saturation_rate (model);
      double zero = latency_at (model, 0);
      g_autoptr(FlitlabModelPoint) at = flitlab_model_evaluate (model, sat);
      g_autoptr(FlitlabModelPoint) above = flitlab_model_evaluate (model, sat * (1 + 3e-6));

      g_test_message ("%ux%u: saturation %.7f, latency there %.3f", ref[i].k, ref[i].k, sat,
                      at->latency);
      g_assert_cmpfloat_with_epsilon (sat, ref[i].rate, 0.5e-5);
      /* 1e-6 relative: stable at the rate returned, saturated just above it. */
      g_assert_false (at->saturated);
      g_assert_true (above->saturated);
      /* A fold, not a pole: the latency is finite there, about 2-3 times the zero load. */
      g_assert_cmpfloat (at->latency, >, 1.5 * zero);
      g_assert_cmpfloat (at->latency, <, 4 * zero);
      /* The utilisations stay below 1 at the fold (p about 0.4-0.55). */
      g_assert_cmpfloat (at->values[0], <, 0.7);
      g_assert_cmpfloat (at->values[0], >, 0.3);
    }
}

static void
test_saturated_beyond (void)
{
  g_autoptr(FlitlabModel) model = new_model_k (16);
  double sat = flitlab_model_get_saturation_rate (model);
  static const double factors[] = { 1.001, 1.01, 1.1, 2, 10, 1000 };

  for (guint i = 0; i < G_N_ELEMENTS (factors); i++)
    {
      g_autoptr(FlitlabModelPoint) point = flitlab_model_evaluate (model, sat * factors[i]);

      g_assert_true (point->saturated);
      g_assert_true (isnan (point->latency));
    }
  {
    g_autoptr(FlitlabModelPoint) point = flitlab_model_evaluate (model, -0.001);

    g_assert_true (point->saturated);
  }
}

static void
test_monotone (void)
{
  for (guint k = 4; k <= 20; k += 4)
    {
      g_autoptr(FlitlabModel) model = new_model_k (k);
      double sat = flitlab_model_get_saturation_rate (model);
      double prev_lat = 0, prev_px = -1, prev_py = -1;

      /* 200 points up to saturation, as a curve is drawn; they cross the narrow sliding
       * ranges of the switch r (12x12 near 0.00735, 16x16 near 0.0067, 20x20 near 0.0052). */
      for (guint i = 0; i < 200; i++)
        {
          g_autoptr(FlitlabModelPoint) point = flitlab_model_evaluate (model, sat * i / 199.0);

          g_assert_false (point->saturated);
          g_assert_cmpfloat (point->latency, >, prev_lat);
          g_assert_cmpfloat (point->values[0], >, prev_px);
          g_assert_cmpfloat (point->values[1], >, prev_py);
          prev_lat = point->latency;
          prev_px = point->values[0];
          prev_py = point->values[1];
        }
    }
}

static void
test_sliding_switch (void)
{
  /* 16x16 between 0.00663 and 0.00674: neither r = 0 nor r = 1 is consistent, the plain
   * iteration chatters; the solution slides with W_WS = W_WE and 0 < r < 1. */
  g_autoptr(FlitlabModel) model = new_model_k (16);
  g_autoptr(FlitlabModelPoint) point = flitlab_model_evaluate_detail (model, 0.00668);
  const FlitlabModelVector *sw = NULL, *w = NULL;

  g_assert_false (point->saturated);
  for (guint i = 0; i < point->vectors->len; i++)
    {
      const FlitlabModelVector *v = g_ptr_array_index (point->vectors, i);

      if (g_str_equal (v->name, "switches"))
        sw = v;
      else if (g_str_equal (v->name, "W"))
        w = v;
    }
  g_assert_nonnull (sw);
  g_assert_nonnull (w);
  g_assert_cmpfloat (sw->values[0], >, 0.05);
  g_assert_cmpfloat (sw->values[0], <, 0.95);
  g_assert_cmpfloat_with_epsilon (w->values[3], w->values[0], 1e-8 * (1 + w->values[0]));
  /* Continuous through the range: no jump between neighbouring rates. */
  g_assert_cmpfloat (fabs (latency_at (model, 0.006681) - point->latency), <, 0.01);
  g_assert_cmpfloat (fabs (latency_at (model, 0.006679) - point->latency), <, 0.01);
}

/* ---- the fixed-point equations, recomputed from the detail output ---------------------- */

typedef struct
{
  GHashTable *classes; /* name -> FlitlabModelClass* */
  double      p[2];
  double      W[4];    /* W_WE, W_NE, W_NS, W_WS */
  double      sw[3];   /* r, s, v */
  guint       K;
  double      t_dt;
  double      rate;
  double      alpha, beta;
} Detail;

static const FlitlabModelClass *
get_class (const Detail *d,
           const char   *fmt,
           guint         i,
           guint         j)
{
  g_autofree char *name = g_strdup_printf (fmt, i, j);
  const FlitlabModelClass *klass = g_hash_table_lookup (d->classes, name);

  if (klass == NULL)
    g_error ("class %s missing", name);
  return klass;
}

#define CX(i, j) get_class (d, "X_{%u,%u}", (i), (j))
#define CY(i, j) get_class (d, "Y_{%u,%u}", (i), (j))
#define BX(j)    get_class (d, "bX_{%u}", (j), 0)
#define BY(j)    get_class (d, "bY_{%u}", (j), 0)

static double
hops (const Detail *d,
      guint         i,
      guint         j)
{
  return 2.0 * d->K + 2 - i - j;
}

static void
acc (const Detail *d,
     double        lambda,
     double        t,
     double        u,
     double       *num,
     double       *lu)
{
  double w = u - d->t_dt;

  *num += lambda * (t * t + d->t_dt * d->t_dt + w * w);
  *lu += lambda * u;
}

static void
check_fixed_point (guint  k,
                   double rate)
{
  g_autoptr(FlitlabModel) model = new_model_k (k);
  g_autoptr(FlitlabModelPoint) point = flitlab_model_evaluate_detail (model, rate);
  g_autoptr(GHashTable) classes = g_hash_table_new (g_str_hash, g_str_equal);
  Detail dd = { classes }, *d = &dd;
  const guint K = k / 4;
  double a, b, f_x, f_y, num[4] = { 0 }, lu[4] = { 0 }, px = 0, py = 0, pp;
  const double tol = 1e-9;

  g_assert_false (point->saturated);
  for (guint i = 0; i < point->classes->len; i++)
    {
      FlitlabModelClass *klass = &g_array_index (point->classes, FlitlabModelClass, i);

      g_assert_true (isfinite (klass->flow) && klass->flow >= 0);
      g_assert_true (isfinite (klass->time) && klass->time > 0);
      g_assert_true (isfinite (klass->wait) && klass->wait >= 0);
      g_assert_true (isfinite (klass->utilization) && klass->utilization >= 0);
      g_hash_table_insert (classes, klass->name, klass);
    }
  for (guint i = 0; i < point->vectors->len; i++)
    {
      const FlitlabModelVector *v = g_ptr_array_index (point->vectors, i);

      if (g_str_equal (v->name, "p"))
        memcpy (d->p, v->values, sizeof d->p);
      else if (g_str_equal (v->name, "W"))
        memcpy (d->W, v->values, sizeof d->W);
      else if (g_str_equal (v->name, "switches"))
        memcpy (d->sw, v->values, sizeof d->sw);
    }
  d->K = K;
  d->t_dt = 12;
  d->rate = rate;
  d->alpha = (k - 1.0) / (k + 1.0);
  d->beta = 1.0 / (k + 1.0);
  a = d->alpha * rate / 4;
  b = d->beta * rate / 4;
  pp = d->p[0] * d->p[1];
  f_x = (1 - d->p[0]) / (1 - pp);
  f_y = d->p[0] * (1 - d->p[1]) / (1 - pp);
  g_assert_cmpfloat (point->values[0], ==, d->p[0]);
  g_assert_cmpfloat (point->values[1], ==, d->p[1]);

  /* Bifurcation (4)-(5) and flow conservation (6)-(17) at every router. */
  for (guint i = 1; i <= K; i++)
    for (guint j = 1; j <= K; j++)
      {
        double in = (i == 1 && j == 1) ? a
                    : (j > 1 ? CX (i, j - 1)->flow : 0) + (i > 1 ? CY (i - 1, j)->flow : 0);

        g_assert_cmpfloat_with_epsilon (CX (i, j)->flow, f_x * in, 1e-12 * a);
        g_assert_cmpfloat_with_epsilon (CY (i, j)->flow, f_y * in, 1e-12 * a);
      }
  g_assert_cmpfloat_with_epsilon (CX (K + 1, K)->flow + CY (K, K + 1)->flow, a, 1e-12 * a);

  /* Residual times (32)-(42) with the returned W, p and switches. */
  g_assert_cmpfloat_with_epsilon (CX (K + 1, K)->time, d->t_dt + 1, tol);
  g_assert_cmpfloat_with_epsilon (CY (K, K + 1)->time, d->t_dt + 1, tol);
  for (guint j = 1; j < K; j++)
    g_assert_cmpfloat_with_epsilon (CX (K + 1, j)->time,
                                    d->W[0] + CX (K + 1, j + 1)->time + 1, tol);
  for (guint i = 1; i < K; i++)
    g_assert_cmpfloat_with_epsilon (CY (i, K + 1)->time,
                                    d->W[2] + CY (i + 1, K + 1)->time + 1, tol);
  for (guint j = 1; j <= K; j++)
    g_assert_cmpfloat_with_epsilon (CY (K, j)->time, d->W[1] + CX (K + 1, j)->time + 1, tol);
  for (guint i = 1; i <= K; i++)
    g_assert_cmpfloat_with_epsilon (CX (i, K)->time, d->W[3] + CY (i, K + 1)->time + 1, tol);
  for (guint i = 1; i <= K; i++)
    for (guint j = 1; j <= K; j++)
      {
        if (j < K)
          {
            double tx = CX (i, j + 1)->time, ty = CY (i, j + 1)->time, r = d->sw[0];
            double t = (1 - d->p[0]) * tx + d->p[0] * (1 - d->p[1]) * ty
                       + pp * (r * (d->W[0] + tx) + (1 - r) * (d->W[3] + ty)) + 1;

            g_assert_cmpfloat_with_epsilon (CX (i, j)->time, t, tol * t);
          }
        if (i < K)
          {
            double tx = CX (i + 1, j)->time, ty = CY (i + 1, j)->time, s = d->sw[1];
            double t = (1 - d->p[0]) * tx + d->p[0] * (1 - d->p[1]) * ty
                       + pp * (s * (d->W[1] + tx) + (1 - s) * (d->W[2] + ty)) + 1;

            g_assert_cmpfloat_with_epsilon (CY (i, j)->time, t, tol * t);
          }
      }
  g_assert_cmpfloat_with_epsilon (BX (1)->time, d->t_dt + 1, tol);
  for (guint j = 2; j <= K; j++)
    {
      g_assert_cmpfloat_with_epsilon (BX (j)->time, d->W[0] + BX (j - 1)->time + 1, tol);
      g_assert_cmpfloat_with_epsilon (BY (j)->time, d->W[2] + BY (j - 1)->time + 1, tol);
    }

  /* (43)-(44): p is twice the summed utilisation F Ubar of the dimension's classes. */
  for (guint i = 1; i <= K + 1; i++)
    for (guint j = 1; j <= K; j++)
      px += CX (i, j)->flow * (CX (i, j)->time - hops (d, i, j));
  for (guint i = 1; i <= K; i++)
    for (guint j = 1; j <= K + 1; j++)
      py += CY (i, j)->flow * (CY (i, j)->time - hops (d, i, j));
  for (guint j = 1; j <= K; j++)
    {
      px += b * (BX (j)->time - j);
      py += b * (BY (j)->time - j);
    }
  /* The convergence criterion: |G(x) - x| < 1e-10 for p, relative 1e-10 for W. */
  g_assert_cmpfloat_with_epsilon (2 * px, d->p[0], 2e-10);
  g_assert_cmpfloat_with_epsilon (2 * py, d->p[1], 2e-10);

#define UXc(i, j) (CX (i, j)->time - hops (d, i, j))
#define UYc(i, j) (CY (i, j)->time - hops (d, i, j))
  /* (23) */
  for (guint j = 1; j <= K; j++)
    acc (d, CY (K, j)->flow, CX (K + 1, j)->time, UXc (K + 1, j), &num[0], &lu[0]);
  for (guint i = 2; i <= K; i++)
    for (guint j = 1; j <= K; j++)
      acc (d, f_x * CY (i - 1, j)->flow, CX (i, j)->time, UXc (i, j), &num[0], &lu[0]);
  acc (d, b, BX (K)->time, BX (K)->time - K, &num[0], &lu[0]);
  acc (d, a * f_x, CX (1, 1)->time, UXc (1, 1), &num[0], &lu[0]);
  /* (25), with D8 (F^X) and D10 (beta to K) */
  for (guint j = 1; j < K; j++)
    acc (d, CX (K + 1, j)->flow, CX (K + 1, j + 1)->time, UXc (K + 1, j + 1), &num[1], &lu[1]);
  for (guint i = 1; i <= K; i++)
    for (guint j = 1; j < K; j++)
      acc (d, f_x * CX (i, j)->flow, CX (i, j + 1)->time, UXc (i, j + 1), &num[1], &lu[1]);
  for (guint j = 1; j <= K; j++)
    acc (d, b, BX (j)->time, BX (j)->time - j, &num[1], &lu[1]);
  acc (d, a * f_x, CX (1, 1)->time, UXc (1, 1), &num[1], &lu[1]);
  /* (26) */
  for (guint i = 1; i <= K; i++)
    acc (d, CX (i, K)->flow, CY (i, K + 1)->time, UYc (i, K + 1), &num[2], &lu[2]);
  for (guint i = 1; i <= K; i++)
    for (guint j = 1; j < K; j++)
      acc (d, f_y * CX (i, j)->flow, CY (i, j + 1)->time, UYc (i, j + 1), &num[2], &lu[2]);
  acc (d, b, BY (K)->time, BY (K)->time - K, &num[2], &lu[2]);
  acc (d, a * f_y, CY (1, 1)->time, UYc (1, 1), &num[2], &lu[2]);
  /* (27), with D8 (S^Y) */
  for (guint i = 1; i < K; i++)
    acc (d, CY (i, K + 1)->flow, CY (i + 1, K + 1)->time, UYc (i + 1, K + 1), &num[3], &lu[3]);
  for (guint i = 1; i < K; i++)
    for (guint j = 1; j <= K; j++)
      acc (d, f_y * CY (i, j)->flow, CY (i + 1, j)->time, UYc (i + 1, j), &num[3], &lu[3]);
  for (guint i = 1; i <= K; i++)
    acc (d, b, BY (i)->time, BY (i)->time - i, &num[3], &lu[3]);
  acc (d, a * f_y, CY (1, 1)->time, UYc (1, 1), &num[3], &lu[3]);
#undef UXc
#undef UYc

  {
    static const char * const names[] = { "W_WE", "W_NE", "W_NS", "W_WS" };

    for (guint w = 0; w < 4; w++)
      {
        const FlitlabModelClass *klass = g_hash_table_lookup (classes, names[w]);
        double rho = 2 * lu[w];
        double expected = num[w] / (1 - rho);

        g_assert_nonnull (klass);
        g_assert_cmpfloat (rho, <, 1);
        g_assert_cmpfloat_with_epsilon (klass->utilization, rho, 1e-10);
        g_assert_cmpfloat (klass->wait, ==, d->W[w]);
        g_assert_cmpfloat_with_epsilon (expected, d->W[w], 2e-10 * (1 + d->W[w]));
      }
  }

  /* (45)-(46): the latency from the returned values. */
  {
    double v = d->sw[2];
    double tx = CX (1, 1)->time, ty = CY (1, 1)->time;
    double t_a = (1 - d->p[0]) * tx + d->p[0] * (1 - d->p[1]) * ty
                 + pp * (v * (d->W[0] + d->W[1] + tx) + (1 - v) * (d->W[2] + d->W[3] + ty));
    double lat = d->alpha * t_a + d->beta * (BX (K)->time + d->W[0] + d->W[1])
                 + d->beta * (BY (K)->time + d->W[2] + d->W[3]);

    g_assert_cmpfloat_with_epsilon (point->latency, lat, 1e-12 * lat);
    g_assert_cmpfloat (v, ==, (d->W[0] + d->W[1] < d->W[2] + d->W[3]) ? 1.0 : 0.0);
  }
}

#undef CX
#undef CY
#undef BX
#undef BY

static void
test_fixed_point (void)
{
  check_fixed_point (4, 0.05);
  check_fixed_point (8, 0.015);
  check_fixed_point (12, 0.009);
  check_fixed_point (16, 0.004);
  check_fixed_point (16, 0.00668); /* sliding r */
  check_fixed_point (16, 0.0082);  /* next to the fold */
  check_fixed_point (32, 0.002);
}

static void
test_channels (void)
{
  g_autoptr(FlitlabModel) model = new_model_k (8);
  const FlitlabTopology *topology = flitlab_model_get_topology (model);
  const double rate = 0.01;
  g_autoptr(FlitlabModelPoint) point = flitlab_model_evaluate_detail (model, rate);
  guint n = flitlab_topology_get_n_channels (topology);
  double total = 0, hops = 2.0 * 2 * 8 / 9; /* 2K k/(k+1), K = 2 */
  double dim_flow[2] = { -1, -1 };

  g_assert_false (point->saturated);
  g_assert_cmpuint (point->n_channels, ==, n);
  g_assert_cmpuint (flitlab_topology_get_n_nodes (topology), ==, 64);
  for (guint c = 0; c < n; c++)
    {
      const FlitlabChannel *channel = flitlab_topology_get_channel (topology, c);

      g_assert_true (point->channel_utilization[c] >= 0 && point->channel_utilization[c] < 1);
      switch (channel->kind)
        {
        case FLITLAB_CHANNEL_NETWORK:
          /* Every channel of a dimension carries the same flow, and is held p of the time. */
          g_assert_cmpfloat_with_epsilon (point->channel_utilization[c],
                                          point->values[channel->dim], 2e-10);
          if (dim_flow[channel->dim] < 0)
            dim_flow[channel->dim] = point->channel_flow[c];
          g_assert_cmpfloat_with_epsilon (point->channel_flow[c], dim_flow[channel->dim], 1e-15);
          total += point->channel_flow[c];
          break;
        default:
          g_assert_cmpfloat_with_epsilon (point->channel_flow[c], rate, 1e-15);
          break;
        }
    }
  /* Flow conservation over the network: rate x mean hops x nodes (the model's average
   * message crosses 2K channels with probability alpha and K with 2 beta). */
  g_assert_cmpfloat_with_epsilon (total, rate * hops * 64, 1e-12);
}

static void
test_bad_params (void)
{
  static const struct { const char *k, *flits; } bad[] = {
    { "6", "12" },       /* not a multiple of 4 */
    { "2", "12" },       /* below the range */
    { "68", "12" },      /* above */
    { "8x12", "12" },    /* not square */
    { "8x8x8", "12" },   /* three dimensions */
    { "eight", "12" },
    { "8", "0" },
    { "8", "1000001" },
    { "8", "0.5" },
    { "", "12" },
    { "8", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabModel) model = new_model (bad[i].k, bad[i].flits, &error);

      g_assert_null (model);
      g_assert_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER);
      g_test_message ("k=%s flits=%s: %s", bad[i].k, bad[i].flits, error->message);
    }

  {
    g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
    g_autoptr(GError) error = NULL;
    g_autoptr(FlitlabModel) model = NULL;

    g_hash_table_insert (params, (gpointer) "dims", (gpointer) "3");
    model = flitlab_model_new (MODEL_ID, params, &error);
    g_assert_null (model);
    g_assert_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_UNKNOWN_PARAMETER);
  }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(FlitlabModel) model = new_model ("16x16", "1", &error);

    g_assert_no_error (error);
    g_assert_cmpfloat (latency_at (model, 0.001), >, 1);
  }
}

static void
test_long_messages (void)
{
  /* Longer messages saturate earlier; the solver stays well-behaved at the range ends. */
  g_autoptr(FlitlabModel) short_msg = new_model ("16", "1", NULL);
  g_autoptr(FlitlabModel) long_msg = new_model ("16", "4096", NULL);
  double s1 = flitlab_model_get_saturation_rate (short_msg);
  double s2 = flitlab_model_get_saturation_rate (long_msg);

  g_assert_cmpfloat (s2, <, s1);
  g_assert_cmpfloat (s2, >, 0);
  {
    g_autoptr(FlitlabModelPoint) point = flitlab_model_evaluate (long_msg, s2);

    g_assert_false (point->saturated);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/flitlab/model/quaglia/table1", test_table1);
  g_test_add_func ("/flitlab/model/quaglia/table2", test_table2);
  g_test_add_func ("/flitlab/model/quaglia/zero-load", test_zero_load);
  g_test_add_func ("/flitlab/model/quaglia/saturation", test_saturation);
  g_test_add_func ("/flitlab/model/quaglia/saturated-beyond", test_saturated_beyond);
  g_test_add_func ("/flitlab/model/quaglia/monotone", test_monotone);
  g_test_add_func ("/flitlab/model/quaglia/sliding-switch", test_sliding_switch);
  g_test_add_func ("/flitlab/model/quaglia/fixed-point", test_fixed_point);
  g_test_add_func ("/flitlab/model/quaglia/channels", test_channels);
  g_test_add_func ("/flitlab/model/quaglia/bad-params", test_bad_params);
  g_test_add_func ("/flitlab/model/quaglia/long-messages", test_long_messages);

  return g_test_run ();
}
