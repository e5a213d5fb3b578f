/* test-study-plot.c: predict, then reveal: a guess weighed against the saturation loads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-study-run.h"
#include "flitlab-study-plot.h"

/* A study whose model saturates at model_rate and whose simulation (when sim_rate is not 0)
 * carried every load below sim_rate and none from it on. */
static FlitlabStudy *
study_saturating (double model_rate,
                  double sim_rate)
{
  FlitlabStudy *study = flitlab_study_new ("guess");
  FlitlabStudyModel *model = flitlab_study_add_model (study, "ciciani-bi-torus");

  g_assert_true (flitlab_study_run_fit_model (study, model->id, model->params, NULL));
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
  g_assert_nonnull (strstr (plot->title, "Guess 0.03 for the 8×8 torus, bi-directional"));
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

/* A model of another network, kept beside the study's own for comparison, is not what the
 * guess is scored against. */
static void
test_guess_own_network (void)
{
  FlitlabStudy *study = study_saturating (0.05, 0);
  FlitlabStudyModel *other = flitlab_study_model_new ("greenberg-mesh");
  FlitlabPlot *plot = flitlab_study_plot_new (study, "latency");

  g_hash_table_insert (other->params, g_strdup ("k"), g_strdup ("8"));
  g_hash_table_insert (other->params, g_strdup ("flits"), g_strdup ("16"));
  other->curve = flitlab_study_table_new (flitlab_study_curve_columns ());
  other->curve->saturation_rate = 0.01;
  g_ptr_array_insert (study->models, 0, other);
  flitlab_study_plot_show_guess (plot, study, 0.06);
  g_assert_nonnull (strstr (plot->title, "model 0.05 (guess 20% high)"));

  g_ptr_array_remove_index (study->models, 1);
  flitlab_study_plot_show_guess (plot, study, 0.06);
  g_assert_nonnull (strstr (plot->title, "model none"));
  flitlab_plot_free (plot);
  flitlab_study_free (study);
}

/* The model's saturation mark says when the simulation saturated far from it (more than 20%
 * apart), and only then. */
static void
test_far_from_simulation (void)
{
  FlitlabStudy *study = study_saturating (0.05, 0);
  FlitlabPlot *plot = flitlab_study_plot_new (study, "latency");
  double model = ((FlitlabPlotSeries *) plot->series->pdata[0])->saturation;
  const struct { double sim; const char *remark; } cases[] = {
    { 1.0 * model, NULL },   /* carried up to 0.8 of it, refused from it on */
    { 1.4 * model, NULL },   /* carried 1.12 of it: within 20% */
    { 2.0 * model, "far from the simulation's" },
    { 0.5 * model, "far from the simulation's" },
  };

  g_assert_true (model > 0);
  flitlab_plot_free (plot);
  flitlab_study_free (study);
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      const FlitlabPlotSeries *series;

      study = study_saturating (0.05, cases[c].sim);
      plot = flitlab_study_plot_new (study, "latency");
      series = plot->series->pdata[0];
      if (cases[c].remark == NULL)
        g_assert_null (series->saturation_remark);
      else
        {
          g_assert_nonnull (strstr (series->saturation_remark, cases[c].remark));
          g_assert_nonnull (strstr (series->label, series->saturation_remark));
        }
      flitlab_plot_free (plot);
      flitlab_study_free (study);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/study-plot/guess-weighed", test_guess_weighed);
  g_test_add_func ("/flitlab/study-plot/guess-without-simulation", test_guess_without_simulation);
  g_test_add_func ("/flitlab/study-plot/guess-own-network", test_guess_own_network);
  g_test_add_func ("/flitlab/study-plot/far-from-simulation", test_far_from_simulation);
  return g_test_run ();
}
