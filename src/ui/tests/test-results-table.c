/* test-results-table.c: the results table's rows, columns, order, copied text and selection
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-results-table.h"
#include "flitlab-study-run.h"

/* A study of three simulated loads (the last saturated), a model evaluated at two of them and
 * at a fourth, as flitlab-cli run would store them. */
static FlitlabStudy *
new_study (const char *name)
{
  FlitlabStudy *study = flitlab_study_new (name);
  const char * const *columns = flitlab_study_run_points_columns ();
  const char * const curve_columns[] = { "rate", "latency", NULL };
  FlitlabStudyModel *model = flitlab_study_add_model (study, "greenberg-torus");
  guint n = g_strv_length ((char **) columns);

  study->simulation.points = flitlab_study_table_new (columns);
  for (guint r = 0; r < 3; r++)
    {
      g_autofree double *row = g_new (double, n);

      for (guint c = 0; c < n; c++)
        row[c] = 10 * (r + 1) + c;
      row[0] = 0.01 * (r + 1);
      row[flitlab_study_table_find_column (study->simulation.points, "deadlocked")] = 0;
      row[flitlab_study_table_find_column (study->simulation.points, "messages")] = 1000 + r;
      if (r == 2)
        for (guint c = 1; c < n; c++)
          if (!g_str_equal (columns[c], "throughput") && !g_str_equal (columns[c], "messages") &&
              !g_str_equal (columns[c], "deadlocked"))
            row[c] = NAN;
      flitlab_study_table_append (study->simulation.points, row, r == 2);
    }
  model->curve = flitlab_study_table_new (curve_columns);
  flitlab_study_table_append (model->curve, (double[]) { 0.01, 21.5 }, FALSE);
  flitlab_study_table_append (model->curve, (double[]) { 0.02, 23.25 }, FALSE);
  flitlab_study_table_append (model->curve, (double[]) { 0.04, NAN }, TRUE);
  return study;
}

static char **
lines_of (FlitlabResultsTable *table)
{
  g_autofree char *text = flitlab_results_table_dup_text (table);

  return g_strsplit (text, "\n", -1);
}

static void
test_rows_and_text (void)
{
  g_autoptr(FlitlabStudy) study = new_study ("torus");
  FlitlabResultsTable *table = g_object_ref_sink (g_object_new (FLITLAB_TYPE_RESULTS_TABLE,
                                                                NULL));
  const FlitlabStudy *studies[] = { study };
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) header = NULL;
  g_auto(GStrv) first = NULL;
  g_auto(GStrv) saturated = NULL;
  g_auto(GStrv) model_only = NULL;
  const guint n_sim = g_strv_length ((char **) flitlab_study_run_points_columns ());

  flitlab_results_table_show (table, studies, NULL, 1);
  /* The simulation's three loads and the model's fourth. */
  g_assert_cmpuint (flitlab_results_table_get_n_rows (table), ==, 4);
  lines = lines_of (table);
  g_assert_cmpuint (g_strv_length (lines), ==, 6); /* a header, four rows, the last newline */
  header = g_strsplit (lines[0], "\t", -1);
  /* Every column of the simulation but "deadlocked" (the status), the model, the status. */
  g_assert_cmpuint (g_strv_length (header), ==, n_sim - 1 + 1 + 1);
  g_assert_cmpstr (header[0], ==, "rate");
  g_assert_cmpstr (header[1], ==, "latency");
  g_assert_cmpstr (header[2], ==, "ci95");
  g_assert_true (g_strv_contains ((const char * const *) header, "messages"));
  g_assert_false (g_strv_contains ((const char * const *) header, "deadlocked"));
  g_assert_true (g_str_has_prefix (header[n_sim - 1], "Greenberg and Guan 1997"));
  g_assert_cmpstr (header[n_sim], ==, "status");

  first = g_strsplit (lines[1], "\t", -1);
  g_assert_cmpstr (first[0], ==, "0.01");
  g_assert_cmpstr (first[1], ==, "11");
  g_assert_cmpstr (first[n_sim - 1], ==, "21.5");
  g_assert_cmpstr (first[n_sim], ==, "");
  /* A saturated load: the CSV's word where latencies are, its throughput and messages kept. */
  saturated = g_strsplit (lines[3], "\t", -1);
  g_assert_cmpstr (saturated[0], ==, "0.03");
  g_assert_cmpstr (saturated[1], ==, "saturated");
  g_assert_cmpstr (saturated[n_sim], ==, "saturated");
  g_assert_true (g_strv_contains ((const char * const *) saturated, "1002"));
  /* No simulation at the model's own load; the model beyond its saturation says so. */
  model_only = g_strsplit (lines[4], "\t", -1);
  g_assert_cmpstr (model_only[0], ==, "0.04");
  g_assert_cmpstr (model_only[1], ==, "");
  g_assert_cmpstr (model_only[n_sim - 1], ==, "saturated");
  g_object_unref (table);
}

static void
test_sort (void)
{
  g_autoptr(FlitlabStudy) study = new_study ("torus");
  FlitlabResultsTable *table = g_object_ref_sink (g_object_new (FLITLAB_TYPE_RESULTS_TABLE,
                                                                NULL));
  const FlitlabStudy *studies[] = { study };
  g_auto(GStrv) ascending = NULL;
  g_auto(GStrv) descending = NULL;

  flitlab_results_table_show (table, studies, NULL, 1);
  /* Column 1 on screen is the total latency (its interval in its cell). */
  flitlab_results_table_sort (table, 1, GTK_SORT_DESCENDING);
  descending = lines_of (table);
  /* The loads without a latency (saturated, or a model's only) sort above every latency. */
  g_assert_true (g_str_has_prefix (descending[1], "0.04\t"));
  g_assert_true (g_str_has_prefix (descending[2], "0.03\t"));
  g_assert_true (g_str_has_prefix (descending[3], "0.02\t"));
  g_assert_true (g_str_has_prefix (descending[4], "0.01\t"));
  flitlab_results_table_sort (table, 1, GTK_SORT_ASCENDING);
  ascending = lines_of (table);
  g_assert_true (g_str_has_prefix (ascending[1], "0.01\t"));
  g_assert_true (g_str_has_prefix (ascending[2], "0.02\t"));
  g_assert_true (g_str_has_prefix (ascending[3], "0.03\t"));
  g_object_unref (table);
}

static void
count_selected (guint   *count,
                guint    study,
                double   load)
{
  (*count)++;
}

/* What the list's "list.select-item" action does when a person clicks a row: the action lives
 * on the list inside the column view. */
static void
select_position (FlitlabResultsTable *table,
                 guint                position)
{
  gboolean found = FALSE;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (table)); child != NULL && !found;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *view = gtk_widget_get_first_child (child);

      if (GTK_IS_VIEWPORT (view) || GTK_IS_COLUMN_VIEW (view))
        for (GtkWidget *inner = gtk_widget_get_first_child (view); inner != NULL && !found;
             inner = gtk_widget_get_next_sibling (inner))
          found = gtk_widget_activate_action (inner, "list.select-item", "(ubb)", position,
                                              FALSE, FALSE);
    }
  g_assert_true (found);
}

static void
test_selection (void)
{
  g_autoptr(FlitlabStudy) study = new_study ("torus");
  g_autoptr(FlitlabStudy) mesh = new_study ("mesh");
  FlitlabResultsTable *table = g_object_ref_sink (g_object_new (FLITLAB_TYPE_RESULTS_TABLE,
                                                                NULL));
  const FlitlabStudy *studies[] = { study, mesh };
  guint count = 0, which = 9;
  double load = NAN;
  g_auto(GStrv) lines = NULL;

  g_signal_connect_swapped (table, "load-selected", G_CALLBACK (count_selected), &count);
  flitlab_results_table_show (table, studies, NULL, 1);
  /* The window's choice selects quietly. */
  flitlab_results_table_select_load (table, 0, 0.02);
  g_assert_true (flitlab_results_table_get_selected (table, &which, &load));
  g_assert_cmpuint (which, ==, 0);
  g_assert_cmpfloat (load, ==, 0.02);
  g_assert_cmpuint (count, ==, 0);
  /* The same rows again keep the selection; other rows drop it. */
  flitlab_results_table_show (table, studies, NULL, 1);
  g_assert_true (flitlab_results_table_get_selected (table, &which, &load));
  flitlab_results_table_select_load (table, 0, 0.5);
  g_assert_false (flitlab_results_table_get_selected (table, &which, &load));

  /* A person's choice is announced. */
  select_position (table, 2);
  g_assert_cmpuint (count, ==, 1);
  g_assert_true (flitlab_results_table_get_selected (table, &which, &load));
  g_assert_cmpfloat (load, ==, 0.03);

  /* Two studies: a study column first, the rows of each. */
  flitlab_results_table_show (table, studies, NULL, 2);
  g_assert_cmpuint (flitlab_results_table_get_n_rows (table), ==, 8);
  g_assert_false (flitlab_results_table_get_selected (table, &which, &load));
  lines = lines_of (table);
  g_assert_true (g_str_has_prefix (lines[0], "study\trate\t"));
  g_assert_true (g_str_has_prefix (lines[5], "mesh\t0.01\t"));
  flitlab_results_table_select_load (table, 1, 0.04);
  g_assert_true (flitlab_results_table_get_selected (table, &which, &load));
  g_assert_cmpuint (which, ==, 1);
  g_assert_cmpuint (count, ==, 1);
  g_object_unref (table);
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/results-table/rows-and-text", test_rows_and_text);
  g_test_add_func ("/flitlab/results-table/sort", test_sort);
  g_test_add_func ("/flitlab/results-table/selection", test_selection);
  return g_test_run ();
}
