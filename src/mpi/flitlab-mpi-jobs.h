/* flitlab-mpi-jobs.h: a project's simulations as numbered jobs, the same on every rank
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "flitlab-project.h"
#include "flitlab-sim-jobs.h"

G_BEGIN_DECLS

/* Every simulated wormhole study's jobs, numbered one after the other in study order. */
typedef struct
{
  FlitlabProject *project;
  GPtrArray      *studies;   /* FlitlabStudy* (not owned) with jobs, in project order */
  GPtrArray      *per_study; /* FlitlabSimJobs*, one per entry of studies */
  GArray         *first;     /* guint: each FlitlabSimJobs' first job number; then the total */
  guint           n_jobs;
} FlitlabMpiJobs;

/* Builds the jobs of the project in data (read from path), of every study or of the one
 * called only. master: also evaluates every selected study's models and runs its
 * backtracking simulation (which is not split into jobs), as flitlab-cli run does. */
gboolean            flitlab_mpi_jobs_init  (FlitlabMpiJobs        *jobs,
                                            const char            *data,
                                            gsize                  length,
                                            const char            *path,
                                            const char            *only,
                                            gboolean               master,
                                            GError               **error);
void                flitlab_mpi_jobs_clear (FlitlabMpiJobs        *jobs);
/* The FlitlabSimJobs of job number job, and the job's number there. */
const FlitlabSimJobs *flitlab_mpi_jobs_find  (const FlitlabMpiJobs  *jobs,
                                              guint                  job,
                                              guint                 *local);
/* A job's expected cost (flitlab_sim_jobs_job_cost ()) from its study's first model. */
double              flitlab_mpi_jobs_cost  (const FlitlabMpiJobs  *jobs,
                                            guint                  job);

G_END_DECLS
