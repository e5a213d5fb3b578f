/* test-project-xml.c: .flitlab files — round trips, schema, hostile and broken input, saving
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <float.h>
#include <locale.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "flitlab-project-xml.h"
#include "flitlab-topology.h"
#include "test-files.h"

/* ---- helpers ------------------------------------------------------------------------ */

static const char *
schema_path (void)
{
  return g_test_get_filename (G_TEST_DIST, "data", "flitlab-project.rng", NULL);
}

/* Runs xmllint with the RELAX NG schema; FALSE (and the test skipped) without xmllint. */
static gboolean
validate_with_schema (const char *path)
{
  g_autofree char *xmllint = g_find_program_in_path ("xmllint");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  if (xmllint == NULL)
    {
      g_test_skip ("xmllint is not installed (Debian: libxml2-utils)");
      return FALSE;
    }
  if (!g_file_test (schema_path (), G_FILE_TEST_EXISTS))
    {
      g_test_skip ("data/flitlab-project.rng not found: set G_TEST_SRCDIR to the source root");
      return FALSE;
    }
  {
    const char *argv[] = { xmllint, "--noout", "--nonet", "--relaxng", schema_path (), path,
                           NULL };

    g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                  &status, &error);
  }
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s does not validate against the schema:\n%s", path, err);
  return TRUE;
}

static gboolean
validate_data_with_schema (const char *data,
                           gsize       length)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "check.flitlab", NULL);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  g_file_set_contents (path, data, (gssize) length, &error);
  g_assert_no_error (error);
  ok = validate_with_schema (path);
  test_files_remove_tree (dir);
  return ok;
}

/* The error names the file and a line: "FILE:LINE: problem"; line 0 means any line. */
static void
assert_error_location (const GError *error,
                       const char   *file,
                       int           line)
{
  g_autofree char *prefix = g_strdup_printf ("%s:", file);
  const char *rest;
  char *end = NULL;
  long number;

  g_assert_nonnull (error);
  g_test_message ("error: %s", error->message);
  if (!g_str_has_prefix (error->message, prefix))
    g_error ("“%s” does not begin with the file name", error->message);
  rest = error->message + strlen (prefix);
  number = strtol (rest, &end, 10);
  if (end == rest || number < 1 || !g_str_has_prefix (end, ": ") || strlen (end) < 4)
    g_error ("“%s” does not give a line number and a problem", error->message);
  if (line > 0 && number != line)
    g_error ("“%s”: expected line %d", error->message, line);
}

static FlitlabProject *
load_string (const char  *text,
             GError     **error)
{
  return flitlab_project_load_from_data (text, strlen (text), "bad.flitlab", error);
}

static void
assert_load_fails (const char *text,
                   int         code,
                   int         line)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabProject) project = load_string (text, &error);

  g_assert_null (project);
  g_assert_error (error, FLITLAB_PROJECT_ERROR, code);
  assert_error_location (error, "bad.flitlab", line);
}

static guint
topology_channels (const char *spec)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (spec, &error);

  g_assert_no_error (error);
  return flitlab_topology_get_n_channels (topology);
}

/* ---- equality ----------------------------------------------------------------------- */

static void
assert_double_identical (double a,
                         double b)
{
  /* NaN means "no value": any NaN reads back as NaN, every other value bit for bit. */
  if (isnan (a) && isnan (b))
    return;
  if (memcmp (&a, &b, sizeof a) != 0)
    g_error ("%.17g and %.17g differ in their bits", a, b);
}

static void
assert_strings_equal (GHashTable *a,
                      GHashTable *b)
{
  GHashTableIter iter;
  gpointer key, value;

  g_assert_cmpuint (g_hash_table_size (a), ==, g_hash_table_size (b));
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_assert_cmpstr (g_hash_table_lookup (b, key), ==, value);
}

static void
assert_tables_equal (const FlitlabStudyTable *a,
                     const FlitlabStudyTable *b)
{
  g_assert_true ((a == NULL) == (b == NULL));
  if (a == NULL)
    return;
  g_assert_cmpstr (a->title, ==, b->title);
  g_assert_cmpuint (a->n_columns, ==, b->n_columns);
  g_assert_cmpstrv (a->columns, b->columns);
  g_assert_cmpuint (a->n_rows, ==, b->n_rows);
  for (gsize i = 0; i < (gsize) a->n_rows * a->n_columns; i++)
    assert_double_identical (a->values[i], b->values[i]);
  for (guint i = 0; i < a->n_rows; i++)
    g_assert_cmpint (a->saturated[i], ==, b->saturated[i]);
  assert_double_identical (a->saturation_rate, b->saturation_rate);
  assert_strings_equal (a->info, b->info);
}

static void
assert_channels_equal (GPtrArray *a,
                       GPtrArray *b)
{
  g_assert_cmpuint (a->len, ==, b->len);
  for (guint i = 0; i < a->len; i++)
    {
      const FlitlabStudyChannels *ca = g_ptr_array_index (a, i);
      const FlitlabStudyChannels *cb = g_ptr_array_index (b, i);

      assert_double_identical (ca->rate, cb->rate);
      g_assert_cmpuint (ca->n_channels, ==, cb->n_channels);
      g_assert_cmpuint (ca->series->len, ==, cb->series->len);
      for (guint s = 0; s < ca->series->len; s++)
        {
          const FlitlabStudySeries *sa = g_ptr_array_index (ca->series, s);
          const FlitlabStudySeries *sb = g_ptr_array_index (cb->series, s);

          g_assert_cmpstr (sa->name, ==, sb->name);
          for (guint c = 0; c < ca->n_channels; c++)
            assert_double_identical (sa->values[c], sb->values[c]);
        }
    }
}

static void
assert_studies_equal (const FlitlabStudy *a,
                      const FlitlabStudy *b)
{
  const FlitlabStudySimulation *sa = &a->simulation;
  const FlitlabStudySimulation *sb = &b->simulation;

  g_assert_cmpstr (a->name, ==, b->name);
  g_assert_cmpstr (a->notes, ==, b->notes);
  g_assert_cmpstr (a->topology, ==, b->topology);
  g_assert_cmpstr (a->routing, ==, b->routing);
  g_assert_cmpstr (a->ties, ==, b->ties);
  g_assert_cmpstr (a->pattern, ==, b->pattern);
  assert_double_identical (a->hotspot_fraction, b->hotspot_fraction);
  g_assert_cmpuint (a->hotspot_node, ==, b->hotspot_node);
  g_assert_cmpstr (a->length, ==, b->length);
  assert_double_identical (a->flits, b->flits);
  g_assert_cmpuint (a->flit_width, ==, b->flit_width);
  assert_double_identical (a->rate_min, b->rate_min);
  assert_double_identical (a->rate_max, b->rate_max);
  g_assert_cmpuint (a->n_rates, ==, b->n_rates);

  g_assert_cmpuint (a->models->len, ==, b->models->len);
  for (guint i = 0; i < a->models->len; i++)
    {
      const FlitlabStudyModel *ma = g_ptr_array_index (a->models, i);
      const FlitlabStudyModel *mb = g_ptr_array_index (b->models, i);

      g_assert_cmpstr (ma->id, ==, mb->id);
      assert_strings_equal (ma->params, mb->params);
      assert_tables_equal (ma->curve, mb->curve);
      assert_channels_equal (ma->channels, mb->channels);
    }

  g_assert_cmpint (sa->enabled, ==, sb->enabled);
  g_assert_cmpuint (sa->vcs, ==, sb->vcs);
  g_assert_cmpuint (sa->buffer, ==, sb->buffer);
  g_assert_cmpuint (sa->node_buffers, ==, sb->node_buffers);
  g_assert_cmpuint (sa->seed, ==, sb->seed);
  g_assert_cmpuint (sa->replications, ==, sb->replications);
  g_assert_cmpuint (sa->warmup, ==, sb->warmup);
  g_assert_cmpuint (sa->cycles, ==, sb->cycles);
  g_assert_cmpuint (sa->threads, ==, sb->threads);
  g_assert_cmpuint (sa->watchdog, ==, sb->watchdog);
  assert_tables_equal (sa->points, sb->points);
  assert_channels_equal (sa->channels, sb->channels);

  g_assert_cmpuint (a->references->len, ==, b->references->len);
  for (guint i = 0; i < a->references->len; i++)
    assert_tables_equal (g_ptr_array_index (a->references, i),
                         g_ptr_array_index (b->references, i));
  assert_strings_equal (a->settings, b->settings);
}

static void
assert_projects_equal (const FlitlabProject *a,
                       const FlitlabProject *b)
{
  g_assert_cmpstr (flitlab_project_get_title (a), ==, flitlab_project_get_title (b));
  g_assert_cmpuint (flitlab_project_get_n_studies (a), ==, flitlab_project_get_n_studies (b));
  for (guint i = 0; i < flitlab_project_get_n_studies (a); i++)
    assert_studies_equal (flitlab_project_get_study (a, i), flitlab_project_get_study (b, i));
}

/* ---- a project with every field set ------------------------------------------------- */

/* Any finite double, from all 64 bits. */
static double
random_double (GRand *rand)
{
  for (;;)
    {
      guint64 bits = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      double value;

      memcpy (&value, &bits, sizeof value);
      if (isfinite (value))
        return value;
    }
}

static const double special_values[] = {
  0.0, -0.0, 1.0, -1.0, 0.1, 0.2, 0.3, 1.0 / 3.0, 2.0 / 3.0, 1e-300, 1e300,
  DBL_MIN, -DBL_MIN, DBL_MAX, -DBL_MAX, DBL_EPSILON, 4.9406564584124654e-324 /* smallest
  subnormal */, 2.2250738585072009e-308 /* largest subnormal */, 123456789012345678.0,
  0.000123456789, 9007199254740993.0, 5e-324, 1.7976931348623157e308,
};

static double
next_value (GRand *rand,
            guint *counter)
{
  guint i = (*counter)++;

  if (i < G_N_ELEMENTS (special_values))
    return special_values[i];
  return random_double (rand);
}

static FlitlabStudyTable *
make_table (GRand              *rand,
            const char * const *required,
            const char         *extra,
            guint               n_rows,
            guint              *counter)
{
  g_autoptr(GPtrArray) columns = g_ptr_array_new ();
  FlitlabStudyTable *table;

  for (guint i = 0; required[i] != NULL; i++)
    g_ptr_array_add (columns, (gpointer) required[i]);
  if (extra != NULL)
    g_ptr_array_add (columns, (gpointer) extra);
  g_ptr_array_add (columns, NULL);
  table = flitlab_study_table_new ((const char * const *) columns->pdata);
  for (guint r = 0; r < n_rows; r++)
    {
      g_autofree double *row = g_new (double, table->n_columns);

      row[0] = fabs (next_value (rand, counter)); /* a load is never negative */
      for (guint c = 1; c < table->n_columns; c++)
        row[c] = next_value (rand, counter);
      if (r == n_rows - 1)
        row[1] = NAN; /* a saturated row has no latency */
      flitlab_study_table_append (table, row, r == n_rows - 1);
    }
  table->saturation_rate = g_rand_double (rand);
  return table;
}

static FlitlabStudyChannels *
make_channels (GRand *rand,
               guint  n_channels,
               guint *counter)
{
  FlitlabStudyChannels *channels = flitlab_study_channels_new (g_rand_double (rand), n_channels);
  const char *names[] = { "utilization", "flow", "blocking" };

  for (guint s = 0; s < G_N_ELEMENTS (names); s++)
    {
      double *values = flitlab_study_channels_add (channels, names[s], NULL);

      for (guint c = 0; c < n_channels; c++)
        values[c] = next_value (rand, counter);
    }
  return channels;
}

static FlitlabProject *
make_full_project (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261122);
  FlitlabProject *project = flitlab_project_new ();
  FlitlabStudy *study;
  FlitlabStudyModel *model;
  FlitlabStudyTable *reference;
  guint counter = 0;
  guint n_channels = topology_channels ("torus:4x4:bi");

  flitlab_project_set_title (project, "Every field — “quoted” & <escaped>");

  study = flitlab_study_new ("Full 4×4 torus");
  study->notes = g_strdup ("Line one\nline two\twith a tab & <tags> \"quotes\"\n");
  g_free (study->topology);
  study->topology = g_strdup ("torus:4x4:bi");
  g_free (study->routing);
  study->routing = g_strdup ("adaptive");
  g_free (study->ties);
  study->ties = g_strdup ("positive");
  g_free (study->pattern);
  study->pattern = g_strdup ("hotspot");
  study->hotspot_fraction = 0.123456789012345;
  study->hotspot_node = 15;
  g_free (study->length);
  study->length = g_strdup ("exponential");
  study->flits = 12.75;
  study->flit_width = 16;
  study->rate_min = 1e-7;
  study->rate_max = 0.1 + 0.2;
  study->n_rates = 10000;

  model = flitlab_study_add_model (study, "ciciani-bi-torus");
  g_hash_table_insert (model->params, g_strdup ("k"), g_strdup ("4x4"));
  g_hash_table_insert (model->params, g_strdup ("flits"), g_strdup ("12"));
  model->curve = make_table (rand, flitlab_study_curve_columns (), "throughput", 40, &counter);
  g_hash_table_insert (model->curve->info, g_strdup ("note"), g_strdup ("a\tb\nc"));
  g_ptr_array_add (model->channels, make_channels (rand, n_channels, &counter));
  g_ptr_array_add (model->channels, make_channels (rand, n_channels, &counter));

  model = flitlab_study_add_model (study, "quaglia-adaptive-torus");
  g_hash_table_insert (model->params, g_strdup ("k"), g_strdup ("4"));

  study->simulation.enabled = TRUE;
  study->simulation.vcs = 4;
  study->simulation.buffer = 8;
  study->simulation.node_buffers = 3;
  study->simulation.seed = G_MAXUINT64;
  study->simulation.replications = 7;
  study->simulation.warmup = G_GUINT64_CONSTANT (987654321); /* the largest are 10^9 */
  study->simulation.cycles = G_GUINT64_CONSTANT (999999937);
  study->simulation.threads = 2;
  study->simulation.watchdog = 50000;
  study->simulation.points = make_table (rand, flitlab_study_points_columns (), "mean_hops", 30,
                                         &counter);
  g_hash_table_insert (study->simulation.points->info, g_strdup ("vcs"), g_strdup ("4"));
  g_ptr_array_add (study->simulation.channels, make_channels (rand, n_channels, &counter));

  reference = make_table (rand, flitlab_study_curve_columns (), NULL, 5, &counter);
  reference->title = g_strdup ("Table 3 (paper)");
  g_ptr_array_add (study->references, reference);
  g_hash_table_insert (study->settings, g_strdup ("plot.y-scale"), g_strdup ("log"));
  g_hash_table_insert (study->settings, g_strdup ("view"), g_strdup ("heatmap"));
  flitlab_project_insert_study (project, G_MAXUINT, study);

  /* A second study with the defaults and no results. */
  flitlab_project_insert_study (project, G_MAXUINT, flitlab_study_new ("Defaults"));

  /* Every special value was used. */
  g_assert_cmpuint (counter, >, G_N_ELEMENTS (special_values));
  return project;
}

/* ---- round trips -------------------------------------------------------------------- */

static void
test_round_trip (void)
{
  g_autoptr(FlitlabProject) project = make_full_project ();
  g_autoptr(FlitlabProject) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  g_autofree char *again = NULL;
  gsize length = 0, length_again = 0;

  data = flitlab_project_to_data (project, &length);
  g_assert_cmpuint (strlen (data), ==, length);
  loaded = flitlab_project_load_from_data (data, length, "memory", &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);
  assert_projects_equal (project, loaded);

  /* Writing what was read gives the same bytes. */
  again = flitlab_project_to_data (loaded, &length_again);
  g_assert_cmpstr (data, ==, again);

  /* Shortest round-trip forms, not %.17g noise. */
  g_assert_nonnull (strstr (data, "max=\"0.30000000000000004\""));
  g_assert_nonnull (strstr (data, "hotspot-fraction=\"0.123456789012345\""));
  g_assert_nonnull (strstr (data, " -0 "));
  g_assert_nonnull (strstr (data, "seed=\"18446744073709551615\""));
  g_assert_nonnull (strstr (data, "ties=\"positive\""));

  validate_data_with_schema (data, length);
}

static void
test_round_trip_file (void)
{
  g_autoptr(FlitlabProject) project = make_full_project ();
  g_autoptr(FlitlabProject) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "full.flitlab", NULL);
  g_autofree char *names = NULL;

  g_assert_true (flitlab_project_save (project, path, &error));
  g_assert_no_error (error);
  names = test_files_list_dir (dir);
  g_assert_cmpstr (names, ==, "full.flitlab");

  loaded = flitlab_project_load (path, &error);
  g_assert_no_error (error);
  assert_projects_equal (project, loaded);
  validate_with_schema (path);
  test_files_remove_tree (dir);
}

static void
test_strings (void)
{
  g_autoptr(FlitlabProject) project = flitlab_project_new ();
  g_autoptr(FlitlabProject) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = NULL;
  FlitlabStudy *study = flitlab_study_new ("  spaces, \"quotes\", 'apostrophes', <>&, tab\t, "
                                           "newline\n, return\r, 16×16×16 ");
  FlitlabStudy *bad = flitlab_study_new ("control\x01 char and bad UTF-8 \xff end");
  FlitlabStudy *back;

  study->notes = g_strdup ("\n  leading and trailing white space is kept\r\n\n");
  g_hash_table_insert (study->settings, g_strdup ("key with spaces"), g_strdup ("\t\n "));
  g_hash_table_insert (study->settings, g_strdup ("empty"), g_strdup (""));
  flitlab_project_insert_study (project, 0, study);
  flitlab_project_insert_study (project, 1, bad);
  flitlab_project_set_title (project, NULL);

  data = flitlab_project_to_data (project, NULL);
  loaded = flitlab_project_load_from_data (data, strlen (data), "strings", &error);
  g_assert_no_error (error);
  g_assert_null (flitlab_project_get_title (loaded));
  assert_studies_equal (study, flitlab_project_get_study (loaded, 0));

  /* XML cannot hold C0 controls or invalid UTF-8: they become U+FFFD, the rest survives. */
  back = flitlab_project_get_study (loaded, 1);
  g_assert_cmpstr (back->name, ==, "control\xef\xbf\xbd char and bad UTF-8 \xef\xbf\xbd end");
  validate_data_with_schema (data, strlen (data));
}

static void
test_minimal_defaults (void)
{
  const char *text =
    "<flitlab-project format=\"1\">\n"
    "  <study name=\"m\">\n"
    "    <network topology=\"hypercube:3\" routing=\"dor\"/>\n"
    "    <traffic pattern=\"uniform\" length=\"fixed\" flits=\"8\"/>\n"
    "    <load min=\"0\" max=\"0\" count=\"1\"/>\n"
    "  </study>\n"
    "</flitlab-project>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabProject) project = load_string (text, &error);
  g_autoptr(FlitlabStudy) defaults = flitlab_study_new ("m");
  FlitlabStudy *study;

  g_assert_no_error (error);
  g_assert_cmpuint (flitlab_project_get_n_studies (project), ==, 1);
  study = flitlab_project_get_study (project, 0);
  /* Omitted optional attributes take flitlab_study_new()'s defaults. */
  g_assert_cmpfloat (study->flits, ==, 8);
  g_assert_cmpuint (study->flit_width, ==, defaults->flit_width);
  g_assert_cmpfloat (study->hotspot_fraction, ==, defaults->hotspot_fraction);
  g_assert_cmpint (study->simulation.enabled, ==, defaults->simulation.enabled);
  g_assert_cmpuint (study->simulation.cycles, ==, defaults->simulation.cycles);
  g_assert_cmpuint (study->simulation.replications, ==, defaults->simulation.replications);
  g_assert_null (study->notes);
  validate_data_with_schema (text, strlen (text));
}

/* The deadlock lab's setting: read, written back only when set, valid against the schema. */
static void
test_allow_deadlock (void)
{
  const char *text =
    "<flitlab-project format=\"1\">\n"
    "  <study name=\"lab\">\n"
    "    <network topology=\"torus:4x4:bi\" routing=\"dor\"/>\n"
    "    <traffic pattern=\"uniform\" length=\"fixed\" flits=\"8\"/>\n"
    "    <load min=\"0.05\" max=\"0.05\" count=\"1\"/>\n"
    "    <simulation enabled=\"true\" vcs=\"1\" allow-deadlock=\"true\"/>\n"
    "  </study>\n"
    "</flitlab-project>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabProject) project = load_string (text, &error);
  g_autofree char *saved = NULL;
  FlitlabStudy *study;

  g_assert_no_error (error);
  validate_data_with_schema (text, strlen (text));
  study = flitlab_project_get_study (project, 0);
  g_assert_true (study->simulation.allow_deadlock);
  saved = flitlab_project_to_data (project, NULL);
  g_assert_nonnull (strstr (saved, "allow-deadlock=\"true\""));
  study->simulation.allow_deadlock = FALSE;
  g_free (saved);
  saved = flitlab_project_to_data (project, NULL);
  g_assert_null (strstr (saved, "allow-deadlock"));
}

/* The XML declaration's encoding is honoured; what we write is always UTF-8. */
static void
test_encoding (void)
{
  const char *latin1 = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
                       "<flitlab-project format=\"1\" title=\"caf\xe9\"/>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabProject) project = load_string (latin1, &error);
  g_autofree char *written = NULL;

  g_assert_no_error (error);
  g_assert_cmpstr (flitlab_project_get_title (project), ==, "caf\xc3\xa9");
  written = flitlab_project_to_data (project, NULL);
  g_assert_true (g_str_has_prefix (written, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"));
  g_assert_nonnull (strstr (written, "title=\"caf\xc3\xa9\""));
}

/* A file whose bytes do not decode in the encoding it declares (found by fuzzing): refused
 * with a message that says so, and nothing printed on stderr by libxml2. */
static void
test_bad_encoding (void)
{
  if (g_test_subprocess ())
    {
      const char *euc_jp = "<?xml version=\"1.0\" encoding=\"EUC-JP\"?>\n"
                           "<flitlab-project format=\"1\" title=\"6\xc3\x97\x36\xc3\"/>\n";
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabProject) project = load_string (euc_jp, &error);

      g_assert_null (project);
      g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, "declared encoding"));
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("");
}

static void
test_empty_project (void)
{
  g_autoptr(FlitlabProject) project = flitlab_project_new ();
  g_autoptr(FlitlabProject) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *data = flitlab_project_to_data (project, NULL);

  loaded = load_string (data, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (flitlab_project_get_n_studies (loaded), ==, 0);
  validate_data_with_schema (data, strlen (data));
}

/* ---- bundled files ------------------------------------------------------------------ */

static void
check_bundled_dir (const char *dir_path,
                   guint      *n_files)
{
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);
      g_autofree char *data = NULL;
      g_autofree char *written = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabProject) project = NULL;
      g_autoptr(FlitlabProject) reloaded = NULL;

      if (!g_str_has_suffix (name, ".flitlab"))
        continue;
      g_test_message ("checking %s", path);
      project = flitlab_project_load (path, &error);
      g_assert_no_error (error);
      g_assert_nonnull (project);
      validate_with_schema (path);

      /* What we write from it validates and reads back the same. */
      written = flitlab_project_to_data (project, NULL);
      reloaded = load_string (written, &error);
      g_assert_no_error (error);
      assert_projects_equal (project, reloaded);
      validate_data_with_schema (written, strlen (written));
      (*n_files)++;
    }
}

static void
test_bundled (void)
{
  g_autofree char *examples = g_test_build_filename (G_TEST_DIST, "data", "examples", NULL);
  g_autofree char *test_data = g_test_build_filename (G_TEST_DIST, "src", "io", "tests", "data",
                                                       NULL);
  guint n_files = 0;

  check_bundled_dir (examples, &n_files);
  check_bundled_dir (test_data, &n_files);
  if (n_files == 0)
    {
      g_test_skip ("no bundled projects found: set G_TEST_SRCDIR to the source root");
      return;
    }
  g_test_message ("%u bundled projects", n_files);
  g_assert_cmpuint (n_files, >=, 3);
}

static void
test_tour (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "examples",
                                                 "flitlab-tour.flitlab", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabProject) project = NULL;
  FlitlabStudy *study;
  FlitlabStudyModel *model;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("data/examples not found: set G_TEST_SRCDIR to the source root");
      return;
    }
  project = flitlab_project_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (flitlab_project_get_n_studies (project), ==, 3);

  study = flitlab_project_find_study (project, "16×16×16 uni torus (Ciciani Table 2)");
  /* Written before the ties setting: read as balanced. */
  g_assert_cmpstr (study->ties, ==, "balanced");
  g_assert_nonnull (study);
  g_assert_cmpstr (study->topology, ==, "torus:16x16x16:uni");
  g_assert_cmpfloat (study->flits, ==, 25);
  model = flitlab_study_find_model (study, "ciciani-uni-torus");
  g_assert_nonnull (model);
  g_assert_cmpstr (g_hash_table_lookup (model->params, "k"), ==, "16x16x16");
  g_assert_cmpstr (g_hash_table_lookup (model->params, "flits"), ==, "25");
  /* The tour is bundled with its model curves (flitlab-cli run), so it opens drawn. */
  g_assert_nonnull (model->curve);
  g_assert_cmpuint (model->curve->n_rows, ==, study->n_rates);
  g_assert_cmpfloat (model->curve->saturation_rate, >, 0);

  study = flitlab_project_find_study (project, "6×6×6 bi torus");
  g_assert_nonnull (study);
  model = flitlab_study_find_model (study, "ciciani-bi-torus");
  g_assert_cmpstr (g_hash_table_lookup (model->params, "k"), ==, "6x6x6");
  g_assert_cmpstr (g_hash_table_lookup (model->params, "flits"), ==, "12");

  study = flitlab_project_find_study (project, "8×8 mesh vs torus");
  g_assert_nonnull (study);
  g_assert_cmpuint (study->models->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      model = g_ptr_array_index (study->models, i);
      g_assert_cmpstr (model->id, ==, i == 0 ? "greenberg-mesh" : "greenberg-torus");
      g_assert_cmpstr (g_hash_table_lookup (model->params, "k"), ==, "8");
      g_assert_cmpstr (g_hash_table_lookup (model->params, "flits"), ==, "20");
    }
}

/* results.flitlab is a golden file: written by hand in exactly the form the writer produces,
 * so any change of the output format shows up here. */
static void
test_golden (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "src", "io", "tests", "data",
                                                 "results.flitlab", NULL);
  g_autofree char *expected = NULL;
  g_autofree char *written = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabProject) project = NULL;
  FlitlabStudy *study;
  FlitlabStudyModel *model;
  const FlitlabStudyChannels *channels;

  if (!g_file_get_contents (path, &expected, NULL, NULL))
    {
      g_test_skip ("test data not found: set G_TEST_SRCDIR to the source root");
      return;
    }
  project = flitlab_project_load (path, &error);
  g_assert_no_error (error);
  written = flitlab_project_to_data (project, NULL);
  g_assert_cmpstr (written, ==, expected);

  study = flitlab_project_get_study (project, 0);
  model = g_ptr_array_index (study->models, 0);
  g_assert_cmpuint (model->curve->n_rows, ==, 3);
  g_assert_cmpfloat (model->curve->saturation_rate, ==, 0.07);
  g_assert_true (model->curve->saturated[2]);
  g_assert_true (isnan (flitlab_study_table_get (model->curve, 2, 1)));
  g_assert_cmpfloat (flitlab_study_table_get (model->curve, 1, 1), ==, 16.25);
  channels = g_ptr_array_index (model->channels, 0);
  g_assert_cmpuint (channels->n_channels, ==, topology_channels (study->topology));
  g_assert_cmpfloat (flitlab_study_channels_find (channels, "utilization")[9], ==, 0.5);
  g_assert_cmpuint (study->simulation.points->n_rows, ==, 2);
  g_assert_cmpfloat (flitlab_study_table_get (study->simulation.points, 0, 2), ==, 0.25);
}

/* ---- bad input ---------------------------------------------------------------------- */

static const char *full_document (void);

static void
test_bad_not_well_formed (void)
{
  assert_load_fails ("<flitlab-project format=\"1\">\n<study>\n</flitlab-project>\n",
                     FLITLAB_PROJECT_ERROR_PARSE, 3);
  assert_load_fails ("<flitlab-project format=\"1\" title=\"a\" title=\"b\"/>",
                     FLITLAB_PROJECT_ERROR_PARSE, 1);
  assert_load_fails ("<flitlab-project format=\"1\">\n</flitlab-project>\n<second/>\n",
                     FLITLAB_PROJECT_ERROR_PARSE, 3);
  /* An entity that no DTD declares (and none may be declared). */
  assert_load_fails ("<flitlab-project format=\"1\" title=\"&lol;\"/>",
                     FLITLAB_PROJECT_ERROR_PARSE, 1);
  assert_load_fails ("plain text, not XML", FLITLAB_PROJECT_ERROR_PARSE, 1);
  assert_load_fails ("<flitlab-project format=\"1\" title=\"\xff\"/>",
                     FLITLAB_PROJECT_ERROR_PARSE, 1);
  assert_load_fails ("", FLITLAB_PROJECT_ERROR_PARSE, 1);
}

static void
test_bad_truncated (void)
{
  const char *text = full_document ();
  gsize length = strlen (text);
  /* Cut before the closing ">" of the root end tag: nothing shorter is well-formed. */
  gsize last = length - 2;
  guint n_cuts = 0;

  for (gsize cut = 0; cut <= last; cut += MAX (1, last / 23))
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabProject) project =
        flitlab_project_load_from_data (text, cut, "cut.flitlab", &error);

      g_assert_null (project);
      g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_PARSE);
      assert_error_location (error, "cut.flitlab", 0);
      n_cuts++;
    }
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(FlitlabProject) project =
      flitlab_project_load_from_data (text, last, "cut.flitlab", &error);

    g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_PARSE);
    g_assert_null (project);
  }
  g_assert_cmpuint (n_cuts, >=, 20);
}

static void
test_bad_billion_laughs (void)
{
  g_autoptr(GString) text = g_string_new ("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n"
                                          "  <!ENTITY lol \"lol\">\n");
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabProject) project = NULL;

  for (guint i = 1; i <= 9; i++)
    {
      g_string_append_printf (text, "  <!ENTITY lol%u \"", i);
      for (guint j = 0; j < 10; j++)
        g_string_append_printf (text, i == 1 ? "&lol;" : "&lol%u;", i - 1);
      g_string_append (text, "\">\n");
    }
  g_string_append (text, "]>\n<flitlab-project format=\"1\" title=\"&lol9;\">\n"
                         "  <study name=\"&lol9;\"/>\n</flitlab-project>\n");

  project = load_string (text->str, &error);
  g_assert_null (project);
  g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_PARSE);
  assert_error_location (error, "bad.flitlab", 2);
  g_assert_nonnull (strstr (error->message, "DOCTYPE"));
}

static void
test_bad_external_entity (void)
{
  const char *text =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE flitlab-project [\n"
    "  <!ENTITY xxe SYSTEM \"file:///etc/passwd\">\n"
    "]>\n"
    "<flitlab-project format=\"1\">\n"
    "  <study name=\"s\"><notes>&xxe;</notes></study>\n"
    "</flitlab-project>\n";
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabProject) project = load_string (text, &error);

  g_assert_null (project);
  g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_PARSE);
  assert_error_location (error, "bad.flitlab", 2);
  g_assert_null (strstr (error->message, "root:"));

  /* A parameter entity pulling in an external DTD. */
  assert_load_fails ("<?xml version=\"1.0\"?>\n"
                     "<!DOCTYPE flitlab-project [\n"
                     "  <!ENTITY % ext SYSTEM \"http://127.0.0.1:9/evil.dtd\"> %ext;\n"
                     "]>\n"
                     "<flitlab-project format=\"1\"/>\n",
                     FLITLAB_PROJECT_ERROR_PARSE, 2);
}

static void
test_bad_external_dtd (void)
{
  assert_load_fails ("<?xml version=\"1.0\"?>\n"
                     "<!DOCTYPE flitlab-project SYSTEM \"http://127.0.0.1:9/flitlab.dtd\">\n"
                     "<flitlab-project format=\"1\"/>\n",
                     FLITLAB_PROJECT_ERROR_PARSE, 2);
  assert_load_fails ("<?xml version=\"1.0\"?>\n\n"
                     "<!DOCTYPE flitlab-project PUBLIC \"-//x//y\" \"/etc/passwd\">\n"
                     "<flitlab-project format=\"1\"/>\n",
                     FLITLAB_PROJECT_ERROR_PARSE, 3);
  /* Even an empty internal subset. */
  assert_load_fails ("<!DOCTYPE flitlab-project>\n<flitlab-project format=\"1\"/>\n",
                     FLITLAB_PROJECT_ERROR_PARSE, 1);
}

static void
test_bad_root (void)
{
  assert_load_fails ("<?xml version=\"1.0\"?>\n<project format=\"1\"/>\n",
                     FLITLAB_PROJECT_ERROR_INVALID, 2);
  assert_load_fails ("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
                     FLITLAB_PROJECT_ERROR_INVALID, 2);
  assert_load_fails ("<flitlab-project xmlns=\"urn:x\" format=\"1\"/>\n",
                     FLITLAB_PROJECT_ERROR_INVALID, 1);
}

static void
test_bad_version (void)
{
  assert_load_fails ("<?xml version=\"1.0\"?>\n<flitlab-project/>\n",
                     FLITLAB_PROJECT_ERROR_INVALID, 2);
  assert_load_fails ("<flitlab-project format=\"one\"/>", FLITLAB_PROJECT_ERROR_INVALID, 1);
  assert_load_fails ("<flitlab-project format=\"1.0\"/>", FLITLAB_PROJECT_ERROR_INVALID, 1);
  assert_load_fails ("<flitlab-project format=\"\"/>", FLITLAB_PROJECT_ERROR_INVALID, 1);
  assert_load_fails ("<flitlab-project format=\"0\"/>", FLITLAB_PROJECT_ERROR_VERSION, 1);
  /* A future version is refused before its (unknown) content is looked at. */
  assert_load_fails ("<?xml version=\"1.0\"?>\n<flitlab-project format=\"2\" colour=\"red\">\n"
                     "  <workspace/>\n</flitlab-project>\n",
                     FLITLAB_PROJECT_ERROR_VERSION, 2);
  assert_load_fails ("<flitlab-project format=\"99999999999999999999999\"/>",
                     FLITLAB_PROJECT_ERROR_INVALID, 1);
}

/* A valid project in which one line at a time is replaced. Line numbers are those of the
 * file: line 4 is <network>, 5 <traffic>, 6 <load>, 7 <model>, 8 <simulation>, 9 extra. */
enum { LINE_NETWORK = 4, LINE_TRAFFIC, LINE_LOAD, LINE_MODEL, LINE_SIMULATION, LINE_EXTRA };

static const char * const template_lines[] = {
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
  "<flitlab-project format=\"1\">",
  "  <study name=\"s\">",
  "    <network topology=\"torus:4x4:bi\" routing=\"dor\"/>",
  "    <traffic pattern=\"uniform\" length=\"fixed\" flits=\"16\"/>",
  "    <load min=\"0.001\" max=\"0.01\" count=\"10\"/>",
  "    <model id=\"ciciani-bi-torus\"><param name=\"k\" value=\"4x4\"/></model>",
  "    <simulation enabled=\"false\"/>",
  "",
  "  </study>",
  "</flitlab-project>",
};

static char *
template_with (int         line,
               const char *replacement)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (template_lines); i++)
    {
      g_string_append (text, (int) i + 1 == line ? replacement : template_lines[i]);
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

static void
assert_template_fails (int         line,
                       const char *replacement,
                       int         code,
                       int         error_line)
{
  g_autofree char *text = template_with (line, replacement);

  g_test_message ("line %d: %s", line, replacement);
  assert_load_fails (text, code, error_line);
}

static void
test_template_valid (void)
{
  g_autofree char *text = template_with (0, NULL);
  g_autofree char *model_channels = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabProject) project = load_string (text, &error);
  g_autoptr(FlitlabProject) project2 = NULL;
  FlitlabStudyModel *model;

  /* The template itself is valid, so each failure below is due to its one change. */
  g_assert_no_error (error);
  g_assert_nonnull (project);
  validate_data_with_schema (text, strlen (text));

  /* A model's per-channel results follow the model's own network, which may differ from the
   * study's (96 channels here): only the series length must match its count. */
  model_channels = template_with (LINE_EXTRA, "<model id=\"greenberg-torus\"><channels "
                                  "rate=\"0.001\" count=\"3\"><series name=\"flow\">1 - 3"
                                  "</series></channels></model>");
  project2 = load_string (model_channels, &error);
  g_assert_no_error (error);
  model = g_ptr_array_index (flitlab_project_get_study (project2, 0)->models, 1);
  g_assert_cmpuint (((FlitlabStudyChannels *) g_ptr_array_index (model->channels, 0))->n_channels,
                    ==, 3);
  validate_data_with_schema (model_channels, strlen (model_channels));
}

typedef struct
{
  int         line;
  const char *text;
  int         error_line; /* 0: any */
} BadCase;

static void
test_bad_out_of_range (void)
{
  const BadCase cases[] = {
    { LINE_LOAD, "<load min=\"-0.001\" max=\"0.01\" count=\"10\"/>", LINE_LOAD },
    { LINE_LOAD, "<load min=\"0.001\" max=\"0.01\" count=\"0\"/>", LINE_LOAD },
    { LINE_LOAD, "<load min=\"0.001\" max=\"0.01\" count=\"10001\"/>", LINE_LOAD },
    { LINE_LOAD, "<load min=\"0.001\" max=\"0.01\" count=\"-3\"/>", LINE_LOAD },
    { LINE_LOAD, "<load min=\"0.02\" max=\"0.01\" count=\"10\"/>", LINE_LOAD },
    { LINE_LOAD, "<load min=\"0.001\" max=\"2e9\" count=\"10\"/>", LINE_LOAD },
    { LINE_LOAD, "<load min=\"0.001\" count=\"10\"/>", LINE_LOAD },
    { LINE_LOAD, "<load min=\"0.001\" max=\"0.01\" count=\"10\" step=\"2\"/>", LINE_LOAD },
    { LINE_TRAFFIC, "<traffic pattern=\"uniform\" length=\"fixed\" flits=\"0.5\"/>",
      LINE_TRAFFIC },
    { LINE_TRAFFIC, "<traffic pattern=\"uniform\" length=\"fixed\" flits=\"0\"/>",
      LINE_TRAFFIC },
    { LINE_TRAFFIC, "<traffic pattern=\"random\" length=\"fixed\" flits=\"16\"/>",
      LINE_TRAFFIC },
    { LINE_TRAFFIC, "<traffic pattern=\"uniform\" length=\"pareto\" flits=\"16\"/>",
      LINE_TRAFFIC },
    { LINE_TRAFFIC, "<traffic pattern=\"hotspot\" hotspot-fraction=\"1.5\" length=\"fixed\" "
      "flits=\"16\"/>", LINE_TRAFFIC },
    { LINE_TRAFFIC, "<traffic pattern=\"hotspot\" hotspot-node=\"16\" length=\"fixed\" "
      "flits=\"16\"/>", LINE_TRAFFIC },
    { LINE_TRAFFIC, "<traffic pattern=\"uniform\" length=\"fixed\" flits=\"16\" "
      "flit-width=\"0\"/>", LINE_TRAFFIC },
    { LINE_TRAFFIC, "", 3 },
    { LINE_NETWORK, "<network topology=\"torus:4x4:bi\" routing=\"xy\"/>", LINE_NETWORK },
    { LINE_NETWORK, "<network topology=\"torus:1x4:bi\" routing=\"dor\"/>", LINE_NETWORK },
    { LINE_NETWORK, "<network topology=\"cube:3\" routing=\"dor\"/>", LINE_NETWORK },
    { LINE_NETWORK, "<network topology=\"\" routing=\"dor\"/>", LINE_NETWORK },
    { LINE_NETWORK, "<network routing=\"dor\"/>", LINE_NETWORK },
    { LINE_SIMULATION, "<simulation enabled=\"true\" replications=\"0\"/>", LINE_SIMULATION },
    { LINE_SIMULATION, "<simulation enabled=\"true\" vcs=\"65\"/>", LINE_SIMULATION },
    { LINE_SIMULATION, "<simulation enabled=\"true\" buffer=\"0\"/>", LINE_SIMULATION },
    { LINE_SIMULATION, "<simulation enabled=\"true\" cycles=\"0\"/>", LINE_SIMULATION },
    { LINE_SIMULATION, "<simulation enabled=\"maybe\"/>", LINE_SIMULATION },
    { LINE_SIMULATION, "<simulation enabled=\"true\" seed=\"-1\"/>", LINE_SIMULATION },
    { LINE_SIMULATION, "<simulation enabled=\"true\" seed=\"18446744073709551616\"/>",
      LINE_SIMULATION },
    { LINE_SIMULATION, "<simulation enabled=\"true\" threads=\"+2\"/>", LINE_SIMULATION },
    /* Issue #18: warm-up + cycles wrapped and the run never ended; the simulator's limits. */
    { LINE_SIMULATION, "<simulation enabled=\"true\" warmup=\"18446744073709551615\"/>",
      LINE_SIMULATION },
    { LINE_SIMULATION, "<simulation enabled=\"true\" cycles=\"1000000001\"/>", LINE_SIMULATION },
    { LINE_SIMULATION, "<simulation enabled=\"true\" cycles=\"99\"/>", LINE_SIMULATION },
    { LINE_SIMULATION, "<simulation enabled=\"true\" watchdog=\"18446744073709551615\"/>",
      LINE_SIMULATION },
    { LINE_SIMULATION, "<simulation enabled=\"true\" buffer=\"1025\"/>", LINE_SIMULATION },
    { LINE_SIMULATION, "<simulation enabled=\"true\" node-buffers=\"33\"/>", LINE_SIMULATION },
    { LINE_SIMULATION, "<simulation enabled=\"true\" replications=\"1001\"/>", LINE_SIMULATION },
    { LINE_MODEL, "<model id=\"ciciani-bi-torus\"><param name=\"k\" value=\"4\"/>"
      "<param name=\"k\" value=\"5\"/></model>", LINE_MODEL },
    { LINE_MODEL, "<model id=\"ciciani-bi-torus\"><curve><columns>latency rate</columns>"
      "</curve></model>", LINE_MODEL },
    { LINE_MODEL, "<model id=\"ciciani-bi-torus\"><curve><columns>rate latency rate</columns>"
      "</curve></model>", LINE_MODEL },
    { LINE_MODEL, "<model id=\"ciciani-bi-torus\"><curve saturation-rate=\"-1\">"
      "<columns>rate latency</columns></curve></model>", LINE_MODEL },
    { LINE_EXTRA, "<model id=\"ciciani-bi-torus\"><curve><columns>rate latency</columns>"
      "<row>0.001</row></curve></model>", LINE_EXTRA },
    { LINE_EXTRA, "<model id=\"ciciani-bi-torus\"><curve><columns>rate latency</columns>"
      "<row>0.001 1 2</row></curve></model>", LINE_EXTRA },
    { LINE_EXTRA, "<model id=\"ciciani-bi-torus\"><curve><columns>rate latency</columns>"
      "<row>-0.001 1</row></curve></model>", LINE_EXTRA },
    { LINE_EXTRA, "<model id=\"ciciani-bi-torus\"><curve><columns>rate latency</columns>"
      "<row>- 1</row></curve></model>", LINE_EXTRA },
    { LINE_EXTRA, "<model id=\"ciciani-bi-torus\"><curve><row>0.001 1</row>"
      "<columns>rate latency</columns></curve></model>", LINE_EXTRA },
    { LINE_SIMULATION, "<simulation enabled=\"false\"><channels rate=\"0.001\" count=\"95\"/>"
      "</simulation>", LINE_SIMULATION },
    { LINE_SIMULATION, "<simulation enabled=\"false\"><channels rate=\"0.001\" count=\"96\">"
      "<series name=\"u\">1</series></channels></simulation>", LINE_SIMULATION },
    { LINE_EXTRA, "<model id=\"ciciani-bi-torus\"><channels rate=\"0.001\" count=\"96\">"
      "<series name=\"u\">1 2 3</series></channels></model>", LINE_EXTRA },
    { LINE_EXTRA, "<model id=\"ciciani-bi-torus\"><channels rate=\"1.5e9\" count=\"96\"/></model>",
      LINE_EXTRA },
    { LINE_EXTRA, "<reference><columns>rate latency</columns></reference>", LINE_EXTRA },
    { LINE_EXTRA, "<setting name=\"a\" value=\"1\"/><setting name=\"a\" value=\"2\"/>",
      LINE_EXTRA },
    { LINE_EXTRA, "<setting name=\"\" value=\"1\"/>", LINE_EXTRA },
    { LINE_EXTRA, "<load min=\"0.001\" max=\"0.01\" count=\"10\"/>", LINE_EXTRA },
    { LINE_EXTRA, "<simulation enabled=\"false\"/>", LINE_EXTRA },
    { LINE_EXTRA, "<plot/>", LINE_EXTRA },
    { LINE_EXTRA, "<x:setting xmlns:x=\"urn:x\" name=\"a\" value=\"b\"/>", LINE_EXTRA },
    { LINE_EXTRA, "<notes>late</notes>", LINE_EXTRA },
    { LINE_EXTRA, "stray text", 0 },
    { 3, "  <study>", 3 },
    { 3, "  <study name=\"\">", 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_template_fails (cases[i].line, cases[i].text, FLITLAB_PROJECT_ERROR_INVALID,
                           cases[i].error_line);
}

static void
test_bad_unknown_model (void)
{
  g_autofree char *text = template_with (LINE_MODEL, "<model id=\"dally-torus\"/>");
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabProject) project = load_string (text, &error);

  g_assert_null (project);
  g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_INVALID);
  assert_error_location (error, "bad.flitlab", LINE_MODEL);
  g_assert_nonnull (strstr (error->message, "dally-torus"));
  /* The message lists the known ids. */
  g_assert_nonnull (strstr (error->message, "ciciani-uni-torus"));

  assert_template_fails (LINE_MODEL, "<model/>", FLITLAB_PROJECT_ERROR_INVALID, LINE_MODEL);
  assert_template_fails (LINE_MODEL, "<model id=\"\"/>", FLITLAB_PROJECT_ERROR_INVALID,
                         LINE_MODEL);
}

static void
test_bad_numbers (void)
{
  const char * const bad[] = {
    "1,5", "nan", "NaN", "inf", "-inf", "infinity", "1e999", "-1e999", "0x10", "0x1p-3", "",
    " 0.1", "0.1 ", "1.5.2", "1e", "e5", "+", "--1", ".", "1e+", "0.1f", "1_000",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *load = g_strdup_printf ("<load min=\"%s\" max=\"0.5\" count=\"10\"/>",
                                               bad[i]);
      g_autofree char *row = g_strdup_printf ("<model id=\"ciciani-bi-torus\"><curve>"
                                              "<columns>rate latency</columns>"
                                              "<row>0.001 %s</row></curve></model>", bad[i]);

      assert_template_fails (LINE_LOAD, load, FLITLAB_PROJECT_ERROR_INVALID, LINE_LOAD);
      /* In a row, white space only separates values ("" leaves the row short: an error). */
      if (strchr (bad[i], ' ') == NULL)
        assert_template_fails (LINE_EXTRA, row, FLITLAB_PROJECT_ERROR_INVALID, LINE_EXTRA);
    }

  /* What is allowed: signs, exponents, no leading digit, subnormals. */
  {
    const char * const good[] = { "+0.5", ".5", "5e-1", "0.5E0", "0.50000", "0.", "4.9e-324" };

    for (guint i = 0; i < G_N_ELEMENTS (good); i++)
      {
        g_autofree char *load = g_strdup_printf ("<load min=\"%s\" max=\"0.5\" count=\"1\"/>",
                                                 good[i]);
        g_autofree char *text = template_with (LINE_LOAD, load);
        g_autoptr(GError) error = NULL;
        g_autoptr(FlitlabProject) project = load_string (text, &error);

        g_assert_no_error (error);
        g_assert_cmpfloat (flitlab_project_get_study (project, 0)->rate_min, ==,
                           g_ascii_strtod (good[i], NULL));
      }
  }
}

static void
test_bad_missing_file (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "missing.flitlab", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabProject) project = flitlab_project_load (path, &error);

  g_assert_null (project);
  g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO);
  g_assert_nonnull (strstr (error->message, path));
  g_clear_error (&error);

  /* A directory is not a project either. */
  project = flitlab_project_load (dir, &error);
  g_assert_null (project);
  g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO);
  test_files_remove_tree (dir);
}

/* Special files are refused before a byte is read: a FIFO would block, /dev/zero never ends,
 * a sparse file of gigabytes would be read whole. */
static void
test_bad_special_files (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *fifo = g_build_filename (dir, "fifo.flitlab", NULL);
  g_autofree char *sparse = g_build_filename (dir, "sparse.flitlab", NULL);
  const char *paths[] = { fifo, "/dev/zero", sparse };
  FILE *file;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  file = fopen (sparse, "w");
  g_assert_nonnull (file);
  g_assert_cmpint (ftruncate (fileno (file), (off_t) FLITLAB_PROJECT_MAX_BYTES + 1), ==, 0);
  fclose (file);
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabProject) project = flitlab_project_load (paths[i], &error);

      g_assert_null (project);
      g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO);
      g_assert_nonnull (strstr (error->message, i < 2 ? "not a regular file" : "larger than"));
    }
  test_files_remove_tree (dir);
}

/* A study of this network, with an optional element inside after <load>. */
static void
append_study (GString    *text,
              guint       index,
              const char *topology,
              const char *inside)
{
  g_string_append_printf (text, "<study name=\"s%u\"><network topology=\"%s\" routing=\"dor\"/>"
                          "<traffic pattern=\"uniform\" length=\"fixed\" flits=\"8\"/>"
                          "<load min=\"0.001\" max=\"0.01\" count=\"2\"/>%s</study>\n",
                          index, topology, inside != NULL ? inside : "");
}

static void
assert_refused (GString    *text,
                const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabProject) project = NULL;

  g_string_append (text, "</flitlab-project>\n");
  project = load_string (text->str, &error);
  g_assert_null (project);
  g_assert_nonnull (error);
  if (strstr (error->message, message) == NULL)
    g_error ("expected “%s” in: %s", message, error->message);
}

/* Small files whose checks were quadratic, or which built a large network per study, are
 * refused or loaded in proportion to their size (bench/bench-load measures the times). */
static void
test_bad_hostile_sizes (void)
{
  const char *head = "<flitlab-project format=\"1\">\n";
  g_autoptr(GString) text = g_string_new (head);
  g_autoptr(GString) inside = g_string_new ("<reference title=\"r\"><columns>rate latency");
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabProject) project = NULL;

  /* 80 000 column names. */
  for (guint i = 0; i < 80000; i++)
    g_string_append_printf (inside, " c%u", i);
  g_string_append (inside, "</columns></reference>");
  append_study (text, 0, "torus:4x4:bi", inside->str);
  assert_refused (text, "more than 256 columns");

  /* 80 000 series in one <channels>, and a <channels> of no channel. */
  g_string_assign (text, head);
  g_string_assign (inside, "<model id=\"ciciani-hypercube\"><param name=\"n\" value=\"3\"/>"
                   "<param name=\"flits\" value=\"8\"/><channels rate=\"0.001\" count=\"1\">");
  for (guint i = 0; i < 80000; i++)
    g_string_append_printf (inside, "<series name=\"s%u\">0</series>", i);
  g_string_append (inside, "</channels></model>");
  append_study (text, 0, "hypercube:3", inside->str);
  assert_refused (text, "more than 64 series");
  g_string_assign (text, head);
  append_study (text, 0, "hypercube:3", "<model id=\"ciciani-hypercube\"><param name=\"n\" value=\"3\"/>"
                "<param name=\"flits\" value=\"8\"/><channels rate=\"0.001\" count=\"0\"/></model>");
  assert_refused (text, "count");

  /* 50 000 attributes on one element: refused before libxml2's quadratic check. */
  g_string_assign (text, head);
  g_string_append (text, "<study name=\"s\"");
  for (guint i = 0; i < 50000; i++)
    g_string_append_printf (text, " a%u=\"1\"", i);
  g_string_append (text, "/>");
  assert_refused (text, "more than 64 attributes");

  /* 1000 studies of one large network build it once. */
  g_string_assign (text, head);
  for (guint i = 0; i < 1000; i++)
    append_study (text, i, "hypercube:16", NULL);
  g_string_append (text, "</flitlab-project>\n");
  project = load_string (text->str, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (flitlab_project_get_n_studies (project), ==, 1000);

  /* Distinct large networks: at most FLITLAB_PROJECT_MAX_NETWORK_NODES nodes together. */
  g_string_assign (text, head);
  for (guint i = 2; i <= 256; i++)
    {
      g_autofree char *spec = g_strdup_printf ("torus:%ux256:bi", i);

      append_study (text, i, spec, NULL);
    }
  assert_refused (text, "distinct networks have more than");
}

/* ---- locale ------------------------------------------------------------------------- */

/* A comma-decimal LC_NUMERIC: an installed one, or one compiled with localedef into dir. */
static gboolean
set_comma_locale (const char *dir)
{
  const char * const names[] = { "de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8", "it_IT.UTF-8",
                                 "de_DE", "fr_FR" };
  g_autofree char *localedef = g_find_program_in_path ("localedef");
  g_autofree char *target = NULL;
  int status = 0;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (setlocale (LC_NUMERIC, names[i]) != NULL)
      return TRUE;
  if (localedef == NULL || !g_file_test ("/usr/share/i18n/locales/de_DE", G_FILE_TEST_EXISTS))
    return FALSE;

  target = g_build_filename (dir, "de_DE.UTF-8", NULL);
  {
    const char *argv[] = { localedef, "--no-archive", "-i", "de_DE", "-f", "UTF-8", target,
                           NULL };

    if (!g_spawn_sync (NULL, (char **) argv, NULL,
                       G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                       NULL, NULL, &status, NULL)
        || !g_file_test (target, G_FILE_TEST_IS_DIR))
      return FALSE;
  }
  g_setenv ("LOCPATH", dir, TRUE);
  return setlocale (LC_NUMERIC, "de_DE.UTF-8") != NULL;
}

static void
test_locale (void)
{
  g_autoptr(FlitlabProject) project = make_full_project ();
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *in_c = NULL;
  g_autofree char *in_comma = NULL;
  g_autofree char *printed = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabProject) loaded = NULL;

  in_c = flitlab_project_to_data (project, NULL);
  if (!set_comma_locale (dir))
    {
      test_files_remove_tree (dir);
      g_test_skip ("no comma-decimal locale is installed and none could be compiled");
      return;
    }
  /* The locale really uses a comma, or the test proves nothing. */
  printed = g_strdup_printf ("%.1f", 0.5);
  g_assert_cmpstr (printed, ==, "0,5");

  in_comma = flitlab_project_to_data (project, NULL);
  loaded = flitlab_project_load_from_data (in_comma, strlen (in_comma), "comma", &error);

  setlocale (LC_NUMERIC, "C");
  g_unsetenv ("LOCPATH");
  test_files_remove_tree (dir);

  g_assert_cmpstr (in_comma, ==, in_c);
  g_assert_no_error (error);
  assert_projects_equal (project, loaded);
}

/* ---- saving ------------------------------------------------------------------------- */

static void
test_save_no_directory (void)
{
  g_autoptr(FlitlabProject) project = make_full_project ();
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "no", "such", "dir", "p.flitlab", NULL);
  g_autoptr(GError) error = NULL;
  g_autofree char *names = NULL;

  g_assert_false (flitlab_project_save (project, path, &error));
  g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO);
  g_assert_nonnull (strstr (error->message, path));
  names = test_files_list_dir (dir);
  g_assert_cmpstr (names, ==, "");
  test_files_remove_tree (dir);
}

static void
test_save_onto_directory (void)
{
  g_autoptr(FlitlabProject) project = make_full_project ();
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *target = g_build_filename (dir, "project.flitlab", NULL);
  g_autofree char *sibling = g_build_filename (dir, "other.flitlab", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *names = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (flitlab_project_save (project, sibling, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (sibling, &before, NULL, NULL));
  g_assert_cmpint (g_mkdir (target, 0700), ==, 0);

  /* The rename over a directory fails: an error, the directory and the sibling untouched,
   * and the temporary file gone. */
  g_assert_false (flitlab_project_save (project, target, &error));
  g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO);
  g_assert_nonnull (strstr (error->message, target));
  g_assert_true (g_file_test (target, G_FILE_TEST_IS_DIR));
  g_assert_true (g_file_get_contents (sibling, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
  names = test_files_list_dir (dir);
  g_assert_cmpstr (names, ==, "other.flitlab project.flitlab");
  test_files_remove_tree (dir);
}

static void
test_save_overwrite (void)
{
  g_autoptr(FlitlabProject) small = flitlab_project_new ();
  g_autoptr(FlitlabProject) full = make_full_project ();
  g_autoptr(FlitlabProject) loaded = NULL;
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "p.flitlab", NULL);
  g_autofree char *names = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (flitlab_project_save (full, path, &error));
  g_assert_true (flitlab_project_save (small, path, &error));
  g_assert_no_error (error);
  /* A shorter project replaces a longer one whole: no tail of the old file is left. */
  loaded = flitlab_project_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (flitlab_project_get_n_studies (loaded), ==, 0);
  names = test_files_list_dir (dir);
  g_assert_cmpstr (names, ==, "p.flitlab");
  test_files_remove_tree (dir);
}

/* Tests run as root, so permissions cannot make a write fail; a file size limit can, for
 * root too: the save stops half-way through writing the temporary file. */
static void
test_save_failure_keeps_old (void)
{
  g_autoptr(FlitlabProject) old_project = flitlab_project_new ();
  g_autoptr(FlitlabProject) new_project = make_full_project ();
  g_autoptr(FlitlabProject) loaded = NULL;
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "p.flitlab", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *names = NULL;
  g_autofree char *new_data = NULL;
  g_autoptr(GError) error = NULL;
  struct rlimit saved, limited;
  void (*saved_handler) (int);
  gboolean ok;
  gsize new_length = 0;

  flitlab_project_set_title (old_project, "the old file");
  flitlab_project_insert_study (old_project, 0, flitlab_study_new ("old"));
  g_assert_true (flitlab_project_save (old_project, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));
  new_data = flitlab_project_to_data (new_project, &new_length);

  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  limited = saved;
  limited.rlim_cur = 4096;
  g_assert_cmpuint (new_length, >, 4 * limited.rlim_cur);
  saved_handler = signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limited), ==, 0);

  ok = flitlab_project_save (new_project, path, &error);

  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved), ==, 0);
  signal (SIGXFSZ, saved_handler);

  g_assert_false (ok);
  g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
  names = test_files_list_dir (dir);
  g_assert_cmpstr (names, ==, "p.flitlab");
  g_clear_error (&error);
  loaded = flitlab_project_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (flitlab_project_get_title (loaded), ==, "the old file");
  test_files_remove_tree (dir);
}

/* A project that could not be read back is not written at all. */
static void
test_save_invalid (void)
{
  g_autoptr(FlitlabProject) project = flitlab_project_new ();
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "p.flitlab", NULL);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *names = NULL;
  g_autoptr(GError) error = NULL;
  FlitlabStudy *study = flitlab_study_new ("s");

  flitlab_project_insert_study (project, 0, study);
  g_assert_true (flitlab_project_save (project, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &before, NULL, NULL));

  /* Caught by flitlab_study_check(). */
  study->n_rates = 0;
  g_assert_false (flitlab_project_save (project, path, &error));
  g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, path));
  g_test_message ("%s", error->message);
  g_clear_error (&error);
  study->n_rates = 10;

  /* Caught only by reading the bytes back: the topology library refuses the spec. */
  g_free (study->topology);
  study->topology = g_strdup ("torus:1x1:bi");
  g_assert_false (flitlab_project_save (project, path, &error));
  g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_clear_error (&error);

  /* And an unknown model id. */
  g_free (study->topology);
  study->topology = g_strdup ("torus:4x4:bi");
  flitlab_study_add_model (study, "no-such-model");
  g_assert_false (flitlab_project_save (project, path, &error));
  g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_INVALID);
  g_test_message ("%s", error->message);

  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (before, ==, after);
  names = test_files_list_dir (dir);
  g_assert_cmpstr (names, ==, "p.flitlab");
  test_files_remove_tree (dir);
}

/* ---- the project API ---------------------------------------------------------------- */

static void
test_studies (void)
{
  g_autoptr(FlitlabProject) project = flitlab_project_new ();
  g_autoptr(FlitlabProject) copy = NULL;
  g_autoptr(FlitlabStudy) removed = NULL;
  FlitlabStudy *a = flitlab_study_new ("a");
  FlitlabStudy *b = flitlab_study_new ("b");
  FlitlabStudy *c = flitlab_study_new ("c");

  g_assert_null (flitlab_project_get_title (project));
  flitlab_project_set_title (project, "T");
  g_assert_cmpstr (flitlab_project_get_title (project), ==, "T");
  flitlab_project_set_title (project, flitlab_project_get_title (project));
  g_assert_cmpstr (flitlab_project_get_title (project), ==, "T");

  g_assert_cmpuint (flitlab_project_get_n_studies (project), ==, 0);
  flitlab_project_insert_study (project, G_MAXUINT, b);
  flitlab_project_insert_study (project, 0, a);
  flitlab_project_insert_study (project, 2, c);
  g_assert_cmpuint (flitlab_project_get_n_studies (project), ==, 3);
  g_assert_true (flitlab_project_get_study (project, 0) == a);
  g_assert_true (flitlab_project_get_study (project, 1) == b);
  g_assert_true (flitlab_project_get_study (project, 2) == c);
  g_assert_true (flitlab_project_find_study (project, "b") == b);
  g_assert_null (flitlab_project_find_study (project, "d"));

  copy = flitlab_project_copy (project);
  g_assert_cmpstr (flitlab_project_get_title (copy), ==, "T");
  g_assert_cmpuint (flitlab_project_get_n_studies (copy), ==, 3);
  g_assert_true (flitlab_project_get_study (copy, 1) != b);
  g_assert_cmpstr (flitlab_project_get_study (copy, 1)->name, ==, "b");

  removed = flitlab_project_remove_study (project, 1);
  g_assert_true (removed == b);
  g_assert_cmpuint (flitlab_project_get_n_studies (project), ==, 2);
  g_assert_true (flitlab_project_get_study (project, 1) == c);
  g_assert_null (flitlab_project_find_study (project, "b"));
  /* The copy is independent. */
  g_assert_nonnull (flitlab_project_find_study (copy, "b"));
  flitlab_project_free (NULL);
}

/* ---- the document the truncation test cuts ------------------------------------------ */

static const char *
full_document (void)
{
  static char *text;

  if (text == NULL)
    {
      g_autoptr(FlitlabProject) project = make_full_project ();

      text = flitlab_project_to_data (project, NULL);
    }
  return text;
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/flitlab/project/round-trip", test_round_trip);
  g_test_add_func ("/flitlab/project/round-trip-file", test_round_trip_file);
  g_test_add_func ("/flitlab/project/strings", test_strings);
  g_test_add_func ("/flitlab/project/minimal-defaults", test_minimal_defaults);
  g_test_add_func ("/flitlab/project/allow-deadlock", test_allow_deadlock);
  g_test_add_func ("/flitlab/project/empty", test_empty_project);
  g_test_add_func ("/flitlab/project/encoding", test_encoding);
  g_test_add_func ("/flitlab/project/bundled", test_bundled);
  g_test_add_func ("/flitlab/project/tour", test_tour);
  g_test_add_func ("/flitlab/project/golden", test_golden);
  g_test_add_func ("/flitlab/project/template-valid", test_template_valid);
  g_test_add_func ("/flitlab/project/bad/not-well-formed", test_bad_not_well_formed);
  g_test_add_func ("/flitlab/project/bad/truncated", test_bad_truncated);
  g_test_add_func ("/flitlab/project/bad/billion-laughs", test_bad_billion_laughs);
  g_test_add_func ("/flitlab/project/bad/external-entity", test_bad_external_entity);
  g_test_add_func ("/flitlab/project/bad/external-dtd", test_bad_external_dtd);
  g_test_add_func ("/flitlab/project/bad/root", test_bad_root);
  g_test_add_func ("/flitlab/project/bad/version", test_bad_version);
  g_test_add_func ("/flitlab/project/bad/out-of-range", test_bad_out_of_range);
  g_test_add_func ("/flitlab/project/bad/unknown-model", test_bad_unknown_model);
  g_test_add_func ("/flitlab/project/bad/numbers", test_bad_numbers);
  g_test_add_func ("/flitlab/project/bad/missing-file", test_bad_missing_file);
  g_test_add_func ("/flitlab/project/bad/special-files", test_bad_special_files);
  g_test_add_func ("/flitlab/project/bad/encoding", test_bad_encoding);
  g_test_add_func ("/flitlab/project/bad/hostile-sizes", test_bad_hostile_sizes);
  g_test_add_func ("/flitlab/project/locale", test_locale);
  g_test_add_func ("/flitlab/project/save/no-directory", test_save_no_directory);
  g_test_add_func ("/flitlab/project/save/onto-directory", test_save_onto_directory);
  g_test_add_func ("/flitlab/project/save/overwrite", test_save_overwrite);
  g_test_add_func ("/flitlab/project/save/failure-keeps-old", test_save_failure_keeps_old);
  g_test_add_func ("/flitlab/project/save/invalid", test_save_invalid);
  g_test_add_func ("/flitlab/project/studies", test_studies);

  return g_test_run ();
}
