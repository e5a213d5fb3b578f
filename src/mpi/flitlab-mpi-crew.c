/* flitlab-mpi-crew.c: the threads on which one rank runs its jobs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "flitlab-mpi-crew.h"

/* A queue takes no NULL, and no job has this number. */
#define STOP_THREAD GUINT_TO_POINTER (G_MAXUINT)

void
flitlab_mpi_done_free (FlitlabMpiDone *done)
{
  g_clear_pointer (&done->raw, g_bytes_unref);
  g_clear_error (&done->error);
  g_free (done);
}

static gboolean
crew_tick (guint64  cycles_done,
           guint64  cycles_expected,
           gpointer data)
{
  FlitlabMpiCrew *crew = data;

  return !g_atomic_int_get (&crew->cancelled);
}

static gpointer
crew_thread (gpointer data)
{
  FlitlabMpiCrew *crew = data;

  for (;;)
    {
      gpointer item = g_async_queue_pop (crew->todo);
      guint job = GPOINTER_TO_UINT (item);
      const FlitlabSimJobs *sim_jobs;
      FlitlabMpiDone *done;
      guint local;

      if (item == STOP_THREAD)
        break;
      done = g_new0 (FlitlabMpiDone, 1);
      done->job = job - 1;
      sim_jobs = flitlab_mpi_jobs_find (crew->jobs, done->job, &local);
      done->raw = flitlab_sim_jobs_run_job (sim_jobs, local, crew_tick, crew, &done->error);
      g_async_queue_push (crew->done, done);
    }
  return NULL;
}

void
flitlab_mpi_crew_start (FlitlabMpiCrew       *crew,
                        const FlitlabMpiJobs *jobs,
                        guint                 n_threads)
{
  crew->jobs = jobs;
  crew->todo = g_async_queue_new ();
  crew->done = g_async_queue_new ();
  crew->threads = g_ptr_array_new ();
  crew->cancelled = FALSE;
  for (guint i = 0; i < n_threads; i++)
    g_ptr_array_add (crew->threads, g_thread_new ("flitlab-mpi", crew_thread, crew));
}

void
flitlab_mpi_crew_give (FlitlabMpiCrew *crew,
                       guint           job)
{
  g_async_queue_push (crew->todo, GUINT_TO_POINTER (job + 1));
}

void
flitlab_mpi_crew_stop (FlitlabMpiCrew *crew)
{
  FlitlabMpiDone *done;

  for (guint i = 0; i < crew->threads->len; i++)
    g_async_queue_push (crew->todo, STOP_THREAD);
  for (guint i = 0; i < crew->threads->len; i++)
    g_thread_join (crew->threads->pdata[i]);
  while ((done = g_async_queue_try_pop (crew->done)) != NULL)
    flitlab_mpi_done_free (done);
  g_ptr_array_unref (crew->threads);
  g_async_queue_unref (crew->todo);
  g_async_queue_unref (crew->done);
}

void
flitlab_mpi_crew_cancel (FlitlabMpiCrew *crew)
{
  g_atomic_int_set (&crew->cancelled, TRUE);
  flitlab_mpi_crew_stop (crew);
}
