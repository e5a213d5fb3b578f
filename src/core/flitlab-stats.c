/* flitlab-stats.c: output analysis of simulations
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-stats.h"

/* The continued fraction of the regularized incomplete beta function I_x(a, b), for
 * x < (a + 1) / (a + b + 2) (modified Lentz's method). */
static double
beta_fraction (double a,
               double b,
               double x)
{
  const double tiny = 1e-300;
  double c = 1, d = 1 - (a + b) * x / (a + 1), h;

  if (fabs (d) < tiny)
    d = tiny;
  d = 1 / d;
  h = d;
  for (int m = 1; m <= 10000; m++)
    {
      double m2 = 2.0 * m, num, delta;

      num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
      d = 1 + num * d;
      d = fabs (d) < tiny ? 1 / tiny : 1 / d;
      c = 1 + num / c;
      if (fabs (c) < tiny)
        c = tiny;
      h *= d * c;
      num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
      d = 1 + num * d;
      d = fabs (d) < tiny ? 1 / tiny : 1 / d;
      c = 1 + num / c;
      if (fabs (c) < tiny)
        c = tiny;
      delta = d * c;
      h *= delta;
      if (fabs (delta - 1) < 1e-15)
        break;
    }
  return h;
}

static double
incomplete_beta (double a,
                 double b,
                 double x)
{
  double front;

  if (x <= 0)
    return 0;
  if (x >= 1)
    return 1;
  front = exp (lgamma (a + b) - lgamma (a) - lgamma (b) + a * log (x) + b * log1p (-x));
  if (x < (a + 1) / (a + b + 2))
    return front * beta_fraction (a, b, x) / a;
  return 1 - front * beta_fraction (b, a, 1 - x) / b;
}

/* P(T > t) for t >= 0. */
static double
t_upper_tail (double t,
              double df)
{
  return 0.5 * incomplete_beta (df / 2, 0.5, df / (df + t * t));
}

double
flitlab_stats_t_quantile (double p,
                          double df)
{
  double tail, lo = 0, hi = 1, t;

  g_return_val_if_fail (p > 0 && p < 1 && df > 0, NAN);

  if (p < 0.5)
    return -flitlab_stats_t_quantile (1 - p, df);
  if (p == 0.5)
    return 0;
  tail = 1 - p;
  while (t_upper_tail (hi, df) > tail)
    hi *= 2;
  /* Bisection to the last bit: the tail falls monotonically in t. */
  for (int i = 0; i < 200 && hi - lo > 1e-13 * hi; i++)
    {
      t = 0.5 * (lo + hi);
      if (t_upper_tail (t, df) > tail)
        lo = t;
      else
        hi = t;
    }
  return 0.5 * (lo + hi);
}

/* Residuals y - mean c, their lag-1 autocorrelation within replications, and the standard
 * error of the ratio, at the current batching. */
static void
ratio_at (const double         *y,
          const double         *c,
          guint                 n_replications,
          guint                 n_batches,
          FlitlabRatioEstimate *out)
{
  double sum_y = 0, sum_c = 0, ss = 0, lag = 0;
  guint n = 0;

  for (guint i = 0; i < n_replications * n_batches; i++)
    {
      sum_y += y[i];
      sum_c += c[i];
      n += c[i] > 0;
    }
  out->batches = n_batches;
  out->mean = sum_c > 0 ? sum_y / sum_c : NAN;
  out->se = out->df = out->ci95 = out->lag1 = NAN;
  if (n < 2 || sum_c <= 0)
    return;
  for (guint r = 0; r < n_replications; r++)
    for (guint b = 0; b < n_batches; b++)
      {
        const guint i = r * n_batches + b;
        double z = y[i] - out->mean * c[i];

        ss += z * z;
        if (b + 1 < n_batches)
          lag += z * (y[i + 1] - out->mean * c[i + 1]);
      }
  out->lag1 = ss > 0 ? lag / ss : 0;
  /* Var(sum y / sum c) ~ sum z^2 / (n (n - 1) mean(c)^2), mean(c) over the batches with
   * messages: batches without any carry no observation. */
  out->se = sqrt (ss / (n * (n - 1.0))) / (sum_c / n);
  out->df = n - 1;
  out->ci95 = flitlab_stats_t_quantile (0.975, out->df) * out->se;
}

/* The smallest batch count per replication the merging keeps. */
static guint
min_batches (guint n_replications)
{
  guint k = FLITLAB_STATS_MIN_BATCHES;

  while (k * n_replications < FLITLAB_STATS_MIN_ALL)
    k *= 2;
  return k;
}

void
flitlab_stats_ratio (const double         *y,
                     const double         *c,
                     guint                 n_replications,
                     guint                 n_batches,
                     FlitlabRatioEstimate *out)
{
  g_autofree double *ym = g_memdup2 (y, sizeof (double) * n_replications * n_batches);
  g_autofree double *cm = g_memdup2 (c, sizeof (double) * n_replications * n_batches);
  const guint k_min = min_batches (n_replications);
  guint k = n_batches;

  g_return_if_fail (out != NULL);

  for (;;)
    {
      double corrected;

      ratio_at (ym, cm, n_replications, k, out);
      /* A sample lag-1 autocorrelation of k values reads low by about (1 + 3 rho) / k, so
       * the raw one passes batches that are still correlated: near saturation a tolerance of
       * 0.1 on it left intervals that covered 89-94 times in 100 (coverage.md). That bias is
       * a series' own mean's; these residuals are from the pooled mean, which biases them
       * less, so the correction errs towards merging: wider, never narrower. */
      corrected = out->lag1 + (1 + 3 * out->lag1) / k;
      if (k / 2 < k_min || k % 2 != 0 || !(corrected > 0))
        return;
      /* Merge neighbours two by two within each replication. */
      for (guint r = 0; r < n_replications; r++)
        for (guint b = 0; b < k / 2; b++)
          {
            ym[r * (k / 2) + b] = ym[r * k + 2 * b] + ym[r * k + 2 * b + 1];
            cm[r * (k / 2) + b] = cm[r * k + 2 * b] + cm[r * k + 2 * b + 1];
          }
      k /= 2;
    }
}

guint
flitlab_stats_mser (const double *z,
                    guint         n)
{
  double sum = 0, sumsq = 0, best = INFINITY;
  guint best_d = 0;

  if (n < 2)
    return 0;
  /* Walk d down from n / 2 to 0, adding z[d] to the sums of the rest. */
  for (guint i = n / 2; i < n; i++)
    {
      sum += z[i];
      sumsq += z[i] * z[i];
    }
  for (guint d = n / 2 + 1; d-- > 0;)
    {
      double m = n - d, mean, var;

      if (d < n / 2)
        {
          sum += z[d];
          sumsq += z[d] * z[d];
        }
      mean = sum / m;
      var = MAX (0, sumsq - m * mean * mean);
      if (var / (m * m) <= best)
        {
          best = var / (m * m);
          best_d = d;
        }
    }
  return best_d;
}

char *
flitlab_stats_format_interval (double value,
                               double half_width)
{
  int decimals;
  double unit;

  if (!isfinite (value) || !(isfinite (half_width) && half_width > 0))
    return g_strdup_printf ("%.6g", value);
  /* The place of the interval's second significant digit, one place left when rounding there
   * carries into a third (9.96 is 10). */
  decimals = 1 - (int) floor (log10 (half_width));
  unit = pow (10, -decimals);
  if (round (half_width / unit) >= 100)
    decimals--, unit *= 10;
  /* Beyond double's digits, more places say nothing. */
  decimals = MIN (decimals, 17);
  if (decimals >= 0)
    return g_strdup_printf ("%.*f ± %.*f", decimals, value, decimals, half_width);
  return g_strdup_printf ("%.0f ± %.0f", round (value / unit) * unit,
                          round (half_width / unit) * unit);
}
