/* test-document.c: the document as the project's controller, without a window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "flitlab-document.h"
#include "flitlab-project-xml.h"

/* Counts of the document's signals, and the last run-finished's error. */
typedef struct
{
  FlitlabDocument *document;
  guint            studies_changed;
  guint            study_changed;
  guint            last_changed;
  guint            run_changed;
  guint            run_finished;
  GError          *finished_error;
} Fixture;

static void
on_studies_changed (FlitlabDocument *document,
                    Fixture         *f)
{
  f->studies_changed++;
}

static void
on_study_changed (FlitlabDocument *document,
                  guint            index,
                  Fixture         *f)
{
  f->study_changed++;
  f->last_changed = index;
}

static void
on_run_changed (FlitlabDocument *document,
                guint            index,
                Fixture         *f)
{
  f->run_changed++;
}

static void
on_run_finished (FlitlabDocument *document,
                 guint            index,
                 const GError    *error,
                 Fixture         *f)
{
  f->run_finished++;
  g_clear_error (&f->finished_error);
  f->finished_error = error != NULL ? g_error_copy (error) : NULL;
}

/* A 4×4 torus with the model of 000 for it and a short simulation. */
static FlitlabStudy *
torus_study (const char *name,
             double      flits)
{
  FlitlabStudy *study = flitlab_study_new (name);
  FlitlabStudyModel *model;

  flitlab_study_set_topology (study, "torus:4x4:bi", NULL);
  study->flits = flits;
  study->rate_min = 0.005;
  study->rate_max = 0.05;
  study->n_rates = 3;
  model = flitlab_study_add_model (study, "ciciani-bi-torus");
  g_hash_table_insert (model->params, g_strdup ("k"), g_strdup ("4x4"));
  g_hash_table_insert (model->params, g_strdup ("flits"), g_strdup_printf ("%g", flits));
  study->simulation.enabled = TRUE;
  study->simulation.cycles = 2000;
  study->simulation.warmup = 500;
  study->simulation.replications = 1;
  study->simulation.threads = 1;
  return study;
}

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->document = flitlab_document_new ();
  g_signal_connect (f->document, "studies-changed", G_CALLBACK (on_studies_changed), f);
  g_signal_connect (f->document, "study-changed", G_CALLBACK (on_study_changed), f);
  g_signal_connect (f->document, "run-changed", G_CALLBACK (on_run_changed), f);
  g_signal_connect (f->document, "run-finished", G_CALLBACK (on_run_finished), f);
  flitlab_document_insert_study (f->document, 0, torus_study ("4x4 torus", 12));
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  flitlab_document_stop_all (f->document);
  g_object_add_weak_pointer (G_OBJECT (f->document), (gpointer *) &f->document);
  g_object_unref (f->document);
  /* A stopped run keeps the document until it reports, within a load's simulation. */
  for (guint i = 0; f->document != NULL && i < 3000; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_null (f->document);
  g_clear_error (&f->finished_error);
}

static void
wait_for_finished (Fixture *f,
                   guint    count)
{
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (f->run_finished < count && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (f->run_finished, ==, count);
}

static double
first_latency (const FlitlabStudy *study)
{
  const FlitlabStudyModel *model = study->models->pdata[0];

  g_assert_nonnull (model->curve);
  return flitlab_study_table_get (model->curve, 0, 1);
}

/* An edit: one study-changed, its curve evaluated anew, modified until undone. */
static void
test_edit_and_undo (Fixture       *f,
                    gconstpointer  data)
{
  const FlitlabStudy *study = flitlab_document_get_study (f->document, 0);
  double before = first_latency (study);
  guint index = G_MAXUINT;
  FlitlabStudy *edited;
  FlitlabStudyModel *model;

  g_assert_true (flitlab_document_get_modified (f->document));
  g_assert_cmpuint (f->studies_changed, ==, 1);

  edited = flitlab_study_copy (study);
  edited->flits = 24;
  model = edited->models->pdata[0];
  g_hash_table_insert (model->params, g_strdup ("flits"), g_strdup ("24"));
  g_assert_true (flitlab_document_edit_study (f->document, 0, edited, NULL));
  g_assert_cmpuint (f->study_changed, ==, 1);
  g_assert_cmpuint (f->last_changed, ==, 0);
  g_assert_cmpuint (f->studies_changed, ==, 1);
  /* The same study, new contents. */
  g_assert_true (flitlab_document_get_study (f->document, 0) == study);
  g_assert_cmpfloat (study->flits, ==, 24);
  g_assert_cmpfloat (first_latency (study), >, before);
  g_assert_true (flitlab_document_get_can_undo (f->document));
  g_assert_false (flitlab_document_get_can_redo (f->document));

  g_assert_true (flitlab_document_undo (f->document, &index));
  g_assert_cmpuint (index, ==, 0);
  g_assert_cmpuint (f->study_changed, ==, 2);
  g_assert_cmpfloat (study->flits, ==, 12);
  g_assert_cmpfloat_with_epsilon (first_latency (study), before, 1e-12);
  g_assert_true (flitlab_document_get_can_redo (f->document));

  /* Undoing the insertion too: back to the empty project, unmodified. */
  g_assert_true (flitlab_document_undo (f->document, &index));
  g_assert_cmpuint (f->studies_changed, ==, 2);
  g_assert_cmpuint (flitlab_document_get_n_studies (f->document), ==, 0);
  g_assert_false (flitlab_document_get_modified (f->document));
  g_assert_false (flitlab_document_get_can_undo (f->document));
  g_assert_false (flitlab_document_undo (f->document, &index));

  g_assert_true (flitlab_document_redo (f->document, &index));
  g_assert_true (flitlab_document_redo (f->document, &index));
  g_assert_cmpfloat (flitlab_document_get_study (f->document, 0)->flits, ==, 24);
  g_assert_true (flitlab_document_get_modified (f->document));
}

/* A simulation of the 4×4 torus lands its results: study-changed, modified even after undo. */
static void
test_simulate (Fixture       *f,
               gconstpointer  data)
{
  const FlitlabStudy *study = flitlab_document_get_study (f->document, 0);
  g_autofree char *dir = g_dir_make_tmp ("flitlab-test-document-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "saved.flitlab", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  guint index;

  g_assert_true (flitlab_document_save (f->document, file, &error));
  g_assert_no_error (error);
  g_assert_false (flitlab_document_get_modified (f->document));

  flitlab_document_simulate (f->document, 0);
  g_assert_true (flitlab_document_get_running (f->document, 0, NULL, NULL));
  g_assert_cmpuint (f->run_changed, >=, 1);
  wait_for_finished (f, 1);
  g_assert_no_error (f->finished_error);
  g_assert_false (flitlab_document_get_running (f->document, 0, NULL, NULL));
  g_assert_nonnull (study->simulation.points);
  g_assert_cmpuint (study->simulation.points->n_rows, ==, 3);
  g_assert_cmpuint (f->study_changed, ==, 1);
  /* Results are not in the history: nothing to undo, yet unsaved. */
  g_assert_true (flitlab_document_get_modified (f->document));
  g_assert_true (flitlab_document_get_can_undo (f->document));
  g_assert_true (flitlab_document_undo (f->document, &index));
  g_assert_true (flitlab_document_redo (f->document, &index));
  g_assert_true (flitlab_document_get_modified (f->document));
  g_assert_nonnull (flitlab_document_get_study (f->document, 0)->simulation.points);

  g_assert_true (flitlab_document_save (f->document, NULL, &error));
  g_assert_false (flitlab_document_get_modified (f->document));
  g_assert_no_errno (g_remove (path));
  g_assert_no_errno (g_rmdir (dir));
}

/* An edit stops the study's simulation at once, and its results never land. */
static void
test_cancel_on_edit (Fixture       *f,
                     gconstpointer  data)
{
  const FlitlabStudy *study = flitlab_document_get_study (f->document, 0);
  FlitlabStudy *edited;

  flitlab_document_simulate (f->document, 0);
  edited = flitlab_study_copy (study);
  g_free (edited->name);
  edited->name = g_strdup ("renamed");
  flitlab_document_edit_study (f->document, 0, edited, NULL);
  g_assert_cmpuint (f->run_finished, ==, 1);
  g_assert_error (f->finished_error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (flitlab_document_get_running (f->document, 0, NULL, NULL));
  /* Long enough for the cancelled run to report: still nothing. */
  for (guint i = 0; i < 500; i++)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_cmpuint (f->run_finished, ==, 1);
  g_assert_null (study->simulation.points);
  g_assert_cmpstr (study->name, ==, "renamed");
}

/* Removing a study stops its simulation; undo brings it back without results. */
static void
test_cancel_on_remove (Fixture       *f,
                       gconstpointer  data)
{
  guint index;

  flitlab_document_simulate (f->document, 0);
  flitlab_document_remove_study (f->document, 0);
  g_assert_cmpuint (f->run_finished, ==, 1);
  g_assert_error (f->finished_error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (f->studies_changed, ==, 2);
  g_assert_true (flitlab_document_undo (f->document, &index));
  g_assert_cmpuint (flitlab_document_get_n_studies (f->document), ==, 1);
  g_assert_false (flitlab_document_get_running (f->document, 0, NULL, NULL));
  g_assert_null (flitlab_document_get_study (f->document, 0)->simulation.points);
}

/* A sweep's group: inserted and taken back as one step; simulated one study after another,
 * the next waiting its turn; one stopped while it waits ends at once, and the rest go on; an
 * undo of the group stops whatever of it still runs. */
static void
test_group (Fixture       *f,
            gconstpointer  data)
{
  GPtrArray *studies = g_ptr_array_new_with_free_func ((GDestroyNotify) flitlab_study_free);
  guint index;

  for (guint i = 0; i < 3; i++)
    {
      FlitlabStudy *study = torus_study ("", 8 + 4 * i);

      g_free (study->name);
      study->name = g_strdup_printf ("flits=%u", 8 + 4 * i);
      study->group = g_strdup ("4x4 torus: flits");
      g_ptr_array_add (studies, study);
    }
  flitlab_document_insert_studies (f->document, 1, studies);
  g_assert_cmpuint (flitlab_document_get_n_studies (f->document), ==, 4);
  g_assert_cmpuint (f->studies_changed, ==, 2);

  flitlab_document_simulate_group (f->document, 1, 3);
  for (guint i = 1; i <= 3; i++)
    g_assert_true (flitlab_document_get_running (f->document, i, NULL, NULL));
  g_assert_false (flitlab_document_get_waiting (f->document, 1));
  g_assert_true (flitlab_document_get_waiting (f->document, 2));
  g_assert_true (flitlab_document_get_waiting (f->document, 3));
  flitlab_document_stop (f->document, 2);
  g_assert_cmpuint (f->run_finished, ==, 1);
  g_assert_error (f->finished_error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  wait_for_finished (f, 3);
  g_assert_no_error (f->finished_error);
  g_assert_nonnull (flitlab_document_get_study (f->document, 1)->simulation.points);
  g_assert_null (flitlab_document_get_study (f->document, 2)->simulation.points);
  g_assert_nonnull (flitlab_document_get_study (f->document, 3)->simulation.points);

  flitlab_document_simulate_group (f->document, 1, 3);
  g_assert_true (flitlab_document_undo (f->document, &index));
  g_assert_cmpuint (index, ==, 1);
  g_assert_cmpuint (flitlab_document_get_n_studies (f->document), ==, 1);
  g_assert_false (flitlab_document_get_running (f->document, 0, NULL, NULL));
  g_assert_true (flitlab_document_redo (f->document, &index));
  g_assert_cmpuint (flitlab_document_get_n_studies (f->document), ==, 4);
  for (guint i = 1; i <= 3; i++)
    g_assert_false (flitlab_document_get_running (f->document, i, NULL, NULL));
  flitlab_document_remove_studies (f->document, 1, 3);
  g_assert_cmpuint (flitlab_document_get_n_studies (f->document), ==, 1);
  g_assert_true (flitlab_document_undo (f->document, &index));
  g_assert_cmpstr (flitlab_document_get_study (f->document, 3)->name, ==, "flits=16");
}

/* The document goes as soon as its last holder lets go, even with a simulation stopped
 * mid-run (the tear-down checks it with a weak pointer). */
static void
test_finalize_while_running (Fixture       *f,
                             gconstpointer  data)
{
  flitlab_document_insert_study (f->document, 1, torus_study ("second", 16));
  flitlab_document_simulate (f->document, 0);
  flitlab_document_simulate (f->document, 1);
  g_assert_true (flitlab_document_get_running (f->document, 1, NULL, NULL));
}

/* File ▸ Open of a BookSim configuration: a new, unsaved project of its one study, with no file
 * (saving asks where) and the unknown key as its warning; a broken project is still a
 * project's error, not BookSim's, and a file that is neither says so. */
static void
test_open_booksim (void)
{
  g_autofree char *dir = g_dir_make_tmp ("flitlab-test-document-XXXXXX", NULL);
  g_autofree char *config = g_build_filename (dir, "torus44", NULL);
  g_autofree char *broken = g_build_filename (dir, "broken.cfg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (config);
  g_autoptr(GFile) broken_file = g_file_new_for_path (broken);
  g_autoptr(FlitlabDocument) document = NULL;
  g_autoptr(FlitlabDocument) none = NULL;
  g_autoptr(GError) error = NULL;
  const FlitlabStudy *study;

  g_assert_true (g_file_set_contents (config, "// a 4x4 torus\ntopology = torus;\nk = 4;\n"
                                      "n = 2;\nrouting_function = dim_order;\n"
                                      "no_such_key = 3;\n", -1, NULL));
  document = flitlab_document_new_for_file (file, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (flitlab_document_get_n_studies (document), ==, 1);
  study = flitlab_document_get_study (document, 0);
  g_assert_cmpstr (study->topology, ==, "torus:4x4:bi");
  g_assert_null (flitlab_document_get_file (document));
  g_assert_true (flitlab_document_get_modified (document));
  g_assert_nonnull (flitlab_document_get_warning (document));
  g_assert_nonnull (strstr (flitlab_document_get_warning (document), "no_such_key"));

  g_assert_true (g_file_set_contents (broken, "<flitlab-project format=\"1\">\n<study", -1, NULL));
  none = flitlab_document_new_for_file (broken_file, &error);
  g_assert_null (none);
  g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_PARSE);
  g_clear_error (&error);

  /* Neither: the error says so. */
  g_assert_true (g_file_set_contents (broken, "hello world\n", -1, NULL));
  none = flitlab_document_new_for_file (broken_file, &error);
  g_assert_null (none);
  g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_PARSE);
  g_assert_nonnull (strstr (error->message, "BookSim"));
  g_assert_no_errno (g_remove (config));
  g_assert_no_errno (g_remove (broken));
  g_assert_no_errno (g_rmdir (dir));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/document/edit-and-undo", Fixture, NULL, fixture_set_up, test_edit_and_undo,
              fixture_tear_down);
  g_test_add ("/document/simulate", Fixture, NULL, fixture_set_up, test_simulate,
              fixture_tear_down);
  g_test_add ("/document/cancel-on-edit", Fixture, NULL, fixture_set_up, test_cancel_on_edit,
              fixture_tear_down);
  g_test_add ("/document/cancel-on-remove", Fixture, NULL, fixture_set_up, test_cancel_on_remove,
              fixture_tear_down);
  g_test_add ("/document/group", Fixture, NULL, fixture_set_up, test_group, fixture_tear_down);
  g_test_add ("/document/finalize-while-running", Fixture, NULL, fixture_set_up,
              test_finalize_while_running, fixture_tear_down);
  g_test_add_func ("/document/open-booksim", test_open_booksim);
  return g_test_run ();
}
