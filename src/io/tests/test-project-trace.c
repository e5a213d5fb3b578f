/* test-project-trace.c: a trace file as a study's traffic: summarized, saved in a project,
 * replayed at the study's loads, refused when missing or changed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "flitlab-file-write.h"
#include "flitlab-project-xml.h"
#include "flitlab-study-run.h"
#include "flitlab-trace-file.h"
#include "flitlab-trace-summary.h"
#include "test-files.h"

/* 200 messages on a 2x2 mesh over cycles 0..199: node i sends to i + 1 (mod 4), and every
 * tenth message goes to its own source; lengths 2 and 4 alternate. */
static char *
trace_text (void)
{
  GString *text = g_string_new ("# cycle source destination flits\n");

  for (guint m = 0; m < 200; m++)
    {
      guint src = m % 4, dst = m % 10 == 9 ? src : (src + 1) % 4;

      g_string_append_printf (text, "%u %u %u %u\n", m, src, dst, m % 2 == 0 ? 2 : 4);
    }
  return g_string_free (text, FALSE);
}

static void
write_text (const char *path,
            const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (flitlab_file_write (path, text, strlen (text), &error));
  g_assert_no_error (error);
}

static FlitlabStudy *
trace_study (FlitlabStudyTrace *trace)
{
  FlitlabStudy *study = flitlab_study_new ("t");

  g_assert_true (flitlab_study_set_topology (study, "mesh:2x2", NULL));
  study->pattern = FLITLAB_TRAFFIC_TRACE;
  flitlab_study_set_trace (study, trace);
  study->rate_min = 0.05;
  study->rate_max = 0.25;
  study->n_rates = 3;
  study->simulation.enabled = TRUE;
  study->simulation.threads = 1;
  return study;
}

/* The summary: counts per pair, mean length, last cycle; the replay at the study's loads. */
static void
test_summary_and_run (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "ring.trace", NULL);
  g_autofree char *text = trace_text ();
  g_autoptr(FlitlabStudyTrace) trace = NULL;
  g_autoptr(FlitlabStudy) study = NULL;
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr(GError) error = NULL;
  g_autofree char *sha256 = NULL;
  const FlitlabStudyTable *points;
  int makespan, scale;

  write_text (path, text);
  trace = flitlab_trace_summary_read (path, 4, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  sha256 = g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
  g_assert_cmpstr (trace->sha256, ==, sha256);
  g_assert_cmpstr (trace->file, ==, path);
  g_assert_cmpuint (trace->messages, ==, 200);
  g_assert_cmpuint (trace->last_cycle, ==, 199);
  g_assert_cmpfloat (trace->flits, ==, 3);
  g_assert_cmpfloat (flitlab_traffic_matrix_get (trace->matrix, 0, 1), ==, 50);
  g_assert_cmpfloat (flitlab_traffic_matrix_get (trace->matrix, 3, 0), ==, 40);
  g_assert_cmpfloat (flitlab_traffic_matrix_get (trace->matrix, 0, 2), ==, 0);
  /* 200 messages over 200 cycles on 4 nodes: 0.25 at scale 1. */
  g_assert_cmpfloat_with_epsilon (flitlab_study_trace_scale_at (trace, 0.05, 4), 5, 1e-12);

  study = trace_study (trace);
  g_assert_true (flitlab_study_run_check_simulation (study, &error));
  g_assert_no_error (error);
  g_assert_true (flitlab_study_run_estimate_seconds (study, 1) > 0);
  g_assert_true (flitlab_study_run_simulate (study, NULL, NULL, &error));
  g_assert_no_error (error);
  points = study->simulation.points;
  g_assert_cmpuint (points->n_rows, ==, 3);
  makespan = flitlab_study_table_find_column (points, "makespan");
  scale = flitlab_study_table_find_column (points, "scale");
  g_assert_cmpint (makespan, >, 0);
  g_assert_cmpint (flitlab_study_table_find_column (points, "latency_p95"), >, 0);
  for (guint i = 0; i < points->n_rows; i++)
    {
      /* Every load carried: one run, its latency, no confidence interval. */
      g_assert_false (points->saturated[i]);
      g_assert_true (flitlab_study_table_get (points, i, 1) > 0);
      g_assert_true (isnan (flitlab_study_table_get (points, i, 2)));
      g_assert_cmpfloat (flitlab_study_table_get (points, i, 14), ==, 180);
    }
  /* Load 0.05 is scale 5: the last message released at cycle 995. */
  g_assert_cmpfloat (flitlab_study_table_get (points, 0, scale), ==, 5);
  g_assert_cmpfloat (flitlab_study_table_get (points, 0, makespan), >, 995);
  g_assert_cmpuint (study->simulation.channels->len, >, 0);
  g_assert_nonnull (flitlab_study_channels_find (study->simulation.channels->pdata[0],
                                                 "utilization"));

  /* The model beside it: the counts as its matrix, the mean length. */
  g_assert_true (flitlab_study_run_fit_model (study, "general-wormhole", params, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (g_hash_table_lookup (params, "traffic"), ==, "matrix");
  g_assert_cmpstr (g_hash_table_lookup (params, "flits"), ==, "3");
  g_assert_nonnull (strstr (g_hash_table_lookup (params, "matrix"), "0,50,0,0"));

  /* Changed since it was chosen (another length): the run refuses, naming the file. */
  write_text (path, "0 0 1 2\n");
  g_assert_false (flitlab_study_run_simulate (study, NULL, NULL, &error));
  g_assert_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_CHANGED);
  g_assert_nonnull (strstr (error->message, "ring.trace"));
  g_assert_nonnull (strstr (error->message, "choose it again"));
  test_files_remove_tree (dir);
}

static gboolean
stop_at_once (double   fraction,
              double   seconds_left,
              gpointer user_data)
{
  return FALSE;
}

/* The replays on a pool shared with another study (flitlab-cli run), and stopped: a stopped
 * run leaves the results as they were. */
static void
test_pool_and_stop (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "ring.trace", NULL);
  g_autofree char *text = trace_text ();
  g_autoptr(FlitlabStudyTrace) trace = NULL;
  g_autoptr(FlitlabStudy) study = NULL;
  g_autoptr(FlitlabStudy) uniform = flitlab_study_new ("u");
  g_autoptr(GError) error = NULL;
  FlitlabStudy *studies[2];

  write_text (path, text);
  trace = flitlab_trace_summary_read (path, 4, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  study = trace_study (trace);
  g_assert_true (flitlab_study_set_topology (uniform, "mesh:2x2", NULL));
  uniform->simulation.enabled = TRUE;
  uniform->simulation.cycles = 200;
  uniform->simulation.replications = 1;
  uniform->n_rates = 2;
  studies[0] = uniform;
  studies[1] = study;
  g_assert_true (flitlab_study_run_simulate_studies (studies, 2, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (study->simulation.points->n_rows, ==, 3);
  g_assert_cmpint (flitlab_study_table_find_column (study->simulation.points, "makespan"), >, 0);
  g_assert_cmpuint (uniform->simulation.points->n_rows, ==, 2);

  flitlab_study_clear_results (study);
  g_assert_false (flitlab_study_run_simulate (study, stop_at_once, NULL, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_CANCELLED);
  g_assert_null (study->simulation.points);
  test_files_remove_tree (dir);
}

/* Saved beside the project with its summary; loaded without reading it; missing or changed,
 * kept and refused at run time. */
static void
test_project (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *traces = g_build_filename (dir, "traces", NULL);
  g_autofree char *path = g_build_filename (traces, "ring.trace", NULL);
  g_autofree char *project_dir = g_build_filename (dir, "p", NULL);
  g_autofree char *project_path = g_build_filename (project_dir, "p.flitlab", NULL);
  g_autofree char *text = trace_text ();
  g_autofree char *saved = NULL;
  g_autoptr(FlitlabStudyTrace) trace = NULL;
  g_autoptr(FlitlabProject) project = flitlab_project_new ();
  g_autoptr(FlitlabProject) loaded = NULL;
  g_autoptr(GError) error = NULL;
  FlitlabStudy *study;

  g_assert_cmpint (g_mkdir_with_parents (traces, 0700), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (project_dir, 0700), ==, 0);
  write_text (path, text);
  trace = flitlab_trace_summary_read (path, 4, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  flitlab_project_insert_study (project, G_MAXUINT, trace_study (trace));
  g_assert_true (flitlab_project_save (project, project_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (project_path, &saved, NULL, NULL));
  g_assert_nonnull (strstr (saved, "<traffic pattern=\"trace\""));
  g_assert_nonnull (strstr (saved, "<trace file=\"../traces/ring.trace\" sha256=\""));
  g_assert_nonnull (strstr (saved, "messages=\"200\" last-cycle=\"199\" flits=\"3\">\n"
                                   "0,50,0,0\n"));

  /* Round trip: the same summary, and it runs (its first open checks the SHA-256). */
  loaded = flitlab_project_load (project_path, &error);
  g_assert_no_error (error);
  study = flitlab_project_get_study (loaded, 0);
  g_assert_nonnull (study->trace);
  g_assert_true (flitlab_study_same_settings (study, flitlab_project_get_study (project, 0)));
  g_assert_true (flitlab_study_run_simulate (study, NULL, NULL, &error));
  g_assert_no_error (error);

  /* Changed on disk since the project was saved, the same length: refused at its first open. */
  {
    g_autofree char *other = g_strdup (text);

    *strchr (other, '#') = ';';
    *strchr (other, ';') = '#';
    other[strlen (other) - 2] = '2';
    write_text (path, other);
  }
  g_clear_pointer (&loaded, flitlab_project_free);
  loaded = flitlab_project_load (project_path, &error);
  g_assert_no_error (error);
  study = flitlab_project_get_study (loaded, 0);
  g_assert_false (flitlab_study_run_simulate (study, NULL, NULL, &error));
  g_assert_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_CHANGED);
  g_clear_error (&error);

  /* Missing: the study keeps the path, refuses to run and to fit the model, and is saved
   * naming the file still. */
  g_assert_cmpint (g_remove (path), ==, 0);
  g_clear_pointer (&loaded, flitlab_project_free);
  loaded = flitlab_project_load (project_path, &error);
  g_assert_no_error (error);
  study = flitlab_project_get_study (loaded, 0);
  g_assert_null (study->trace);
  g_assert_error (study->trace_error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_cmpstr (study->trace_file, ==, path);
  g_assert_false (flitlab_study_run_check_simulation (study, &error));
  g_assert_nonnull (strstr (error->message, "is missing"));
  g_clear_error (&error);
  g_assert_false (flitlab_study_run_simulate (study, NULL, NULL, &error));
  g_assert_nonnull (strstr (error->message, "ring.trace"));
  g_clear_error (&error);
  g_assert_true (flitlab_project_save (loaded, project_path, &error));
  g_assert_no_error (error);
  g_clear_pointer (&saved, g_free);
  g_assert_true (g_file_get_contents (project_path, &saved, NULL, NULL));
  g_assert_nonnull (strstr (saved, "<trace file=\"../traces/ring.trace\" sha256=\""));

  /* Back again, the summary is read from the file, as the checksum says it is the same. */
  write_text (path, text);
  g_clear_pointer (&loaded, flitlab_project_free);
  loaded = flitlab_project_load (project_path, &error);
  g_assert_no_error (error);
  study = flitlab_project_get_study (loaded, 0);
  g_assert_nonnull (study->trace);
  g_assert_cmpuint (study->trace->messages, ==, 200);
  test_files_remove_tree (dir);
}

/* Bad traces and bad <trace> elements: one line each. */
static void
test_bad (void)
{
  static const struct
  {
    const char *text;
    const char *says;
  } traces[] = {
    { "0 0 1\n", "bad.trace:1: " },
    { "0 0 9 1\n", "bad.trace:1: " },
    { "0 1 1 2\n", "no message between two different nodes" },
    { "", "no message between two different nodes" },
  };
  static const struct
  {
    const char *pattern;
    const char *trace;
    const char *says;
  } elements[] = {
    { "uniform", "<trace file=\"t\" sha256=\"" "0000000000000000000000000000000000000000000000000000000000000000" "\"/>",
      "belongs to the traffic pattern" },
    { "trace", "<trace file=\"t\"/>", "sha256" },
    { "trace", "<trace file=\"t\" sha256=\"abc\"/>", "64 hexadecimal" },
    { "trace", "", "no trace file" },
  };
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "bad.trace", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (traces); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabStudyTrace) trace = NULL;

      write_text (path, traces[i].text);
      trace = flitlab_trace_summary_read (path, 4, NULL, NULL, NULL, &error);
      g_test_message ("trace %u: %s", i, error != NULL ? error->message : "(accepted)");
      g_assert_null (trace);
      g_assert_nonnull (strstr (error->message, "bad.trace"));
      g_assert_nonnull (strstr (error->message, traces[i].says));
      g_assert_null (strchr (error->message, '\n'));
    }
  for (guint i = 0; i < G_N_ELEMENTS (elements); i++)
    {
      g_autofree char *text = g_strdup_printf (
        "<flitlab-project format=\"1\"><study name=\"s\">"
        "<network topology=\"mesh:2x2\" routing=\"dor\"/>"
        "<traffic pattern=\"%s\" length=\"fixed\" flits=\"1\"/>%s"
        "<load min=\"0.1\" max=\"0.1\" count=\"1\"/></study></flitlab-project>",
        elements[i].pattern, elements[i].trace);
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabProject) project =
        flitlab_project_load_from_data (text, strlen (text), "bad", &error);

      g_test_message ("element %u: %s", i, error != NULL ? error->message : "(accepted)");
      g_assert_null (project);
      g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_INVALID);
      g_assert_nonnull (strstr (error->message, elements[i].says));
    }
  test_files_remove_tree (dir);
}

/* A text trace of n messages on a 2x2 mesh, node i to i + 1 (mod 4), written at path. */
static void
write_ring (const char *path,
            guint       n)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint m = 0; m < n; m++)
    g_string_append_printf (text, "%u %u %u 2\n", m, m % 4, (m + 1) % 4);
  write_text (path, text->str);
}

/* The fractions a summary reported; stop_at: the first fraction at or past which it is asked
 * to stop (above 1: never). */
typedef struct
{
  GArray *fractions;
  double  stop_at;
} Reports;

static gboolean
keep_report (double   fraction,
             double   seconds_left,
             gpointer data)
{
  Reports *reports = data;

  g_assert_cmpfloat (seconds_left, <, 0);
  g_array_append_val (reports->fractions, fraction);
  return fraction < reports->stop_at;
}

/* The summary of a trace of some 350 KB and 30 000 messages reports both passes, every fraction
 * in [0, 1], none going back, and 1 once it is done. */
static void
test_progress (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "ring.trace", NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
  Reports reports = { fractions, 2 };
  g_autoptr(FlitlabStudyTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  guint between = 0;

  write_ring (path, 30000);
  trace = flitlab_trace_summary_read (path, 4, cancellable, keep_report, &reports, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (trace->messages, ==, 30000);
  for (guint i = 0; i < fractions->len; i++)
    {
      double fraction = g_array_index (fractions, double, i);

      g_assert_cmpfloat (fraction, >=, 0);
      g_assert_cmpfloat (fraction, <=, 1);
      if (i > 0)
        g_assert_cmpfloat (fraction, >=, g_array_index (fractions, double, i - 1));
      between += fraction > 0 && fraction < 1;
    }
  /* The hash pass reports every 64 KiB (6 times here), the message pass every 4096 messages
   * (7 times): more than either alone, so both report. */
  g_assert_cmpuint (between, >=, 8);
  g_assert_cmpfloat (g_array_index (fractions, double, fractions->len - 1), ==, 1);
  test_files_remove_tree (dir);
}

/* A cancelled summary ends with G_IO_ERROR_CANCELLED and no trace: cancelled before it starts,
 * or asked to stop by its progress in the hash pass or in the message pass. */
static void
test_cancel (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "ring.trace", NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  static const double stops[] = { 0, 0.6 };

  write_ring (path, 30000);
  g_cancellable_cancel (cancellable);
  g_assert_null (flitlab_trace_summary_read (path, 4, cancellable, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_nonnull (strstr (error->message, "ring.trace"));
  for (guint i = 0; i < G_N_ELEMENTS (stops); i++)
    {
      g_autoptr(GArray) fractions = g_array_new (FALSE, FALSE, sizeof (double));
      Reports reports = { fractions, stops[i] };

      g_clear_error (&error);
      g_assert_null (flitlab_trace_summary_read (path, 4, NULL, keep_report, &reports, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_cmpfloat (g_array_index (fractions, double, fractions->len - 1), <, 1);
    }
  test_files_remove_tree (dir);
}

/* The bundled example's trace study: loads without reading its trace, its model follows it,
 * its simulation may start, and its stored replay has a row per load. */
static void
test_example (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "examples",
                                                 "any-traffic.flitlab", NULL);
  g_autoptr(FlitlabProject) project = NULL;
  g_autoptr(GError) error = NULL;
  const FlitlabStudy *study;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("data/examples not found: set G_TEST_SRCDIR to the source root");
      return;
    }
  project = flitlab_project_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (flitlab_project_get_n_studies (project), ==, 2);
  study = flitlab_project_get_study (project, 1);
  g_assert_cmpint (study->pattern, ==, FLITLAB_TRAFFIC_TRACE);
  g_assert_nonnull (study->trace);
  g_assert_cmpuint (study->trace->messages, ==, 2870);
  g_assert_true (flitlab_study_run_model_follows (study, study->models->pdata[0]));
  g_assert_true (flitlab_study_run_model_follows (flitlab_project_get_study (project, 0),
                                                  flitlab_project_get_study (project, 0)
                                                    ->models->pdata[0]));
  g_assert_true (flitlab_study_run_check_simulation (study, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (study->simulation.points->n_rows, ==, study->n_rates);
  g_assert_cmpuint (study->simulation.channels->len, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/project/trace/summary-and-run", test_summary_and_run);
  g_test_add_func ("/flitlab/project/trace/pool-and-stop", test_pool_and_stop);
  g_test_add_func ("/flitlab/project/trace/project", test_project);
  g_test_add_func ("/flitlab/project/trace/bad", test_bad);
  g_test_add_func ("/flitlab/project/trace/progress", test_progress);
  g_test_add_func ("/flitlab/project/trace/cancel", test_cancel);
  g_test_add_func ("/flitlab/project/trace/example", test_example);
  return g_test_run ();
}
