/* flitlab-trace-chooser.h: a trace chosen from a file, for the editor
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "flitlab-study-trace.h"

G_BEGIN_DECLS

/* Asks for a trace file over parent, then summarizes it on a worker thread
 * (flitlab_trace_summary_read()) for a network of n_nodes nodes. _finish: the trace, or the
 * error (one line naming the file), G_IO_ERROR_CANCELLED when the person cancelled. */
void               flitlab_trace_chooser_run_async  (GtkWindow            *parent,
                                                     guint                 n_nodes,
                                                     GCancellable         *cancellable,
                                                     GAsyncReadyCallback   callback,
                                                     gpointer              user_data);
/* The summary alone, of a file already chosen. */
void               flitlab_trace_chooser_read_async (GFile                *file,
                                                     guint                 n_nodes,
                                                     GCancellable         *cancellable,
                                                     GAsyncReadyCallback   callback,
                                                     gpointer              user_data);
FlitlabStudyTrace *flitlab_trace_chooser_finish     (GAsyncResult         *result,
                                                     GError              **error);

G_END_DECLS
