/* flitlab-study-editor-reading.c: a matrix or trace file being read, shown in the editor
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A trace may take seconds to summarize (flitlab-trace-summary.c hashes and reads every
 * message). While a chosen file is read, a row of the Traffic group names it, with a bar of how
 * far the reader is (pulsing for a reader that cannot tell) and a Cancel button. The bar is
 * polled from the reading's progress a few times a second, on the main thread; the worker only
 * stores a number (flitlab-file-chooser-task.h). One reading at a time: another file chosen,
 * another study shown, the document closed or the editor gone cancel the one in progress, whose
 * result is then dropped when its callback comes. A file chosen in a dialog comes here too, to
 * be read for the study it was chosen for (flitlab_study_editor_on_file_chosen()).
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-study-editor-private.h"

/* How often the bar follows the reading: smooth enough, and cheap. */
#define POLL_MS 100

static gboolean
poll_progress (gpointer data)
{
  FlitlabStudyEditor *self = data;
  double fraction = flitlab_file_chooser_progress_get_fraction (self->reading_progress);

  if (fraction < 0)
    gtk_progress_bar_pulse (self->reading_bar);
  else
    gtk_progress_bar_set_fraction (self->reading_bar, fraction);
  return G_SOURCE_CONTINUE;
}

/* The row hidden and the reading forgotten, cancelled or not. The focus, if in the row (its
 * Cancel pressed), goes to the Destinations row first, not to nowhere with the hidden button. */
static void
forget_reading (FlitlabStudyEditor *self)
{
  GtkWidget *row = GTK_WIDGET (self->reading_row);
  GtkRoot *root = gtk_widget_get_root (row);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  g_clear_handle_id (&self->reading_poll, g_source_remove);
  g_clear_pointer (&self->reading_progress, flitlab_file_chooser_progress_unref);
  g_clear_object (&self->reading);
  if (focus != NULL && (focus == row || gtk_widget_is_ancestor (focus, row)))
    gtk_widget_grab_focus (GTK_WIDGET (self->pattern_row));
  gtk_widget_set_visible (row, FALSE);
}

void
flitlab_study_editor_cancel_reading (FlitlabStudyEditor *self)
{
  if (self->reading == NULL)
    return;
  g_cancellable_cancel (self->reading);
  forget_reading (self);
}

guint
flitlab_study_editor_reading_nodes (FlitlabStudyEditor *self,
                                    const char         *why)
{
  const FlitlabTopology *topology = flitlab_study_get_topology (self->study, NULL);

  if (topology != NULL)
    return flitlab_topology_get_n_nodes (topology);
  flitlab_study_editor_refresh (self);
  flitlab_study_editor_show_message (self->traffic_error, why);
  return 0;
}

/* Shows file being read, a reading before it cancelled: what the read's callback gets. */
static FlitlabStudyEditorReading *
start_reading (FlitlabStudyEditor         *self,
               GFile                      *file,
               FlitlabFileChooserProgress *progress)
{
  FlitlabStudyEditorReading *reading = g_new0 (FlitlabStudyEditorReading, 1);
  g_autofree char *base = g_file_get_basename (file);
  g_autofree char *name = g_filename_display_name (base);
  g_autofree char *title = NULL;

  flitlab_study_editor_cancel_reading (self);
  self->reading = g_cancellable_new ();
  self->reading_progress = flitlab_file_chooser_progress_ref (progress);
  self->reading_poll = g_timeout_add (POLL_MS, poll_progress, self);
  /* Translators: a file chosen for a study's traffic, being read */
  title = g_strdup_printf (_("Reading “%s”…"), name);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->reading_row), title);
  gtk_progress_bar_set_fraction (self->reading_bar, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->reading_row), TRUE);

  g_weak_ref_init (&reading->editor, self);
  reading->cancellable = g_object_ref (self->reading);
  return reading;
}

void
flitlab_study_editor_read_file (FlitlabStudyEditor          *self,
                                GFile                       *file,
                                const char                  *why,
                                FlitlabStudyEditorReadAsync  read_async,
                                GAsyncReadyCallback          callback)
{
  g_autoptr(FlitlabFileChooserProgress) progress = flitlab_file_chooser_progress_new ();
  FlitlabStudyEditorReading *reading;
  guint n_nodes = flitlab_study_editor_reading_nodes (self, why);

  if (n_nodes == 0)
    return;
  reading = start_reading (self, file, progress);
  read_async (file, n_nodes, progress, reading->cancellable, callback, reading);
}

FlitlabStudyEditor *
flitlab_study_editor_end_reading (FlitlabStudyEditorReading *reading)
{
  FlitlabStudyEditor *self = g_weak_ref_get (&reading->editor);

  /* Cancelled, it was forgotten then; replaced, the editor reads another. */
  if (self != NULL && self->reading != reading->cancellable)
    g_clear_object (&self);
  if (self != NULL)
    forget_reading (self);
  g_weak_ref_clear (&reading->editor);
  g_object_unref (reading->cancellable);
  g_free (reading);
  return self;
}

void
flitlab_study_editor_on_reading_cancel (FlitlabStudyEditor *self)
{
  flitlab_study_editor_cancel_reading (self);
  /* The pattern row goes back to the study's pattern, as after a cancelled dialog. */
  if (self->study != NULL)
    flitlab_study_editor_refresh (self);
}

/* Whom a file was asked for: the editor, the study it showed, and how the file is read. */
typedef struct
{
  FlitlabStudyEditor         *editor;
  FlitlabDocument            *document;
  int                         index;
  FlitlabStudyEditorReadFile  read;
} FileAsk;

gpointer
flitlab_study_editor_file_asked (FlitlabStudyEditor         *self,
                                 FlitlabStudyEditorReadFile  read)
{
  FileAsk *ask = g_new (FileAsk, 1);

  *ask = (FileAsk) { g_object_ref (self), g_object_ref (self->document), self->index, read };
  return ask;
}

void
flitlab_study_editor_on_file_chosen (GObject      *source,
                                     GAsyncResult *result,
                                     gpointer      data)
{
  g_autofree FileAsk *ask = data;
  g_autoptr(FlitlabStudyEditor) self = ask->editor;
  g_autoptr(FlitlabDocument) document = ask->document;
  g_autoptr(GFile) file = flitlab_file_chooser_task_choose_finish (result, NULL);

  if (self->study == NULL || self->document != document || self->index != ask->index)
    return;
  if (file == NULL)
    flitlab_study_editor_refresh (self);
  else
    ask->read (self, file);
}
