/* bench-backtrack.c: simulated cycles per second of the backtracking hypercube simulator
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The 6-cube and the 10-cube with M = n + 4 buffers per node, at the load where the
 * horng-kleinrock model's power (gamma P_A / T) is largest, one thread, one replication.
 */

#include "config.h"

#include <math.h>
#include <stdio.h>

#include "flitlab-model.h"
#include "flitlab-sim-backtrack.h"

/* The load of maximum model power on a grid of 200 loads up to 3 messages per node per cycle. */
static double
max_power_load (guint n,
                guint buffers)
{
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
  g_autoptr(FlitlabModel) model = NULL;
  const FlitlabModelInfo *info;
  double best = 0, best_rate = 0.5;
  int power = -1;

  g_hash_table_insert (params, "n", g_strdup_printf ("%u", n));
  g_hash_table_insert (params, "buffers", g_strdup_printf ("%u", buffers));
  model = flitlab_model_new ("horng-kleinrock", params, NULL);
  if (model == NULL)
    return best_rate;
  info = flitlab_model_get_info (model);
  for (int c = 0; info->columns[c] != NULL; c++)
    if (g_str_equal (info->columns[c], "power"))
      power = c;
  for (guint i = 1; i <= 200 && power >= 0; i++)
    {
      g_autoptr(FlitlabModelPoint) point = flitlab_model_evaluate (model, 3.0 * i / 200);

      if (!point->saturated && point->values[power] > best)
        {
          best = point->values[power];
          best_rate = point->rate;
        }
    }
  return best_rate;
}

static void
bench (guint   n,
       guint64 cycles)
{
  g_autoptr(FlitlabBacktrackConfig) config = flitlab_backtrack_config_new (n, n + 4);
  g_autoptr(FlitlabBacktrackResult) result = NULL;
  double rate = max_power_load (n, n + 4), seconds;
  gint64 start;

  config->rates = g_memdup2 (&rate, sizeof rate);
  config->n_rates = 1;
  config->replications = 1;
  config->threads = 1;
  config->warmup = cycles / 10;
  config->cycles = cycles;
  start = g_get_monotonic_time ();
  result = flitlab_sim_backtrack_run (config, NULL, NULL, NULL);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  if (result == NULL)
    return;
  printf ("%2u-cube  M=%-3u lambda %-8.4f %12.0f %16.0f %10.3f %10.2f\n", n, n + 4, rate,
          (config->warmup + cycles) / seconds,
          result->points[0].utilization * n * (1u << n) * (config->warmup + cycles) / seconds,
          result->points[0].throughput, result->points[0].delay);
}

int
main (int   argc,
      char *argv[])
{
  printf ("%-8s %-5s %-15s %12s %16s %10s %10s\n", "network", "M", "load", "cycles/s",
          "messages-hops/s", "throughput", "delay");
  bench (6, 200000);
  bench (10, 20000);
  return 0;
}
