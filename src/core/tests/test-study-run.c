/* test-study-run.c: a study's models and simulation into its results
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "flitlab-input.h"
#include "flitlab-model.h"
#include "flitlab-study-run.h"

static FlitlabStudy *
torus_study (void)
{
  FlitlabStudy *study = flitlab_study_new ("6x6 torus");
  FlitlabStudyModel *model;

  flitlab_study_set_topology (study, "torus:6x6:bi", NULL);
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

  g_assert_true (flitlab_study_run_evaluate_models (study, &error));
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
      g_assert_true (curve->saturated[i] ==
                     (flitlab_study_table_get (curve, i, 0) > curve->saturation_rate));
    }
  g_assert_true (saw_stable && saw_saturated);
  g_assert_cmpuint (model->channels->len, >=, 1);
  g_assert_cmpuint (model->channels->len, <=, FLITLAB_STUDY_RUN_MAX_CHANNEL_LOADS);

  g_assert_true (flitlab_study_run_simulate (study, NULL, NULL, &error));
  g_assert_no_error (error);
  points = study->simulation.points;
  g_assert_nonnull (points);
  g_assert_cmpuint (points->n_rows, ==, 12);
  g_assert_cmpint (flitlab_study_table_find_column (points, "ci95"), ==, 2);
  g_assert_true (!points->saturated[0] && points->saturated[11]);
  g_assert_cmpstr (g_hash_table_lookup (points->info, "vcs"), ==, "2");
  g_assert_cmpuint (study->simulation.channels->len, >=, 1);
}

typedef struct
{
  GMutex              lock;
  FlitlabStudyTable  *rows;
  guint               progress_calls;
} Heard;

static gboolean
count_progress (double   fraction,
                double   seconds_left,
                gpointer data)
{
  Heard *heard = data;

  g_mutex_lock (&heard->lock);
  heard->progress_calls++;
  g_mutex_unlock (&heard->lock);
  return TRUE;
}

static void
keep_point (const double *row,
            gboolean      saturated,
            gpointer      data)
{
  Heard *heard = data;

  g_mutex_lock (&heard->lock);
  flitlab_study_table_append (heard->rows, row, saturated);
  g_mutex_unlock (&heard->lock);
}

/* Each load is heard as soon as it is done, with exactly the row the final table gets. */
static void
test_points_as_they_finish (void)
{
  g_autoptr(FlitlabStudy) study = torus_study ();
  g_autoptr(GError) error = NULL;
  Heard heard = { 0 };
  const FlitlabStudyTable *points;

  g_mutex_init (&heard.lock);
  heard.rows = flitlab_study_table_new (flitlab_study_run_points_columns ());
  study->simulation.threads = 2;
  g_assert_true (flitlab_study_run_simulate_with_points (study, count_progress, keep_point, &heard,
                                                         &error));
  g_assert_no_error (error);
  points = study->simulation.points;
  g_assert_cmpuint (heard.rows->n_rows, ==, points->n_rows);
  g_assert_cmpuint (heard.rows->n_columns, ==, points->n_columns);
  g_assert_cmpuint (heard.progress_calls, >, 0);
  for (guint i = 0; i < points->n_rows; i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; j < heard.rows->n_rows && !found; j++)
        if (flitlab_study_table_get (heard.rows, j, 0) == flitlab_study_table_get (points, i, 0))
          {
            found = TRUE;
            g_assert_true (heard.rows->saturated[j] == points->saturated[i]);
            for (guint c = 1; c < points->n_columns; c++)
              {
                double a = flitlab_study_table_get (heard.rows, j, c),
                       b = flitlab_study_table_get (points, i, c);

                g_assert_true ((isnan (a) && isnan (b)) || a == b);
              }
          }
      g_assert_true (found);
    }
  flitlab_study_table_free (heard.rows);
  g_mutex_clear (&heard.lock);
}

static void
test_errors_name_the_study (void)
{
  g_autoptr(FlitlabStudy) study = torus_study ();
  g_autoptr(GError) error = NULL;
  FlitlabStudyModel *model = study->models->pdata[0];

  g_hash_table_insert (model->params, g_strdup ("k"), g_strdup ("1"));
  g_assert_false (flitlab_study_run_evaluate_models (study, &error));
  g_assert_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER);
  g_assert_nonnull (strstr (error->message, "6x6 torus"));
  g_clear_error (&error);

  study->routing = FLITLAB_ROUTING_BACKTRACK;
  g_assert_false (flitlab_study_run_simulate (study, NULL, NULL, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
}

static FlitlabStudy *
study_of (const char     *topology,
          FlitlabRouting  routing)
{
  FlitlabStudy *study = flitlab_study_new ("fit");

  flitlab_study_set_topology (study, topology, NULL);
  study->routing = routing;
  study->flits = 12;
  return study;
}

/* model_id fits (topology, routing) with params name=value... (NULL-terminated pairs), or not
 * with an error containing needs. */
static void
check_fit (const char     *topology,
           FlitlabRouting  routing,
           const char     *model_id,
           const char     *needs,
           ...)
{
  g_autoptr(FlitlabStudy) study = study_of (topology, routing);
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GError) error = NULL;
  gboolean ok;
  va_list args;

  study->simulation.vcs = 5;
  study->simulation.node_buffers = 9;
  g_hash_table_insert (params, g_strdup ("variant"), g_strdup ("paper"));
  g_hash_table_insert (params, g_strdup ("n"), g_strdup ("7"));
  ok = flitlab_study_run_fit_model (study, model_id, params, &error);
  if (needs != NULL)
    {
      g_assert_false (ok);
      g_assert_nonnull (error);
      if (strstr (error->message, needs) == NULL)
        g_error ("%s on %s/%s: “%s” lacks “%s”", model_id, topology,
                 flitlab_routing_to_string (routing), error->message, needs);
      return;
    }
  g_assert_no_error (error);
  g_assert_true (ok);
  va_start (args, needs);
  for (const char *name = va_arg (args, const char *); name != NULL;
       name = va_arg (args, const char *))
    g_assert_cmpstr (g_hash_table_lookup (params, name), ==, va_arg (args, const char *));
  va_end (args);
}

static void
test_fit_model (void)
{
  check_fit ("torus:16x16x16:uni", FLITLAB_ROUTING_DOR, "ciciani-uni-torus", NULL,
             "k", "16x16x16", "flits", "12", NULL);
  check_fit ("torus:4x8:uni", FLITLAB_ROUTING_DOR, "ciciani-uni-torus", NULL, "k", "4x8", NULL);
  check_fit ("torus:6x6x6:bi", FLITLAB_ROUTING_DOR, "ciciani-bi-torus", NULL, "k", "6x6x6", NULL);
  check_fit ("torus:6x6x6:bi", FLITLAB_ROUTING_DOR, "ciciani-uni-torus", "uni-directional", NULL);
  check_fit ("torus:4x8:bi", FLITLAB_ROUTING_DOR, "ciciani-bi-torus", "same radix", NULL);
  check_fit ("torus:8x8:bi", FLITLAB_ROUTING_ADAPTIVE, "ciciani-bi-torus", "dimension-ordered",
             NULL);
  check_fit ("hypercube:10", FLITLAB_ROUTING_DOR, "ciciani-hypercube", NULL, "n", "10", NULL);
  check_fit ("mesh:8x8", FLITLAB_ROUTING_DOR, "greenberg-mesh", NULL, "k", "8x8", NULL);
  check_fit ("mesh:4x8", FLITLAB_ROUTING_DOR, "greenberg-mesh", "square", NULL);
  check_fit ("mesh:4x4x4", FLITLAB_ROUTING_DOR, "greenberg-mesh", "2D", NULL);
  check_fit ("torus:8x8:uni", FLITLAB_ROUTING_DOR, "greenberg-torus", NULL, "k", "8x8", NULL);
  check_fit ("torus:8x8:bi", FLITLAB_ROUTING_ADAPTIVE, "quaglia-adaptive-torus", NULL,
             "k", "8x8", NULL);
  /* The model's own range has the last word: k a multiple of 4. */
  check_fit ("torus:6x6:bi", FLITLAB_ROUTING_ADAPTIVE, "quaglia-adaptive-torus", "multiple of 4",
             NULL);
  check_fit ("necklace:3,4", FLITLAB_ROUTING_NECKLACE, "meraji-necklace", NULL,
             "n", "3", "k", "4", "vcs", "5", "variant", "paper", NULL);
  check_fit ("necklace:2:1,2,3,4", FLITLAB_ROUTING_NECKLACE, "meraji-necklace", "regular", NULL);
  check_fit ("hypercube:6", FLITLAB_ROUTING_BACKTRACK, "horng-kleinrock", NULL,
             "n", "6", "buffers", "9", NULL);
  check_fit ("hypercube:6", FLITLAB_ROUTING_BACKTRACK, "ciciani-hypercube", "e-cube", NULL);
  check_fit ("hypercube:12", FLITLAB_ROUTING_BACKTRACK, "horng-kleinrock", "buffers", NULL);
  check_fit ("torus:8x8:bi", FLITLAB_ROUTING_DOR, "no-such-model", "no-such-model", NULL);
  check_fit ("torus:1x8:bi", FLITLAB_ROUTING_DOR, "ciciani-bi-torus", "radix", NULL);
  /* general-wormhole: any torus, mesh or hypercube routed in dimension order, the study's
   * traffic; up to 256 nodes in the window. */
  check_fit ("torus:4x4x4:bi", FLITLAB_ROUTING_DOR, "general-wormhole", NULL,
             "topology", "torus:4x4x4:bi", "traffic", "uniform", "flits", "12", NULL);
  check_fit ("hypercube:6", FLITLAB_ROUTING_DOR, "general-wormhole", NULL,
             "topology", "hypercube:6", NULL);
  check_fit ("torus:8x8:bi", FLITLAB_ROUTING_ADAPTIVE, "general-wormhole", "dimension-ordered",
             NULL);
  check_fit ("mesh:32x32", FLITLAB_ROUTING_DOR, "general-wormhole", "256 nodes", NULL);

  {
    g_autoptr(FlitlabStudy) study = study_of ("torus:8x8:bi", FLITLAB_ROUTING_DOR);
    g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
    g_autoptr(GError) error = NULL;

    study->pattern = FLITLAB_TRAFFIC_TRANSPOSE;
    g_assert_false (flitlab_study_run_fit_model (study, "ciciani-bi-torus", params, &error));
    g_assert_nonnull (strstr (error->message, "uniform"));
    g_assert_true (flitlab_study_run_fit_model (study, "general-wormhole", params, NULL));
    g_assert_cmpstr (g_hash_table_lookup (params, "traffic"), ==, "transpose");
  }
  /* A network from a file routed up-then-down: the model gets its links, not only its path. */
  {
    static const char links[] = "6\n0 1\n0 3\n0 5\n1 2\n2 3\n3 4\n4 5\n";
    g_autofree char *path = NULL, *spec = NULL;
    int fd = g_file_open_tmp ("flitlab-fit-XXXXXX.txt", &path, NULL);

    g_assert_cmpint (fd, >=, 0);
    close (fd);
    g_assert_true (g_file_set_contents (path, links, -1, NULL));
    spec = g_strconcat ("file:", path, NULL);
    check_fit (spec, FLITLAB_ROUTING_UPDOWN, "general-wormhole", NULL,
               "topology", spec, "network", links, NULL);
    check_fit (spec, FLITLAB_ROUTING_SHORTEST, "general-wormhole", "up*/down*", NULL);
    g_assert_no_errno (g_remove (path));
  }
}

/* The study's message length reaches the model as the same number. Through a six-digit "%g" it
 * did not: 1234567 became 1.23457e+06, and the model refused a number nobody had typed. */
static void
test_fit_model_flits_exact (void)
{
  static const double lengths[] = { 1234567, 1234.5678, 12.000001, 0.1, 4095 };

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    {
      g_autoptr(FlitlabStudy) study = study_of ("torus:8x8:bi", FLITLAB_ROUTING_DOR);
      g_autoptr(GHashTable) params =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_autoptr(GError) error = NULL;
      const char *text;
      double back;
      gboolean ok;

      study->flits = lengths[i];
      ok = flitlab_study_run_fit_model (study, "ciciani-bi-torus", params, &error);
      text = g_hash_table_lookup (params, "flits");
      g_assert_nonnull (text);
      g_assert_true (flitlab_input_parse_number (text, -1, &back));
      g_assert_cmpfloat (back, ==, lengths[i]);
      /* Mean lengths from 1 to FLITLAB_MAX_FLITS fit, fractional ones too; the model says
       * which number it refuses, as given. */
      g_assert_cmpint (ok, ==, lengths[i] >= 1 && lengths[i] <= FLITLAB_MAX_FLITS);
      if (!ok)
        g_assert_nonnull (strstr (error->message, text));
    }
}

static void
check_simulation (const char     *topology,
                  FlitlabRouting  routing,
                  guint           vcs,
                  const char     *needs)
{
  g_autoptr(FlitlabStudy) study = study_of (topology, routing);
  g_autoptr(GError) error = NULL;

  study->simulation.vcs = vcs;
  study->simulation.node_buffers = 8;
  if (needs == NULL)
    {
      g_assert_true (flitlab_study_run_check_simulation (study, &error));
      g_assert_no_error (error);
    }
  else
    {
      g_assert_false (flitlab_study_run_check_simulation (study, &error));
      if (strstr (error->message, needs) == NULL)
        g_error ("%s/%s/%u: “%s” lacks “%s”", topology, flitlab_routing_to_string (routing),
                 vcs, error->message, needs);
    }
}

static void
test_check_simulation (void)
{
  check_simulation ("torus:8x8:bi", FLITLAB_ROUTING_DOR, 0, NULL);
  check_simulation ("torus:8x8:bi", FLITLAB_ROUTING_DOR, 4, NULL);
  check_simulation ("torus:8x8:bi", FLITLAB_ROUTING_DOR, 3, "even");
  check_simulation ("torus:8x8:bi", FLITLAB_ROUTING_ADAPTIVE, 2, "at least 3");
  check_simulation ("mesh:8x8", FLITLAB_ROUTING_NECKLACE, 0, "necklace");
  check_simulation ("necklace:3,4", FLITLAB_ROUTING_DOR, 0, "necklace routing");
  check_simulation ("hypercube:6", FLITLAB_ROUTING_BACKTRACK, 0, NULL);
  check_simulation ("hypercube:9", FLITLAB_ROUTING_BACKTRACK, 0, "at least n");
  check_simulation ("torus:8x8:bi", FLITLAB_ROUTING_BACKTRACK, 0, "hypercube");
  check_simulation ("torus:8x8:bi", FLITLAB_ROUTING_DOR, 100, "64");
}

/* Parameters compare as values: a square radix written once, numbers however written. */
static void
test_param_equal (void)
{
  g_assert_true (flitlab_study_run_param_equal ("8", "8x8"));
  g_assert_true (flitlab_study_run_param_equal ("8x8", "8"));
  g_assert_true (flitlab_study_run_param_equal ("6x6x6", "6"));
  g_assert_true (flitlab_study_run_param_equal ("12", "12.0"));
  g_assert_true (flitlab_study_run_param_equal ("16x16", "16x16"));
  g_assert_true (flitlab_study_run_param_equal ("paper", "paper"));
  g_assert_false (flitlab_study_run_param_equal ("8", "4x4"));
  g_assert_false (flitlab_study_run_param_equal ("4x8", "4"));
  g_assert_false (flitlab_study_run_param_equal ("4x8", "4x8x8"));
  g_assert_false (flitlab_study_run_param_equal ("12", "24"));
  g_assert_false (flitlab_study_run_param_equal ("paper", "consistent"));
  g_assert_false (flitlab_study_run_param_equal ("8", NULL));
}

/* A matrix parameter is shown by its size: its text holds every entry. */
static void
test_param_shown (void)
{
  g_autofree char *radix = flitlab_study_run_param_shown ("k", "8x8");
  g_autofree char *two = flitlab_study_run_param_shown ("matrix", "0,1\n1,0\n");
  g_autofree char *unended = flitlab_study_run_param_shown ("matrix", "0,1,2\n1,0,2\n2,1,0");

  g_assert_cmpstr (radix, ==, "8x8");
  g_assert_cmpstr (two, ==, "2×2");
  g_assert_cmpstr (unended, ==, "3×3");
  g_assert_null (flitlab_study_run_param_shown ("matrix", ""));
  g_assert_null (flitlab_study_run_param_shown ("network", ""));
}

/* The examples' models, written k="8" and flits="12", follow their study; one of another
 * network or length does not. */
static void
test_model_follows (void)
{
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("mesh");
  FlitlabStudyModel *model;

  flitlab_study_set_topology (study, "mesh:8x8", NULL);
  study->flits = 32;
  model = flitlab_study_add_model (study, "greenberg-mesh");
  g_hash_table_insert (model->params, g_strdup ("k"), g_strdup ("8"));
  g_hash_table_insert (model->params, g_strdup ("flits"), g_strdup ("32.0"));
  g_assert_true (flitlab_study_run_model_follows (study, model));
  g_hash_table_insert (model->params, g_strdup ("k"), g_strdup ("4"));
  g_assert_false (flitlab_study_run_model_follows (study, model));
  g_hash_table_insert (model->params, g_strdup ("k"), g_strdup ("8x8"));
  g_hash_table_insert (model->params, g_strdup ("flits"), g_strdup ("16"));
  g_assert_false (flitlab_study_run_model_follows (study, model));
  /* A model that does not describe the network at all. */
  model = flitlab_study_add_model (study, "quaglia-adaptive-torus");
  g_assert_false (flitlab_study_run_model_follows (study, model));
}

/* The drawn curve: dense, from the smallest load up to saturation or the top load. */
static void
test_model_curve (void)
{
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("torus");
  g_autoptr(FlitlabStudyTable) below = NULL;
  g_autoptr(FlitlabStudyTable) beyond = NULL;
  FlitlabStudyModel *model = flitlab_study_add_model (study, "ciciani-bi-torus");
  double saturation;

  g_assert_true (flitlab_study_run_fit_model (study, model->id, model->params, NULL));
  g_assert_true (flitlab_study_run_evaluate_models (study, NULL));
  saturation = model->curve->saturation_rate;
  g_assert_cmpfloat (saturation, >, 0);

  /* Top load below saturation: the curve ends there. */
  study->rate_min = 0.1 * saturation;
  study->rate_max = 0.5 * saturation;
  below = flitlab_study_run_model_curve (study, model, FLITLAB_STUDY_RUN_CURVE_POINTS, NULL);
  g_assert_cmpuint (below->n_rows, ==, FLITLAB_STUDY_RUN_CURVE_POINTS);
  g_assert_cmpuint (below->n_rows, >=, 200);
  g_assert_cmpfloat (flitlab_study_table_get (below, 0, 0), ==, study->rate_min);
  g_assert_cmpfloat_with_epsilon (flitlab_study_table_get (below, below->n_rows - 1, 0),
                                  study->rate_max, 1e-12);
  for (guint i = 0; i < below->n_rows; i++)
    g_assert_false (below->saturated[i]);

  /* Top load far beyond (a 32×32 torus's range): the curve stops at saturation. */
  study->rate_max = 10 * saturation;
  beyond = flitlab_study_run_model_curve (study, model, FLITLAB_STUDY_RUN_CURVE_POINTS, NULL);
  g_assert_cmpfloat_with_epsilon (flitlab_study_table_get (beyond, beyond->n_rows - 1, 0),
                                  saturation, 1e-12);
  g_assert_false (beyond->saturated[beyond->n_rows / 2]);
  g_assert_cmpfloat (flitlab_study_table_get (beyond, beyond->n_rows / 2, 1), >,
                     flitlab_study_table_get (beyond, 0, 1));
}

/* The deadlock lab as a study setting: one virtual channel on a torus is refused without it,
 * and with it the simulation runs to the deadlock, a saturated point. */
static void
test_allow_deadlock (void)
{
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("lab");
  g_autoptr(GError) error = NULL;
  const FlitlabStudyTable *points;

  flitlab_study_set_topology (study, "torus:4x4:bi", NULL);
  study->flits = 16;
  study->rate_min = study->rate_max = 0.05;
  study->n_rates = 1;
  study->simulation.enabled = TRUE;
  study->simulation.vcs = 1;
  study->simulation.replications = 2;
  study->simulation.cycles = 20000;
  study->simulation.threads = 1;
  g_assert_false (flitlab_study_run_simulate (study, NULL, NULL, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  study->simulation.allow_deadlock = TRUE;
  g_assert_true (flitlab_study_run_simulate (study, NULL, NULL, &error));
  g_assert_no_error (error);
  points = study->simulation.points;
  g_assert_cmpuint (points->n_rows, ==, 1);
  g_assert_true (points->saturated[0]);
}

static void
assert_tables_equal (const FlitlabStudyTable *a,
                     const FlitlabStudyTable *b)
{
  g_assert_nonnull (a);
  g_assert_nonnull (b);
  g_assert_cmpuint (a->n_rows, ==, b->n_rows);
  g_assert_cmpuint (a->n_columns, ==, b->n_columns);
  for (guint i = 0; i < a->n_rows; i++)
    {
      g_assert_true (a->saturated[i] == b->saturated[i]);
      for (guint c = 0; c < a->n_columns; c++)
        {
          double x = flitlab_study_table_get (a, i, c), y = flitlab_study_table_get (b, i, c);

          g_assert_true ((isnan (x) && isnan (y)) || x == y);
        }
    }
}

static FlitlabStudy *
backtrack_study (void)
{
  FlitlabStudy *study = flitlab_study_new ("4-cube");

  flitlab_study_set_topology (study, "hypercube:4", NULL);
  study->routing = FLITLAB_ROUTING_BACKTRACK;
  study->rate_min = 0.05;
  study->rate_max = 0.3;
  study->n_rates = 3;
  study->simulation.enabled = TRUE;
  study->simulation.node_buffers = 6;
  study->simulation.cycles = 3000;
  study->simulation.replications = 2;
  return study;
}

static gboolean
record_fraction (double   fraction,
                 double   seconds_left,
                 gpointer user_data)
{
  GArray *fractions = user_data;

  g_array_append_val (fractions, fraction);
  return TRUE;
}

/* Several studies' jobs on one pool give each study what it gets run alone, whatever the order
 * the jobs ran in; progress covers them all and never goes back; a study that cannot start
 * names itself, after the studies before it ran, and leaves every result as it was. */
static void
test_studies_on_one_pool (void)
{
  g_autoptr(FlitlabStudy) torus = torus_study (), cube = backtrack_study (), off = torus_study ();
  g_autoptr(FlitlabStudy) torus_alone = NULL, cube_alone = NULL;
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GError) error = NULL;
  FlitlabStudy *studies[3];

  off->simulation.enabled = FALSE;
  torus->simulation.threads = 1;  /* another study asks for every core: the pool has them */
  g_assert_true (flitlab_study_run_evaluate_models (torus, &error));
  g_assert_no_error (error);
  torus_alone = flitlab_study_copy (torus);
  cube_alone = flitlab_study_copy (cube);
  g_assert_true (flitlab_study_run_simulate (torus_alone, NULL, NULL, &error));
  g_assert_true (flitlab_study_run_simulate (cube_alone, NULL, NULL, &error));
  g_assert_no_error (error);

  studies[0] = cube;
  studies[1] = off;
  studies[2] = torus;
  g_assert_true (flitlab_study_run_simulate_studies (studies, 3, record_fraction, fractions,
                                                     &error));
  g_assert_no_error (error);
  assert_tables_equal (torus->simulation.points, torus_alone->simulation.points);
  assert_tables_equal (cube->simulation.points, cube_alone->simulation.points);
  g_assert_cmpuint (torus->simulation.channels->len, ==, torus_alone->simulation.channels->len);
  g_assert_cmpuint (cube->simulation.channels->len, ==, cube_alone->simulation.channels->len);
  g_assert_null (off->simulation.points);
  g_assert_cmpuint (fractions->len, >, 0);
  for (guint i = 0; i < fractions->len; i++)
    {
      double f = g_array_index (fractions, double, i);

      g_assert_cmpfloat (f, >=, 0);
      g_assert_cmpfloat (f, <=, 1);
      if (i > 0)
        g_assert_cmpfloat (f, >=, g_array_index (fractions, double, i - 1));
    }
  g_assert_cmpfloat (g_array_index (fractions, double, fractions->len - 1), ==, 1);

  /* The torus's routing cannot run on it: refused, named, and the cube before it kept as it was. */
  g_clear_pointer (&cube->simulation.points, flitlab_study_table_free);
  torus->routing = FLITLAB_ROUTING_BACKTRACK;
  g_assert_false (flitlab_study_run_simulate_studies (studies, 3, NULL, NULL, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "6x6 torus"));
  g_assert_null (cube->simulation.points);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/study-run/allow-deadlock", test_allow_deadlock);
  g_test_add_func ("/flitlab/study-run/studies-on-one-pool", test_studies_on_one_pool);
  g_test_add_func ("/flitlab/study-run/models-and-simulation", test_models_and_simulation);
  g_test_add_func ("/flitlab/study-run/errors-name-the-study", test_errors_name_the_study);
  g_test_add_func ("/flitlab/study-run/points-as-they-finish", test_points_as_they_finish);
  g_test_add_func ("/flitlab/study-run/fit-model", test_fit_model);
  g_test_add_func ("/flitlab/study-run/fit-model-flits-exact", test_fit_model_flits_exact);
  g_test_add_func ("/flitlab/study-run/param-equal", test_param_equal);
  g_test_add_func ("/flitlab/study-run/param-shown", test_param_shown);
  g_test_add_func ("/flitlab/study-run/model-follows", test_model_follows);
  g_test_add_func ("/flitlab/study-run/model-curve", test_model_curve);
  g_test_add_func ("/flitlab/study-run/check-simulation", test_check_simulation);
  return g_test_run ();
}
