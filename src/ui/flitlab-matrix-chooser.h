/* flitlab-matrix-chooser.h: a traffic matrix chosen from a file, for the editor
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "flitlab-file-chooser-task.h"
#include "flitlab-traffic-matrix.h"

G_BEGIN_DECLS

/* What a chosen file gave: the matrix, the file's path and its SHA-256 (hex). */
typedef struct
{
  FlitlabTrafficMatrix *matrix;
  char                 *path;
  char                 *sha256;
} FlitlabChosenMatrix;

void flitlab_chosen_matrix_free (FlitlabChosenMatrix *chosen);

/* Asks for a CSV file over parent. _finish: flitlab_file_chooser_task_choose_finish(). */
void                 flitlab_matrix_chooser_choose_async  (GtkWindow                  *parent,
                                                           GCancellable               *cancellable,
                                                           GAsyncReadyCallback         callback,
                                                           gpointer                    user_data);
/* Reads file on a worker thread (flitlab_matrix_file_load()) and checks it has n_nodes nodes;
 * it tells progress (may be NULL) nothing. _finish: the matrix, or the error,
 * G_IO_ERROR_CANCELLED once cancellable is. */
void                 flitlab_matrix_chooser_read_async    (GFile                      *file,
                                                           guint                       n_nodes,
                                                           FlitlabFileChooserProgress *progress,
                                                           GCancellable               *cancellable,
                                                           GAsyncReadyCallback         callback,
                                                           gpointer                    user_data);
FlitlabChosenMatrix *flitlab_matrix_chooser_finish        (GAsyncResult               *result,
                                                           GError                    **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabChosenMatrix, flitlab_chosen_matrix_free)

G_END_DECLS
