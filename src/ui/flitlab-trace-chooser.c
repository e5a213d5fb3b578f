/* flitlab-trace-chooser.c: a trace chosen from a file, for the editor
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A trace may hold millions of messages: it is summarized (read once, hashed, counted) on a
 * worker thread, so the window keeps answering; as flitlab-matrix-chooser.c reads a matrix.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-trace-chooser.h"
#include "flitlab-trace-summary.h"

/* A task's file and the nodes of the network it is summarized for. */
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

static void
read_in_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  const Reading *reading = data;
  g_autofree char *path = g_file_get_path (reading->file);
  FlitlabStudyTrace *trace = NULL;
  GError *error = NULL;

  if (path == NULL)
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                 _("The trace must be a file on this computer"));
  else
    trace = flitlab_trace_summary_read (path, reading->n_nodes, &error);
  if (trace == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, trace, (GDestroyNotify) flitlab_study_trace_unref);
}

void
flitlab_trace_chooser_read_async (GFile               *file,
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
  g_task_set_source_tag (task, flitlab_trace_chooser_read_async);
  g_task_set_task_data (task, reading, (GDestroyNotify) reading_free);
  g_task_run_in_thread (task, read_in_thread);
}

/* The chosen file summarized: the chooser's task takes its result. */
static void
on_read (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  g_autoptr(GTask) task = data;
  GError *error = NULL;
  FlitlabStudyTrace *trace = flitlab_trace_chooser_finish (result, &error);

  if (trace == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, trace, (GDestroyNotify) flitlab_study_trace_unref);
}

/* The dialog answered: the file chosen is summarized, or the task ends cancelled. */
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
                             _("No trace was chosen"));
  else
    {
      guint n_nodes = GPOINTER_TO_UINT (g_task_get_task_data (task));
      GCancellable *cancellable = g_task_get_cancellable (task);

      flitlab_trace_chooser_read_async (file, n_nodes, cancellable, on_read,
                                        g_steal_pointer (&task));
    }
  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
}

void
flitlab_trace_chooser_run_async (GtkWindow           *parent,
                                 guint                n_nodes,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Trace"), parent, GTK_FILE_CHOOSER_ACTION_OPEN,
                                 _("_Open"), _("_Cancel"));
  g_autoptr(GtkFileFilter) traces = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) any = gtk_file_filter_new ();

  g_task_set_source_tag (task, flitlab_trace_chooser_run_async);
  g_task_set_task_data (task, GUINT_TO_POINTER (n_nodes), NULL);
  /* Translators: the file types a trace may be (docs/traffic.md) */
  gtk_file_filter_set_name (traces, _("Traces (text, Netrace .tra.bz2)"));
  gtk_file_filter_add_suffix (traces, "trace");
  gtk_file_filter_add_suffix (traces, "txt");
  gtk_file_filter_add_suffix (traces, "bz2");
  gtk_file_filter_set_name (any, _("All files"));
  gtk_file_filter_add_pattern (any, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), traces);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), any);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_response), task);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

FlitlabStudyTrace *
flitlab_trace_chooser_finish (GAsyncResult  *result,
                              GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
