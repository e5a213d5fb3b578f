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
#include "flitlab-routing.h"
#include "flitlab-topology.h"
#include "test-files.h"
#include "test-projects.h"

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
  g_assert_cmpstr (a->group, ==, b->group);
  g_assert_cmpstr (a->topology, ==, b->topology);
  g_assert_cmpint (a->routing, ==, b->routing);
  g_assert_cmpint (a->ties, ==, b->ties);
  g_assert_cmpint (a->pattern, ==, b->pattern);
  assert_double_identical (a->hotspot_fraction, b->hotspot_fraction);
  g_assert_cmpuint (a->hotspot_node, ==, b->hotspot_node);
  g_assert_cmpint (a->length, ==, b->length);
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

/* The size rule (issue #33): over the limit the per-channel results are left out with a note
 * the reader skips; still over it, nothing; bytes over the reader's limit are refused. */
static void
test_size_rule (void)
{
  g_autoptr(FlitlabProject) project = make_full_project ();
  g_autoptr(FlitlabProject) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *full = flitlab_project_to_data (project, NULL);
  g_autofree char *within = NULL, *lean = NULL;
  gsize full_length = strlen (full), length = 0, lean_length = 0;
  gboolean left_out = TRUE;

  g_assert_nonnull (strstr (full, "<channels"));
  within = flitlab_project_to_data_within (project, full_length, &left_out, &length);
  g_assert_false (left_out);
  g_assert_cmpstr (within, ==, full);

  lean = flitlab_project_to_data_within (project, full_length - 1, &left_out, &lean_length);
  g_assert_true (left_out);
  g_assert_cmpuint (lean_length, <, full_length);
  g_assert_null (strstr (lean, "<channels"));
  g_assert_nonnull (strstr (lean, "<!-- Per-channel results left out"));
  loaded = flitlab_project_load_from_data (lean, lean_length, "lean", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (flitlab_project_get_n_studies (loaded), ==,
                    flitlab_project_get_n_studies (project));
  validate_data_with_schema (lean, lean_length);

  /* The reader's limit on bytes in memory, the writer's check: one byte over is refused
   * before libxml2 sees anything (the length alone says so; the bytes are never read). */
  g_clear_pointer (&loaded, flitlab_project_free);
  loaded = flitlab_project_load_from_data (full, (gsize) FLITLAB_PROJECT_MAX_BYTES + 1, "huge",
                                           &error);
  g_assert_null (loaded);
  g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO);
  g_assert_nonnull (strstr (error->message, "256 MiB"));
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

/* A network from a file is kept inline, so the project opens without the file: written as an
 * edge list in <network>, read back as the same network, valid against the schema. */
static void
test_file_network (void)
{
  g_autoptr(FlitlabProject) project = flitlab_project_new ();
  g_autoptr(FlitlabProject) loaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabTopology) network =
    flitlab_topology_new_from_text ("router 0 node 1 router 1\nrouter 1 node 0 router 2\n"
                                    "router 2 node 2 router 0\n", "net.txt", &error);
  FlitlabStudy *study = flitlab_study_new ("irregular");
  g_autofree char *data = NULL, *again = NULL, *links = NULL, *links_again = NULL;
  const FlitlabTopology *read;

  g_assert_no_error (error);
  flitlab_study_set_built_topology (study, "file:net.txt", network);
  study->routing = FLITLAB_ROUTING_UPDOWN;
  flitlab_project_insert_study (project, G_MAXUINT, study);
  data = flitlab_project_to_data (project, NULL);
  g_assert_nonnull (strstr (data, "<network topology=\"file:net.txt\" routing=\"updown\">\n"
                                  "      3\n      0 1\n      0 2\n      1 2\n    </network>\n"));
  validate_data_with_schema (data, strlen (data));

  loaded = flitlab_project_load_from_data (data, strlen (data), "memory", &error);
  g_assert_no_error (error);
  study = flitlab_project_get_study (loaded, 0);
  g_assert_cmpstr (study->topology, ==, "file:net.txt");
  g_assert_cmpint (study->routing, ==, FLITLAB_ROUTING_UPDOWN);
  read = flitlab_study_get_topology (study, &error);
  g_assert_no_error (error);
  links = flitlab_topology_dup_edge_list (network);
  links_again = flitlab_topology_dup_edge_list (read);
  g_assert_cmpstr (links_again, ==, links);
  again = flitlab_project_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, data);
}

/* The inline links are checked as a file's are; they belong to file networks only. */
static void
test_file_network_bad (void)
{
  static const struct { const char *network; const char *message; } cases[] = {
    { "<network topology=\"file:n.txt\" routing=\"updown\"/>", "keeps its links inline" },
    { "<network topology=\"mesh:2x2\" routing=\"dor\">2\n0 1</network>",
      "only a network from a file" },
    { "<network topology=\"file:n.txt\" routing=\"updown\">4\n0 1\n2 3</network>",
      "not connected" },
    { "<network topology=\"file:n.txt\" routing=\"updown\">0 1\n1 0</network>",
      "line 2: nodes 1 and 0 are linked twice" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text =
        g_strdup_printf ("<flitlab-project format=\"1\">\n  <study name=\"s\">\n    %s\n"
                         "    <traffic pattern=\"uniform\" length=\"fixed\" flits=\"8\"/>\n"
                         "    <load min=\"0\" max=\"0\" count=\"1\"/>\n  </study>\n"
                         "</flitlab-project>\n", cases[i].network);
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabProject) project = load_string (text, &error);

      g_assert_null (project);
      g_assert_nonnull (error);
      if (strstr (error->message, cases[i].message) == NULL)
        g_error ("case %u: “%s” does not say “%s”", i, error->message, cases[i].message);
    }
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
  g_assert_cmpuint (flitlab_project_get_n_studies (project), ==, 4);

  study = flitlab_project_find_study (project, "16×16×16 uni torus (Ciciani Table 2)");
  /* Written before the ties setting: read as balanced. */
  g_assert_cmpstr (flitlab_ties_to_string (study->ties), ==, "balanced");
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

  /* The deadlock lab: one virtual channel on a torus, allowed, its deadlocked loads saved so. */
  study = flitlab_project_find_study (project, "Deadlock lab: 4×4 torus, one virtual channel");
  g_assert_nonnull (study);
  g_assert_cmpuint (study->simulation.vcs, ==, 1);
  g_assert_true (study->simulation.allow_deadlock);
  g_assert_nonnull (study->simulation.points);
  g_assert_cmpint (flitlab_study_table_find_column (study->simulation.points, "deadlocked"), >=, 0);
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
  flitlab_study_set_topology (study, "torus:1x1:bi", NULL);
  g_assert_false (flitlab_project_save (project, path, &error));
  g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_clear_error (&error);

  /* And an unknown model id. */
  flitlab_study_set_topology (study, "torus:4x4:bi", NULL);
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/flitlab/project/size-rule", test_size_rule);
  g_test_add_func ("/flitlab/project/round-trip", test_round_trip);
  g_test_add_func ("/flitlab/project/round-trip-file", test_round_trip_file);
  g_test_add_func ("/flitlab/project/strings", test_strings);
  g_test_add_func ("/flitlab/project/minimal-defaults", test_minimal_defaults);
  g_test_add_func ("/flitlab/project/file-network", test_file_network);
  g_test_add_func ("/flitlab/project/file-network-bad", test_file_network_bad);
  g_test_add_func ("/flitlab/project/allow-deadlock", test_allow_deadlock);
  g_test_add_func ("/flitlab/project/empty", test_empty_project);
  g_test_add_func ("/flitlab/project/encoding", test_encoding);
  g_test_add_func ("/flitlab/project/bundled", test_bundled);
  g_test_add_func ("/flitlab/project/tour", test_tour);
  g_test_add_func ("/flitlab/project/golden", test_golden);
  g_test_add_func ("/flitlab/project/bad/encoding", test_bad_encoding);
  g_test_add_func ("/flitlab/project/locale", test_locale);
  g_test_add_func ("/flitlab/project/save/no-directory", test_save_no_directory);
  g_test_add_func ("/flitlab/project/save/onto-directory", test_save_onto_directory);
  g_test_add_func ("/flitlab/project/save/overwrite", test_save_overwrite);
  g_test_add_func ("/flitlab/project/save/failure-keeps-old", test_save_failure_keeps_old);
  g_test_add_func ("/flitlab/project/save/invalid", test_save_invalid);
  g_test_add_func ("/flitlab/project/studies", test_studies);

  return g_test_run ();
}
