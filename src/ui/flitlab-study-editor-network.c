/* flitlab-study-editor-network.c: the editor's network read from a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Choosing "Network from a file…" asks for the file first (an edge list or BookSim's anynet
 * listing, docs/networks.md): it is read and checked on a worker thread, and the study's network
 * becomes it, kept in the project, only once it is read; cancelled or refused, the row goes
 * back to the study's network.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-study-editor-private.h"

/* Whom a network file was asked for: the editor and the study it showed, and the file. */
typedef struct
{
  FlitlabStudyEditor *editor;
  FlitlabDocument    *document;
  int                 index;
  char               *spec;     /* "file:PATH" */
} NetworkAsk;

static void
network_ask_free (NetworkAsk *ask)
{
  g_clear_object (&ask->editor);
  g_clear_object (&ask->document);
  g_free (ask->spec);
  g_free (ask);
}

static void
read_in_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  const NetworkAsk *ask = data;
  GError *error = NULL;
  FlitlabTopology *network = flitlab_topology_new_from_spec (ask->spec, &error);

  if (network == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, network, (GDestroyNotify) flitlab_topology_unref);
}

/* The network read: the network of the study it was chosen for, unless the editor shows
 * another one by now, with the routing the family takes first. */
static void
on_read (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  NetworkAsk *ask = g_task_get_task_data (G_TASK (result));
  FlitlabStudyEditor *self = ask->editor;
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabTopology) network = g_task_propagate_pointer (G_TASK (result), &error);
  FlitlabStudy *edited;

  if (self->study == NULL || self->document != ask->document || self->index != ask->index)
    return;
  if (network == NULL)
    {
      flitlab_study_editor_refresh (self);
      flitlab_study_editor_show_message (self->network_error, error->message);
      return;
    }
  edited = flitlab_study_copy (self->study);
  flitlab_study_set_built_topology (edited, ask->spec, network);
  if (!flitlab_routing_fits (edited->routing, FLITLAB_TOPOLOGY_FILE))
    edited->routing = FLITLAB_ROUTING_UPDOWN;
  flitlab_study_editor_commit (self, edited, NULL, self->network_error, FALSE);
}

static void
on_response (GtkNativeDialog *dialog,
             int              response,
             gpointer         data)
{
  NetworkAsk *ask = data;
  g_autoptr(GFile) file = response == GTK_RESPONSE_ACCEPT
                          ? gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog)) : NULL;
  g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;

  gtk_native_dialog_destroy (dialog);
  g_object_unref (dialog);
  if (path == NULL)
    {
      /* Cancelled (or not a file on this computer): the row shows the study's network. */
      if (ask->editor->study != NULL)
        flitlab_study_editor_refresh (ask->editor);
      network_ask_free (ask);
      return;
    }
  ask->spec = g_strconcat ("file:", path, NULL);
  {
    g_autoptr(GTask) task = g_task_new (NULL, NULL, on_read, NULL);

    g_task_set_task_data (task, ask, (GDestroyNotify) network_ask_free);
    g_task_run_in_thread (task, read_in_thread);
  }
}

void
flitlab_study_editor_choose_network (FlitlabStudyEditor *self)
{
  NetworkAsk *ask = g_new0 (NetworkAsk, 1);
  GtkFileChooserNative *chooser =
    gtk_file_chooser_native_new (_("Network File"),
                                 GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                 GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));

  *ask = (NetworkAsk) { g_object_ref (self), g_object_ref (self->document), self->index, NULL };
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_response), ask);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}
