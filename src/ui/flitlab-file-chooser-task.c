/* flitlab-file-chooser-task.c: a file asked for, then read on a worker thread, for the editor
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Progress crosses threads as one integer, millionths of the whole, that the worker stores and
 * the main thread loads: no idle is queued that could outlive whoever shows it, and a reading
 * cancelled or replaced is simply no longer polled.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-file-chooser-task.h"

struct _FlitlabFileChooserProgress
{
  int millionths;  /* of the whole read; -1: none told yet */
};

FlitlabFileChooserProgress *
flitlab_file_chooser_progress_new (void)
{
  FlitlabFileChooserProgress *self = g_atomic_rc_box_new0 (FlitlabFileChooserProgress);

  self->millionths = -1;
  return self;
}

FlitlabFileChooserProgress *
flitlab_file_chooser_progress_ref (FlitlabFileChooserProgress *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return g_atomic_rc_box_acquire (self);
}

void
flitlab_file_chooser_progress_unref (FlitlabFileChooserProgress *self)
{
  if (self != NULL)
    g_atomic_rc_box_release (self);
}

double
flitlab_file_chooser_progress_get_fraction (FlitlabFileChooserProgress *self)
{
  int millionths;

  g_return_val_if_fail (self != NULL, -1);

  millionths = g_atomic_int_get (&self->millionths);
  return millionths < 0 ? -1 : millionths / 1e6;
}

/* A FlitlabProgressFunc, on the worker thread: the reader's fraction kept for the main thread.
 * The reader checks its cancellable itself. */
static gboolean
keep_fraction (double   fraction,
               double   seconds_left,
               gpointer data)
{
  FlitlabFileChooserProgress *progress = data;

  g_atomic_int_set (&progress->millionths, (int) (CLAMP (fraction, 0, 1) * 1e6));
  return TRUE;
}

/* A task's kind of file, the file and the nodes it is read for, and how far it is. */
typedef struct
{
  const FlitlabFileChooserKind *kind;
  GFile                        *file;
  guint                         n_nodes;
  FlitlabFileChooserProgress   *progress;
} Reading;

static void
reading_free (Reading *reading)
{
  g_clear_object (&reading->file);
  g_clear_pointer (&reading->progress, flitlab_file_chooser_progress_unref);
  g_free (reading);
}

static void
read_in_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  const Reading *reading = data;
  g_autofree char *path = g_file_get_path (reading->file);
  GError *error = NULL;
  gpointer result = NULL;

  if (path == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                         _(reading->kind->not_local));
  else
    result = reading->kind->read (path, reading->n_nodes, cancellable, keep_fraction,
                                  reading->progress, &error);
  /* Cancelled: whatever the reader made is dropped, and the task says cancelled. */
  if (g_cancellable_is_cancelled (cancellable))
    {
      g_clear_pointer (&result, reading->kind->free_result);
      g_clear_error (&error);
      g_task_return_error_if_cancelled (task);
    }
  else if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, reading->kind->free_result);
}

void
flitlab_file_chooser_task_read_async (const FlitlabFileChooserKind *kind,
                                      GFile                        *file,
                                      guint                         n_nodes,
                                      FlitlabFileChooserProgress   *progress,
                                      GCancellable                 *cancellable,
                                      GAsyncReadyCallback           callback,
                                      gpointer                      user_data)
{
  g_autoptr(GTask) task = NULL;
  Reading *reading;

  g_return_if_fail (kind != NULL && G_IS_FILE (file));

  task = g_task_new (NULL, cancellable, callback, user_data);
  reading = g_new0 (Reading, 1);
  reading->kind = kind;
  reading->file = g_object_ref (file);
  reading->n_nodes = n_nodes;
  /* The reader always has somewhere to tell its progress. */
  reading->progress = progress != NULL ? flitlab_file_chooser_progress_ref (progress)
                                       : flitlab_file_chooser_progress_new ();
  g_task_set_source_tag (task, flitlab_file_chooser_task_read_async);
  g_task_set_task_data (task, reading, (GDestroyNotify) reading_free);
  g_task_run_in_thread (task, read_in_thread);
}

/* The dialog answered: the file chosen, or the task ends cancelled. */
static void
on_response (GtkNativeDialog *dialog,
             int              response,
             gpointer         data)
{
  g_autoptr(GTask) task = data;
  const FlitlabFileChooserKind *kind = g_task_get_task_data (task);
  GFile *file = response == GTK_RESPONSE_ACCEPT
                ? gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog)) : NULL;

  if (file == NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                             _(kind->none_chosen));
  else
    g_task_return_pointer (task, file, g_object_unref);
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

void
flitlab_file_chooser_task_choose_async (const FlitlabFileChooserKind *kind,
                                        GtkWindow                    *parent,
                                        GCancellable                 *cancellable,
                                        GAsyncReadyCallback           callback,
                                        gpointer                      user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_(kind->title), parent, GTK_FILE_CHOOSER_ACTION_OPEN,
                                 _("_Open"), _("_Cancel"));
  g_autoptr(GtkFileFilter) files = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) any = gtk_file_filter_new ();

  g_task_set_source_tag (task, flitlab_file_chooser_task_choose_async);
  g_task_set_task_data (task, (gpointer) kind, NULL);
  gtk_file_filter_set_name (files, _(kind->filter_name));
  for (guint i = 0; kind->suffixes[i] != NULL; i++)
    gtk_file_filter_add_suffix (files, kind->suffixes[i]);
  if (kind->mime_type != NULL)
    gtk_file_filter_add_mime_type (files, kind->mime_type);
  gtk_file_filter_set_name (any, _("All files"));
  gtk_file_filter_add_pattern (any, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), files);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), any);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_response), task);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

GFile *
flitlab_file_chooser_task_choose_finish (GAsyncResult  *result,
                                         GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}

gpointer
flitlab_file_chooser_task_finish (GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
