/* flitlab-file-chooser-task.c: a file asked for, then read on a worker thread, for the editor
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-file-chooser-task.h"

/* A task's kind of file, the file and the nodes it is read for. */
typedef struct
{
  const FlitlabFileChooserKind *kind;
  GFile                        *file;
  guint                         n_nodes;
} Reading;

static void
reading_free (Reading *reading)
{
  g_clear_object (&reading->file);
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
    result = reading->kind->read (path, reading->n_nodes, &error);
  if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, reading->kind->free_result);
}

void
flitlab_file_chooser_task_read_async (const FlitlabFileChooserKind *kind,
                                      GFile                        *file,
                                      guint                         n_nodes,
                                      GCancellable                 *cancellable,
                                      GAsyncReadyCallback           callback,
                                      gpointer                      user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  Reading *reading = g_new0 (Reading, 1);

  g_return_if_fail (kind != NULL && G_IS_FILE (file));

  reading->kind = kind;
  reading->file = g_object_ref (file);
  reading->n_nodes = n_nodes;
  g_task_set_source_tag (task, flitlab_file_chooser_task_read_async);
  g_task_set_task_data (task, reading, (GDestroyNotify) reading_free);
  g_task_run_in_thread (task, read_in_thread);
}

/* The chosen file read: the chooser's task takes its result. */
static void
on_read (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  g_autoptr(GTask) task = data;
  const Reading *asked = g_task_get_task_data (task);
  GError *error = NULL;
  gpointer read = flitlab_file_chooser_task_finish (result, &error);

  if (read == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, read, asked->kind->free_result);
}

/* The dialog answered: the file chosen is read, or the task ends cancelled. */
static void
on_response (GtkNativeDialog *dialog,
             int              response,
             gpointer         data)
{
  g_autoptr(GTask) task = data;
  const Reading *asked = g_task_get_task_data (task);
  g_autoptr(GFile) file = response == GTK_RESPONSE_ACCEPT
                          ? gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog)) : NULL;

  if (file == NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                             _(asked->kind->none_chosen));
  else
    {
      GCancellable *cancellable = g_task_get_cancellable (task);

      /* The task goes to on_read(): taken last, once nothing else reads it here. */
      flitlab_file_chooser_task_read_async (asked->kind, file, asked->n_nodes, cancellable,
                                            on_read, g_steal_pointer (&task));
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

void
flitlab_file_chooser_task_run_async (const FlitlabFileChooserKind *kind,
                                     GtkWindow                    *parent,
                                     guint                         n_nodes,
                                     GCancellable                 *cancellable,
                                     GAsyncReadyCallback           callback,
                                     gpointer                      user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  Reading *asked = g_new0 (Reading, 1);
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_(kind->title), parent, GTK_FILE_CHOOSER_ACTION_OPEN,
                                 _("_Open"), _("_Cancel"));
  g_autoptr(GtkFileFilter) files = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) any = gtk_file_filter_new ();

  asked->kind = kind;
  asked->n_nodes = n_nodes;
  g_task_set_source_tag (task, flitlab_file_chooser_task_run_async);
  g_task_set_task_data (task, asked, (GDestroyNotify) reading_free);
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

gpointer
flitlab_file_chooser_task_finish (GAsyncResult  *result,
                                  GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
