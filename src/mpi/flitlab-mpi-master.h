/* flitlab-mpi-master.h: rank 0 hands out the jobs, takes their raw sums and gives up on a rank
 * that stalls
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <signal.h>

#include <glib.h>

#include "flitlab-mpi-jobs.h"

G_BEGIN_DECLS

#define FLITLAB_MPI_MASTER 0

/* Rank to master: the finished job's number (-1: none yet) then its raw sums; on a failure the
 * job's number then the message; once told to stop and done, goodbye (-1). Master to rank: the
 * next job's number, -1 to stop. */
enum
{
  FLITLAB_MPI_TAG_RESULT = 1,
  FLITLAB_MPI_TAG_JOB,
  FLITLAB_MPI_TAG_FAILURE,
  FLITLAB_MPI_TAG_GOODBYE,
};

typedef struct
{
  /* What the run is given. */
  const FlitlabMpiJobs  *jobs;
  GBytes               **raw;          /* per job, NULL until done; a checkpoint's on entry */
  int                    n_ranks;
  guint                  n_threads;    /* this rank's */
  gboolean               progress;
  const char            *checkpoint;   /* or NULL */
  const char            *print;        /* the checkpoint's fingerprint */
  double                 checkpoint_every;  /* seconds */
  double                 stall_factor;  /* give a rank up after this × a job's expected time; 0:
                                         * never */
  double                 stall_floor;   /* and never before this many seconds */
  volatile sig_atomic_t *stop_signal;   /* set by the SIGINT and SIGTERM handler */

  /* What the run leaves. */
  guint                  n_done;
  gboolean               stopped_midway;  /* left with jobs still out: ranks are not waiting */
  gboolean               rank_lost;       /* a rank given up on never said goodbye: the
                                           * ranks cannot be finalized together */
} FlitlabMpiMaster;

/* Hands out every job still to do to the other ranks and to this rank's threads and takes their
 * results into master->raw; moves the jobs of a rank that stalls to the others; saves the
 * checkpoint every checkpoint_every seconds and when stopped by a signal. FALSE: stopped, or a
 * job failed. */
gboolean flitlab_mpi_master_run (FlitlabMpiMaster  *master,
                                 GError           **error);

G_END_DECLS
