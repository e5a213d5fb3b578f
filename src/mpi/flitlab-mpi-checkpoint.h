/* flitlab-mpi-checkpoint.h: the finished jobs' raw sums, kept so that a stopped run resumes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "flitlab-mpi-jobs.h"

G_BEGIN_DECLS

/* What the jobs depend on: the project's bytes and the study chosen (only, or NULL). */
char     *flitlab_mpi_checkpoint_fingerprint (const char            *data,
                                              gsize                  length,
                                              const char            *only);
/* Saves raw (one entry per job, NULL for a job not done) atomically. */
gboolean  flitlab_mpi_checkpoint_save        (const char            *path,
                                              const char            *print,
                                              GBytes               **raw,
                                              guint                  n_jobs,
                                              GError               **error);
/* Reads the finished jobs of a checkpoint into raw; a missing file is a fresh start. */
gboolean  flitlab_mpi_checkpoint_load        (const char            *path,
                                              const char            *print,
                                              const FlitlabMpiJobs  *jobs,
                                              GBytes               **raw,
                                              GError               **error);

G_END_DECLS
