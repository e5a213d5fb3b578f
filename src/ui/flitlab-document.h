/* flitlab-document.h: an open project and its controller: edits with undo, simulations running
 * on worker threads, how their results land, its file and whether it has unsaved changes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every change to the project goes through the document, which tells its views:
 *   "studies-changed"          studies were inserted, removed or reordered: rebuild lists;
 *   "study-changed" (index)    the contents of study index changed (an edit, an undo, results);
 *   "run-changed" (index)      the simulation of study index started, progressed or ended;
 *   "run-finished" (index, error)  it ended: error NULL when its results landed,
 *                              G_IO_ERROR_CANCELLED when it was stopped (by stop, an edit,
 *                              an undo or a removal), else why it failed;
 * and the properties can-undo, can-redo, modified and file notify. Views read studies with
 * flitlab_document_get_study() and never change them.
 */

#pragma once

#include <gio/gio.h>

#include "flitlab-project.h"

G_BEGIN_DECLS

#define FLITLAB_TYPE_DOCUMENT (flitlab_document_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabDocument, flitlab_document, FLITLAB, DOCUMENT, GObject)

FlitlabDocument *flitlab_document_new         (void);
/* Loads path; the error names the file, the line and the problem. */
FlitlabDocument *flitlab_document_new_for_file (GFile           *file,
                                               GError         **error);
/* The same on a worker thread, for the window: it stays responsive while a large file is read
 * and parsed. A cancelled open finishes at once with G_IO_ERROR_CANCELLED, even when the
 * worker is still reading; what it reads later is thrown away. */
void             flitlab_document_new_for_file_async  (GFile               *file,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
FlitlabDocument *flitlab_document_new_for_file_finish (GAsyncResult        *result,
                                                       GError             **error);

/* Read only: change the project through the functions below. */
const FlitlabProject *flitlab_document_get_project   (FlitlabDocument *self);
guint                 flitlab_document_get_n_studies (FlitlabDocument *self);
const FlitlabStudy   *flitlab_document_get_study     (FlitlabDocument *self,
                                                      guint            index);
/* The index of study in the project, or -1. */
int                   flitlab_document_find_study    (FlitlabDocument *self,
                                                      const FlitlabStudy *study);
/* Why a model of the opened file could not be drawn, or NULL. */
const char           *flitlab_document_get_warning   (FlitlabDocument *self);

/* Replaces study index's contents with edited (taken): its simulation stops, its results go,
 * its models' curves are evaluated once. Returns FALSE, with the edit kept, when a curve could
 * not be evaluated. An edited copy with the same settings (flitlab_study_same_settings()) is
 * dropped: nothing changes and no signal is emitted. */
gboolean flitlab_document_edit_study   (FlitlabDocument *self,
                                        guint            index,
                                        FlitlabStudy    *edited,
                                        GError         **error);
/* Inserts study (taken) at index (clamped to the end); its curves are evaluated. */
void     flitlab_document_insert_study (FlitlabDocument *self,
                                        guint            index,
                                        FlitlabStudy    *study);
/* Inserts studies (FlitlabStudy*, taken with the array) at index as one step of the
 * history, as a sweep's group. */
void     flitlab_document_insert_studies (FlitlabDocument *self,
                                        guint            index,
                                        GPtrArray       *studies);
void     flitlab_document_remove_study (FlitlabDocument *self,
                                        guint            index);
/* Removes the count studies from index on as one step (a sweep's group). */
void     flitlab_document_remove_studies (FlitlabDocument *self,
                                        guint            index,
                                        guint            count);
/* index: where the step happened. A study whose contents change, or which leaves, stops
 * simulating. */
gboolean flitlab_document_undo         (FlitlabDocument *self,
                                        guint           *index);
gboolean flitlab_document_redo         (FlitlabDocument *self,
                                        guint           *index);
gboolean flitlab_document_get_can_undo (FlitlabDocument *self);
gboolean flitlab_document_get_can_redo (FlitlabDocument *self);

/* A run estimated (by its own first seconds) to take longer holds until resumed: nobody
 * starts half an hour of work without being asked. */
#define FLITLAB_DOCUMENT_LONG_RUN_SECONDS 300

/* Starts simulating study index on a worker thread; its results land when it finishes. */
void     flitlab_document_simulate     (FlitlabDocument *self,
                                        guint            index);
/* Simulates the count studies from first on (a sweep's group) one after another, each on every
 * core; they do not hold. A study waiting its turn is running (fraction 0) and waiting. */
void     flitlab_document_simulate_group (FlitlabDocument *self,
                                        guint            first,
                                        guint            count);
gboolean flitlab_document_get_waiting  (FlitlabDocument *self,
                                        guint            index);
/* Stops study index's simulation, if one runs: its results will not land. */
void     flitlab_document_stop         (FlitlabDocument *self,
                                        guint            index);
void     flitlab_document_stop_all     (FlitlabDocument *self);
/* Whether study index is simulating; if so, its progress (0..1) and seconds left (negative
 * while unknown). */
gboolean flitlab_document_get_running  (FlitlabDocument *self,
                                        guint            index,
                                        double          *fraction,
                                        double          *seconds_left);
/* Whether study index's simulation holds for an answer (FLITLAB_DOCUMENT_LONG_RUN_SECONDS);
 * flitlab_document_resume() lets it go on, flitlab_document_stop() ends it. */
gboolean flitlab_document_get_held     (FlitlabDocument *self,
                                        guint            index);
void     flitlab_document_resume       (FlitlabDocument *self,
                                        guint            index);
/* The loads of study index's running simulation done so far (NULL: none yet). */
FlitlabStudyTable *flitlab_document_dup_run_points (FlitlabDocument *self,
                                                    guint            index);

GFile           *flitlab_document_get_file    (FlitlabDocument *self);
/* Whether the project differs from what was last opened or saved: an undo back to it makes
 * the document unmodified again, unless results landed in between. */
gboolean         flitlab_document_get_modified (FlitlabDocument *self);
/* The project's title, else the file's name, else "Untitled project". */
char            *flitlab_document_dup_title   (FlitlabDocument *self);
/* Saves atomically to file (NULL: the document's own); on success the document takes that
 * file and is unmodified, on failure nothing changes on disk or in the document. */
gboolean         flitlab_document_save        (FlitlabDocument *self,
                                               GFile           *file,
                                               GError         **error);

G_END_DECLS
