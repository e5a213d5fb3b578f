/* flitlab-trace-chooser.c: a trace chosen from a file, for the editor
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A trace may hold millions of messages: it is summarized (read once, hashed, counted) on a
 * worker thread (flitlab-file-chooser-task.h), so the window keeps answering and shows how far
 * the summary is.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-file-chooser-task.h"
#include "flitlab-trace-chooser.h"
#include "flitlab-trace-summary.h"

/* A FlitlabFileChooserRead: the summary of the trace at path for a network of n_nodes nodes,
 * with its progress (both passes over the file) and cancel. */
static gpointer
read_trace (const char           *path,
            guint                 n_nodes,
            GCancellable         *cancellable,
            FlitlabProgressFunc   progress,
            gpointer              progress_data,
            GError              **error)
{
  return flitlab_trace_summary_read (path, n_nodes, cancellable, progress, progress_data, error);
}

static const char * const suffixes[] = { "trace", "txt", "bz2", NULL };

static const FlitlabFileChooserKind trace_file = {
  .title = N_("Trace"),
  /* Translators: the file types a trace may be (docs/traffic.md) */
  .filter_name = N_("Traces (text, Netrace .tra.bz2)"),
  .suffixes = suffixes,
  .not_local = N_("The trace must be a file on this computer"),
  .none_chosen = N_("No trace was chosen"),
  .read = read_trace,
  .free_result = (GDestroyNotify) flitlab_study_trace_unref,
};

void
flitlab_trace_chooser_read_async (GFile                      *file,
                                  guint                       n_nodes,
                                  FlitlabFileChooserProgress *progress,
                                  GCancellable               *cancellable,
                                  GAsyncReadyCallback         callback,
                                  gpointer                    user_data)
{
  flitlab_file_chooser_task_read_async (&trace_file, file, n_nodes, progress, cancellable,
                                        callback, user_data);
}

void
flitlab_trace_chooser_choose_async (GtkWindow           *parent,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  flitlab_file_chooser_task_choose_async (&trace_file, parent, cancellable, callback,
                                          user_data);
}

FlitlabStudyTrace *
flitlab_trace_chooser_finish (GAsyncResult  *result,
                              GError       **error)
{
  return flitlab_file_chooser_task_finish (result, error);
}
