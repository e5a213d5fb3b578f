/* test-sweep-dialog.c: New Sweep makes the studies flitlab-cli grid makes from the same values;
 * its summary counts them or says why it cannot
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "flitlab-project-xml.h"
#include "flitlab-sweep-dialog.h"

static const char *cli; /* flitlab-cli, the first argument */

static FlitlabStudy *
base_study (void)
{
  FlitlabStudy *study = flitlab_study_new ("small torus");
  FlitlabStudyModel *model = flitlab_study_add_model (study, "ciciani-bi-torus");

  flitlab_study_set_topology (study, "torus:4x4:bi", NULL);
  study->flits = 8;
  study->simulation.enabled = TRUE;
  study->simulation.vcs = 2;
  study->simulation.cycles = 2000;
  g_hash_table_insert (model->params, g_strdup ("k"), g_strdup ("4x4"));
  g_hash_table_insert (model->params, g_strdup ("flits"), g_strdup ("8"));
  return study;
}

static void
on_create (FlitlabSweepDialog *dialog,
           GPtrArray          *studies,
           GPtrArray         **out)
{
  *out = studies;
}

/* The rows as a user sets them: a list, a range, check buttons; the same --vary given to
 * flitlab-cli grid makes the same studies, in the same order, of the same names and group. */
static void
test_same_as_grid (void)
{
  g_autoptr(FlitlabStudy) study = base_study ();
  g_autoptr(FlitlabProject) project = flitlab_project_new ();
  g_autoptr(FlitlabProject) grid = NULL;
  g_autoptr(GPtrArray) made = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("flitlab-sweep-XXXXXX", NULL);
  g_autofree char *base_path = g_build_filename (dir, "base.flitlab", NULL);
  g_autofree char *grid_path = g_build_filename (dir, "grid.flitlab", NULL);
  g_auto(GStrv) vary = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  FlitlabSweepDialog *dialog = flitlab_sweep_dialog_new (NULL, study);
  int status;

  g_object_ref_sink (dialog);
  g_signal_connect (dialog, "create", G_CALLBACK (on_create), &made);
  flitlab_sweep_dialog_add (dialog, "flits", "8..16:8");
  flitlab_sweep_dialog_add (dialog, "length", "fixed,exponential");
  flitlab_sweep_dialog_add (dialog, "pattern", "uniform,transpose");
  vary = flitlab_sweep_dialog_dup_vary (dialog, &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (vary, ((const char * const[]) { "vcs=2", "flits=8,16",
                                                    "length=fixed,exponential",
                                                    "pattern=uniform,transpose", NULL }));
  g_assert_true (g_str_has_prefix (flitlab_sweep_dialog_get_summary (dialog),
                                  "8 studies, about "));
  flitlab_sweep_dialog_create (dialog);
  g_assert_nonnull (made);
  g_assert_cmpuint (made->len, ==, 8);

  flitlab_project_insert_study (project, 0, flitlab_study_copy (study));
  g_assert_true (flitlab_project_save (project, base_path, &error));
  g_ptr_array_add (argv, (gpointer) cli);
  g_ptr_array_add (argv, "grid");
  g_ptr_array_add (argv, base_path);
  g_ptr_array_add (argv, "--study");
  g_ptr_array_add (argv, study->name);
  for (guint i = 0; vary[i] != NULL; i++)
    {
      g_ptr_array_add (argv, "--vary");
      g_ptr_array_add (argv, vary[i]);
    }
  g_ptr_array_add (argv, "--output");
  g_ptr_array_add (argv, grid_path);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  grid = flitlab_project_load (grid_path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (flitlab_project_get_n_studies (grid), ==, made->len);
  for (guint i = 0; i < made->len; i++)
    {
      FlitlabStudy *ours = made->pdata[i], *theirs = flitlab_project_get_study (grid, i);

      g_assert_cmpstr (ours->name, ==, theirs->name);
      g_assert_cmpstr (ours->group, ==, "small torus: vcs × flits × length × pattern");
      g_assert_true (flitlab_study_same_settings (ours, theirs));
    }
  g_unlink (base_path);
  g_unlink (grid_path);
  g_rmdir (dir);
  g_object_unref (dialog);
}

/* What cannot be made is said, and Create does nothing. */
static void
test_refused (void)
{
  g_autoptr(FlitlabStudy) study = base_study ();
  const struct
  {
    const char *key, *values, *says;
  } cases[] = {
    { "vcs", "3", "Virtual channels is chosen twice" },
    { "flits", "8..4", "“8..4” is not a range" },
    { "flits", "1..5000", "“1..5000” gives more than 1000 values" },
    { "buffer", "", "Flit buffer depth: give at least one value" },
    { "flits", "1..600", "That makes 600 studies" },
    { "buffer", "0", "" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      FlitlabSweepDialog *dialog = g_object_ref_sink (flitlab_sweep_dialog_new (NULL, study));
      GPtrArray *made = NULL;
      const char *summary;

      g_signal_connect (dialog, "create", G_CALLBACK (on_create), &made);
      flitlab_sweep_dialog_add (dialog, cases[c].key, cases[c].values);
      summary = flitlab_sweep_dialog_get_summary (dialog);
      g_test_message ("%s=%s: %s", cases[c].key, cases[c].values, summary);
      g_assert_true (strstr (summary, cases[c].says) != NULL);
      g_assert_false (g_str_has_suffix (summary, "cores"));
      flitlab_sweep_dialog_create (dialog);
      g_assert_null (made);
      gtk_window_destroy (GTK_WINDOW (dialog));
      g_object_unref (dialog);
    }
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 2);
  cli = argv[1];
  g_test_add_func ("/flitlab/sweep-dialog/same-as-grid", test_same_as_grid);
  g_test_add_func ("/flitlab/sweep-dialog/refused", test_refused);
  return g_test_run ();
}
