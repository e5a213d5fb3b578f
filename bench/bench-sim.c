/* bench-sim.c: simulated cycles and flit-hops per second of the wormhole simulator
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One replication on one thread, dimension-ordered routing with two dateline virtual channels,
 * single-flit buffers, 20-flit messages. Loads: 0.0095 messages/cycle/node on the 8x8 torus
 * (BookSim's reference point, docs/validation/speed.md) and about half of this simulator's own
 * saturation, measured with flitlab-cli simulate (accepted throughput stops following the
 * load): 8x8 near 0.013, 16x16 near 0.0061, 16x16x16 near 0.0047. Also where BookSim 2 was
 * timed at about half of its saturation: 16x16 at 0.0036 (it saturates near 0.0072) and
 * 16x16x16 at 0.00408. Prints the rate, the cycles simulated per second, the flit-hops per
 * second, the engine's bytes per channel and its total, and how much the process's peak
 * resident size grew during the run (a high-water mark, so the networks run smallest first).
 * An argument restricts the run to one network spec, to alternate with BookSim:
 *   bench-sim torus:16x16:bi
 */

#include "config.h"

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>

#include "flitlab-sim-private.h"

static const char *only;

static long
peak_rss_kb (void)
{
  struct rusage usage;

  if (getrusage (RUSAGE_SELF, &usage) != 0)
    return 0;
  return usage.ru_maxrss;
}

static void
bench (const char *spec,
       double      rate,
       guint64     cycles)
{
  g_autoptr(FlitlabSimConfig) config = NULL;
  g_autoptr(FlitlabSimResult) result = NULL;
  g_autoptr(FlitlabTopology) topology = NULL;
  g_autoptr(GError) error = NULL;
  guint n_network;
  double seconds, flit_hops = 0, simulated, bytes_per_channel;
  gint64 start;
  long rss_before;

  if (only != NULL && strcmp (only, spec) != 0)
    return;
  /* Before the topology, whose channel records count in the bytes per channel. */
  rss_before = peak_rss_kb ();
  config = flitlab_sim_config_new (spec);
  topology = flitlab_topology_new_from_spec (spec, NULL);
  n_network = flitlab_topology_get_n_network_channels (topology);
  config->flits = 20;
  config->vcs = 2;
  config->replications = 1;
  config->threads = 1;
  config->warmup = cycles / 10;
  config->cycles = cycles;
  flitlab_sim_config_set_rates (config, &rate, 1);

  start = g_get_monotonic_time ();
  result = flitlab_sim_run (config, NULL, NULL, &error);
  seconds = (g_get_monotonic_time () - start) / 1e6;
  if (result == NULL)
    {
      printf ("%-20s %s\n", spec, error->message);
      return;
    }
  for (guint c = 0; c < n_network; c++)
    flit_hops += result->points[0].utilization[c];
  /* Warm-up and measured window; the drain adds about one latency, left out. */
  simulated = (double) (config->warmup + config->cycles);
  bytes_per_channel = (double) flitlab_sim_wormhole_bytes_per_channel (topology, config->vcs);
  printf ("%-20s %10.5f %14.0f %16.0f %12.1f %10.2f %10ld %12.0f\n", spec, rate,
          simulated / seconds, flit_hops * simulated / seconds,
          result->points[0].latency[FLITLAB_LATENCY_TOTAL],
          bytes_per_channel, peak_rss_kb () - rss_before, n_network * bytes_per_channel / 1024);
}

int
main (int   argc,
      char *argv[])
{
  if (argc > 1)
    only = argv[1];
  printf ("%-20s %10s %14s %16s %12s %10s %10s %12s\n", "network", "rate", "cycles/s",
          "flit-hops/s", "latency", "bytes/ch", "+RSS kB", "engine kB");
  bench ("torus:8x8:bi", 0.0095, 200000);
  bench ("torus:8x8:bi", 0.0066, 200000);
  bench ("torus:16x16:bi", 0.0032, 50000);
  bench ("torus:16x16:bi", 0.0036, 50000);
  bench ("torus:16x16x16:bi", 0.00408, 5000);
  bench ("torus:16x16x16:bi", 0.0023, 5000);
  return 0;
}
