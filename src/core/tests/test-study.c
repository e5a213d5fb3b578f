/* test-study.c: FlitlabStudy — defaults, deep copies, results tables, range checks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib.h>

#include "flitlab-study.h"

static void
test_defaults (void)
{
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("First");
  g_autoptr(GError) error = NULL;

  g_assert_cmpstr (study->name, ==, "First");
  g_assert_null (study->notes);
  g_assert_cmpstr (study->topology, ==, "torus:8x8:bi");
  g_assert_cmpstr (flitlab_routing_to_string (study->routing), ==, "dor");
  g_assert_cmpstr (flitlab_traffic_pattern_to_string (study->pattern), ==, "uniform");
  g_assert_cmpfloat (study->hotspot_fraction, ==, 0.1);
  g_assert_cmpuint (study->hotspot_node, ==, 0);
  g_assert_cmpstr (flitlab_length_to_string (study->length), ==, "fixed");
  g_assert_cmpfloat (study->flits, ==, 16);
  g_assert_cmpuint (study->flit_width, ==, 32);
  g_assert_cmpfloat (study->rate_min, ==, 0.001);
  g_assert_cmpfloat (study->rate_max, ==, 0.02);
  g_assert_cmpuint (study->n_rates, ==, 20);
  g_assert_cmpuint (study->models->len, ==, 0);
  g_assert_false (study->simulation.enabled);
  g_assert_cmpuint (study->simulation.vcs, ==, 0);
  g_assert_cmpuint (study->simulation.buffer, ==, 1);
  g_assert_cmpuint (study->simulation.node_buffers, ==, 0);
  g_assert_cmpuint (study->simulation.seed, ==, 1);
  g_assert_cmpuint (study->simulation.replications, ==, 3);
  g_assert_cmpuint (study->simulation.warmup, ==, 0);
  g_assert_cmpuint (study->simulation.cycles, ==, 30000);
  g_assert_cmpuint (study->simulation.threads, ==, 0);
  g_assert_cmpuint (study->simulation.watchdog, ==, 0);
  g_assert_null (study->simulation.points);
  g_assert_cmpuint (study->simulation.channels->len, ==, 0);
  g_assert_cmpuint (study->references->len, ==, 0);
  g_assert_cmpuint (g_hash_table_size (study->settings), ==, 0);

  /* The defaults are a valid study. */
  g_assert_true (flitlab_study_check (study, &error));
  g_assert_no_error (error);
}

static FlitlabStudy *
make_full_study (void)
{
  FlitlabStudy *study = flitlab_study_new ("Full");
  FlitlabStudyModel *model;
  FlitlabStudyChannels *channels;
  FlitlabStudyTable *reference;
  const double row0[] = { 0.001, 12.5, 0.25 };
  const double row1[] = { 0.002, NAN, NAN };
  const double point[] = { 0.001, 13, 0.5, 11, 0.00099 };

  g_free (study->notes);
  study->notes = g_strdup ("Some notes");
  model = flitlab_study_add_model (study, "ciciani-bi-torus");
  g_hash_table_insert (model->params, g_strdup ("k"), g_strdup ("6x6x6"));
  model->curve = flitlab_study_table_new ((const char *[]) { "rate", "latency", "u", NULL });
  flitlab_study_table_append (model->curve, row0, FALSE);
  flitlab_study_table_append (model->curve, row1, TRUE);
  model->curve->saturation_rate = 0.0015;
  g_hash_table_insert (model->curve->info, g_strdup ("iterations"), g_strdup ("7"));
  channels = flitlab_study_channels_new (0.001, 4);
  flitlab_study_channels_add (channels, "utilization", (const double[]) { 0.1, 0.2, 0.3, 0.4 });
  g_ptr_array_add (model->channels, channels);

  study->simulation.enabled = TRUE;
  study->simulation.points = flitlab_study_table_new (flitlab_study_points_columns ());
  flitlab_study_table_append (study->simulation.points, point, FALSE);
  g_ptr_array_add (study->simulation.channels, flitlab_study_channels_new (0.001, 4));

  reference = flitlab_study_table_new (flitlab_study_curve_columns ());
  reference->title = g_strdup ("Table 3");
  flitlab_study_table_append (reference, (const double[]) { 0.001, 15.66 }, FALSE);
  g_ptr_array_add (study->references, reference);
  g_hash_table_insert (study->settings, g_strdup ("plot.y"), g_strdup ("log"));
  return study;
}

static void
test_copy (void)
{
  g_autoptr(FlitlabStudy) study = make_full_study ();
  g_autoptr(FlitlabStudy) copy = flitlab_study_copy (study);
  FlitlabStudyModel *a, *b;
  FlitlabStudyChannels *ca, *cb;

  g_assert_true (copy != study);
  g_assert_cmpstr (copy->name, ==, "Full");
  g_assert_true (copy->name != study->name);
  g_assert_cmpstr (copy->notes, ==, "Some notes");
  g_assert_true (copy->topology != study->topology);
  /* The network is built once: copies share it. */
  g_assert_true (copy->network == study->network);
  g_assert_true (copy->simulation.enabled);

  a = g_ptr_array_index (study->models, 0);
  b = g_ptr_array_index (copy->models, 0);
  g_assert_true (a != b);
  g_assert_cmpstr (g_hash_table_lookup (b->params, "k"), ==, "6x6x6");
  g_assert_true (a->curve != b->curve);
  g_assert_cmpuint (b->curve->n_rows, ==, 2);
  g_assert_cmpuint (b->curve->n_columns, ==, 3);
  g_assert_cmpfloat (flitlab_study_table_get (b->curve, 0, 1), ==, 12.5);
  g_assert_true (isnan (flitlab_study_table_get (b->curve, 1, 1)));
  g_assert_true (b->curve->saturated[1]);
  g_assert_false (b->curve->saturated[0]);
  g_assert_cmpfloat (b->curve->saturation_rate, ==, 0.0015);
  g_assert_cmpstr (g_hash_table_lookup (b->curve->info, "iterations"), ==, "7");
  ca = g_ptr_array_index (a->channels, 0);
  cb = g_ptr_array_index (b->channels, 0);
  g_assert_true (ca != cb);
  g_assert_true (flitlab_study_channels_find (ca, "utilization")
                 != flitlab_study_channels_find (cb, "utilization"));
  g_assert_cmpfloat (flitlab_study_channels_find (cb, "utilization")[3], ==, 0.4);
  g_assert_null (flitlab_study_channels_find (cb, "flow"));

  g_assert_true (copy->simulation.points != study->simulation.points);
  g_assert_cmpuint (copy->simulation.points->n_rows, ==, 1);
  g_assert_cmpuint (copy->simulation.channels->len, ==, 1);
  g_assert_cmpstr (((FlitlabStudyTable *) g_ptr_array_index (copy->references, 0))->title, ==,
                   "Table 3");
  g_assert_cmpstr (g_hash_table_lookup (copy->settings, "plot.y"), ==, "log");

  /* Changing the copy leaves the original alone. */
  g_hash_table_insert (b->params, g_strdup ("k"), g_strdup ("8x8x8"));
  b->curve->values[0] = 99;
  g_free (copy->name);
  copy->name = g_strdup ("Changed");
  flitlab_study_clear_results (copy);
  g_assert_null (b->curve);
  g_assert_cmpuint (b->channels->len, ==, 0);
  g_assert_null (copy->simulation.points);
  g_assert_cmpuint (copy->simulation.channels->len, ==, 0);
  /* clear_results keeps settings and references: they are not results of a run. */
  g_assert_cmpuint (copy->references->len, ==, 1);

  g_assert_cmpstr (g_hash_table_lookup (a->params, "k"), ==, "6x6x6");
  g_assert_cmpfloat (flitlab_study_table_get (a->curve, 0, 0), ==, 0.001);
  g_assert_cmpstr (study->name, ==, "Full");
  g_assert_nonnull (study->simulation.points);

  /* Freeing NULL is allowed everywhere. */
  flitlab_study_free (NULL);
  flitlab_study_model_free (NULL);
  flitlab_study_table_free (NULL);
  flitlab_study_channels_free (NULL);
}

static void
test_models (void)
{
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("m");
  FlitlabStudyModel *first = flitlab_study_add_model (study, "greenberg-mesh");
  FlitlabStudyModel *second = flitlab_study_add_model (study, "greenberg-torus");

  g_assert_cmpuint (study->models->len, ==, 2);
  g_assert_true (flitlab_study_find_model (study, "greenberg-mesh") == first);
  g_assert_true (flitlab_study_find_model (study, "greenberg-torus") == second);
  g_assert_null (flitlab_study_find_model (study, "ciciani-bi-torus"));
  g_assert_null (first->curve);
  g_assert_cmpuint (g_hash_table_size (first->params), ==, 0);
}

static void
test_table (void)
{
  g_autoptr(FlitlabStudyTable) table = flitlab_study_table_new (flitlab_study_points_columns ());
  double row[5] = { 0.01, 20, 1, 18, 0.0099 };

  g_assert_cmpuint (table->n_columns, ==, 5);
  g_assert_cmpuint (table->n_rows, ==, 0);
  g_assert_true (isnan (table->saturation_rate));
  g_assert_cmpint (flitlab_study_table_find_column (table, "rate"), ==, 0);
  g_assert_cmpint (flitlab_study_table_find_column (table, "throughput"), ==, 4);
  g_assert_cmpint (flitlab_study_table_find_column (table, "nope"), ==, -1);

  for (guint i = 0; i < 100; i++)
    {
      row[0] = 0.01 * (i + 1);
      flitlab_study_table_append (table, row, i >= 90);
    }
  g_assert_cmpuint (table->n_rows, ==, 100);
  g_assert_cmpfloat (flitlab_study_table_get (table, 41, 0), ==, 0.01 * 42);
  g_assert_cmpfloat (flitlab_study_table_get (table, 99, 3), ==, 18);
  g_assert_false (table->saturated[89]);
  g_assert_true (table->saturated[90]);
}

static void
test_rates (void)
{
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("r");
  g_autofree double *five = NULL;
  g_autofree double *one = NULL;
  guint n = 0;

  study->rate_min = 0.001;
  study->rate_max = 0.005;
  study->n_rates = 5;
  five = flitlab_study_dup_rates (study, &n);
  g_assert_cmpuint (n, ==, 5);
  g_assert_cmpfloat (five[0], ==, 0.001);
  g_assert_cmpfloat_with_epsilon (five[2], 0.003, 1e-15);
  /* The ends are exact, whatever the rounding in between. */
  g_assert_cmpfloat (five[4], ==, 0.005);

  study->n_rates = 1;
  one = flitlab_study_dup_rates (study, &n);
  g_assert_cmpuint (n, ==, 1);
  g_assert_cmpfloat (one[0], ==, 0.001);
}

/* Breaks one field of a valid study; returns FALSE past the last case. */
static gboolean
break_study (FlitlabStudy *s,
             guint         which)
{
  FlitlabStudyModel *model;

  switch (which)
    {
    case 0:
      g_free (s->name);
      s->name = g_strdup ("");
      break;
    /* Values that no name stands for. */
    case 1:
      s->routing = FLITLAB_ROUTING_N;
      break;
    case 2:
      s->pattern = FLITLAB_TRAFFIC_TRACE + 1;
      break;
    case 3:
      s->length = FLITLAB_LENGTH_EXPONENTIAL + 1;
      break;
    case 4:
      s->hotspot_fraction = 1.5;
      break;
    case 5:
      s->flits = 0.5;
      break;
    case 6:
      s->flits = NAN;
      break;
    case 7:
      s->flit_width = 0;
      break;
    case 8:
      s->rate_min = -0.1;
      break;
    case 9:
      s->rate_min = 0.5;
      s->rate_max = 0.1;
      break;
    case 10:
      s->rate_max = 2e9;
      break;
    case 11:
      s->n_rates = 0;
      break;
    case 12:
      s->n_rates = FLITLAB_MAX_RATES + 1;
      break;
    case 13:
      s->simulation.vcs = FLITLAB_MAX_VCS + 1;
      break;
    case 14:
      s->simulation.buffer = 0;
      break;
    case 15:
      s->simulation.replications = 0;
      break;
    case 16:
      s->simulation.cycles = 0;
      break;
    case 17:
      model = flitlab_study_add_model (s, "greenberg-mesh");
      model->curve = flitlab_study_table_new ((const char *[]) { "latency", "rate", NULL });
      break;
    case 18:
      s->simulation.points = flitlab_study_table_new (flitlab_study_curve_columns ());
      break;
    case 19:
      flitlab_study_set_topology (s, "", NULL);
      break;
    case 20:
      g_ptr_array_add (s->references, flitlab_study_table_new (flitlab_study_curve_columns ()));
      break;
    default:
      return FALSE;
    }
  return TRUE;
}

static void
test_check (void)
{
  guint n_cases = 0;

  for (guint i = 0;; i++)
    {
      g_autoptr(FlitlabStudy) study = flitlab_study_new ("s");
      g_autoptr(GError) error = NULL;

      if (!break_study (study, i))
        break;
      g_assert_false (flitlab_study_check (study, &error));
      g_assert_error (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID);
      g_test_message ("case %u: %s", i, error->message);
      n_cases++;
    }
  g_assert_cmpuint (n_cases, ==, 21);
}

static void
test_names (void)
{
  const char * const *routings = flitlab_routing_names ();
  const char * const *patterns = flitlab_traffic_pattern_names ();

  g_assert_cmpuint (g_strv_length ((char **) routings), ==, 6);
  g_assert_cmpuint (g_strv_length ((char **) patterns), ==, 9);
  g_assert_cmpuint (g_strv_length ((char **) flitlab_length_names ()), ==, 2);
  g_assert_true (flitlab_study_name_in (routings, "backtrack"));
  g_assert_true (flitlab_study_name_in (patterns, "bit-reversal"));
  g_assert_false (flitlab_study_name_in (patterns, "Uniform"));
  g_assert_false (flitlab_study_name_in (patterns, NULL));
}

/* The spec and its network are set together; a spec that cannot be built is kept, with why. */
static void
test_topology (void)
{
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("s");
  g_autoptr(FlitlabStudy) copy = NULL;
  g_autoptr(GError) error = NULL;
  const FlitlabTopology *network;

  network = flitlab_study_get_topology (study, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (flitlab_topology_get_n_nodes (network), ==, 64);

  g_assert_true (flitlab_study_set_topology (study, "mesh:4x4", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (study->topology, ==, "mesh:4x4");
  network = flitlab_study_get_topology (study, NULL);
  g_assert_cmpuint (flitlab_topology_get_family (network), ==, FLITLAB_TOPOLOGY_MESH);
  /* The same spec again keeps the same network. */
  g_assert_true (flitlab_study_set_topology (study, "mesh:4x4", NULL));
  g_assert_true (flitlab_study_get_topology (study, NULL) == network);

  g_assert_false (flitlab_study_set_topology (study, "torus:1x1:bi", &error));
  g_assert_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_cmpstr (study->topology, ==, "torus:1x1:bi");
  copy = flitlab_study_copy (study);
  g_assert_null (flitlab_study_get_topology (copy, &error));
  g_assert_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID);
}

/* The names of the routings that fit the family, in their order. */
static char *
joined (FlitlabTopologyFamily family)
{
  GString *names = g_string_new (NULL);

  for (guint r = 0; r < FLITLAB_ROUTING_N; r++)
    if (flitlab_routing_fits (r, family))
      g_string_append_printf (names, "%s%s", names->len > 0 ? "," : "",
                              flitlab_routing_to_string (r));
  return g_string_free (names, FALSE);
}

/* The routings each family offers, from the one list of routings, the default first. */
static void
test_family_routings (void)
{
  static const struct { FlitlabTopologyFamily family; const char *routings; } cases[] = {
    { FLITLAB_TOPOLOGY_TORUS, "dor,adaptive" },
    { FLITLAB_TOPOLOGY_MESH, "dor,adaptive" },
    { FLITLAB_TOPOLOGY_HYPERCUBE, "dor,adaptive,backtrack" },
    { FLITLAB_TOPOLOGY_NECKLACE, "necklace" },
    { FLITLAB_TOPOLOGY_FILE, "updown,shortest" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *got = joined (cases[i].family);

      g_assert_cmpstr (got, ==, cases[i].routings);
    }
}

/* A reference given other numbers under its title (BookSim's results read again) makes another
 * study, which an edit does not drop; the same numbers, NaN included, do not. */
static void
test_same_references (void)
{
  g_autoptr(FlitlabStudy) study = make_full_study ();
  g_autoptr(FlitlabStudy) copy = flitlab_study_copy (study);
  FlitlabStudyTable *reference = g_ptr_array_index (copy->references, 0);

  g_assert_true (flitlab_study_same_settings (study, copy));
  reference->values[1] = NAN;
  g_assert_false (flitlab_study_same_settings (study, copy));
  ((FlitlabStudyTable *) g_ptr_array_index (study->references, 0))->values[1] = NAN;
  g_assert_true (flitlab_study_same_settings (study, copy));
  flitlab_study_table_append (reference, (const double[]) { 0.002, 17.5 }, FALSE);
  g_assert_false (flitlab_study_same_settings (study, copy));
}

static gboolean
count_rows (guint    src,
            double  *row,
            gpointer user_data,
            GError **error)
{
  row[(src + 1) % 4] = src + 1;
  return TRUE;
}

static FlitlabStudyTrace *
make_trace (void)
{
  FlitlabStudyTrace *trace = flitlab_study_trace_new ();

  trace->file = g_strdup ("/data/trace.txt");
  trace->sha256 = g_strnfill (64, 'a');
  trace->messages = 10;
  trace->last_cycle = 99;
  trace->flits = 4.5;
  trace->matrix = flitlab_traffic_matrix_new (4, count_rows, NULL, NULL);
  g_assert_nonnull (trace->matrix);
  return trace;
}

/* A trace study: its summary shared by copies, compared, checked; its load scale. */
static void
test_trace (void)
{
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("Trace");
  g_autoptr(FlitlabStudy) copy = NULL;
  g_autoptr(FlitlabStudyTrace) trace = make_trace ();
  g_autoptr(FlitlabStudyTrace) other = make_trace ();
  g_autoptr(FlitlabTraffic) traffic = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) missing = NULL;
  FlitlabTrafficPattern pattern;

  g_assert_cmpstr (flitlab_traffic_pattern_to_string (FLITLAB_TRAFFIC_TRACE), ==, "trace");
  g_assert_true (flitlab_traffic_pattern_from_string ("trace", &pattern));
  g_assert_cmpint (pattern, ==, FLITLAB_TRAFFIC_TRACE);

  /* 10 messages over 100 cycles on 4 nodes: 0.025 messages/cycle/node at scale 1. */
  g_assert_cmpfloat_with_epsilon (flitlab_study_trace_scale_at (trace, 0.025, 4), 1, 1e-12);
  g_assert_cmpfloat_with_epsilon (flitlab_study_trace_scale_at (trace, 0.05, 4), 0.5, 1e-12);
  g_assert_cmpfloat_with_epsilon (flitlab_study_trace_natural_rate (trace, 4), 0.025, 1e-12);
  g_assert_true (isnan (flitlab_study_trace_scale_at (trace, 0, 4)));
  g_assert_true (isnan (flitlab_study_trace_scale_at (trace, 0.01, 0)));

  g_assert_true (flitlab_study_set_topology (study, "mesh:2x2", NULL));
  study->pattern = FLITLAB_TRAFFIC_TRACE;
  g_assert_null (flitlab_study_get_trace (study, &error));
  g_assert_error (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_false (flitlab_study_check (study, &error));
  g_assert_nonnull (strstr (error->message, "trace"));
  g_clear_error (&error);

  flitlab_study_set_trace (study, trace);
  g_assert_true (flitlab_study_get_trace (study, NULL) == trace);
  g_assert_cmpstr (study->trace_file, ==, "/data/trace.txt");
  g_assert_cmpstr (study->trace_sha256, ==, trace->sha256);
  g_assert_true (flitlab_study_check (study, &error));
  g_assert_no_error (error);

  /* Copies share the summary; the same summary of the same file is the same setting. */
  copy = flitlab_study_copy (study);
  g_assert_true (copy->trace == trace);
  g_assert_true (flitlab_study_same_settings (study, copy));
  flitlab_study_set_trace (copy, other);
  g_assert_true (flitlab_study_same_settings (study, copy));
  g_clear_pointer (&other, flitlab_study_trace_unref);
  other = make_trace ();
  g_free (other->file);
  other->file = g_strdup ("/data/other.txt");
  flitlab_study_set_trace (copy, other);
  g_assert_false (flitlab_study_same_settings (study, copy));

  /* A file that is gone: the study keeps its name and says why it cannot run. */
  g_set_error_literal (&missing, G_FILE_ERROR, G_FILE_ERROR_NOENT, "gone");
  flitlab_study_set_trace_error (copy, copy->trace_file, copy->trace_sha256, missing);
  g_assert_null (copy->trace);
  g_assert_cmpstr (copy->trace_file, ==, "/data/other.txt");
  g_assert_null (flitlab_study_get_trace (copy, &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_clear_error (&error);
  g_assert_false (flitlab_study_same_settings (study, copy));

  /* Its counts are of the network it was chosen for. */
  g_assert_true (flitlab_study_set_topology (study, "mesh:4x4", NULL));
  g_assert_false (flitlab_study_check (study, &error));
  g_assert_nonnull (strstr (error->message, "choose the trace again"));
  g_clear_error (&error);

  /* Never generated. */
  traffic = flitlab_traffic_new (flitlab_study_get_topology (study, NULL), FLITLAB_TRAFFIC_TRACE,
                                 0, 0, &error);
  g_assert_null (traffic);
  g_assert_error (error, FLITLAB_TRAFFIC_ERROR, FLITLAB_TRAFFIC_ERROR_INVALID);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/study/family-routings", test_family_routings);
  g_test_add_func ("/flitlab/study/same-references", test_same_references);
  g_test_add_func ("/flitlab/study/defaults", test_defaults);
  g_test_add_func ("/flitlab/study/topology", test_topology);
  g_test_add_func ("/flitlab/study/copy", test_copy);
  g_test_add_func ("/flitlab/study/models", test_models);
  g_test_add_func ("/flitlab/study/table", test_table);
  g_test_add_func ("/flitlab/study/rates", test_rates);
  g_test_add_func ("/flitlab/study/check", test_check);
  g_test_add_func ("/flitlab/study/names", test_names);
  g_test_add_func ("/flitlab/study/trace", test_trace);
  return g_test_run ();
}
