/* flitlab-window-runs.c: the window follows the document's simulations: the shown
 * study's progress and time left, the question a long run asks, the toast when one ends.
 * Declared in flitlab-window-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "flitlab-ui-text.h"
#include "flitlab-window-private.h"

/* A simulation held because it will take long (flitlab-document.h) asks whether to go on:
 * Simulate resumes it, Stop (or closing the question) ends it. */
static void
on_long_run_response (AdwMessageDialog *dialog,
                      const char       *response,
                      FlitlabWindow    *self)
{
  gpointer study = NULL, asked;
  GHashTableIter iter;
  int index;

  g_hash_table_iter_init (&iter, self->long_runs);
  while (study == NULL && g_hash_table_iter_next (&iter, &study, &asked))
    if (asked != dialog)
      study = NULL;
  g_hash_table_remove (self->long_runs, study);
  index = flitlab_document_find_study (self->document, study);
  if (index < 0)
    return;
  if (g_str_equal (response, "simulate"))
    flitlab_document_resume (self->document, index);
  else
    flitlab_document_stop (self->document, index);
}

static void
ask_if_long (FlitlabWindow *self,
             guint          index,
             double         left)
{
  const FlitlabStudy *study = flitlab_document_get_study (self->document, index);
  g_autofree char *duration = NULL;
  AdwMessageDialog *dialog;

  if (study == NULL || !flitlab_document_get_held (self->document, index) ||
      g_hash_table_contains (self->long_runs, study))
    return;
  duration = flitlab_ui_format_duration (left);
  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), NULL, NULL));
  /* Translators: how long a simulation will take ("33 min") */
  adw_message_dialog_format_heading (dialog, _("Simulate for About %s?"), duration);
  adw_message_dialog_format_body (dialog,
                                  /* Translators: a study's name, then a duration ("33 min") */
                                  _("By its first seconds, the simulation of “%s” will take "
                                    "about %s on this computer, and first estimates tend to "
                                    "grow as the network fills. It waits for your answer."),
                                  study->name, duration);
  adw_message_dialog_add_responses (dialog, "stop", _("_Stop"), "simulate", _("_Simulate"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "simulate", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "simulate");
  adw_message_dialog_set_close_response (dialog, "stop");
  g_signal_connect (dialog, "response", G_CALLBACK (on_long_run_response), self);
  g_hash_table_insert (self->long_runs, (gpointer) study, dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The shown study's simulation: its progress, and its loads on the plot as they finish. */
void
flitlab_window_on_run_changed (FlitlabWindow *self,
                               guint          index)
{
  double fraction, left;
  g_autoptr(FlitlabStudyTable) points = NULL;

  flitlab_window_show_running (self);
  if (!flitlab_document_get_running (self->document, index, &fraction, &left))
    return;
  ask_if_long (self, index, left);
  if ((int) index != flitlab_window_get_selected_index (self))
    return;
  gtk_progress_bar_set_fraction (self->simulation_progress, fraction);
  if (flitlab_document_get_waiting (self->document, index))
    /* Translators: a study of a group, simulated once those before it are */
    gtk_label_set_text (self->time_left_label, _("Waiting for the group's studies before it"));
  else if (flitlab_document_get_held (self->document, index))
    /* Translators: a simulation held until the question of its length is answered */
    gtk_label_set_text (self->time_left_label, _("Paused for your answer"));
  else if (left >= 0)
    {
      g_autofree char *duration = flitlab_ui_format_duration (left);
      /* Translators: the estimated time a simulation still needs ("3 min") */
      g_autofree char *text = g_strdup_printf (_("%s left"), duration);

      gtk_label_set_text (self->time_left_label, text);
    }
  else
    /* Translators: shown while a simulation's first seconds measure how long it will take */
    gtk_label_set_text (self->time_left_label, _("Estimating the time…"));
  points = flitlab_document_dup_run_points (self->document, index);
  if (!flitlab_window_comparing (self) &&
      (points != NULL ? points->n_rows : 0) != self->points_shown)
    flitlab_window_rebuild_plot (self);
}

void
flitlab_window_on_run_finished (FlitlabWindow *self,
                                guint          index,
                                const GError  *error)
{
  const FlitlabStudy *study = flitlab_document_get_study (self->document, index);

  /* A run that ends while it asks (stopped, its study removed) needs no answer. */
  if (study != NULL && g_hash_table_contains (self->long_runs, study))
    {
      gtk_window_destroy (g_hash_table_lookup (self->long_runs, study));
      g_hash_table_remove (self->long_runs, study);
    }
  if (error != NULL)
    flitlab_window_toast (self, error->message);
  else if (study != NULL)
    {
      /* Translators: %s is the name of the study whose simulation finished */
      g_autofree char *message = g_strdup_printf (_("Simulation of “%s” finished"),
                                                  study->name);

      flitlab_window_toast (self, message);
    }
}

