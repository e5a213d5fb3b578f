/* test-sim-jobs.c: a simulation as independent jobs gives flitlab_sim_run()'s numbers, bit for bit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-sim-jobs.h"

static FlitlabSimConfig *
small_config (void)
{
  static const double rates[] = { 0.005, 0.02, 0.3 };
  FlitlabSimConfig *config = flitlab_sim_config_new ("torus:4x4:bi");

  config->flits = 8;
  config->cycles = 3000;
  config->warmup = 500;
  config->replications = 3;
  config->seed = 7;
  flitlab_sim_config_set_rates (config, rates, G_N_ELEMENTS (rates));
  return config;
}

/* Two doubles are the same bits (NaN equal to NaN). */
static void
assert_same (double a,
             double b)
{
  g_assert_true (memcmp (&a, &b, sizeof a) == 0 || (isnan (a) && isnan (b)));
}

/* Jobs run one at a time, last first, pooled in job order: the same points as
 * flitlab_sim_run() on threads, to the bit, with the last load saturated. */
static void
test_jobs_match_run (void)
{
  g_autoptr(FlitlabSimConfig) config = small_config ();
  g_autoptr(FlitlabSimJobs) sim_jobs = NULL;
  g_autoptr(FlitlabSimResult) expected = NULL, result = NULL;
  g_autoptr(GError) error = NULL;
  GBytes **raw;
  guint n_jobs;

  config->threads = 2;
  expected = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  sim_jobs = flitlab_sim_jobs_new (config, &error);
  g_assert_no_error (error);
  n_jobs = flitlab_sim_jobs_get_n_jobs (sim_jobs);
  g_assert_cmpuint (n_jobs, ==, 9);
  raw = g_new0 (GBytes *, n_jobs);
  for (guint j = n_jobs; j-- > 0;)
    {
      raw[j] = flitlab_sim_jobs_run_job (sim_jobs, j, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (flitlab_sim_jobs_check_raw (sim_jobs, raw[j], &error));
    }
  result = flitlab_sim_jobs_combine (sim_jobs, raw);

  g_assert_cmpuint (result->n_points, ==, expected->n_points);
  g_assert_cmpuint (result->vcs, ==, expected->vcs);
  g_assert_cmpuint (result->warmup, ==, expected->warmup);
  g_assert_true (expected->points[2].saturated);
  for (guint i = 0; i < result->n_points; i++)
    {
      const FlitlabSimPoint *p = &result->points[i], *e = &expected->points[i];

      g_assert_cmpint (p->saturated, ==, e->saturated);
      g_assert_cmpuint (p->messages, ==, e->messages);
      for (guint k = 0; k < FLITLAB_LATENCY_N; k++)
        {
          assert_same (p->latency[k], e->latency[k]);
          assert_same (p->ci95[k], e->ci95[k]);
        }
      assert_same (p->queueing, e->queueing);
      /* The latency histograms travel with the jobs' bytes. */
      assert_same (p->latency_p50, e->latency_p50);
      assert_same (p->latency_p95, e->latency_p95);
      assert_same (p->latency_p99, e->latency_p99);
      assert_same (p->throughput, e->throughput);
      assert_same (p->throughput_ci95, e->throughput_ci95);
      assert_same (p->mean_hops, e->mean_hops);
      g_assert_cmpuint (p->n_channels, ==, e->n_channels);
      g_assert_cmpmem (p->utilization, sizeof (double) * p->n_channels,
                       e->utilization, sizeof (double) * e->n_channels);
      g_assert_cmpmem (p->blocking, sizeof (double) * p->n_channels,
                       e->blocking, sizeof (double) * e->n_channels);
    }
  for (guint j = 0; j < n_jobs; j++)
    g_bytes_unref (raw[j]);
  g_free (raw);
}

/* A replication split into streams (over 2^25 node-cycles of window: two here) is as many
 * jobs, of the same load, and pooled they are flitlab_sim_run()'s point, to the bit. */
static void
test_streams_match_run (void)
{
  const double rate = 0.0005;
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("torus:16x16x16:bi");
  g_autoptr(FlitlabSimJobs) sim_jobs = NULL;
  g_autoptr(FlitlabSimResult) expected = NULL, result = NULL;
  g_autoptr(GError) error = NULL;
  GBytes *raw[2];

  config->cycles = 8193;
  config->warmup = 200;
  config->replications = 1;
  flitlab_sim_config_set_rates (config, &rate, 1);
  expected = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  sim_jobs = flitlab_sim_jobs_new (config, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (flitlab_sim_jobs_get_n_jobs (sim_jobs), ==, 2);
  for (guint j = 0; j < 2; j++)
    {
      g_assert_cmpuint (flitlab_sim_jobs_get_rate_index (sim_jobs, j), ==, 0);
      raw[j] = flitlab_sim_jobs_run_job (sim_jobs, j, NULL, NULL, &error);
      g_assert_no_error (error);
    }
  result = flitlab_sim_jobs_combine (sim_jobs, raw);
  g_assert_cmpuint (result->points[0].messages, ==, expected->points[0].messages);
  for (guint k = 0; k < FLITLAB_LATENCY_N; k++)
    {
      assert_same (result->points[0].latency[k], expected->points[0].latency[k]);
      assert_same (result->points[0].ci95[k], expected->points[0].ci95[k]);
    }
  assert_same (result->points[0].throughput, expected->points[0].throughput);
  assert_same (result->points[0].throughput_ci95, expected->points[0].throughput_ci95);
  for (guint j = 0; j < 2; j++)
    g_bytes_unref (raw[j]);
}

/* Bytes that are not a job of this network (truncated, another network's) are refused. */
static void
test_bad_raw (void)
{
  g_autoptr(FlitlabSimConfig) config = small_config ();
  g_autoptr(FlitlabSimConfig) other_config = small_config ();
  g_autoptr(FlitlabSimJobs) sim_jobs = NULL, other = NULL;
  g_autoptr(GBytes) raw = NULL, cut = NULL, foreign = NULL;
  g_autoptr(GError) error = NULL;

  sim_jobs = flitlab_sim_jobs_new (config, &error);
  g_assert_no_error (error);
  g_free (other_config->topology);
  other_config->topology = g_strdup ("torus:3x3:bi");
  other = flitlab_sim_jobs_new (other_config, &error);
  g_assert_no_error (error);

  raw = flitlab_sim_jobs_run_job (sim_jobs, 0, NULL, NULL, &error);
  g_assert_no_error (error);
  cut = g_bytes_new_from_bytes (raw, 0, g_bytes_get_size (raw) - 1);
  g_assert_false (flitlab_sim_jobs_check_raw (sim_jobs, cut, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
  g_clear_error (&error);
  foreign = flitlab_sim_jobs_run_job (other, 0, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (flitlab_sim_jobs_check_raw (sim_jobs, foreign, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
}

/* A configuration flitlab_sim_run() refuses is refused with its error. */
static void
test_bad_config (void)
{
  g_autoptr(FlitlabSimConfig) config = small_config ();
  g_autoptr(FlitlabSimJobs) sim_jobs = NULL;
  g_autoptr(GError) error = NULL;

  config->vcs = 1;
  sim_jobs = flitlab_sim_jobs_new (config, &error);
  g_assert_null (sim_jobs);
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_DEADLOCK_PRONE);
}

/* Records which job of which set ran; set 1's job 0 fails when asked. */
typedef struct
{
  guint     set;
  GArray   *ran;   /* guint: set * 100 + job */
  gboolean  fail;
} Recorder;

static gboolean
record_job (guint            job,
            FlitlabSimTick   tick,
            gpointer         tick_data,
            gpointer         user_data,
            GError         **error)
{
  Recorder *recorder = user_data;
  guint code = recorder->set * 100 + job;

  g_array_append_val (recorder->ran, code);
  if (recorder->fail && recorder->set == 1 && job == 0)
    {
      g_set_error_literal (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID, "set 1 failed");
      return FALSE;
    }
  return tick (10, 10, tick_data);
}

/* Several sets share one pool: the costliest job first whichever set holds it; without costs
 * the last job first; a failure names its set. */
static void
test_pool_sets (void)
{
  const double cost_a[] = { 1, 5, 3 }, cost_b[] = { 4, 2 };
  const guint expected[] = { 1, 100, 2, 101, 0 }, last_first[] = { 2, 1, 0 };
  g_autoptr(GArray) ran = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GError) error = NULL;
  Recorder a = { 0, ran, FALSE }, b = { 1, ran, FALSE };
  FlitlabJobPoolSet sets[] = {
    { 3, 10, record_job, &a, cost_a },
    { 2, 10, record_job, &b, cost_b },
  };
  guint failed = 99;

  g_assert_true (flitlab_job_pool_run_sets (sets, 2, 1, NULL, NULL, &failed, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (failed, ==, 99);
  g_assert_cmpmem (ran->data, ran->len * sizeof (guint), expected, sizeof expected);

  g_array_set_size (ran, 0);
  g_assert_true (flitlab_job_pool_run (3, 1, 10, record_job, &a, NULL, NULL, &error));
  g_assert_cmpmem (ran->data, ran->len * sizeof (guint), last_first, sizeof last_first);

  b.fail = TRUE;
  g_assert_false (flitlab_job_pool_run_sets (sets, 2, 1, NULL, NULL, &failed, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
  g_assert_cmpuint (failed, ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/sim-jobs/jobs-match-run", test_jobs_match_run);
  g_test_add_func ("/flitlab/sim-jobs/streams-match-run", test_streams_match_run);
  g_test_add_func ("/flitlab/sim-jobs/bad-raw", test_bad_raw);
  g_test_add_func ("/flitlab/sim-jobs/bad-config", test_bad_config);
  g_test_add_func ("/flitlab/sim-jobs/pool-sets", test_pool_sets);
  return g_test_run ();
}
