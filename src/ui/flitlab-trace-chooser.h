/* flitlab-trace-chooser.h: a trace chosen from a file, for the editor
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "flitlab-file-chooser-task.h"
#include "flitlab-study-trace.h"

G_BEGIN_DECLS

/* Asks for a trace file over parent. _finish: flitlab_file_chooser_task_choose_finish(). */
void               flitlab_trace_chooser_choose_async  (GtkWindow                  *parent,
                                                        GCancellable               *cancellable,
                                                        GAsyncReadyCallback         callback,
                                                        gpointer                    user_data);
/* Summarizes file on a worker thread (flitlab_trace_summary_read()) for a network of n_nodes
 * nodes, telling progress (may be NULL) how far it is. _finish: the trace, or the error (one
 * line naming the file), G_IO_ERROR_CANCELLED once cancellable is. */
void               flitlab_trace_chooser_read_async    (GFile                      *file,
                                                        guint                       n_nodes,
                                                        FlitlabFileChooserProgress *progress,
                                                        GCancellable               *cancellable,
                                                        GAsyncReadyCallback         callback,
                                                        gpointer                    user_data);
FlitlabStudyTrace *flitlab_trace_chooser_finish        (GAsyncResult               *result,
                                                        GError                    **error);

G_END_DECLS
