/* test-traffic-matrix.c: traffic matrices, their CSV text, their draws and their simulation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-limits.h"
#include "flitlab-model.h"
#include "flitlab-sim.h"
#include "flitlab-study.h"
#include "flitlab-study-run.h"
#include "flitlab-traffic-matrix.h"
#include "flitlab-traffic.h"

static FlitlabTrafficMatrix *
parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  FlitlabTrafficMatrix *matrix = flitlab_traffic_matrix_new_from_csv (text, strlen (text), &error);

  g_assert_no_error (error);
  g_assert_nonnull (matrix);
  return matrix;
}

/* Plain rows, a header row, a header column, both, comments and blank lines: the same
 * matrix. */
static void
test_csv_headers (void)
{
  static const char * const texts[] = {
    "0,1,2\n3,0,0\n0,0.5,0\n",
    "a,b,c\n0,1,2\n3,0,0\n0,0.5,0\n",
    "0,1,2\n0,1,2\n3,0,0\n0,0.5,0\n",
    ",0,1,2\n0,0,1,2\n1,3,0,0\n2,0,0.5,0\n",
    "node,a,b,c\r\na, 0, 1, 2\r\nb,3,0,0\r\n\r\n# the last row\nc,0,0.5,0",
    "0,1,2\n0,0,1,2\n1,3,0,0\n2,0,0.5,0\n",
    "\xef\xbb\xbf" "0,1,2\n3,0,0\n0,0.5,0\n",
  };
  g_autoptr(FlitlabTrafficMatrix) first = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(FlitlabTrafficMatrix) matrix = parse (texts[i]);

      g_assert_cmpuint (flitlab_traffic_matrix_get_n_nodes (matrix), ==, 3);
      g_assert_cmpuint (flitlab_traffic_matrix_get_n_nonzeros (matrix), ==, 4);
      g_assert_cmpfloat (flitlab_traffic_matrix_get (matrix, 0, 2), ==, 2);
      g_assert_cmpfloat (flitlab_traffic_matrix_get (matrix, 2, 1), ==, 0.5);
      g_assert_cmpfloat (flitlab_traffic_matrix_row_sum (matrix, 1), ==, 3);
      if (first == NULL)
        first = flitlab_traffic_matrix_ref (matrix);
      g_assert_true (flitlab_traffic_matrix_equal (first, matrix));
    }
}

/* Written and read back, with and without headers: the same weights, to the last bit. */
static void
test_csv_round_trip (void)
{
  g_autoptr(FlitlabTrafficMatrix) matrix = parse ("0,0.1,1e-300\n0.3333333333333333,0,7\n"
                                                  "0,0,0\n");

  for (int headers = 0; headers < 2; headers++)
    {
      gsize length;
      g_autofree char *text = flitlab_traffic_matrix_to_csv (matrix, headers, &length);
      g_autoptr(FlitlabTrafficMatrix) back = parse (text);

      g_assert_true (flitlab_traffic_matrix_equal (matrix, back));
    }
  /* A row of zeros is a node that only receives. */
  g_assert_cmpuint (flitlab_traffic_matrix_get_n_sources (matrix), ==, 2);
}

/* Each bad input: one line, the right code, no matrix. */
static void
test_csv_errors (void)
{
  static const struct
  {
    const char *text;
    int         code;
    const char *says;
  } cases[] = {
    { "0,1\n-1,0\n", FLITLAB_TRAFFIC_MATRIX_ERROR_NEGATIVE, "line 2" },
    { "0,1\nx,0\n", FLITLAB_TRAFFIC_MATRIX_ERROR_PARSE, "“x”" },
    { "0,1\n,0\n", FLITLAB_TRAFFIC_MATRIX_ERROR_PARSE, "not a number" },
    { "0,1\nnan,0\n", FLITLAB_TRAFFIC_MATRIX_ERROR_PARSE, "line 2" },
    { "0,1\n1,2\n", FLITLAB_TRAFFIC_MATRIX_ERROR_DIAGONAL, "diagonal" },
    { "0,0\n0,0\n", FLITLAB_TRAFFIC_MATRIX_ERROR_ZERO, "zero" },
    { "0,1,1\n1,0\n1,1,0\n", FLITLAB_TRAFFIC_MATRIX_ERROR_PARSE, "line 2: 2 values where line 1" },
    { "0,1,1,1\n1,0,1,1\n", FLITLAB_TRAFFIC_MATRIX_ERROR_PARSE, "not square" },
    { "", FLITLAB_TRAFFIC_MATRIX_ERROR_PARSE, "empty" },
    { "# nothing\n\n", FLITLAB_TRAFFIC_MATRIX_ERROR_PARSE, "empty" },
    { "0\n", FLITLAB_TRAFFIC_MATRIX_ERROR_SIZE, "at least 2" },
    { "0,1e999\n1,0\n", FLITLAB_TRAFFIC_MATRIX_ERROR_PARSE, "not a number" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabTrafficMatrix) matrix =
        flitlab_traffic_matrix_new_from_csv (cases[i].text, strlen (cases[i].text), &error);

      g_test_message ("case %u: %s", i, error != NULL ? error->message : "(accepted)");
      g_assert_null (matrix);
      g_assert_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR, cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].says));
      g_assert_null (strchr (error->message, '\n'));
    }

  /* The wrong size for a network. */
  {
    g_autoptr(FlitlabTrafficMatrix) matrix = parse ("0,1\n1,0\n");
    g_autoptr(FlitlabTopology) torus = flitlab_topology_new_from_spec ("torus:4x4:bi", NULL);
    g_autoptr(GError) error = NULL;

    g_assert_false (flitlab_traffic_matrix_check_size (matrix, 16, &error));
    g_assert_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR, FLITLAB_TRAFFIC_MATRIX_ERROR_SIZE);
    g_clear_error (&error);
    g_assert_null (flitlab_traffic_new_matrix (torus, matrix, &error));
    g_assert_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR, FLITLAB_TRAFFIC_MATRIX_ERROR_SIZE);
  }
}

/* Sources by their row sums among the nodes that send, destinations by their row. */
static void
test_draws (void)
{
  g_autoptr(FlitlabTopology) ring = flitlab_topology_new_from_spec ("torus:4:bi", NULL);
  g_autoptr(FlitlabTrafficMatrix) matrix = parse ("0,1,3,0\n0,0,0,0\n2,0,0,2\n1,0,0,0\n");
  g_autoptr(FlitlabTraffic) traffic = NULL;
  g_autoptr(GError) error = NULL;
  guint sources[5] = { 0 }, from0[4] = { 0 };
  const guint n = 200000;
  FlitlabRng rng;

  traffic = flitlab_traffic_new_matrix (ring, matrix, &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (flitlab_traffic_active_fraction (traffic), ==, 0.75);
  flitlab_rng_init (&rng, 3, 0);
  for (guint i = 0; i < n; i++)
    {
      guint src = flitlab_traffic_source (traffic, &rng);

      sources[src == G_MAXUINT ? 4 : src]++;
      from0[flitlab_traffic_destination (traffic, 0, &rng)]++;
    }
  /* Row sums 4, 0, 4, 1 of 9, among 3 senders of 4 nodes: 3/4 of arrivals are messages. */
  g_assert_cmpfloat (fabs (sources[0] / (double) n - 4.0 / 9 * 0.75), <, 0.005);
  g_assert_cmpuint (sources[1], ==, 0);
  g_assert_cmpfloat (fabs (sources[3] / (double) n - 1.0 / 9 * 0.75), <, 0.005);
  g_assert_cmpfloat (fabs (sources[4] / (double) n - 0.25), <, 0.005);
  g_assert_cmpuint (from0[0] + from0[3], ==, 0);
  g_assert_cmpfloat (fabs (from0[2] / (double) n - 0.75), <, 0.005);
}

/* Every pattern is a matrix: uniform 1/(N-1) off the diagonal, a permutation's fixed points
 * rows of zeros, the hotspot its fraction more. */
static void
test_patterns (void)
{
  g_autoptr(FlitlabTopology) torus = flitlab_topology_new_from_spec ("torus:4x4:bi", NULL);

  for (FlitlabTrafficPattern p = FLITLAB_TRAFFIC_UNIFORM; p <= FLITLAB_TRAFFIC_HOTSPOT; p++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabTraffic) traffic = flitlab_traffic_new (torus, p, 0.2, 5, &error);
      g_autoptr(FlitlabTrafficMatrix) matrix = flitlab_traffic_to_matrix (traffic, &error);
      double active = 0;

      g_assert_no_error (error);
      for (guint src = 0; src < 16; src++)
        active += flitlab_traffic_matrix_row_sum (matrix, src) > 0;
      g_assert_cmpfloat (active / 16, ==, flitlab_traffic_active_fraction (traffic));
      if (p == FLITLAB_TRAFFIC_UNIFORM)
        {
          g_assert_cmpfloat (flitlab_traffic_matrix_get (matrix, 3, 9), ==, 1.0 / 15);
          g_assert_cmpuint (flitlab_traffic_matrix_get_n_nonzeros (matrix), ==, 16 * 15);
        }
      if (p == FLITLAB_TRAFFIC_TRANSPOSE)
        {
          /* (x, y) -> (y, x): node 1 = (1, 0) sends to 4 = (0, 1); the diagonal sends none. */
          g_assert_cmpfloat (flitlab_traffic_matrix_get (matrix, 1, 4), ==, 1);
          g_assert_cmpfloat (flitlab_traffic_matrix_row_sum (matrix, 5), ==, 0);
        }
      if (p == FLITLAB_TRAFFIC_HOTSPOT)
        {
          g_assert_cmpfloat (fabs (flitlab_traffic_matrix_get (matrix, 0, 5) -
                                   (0.2 + 0.8 / 15)), <, 1e-15);
          g_assert_cmpfloat (flitlab_traffic_matrix_get (matrix, 5, 0), ==, 1.0 / 15);
        }
    }
}

static gboolean
permutation_row (guint    src,
                 double  *row,
                 gpointer user_data,
                 GError **error)
{
  row[(src * 7 + 1) % FLITLAB_MAX_MATRIX_NODES] = 1;
  return TRUE;
}

/* A sparse matrix of the largest size keeps its non-zeros only. */
static void
test_sparse_large (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabTrafficMatrix) matrix =
    flitlab_traffic_matrix_new (FLITLAB_MAX_MATRIX_NODES, permutation_row, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (flitlab_traffic_matrix_get_n_nonzeros (matrix), ==, FLITLAB_MAX_MATRIX_NODES);
  g_assert_null (flitlab_traffic_matrix_new (FLITLAB_MAX_MATRIX_NODES + 1, permutation_row, NULL,
                                             &error));
  g_assert_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR, FLITLAB_TRAFFIC_MATRIX_ERROR_TOO_LARGE);
}

static FlitlabSimResult *
simulate (FlitlabTrafficPattern  pattern,
          FlitlabTrafficMatrix  *matrix,
          double                 rate)
{
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("torus:4x4:bi");
  g_autoptr(GError) error = NULL;
  FlitlabSimResult *result;

  config->traffic = pattern;
  config->hotspot_fraction = 0.2;
  config->hotspot_node = 5;
  config->matrix = matrix != NULL ? flitlab_traffic_matrix_ref (matrix) : NULL;
  config->flits = 8;
  config->cycles = 20000;
  config->replications = 4;
  config->threads = 1;
  flitlab_sim_config_set_rates (config, &rate, 1);
  result = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  return result;
}

/* A pattern and its matrix give the same results in distribution: latency and throughput of
 * each within the two confidence intervals of the other. */
static void
test_same_as_pattern (gconstpointer data)
{
  FlitlabTrafficPattern pattern = GPOINTER_TO_UINT (data);
  g_autoptr(FlitlabTopology) torus = flitlab_topology_new_from_spec ("torus:4x4:bi", NULL);
  g_autoptr(FlitlabTraffic) traffic = flitlab_traffic_new (torus, pattern, 0.2, 5, NULL);
  g_autoptr(FlitlabTrafficMatrix) matrix = flitlab_traffic_to_matrix (traffic, NULL);
  g_autoptr(FlitlabSimResult) a = simulate (pattern, NULL, 0.02);
  g_autoptr(FlitlabSimResult) b = simulate (FLITLAB_TRAFFIC_MATRIX, matrix, 0.02);
  const FlitlabSimPoint *pa = &a->points[0], *pb = &b->points[0];

  g_assert_false (pa->saturated || pb->saturated);
  g_test_message ("latency %g ± %g and %g ± %g; throughput %g ± %g and %g ± %g",
                  pa->latency[FLITLAB_LATENCY_TOTAL], pa->ci95[FLITLAB_LATENCY_TOTAL],
                  pb->latency[FLITLAB_LATENCY_TOTAL], pb->ci95[FLITLAB_LATENCY_TOTAL],
                  pa->throughput, pa->throughput_ci95, pb->throughput, pb->throughput_ci95);
  g_assert_cmpfloat (fabs (pa->latency[FLITLAB_LATENCY_TOTAL] -
                           pb->latency[FLITLAB_LATENCY_TOTAL]), <,
                     pa->ci95[FLITLAB_LATENCY_TOTAL] + pb->ci95[FLITLAB_LATENCY_TOTAL]);
  g_assert_cmpfloat (fabs (pa->throughput - pb->throughput), <,
                     pa->throughput_ci95 + pb->throughput_ci95);
  g_assert_cmpfloat (fabs (pa->mean_hops - pb->mean_hops), <, 0.05 * pa->mean_hops);
}

/* A study's matrix: its models are refused with a reason, its run without a matrix says so,
 * and a copy shares the matrix. */
static void
test_study (void)
{
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("m");
  g_autoptr(FlitlabStudy) copy = NULL;
  g_autoptr(FlitlabTrafficMatrix) matrix = NULL;
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) missing = g_error_new_literal (G_FILE_ERROR, G_FILE_ERROR_NOENT,
                                                   "Cannot read the traffic matrix m.csv");
  g_autoptr(FlitlabTraffic) traffic = NULL;

  g_assert_true (flitlab_study_set_topology (study, "torus:4x4:uni", NULL));
  study->pattern = FLITLAB_TRAFFIC_MATRIX;
  g_assert_false (flitlab_study_check (study, &error));
  g_assert_nonnull (strstr (error->message, "no traffic matrix"));
  g_clear_error (&error);

  traffic = flitlab_traffic_new (flitlab_study_get_topology (study, NULL),
                                 FLITLAB_TRAFFIC_UNIFORM, 0, 0, NULL);
  matrix = flitlab_traffic_to_matrix (traffic, NULL);
  flitlab_study_set_matrix (study, matrix, NULL, NULL);
  g_assert_true (flitlab_study_check (study, NULL));
  /* Even a uniform matrix: the model does not read matrices. */
  g_assert_false (flitlab_study_run_fit_model (study, "ciciani-uni-torus", params, &error));
  g_assert_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER);
  g_assert_nonnull (strstr (error->message, "traffic matrix"));
  g_clear_error (&error);

  copy = flitlab_study_copy (study);
  g_assert_true (copy->matrix == study->matrix);
  g_assert_true (flitlab_study_same_settings (study, copy));

  /* A file that is gone: the study keeps it and refuses to run, saying which. */
  flitlab_study_set_matrix_error (study, "/nowhere/m.csv", NULL, missing);
  study->simulation.enabled = TRUE;
  g_assert_false (flitlab_study_same_settings (study, copy));
  g_assert_true (flitlab_study_check (study, NULL));
  g_assert_false (flitlab_study_run_simulate (study, NULL, NULL, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_nonnull (strstr (error->message, "m.csv"));
  g_assert_nonnull (strstr (error->message, "Study “m”"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/traffic-matrix/csv-headers", test_csv_headers);
  g_test_add_func ("/flitlab/traffic-matrix/csv-round-trip", test_csv_round_trip);
  g_test_add_func ("/flitlab/traffic-matrix/csv-errors", test_csv_errors);
  g_test_add_func ("/flitlab/traffic-matrix/draws", test_draws);
  g_test_add_func ("/flitlab/traffic-matrix/patterns", test_patterns);
  g_test_add_func ("/flitlab/traffic-matrix/sparse-large", test_sparse_large);
  g_test_add_data_func ("/flitlab/traffic-matrix/same-as-pattern/transpose",
                        GUINT_TO_POINTER (FLITLAB_TRAFFIC_TRANSPOSE), test_same_as_pattern);
  g_test_add_data_func ("/flitlab/traffic-matrix/same-as-pattern/hotspot",
                        GUINT_TO_POINTER (FLITLAB_TRAFFIC_HOTSPOT), test_same_as_pattern);
  g_test_add_func ("/flitlab/traffic-matrix/study", test_study);
  return g_test_run ();
}
