/* flitlab-study-task.h: a study's simulation on a worker thread, with progress and cancel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "flitlab-study.h"

G_BEGIN_DECLS

#define FLITLAB_TYPE_STUDY_TASK (flitlab_study_task_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabStudyTask, flitlab_study_task, FLITLAB, STUDY_TASK, GObject)

FlitlabStudyTask *flitlab_study_task_new          (void);
/* Simulates a copy of study; the copy, with its results, is what _finish returns. Progress is
 * published on the main thread through the fraction and seconds-left properties. */
void              flitlab_study_task_run_async    (FlitlabStudyTask    *self,
                                                   const FlitlabStudy  *study,
                                                   GCancellable        *cancellable,
                                                   GAsyncReadyCallback  callback,
                                                   gpointer             user_data);
FlitlabStudy     *flitlab_study_task_run_finish   (FlitlabStudyTask    *self,
                                                   GAsyncResult        *result,
                                                   GError             **error);
double            flitlab_study_task_get_fraction (FlitlabStudyTask    *self);
/* Negative while unknown. */
double            flitlab_study_task_get_seconds_left (FlitlabStudyTask *self);
/* The loads simulated so far in the current run, in the order they finished (NULL: none yet);
 * the n-points property tells when more arrive. */
FlitlabStudyTable *flitlab_study_task_dup_points  (FlitlabStudyTask    *self);
gboolean          flitlab_study_task_get_running  (FlitlabStudyTask    *self);
/* From the next run on: once its estimate has settled above seconds (0: never), the run holds
 * (the held property) until resumed or cancelled. */
void              flitlab_study_task_set_hold_above (FlitlabStudyTask *self,
                                                     double            seconds);
gboolean          flitlab_study_task_get_held     (FlitlabStudyTask    *self);
void              flitlab_study_task_resume       (FlitlabStudyTask    *self);

G_END_DECLS
