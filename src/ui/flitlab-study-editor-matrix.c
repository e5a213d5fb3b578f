/* flitlab-study-editor-matrix.c: the editor's traffic matrix, read from a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Choosing "Matrix from file…" asks for the file first: the study's traffic becomes the matrix
 * only once a file is read and fits the network (flitlab-matrix-chooser.c reads it on a worker
 * thread, shown being read by flitlab-study-editor-reading.c); cancelled or refused, the row
 * goes back to the study's pattern.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-matrix-chooser.h"
#include "flitlab-study-editor-private.h"

void
flitlab_study_editor_show_matrix (FlitlabStudyEditor *self)
{
  const FlitlabStudy *study = self->study;
  g_autoptr(GError) error = NULL;
  const FlitlabTrafficMatrix *matrix = flitlab_study_get_matrix (study, &error);
  g_autofree char *name = study->matrix_file != NULL ? g_path_get_basename (study->matrix_file)
                                                     : NULL;
  g_autofree char *text = NULL;

  if (matrix == NULL)
    text = g_strdup (error->message);
  else if (name != NULL)
    /* Translators: a traffic matrix's file and its number of nodes */
    text = g_strdup_printf (_("%s, %u nodes"), name, flitlab_traffic_matrix_get_n_nodes (matrix));
  else
    text = g_strdup_printf (_("Kept in the project, %u nodes"),
                            flitlab_traffic_matrix_get_n_nodes (matrix));
  adw_action_row_set_subtitle (self->matrix_row, text);
  gtk_widget_set_visible (GTK_WIDGET (self->matrix_row), study->pattern == FLITLAB_TRAFFIC_MATRIX);
}

/* Why a matrix file is not read: its nodes are the network's. */
static const char *no_network = N_("The network must be valid before its traffic matrix");

/* The matrix read from the file: the traffic of the study it was chosen for (another study
 * shown meanwhile cancelled the reading). */
static void
on_matrix_read (GObject      *source,
                GAsyncResult *result,
                gpointer      data)
{
  g_autoptr(FlitlabStudyEditor) self = flitlab_study_editor_end_reading (data);
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabChosenMatrix) chosen = flitlab_matrix_chooser_finish (result, &error);
  FlitlabStudy *edited;

  if (self == NULL || self->study == NULL)
    return;
  if (chosen == NULL)
    {
      flitlab_study_editor_refresh (self);
      flitlab_study_editor_show_message (self->traffic_error, error->message);
      return;
    }
  edited = flitlab_study_copy (self->study);
  edited->pattern = FLITLAB_TRAFFIC_MATRIX;
  flitlab_study_set_matrix (edited, chosen->matrix, chosen->path, chosen->sha256);
  flitlab_study_editor_commit (self, edited, NULL, self->traffic_error, FALSE);
}

void
flitlab_study_editor_read_matrix (FlitlabStudyEditor *self,
                                  GFile              *file)
{
  flitlab_study_editor_read_file (self, file, _(no_network), flitlab_matrix_chooser_read_async,
                                  on_matrix_read);
}

void
flitlab_study_editor_choose_matrix (FlitlabStudyEditor *self)
{
  GtkWindow *window = GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self)));
  gpointer ask;

  if (flitlab_study_editor_reading_nodes (self, _(no_network)) == 0)
    return;
  ask = flitlab_study_editor_file_asked (self, flitlab_study_editor_read_matrix);
  flitlab_matrix_chooser_choose_async (window, NULL, flitlab_study_editor_on_file_chosen, ask);
}

void
flitlab_study_editor_on_matrix_button (FlitlabStudyEditor *self)
{
  if (self->study != NULL)
    flitlab_study_editor_choose_matrix (self);
}

