/* flitlab-matrix-chooser.c: a traffic matrix chosen from a file, for the editor
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A matrix file may be as large as FLITLAB_MAX_MATRIX_BYTES: it is read and parsed on a worker
 * thread (flitlab-file-chooser-task.h), so the window keeps answering.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-file-chooser-task.h"
#include "flitlab-matrix-chooser.h"
#include "flitlab-matrix-file.h"

void
flitlab_chosen_matrix_free (FlitlabChosenMatrix *chosen)
{
  if (chosen == NULL)
    return;
  g_clear_pointer (&chosen->matrix, flitlab_traffic_matrix_unref);
  g_free (chosen->path);
  g_free (chosen->sha256);
  g_free (chosen);
}

/* A FlitlabFileChooserRead: the matrix of path, of n_nodes nodes. A matrix file is at most
 * FLITLAB_MAX_MATRIX_BYTES, read at once: it tells no progress, and a cancelled reading's
 * matrix is dropped (flitlab-file-chooser-task.c). */
static gpointer
read_matrix (const char           *path,
             guint                 n_nodes,
             GCancellable         *cancellable,
             FlitlabProgressFunc   progress,
             gpointer              progress_data,
             GError              **error)
{
  g_autoptr(FlitlabChosenMatrix) chosen = g_new0 (FlitlabChosenMatrix, 1);

  chosen->path = g_strdup (path);
  chosen->matrix = flitlab_matrix_file_load (path, &chosen->sha256, error);
  if (chosen->matrix == NULL)
    return NULL;
  /* Named as flitlab-cli names it: "FILE: the traffic matrix is 4×4 but …". */
  if (!flitlab_traffic_matrix_check_size (chosen->matrix, n_nodes, error))
    {
      g_autofree char *name = g_path_get_basename (path);

      g_prefix_error (error, "%s: ", name);
      return NULL;
    }
  return g_steal_pointer (&chosen);
}

static const char * const suffixes[] = { "csv", NULL };

static const FlitlabFileChooserKind matrix_file = {
  .title = N_("Traffic Matrix"),
  .filter_name = N_("Traffic matrices (CSV)"),
  .suffixes = suffixes,
  .mime_type = "text/csv",
  .not_local = N_("The traffic matrix must be a file on this computer"),
  .none_chosen = N_("No traffic matrix was chosen"),
  .read = read_matrix,
  .free_result = (GDestroyNotify) flitlab_chosen_matrix_free,
};

void
flitlab_matrix_chooser_read_async (GFile                      *file,
                                   guint                       n_nodes,
                                   FlitlabFileChooserProgress *progress,
                                   GCancellable               *cancellable,
                                   GAsyncReadyCallback         callback,
                                   gpointer                    user_data)
{
  flitlab_file_chooser_task_read_async (&matrix_file, file, n_nodes, progress, cancellable,
                                        callback, user_data);
}

void
flitlab_matrix_chooser_choose_async (GtkWindow           *parent,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  flitlab_file_chooser_task_choose_async (&matrix_file, parent, cancellable, callback,
                                          user_data);
}

FlitlabChosenMatrix *
flitlab_matrix_chooser_finish (GAsyncResult  *result,
                               GError       **error)
{
  return flitlab_file_chooser_task_finish (result, error);
}
