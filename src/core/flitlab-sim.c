/* flitlab-sim.c: configurations, (load, replication) jobs on the pool, statistics
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-limits.h"
#include "flitlab-names.h"
#include "flitlab-job-pool.h"
#include "flitlab-sim-private.h"
#include "flitlab-stats.h"

G_DEFINE_QUARK (flitlab-sim-error-quark, flitlab_sim_error)

static const char * const ties_names[] = { "balanced", "positive", NULL };

const char * const *
flitlab_ties_names (void)
{
  return ties_names;
}

const char *
flitlab_ties_to_string (FlitlabTies ties)
{
  g_return_val_if_fail (ties <= FLITLAB_TIES_POSITIVE, NULL);
  return ties_names[ties];
}

gboolean
flitlab_ties_from_string (const char  *text,
                          FlitlabTies *ties)
{
  guint index;

  if (!flitlab_names_find (ties_names, text, &index))
    return FALSE;
  *ties = index;
  return TRUE;
}

static const char * const length_names[] = { "fixed", "exponential", NULL };

const char * const *
flitlab_length_names (void)
{
  return length_names;
}

const char *
flitlab_length_to_string (FlitlabLengthDistribution length)
{
  g_return_val_if_fail (length <= FLITLAB_LENGTH_EXPONENTIAL, NULL);
  return length_names[length];
}

gboolean
flitlab_length_from_string (const char                *text,
                            FlitlabLengthDistribution *length)
{
  guint index;

  if (!flitlab_names_find (length_names, text, &index))
    return FALSE;
  *length = index;
  return TRUE;
}

FlitlabSimConfig *
flitlab_sim_config_new (const char *topology)
{
  FlitlabSimConfig *config = g_new0 (FlitlabSimConfig, 1);

  config->topology = g_strdup (topology);
  config->routing = FLITLAB_ROUTING_DOR;
  config->traffic = FLITLAB_TRAFFIC_UNIFORM;
  config->length = FLITLAB_LENGTH_FIXED;
  config->flits = 16;
  config->buffer = 1;
  config->seed = 1;
  config->replications = FLITLAB_DEFAULT_REPLICATIONS;
  config->cycles = FLITLAB_DEFAULT_CYCLES;
  return config;
}

FlitlabSimConfig *
flitlab_sim_config_copy (const FlitlabSimConfig *config)
{
  FlitlabSimConfig *copy = g_memdup2 (config, sizeof *config);

  copy->topology = g_strdup (config->topology);
  copy->network = config->network != NULL ? flitlab_topology_ref (config->network) : NULL;
  copy->matrix = config->matrix != NULL ? flitlab_traffic_matrix_ref (config->matrix) : NULL;
  copy->rates = g_memdup2 (config->rates, sizeof (double) * config->n_rates);
  return copy;
}

void
flitlab_sim_config_free (FlitlabSimConfig *config)
{
  if (config == NULL)
    return;
  g_free (config->topology);
  g_clear_pointer (&config->network, flitlab_topology_unref);
  g_clear_pointer (&config->matrix, flitlab_traffic_matrix_unref);
  g_free (config->rates);
  g_free (config);
}

void
flitlab_sim_config_set_rates (FlitlabSimConfig *config,
                              const double     *rates,
                              guint             n_rates)
{
  g_free (config->rates);
  config->rates = g_memdup2 (rates, sizeof (double) * n_rates);
  config->n_rates = n_rates;
}

void
flitlab_sim_result_free (FlitlabSimResult *result)
{
  if (result == NULL)
    return;
  for (guint i = 0; i < result->n_points; i++)
    {
      g_free (result->points[i].utilization);
      g_free (result->points[i].blocking);
      g_free (result->points[i].deadlock);
    }
  g_free (result->points);
  g_free (result);
}

/* ---- jobs ------------------------------------------------------------------------ */

/* The first pilot of each of S streams: together they cost one replication's. */
static guint64
first_pilot (guint S)
{
  return MAX (FLITLAB_SIM_PILOT / S, 1);
}

guint
flitlab_sim_streams (const FlitlabSimConfig *config,
                     guint                   n_nodes)
{
  guint64 work = config->cycles * (guint64) n_nodes;
  guint S = 1;

  /* A power of two, so that a load's jobs divide evenly among 2, 4, ... threads. */
  while (S < FLITLAB_SIM_MAX_STREAMS && work > S * FLITLAB_SIM_STREAM_WORK)
    S *= 2;
  return S;
}

void
flitlab_sim_job_init (FlitlabSimJob          *job,
                      const FlitlabSimConfig *config,
                      const FlitlabTopology  *topology,
                      const FlitlabTraffic   *traffic,
                      guint                   vcs,
                      guint                   index)
{
  guint n_nodes = flitlab_topology_get_n_nodes (topology);
  guint S = flitlab_sim_streams (config, n_nodes);
  guint stream = index % S;

  *job = (FlitlabSimJob) {
    .topology = topology,
    .traffic = traffic,
    .config = config,
    .vcs = vcs,
    .rate = config->rates[index / flitlab_sim_jobs_per_load (config, n_nodes)],
    .stream = index,
    .cycles = config->cycles / S + (stream < config->cycles % S),
    .pilot = first_pilot (S),
  };
}

guint64
flitlab_sim_expected_cycles (const FlitlabSimConfig *config,
                             guint                   n_nodes)
{
  guint S = flitlab_sim_streams (config, n_nodes);
  guint64 warmup = config->warmup > 0 ? config->warmup : first_pilot (S);

  return warmup + config->cycles / S + (config->cycles % S != 0);
}

/* ---- runs ------------------------------------------------------------------------ */

typedef struct
{
  const FlitlabSimConfig *config;
  FlitlabTopology        *topology;
  FlitlabTraffic         *traffic;
  guint                   vcs;
  FlitlabSimReplication  *replications; /* rate index * replications + replication */
  gint                   *finished;     /* replications finished, per rate index (atomic) */
  FlitlabPointFunc        point;
  gpointer                point_data;
} Run;

static gboolean
run_job (guint            job,
         FlitlabSimTick   tick,
         gpointer         tick_data,
         gpointer         user_data,
         GError         **error)
{
  Run *run = user_data;
  guint per_load = flitlab_sim_jobs_per_load (run->config,
                                              flitlab_topology_get_n_nodes (run->topology));
  guint rate_index = job / per_load;
  FlitlabSimJob sim_job;

  flitlab_sim_job_init (&sim_job, run->config, run->topology, run->traffic, run->vcs, job);
  sim_job.tick = tick;
  sim_job.tick_data = tick_data;
  if (!flitlab_sim_wormhole_run (&sim_job, &run->replications[job], error))
    return FALSE;
  /* The last replication of a load to finish pools it for whoever watches. */
  if (run->point != NULL &&
      g_atomic_int_add (&run->finished[rate_index], 1) + 1 == (gint) per_load)
    {
      FlitlabSimPoint point = { 0 };

      flitlab_sim_summarize (run->config, run->topology, &run->replications[rate_index * per_load],
                             rate_index, &point);
      run->point (rate_index, &point, run->point_data);
      g_free (point.utilization);
      g_free (point.blocking);
      g_free (point.deadlock);
    }
  return TRUE;
}

/* The one-sided level of the saturation tests: a stable load is called saturated by chance
 * at most once in a thousand points. */
#define SATURATION_QUANTILE 0.999

/* Pools the replications (streams) of one load (flitlab-sim-private.h): every mean over all
 * measured messages, every interval by flitlab_stats_ratio() over the batches of all of them.
 * The load is saturated when a replication saw a source queue run away or its window not
 * drain, or when the pooled batches show that the network does not carry it: a backlog
 * (messages generated less messages delivered) that grows beyond its statistical uncertainty
 * (docs/validation/statistics.md). */
void
flitlab_sim_summarize (const FlitlabSimConfig      *config,
                       const FlitlabTopology       *topology,
                       const FlitlabSimReplication *reps,
                       guint                        rate_index,
                       FlitlabSimPoint             *point)
{
  const guint n_nodes = flitlab_topology_get_n_nodes (topology), B = FLITLAB_SIM_BATCHES;
  const guint R = flitlab_sim_jobs_per_load (config, n_nodes);
  guint n_channels = flitlab_topology_get_n_channels (topology);
  double sums[FLITLAB_LATENCY_N] = { 0 }, queueing = 0, hops = 0, accepted = 0, cycles = 0;
  g_autofree double *y = g_new (double, R * B);
  g_autofree double *c = g_new (double, R * B);
  FlitlabRatioEstimate estimate;

  point->rate = config->rates[rate_index];
  point->n_channels = n_channels;
  point->utilization = g_new0 (double, n_channels);
  point->blocking = g_new0 (double, n_channels);

  for (guint r = 0; r < R; r++)
    {
      const FlitlabSimReplication *rep = &reps[r];

      point->saturated |= rep->saturated;
      /* A deadlock carries nothing: saturated too, with the first replication's cycle. */
      if (rep->deadlocked && !point->deadlocked)
        {
          point->deadlocked = point->saturated = TRUE;
          point->n_deadlock = rep->n_deadlock;
          point->deadlock = g_memdup2 (rep->deadlock,
                                       sizeof (FlitlabDeadlockLink) * rep->n_deadlock);
        }
      point->messages += rep->messages;
      for (guint k = 0; k < FLITLAB_LATENCY_N; k++)
        sums[k] += rep->latency_sum[k];
      queueing += rep->queueing_sum;
      hops += rep->hops_sum;
      accepted += rep->accepted;
      cycles += rep->cycles;
      for (guint ch = 0; ch < n_channels && rep->channel_flits != NULL; ch++)
        {
          point->utilization[ch] += rep->channel_flits[ch];
          point->blocking[ch] += rep->channel_blocked[ch];
        }
    }

  for (guint ch = 0; ch < n_channels; ch++)
    {
      point->utilization[ch] = cycles > 0 ? point->utilization[ch] / cycles : 0;
      point->blocking[ch] = cycles > 0 ? point->blocking[ch] / cycles : 0;
    }
  point->mean_hops = point->messages > 0 ? hops / point->messages : NAN;

  /* Accepted throughput: deliveries per batch over the batch's node-cycles. */
  for (guint r = 0; r < R; r++)
    {
      const FlitlabSimReplication *rep = &reps[r];

      for (guint b = 0; b < B; b++)
        {
          y[r * B + b] = rep->batch_accepted[b];
          c[r * B + b] = (double) rep->cycles * n_nodes / B;
        }
    }
  flitlab_stats_ratio (y, c, R, B, &estimate);
  point->throughput = cycles > 0 ? accepted / (cycles * n_nodes) : 0;
  point->throughput_ci95 = estimate.ci95;

  /* Saturation: the accepted throughput short of the offered traffic, that is the backlog
   * (generated less delivered) growing, beyond its uncertainty. Measured against the
   * messages actually generated, whose Poisson noise would otherwise dominate the test. */
  for (guint r = 0; r < R; r++)
    {
      const FlitlabSimReplication *rep = &reps[r];

      for (guint b = 0; b < B; b++)
        y[r * B + b] = rep->batch_count[b] - rep->batch_accepted[b];
    }
  flitlab_stats_ratio (y, c, R, B, &estimate);
  if (isfinite (estimate.se) &&
      estimate.mean - flitlab_stats_t_quantile (SATURATION_QUANTILE, estimate.df) * estimate.se > 0)
    point->saturated = TRUE;

  for (guint k = 0; k < FLITLAB_LATENCY_N; k++)
    point->latency[k] = point->ci95[k] = NAN;
  point->latency_p50 = point->latency_p95 = point->latency_p99 = NAN;
  point->queueing = NAN;
  if (point->saturated || point->messages == 0)
    return;

  {
    g_autoptr(FlitlabLatencyHistogram) histogram = flitlab_latency_histogram_new ();

    for (guint r = 0; r < R; r++)
      if (reps[r].histogram != NULL)
        flitlab_latency_histogram_merge (histogram, reps[r].histogram);
    point->latency_p50 = flitlab_latency_histogram_percentile (histogram, 50);
    point->latency_p95 = flitlab_latency_histogram_percentile (histogram, 95);
    point->latency_p99 = flitlab_latency_histogram_percentile (histogram, 99);
  }

  point->queueing = queueing / point->messages;
  for (guint k = 0; k < FLITLAB_LATENCY_N; k++)
    {
      for (guint r = 0; r < R; r++)
        {
          const FlitlabSimReplication *rep = &reps[r];

          for (guint b = 0; b < B; b++)
            {
              y[r * B + b] = rep->batch_sum[k][b];
              c[r * B + b] = rep->batch_count[b];
            }
        }
      flitlab_stats_ratio (y, c, R, B, &estimate);
      point->latency[k] = sums[k] / point->messages;
      point->ci95[k] = estimate.ci95;
    }
}

/* The checks that need no topology: the routing, loads, lengths, counts. */
static gboolean
check_values (const FlitlabSimConfig  *config,
              GError                 **error)
{
  g_autoptr(GError) refused = NULL;

  /* A study may name it; flitlab-sim-backtrack.h simulates it. */
  if (config->routing == FLITLAB_ROUTING_BACKTRACK)
    {
      g_set_error_literal (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                           _("The backtracking network is not a wormhole network"));
      return FALSE;
    }
  if (config->n_rates == 0)
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID, _("No load to simulate"));
      return FALSE;
    }
  for (guint i = 0; i < config->n_rates; i++)
    if (!(config->rates[i] >= 0 && config->rates[i] <= 1))
      {
        g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                     _("Loads are between 0 and 1 message per cycle per node, not %g"),
                     config->rates[i]);
        return FALSE;
      }
  /* Each setting by its one check (flitlab-limits.h), whose words every edge gives. The
   * warm-up and watchdog are bounded so that warm-up + cycles (+ the drain) cannot wrap. */
  if (!flitlab_limits_check_flits (config->flits, config->length == FLITLAB_LENGTH_FIXED,
                                   &refused) ||
      !flitlab_limits_check_buffer (config->buffer, &refused) ||
      !flitlab_limits_check_replications (config->replications, &refused) ||
      !flitlab_limits_check_cycles (config->cycles, &refused) ||
      !flitlab_limits_check_warmup (config->warmup, &refused) ||
      !flitlab_limits_check_watchdog (config->watchdog, &refused) ||
      !flitlab_limits_check_threads (config->threads, &refused))
    {
      g_set_error_literal (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID, refused->message);
      return FALSE;
    }
  return TRUE;
}

guint
flitlab_sim_build_network (const FlitlabSimConfig  *config,
                           FlitlabTopology        **topology,
                           FlitlabTraffic         **traffic,
                           GError                 **error)
{
  g_autoptr(FlitlabTopology) built = NULL;
  g_autoptr(FlitlabTraffic) pattern = NULL;
  guint vcs;

  if (!check_values (config, error))
    return 0;
  built = config->network != NULL ? flitlab_topology_ref (config->network)
                                  : flitlab_topology_new_from_spec (config->topology, error);
  if (built == NULL)
    return 0;
  if (config->traffic == FLITLAB_TRAFFIC_MATRIX && config->matrix != NULL)
    pattern = flitlab_traffic_new_matrix (built, config->matrix, error);
  else
    pattern = flitlab_traffic_new (built, config->traffic, config->hotspot_fraction,
                                   config->hotspot_node, error);
  if (pattern == NULL)
    return 0;
  vcs = flitlab_sim_wormhole_check (built, config, error);
  if (vcs == 0)
    return 0;
  *topology = g_steal_pointer (&built);
  *traffic = g_steal_pointer (&pattern);
  return vcs;
}

gboolean
flitlab_sim_config_check (const FlitlabSimConfig  *config,
                          GError                 **error)
{
  g_autoptr(FlitlabTopology) topology = NULL;
  g_autoptr(FlitlabTraffic) traffic = NULL;

  g_return_val_if_fail (config != NULL, FALSE);

  return flitlab_sim_build_network (config, &topology, &traffic, error) > 0;
}

FlitlabSimResult *
flitlab_sim_run (const FlitlabSimConfig  *config,
                 FlitlabProgressFunc      progress,
                 gpointer                 user_data,
                 GError                 **error)
{
  return flitlab_sim_run_with_points (config, progress, NULL, user_data, error);
}

FlitlabSimResult *
flitlab_sim_run_with_points (const FlitlabSimConfig  *config,
                             FlitlabProgressFunc      progress,
                             FlitlabPointFunc         point,
                             gpointer                 user_data,
                             GError                 **error)
{
  g_autoptr(FlitlabTopology) topology = NULL;
  g_autoptr(FlitlabTraffic) traffic = NULL;
  FlitlabSimResult *result = NULL;
  guint n_jobs, per_load, n_nodes;
  Run run = { 0 };

  g_return_val_if_fail (config != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  run.vcs = flitlab_sim_build_network (config, &topology, &traffic, error);
  if (run.vcs == 0)
    return NULL;
  run.config = config;
  run.topology = topology;
  run.traffic = traffic;
  n_nodes = flitlab_topology_get_n_nodes (topology);
  per_load = flitlab_sim_jobs_per_load (config, n_nodes);
  n_jobs = config->n_rates * per_load;
  run.replications = g_new0 (FlitlabSimReplication, n_jobs);
  run.finished = g_new0 (gint, config->n_rates);
  run.point = point;
  run.point_data = user_data;

  if (flitlab_job_pool_run (n_jobs, config->threads,
                            flitlab_sim_expected_cycles (config, n_nodes),
                            run_job, &run, progress, user_data, error))
    {
      result = g_new0 (FlitlabSimResult, 1);
      result->n_points = config->n_rates;
      result->points = g_new0 (FlitlabSimPoint, config->n_rates);
      result->vcs = run.vcs;
      for (guint i = 0; i < config->n_rates; i++)
        flitlab_sim_summarize (config, topology, &run.replications[i * per_load], i,
                               &result->points[i]);
      for (guint i = 0; i < n_jobs; i++)
        result->warmup = MAX (result->warmup, run.replications[i].warmup);
    }

  for (guint i = 0; i < n_jobs; i++)
    flitlab_sim_replication_clear (&run.replications[i]);
  g_free (run.replications);
  g_free (run.finished);
  return result;
}
