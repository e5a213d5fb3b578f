/* flitlab-sim-jobs.c: a wormhole simulation as independent jobs, their raw sums, and their pooling
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
#include "flitlab-sim-jobs.h"

/* "FLS2": the layout of pack_raw() below (FLS1 had no latency histogram). */
#define RAW_MAGIC 0x464c5332u

struct _FlitlabSimJobs
{
  FlitlabSimConfig *config;
  FlitlabTopology  *topology;
  FlitlabTraffic   *traffic;
  guint             vcs;
};

FlitlabSimJobs *
flitlab_sim_jobs_new (const FlitlabSimConfig  *config,
                      GError                 **error)
{
  g_autoptr(FlitlabTopology) topology = NULL;
  g_autoptr(FlitlabTraffic) traffic = NULL;
  FlitlabSimJobs *sim_jobs;
  guint vcs;

  g_return_val_if_fail (config != NULL, NULL);

  /* The topology and traffic are checked as they are built, once. */
  vcs = flitlab_sim_build_network (config, &topology, &traffic, error);
  if (vcs == 0)
    return NULL;

  sim_jobs = g_new0 (FlitlabSimJobs, 1);
  sim_jobs->config = flitlab_sim_config_copy (config);
  sim_jobs->topology = g_steal_pointer (&topology);
  sim_jobs->traffic = g_steal_pointer (&traffic);
  sim_jobs->vcs = vcs;
  return sim_jobs;
}

void
flitlab_sim_jobs_free (FlitlabSimJobs *sim_jobs)
{
  if (sim_jobs == NULL)
    return;
  flitlab_sim_config_free (sim_jobs->config);
  flitlab_traffic_free (sim_jobs->traffic);
  flitlab_topology_free (sim_jobs->topology);
  g_free (sim_jobs);
}

const FlitlabSimConfig *
flitlab_sim_jobs_get_config (const FlitlabSimJobs *sim_jobs)
{
  return sim_jobs->config;
}

const FlitlabTopology *
flitlab_sim_jobs_get_topology (const FlitlabSimJobs *sim_jobs)
{
  return sim_jobs->topology;
}

/* Jobs per load: replications times their streams (flitlab-sim-private.h). */
static guint
jobs_per_load (const FlitlabSimJobs *sim_jobs)
{
  return flitlab_sim_jobs_per_load (sim_jobs->config,
                                    flitlab_topology_get_n_nodes (sim_jobs->topology));
}

guint
flitlab_sim_jobs_get_n_jobs (const FlitlabSimJobs *sim_jobs)
{
  return sim_jobs->config->n_rates * jobs_per_load (sim_jobs);
}

guint
flitlab_sim_jobs_get_rate_index (const FlitlabSimJobs *sim_jobs,
                                 guint               job)
{
  return job / jobs_per_load (sim_jobs);
}

guint
flitlab_sim_jobs_get_vcs (const FlitlabSimJobs *sim_jobs)
{
  return sim_jobs->vcs;
}

guint64
flitlab_sim_jobs_get_job_cycles (const FlitlabSimJobs *sim_jobs)
{
  return flitlab_sim_expected_cycles (sim_jobs->config,
                                      flitlab_topology_get_n_nodes (sim_jobs->topology));
}

double
flitlab_sim_jobs_job_cost (const FlitlabSimJobs *sim_jobs,
                           guint               job,
                           double              latency)
{
  const FlitlabSimConfig *config = sim_jobs->config;
  double rate = config->rates[flitlab_sim_jobs_get_rate_index (sim_jobs, job)];
  double zero_load = flitlab_topology_mean_distance (sim_jobs->topology) + config->flits;

  if (isnan (latency) || latency <= 0)
    latency = zero_load;
  else if (isinf (latency))
    latency = 4 * zero_load;
  return (double) flitlab_sim_jobs_get_job_cycles (sim_jobs) *
         (flitlab_topology_get_n_channels (sim_jobs->topology) +
          rate * flitlab_topology_get_n_nodes (sim_jobs->topology) * config->flits * latency);
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
  guint64 has_histogram; /* a FlitlabLatencyHistogram after them */
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
          guint64  n_deadlock,
          gboolean has_histogram)
{
  return sizeof (RawHeader) + (has_channels ? 2 * sizeof (guint64) * n_channels : 0) +
         n_deadlock * sizeof (FlitlabDeadlockLink) +
         (has_histogram ? sizeof (FlitlabLatencyHistogram) : 0);
}

static GBytes *
pack_raw (const FlitlabSimReplication *rep)
{
  gboolean has_channels = rep->channel_flits != NULL && rep->channel_blocked != NULL;
  gboolean has_histogram = rep->histogram != NULL;
  gsize size = raw_size (rep->n_channels, has_channels, rep->n_deadlock, has_histogram);
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
    .has_histogram = has_histogram ? 1 : 0,
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
    memcpy (data + raw_size (rep->n_channels, has_channels, 0, FALSE), rep->deadlock,
            sizeof (FlitlabDeadlockLink) * rep->n_deadlock);
  if (has_histogram)
    memcpy (data + raw_size (rep->n_channels, has_channels, rep->n_deadlock, FALSE),
            rep->histogram, sizeof (FlitlabLatencyHistogram));
  return g_bytes_new_take (data, size);
}

gboolean
flitlab_sim_jobs_check_raw (const FlitlabSimJobs  *sim_jobs,
                            GBytes              *raw,
                            GError             **error)
{
  guint n_channels = flitlab_topology_get_n_channels (sim_jobs->topology);
  gsize size = raw != NULL ? g_bytes_get_size (raw) : 0;
  RawHeader header;

  if (size >= sizeof header)
    memcpy (&header, g_bytes_get_data (raw, NULL), sizeof header);
  if (size < sizeof header || header.magic != RAW_MAGIC || header.n_channels != n_channels ||
      header.has_channels > 1 || header.deadlocked > 1 || header.has_histogram > 1 ||
      header.n_deadlock > n_channels * (guint64) FLITLAB_MAX_VCS ||
      size != raw_size (n_channels, header.has_channels, header.n_deadlock,
                        header.has_histogram))
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   _("A job's results do not belong to a network of %u channels"), n_channels);
      return FALSE;
    }
  return TRUE;
}

/* raw was checked by flitlab_sim_jobs_check_raw() or made by pack_raw(). */
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
    rep->deadlock = g_memdup2 (data + raw_size (header.n_channels, header.has_channels, 0,
                                                 FALSE),
                               sizeof (FlitlabDeadlockLink) * header.n_deadlock);
  if (header.has_histogram)
    rep->histogram = g_memdup2 (data + raw_size (header.n_channels, header.has_channels,
                                                 header.n_deadlock, FALSE),
                                sizeof (FlitlabLatencyHistogram));
}

/* ---- jobs ------------------------------------------------------------------------- */

GBytes *
flitlab_sim_jobs_run_job (const FlitlabSimJobs  *sim_jobs,
                          guint                job,
                          FlitlabSimTick       tick,
                          gpointer             tick_data,
                          GError             **error)
{
  FlitlabSimReplication rep = { 0 };
  FlitlabSimJob sim_job;
  GBytes *raw;

  g_return_val_if_fail (job < flitlab_sim_jobs_get_n_jobs (sim_jobs), NULL);

  flitlab_sim_job_init (&sim_job, sim_jobs->config, sim_jobs->topology, sim_jobs->traffic,
                        sim_jobs->vcs, job);
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
flitlab_sim_jobs_combine_load (const FlitlabSimJobs *sim_jobs,
                               GBytes * const     *raw,
                               guint               rate_index,
                               FlitlabSimPoint    *point)
{
  const guint R = jobs_per_load (sim_jobs);
  g_autofree FlitlabSimReplication *reps = g_new0 (FlitlabSimReplication, R);

  g_return_if_fail (rate_index < sim_jobs->config->n_rates);

  for (guint r = 0; r < R; r++)
    unpack_raw (raw[rate_index * R + r], &reps[r]);
  flitlab_sim_summarize (sim_jobs->config, sim_jobs->topology, reps, rate_index, point);
  for (guint r = 0; r < R; r++)
    flitlab_sim_replication_clear (&reps[r]);
}

FlitlabSimResult *
flitlab_sim_jobs_combine (const FlitlabSimJobs *sim_jobs,
                          GBytes * const     *raw)
{
  FlitlabSimResult *result = g_new0 (FlitlabSimResult, 1);
  guint n_jobs = flitlab_sim_jobs_get_n_jobs (sim_jobs);

  result->n_points = sim_jobs->config->n_rates;
  result->points = g_new0 (FlitlabSimPoint, result->n_points);
  result->vcs = sim_jobs->vcs;
  for (guint i = 0; i < result->n_points; i++)
    flitlab_sim_jobs_combine_load (sim_jobs, raw, i, &result->points[i]);
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
  const FlitlabSimJobs *sim_jobs;
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
  guint R = jobs_per_load (run->sim_jobs), rate_index = job / R;

  run->raw[job] = flitlab_sim_jobs_run_job (run->sim_jobs, job, tick, tick_data, error);
  if (run->raw[job] == NULL)
    return FALSE;
  /* The last replication of a load to finish pools it for whoever watches. */
  if (run->point != NULL && g_atomic_int_add (&run->finished[rate_index], 1) + 1 == (gint) R)
    {
      FlitlabSimPoint point = { 0 };

      flitlab_sim_jobs_combine_load (run->sim_jobs, run->raw, rate_index, &point);
      run->point (rate_index, &point, run->point_data);
      g_free (point.utilization);
      g_free (point.blocking);
      g_free (point.deadlock);
    }
  return TRUE;
}

void
flitlab_sim_jobs_set_init (const FlitlabSimJobs *sim_jobs,
                           const double       *cost,
                           FlitlabJobPoolSet  *set)
{
  Run *run = g_new0 (Run, 1);

  run->sim_jobs = sim_jobs;
  run->raw = g_new0 (GBytes *, flitlab_sim_jobs_get_n_jobs (sim_jobs));
  run->finished = g_new0 (gint, sim_jobs->config->n_rates);
  *set = (FlitlabJobPoolSet) { flitlab_sim_jobs_get_n_jobs (sim_jobs),
                               flitlab_sim_jobs_get_job_cycles (sim_jobs), run_one, run, cost };
}

FlitlabSimResult *
flitlab_sim_jobs_set_finish (FlitlabJobPoolSet *set,
                             gboolean           ran)
{
  Run *run = g_steal_pointer (&set->user_data);
  FlitlabSimResult *result = NULL;

  if (run == NULL)
    return NULL;
  if (ran)
    result = flitlab_sim_jobs_combine (run->sim_jobs, run->raw);
  for (guint j = 0; j < set->n_jobs; j++)
    g_clear_pointer (&run->raw[j], g_bytes_unref);
  g_free (run->raw);
  g_free (run->finished);
  g_free (run);
  return result;
}

FlitlabSimResult *
flitlab_sim_jobs_run (const FlitlabSimJobs  *sim_jobs,
                      FlitlabProgressFunc  progress,
                      FlitlabPointFunc     point,
                      gpointer             user_data,
                      GError             **error)
{
  FlitlabJobPoolSet set;
  Run *run;
  gboolean ran;

  flitlab_sim_jobs_set_init (sim_jobs, NULL, &set);
  run = set.user_data;
  run->point = point;
  run->point_data = user_data;
  ran = flitlab_job_pool_run_sets (&set, 1, sim_jobs->config->threads, progress, user_data, NULL,
                                   error);
  return flitlab_sim_jobs_set_finish (&set, ran);
}
