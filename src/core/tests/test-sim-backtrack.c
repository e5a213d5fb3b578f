/* test-sim-backtrack.c: the finite-buffer hypercube with backtracking, simulated
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-model.h"
#include "flitlab-sim-backtrack.h"

static FlitlabBacktrackResult *
run (guint          n,
     guint          buffers,
     const double  *rates,
     guint          n_rates,
     guint64        cycles,
     gboolean       check,
     guint          threads)
{
  g_autoptr(FlitlabBacktrackConfig) config = flitlab_backtrack_config_new (n, buffers);
  g_autoptr(GError) error = NULL;
  FlitlabBacktrackResult *result;

  config->rates = g_memdup2 (rates, sizeof (double) * n_rates);
  config->n_rates = n_rates;
  config->cycles = cycles;
  config->warmup = 1000;
  config->check = check;
  config->threads = threads;
  config->replications = 2;
  result = flitlab_sim_backtrack_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  return result;
}

/* In checking mode every cycle verifies that accepted = delivered + stored, that the oldest
 * message moved, that no node receives with full buffers; deliveries are at the destination by
 * construction. Tight buffers (M = n) and overload exercise the second phase hardest. */
static void
test_guarantees (void)
{
  const double rates[] = { 0.3, 3.0 };
  g_autoptr(FlitlabBacktrackResult) tight = run (4, 4, rates, 2, 3000, TRUE, 1);
  g_autoptr(FlitlabBacktrackResult) six = run (6, 7, rates, 2, 2000, TRUE, 1);

  g_assert_cmpfloat (tight->points[1].backtrack, >, 0);
  g_assert_cmpfloat (six->points[1].acceptance, <, 1);
  g_assert_cmpuint (six->points[1].delivered, >, 1000);
}

/* Little's law on the sampled queue, flow balance, and hops at least the distance. */
static void
test_consistency (void)
{
  const double rates[] = { 0.1, 0.5, 2.0 };
  g_autoptr(FlitlabBacktrackResult) result = run (6, 10, rates, 3, 20000, FALSE, 0);
  double dbar = 6 * 32.0 / 63;

  for (guint i = 0; i < result->n_points; i++)
    {
      const FlitlabBacktrackPoint *p = &result->points[i];

      g_test_message ("lambda %.2f: delay %.3f ± %.3f, throughput %.4f, P_A %.4f, queue %.3f, "
                      "u %.4f, P_f %.4f, P_r %.4f, hops %.3f, power %.3f", p->rate, p->delay,
                      p->ci95, p->throughput, p->acceptance, p->queue, p->utilization,
                      p->forward, p->backtrack, p->hops, p->power);
      g_assert_cmpfloat (fabs (p->delay / (p->queue / p->throughput) - 1), <, 0.02);
      g_assert_cmpfloat (fabs (p->throughput / (p->rate * p->acceptance) - 1), <, 0.02);
      g_assert_cmpfloat (fabs (p->utilization - (p->forward + p->backtrack)), <, 1e-12);
      g_assert_cmpfloat (p->hops, >=, dbar * 0.98);
      /* Every hop is one channel use: n u N = throughput N hops. */
      g_assert_cmpfloat (fabs (6 * p->utilization / (p->throughput * p->hops) - 1), <, 0.02);
    }
  /* Light load with ten buffers: almost nothing is forced out, hops are the distance. */
  g_assert_cmpfloat (fabs (result->points[0].hops / dbar - 1), <, 0.01);
  g_assert_cmpfloat (result->points[0].acceptance, >, 0.999);
}

static void
test_threads_identical (void)
{
  const double rates[] = { 0.4, 1.0 };
  g_autoptr(FlitlabBacktrackResult) one = run (5, 6, rates, 2, 3000, FALSE, 1);
  g_autoptr(FlitlabBacktrackResult) two = run (5, 6, rates, 2, 3000, FALSE, 2);

  for (guint i = 0; i < one->n_points; i++)
    {
      g_assert_true (memcmp (&one->points[i].delay, &two->points[i].delay, sizeof (double)) == 0);
      g_assert_true (memcmp (one->points[i].channel_utilization, two->points[i].channel_utilization,
                             sizeof (double) * one->points[i].n_channels) == 0);
    }
}

static void
test_invalid (void)
{
  const double rate = 0.5;
  g_autoptr(FlitlabBacktrackConfig) config = flitlab_backtrack_config_new (6, 5);
  g_autoptr(GError) error = NULL;

  config->rates = g_memdup2 (&rate, sizeof rate);
  config->n_rates = 1;
  g_assert_null (flitlab_sim_backtrack_run (config, NULL, NULL, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
  g_clear_error (&error);
  config->buffers = 6;
  config->rates[0] = -1;
  g_assert_null (flitlab_sim_backtrack_run (config, NULL, NULL, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/sim-backtrack/guarantees", test_guarantees);
  g_test_add_func ("/flitlab/sim-backtrack/consistency", test_consistency);
  g_test_add_func ("/flitlab/sim-backtrack/threads-identical", test_threads_identical);
  g_test_add_func ("/flitlab/sim-backtrack/invalid", test_invalid);
  return g_test_run ();
}
