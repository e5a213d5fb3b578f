/* test-project-xml-bad.c: .flitlab files that must be refused — broken, hostile, out of range
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
#include "test-projects.h"

/* ---- bad input ---------------------------------------------------------------------- */


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
    { 3, "  <study name=\"s\" group=\"\">", 3 },
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
  append_study (text, 0, "hypercube:3", "<model id=\"ciciani-hypercube\"><param name=\"n\" "
                                        "value=\"3\"/><param name=\"flits\" value=\"8\"/><channels "
                                        "rate=\"0.001\" count=\"0\"/></model>");
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

  /* Networks from files: at most FLITLAB_PROJECT_MAX_FILE_NETWORK_PAIRS pairs of nodes
   * together, which four rings of 4096 keep within and a fifth passes. */
  g_string_assign (text, head);
  for (guint i = 0; i < 5; i++)
    {
      g_string_append_printf (text, "<study name=\"f%u\"><network topology=\"file:ring%u.txt\" "
                              "routing=\"updown\">4096\n", i, i);
      for (guint v = 0; v < 4096; v++)
        g_string_append_printf (text, "%u %u\n", v, (v + 1) % 4096);
      g_string_append (text, "</network><traffic pattern=\"uniform\" length=\"fixed\" "
                       "flits=\"8\"/><load min=\"0.001\" max=\"0.01\" count=\"2\"/></study>\n");
    }
  assert_refused (text, "networks from files have more than");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

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
  g_test_add_func ("/flitlab/project/bad/hostile-sizes", test_bad_hostile_sizes);

  return g_test_run ();
}
