/* flitlab-runner.c: evaluates a study's models and runs its simulation into its results
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-model.h"
#include "flitlab-runner.h"
#include "flitlab-sim-backtrack.h"

/* Whether load i of n keeps its per-channel results (n_values numbers each): evenly spread,
 * always the last, within FLITLAB_RUNNER_MAX_CHANNEL_LOADS and _VALUES. */
static gboolean
keep_channels (guint i,
               guint n,
               guint n_values)
{
  guint loads = CLAMP (FLITLAB_RUNNER_MAX_CHANNEL_VALUES / MAX (n_values, 1), 1,
                       FLITLAB_RUNNER_MAX_CHANNEL_LOADS);
  guint every = (n + loads - 1) / loads;

  return i == n - 1 || (n - 1 - i) % MAX (every, 1) == 0;
}

static gboolean
evaluate_model (FlitlabStudy       *study,
                FlitlabStudyModel  *entry,
                const double       *rates,
                guint               n_rates,
                GError            **error)
{
  g_autoptr(FlitlabModel) model = flitlab_model_new (entry->id, entry->params, error);
  g_autoptr(GPtrArray) columns = NULL;
  const FlitlabModelInfo *info;
  FlitlabStudyTable *curve;
  guint n_columns, n_channel_values;

  if (model == NULL)
    {
      g_prefix_error (error, "Study “%s”, model %s: ", study->name, entry->id);
      return FALSE;
    }
  info = flitlab_model_get_info (model);
  columns = g_ptr_array_new ();
  g_ptr_array_add (columns, "rate");
  g_ptr_array_add (columns, "latency");
  for (guint c = 0; info->columns != NULL && info->columns[c] != NULL; c++)
    g_ptr_array_add (columns, (gpointer) info->columns[c]);
  n_columns = columns->len;
  g_ptr_array_add (columns, NULL);

  curve = flitlab_study_table_new ((const char * const *) columns->pdata);
  curve->saturation_rate = flitlab_model_get_saturation_rate (model);
  g_ptr_array_set_size (entry->channels, 0);
  n_channel_values = 3 * flitlab_topology_get_n_channels (flitlab_model_get_topology (model));

  for (guint i = 0; i < n_rates; i++)
    {
      gboolean detail = keep_channels (i, n_rates, n_channel_values);
      g_autoptr(FlitlabModelPoint) point = detail ? flitlab_model_evaluate_detail (model, rates[i])
                                                  : flitlab_model_evaluate (model, rates[i]);
      g_autofree double *row = g_new (double, n_columns);

      row[0] = rates[i];
      row[1] = point->latency;
      for (guint c = 0; c < point->n_values; c++)
        row[2 + c] = point->values[c];
      flitlab_study_table_append (curve, row, point->saturated);

      if (detail && !point->saturated)
        {
          FlitlabStudyChannels *channels = flitlab_study_channels_new (rates[i], point->n_channels);

          flitlab_study_channels_add (channels, "flow", point->channel_flow);
          flitlab_study_channels_add (channels, "time", point->channel_time);
          flitlab_study_channels_add (channels, "utilization", point->channel_utilization);
          g_ptr_array_add (entry->channels, channels);
        }
    }

  g_clear_pointer (&entry->curve, flitlab_study_table_free);
  entry->curve = curve;
  return TRUE;
}

gboolean
flitlab_runner_evaluate_models (FlitlabStudy  *study,
                                GError       **error)
{
  g_autofree double *rates = NULL;
  guint n_rates;

  g_return_val_if_fail (study != NULL, FALSE);

  rates = flitlab_study_dup_rates (study, &n_rates);
  for (guint m = 0; m < study->models->len; m++)
    if (!evaluate_model (study, study->models->pdata[m], rates, n_rates, error))
      return FALSE;
  return TRUE;
}

static void
store_channels (FlitlabStudySimulation *simulation,
                double                  rate,
                guint                   n_channels,
                const char             *name,
                const double           *values,
                const char             *name2,
                const double           *values2)
{
  FlitlabStudyChannels *channels = flitlab_study_channels_new (rate, n_channels);

  flitlab_study_channels_add (channels, name, values);
  if (name2 != NULL)
    flitlab_study_channels_add (channels, name2, values2);
  g_ptr_array_add (simulation->channels, channels);
}

static gboolean
simulate_backtrack (FlitlabStudy         *study,
                    const double         *rates,
                    guint                 n_rates,
                    FlitlabProgressFunc   progress,
                    gpointer              user_data,
                    GError              **error)
{
  static const char * const columns[] = {
    "rate", "latency", "ci95", "network_latency", "throughput", "acceptance", "utilization",
    "forward", "backtrack", "queue", "hops", "power", NULL,
  };
  FlitlabStudySimulation *sim = &study->simulation;
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (study->topology, error);
  g_autoptr(FlitlabBacktrackConfig) config = NULL;
  g_autoptr(FlitlabBacktrackResult) result = NULL;
  FlitlabStudyTable *table;

  if (topology == NULL)
    return FALSE;
  if (flitlab_topology_get_family (topology) != FLITLAB_TOPOLOGY_HYPERCUBE)
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   "Study “%s”: backtracking routing runs on a hypercube, not on %s",
                   study->name, study->topology);
      return FALSE;
    }
  config = flitlab_backtrack_config_new (flitlab_topology_get_n_dims (topology), sim->node_buffers);
  config->rates = g_memdup2 (rates, sizeof (double) * n_rates);
  config->n_rates = n_rates;
  config->seed = sim->seed;
  config->replications = sim->replications;
  config->warmup = sim->warmup > 0 ? sim->warmup : config->warmup;
  config->cycles = sim->cycles;
  config->threads = sim->threads;
  result = flitlab_sim_backtrack_run (config, progress, user_data, error);
  if (result == NULL)
    return FALSE;

  table = flitlab_study_table_new (columns);
  g_ptr_array_set_size (sim->channels, 0);
  for (guint i = 0; i < result->n_points; i++)
    {
      const FlitlabBacktrackPoint *p = &result->points[i];
      const double row[] = {
        p->rate, p->delay, p->ci95, p->delay, p->throughput, p->acceptance, p->utilization,
        p->forward, p->backtrack, p->queue, p->hops, p->power,
      };

      flitlab_study_table_append (table, row, FALSE);
      if (keep_channels (i, result->n_points, p->n_channels))
        store_channels (sim, p->rate, p->n_channels, "utilization", p->channel_utilization, NULL, NULL);
    }
  g_clear_pointer (&sim->points, flitlab_study_table_free);
  sim->points = table;
  return TRUE;
}

gboolean
flitlab_runner_simulate (FlitlabStudy         *study,
                         FlitlabProgressFunc   progress,
                         gpointer              user_data,
                         GError              **error)
{
  static const char * const columns[] = {
    "rate", "latency", "ci95", "network_latency", "throughput", "queueing", "mean_hops", NULL,
  };
  FlitlabStudySimulation *sim = &study->simulation;
  g_autoptr(FlitlabSimConfig) config = NULL;
  g_autoptr(FlitlabSimResult) result = NULL;
  g_autofree double *rates = NULL;
  FlitlabStudyTable *table;
  guint n_rates;
  char vcs[16];

  g_return_val_if_fail (study != NULL, FALSE);

  if (!sim->enabled)
    return TRUE;
  rates = flitlab_study_dup_rates (study, &n_rates);
  if (g_strcmp0 (study->routing, "backtrack") == 0)
    return simulate_backtrack (study, rates, n_rates, progress, user_data, error);

  config = flitlab_sim_config_new (study->topology);
  if (!flitlab_routing_from_string (study->routing, &config->routing) ||
      !flitlab_traffic_pattern_from_string (study->pattern, &config->traffic))
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   "Study “%s”: the simulator has no %s routing or %s traffic",
                   study->name, study->routing, study->pattern);
      return FALSE;
    }
  config->hotspot_fraction = study->hotspot_fraction;
  config->hotspot_node = study->hotspot_node;
  config->length = g_strcmp0 (study->length, "fixed") == 0 ? FLITLAB_LENGTH_FIXED
                                                          : FLITLAB_LENGTH_EXPONENTIAL;
  config->flits = study->flits;
  config->vcs = sim->vcs;
  config->buffer = sim->buffer;
  config->seed = sim->seed;
  config->replications = sim->replications;
  config->warmup = sim->warmup;
  config->cycles = sim->cycles;
  config->threads = sim->threads;
  config->watchdog = sim->watchdog;
  flitlab_sim_config_set_rates (config, rates, n_rates);

  result = flitlab_sim_run (config, progress, user_data, error);
  if (result == NULL)
    {
      g_prefix_error (error, "Study “%s”: ", study->name);
      return FALSE;
    }

  table = flitlab_study_table_new (columns);
  g_snprintf (vcs, sizeof vcs, "%u", result->vcs);
  g_hash_table_insert (table->info, g_strdup ("vcs"), g_strdup (vcs));
  g_ptr_array_set_size (sim->channels, 0);
  for (guint i = 0; i < result->n_points; i++)
    {
      const FlitlabSimPoint *p = &result->points[i];
      const double row[] = {
        p->rate, p->latency, p->ci95, p->network_latency, p->throughput, p->queueing, p->mean_hops,
      };

      flitlab_study_table_append (table, row, p->saturated);
      if (keep_channels (i, result->n_points, 2 * p->n_channels))
        store_channels (sim, p->rate, p->n_channels, "utilization", p->utilization,
                        "blocking", p->blocking);
    }
  g_clear_pointer (&sim->points, flitlab_study_table_free);
  sim->points = table;
  return TRUE;
}
