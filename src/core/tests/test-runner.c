/* test-runner.c: a study's models and simulation into its results
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-model.h"
#include "flitlab-runner.h"

static FlitlabStudy *
torus_study (void)
{
  FlitlabStudy *study = flitlab_study_new ("6x6 torus");
  FlitlabStudyModel *model;

  g_free (study->topology);
  study->topology = g_strdup ("torus:6x6:bi");
  study->flits = 12;
  study->rate_min = 0.002;
  study->rate_max = 0.2;
  study->n_rates = 12;
  model = flitlab_study_add_model (study, "ciciani-bi-torus");
  g_hash_table_insert (model->params, g_strdup ("k"), g_strdup ("6x6"));
  g_hash_table_insert (model->params, g_strdup ("flits"), g_strdup ("12"));
  study->simulation.enabled = TRUE;
  study->simulation.cycles = 3000;
  study->simulation.replications = 2;
  study->simulation.vcs = 2;
  return study;
}

static void
test_models_and_simulation (void)
{
  g_autoptr(FlitlabStudy) study = torus_study ();
  g_autoptr(GError) error = NULL;
  FlitlabStudyModel *model = study->models->pdata[0];
  const FlitlabStudyTable *curve, *points;
  gboolean saw_stable = FALSE, saw_saturated = FALSE;

  g_assert_true (flitlab_runner_evaluate_models (study, &error));
  g_assert_no_error (error);
  curve = model->curve;
  g_assert_nonnull (curve);
  g_assert_cmpuint (curve->n_rows, ==, 12);
  g_assert_cmpfloat (curve->saturation_rate, >, 0.002);
  for (guint i = 0; i < curve->n_rows; i++)
    {
      double latency = flitlab_study_table_get (curve, i, 1);

      /* A row is either a real latency or saturated, never both, never a NaN shown as a value. */
      g_assert_true (curve->saturated[i] ? isnan (latency) : latency > 12);
      saw_stable |= !curve->saturated[i];
      saw_saturated |= curve->saturated[i];
      g_assert_true (curve->saturated[i] == (flitlab_study_table_get (curve, i, 0) > curve->saturation_rate));
    }
  g_assert_true (saw_stable && saw_saturated);
  g_assert_cmpuint (model->channels->len, >=, 1);
  g_assert_cmpuint (model->channels->len, <=, FLITLAB_RUNNER_MAX_CHANNEL_LOADS);

  g_assert_true (flitlab_runner_simulate (study, NULL, NULL, &error));
  g_assert_no_error (error);
  points = study->simulation.points;
  g_assert_nonnull (points);
  g_assert_cmpuint (points->n_rows, ==, 12);
  g_assert_cmpint (flitlab_study_table_find_column (points, "ci95"), ==, 2);
  g_assert_true (!points->saturated[0] && points->saturated[11]);
  g_assert_cmpstr (g_hash_table_lookup (points->info, "vcs"), ==, "2");
  g_assert_cmpuint (study->simulation.channels->len, >=, 1);
}

static void
test_errors_name_the_study (void)
{
  g_autoptr(FlitlabStudy) study = torus_study ();
  g_autoptr(GError) error = NULL;
  FlitlabStudyModel *model = study->models->pdata[0];

  g_hash_table_insert (model->params, g_strdup ("k"), g_strdup ("1"));
  g_assert_false (flitlab_runner_evaluate_models (study, &error));
  g_assert_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER);
  g_assert_nonnull (strstr (error->message, "6x6 torus"));
  g_clear_error (&error);

  g_free (study->routing);
  study->routing = g_strdup ("backtrack");
  g_assert_false (flitlab_runner_simulate (study, NULL, NULL, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/runner/models-and-simulation", test_models_and_simulation);
  g_test_add_func ("/flitlab/runner/errors-name-the-study", test_errors_name_the_study);
  return g_test_run ();
}
