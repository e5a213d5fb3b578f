/* test-project-matrix.c: a study's traffic matrix in a project file, inline and by file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "flitlab-file-write.h"
#include "flitlab-matrix-file.h"
#include "flitlab-project-xml.h"
#include "flitlab-study-run.h"
#include "test-files.h"

static FlitlabTrafficMatrix *
pattern_matrix (const char            *spec,
                FlitlabTrafficPattern  pattern)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (spec, NULL);
  g_autoptr(FlitlabTraffic) traffic = flitlab_traffic_new (topology, pattern, 0.1, 0, NULL);

  return flitlab_traffic_to_matrix (traffic, NULL);
}

static FlitlabProject *
matrix_project (const char           *spec,
                FlitlabTrafficMatrix *matrix,
                const char           *file,
                const char           *sha256)
{
  FlitlabProject *project = flitlab_project_new ();
  FlitlabStudy *study = flitlab_study_new ("m");

  g_assert_true (flitlab_study_set_topology (study, spec, NULL));
  study->pattern = FLITLAB_TRAFFIC_MATRIX;
  flitlab_study_set_matrix (study, matrix, file, sha256);
  study->simulation.enabled = TRUE;
  study->simulation.cycles = 200;
  study->simulation.replications = 1;
  flitlab_project_insert_study (project, G_MAXUINT, study);
  return project;
}

static void
write_text (const char *path,
            const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (flitlab_file_write (path, text, strlen (text), &error));
  g_assert_no_error (error);
}

/* Up to 64 nodes the matrix is in the project itself and reads back the same. */
static void
test_inline (void)
{
  g_autoptr(FlitlabTrafficMatrix) matrix = pattern_matrix ("torus:4x4:bi",
                                                           FLITLAB_TRAFFIC_TRANSPOSE);
  g_autoptr(FlitlabProject) project = matrix_project ("torus:4x4:bi", matrix, NULL, NULL);
  g_autoptr(FlitlabProject) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  const FlitlabStudy *study;
  gsize length;

  data = flitlab_project_to_data (project, &length);
  g_assert_nonnull (strstr (data, "<traffic pattern=\"matrix\""));
  g_assert_nonnull (strstr (data, "<matrix>\n0,0,0,0"));
  loaded = flitlab_project_load_from_data (data, length, "inline", &error);
  g_assert_no_error (error);
  study = flitlab_project_get_study (loaded, 0);
  g_assert_cmpint (study->pattern, ==, FLITLAB_TRAFFIC_MATRIX);
  g_assert_true (flitlab_traffic_matrix_equal (study->matrix, matrix));
  g_assert_null (study->matrix_file);
  g_assert_true (flitlab_study_same_settings (study, flitlab_project_get_study (project, 0)));
}

/* A larger one by its file, relative to the project's folder wherever the project is saved;
 * a changed or missing file is kept, named, and refused at run time. */
static void
test_file (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *folder = g_build_filename (dir, "traffic", NULL);
  g_autofree char *csv_path = g_build_filename (folder, "tornado.csv", NULL);
  g_autofree char *project_dir = g_build_filename (dir, "p", NULL);
  g_autofree char *path = g_build_filename (project_dir, "p.flitlab", NULL);
  g_autofree char *deeper = g_build_filename (dir, "q", "r", "p.flitlab", NULL);
  g_autoptr(FlitlabTrafficMatrix) matrix = pattern_matrix ("torus:12x12:bi",
                                                           FLITLAB_TRAFFIC_TORNADO);
  g_autoptr(FlitlabTrafficMatrix) read = NULL;
  g_autoptr(FlitlabProject) project = NULL;
  g_autoptr(FlitlabProject) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *csv = flitlab_traffic_matrix_to_csv (matrix, TRUE, NULL);
  g_autofree char *sha256 = NULL;
  g_autofree char *text = NULL;
  g_autofree char *other = NULL;
  FlitlabStudy *study;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (project_dir, 0700), ==, 0);
  write_text (csv_path, csv);
  read = flitlab_matrix_file_load (csv_path, &sha256, &error);
  g_assert_no_error (error);
  g_assert_true (flitlab_traffic_matrix_equal (read, matrix));
  project = matrix_project ("torus:12x12:bi", read, csv_path, sha256);

  g_assert_true (flitlab_project_save (project, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "<matrix file=\"../traffic/tornado.csv\" sha256=\""));
  g_assert_nonnull (strstr (text, sha256));
  loaded = flitlab_project_load (path, &error);
  g_assert_no_error (error);
  study = flitlab_project_get_study (loaded, 0);
  g_assert_null (study->matrix_error);
  g_assert_true (flitlab_traffic_matrix_equal (study->matrix, matrix));

  /* Saved elsewhere: the path follows. */
  {
    g_autofree char *deeper_dir = g_path_get_dirname (deeper);

    g_assert_cmpint (g_mkdir_with_parents (deeper_dir, 0700), ==, 0);
  }
  g_assert_true (flitlab_project_save (loaded, deeper, &error));
  g_assert_no_error (error);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (deeper, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "file=\"../../traffic/tornado.csv\""));

  /* Changed: another valid matrix of the same size. */
  {
    g_autoptr(FlitlabTrafficMatrix) neighbour = pattern_matrix ("torus:12x12:bi",
                                                                FLITLAB_TRAFFIC_NEIGHBOUR);

    other = flitlab_traffic_matrix_to_csv (neighbour, TRUE, NULL);
  }
  write_text (csv_path, other);
  g_clear_pointer (&loaded, flitlab_project_free);
  loaded = flitlab_project_load (path, &error);
  g_assert_no_error (error);
  study = flitlab_project_get_study (loaded, 0);
  g_assert_null (study->matrix);
  g_assert_error (study->matrix_error, FLITLAB_TRAFFIC_MATRIX_ERROR,
                  FLITLAB_TRAFFIC_MATRIX_ERROR_CHANGED);
  g_assert_false (flitlab_study_run_simulate (study, NULL, NULL, &error));
  g_assert_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR, FLITLAB_TRAFFIC_MATRIX_ERROR_CHANGED);
  g_assert_nonnull (strstr (error->message, "tornado.csv"));
  g_clear_error (&error);
  /* Saved again, it still names the file and the checksum it was saved with. */
  g_assert_true (flitlab_project_save (loaded, path, &error));
  g_assert_no_error (error);
  g_clear_pointer (&text, g_free);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, sha256));

  /* Missing. */
  g_assert_cmpint (g_remove (csv_path), ==, 0);
  g_clear_pointer (&loaded, flitlab_project_free);
  loaded = flitlab_project_load (path, &error);
  g_assert_no_error (error);
  study = flitlab_project_get_study (loaded, 0);
  g_assert_error (study->matrix_error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_false (flitlab_study_run_simulate (study, NULL, NULL, &error));
  g_assert_nonnull (strstr (error->message, "tornado.csv"));
  test_files_remove_tree (dir);
}

/* An inline matrix that is no matrix for the network: the project is refused at its line. */
static void
test_bad_inline (void)
{
  static const struct
  {
    const char *pattern;
    const char *matrix;
    const char *says;
  } cases[] = {
    { "matrix", "<matrix>1,1\n1,0</matrix>", "diagonal" },
    { "matrix", "<matrix>0,1,1\n1,0,1\n1,1,0</matrix>", "the network has 2 nodes" },
    { "matrix", "<matrix>0,-1\n1,0</matrix>", "non-negative" },
    { "matrix", "<matrix>0,0\n0,0</matrix>", "zero" },
    { "matrix", "", "no traffic matrix" },
    { "uniform", "<matrix>0,1\n1,0</matrix>", "belongs to the traffic pattern" },
    { "matrix", "<matrix file=\"m.csv\"/>", "sha256" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf (
        "<flitlab-project format=\"1\"><study name=\"s\">"
        "<network topology=\"torus:2:bi\" routing=\"dor\"/>"
        "<traffic pattern=\"%s\" length=\"fixed\" flits=\"1\"/>%s"
        "<load min=\"0\" max=\"0\" count=\"1\"/></study></flitlab-project>",
        cases[i].pattern, cases[i].matrix);
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabProject) project =
        flitlab_project_load_from_data (text, strlen (text), "bad", &error);

      g_test_message ("case %u: %s", i, error != NULL ? error->message : "(accepted)");
      g_assert_null (project);
      g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, cases[i].says));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/project/matrix/inline", test_inline);
  g_test_add_func ("/flitlab/project/matrix/file", test_file);
  g_test_add_func ("/flitlab/project/matrix/bad-inline", test_bad_inline);
  return g_test_run ();
}
