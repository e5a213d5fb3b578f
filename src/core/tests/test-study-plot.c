/* test-study-plot.c: predict, then reveal: a guess weighed against the saturation loads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-study-plot.h"

/* A study whose model saturates at model_rate and whose simulation (when sim_rate is not 0)
 * carried every load below sim_rate and none from it on. */
static FlitlabStudy *
study_saturating (double model_rate,
                  double sim_rate)
{
  FlitlabStudy *study = flitlab_study_new ("guess");
  FlitlabStudyModel *model = flitlab_study_add_model (study, "ciciani-bi-torus");

  model->curve = flitlab_study_table_new (flitlab_study_curve_columns ());
  model->curve->saturation_rate = model_rate;
  if (sim_rate > 0)
    {
      const char * const *columns = flitlab_study_points_columns ();
      FlitlabStudyTable *points = flitlab_study_table_new (columns);
      g_autofree double *row = g_new0 (double, g_strv_length ((char **) columns));

      for (guint i = 1; i <= 10; i++)
        {
          row[0] = i * sim_rate / 5;
          row[1] = row[0] < sim_rate ? 10 * i : NAN;
          flitlab_study_table_append (points, row, !(row[0] < sim_rate));
        }
      study->simulation.points = points;
    }
  return study;
}

static void
test_guess_weighed (void)
{
  FlitlabStudy *study = study_saturating (0.05, 0.04);
  FlitlabPlot *plot = flitlab_study_plot_new (study, "latency");

  flitlab_study_plot_show_guess (plot, study, 0.03);
  g_assert_cmpfloat (plot->marker, ==, 0.03);
  /* 40% below the model's 0.05; 25% below the simulation's first load not carried, 0.04. */
  g_assert_nonnull (strstr (plot->title, "Guess 0.03"));
  g_assert_nonnull (strstr (plot->title, "0.05 (guess 40% low)"));
  g_assert_nonnull (strstr (plot->title, "0.04 (guess 25% low)"));
  flitlab_plot_free (plot);
  flitlab_study_free (study);
}

static void
test_guess_without_simulation (void)
{
  FlitlabStudy *study = study_saturating (0.05, 0);
  FlitlabPlot *plot = flitlab_study_plot_new (study, "latency");

  flitlab_study_plot_show_guess (plot, study, 0.06);
  g_assert_nonnull (strstr (plot->title, "0.05 (guess 20% high)"));
  g_assert_nonnull (strstr (plot->title, "simulation not run"));
  flitlab_plot_free (plot);
  flitlab_study_free (study);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/study-plot/guess-weighed", test_guess_weighed);
  g_test_add_func ("/flitlab/study-plot/guess-without-simulation", test_guess_without_simulation);
  return g_test_run ();
}
