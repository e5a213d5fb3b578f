/* flitlab-mpi.c: flitlab-cli run's sweeps on Open MPI (docs/mpi.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   mpirun -n N flitlab-mpi run PROJECT.flitlab [--output FILE] [--study NAME] [--progress]
 *                                              [--checkpoint FILE] [--threads-per-rank T]
 *
 * Rank 0 reads the project, evaluates the models and splits the simulations into jobs (study,
 * load, replication: flitlab-sweep.h); every rank gets the project's bytes and builds the same
 * jobs. Rank 0 hands the costliest jobs out first, one at a time to whichever rank asks, and
 * runs jobs itself on its own threads; ranks send back raw sums, which rank 0 pools in job
 * order, as flitlab-cli run does, and saves atomically. A job's numbers depend only on the
 * project and its number, so the saved bytes are those of flitlab-cli run for any number of
 * ranks.
 */

#include "config.h"

/* SIGXFSZ: -std=c17 shows only what ISO C has unless asked. */
#define _DEFAULT_SOURCE

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <mpi.h>

#include "flitlab-file-write.h"
#include "flitlab-input.h"
#include "flitlab-locale.h"
#include "flitlab-project-xml.h"
#include "flitlab-runner.h"
#include "flitlab-sweep.h"

#define MASTER 0

/* Rank to master: the finished job's number (-1: none yet) then its raw sums. Master to rank:
 * the next job's number, -1 to stop. Rank to master on a failure: the job's number then the
 * message. */
enum
{
  TAG_RESULT = 1,
  TAG_JOB,
  TAG_FAILURE,
};

/* How often the master saves its checkpoint besides when it is stopped, seconds. */
#define CHECKPOINT_EVERY 60

#define CHECKPOINT_MAGIC "FLITLAB-MPI-CHECKPOINT 1\n"

static volatile sig_atomic_t stop_signal;
/* Rank 0 left the loop with jobs still out: the other ranks are not waiting for it. */
static gboolean stopped_midway;

static void
on_stop_signal (int signum)
{
  stop_signal = signum;
}

typedef struct
{
  char     *path;
  char     *output;
  char     *only;
  char     *checkpoint;
  gboolean  progress;
  int       threads;
} Options;

/* Every simulated wormhole study's jobs, numbered one after the other in study order. */
typedef struct
{
  FlitlabProject *project;
  GPtrArray      *studies;   /* FlitlabStudy* (not owned) with jobs, in project order */
  GPtrArray      *sweeps;    /* FlitlabSweep*, one per entry of studies */
  GArray         *first;     /* guint: each sweep's first job number; then the total */
  guint           n_jobs;
} Jobs;

static void
jobs_clear (Jobs *jobs)
{
  g_clear_pointer (&jobs->studies, g_ptr_array_unref);
  g_clear_pointer (&jobs->sweeps, g_ptr_array_unref);
  g_clear_pointer (&jobs->first, g_array_unref);
  g_clear_pointer (&jobs->project, flitlab_project_free);
}

/* The index of the sweep of job number job, and the job's number there. */
static guint
jobs_find_index (const Jobs *jobs,
                 guint       job,
                 guint      *local)
{
  guint s = 0;

  while (job >= g_array_index (jobs->first, guint, s + 1))
    s++;
  *local = job - g_array_index (jobs->first, guint, s);
  return s;
}

static const FlitlabSweep *
jobs_find (const Jobs *jobs,
           guint       job,
           guint      *local)
{
  return jobs->sweeps->pdata[jobs_find_index (jobs, job, local)];
}

static gboolean
is_selected (const FlitlabStudy *study,
             const Options      *options)
{
  return options->only == NULL || g_strcmp0 (study->name, options->only) == 0;
}

/* Builds the jobs of the project in data. master: also evaluates every selected study's
 * models and runs its backtracking simulation (which is not split into jobs), as flitlab-cli
 * run does. */
static gboolean
jobs_init (Jobs           *jobs,
           const char     *data,
           gsize           length,
           const Options  *options,
           gboolean        master,
           GError        **error)
{
  guint selected = 0;

  jobs->project = flitlab_project_load_from_data (data, length, options->path, error);
  if (jobs->project == NULL)
    return FALSE;
  jobs->studies = g_ptr_array_new ();
  jobs->sweeps = g_ptr_array_new_with_free_func ((GDestroyNotify) flitlab_sweep_free);
  jobs->first = g_array_new (FALSE, FALSE, sizeof (guint));
  g_array_append_val (jobs->first, jobs->n_jobs);

  for (guint i = 0; i < flitlab_project_get_n_studies (jobs->project); i++)
    {
      FlitlabStudy *study = flitlab_project_get_study (jobs->project, i);
      g_autoptr(FlitlabSimConfig) config = NULL;
      FlitlabSweep *sweep;

      if (!is_selected (study, options))
        continue;
      selected++;
      if (master && !flitlab_runner_evaluate_models (study, error))
        return FALSE;
      if (!study->simulation.enabled)
        continue;
      if (study->routing == FLITLAB_ROUTING_BACKTRACK)
        {
          if (master && !flitlab_runner_simulate (study, NULL, NULL, error))
            return FALSE;
          continue;
        }
      config = flitlab_runner_new_sim_config (study, error);
      sweep = config != NULL ? flitlab_sweep_new (config, error) : NULL;
      if (sweep == NULL)
        {
          g_prefix_error (error, "Study “%s”: ", study->name);
          return FALSE;
        }
      g_ptr_array_add (jobs->studies, study);
      g_ptr_array_add (jobs->sweeps, sweep);
      jobs->n_jobs += flitlab_sweep_get_n_jobs (sweep);
      g_array_append_val (jobs->first, jobs->n_jobs);
    }
  if (options->only != NULL && selected == 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, "%s has no study called “%s”",
                   options->path, options->only);
      return FALSE;
    }
  return TRUE;
}

/* A job's expected cost (flitlab_sweep_job_cost()) from its study's first model. */
static double
job_cost (const Jobs *jobs,
          guint       job)
{
  guint local, s = jobs_find_index (jobs, job, &local);
  const FlitlabSweep *sweep = jobs->sweeps->pdata[s];
  const FlitlabStudy *study = jobs->studies->pdata[s];
  guint rate_index = local / flitlab_sweep_get_config (sweep)->replications;

  return flitlab_sweep_job_cost (sweep, local, flitlab_runner_model_latency (study, rate_index));
}

/* ---- the checkpoint: finished jobs' raw sums ------------------------------------------ */

/* What the jobs depend on: the project's bytes and the studies chosen. */
static char *
fingerprint (const char    *data,
             gsize          length,
             const Options *options)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);

  g_checksum_update (checksum, (const guchar *) data, length);
  g_checksum_update (checksum, (const guchar *) "\n", 1);
  if (options->only != NULL)
    g_checksum_update (checksum, (const guchar *) options->only, -1);
  return g_strdup (g_checksum_get_string (checksum));
}

/* The checkpoint: CHECKPOINT_MAGIC, the fingerprint and a newline, the number of jobs, then
 * each finished job's number, size and raw sums (machine byte order). */
static gboolean
checkpoint_save (const char  *path,
                 const char  *print,
                 GBytes     **raw,
                 guint        n_jobs,
                 GError     **error)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  guint32 count = n_jobs;

  g_byte_array_append (out, (const guint8 *) CHECKPOINT_MAGIC, strlen (CHECKPOINT_MAGIC));
  g_byte_array_append (out, (const guint8 *) print, strlen (print));
  g_byte_array_append (out, (const guint8 *) "\n", 1);
  g_byte_array_append (out, (const guint8 *) &count, sizeof count);
  for (guint32 j = 0; j < n_jobs; j++)
    if (raw[j] != NULL)
      {
        guint64 size = g_bytes_get_size (raw[j]);

        g_byte_array_append (out, (const guint8 *) &j, sizeof j);
        g_byte_array_append (out, (const guint8 *) &size, sizeof size);
        g_byte_array_append (out, g_bytes_get_data (raw[j], NULL), size);
      }
  return flitlab_file_write (path, (const char *) out->data, out->len, error);
}

/* Reads the finished jobs of a checkpoint into raw; a missing file is a fresh start. */
static gboolean
checkpoint_load (const char  *path,
                 const char  *print,
                 const Jobs  *jobs,
                 GBytes     **raw,
                 GError     **error)
{
  g_autofree char *data = NULL;
  g_autofree char *head = g_strconcat (CHECKPOINT_MAGIC, print, "\n", NULL);
  g_autoptr(GError) local_error = NULL;
  gsize length, at;
  guint32 count;

  if (!g_file_get_contents (path, &data, &length, &local_error))
    {
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  at = strlen (head);
  if (length < at + sizeof count || memcmp (data, head, at) != 0 ||
      (memcpy (&count, data + at, sizeof count), count != jobs->n_jobs))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("%s is not a checkpoint of this project and these studies"), path);
      return FALSE;
    }
  at += sizeof count;
  while (at < length)
    {
      guint32 job;
      guint64 size;
      guint local;
      g_autoptr(GBytes) bytes = NULL;

      if (length - at < sizeof job + sizeof size)
        break;
      memcpy (&job, data + at, sizeof job);
      memcpy (&size, data + at + sizeof job, sizeof size);
      at += sizeof job + sizeof size;
      if (job >= jobs->n_jobs || size > length - at)
        break;
      bytes = g_bytes_new (data + at, size);
      at += size;
      if (!flitlab_sweep_check_raw (jobs_find (jobs, job, &local), bytes, NULL))
        break;
      g_clear_pointer (&raw[job], g_bytes_unref);
      raw[job] = g_steal_pointer (&bytes);
    }
  if (at != length)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, _("%s is damaged"), path);
      return FALSE;
    }
  return TRUE;
}

/* ---- running jobs on a rank's threads ----------------------------------------------- */

/* A job done on this rank: its number and its raw sums, or the error that stopped it. */
typedef struct
{
  guint   job;
  GBytes *raw;
  GError *error;
} Done;

/* A queue takes no NULL, and no job has this number. */
#define STOP_THREAD GUINT_TO_POINTER (G_MAXUINT)

typedef struct
{
  const Jobs  *jobs;
  GAsyncQueue *todo;  /* job number + 1; STOP_THREAD stops a thread */
  GAsyncQueue *done;  /* Done* */
  GPtrArray   *threads;
  gint         cancelled;  /* atomic: the run stops midway, drop the jobs held */
} Crew;

static void
done_free (Done *done)
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
  Crew *crew = data;

  return !g_atomic_int_get (&crew->cancelled);
}

static gpointer
crew_thread (gpointer data)
{
  Crew *crew = data;

  for (;;)
    {
      gpointer item = g_async_queue_pop (crew->todo);
      guint job = GPOINTER_TO_UINT (item);
      const FlitlabSweep *sweep;
      Done *done;
      guint local;

      if (item == STOP_THREAD)
        break;
      done = g_new0 (Done, 1);
      done->job = job - 1;
      sweep = jobs_find (crew->jobs, done->job, &local);
      done->raw = flitlab_sweep_run_job (sweep, local, crew_tick, crew, &done->error);
      g_async_queue_push (crew->done, done);
    }
  return NULL;
}

static void
crew_start (Crew       *crew,
            const Jobs *jobs,
            guint       n_threads)
{
  crew->jobs = jobs;
  crew->todo = g_async_queue_new ();
  crew->done = g_async_queue_new ();
  crew->threads = g_ptr_array_new ();
  crew->cancelled = FALSE;
  for (guint i = 0; i < n_threads; i++)
    g_ptr_array_add (crew->threads, g_thread_new ("flitlab-mpi", crew_thread, crew));
}

static void
crew_give (Crew  *crew,
           guint  job)
{
  g_async_queue_push (crew->todo, GUINT_TO_POINTER (job + 1));
}

/* Stops the threads once they have finished what they hold; results nobody took are dropped. */
static void
crew_stop (Crew *crew)
{
  Done *done;

  for (guint i = 0; i < crew->threads->len; i++)
    g_async_queue_push (crew->todo, STOP_THREAD);
  for (guint i = 0; i < crew->threads->len; i++)
    g_thread_join (crew->threads->pdata[i]);
  while ((done = g_async_queue_try_pop (crew->done)) != NULL)
    done_free (done);
  g_ptr_array_unref (crew->threads);
  g_async_queue_unref (crew->todo);
  g_async_queue_unref (crew->done);
}

/* Stops the threads within a tick, dropping the jobs they hold: the jobs they run on must stay
 * alive until they have stopped, so rank 0 may free them after a run stopped midway. */
static void
crew_cancel (Crew *crew)
{
  g_atomic_int_set (&crew->cancelled, TRUE);
  crew_stop (crew);
}

/* ---- a worker rank -------------------------------------------------------------------- */

static int
recv_job (void)
{
  int job;

  /* Rank 0 gone: stop. */
  if (MPI_Recv (&job, 1, MPI_INT, MASTER, TAG_JOB, MPI_COMM_WORLD, MPI_STATUS_IGNORE) != MPI_SUCCESS)
    return -1;
  return job;
}

/* Sends what a job gave (or -1 and nothing, to ask for a first job). */
static void
send_done (int     job,
           GBytes *raw,
           GError *error)
{
  gsize size = error != NULL ? strlen (error->message) + 1 : raw != NULL ? g_bytes_get_size (raw) : 0;
  g_autofree guint8 *message = g_malloc (sizeof job + size);

  memcpy (message, &job, sizeof job);
  if (error != NULL)
    memcpy (message + sizeof job, error->message, size);
  else if (raw != NULL)
    memcpy (message + sizeof job, g_bytes_get_data (raw, NULL), size);
  MPI_Send (message, (int) (sizeof job + size), MPI_BYTE, MASTER,
            error != NULL ? TAG_FAILURE : TAG_RESULT, MPI_COMM_WORLD);
}

/* Asks for a job per thread, then for another each time one is done, until told to stop. */
static void
run_worker (const Jobs *jobs,
            guint       n_threads)
{
  gboolean stopped = FALSE;
  guint running = 0;
  Crew crew;

  crew_start (&crew, jobs, n_threads);
  for (guint i = 0; i < n_threads && !stopped; i++)
    {
      int job;

      send_done (-1, NULL, NULL);
      job = recv_job ();
      if (job < 0)
        stopped = TRUE;
      else
        {
          crew_give (&crew, job);
          running++;
        }
    }
  while (running > 0)
    {
      Done *done = g_async_queue_pop (crew.done);

      running--;
      send_done (done->job, done->raw, done->error);
      if (!stopped)
        {
          int job = recv_job ();

          if (job < 0)
            stopped = TRUE;
          else
            {
              crew_give (&crew, job);
              running++;
            }
        }
      done_free (done);
    }
  crew_stop (&crew);
}

/* ---- the master ----------------------------------------------------------------------- */

typedef struct
{
  const Jobs *jobs;
  GBytes    **raw;        /* per job, NULL until done */
  guint      *order;      /* the jobs still to do, costliest first */
  guint       n_order;
  guint       next;       /* in order */
  guint       n_done;
  GError     *failure;    /* the first job that failed */
  guint       failed_job;
  gboolean    progress;
} Master;

/* The next job to hand out, or -1 when there is none left or a job failed. */
static int
next_job (Master *master)
{
  if (master->failure != NULL || master->next >= master->n_order)
    return -1;
  return (int) master->order[master->next++];
}

static void
master_take (Master *master,
             guint   job,
             GBytes *raw,
             GError *error)
{
  guint local;

  if (error == NULL && !flitlab_sweep_check_raw (jobs_find (master->jobs, job, &local), raw, &error))
    raw = NULL;
  if (error != NULL)
    {
      /* The first failure in job order, as flitlab-cli run reports it. */
      if (master->failure == NULL || job < master->failed_job)
        {
          g_clear_error (&master->failure);
          master->failure = g_error_copy (error);
          master->failed_job = job;
        }
      return;
    }
  master->raw[job] = g_bytes_ref (raw);
  master->n_done++;
  if (master->progress)
    {
      /* Translators: progress on a terminal, rewritten in place */
      g_autofree char *done = g_strdup_printf (_("%u of %u jobs done"), master->n_done,
                                               master->jobs->n_jobs);

      g_printerr ("\r%s   ", done);
    }
}

static int
compare_cost (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  const double *cost = user_data;
  guint x = *(const guint *) a, y = *(const guint *) b;

  if (cost[x] != cost[y])
    return cost[x] > cost[y] ? -1 : 1;
  return x < y ? -1 : x > y;
}

/* Hands out every job still to do to the other ranks and to this rank's threads, and takes
 * their results; saves the checkpoint every CHECKPOINT_EVERY seconds and when stopped by a
 * signal. FALSE: stopped, or a job failed. */
static gboolean
run_master (Master        *master,
            int            n_ranks,
            guint          n_threads,
            const char    *checkpoint,
            const char    *print,
            GError       **error)
{
  const Jobs *jobs = master->jobs;
  g_autofree gboolean *stopped = g_new0 (gboolean, n_ranks);
  g_autofree guint *running = g_new0 (guint, n_ranks);
  g_autofree double *cost = g_new (double, jobs->n_jobs);
  gint64 saved = g_get_monotonic_time ();
  guint saved_done = master->n_done, local_running = 0, ranks_left = n_ranks - 1;
  gboolean local_stopped = FALSE, lost_rank = FALSE;
  Crew crew;

  for (guint j = 0; j < jobs->n_jobs; j++)
    {
      cost[j] = job_cost (jobs, j);
      if (master->raw[j] == NULL)
        master->order[master->n_order++] = j;
    }
  g_qsort_with_data (master->order, master->n_order, sizeof (guint), compare_cost, cost);

  crew_start (&crew, jobs, n_threads);
  for (;;)
    {
      int flag;
      MPI_Status status;
      Done *done;

      /* This rank's threads keep one job each. */
      while (!local_stopped && local_running < n_threads)
        {
          int job = next_job (master);

          if (job < 0)
            local_stopped = TRUE;
          else
            {
              crew_give (&crew, job);
              local_running++;
            }
        }
      if (ranks_left == 0 && local_running == 0 && (local_stopped || n_threads == 0))
        break;

      if (MPI_Iprobe (MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status) != MPI_SUCCESS)
        {
          lost_rank = TRUE;
          flag = FALSE;
        }
      if (flag)
        {
          int count, source = status.MPI_SOURCE, job;
          g_autofree guint8 *message = NULL;

          MPI_Get_count (&status, MPI_BYTE, &count);
          message = g_malloc (MAX (count, (int) sizeof job));
          if (MPI_Recv (message, count, MPI_BYTE, source, status.MPI_TAG, MPI_COMM_WORLD,
                        MPI_STATUS_IGNORE) != MPI_SUCCESS)
            {
              lost_rank = TRUE;
              continue;
            }
          memcpy (&job, message, sizeof job);
          if (job >= 0)
            {
              g_autoptr(GBytes) raw = NULL;
              g_autoptr(GError) failure = NULL;

              if (status.MPI_TAG == TAG_FAILURE)
                failure = g_error_new (G_FILE_ERROR, G_FILE_ERROR_FAILED, "%.*s",
                                       count - (int) sizeof job, message + sizeof job);
              else
                raw = g_bytes_new (message + sizeof job, count - sizeof job);
              master_take (master, job, raw, failure);
              running[source]--;
            }
          if (!stopped[source])
            {
              int next = next_job (master);

              if (MPI_Send (&next, 1, MPI_INT, source, TAG_JOB, MPI_COMM_WORLD) != MPI_SUCCESS)
                lost_rank = TRUE;
              if (next < 0)
                stopped[source] = TRUE;
              else
                running[source]++;
            }
          if (stopped[source] && running[source] == 0)
            ranks_left--;
          continue;
        }

      /* Waiting for this rank's threads is the master's pause between probes. */
      done = g_async_queue_timeout_pop (crew.done, 2000);
      if (done != NULL)
        {
          master_take (master, done->job, done->raw, done->error);
          local_running--;
          done_free (done);
        }

      if (stop_signal != 0 || lost_rank ||
          (checkpoint != NULL && master->n_done > saved_done &&
           g_get_monotonic_time () - saved > CHECKPOINT_EVERY * G_USEC_PER_SEC))
        {
          if (checkpoint != NULL &&
              !checkpoint_save (checkpoint, print, master->raw, jobs->n_jobs, error))
            {
              stopped_midway = TRUE;
              crew_cancel (&crew);
              return FALSE;
            }
          saved = g_get_monotonic_time ();
          saved_done = master->n_done;
          if (lost_rank && stop_signal == 0)
            {
              if (master->progress)
                g_printerr ("\n");
              if (checkpoint != NULL)
                g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_IO,
                             _("a rank stopped answering; %u of %u jobs done, saved in %s"),
                             master->n_done, jobs->n_jobs, checkpoint);
              else
                g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_IO,
                             _("a rank stopped answering; %u of %u jobs done"),
                             master->n_done, jobs->n_jobs);
              stopped_midway = TRUE;
              crew_cancel (&crew);
              return FALSE;
            }
          if (stop_signal != 0)
            {
              /* mpirun passes SIGINT and SIGTERM on, and sends SIGTERM when a rank dies. */
              if (master->progress)
                g_printerr ("\n");
              if (checkpoint != NULL)
                g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INTR,
                             _("stopped by signal %d (from mpirun: asked to stop, or a rank died); "
                               "%u of %u jobs saved in %s"), (int) stop_signal, master->n_done,
                             jobs->n_jobs, checkpoint);
              else
                g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INTR,
                             _("stopped by signal %d (from mpirun: asked to stop, or a rank died); "
                               "without --checkpoint nothing was kept"), (int) stop_signal);
              stopped_midway = TRUE;
              crew_cancel (&crew);
              return FALSE;
            }
        }
    }
  crew_stop (&crew);
  if (master->progress && jobs->n_jobs > 0)
    g_printerr ("\n");

  if (master->failure != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&master->failure));
      return FALSE;
    }
  return TRUE;
}

/* ---- run ---------------------------------------------------------------------------- */

static gboolean
parse_run (int       argc,
           char    **argv,
           Options  *options,
           GError  **error)
{
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &options->output, N_("Save the project with its results here (default: in place)"), "FILE" },
    { "study", 0, 0, G_OPTION_ARG_STRING, &options->only, N_("Run only this study"), "NAME" },
    { "progress", 0, 0, G_OPTION_ARG_NONE, &options->progress, N_("Show the jobs done on stderr"), NULL },
    { "checkpoint", 0, 0, G_OPTION_ARG_FILENAME, &options->checkpoint, N_("Keep finished jobs here when stopped, and resume from them"), "FILE" },
    { "threads-per-rank", 0, 0, G_OPTION_ARG_INT, &options->threads, N_("Jobs each rank runs at once (default 1)"), "T" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (N_("PROJECT.flitlab — run every study on MPI ranks and save the results into the project"));

  options->threads = 1;
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, error))
    return FALSE;
  if (argc != 2)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, _("run takes one .flitlab project"));
      return FALSE;
    }
  if (options->threads < 1 || options->threads > FLITLAB_MAX_THREADS)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--threads-per-rank must be from 1 to %u, not %d"), FLITLAB_MAX_THREADS,
                   options->threads);
      return FALSE;
    }
  options->path = g_strdup (argv[1]);
  return TRUE;
}

static void
options_clear (Options *options)
{
  g_free (options->path);
  g_free (options->output);
  g_free (options->only);
  g_free (options->checkpoint);
}

/* Rank 0's part: reads and checks everything, tells the other ranks the project (or that there
 * is none: length 0), hands out the jobs, pools and saves. */
static gboolean
run_rank0 (const Options  *options,
           int             n_ranks,
           GError        **error)
{
  g_autofree char *data = NULL, *print = NULL;
  gsize length = 0;
  gboolean ok = TRUE;
  Master master = { 0 };
  Jobs jobs = { 0 };
  long long shared;

  ok = g_file_get_contents (options->path, &data, &length, error) &&
       jobs_init (&jobs, data, length, options, TRUE, error);
  if (ok)
    {
      print = fingerprint (data, length, options);
      master.jobs = &jobs;
      master.raw = g_new0 (GBytes *, jobs.n_jobs);
      master.order = g_new (guint, jobs.n_jobs);
      master.progress = options->progress;
      if (options->checkpoint != NULL)
        {
          ok = checkpoint_load (options->checkpoint, print, &jobs, master.raw, error);
          for (guint j = 0; ok && j < jobs.n_jobs; j++)
            master.n_done += master.raw[j] != NULL;
        }
    }

  shared = ok ? (long long) length : 0;
  MPI_Bcast (&shared, 1, MPI_LONG_LONG, MASTER, MPI_COMM_WORLD);
  if (shared > 0)
    MPI_Bcast (data, (int) length, MPI_BYTE, MASTER, MPI_COMM_WORLD);

  ok = ok && run_master (&master, n_ranks, options->threads, options->checkpoint, print, error);
  for (guint s = 0; ok && s < jobs.sweeps->len; s++)
    {
      g_autoptr(FlitlabSimResult) result =
        flitlab_sweep_combine (jobs.sweeps->pdata[s],
                               master.raw + g_array_index (jobs.first, guint, s));

      flitlab_runner_store_simulation (jobs.studies->pdata[s], result);
    }
  ok = ok && flitlab_project_save (jobs.project, options->output != NULL ? options->output : options->path,
                                   error);
  if (ok && options->checkpoint != NULL)
    g_unlink (options->checkpoint);

  for (guint j = 0; master.raw != NULL && j < jobs.n_jobs; j++)
    g_clear_pointer (&master.raw[j], g_bytes_unref);
  g_free (master.raw);
  g_free (master.order);
  g_clear_error (&master.failure);
  jobs_clear (&jobs);
  return ok;
}

/* Another rank's part: FALSE when rank 0 found the project bad. */
static gboolean
run_rank (const Options *options)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  long long length;
  Jobs jobs = { 0 };

  MPI_Bcast (&length, 1, MPI_LONG_LONG, MASTER, MPI_COMM_WORLD);
  if (length <= 0)
    return FALSE;
  data = g_malloc (length);
  MPI_Bcast (data, (int) length, MPI_BYTE, MASTER, MPI_COMM_WORLD);
  /* Rank 0 built the same jobs from the same bytes; this cannot fail but for memory. */
  if (!jobs_init (&jobs, data, length, options, FALSE, &error))
    {
      g_printerr ("flitlab-mpi run: %s\n", error->message);
      MPI_Abort (MPI_COMM_WORLD, 1);
    }
  run_worker (&jobs, options->threads);
  jobs_clear (&jobs);
  return TRUE;
}

static void
print_help (FILE *stream)
{
  fprintf (stream, "%s",
           _("Usage: mpirun -n N flitlab-mpi run PROJECT.flitlab [OPTION…]\n"
             "\n"
             "Runs every study of the project as flitlab-cli run does, its simulations split\n"
             "into jobs (study, load, replication) over the MPI ranks, and saves the same bytes.\n"
             "\n"
             "Options:\n"
             "  -o, --output FILE         Save the project with its results here (default: in place)\n"
             "  --study NAME              Run only this study\n"
             "  --progress                Show the jobs done on stderr\n"
             "  --checkpoint FILE         Keep finished jobs here when stopped (SIGINT, SIGTERM),\n"
             "                            and resume from them\n"
             "  --threads-per-rank T      Jobs each rank runs at once (default 1)\n"));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  Options options = { 0 };
  int provided, rank, n_ranks;
  gboolean ok;

  /* Messages in the user's language; numbers and option names stay as they are. */
  flitlab_locale_init ();
  g_set_prgname ("flitlab-mpi");

  MPI_Init_thread (&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank (MPI_COMM_WORLD, &rank);
  MPI_Comm_size (MPI_COMM_WORLD, &n_ranks);

  if (argc >= 2 && (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h")))
    {
      if (rank == MASTER)
        print_help (stdout);
      MPI_Finalize ();
      return 0;
    }
  if (argc < 2 || !g_str_equal (argv[1], "run"))
    {
      if (rank == MASTER)
        g_printerr ("flitlab-mpi: %s\n", _("the command is run (flitlab-mpi --help)"));
      MPI_Finalize ();
      return 2;
    }

  /* Every rank parses the same arguments, so all agree; rank 0 alone says what is wrong. */
  ok = parse_run (argc - 1, argv + 1, &options, &error);
  /* mpirun signals every rank when it is stopped or a rank dies, and kills them a moment
   * later: the workers carry on, rank 0 saves the checkpoint in that moment. A rank that is
   * gone makes calls to it fail rather than abort rank 0 before it has saved. */
  signal (SIGINT, on_stop_signal);
  signal (SIGTERM, on_stop_signal);
  /* ulimit -f: a write error (EFBIG) that flitlab_file_write () reports, not a silent death. */
  signal (SIGXFSZ, SIG_IGN);
  MPI_Comm_set_errhandler (MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  if (ok && rank == MASTER)
    ok = run_rank0 (&options, n_ranks, &error);
  else if (ok)
    ok = run_rank (&options);

  if (!ok && rank == MASTER)
    {
      /* One short line, as flitlab-cli's. */
      g_autofree char *line = flitlab_input_message_line (error->message);

      g_printerr ("flitlab-mpi run: %s\n", line);
    }
  options_clear (&options);
  if (!ok && rank == MASTER && stopped_midway)
    {
      /* The other ranks were signalled too, or still compute, or are gone: do not wait for
       * them; mpirun ends them. */
      fflush (stderr);
      _exit (1);
    }
  MPI_Finalize ();
  return ok ? 0 : 1;
}
