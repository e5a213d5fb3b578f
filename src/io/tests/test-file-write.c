/* test-file-write.c: files are replaced whole or not at all, keep their mode and links
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A full disk is a file size limit (RLIMIT_FSIZE, SIGXFSZ ignored): write () then fails with
 * EFBIG, for root too. The limit, and the change of user that makes a folder read-only for
 * root, are set in a forked child so that they never reach the rest of the tests.
 */

#include "config.h"

/* flock (), symlink (), setuid (): -std=c17 shows only what ISO C has unless asked. */
#define _DEFAULT_SOURCE

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <cairo.h>

#include "flitlab-export.h"
#include "flitlab-file-write.h"
#include "flitlab-project-xml.h"
#include "flitlab-render-plot.h"
#include "flitlab-render-private.h"
#include "test-files.h"

/* run_child ()'s exit status when the child could not set itself up. */
#define CHILD_SKIP 77

typedef gboolean (*WriteFunc) (const char     *path,
                               gconstpointer   data,
                               GError        **error);

typedef struct
{
  WriteFunc      write;
  gconstpointer  data;
  const char    *path;
  rlim_t         size_limit;   /* bytes a file may grow to; 0: no limit */
  gboolean       unprivileged; /* as nobody when the tests run as root */
} Child;

/* ---- helpers ------------------------------------------------------------------------ */

/* Byte for byte: figures hold NULs. length -1: expected is a string. */
static void
assert_contents (const char *path,
                 const char *expected,
                 gssize      length)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize expected_length = length >= 0 ? (gsize) length : strlen (expected);
  gsize read = 0;

  g_file_get_contents (path, &contents, &read, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (contents, read, expected, expected_length);
}

static mode_t
file_mode (const char *path)
{
  GStatBuf buf;

  g_assert_cmpint (g_stat (path, &buf), ==, 0);
  return buf.st_mode & 0777;
}

/* Runs child->write in a forked process. Returns 0 when the write succeeded, 1 when it failed
 * with an error, CHILD_SKIP when the child could not be set up. */
static int
run_child (const Child *child)
{
  int status;
  pid_t pid;

  fflush (stdout);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      struct rlimit limit = { child->size_limit, child->size_limit };
      g_autoptr(GError) error = NULL;

      signal (SIGXFSZ, SIG_IGN);
      if (child->size_limit > 0 && setrlimit (RLIMIT_FSIZE, &limit) != 0)
        _exit (CHILD_SKIP);
      if (child->unprivileged && geteuid () == 0 && (setgid (65534) != 0 || setuid (65534) != 0))
        _exit (CHILD_SKIP);
      if (child->write (child->path, child->data, &error))
        _exit (0);
      /* _exit (): the child must not run the parent's atexit handlers or flush its output. */
      _exit (error != NULL && error->message[0] != '\0' ? 1 : 2);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

static gboolean
write_text (const char     *path,
            gconstpointer   data,
            GError        **error)
{
  return flitlab_file_write (path, data, strlen (data), error);
}

/* ---- the writer --------------------------------------------------------------------- */

static void
test_new_file (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *names = NULL;
  g_autoptr(GError) error = NULL;
  mode_t saved_umask = umask (027);

  /* As g_file_set_contents (): 0666 less the umask. */
  g_assert_true (flitlab_file_write (path, "a,b\n", 4, &error));
  umask (saved_umask);
  g_assert_no_error (error);
  assert_contents (path, "a,b\n", -1);
  g_assert_cmpuint (file_mode (path), ==, 0640);
  names = test_files_list_dir (dir);
  g_assert_cmpstr (names, ==, "out.csv");

  /* A shorter file replaces a longer one whole; an empty one is a file too. */
  g_assert_true (flitlab_file_write (path, "a", 1, &error));
  assert_contents (path, "a", -1);
  g_assert_true (flitlab_file_write (path, NULL, 0, &error));
  g_assert_no_error (error);
  assert_contents (path, "", -1);
  test_files_remove_tree (dir);
}

static void
test_keeps_mode (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "private.csv", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_cmpint (g_chmod (path, 0600), ==, 0);
  g_assert_true (flitlab_file_write (path, "new", 3, &error));
  g_assert_no_error (error);
  assert_contents (path, "new", -1);
  g_assert_cmpuint (file_mode (path), ==, 0600);

  /* Read-only for its owner too: still replaced (the folder is writable), still read-only. */
  g_assert_cmpint (g_chmod (path, 0444), ==, 0);
  g_assert_true (flitlab_file_write (path, "newer", 5, &error));
  g_assert_no_error (error);
  assert_contents (path, "newer", -1);
  g_assert_cmpuint (file_mode (path), ==, 0444);
  test_files_remove_tree (dir);
}

/* A link stays a link and the file it points to is replaced, through a chain of relative
 * links into another folder; the temporary is written there, beside the file. */
static void
test_symlink (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *sub = g_build_filename (dir, "sub", NULL);
  g_autofree char *real = g_build_filename (sub, "real.csv", NULL);
  g_autofree char *inner = g_build_filename (sub, "inner.csv", NULL);
  g_autofree char *link = g_build_filename (dir, "link.csv", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.csv", NULL);
  g_autofree char *target = NULL;
  g_autofree char *names = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  g_assert_true (g_file_set_contents (real, "old", -1, NULL));
  g_assert_cmpint (g_chmod (real, 0600), ==, 0);
  g_assert_cmpint (symlink ("real.csv", inner), ==, 0);
  g_assert_cmpint (symlink ("sub/inner.csv", link), ==, 0);

  g_assert_true (flitlab_file_write (link, "new", 3, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  g_assert_true (g_file_test (inner, G_FILE_TEST_IS_SYMLINK));
  target = g_file_read_link (link, NULL);
  g_assert_cmpstr (target, ==, "sub/inner.csv");
  assert_contents (real, "new", -1);
  g_assert_cmpuint (file_mode (real), ==, 0600);
  names = test_files_list_dir (sub);
  g_assert_cmpstr (names, ==, "inner.csv real.csv");
  g_clear_pointer (&names, g_free);

  /* A link to a file not yet there: the file is made where the link points. */
  g_assert_cmpint (symlink ("sub/made.csv", dangling), ==, 0);
  g_assert_true (flitlab_file_write (dangling, "made", 4, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (dangling, G_FILE_TEST_IS_SYMLINK));
  assert_contents (dangling, "made", -1);
  names = test_files_list_dir (dir);
  g_assert_cmpstr (names, ==, "dangling.csv link.csv sub");
  test_files_remove_tree (dir);
}

/* A killed write leaves its temporary; the next write to the same file removes it. */
static void
test_stale_temporary (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *tmp = g_build_filename (dir, ".out.csv.flitlab-tmp", NULL);
  g_autofree char *names = NULL;
  g_autoptr(GError) error = NULL;
  int status;
  pid_t pid;

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  /* As a write does it: the temporary is created and locked, half written, and the process
   * is killed; the kernel drops its lock. */
  fflush (stdout);
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      int fd = open (tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);

      if (fd < 0 || flock (fd, LOCK_EX) != 0 || write (fd, "half", 4) != 4)
        _exit (CHILD_SKIP);
      raise (SIGKILL);
    }
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFSIGNALED (status) && WTERMSIG (status) == SIGKILL);
  names = test_files_list_dir (dir);
  g_assert_cmpstr (names, ==, ".out.csv.flitlab-tmp out.csv");
  g_clear_pointer (&names, g_free);

  g_assert_true (flitlab_file_write (path, "new", 3, &error));
  g_assert_no_error (error);
  assert_contents (path, "new", -1);
  names = test_files_list_dir (dir);
  g_assert_cmpstr (names, ==, "out.csv");
  test_files_remove_tree (dir);
}

/* A temporary that another write holds is not taken from it: an error, both files kept. */
static void
test_busy_temporary (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *tmp = g_build_filename (dir, ".out.csv.flitlab-tmp", NULL);
  g_autoptr(GError) error = NULL;
  int fd;

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  fd = open (tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (flock (fd, LOCK_EX), ==, 0);
  g_assert_cmpint (write (fd, "theirs", 6), ==, 6);

  g_assert_false (flitlab_file_write (path, "new", 3, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, "in progress"));
  assert_contents (path, "old", -1);
  assert_contents (tmp, "theirs", -1);
  close (fd);
  test_files_remove_tree (dir);
}

static void
test_full_disk (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *big = g_strnfill (10000, 'x');
  g_autofree char *names = NULL;
  Child child = { write_text, big, path, 4096, FALSE };

  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_cmpint (run_child (&child), ==, 1);
  assert_contents (path, "old", -1);
  names = test_files_list_dir (dir);
  g_assert_cmpstr (names, ==, "out.csv");
  test_files_remove_tree (dir);
}

/* Root writes into any folder, so the child becomes nobody to meet a read-only one. */
static void
test_read_only_directory (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *old = g_build_filename (dir, "old.csv", NULL);
  g_autofree char *fresh = g_build_filename (dir, "new.csv", NULL);
  g_autofree char *names = NULL;
  Child child = { write_text, "new", old, 0, TRUE };
  int status;

  g_assert_true (g_file_set_contents (old, "old", -1, NULL));
  g_assert_cmpint (g_chmod (old, 0666), ==, 0);
  g_assert_cmpint (g_chmod (dir, 0555), ==, 0);

  /* The old file itself is writable; the folder is not, and it is not replaced either. */
  status = run_child (&child);
  if (status == CHILD_SKIP)
    {
      g_test_skip ("cannot run as an unprivileged user");
      test_files_remove_tree (dir);
      return;
    }
  g_assert_cmpint (status, ==, 1);
  child.path = fresh;
  g_assert_cmpint (run_child (&child), ==, 1);
  assert_contents (old, "old", -1);
  names = test_files_list_dir (dir);
  g_assert_cmpstr (names, ==, "old.csv");
  test_files_remove_tree (dir);
}

/* ---- checked before the work (issue #33) -------------------------------------------- */

static gboolean
check_path (const char     *path,
            gconstpointer   data,
            GError        **error)
{
  return flitlab_file_check (path, error);
}

/* The check says what the write would: a read-only folder (as nobody), a directory and a
 * missing folder fail; a FIFO passes untouched; a killed write's temporary is removed and
 * nothing else is left. */
static void
test_check (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *locked = g_build_filename (dir, "locked", NULL);
  g_autofree char *in_locked = g_build_filename (locked, "new.csv", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo", NULL);
  g_autofree char *missing = g_build_filename (dir, "no", "new.csv", NULL);
  g_autofree char *path = g_build_filename (dir, "out.csv", NULL);
  g_autofree char *stale = g_build_filename (dir, ".out.csv.flitlab-tmp", NULL);
  g_autofree char *names = NULL;
  g_autoptr(GError) error = NULL;
  Child child = { check_path, NULL, in_locked, 0, TRUE };
  GStatBuf st;
  int status;

  g_assert_cmpint (g_mkdir (locked, 0555), ==, 0);
  status = run_child (&child);
  g_assert_true (status == 1 || status == CHILD_SKIP);

  g_assert_false (flitlab_file_check (dir, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR);
  g_assert_nonnull (strstr (error->message, "a directory"));
  g_clear_error (&error);
  g_assert_false (flitlab_file_check (missing, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_clear_error (&error);

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_true (flitlab_file_check (fifo, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (fifo, &st), ==, 0);
  g_assert_true (S_ISFIFO (st.st_mode));

  g_assert_true (g_file_set_contents (stale, "left by a kill -9", -1, NULL));
  g_assert_true (flitlab_file_check (path, &error));
  g_assert_no_error (error);
  names = test_files_list_dir (dir);
  g_assert_cmpstr (names, ==, "fifo locked");
  g_assert_cmpint (g_chmod (locked, 0755), ==, 0);
  test_files_remove_tree (dir);
}

/* ---- projects ---------------------------------------------------------------------- */

/* A project named title, of about 400 bytes a study. */
static FlitlabProject *
make_project (const char *title,
              guint       n_studies)
{
  FlitlabProject *project = flitlab_project_new ();

  flitlab_project_set_title (project, title);
  for (guint i = 0; i < n_studies; i++)
    {
      g_autofree char *name = g_strdup_printf ("study %u", i);

      flitlab_project_insert_study (project, i, flitlab_study_new (name));
    }
  return project;
}

static gboolean
save_project (const char     *path,
              gconstpointer   data,
              GError        **error)
{
  return flitlab_project_save (data, path, error);
}

static void
assert_project_title (const char *path,
                      const char *title)
{
  g_autoptr(FlitlabProject) loaded = NULL;
  g_autoptr(GError) error = NULL;

  loaded = flitlab_project_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (flitlab_project_get_title (loaded), ==, title);
}

static void
test_project_full_disk (void)
{
  g_autoptr(FlitlabProject) old_project = make_project ("old", 1);
  g_autoptr(FlitlabProject) new_project = make_project ("new", 40);
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "p.flitlab", NULL);
  g_autofree char *before = NULL;
  g_autofree char *data = NULL;
  g_autofree char *names = NULL;
  Child child = { save_project, new_project, path, 4096, FALSE };
  gsize length, before_length;

  data = flitlab_project_to_data (new_project, &length);
  g_assert_cmpuint (length, >, 2 * child.size_limit);
  g_assert_true (flitlab_project_save (old_project, path, NULL));
  g_assert_true (g_file_get_contents (path, &before, &before_length, NULL));

  g_assert_cmpint (run_child (&child), ==, 1);
  assert_contents (path, before, before_length);
  names = test_files_list_dir (dir);
  g_assert_cmpstr (names, ==, "p.flitlab");
  test_files_remove_tree (dir);
}

static void
test_project_keeps_mode (void)
{
  g_autoptr(FlitlabProject) project = make_project ("private", 1);
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "p.flitlab", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (flitlab_project_save (project, path, &error));
  g_assert_cmpint (g_chmod (path, 0600), ==, 0);
  flitlab_project_set_title (project, "private, saved again");
  g_assert_true (flitlab_project_save (project, path, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (file_mode (path), ==, 0600);
  assert_project_title (path, "private, saved again");
  test_files_remove_tree (dir);
}

static void
test_project_symlink (void)
{
  g_autoptr(FlitlabProject) project = make_project ("first", 1);
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *real = g_build_filename (dir, "real.flitlab", NULL);
  g_autofree char *link = g_build_filename (dir, "link.flitlab", NULL);
  g_autofree char *target = NULL;
  g_autofree char *names = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (flitlab_project_save (project, real, &error));
  g_assert_cmpint (symlink ("real.flitlab", link), ==, 0);
  flitlab_project_set_title (project, "saved through the link");
  g_assert_true (flitlab_project_save (project, link, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (link, G_FILE_TEST_IS_SYMLINK));
  target = g_file_read_link (link, NULL);
  g_assert_cmpstr (target, ==, "real.flitlab");
  assert_project_title (real, "saved through the link");
  names = test_files_list_dir (dir);
  g_assert_cmpstr (names, ==, "link.flitlab real.flitlab");
  test_files_remove_tree (dir);
}

/* What a save killed half-way leaves (its lock died with it) is gone after the next save. */
static void
test_project_stale_temporary (void)
{
  g_autoptr(FlitlabProject) project = make_project ("saved", 1);
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "out.flitlab", NULL);
  g_autofree char *tmp = g_build_filename (dir, ".out.flitlab.flitlab-tmp", NULL);
  g_autofree char *names = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_set_contents (tmp, "<?xml version=\"1.0\"?>\n<flitlab-pro", -1, NULL));
  g_assert_true (flitlab_project_save (project, path, &error));
  g_assert_no_error (error);
  assert_project_title (path, "saved");
  names = test_files_list_dir (dir);
  g_assert_cmpstr (names, ==, "out.flitlab");
  test_files_remove_tree (dir);
}

/* ---- figures and CSV ---------------------------------------------------------------- */

static FlitlabPlot *
make_plot (const char *title)
{
  static const double x[] = { 0, 0.002, 0.004, 0.006, 0.008, 0.01 };
  static const double y[] = { 16, 17, 18.5, 21, 27, 45 };
  static const double ci[] = { 0.1, 0.2, 0.3, 0.5, 1.2, 4 };
  FlitlabPlot *plot = flitlab_plot_new (title, "Load (messages/cycle/node)", "Latency (cycles)");

  flitlab_plot_add_series (plot, "model", FLITLAB_PLOT_LINE, x, y, NULL, G_N_ELEMENTS (x));
  flitlab_plot_add_series (plot, "simulation", FLITLAB_PLOT_POINTS, x, y, ci, G_N_ELEMENTS (x));
  return plot;
}

static gboolean
export_plot (const char     *path,
             gconstpointer   data,
             GError        **error)
{
  return flitlab_render_plot_to_file (data, path, 640, 420, 2, error);
}

static gboolean
write_csv (const char     *path,
           gconstpointer   data,
           GError        **error)
{
  return flitlab_plot_write_csv (data, path, error);
}

/* An export that fails half-way, in each format, leaves the previous export as it was. */
static void
test_plot_full_disk (gconstpointer data)
{
  const char *extension = data;
  g_autoptr(FlitlabPlot) old_plot = make_plot ("the old figure");
  g_autoptr(FlitlabPlot) new_plot = make_plot ("the new figure");
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *name = g_strconcat ("fig.", extension, NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autofree char *before = NULL;
  g_autofree char *names = NULL;
  g_autoptr(GError) error = NULL;
  gboolean csv = g_str_equal (extension, "csv");
  Child child = { csv ? write_csv : export_plot, new_plot, path, csv ? 100 : 1024, FALSE };
  gsize length;

  g_assert_true (child.write (path, old_plot, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &before, &length, NULL));
  g_assert_cmpuint (length, >, 2 * child.size_limit);

  g_assert_cmpint (run_child (&child), ==, 1);
  assert_contents (path, before, length);
  names = test_files_list_dir (dir);
  g_assert_cmpstr (names, ==, name);
  test_files_remove_tree (dir);
}

static void
draw_broken (cairo_t  *cr,
             double    width,
             double    height,
             gpointer  data)
{
  cairo_rectangle (cr, 0, 0, width / 2, height / 2);
  cairo_fill (cr);
  /* A singular matrix puts cr in an error state: nothing more is drawn. */
  cairo_scale (cr, 0, 0);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
}

/* A cairo error fails the export with no file written, in each format. */
static void
test_render_cairo_error (void)
{
  static const char * const names[] = { "fig.svg", "fig.pdf", "fig.png" };
  g_autofree char *dir = test_files_make_dir ();

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autofree char *listed = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_true (g_file_set_contents (path, "the old figure", -1, NULL));
      g_assert_false (flitlab_render_to_file (path, 200, 100, 1, draw_broken, NULL, &error));
      g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_IO);
      g_assert_nonnull (strstr (error->message, path));
      assert_contents (path, "the old figure", -1);
      g_unlink (path);
      listed = test_files_list_dir (dir);
      g_assert_cmpstr (listed, ==, "");
    }
  test_files_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/flitlab/file-write/new-file", test_new_file);
  g_test_add_func ("/flitlab/file-write/keeps-mode", test_keeps_mode);
  g_test_add_func ("/flitlab/file-write/symlink", test_symlink);
  g_test_add_func ("/flitlab/file-write/check", test_check);
  g_test_add_func ("/flitlab/file-write/stale-temporary", test_stale_temporary);
  g_test_add_func ("/flitlab/file-write/busy-temporary", test_busy_temporary);
  g_test_add_func ("/flitlab/file-write/full-disk", test_full_disk);
  g_test_add_func ("/flitlab/file-write/read-only-directory", test_read_only_directory);
  g_test_add_func ("/flitlab/file-write/project/full-disk", test_project_full_disk);
  g_test_add_func ("/flitlab/file-write/project/keeps-mode", test_project_keeps_mode);
  g_test_add_func ("/flitlab/file-write/project/symlink", test_project_symlink);
  g_test_add_func ("/flitlab/file-write/project/stale-temporary", test_project_stale_temporary);
  g_test_add_data_func ("/flitlab/file-write/plot/full-disk-png", "png", test_plot_full_disk);
  g_test_add_data_func ("/flitlab/file-write/plot/full-disk-svg", "svg", test_plot_full_disk);
  g_test_add_data_func ("/flitlab/file-write/plot/full-disk-pdf", "pdf", test_plot_full_disk);
  g_test_add_data_func ("/flitlab/file-write/plot/full-disk-csv", "csv", test_plot_full_disk);
  g_test_add_func ("/flitlab/file-write/render/cairo-error", test_render_cairo_error);

  return g_test_run ();
}
