/* flitlab-mpi-master.c: rank 0 hands out the jobs, takes their raw sums and gives up on a rank
 * that stalls
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The master never waits for one rank: it probes for messages and polls its own threads in
 * turn. It knows when it handed each job out and what the job should take (its estimated cost
 * times the median seconds per unit of cost of the jobs done so far); a rank that holds a job
 * past stall_factor times that, and past stall_floor seconds, is given up on: it gets no more
 * jobs, what it holds goes to the next rank that asks (or to rank 0's threads), and what it
 * sends later is dropped. A job's numbers depend only on its number, so the saved bytes do not
 * change. At the end every rank says goodbye before it calls MPI_Finalize; one that does not
 * within the floor (a stopped one) is lost, and rank 0 must not call MPI_Finalize either.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>
#include <mpi.h>

#include "flitlab-mpi-master.h"

#include "flitlab-mpi-checkpoint.h"
#include "flitlab-mpi-crew.h"

/* The master's pause between probes when nothing came, microseconds. */
#define POLL_PAUSE 2000

/* How often the master looks for a rank that stalls, microseconds. */
#define STALL_CHECK_EVERY (G_USEC_PER_SEC / 10)

/* The holder of a job that nobody runs. */
#define NOBODY (-1)

/* A message on its way in. */
typedef struct
{
  int          source;
  int          tag;
  int          count;
  guint8      *data;
  MPI_Request  request;
} Message;

static void
message_free (Message *in)
{
  g_free (in->data);
  g_free (in);
}

typedef struct
{
  FlitlabMpiMaster     *master;
  const FlitlabMpiJobs *jobs;
  double               *cost;      /* per job, flitlab_mpi_jobs_cost () */
  guint                *order;     /* the jobs still to do, costliest first */
  guint                 n_order;
  guint                 next;      /* in order */
  GQueue                moved;     /* jobs taken from a rank given up on: handed out first */
  int                  *holder;    /* per job: the rank that runs it, or NOBODY */
  gint64               *sent;      /* per job: when it was handed out */
  guint                *moves;     /* per job: how often it was taken from a rank */
  guint                 n_out;     /* jobs held by this rank's threads and ranks not given up */
  GArray               *pace;      /* double, sorted: seconds per unit of cost of jobs done */
  GPtrArray            *incoming;  /* Message*, in the order they came */
  guint                 local_running;
  gint64                over_since;  /* when the last job came in; 0: jobs are left */
  GError               *failure;   /* the first job that failed */
  guint                 failed_job;
  gboolean              lost;      /* an MPI call failed: a rank has gone */
  /* Per rank. */
  guint                *running;   /* jobs it holds; given up on: answers it still owes */
  gboolean             *told_stop;
  gboolean             *waiting;   /* asked for a job while none was free but some were out */
  gboolean             *given_up;
  gboolean             *goodbye;
  FlitlabMpiCrew        crew;
} Run;

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

static void
run_init (Run              *run,
          FlitlabMpiMaster *master)
{
  const FlitlabMpiJobs *jobs = master->jobs;
  int n = master->n_ranks;

  memset (run, 0, sizeof *run);
  run->master = master;
  run->jobs = jobs;
  run->cost = g_new (double, jobs->n_jobs);
  run->order = g_new (guint, jobs->n_jobs);
  run->holder = g_new (int, jobs->n_jobs);
  run->sent = g_new0 (gint64, jobs->n_jobs);
  run->moves = g_new0 (guint, jobs->n_jobs);
  g_queue_init (&run->moved);
  run->pace = g_array_new (FALSE, FALSE, sizeof (double));
  run->incoming = g_ptr_array_new ();
  run->running = g_new0 (guint, n);
  run->told_stop = g_new0 (gboolean, n);
  run->waiting = g_new0 (gboolean, n);
  run->given_up = g_new0 (gboolean, n);
  run->goodbye = g_new0 (gboolean, n);
  for (guint j = 0; j < jobs->n_jobs; j++)
    {
      run->cost[j] = flitlab_mpi_jobs_cost (jobs, j);
      run->holder[j] = NOBODY;
      if (master->raw[j] == NULL)
        run->order[run->n_order++] = j;
    }
  g_qsort_with_data (run->order, run->n_order, sizeof (guint), compare_cost, run->cost);
}

static void
run_clear (Run *run)
{
  g_free (run->cost);
  g_free (run->order);
  g_free (run->holder);
  g_free (run->sent);
  g_free (run->moves);
  g_queue_clear (&run->moved);
  g_array_unref (run->pace);
  /* Messages still on their way come from a rank given up on, whose data MPI may yet write:
   * their buffers are left to the process's end. */
  g_ptr_array_unref (run->incoming);
  g_free (run->running);
  g_free (run->told_stop);
  g_free (run->waiting);
  g_free (run->given_up);
  g_free (run->goodbye);
  g_clear_error (&run->failure);
}

/* The next job to hand out, or -1 when there is none free or a job failed. */
static int
next_job (Run *run)
{
  if (run->failure != NULL)
    return -1;
  if (!g_queue_is_empty (&run->moved))
    return GPOINTER_TO_INT (g_queue_pop_head (&run->moved));
  if (run->next >= run->n_order)
    return -1;
  return (int) run->order[run->next++];
}

/* No job will be handed out again: all are in, or one failed. */
static gboolean
work_over (Run *run)
{
  return run->failure != NULL ||
         (g_queue_is_empty (&run->moved) && run->next >= run->n_order && run->n_out == 0);
}

static void
hand_out (Run *run,
          int  job,
          int  rank)
{
  run->holder[job] = rank;
  run->sent[job] = g_get_monotonic_time ();
  run->n_out++;
  if (rank == FLITLAB_MPI_MASTER)
    {
      flitlab_mpi_crew_give (&run->crew, job);
      run->local_running++;
    }
  else
    run->running[rank]++;
}

static void
send_job (Run *run,
          int  rank,
          int  job)
{
  if (MPI_Send (&job, 1, MPI_INT, rank, FLITLAB_MPI_TAG_JOB, MPI_COMM_WORLD) != MPI_SUCCESS)
    run->lost = TRUE;
  if (job < 0)
    run->told_stop[rank] = TRUE;
  else
    hand_out (run, job, rank);
}

/* A rank asks for a job: the next one, or stop; or, if it holds none, wait while jobs that may
 * come back are out. (One that holds jobs cannot wait: it could not send their results.) */
static void
answer (Run *run,
        int  rank)
{
  int job = next_job (run);

  run->waiting[rank] = FALSE;
  if (job >= 0 || work_over (run) || run->running[rank] > 0)
    send_job (run, rank, job);
  else
    run->waiting[rank] = TRUE;
}

static void
serve_waiting (Run *run)
{
  for (int r = 1; r < run->master->n_ranks; r++)
    if (run->waiting[r] && (!g_queue_is_empty (&run->moved) || work_over (run)))
      answer (run, r);
}

/* A job came back from rank (not given up on): its raw sums or the error that stopped it. */
static void
take (Run    *run,
      int     rank,
      guint   job,
      GBytes *raw,
      GError *error)
{
  FlitlabMpiMaster *master = run->master;
  g_autoptr(GError) check_error = NULL;
  double seconds;
  guint local, at = 0;

  if (job >= run->jobs->n_jobs || run->holder[job] != rank)
    return;  /* not a job this rank holds: nothing to take */
  seconds = (g_get_monotonic_time () - run->sent[job]) / (double) G_USEC_PER_SEC;
  run->holder[job] = NOBODY;
  run->n_out--;
  if (rank == FLITLAB_MPI_MASTER)
    run->local_running--;
  else
    run->running[rank]--;

  if (error == NULL &&
      !flitlab_sim_jobs_check_raw (flitlab_mpi_jobs_find (run->jobs, job, &local), raw,
                                   &check_error))
    error = check_error;
  if (error != NULL)
    {
      /* The first failure in job order, as flitlab-cli run reports it. */
      if (run->failure == NULL || job < run->failed_job)
        {
          g_clear_error (&run->failure);
          run->failure = g_error_copy (error);
          run->failed_job = job;
        }
      return;
    }
  master->raw[job] = g_bytes_ref (raw);
  master->n_done++;
  if (run->cost[job] > 0)
    {
      double pace = seconds / run->cost[job];

      while (at < run->pace->len && g_array_index (run->pace, double, at) < pace)
        at++;
      g_array_insert_val (run->pace, at, pace);
    }
  if (master->progress)
    {
      /* Translators: progress on a terminal, rewritten in place */
      g_autofree char *done = g_strdup_printf (_("%u of %u jobs done"), master->n_done,
                                               run->jobs->n_jobs);

      g_printerr ("\r%s   ", done);
    }
}

/* A line on stderr that the progress line does not overwrite. */
static void
say (Run        *run,
     const char *line)
{
  g_printerr ("%sflitlab-mpi run: %s\n", run->master->progress ? "\n" : "", line);
}

/* Gives up on rank: it gets no more jobs, and the jobs it holds go to the others. */
static void
give_up (Run   *run,
         int    rank,
         guint  late_job,
         double seconds,
         double expected)
{
  const FlitlabMpiMaster *master = run->master;
  g_autoptr(GString) moved = g_string_new (NULL);
  g_autofree char *line = NULL;

  run->given_up[rank] = TRUE;
  run->waiting[rank] = FALSE;
  for (guint j = 0; j < run->jobs->n_jobs; j++)
    if (run->holder[j] == rank)
      {
        run->holder[j] = NOBODY;
        run->moves[j]++;
        run->n_out--;
        /* Its jobs were the costliest out: they go first. */
        g_queue_push_head (&run->moved, GUINT_TO_POINTER (j));
        g_string_append_printf (moved, "%s%u", moved->len > 0 ? ", " : "", j);
      }
  if (moved->len > 0)
    line = g_strdup_printf (_("rank %d has not answered job %u in %.1f s (expected %.2f s, "
                              "--stall-factor %g, --stall-floor %g s): given up on, "
                              "its jobs (%s) go to the other ranks"),
                            rank, late_job, seconds, expected, master->stall_factor,
                            master->stall_floor, moved->str);
  else
    line = g_strdup_printf (_("rank %d has not asked for a job in %.1f s after the last job "
                              "came in: given up on"), rank, seconds);
  say (run, line);
}

/* Gives up on every rank that holds a job past its time; once every job is in, on every rank
 * that has not asked for one within the floor. */
static void
look_for_stalls (Run    *run,
                 gint64  now)
{
  const FlitlabMpiMaster *master = run->master;
  double pace;

  if (master->stall_factor <= 0)
    return;
  if (run->over_since != 0 && now - run->over_since > master->stall_floor * G_USEC_PER_SEC)
    for (int r = 1; r < master->n_ranks; r++)
      if (!run->given_up[r] && !run->told_stop[r] && run->running[r] == 0)
        give_up (run, r, 0, (now - run->over_since) / (double) G_USEC_PER_SEC, 0);
  /* Until a job is in, nothing says what one takes. */
  if (run->pace->len == 0)
    return;
  pace = g_array_index (run->pace, double, run->pace->len / 2);
  for (guint j = 0; j < run->jobs->n_jobs; j++)
    {
      int rank = run->holder[j];
      double expected = run->cost[j] * pace;
      /* A job taken back before gets twice the time, so that one that is simply slower than
       * its estimate does not cost every rank in turn. */
      double limit = MAX (master->stall_floor, master->stall_factor * expected) *
                     (1u << MIN (run->moves[j], 10u));
      double seconds = (now - run->sent[j]) / (double) G_USEC_PER_SEC;

      if (rank > FLITLAB_MPI_MASTER && seconds > limit)
        give_up (run, rank, j, seconds, expected);
    }
}

/* Every job is in, and every rank not given up on has been told to stop. */
static gboolean
finished (Run *run)
{
  if (!work_over (run) || run->local_running > 0)
    return FALSE;
  for (int r = 1; r < run->master->n_ranks; r++)
    if (!run->given_up[r] && (!run->told_stop[r] || run->running[r] > 0))
      return FALSE;
  return TRUE;
}

/* What a rank sent: its job's number (-1: none) then the rest. */
static void
take_message (Run          *run,
              const Message *in)
{
  int job, source = in->source;

  if (in->count < (int) sizeof job)
    return;
  memcpy (&job, in->data, sizeof job);
  if (in->tag == FLITLAB_MPI_TAG_GOODBYE)
    run->goodbye[source] = TRUE;
  else if (run->given_up[source])
    {
      /* A late answer: dropped. The rank is told to stop, so that it can end. */
      if (job >= 0 && run->running[source] > 0)
        run->running[source]--;
      if (!run->told_stop[source])
        send_job (run, source, -1);
    }
  else
    {
      if (job >= 0)
        {
          g_autoptr(GBytes) raw = NULL;
          g_autoptr(GError) failure = NULL;

          if (in->tag == FLITLAB_MPI_TAG_FAILURE)
            failure = g_error_new (G_FILE_ERROR, G_FILE_ERROR_FAILED, "%.*s",
                                   in->count - (int) sizeof job, in->data + sizeof job);
          else
            raw = g_bytes_new (in->data + sizeof job, in->count - sizeof job);
          take (run, source, job, raw, failure);
        }
      if (!run->told_stop[source])
        answer (run, source);
    }
}

/* Starts receiving a message if one came, and takes those that have arrived whole; FALSE if
 * nothing happened. A receive is never waited for: a rank stopped halfway through sending a
 * result larger than MPI's eager limit would hold a blocking one for ever. */
static gboolean
receive (Run *run)
{
  gboolean any = FALSE;
  MPI_Message handle;
  MPI_Status status;
  int flag;

  if (MPI_Improbe (MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &handle,
                   &status) != MPI_SUCCESS)
    {
      run->lost = TRUE;
      return FALSE;
    }
  if (flag)
    {
      Message *in = g_new0 (Message, 1);

      in->source = status.MPI_SOURCE;
      in->tag = status.MPI_TAG;
      MPI_Get_count (&status, MPI_BYTE, &in->count);
      in->data = g_malloc (MAX (in->count, 1));
      if (MPI_Imrecv (in->data, in->count, MPI_BYTE, &handle, &in->request) != MPI_SUCCESS)
        run->lost = TRUE;
      g_ptr_array_add (run->incoming, in);
      any = TRUE;
    }
  for (guint i = 0; i < run->incoming->len && !run->lost;)
    {
      Message *in = run->incoming->pdata[i];
      int arrived;

      if (MPI_Test (&in->request, &arrived, MPI_STATUS_IGNORE) != MPI_SUCCESS)
        run->lost = TRUE;
      else if (!arrived)
        i++;
      else
        {
          g_ptr_array_remove_index (run->incoming, i);
          take_message (run, in);
          message_free (in);
          any = TRUE;
        }
    }
  return any;
}

/* Saves the checkpoint; when stopped by a signal or by a rank that has gone, sets error. */
static gboolean
save_or_stop (Run     *run,
              GError **error)
{
  FlitlabMpiMaster *master = run->master;
  guint n_jobs = run->jobs->n_jobs;

  if (master->checkpoint != NULL &&
      !flitlab_mpi_checkpoint_save (master->checkpoint, master->print, master->raw, n_jobs,
                                    error))
    return FALSE;
  if (master->progress && (run->lost || *master->stop_signal != 0))
    g_printerr ("\n");
  if (*master->stop_signal != 0)
    {
      /* mpirun passes SIGINT and SIGTERM on, and sends SIGTERM when a rank dies. */
      if (master->checkpoint != NULL)
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INTR,
                     _("stopped by signal %d (from mpirun: asked to stop, or a rank died); "
                       "%u of %u jobs saved in %s"), (int) *master->stop_signal,
                     master->n_done, n_jobs, master->checkpoint);
      else
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INTR,
                     _("stopped by signal %d (from mpirun: asked to stop, or a rank died); "
                       "without --checkpoint nothing was kept"), (int) *master->stop_signal);
      return FALSE;
    }
  if (run->lost)
    {
      if (master->checkpoint != NULL)
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_IO,
                     _("a rank stopped answering; %u of %u jobs done, saved in %s"),
                     master->n_done, n_jobs, master->checkpoint);
      else
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_IO,
                     _("a rank stopped answering; %u of %u jobs done"), master->n_done, n_jobs);
      return FALSE;
    }
  return TRUE;
}

/* Waits for every rank that can still answer to say goodbye: those not given up on, and those
 * given up on that answered since. Gives up after the floor (never with stall_factor 0). */
static void
wait_for_goodbyes (Run *run)
{
  FlitlabMpiMaster *master = run->master;
  gint64 start = g_get_monotonic_time ();

  for (;;)
    {
      gboolean waiting = FALSE;

      for (int r = 1; r < master->n_ranks; r++)
        if (!run->goodbye[r] && (!run->given_up[r] || run->told_stop[r]))
          waiting = TRUE;
      if (!waiting || run->lost || *master->stop_signal != 0 ||
          (master->stall_factor > 0 &&
           g_get_monotonic_time () - start > master->stall_floor * G_USEC_PER_SEC))
        break;
      if (!receive (run))
        g_usleep (POLL_PAUSE);
    }
  for (int r = 1; r < master->n_ranks; r++)
    if (!run->goodbye[r])
      master->rank_lost = TRUE;
}

gboolean
flitlab_mpi_master_run (FlitlabMpiMaster  *master,
                        GError           **error)
{
  gint64 saved = g_get_monotonic_time (), checked = saved;
  guint saved_done = master->n_done;
  gboolean ok = TRUE;
  Run run;

  run_init (&run, master);
  flitlab_mpi_crew_start (&run.crew, master->jobs, master->n_threads);
  while (ok && !finished (&run))
    {
      FlitlabMpiDone *done;
      gint64 now;
      int job;

      /* This rank's threads keep one job each. */
      while (run.local_running < master->n_threads && (job = next_job (&run)) >= 0)
        hand_out (&run, job, FLITLAB_MPI_MASTER);
      serve_waiting (&run);
      if (receive (&run))
        continue;

      /* Waiting for this rank's threads is the master's pause between probes. */
      done = g_async_queue_timeout_pop (run.crew.done, POLL_PAUSE);
      if (done != NULL)
        {
          take (&run, FLITLAB_MPI_MASTER, done->job, done->raw, done->error);
          flitlab_mpi_done_free (done);
        }

      now = g_get_monotonic_time ();
      if (run.over_since == 0 && work_over (&run))
        run.over_since = now;
      if (now - checked > STALL_CHECK_EVERY)
        {
          look_for_stalls (&run, now);
          checked = now;
        }
      if (*master->stop_signal != 0 || run.lost ||
          (master->checkpoint != NULL && master->n_done > saved_done &&
           now - saved > master->checkpoint_every * G_USEC_PER_SEC))
        {
          ok = save_or_stop (&run, error);
          saved = g_get_monotonic_time ();
          saved_done = master->n_done;
        }
    }
  if (!ok)
    {
      master->stopped_midway = TRUE;
      flitlab_mpi_crew_cancel (&run.crew);
      run_clear (&run);
      return FALSE;
    }
  flitlab_mpi_crew_stop (&run.crew);
  if (master->progress && master->jobs->n_jobs > 0)
    g_printerr ("\n");
  wait_for_goodbyes (&run);

  if (run.failure != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&run.failure));
      ok = FALSE;
    }
  run_clear (&run);
  return ok;
}
