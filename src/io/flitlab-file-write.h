/* flitlab-file-write.h: every file Flitlab writes, replaced whole or not at all
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Projects, figures and CSV files all go through flitlab_file_write (): a full disk, a
 * read-only folder or a killed process never leaves a truncated file where the old one was.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Replaces the file at path with length bytes of data. They are written to a temporary
 * ".NAME.flitlab-tmp" beside the file, fsynced and renamed over it. An existing file keeps its
 * permissions, a new one gets 0666 less the umask (as with g_file_set_contents ()), and a
 * symbolic link stays a link: the file it finally points to is replaced. A temporary left by a
 * killed write is removed; one that another write still holds is an error. On failure the old
 * file is as it was, the temporary is gone, and the G_FILE_ERROR names path. */
gboolean flitlab_file_write (const char  *path,
                             const char  *data,
                             gsize        length,
                             GError     **error);

G_END_DECLS
