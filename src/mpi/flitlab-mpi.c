/* flitlab-mpi.c: flitlab-cli run's sweeps on Open MPI (docs/mpi.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   mpirun -n N flitlab-mpi run PROJECT.flitlab [--output FILE] [--study NAME] [--progress]
 *       [--checkpoint FILE] [--checkpoint-every S] [--threads-per-rank T] [--stall-factor F]
 *       [--stall-floor S]
 *
 * Rank 0 reads the project, evaluates the models and splits the simulations into jobs (study,
 * load, replication: flitlab-sim-jobs.h); every rank gets the project's bytes and builds the same
 * jobs. Rank 0 hands the costliest jobs out first, one at a time to whichever rank asks, and
 * runs jobs itself on its own threads; ranks send back raw sums, which rank 0 pools in job
 * order, as flitlab-cli run does, and saves atomically. A job's numbers depend only on the
 * project and its number, so the saved bytes are those of flitlab-cli run for any number of
 * ranks. The master's part is flitlab-mpi-master.c; a worker's is here.
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

#include "flitlab-input.h"
#include "flitlab-locale.h"
#include "flitlab-mpi-checkpoint.h"
#include "flitlab-mpi-crew.h"
#include "flitlab-mpi-jobs.h"
#include "flitlab-mpi-master.h"
#include "flitlab-project-xml.h"
#include "flitlab-study-run.h"

#define MASTER FLITLAB_MPI_MASTER

/* Defaults of the options, as --help and docs/mpi.md state them. */
#define CHECKPOINT_EVERY 60
#define STALL_FACTOR 10
#define STALL_FLOOR 60

/* flitlab-mpi run's exit status when the project is saved but a rank given up on could not be
 * finalized (docs/mpi.md). */
#define EXIT_RANK_LOST 3

static volatile sig_atomic_t stop_signal;
/* Rank 0 left the loop with jobs still out: the other ranks are not waiting for it. */
static gboolean stopped_midway;
/* A rank given up on never answered again: MPI_Finalize would wait for it for ever. */
static gboolean rank_lost;

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
  gboolean  resume;   /* the checkpoint must be there */
  int       threads;
  double    checkpoint_every;
  double    stall_factor;
  double    stall_floor;
} Options;

/* ---- a worker rank -------------------------------------------------------------------- */

static int
recv_job (void)
{
  int job;

  /* Rank 0 gone: stop. */
  if (MPI_Recv (&job, 1, MPI_INT, MASTER, FLITLAB_MPI_TAG_JOB, MPI_COMM_WORLD,
                MPI_STATUS_IGNORE) != MPI_SUCCESS)
    return -1;
  return job;
}

/* Sends what a job gave (or -1 and nothing, to ask for a first job or with tag
 * FLITLAB_MPI_TAG_GOODBYE to say goodbye). */
static void
send_done (int     job,
           GBytes *raw,
           GError *error,
           int     tag)
{
  gsize size = error != NULL ? strlen (error->message) + 1
               : raw != NULL ? g_bytes_get_size (raw) : 0;
  g_autofree guint8 *message = g_malloc (sizeof job + size);

  memcpy (message, &job, sizeof job);
  if (error != NULL)
    memcpy (message + sizeof job, error->message, size);
  else if (raw != NULL)
    memcpy (message + sizeof job, g_bytes_get_data (raw, NULL), size);
  MPI_Send (message, (int) (sizeof job + size), MPI_BYTE, MASTER,
            error != NULL ? FLITLAB_MPI_TAG_FAILURE : tag, MPI_COMM_WORLD);
}

/* Asks for a job per thread, then for another each time one is done, until told to stop; then
 * says goodbye, so that rank 0 knows it will reach MPI_Finalize. */
static void
run_worker (const FlitlabMpiJobs *jobs,
            guint                 n_threads)
{
  gboolean stopped = FALSE;
  guint running = 0;
  FlitlabMpiCrew crew;

  flitlab_mpi_crew_start (&crew, jobs, n_threads);
  for (guint i = 0; i < n_threads && !stopped; i++)
    {
      int job;

      send_done (-1, NULL, NULL, FLITLAB_MPI_TAG_RESULT);
      job = recv_job ();
      if (job < 0)
        stopped = TRUE;
      else
        {
          flitlab_mpi_crew_give (&crew, job);
          running++;
        }
    }
  while (running > 0)
    {
      FlitlabMpiDone *done = g_async_queue_pop (crew.done);

      running--;
      send_done (done->job, done->raw, done->error, FLITLAB_MPI_TAG_RESULT);
      if (!stopped)
        {
          int job = recv_job ();

          if (job < 0)
            stopped = TRUE;
          else
            {
              flitlab_mpi_crew_give (&crew, job);
              running++;
            }
        }
      flitlab_mpi_done_free (done);
    }
  flitlab_mpi_crew_stop (&crew);
  send_done (-1, NULL, NULL, FLITLAB_MPI_TAG_GOODBYE);
}

/* ---- run ---------------------------------------------------------------------------- */

/* A number of seconds or a factor given as text: at least min (and above it if !or_equal). */
static gboolean
parse_number (const char  *name,
              const char  *text,
              double       min,
              gboolean     or_equal,
              double      *out,
              GError     **error)
{
  if (text == NULL)
    return TRUE;
  if (!flitlab_input_parse_number (text, -1, out) || *out < min || (!or_equal && *out == min))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   or_equal ? _("%s takes a number of at least %g, not “%s”")
                            : _("%s takes a number above %g, not “%s”"), name, min, text);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_run (int       argc,
           char    **argv,
           Options  *options,
           GError  **error)
{
  g_autofree char *every = NULL, *factor = NULL, *floor = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &options->output, NULL, NULL },
    { "study", 0, 0, G_OPTION_ARG_STRING, &options->only, NULL, NULL },
    { "progress", 0, 0, G_OPTION_ARG_NONE, &options->progress, NULL, NULL },
    { "checkpoint", 0, 0, G_OPTION_ARG_FILENAME, &options->checkpoint, NULL, NULL },
    { "checkpoint-every", 0, 0, G_OPTION_ARG_STRING, &every, NULL, NULL },
    { "resume", 0, 0, G_OPTION_ARG_NONE, &options->resume, NULL, NULL },
    { "threads-per-rank", 0, 0, G_OPTION_ARG_INT, &options->threads, NULL, NULL },
    { "stall-factor", 0, 0, G_OPTION_ARG_STRING, &factor, NULL, NULL },
    { "stall-floor", 0, 0, G_OPTION_ARG_STRING, &floor, NULL, NULL },
    { NULL }
  };
  /* print_help () says what the options do. */
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);

  options->threads = 1;
  options->checkpoint_every = CHECKPOINT_EVERY;
  options->stall_factor = STALL_FACTOR;
  options->stall_floor = STALL_FLOOR;
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_help_enabled (context, FALSE);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, &argc, &argv, error))
    return FALSE;
  if (argc != 2)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("run takes one .flitlab project"));
      return FALSE;
    }
  if (options->threads < 1 || options->threads > FLITLAB_MAX_THREADS)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--threads-per-rank must be from 1 to %u, not %d"), FLITLAB_MAX_THREADS,
                   options->threads);
      return FALSE;
    }
  if (!parse_number ("--checkpoint-every", every, 0, FALSE, &options->checkpoint_every, error) ||
      !parse_number ("--stall-factor", factor, 0, TRUE, &options->stall_factor, error) ||
      !parse_number ("--stall-floor", floor, 0, TRUE, &options->stall_floor, error))
    return FALSE;
  if (options->resume && options->checkpoint == NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED,
                           _("--resume needs --checkpoint FILE: the checkpoint the stopped run "
                             "kept"));
      return FALSE;
    }
  if (options->resume && !g_file_test (options->checkpoint, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                   _("--resume: there is no checkpoint %s to resume from (a run keeps one "
                     "there with --checkpoint once it has been stopped or has run for "
                     "--checkpoint-every seconds)"), options->checkpoint);
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
  FlitlabMpiMaster master = {
    .n_ranks = n_ranks,
    .n_threads = options->threads,
    .progress = options->progress,
    .checkpoint = options->checkpoint,
    .checkpoint_every = options->checkpoint_every,
    .stall_factor = options->stall_factor,
    .stall_floor = options->stall_floor,
    .stop_signal = &stop_signal,
  };
  FlitlabMpiJobs jobs = { 0 };
  long long shared;

  ok = g_file_get_contents (options->path, &data, &length, error) &&
       flitlab_mpi_jobs_init (&jobs, data, length, options->path, options->only, TRUE, error);
  if (ok)
    {
      print = flitlab_mpi_checkpoint_fingerprint (data, length, options->only);
      master.jobs = &jobs;
      master.raw = g_new0 (GBytes *, jobs.n_jobs);
      master.print = print;
      if (options->checkpoint != NULL)
        {
          ok = flitlab_mpi_checkpoint_load (options->checkpoint, print, &jobs, master.raw, error);
          for (guint j = 0; ok && j < jobs.n_jobs; j++)
            master.n_done += master.raw[j] != NULL;
        }
    }

  shared = ok ? (long long) length : 0;
  MPI_Bcast (&shared, 1, MPI_LONG_LONG, MASTER, MPI_COMM_WORLD);
  if (shared > 0)
    MPI_Bcast (data, (int) length, MPI_BYTE, MASTER, MPI_COMM_WORLD);

  ok = ok && flitlab_mpi_master_run (&master, error);
  stopped_midway = master.stopped_midway;
  rank_lost = master.rank_lost;
  for (guint s = 0; ok && s < jobs.per_study->len; s++)
    {
      g_autoptr(FlitlabSimResult) result =
        flitlab_sim_jobs_combine (jobs.per_study->pdata[s],
                                  master.raw + g_array_index (jobs.first, guint, s));

      flitlab_study_run_store_simulation (jobs.studies->pdata[s], result);
    }
  ok = ok && flitlab_project_save (jobs.project,
                                   options->output != NULL ? options->output : options->path,
                                   error);
  if (ok && options->checkpoint != NULL)
    g_unlink (options->checkpoint);

  for (guint j = 0; master.raw != NULL && j < jobs.n_jobs; j++)
    g_clear_pointer (&master.raw[j], g_bytes_unref);
  g_free (master.raw);
  flitlab_mpi_jobs_clear (&jobs);
  return ok;
}

/* Another rank's part: FALSE when rank 0 found the project bad. */
static gboolean
run_rank (const Options *options)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  long long length;
  FlitlabMpiJobs jobs = { 0 };

  MPI_Bcast (&length, 1, MPI_LONG_LONG, MASTER, MPI_COMM_WORLD);
  if (length <= 0)
    return FALSE;
  data = g_malloc (length);
  MPI_Bcast (data, (int) length, MPI_BYTE, MASTER, MPI_COMM_WORLD);
  /* Rank 0 built the same jobs from the same bytes; this fails only for memory or for a
   * study's matrix file that this rank cannot read or finds changed (docs/mpi.md). */
  if (!flitlab_mpi_jobs_init (&jobs, data, length, options->path, options->only, FALSE, &error))
    {
      g_printerr ("flitlab-mpi run: %s\n", error->message);
      MPI_Abort (MPI_COMM_WORLD, 1);
    }
  run_worker (&jobs, options->threads);
  flitlab_mpi_jobs_clear (&jobs);
  return TRUE;
}

static void
print_help (FILE *stream)
{
  fprintf (stream,
           _("Usage: mpirun -n N flitlab-mpi run PROJECT.flitlab [OPTION…]\n"
             "\n"
             "Runs every study of the project as flitlab-cli run does, its simulations split\n"
             "into jobs (study, load, replication) over the MPI ranks, and saves the same bytes.\n"
             "\n"
             "Options:\n"
             "  -o, --output FILE       Save the project with its results here\n"
             "                          (default: in place)\n"
             "  --study NAME            Run only this study\n"
             "  --progress              Show the jobs done on stderr\n"
             "  --checkpoint FILE       Keep finished jobs here when stopped (SIGINT, SIGTERM)\n"
             "                          and every --checkpoint-every seconds, and resume from\n"
             "                          them when run again\n"
             "  --checkpoint-every S    Seconds between checkpoints (default %d)\n"
             "  --resume                Finish the run stopped with --checkpoint FILE: as\n"
             "                          without it, but refused when FILE is not there\n"
             "  --threads-per-rank T    Jobs each rank runs at once (default 1)\n"
             "  --stall-factor F        Give up on a rank that has not answered a job within F\n"
             "                          times the job's expected time, and give its jobs to\n"
             "                          the other ranks (default %d; 0: never)\n"
             "  --stall-floor S         ... but never within S seconds (default %d)\n"),
           CHECKPOINT_EVERY, STALL_FACTOR, STALL_FLOOR);
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
  if (rank == MASTER && rank_lost)
    {
      /* MPI_Finalize waits for every rank, and a stopped one never comes: the project (or the
       * error) is written, so leave without it; mpirun then ends the other ranks and exits
       * with this status. */
      if (ok)
        g_printerr ("flitlab-mpi run: %s\n",
                    _("a rank given up on did not end: leaving without MPI_Finalize"));
      fflush (NULL);
      _exit (ok ? EXIT_RANK_LOST : 1);
    }
  MPI_Finalize ();
  return ok ? 0 : 1;
}
