/* test-sim.c: the flit-level wormhole simulator against exact values and the papers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-sim-private.h"
#include "flitlab-sim-trace.h"
#include "flitlab-routing.h"

static FlitlabSimResult *
run_one (const char     *topology,
         FlitlabRouting  routing,
         double          flits,
         double          rate,
         guint64         cycles)
{
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new (topology);
  g_autoptr(GError) error = NULL;
  FlitlabSimResult *result;

  config->routing = routing;
  config->flits = flits;
  config->cycles = cycles;
  config->replications = 2;
  flitlab_sim_config_set_rates (config, &rate, 1);
  result = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (result);
  return result;
}

/* At a load where messages almost never meet, each one takes exactly its hops plus L + 1
 * cycles, and the hops average to the topology's exact mean distance. */
static void
check_zero_load (gconstpointer data)
{
  const char *spec = data;
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (spec, NULL);
  FlitlabRouting routing = g_str_has_prefix (spec, "necklace") ? FLITLAB_ROUTING_NECKLACE
                                                                : FLITLAB_ROUTING_DOR;
  double rate = 0.002 / flitlab_topology_get_n_nodes (topology);
  g_autoptr(FlitlabSimResult) result = run_one (spec, routing, 8, rate, 200000);
  const FlitlabSimPoint *p = &result->points[0];
  double exact = p->mean_hops + 8 + 1;

  g_test_message ("%s: latency %.4f, hops + L + 1 = %.4f, mean hops %.4f, mean distance %.4f, %"
                  G_GUINT64_FORMAT " messages", spec, p->latency[FLITLAB_LATENCY_TOTAL], exact,
                  p->mean_hops, flitlab_topology_mean_distance (topology), p->messages);
  g_assert_false (p->saturated);
  g_assert_cmpuint (p->messages, >, 300);
  /* Contention can only add to the exact value; at this load (one message every 500 cycles in
   * the whole network) it adds a few hundredths of a cycle; an off-by-one would add 1. */
  g_assert_cmpfloat (p->latency[FLITLAB_LATENCY_TOTAL], >=, exact - 1e-9);
  g_assert_cmpfloat (p->latency[FLITLAB_LATENCY_TOTAL] - exact, <, 0.05);
  /* The other counts (flitlab-latency.h): network D + L + 1, transit and source-transit
   * D + L - 1, the papers' zero-load latency. */
  g_assert_cmpfloat (fabs (p->latency[FLITLAB_LATENCY_NETWORK] - exact), <, 0.05);
  g_assert_cmpfloat (fabs (p->latency[FLITLAB_LATENCY_TRANSIT] - (exact - 2)), <, 0.05);
  g_assert_cmpfloat (p->latency[FLITLAB_LATENCY_TRANSIT], >=, exact - 2 - 1e-9);
  g_assert_cmpfloat (fabs (p->latency[FLITLAB_LATENCY_SOURCE_TRANSIT] - (exact - 2)), <, 0.05);
  for (guint k = 0; k < FLITLAB_LATENCY_N; k++)
    g_assert_cmpfloat (p->ci95[k], >, 0);
  /* Necklace routing is not always minimal (it passes a base vertex), so only the tori,
   * meshes and hypercubes must average the minimal distance. */
  if (routing != FLITLAB_ROUTING_NECKLACE)
    g_assert_cmpfloat (fabs (p->mean_hops / flitlab_topology_mean_distance (topology) - 1), <,
                       0.05);
}

/* Every flit that is delivered crossed mean_hops network channels, one injection and one
 * ejection channel: the summed utilizations must account for exactly that traffic. */
static void
test_flow_conservation (void)
{
  g_autoptr(FlitlabSimResult) result = run_one ("torus:8x8:bi", FLITLAB_ROUTING_DOR, 16, 0.01,
                                                40000);
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("torus:8x8:bi", NULL);
  const FlitlabSimPoint *p = &result->points[0];
  guint n_network = flitlab_topology_get_n_network_channels (topology);
  guint n_nodes = flitlab_topology_get_n_nodes (topology);
  double network = 0, injection = 0, expected;

  for (guint c = 0; c < n_network; c++)
    network += p->utilization[c];
  for (guint c = n_network; c < n_network + n_nodes; c++)
    injection += p->utilization[c];
  expected = p->throughput * n_nodes * p->mean_hops * 16;
  g_test_message ("network flits/cycle %.4f, throughput x N x hops x L %.4f", network, expected);
  g_assert_cmpfloat (fabs (network / expected - 1), <, 0.01);
  g_assert_cmpfloat (fabs (injection / (p->throughput * n_nodes * 16) - 1), <, 0.01);
  g_assert_cmpfloat (fabs (p->throughput / 0.01 - 1), <, 0.03);
}

static FlitlabSimResult *
run_threads (guint threads)
{
  const double rates[] = { 0.004, 0.012 };
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("torus:6x6:bi");
  g_autoptr(GError) error = NULL;
  FlitlabSimResult *result;

  config->routing = FLITLAB_ROUTING_ADAPTIVE;
  config->vcs = 4;
  config->length = FLITLAB_LENGTH_EXPONENTIAL;
  config->flits = 12;
  config->cycles = 5000;
  config->replications = 3;
  config->threads = threads;
  config->seed = 42;
  flitlab_sim_config_set_rates (config, rates, G_N_ELEMENTS (rates));
  result = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  return result;
}

static void
test_threads_identical (void)
{
  g_autoptr(FlitlabSimResult) one = run_threads (1);
  g_autoptr(FlitlabSimResult) two = run_threads (2);
  g_autoptr(FlitlabSimResult) five = run_threads (5);

  for (guint i = 0; i < one->n_points; i++)
    {
      const FlitlabSimPoint *a = &one->points[i], *b = &two->points[i], *c = &five->points[i];

      g_assert_true (memcmp (a->latency, b->latency, sizeof a->latency) == 0);
      g_assert_true (memcmp (a->latency, c->latency, sizeof a->latency) == 0);
      g_assert_true (memcmp (a->ci95, c->ci95, sizeof a->ci95) == 0);
      g_assert_true (memcmp (&a->throughput, &c->throughput, sizeof (double)) == 0);
      g_assert_true (memcmp (a->utilization, c->utilization, sizeof (double) * a->n_channels) == 0);
      g_assert_true (memcmp (a->blocking, b->blocking, sizeof (double) * a->n_channels) == 0);
    }
}

/* A large replication runs as independent streams (flitlab-sim-private.h): their count
 * depends on the window's node-cycles only, their windows add up to the replication's, and
 * the point is the same whatever the threads. */
static void
test_streams (void)
{
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("torus:16x16x16:bi");
  g_autoptr(FlitlabTopology) topology = NULL;
  g_autoptr(FlitlabTraffic) traffic = NULL;
  g_autoptr(FlitlabSimResult) one = NULL;
  g_autoptr(FlitlabSimResult) three = NULL;
  g_autoptr(GError) error = NULL;
  const double rate = 0.0005;
  double expected;
  guint64 window = 0;
  guint vcs;

  config->cycles = 20000;
  g_assert_cmpuint (flitlab_sim_streams (config, 4096), ==, 4);
  g_assert_cmpuint (flitlab_sim_streams (config, 64), ==, 1);
  config->cycles = 1000000;
  g_assert_cmpuint (flitlab_sim_streams (config, 4096), ==, FLITLAB_SIM_MAX_STREAMS);
  config->cycles = 8192; /* 4096 x 8192 = 2^25 node-cycles: one stream; a cycle more, two */
  g_assert_cmpuint (flitlab_sim_streams (config, 4096), ==, 1);
  config->cycles = 8193;
  g_assert_cmpuint (flitlab_sim_streams (config, 4096), ==, 2);

  config->replications = 1;
  flitlab_sim_config_set_rates (config, &rate, 1);
  vcs = flitlab_sim_build_network (config, &topology, &traffic, &error);
  g_assert_no_error (error);
  for (guint j = 0; j < 2; j++)
    {
      FlitlabSimJob job;

      flitlab_sim_job_init (&job, config, topology, traffic, vcs, j);
      g_assert_cmpfloat (job.rate, ==, rate);
      g_assert_cmpuint (job.stream, ==, j);
      g_assert_cmpuint (job.pilot, ==, FLITLAB_SIM_PILOT / 2);
      window += job.cycles;
    }
  g_assert_cmpuint (window, ==, config->cycles);

  config->warmup = 200;
  config->threads = 1;
  one = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  config->threads = 3;
  three = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (memcmp (one->points[0].latency, three->points[0].latency,
                         sizeof one->points[0].latency) == 0);
  g_assert_true (memcmp (one->points[0].ci95, three->points[0].ci95,
                         sizeof one->points[0].ci95) == 0);
  g_assert_true (memcmp (&one->points[0].throughput, &three->points[0].throughput,
                         sizeof (double)) == 0);
  /* Both streams measured: the window's messages, within Poisson noise. */
  expected = rate * 4096 * config->cycles;
  g_assert_cmpfloat (fabs (one->points[0].messages - expected), <, 5 * sqrt (expected));
  g_assert_true (isfinite (one->points[0].ci95[FLITLAB_LATENCY_TOTAL]));
}

static void
test_saturation (void)
{
  g_autoptr(FlitlabSimResult) result = run_one ("torus:4x4:bi", FLITLAB_ROUTING_DOR, 16, 0.2, 5000);

  g_assert_true (result->points[0].saturated);
  g_assert_true (isnan (result->points[0].latency[FLITLAB_LATENCY_TOTAL]));
  g_assert_cmpfloat (result->points[0].throughput, <, 0.2);
}

static gboolean
stop_at_once (double   fraction,
              double   seconds_left,
              gpointer data)
{
  guint *calls = data;

  (*calls)++;
  return FALSE;
}

static void
test_cancel (void)
{
  const double rate = 0.005;
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("torus:8x8:bi");
  g_autoptr(FlitlabSimResult) result = NULL;
  g_autoptr(GError) error = NULL;
  guint calls = 0;

  config->cycles = 1000000;
  config->threads = 2;
  flitlab_sim_config_set_rates (config, &rate, 1);
  result = flitlab_sim_run (config, stop_at_once, &calls, &error);
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_CANCELLED);
  g_assert_null (result);
  g_assert_cmpuint (calls, >=, 1);
}

/* A uni-directional ring with one virtual channel and no dateline deadlocks under load: the
 * watchdog must stop the run and name the channels, not hang. */
static void
test_deadlock_reported (void)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("torus:4:uni", NULL);
  g_autoptr(FlitlabTraffic) traffic = flitlab_traffic_new (topology, FLITLAB_TRAFFIC_UNIFORM, 0, 0,
                                                           NULL);
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("torus:4:uni");
  g_autoptr(GError) error = NULL;
  FlitlabSimReplication out;
  FlitlabSimJob job = { 0 };

  config->flits = 32;
  config->warmup = 1000;
  config->cycles = 200000;
  config->watchdog = 500;
  job.topology = topology;
  job.traffic = traffic;
  job.config = config;
  job.vcs = 1;
  job.rate = 0.05;
  g_assert_false (flitlab_sim_wormhole_run (&job, &out, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_DEADLOCK);
  g_assert_nonnull (strstr (error->message, "channel"));
  g_test_message ("%s", error->message);
}

static void
check_invalid (const char     *topology,
               FlitlabRouting  routing,
               guint           vcs,
               double          rate,
               double          flits,
               GQuark          domain,
               int             code)
{
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new (topology);
  g_autoptr(FlitlabSimResult) result = NULL;
  g_autoptr(GError) error = NULL;

  config->routing = routing;
  config->vcs = vcs;
  config->flits = flits;
  flitlab_sim_config_set_rates (config, &rate, 1);
  result = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_null (result);
  g_assert_error (error, domain, code);
}

static void
test_invalid (void)
{
  check_invalid ("torus:4x4:bi", FLITLAB_ROUTING_NECKLACE, 0, 0.01, 8, FLITLAB_SIM_ERROR,
                 FLITLAB_SIM_ERROR_INVALID);
  check_invalid ("necklace:2,3", FLITLAB_ROUTING_DOR, 0, 0.01, 8, FLITLAB_SIM_ERROR,
                 FLITLAB_SIM_ERROR_INVALID);
  /* Too few VCs for a dateline: refused with the code that says the deadlock lab would run it. */
  check_invalid ("torus:4x4:bi", FLITLAB_ROUTING_DOR, 1, 0.01, 8, FLITLAB_SIM_ERROR,
                 FLITLAB_SIM_ERROR_DEADLOCK_PRONE);
  check_invalid ("torus:4x4:bi", FLITLAB_ROUTING_DOR, 3, 0.01, 8, FLITLAB_SIM_ERROR,
                 FLITLAB_SIM_ERROR_INVALID);
  check_invalid ("torus:4x4:bi", FLITLAB_ROUTING_ADAPTIVE, 2, 0.01, 8, FLITLAB_SIM_ERROR,
                 FLITLAB_SIM_ERROR_DEADLOCK_PRONE);
  check_invalid ("mesh:4x4", FLITLAB_ROUTING_DOR, 0, 1.5, 8, FLITLAB_SIM_ERROR,
                 FLITLAB_SIM_ERROR_INVALID);
  check_invalid ("mesh:4x4", FLITLAB_ROUTING_DOR, 0, NAN, 8, FLITLAB_SIM_ERROR,
                 FLITLAB_SIM_ERROR_INVALID);
  check_invalid ("mesh:4x4", FLITLAB_ROUTING_DOR, 0, 0.01, 0, FLITLAB_SIM_ERROR,
                 FLITLAB_SIM_ERROR_INVALID);
  check_invalid ("mesh:4x", FLITLAB_ROUTING_DOR, 0, 0.01, 8, FLITLAB_TOPOLOGY_ERROR,
                 FLITLAB_TOPOLOGY_ERROR_INVALID);
  /* A study's routing, but no wormhole routing: flitlab-sim-backtrack.h simulates it. */
  check_invalid ("hypercube:4", FLITLAB_ROUTING_BACKTRACK, 0, 0.01, 8, FLITLAB_SIM_ERROR,
                 FLITLAB_SIM_ERROR_INVALID);

  /* Issue #18: a warm-up of 2^64 - 1 made warm-up + cycles wrap, and the run never ended. */
  {
    g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("torus:4x4:bi");
    g_autoptr(FlitlabSimResult) result = NULL;
    g_autoptr(GError) error = NULL;
    double rate = 0.01;

    flitlab_sim_config_set_rates (config, &rate, 1);
    config->warmup = G_MAXUINT64;
    result = flitlab_sim_run (config, NULL, NULL, &error);
    g_assert_null (result);
    g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
  }
}

static void
test_traffic_patterns (void)
{
  g_autoptr(FlitlabTopology) torus = flitlab_topology_new_from_spec ("torus:4x4:bi", NULL);
  g_autoptr(FlitlabTopology) ring = flitlab_topology_new_from_spec ("torus:5:bi", NULL);
  g_autoptr(FlitlabTopology) necklace = flitlab_topology_new_from_spec ("necklace:2,3", NULL);
  g_autoptr(GError) error = NULL;
  FlitlabRng rng;

  flitlab_rng_init (&rng, 7, 0);
  for (FlitlabTrafficPattern p = FLITLAB_TRAFFIC_UNIFORM; p <= FLITLAB_TRAFFIC_HOTSPOT; p++)
    {
      g_autoptr(FlitlabTraffic) traffic = flitlab_traffic_new (torus, p, 0.3, 5, &error);
      guint seen[16] = { 0 };
      FlitlabTrafficPattern back;

      g_assert_no_error (error);
      g_assert_true (flitlab_traffic_pattern_from_string (flitlab_traffic_pattern_to_string (p),
                                                          &back));
      g_assert_cmpint (back, ==, p);
      for (guint i = 0; i < 16000; i++)
        {
          guint src = i % 16, dst = flitlab_traffic_destination (traffic, src, &rng);

          g_assert_true (dst == G_MAXUINT || (dst < 16 && dst != src));
          if (dst != G_MAXUINT)
            seen[dst]++;
        }
      if (p == FLITLAB_TRAFFIC_HOTSPOT)
        /* 0.3 of the 15 other nodes' messages plus the uniform share. */
        g_assert_cmpfloat (fabs (seen[5] / 15000.0 - (0.3 + 0.7 / 15)), <, 0.02);
      if (p == FLITLAB_TRAFFIC_TRANSPOSE)
        g_assert_cmpfloat (flitlab_traffic_active_fraction (traffic), ==, 12.0 / 16.0);
    }

  /* Transpose needs an even number of dimensions; permutations need coordinates. */
  g_assert_null (flitlab_traffic_new (ring, FLITLAB_TRAFFIC_TRANSPOSE, 0, 0, &error));
  g_assert_error (error, FLITLAB_TRAFFIC_ERROR, FLITLAB_TRAFFIC_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (flitlab_traffic_new (necklace, FLITLAB_TRAFFIC_TORNADO, 0, 0, &error));
  g_assert_error (error, FLITLAB_TRAFFIC_ERROR, FLITLAB_TRAFFIC_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (flitlab_traffic_new (torus, FLITLAB_TRAFFIC_HOTSPOT, 1.5, 0, &error));
  g_assert_error (error, FLITLAB_TRAFFIC_ERROR, FLITLAB_TRAFFIC_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (flitlab_traffic_new (torus, FLITLAB_TRAFFIC_HOTSPOT, 0.5, 16, &error));
  g_assert_error (error, FLITLAB_TRAFFIC_ERROR, FLITLAB_TRAFFIC_ERROR_INVALID);
}

/* Heavy load with adaptive routing on every family that has it: no deadlock may appear. */
static void
check_no_deadlock (gconstpointer data)
{
  const char *spec = data;
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new (spec);
  g_autoptr(FlitlabSimResult) result = NULL;
  g_autoptr(GError) error = NULL;
  gboolean necklace = g_str_has_prefix (spec, "necklace");
  /* A stable load first (necklace nodes have degree two and saturate early), then overload. */
  const double rates[] = { necklace ? 0.004 : 0.02, 0.2 };

  config->routing = necklace ? FLITLAB_ROUTING_NECKLACE : FLITLAB_ROUTING_ADAPTIVE;
  config->flits = 16;
  config->warmup = 2000;
  config->cycles = 8000;
  config->replications = 1;
  config->watchdog = 5000;
  flitlab_sim_config_set_rates (config, rates, G_N_ELEMENTS (rates));
  result = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (result->points[0].saturated);
  g_assert_cmpfloat (result->points[0].latency[FLITLAB_LATENCY_TOTAL], >, 16);
}

typedef struct
{
  double rate;
  double simulation; /* the paper's simulation column */
} PaperRow;

/* Runs the paper's network and returns our latency per row in the papers' convention: the
 * transit latency, from the header entering its first network channel to the tail leaving
 * its last one (docs/validation/simulators.md: how that convention was found). */
static double *
simulate_rows (const char                *spec,
               FlitlabRouting             routing,
               guint                      vcs,
               FlitlabLengthDistribution  length,
               const PaperRow            *rows,
               guint                      n_rows)
{
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new (spec);
  g_autoptr(FlitlabSimResult) result = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree double *rates = g_new (double, n_rows);
  double *ours = g_new (double, n_rows);

  for (guint i = 0; i < n_rows; i++)
    rates[i] = rows[i].rate;
  config->routing = routing;
  config->vcs = vcs;
  config->length = length;
  config->flits = 12;
  config->cycles = 20000;
  config->replications = 2;
  config->seed = 2026;
  flitlab_sim_config_set_rates (config, rates, n_rows);
  result = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < n_rows; i++)
    {
      g_assert_false (result->points[i].saturated);
      ours[i] = result->points[i].latency[FLITLAB_LATENCY_TRANSIT];
      g_test_message ("%s %s %u VCs %s, rate %.3f: paper %.2f, ours %.2f (%+.1f%%)", spec,
                      flitlab_routing_to_string (routing), vcs,
                      length == FLITLAB_LENGTH_FIXED ? "fixed" : "exp", rows[i].rate,
                      rows[i].simulation, ours[i], 100 * (ours[i] / rows[i].simulation - 1));
    }
  return ours;
}

static void
check_paper_rows (const char                *spec,
                  FlitlabRouting             routing,
                  guint                      vcs,
                  FlitlabLengthDistribution  length,
                  const PaperRow            *rows,
                  guint                      n_rows,
                  double                     tolerance)
{
  g_autofree double *ours = simulate_rows (spec, routing, vcs, length, rows, n_rows);

  for (guint i = 0; i < n_rows; i++)
    g_assert_cmpfloat (fabs (ours[i] / rows[i].simulation - 1), <, tolerance);
}

static const PaperRow ciciani_table3[] = {
  { 0.001, 15.77 }, { 0.002, 16.02 }, { 0.005, 16.87 }, { 0.010, 18.42 },
};

/* 000 Table 3: 6x6x6 bi-directional torus, dimension order, single-flit buffers, exponential
 * lengths of mean 12 as the paper states, 4 VCs: within 5% up to 0.005. */
static void
test_paper_ciciani_table3 (void)
{
  check_paper_rows ("torus:6x6x6:bi", FLITLAB_ROUTING_DOR, 4, FLITLAB_LENGTH_EXPONENTIAL,
                    ciciani_table3, 3, 0.05);
}

/* Beyond 0.005 ours is higher, more so with every row (+5% at 0.010): kept as found, not
 * tuned away (docs/validation/simulators.md). */
static void
test_paper_ciciani_table3_exponential (void)
{
  g_autofree double *ours = simulate_rows ("torus:6x6x6:bi", FLITLAB_ROUTING_DOR, 4,
                                           FLITLAB_LENGTH_EXPONENTIAL, ciciani_table3,
                                           G_N_ELEMENTS (ciciani_table3));

  for (guint i = 1; i < G_N_ELEMENTS (ciciani_table3); i++)
    g_assert_cmpfloat (ours[i] / ciciani_table3[i].simulation - 1, >,
                       ours[i - 1] / ciciani_table3[i - 1].simulation - 1);
}

/* 002 Tables 1-2: adaptive routing with four virtual channels, exponential lengths of mean 12
 * flits; low and medium load, within 5%. */
static void
test_paper_quaglia_tables (void)
{
  static const PaperRow t4[] = {
    { 0.001, 13.43 }, { 0.003, 13.68 },
    { 0.007, 14.53 }, { 0.011, 15.29 },
  };
  static const PaperRow t8[] = {
    { 0.002, 15.96 }, { 0.005, 17.10 },
    { 0.008, 18.65 }, { 0.011, 20.12 },
  };
  static const PaperRow t12[] = {
    { 0.001, 17.79 }, { 0.003, 19.09 },
    { 0.005, 20.73 }, { 0.008, 22.65 },
  };
  static const PaperRow t16[] = { { 0.001, 20.07 }, { 0.003, 21.85 }, { 0.005, 23.99 } };

  check_paper_rows ("torus:4x4:bi", FLITLAB_ROUTING_ADAPTIVE, 4, FLITLAB_LENGTH_EXPONENTIAL, t4,
                    G_N_ELEMENTS (t4), 0.05);
  check_paper_rows ("torus:8x8:bi", FLITLAB_ROUTING_ADAPTIVE, 4, FLITLAB_LENGTH_EXPONENTIAL, t8,
                    G_N_ELEMENTS (t8), 0.05);
  check_paper_rows ("torus:12x12:bi", FLITLAB_ROUTING_ADAPTIVE, 4, FLITLAB_LENGTH_EXPONENTIAL, t12,
                    G_N_ELEMENTS (t12), 0.05);
  check_paper_rows ("torus:16x16:bi", FLITLAB_ROUTING_ADAPTIVE, 4, FLITLAB_LENGTH_EXPONENTIAL, t16,
                    G_N_ELEMENTS (t16), 0.05);
}

/* Mean utilization of the network channels of each (dimension, direction): [dim][0] for +,
 * [dim][1] for -. */
static void
direction_loads (const char            *spec,
                 const FlitlabSimPoint *p,
                 double                 loads[][2])
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (spec, NULL);
  guint n_dims = flitlab_topology_get_n_dims (topology);
  double counts[FLITLAB_TOPOLOGY_MAX_DIMS][2] = { { 0 } };

  for (guint d = 0; d < n_dims; d++)
    loads[d][0] = loads[d][1] = 0;
  for (guint c = 0; c < flitlab_topology_get_n_network_channels (topology); c++)
    {
      const FlitlabChannel *channel = flitlab_topology_get_channel (topology, c);
      guint way = channel->direction < 0;

      loads[channel->dim][way] += p->utilization[c];
      counts[channel->dim][way]++;
    }
  for (guint d = 0; d < n_dims; d++)
    for (guint way = 0; way < 2; way++)
      loads[d][way] /= counts[d][way];
}

static FlitlabSimResult *
run_ties (const char     *spec,
          FlitlabRouting  routing,
          FlitlabTies     ties,
          guint64         cycles)
{
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new (spec);
  g_autoptr(GError) error = NULL;
  const double rate = 0.01;
  FlitlabSimResult *result;

  config->routing = routing;
  config->ties = ties;
  config->vcs = 4;
  config->flits = 12;
  config->cycles = cycles;
  config->replications = 2;
  flitlab_sim_config_set_rates (config, &rate, 1);
  result = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  return result;
}

/* Issue: half-way destinations all went the + way, loading + channels twice as much as -
 * on a 6x6x6 torus. Balanced: equal within 3% per dimension; positive: the old bias. */
static void
test_ties (void)
{
  static const struct { const char *spec; FlitlabRouting routing; guint64 cycles; } cases[] = {
    { "torus:6x6x6:bi", FLITLAB_ROUTING_DOR, 20000 },
    { "torus:8x8:bi", FLITLAB_ROUTING_ADAPTIVE, 60000 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(FlitlabSimResult) balanced = run_ties (cases[i].spec, cases[i].routing,
                                                       FLITLAB_TIES_BALANCED, cases[i].cycles);
      g_autoptr(FlitlabSimResult) positive = run_ties (cases[i].spec, cases[i].routing,
                                                       FLITLAB_TIES_POSITIVE, 10000);
      double even[FLITLAB_TOPOLOGY_MAX_DIMS][2], biased[FLITLAB_TOPOLOGY_MAX_DIMS][2];
      g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (cases[i].spec, NULL);
      guint n_dims = flitlab_topology_get_n_dims (topology);

      direction_loads (cases[i].spec, &balanced->points[0], even);
      direction_loads (cases[i].spec, &positive->points[0], biased);
      for (guint d = 0; d < n_dims; d++)
        {
          g_test_message ("%s dimension %u: balanced + %.4f - %.4f; positive + %.4f - %.4f",
                          cases[i].spec, d, even[d][0], even[d][1], biased[d][0], biased[d][1]);
          g_assert_cmpfloat (fabs (even[d][0] / even[d][1] - 1), <, 0.03);
          g_assert_cmpfloat (biased[d][0] / biased[d][1], >, 1.4);
        }
    }
}

/* Every pair of nodes keeps a hop whatever the tie bits. A base vertex of a necklace of even
 * size reaches the necklace's middle node as fast through its base link as through the
 * necklace: both hops are + in one dimension, and the tie rule once dropped both. */
static void
test_ties_keep_a_hop (void)
{
  static const char * const specs[] = { "torus:2x4:bi", "torus:5x4x2:bi", "torus:4x4:uni",
                                         "mesh:3x4", "hypercube:4", "necklace:3,2", "necklace:3,4",
                                         "necklace:4,3" };
  static const guint32 ties[] = { 0, G_MAXUINT32, 0x55555555, 0xaaaaaaaa };

  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      g_autoptr(FlitlabTopology) t = flitlab_topology_new_from_spec (specs[i], NULL);
      g_autoptr(FlitlabRouter) router =
        flitlab_router_new (t, flitlab_routing_deterministic (flitlab_topology_get_family (t)), 1);
      guint n_nodes = flitlab_topology_get_n_nodes (t);
      guint next[2 * FLITLAB_TOPOLOGY_MAX_DIMS + 2];

      for (guint src = 0; src < n_nodes; src++)
        for (guint dst = 0; dst < n_nodes; dst++)
          for (guint b = 0; b < G_N_ELEMENTS (ties); b++)
            {
              guint n = flitlab_router_minimal_hops (router, src, dst, ties[b], next);

              g_assert_cmpuint (n > 0, ==, src != dst);
              for (guint h = 0; h < n; h++)
                {
                  guint to = flitlab_topology_get_channel (t, next[h])->dst;

                  g_assert_cmpuint (flitlab_topology_distance (t, to, dst),
                                    ==, flitlab_topology_distance (t, src, dst) - 1);
                }
            }
    }
}

/* Issue: overloaded points that came back as finite latencies (measured with the + rule for
 * ties, as here). Each is saturated, with its accepted throughput short of the load; a
 * stable load next to them is not. */
static void
test_overloaded (void)
{
  static const struct
  {
    const char *spec;
    FlitlabRouting routing;
    guint vcs;
    FlitlabLengthDistribution length;
    double flits, rate;
    gboolean saturated;
  } cases[] = {
    { "torus:4x4:bi", FLITLAB_ROUTING_DOR, 2, FLITLAB_LENGTH_FIXED, 8, 0.06, TRUE },
    { "torus:4x4:bi", FLITLAB_ROUTING_DOR, 2, FLITLAB_LENGTH_FIXED, 8, 0.045, FALSE },
    { "mesh:8x8", FLITLAB_ROUTING_DOR, 0, FLITLAB_LENGTH_FIXED, 20, 0.012, TRUE },
    { "mesh:8x8", FLITLAB_ROUTING_DOR, 0, FLITLAB_LENGTH_FIXED, 20, 0.008, FALSE },
    { "torus:6x6x6:bi", FLITLAB_ROUTING_DOR, 2, FLITLAB_LENGTH_EXPONENTIAL, 12, 0.02, TRUE },
    { "necklace:5,3", FLITLAB_ROUTING_NECKLACE, 6, FLITLAB_LENGTH_FIXED, 32, 0.006, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new (cases[i].spec);
      g_autoptr(FlitlabSimResult) result = NULL;
      g_autoptr(GError) error = NULL;
      const FlitlabSimPoint *p;

      config->routing = cases[i].routing;
      config->ties = FLITLAB_TIES_POSITIVE;
      config->vcs = cases[i].vcs;
      config->length = cases[i].length;
      config->flits = cases[i].flits;
      flitlab_sim_config_set_rates (config, &cases[i].rate, 1);
      result = flitlab_sim_run (config, NULL, NULL, &error);
      g_assert_no_error (error);
      p = &result->points[0];
      g_test_message ("%s at %g: %s, accepted %.5f +- %.5f", cases[i].spec, cases[i].rate,
                      p->saturated ? "saturated" : "stable", p->throughput, p->throughput_ci95);
      g_assert_cmpint (p->saturated, ==, cases[i].saturated);
      g_assert_true (isfinite (p->throughput) && p->throughput > 0);
      for (guint k = 0; k < FLITLAB_LATENCY_N; k++)
        g_assert_cmpint (isnan (p->latency[k]), ==, cases[i].saturated);
      if (cases[i].saturated)
        g_assert_cmpfloat (p->throughput, <, cases[i].rate);
    }
}

/* Issue #30, item 4: beyond saturation the source queues reach their cap, and the accepted
 * throughput used to be divided by the whole configured window however early the run stopped
 * (0 when the cap came during the warm-up). A 6x6 torus (DOR, 8 flits) accepts about 0.047
 * messages per cycle per node; at twice that load it must read so, with a narrow interval,
 * whether the cap comes during the automatic warm-up (a 5000-cycle window) or during the
 * window (a 100-cycle warm-up and a 20000-cycle window), for every seed. */
static void
test_throughput_beyond_saturation (void)
{
  static const guint64 warmups[] = { 0, 100 }, windows[] = { 5000, 20000 };

  for (guint w = 0; w < G_N_ELEMENTS (warmups); w++)
    for (guint64 seed = 1; seed <= 3; seed++)
      {
        g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("torus:6x6:bi");
        g_autoptr(FlitlabSimResult) result = NULL;
        g_autoptr(GError) error = NULL;
        double rate = 0.1;
        const FlitlabSimPoint *p;

        config->flits = 8;
        config->seed = seed;
        config->warmup = warmups[w];
        config->cycles = windows[w];
        flitlab_sim_config_set_rates (config, &rate, 1);
        result = flitlab_sim_run (config, NULL, NULL, &error);
        g_assert_no_error (error);
        p = &result->points[0];
        g_test_message ("warm-up %" G_GUINT64_FORMAT ", window %" G_GUINT64_FORMAT ", seed %"
                        G_GUINT64_FORMAT ": accepted %.5f +- %.5f", warmups[w], windows[w], seed,
                        p->throughput, p->throughput_ci95);
        g_assert_true (p->saturated);
        g_assert_cmpfloat (p->throughput, >, 0.043);
        g_assert_cmpfloat (p->throughput, <, 0.051);
        g_assert_true (isfinite (p->throughput_ci95));
        g_assert_cmpfloat (p->throughput_ci95, <, 0.002);
      }
}

/* Fixed seeds give fixed results: every kind of network and routing the engine runs, against
 * the values main gave before the simulator was made faster (issue #30, item 1), to the bit
 * (hexadecimal literals). A change of speed alone must leave them as they are; a change that
 * means to change results says so where it changes them. */
static void
test_golden (void)
{
  static const struct
  {
    const char *spec;
    FlitlabRouting routing;
    guint vcs, buffer;
    FlitlabLengthDistribution length;
    FlitlabTies ties;
    FlitlabTrafficPattern traffic;
    double flits, rate;
    guint64 messages;
    double latency, transit, throughput, hops, utilization;
  } cases[] = {
    { "torus:8x8:bi", FLITLAB_ROUTING_DOR, 2, 1, FLITLAB_LENGTH_FIXED, FLITLAB_TIES_BALANCED,
      FLITLAB_TRAFFIC_UNIFORM, 20, 0.0095,
      3663, 0x1.6e80744b33169p+5, 0x1.fc7f323fe0b0bp+4,
      0x1.383c131d5acb7p-7, 0x1.0462ae9495006p+2, 0x1.28cdd2f1a9fbdp+6 },
    { "torus:8x8:bi", FLITLAB_ROUTING_ADAPTIVE, 4, 1, FLITLAB_LENGTH_FIXED, FLITLAB_TIES_BALANCED,
      FLITLAB_TRAFFIC_UNIFORM, 12, 0.02,
      7663, 0x1.d8699127966eep+4, 0x1.4973c1985ee07p+4,
      0x1.471529a485cd8p-6, 0x1.03fbdb84ed758p+2, 0x1.73cf3078263adp+6 },
    { "mesh:6x6", FLITLAB_ROUTING_DOR, 0, 1, FLITLAB_LENGTH_EXPONENTIAL, FLITLAB_TIES_BALANCED,
      FLITLAB_TRAFFIC_UNIFORM, 16, 0.01,
      2183, 0x1.86b8952acdb0fp+5, 0x1.bf87ea6c1f6dap+4,
      0x1.4d98b09546c51p-7, 0x1.fcf373becc48bp+1, 0x1.142b596de8cap+5 },
    { "hypercube:6", FLITLAB_ROUTING_ADAPTIVE, 0, 1, FLITLAB_LENGTH_FIXED, FLITLAB_TIES_BALANCED,
      FLITLAB_TRAFFIC_UNIFORM, 16, 0.02,
      7740, 0x1.04d4bcec8d4bdp+5, 0x1.67b1263c1067cp+4,
      0x1.4978d4fdf3b64p-6, 0x1.87d27d27d27d2p+1, 0x1.a0eaaaaaaaabp+6 },
    { "torus:5x7:uni", FLITLAB_ROUTING_DOR, 0, 1, FLITLAB_LENGTH_FIXED, FLITLAB_TIES_BALANCED,
      FLITLAB_TRAFFIC_UNIFORM, 8, 0.005,
      1072, 0x1.02f85bb39503dp+4, 0x1.ae540f4898d6p+3,
      0x1.4f2b79e2a0365p-8, 0x1.4c2dd9ca81e91p+2, 0x1.493078263ab58p+3 },
    { "necklace:3,4", FLITLAB_ROUTING_NECKLACE, 0, 1, FLITLAB_LENGTH_FIXED,
      FLITLAB_TIES_BALANCED, FLITLAB_TRAFFIC_UNIFORM, 8, 0.01,
      3240, 0x1.fcd1db5698f7dp+3, 0x1.a10e89cc2afb9p+3,
      0x1.3b7d516eb084ap-7, 0x1.fb7f0d4629b7fp+1, 0x1.9bbfd44f3077cp+4 },
    { "torus:4x4:bi", FLITLAB_ROUTING_DOR, 4, 3, FLITLAB_LENGTH_FIXED, FLITLAB_TIES_POSITIVE,
      FLITLAB_TRAFFIC_TRANSPOSE, 6, 0.03,
      2180, 0x1.7da2fe97405a3p+3, 0x1.1315233ab7315p+3,
      0x1.73b645a1cac08p-6, 0x1.54aafad5414abp+1, 0x1.4526e978d4fdep+3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new (cases[i].spec);
      g_autoptr(FlitlabSimResult) result = NULL;
      g_autoptr(GError) error = NULL;
      const FlitlabSimPoint *p;
      double utilization = 0;

      config->routing = cases[i].routing;
      config->vcs = cases[i].vcs;
      config->buffer = cases[i].buffer;
      config->length = cases[i].length;
      config->ties = cases[i].ties;
      config->traffic = cases[i].traffic;
      config->flits = cases[i].flits;
      config->seed = 7 + i;
      config->replications = 2;
      config->warmup = 300;
      config->cycles = 3000;
      flitlab_sim_config_set_rates (config, &cases[i].rate, 1);
      result = flitlab_sim_run (config, NULL, NULL, &error);
      g_assert_no_error (error);
      p = &result->points[0];
      for (guint c = 0; c < p->n_channels; c++)
        utilization += p->utilization[c];
      g_test_message ("%s: %" G_GUINT64_FORMAT ", %a, %a, %a, %a, %a", cases[i].spec, p->messages,
                      p->latency[FLITLAB_LATENCY_TOTAL], p->latency[FLITLAB_LATENCY_TRANSIT],
                      p->throughput, p->mean_hops, utilization);
      g_assert_false (p->saturated);
      g_assert_cmpuint (p->messages, ==, cases[i].messages);
      g_assert_true (p->latency[FLITLAB_LATENCY_TOTAL] == cases[i].latency);
      g_assert_true (p->latency[FLITLAB_LATENCY_TRANSIT] == cases[i].transit);
      g_assert_true (p->throughput == cases[i].throughput);
      g_assert_true (p->mean_hops == cases[i].hops);
      g_assert_true (utilization == cases[i].utilization);
    }
}

static void
test_rng (void)
{
  FlitlabRng a, b;
  double sum = 0;
  guint counts[7] = { 0 };

  flitlab_rng_init (&a, 1, 0);
  flitlab_rng_init (&b, 1, 1);
  g_assert_cmpuint (flitlab_rng_next (&a), !=, flitlab_rng_next (&b));
  for (guint i = 0; i < 70000; i++)
    counts[flitlab_rng_below (&a, 7)]++;
  for (guint i = 0; i < 7; i++)
    g_assert_cmpfloat (fabs (counts[i] / 10000.0 - 1), <, 0.05);
  for (guint i = 0; i < 100000; i++)
    sum += flitlab_rng_exponential (&a, 3);
  g_assert_cmpfloat (fabs (sum / 100000 / 3 - 1), <, 0.02);
}

/* The animation's view of a replication: deterministic, consistent with the buffers. */
static void
test_trace (void)
{
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("torus:4x4:bi");
  g_autoptr(FlitlabSimTrace) a = NULL, b = NULL, idle = NULL;
  g_autoptr(GError) error = NULL;
  guint n_channels;
  g_autofree gint32 *holder_a = NULL, *holder_b = NULL;
  g_autofree guint *flits_a = NULL, *flits_b = NULL;
  g_autofree gboolean *blocked = NULL;
  guint held = 0, with_flits = 0, n_blocked = 0;

  config->flits = 8;
  a = flitlab_sim_trace_new (config, 0.05, &error);
  g_assert_no_error (error);
  b = flitlab_sim_trace_new (config, 0.05, &error);
  n_channels = 96;
  holder_a = g_new (gint32, n_channels);
  holder_b = g_new (gint32, n_channels);
  flits_a = g_new (guint, n_channels);
  flits_b = g_new (guint, n_channels);
  blocked = g_new (gboolean, n_channels);
  for (guint t = 0; t < 20; t++)
    {
      flitlab_sim_trace_step (a, 50);
      flitlab_sim_trace_step (b, 50);
      flitlab_sim_trace_get_channels (a, holder_a, flits_a, blocked);
      flitlab_sim_trace_get_channels (b, holder_b, flits_b, NULL);
      g_assert_cmpmem (holder_a, n_channels * sizeof (gint32), holder_b,
                       n_channels * sizeof (gint32));
      g_assert_cmpmem (flits_a, n_channels * sizeof (guint), flits_b, n_channels * sizeof (guint));
      for (guint c = 0; c < n_channels; c++)
        {
          /* Two virtual channels of single-flit buffers; flits only where a message holds. */
          g_assert_cmpuint (flits_a[c], <=, 2);
          g_assert_true (flits_a[c] == 0 || holder_a[c] >= 0);
          g_assert_true (!blocked[c] || holder_a[c] >= 0);
          held += holder_a[c] >= 0;
          with_flits += flits_a[c] > 0;
          n_blocked += blocked[c];
        }
    }
  g_assert_cmpuint (flitlab_sim_trace_get_cycle (a), ==, 1000);
  /* At 0.05 messages per cycle per node, 8 flits, the network is busy and contended. */
  g_assert_cmpuint (held, >, 0);
  g_assert_cmpuint (with_flits, >, 0);
  g_assert_cmpuint (n_blocked, >, 0);
  g_assert_cmpuint (flitlab_sim_trace_get_n_in_flight (a), >, 0);

  /* No load, no messages. */
  idle = flitlab_sim_trace_new (config, 0, &error);
  flitlab_sim_trace_step (idle, 100);
  g_assert_cmpuint (flitlab_sim_trace_get_n_in_flight (idle), ==, 0);

  /* A configuration the simulator refuses is refused here too. */
  config->vcs = 3;
  g_assert_null (flitlab_sim_trace_new (config, 0.01, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
}

int
main (int   argc,
      char *argv[])
{
  static const char * const zero_load[] = {
    "torus:8x8:uni", "torus:6x6x6:bi", "torus:4x6x3:bi", "mesh:8x8", "hypercube:6", "necklace:3,4",
  };
  static const char * const adaptive[] = { "torus:6x6:bi", "mesh:6x6", "hypercube:5",
                                           "necklace:3,3" };

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/flitlab/sim/trace", test_trace);
  g_test_add_func ("/flitlab/sim/rng", test_rng);
  for (guint i = 0; i < G_N_ELEMENTS (zero_load); i++)
    {
      g_autofree char *path = g_strdup_printf ("/flitlab/sim/zero-load/%s", zero_load[i]);

      g_test_add_data_func (path, zero_load[i], check_zero_load);
    }
  g_test_add_func ("/flitlab/sim/flow-conservation", test_flow_conservation);
  g_test_add_func ("/flitlab/sim/threads-identical", test_threads_identical);
  g_test_add_func ("/flitlab/sim/streams", test_streams);
  g_test_add_func ("/flitlab/sim/saturation", test_saturation);
  g_test_add_func ("/flitlab/sim/ties", test_ties);
  g_test_add_func ("/flitlab/sim/ties-keep-a-hop", test_ties_keep_a_hop);
  g_test_add_func ("/flitlab/sim/overloaded", test_overloaded);
  g_test_add_func ("/flitlab/sim/throughput-beyond-saturation", test_throughput_beyond_saturation);
  g_test_add_func ("/flitlab/sim/golden", test_golden);
  g_test_add_func ("/flitlab/sim/cancel", test_cancel);
  g_test_add_func ("/flitlab/sim/deadlock-reported", test_deadlock_reported);
  g_test_add_func ("/flitlab/sim/invalid", test_invalid);
  g_test_add_func ("/flitlab/sim/traffic-patterns", test_traffic_patterns);
  for (guint i = 0; i < G_N_ELEMENTS (adaptive); i++)
    {
      g_autofree char *path = g_strdup_printf ("/flitlab/sim/no-deadlock/%s", adaptive[i]);

      g_test_add_data_func (path, adaptive[i], check_no_deadlock);
    }
  g_test_add_func ("/flitlab/sim/paper/ciciani-table3", test_paper_ciciani_table3);
  g_test_add_func ("/flitlab/sim/paper/ciciani-table3-exponential",
                   test_paper_ciciani_table3_exponential);
  g_test_add_func ("/flitlab/sim/paper/quaglia-tables", test_paper_quaglia_tables);

  return g_test_run ();
}
