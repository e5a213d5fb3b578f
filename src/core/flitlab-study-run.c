/* flitlab-study-run.c: evaluates a study's models and runs its simulation into its results
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-input.h"
#include "flitlab-model.h"
#include "flitlab-study-run.h"
#include "flitlab-sim-backtrack.h"
#include "flitlab-sim-jobs.h"
#include "flitlab-sim-replay.h"

/* Whether load i of n keeps its per-channel results (n_values numbers each): evenly spread,
 * always the last, within FLITLAB_STUDY_RUN_MAX_CHANNEL_LOADS and _VALUES. */
static gboolean
keep_channels (guint i,
               guint n,
               guint n_values)
{
  guint loads = CLAMP (FLITLAB_STUDY_RUN_MAX_CHANNEL_VALUES / MAX (n_values, 1), 1,
                       FLITLAB_STUDY_RUN_MAX_CHANNEL_LOADS);
  guint every = (n + loads - 1) / loads;

  return i == n - 1 || (n - 1 - i) % MAX (every, 1) == 0;
}

/* An empty curve of the model: rate, latency and the model's extra columns. */
static FlitlabStudyTable *
new_curve (const FlitlabModelInfo *info)
{
  g_autoptr(GPtrArray) columns = g_ptr_array_new ();

  g_ptr_array_add (columns, "rate");
  g_ptr_array_add (columns, "latency");
  for (guint c = 0; info->columns != NULL && info->columns[c] != NULL; c++)
    g_ptr_array_add (columns, (gpointer) info->columns[c]);
  g_ptr_array_add (columns, NULL);
  return flitlab_study_table_new ((const char * const *) columns->pdata);
}

static void
append_point (FlitlabStudyTable       *curve,
              const FlitlabModelPoint *point)
{
  g_autofree double *row = g_new (double, curve->n_columns);

  row[0] = point->rate;
  row[1] = point->latency;
  for (guint c = 0; c < point->n_values && 2 + c < curve->n_columns; c++)
    row[2 + c] = point->values[c];
  flitlab_study_table_append (curve, row, point->saturated);
}

static gboolean
evaluate_model (FlitlabStudy       *study,
                FlitlabStudyModel  *entry,
                const double       *rates,
                guint               n_rates,
                GError            **error)
{
  g_autoptr(FlitlabModel) model = flitlab_model_new (entry->id, entry->params, error);
  FlitlabStudyTable *curve;
  guint n_channel_values;

  if (model == NULL)
    {
      g_prefix_error (error, _("Study “%s”, model %s: "), study->name, entry->id);
      return FALSE;
    }
  curve = new_curve (flitlab_model_get_info (model));
  curve->saturation_rate = flitlab_model_get_saturation_rate (model);
  g_ptr_array_set_size (entry->channels, 0);
  n_channel_values = 3 * flitlab_topology_get_n_channels (flitlab_model_get_topology (model));

  for (guint i = 0; i < n_rates; i++)
    {
      gboolean detail = keep_channels (i, n_rates, n_channel_values);
      g_autoptr(FlitlabModelPoint) point = detail ? flitlab_model_evaluate_detail (model, rates[i])
                                                  : flitlab_model_evaluate (model, rates[i]);

      append_point (curve, point);
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

FlitlabStudyTable *
flitlab_study_run_model_curve (const FlitlabStudy      *study,
                               const FlitlabStudyModel *entry,
                               guint                    n,
                               GError                 **error)
{
  g_autoptr(FlitlabModel) model = NULL;
  FlitlabStudyTable *curve;
  double lo, hi;

  g_return_val_if_fail (study != NULL && entry != NULL && n >= 2, NULL);

  model = flitlab_model_new (entry->id, entry->params, error);
  if (model == NULL)
    return NULL;
  curve = new_curve (flitlab_model_get_info (model));
  /* The stored curve's saturation, when there is one, spares a bisection. */
  curve->saturation_rate = entry->curve != NULL && isfinite (entry->curve->saturation_rate)
                             ? entry->curve->saturation_rate
                             : flitlab_model_get_saturation_rate (model);
  lo = study->rate_min;
  hi = study->n_rates > 1 ? MAX (study->rate_max, lo) : lo;
  if (!flitlab_model_get_info (model)->capacity && curve->saturation_rate > 0)
    hi = MIN (hi, curve->saturation_rate);
  if (hi <= lo)
    lo = hi / n;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(FlitlabModelPoint) point =
        flitlab_model_evaluate (model, lo + (hi - lo) * i / (n - 1));

      append_point (curve, point);
    }
  return curve;
}

gboolean
flitlab_study_run_evaluate_models (FlitlabStudy  *study,
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

/* The backtracking simulator's configuration of a study. */
/* Errors of a study's own settings say which study; flitlab_study_run_check_simulation()'s do not,
 * for the editor, which shows the study. */
static void
prefix_study (GError            **error,
              const FlitlabStudy *study)
{
  /* Translators: before why a study is refused; %s: the study's name */
  g_prefix_error (error, _("Study “%s”: "), study->name);
}

static FlitlabBacktrackConfig *
study_backtrack_config (const FlitlabStudy  *study,
                        const double        *rates,
                        guint                n_rates,
                        GError             **error)
{
  const FlitlabStudySimulation *sim = &study->simulation;
  const FlitlabTopology *topology = flitlab_study_get_topology (study, error);
  FlitlabBacktrackConfig *config;

  if (topology == NULL)
    return NULL;
  if (flitlab_topology_get_family (topology) != FLITLAB_TOPOLOGY_HYPERCUBE)
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   _("backtracking routing runs on a hypercube, not on %s"), study->topology);
      return NULL;
    }
  /* Its destinations are uniform: a matrix it cannot follow is refused, not replaced. */
  if (study->pattern == FLITLAB_TRAFFIC_MATRIX || study->pattern == FLITLAB_TRAFFIC_TRACE)
    {
      g_set_error_literal (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                           study->pattern == FLITLAB_TRAFFIC_MATRIX
                           ? _("the backtracking simulator sends uniform traffic, not a traffic "
                               "matrix")
                           : _("the backtracking simulator sends uniform traffic, not a "
                               "trace"));
      return NULL;
    }
  config = flitlab_backtrack_config_new (flitlab_topology_get_n_dims (topology), sim->node_buffers);
  config->rates = g_memdup2 (rates, sizeof (double) * n_rates);
  config->n_rates = n_rates;
  config->seed = sim->seed;
  config->replications = sim->replications;
  config->warmup = sim->warmup > 0 ? sim->warmup : config->warmup;
  config->cycles = sim->cycles;
  config->threads = sim->threads;
  return config;
}

static void
store_backtrack (FlitlabStudy                 *study,
                 const FlitlabBacktrackResult *result)
{
  static const char * const columns[] = {
    "rate", "latency", "ci95", "network_latency", "throughput", "acceptance", "utilization",
    "forward", "backtrack", "queue", "hops", "power", NULL,
  };
  FlitlabStudySimulation *sim = &study->simulation;
  FlitlabStudyTable *table;

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
        store_channels (sim, p->rate, p->n_channels, "utilization", p->channel_utilization,
                        NULL, NULL);
    }
  g_clear_pointer (&sim->points, flitlab_study_table_free);
  sim->points = table;
}

static gboolean
simulate_backtrack (FlitlabStudy         *study,
                    const double         *rates,
                    guint                 n_rates,
                    FlitlabProgressFunc   progress,
                    gpointer              user_data,
                    GError              **error)
{
  g_autoptr(FlitlabBacktrackConfig) config = study_backtrack_config (study, rates, n_rates, error);
  g_autoptr(FlitlabBacktrackResult) result = NULL;

  if (config == NULL)
    {
      prefix_study (error, study);
      return FALSE;
    }
  result = flitlab_sim_backtrack_run (config, progress, user_data, error);
  if (result == NULL)
    return FALSE;
  store_backtrack (study, result);
  return TRUE;
}

/* The wormhole simulator's configuration of a study. */
static FlitlabSimConfig *
study_sim_config (const FlitlabStudy  *study,
                  const double        *rates,
                  guint                n_rates,
                  GError             **error)
{
  const FlitlabStudySimulation *sim = &study->simulation;
  const FlitlabTopology *network = flitlab_study_get_topology (study, NULL);
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new (study->topology);

  /* The study's network, built once; a spec that could not be built is refused by the
   * simulator's own checks, in their order. */
  config->network = network != NULL ? flitlab_topology_ref (network) : NULL;
  config->routing = study->routing;
  config->ties = study->ties;
  config->traffic = study->pattern;
  /* A trace's messages come from its file (flitlab_sim_replay()): the network's checks are
   * made with the default traffic, which the replay does not use. */
  if (study->pattern == FLITLAB_TRAFFIC_TRACE)
    {
      if (flitlab_study_get_trace (study, error) == NULL)
        return NULL;
      config->traffic = FLITLAB_TRAFFIC_UNIFORM;
    }
  if (study->pattern == FLITLAB_TRAFFIC_MATRIX)
    {
      FlitlabTrafficMatrix *matrix = flitlab_study_get_matrix (study, error);

      if (matrix == NULL)
        return NULL;
      config->matrix = flitlab_traffic_matrix_ref (matrix);
    }
  config->hotspot_fraction = study->hotspot_fraction;
  config->hotspot_node = study->hotspot_node;
  config->length = study->length;
  config->flits = study->flits;
  config->vcs = sim->vcs;
  config->buffer = sim->buffer;
  config->seed = sim->seed;
  config->replications = sim->replications;
  config->warmup = sim->warmup;
  config->cycles = sim->cycles;
  config->threads = sim->threads;
  config->watchdog = sim->watchdog;
  config->allow_deadlock = sim->allow_deadlock;
  flitlab_sim_config_set_rates (config, rates, n_rates);
  return g_steal_pointer (&config);
}

/* The wormhole simulator's columns, in the order point_row() fills them. */
static const char * const points_columns[] = {
  "rate", "latency", "ci95", "network_latency", "throughput", "queueing", "mean_hops",
  "network_ci95", "transit_latency", "transit_ci95", "source_transit_latency",
  "source_transit_ci95", "throughput_ci95", "deadlocked", "messages", NULL,
};

static void
point_row (const FlitlabSimPoint *p,
           double                *row)
{
  row[0] = p->rate;
  row[1] = p->latency[FLITLAB_LATENCY_TOTAL];
  row[2] = p->ci95[FLITLAB_LATENCY_TOTAL];
  row[3] = p->latency[FLITLAB_LATENCY_NETWORK];
  row[4] = p->throughput;
  row[5] = p->queueing;
  row[6] = p->mean_hops;
  row[7] = p->ci95[FLITLAB_LATENCY_NETWORK];
  row[8] = p->latency[FLITLAB_LATENCY_TRANSIT];
  row[9] = p->ci95[FLITLAB_LATENCY_TRANSIT];
  row[10] = p->latency[FLITLAB_LATENCY_SOURCE_TRANSIT];
  row[11] = p->ci95[FLITLAB_LATENCY_SOURCE_TRANSIT];
  row[12] = p->throughput_ci95;
  row[13] = p->deadlocked ? 1 : 0;
  row[14] = (double) p->messages;
}

/* flitlab_sim_jobs_run() gives progress and points one user_data: the relay holds
 * both callbacks and the caller's data. */
typedef struct
{
  FlitlabProgressFunc    progress;
  FlitlabStudyRunPointFunc point;
  gpointer               user_data;
} PointRelay;

static gboolean
relay_progress (double   fraction,
                double   seconds_left,
                gpointer data)
{
  PointRelay *relay = data;

  return relay->progress == NULL || relay->progress (fraction, seconds_left, relay->user_data);
}

static void
relay_point (guint                  index,
             const FlitlabSimPoint *point,
             gpointer               data)
{
  PointRelay *relay = data;
  double row[G_N_ELEMENTS (points_columns) - 1];

  point_row (point, row);
  relay->point (row, point->saturated, relay->user_data);
}


/* ---- a trace study: one replay per load ------------------------------------------------ */

/* A trace study's points: a simulation's columns, then the replay's own. */
static const char * const trace_columns[] = {
  "rate", "latency", "ci95", "network_latency", "throughput", "queueing", "mean_hops",
  "network_ci95", "transit_latency", "transit_ci95", "source_transit_latency",
  "source_transit_ci95", "throughput_ci95", "deadlocked", "messages",
  "latency_p50", "latency_p95", "latency_p99", "makespan", "scale", NULL,
};

G_STATIC_ASSERT (G_N_ELEMENTS (trace_columns) == G_N_ELEMENTS (points_columns) + 5);

/* The replays of a trace study, one job per load on the job pool: each opens its own reader. */
typedef struct
{
  FlitlabStudyTrace      *trace;
  FlitlabSimConfig       *config;
  double                 *rates;
  double                 *scales;
  guint                   n_rates;
  FlitlabReplayResult   **results;   /* n_rates */
  FlitlabStudyRunPointFunc point;
  gpointer                point_data;
} TraceRun;

/* A job's progress, as the job pool hears it: messages delivered of the trace's. */
typedef struct
{
  FlitlabSimTick tick;
  gpointer       tick_data;
  guint64        messages;
} TraceTick;

static gboolean
trace_job_progress (double   fraction,
                    double   seconds_left,
                    gpointer user_data)
{
  TraceTick *t = user_data;

  return t->tick == NULL || t->tick ((guint64) (fraction * (double) t->messages), t->messages,
                                     t->tick_data);
}

static void
trace_row (const FlitlabReplayResult *r,
           double                     rate,
           double                    *row)
{
  /* One replay is one deterministic run: no confidence intervals. */
  const double values[] = {
    rate, r->latency[FLITLAB_LATENCY_TOTAL], NAN, r->latency[FLITLAB_LATENCY_NETWORK],
    r->throughput, r->queueing, r->mean_hops, NAN, r->latency[FLITLAB_LATENCY_TRANSIT], NAN,
    r->latency[FLITLAB_LATENCY_SOURCE_TRANSIT], NAN, NAN, 0, (double) r->messages,
    r->latency_p50, r->latency_p95, r->latency_p99,
    r->saturated ? NAN : (double) r->makespan, r->scale,
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (values) == G_N_ELEMENTS (trace_columns) - 1);
  memcpy (row, values, sizeof values);
}

static gboolean
trace_run_job (guint            job,
               FlitlabSimTick   tick,
               gpointer         tick_data,
               gpointer         user_data,
               GError         **error)
{
  TraceRun *run = user_data;
  const FlitlabStudyTrace *trace = run->trace;
  TraceTick t = { tick, tick_data, trace->messages };
  FlitlabReplayOptions options = { .scale = run->scales[job] };
  gpointer reader = trace->open (trace, error);

  if (reader == NULL)
    return FALSE;
  run->results[job] = flitlab_sim_replay (run->config, &options, trace->next, reader,
                                          trace->messages, trace_job_progress, &t, error);
  trace->close (reader);
  if (run->results[job] == NULL)
    return FALSE;
  if (run->point != NULL)
    {
      double row[G_N_ELEMENTS (trace_columns) - 1];

      trace_row (run->results[job], run->rates[job], row);
      run->point (row, run->results[job]->saturated, run->point_data);
    }
  return TRUE;
}

static void
trace_run_clear (TraceRun *run)
{
  for (guint i = 0; run->results != NULL && i < run->n_rates; i++)
    g_clear_pointer (&run->results[i], flitlab_replay_result_free);
  g_clear_pointer (&run->results, g_free);
  g_clear_pointer (&run->trace, flitlab_study_trace_unref);
  g_clear_pointer (&run->config, flitlab_sim_config_free);
  g_clear_pointer (&run->rates, g_free);
  g_clear_pointer (&run->scales, g_free);
}

/* Sets up run for the study's replays, checking everything they need but the file itself,
 * which each replay opens (and its reader checks). Errors do not name the study. */
static gboolean
trace_run_init (const FlitlabStudy  *study,
                TraceRun            *run,
                GError             **error)
{
  const FlitlabTopology *network;
  guint n_nodes;

  run->rates = flitlab_study_dup_rates (study, &run->n_rates);
  run->config = study_sim_config (study, run->rates, run->n_rates, error);
  if (run->config == NULL || !flitlab_sim_config_check (run->config, error))
    return FALSE;
  network = flitlab_study_get_topology (study, error);
  if (network == NULL)
    return FALSE;
  run->trace = flitlab_study_trace_ref (flitlab_study_get_trace (study, NULL));
  n_nodes = flitlab_topology_get_n_nodes (network);
  if (!flitlab_traffic_matrix_check_size (run->trace->matrix, n_nodes, error))
    return FALSE;
  run->scales = g_new (double, run->n_rates);
  for (guint i = 0; i < run->n_rates; i++)
    {
      run->scales[i] = flitlab_study_trace_scale_at (run->trace, run->rates[i], n_nodes);
      if (!isfinite (run->scales[i]) || run->scales[i] <= 0)
        {
          g_set_error_literal (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                               _("a trace is replayed at loads above 0: the load range must "
                                 "start above 0"));
          return FALSE;
        }
    }
  run->results = g_new0 (FlitlabReplayResult *, run->n_rates);
  return TRUE;
}

static void
trace_run_set (TraceRun          *run,
               FlitlabJobPoolSet *set)
{
  *set = (FlitlabJobPoolSet) {
    .n_jobs = run->n_rates,
    .cycles_per_job = MAX (run->trace->messages, 1),
    .run_job = trace_run_job,
    .user_data = run,
  };
}

/* A replay's work in the simulator's units (flitlab_sim_jobs_job_cost()): every channel each
 * cycle of the makespan, and every flit of every message each cycle it is in the network. */
static double
trace_job_cost (const TraceRun        *run,
                const FlitlabTopology *network,
                guint                  job)
{
  const FlitlabStudyTrace *trace = run->trace;
  double cycles = ((double) trace->last_cycle + 1) * run->scales[job];
  double latency = flitlab_topology_mean_distance (network) + trace->flits;

  return cycles * flitlab_topology_get_n_channels (network) +
         (double) trace->messages * trace->flits * latency;
}

static void
trace_run_store (TraceRun     *run,
                 FlitlabStudy *study)
{
  FlitlabStudySimulation *sim = &study->simulation;
  FlitlabStudyTable *table = flitlab_study_table_new (trace_columns);

  g_hash_table_insert (table->info, g_strdup ("trace"), g_strdup (run->trace->sha256));
  g_ptr_array_set_size (sim->channels, 0);
  for (guint i = 0; i < run->n_rates; i++)
    {
      const FlitlabReplayResult *r = run->results[i];
      double row[G_N_ELEMENTS (trace_columns) - 1];

      trace_row (r, run->rates[i], row);
      flitlab_study_table_append (table, row, r->saturated);
      if (!r->saturated && keep_channels (i, run->n_rates, r->n_channels))
        store_channels (sim, run->rates[i], r->n_channels, "utilization", r->utilization,
                        NULL, NULL);
    }
  g_clear_pointer (&sim->points, flitlab_study_table_free);
  sim->points = table;
}

static gboolean
simulate_trace (FlitlabStudy            *study,
                FlitlabProgressFunc      progress,
                FlitlabStudyRunPointFunc point,
                gpointer                 user_data,
                GError                 **error)
{
  TraceRun run = { 0 };
  FlitlabJobPoolSet set;
  gboolean ok;

  if (!trace_run_init (study, &run, error))
    {
      trace_run_clear (&run);
      prefix_study (error, study);
      return FALSE;
    }
  run.point = point;
  run.point_data = user_data;
  trace_run_set (&run, &set);
  ok = flitlab_job_pool_run (set.n_jobs, study->simulation.threads, set.cycles_per_job,
                             set.run_job, set.user_data, progress, user_data, error);
  if (ok)
    trace_run_store (&run, study);
  else
    prefix_study (error, study);
  trace_run_clear (&run);
  return ok;
}

FlitlabSimConfig *
flitlab_study_run_new_sim_config (const FlitlabStudy  *study,
                                  GError             **error)
{
  FlitlabSimConfig *config;
  g_autofree double *rates = NULL;
  guint n_rates;

  g_return_val_if_fail (study != NULL, NULL);

  if (study->routing == FLITLAB_ROUTING_BACKTRACK)
    {
      g_set_error_literal (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                           _("The backtracking network is not a wormhole network"));
      return NULL;
    }
  rates = flitlab_study_dup_rates (study, &n_rates);
  config = study_sim_config (study, rates, n_rates, error);
  if (config == NULL)
    prefix_study (error, study);
  return config;
}

double
flitlab_study_run_model_latency (const FlitlabStudy *study,
                                 guint               rate_index)
{
  const FlitlabStudyTable *curve;

  g_return_val_if_fail (study != NULL, NAN);

  curve = study->models->len > 0 ? ((const FlitlabStudyModel *) study->models->pdata[0])->curve
                                 : NULL;
  if (curve == NULL || rate_index >= curve->n_rows)
    return NAN;
  return curve->saturated[rate_index] ? INFINITY : flitlab_study_table_get (curve, rate_index, 1);
}

const char * const *
flitlab_study_run_points_columns (void)
{
  return points_columns;
}

gboolean
flitlab_study_run_simulate (FlitlabStudy         *study,
                            FlitlabProgressFunc   progress,
                            gpointer              user_data,
                            GError              **error)
{
  return flitlab_study_run_simulate_with_points (study, progress, NULL, user_data, error);
}

gboolean
flitlab_study_run_simulate_with_points (FlitlabStudy            *study,
                                        FlitlabProgressFunc      progress,
                                        FlitlabStudyRunPointFunc   point,
                                        gpointer                 user_data,
                                        GError                 **error)
{
  FlitlabStudySimulation *sim = &study->simulation;
  PointRelay relay = { progress, point, user_data };
  g_autoptr(FlitlabSimConfig) config = NULL;
  g_autoptr(FlitlabSimJobs) sim_jobs = NULL;
  g_autoptr(FlitlabSimResult) result = NULL;
  g_autofree double *rates = NULL;
  guint n_rates;

  g_return_val_if_fail (study != NULL, FALSE);

  if (!sim->enabled)
    return TRUE;
  rates = flitlab_study_dup_rates (study, &n_rates);
  if (study->routing == FLITLAB_ROUTING_BACKTRACK)
    return simulate_backtrack (study, rates, n_rates, progress, user_data, error);
  if (study->pattern == FLITLAB_TRAFFIC_TRACE)
    return simulate_trace (study, progress, point, user_data, error);

  config = study_sim_config (study, rates, n_rates, error);
  if (config == NULL)
    {
      prefix_study (error, study);
      return FALSE;
    }
  sim_jobs = flitlab_sim_jobs_new (config, error);
  if (sim_jobs != NULL)
    result = point != NULL ? flitlab_sim_jobs_run (sim_jobs, relay_progress, relay_point, &relay,
                                                   error)
                           : flitlab_sim_jobs_run (sim_jobs, progress, NULL, user_data, error);
  if (result == NULL)
    {
      prefix_study (error, study);
      return FALSE;
    }
  flitlab_study_run_store_simulation (study, result);
  return TRUE;
}

/* One study's jobs on the pool of flitlab_study_run_simulate_studies(): of a wormhole
 * simulation (FlitlabSimJobs), or of the backtracking simulator. */
typedef struct
{
  FlitlabStudy           *study;
  FlitlabSimJobs           *sim_jobs;
  FlitlabBacktrackConfig *backtrack;
  TraceRun               *trace;
  double                 *cost;
  FlitlabJobPoolSet       set;
} PooledStudy;

/* Sets up the study's jobs in pooled, as flitlab_study_run_simulate() would run them, with their
 * costs once the checks have passed. */
static gboolean
pool_study (FlitlabStudy  *study,
            PooledStudy   *pooled,
            GError       **error)
{
  g_autoptr(FlitlabSimConfig) config = NULL;
  g_autofree double *rates = NULL;
  guint n_rates, R = study->simulation.replications;

  pooled->study = study;
  rates = flitlab_study_dup_rates (study, &n_rates);
  if (study->routing == FLITLAB_ROUTING_BACKTRACK)
    {
      pooled->backtrack = study_backtrack_config (study, rates, n_rates, error);
      if (pooled->backtrack == NULL)
        {
          prefix_study (error, study);
          return FALSE;
        }
      /* Its checks' errors do not name the study, as flitlab_sim_backtrack_run()'s. */
      if (!flitlab_backtrack_set_init (pooled->backtrack, NULL, &pooled->set, error))
        return FALSE;
      pooled->cost = g_new (double, pooled->set.n_jobs);
      for (guint j = 0; j < pooled->set.n_jobs; j++)
        pooled->cost[j] = flitlab_backtrack_job_cost (pooled->backtrack, j,
                                                      flitlab_study_run_model_latency (study,
                                                                                       j / R));
    }
  else if (study->pattern == FLITLAB_TRAFFIC_TRACE)
    {
      pooled->trace = g_new0 (TraceRun, 1);
      if (!trace_run_init (study, pooled->trace, error))
        {
          prefix_study (error, study);
          return FALSE;
        }
      trace_run_set (pooled->trace, &pooled->set);
      pooled->cost = g_new (double, pooled->set.n_jobs);
      for (guint j = 0; j < pooled->set.n_jobs; j++)
        pooled->cost[j] = trace_job_cost (pooled->trace, flitlab_study_get_topology (study, NULL),
                                          j);
    }
  else
    {
      config = study_sim_config (study, rates, n_rates, error);
      pooled->sim_jobs = config != NULL ? flitlab_sim_jobs_new (config, error) : NULL;
      if (pooled->sim_jobs == NULL)
        {
          prefix_study (error, study);
          return FALSE;
        }
      flitlab_sim_jobs_set_init (pooled->sim_jobs, NULL, &pooled->set);
      pooled->cost = g_new (double, pooled->set.n_jobs);
      for (guint j = 0; j < pooled->set.n_jobs; j++)
        {
          guint rate_index = flitlab_sim_jobs_get_rate_index (pooled->sim_jobs, j);
          double latency = flitlab_study_run_model_latency (study, rate_index);

          pooled->cost[j] = flitlab_sim_jobs_job_cost (pooled->sim_jobs, j, latency);
        }
    }
  pooled->set.cost = pooled->cost;
  return TRUE;
}

static void
pooled_study_clear (PooledStudy *pooled)
{
  g_clear_pointer (&pooled->sim_jobs, flitlab_sim_jobs_free);
  g_clear_pointer (&pooled->backtrack, flitlab_backtrack_config_free);
  if (pooled->trace != NULL)
    trace_run_clear (pooled->trace);
  g_clear_pointer (&pooled->trace, g_free);
  g_clear_pointer (&pooled->cost, g_free);
}

double
flitlab_study_run_estimate_seconds (const FlitlabStudy *study,
                                    guint               cores)
{
  g_autoptr(FlitlabStudy) copy = flitlab_study_copy (study);
  PooledStudy pooled = { 0 };
  double work = 0, speed;

  flitlab_study_run_evaluate_models (copy, NULL);
  if (!pool_study (copy, &pooled, NULL))
    return NAN;
  for (guint j = 0; j < pooled.set.n_jobs; j++)
    work += pooled.cost[j];
  speed = pooled.backtrack != NULL ? FLITLAB_STUDY_RUN_BACKTRACK_WORK_PER_SECOND
                                   : FLITLAB_STUDY_RUN_WORMHOLE_WORK_PER_SECOND;
  pooled_study_clear (&pooled);
  return work / (speed * MAX (cores, 1));
}

gboolean
flitlab_study_run_simulate_studies (FlitlabStudy * const  *studies,
                                    guint                  n_studies,
                                    FlitlabProgressFunc    progress,
                                    gpointer               user_data,
                                    GError               **error)
{
  g_autoptr(GError) refused = NULL, failure = NULL;
  g_autofree PooledStudy *pooled = g_new0 (PooledStudy, n_studies);
  g_autofree FlitlabJobPoolSet *sets = g_new0 (FlitlabJobPoolSet, n_studies);
  guint n_pooled = 0, threads = 1, failed = 0;
  gboolean all_cores = FALSE, ran, ran_all;

  /* The studies before the first that cannot start still run, so that the error is the one
   * running them one by one would meet first. */
  for (guint i = 0; i < n_studies && refused == NULL; i++)
    if (studies[i]->simulation.enabled)
      {
        if (pool_study (studies[i], &pooled[n_pooled], &refused))
          {
            sets[n_pooled] = pooled[n_pooled].set;
            all_cores |= studies[i]->simulation.threads == 0;
            threads = MAX (threads, studies[i]->simulation.threads);
          }
        n_pooled++;
      }
  if (refused != NULL)
    n_pooled--;

  ran = flitlab_job_pool_run_sets (sets, n_pooled, all_cores ? 0 : threads, progress, user_data,
                                   &failed, &failure);
  /* A study refused leaves every result as it was, as a failure does. */
  ran_all = ran && refused == NULL;
  for (guint k = 0; k < n_pooled; k++)
    {
      PooledStudy *p = &pooled[k];

      if (p->sim_jobs != NULL)
        {
          g_autoptr(FlitlabSimResult) result = flitlab_sim_jobs_set_finish (&sets[k], ran_all);

          if (result != NULL)
            flitlab_study_run_store_simulation (p->study, result);
        }
      else if (p->trace != NULL)
        {
          if (ran_all)
            trace_run_store (p->trace, p->study);
        }
      else
        {
          g_autoptr(FlitlabBacktrackResult) result =
            flitlab_backtrack_set_finish (&sets[k], ran_all);

          if (result != NULL)
            store_backtrack (p->study, result);
        }
    }
  if (!ran && failed < n_pooled &&
      (pooled[failed].sim_jobs != NULL || pooled[failed].trace != NULL))
    prefix_study (&failure, pooled[failed].study);
  for (guint k = 0; k < n_studies; k++)
    pooled_study_clear (&pooled[k]);
  if (!ran)
    {
      g_propagate_error (error, g_steal_pointer (&failure));
      return FALSE;
    }
  if (refused != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&refused));
      return FALSE;
    }
  return TRUE;
}

void
flitlab_study_run_store_simulation (FlitlabStudy           *study,
                                    const FlitlabSimResult *result)
{
  FlitlabStudySimulation *sim = &study->simulation;
  FlitlabStudyTable *table;
  char vcs[16];

  g_return_if_fail (study != NULL && result != NULL);

  table = flitlab_study_table_new (points_columns);
  g_snprintf (vcs, sizeof vcs, "%u", result->vcs);
  g_hash_table_insert (table->info, g_strdup ("vcs"), g_strdup (vcs));
  g_ptr_array_set_size (sim->channels, 0);
  for (guint i = 0; i < result->n_points; i++)
    {
      const FlitlabSimPoint *p = &result->points[i];
      double row[G_N_ELEMENTS (points_columns) - 1];

      point_row (p, row);
      flitlab_study_table_append (table, row, p->saturated);
      if (keep_channels (i, result->n_points, 2 * p->n_channels))
        store_channels (sim, p->rate, p->n_channels, "utilization", p->utilization,
                        "blocking", p->blocking);
    }
  g_clear_pointer (&sim->points, flitlab_study_table_free);
  sim->points = table;
}

gboolean
flitlab_study_run_check_simulation (const FlitlabStudy  *study,
                                    GError             **error)
{
  g_autofree double *rates = NULL;
  guint n_rates;

  g_return_val_if_fail (study != NULL, FALSE);

  rates = flitlab_study_dup_rates (study, &n_rates);
  if (study->routing == FLITLAB_ROUTING_BACKTRACK)
    {
      g_autoptr(FlitlabBacktrackConfig) config =
        study_backtrack_config (study, rates, n_rates, error);

      return config != NULL && flitlab_backtrack_config_check (config, error);
    }
  else if (study->pattern == FLITLAB_TRAFFIC_TRACE)
    {
      TraceRun run = { 0 };
      gboolean ok = trace_run_init (study, &run, error);

      trace_run_clear (&run);
      return ok;
    }
  else
    {
      g_autoptr(FlitlabSimConfig) config = study_sim_config (study, rates, n_rates, error);

      return config != NULL && flitlab_sim_config_check (config, error);
    }
}

/* ---- which model describes a study ------------------------------------------------- */

/* A value as numbers: "8x8" gives 8, 8; "12.0" gives 12. FALSE when it is not one. */
static gboolean
param_numbers (const char *text,
               GArray     *numbers)
{
  g_auto(GStrv) parts = g_strsplit (text, "x", -1);

  for (guint i = 0; parts[i] != NULL; i++)
    {
      double value;

      if (!flitlab_input_parse_number (parts[i], -1, &value))
        return FALSE;
      g_array_append_val (numbers, value);
    }
  return numbers->len > 0;
}

char *
flitlab_study_run_param_shown (const char *key,
                               const char *value)
{
  guint rows = 0, columns = 1;

  g_return_val_if_fail (key != NULL && value != NULL, NULL);

  if (*value == '\0')
    return NULL;
  if (!g_str_equal (key, "matrix"))
    return g_strdup (value);
  for (const char *c = value; *c != '\0' && *c != '\n'; c++)
    columns += *c == ',';
  /* A line per row, the last one with or without its newline. */
  for (const char *c = value; *c != '\0'; c++)
    rows += *c == '\n' && c[1] != '\0';
  /* Translators: a traffic matrix's size, rows × columns */
  return g_strdup_printf (_("%u×%u"), rows + 1, columns);
}

gboolean
flitlab_study_run_param_equal (const char *a,
                               const char *b)
{
  g_autoptr(GArray) x = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) y = g_array_new (FALSE, FALSE, sizeof (double));

  if (a == NULL || b == NULL)
    return a == b;
  if (!param_numbers (a, x) || !param_numbers (b, y))
    return g_str_equal (a, b);
  /* A radix written once stands for the same radix in every dimension. */
  if (x->len == 1 || y->len == 1)
    {
      GArray *one = x->len == 1 ? x : y, *many = x->len == 1 ? y : x;

      for (guint i = 0; i < many->len; i++)
        if (g_array_index (many, double, i) != g_array_index (one, double, 0))
          return FALSE;
      return TRUE;
    }
  if (x->len != y->len)
    return FALSE;
  for (guint i = 0; i < x->len; i++)
    if (g_array_index (x, double, i) != g_array_index (y, double, i))
      return FALSE;
  return TRUE;
}

gboolean
flitlab_study_run_model_follows (const FlitlabStudy      *study,
                                 const FlitlabStudyModel *model)
{
  g_autoptr(GHashTable) derived = NULL;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (study != NULL && model != NULL, FALSE);

  /* What the study gives, on top of the model's own values (a variant stays as it is). */
  derived = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  if (!flitlab_study_run_fit_model (study, model->id, derived, NULL))
    return FALSE;
  g_hash_table_iter_init (&iter, derived);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!flitlab_study_run_param_equal (value, g_hash_table_lookup (model->params, key)))
      return FALSE;
  return TRUE;
}

static void
set_param (GHashTable *params,
           const char *name,
           char       *value)
{
  g_hash_table_insert (params, g_strdup (name), value);
}

static gboolean
takes_param (const FlitlabModelInfo *info,
             const char             *name)
{
  for (const FlitlabModelParamInfo *p = info->params; p->name != NULL; p++)
    if (g_str_equal (p->name, name))
      return TRUE;
  return FALSE;
}

static gboolean
not_a_param_of (gpointer key,
                gpointer value,
                gpointer user_data)
{
  return !takes_param (user_data, key);
}

/* general-wormhole (docs/models/general.md) describes any traffic on any torus, mesh or
 * hypercube routed in dimension order: its parameters are the study's network, traffic and
 * lengths; latency is the model's own. Up to GENERAL_FIT_NODES nodes, as it routes every pair
 * each time the study changes. */
#define GENERAL_FIT_NODES 256

/* Whether general-wormhole builds from a set of parameters, remembered for the last few sets:
 * building it routes every pair of nodes (28 ms on a 6×6×6 torus), and one edit in the window
 * asks for the same parameters several times (the editor's rows, whether a model follows its
 * study, the plot). The answer depends on the parameters alone. */
#define GENERAL_FITS_KEPT 8

typedef struct
{
  char   *key;    /* the parameters, params_key() */
  GError *error;  /* why they do not build; NULL: they do */
} GeneralFit;

static GMutex general_fits_lock;
static GQueue general_fits = G_QUEUE_INIT;

static void
general_fit_free (GeneralFit *fit)
{
  g_free (fit->key);
  g_clear_error (&fit->error);
  g_free (fit);
}

/* The parameters as one string, each value with its length (a matrix's holds newlines). */
static char *
params_key (GHashTable *params)
{
  g_autoptr(GList) keys = g_list_sort (g_hash_table_get_keys (params), (GCompareFunc) g_strcmp0);
  GString *key = g_string_new (NULL);

  for (GList *k = keys; k != NULL; k = k->next)
    {
      const char *value = g_hash_table_lookup (params, k->data);

      g_string_append_printf (key, "%s=%zu:%s;", (char *) k->data, strlen (value), value);
    }
  return g_string_free (key, FALSE);
}

static gboolean
general_builds (const FlitlabModelInfo  *info,
                GHashTable              *params,
                GError                 **error)
{
  g_autofree char *key = params_key (params);
  g_autoptr(FlitlabModel) model = NULL;
  GError *refused = NULL;
  GeneralFit *fit = NULL;

  g_mutex_lock (&general_fits_lock);
  for (GList *l = general_fits.head; l != NULL && fit == NULL; l = l->next)
    if (g_str_equal (((GeneralFit *) l->data)->key, key))
      fit = l->data;
  if (fit != NULL && fit->error != NULL)
    refused = g_error_copy (fit->error);
  g_mutex_unlock (&general_fits_lock);
  if (fit == NULL)
    {
      model = flitlab_model_new (info->id, params, &refused);
      fit = g_new0 (GeneralFit, 1);
      fit->key = g_steal_pointer (&key);
      fit->error = refused != NULL ? g_error_copy (refused) : NULL;
      g_mutex_lock (&general_fits_lock);
      g_queue_push_head (&general_fits, fit);
      if (general_fits.length > GENERAL_FITS_KEPT)
        general_fit_free (g_queue_pop_tail (&general_fits));
      g_mutex_unlock (&general_fits_lock);
    }
  if (refused != NULL)
    {
      g_propagate_error (error, refused);
      return FALSE;
    }
  return TRUE;
}

static gboolean
fit_general (const FlitlabStudy     *study,
             const FlitlabTopology  *topology,
             const FlitlabModelInfo *info,
             GHashTable             *params,
             GError                **error)
{
  FlitlabTopologyFamily family = flitlab_topology_get_family (topology);
  gboolean regular = family == FLITLAB_TOPOLOGY_TORUS || family == FLITLAB_TOPOLOGY_MESH ||
                     family == FLITLAB_TOPOLOGY_HYPERCUBE;

  if (!(regular && study->routing == FLITLAB_ROUTING_DOR) &&
      !(family == FLITLAB_TOPOLOGY_FILE && study->routing == FLITLAB_ROUTING_UPDOWN))
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The model describes %s"), _(info->fit.needs));
      return FALSE;
    }
  if (flitlab_topology_get_n_nodes (topology) > GENERAL_FIT_NODES)
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The model follows every pair of nodes: in the window, up to %u nodes "
                     "(flitlab-cli model general-wormhole takes more)"), GENERAL_FIT_NODES);
      return FALSE;
    }
  if (study->pattern == FLITLAB_TRAFFIC_MATRIX && study->matrix == NULL)
    {
      g_set_error_literal (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                           study->matrix_error != NULL ? study->matrix_error->message
                                                       : _("The study has no traffic matrix"));
      return FALSE;
    }
  if (study->pattern == FLITLAB_TRAFFIC_TRACE && study->trace == NULL)
    {
      g_set_error_literal (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                           study->trace_error != NULL ? study->trace_error->message
                                                      : _("The study has no trace"));
      return FALSE;
    }
  g_hash_table_foreach_remove (params, not_a_param_of, (gpointer) info);
  set_param (params, "topology", flitlab_topology_dup_spec (topology));
  /* The network the project keeps, not its file, which may be gone. */
  set_param (params, "network", family == FLITLAB_TOPOLOGY_FILE
                                ? flitlab_topology_dup_edge_list (topology) : g_strdup (""));
  if (study->pattern == FLITLAB_TRAFFIC_TRACE)
    {
      /* A trace is its counts per pair as a matrix, every message at the trace's mean length
       * (docs/models/general.md, "A trace study"). */
      set_param (params, "flits", flitlab_input_format_number (study->trace->flits));
      set_param (params, "length", g_strdup (flitlab_length_to_string (FLITLAB_LENGTH_FIXED)));
      set_param (params, "traffic",
                 g_strdup (flitlab_traffic_pattern_to_string (FLITLAB_TRAFFIC_MATRIX)));
    }
  else
    {
      set_param (params, "flits", flitlab_input_format_number (study->flits));
      set_param (params, "length", g_strdup (flitlab_length_to_string (study->length)));
      set_param (params, "traffic",
                 g_strdup (flitlab_traffic_pattern_to_string (study->pattern)));
    }
  set_param (params, "hotspot", flitlab_input_format_number (study->hotspot_fraction));
  set_param (params, "hotspot-node", g_strdup_printf ("%u", study->hotspot_node));
  set_param (params, "ties", g_strdup (flitlab_ties_to_string (study->ties)));
  set_param (params, "matrix", study->pattern == FLITLAB_TRAFFIC_MATRIX
                               ? flitlab_traffic_matrix_to_csv (study->matrix, FALSE, NULL)
                               : study->pattern == FLITLAB_TRAFFIC_TRACE
                               ? flitlab_traffic_matrix_to_csv (study->trace->matrix, FALSE, NULL)
                               : g_strdup (""));
  return general_builds (info, params, error);
}

gboolean
flitlab_study_run_fit_model (const FlitlabStudy  *study,
                             const char          *model_id,
                             GHashTable          *params,
                             GError             **error)
{
  g_autoptr(FlitlabModel) model = NULL;
  g_autoptr(GString) radices = g_string_new (NULL);
  const FlitlabTopology *topology;
  const FlitlabModelInfo *info;
  const FlitlabModelFit *fit;
  gboolean square = TRUE, regular = TRUE;
  guint n_dims;

  g_return_val_if_fail (study != NULL && model_id != NULL && params != NULL, FALSE);

  topology = flitlab_study_get_topology (study, error);
  if (topology == NULL)
    return FALSE;
  info = flitlab_model_lookup (model_id);
  if (info == NULL)
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_UNKNOWN_MODEL,
                   _("No model is called %s"), model_id);
      return FALSE;
    }
  if (g_str_equal (info->id, "general-wormhole"))
    return fit_general (study, topology, info, params, error);
  fit = &info->fit;
  n_dims = flitlab_topology_get_n_dims (topology);
  for (guint d = 0; d < n_dims; d++)
    {
      guint k = flitlab_topology_get_radix (topology, d);

      g_string_append_printf (radices, "%s%u", d > 0 ? "x" : "", k);
      square = square && k == flitlab_topology_get_radix (topology, 0);
    }
  if (flitlab_topology_get_family (topology) == FLITLAB_TOPOLOGY_NECKLACE)
    for (guint e = 1; e < n_dims << (n_dims - 1); e++)
      regular = regular && flitlab_topology_get_necklace_size (topology, e) ==
                           flitlab_topology_get_necklace_size (topology, 0);

  /* The papers' models are of regular networks; say so rather than which one is needed. */
  if (flitlab_topology_get_family (topology) == FLITLAB_TOPOLOGY_FILE)
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The analytical models describe the papers' regular networks, not a network "
                     "from a file: simulate it instead"));
      return FALSE;
    }
  if (flitlab_topology_get_family (topology) != fit->family ||
      (fit->n_dims > 0 && n_dims != fit->n_dims) ||
      (fit->direction == 1 && flitlab_topology_is_bidirectional (topology)) ||
      (fit->direction == 2 && !flitlab_topology_is_bidirectional (topology)) ||
      (fit->square && !square) || !regular ||
      study->routing != fit->routing)
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The model describes %s"), _(fit->needs));
      return FALSE;
    }
  if (study->pattern == FLITLAB_TRAFFIC_MATRIX || study->pattern == FLITLAB_TRAFFIC_TRACE)
    {
      g_set_error_literal (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                           study->pattern == FLITLAB_TRAFFIC_MATRIX
                           ? _("The model describes uniform traffic, not a traffic matrix")
                           : _("The model describes uniform traffic, not a trace: "
                               "general-wormhole takes a trace's counts"));
      return FALSE;
    }
  if (study->pattern != FLITLAB_TRAFFIC_UNIFORM)
    {
      g_set_error_literal (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                           _("The model describes uniform traffic"));
      return FALSE;
    }

  /* The dimensions follow from k, an older n could contradict it; and only the model's own
   * parameters stay. */
  g_hash_table_remove (params, "n");
  g_hash_table_foreach_remove (params, not_a_param_of, (gpointer) info);
  switch (fit->family)
    {
    case FLITLAB_TOPOLOGY_TORUS:
    case FLITLAB_TOPOLOGY_MESH:
      set_param (params, "k", g_strdup (radices->str));
      break;
    case FLITLAB_TOPOLOGY_NECKLACE:
      set_param (params, "n", g_strdup_printf ("%u", n_dims));
      set_param (params, "k",
                 g_strdup_printf ("%u", flitlab_topology_get_necklace_size (topology, 0)));
      break;
    case FLITLAB_TOPOLOGY_HYPERCUBE:
    default:
      set_param (params, "n", g_strdup_printf ("%u", n_dims));
      break;
    }
  /* The study's settings of the same name as a parameter of the model; the simulation's counts
   * only when set (0: the simulator's default, which the model does not know). */
  if (takes_param (info, "flits"))
    set_param (params, "flits", flitlab_input_format_number (study->flits));
  if (takes_param (info, "vcs") && study->simulation.vcs > 0)
    set_param (params, "vcs", g_strdup_printf ("%u", study->simulation.vcs));
  if (takes_param (info, "buffers") && study->simulation.node_buffers > 0)
    set_param (params, "buffers", g_strdup_printf ("%u", study->simulation.node_buffers));

  /* The model's own ranges (radix, length, buffers) have the last word. */
  model = flitlab_model_new (model_id, params, error);
  return model != NULL;
}
