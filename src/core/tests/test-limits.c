/* test-limits.c: each fact of a study is checked once, with one range (issue #29): the study's
 * check (which the editor calls), the simulator's, the runner's and the models' accept and
 * refuse the same values as flitlab-limits.h's one check, with its message
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * src/cli/tests/test-limits.c gives the same values as text to flitlab-cli, to the project
 * reader and to the parse the editor calls.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib.h>

#include "flitlab-input.h"
#include "flitlab-limits.h"
#include "flitlab-model.h"
#include "flitlab-runner.h"
#include "flitlab-sim.h"
#include "flitlab-study.h"

/* Valid, fractional, zero, huge, negative, the ends of the range, not a number. */
static const double flits_values[] = {
  16, 12.5, 0, 1e7, 4097, -3, 1, FLITLAB_MAX_FLITS, FLITLAB_MAX_FLITS + 1, 0.5, 1000.25, NAN,
};

/* Both verdicts alike, and both messages when both refuse. */
static void
assert_same (const char   *what,
             double        flits,
             gboolean      fixed,
             const GError *expected,
             gboolean      ok,
             const GError *error)
{
  if ((expected == NULL) != ok)
    g_error ("%s, %s length %g: %s where the one check %s", what, fixed ? "fixed" : "mean",
             flits, ok ? "accepted" : error->message,
             expected != NULL ? expected->message : "accepts it");
  if (expected != NULL)
    g_assert_cmpstr (error->message, ==, expected->message);
}

static void
test_flits_one_check (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (flits_values); i++)
    for (int fixed = 0; fixed <= 1; fixed++)
      {
        double flits = flits_values[i];
        g_autoptr(GError) expected = NULL;
        g_autoptr(GError) error = NULL;
        g_autoptr(FlitlabStudy) study = flitlab_study_new ("s");
        g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("torus:4x4:bi");
        g_autofree char *text = flitlab_input_format_number (flits);
        double rate = 0.01, parsed = -1;
        gboolean ok;

        flitlab_limits_check_flits (flits, fixed, &expected);
        g_test_message ("%s %s: %s", fixed ? "fixed" : "mean", text,
                        expected != NULL ? expected->message : "valid");

        /* The study's check, which the editor, the reader and flitlab-cli grid call. */
        g_free (study->length);
        study->length = g_strdup (fixed ? "fixed" : "exponential");
        study->flits = flits;
        ok = flitlab_study_check_fields (study, &error);
        assert_same ("flitlab_study_check_fields", flits, fixed, expected, ok, error);
        g_clear_error (&error);

        /* The simulator's, and the runner's that hands a study to it. */
        config->length = fixed ? FLITLAB_LENGTH_FIXED : FLITLAB_LENGTH_EXPONENTIAL;
        config->flits = flits;
        flitlab_sim_config_set_rates (config, &rate, 1);
        ok = flitlab_sim_config_check (config, &error);
        assert_same ("flitlab_sim_config_check", flits, fixed, expected, ok, error);
        if (!ok)
          g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
        g_clear_error (&error);
        ok = flitlab_runner_check_simulation (study, &error);
        assert_same ("flitlab_runner_check_simulation", flits, fixed, expected, ok, error);
        g_clear_error (&error);

        /* The same value as text reads back to the same verdict; NaN is not a number. */
        ok = flitlab_limits_parse_flits (text, fixed, &parsed, &error);
        if (isnan (flits))
          g_assert_false (ok);
        else
          {
            assert_same ("flitlab_limits_parse_flits", flits, fixed, expected, ok, error);
            g_assert_cmpfloat (parsed, ==, ok ? flits : -1);
          }
        g_clear_error (&error);

        /* A model takes the mean length, which may be fractional; the runner hands it the
         * study's. */
        if (!fixed)
          {
            g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                                                  g_free);
            g_autoptr(FlitlabModel) model = NULL;

            g_hash_table_insert (params, g_strdup ("flits"), g_strdup (text));
            model = flitlab_model_new ("ciciani-bi-torus", params, &error);
            if (!isnan (flits))
              {
                assert_same ("flitlab_model_new", flits, fixed, expected, model != NULL, error);
                if (model == NULL)
                  g_assert_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER);
              }
            g_clear_error (&error);
            g_hash_table_remove_all (params);
            ok = flitlab_runner_fit_model (study, "ciciani-bi-torus", params, &error);
            if (!isnan (flits))
              assert_same ("flitlab_runner_fit_model", flits, fixed, expected, ok, error);
          }
      }
}

/* Every model that takes a message length takes the one range, fractional means too. */
static void
test_flits_every_model (void)
{
  const FlitlabModelInfo * const *models = flitlab_model_list ();
  g_autofree char *range = g_strdup_printf ("1..%u", (guint) FLITLAB_MAX_FLITS);
  static const char * const values[] = { "1", "12.5", "1000000", "0.5", "1000001" };

  for (guint m = 0; models[m] != NULL; m++)
    for (const FlitlabModelParamInfo *p = models[m]->params; p->name != NULL; p++)
      if (g_str_equal (p->name, "flits"))
        {
          g_assert_cmpstr (p->range, ==, range);
          for (guint v = 0; v < G_N_ELEMENTS (values); v++)
            {
              g_autoptr(GHashTable) params = g_hash_table_new (g_str_hash, g_str_equal);
              g_autoptr(GError) expected = NULL;
              g_autoptr(GError) error = NULL;
              g_autoptr(FlitlabModel) model = NULL;
              double flits;

              g_hash_table_insert (params, (gpointer) "flits", (gpointer) values[v]);
              flitlab_limits_parse_flits (values[v], FALSE, &flits, &expected);
              model = flitlab_model_new (models[m]->id, params, &error);
              if ((expected == NULL) != (model != NULL))
                g_error ("%s flits=%s: %s", models[m]->id, values[v],
                         model != NULL ? "accepted" : error->message);
              if (expected != NULL)
                g_assert_cmpstr (error->message, ==, expected->message);
              else
                g_assert_cmpfloat (flitlab_model_get_saturation_rate (model), >, 0);
            }
        }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/limits/flits-one-check", test_flits_one_check);
  g_test_add_func ("/flitlab/limits/flits-every-model", test_flits_every_model);
  return g_test_run ();
}
