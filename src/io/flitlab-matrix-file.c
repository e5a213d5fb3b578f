/* flitlab-matrix-file.c: a traffic matrix's CSV file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <errno.h>
#include <sys/stat.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "flitlab-limits.h"
#include "flitlab-matrix-file.h"

FlitlabTrafficMatrix *
flitlab_matrix_file_load (const char  *path,
                          char       **sha256,
                          GError     **error)
{
  g_autofree char *display = NULL;
  g_autofree char *data = NULL;
  g_autoptr(GError) local_error = NULL;
  FlitlabTrafficMatrix *matrix;
  GStatBuf st;
  gsize length;

  g_return_val_if_fail (path != NULL, NULL);

  display = g_filename_display_name (path);
  /* Checked before reading: a FIFO would block, a huge file would be read whole. */
  if (g_stat (path, &st) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Cannot read the traffic matrix %s: %s"), display, g_strerror (saved));
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("Cannot read the traffic matrix %s: not a regular file"), display);
      return NULL;
    }
  if ((guint64) st.st_size > FLITLAB_MAX_MATRIX_BYTES)
    {
      g_set_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR, FLITLAB_TRAFFIC_MATRIX_ERROR_TOO_LARGE,
                   _("%s: a traffic matrix's file has at most %u MiB"), display,
                   FLITLAB_MAX_MATRIX_BYTES / (1024 * 1024));
      return NULL;
    }
  if (!g_file_get_contents (path, &data, &length, &local_error))
    {
      g_set_error (error, G_FILE_ERROR, local_error->code,
                   _("Cannot read the traffic matrix %s: %s"), display, local_error->message);
      return NULL;
    }
  matrix = flitlab_traffic_matrix_new_from_csv (data, length, &local_error);
  if (matrix == NULL)
    {
      g_set_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR, local_error->code, "%s: %s", display,
                   local_error->message);
      return NULL;
    }
  if (sha256 != NULL)
    *sha256 = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, length);
  return matrix;
}
