/* flitlab-file-chooser-task.h: a file asked for, then read on a worker thread, for the editor
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the editor's "Matrix from file…" and "Trace from file…" share: a dialog over the window,
 * then the file chosen read for a network of n_nodes nodes off the main thread (a file may be
 * large), with progress and cancel, and one line of error. Each kind of file says how it is
 * read (flitlab-matrix-chooser.c, flitlab-trace-chooser.c).
 */

#pragma once

#include <gtk/gtk.h>

#include "flitlab-sim.h"

G_BEGIN_DECLS

/* Reads path for a network of n_nodes nodes, on a worker thread: the result, or NULL and an
 * error naming the file (G_IO_ERROR_CANCELLED once cancellable is). progress (never NULL) may
 * hear the share read so far, or nothing: a reader that cannot tell is shown without one. */
typedef gpointer (*FlitlabFileChooserRead) (const char           *path,
                                            guint                 n_nodes,
                                            GCancellable         *cancellable,
                                            FlitlabProgressFunc   progress,
                                            gpointer              progress_data,
                                            GError              **error);

/* A kind of file: its words (N_() strings, translated when shown), the suffixes of its filter
 * (NULL-terminated) and how it is read. Static: the tasks keep a pointer to it. */
typedef struct
{
  const char             *title;        /* the dialog's */
  const char             *filter_name;
  const char * const     *suffixes;
  const char             *mime_type;    /* of the filter too, or NULL */
  const char             *not_local;    /* a file the worker cannot open by a path */
  const char             *none_chosen;  /* the cancelled dialog's message */
  FlitlabFileChooserRead  read;
  GDestroyNotify          free_result;
} FlitlabFileChooserKind;

/* How far a reading is: the worker sets it, the main thread polls it (a value read atomically,
 * so that neither waits for the other). Each side holds a reference. */
typedef struct _FlitlabFileChooserProgress FlitlabFileChooserProgress;

FlitlabFileChooserProgress *flitlab_file_chooser_progress_new   (void);
FlitlabFileChooserProgress *flitlab_file_chooser_progress_ref   (FlitlabFileChooserProgress *self);
void                        flitlab_file_chooser_progress_unref (FlitlabFileChooserProgress *self);
/* The share read so far, from 0 to 1; negative while the reader has told none. */
double                      flitlab_file_chooser_progress_get_fraction
                                                                (FlitlabFileChooserProgress *self);

/* Asks for a file over parent. _finish: the file, or G_IO_ERROR_CANCELLED (kind's none_chosen)
 * when the person cancelled. */
void     flitlab_file_chooser_task_choose_async  (const FlitlabFileChooserKind *kind,
                                                  GtkWindow                    *parent,
                                                  GCancellable                 *cancellable,
                                                  GAsyncReadyCallback           callback,
                                                  gpointer                      user_data);
GFile   *flitlab_file_chooser_task_choose_finish (GAsyncResult                 *result,
                                                  GError                      **error);
/* Reads file on a worker thread, telling progress (may be NULL) how far it is. _finish: the
 * result, or the error; G_IO_ERROR_CANCELLED once cancellable is, the result of a reader that
 * finished anyway dropped. */
void     flitlab_file_chooser_task_read_async    (const FlitlabFileChooserKind *kind,
                                                  GFile                        *file,
                                                  guint                         n_nodes,
                                                  FlitlabFileChooserProgress   *progress,
                                                  GCancellable                 *cancellable,
                                                  GAsyncReadyCallback           callback,
                                                  gpointer                      user_data);
gpointer flitlab_file_chooser_task_finish        (GAsyncResult                 *result,
                                                  GError                      **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabFileChooserProgress, flitlab_file_chooser_progress_unref)

G_END_DECLS
