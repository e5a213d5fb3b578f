/* flitlab-study-editor-trace.c: the editor's trace, read from a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Choosing "Trace from file…" asks for the file first, as "Matrix from file…" does
 * (flitlab-study-editor-matrix.c): the study's traffic becomes the trace only once the file is
 * summarized for the network (flitlab-trace-chooser.c, on a worker thread, shown being read by
 * flitlab-study-editor-reading.c); cancelled or refused, the row goes back to the study's
 * pattern. A trace's messages carry their own
 * lengths and times, and it is replayed once per load: the rows of lengths and of a Poisson
 * simulation's measurement do not apply to it.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-study-editor-private.h"
#include "flitlab-trace-chooser.h"

/* A row that does not apply to a trace: insensitive, its tooltip saying why. */
static void
apply_to_trace (GtkWidget  *row,
                gboolean    trace,
                const char *why)
{
  gtk_widget_set_sensitive (row, !trace);
  gtk_widget_set_tooltip_text (row, trace ? why : NULL);
}

void
flitlab_study_editor_show_trace (FlitlabStudyEditor *self)
{
  const FlitlabStudy *study = self->study;
  gboolean trace = study->pattern == FLITLAB_TRAFFIC_TRACE;
  g_autoptr(GError) error = NULL;
  const FlitlabStudyTrace *summary = flitlab_study_get_trace (study, &error);
  g_autofree char *name = study->trace_file != NULL ? g_path_get_basename (study->trace_file)
                                                    : NULL;
  g_autofree char *text = NULL;
  const char *lengths = _("A trace's messages have the lengths it records");
  const char *replay = _("A trace is replayed once per load, each message at its recorded "
                         "cycle: no replications, warm-up or measured cycles");

  if (summary == NULL)
    text = g_strdup (error->message);
  else
    {
      g_autofree char *messages = g_strdup_printf ("%" G_GUINT64_FORMAT, summary->messages);
      g_autofree char *cycles = g_strdup_printf ("%" G_GUINT64_FORMAT, summary->last_cycle + 1);

      /* Translators: a trace's file, its messages, their mean length and the cycles it spans */
      text = g_strdup_printf (_("%s: %s messages of %.3g flits on average over %s cycles"),
                              name, messages, summary->flits, cycles);
    }
  adw_action_row_set_subtitle (self->trace_row, text);
  gtk_widget_set_visible (GTK_WIDGET (self->trace_row), trace);
  apply_to_trace (GTK_WIDGET (self->length_row), trace, lengths);
  apply_to_trace (GTK_WIDGET (self->flits_row), trace, lengths);
  apply_to_trace (GTK_WIDGET (self->replications_row), trace, replay);
  apply_to_trace (GTK_WIDGET (self->warmup_row), trace, replay);
  apply_to_trace (GTK_WIDGET (self->cycles_row), trace, replay);
}

/* Why a trace file is not read: its nodes are the network's. */
static const char *no_network = N_("The network must be valid before its trace");

/* The trace summarized from the file: the traffic of the study it was chosen for (another study
 * shown meanwhile cancelled the reading). */
static void
on_trace_read (GObject      *source,
               GAsyncResult *result,
               gpointer      data)
{
  g_autoptr(FlitlabStudyEditor) self = flitlab_study_editor_end_reading (data);
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabStudyTrace) trace = flitlab_trace_chooser_finish (result, &error);
  FlitlabStudy *edited;

  if (self == NULL || self->study == NULL)
    return;
  if (trace == NULL)
    {
      flitlab_study_editor_refresh (self);
      flitlab_study_editor_show_message (self->traffic_error, error->message);
      return;
    }
  edited = flitlab_study_copy (self->study);
  edited->pattern = FLITLAB_TRAFFIC_TRACE;
  flitlab_study_set_trace (edited, trace);
  flitlab_study_editor_commit (self, edited, NULL, self->traffic_error, FALSE);
}

void
flitlab_study_editor_read_trace (FlitlabStudyEditor *self,
                                 GFile              *file)
{
  flitlab_study_editor_read_file (self, file, _(no_network), flitlab_trace_chooser_read_async,
                                  on_trace_read);
}

void
flitlab_study_editor_choose_trace (FlitlabStudyEditor *self)
{
  GtkWindow *window = GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self)));
  gpointer ask;

  if (flitlab_study_editor_reading_nodes (self, _(no_network)) == 0)
    return;
  ask = flitlab_study_editor_file_asked (self, flitlab_study_editor_read_trace);
  flitlab_trace_chooser_choose_async (window, NULL, flitlab_study_editor_on_file_chosen, ask);
}

void
flitlab_study_editor_on_trace_button (FlitlabStudyEditor *self)
{
  if (self->study != NULL)
    flitlab_study_editor_choose_trace (self);
}
