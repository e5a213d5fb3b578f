/* flitlab-matrix-chooser.h: a traffic matrix chosen from a file, for the editor
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

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

/* Asks for a CSV file over parent, then reads it on a worker thread (flitlab_matrix_file_load())
 * and checks it has n_nodes nodes. _finish: the matrix, or the error, G_IO_ERROR_CANCELLED when
 * the person cancelled. */
void                 flitlab_matrix_chooser_run_async  (GtkWindow            *parent,
                                                        guint                 n_nodes,
                                                        GCancellable         *cancellable,
                                                        GAsyncReadyCallback   callback,
                                                        gpointer              user_data);
/* The reading alone, of a file already chosen. */
void                 flitlab_matrix_chooser_read_async (GFile                *file,
                                                        guint                 n_nodes,
                                                        GCancellable         *cancellable,
                                                        GAsyncReadyCallback   callback,
                                                        gpointer              user_data);
FlitlabChosenMatrix *flitlab_matrix_chooser_finish     (GAsyncResult         *result,
                                                        GError              **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabChosenMatrix, flitlab_chosen_matrix_free)

G_END_DECLS
