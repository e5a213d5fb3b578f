/* test-booksim.c: BookSim 2's configurations in and out, its printed results as reference
 * points (issue #32, items 2 and 3)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every configuration and output here is written by the test in BookSim's format; BookSim
 * itself is not needed.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "flitlab-booksim-config.h"
#include "flitlab-booksim-results.h"
#include "flitlab-study-plot.h"
#include "test-files.h"

static char *
write_file (const char *dir,
            const char *name,
            const char *text)
{
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static FlitlabStudy *
study_from_text (const char          *text,
                 const char * const  *overrides,
                 GPtrArray           *warnings,
                 GError             **error)
{
  g_autoptr(FlitlabBooksimConfig) config = flitlab_booksim_config_new ();

  if (!flitlab_booksim_config_parse (config, text, strlen (text), "cfg", 1, error))
    return NULL;
  for (guint i = 0; overrides != NULL && overrides[i] != NULL; i++)
    if (!flitlab_booksim_config_override (config, overrides[i], error))
      return NULL;
  return flitlab_booksim_config_to_study (config, "imported", warnings, error);
}

/* Comments, statements over lines, overrides that win, flits into messages, the notes. */
static void
test_import (void)
{
  const char *text =
    "// a 4x4 torus\n"
    "topology = torus; k = 4;\n"
    "n =\n  2;\n"
    "routing_function = dim_order; // BookSim appends _torus\n"
    "num_vcs = 4;\nvc_buf_size = 2;\ntraffic = transpose;\npacket_size = 4;\n"
    "injection_rate = 0.5;\ninjection_rate_uses_flits = 1;\n"
    "routing_delay = 1;\nsample_period = 100;\nno_such_key = 3;\n";
  const char * const overrides[] = { "injection_rate=0.08", NULL };
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabStudy) study = study_from_text (text, overrides, warnings, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (study->topology, ==, "torus:4x4:bi");
  g_assert_cmpint (study->routing, ==, FLITLAB_ROUTING_DOR);
  g_assert_cmpint (study->pattern, ==, FLITLAB_TRAFFIC_TRANSPOSE);
  g_assert_cmpuint (study->simulation.vcs, ==, 4);
  g_assert_cmpuint (study->simulation.buffer, ==, 2);
  g_assert_true (study->simulation.enabled);
  g_assert_cmpfloat (study->flits, ==, 4);
  /* 0.08 flits per cycle per node in packets of 4 flits. */
  g_assert_cmpfloat_with_epsilon (study->rate_min, 0.02, 1e-12);
  g_assert_cmpuint (study->n_rates, ==, 1);
  /* A path is a value; a comment may follow a value at once. */
  {
    g_autoptr(FlitlabBooksimConfig) config = flitlab_booksim_config_new ();

    g_assert_true (flitlab_booksim_config_parse (config, "network_file = a/b.txt;//x\n"
                                                 "k = 4//x\n;", 37, "cfg", 1, NULL));
    g_assert_cmpstr (flitlab_booksim_config_get (config, "network_file"), ==, "a/b.txt");
    g_assert_cmpstr (flitlab_booksim_config_get (config, "k"), ==, "4");
  }
  /* The router key is noted with what it changes, the run key named, the unknown one warned
   * of at its line. */
  g_assert_nonnull (strstr (study->notes, "routing_delay = 1: "));
  g_assert_nonnull (strstr (study->notes, "at least 2 cycles in each router"));
  g_assert_nonnull (strstr (study->notes, "sample_period"));
  g_assert_null (strstr (study->notes, "no_such_key"));
  g_assert_cmpuint (warnings->len, ==, 1);
  g_assert_cmpstr (warnings->pdata[0], ==, "cfg:14: unknown key “no_such_key”, ignored");
}

/* BookSim's defaults (torus 8x8, 16 VCs, 8-flit buffers, 1-flit packets, 0.1), min_adapt,
 * hotspot, a mesh. */
static void
test_import_mappings (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabStudy) adaptive = NULL, hotspot = NULL, mesh = NULL;

  adaptive = study_from_text ("routing_function = min_adapt;", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (adaptive->topology, ==, "torus:8x8:bi");
  g_assert_cmpint (adaptive->routing, ==, FLITLAB_ROUTING_ADAPTIVE);
  /* BookSim's min_adapt_torus: two escape VCs and one adaptive, Flitlab's with 3. */
  g_assert_cmpuint (adaptive->simulation.vcs, ==, 3);
  g_assert_cmpuint (adaptive->simulation.buffer, ==, 8);
  g_assert_cmpfloat (adaptive->flits, ==, 1);
  g_assert_cmpfloat (adaptive->rate_min, ==, 0.1);
  g_assert_nonnull (strstr (adaptive->notes, "VC 3"));

  hotspot = study_from_text ("topology = mesh; k = 3; routing_function = dor; "
                             "traffic = hotspot({5}); num_vcs = 2; seed = 7;",
                             NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (hotspot->topology, ==, "mesh:3x3");
  g_assert_cmpint (hotspot->pattern, ==, FLITLAB_TRAFFIC_HOTSPOT);
  g_assert_cmpuint (hotspot->hotspot_node, ==, 5);
  g_assert_cmpfloat (hotspot->hotspot_fraction, ==, 1);
  g_assert_cmpuint (hotspot->simulation.seed, ==, 7);

  mesh = study_from_text ("topology = mesh; n = 3; k = 2; routing_function = dor_dateline; "
                          "traffic = bitcomp; sim_type = throughput;", NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mesh->topology, ==, "mesh:2x2x2");
  g_assert_cmpint (mesh->pattern, ==, FLITLAB_TRAFFIC_BIT_COMPLEMENT);
  g_assert_nonnull (strstr (mesh->notes, "sim_type = throughput"));
}

/* A malformed file is one line with its line number; what Flitlab cannot run, one line. */
static void
test_import_refused (void)
{
  static const struct { const char *text; int code; const char *words; } cases[] = {
    { "k = 4;\nn = 2\ntopology = torus;", FLITLAB_BOOKSIM_ERROR_PARSE, "cfg:3: expected “;”" },
    { "k 4;", FLITLAB_BOOKSIM_ERROR_PARSE, "cfg:1: expected “=” after “k”" },
    { "k = ;", FLITLAB_BOOKSIM_ERROR_PARSE, "cfg:1: “k” has no value" },
    { "\n= 4;", FLITLAB_BOOKSIM_ERROR_PARSE, "cfg:2: expected a key" },
    { "topology = anynet;", FLITLAB_BOOKSIM_ERROR_UNSUPPORTED, "network_file" },
    { "topology = fly; routing_function = dor;", FLITLAB_BOOKSIM_ERROR_UNSUPPORTED, "“fly”" },
    { "routing_function = valiant;", FLITLAB_BOOKSIM_ERROR_UNSUPPORTED, "“valiant”" },
    { "topology = torus;", FLITLAB_BOOKSIM_ERROR_UNSUPPORTED, "no routing_function" },
    { "routing_function = dor; traffic = randperm;", FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
      "randperm" },
    { "routing_function = dor; traffic = shuffle;", FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
      "“shuffle”" },
    { "routing_function = dor; traffic = hotspot({1,2});", FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
      "one hotspot" },
    { "routing_function = dor; c = 4;", FLITLAB_BOOKSIM_ERROR_UNSUPPORTED, "concentrated" },
    { "routing_function = dor; num_vcs = many;", FLITLAB_BOOKSIM_ERROR_INVALID, "num_vcs" },
    { "routing_function = dor; sim_type = batch;", FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
      "“batch”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabStudy) study = study_from_text (cases[i].text, NULL, NULL, &error);

      g_assert_null (study);
      g_assert_error (error, FLITLAB_BOOKSIM_ERROR, cases[i].code);
      if (strstr (error->message, cases[i].words) == NULL)
        g_error ("“%s”: %s", cases[i].text, error->message);
      g_assert_null (strchr (error->message, '\n'));
    }
}

/* A study written out reads back as itself, with BookSim's fastest router and a comment. */
static void
test_export_round_trip (void)
{
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("a study");
  g_autoptr(FlitlabStudy) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_true (flitlab_study_set_topology (study, "torus:4x4:bi", NULL));
  study->routing = FLITLAB_ROUTING_DOR;
  study->pattern = FLITLAB_TRAFFIC_TORNADO;
  study->flits = 8;
  study->simulation.buffer = 4;
  study->rate_min = 0.01;
  study->rate_max = 0.03;
  study->n_rates = 3;
  text = flitlab_booksim_config_write_study (study, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text, "routing_function = dim_order;\n"));
  g_assert_nonnull (strstr (text, "num_vcs = 2;\n"));
  g_assert_nonnull (strstr (text, "speculative = 1;\nrouting_delay = 0;\n"));
  g_assert_nonnull (strstr (text, "// with R in 0.01 0.02 0.03\n"));
  g_assert_nonnull (strstr (text, "closest to that"));

  back = study_from_text (text, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (back->topology, ==, study->topology);
  g_assert_cmpint (back->routing, ==, study->routing);
  g_assert_cmpint (back->pattern, ==, study->pattern);
  g_assert_cmpfloat (back->flits, ==, 8);
  g_assert_cmpuint (back->simulation.vcs, ==, 2);
  g_assert_cmpuint (back->simulation.buffer, ==, 4);
  g_assert_cmpfloat (back->rate_min, ==, 0.01);
}

static void
test_export_refused (void)
{
  static const char * const specs[] = {
    "torus:4x4:uni", "torus:4x8:bi", "necklace:3,3", "torus:4x4:bi",
  };

  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      g_autoptr(FlitlabStudy) study = flitlab_study_new ("s");
      g_autoptr(GError) error = NULL;
      g_autofree char *text = NULL;

      g_assert_true (flitlab_study_set_topology (study, specs[i], NULL));
      if (i == 2)
        study->routing = FLITLAB_ROUTING_NECKLACE;
      /* The deadlock lab's one VC on a torus. */
      if (i == 3)
        study->simulation.vcs = 1;
      text = flitlab_booksim_config_write_study (study, NULL, &error);
      g_assert_null (text);
      g_assert_error (error, FLITLAB_BOOKSIM_ERROR, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED);
    }
}

/* An output as BookSim prints it: its configuration's echo (the last character of the file
 * before the end marker), the override, samples, then the overall statistics. */
static char *
booksim_output (const char *k,
                const char *rate,
                gboolean    unstable)
{
  return g_strdup_printf (
    "BEGIN Configuration File: run.cfg\n"
    "topology = torus;\nk = %s;\nn = 2;\nrouting_function = dim_order;\npacket_size = 4;\n"
    "traffic = uniform;\n"
    "injection_rate_uses_flits = 1;;END Configuration File: run.cfg\n"
    "OVERRIDE Parameter: injection_rate=%s\n"
    "Class 0:\nPacket latency average = 99.5\nNetwork latency average = 98\n%s",
    k, rate,
    unstable
    ? "Simulation unstable, ending ...\nTotal run time 0.1\n"
    : "Draining remaining packets ...\n"
      "====== Overall Traffic Statistics ======\n====== Traffic class 0 ======\n"
      "Packet latency average = 21.25 (1 samples)\n\tminimum = 5 (1 samples)\n"
      "Network latency average = 20.5 (1 samples)\n"
      "Accepted flit rate average = 0.1 (1 samples)\n");
}

static void
test_results (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *low_text = booksim_output ("4", "0.2", FALSE);
  g_autofree char *high_text = booksim_output ("4", "0.4", TRUE);
  g_autofree char *low = write_file (dir, "low.txt", low_text);
  g_autofree char *high = write_file (dir, "high.txt", high_text);
  const char * const paths[] = { high, low, NULL };
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("s");
  g_autoptr(GError) error = NULL;
  g_autofree char *notes = NULL;
  FlitlabStudyTable *table;

  g_assert_true (flitlab_study_set_topology (study, "torus:4x4:bi", NULL));
  study->flits = 4;
  table = flitlab_booksim_results_load (study, paths, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (table->title, ==, "BookSim 2");
  g_assert_cmpuint (table->n_rows, ==, 2);
  /* Rows by load; 0.2 flits per cycle in packets of 4: 0.05 messages. */
  g_assert_cmpfloat_with_epsilon (flitlab_study_table_get (table, 0, 0), 0.05, 1e-12);
  g_assert_cmpfloat (flitlab_study_table_get (table, 0, 1), ==, 21.25);
  g_assert_cmpfloat (flitlab_study_table_get (table, 0, 2), ==, 20.5);
  g_assert_cmpfloat_with_epsilon (flitlab_study_table_get (table, 0, 3), 0.025, 1e-12);
  g_assert_false (table->saturated[0]);
  g_assert_true (table->saturated[1]);
  g_assert_true (isnan (flitlab_study_table_get (table, 1, 1)));
  g_assert_cmpstr (g_hash_table_lookup (table->info, FLITLAB_STUDY_INFO_LATENCY), ==, "total");

  /* Added twice: one reference, one note. */
  flitlab_booksim_results_add (study, flitlab_study_table_copy (table));
  notes = g_strdup (study->notes);
  flitlab_booksim_results_add (study, table);
  g_assert_cmpuint (study->references->len, ==, 1);
  g_assert_cmpstr (study->notes, ==, notes);
  g_assert_nonnull (strstr (notes, "total latency"));
  g_assert_true (flitlab_study_check (study, NULL));

  {
    /* Drawn with the latency it counts, with its network latency, said to be neither else. */
    static const struct { const char *metric, *label; double y; } shown[] = {
      { "latency", "BookSim 2", 21.25 },
      { "network", "BookSim 2", 20.5 },
      { "transit", "BookSim 2: total latency only", NAN },
      { "throughput", "BookSim 2", 0.025 },
    };

    for (guint m = 0; m < G_N_ELEMENTS (shown); m++)
      {
        g_autoptr(FlitlabPlot) plot = flitlab_study_plot_new (study, shown[m].metric);
        const FlitlabPlotSeries *series = NULL;

        for (guint s = 0; s < plot->series->len; s++)
          if (g_str_has_prefix (((FlitlabPlotSeries *) plot->series->pdata[s])->label,
                                "BookSim"))
            series = plot->series->pdata[s];
        g_assert_nonnull (series);
        g_assert_cmpstr (series->label, ==, shown[m].label);
        if (isnan (shown[m].y))
          g_assert_true (isnan (series->y[0]));
        else
          g_assert_cmpfloat_with_epsilon (series->y[0], shown[m].y, 1e-12);
      }
  }
  test_files_remove_tree (dir);
}

static void
test_results_refused (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *other_text = booksim_output ("8", "0.2", FALSE);
  g_autofree char *one_text = booksim_output ("4", "0.2", FALSE);
  g_autofree char *truncated_text = g_strndup (one_text, strstr (one_text, "Draining") - one_text);
  g_autofree char *unended_text = g_strndup (one_text, strstr (one_text, "END") - one_text);
  g_autofree char *other = write_file (dir, "other.txt", other_text);
  g_autofree char *tornado_text = g_strconcat (one_text, "OVERRIDE Parameter: traffic=tornado\n",
                                               NULL);
  g_autofree char *tornado = write_file (dir, "tornado.txt", tornado_text);
  g_autofree char *one = write_file (dir, "one.txt", one_text);
  g_autofree char *truncated = write_file (dir, "truncated.txt", truncated_text);
  g_autofree char *unended = write_file (dir, "unended.txt", unended_text);
  g_autofree char *nothing = write_file (dir, "nothing.txt", "hello\n");
  g_autofree char *missing = g_build_filename (dir, "missing.txt", NULL);
  const struct { const char *paths[3]; const char *words; } cases[] = {
    { { other, NULL }, "ran torus:8x8:bi" },
    { { tornado, NULL }, "ran dor routing and tornado traffic, not the study's dor and uniform" },
    { { truncated, NULL }, "did the run finish?" },
    { { unended, NULL }, "has no “END Configuration File:”" },
    { { nothing, NULL }, "not BookSim's output" },
    { { one, one }, "a second output at the load 0.05" },
    { { missing, NULL }, "Cannot read BookSim's output" },
  };
  g_autoptr(FlitlabStudy) study = flitlab_study_new ("s");

  g_assert_true (flitlab_study_set_topology (study, "torus:4x4:bi", NULL));
  study->flits = 4;
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabStudyTable) table =
        flitlab_booksim_results_load (study, cases[i].paths, &error);

      g_assert_null (table);
      g_assert_nonnull (error);
      if (strstr (error->message, cases[i].words) == NULL)
        g_error ("case %u: %s", i, error->message);
    }
  test_files_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/booksim/import", test_import);
  g_test_add_func ("/booksim/import-mappings", test_import_mappings);
  g_test_add_func ("/booksim/import-refused", test_import_refused);
  g_test_add_func ("/booksim/export-round-trip", test_export_round_trip);
  g_test_add_func ("/booksim/export-refused", test_export_refused);
  g_test_add_func ("/booksim/results", test_results);
  g_test_add_func ("/booksim/results-refused", test_results_refused);
  return g_test_run ();
}
