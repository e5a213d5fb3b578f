/* flitlab-sweep.c: a wormhole simulation as independent jobs, their raw sums, and their pooling
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Raw sums are packed in the machine's byte order (a cluster's nodes share one), behind a
 * magic number that a foreign order or another layout fails to match.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <string.h>

#include "flitlab-sim-private.h"
#include "flitlab-stats.h"
#include "flitlab-sweep.h"

/* "FLS1": the layout of pack_raw() below. */
#define RAW_MAGIC 0x464c5331u

struct _FlitlabSweep
{
  FlitlabSimConfig *config;
  FlitlabTopology  *topology;
  FlitlabTraffic   *traffic;
  guint             vcs;
};

FlitlabSweep *
flitlab_sweep_new (const FlitlabSimConfig  *config,
                   GError                 **error)
{
  g_autoptr(FlitlabTopology) topology = NULL;
  g_autoptr(FlitlabTraffic) traffic = NULL;
  FlitlabSweep *sweep;
  guint vcs;

  g_return_val_if_fail (config != NULL, NULL);

  /* The topology and traffic are checked as they are built, once. */
  vcs = flitlab_sim_build_network (config, &topology, &traffic, error);
  if (vcs == 0)
    return NULL;

  sweep = g_new0 (FlitlabSweep, 1);
  sweep->config = flitlab_sim_config_copy (config);
  sweep->topology = g_steal_pointer (&topology);
  sweep->traffic = g_steal_pointer (&traffic);
  sweep->vcs = vcs;
  return sweep;
}

void
flitlab_sweep_free (FlitlabSweep *sweep)
{
  if (sweep == NULL)
    return;
  flitlab_sim_config_free (sweep->config);
  flitlab_traffic_free (sweep->traffic);
  flitlab_topology_free (sweep->topology);
  g_free (sweep);
}

const FlitlabSimConfig *
flitlab_sweep_get_config (const FlitlabSweep *sweep)
{
  return sweep->config;
}

const FlitlabTopology *
flitlab_sweep_get_topology (const FlitlabSweep *sweep)
{
  return sweep->topology;
}

/* Jobs per load: replications times their streams (flitlab-sim-private.h). */
static guint
jobs_per_load (const FlitlabSweep *sweep)
{
  return flitlab_sim_jobs_per_load (sweep->config, flitlab_topology_get_n_nodes (sweep->topology));
}

guint
flitlab_sweep_get_n_jobs (const FlitlabSweep *sweep)
{
  return sweep->config->n_rates * jobs_per_load (sweep);
}

guint
flitlab_sweep_get_rate_index (const FlitlabSweep *sweep,
                              guint               job)
{
  return job / jobs_per_load (sweep);
}

guint
flitlab_sweep_get_vcs (const FlitlabSweep *sweep)
{
  return sweep->vcs;
}

guint64
flitlab_sweep_get_job_cycles (const FlitlabSweep *sweep)
{
  return flitlab_sim_expected_cycles (sweep->config,
                                      flitlab_topology_get_n_nodes (sweep->topology));
}

double
flitlab_sweep_job_cost (const FlitlabSweep *sweep,
                        guint               job,
                        double              latency)
{
  const FlitlabSimConfig *config = sweep->config;
  double rate = config->rates[flitlab_sweep_get_rate_index (sweep, job)];
  double zero_load = flitlab_topology_mean_distance (sweep->topology) + config->flits;

  if (isnan (latency) || latency <= 0)
    latency = zero_load;
  else if (isinf (latency))
    latency = 4 * zero_load;
  return (double) flitlab_sweep_get_job_cycles (sweep) *
         (flitlab_topology_get_n_channels (sweep->topology) +
          rate * flitlab_topology_get_n_nodes (sweep->topology) * config->flits * latency);
}

/* ---- raw sums as bytes ------------------------------------------------------------ */

typedef struct
{
  guint32 magic;
  guint32 n_channels;
  guint64 saturated;
  guint64 warmup;
  guint64 cycles;
  guint64 messages;
  guint64 accepted;
  guint64 generated;
  guint64 has_channels;
  guint64 deadlocked;
  guint64 n_deadlock;  /* FlitlabDeadlockLink after the channels */
  double  latency_sum[FLITLAB_LATENCY_N];
  double  queueing_sum;
  double  hops_sum;
  double  batch_sum[FLITLAB_LATENCY_N][FLITLAB_SIM_BATCHES];
  double  batch_count[FLITLAB_SIM_BATCHES];
  double  batch_accepted[FLITLAB_SIM_BATCHES];
} RawHeader;

static gsize
raw_size (guint    n_channels,
          gboolean has_channels,
          guint64  n_deadlock)
{
  return sizeof (RawHeader) + (has_channels ? 2 * sizeof (guint64) * n_channels : 0) +
         n_deadlock * sizeof (FlitlabDeadlockLink);
}

static GBytes *
pack_raw (const FlitlabSimReplication *rep)
{
  gboolean has_channels = rep->channel_flits != NULL && rep->channel_blocked != NULL;
  gsize size = raw_size (rep->n_channels, has_channels, rep->n_deadlock);
  guint8 *data = g_malloc0 (size);
  RawHeader header = {
    .magic = RAW_MAGIC,
    .n_channels = rep->n_channels,
    .saturated = rep->saturated ? 1 : 0,
    .warmup = rep->warmup,
    .cycles = rep->cycles,
    .messages = rep->messages,
    .accepted = rep->accepted,
    .generated = rep->generated,
    .has_channels = has_channels ? 1 : 0,
    .deadlocked = rep->deadlocked ? 1 : 0,
    .n_deadlock = rep->n_deadlock,
    .queueing_sum = rep->queueing_sum,
    .hops_sum = rep->hops_sum,
  };

  memcpy (header.latency_sum, rep->latency_sum, sizeof header.latency_sum);
  memcpy (header.batch_sum, rep->batch_sum, sizeof header.batch_sum);
  memcpy (header.batch_count, rep->batch_count, sizeof header.batch_count);
  memcpy (header.batch_accepted, rep->batch_accepted, sizeof header.batch_accepted);
  memcpy (data, &header, sizeof header);
  if (has_channels)
    {
      memcpy (data + sizeof header, rep->channel_flits, sizeof (guint64) * rep->n_channels);
      memcpy (data + sizeof header + sizeof (guint64) * rep->n_channels, rep->channel_blocked,
              sizeof (guint64) * rep->n_channels);
    }
  if (rep->n_deadlock > 0)
    memcpy (data + raw_size (rep->n_channels, has_channels, 0), rep->deadlock,
            sizeof (FlitlabDeadlockLink) * rep->n_deadlock);
  return g_bytes_new_take (data, size);
}

gboolean
flitlab_sweep_check_raw (const FlitlabSweep  *sweep,
                         GBytes              *raw,
                         GError             **error)
{
  guint n_channels = flitlab_topology_get_n_channels (sweep->topology);
  gsize size = raw != NULL ? g_bytes_get_size (raw) : 0;
  RawHeader header;

  if (size >= sizeof header)
    memcpy (&header, g_bytes_get_data (raw, NULL), sizeof header);
  if (size < sizeof header || header.magic != RAW_MAGIC || header.n_channels != n_channels ||
      header.has_channels > 1 || header.deadlocked > 1 ||
      header.n_deadlock > n_channels * (guint64) FLITLAB_MAX_VCS ||
      size != raw_size (n_channels, header.has_channels, header.n_deadlock))
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   _("A job's results do not belong to a network of %u channels"), n_channels);
      return FALSE;
    }
  return TRUE;
}

/* raw was checked by flitlab_sweep_check_raw() or made by pack_raw(). */
static void
unpack_raw (GBytes                *raw,
            FlitlabSimReplication *rep)
{
  const guint8 *data = g_bytes_get_data (raw, NULL);
  RawHeader header;

  memcpy (&header, data, sizeof header);
  memset (rep, 0, sizeof *rep);
  rep->saturated = header.saturated != 0;
  rep->warmup = header.warmup;
  rep->cycles = header.cycles;
  rep->messages = header.messages;
  rep->accepted = header.accepted;
  rep->generated = header.generated;
  rep->queueing_sum = header.queueing_sum;
  rep->hops_sum = header.hops_sum;
  memcpy (rep->latency_sum, header.latency_sum, sizeof header.latency_sum);
  memcpy (rep->batch_sum, header.batch_sum, sizeof header.batch_sum);
  memcpy (rep->batch_count, header.batch_count, sizeof header.batch_count);
  memcpy (rep->batch_accepted, header.batch_accepted, sizeof header.batch_accepted);
  rep->n_channels = header.n_channels;
  if (header.has_channels)
    {
      rep->channel_flits = g_memdup2 (data + sizeof header, sizeof (guint64) * header.n_channels);
      rep->channel_blocked = g_memdup2 (data + sizeof header + sizeof (guint64) * header.n_channels,
                                        sizeof (guint64) * header.n_channels);
    }
  rep->deadlocked = header.deadlocked != 0;
  rep->n_deadlock = header.n_deadlock;
  if (header.n_deadlock > 0)
    rep->deadlock = g_memdup2 (data + raw_size (header.n_channels, header.has_channels, 0),
                               sizeof (FlitlabDeadlockLink) * header.n_deadlock);
}

/* ---- jobs ------------------------------------------------------------------------- */

GBytes *
flitlab_sweep_run_job (const FlitlabSweep  *sweep,
                       guint                job,
                       FlitlabSimTick       tick,
                       gpointer             tick_data,
                       GError             **error)
{
  FlitlabSimReplication rep = { 0 };
  FlitlabSimJob sim_job;
  GBytes *raw;

  g_return_val_if_fail (job < flitlab_sweep_get_n_jobs (sweep), NULL);

  flitlab_sim_job_init (&sim_job, sweep->config, sweep->topology, sweep->traffic, sweep->vcs, job);
  sim_job.tick = tick;
  sim_job.tick_data = tick_data;
  if (!flitlab_sim_wormhole_run (&sim_job, &rep, error))
    return NULL;
  raw = pack_raw (&rep);
  flitlab_sim_replication_clear (&rep);
  return raw;
}

/* ---- pooling ------------------------------------------------------------------------ */

void
flitlab_sweep_combine_load (const FlitlabSweep *sweep,
                            GBytes * const     *raw,
                            guint               rate_index,
                            FlitlabSimPoint    *point)
{
  const guint R = jobs_per_load (sweep);
  g_autofree FlitlabSimReplication *reps = g_new0 (FlitlabSimReplication, R);

  g_return_if_fail (rate_index < sweep->config->n_rates);

  for (guint r = 0; r < R; r++)
    unpack_raw (raw[rate_index * R + r], &reps[r]);
  flitlab_sim_summarize (sweep->config, sweep->topology, reps, rate_index, point);
  for (guint r = 0; r < R; r++)
    flitlab_sim_replication_clear (&reps[r]);
}

FlitlabSimResult *
flitlab_sweep_combine (const FlitlabSweep *sweep,
                       GBytes * const     *raw)
{
  FlitlabSimResult *result = g_new0 (FlitlabSimResult, 1);
  guint n_jobs = flitlab_sweep_get_n_jobs (sweep);

  result->n_points = sweep->config->n_rates;
  result->points = g_new0 (FlitlabSimPoint, result->n_points);
  result->vcs = sweep->vcs;
  for (guint i = 0; i < result->n_points; i++)
    flitlab_sweep_combine_load (sweep, raw, i, &result->points[i]);
  for (guint j = 0; j < n_jobs; j++)
    {
      RawHeader header;

      memcpy (&header, g_bytes_get_data (raw[j], NULL), sizeof header);
      result->warmup = MAX (result->warmup, header.warmup);
    }
  return result;
}

/* ---- every job on a pool of threads ------------------------------------------------ */

typedef struct
{
  const FlitlabSweep *sweep;
  GBytes            **raw;
  gint               *finished;  /* replications finished, per load (atomic) */
  FlitlabPointFunc    point;
  gpointer            point_data;
} Run;

static gboolean
run_one (guint            job,
         FlitlabSimTick   tick,
         gpointer         tick_data,
         gpointer         user_data,
         GError         **error)
{
  Run *run = user_data;
  guint R = jobs_per_load (run->sweep), rate_index = job / R;

  run->raw[job] = flitlab_sweep_run_job (run->sweep, job, tick, tick_data, error);
  if (run->raw[job] == NULL)
    return FALSE;
  /* The last replication of a load to finish pools it for whoever watches. */
  if (run->point != NULL && g_atomic_int_add (&run->finished[rate_index], 1) + 1 == (gint) R)
    {
      FlitlabSimPoint point = { 0 };

      flitlab_sweep_combine_load (run->sweep, run->raw, rate_index, &point);
      run->point (rate_index, &point, run->point_data);
      g_free (point.utilization);
      g_free (point.blocking);
      g_free (point.deadlock);
    }
  return TRUE;
}

void
flitlab_sweep_set_init (const FlitlabSweep *sweep,
                        const double       *cost,
                        FlitlabSimPoolSet  *set)
{
  Run *run = g_new0 (Run, 1);

  run->sweep = sweep;
  run->raw = g_new0 (GBytes *, flitlab_sweep_get_n_jobs (sweep));
  run->finished = g_new0 (gint, sweep->config->n_rates);
  *set = (FlitlabSimPoolSet) { flitlab_sweep_get_n_jobs (sweep),
                               flitlab_sweep_get_job_cycles (sweep), run_one, run, cost };
}

FlitlabSimResult *
flitlab_sweep_set_finish (FlitlabSimPoolSet *set,
                          gboolean           ran)
{
  Run *run = g_steal_pointer (&set->user_data);
  FlitlabSimResult *result = NULL;

  if (run == NULL)
    return NULL;
  if (ran)
    result = flitlab_sweep_combine (run->sweep, run->raw);
  for (guint j = 0; j < set->n_jobs; j++)
    g_clear_pointer (&run->raw[j], g_bytes_unref);
  g_free (run->raw);
  g_free (run->finished);
  g_free (run);
  return result;
}

FlitlabSimResult *
flitlab_sweep_run (const FlitlabSweep  *sweep,
                   FlitlabProgressFunc  progress,
                   FlitlabPointFunc     point,
                   gpointer             user_data,
                   GError             **error)
{
  FlitlabSimPoolSet set;
  Run *run;
  gboolean ran;

  flitlab_sweep_set_init (sweep, NULL, &set);
  run = set.user_data;
  run->point = point;
  run->point_data = user_data;
  ran = flitlab_sim_pool_run_sets (&set, 1, sweep->config->threads, progress, user_data, NULL,
                                   error);
  return flitlab_sweep_set_finish (&set, ran);
}
