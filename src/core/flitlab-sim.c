/* flitlab-sim.c: configurations, (load, replication) jobs on the pool, statistics
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-sim-pool.h"
#include "flitlab-sim-private.h"

G_DEFINE_QUARK (flitlab-sim-error-quark, flitlab_sim_error)

static const char * const routing_names[] = { "dor", "adaptive", "necklace" };

const char *
flitlab_routing_to_string (FlitlabRouting routing)
{
  g_return_val_if_fail (routing <= FLITLAB_ROUTING_NECKLACE, NULL);
  return routing_names[routing];
}

gboolean
flitlab_routing_from_string (const char     *text,
                             FlitlabRouting *routing)
{
  for (guint i = 0; i < G_N_ELEMENTS (routing_names); i++)
    if (g_strcmp0 (text, routing_names[i]) == 0)
      {
        *routing = i;
        return TRUE;
      }
  return FALSE;
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
  config->replications = 3;
  config->cycles = 20000;
  return config;
}

FlitlabSimConfig *
flitlab_sim_config_copy (const FlitlabSimConfig *config)
{
  FlitlabSimConfig *copy = g_memdup2 (config, sizeof *config);

  copy->topology = g_strdup (config->topology);
  copy->rates = g_memdup2 (config->rates, sizeof (double) * config->n_rates);
  return copy;
}

void
flitlab_sim_config_free (FlitlabSimConfig *config)
{
  if (config == NULL)
    return;
  g_free (config->topology);
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
    }
  g_free (result->points);
  g_free (result);
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

static void summarize (const Run       *run,
                       guint            rate_index,
                       FlitlabSimPoint *point);

static gboolean
run_job (guint            job,
         FlitlabSimTick   tick,
         gpointer         tick_data,
         gpointer         user_data,
         GError         **error)
{
  Run *run = user_data;
  guint rate_index;
  FlitlabSimJob sim_job = {
    .topology = run->topology,
    .traffic = run->traffic,
    .config = run->config,
    .vcs = run->vcs,
    .rate = run->config->rates[job / run->config->replications],
    .stream = job,
    .tick = tick,
    .tick_data = tick_data,
  };

  rate_index = job / run->config->replications;
  if (!flitlab_sim_wormhole_run (&sim_job, &run->replications[job], error))
    return FALSE;
  /* The last replication of a load to finish pools it for whoever watches. */
  if (run->point != NULL &&
      g_atomic_int_add (&run->finished[rate_index], 1) + 1 == (gint) run->config->replications)
    {
      FlitlabSimPoint point = { 0 };

      summarize (run, rate_index, &point);
      run->point (rate_index, &point, run->point_data);
      g_free (point.utilization);
      g_free (point.blocking);
    }
  return TRUE;
}

/* Pools the replications of one load: latencies over all measured messages, the confidence
 * interval from the batch means of every replication (FLITLAB_SIM_BATCHES batches each, by
 * generation time). */
static void
summarize (const Run       *run,
           guint            rate_index,
           FlitlabSimPoint *point)
{
  const FlitlabSimConfig *config = run->config;
  guint n_nodes = flitlab_topology_get_n_nodes (run->topology);
  guint n_channels = flitlab_topology_get_n_channels (run->topology);
  double latency = 0, network = 0, queueing = 0, hops = 0, accepted = 0, cycles = 0;
  FlitlabBatchMeans batches = { 0 };

  point->rate = config->rates[rate_index];
  point->n_channels = n_channels;
  point->utilization = g_new0 (double, n_channels);
  point->blocking = g_new0 (double, n_channels);

  for (guint r = 0; r < config->replications; r++)
    {
      const FlitlabSimReplication *rep = &run->replications[rate_index * config->replications + r];

      point->saturated |= rep->saturated;
      point->messages += rep->messages;
      latency += rep->latency_sum;
      network += rep->network_sum;
      queueing += rep->queueing_sum;
      hops += rep->hops_sum;
      accepted += rep->accepted;
      cycles += rep->cycles;
      flitlab_batch_means_add (&batches, rep->batch_sum, rep->batch_count, FLITLAB_SIM_BATCHES);
      for (guint c = 0; c < n_channels && rep->channel_flits != NULL; c++)
        {
          point->utilization[c] += rep->channel_flits[c];
          point->blocking[c] += rep->channel_blocked[c];
        }
    }

  for (guint c = 0; c < n_channels; c++)
    {
      point->utilization[c] = cycles > 0 ? point->utilization[c] / cycles : 0;
      point->blocking[c] = cycles > 0 ? point->blocking[c] / cycles : 0;
    }
  point->throughput = cycles > 0 ? accepted / (cycles * n_nodes) : 0;

  if (point->saturated || point->messages == 0)
    {
      point->latency = point->ci95 = point->network_latency = point->queueing = NAN;
      point->mean_hops = point->messages > 0 ? hops / point->messages : NAN;
      return;
    }
  point->latency = latency / point->messages;
  point->network_latency = network / point->messages;
  point->queueing = queueing / point->messages;
  point->mean_hops = hops / point->messages;
  point->ci95 = flitlab_batch_means_ci95 (&batches);
}

static gboolean
check_config (const FlitlabSimConfig  *config,
              GError                 **error)
{
  if (config->n_rates == 0)
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID, "No load to simulate");
      return FALSE;
    }
  for (guint i = 0; i < config->n_rates; i++)
    if (!(config->rates[i] >= 0 && config->rates[i] <= 1))
      {
        g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                     "Loads are between 0 and 1 message per cycle per node, not %g",
                     config->rates[i]);
        return FALSE;
      }
  if (!(config->flits >= 1 && config->flits <= 100000))
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   "The message length must be from 1 to 100000 flits, not %g", config->flits);
      return FALSE;
    }
  if (config->buffer < 1 || config->buffer > 1024)
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   "The buffer depth must be from 1 to 1024 flits, not %u", config->buffer);
      return FALSE;
    }
  if (config->replications < 1 || config->replications > 1000)
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   "Replications must be from 1 to 1000, not %u", config->replications);
      return FALSE;
    }
  if (config->cycles < 100 || config->cycles > G_GUINT64_CONSTANT (1000000000))
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   "The measured cycles must be from 100 to 10^9, not %" G_GUINT64_FORMAT,
                   config->cycles);
      return FALSE;
    }
  return TRUE;
}

gboolean
flitlab_sim_config_check (const FlitlabSimConfig  *config,
                          GError                 **error)
{
  g_autoptr(FlitlabTopology) topology = NULL;
  g_autoptr(FlitlabTraffic) traffic = NULL;

  g_return_val_if_fail (config != NULL, FALSE);

  if (!check_config (config, error))
    return FALSE;
  topology = flitlab_topology_new_from_spec (config->topology, error);
  if (topology == NULL)
    return FALSE;
  traffic = flitlab_traffic_new (topology, config->traffic, config->hotspot_fraction,
                                 config->hotspot_node, error);
  return traffic != NULL && flitlab_sim_wormhole_check (topology, config, error) > 0;
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
  guint n_jobs;
  Run run = { 0 };

  g_return_val_if_fail (config != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_config (config, error))
    return NULL;
  topology = flitlab_topology_new_from_spec (config->topology, error);
  if (topology == NULL)
    return NULL;
  traffic = flitlab_traffic_new (topology, config->traffic, config->hotspot_fraction,
                                 config->hotspot_node, error);
  if (traffic == NULL)
    return NULL;

  run.config = config;
  run.topology = topology;
  run.traffic = traffic;
  run.vcs = flitlab_sim_wormhole_check (topology, config, error);
  if (run.vcs == 0)
    return NULL;
  n_jobs = config->n_rates * config->replications;
  run.replications = g_new0 (FlitlabSimReplication, n_jobs);
  run.finished = g_new0 (gint, config->n_rates);
  run.point = point;
  run.point_data = user_data;

  if (flitlab_sim_pool_run (n_jobs, config->threads,
                            (config->warmup > 0 ? config->warmup : 2000) + config->cycles,
                            run_job, &run, progress, user_data, error))
    {
      result = g_new0 (FlitlabSimResult, 1);
      result->n_points = config->n_rates;
      result->points = g_new0 (FlitlabSimPoint, config->n_rates);
      result->vcs = run.vcs;
      for (guint i = 0; i < config->n_rates; i++)
        summarize (&run, i, &result->points[i]);
      for (guint i = 0; i < n_jobs; i++)
        result->warmup = MAX (result->warmup, run.replications[i].warmup);
    }

  for (guint i = 0; i < n_jobs; i++)
    flitlab_sim_replication_clear (&run.replications[i]);
  g_free (run.replications);
  g_free (run.finished);
  return result;
}
