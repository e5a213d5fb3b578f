/* test-sim-replay.c: traces replayed on the wormhole network, and the latency histogram
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-latency-histogram.h"
#include "flitlab-replay-frames.h"
#include "flitlab-sim-replay.h"
#include "flitlab-sim.h"
#include "flitlab-topology.h"

/* A trace in memory: messages, each with at most one child. */
typedef struct
{
  guint64 id;
  guint64 cycle;
  guint   src;
  guint   dst;
  guint   flits;
  guint64 child;      /* 0: none */
} Row;

typedef struct
{
  const Row *rows;
  guint      n_rows;
  guint      next;
} Source;

static gboolean
source_next (gpointer              data,
             FlitlabTraceMessage  *message,
             GError              **error)
{
  Source *source = data;
  const Row *row;

  if (source->next == source->n_rows)
    return FALSE;
  row = &source->rows[source->next++];
  *message = (FlitlabTraceMessage) {
    .id = row->id, .cycle = row->cycle, .src = row->src, .dst = row->dst, .flits = row->flits,
    .n_children = row->child != 0 ? 1 : 0, .children = &row->child,
  };
  return TRUE;
}

static FlitlabReplayResult *
replay (const char            *topology,
        const Row             *rows,
        guint                  n_rows,
        FlitlabReplayOptions  *options,
        GError               **error)
{
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new (topology);
  Source source = { rows, n_rows, 0 };

  if (options->scale == 0)
    options->scale = 1;
  return flitlab_sim_replay (config, options, source_next, &source, n_rows, NULL, NULL, error);
}

/* Messages far enough apart never meet: each takes D + L + 1 cycles (flitlab-latency.h), D
 * its hops on the 4x4 mesh (node = x + 4 y). */
static void
test_zero_load (void)
{
  static const Row rows[] = {
    { 1, 0, 0, 1, 4, 0 },       /* 1 hop: 6 cycles */
    { 2, 100, 0, 15, 4, 0 },    /* 6 hops: 11 */
    { 3, 200, 5, 6, 1, 0 },     /* 1 hop, 1 flit: 3 */
    { 4, 300, 12, 3, 10, 0 },   /* 6 hops: 17 */
    { 5, 400, 7, 7, 3, 0 },     /* to itself: no latency */
  };
  g_autoptr(GError) error = NULL;
  FlitlabReplayOptions options = { 0 };
  g_autoptr(FlitlabReplayResult) result = replay ("mesh:4x4", rows, G_N_ELEMENTS (rows),
                                                  &options, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (result->messages, ==, 4);
  g_assert_cmpuint (result->local, ==, 1);
  g_assert_cmpfloat (result->latency[FLITLAB_LATENCY_TOTAL], ==, (6 + 11 + 3 + 17) / 4.0);
  g_assert_cmpfloat (result->latency[FLITLAB_LATENCY_TRANSIT], ==, (4 + 9 + 1 + 15) / 4.0);
  g_assert_cmpfloat (result->mean_hops, ==, (1 + 6 + 1 + 6) / 4.0);
  /* Nearest rank of 3, 6, 11, 17: the second, the fourth, the fourth. */
  g_assert_cmpfloat (result->latency_p50, ==, 6);
  g_assert_cmpfloat (result->latency_p95, ==, 17);
  g_assert_cmpfloat (result->latency_p99, ==, 17);
  /* The last delivery is the local message's, at its release at cycle 400. */
  g_assert_cmpuint (result->makespan, ==, 401);
  g_assert_cmpfloat (result->throughput, ==, 4.0 / (401 * 16));
}

/* Message 2 depends on message 1 (1 lists it): it leaves when 1 has arrived, not at its
 * recorded cycle 0, unless timestamps alone count. */
static void
test_dependencies (void)
{
  static const Row rows[] = {
    { 1, 0, 0, 3, 4, 2 },    /* 3 hops: 8 cycles, delivered at cycle 7 */
    { 2, 0, 3, 0, 2, 0 },    /* 3 hops: 6 cycles */
  };
  g_autoptr(GError) error = NULL;
  FlitlabReplayOptions options = { 0 };
  g_autoptr(FlitlabReplayResult) deps = NULL, stamps = NULL;

  deps = replay ("mesh:4x4", rows, G_N_ELEMENTS (rows), &options, &error);
  g_assert_no_error (error);
  /* 2 released at cycle 8, delivered at 8 + 6 - 1; its latency counts from its release. */
  g_assert_cmpuint (deps->makespan, ==, 14);
  g_assert_cmpfloat (deps->latency[FLITLAB_LATENCY_TOTAL], ==, (8 + 6) / 2.0);

  options.timestamps_only = TRUE;
  stamps = replay ("mesh:4x4", rows, G_N_ELEMENTS (rows), &options, &error);
  g_assert_no_error (error);
  /* Both at cycle 0, on no common channel (0->3 along row 0 east, 3->0 west). */
  g_assert_cmpuint (stamps->makespan, ==, 8);
  g_assert_cmpfloat (stamps->latency[FLITLAB_LATENCY_TOTAL], ==, (8 + 6) / 2.0);
}

/* A scale multiplies the recorded cycles (rounded down). */
static void
test_scale (void)
{
  static const Row rows[] = {
    { 1, 0, 0, 1, 4, 0 },       /* 6 cycles */
    { 2, 101, 12, 3, 10, 0 },   /* 17 */
  };
  g_autoptr(GError) error = NULL;
  FlitlabReplayOptions options = { .scale = 0.5 };
  g_autoptr(FlitlabReplayResult) half = NULL, triple = NULL;

  half = replay ("mesh:4x4", rows, G_N_ELEMENTS (rows), &options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (half->makespan, ==, 50 + 17);
  options.scale = 3;
  triple = replay ("mesh:4x4", rows, G_N_ELEMENTS (rows), &options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (triple->makespan, ==, 303 + 17);
}

/* A child released by its parent's arrival comes later than its timestamp would have it. */
static void
test_dependency_delays (void)
{
  static const Row rows[] = {
    { 7, 0, 0, 15, 16, 9 },  /* 6 hops, 16 flits: 23 cycles, delivered at cycle 22 */
    { 9, 5, 15, 0, 1, 0 },   /* released at 23, not 5: 6 hops, 1 flit: 8 */
  };
  g_autoptr(GError) error = NULL;
  FlitlabReplayOptions options = { 0 };
  g_autoptr(FlitlabReplayResult) deps = NULL, stamps = NULL;

  deps = replay ("mesh:4x4", rows, G_N_ELEMENTS (rows), &options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (deps->makespan, ==, 23 + 8);
  options.timestamps_only = TRUE;
  stamps = replay ("mesh:4x4", rows, G_N_ELEMENTS (rows), &options, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stamps->makespan, ==, 23);
}

typedef struct
{
  guint   windows;
  guint64 cycles;
  guint64 flits;
} Windows;

static void
count_window (guint64        start,
              guint64        cycles,
              const guint64 *flits,
              guint          n_channels,
              gpointer       user_data)
{
  Windows *w = user_data;

  g_assert_cmpuint (start, ==, w->cycles);
  w->windows++;
  w->cycles += cycles;
  for (guint c = 0; c < n_channels; c++)
    w->flits += flits[c];
}

/* The windows tile the makespan and count every flit's crossings: a message of L flits over
 * D hops crosses D + 2 channels (injection and ejection too). */
static void
test_windows (void)
{
  static const Row rows[] = {
    { 1, 0, 0, 1, 4, 0 },
    { 2, 100, 0, 15, 4, 0 },
  };
  g_autoptr(GError) error = NULL;
  Windows w = { 0 };
  FlitlabReplayOptions options = { .window = 25, .window_func = count_window,
                                   .window_data = &w };
  g_autoptr(FlitlabReplayResult) result = replay ("mesh:4x4", rows, G_N_ELEMENTS (rows),
                                                  &options, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (result->makespan, ==, 111);
  g_assert_cmpuint (w.cycles, ==, 111);
  g_assert_cmpuint (w.windows, ==, 5);
  g_assert_cmpuint (w.flits, ==, 4 * 3 + 4 * 8);
}

/* The frames of a replay hold every crossing, also when too many windows make them merge;
 * each frame's channel a share of its cycles, looked up by any cycle it covers. */
static void
test_frames (void)
{
  static const Row rows[] = {
    { 1, 0, 0, 1, 4, 0 },
    { 2, 100, 0, 15, 4, 0 },
  };
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("mesh:4x4");
  g_autoptr(FlitlabTopology) mesh = flitlab_topology_new_from_spec ("mesh:4x4", NULL);
  guint n = flitlab_topology_get_n_channels (mesh);
  g_autofree double *values = g_new (double, n);

  for (guint max_frames = 2; max_frames <= 64; max_frames *= 2)
    {
      g_autoptr(FlitlabReplayFrames) frames = flitlab_replay_frames_new (n, 5, max_frames);
      Source source = { rows, G_N_ELEMENTS (rows), 0 };
      FlitlabReplayOptions options = { .scale = 1, .window = 5,
                                       .window_func = flitlab_replay_frames_add,
                                       .window_data = frames };
      g_autoptr(FlitlabReplayResult) result =
        flitlab_sim_replay (config, &options, source_next, &source, 2, NULL, NULL, NULL);
      gboolean finished = TRUE;
      guint64 start, cycles, cycle = 0;
      double flits = 0;

      g_assert_nonnull (result);
      /* Whole frames only until the replay has ended. */
      g_assert_cmpuint (flitlab_replay_frames_get_end (frames, &finished) %
                        flitlab_replay_frames_get_window (frames), ==, 0);
      g_assert_false (finished);
      flitlab_replay_frames_finish (frames);
      g_assert_cmpuint (flitlab_replay_frames_get_end (frames, &finished), ==, 111);
      g_assert_true (finished);
      /* 111 cycles in windows of 5: 23 windows, halved until they fit. */
      g_assert_cmpuint (flitlab_replay_frames_get_window (frames), ==,
                        max_frames >= 32 ? 5 : max_frames == 16 ? 10 : max_frames == 8 ? 20
                        : max_frames == 4 ? 40 : 80);
      while (flitlab_replay_frames_lookup (frames, cycle, &start, &cycles, values))
        {
          g_assert_cmpuint (start, ==, cycle);
          for (guint c = 0; c < n; c++)
            {
              g_assert_cmpfloat (values[c], >=, 0);
              g_assert_cmpfloat (values[c], <=, 1);
              flits += values[c] * cycles;
            }
          cycle += cycles;
        }
      g_assert_cmpuint (cycle, ==, 111);
      g_assert_cmpfloat_with_epsilon (flits, 4 * 3 + 4 * 8, 1e-4);
      g_assert_false (flitlab_replay_frames_lookup (frames, 111, &start, &cycles, values));
    }
}

static void
test_bad_traces (void)
{
  static const Row out_of_range[] = { { 1, 0, 0, 16, 1, 0 } };
  static const Row out_of_order[] = { { 1, 5, 0, 1, 1, 0 }, { 2, 4, 0, 1, 1, 0 } };
  FlitlabReplayOptions options = { 0 };
  GError *error = NULL;

  g_assert_null (replay ("mesh:4x4", out_of_range, 1, &options, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "node 16"));
  g_clear_error (&error);
  g_assert_null (replay ("mesh:4x4", out_of_order, 2, &options, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
  g_clear_error (&error);
}

static gboolean
burst_next (gpointer              data,
            FlitlabTraceMessage  *message,
            GError              **error)
{
  guint *left = data;

  if (*left == 0)
    return FALSE;
  (*left)--;
  *message = (FlitlabTraceMessage) { .id = *left, .cycle = 0, .src = *left % 4,
                                     .dst = (*left + 1) % 4, .flits = 1 };
  return TRUE;
}

/* A burst the sources' queues cannot hold in bounded memory (over 1024 messages per node and
 * 100000): the replay stops, saturated, with no latency and no makespan. */
static void
test_saturated (void)
{
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("mesh:2x2");
  g_autoptr(FlitlabReplayResult) result = NULL;
  g_autoptr(GError) error = NULL;
  FlitlabReplayOptions options = { .scale = 1 };
  guint left = 4 * 1024 + 100000 + 100;

  result = flitlab_sim_replay (config, &options, burst_next, &left, 0, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (result->saturated);
  g_assert_true (isnan (result->latency[FLITLAB_LATENCY_TOTAL]));
  g_assert_true (isnan (result->latency_p50));
  g_assert_cmpuint (result->makespan, ==, 0);
  g_assert_cmpuint (left, ==, 0);
}

/* A sweep's percentiles: whole cycles, in order, none below the zero-load latency (at least
 * one hop: 1 + 4 + 1), and none for a saturated load. */
static void
test_sweep_percentiles (void)
{
  const double rates[] = { 0.02, 0.9 };
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("mesh:4x4");
  g_autoptr(FlitlabSimResult) result = NULL;
  g_autoptr(GError) error = NULL;
  const FlitlabSimPoint *p;

  config->flits = 4;
  config->cycles = 2000;
  config->warmup = 200;
  config->replications = 2;
  flitlab_sim_config_set_rates (config, rates, G_N_ELEMENTS (rates));
  result = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  p = &result->points[0];
  g_assert_false (p->saturated);
  g_assert_cmpfloat (p->latency_p50, >=, 6);
  g_assert_cmpfloat (p->latency_p50, ==, floor (p->latency_p50));
  g_assert_cmpfloat (p->latency_p50, <=, p->latency_p95);
  g_assert_cmpfloat (p->latency_p95, <=, p->latency_p99);
  /* A tail: the mean below the 99th percentile. */
  g_assert_cmpfloat (p->latency[FLITLAB_LATENCY_TOTAL], <, p->latency_p99);
  g_assert_true (result->points[1].saturated);
  g_assert_true (isnan (result->points[1].latency_p50));
}

/* Exact below 1024, then within 1/64 below. */
static void
test_histogram (void)
{
  g_autoptr(FlitlabLatencyHistogram) h = flitlab_latency_histogram_new ();
  g_autoptr(FlitlabLatencyHistogram) big = flitlab_latency_histogram_new ();
  double p;

  g_assert_true (isnan (flitlab_latency_histogram_percentile (h, 50)));
  for (guint64 v = 1; v <= 100; v++)
    flitlab_latency_histogram_add (h, v);
  g_assert_cmpfloat (flitlab_latency_histogram_percentile (h, 50), ==, 50);
  g_assert_cmpfloat (flitlab_latency_histogram_percentile (h, 95), ==, 95);
  g_assert_cmpfloat (flitlab_latency_histogram_percentile (h, 99), ==, 99);
  g_assert_cmpfloat (flitlab_latency_histogram_percentile (h, 100), ==, 100);

  flitlab_latency_histogram_add (big, 100000);
  p = flitlab_latency_histogram_percentile (big, 50);
  g_assert_cmpfloat (p, <=, 100000);
  g_assert_cmpfloat (p, >, 100000 * (1 - 1.0 / 64));
  flitlab_latency_histogram_merge (big, h);
  g_assert_cmpuint (big->total, ==, 101);
  g_assert_cmpfloat (flitlab_latency_histogram_percentile (big, 50), ==, 51);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/replay/zero-load", test_zero_load);
  g_test_add_func ("/flitlab/replay/dependencies", test_dependencies);
  g_test_add_func ("/flitlab/replay/dependency-delays", test_dependency_delays);
  g_test_add_func ("/flitlab/replay/scale", test_scale);
  g_test_add_func ("/flitlab/replay/windows", test_windows);
  g_test_add_func ("/flitlab/replay/frames", test_frames);
  g_test_add_func ("/flitlab/replay/bad-traces", test_bad_traces);
  g_test_add_func ("/flitlab/replay/saturated", test_saturated);
  g_test_add_func ("/flitlab/replay/histogram", test_histogram);
  g_test_add_func ("/flitlab/replay/sweep-percentiles", test_sweep_percentiles);
  return g_test_run ();
}
