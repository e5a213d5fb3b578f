/* flitlab-sim-pool.c: independent simulation jobs on a pool of threads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Workers take job numbers from an atomic counter, the last first: jobs go by load, and the
 * highest loads cost the most, so started first they leave no core alone with a long one at the
 * end. Progress is measured in time, job by job: a running job's time left is its cycles left at
 * the speed it has shown; a job not started is guessed at the speed of the last job started
 * (the nearest load above it). It is reported under one lock so the callback is never called
 * twice at once; a FALSE from it cancels every job at its next tick.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "flitlab-sim-pool.h"
#include "flitlab-stats.h"

typedef struct
{
  guint                n_jobs;
  FlitlabSimJobFunc    run_job;
  gpointer             user_data;
  GError             **errors;
  gint                 next_job;
  gint                 cancelled;

  GMutex               lock;
  guint                threads;
  guint64             *done;
  guint64             *expected;
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
  double busy = 0, left = 0, longest = 0, speed = 0; /* seconds; cycles per second */
  gboolean known = TRUE;

  /* Jobs start from the last: going down, the last job started is the nearest load above the
   * ones waiting, and its speed stands for theirs. */
  for (guint i = pool->n_jobs; i-- > 0;)
    {
      double seconds, cycles_left = pool->expected[i] - pool->done[i];

      if (pool->started[i] == 0)
        {
          if (speed <= 0)
            known = FALSE;
          else
            left += pool->expected[i] / speed;
          continue;
        }
      seconds = ((pool->ended[i] != 0 ? pool->ended[i] : now) - pool->started[i]) / 1e6;
      busy += seconds;
      /* A job just started has shown too little: the job above it speaks for it until then. */
      if (pool->done[i] > 0 && seconds > 0 &&
          (speed <= 0 || seconds >= 1 || pool->done[i] * 10 >= pool->expected[i]))
        speed = pool->done[i] / seconds;
      if (pool->ended[i] != 0)
        continue;
      if (speed > 0)
        {
          left += cycles_left / speed;
          longest = MAX (longest, cycles_left / speed);
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
          done += pool->done[i];
          expected += pool->expected[i];
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

      pool->fraction = MAX (pool->fraction, estimate (pool, g_get_monotonic_time (), &left));
      go_on = pool->progress (pool->fraction, left, pool->progress_data);
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
      guint job = pool->n_jobs - 1 - taken;
      Tick tick = { pool, job };

      if (taken >= pool->n_jobs || g_atomic_int_get (&pool->cancelled))
        break;
      g_mutex_lock (&pool->lock);
      pool->started[job] = g_get_monotonic_time ();
      g_mutex_unlock (&pool->lock);
      if (!pool->run_job (job, pool_tick, &tick, pool->user_data, &pool->errors[job]))
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

gboolean
flitlab_sim_pool_run (guint                n_jobs,
                      guint                threads,
                      guint64              cycles_per_job,
                      FlitlabSimJobFunc    run_job,
                      gpointer             user_data,
                      FlitlabProgressFunc  progress,
                      gpointer             progress_data,
                      GError             **error)
{
  GPtrArray *workers = g_ptr_array_new ();
  gboolean ok = TRUE;
  Pool pool = { 0 };

  pool.n_jobs = n_jobs;
  pool.run_job = run_job;
  pool.user_data = user_data;
  pool.errors = g_new0 (GError *, n_jobs);
  pool.done = g_new0 (guint64, n_jobs);
  pool.expected = g_new0 (guint64, n_jobs);
  for (guint i = 0; i < n_jobs; i++)
    pool.expected[i] = cycles_per_job;
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
          (pass == 1 || !g_error_matches (pool.errors[i], FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_CANCELLED)))
        {
          g_propagate_error (error, g_steal_pointer (&pool.errors[i]));
          ok = FALSE;
        }
  if (ok && g_atomic_int_get (&pool.cancelled))
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_CANCELLED, _("The simulation was stopped"));
      ok = FALSE;
    }

  for (guint i = 0; i < n_jobs; i++)
    g_clear_error (&pool.errors[i]);
  g_free (pool.errors);
  g_free (pool.done);
  g_free (pool.expected);
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
