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
 * killed write (one whose lock nobody holds) is removed; one that a live write holds is an
 * error. On failure (a full disk, a file-size limit: callers ignore SIGXFSZ so that it is
 * EFBIG) the old file is as it was, the temporary is gone, and the G_FILE_ERROR names path.
 *
 * A path that is not a regular file is never replaced: a character device (/dev/null) or a
 * FIFO is written into, as a shell's redirection would, and "-" is standard output; a
 * directory, a socket or a block device is an error.
 *
 * After a kill -9 during a write the old file is intact and the temporary remains, until the
 * next check or write of the same path removes it. */
gboolean flitlab_file_write (const char  *path,
                             const char  *data,
                             gsize        length,
                             GError     **error);

/* Whether flitlab_file_write (path) can succeed, checked before long work: the folder exists
 * and takes the file (its temporary is made and removed, and a killed write's is removed), or
 * path is "-" or a writable character device or FIFO. Fails as flitlab_file_write () would. */
gboolean flitlab_file_check (const char  *path,
                             GError     **error);

G_END_DECLS
