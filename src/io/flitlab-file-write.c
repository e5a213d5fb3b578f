/* flitlab-file-write.c: every file Flitlab writes, replaced whole or not at all
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

/* flock (), lstat (), O_NOFOLLOW: -std=c17 shows only what ISO C has unless asked. */
#define _DEFAULT_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "flitlab-file-write.h"

/* As the kernel allows (MAXSYMLINKS). */
#define MAX_LINKS 40

static gboolean
write_error (GError     **error,
             const char  *path,
             int          saved_errno)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
               _("Could not write “%s”: %s"), path, g_strerror (saved_errno));
  return FALSE;
}

static gboolean
busy_error (GError     **error,
            const char  *path,
            const char  *tmp)
{
  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
               _("Could not write “%s”: another write to it is in progress (%s)"), path, tmp);
  return FALSE;
}

/* The file path finally names: path itself unless it is a symbolic link. The links are
 * followed one by one rather than with realpath () so that a link to a file not yet there
 * (a dangling link) still leads to where the file is to be. */
static char *
follow_links (const char  *path,
              GError     **error)
{
  g_autofree char *current = g_strdup (path);

  for (guint i = 0; i < MAX_LINKS; i++)
    {
      g_autofree char *link = NULL;
      g_autofree char *dir = NULL;

      if (!g_file_test (current, G_FILE_TEST_IS_SYMLINK))
        return g_steal_pointer (&current);
      link = g_file_read_link (current, error);
      if (link == NULL)
        return NULL;
      /* A relative link is relative to the folder that holds it. */
      dir = g_path_get_dirname (current);
      g_free (current);
      current = g_path_is_absolute (link) ? g_steal_pointer (&link)
                                          : g_build_filename (dir, link, NULL);
    }
  write_error (error, path, ELOOP);
  return NULL;
}

/* Locks fd's file and checks that tmp still names it. Every write holds the lock on its
 * temporary until the rename, so a temporary that can be locked was left by a killed
 * process, and one that is ours after the lock cannot be removed by another write. */
static gboolean
lock_named (int         fd,
            const char *tmp)
{
  struct stat by_fd, by_name;

  return flock (fd, LOCK_EX | LOCK_NB) == 0 &&
         fstat (fd, &by_fd) == 0 && lstat (tmp, &by_name) == 0 &&
         by_fd.st_dev == by_name.st_dev && by_fd.st_ino == by_name.st_ino;
}

static gboolean
write_all (int         fd,
           const char *data,
           gsize       length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, MIN (length, (gsize) G_MAXSSIZE));

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return FALSE;
      data += n;
      length -= (gsize) n;
    }
  return TRUE;
}

/* Where the target is not a regular file: a character device or a FIFO is written into, as a
 * shell's redirection would (renaming over /dev/null would replace the device, and a FIFO's
 * reader would never see the data); anything else cannot hold the data. */
static gboolean
special_writable (const char         *path,
                  const struct stat  *st,
                  GError            **error)
{
  if (S_ISCHR (st->st_mode) || S_ISFIFO (st->st_mode))
    return TRUE;
  g_set_error (error, G_FILE_ERROR, S_ISDIR (st->st_mode) ? G_FILE_ERROR_ISDIR : G_FILE_ERROR_INVAL,
               _("Could not write “%s”: it is %s, not a file (a regular file, a character "
                 "device such as /dev/null, a FIFO or - for standard output can be written)"),
               path, S_ISDIR (st->st_mode) ? _("a directory") :
                     S_ISSOCK (st->st_mode) ? _("a socket") :
                     S_ISBLK (st->st_mode) ? _("a block device") : _("a special file"));
  return FALSE;
}

static gboolean
write_into (const char  *path,
            const char  *data,
            gsize        length,
            GError     **error)
{
  int fd = g_str_equal (path, "-") ? dup (STDOUT_FILENO)
                                   : open (path, O_WRONLY | O_NOCTTY | O_CLOEXEC);

  if (fd < 0)
    return write_error (error, path, errno);
  if (!write_all (fd, data, length))
    {
      int saved_errno = errno;

      close (fd);
      return write_error (error, path, saved_errno);
    }
  if (close (fd) != 0)
    return write_error (error, path, errno);
  return TRUE;
}

/* Creates tmp, locked, for path's target: first removes a temporary that a killed write left
 * (one nobody holds the lock of), and fails if a live write holds it. */
static int
open_temp (const char  *path,
           const char  *tmp,
           GError     **error)
{
  int fd = open (tmp, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);

  if (fd >= 0)
    {
      gboolean left = lock_named (fd, tmp);

      if (left)
        g_unlink (tmp);
      close (fd);
      if (!left)
        {
          busy_error (error, path, tmp);
          return -1;
        }
    }

  /* 0666: the umask decides a new file's permissions, as for any other program. */
  fd = open (tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
  if (fd < 0)
    {
      write_error (error, path, errno);
      return -1;
    }
  if (!lock_named (fd, tmp))
    {
      /* Another write removed it before we held the lock: the name is no longer ours. */
      close (fd);
      busy_error (error, path, tmp);
      return -1;
    }
  return fd;
}

/* The final file and its temporary's name; exists: whether it is there (st then holds it). */
static char *
resolve (const char   *path,
         char        **tmp,
         struct stat  *st,
         gboolean     *exists,
         GError      **error)
{
  g_autofree char *target = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *name = NULL;

  /* Beside the final file, so that the rename stays in one file system and a link stays a
   * link. A fixed name, so that the next write finds what a killed one left. */
  target = follow_links (path, error);
  if (target == NULL)
    return NULL;
  dir = g_path_get_dirname (target);
  name = g_path_get_basename (target);
  *tmp = g_strdup_printf ("%s%c.%s.flitlab-tmp", dir, G_DIR_SEPARATOR, name);
  *exists = stat (target, st) == 0;
  return g_steal_pointer (&target);
}

gboolean
flitlab_file_check (const char  *path,
                    GError     **error)
{
  g_autofree char *target = NULL;
  g_autofree char *tmp = NULL;
  struct stat st;
  gboolean exists;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (g_str_equal (path, "-"))
    return TRUE;
  if (stat (path, &st) == 0 && !S_ISREG (st.st_mode))
    {
      if (!special_writable (path, &st, error))
        return FALSE;
      if (access (path, W_OK) != 0)
        return write_error (error, path, errno);
      return TRUE;
    }
  target = resolve (path, &tmp, &st, &exists, error);
  if (target == NULL)
    return FALSE;
  /* The temporary the write will make, made and removed: the one test that the folder takes
   * the file (permissions, a read-only or special file system, the name) whoever runs it. */
  fd = open_temp (path, tmp, error);
  if (fd < 0)
    return FALSE;
  g_unlink (tmp);
  close (fd);
  return TRUE;
}

gboolean
flitlab_file_write (const char  *path,
                    const char  *data,
                    gsize        length,
                    GError     **error)
{
  g_autofree char *target = NULL;
  g_autofree char *tmp = NULL;
  struct stat old;
  gboolean exists;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (g_str_equal (path, "-"))
    return write_into (path, data, length, error);
  /* What path names, links followed by the kernel: /dev/stdout is a link to a link that
   * follow_links () could not read as a path. */
  if (stat (path, &old) == 0 && !S_ISREG (old.st_mode))
    return special_writable (path, &old, error) && write_into (path, data, length, error);
  target = resolve (path, &tmp, &old, &exists, error);
  if (target == NULL)
    return FALSE;

  fd = open_temp (path, tmp, error);
  if (fd < 0)
    return FALSE;
  /* The lock is held until the rename, so the temporary is closed only after it. */
  if ((exists && fchmod (fd, old.st_mode & 0777) != 0) || !write_all (fd, data, length) ||
      fsync (fd) != 0 || rename (tmp, target) != 0)
    {
      int saved_errno = errno;

      g_unlink (tmp);
      close (fd);
      return write_error (error, path, saved_errno);
    }
  close (fd);
  return TRUE;
}
