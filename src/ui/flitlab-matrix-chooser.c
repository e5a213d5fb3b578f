/* flitlab-matrix-chooser.c: a traffic matrix chosen from a file, for the editor
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A matrix file may be as large as FLITLAB_MAX_MATRIX_BYTES: it is read and parsed on a worker
 * thread, so the window keeps answering.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-matrix-chooser.h"
#include "flitlab-matrix-file.h"

/* A task's file and the nodes its matrix must have. */
typedef struct
{
  GFile *file;
  guint  n_nodes;
} Reading;

static void
reading_free (Reading *reading)
{
  g_clear_object (&reading->file);
  g_free (reading);
}

void
flitlab_chosen_matrix_free (FlitlabChosenMatrix *chosen)
{
  if (chosen == NULL)
    return;
  g_clear_pointer (&chosen->matrix, flitlab_traffic_matrix_unref);
  g_free (chosen->path);
  g_free (chosen->sha256);
  g_free (chosen);
}

static void
read_in_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  const Reading *reading = data;
  g_autoptr(FlitlabChosenMatrix) chosen = g_new0 (FlitlabChosenMatrix, 1);
  GError *error = NULL;

  chosen->path = g_file_get_path (reading->file);
  if (chosen->path == NULL)
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                 _("The traffic matrix must be a file on this computer"));
  else
    chosen->matrix = flitlab_matrix_file_load (chosen->path, &chosen->sha256, &error);
  /* Named as flitlab-cli names it: "FILE: the traffic matrix is 4×4 but …". */
  if (chosen->matrix != NULL &&
      !flitlab_traffic_matrix_check_size (chosen->matrix, reading->n_nodes, &error))
    {
      g_autofree char *name = g_file_get_basename (reading->file);

      g_prefix_error (&error, "%s: ", name);
    }
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_steal_pointer (&chosen),
                           (GDestroyNotify) flitlab_chosen_matrix_free);
}

void
flitlab_matrix_chooser_read_async (GFile               *file,
                                   guint                n_nodes,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, cancellable, callback, user_data);
  Reading *reading = g_new0 (Reading, 1);

  g_return_if_fail (G_IS_FILE (file));

  reading->file = g_object_ref (file);
  reading->n_nodes = n_nodes;
  g_task_set_source_tag (task, flitlab_matrix_chooser_read_async);
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
  GError *error = NULL;
  FlitlabChosenMatrix *chosen = flitlab_matrix_chooser_finish (result, &error);

  if (chosen == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, chosen, (GDestroyNotify) flitlab_chosen_matrix_free);
}

/* The dialog answered: the file chosen is read, or the task ends cancelled. */
static void
on_response (GtkNativeDialog *dialog,
             int              response,
             gpointer         data)
{
  g_autoptr(GTask) task = data;
  g_autoptr(GFile) file = response == GTK_RESPONSE_ACCEPT
                          ? gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog)) : NULL;

  if (file == NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "%s",
                             _("No traffic matrix was chosen"));
  else
    {
      guint n_nodes = GPOINTER_TO_UINT (g_task_get_task_data (task));
      GCancellable *cancellable = g_task_get_cancellable (task);

      flitlab_matrix_chooser_read_async (file, n_nodes, cancellable, on_read,
                                         g_steal_pointer (&task));
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

void
flitlab_matrix_chooser_run_async (GtkWindow           *parent,
                                  guint                n_nodes,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Traffic Matrix"), parent, GTK_FILE_CHOOSER_ACTION_OPEN,
                                 _("_Open"), _("_Cancel"));
  g_autoptr(GtkFileFilter) csv = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) any = gtk_file_filter_new ();

  g_task_set_source_tag (task, flitlab_matrix_chooser_run_async);
  g_task_set_task_data (task, GUINT_TO_POINTER (n_nodes), NULL);
  gtk_file_filter_set_name (csv, _("Traffic matrices (CSV)"));
  gtk_file_filter_add_suffix (csv, "csv");
  gtk_file_filter_add_mime_type (csv, "text/csv");
  gtk_file_filter_set_name (any, _("All files"));
  gtk_file_filter_add_pattern (any, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), csv);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), any);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_response), task);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

FlitlabChosenMatrix *
flitlab_matrix_chooser_finish (GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
