/* test-model-horng.c: the Horng & Kleinrock finite-buffer n-cube model (paper 004)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Reference values come from shared/papers/equations-greenberg-meraji-horng.md §3 (an
 * independent implementation of the same reading; the paper prints only figures). The claims
 * are the paper's own (Sections 4 and 5), measured on the Boolean 6-cube it studies.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib.h>

#include "flitlab-model.h"
#include "flitlab-model-horng-private.h"

static double
rel_diff (double a,
          double b)
{
  return fabs (a - b) / MAX (fabs (b), 1e-300);
}

static FlitlabHorng *
horng (guint n,
       guint buffers)
{
  g_autoptr(GError) error = NULL;
  FlitlabHorng *self = flitlab_horng_new (n, buffers, &error);

  g_assert_no_error (error);
  g_assert_nonnull (self);
  return self;
}

static FlitlabHorngSolution
solve (const FlitlabHorng *self,
       double              lambda)
{
  FlitlabHorngSolution s;

  g_assert_true (flitlab_horng_solve (self, lambda, &s, NULL, NULL));
  return s;
}

/* Eqs. 5-8: every row of P = D R A sums to 1 and no entry is negative. */
static void
test_row_sums (void)
{
  const guint cases[][2] = { { 1, 1 }, { 1, 4 }, { 2, 2 }, { 3, 7 }, { 6, 6 }, { 6, 8 },
                             { 6, 10 }, { 6, 20 }, { 10, 12 }, { 16, 16 }, { 16, 40 } };
  const double lambdas[] = { 0, 1e-9, 0.05, 0.5, 1, 1.5, 3, 10, 1e4, 1e9 };
  const double transits[] = { 0, 1e-12, 0.01, 0.3, 0.5, 0.77, 0.999, 1 };
  double worst = 0;

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr(FlitlabHorng) self = horng (cases[c][0], cases[c][1]);
      guint k = cases[c][1] + 1;
      g_autofree double *p = g_new (double, k * k);

      for (guint a = 0; a < G_N_ELEMENTS (lambdas); a++)
        for (guint b = 0; b < G_N_ELEMENTS (transits); b++)
          {
            flitlab_horng_transition_matrix (self, lambdas[a], transits[b], p);
            for (guint i = 0; i < k; i++)
              {
                double sum = 0;

                for (guint j = 0; j < k; j++)
                  {
                    g_assert_cmpfloat (p[i * k + j], >=, 0);
                    sum += p[i * k + j];
                  }
                worst = MAX (worst, fabs (sum - 1));
                g_assert_cmpfloat_with_epsilon (sum, 1, 1e-12);
              }
            /* p_ii != 0 (the paper's irreducibility argument) needs 0 < P_t < 1 (H9). */
            if (transits[b] > 0 && transits[b] < 1 && lambdas[a] > 0 && lambdas[a] < 1e4)
              for (guint i = 0; i < k; i++)
                g_assert_cmpfloat (p[i * k + i], >, 0);
          }
    }
  g_test_message ("max |row sum - 1| = %.2g", worst);
}

/* Eq. 2 as corrected (H1: ((j-k)/n)^i, not ((i-k)/n)^i) against the recursion the model
 * uses, and Eq. 3: f' rows sum to 1, M = n sends everything. */
static void
test_assignment (void)
{
  g_autoptr(FlitlabHorng) self = horng (6, 10);
  g_autoptr(FlitlabHorng) tight = horng (6, 6);
  const guint n = 6;
  double worst = 0;

  for (guint i = 1; i <= 10; i++)
    {
      double sum = 0, sum2 = 0;

      for (guint j = 1; j <= MIN (i, n); j++)
        {
          double eq2 = 0, cnj = 1, cjk = 1;

          for (guint t = 1; t <= j; t++)
            cnj = cnj * (n - t + 1) / t;
          for (guint k = 0; k < j; k++)
            {
              eq2 += ((k % 2) ? -1 : 1) * cjk * pow ((double) (j - k) / n, i);
              cjk = cjk * (j - k) / (k + 1);
            }
          eq2 *= cnj;
          worst = MAX (worst, fabs (eq2 - flitlab_horng_assign_probability (self, i, j, FALSE)));
          sum += flitlab_horng_assign_probability (self, i, j, FALSE);
        }
      for (guint j = 0; j <= n; j++)
        sum2 += flitlab_horng_assign_probability (self, i, j, TRUE);
      g_assert_cmpfloat_with_epsilon (sum, 1, 1e-13);
      g_assert_cmpfloat_with_epsilon (sum2, 1, 1e-13);
      g_assert_cmpfloat (flitlab_horng_assign_probability (self, i, 0, FALSE), ==, 0);
    }
  g_assert_cmpfloat (worst, <, 1e-13);

  /* M = n: i - j = M - n = 0 forces j = i; the printed Eq. 3 (sum from k = 1) would give
   * f'_{0,0} = 0, and row 0 would sum to 0 (H2). */
  for (guint i = 0; i <= 6; i++)
    g_assert_cmpfloat_with_epsilon (flitlab_horng_assign_probability (tight, i, i, TRUE),
                                    1, 1e-14);
  /* M = 10, i = 10: j* = 6, so all of phase one's outcomes lump on 6. */
  g_assert_cmpfloat_with_epsilon (flitlab_horng_assign_probability (self, 10, 6, TRUE), 1, 1e-14);
  /* i = 7: j* = 3; j = 4 keeps f, j = 2 is moved onto 3. */
  g_assert_cmpfloat (flitlab_horng_assign_probability (self, 7, 2, TRUE), ==, 0);
  g_assert_cmpfloat (flitlab_horng_assign_probability (self, 7, 4, TRUE), ==,
                     flitlab_horng_assign_probability (self, 7, 4, FALSE));
  g_assert_cmpfloat_with_epsilon (flitlab_horng_assign_probability (self, 7, 3, TRUE),
                                  flitlab_horng_assign_probability (self, 7, 1, FALSE) +
                                  flitlab_horng_assign_probability (self, 7, 2, FALSE) +
                                  flitlab_horng_assign_probability (self, 7, 3, FALSE), 1e-15);
}

/* The hop recursion against Eq. 11 with r_j = (jq/(n-1)) / (1 - jq/(n-1)) (H5), and the
 * recursion itself (residual of every row). */
static void
test_hops_eq11 (void)
{
  const double qs[] = { 0, 1e-9, 0.009356530930, 0.1, 0.3, 0.5, 0.9 };

  for (guint n = 2; n <= 16; n++)
    for (guint a = 0; a < G_N_ELEMENTS (qs); a++)
      {
        double q = qs[a], p = 1 - q;
        double h[FLITLAB_HORNG_MAX_N + 1], delta[FLITLAB_HORNG_MAX_N + 1];

        flitlab_horng_hops_from (n, q, h + 1);
        h[0] = 0;
        for (guint i = 1; i + 1 <= n; i++)
          {
            double rhs = (p + q * (i - 1) / (n - 1)) * h[i - 1] +
                         (q * (n - i) / (n - 1)) * h[i + 1] + 1;

            g_assert_cmpfloat (rel_diff (h[i], rhs), <, 1e-13);
          }
        g_assert_cmpfloat (rel_diff (h[n], h[n - 1] + 1), <, 1e-14);

        if (q == 0)
          {
            for (guint i = 1; i <= n; i++)
              g_assert_cmpfloat (h[i], ==, i);
            continue;
          }
        delta[1] = 1;
        for (guint i = 2; i <= n; i++)
          {
            double prod = 1, sum = 0;

            for (guint j = 1; j < i; j++)
              {
                double c = j * q / (n - 1);

                prod *= c / (1 - c);
              }
            for (guint m = 1; m < i; m++)
              {
                double pm = 1;

                for (guint j = m; j < i; j++)
                  {
                    double c = j * q / (n - 1);

                    pm *= c / (1 - c);
                  }
                sum += pm / m;
              }
            delta[i] = prod + (n - 1) / q * sum;
          }
        for (guint i = 1; i <= n; i++)
          {
            double eq11 = 0;

            for (guint j = n + 1 - i; j <= n; j++)
              eq11 += delta[j];
            g_assert_cmpfloat (rel_diff (h[i], eq11), <, 1e-12);
          }
      }
}

/* The worked reading's tables for the 6-cube: P_t, u, p, hbar, P_A, gamma (network), qbar, T,
 * P_f, net progress, power, all to 1e-6 relative. */
static void
test_reference_n6 (void)
{
  static const struct
  {
    guint  m;
    double lambda;
    double v[11];
  } rows[] = {
    {  6,  0.05, { 0.017574993238371, 0.025908325980, 0.986828283216, 3.108999338454,
                   0.999999928947, 3.19999977263, 0.155449955878, 3.10899933845,
                   0.025652574786, 0.025396823592, 1.029269934439 } },
    {  6,   0.5, { 0.232612170294439, 0.314814364636, 0.862496693302, 3.829756214644,
                   0.986426332095, 31.56564262703, 1.888886187814, 3.82975621464,
                   0.282667668933, 0.250520973230, 8.130329799511 } },
    {  6,     1, { 0.509254382682834, 0.645142832894, 0.756020574774, 4.747591365508,
                   0.815330701266, 52.18116488101, 3.870856997363, 4.74759136551,
                   0.529639531054, 0.414136229214, 8.961366402422 } },
    {  6,     3, { 0.746198197539231, 0.908790831340, 0.686813065436, 5.589372716928,
                   0.325185267602, 62.43557137954, 5.452744988041, 5.58937271693,
                   0.702155619557, 0.495520407774, 3.632451978992 } },
    {  6,    10, { 0.807512195207975, 0.975022112808, 0.670949836637, 5.820682899111,
                   0.100505950560, 64.32380835857, 5.850132676850, 5.82068289911,
                   0.742764264176, 0.510506415544, 1.110681618427 } },
    {  8,   0.5, { 0.172460668500694, 0.255672727010, 0.994590214401, 3.072544191198,
                   0.998544702109, 31.95343046750, 1.766393072368, 3.53793489393,
                   0.254635690757, 0.253598654504, 9.018517769312 } },
    {  8,     1, { 0.360947100330681, 0.518468553500, 0.950470918796, 3.291415506075,
                   0.945128719013, 60.48823801686, 4.026694999506, 4.26047258802,
                   0.499266967293, 0.480065381086, 13.418504574590 } },
    {  8,   1.5, { 0.516156456884193, 0.710220095483, 0.887635846084, 3.659727812027,
                   0.776254554395, 74.52043722192, 5.742014402529, 4.93138440221,
                   0.650826068463, 0.591432041444, 11.730342652487 } },
    {  8,     4, { 0.703334828720471, 0.916503414998, 0.802765200282, 4.299430000467,
                   0.319752879416, 81.85673713049, 7.405679422805, 5.79015850954,
                   0.783080029445, 0.649656643893, 4.520416384790 } },
    { 10,   0.2, { 0.068254149096677, 0.101587478426, 0.999998759419, 3.047624718854,
                   0.999999879883, 12.79999846251, 0.643920271113, 3.21960174229,
                   0.101587383906, 0.101587289385, 3.975646042448 } },
    { 10,     1, { 0.341837997871917, 0.505320397891, 0.990643469070, 3.090977364116,
                   0.980894400116, 62.77724160744, 4.190145837104, 4.27176038176,
                   0.501776237070, 0.498232076250, 14.415098049612 } },
    { 10,   1.5, { 0.485668654404564, 0.701844042873, 0.959032347622, 3.246641756241,
                   0.864701553873, 83.01134917185, 6.582083731854, 5.07464778059,
                   0.680332137198, 0.658820231523, 14.144832453710 } },
    { 10,     6, { 0.700525481396105, 0.949285458700, 0.864442316316, 3.816069887883,
                   0.248759977304, 95.52383128471, 9.523108730792, 6.38038644989,
                   0.853705551908, 0.758125645117, 3.724305148127 } },
    { 15,     1, { 0.341018761386345, 0.507503633860, 0.999840833402, 3.048346833675,
                   0.998909234842, 63.93019102991, 4.323873367596, 4.32859484804,
                   0.507443051176, 0.507382468491, 14.753161348417 } },
    { 15,     2, { 0.580890875376304, 0.855697097092, 0.985814972447, 3.113819955566,
                   0.824418665147, 105.52558913884, 11.048467456061, 6.70076256345,
                   0.846600886399, 0.837504675705, 12.983188780811 } },
    { 15,    10, { 0.687279455157352, 0.983499515768, 0.945089889801, 3.320165129065,
                   0.177732036366, 113.74850327432, 14.638758250960, 8.23642070966,
                   0.943132707385, 0.902765899003, 2.454555666011 } },
    { 20,   0.8, { 0.273015294101981, 0.406348294345, 0.999999830806, 3.047619821076,
                   0.999997501826, 51.19987209347, 3.166418934205, 3.95803355561,
                   0.406348242782, 0.406348191218, 12.935651875570 } },
    { 20,   1.5, { 0.507181664534535, 0.754678222912, 0.999643993653, 3.049247342503,
                   0.989986233511, 95.03867841710, 8.815706680401, 5.93658536653,
                   0.754476724222, 0.754275225533, 15.848670148742 } },
    { 20,     3, { 0.651363666318197, 0.962148377210, 0.989603961735, 3.095867793654,
                   0.621569421783, 119.34132898243, 17.576328937605, 9.42577949817,
                   0.954650890916, 0.947153404622, 7.869791656477 } },
    { 20,    10, { 0.677287741167902, 0.992520779924, 0.978606748961, 3.148530318525,
                   0.189139823254, 121.04948688227, 19.590956294040, 10.35792249196,
                   0.976615496638, 0.960710213351, 2.210412230021 } },
  };
  double worst = 0;

  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    {
      g_autoptr(FlitlabHorng) self = horng (6, rows[r].m);
      FlitlabHorngSolution s = solve (self, rows[r].lambda);
      double got[11] = { s.p_transit, s.utilization, s.p, s.hops, s.acceptance, s.gamma, s.queue,
                         s.delay, s.forward, s.progress, s.power };

      for (guint c = 0; c < 11; c++)
        {
          double d = rel_diff (got[c], rows[r].v[c]);

          if (d > 1e-6)
            g_test_message ("M=%u lambda=%g column %u: %.15g vs %.15g", rows[r].m,
                            rows[r].lambda, c, got[c], rows[r].v[c]);
          g_assert_cmpfloat (d, <, 1e-6);
          worst = MAX (worst, d);
        }
      /* The columns the reference leaves implicit. */
      g_assert_cmpfloat (rel_diff (s.forward + s.backtrack, s.utilization), <, 1e-12);
      g_assert_cmpfloat (rel_diff (s.throughput * 64, s.gamma), <, 1e-14);
    }
  g_test_message ("max relative deviation from the reference tables: %.2g", worst);
}

/* The stationary distributions printed in the reference. */
static void
test_stationary (void)
{
  static const double pi10[] = { 1.512530178734e-02, 6.710942039958e-02, 1.405998004234e-01,
                                 1.886594508096e-01, 1.878044439818e-01, 1.526560723462e-01,
                                 1.070296367254e-01, 6.616270089053e-02, 3.674055442410e-02,
                                 1.900701832820e-02, 1.910559988377e-02 };
  static const double pi6[] = { 1.361438991489e-01, 2.929906046398e-01, 2.853031337040e-01,
                                1.709379771264e-01, 7.422021042317e-02, 2.683050705233e-02,
                                1.357366790543e-02 };
  static const double h10[] = { 1.019033072995, 2.034201900019, 3.045535622109,
                                4.053063052516, 5.056812681592, 6.056812681592 };
  g_autoptr(FlitlabHorng) m10 = horng (6, 10);
  g_autoptr(FlitlabHorng) m6 = horng (6, 6);
  FlitlabHorngSolution s;
  double pi[11], h[6], sum = 0;

  g_assert_true (flitlab_horng_solve (m10, 1.0, &s, pi, h));
  g_assert_cmpfloat (rel_diff (s.q, 0.009356530930), <, 1e-8);
  for (guint i = 0; i < 11; i++)
    {
      g_assert_cmpfloat (rel_diff (pi[i], pi10[i]), <, 1e-9);
      sum += pi[i];
    }
  g_assert_cmpfloat_with_epsilon (sum, 1, 1e-14);
  for (guint i = 0; i < 6; i++)
    g_assert_cmpfloat (rel_diff (h[i], h10[i]), <, 1e-10);

  g_assert_true (flitlab_horng_solve (m6, 0.5, &s, pi, NULL));
  for (guint i = 0; i < 7; i++)
    g_assert_cmpfloat (rel_diff (pi[i], pi6[i]), <, 1e-9);
}

/* With M = n every message leaves its node every cycle (f'_{i,i} = 1), so by Little's law
 * N qbar = gamma hbar and T = hbar, the model's own hops output (Eq. 12). That is not
 * dbar = n 2^(n-1) / (2^n - 1): backtracking makes hbar grow from dbar at zero load (3.0476
 * for n = 6) to 5.8 at lambda = 10. An end-to-end check of D, R, A, pi, u, p, q and h. */
static void
test_delay_equals_hops (void)
{
  double worst = 0;

  for (guint n = 1; n <= 12; n++)
    {
      g_autoptr(FlitlabHorng) self = horng (n, n);

      for (double lambda = 0.01; lambda < 50; lambda *= 1.25)
        {
          FlitlabHorngSolution s = solve (self, lambda);

          worst = MAX (worst, rel_diff (s.delay, s.hops));
          g_assert_cmpfloat (rel_diff (s.delay, s.hops), <, 1e-12);
          g_assert_cmpfloat (s.hops, >=, flitlab_horng_get_mean_distance (self) * (1 - 1e-15));
        }
    }
  g_test_message ("M = n: max |T - hbar| / hbar = %.2g", worst);

  {
    g_autoptr(FlitlabHorng) six = horng (6, 6);
    FlitlabHorngSolution s = solve (six, 10);

    /* Far from dbar at load: the exact equality is with the model's hbar. */
    g_assert_cmpfloat (s.hops, >, 1.9 * flitlab_horng_get_mean_distance (six));
  }
}

/* lambda -> 0: a lone message needs dbar cycles; lambda = 0 is that limit exactly. */
static void
test_zero_load (void)
{
  g_autoptr(FlitlabHorng) self = horng (6, 10);
  double dbar = flitlab_horng_get_mean_distance (self);
  FlitlabHorngSolution s;
  double pi[11];

  g_assert_cmpfloat (rel_diff (dbar, 6 * 32.0 / 63), <, 1e-15);
  g_assert_true (flitlab_horng_solve (self, 0, &s, pi, NULL));
  g_assert_cmpfloat (s.delay, ==, dbar);
  g_assert_cmpfloat (s.hops, ==, dbar);
  g_assert_cmpfloat (s.acceptance, ==, 1);
  g_assert_cmpfloat (s.throughput, ==, 0);
  g_assert_cmpfloat (pi[0], ==, 1);

  s = solve (self, 1e-9);
  g_assert_cmpfloat (rel_diff (s.delay, dbar), <, 1e-9);
  g_assert_cmpfloat (rel_diff (s.throughput, 1e-9), <, 1e-12);
  /* The light-load root P_t = lambda (dbar - 1) / n, found to full relative precision. */
  g_assert_cmpfloat (rel_diff (s.p_transit, 1e-9 * (dbar - 1) / 6), <, 1e-6);
}

/* Eq. 17's residual at the bisection root, and the identity P_t = u (1 - 1/hbar) that
 * stationarity implies there (H3). */
static void
test_balance_residual (void)
{
  const guint ms[] = { 6, 7, 10, 20, 40 };
  double worst = 0, worst_id = 0;

  for (guint a = 0; a < G_N_ELEMENTS (ms); a++)
    {
      g_autoptr(FlitlabHorng) self = horng (6, ms[a]);

      for (double lambda = 1e-4; lambda < 1e6; lambda *= 3.7)
        {
          FlitlabHorngSolution s = solve (self, lambda);
          double identity = s.utilization * (1 - 1 / s.hops);

          g_assert_cmpfloat (fabs (s.residual), <, 1e-10);
          g_assert_cmpfloat (rel_diff (s.p_transit, identity), <, 1e-9);
          g_assert_cmpfloat (s.p_transit, >, 0);
          g_assert_cmpfloat (s.p_transit, <, 1);
          g_assert_cmpuint (s.iterations, <, 200);
          worst = MAX (worst, fabs (s.residual));
          worst_id = MAX (worst_id, rel_diff (s.p_transit, identity));
        }
    }
  g_test_message ("max |Eq. 17 residual| = %.2g, max rel |P_t - u(1-1/hbar)| = %.2g",
                  worst, worst_id);
}

/* Fig. 9: "the throughput of the network does not degrade even when the network is
 * saturated". Measured on a 0.01 grid up to lambda = 10 (5x past the knee) and a log grid on
 * to 1e9. For M >= 12 the model has a very flat maximum near lambda = 25-28 and then loses at
 * most 1.7e-4 of it (reference §3.4): that deviation is asserted, not hidden. */
static void
test_claim_throughput (void)
{
  const guint ms[] = { 6, 8, 10, 15, 20 };

  for (guint a = 0; a < G_N_ELEMENTS (ms); a++)
    {
      g_autoptr(FlitlabHorng) self = horng (6, ms[a]);
      double prev = 0, best = 0, drop = 0;

      for (guint i = 1; i <= 1000; i++)
        {
          FlitlabHorngSolution s = solve (self, i * 0.01);

          g_assert_cmpfloat (s.throughput, >=, prev);
          prev = s.throughput;
        }
      for (guint i = 0; i <= 400; i++)
        {
          FlitlabHorngSolution s = solve (self, pow (10, 1 + i / 50.0));

          best = MAX (best, s.throughput);
          drop = MAX (drop, (best - s.throughput) / best);
        }
      if (ms[a] <= 10)
        g_assert_cmpfloat (drop, <, 1e-11);
      else
        g_assert_cmpfloat (drop, <, 2e-4);
      /* Never above the uniform-traffic bound n / dbar = 1.96875. */
      g_assert_cmpfloat (best, <, 1.96875);
      g_test_message ("M=%u: throughput max %.8f, largest relative drop past lambda=10: %.2g",
                      ms[a], best, drop);
    }
}

/* Figs. 7, 8, 11: "only a few buffers in each node are essential". Measured band: with
 * M = n + 4 = 10 the carried throughput is within 2 % of M = 20 for every lambda up to 1.0
 * (half the uniform bound; 0.5 % up to 0.8); near the knee it is not (80 % at lambda = 2). */
static void
test_claim_few_buffers (void)
{
  g_autoptr(FlitlabHorng) m10 = horng (6, 10);
  g_autoptr(FlitlabHorng) m20 = horng (6, 20);
  FlitlabHorngSolution a, b;

  for (guint i = 1; i <= 100; i++)
    {
      double lambda = i * 0.01;

      a = solve (m10, lambda);
      b = solve (m20, lambda);
      g_assert_cmpfloat (a.throughput, >=, 0.98 * b.throughput);
      if (lambda <= 0.8)
        g_assert_cmpfloat (a.throughput, >=, 0.995 * b.throughput);
    }
  a = solve (m10, 2.0);
  b = solve (m20, 2.0);
  g_assert_cmpfloat (a.throughput, <, 0.85 * b.throughput);

  /* P_A at lambda = 1: 0.815 (M=6), 0.945 (8), 0.981 (10), 0.9989 (15). */
  {
    const guint ms[] = { 6, 8, 10, 15 };
    const double lo[] = { 0.81, 0.94, 0.98, 0.998 };

    for (guint i = 0; i < G_N_ELEMENTS (ms); i++)
      {
        g_autoptr(FlitlabHorng) self = horng (6, ms[i]);

        g_assert_cmpfloat (solve (self, 1.0).acceptance, >, lo[i]);
      }
  }

  /* Fig. 8: at light load the buffer size does not matter (M >= 8), M = 6 is slower because of
   * backtracking, and at heavy load the delay grows with M. */
  {
    g_autoptr(FlitlabHorng) m6 = horng (6, 6);
    g_autoptr(FlitlabHorng) m8 = horng (6, 8);
    g_autoptr(FlitlabHorng) m15 = horng (6, 15);
    double t20 = solve (m20, 0.05).delay;

    g_assert_cmpfloat (rel_diff (solve (m8, 0.05).delay, t20), <, 1e-6);
    g_assert_cmpfloat (rel_diff (solve (m10, 0.05).delay, t20), <, 1e-6);
    g_assert_cmpfloat (solve (m6, 0.05).delay, >, 1.005 * t20);
    g_assert_cmpfloat (solve (m8, 3).delay, <, solve (m10, 3).delay);
    g_assert_cmpfloat (solve (m10, 3).delay, <, solve (m15, 3).delay);
    g_assert_cmpfloat (solve (m15, 3).delay, <, solve (m20, 3).delay);
  }

  /* Fig. 6 (M = 10): backtracking costs little; P_r / u is 0.7 % at lambda = 1. */
  a = solve (m10, 1.0);
  g_assert_cmpfloat (a.backtrack / a.utilization, <, 0.01);
  g_assert_cmpfloat (a.progress / a.utilization, >, 0.985);
  a = solve (m10, 1.5);
  g_assert_cmpfloat (a.backtrack / a.utilization, <, 0.035);
}

/* The largest power over lambda (golden section on [0.2, 3]). */
static double
max_power (const FlitlabHorng *self,
           double             *at)
{
  const double g = (sqrt (5) - 1) / 2;
  double a = 0.2, b = 3, c = b - g * (b - a), d = a + g * (b - a);
  double fc = solve (self, c).power, fd = solve (self, d).power;

  while (b - a > 1e-7)
    {
      if (fc > fd)
        {
          b = d;
          d = c;
          fd = fc;
          c = b - g * (b - a);
          fc = solve (self, c).power;
        }
      else
        {
          a = c;
          c = d;
          fc = fd;
          d = a + g * (b - a);
          fd = solve (self, d).power;
        }
    }
  *at = 0.5 * (a + b);
  return MAX (fc, fd);
}

/* Section 5, Figs. 10-12: power = gamma P_A / T (network gamma, as the paper defines it). The
 * optimal power grows with M but saturates; power / M peaks at a small M: at each M's optimal
 * lambda at M = 7, and at fixed lambda = 0.5, 1.0, 1.5 at M = 6, 7, 8. */
static void
test_claim_power (void)
{
  static const struct
  {
    guint  m;
    double lambda_opt;
    double power;
  } ref[] = {
    {  6, 0.777426,  9.4998322117 },
    {  8, 1.054871, 13.4614316813 },
    { 10, 1.206591, 14.9613570593 },
    { 15, 1.335108, 16.0314426405 },
    { 20, 1.348659, 16.1382306677 },
  };
  const double lambdas[] = { 0.5, 1.0, 1.5 };
  const guint argmax_expected[] = { 6, 7, 8 };
  double best = 0, prev = 0;
  guint best_m = 0;

  for (guint i = 0; i < G_N_ELEMENTS (ref); i++)
    {
      g_autoptr(FlitlabHorng) self = horng (6, ref[i].m);
      double at, p = max_power (self, &at);

      g_assert_cmpfloat (rel_diff (p, ref[i].power), <, 1e-6);
      g_assert_cmpfloat (rel_diff (at, ref[i].lambda_opt), <, 1e-4);
      g_assert_cmpfloat (p, >, prev);
      prev = p;
    }
  /* Saturates: M = 20 adds under 1 % over M = 15. */
  g_assert_cmpfloat (ref[4].power / ref[3].power, <, 1.01);

  for (guint m = 6; m <= 20; m++)
    {
      g_autoptr(FlitlabHorng) self = horng (6, m);
      double at, p = max_power (self, &at) / m;

      if (p > best)
        {
          best = p;
          best_m = m;
        }
    }
  /* The reference says "at each M's optimal lambda the best is M = 8", but it only tried
   * M = 6, 8, 10, 15, 20; over every M the peak is M = 7 (1.7173 vs 1.6827 at M = 8). */
  g_assert_cmpuint (best_m, ==, 7);

  for (guint a = 0; a < G_N_ELEMENTS (lambdas); a++)
    {
      double top = 0;
      guint top_m = 0;

      for (guint m = 6; m <= 20; m++)
        {
          g_autoptr(FlitlabHorng) self = horng (6, m);
          double v = solve (self, lambdas[a]).power / m;

          if (v > top)
            {
              top = v;
              top_m = m;
            }
        }
      g_assert_cmpuint (top_m, ==, argmax_expected[a]);
    }
}

/* The saturation rate is the carried throughput as lambda -> infinity. */
static void
test_capacity (void)
{
  static const struct
  {
    guint  m;
    double at1e3; /* reference gamma/N at lambda = 1e3 */
  } ref[] = {
    {  6, 1.0150900555 }, {  8, 1.2957155186 }, { 10, 1.4975770416 },
    { 15, 1.7778663839 }, { 20, 1.8918450151 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (ref); i++)
    {
      g_autoptr(FlitlabHorng) self = horng (6, ref[i].m);
      double cap = flitlab_horng_capacity (self);

      g_assert_cmpfloat (rel_diff (solve (self, 1e3).throughput, ref[i].at1e3), <, 1e-6);
      g_assert_cmpfloat (rel_diff (solve (self, 1e9).throughput, cap), <, 1e-8);
      g_assert_cmpfloat (rel_diff (solve (self, 1e3).throughput, cap), <, 2e-4);
    }
  {
    /* M = n: a full node sends all n messages (u = 1), so the capacity is n / hbar with
     * p = 1 - (1 - 1/n)^n, the share of channels phase one wins. */
    g_autoptr(FlitlabHorng) self = horng (6, 6);
    double h[6], hbar = 0;
    double p = 1 - pow (5.0 / 6, 6);

    flitlab_horng_hops_from (6, 1 - p, h);
    for (guint i = 1; i <= 6; i++)
      {
        double c = 1;

        for (guint t = 1; t <= i; t++)
          c = c * (6 - t + 1) / t;
        hbar += c / 63 * h[i - 1];
      }
    g_assert_cmpfloat (rel_diff (flitlab_horng_capacity (self), 6 / hbar), <, 1e-13);
  }
}

/* Every rate the model takes, on networks from n = 1 to 16 and M up to 256, gives finite,
 * consistent numbers (GTH keeps pi accurate; pi is rescaled when pi_M / pi_0 would overflow). */
static void
test_robust (void)
{
  const guint ns[] = { 1, 2, 3, 6, 11, 16 };
  guint count = 0;

  for (guint a = 0; a < G_N_ELEMENTS (ns); a++)
    {
      const guint ms[] = { ns[a], ns[a] + 1, 2 * ns[a] + 3, 256 };

      for (guint b = 0; b < G_N_ELEMENTS (ms); b++)
        {
          g_autoptr(FlitlabHorng) self = horng (ns[a], ms[b]);
          double bound = ns[a] / flitlab_horng_get_mean_distance (self);

          for (double lambda = 1e-9; lambda <= 1.0001e9; lambda *= (ms[b] == 256 ? 1e6 : 10))
            {
              FlitlabHorngSolution s = solve (self, lambda);

              g_assert_true (isfinite (s.delay) && isfinite (s.power) && isfinite (s.hops));
              g_assert_cmpfloat (s.acceptance, >, 0);
              g_assert_cmpfloat (s.acceptance, <=, 1);
              g_assert_cmpfloat (s.delay, >=, 1 - 1e-12);
              g_assert_cmpfloat (s.hops, >=, flitlab_horng_get_mean_distance (self) * (1 - 1e-14));
              g_assert_cmpfloat (s.throughput, <=, bound * (1 + 1e-12));
              g_assert_cmpfloat (fabs (s.residual), <=, 1e-10 * MAX (1, lambda));
              g_assert_cmpfloat (s.utilization, <=, 1);
              count++;
            }
        }
    }
  g_test_message ("%u (n, M, lambda) points solved", count);

  {
    g_autoptr(FlitlabHorng) self = horng (6, 10);
    FlitlabHorngSolution s;

    g_assert_false (flitlab_horng_solve (self, -1, &s, NULL, NULL));
    g_assert_false (flitlab_horng_solve (self, NAN, &s, NULL, NULL));
    g_assert_false (flitlab_horng_solve (self, INFINITY, &s, NULL, NULL));
    g_assert_false (flitlab_horng_solve (self, 2e9, &s, NULL, NULL));
  }
}

static GHashTable *
params_new (const char *first_key,
            ...)
{
  GHashTable *params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  va_list args;

  va_start (args, first_key);
  for (const char *key = first_key; key != NULL; key = va_arg (args, const char *))
    g_hash_table_insert (params, g_strdup (key), g_strdup (va_arg (args, const char *)));
  va_end (args);
  return params;
}

static void
test_bad_params (void)
{
  const struct
  {
    const char *key1, *value1, *key2, *value2;
    int         code;
    const char *needle;
  } cases[] = {
    { "buffers", "4", NULL, NULL, FLITLAB_MODEL_ERROR_INVALID_PARAMETER, "M ≥ n" },
    { "n", "8", "buffers", "7", FLITLAB_MODEL_ERROR_INVALID_PARAMETER, "buffers" },
    { "n", "0", NULL, NULL, FLITLAB_MODEL_ERROR_INVALID_PARAMETER, "“n”" },
    { "n", "17", NULL, NULL, FLITLAB_MODEL_ERROR_INVALID_PARAMETER, "“n”" },
    { "n", "six", NULL, NULL, FLITLAB_MODEL_ERROR_INVALID_PARAMETER, "“n”" },
    { "buffers", "-3", NULL, NULL, FLITLAB_MODEL_ERROR_INVALID_PARAMETER, "buffers" },
    { "buffers", "257", NULL, NULL, FLITLAB_MODEL_ERROR_INVALID_PARAMETER, "buffers" },
    { "k", "8", NULL, NULL, FLITLAB_MODEL_ERROR_UNKNOWN_PARAMETER, "“k”" },
    { "buffers", "", NULL, NULL, FLITLAB_MODEL_ERROR_INVALID_PARAMETER, "empty" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GHashTable) params = params_new (cases[i].key1, cases[i].value1,
                                                 cases[i].key2, cases[i].value2, NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabModel) model = flitlab_model_new ("horng-kleinrock", params, &error);

      g_assert_null (model);
      g_assert_error (error, FLITLAB_MODEL_ERROR, cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].needle));
    }

  {
    g_autoptr(GError) error = NULL;

    g_assert_null (flitlab_horng_new (6, 5, &error));
    g_assert_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER);
  }
}

/* Through the registry: columns, CSV values, detail classes and vectors, channels, rates the
 * model refuses. */
static void
test_registry (void)
{
  static const char * const columns[] = { "throughput", "acceptance", "utilization", "forward",
                                          "backtrack", "power", "queue", "progress", "hops" };
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabModel) model = flitlab_model_new ("horng-kleinrock", NULL, &error);
  g_autoptr(FlitlabModelPoint) point = NULL;
  g_autoptr(FlitlabModelPoint) zero = NULL;
  g_autoptr(FlitlabModelPoint) huge = NULL;
  const FlitlabModelInfo *info;
  const FlitlabTopology *topology;
  guint n_columns = 0, found = 0;
  double sum = 0;

  g_assert_no_error (error);
  g_assert_nonnull (model);
  info = flitlab_model_get_info (model);
  while (info->columns[n_columns] != NULL)
    n_columns++;
  g_assert_cmpuint (n_columns, ==, G_N_ELEMENTS (columns));
  for (guint i = 0; i < n_columns; i++)
    g_assert_cmpstr (info->columns[i], ==, columns[i]);

  topology = flitlab_model_get_topology (model);
  g_assert_cmpuint (flitlab_topology_get_n_nodes (topology), ==, 64);

  /* Defaults n = 6, M = 10, against the reference row at lambda = 1. */
  point = flitlab_model_evaluate_detail (model, 1.0);
  g_assert_false (point->saturated);
  g_assert_cmpfloat (rel_diff (point->latency, 4.27176038176), <, 1e-6);
  g_assert_cmpfloat (rel_diff (point->values[0], 0.980894400116), <, 1e-6);
  g_assert_cmpfloat (rel_diff (point->values[1], 0.980894400116), <, 1e-6);
  g_assert_cmpfloat (rel_diff (point->values[2], 0.505320397891), <, 1e-6);
  g_assert_cmpfloat (rel_diff (point->values[3], 0.501776237070), <, 1e-6);
  g_assert_cmpfloat (rel_diff (point->values[3] - point->values[4], 0.498232076250), <, 1e-6);
  g_assert_cmpfloat (rel_diff (point->values[5], 14.415098049612), <, 1e-6);
  g_assert_cmpfloat (rel_diff (point->values[6], 4.190145837104), <, 1e-6);
  g_assert_cmpfloat (rel_diff (point->values[7], 0.498232076250), <, 1e-6);
  g_assert_cmpfloat (rel_diff (point->values[8], 3.090977364116), <, 1e-6);

  for (guint i = 0; i < point->classes->len; i++)
    {
      const FlitlabModelClass *klass = &g_array_index (point->classes, FlitlabModelClass, i);

      if (g_str_equal (klass->name, "channel"))
        {
          found++;
          g_assert_cmpfloat (rel_diff (klass->utilization, 0.505320397891), <, 1e-6);
          /* flow u equals throughput x hops / n at the root of Eq. 17 */
          g_assert_cmpfloat (rel_diff (klass->flow, point->values[0] * point->values[8] / 6),
                             <, 1e-9);
          g_assert_cmpfloat (klass->wait, >=, 0);
        }
    }
  g_assert_cmpuint (found, ==, 1);
  found = 0;
  for (guint i = 0; i < point->vectors->len; i++)
    {
      const FlitlabModelVector *vector = g_ptr_array_index (point->vectors, i);

      if (g_str_equal (vector->name, "stationary"))
        {
          found++;
          g_assert_cmpuint (vector->n_values, ==, 11);
          for (guint j = 0; j < vector->n_values; j++)
            sum += vector->values[j];
          g_assert_cmpfloat_with_epsilon (sum, 1, 1e-14);
          g_assert_cmpfloat (rel_diff (vector->values[10], 1.910559988377e-02), <, 1e-9);
        }
    }
  g_assert_cmpuint (found, ==, 1);

  g_assert_cmpuint (point->n_channels, ==, flitlab_topology_get_n_channels (topology));
  for (guint id = 0; id < point->n_channels; id++)
    {
      const FlitlabChannel *channel = flitlab_topology_get_channel (topology, id);

      if (channel->kind == FLITLAB_CHANNEL_NETWORK)
        g_assert_cmpfloat (point->channel_utilization[id], ==, point->values[2]);
      else
        g_assert_cmpfloat (point->channel_flow[id], ==, point->values[0]);
    }

  /* lambda = 0 is the zero-load limit; rates above 1e9 are refused, not crashed on. */
  zero = flitlab_model_evaluate (model, 0);
  g_assert_false (zero->saturated);
  g_assert_cmpfloat (rel_diff (zero->latency, 6 * 32.0 / 63), <, 1e-15);
  huge = flitlab_model_evaluate (model, 1e12);
  g_assert_true (huge->saturated);
  g_assert_true (isnan (huge->latency));

  g_assert_cmpfloat (rel_diff (flitlab_model_get_saturation_rate (model), 1.4975772533), <, 1e-9);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/flitlab/model/horng/row-sums", test_row_sums);
  g_test_add_func ("/flitlab/model/horng/assignment-eq2-eq3", test_assignment);
  g_test_add_func ("/flitlab/model/horng/hops-eq11", test_hops_eq11);
  g_test_add_func ("/flitlab/model/horng/reference-n6", test_reference_n6);
  g_test_add_func ("/flitlab/model/horng/stationary", test_stationary);
  g_test_add_func ("/flitlab/model/horng/delay-equals-hops-when-m-is-n", test_delay_equals_hops);
  g_test_add_func ("/flitlab/model/horng/zero-load", test_zero_load);
  g_test_add_func ("/flitlab/model/horng/balance-residual", test_balance_residual);
  g_test_add_func ("/flitlab/model/horng/claim-throughput-does-not-degrade", test_claim_throughput);
  g_test_add_func ("/flitlab/model/horng/claim-few-buffers", test_claim_few_buffers);
  g_test_add_func ("/flitlab/model/horng/claim-power", test_claim_power);
  g_test_add_func ("/flitlab/model/horng/capacity", test_capacity);
  g_test_add_func ("/flitlab/model/horng/robust", test_robust);
  g_test_add_func ("/flitlab/model/horng/bad-params", test_bad_params);
  g_test_add_func ("/flitlab/model/horng/registry", test_registry);

  return g_test_run ();
}
