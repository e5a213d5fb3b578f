/* test-projects.c: projects for the project file tests (test-projects.h)
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
#include "flitlab-study-plot.h"
#include "flitlab-topology.h"
#include "test-projects.h"

/* ---- helpers ------------------------------------------------------------------------ */

static const char *
schema_path (void)
{
  return g_test_get_filename (G_TEST_DIST, "data", "flitlab-project.rng", NULL);
}

/* Runs xmllint with the RELAX NG schema; FALSE (and the test skipped) without xmllint. */
gboolean
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

gboolean
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
void
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

FlitlabProject *
load_string (const char  *text,
             GError     **error)
{
  return flitlab_project_load_from_data (text, strlen (text), "bad.flitlab", error);
}

void
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

guint
topology_channels (const char *spec)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec (spec, &error);

  g_assert_no_error (error);
  return flitlab_topology_get_n_channels (topology);
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

FlitlabProject *
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
  study->group = g_strdup ("Full 4×4 torus: vcs & “more”");
  flitlab_study_set_topology (study, "torus:4x4:bi", NULL);
  study->routing = FLITLAB_ROUTING_ADAPTIVE;
  study->ties = FLITLAB_TIES_POSITIVE;
  study->pattern = FLITLAB_TRAFFIC_HOTSPOT;
  study->hotspot_fraction = 0.123456789012345;
  study->hotspot_node = 15;
  study->length = FLITLAB_LENGTH_EXPONENTIAL;
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

/* ---- the document the truncation test cuts ------------------------------------------ */

const char *
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

GPtrArray *
load_examples (void)
{
  g_autofree char *examples = g_test_build_filename (G_TEST_DIST, "data", "examples", NULL);
  g_autoptr(GDir) dir = g_dir_open (examples, 0, NULL);
  GPtrArray *projects;
  const char *name;

  if (dir == NULL)
    {
      g_test_skip ("data/examples not found: set G_TEST_SRCDIR to the source root");
      return NULL;
    }
  projects = g_ptr_array_new_with_free_func ((GDestroyNotify) flitlab_project_free);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (examples, name, NULL);
      g_autoptr(GError) error = NULL;
      FlitlabProject *project;

      if (!g_str_has_suffix (name, ".flitlab"))
        continue;
      project = flitlab_project_load (path, &error);
      g_assert_no_error (error);
      g_ptr_array_add (projects, project);
    }
  return projects;
}

GPtrArray *
project_plots (FlitlabProject *project)
{
  GPtrArray *plots = g_ptr_array_new_with_free_func ((GDestroyNotify) flitlab_plot_free);
  g_autoptr(GPtrArray) studies = g_ptr_array_new ();

  for (guint i = 0; i < flitlab_project_get_n_studies (project); i++)
    {
      g_ptr_array_add (studies, flitlab_project_get_study (project, i));
      g_ptr_array_add (plots, flitlab_study_plot_new (studies->pdata[i], NULL));
    }
  g_ptr_array_add (plots,
                   flitlab_study_plot_new_comparison ((const FlitlabStudy * const *)
                                                      studies->pdata, studies->len, NULL));
  return plots;
}
