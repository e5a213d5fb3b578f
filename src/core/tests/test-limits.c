/* test-limits.c: each fact of a study is checked once, with one range (issue #29): the study's
 * check (which the editor calls), the simulator's, the study run's and the models' accept and
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
#include "flitlab-study-run.h"
#include "flitlab-sim.h"
#include "flitlab-study.h"

/* Valid, fractional, zero, huge, negative, the ends of the range, not a number. */
static const double flits_values[] = {
  16, 12.5, 0, 1e7, 4097, -3, 1, FLITLAB_MAX_FLITS, FLITLAB_MAX_FLITS + 1, 0.5, 1000.25, NAN,
};

/* Both verdicts alike, and both messages when both refuse. about: the value, for a failure. */
static void
assert_same (const char   *what,
             const char   *about,
             const GError *expected,
             gboolean      ok,
             const GError *error)
{
  if ((expected == NULL) != ok)
    g_error ("%s, %s: %s where the one check %s", what, about, ok ? "accepted" : error->message,
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
        g_autofree char *about = g_strdup_printf ("%s length %s", fixed ? "fixed" : "mean", text);
        double rate = 0.01, parsed = -1;
        gboolean ok;

        flitlab_limits_check_flits (flits, fixed, &expected);
        g_test_message ("%s %s: %s", fixed ? "fixed" : "mean", text,
                        expected != NULL ? expected->message : "valid");

        /* The study's check, which the editor, the reader and flitlab-cli grid call. */
        study->length = fixed ? FLITLAB_LENGTH_FIXED : FLITLAB_LENGTH_EXPONENTIAL;
        study->flits = flits;
        ok = flitlab_study_check_fields (study, &error);
        assert_same ("flitlab_study_check_fields", about, expected, ok, error);
        g_clear_error (&error);

        /* The simulator's, and the study run's that hands a study to it. */
        config->length = fixed ? FLITLAB_LENGTH_FIXED : FLITLAB_LENGTH_EXPONENTIAL;
        config->flits = flits;
        flitlab_sim_config_set_rates (config, &rate, 1);
        ok = flitlab_sim_config_check (config, &error);
        assert_same ("flitlab_sim_config_check", about, expected, ok, error);
        if (!ok)
          g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
        g_clear_error (&error);
        ok = flitlab_study_run_check_simulation (study, &error);
        assert_same ("flitlab_study_run_check_simulation", about, expected, ok, error);
        g_clear_error (&error);

        /* The same value as text reads back to the same verdict; NaN is not a number. */
        ok = flitlab_limits_parse_flits (text, fixed, &parsed, &error);
        if (isnan (flits))
          g_assert_false (ok);
        else
          {
            assert_same ("flitlab_limits_parse_flits", about, expected, ok, error);
            g_assert_cmpfloat (parsed, ==, ok ? flits : -1);
          }
        g_clear_error (&error);

        /* A model takes the mean length, which may be fractional; the study run hands it the
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
                assert_same ("flitlab_model_new", about, expected, model != NULL, error);
                if (model == NULL)
                  g_assert_error (error, FLITLAB_MODEL_ERROR,
                                  FLITLAB_MODEL_ERROR_INVALID_PARAMETER);
              }
            g_clear_error (&error);
            g_hash_table_remove_all (params);
            ok = flitlab_study_run_fit_model (study, "ciciani-bi-torus", params, &error);
            if (!isnan (flits))
              assert_same ("flitlab_study_run_fit_model", about, expected, ok, error);
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

/* The whole-number settings: the study's check and the simulators' give the one check's
 * verdict and words. */
typedef enum { VCS, BUFFER, NODE_BUFFERS, REPLICATIONS, CYCLES, WARMUP, WATCHDOG, THREADS,
               FLIT_WIDTH, N_RATES, N_FACTS } Fact;

static gboolean
fact_check (Fact      fact,
            guint64   value,
            GError  **error)
{
  switch (fact)
    {
    case VCS: return flitlab_limits_check_vcs (value, error);
    case BUFFER: return flitlab_limits_check_buffer (value, error);
    case NODE_BUFFERS: return flitlab_limits_check_node_buffers (value, error);
    case REPLICATIONS: return flitlab_limits_check_replications (value, error);
    case CYCLES: return flitlab_limits_check_cycles (value, error);
    case WARMUP: return flitlab_limits_check_warmup (value, error);
    case WATCHDOG: return flitlab_limits_check_watchdog (value, error);
    case THREADS: return flitlab_limits_check_threads (value, error);
    case FLIT_WIDTH: return flitlab_limits_check_flit_width (value, error);
    case N_RATES: return flitlab_limits_check_n_rates (value, error);
    default: g_assert_not_reached ();
    }
}

static void
test_settings_one_check (void)
{
  static const guint64 values[] = {
    0, 1, 2, 32, 33, 64, 65, 99, 100, 1000, 1001, 1024, 1025, 10000, 10001, 65536, 65537,
    1000000000, 1000000001, G_MAXUINT, G_MAXUINT64,
  };

  for (Fact fact = 0; fact < N_FACTS; fact++)
    for (guint i = 0; i < G_N_ELEMENTS (values); i++)
      {
        guint64 value = values[i];
        g_autoptr(GError) expected = NULL;
        g_autoptr(GError) error = NULL;
        g_autoptr(FlitlabStudy) study = flitlab_study_new ("s");
        g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("mesh:4x4");
        FlitlabStudySimulation *sim = &study->simulation;
        g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, value);
        g_autofree char *about = g_strdup_printf ("fact %d = %s", fact, text);
        double rate = 0.01;
        gboolean ok, simulated = TRUE;

        /* The study's fields are 32 bits wide but for the cycles. */
        if (value > G_MAXUINT && fact != CYCLES && fact != WARMUP && fact != WATCHDOG)
          continue;
        fact_check (fact, value, &expected);
        flitlab_sim_config_set_rates (config, &rate, 1);
        switch (fact)
          {
          case VCS: sim->vcs = config->vcs = value; break;
          case BUFFER: sim->buffer = config->buffer = value; break;
          case NODE_BUFFERS: sim->node_buffers = value; simulated = FALSE; break;
          case REPLICATIONS: sim->replications = config->replications = value; break;
          case CYCLES: sim->cycles = config->cycles = value; break;
          case WARMUP: sim->warmup = config->warmup = value; break;
          case WATCHDOG: sim->watchdog = config->watchdog = value; break;
          case THREADS: sim->threads = config->threads = value; break;
          case FLIT_WIDTH: study->flit_width = value; simulated = FALSE; break;
          case N_RATES: study->n_rates = value; simulated = FALSE; break;
          default: g_assert_not_reached ();
          }
        ok = flitlab_study_check_fields (study, &error);
        assert_same ("flitlab_study_check_fields", about, expected, ok, error);
        g_clear_error (&error);
        if (simulated)
          {
            ok = flitlab_sim_config_check (config, &error);
            assert_same ("flitlab_sim_config_check", about, expected, ok, error);
            if (!ok)
              g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
            g_clear_error (&error);
          }
        /* The text of the number reads back to the same verdict. */
        {
          guint whole;
          guint64 wide;

          switch (fact)
            {
            case VCS: ok = flitlab_limits_parse_vcs (text, &whole, &error); break;
            case BUFFER: ok = flitlab_limits_parse_buffer (text, &whole, &error); break;
            case NODE_BUFFERS: ok = flitlab_limits_parse_node_buffers (text, &whole, &error); break;
            case REPLICATIONS: ok = flitlab_limits_parse_replications (text, &whole, &error); break;
            case CYCLES: ok = flitlab_limits_parse_cycles (text, &wide, &error); break;
            case WARMUP: ok = flitlab_limits_parse_warmup (text, &wide, &error); break;
            case WATCHDOG: ok = flitlab_limits_parse_watchdog (text, &wide, &error); break;
            case THREADS: ok = flitlab_limits_parse_threads (text, &whole, &error); break;
            case FLIT_WIDTH: ok = flitlab_limits_parse_flit_width (text, &whole, &error); break;
            case N_RATES: ok = flitlab_limits_parse_n_rates (text, &whole, &error); break;
            default: g_assert_not_reached ();
            }
          assert_same ("parse", about, expected, ok, error);
        }
      }
}

/* Loads and the load range, the hotspot fraction: the study's check gives the one check's
 * words. */
static void
test_loads_one_check (void)
{
  static const double loads[] = { 0, 0.001, 1, 2, FLITLAB_MAX_RATE, 1e10, -0.001, NAN };

  for (guint i = 0; i < G_N_ELEMENTS (loads); i++)
    for (guint j = 0; j < G_N_ELEMENTS (loads); j++)
      {
        g_autoptr(GError) expected = NULL;
        g_autoptr(GError) error = NULL;
        g_autoptr(FlitlabStudy) study = flitlab_study_new ("s");
        g_autofree char *about = g_strdup_printf ("%g..%g", loads[i], loads[j]);
        gboolean ok;

        study->rate_min = loads[i];
        study->rate_max = loads[j];
        flitlab_limits_check_load_range (loads[i], loads[j], &expected);
        ok = flitlab_study_check_fields (study, &error);
        assert_same ("load range", about, expected, ok, error);
        g_assert_true ((expected == NULL) ==
                       (loads[i] >= 0 && loads[j] <= FLITLAB_MAX_RATE && loads[i] <= loads[j]));
      }
  for (guint i = 0; i < G_N_ELEMENTS (loads); i++)
    {
      g_autoptr(GError) expected = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabStudy) study = flitlab_study_new ("s");
      g_autofree char *about = g_strdup_printf ("%g", loads[i]);
      gboolean ok;

      study->hotspot_fraction = loads[i];
      flitlab_limits_check_hotspot_fraction (loads[i], &expected);
      ok = flitlab_study_check_fields (study, &error);
      assert_same ("hotspot fraction", about, expected, ok, error);
      g_assert_true ((expected == NULL) == (loads[i] >= 0 && loads[i] <= 1));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/limits/flits-one-check", test_flits_one_check);
  g_test_add_func ("/flitlab/limits/flits-every-model", test_flits_every_model);
  g_test_add_func ("/flitlab/limits/settings-one-check", test_settings_one_check);
  g_test_add_func ("/flitlab/limits/loads-one-check", test_loads_one_check);
  return g_test_run ();
}
