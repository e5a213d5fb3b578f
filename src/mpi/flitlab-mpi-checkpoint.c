/* flitlab-mpi-checkpoint.c: the finished jobs' raw sums, kept so that a stopped run resumes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "flitlab-mpi-checkpoint.h"

#include "flitlab-file-write.h"

#define CHECKPOINT_MAGIC "FLITLAB-MPI-CHECKPOINT 1\n"

char *
flitlab_mpi_checkpoint_fingerprint (const char *data,
                                    gsize       length,
                                    const char *only)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);

  g_checksum_update (checksum, (const guchar *) data, length);
  g_checksum_update (checksum, (const guchar *) "\n", 1);
  if (only != NULL)
    g_checksum_update (checksum, (const guchar *) only, -1);
  return g_strdup (g_checksum_get_string (checksum));
}

/* The checkpoint: CHECKPOINT_MAGIC, the fingerprint and a newline, the number of jobs, then
 * each finished job's number, size and raw sums (machine byte order). */
gboolean
flitlab_mpi_checkpoint_save (const char  *path,
                             const char  *print,
                             GBytes     **raw,
                             guint        n_jobs,
                             GError     **error)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  guint32 count = n_jobs;

  g_byte_array_append (out, (const guint8 *) CHECKPOINT_MAGIC, strlen (CHECKPOINT_MAGIC));
  g_byte_array_append (out, (const guint8 *) print, strlen (print));
  g_byte_array_append (out, (const guint8 *) "\n", 1);
  g_byte_array_append (out, (const guint8 *) &count, sizeof count);
  for (guint32 j = 0; j < n_jobs; j++)
    if (raw[j] != NULL)
      {
        guint64 size = g_bytes_get_size (raw[j]);

        g_byte_array_append (out, (const guint8 *) &j, sizeof j);
        g_byte_array_append (out, (const guint8 *) &size, sizeof size);
        g_byte_array_append (out, g_bytes_get_data (raw[j], NULL), size);
      }
  return flitlab_file_write (path, (const char *) out->data, out->len, error);
}

gboolean
flitlab_mpi_checkpoint_load (const char            *path,
                             const char            *print,
                             const FlitlabMpiJobs  *jobs,
                             GBytes               **raw,
                             GError               **error)
{
  g_autofree char *data = NULL;
  g_autofree char *head = g_strconcat (CHECKPOINT_MAGIC, print, "\n", NULL);
  g_autoptr(GError) local_error = NULL;
  gsize length, at;
  guint32 count;

  if (!g_file_get_contents (path, &data, &length, &local_error))
    {
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return TRUE;
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  at = strlen (head);
  if (length < at + sizeof count || memcmp (data, head, at) != 0 ||
      (memcpy (&count, data + at, sizeof count), count != jobs->n_jobs))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("%s is not a checkpoint of this project and these studies"), path);
      return FALSE;
    }
  at += sizeof count;
  while (at < length)
    {
      guint32 job;
      guint64 size;
      guint local;
      g_autoptr(GBytes) bytes = NULL;

      if (length - at < sizeof job + sizeof size)
        break;
      memcpy (&job, data + at, sizeof job);
      memcpy (&size, data + at + sizeof job, sizeof size);
      at += sizeof job + sizeof size;
      if (job >= jobs->n_jobs || size > length - at)
        break;
      bytes = g_bytes_new (data + at, size);
      at += size;
      if (!flitlab_sim_jobs_check_raw (flitlab_mpi_jobs_find (jobs, job, &local), bytes, NULL))
        break;
      g_clear_pointer (&raw[job], g_bytes_unref);
      raw[job] = g_steal_pointer (&bytes);
    }
  if (at != length)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, _("%s is damaged"), path);
      return FALSE;
    }
  return TRUE;
}
