/* flitlab-job-pool.c: independent simulation jobs on a pool of threads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Workers take jobs in an order fixed up front, by an atomic counter, the costliest first: jobs
 * go by load, and the highest loads cost the most, so started first they leave no core alone
 * with a long one at the end; with several sets (flitlab_job_pool_run_sets()) their jobs are
 * interleaved by cost, so no core waits for one simulation's last job while another's wait.
 * Progress is measured in time, job by job: a running job's time left is its work left at the
 * speed it has shown; a job not started is guessed at the speed of the last job started (the
 * nearest cost above it), in work per second, a job's work being its cycles times its cost per
 * cycle (1 without costs). It is reported under one lock so the callback is never called twice
 * at once; a FALSE from it cancels every job at its next tick.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-job-pool.h"
#include "flitlab-stats.h"

typedef struct
{
  const FlitlabJobPoolSet *sets;
  guint               *set_of;   /* per job: its set; jobs are numbered set after set */
  guint               *first;    /* per set: its first job's number */
  guint               *order;    /* the job numbers, the first to take first */
  guint                n_jobs;
  guint                n_sets;
  double              *set_speed; /* estimate()'s, per set */
  GError             **errors;
  gint                 next_job;
  gint                 cancelled;

  GMutex               lock;
  guint                threads;
  guint64             *done;
  guint64             *expected;
  double              *weight;   /* work per cycle */
  gint64              *started;  /* monotonic µs; 0: not started */
  gint64              *ended;    /* monotonic µs; 0: running or not started */
  double               fraction; /* the last reported: the bar never goes back */
  FlitlabProgressFunc  progress;
  gpointer             progress_data;
} Pool;

typedef struct
{
  Pool  *pool;
  guint  job;
} Tick;

/* With the lock held: the fraction of the work done, in time, and the seconds left (negative
 * while no job has shown its speed). */
static double
estimate (Pool   *pool,
          gint64  now,
          double *seconds_left)
{
  double busy = 0, left = 0, longest = 0, speed = 0; /* seconds; work per second */
  gboolean known = TRUE;

  /* Jobs start in order: going along it, the last job started is the nearest cost above the
   * ones waiting, and its speed stands for theirs; of their own set if it has one (the same
   * network: the cost's estimate of work per cycle errs less between its loads than between
   * networks). */
  memset (pool->set_speed, 0, sizeof (double) * pool->n_sets);
  for (guint t = 0; t < pool->n_jobs; t++)
    {
      guint i = pool->order[t], s = pool->set_of[i];
      double seconds, work_left = (pool->expected[i] - pool->done[i]) * pool->weight[i];

      if (pool->set_speed[s] > 0)
        speed = pool->set_speed[s];
      if (pool->started[i] == 0)
        {
          if (speed <= 0)
            known = FALSE;
          else
            left += pool->expected[i] * pool->weight[i] / speed;
          continue;
        }
      seconds = ((pool->ended[i] != 0 ? pool->ended[i] : now) - pool->started[i]) / 1e6;
      busy += seconds;
      /* A job just started has shown too little: the job above it speaks for it until then. */
      if (pool->done[i] > 0 && seconds > 0 &&
          (speed <= 0 || seconds >= 1 || pool->done[i] * 10 >= pool->expected[i]))
        speed = pool->set_speed[s] = pool->done[i] * pool->weight[i] / seconds;
      if (pool->ended[i] != 0)
        continue;
      if (speed > 0)
        {
          left += work_left / speed;
          longest = MAX (longest, work_left / speed);
        }
      else
        known = FALSE;
    }
  /* The threads share what is left, but a job is not shared. */
  *seconds_left = known ? MAX (left / pool->threads, longest) : -1;
  if (!known)
    {
      double done = 0, expected = 0;

      for (guint i = 0; i < pool->n_jobs; i++)
        {
          done += pool->done[i] * pool->weight[i];
          expected += pool->expected[i] * pool->weight[i];
        }
      return expected > 0 ? MIN (done / expected, 1.0) : 0;
    }
  return busy + left > 0 ? busy / (busy + left) : 0;
}

static gboolean
pool_tick (guint64  cycles_done,
           guint64  cycles_expected,
           gpointer data)
{
  Tick *tick = data;
  Pool *pool = tick->pool;
  gboolean go_on = TRUE;

  if (g_atomic_int_get (&pool->cancelled))
    return FALSE;

  g_mutex_lock (&pool->lock);
  pool->expected[tick->job] = MAX (pool->expected[tick->job], cycles_expected);
  pool->done[tick->job] = MIN (cycles_done, pool->expected[tick->job]);
  if (pool->progress != NULL)
    {
      double left = -1;
      /* Estimated once: MAX () would evaluate it twice, at two times, and could take the
       * second, lower one. */
      gint64 before = g_get_monotonic_time ();
      double fraction = estimate (pool, before, &left);
      gint64 held;

      pool->fraction = MAX (pool->fraction, fraction);
      go_on = pool->progress (pool->fraction, left, pool->progress_data);
      /* A callback that held the jobs (waiting for an answer) took its time from all of them,
       * not from their speed. */
      held = g_get_monotonic_time () - before;
      for (guint i = 0; i < pool->n_jobs; i++)
        if (pool->started[i] != 0 && pool->ended[i] == 0)
          pool->started[i] += held;
    }
  g_mutex_unlock (&pool->lock);

  if (!go_on)
    g_atomic_int_set (&pool->cancelled, TRUE);
  return go_on;
}

static gpointer
pool_worker (gpointer data)
{
  Pool *pool = data;

  for (;;)
    {
      guint taken = (guint) g_atomic_int_add (&pool->next_job, 1);
      guint job, s;
      Tick tick;

      if (taken >= pool->n_jobs || g_atomic_int_get (&pool->cancelled))
        break;
      job = pool->order[taken];
      s = pool->set_of[job];
      tick = (Tick) { pool, job };
      g_mutex_lock (&pool->lock);
      pool->started[job] = g_get_monotonic_time ();
      g_mutex_unlock (&pool->lock);
      if (!pool->sets[s].run_job (job - pool->first[s], pool_tick, &tick, pool->sets[s].user_data,
                                  &pool->errors[job]))
        g_atomic_int_set (&pool->cancelled, TRUE);
      else
        {
          g_mutex_lock (&pool->lock);
          pool->ended[job] = g_get_monotonic_time ();
          g_mutex_unlock (&pool->lock);
          pool_tick (pool->expected[job], pool->expected[job], &tick);
        }
    }
  return NULL;
}

/* A job's cost, to order the jobs by: its set's, or its number in its set. */
static double
job_cost (const Pool *pool,
          guint       job)
{
  const FlitlabJobPoolSet *set = &pool->sets[pool->set_of[job]];
  guint local = job - pool->first[pool->set_of[job]];

  return set->cost != NULL ? set->cost[local] : local;
}

/* The costliest first; between equal costs the last first, as jobs go by load. */
static gint
compare_cost (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  const Pool *pool = data;
  guint i = *(const guint *) a, j = *(const guint *) b;
  double ci = job_cost (pool, i), cj = job_cost (pool, j);

  if (ci != cj)
    return ci > cj ? -1 : 1;
  return i > j ? -1 : i < j ? 1 : 0;
}

gboolean
flitlab_job_pool_run (guint                n_jobs,
                      guint                threads,
                      guint64              cycles_per_job,
                      FlitlabJobFunc    run_job,
                      gpointer             user_data,
                      FlitlabProgressFunc  progress,
                      gpointer             progress_data,
                      GError             **error)
{
  const FlitlabJobPoolSet set = { n_jobs, cycles_per_job, run_job, user_data, NULL };

  return flitlab_job_pool_run_sets (&set, 1, threads, progress, progress_data, NULL, error);
}

gboolean
flitlab_job_pool_run_sets (const FlitlabJobPoolSet *sets,
                           guint                    n_sets,
                           guint                    threads,
                           FlitlabProgressFunc      progress,
                           gpointer                 progress_data,
                           guint                   *failed,
                           GError                 **error)
{
  GPtrArray *workers = g_ptr_array_new ();
  gboolean ok = TRUE;
  Pool pool = { 0 };
  guint n_jobs = 0;

  pool.sets = sets;
  pool.n_sets = n_sets;
  pool.set_speed = g_new0 (double, n_sets);
  pool.first = g_new0 (guint, n_sets);
  for (guint s = 0; s < n_sets; s++)
    {
      pool.first[s] = n_jobs;
      n_jobs += sets[s].n_jobs;
    }
  pool.n_jobs = n_jobs;
  pool.set_of = g_new0 (guint, n_jobs);
  pool.order = g_new0 (guint, n_jobs);
  pool.errors = g_new0 (GError *, n_jobs);
  pool.done = g_new0 (guint64, n_jobs);
  pool.expected = g_new0 (guint64, n_jobs);
  pool.weight = g_new0 (double, n_jobs);
  for (guint s = 0; s < n_sets; s++)
    for (guint j = 0; j < sets[s].n_jobs; j++)
      {
        guint i = pool.first[s] + j;

        pool.set_of[i] = s;
        pool.order[i] = i;
        pool.expected[i] = sets[s].cycles_per_job;
        pool.weight[i] = sets[s].cost != NULL && sets[s].cycles_per_job > 0
                         ? sets[s].cost[j] / sets[s].cycles_per_job : 1;
      }
  g_qsort_with_data (pool.order, n_jobs, sizeof (guint), compare_cost, &pool);
  pool.started = g_new0 (gint64, n_jobs);
  pool.ended = g_new0 (gint64, n_jobs);
  pool.progress = progress;
  pool.progress_data = progress_data;
  g_mutex_init (&pool.lock);

  threads = threads > 0 ? threads : g_get_num_processors ();
  threads = CLAMP (threads, 1, MAX (n_jobs, 1));
  pool.threads = threads;
  for (guint i = 1; i < threads; i++)
    g_ptr_array_add (workers, g_thread_new ("flitlab-sim", pool_worker, &pool));
  pool_worker (&pool);
  for (guint i = 0; i < workers->len; i++)
    g_thread_join (workers->pdata[i]);
  g_ptr_array_unref (workers);

  /* The first error in job order, so that the same failure is reported whatever the threads;
   * a job stopped because another failed reports CANCELLED, so the real failure comes first. */
  for (guint pass = 0; pass < 2 && ok; pass++)
    for (guint i = 0; i < n_jobs && ok; i++)
      if (pool.errors[i] != NULL &&
          (pass == 1 || !g_error_matches (pool.errors[i], FLITLAB_SIM_ERROR,
                                          FLITLAB_SIM_ERROR_CANCELLED)))
        {
          g_propagate_error (error, g_steal_pointer (&pool.errors[i]));
          if (failed != NULL)
            *failed = pass == 0 ? pool.set_of[i] : n_sets;
          ok = FALSE;
        }
  if (ok && g_atomic_int_get (&pool.cancelled))
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_CANCELLED,
                   _("The simulation was stopped"));
      if (failed != NULL)
        *failed = n_sets;
      ok = FALSE;
    }

  for (guint i = 0; i < n_jobs; i++)
    g_clear_error (&pool.errors[i]);
  g_free (pool.errors);
  g_free (pool.set_of);
  g_free (pool.first);
  g_free (pool.set_speed);
  g_free (pool.order);
  g_free (pool.done);
  g_free (pool.expected);
  g_free (pool.weight);
  g_free (pool.started);
  g_free (pool.ended);
  g_mutex_clear (&pool.lock);
  return ok;
}

void
flitlab_batch_means_add (FlitlabBatchMeans *means,
                         const double      *batch_sum,
                         const guint64     *batch_count,
                         guint              n_batches)
{
  for (guint b = 0; b < n_batches; b++)
    if (batch_count[b] > 0)
      {
        double mean = batch_sum[b] / batch_count[b];

        means->sum += mean;
        means->sumsq += mean * mean;
        means->n++;
      }
}

double
flitlab_batch_means_ci95 (const FlitlabBatchMeans *means)
{
  double mean, var;

  if (means->n < 2)
    return NAN;
  mean = means->sum / means->n;
  var = MAX (0, (means->sumsq - means->n * mean * mean) / (means->n - 1));
  return flitlab_stats_t_quantile (0.975, means->n - 1) * sqrt (var / means->n);
}
