/* flitlab-file-chooser-task.h: a file asked for, then read on a worker thread, for the editor
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the editor's "Matrix from file…" and "Trace from file…" share: a dialog over the window,
 * the file chosen read for a network of n_nodes nodes off the main thread (a file may be large),
 * and one line of error. Each kind of file says how it is read (flitlab-matrix-chooser.c,
 * flitlab-trace-chooser.c).
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Reads path for a network of n_nodes nodes, on a worker thread: the result, or NULL and an
 * error naming the file. */
typedef gpointer (*FlitlabFileChooserRead) (const char  *path,
                                            guint        n_nodes,
                                            GError     **error);

/* A kind of file: its words (N_() strings, translated when shown), the suffixes of its filter
 * (NULL-terminated) and how it is read. Static: the tasks keep a pointer to it. */
typedef struct
{
  const char             *title;        /* the dialog's */
  const char             *filter_name;
  const char * const     *suffixes;
  const char             *mime_type;    /* of the filter too, or NULL */
  const char             *not_local;    /* a file the worker cannot open by a path */
  const char             *none_chosen;  /* the cancelled task's message */
  FlitlabFileChooserRead  read;
  GDestroyNotify          free_result;
} FlitlabFileChooserKind;

/* Asks for a file over parent, then reads it. _finish: the result, or the error,
 * G_IO_ERROR_CANCELLED when the person cancelled. */
void     flitlab_file_chooser_task_run_async  (const FlitlabFileChooserKind *kind,
                                               GtkWindow                    *parent,
                                               guint                         n_nodes,
                                               GCancellable                 *cancellable,
                                               GAsyncReadyCallback           callback,
                                               gpointer                      user_data);
/* The reading alone, of a file already chosen. */
void     flitlab_file_chooser_task_read_async (const FlitlabFileChooserKind *kind,
                                               GFile                        *file,
                                               guint                         n_nodes,
                                               GCancellable                 *cancellable,
                                               GAsyncReadyCallback           callback,
                                               gpointer                      user_data);
gpointer flitlab_file_chooser_task_finish     (GAsyncResult                 *result,
                                               GError                      **error);

G_END_DECLS
