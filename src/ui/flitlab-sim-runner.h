/* flitlab-sim-runner.h: a study's simulation on a worker thread, with progress and cancel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "flitlab-study.h"

G_BEGIN_DECLS

#define FLITLAB_TYPE_SIM_RUNNER (flitlab_sim_runner_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabSimRunner, flitlab_sim_runner, FLITLAB, SIM_RUNNER, GObject)

FlitlabSimRunner *flitlab_sim_runner_new          (void);
/* Simulates a copy of study; the copy, with its results, is what _finish returns. Progress is
 * published on the main thread through the fraction and seconds-left properties. */
void              flitlab_sim_runner_run_async    (FlitlabSimRunner    *self,
                                                   const FlitlabStudy  *study,
                                                   GCancellable        *cancellable,
                                                   GAsyncReadyCallback  callback,
                                                   gpointer             user_data);
FlitlabStudy     *flitlab_sim_runner_run_finish   (FlitlabSimRunner    *self,
                                                   GAsyncResult        *result,
                                                   GError             **error);
double            flitlab_sim_runner_get_fraction (FlitlabSimRunner    *self);
/* Negative while unknown. */
double            flitlab_sim_runner_get_seconds_left (FlitlabSimRunner *self);
/* The loads simulated so far in the current run, in the order they finished (NULL: none yet);
 * the n-points property tells when more arrive. */
FlitlabStudyTable *flitlab_sim_runner_dup_points  (FlitlabSimRunner    *self);
gboolean          flitlab_sim_runner_get_running  (FlitlabSimRunner    *self);
/* From the next run on: once its estimate has settled above seconds (0: never), the run holds
 * (the held property) until resumed or cancelled. */
void              flitlab_sim_runner_set_hold_above (FlitlabSimRunner *self,
                                                     double            seconds);
gboolean          flitlab_sim_runner_get_held     (FlitlabSimRunner    *self);
void              flitlab_sim_runner_resume       (FlitlabSimRunner    *self);

G_END_DECLS
