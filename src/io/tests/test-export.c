/* test-export.c: the export module, headless: formats and names, the heatmap rule, and each
 * format's file (the .tex compiled by pdflatex, the .py run by python3 with matplotlib)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "flitlab-export.h"
#include "flitlab-grid.h"
#include "flitlab-study-run.h"
#include "flitlab-study-plot.h"
#include "test-files.h"

static void
test_format_names (void)
{
  FlitlabExportFormat format;

  for (FlitlabExportFormat f = 0; f < FLITLAB_EXPORT_N_FORMATS; f++)
    {
      g_assert_true (flitlab_export_format_from_name (flitlab_export_format_get_extension (f),
                                                      &format));
      g_assert_cmpint (format, ==, f);
    }
  g_assert_true (flitlab_export_format_from_path ("/tmp/a.b/Fig.PDF", &format));
  g_assert_cmpint (format, ==, FLITLAB_EXPORT_PDF);
  g_assert_true (flitlab_export_format_from_path ("plot.py", &format));
  g_assert_cmpint (format, ==, FLITLAB_EXPORT_PY);
  g_assert_false (flitlab_export_format_from_path ("fig.bmp", NULL));
  g_assert_false (flitlab_export_format_from_path ("fig", NULL));
  /* A folder's extension is not the file's, nor is a hidden file's name. */
  g_assert_false (flitlab_export_format_from_path ("/tmp/x.pdf/fig", NULL));
  g_assert_false (flitlab_export_format_from_path ("/tmp/.pdf", NULL));
}

/* The dialog's rule: a known extension typed picks the format, else the chosen one's is added. */
static void
test_path_for (void)
{
  static const struct
  {
    const char          *typed;
    FlitlabExportFormat  chosen, prefilled;
    const char          *path;
    FlitlabExportFormat  format;
  } cases[] = {
    /* Typed by the person: the extension wins. */
    { "/d/fig.pdf", FLITLAB_EXPORT_SVG, FLITLAB_EXPORT_SVG, "/d/fig.pdf", FLITLAB_EXPORT_PDF },
    { "/d/fig.tex", FLITLAB_EXPORT_PNG, FLITLAB_EXPORT_SVG, "/d/fig.tex", FLITLAB_EXPORT_TEX },
    { "/d/fig.CSV", FLITLAB_EXPORT_PDF, FLITLAB_EXPORT_SVG, "/d/fig.CSV", FLITLAB_EXPORT_CSV },
    { "/d/fig.svg", FLITLAB_EXPORT_SVG, FLITLAB_EXPORT_SVG, "/d/fig.svg", FLITLAB_EXPORT_SVG },
    { "/d/fig.pdf.svg", FLITLAB_EXPORT_SVG, FLITLAB_EXPORT_SVG, "/d/fig.pdf", FLITLAB_EXPORT_PDF },
    { "/d/fig.tex.png", FLITLAB_EXPORT_SVG, FLITLAB_EXPORT_PNG, "/d/fig.tex", FLITLAB_EXPORT_TEX },
    { "/d/fig.v2.svg", FLITLAB_EXPORT_SVG, FLITLAB_EXPORT_SVG, "/d/fig.v2.svg",
      FLITLAB_EXPORT_SVG },
    /* The offered extension follows the format chosen. */
    { "/d/fig.svg", FLITLAB_EXPORT_PDF, FLITLAB_EXPORT_SVG, "/d/fig.pdf", FLITLAB_EXPORT_PDF },
    { "/d/fig.pdf", FLITLAB_EXPORT_PY, FLITLAB_EXPORT_PDF, "/d/fig.py", FLITLAB_EXPORT_PY },
    /* No known extension: the chosen one's is added. */
    { "/d/fig", FLITLAB_EXPORT_SVG, FLITLAB_EXPORT_SVG, "/d/fig.svg", FLITLAB_EXPORT_SVG },
    { "/d/fig.v2", FLITLAB_EXPORT_PY, FLITLAB_EXPORT_SVG, "/d/fig.v2.py", FLITLAB_EXPORT_PY },
    { "/d/table-3.6x6x6", FLITLAB_EXPORT_PDF, FLITLAB_EXPORT_SVG, "/d/table-3.6x6x6.pdf",
      FLITLAB_EXPORT_PDF },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      FlitlabExportFormat format = FLITLAB_EXPORT_N_FORMATS;
      g_autofree char *path = flitlab_export_path_for (cases[i].typed, cases[i].chosen,
                                                       cases[i].prefilled,
                                                         &format);

      g_assert_cmpstr (path, ==, cases[i].path);
      g_assert_cmpint (format, ==, cases[i].format);
    }
}

static void
test_file_stem (void)
{
  static const struct { const char *title, *stem; } cases[] = {
    { "Table 3: 6×6×6 bi-directional torus", "table-3-6x6x6-bi-torus" },
    { "Table 2: 16×16×16 uni-directional torus", "table-2-16x16x16-uni-torus" },
    { "Fig. 3: (6,5) necklace hypercube, 1024 nodes, V=8, M=32",
      "fig-3-6-5-necklace-hypercube-1024-nodes-v-8-m-32" },
    { "Table 4: 2^10 hypercube", "table-4-2-10-hypercube" },
    { "  Études — \"quoted\" & $money$ ", "etudes-quoted-money" },
    { "Fig. 7: uni- and bi-directional 8×8×8 tori", "fig-7-uni-and-bi-8x8x8-tori" },
    { "流量", "figure" },
    { "×", "x" },
    { "???", "figure" },
    { "", "figure" },
    { NULL, "figure" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *stem = flitlab_export_file_stem (cases[i].title);

      g_assert_cmpstr (stem, ==, cases[i].stem);
      for (const char *p = stem; *p != '\0'; p++)
        g_assert_true (g_ascii_islower (*p) || g_ascii_isdigit (*p) || *p == '-');
    }
}

/* ---- the heatmap rule ---- */

static void
add_model (FlitlabStudy *study,
           const char   *k)
{
  FlitlabStudyModel *model = flitlab_study_add_model (study, "ciciani-bi-torus");

  g_hash_table_insert (model->params, g_strdup ("k"), g_strdup (k));
  g_hash_table_insert (model->params, g_strdup ("flits"), g_strdup ("8"));
}

/* A 4×4 torus with stored simulation channels at these loads, saturated as given. */
static FlitlabStudy *
torus_study (const double   *rates,
             const gboolean *saturated,
             guint           n)
{
  FlitlabStudy *study = flitlab_study_new ("small torus");
  guint n_channels = 64 + 16 + 16;

  flitlab_study_set_topology (study, "torus:4x4:bi", NULL);
  study->flits = 8;
  study->rate_min = 0.002;
  study->rate_max = 0.2;
  study->simulation.points = flitlab_study_table_new (flitlab_study_points_columns ());
  for (guint i = 0; i < n; i++)
    {
      g_autofree double *row = g_new0 (double, study->simulation.points->n_columns);
      FlitlabStudyChannels *channels = flitlab_study_channels_new (rates[i], n_channels);
      double *utilization = flitlab_study_channels_add (channels, "utilization", NULL);

      row[flitlab_study_table_find_column (study->simulation.points, "rate")] = rates[i];
      flitlab_study_table_append (study->simulation.points, row, saturated[i]);
      for (guint c = 0; c < n_channels; c++)
        utilization[c] = rates[i] * (1 + c % 3);
      g_ptr_array_add (study->simulation.channels, channels);
    }
  return study;
}

static void
test_heatmap_rule (void)
{
  static const double rates[] = { 0.01, 0.1, 0.05 };
  static const gboolean some[] = { FALSE, TRUE, FALSE }, all[] = { TRUE, TRUE, TRUE };
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("torus:4x4:bi", NULL);
  g_autoptr(FlitlabStudy) measured = torus_study (rates, some, 3);
  g_autoptr(FlitlabStudy) saturated = torus_study (rates, all, 3);
  g_autoptr(FlitlabStudy) empty = torus_study (NULL, NULL, 0);
  g_autoptr(FlitlabStudy) modelled = torus_study (rates, some, 3);
  FlitlabExportHeatmap heatmap;
  double saturation;

  /* No model: the simulation at its highest load below saturation... */
  flitlab_export_heatmap_choose (measured, topology, &heatmap);
  g_assert_cmpint (heatmap.source, ==, FLITLAB_EXPORT_HEATMAP_SIMULATION);
  g_assert_cmpfloat (heatmap.rate, ==, 0.05);
  g_assert_cmpfloat (heatmap.measured->rate, ==, 0.05);
  g_assert_null (heatmap.model);
  flitlab_export_heatmap_clear (&heatmap);
  /* ... or at its highest when every load saturates. */
  flitlab_export_heatmap_choose (saturated, topology, &heatmap);
  g_assert_cmpint (heatmap.source, ==, FLITLAB_EXPORT_HEATMAP_SIMULATION);
  g_assert_cmpfloat (heatmap.rate, ==, 0.1);
  flitlab_export_heatmap_clear (&heatmap);
  flitlab_export_heatmap_choose (empty, topology, &heatmap);
  g_assert_cmpint (heatmap.source, ==, FLITLAB_EXPORT_HEATMAP_NONE);
  g_assert_true (isnan (heatmap.rate));
  flitlab_export_heatmap_clear (&heatmap);

  /* A model of another network is passed over; the first of the study's own wins over the
   * simulation, at four fifths of its saturation. */
  add_model (modelled, "8x8");
  add_model (modelled, "4x4");
  flitlab_export_heatmap_choose (modelled, topology, &heatmap);
  g_assert_cmpint (heatmap.source, ==, FLITLAB_EXPORT_HEATMAP_MODEL);
  g_assert_nonnull (heatmap.model);
  g_assert_cmpuint (flitlab_topology_get_n_nodes (flitlab_model_get_topology (heatmap.model)),
                    ==, 16);
  saturation = flitlab_model_get_saturation_rate (heatmap.model);
  g_assert_cmpfloat (saturation, >, 0.01);
  g_assert_cmpfloat_with_epsilon (heatmap.rate, 0.8 * saturation, 1e-12);
  flitlab_export_heatmap_clear (&heatmap);

  /* Clamped into the study's loads. */
  modelled->rate_max = 0.25 * saturation;
  flitlab_export_heatmap_choose (modelled, topology, &heatmap);
  g_assert_cmpfloat (heatmap.rate, ==, 0.25 * saturation);
  flitlab_export_heatmap_clear (&heatmap);
}

static void
test_network_figure_and_flow (void)
{
  static const double rates[] = { 0.01, 0.05 };
  static const gboolean some[] = { FALSE, FALSE };
  g_autoptr(FlitlabStudy) study = torus_study (rates, some, 2);
  g_autoptr(FlitlabTopologyFigure) figure = NULL;
  g_autoptr(FlitlabModel) model = NULL;
  g_autoptr(GError) error = NULL;
  double rate = NAN;

  figure = flitlab_export_network_figure (study, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (figure->title, ==, "small torus");
  g_assert_cmpuint (figure->n_values, ==, 96);
  g_assert_cmpfloat (figure->values[1], ==, 0.05 * 2);
  g_assert_cmpstr (figure->value_label, ==, "Channel utilization (simulation, load 0.05)");
  g_clear_pointer (&figure, flitlab_topology_figure_free);

  g_assert_null (flitlab_export_flow_model (study, &rate, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID);
  g_clear_error (&error);

  /* The flow diagram takes the first model, whichever network it describes. */
  add_model (study, "8x8");
  add_model (study, "4x4");
  model = flitlab_export_flow_model (study, &rate, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (flitlab_topology_get_n_nodes (flitlab_model_get_topology (model)), ==, 64);
  g_assert_cmpfloat_with_epsilon (rate, MIN (0.2, 0.8 * flitlab_model_get_saturation_rate (model)),
                                  1e-12);

  figure = flitlab_export_network_figure (study, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (figure->value_label, "Channel utilization (model, load "));
  g_assert_cmpfloat (figure->values[0], >, 0);

  /* Channel statistics of another network: an error, not a wrong picture. */
  g_ptr_array_set_size (study->models, 0);
  ((FlitlabStudyChannels *) study->simulation.channels->pdata[1])->n_channels = 80;
  g_clear_pointer (&figure, flitlab_topology_figure_free);
  g_assert_null (flitlab_export_network_figure (study, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID);
  ((FlitlabStudyChannels *) study->simulation.channels->pdata[1])->n_channels = 96;
}

/* ---- files ---- */

static char *
read_file (const char *path)
{
  char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

/* The plot of a study that has every mark: curves with saturation, points with intervals,
 * saturated points. */
static FlitlabPlot *
sample_plot (void)
{
  static const double x[] = { 0.002, 0.004, 0.006, 0.008, 0.01, 0.012 };
  static const double model[] = { 16, 17, 18.5, 21, 27, NAN };
  static const double sim[] = { 16.2, 17.3, 18.9, 21.8, 29, NAN };
  static const double ci[] = { 0.1, 0.2, 0.3, 0.5, 1.2, NAN };
  FlitlabPlot *plot = flitlab_plot_new ("Table 3: 6×6×6 bi-directional torus, 50% & more_",
                                        "Load (messages/cycle/node)", "Latency (cycles)");
  FlitlabPlotSeries *series;

  series = flitlab_plot_add_series (plot, "Model: Ciciani et al. 1998", FLITLAB_PLOT_LINE, x, model,
                                    NULL, G_N_ELEMENTS (x));
  series->saturation = 0.0105;
  series = flitlab_plot_add_series (plot, "Simulation, 95% CI", FLITLAB_PLOT_POINTS, x, sim, ci,
                                    G_N_ELEMENTS (x));
  series->color = 1;
  flitlab_plot_series_set_saturated (series, 5);
  return plot;
}

static gboolean
has_prefix (const char *path,
            const char *prefix,
            gsize       length)
{
  g_autofree char *contents = read_file (path);

  return memcmp (contents, prefix, length) == 0;
}

/* Runs argv in dir; fails the test with its output when it fails. */
static void
run_in (const char  *dir,
        const char **argv)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autoptr(GError) error = NULL;
  /* No display: the script writes its file as it would on a build machine. */
  g_auto(GStrv) env = g_environ_unsetenv (g_get_environ (), "DISPLAY");
  int status = 0;

  env = g_environ_unsetenv (env, "WAYLAND_DISPLAY");
  g_spawn_sync (dir, (char **) argv, env, G_SPAWN_SEARCH_PATH, NULL, NULL, &out, &err, &status,
                &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("%s failed:\n%s\n%s", argv[0], out, err);
}

static void
test_plot_files (void)
{
  g_autoptr(FlitlabPlot) plot = sample_plot ();
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *svg = g_build_filename (dir, "fig.svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, "fig.pdf", NULL);
  g_autofree char *png = g_build_filename (dir, "fig.png", NULL);
  g_autofree char *csv = g_build_filename (dir, "fig.csv", NULL);
  g_autofree char *tex = g_build_filename (dir, "fig.tex", NULL);
  g_autofree char *py = g_build_filename (dir, "fig.py", NULL);
  g_autofree char *csv_text = NULL, *tex_text = NULL, *py_text = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (flitlab_export_plot (plot, svg, 252, 180, 2, &error));
  g_assert_true (flitlab_export_plot (plot, pdf, 252, 180, 2, &error));
  g_assert_true (flitlab_export_plot (plot, png, 252, 180, 2, &error));
  g_assert_true (flitlab_export_plot (plot, csv, 252, 180, 2, &error));
  g_assert_true (flitlab_export_plot (plot, tex, 345, 230, 2, &error));
  g_assert_true (flitlab_export_plot (plot, py, 345, 230, 2, &error));
  g_assert_no_error (error);
  g_assert_true (has_prefix (svg, "<?xml", 5));
  g_assert_true (has_prefix (pdf, "%PDF-", 5));
  g_assert_true (has_prefix (png, "\x89PNG\r\n", 6));

  /* Every column, the intervals too; saturated rows say so. */
  csv_text = read_file (csv);
  g_assert_true (g_str_has_prefix (csv_text, "series,kind,rate,value,ci95\n"));
  g_assert_nonnull (strstr (csv_text, "\"Simulation, 95% CI\",points,0.01,29,1.2\n"));
  g_assert_nonnull (strstr (csv_text, "\"Simulation, 95% CI\",points,0.012,saturated,\n"));
  g_assert_nonnull (strstr (csv_text, "Model: Ciciani et al. 1998,model,0.01,27,\n"));

  /* The same series, labels, error bars and marks, the text escaped for LaTeX. */
  tex_text = read_file (tex);
  g_assert_nonnull (strstr (tex_text,
                            "title={Table 3: 6\\ensuremath{\\times}6\\ensuremath{\\times}6 "
                            "bi-directional torus, 50\\% \\& more\\_}"));
  g_assert_nonnull (strstr (tex_text, "\\addlegendentry{Simulation, 95\\% CI}"));
  g_assert_nonnull (strstr (tex_text, "(0.01,29) +- (0,1.2)"));
  g_assert_nonnull (strstr (tex_text, "mark=x"));
  g_assert_nonnull (strstr (tex_text, "\\addlegendentry{saturated: load not carried}"));
  g_assert_nonnull (strstr (tex_text, "dash pattern"));
  g_assert_nonnull (strstr (tex_text, "{RGB}{213,94,0}"));
  py_text = read_file (py);
  g_assert_nonnull (strstr (py_text,
                            "label=\"Simulation, 95% CI\", kind=\"points\", color=\"#d55e00\""));
  g_assert_nonnull (strstr (py_text, "ci95=[0.1, 0.2, 0.3, 0.5, 1.2, nan]"));
  g_assert_nonnull (strstr (py_text, "saturated=[0.012]"));
  g_assert_nonnull (strstr (py_text,
                            "ax.set_title(\"Table 3: 6×6×6 bi-directional torus, 50% & "
                            "more_\")"));

  /* They compile and run: pdflatex and Debian's python3-matplotlib, no display. */
  {
    const char *latex[] = { "pdflatex", "-interaction=nonstopmode", "-halt-on-error", "fig.tex",
                            NULL };
    const char *python[] = { FLITLAB_TEST_PYTHON, "fig.py", "fig-py.pdf", NULL };
    g_autofree char *tex_pdf = g_build_filename (dir, "fig.pdf", NULL);
    g_autofree char *py_pdf = g_build_filename (dir, "fig-py.pdf", NULL);
    g_autofree char *log = g_build_filename (dir, "fig.log", NULL);
    g_autofree char *log_text = NULL;

    g_remove (tex_pdf);
    run_in (dir, latex);
    g_assert_true (has_prefix (tex_pdf, "%PDF-", 5));
    log_text = read_file (log);
    /* The figure fits its page: nothing set beyond it. */
    g_assert_null (strstr (log_text, "Overfull"));
    run_in (dir, python);
    g_assert_true (has_prefix (py_pdf, "%PDF-", 5));
  }
  test_files_remove_tree (dir);
}

/* Names that once broke a file (issue #33): every ASCII control character, quotes,
 * backslashes, LaTeX's and mathtext's specials, formula-leading cells, an emoji and 10,000
 * characters. The CSV reads back by Python's csv module with every character (formulas led by
 * an apostrophe), the .tex compiles and the .py runs. */
static void
test_hostile_labels (void)
{
  static const double x[] = { 0.002, 0.004 };
  static const double y[] = { 16, 17 };
  static const char *checker =
    "import csv\n"
    "want = open('labels.bin', 'rb').read().decode().split('\\0')\n"
    "got = [r[0] for r in csv.reader(open('h.csv', newline='', encoding='utf-8'))][1:]\n"
    "want = [(\"'\" if w[:1] in ('=', '+', '-', '@', '\\t', '\\r') else '') + w for w in want]\n"
    "assert sorted(set(got)) == sorted(want), (sorted(set(got)), sorted(want))\n";
  g_autoptr(GString) controls = g_string_new ("controls ");
  g_autoptr(GString) labels = g_string_new (NULL);
  g_autofree char *long_name = g_strnfill (10000, 'n');
  g_autofree char *dir = test_files_make_dir ();
  g_autoptr(FlitlabPlot) plot = NULL;
  g_autoptr(GError) error = NULL;
  const char *names[6];

  for (char c = 1; c < 0x20; c++)
    g_string_append_c (controls, c);
  g_string_append_c (controls, 0x7f);
  names[0] = controls->str;
  names[1] = "=SUM(A1) \"quoted\" 'single' back\\slash, comma";
  names[2] = "$x$ % { } # & _ ^ ~ \\relax \xf0\x9f\x98\x80";
  names[3] = "-1 minus";
  names[4] = "@at\r\nline";
  names[5] = long_name;
  plot = flitlab_plot_new (controls->str, "Load", "Latency (cycles)");
  g_free (plot->title);
  plot->title = g_strconcat (names[1], names[2], long_name, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      flitlab_plot_add_series (plot, names[i], FLITLAB_PLOT_LINE, x, y, NULL, G_N_ELEMENTS (x));
      g_string_append_len (labels, names[i], strlen (names[i]) + (i + 1 < G_N_ELEMENTS (names)));
    }
  {
    g_autofree char *csv = g_build_filename (dir, "h.csv", NULL);
    g_autofree char *tex = g_build_filename (dir, "h.tex", NULL);
    g_autofree char *py = g_build_filename (dir, "h.py", NULL);
    g_autofree char *bin = g_build_filename (dir, "labels.bin", NULL);
    g_autofree char *check = g_build_filename (dir, "check.py", NULL);
    const char *latex[] = { "pdflatex", "-interaction=nonstopmode", "-halt-on-error", "h.tex",
                            NULL };
    const char *python[] = { FLITLAB_TEST_PYTHON, "h.py", "h-py.pdf", NULL };
    const char *read_back[] = { FLITLAB_TEST_PYTHON, "check.py", NULL };
    g_autofree char *tex_pdf = g_build_filename (dir, "h.pdf", NULL);
    g_autofree char *py_pdf = g_build_filename (dir, "h-py.pdf", NULL);

    g_assert_true (flitlab_export_plot (plot, csv, 345, 230, 2, &error));
    g_assert_true (flitlab_export_plot (plot, tex, 345, 230, 2, &error));
    g_assert_true (flitlab_export_plot (plot, py, 345, 230, 2, &error));
    g_assert_no_error (error);
    g_assert_true (g_file_set_contents (bin, labels->str, labels->len, NULL));
    g_assert_true (g_file_set_contents (check, checker, -1, NULL));
    run_in (dir, read_back);
    run_in (dir, latex);
    g_assert_true (has_prefix (tex_pdf, "%PDF-", 5));
    run_in (dir, python);
    g_assert_true (has_prefix (py_pdf, "%PDF-", 5));
  }
  test_files_remove_tree (dir);
}

static void
test_network_and_flow_files (void)
{
  static const double rates[] = { 0.01 };
  static const gboolean some[] = { FALSE };
  g_autoptr(FlitlabStudy) study = torus_study (rates, some, 1);
  g_autoptr(FlitlabTopologyFigure) figure = NULL, cube = NULL;
  g_autoptr(FlitlabModel) model = NULL;
  g_autoptr(FlitlabTopology) torus3 = flitlab_topology_new_from_spec ("torus:4x4x4:bi", NULL);
  g_autofree char *dir = test_files_make_dir ();
  g_autoptr(GError) error = NULL;
  g_autofree char *csv_text = NULL;
  double rate;

  add_model (study, "4x4");
  figure = flitlab_export_network_figure (study, &error);
  g_assert_no_error (error);
  for (FlitlabExportFormat f = FLITLAB_EXPORT_SVG; f <= FLITLAB_EXPORT_CSV; f++)
    {
      g_autofree char *name = g_strconcat ("net.", flitlab_export_format_get_extension (f), NULL);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_true (flitlab_export_network (figure, FALSE, path, 500, 400, 1, &error));
      g_assert_no_error (error);
      g_assert_true (f != FLITLAB_EXPORT_SVG || has_prefix (path, "<?xml", 5));
      g_assert_true (f != FLITLAB_EXPORT_PDF || has_prefix (path, "%PDF-", 5));
      g_assert_true (f != FLITLAB_EXPORT_PNG || has_prefix (path, "\x89PNG", 4));
    }
  {
    g_autofree char *path = g_build_filename (dir, "net.csv", NULL);
    g_auto(GStrv) lines = NULL;

    csv_text = read_file (path);
    lines = g_strsplit (csv_text, "\n", -1);
    g_assert_cmpstr (lines[0], ==, "channel,src,dst,dim,direction,value");
    g_assert_cmpuint (g_strv_length (lines), ==, 1 + 64 + 1);
    g_assert_true (g_str_has_prefix (lines[1], "0,0,1,0,1,0."));
  }
  /* Stacked planes of a 3-D torus. */
  cube = flitlab_topology_figure_new (torus3);
  {
    g_autofree char *path = g_build_filename (dir, "stack.svg", NULL);

    g_assert_true (flitlab_export_network (cube, TRUE, path, 500, 400, 1, &error));
    g_assert_no_error (error);
    g_assert_true (has_prefix (path, "<?xml", 5));
  }
  model = flitlab_export_flow_model (study, &rate, &error);
  g_assert_no_error (error);
  for (FlitlabExportFormat f = FLITLAB_EXPORT_SVG; f <= FLITLAB_EXPORT_PNG; f++)
    {
      g_autofree char *name = g_strconcat ("flow.", flitlab_export_format_get_extension (f), NULL);
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_true (flitlab_export_flow (model, rate, path, 600, 400, 1, 0, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
    }
  test_files_remove_tree (dir);
}

/* Wrong formats and paths give an error, and no file. */
/* A sweep's studies compared: the title is the group's, the legend names what varies, the CSV
 * has its column. */
static void
test_sweep_comparison (void)
{
  static const double rates[] = { 0.01, 0.02 };
  static const gboolean saturated[] = { FALSE, FALSE };
  g_autoptr(FlitlabStudy) study = torus_study (rates, saturated, 2);
  const char *vary[] = { "vcs=2,4", "flits=8", NULL };
  g_autoptr(GPtrArray) grid = NULL;
  g_autoptr(FlitlabPlot) plot = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *csv = g_build_filename (dir, "sweep.csv", NULL);
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  add_model (study, "4x4");
  grid = flitlab_grid_expand (study, vary, FLITLAB_GRID_MAX_STUDIES, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < grid->len; i++)
    g_assert_true (flitlab_study_run_evaluate_models (grid->pdata[i], NULL));
  plot = flitlab_study_plot_new_comparison ((const FlitlabStudy * const *) grid->pdata, grid->len,
                                            NULL);
  g_assert_cmpstr (plot->title, ==, "small torus: vcs × flits");
  g_assert_cmpstrv (plot->varied, ((const char * const[]) { "vcs", NULL }));
  g_assert_cmpstr (((FlitlabPlotSeries *) plot->series->pdata[0])->group, ==, "vcs = 2");
  g_assert_cmpstr (((FlitlabPlotSeries *) plot->series->pdata[plot->series->len - 1])->group,
                   ==, "vcs = 4");
  g_assert_true (flitlab_plot_write_csv (plot, csv, &error));
  text = read_file (csv);
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "series,kind,rate,value,ci95,vcs");
  g_assert_true (g_str_has_suffix (lines[1], ",2"));
  g_assert_true (g_str_has_suffix (lines[g_strv_length (lines) - 2], ",4"));
  test_files_remove_tree (dir);
}

static void
test_bad_paths (void)
{
  g_autoptr(FlitlabPlot) plot = sample_plot ();
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("torus:4x4:bi", NULL);
  g_autoptr(FlitlabTopologyFigure) figure = flitlab_topology_figure_new (topology);
  g_autoptr(FlitlabStudy) study = torus_study (NULL, NULL, 0);
  g_autoptr(FlitlabModel) model = NULL;
  g_autoptr(GError) error = NULL;
  double rate;
  const char *unwritable[] = { "/proc/flitlab-x.svg", "/nonexistent-dir/x.csv",
                               "/proc/flitlab-x.tex", "/nonexistent-dir/x.py",
                               "/nonexistent-dir/x.pdf" };

  g_assert_false (flitlab_export_plot (plot, "/tmp/x.bmp", 252, 180, 1, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_FORMAT);
  g_clear_error (&error);
  g_assert_false (flitlab_export_plot (plot, "/tmp/x", 252, 180, 1, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_FORMAT);
  g_clear_error (&error);
  g_assert_false (flitlab_export_plot (plot, "/tmp/x.tex", 10, 180, 1, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_SIZE);
  g_clear_error (&error);
  for (guint i = 0; i < G_N_ELEMENTS (unwritable); i++)
    {
      g_assert_false (flitlab_export_plot (plot, unwritable[i], 252, 180, 1, &error));
      g_assert_nonnull (error);
      g_assert_false (g_file_test (unwritable[i], G_FILE_TEST_EXISTS));
      g_clear_error (&error);
    }
  g_assert_false (flitlab_export_network (figure, FALSE, "/tmp/x.tex", 500, 400, 1, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_FORMAT);
  g_clear_error (&error);
  g_assert_false (flitlab_export_network (figure, FALSE, "/nonexistent-dir/x.csv", 500, 400, 1,
                                          &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  add_model (study, "4x4");
  model = flitlab_export_flow_model (study, &rate, &error);
  g_assert_no_error (error);
  g_assert_false (flitlab_export_flow (model, rate, "/tmp/x.csv", 600, 400, 1, 0, &error));
  g_assert_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_FORMAT);
  g_clear_error (&error);
  g_assert_false (flitlab_export_flow (model, rate, "/nonexistent-dir/x.svg", 600, 400, 1, 0,
                                       &error));
  g_assert_nonnull (error);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/flitlab/export/format-names", test_format_names);
  g_test_add_func ("/flitlab/export/path-for", test_path_for);
  g_test_add_func ("/flitlab/export/file-stem", test_file_stem);
  g_test_add_func ("/flitlab/export/heatmap-rule", test_heatmap_rule);
  g_test_add_func ("/flitlab/export/network-figure-and-flow", test_network_figure_and_flow);
  g_test_add_func ("/flitlab/export/plot-files", test_plot_files);
  g_test_add_func ("/flitlab/export/hostile-labels", test_hostile_labels);
  g_test_add_func ("/flitlab/export/network-and-flow-files", test_network_and_flow_files);
  g_test_add_func ("/flitlab/export/sweep-comparison", test_sweep_comparison);
  g_test_add_func ("/flitlab/export/bad-paths", test_bad_paths);
  return g_test_run ();
}
