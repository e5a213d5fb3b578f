/* flitlab-mpi-crew.h: the threads on which one rank runs its jobs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "flitlab-mpi-jobs.h"

G_BEGIN_DECLS

/* A job done on this rank: its number and its raw sums, or the error that stopped it. */
typedef struct
{
  guint   job;
  GBytes *raw;
  GError *error;
} FlitlabMpiDone;

typedef struct
{
  const FlitlabMpiJobs *jobs;
  GAsyncQueue          *todo;  /* job number + 1, or the mark that stops a thread */
  GAsyncQueue          *done;  /* FlitlabMpiDone*: pop them from here */
  GPtrArray            *threads;
  gint                  cancelled;  /* atomic: the run stops midway, drop the jobs held */
} FlitlabMpiCrew;

void flitlab_mpi_done_free   (FlitlabMpiDone        *done);
void flitlab_mpi_crew_start  (FlitlabMpiCrew        *crew,
                              const FlitlabMpiJobs  *jobs,
                              guint                  n_threads);
void flitlab_mpi_crew_give   (FlitlabMpiCrew        *crew,
                              guint                  job);
/* Stops the threads once they have finished what they hold; results nobody took are dropped. */
void flitlab_mpi_crew_stop   (FlitlabMpiCrew        *crew);
/* Stops the threads within a tick, dropping the jobs they hold: the jobs they run on must stay
 * alive until they have stopped, so rank 0 may free them after a run stopped midway. */
void flitlab_mpi_crew_cancel (FlitlabMpiCrew        *crew);

G_END_DECLS
