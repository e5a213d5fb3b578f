/* test-study-editor.c: the study editor checks every value, hands valid edits to the document
 * and follows what the document shows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "flitlab-limits.h"
#include "flitlab-matrix-chooser.h"
#include "flitlab-model.h"
#include "flitlab-study-run.h"
#include "flitlab-study-editor-private.h"
#include "flitlab-trace-chooser.h"

typedef struct
{
  FlitlabStudyEditor *editor;
  FlitlabDocument    *document;
  int                 index;  /* of the study shown */
  const FlitlabStudy *edited; /* the study after the last edit, or NULL when it was refused */
  char               *note;
} Fixture;

static void
on_study_changed (FlitlabDocument *document,
                  guint            index,
                  Fixture         *f)
{
  g_assert_cmpint (index, ==, f->index);
  f->edited = flitlab_document_get_study (document, index);
}

static void
on_note (FlitlabStudyEditor *editor,
         const char         *note,
         Fixture            *f)
{
  g_free (f->note);
  f->note = g_strdup (note);
}

/* Shows document's study index in the editor. */
static void
show (Fixture *f,
      int      index)
{
  f->index = index;
  flitlab_study_editor_show (f->editor, f->document, index);
}

/* Appends a study to the document and returns its index. */
static int
add_study (Fixture        *f,
           const char     *name,
           const char     *topology,
           FlitlabRouting  routing,
           const char     *model_id,
           const char     *k)
{
  FlitlabStudy *study = flitlab_study_new (name);

  flitlab_study_set_topology (study, topology, NULL);
  study->routing = routing;
  if (model_id != NULL)
    {
      FlitlabStudyModel *model = flitlab_study_add_model (study, model_id);

      g_hash_table_insert (model->params, g_strdup ("k"), g_strdup (k));
      g_hash_table_insert (model->params, g_strdup ("flits"), g_strdup ("16"));
    }
  flitlab_document_insert_study (f->document, G_MAXUINT, study);
  return flitlab_document_get_n_studies (f->document) - 1;
}

static void
setup (Fixture       *f,
       gconstpointer  data)
{
  f->document = flitlab_document_new ();
  f->editor = g_object_ref_sink (g_object_new (FLITLAB_TYPE_STUDY_EDITOR, NULL));
  g_signal_connect (f->document, "study-changed", G_CALLBACK (on_study_changed), f);
  g_signal_connect (f->editor, "note", G_CALLBACK (on_note), f);
  show (f, add_study (f, "8x8 torus", "torus:8x8:bi", FLITLAB_ROUTING_DOR, "ciciani-bi-torus",
                      "8x8"));
}

static void
teardown (Fixture       *f,
          gconstpointer  data)
{
  g_clear_pointer (&f->note, g_free);
  g_object_unref (f->editor);
  g_object_unref (f->document);
}

static GtkWidget *
child (Fixture    *f,
       const char *name)
{
  GObject *object =
    gtk_widget_get_template_child (GTK_WIDGET (f->editor), FLITLAB_TYPE_STUDY_EDITOR, name);

  g_assert_nonnull (object);
  return GTK_WIDGET (object);
}

/* Types text into an entry row and presses Enter. */
static void
apply (Fixture    *f,
       const char *row,
       const char *text)
{
  f->edited = NULL;
  g_clear_pointer (&f->note, g_free);
  gtk_editable_set_text (GTK_EDITABLE (child (f, row)), text);
  g_signal_emit_by_name (child (f, row), "apply");
}

static void
assert_refused (Fixture    *f,
                const char *row,
                const char *label,
                const char *message)
{
  GtkWidget *error = child (f, label);

  g_assert_null (f->edited);
  g_assert_true (gtk_widget_get_visible (error));
  if (strstr (gtk_label_get_text (GTK_LABEL (error)), message) == NULL)
    g_error ("“%s” lacks “%s”", gtk_label_get_text (GTK_LABEL (error)), message);
  g_assert_true (gtk_widget_has_css_class (child (f, row), "error"));
}

/* What the one check of a message length (flitlab-limits.h) says of text, as a project file
 * and flitlab-cli say it; NULL when it accepts the text. */
static char *
flits_message (const char *text,
               gboolean    fixed)
{
  g_autoptr(GError) error = NULL;
  double flits;

  if (flitlab_limits_parse_flits (text, fixed, &flits, &error))
    return NULL;
  return g_strdup (error->message);
}

static const char *
model_param (const FlitlabStudy *study,
             const char   *id,
             const char   *name)
{
  FlitlabStudyModel *model = flitlab_study_find_model (study, id);

  return model != NULL ? g_hash_table_lookup (model->params, name) : NULL;
}

static void
test_size (Fixture       *f,
           gconstpointer  data)
{
  apply (f, "size_row", "4x4x4");
  g_assert_nonnull (f->edited);
  g_assert_cmpstr (f->edited->topology, ==, "torus:4x4x4:bi");
  /* The model follows the network, and its curve was evaluated for it. */
  g_assert_cmpstr (model_param (f->edited, "ciciani-bi-torus", "k"), ==, "4x4x4");
  g_assert_nonnull (flitlab_study_find_model (f->edited, "ciciani-bi-torus")->curve);
  g_assert_null (f->note);
  /* The edit is the document's: undo takes it back, and the editor shows the study as it was. */
  g_assert_true (flitlab_document_undo (f->document, NULL));
  g_assert_cmpstr (f->edited->topology, ==, "torus:8x8:bi");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (child (f, "size_row"))), ==, "8x8");
}

static void
test_refused (Fixture       *f,
              gconstpointer  data)
{
  apply (f, "size_row", "1x8");
  assert_refused (f, "size_row", "network_error", "1");
  {
    g_autofree char *not_a_number = flits_message ("abc", TRUE);
    g_autofree char *zero = flits_message ("0", TRUE);

    /* The one check's words, as a project file's and flitlab-cli's. */
    apply (f, "flits_row", "abc");
    assert_refused (f, "flits_row", "traffic_error", not_a_number);
    g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (child (f, "traffic_error"))), ==, not_a_number);
    apply (f, "flits_row", "0");
    assert_refused (f, "flits_row", "traffic_error", zero);
  }
  {
    g_autoptr(GError) negative = NULL;
    g_autoptr(GError) fraction = NULL;
    g_autoptr(GError) range = NULL;
    double load;
    guint count;

    /* Each refused with its one check's words, as a project file and flitlab-cli refuse it. */
    g_assert_false (flitlab_limits_parse_load ("-1", &load, &negative));
    apply (f, "rate_max_row", "-1");
    assert_refused (f, "rate_max_row", "load_error", negative->message);
    g_assert_false (flitlab_limits_parse_n_rates ("2.5", &count, &fraction));
    apply (f, "n_rates_row", "2.5");
    assert_refused (f, "n_rates_row", "load_error", fraction->message);
    g_assert_nonnull (strstr (fraction->message, "whole number"));
    g_assert_false (flitlab_limits_check_load_range (0.5, 0.02, &range));
    apply (f, "rate_min_row", "0.5");
    assert_refused (f, "rate_min_row", "load_error", range->message);
  }
  apply (f, "name_row", "");
  assert_refused (f, "name_row", "name_error", "needs a name");

  /* A valid value clears the explanation. */
  apply (f, "flits_row", "32");
  g_assert_nonnull (f->edited);
  g_assert_cmpfloat (f->edited->flits, ==, 32);
  g_assert_cmpstr (model_param (f->edited, "ciciani-bi-torus", "flits"), ==, "32");
  g_assert_false (gtk_widget_get_visible (child (f, "traffic_error")));
  g_assert_false (gtk_widget_has_css_class (child (f, "flits_row"), "error"));
}

/* Issue #29: a fixed length is a whole number of flits, refused otherwise with the words of a
 * project file and flitlab-cli; the mean of exponential lengths may be fractional, and the
 * models take it: none is removed (they all were, with a fractional mean). */
static void
test_fractional_length (Fixture       *f,
                        gconstpointer  data)
{
  g_autofree char *fixed = flits_message ("12.5", TRUE);
  const char * const *lengths = flitlab_length_names ();
  guint exponential = 0;

  g_assert_nonnull (fixed);
  g_assert_null (flits_message ("12.5", FALSE));
  apply (f, "flits_row", "12.5");
  assert_refused (f, "flits_row", "traffic_error", fixed);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (child (f, "traffic_error"))), ==, fixed);

  while (!g_str_equal (lengths[exponential], "exponential"))
    exponential++;
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (f, "length_row")), exponential);
  g_assert_nonnull (f->edited);
  apply (f, "flits_row", "12.5");
  g_assert_nonnull (f->edited);
  g_assert_cmpfloat (f->edited->flits, ==, 12.5);
  g_assert_cmpstr (model_param (f->edited, "ciciani-bi-torus", "flits"), ==, "12.5");
  g_assert_nonnull (flitlab_study_find_model (f->edited, "ciciani-bi-torus")->curve);
  g_assert_null (f->note);

  /* Fixed lengths again: refused, and the study keeps its exponential ones. */
  f->edited = NULL;
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (f, "length_row")), 0);
  g_assert_null (f->edited);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (child (f, "network_error"))), ==, fixed);
  g_assert_cmpstr (flitlab_length_to_string (flitlab_document_get_study (f->document,
                                                                         f->index)->length),
                   ==, "exponential");
}

static void
test_name (Fixture       *f,
           gconstpointer  data)
{
  add_study (f, "other", "mesh:4x4", FLITLAB_ROUTING_DOR, NULL, NULL);
  apply (f, "name_row", "other");
  assert_refused (f, "name_row", "name_error", "Another study");
  apply (f, "name_row", "renamed");
  g_assert_cmpstr (f->edited->name, ==, "renamed");
  /* Renaming keeps the results. */
  g_assert_nonnull (flitlab_study_find_model (f->edited, "ciciani-bi-torus")->curve);
}

static void
test_links_remove_model (Fixture       *f,
                         gconstpointer  data)
{
  g_autofree char *removed =
    g_strdup_printf ("%s removed", flitlab_model_lookup ("ciciani-bi-torus")->title);

  adw_combo_row_set_selected (ADW_COMBO_ROW (child (f, "links_row")), 1);
  g_assert_nonnull (f->edited);
  g_assert_cmpstr (f->edited->topology, ==, "torus:8x8:uni");
  /* The bi-directional model no longer describes the network: it goes, and the note says so,
   * naming it by its title: a person never typed its id. */
  g_assert_null (flitlab_study_find_model (f->edited, "ciciani-bi-torus"));
  g_assert_nonnull (f->note);
  g_assert_nonnull (strstr (f->note, removed));
  g_assert_null (strstr (f->note, "ciciani-bi-torus"));
  g_assert_cmpstr (flitlab_document_get_study (f->document, f->index)->topology, ==,
                   "torus:8x8:uni");
}

static void
test_family (Fixture       *f,
             gconstpointer  data)
{
  show (f, add_study (f, "adaptive", "torus:8x8:bi", FLITLAB_ROUTING_ADAPTIVE, NULL, NULL));
  /* A mesh keeps the torus's radices and its adaptive routing. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (f, "family_row")), 1);
  g_assert_cmpstr (f->edited->topology, ==, "mesh:8x8");
  g_assert_cmpstr (flitlab_routing_to_string (f->edited->routing), ==, "adaptive");

  /* A necklace hypercube takes only necklace routing, and offers only that. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (f, "family_row")), 3);
  g_assert_nonnull (f->edited);
  g_assert_cmpstr (f->edited->topology, ==, "necklace:3,4");
  g_assert_cmpstr (flitlab_routing_to_string (f->edited->routing), ==, "necklace");
  /* The editor follows the document: it offers what the edited study allows. */
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (
                      ADW_COMBO_ROW (child (f, "routing_row")))), ==, 1);
  g_assert_false (gtk_widget_get_visible (child (f, "links_row")));

  /* Back to a mesh: a small one, with its default routing. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (f, "family_row")), 1);
  g_assert_cmpstr (f->edited->topology, ==, "mesh:8x8");
  g_assert_cmpstr (flitlab_routing_to_string (f->edited->routing), ==, "dor");
}

/* Half-way ties: offered on bi-directional tori only, balanced by default, positive on choice. */
static void
test_ties (Fixture       *f,
           gconstpointer  data)
{
  show (f, add_study (f, "ties", "torus:8x8:bi", FLITLAB_ROUTING_DOR, NULL, NULL));
  g_assert_true (gtk_widget_get_visible (child (f, "ties_row")));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (child (f, "ties_row"))), ==, 0);
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (f, "ties_row")), 1);
  g_assert_nonnull (f->edited);
  g_assert_cmpstr (flitlab_ties_to_string (f->edited->ties), ==, "positive");

  /* A mesh has no half-way ties. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (f, "family_row")), 1);
  g_assert_false (gtk_widget_get_visible (child (f, "ties_row")));
}

static void
test_kept_model_of_another_network (Fixture       *f,
                                    gconstpointer  data)
{
  /* A model of another network, kept for comparison, does not follow the study. */
  show (f, add_study (f, "compare", "torus:8x8x8:bi", FLITLAB_ROUTING_DOR, "ciciani-uni-torus",
                      "8x8x8"));
  apply (f, "size_row", "4x4x4");
  g_assert_cmpstr (model_param (f->edited, "ciciani-uni-torus", "k"), ==, "8x8x8");
  g_assert_null (f->note);
}

static void
test_second_instance_keeps_its_own (Fixture       *f,
                                    gconstpointer  data)
{
  /* The same model twice, one following the study and one for another radix: only the first
   * follows an edit. */
  int index = add_study (f, "radices", "torus:8x8x8:uni", FLITLAB_ROUTING_DOR,
                         "ciciani-uni-torus", "8x8x8");
  FlitlabStudy *study = flitlab_study_copy (flitlab_document_get_study (f->document, index));
  FlitlabStudyModel *other = flitlab_study_add_model (study, "ciciani-uni-torus");

  g_hash_table_insert (other->params, g_strdup ("k"), g_strdup ("4x8x16"));
  g_hash_table_insert (other->params, g_strdup ("flits"), g_strdup ("16"));
  f->index = index;
  g_assert_true (flitlab_document_edit_study (f->document, index, study, NULL));
  show (f, index);
  apply (f, "size_row", "6x6x6");
  g_assert_nonnull (f->edited);
  g_assert_cmpstr (g_hash_table_lookup (((FlitlabStudyModel *) f->edited->models->pdata[0])->params,
                                        "k"), ==, "6x6x6");
  g_assert_cmpstr (g_hash_table_lookup (((FlitlabStudyModel *) f->edited->models->pdata[1])->params,
                                        "k"), ==, "4x8x16");
}

/* Issue #13: in every bundled example, the study's model follows an edit (the examples write
 * k="8" where the editor writes "8x8"), and its curve changes with it. */
static void
test_examples_follow_edits (Fixture       *f,
                            gconstpointer  data)
{
  static const char * const examples[] = {
    "any-traffic", "ciciani-1998", "flitlab-tour", "greenberg-1997", "horng-kleinrock",
    "meraji-necklace", "quaglia-2002",
  };

  for (guint e = 0; e < G_N_ELEMENTS (examples); e++)
    {
      g_autofree char *path =
        g_strdup_printf ("%s/examples/%s.flitlab", SOURCE_DATADIR, examples[e]);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabDocument) document = flitlab_document_new_for_file (file, &error);
      const FlitlabStudy *study;
      const FlitlabStudyModel *after;
      g_autoptr(FlitlabStudyTable) before = NULL;
      g_autofree char *text = NULL;
      gboolean backtrack, changed = FALSE;

      g_assert_no_error (error);
      study = flitlab_document_get_study (document, 0);
      g_assert_true (flitlab_study_run_model_follows (study, study->models->pdata[0]));
      g_assert_nonnull (((FlitlabStudyModel *) study->models->pdata[0])->curve);
      before = flitlab_study_table_copy (((FlitlabStudyModel *) study->models->pdata[0])->curve);
      g_signal_connect (document, "study-changed", G_CALLBACK (on_study_changed), f);
      f->index = 0;
      flitlab_study_editor_show (f->editor, document, 0);
      /* The message length doubled; the backtracking network's buffers instead. */
      backtrack = study->routing == FLITLAB_ROUTING_BACKTRACK;
      text = backtrack ? g_strdup_printf ("%u", 2 * study->simulation.node_buffers)
                       : g_strdup_printf ("%g", 2 * study->flits);
      apply (f, backtrack ? "node_buffers_row" : "flits_row", text);
      if (f->edited == NULL)
        g_error ("%s: the edit %s was refused", examples[e], text);
      after = f->edited->models->pdata[0];
      g_assert_true (flitlab_study_run_model_follows (f->edited, after));
      g_assert_nonnull (after->curve);
      g_assert_cmpuint (after->curve->n_rows, ==, before->n_rows);
      for (guint i = 0; i < after->curve->n_rows; i++)
        changed |= !before->saturated[i] && !after->curve->saturated[i] &&
                   flitlab_study_table_get (after->curve, i, 1) !=
                   flitlab_study_table_get (before, i, 1);
      if (!changed)
        g_error ("%s: the model's curve did not follow the edit", examples[e]);
      flitlab_study_editor_show (f->editor, NULL, -1);
    }
}

/* The name of the family's routing number i, in the order the editor lists them. */
static const char *
family_routing (guint family,
                guint i)
{
  for (guint r = 0; r < FLITLAB_ROUTING_N; r++)
    if (flitlab_routing_fits (r, family) && i-- == 0)
      return flitlab_routing_to_string (r);
  return NULL;
}

/* Every item of every dropdown, in every family: each becomes the study's (or is refused
 * with a reason) and the editor answers. Replacing the routing list while it reported the
 * choice hung GTK for good (issue #28). */
static void
test_every_choice (Fixture       *f,
                   gconstpointer  data)
{
  const char *combos[] = { "links_row", "routing_row", "ties_row", "pattern_row", "length_row" };

  for (guint family = 0; family <= FLITLAB_TOPOLOGY_NECKLACE; family++)
    {
      adw_combo_row_set_selected (ADW_COMBO_ROW (child (f, "family_row")), family);
      g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (child (f, "family_row"))), ==,
                        family);
      for (guint c = 0; c < G_N_ELEMENTS (combos); c++)
        {
          AdwComboRow *row = ADW_COMBO_ROW (child (f, combos[c]));
          guint n = g_list_model_get_n_items (adw_combo_row_get_model (row));

          for (guint i = 0; i < n; i++)
            {
              adw_combo_row_set_selected (row, i);
              if (combos[c] == combos[1])
                g_assert_cmpstr (flitlab_routing_to_string (
                                   flitlab_document_get_study (f->document, f->index)->routing),
                                 ==, family_routing (family, i));
            }
          adw_combo_row_set_selected (row, 0);
        }
    }
}

/* A value typed again, or a choice made again, is no edit: the results and the history stay. */
static void
test_same_value_keeps_results (Fixture       *f,
                               gconstpointer  data)
{
  FlitlabStudy *study = flitlab_study_copy (flitlab_document_get_study (f->document, f->index));
  const char *columns[] = { "rate", "latency", NULL };
  const double row[] = { 0.01, 40 };

  study->simulation.points = flitlab_study_table_new (columns);
  flitlab_study_table_append (study->simulation.points, row, FALSE);
  flitlab_document_insert_study (f->document, G_MAXUINT, study);
  show (f, flitlab_document_get_n_studies (f->document) - 1);

  apply (f, "size_row", "8x8");
  apply (f, "flits_row", "16");
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (f, "routing_row")), 0);
  g_assert_null (f->edited);
  g_assert_nonnull (flitlab_document_get_study (f->document, f->index)->simulation.points);

  apply (f, "size_row", "8x");
  g_assert_null (f->edited);
  apply (f, "size_row", "8x8");
  g_assert_null (f->edited);
  g_assert_nonnull (flitlab_document_get_study (f->document, f->index)->simulation.points);
}

/* A uniform matrix of n nodes as CSV. */
static char *
uniform_csv (guint n)
{
  GString *csv = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++)
      g_string_append_printf (csv, "%d%c", i != j, j + 1 < n ? ',' : '\n');
  return g_string_free (csv, FALSE);
}

static void
on_read (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  GAsyncResult **done = data;

  *done = g_object_ref (result);
}

/* What the chooser reads of a file for a network of n_nodes nodes. */
static FlitlabChosenMatrix *
read_matrix (const char  *path,
             guint        n_nodes,
             GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GAsyncResult) done = NULL;
  g_autoptr(FlitlabFileChooserProgress) progress = flitlab_file_chooser_progress_new ();

  flitlab_matrix_chooser_read_async (file, n_nodes, progress, NULL, on_read, &done);
  while (done == NULL)
    g_main_context_iteration (NULL, TRUE);
  /* A matrix is read at once: no fraction to tell, the editor's bar pulses. */
  g_assert_cmpfloat (flitlab_file_chooser_progress_get_fraction (progress), <, 0);
  return flitlab_matrix_chooser_finish (done, error);
}

/* A matrix study: the pattern row says so and the matrix row names what it holds; another
 * pattern and back keeps the matrix, with no file asked for. The chooser reads a file on a
 * worker thread and refuses one of another network's size, naming it. */
static void
test_matrix (Fixture       *f,
             gconstpointer  data)
{
  g_autofree char *csv = uniform_csv (64);
  g_autofree char *small = uniform_csv (4);
  g_autofree char *dir = g_dir_make_tmp ("flitlab-editor-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "uniform.csv", NULL);
  g_autofree char *small_path = g_build_filename (dir, "small.csv", NULL);
  g_autoptr(FlitlabChosenMatrix) chosen = NULL;
  g_autoptr(GError) error = NULL;
  FlitlabStudy *study = flitlab_study_copy (flitlab_document_get_study (f->document, f->index));
  g_autoptr(FlitlabTrafficMatrix) matrix =
    flitlab_traffic_matrix_new_from_csv (csv, strlen (csv), NULL);

  g_assert_nonnull (matrix);
  g_assert_true (g_file_set_contents (path, csv, -1, NULL));
  g_assert_true (g_file_set_contents (small_path, small, -1, NULL));
  chosen = read_matrix (path, 64, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (flitlab_traffic_matrix_get_n_nodes (chosen->matrix), ==, 64);
  g_assert_cmpstr (chosen->path, ==, path);
  g_assert_cmpuint (strlen (chosen->sha256), ==, 64);
  g_assert_null (read_matrix (small_path, 64, &error));
  g_assert_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR, FLITLAB_TRAFFIC_MATRIX_ERROR_SIZE);
  g_assert_nonnull (strstr (error->message, "small.csv"));

  study->pattern = FLITLAB_TRAFFIC_MATRIX;
  flitlab_study_set_matrix (study, chosen->matrix, chosen->path, chosen->sha256);
  g_ptr_array_set_size (study->models, 0);
  flitlab_document_insert_study (f->document, G_MAXUINT, study);
  show (f, flitlab_document_get_n_studies (f->document) - 1);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (child (f, "pattern_row"))), ==,
                    FLITLAB_TRAFFIC_MATRIX);
  g_assert_true (gtk_widget_get_visible (child (f, "matrix_row")));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (child (f, "matrix_row"))), ==,
                   "uniform.csv, 64 nodes");

  adw_combo_row_set_selected (ADW_COMBO_ROW (child (f, "pattern_row")), FLITLAB_TRAFFIC_UNIFORM);
  g_assert_nonnull (f->edited);
  g_assert_cmpint (f->edited->pattern, ==, FLITLAB_TRAFFIC_UNIFORM);
  g_assert_false (gtk_widget_get_visible (child (f, "matrix_row")));
  f->edited = NULL;
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (f, "pattern_row")), FLITLAB_TRAFFIC_MATRIX);
  g_assert_nonnull (f->edited);
  g_assert_cmpint (f->edited->pattern, ==, FLITLAB_TRAFFIC_MATRIX);
  g_assert_true (flitlab_traffic_matrix_equal (f->edited->matrix, matrix));

  g_unlink (path);
  g_unlink (small_path);
  g_rmdir (dir);
}

/* What the chooser summarizes of a trace file for a network of n_nodes nodes. */
static FlitlabStudyTrace *
read_trace (const char  *path,
            guint        n_nodes,
            GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GAsyncResult) done = NULL;
  g_autoptr(FlitlabFileChooserProgress) progress = flitlab_file_chooser_progress_new ();
  FlitlabStudyTrace *trace;

  flitlab_trace_chooser_read_async (file, n_nodes, progress, NULL, on_read, &done);
  while (done == NULL)
    g_main_context_iteration (NULL, TRUE);
  trace = flitlab_trace_chooser_finish (done, error);
  /* A summary made has told all of it. */
  if (trace != NULL)
    g_assert_cmpfloat (flitlab_file_chooser_progress_get_fraction (progress), ==, 1);
  return trace;
}

/* A trace of 64 messages around a ring of 64 nodes at path, and a line that is no trace at
 * bad_path. */
static void
write_traces (const char *path,
              const char *bad_path)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint m = 0; m < 64; m++)
    g_string_append_printf (text, "%u %u %u 4\n", 2 * m, m, (m + 1) % 64);
  g_assert_true (g_file_set_contents (path, text->str, -1, NULL));
  g_assert_true (g_file_set_contents (bad_path, "0 1 2\n", -1, NULL));
}

/* A trace study: "Trace from file…" in the pattern row, the trace row naming the file and its
 * summary, the rows a replay has no use for insensitive and saying why; another pattern and
 * back keeps the trace. The chooser summarizes on a worker thread and refuses a bad trace in
 * one line naming the file. */
static void
test_trace (Fixture       *f,
            gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("flitlab-editor-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "ring.trace", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "bad.trace", NULL);
  g_autoptr(FlitlabStudyTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  FlitlabStudy *study = flitlab_study_copy (flitlab_document_get_study (f->document, f->index));
  GtkWidget *flits_row;

  write_traces (path, bad_path);
  trace = read_trace (path, 64, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (trace->messages, ==, 64);
  g_assert_null (read_trace (bad_path, 64, &error));
  g_assert_nonnull (strstr (error->message, "bad.trace"));
  g_assert_null (strchr (error->message, '\n'));
  g_clear_error (&error);

  study->pattern = FLITLAB_TRAFFIC_TRACE;
  flitlab_study_set_trace (study, trace);
  g_ptr_array_set_size (study->models, 0);
  flitlab_document_insert_study (f->document, G_MAXUINT, study);
  show (f, flitlab_document_get_n_studies (f->document) - 1);
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (child (f, "pattern_row"))), ==,
                    FLITLAB_TRAFFIC_TRACE);
  g_assert_true (gtk_widget_get_visible (child (f, "trace_row")));
  g_assert_false (gtk_widget_get_visible (child (f, "matrix_row")));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (child (f, "trace_row"))), ==,
                   "ring.trace: 64 messages of 4 flits on average over 127 cycles");
  flits_row = child (f, "flits_row");
  g_assert_false (gtk_widget_get_sensitive (flits_row));
  g_assert_nonnull (gtk_widget_get_tooltip_text (flits_row));
  g_assert_false (gtk_widget_get_sensitive (child (f, "length_row")));
  g_assert_false (gtk_widget_get_sensitive (child (f, "replications_row")));
  g_assert_false (gtk_widget_get_sensitive (child (f, "warmup_row")));
  g_assert_false (gtk_widget_get_sensitive (child (f, "cycles_row")));
  g_assert_true (gtk_widget_get_sensitive (child (f, "buffer_row")));

  adw_combo_row_set_selected (ADW_COMBO_ROW (child (f, "pattern_row")), FLITLAB_TRAFFIC_UNIFORM);
  g_assert_nonnull (f->edited);
  g_assert_cmpint (f->edited->pattern, ==, FLITLAB_TRAFFIC_UNIFORM);
  g_assert_false (gtk_widget_get_visible (child (f, "trace_row")));
  g_assert_true (gtk_widget_get_sensitive (flits_row));
  g_assert_null (gtk_widget_get_tooltip_text (flits_row));
  f->edited = NULL;
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (f, "pattern_row")), FLITLAB_TRAFFIC_TRACE);
  g_assert_nonnull (f->edited);
  g_assert_cmpint (f->edited->pattern, ==, FLITLAB_TRAFFIC_TRACE);
  g_assert_true (f->edited->trace == trace);

  g_unlink (path);
  g_unlink (bad_path);
  g_rmdir (dir);
}

/* Reads path as the study's trace, as "Trace from file…" does once the file is chosen. */
static void
start_reading (Fixture    *f,
               const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  flitlab_study_editor_read_trace (f->editor, file);
  g_assert_true (gtk_widget_get_visible (child (f, "reading_row")));
}

/* Until the reading shown ends (its row hidden), however it ends. */
static void
wait_for_reading (Fixture *f)
{
  while (gtk_widget_get_visible (child (f, "reading_row")))
    g_main_context_iteration (NULL, TRUE);
}

/* A trace being read shows its row with the file's name; Cancel, another study shown or another
 * file chosen drop it, the study's traffic as it was and no error said; a reading that ends
 * hides its row, its trace the study's traffic. */
static void
test_trace_reading (Fixture       *f,
                    gconstpointer  data)
{
  g_autofree char *dir = g_dir_make_tmp ("flitlab-editor-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "ring.trace", NULL);
  g_autofree char *bad_path = g_build_filename (dir, "bad.trace", NULL);
  GtkWidget *row = child (f, "reading_row"), *traffic_error = child (f, "traffic_error");
  int shown = f->index, other;

  write_traces (path, bad_path);
  g_assert_false (gtk_widget_get_visible (row));
  f->edited = NULL;

  /* Cancel: the row hidden at once, the pattern row back to the study's. */
  start_reading (f, path);
  g_assert_nonnull (strstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                            "ring.trace"));
  flitlab_study_editor_on_reading_cancel (f->editor);
  g_assert_false (gtk_widget_get_visible (row));
  g_assert_false (gtk_widget_get_visible (traffic_error));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (child (f, "pattern_row"))), ==,
                    FLITLAB_TRAFFIC_UNIFORM);

  /* Another study shown, then this one again: the reading is dropped. */
  other = add_study (f, "mesh", "mesh:8x8", FLITLAB_ROUTING_DOR, NULL, NULL);
  start_reading (f, path);
  show (f, other);
  g_assert_false (gtk_widget_get_visible (row));
  show (f, shown);

  /* Another file chosen while one is read: only the second counts, here refused. */
  start_reading (f, path);
  start_reading (f, bad_path);
  wait_for_reading (f);
  g_assert_true (gtk_widget_get_visible (traffic_error));
  g_assert_nonnull (strstr (gtk_label_get_text (GTK_LABEL (traffic_error)), "bad.trace"));

  /* None of those changed the study. */
  g_assert_null (f->edited);
  g_assert_cmpint (flitlab_document_get_study (f->document, shown)->pattern, ==,
                   FLITLAB_TRAFFIC_UNIFORM);

  /* A reading that ends: its trace is the traffic, the row hidden. */
  start_reading (f, path);
  wait_for_reading (f);
  g_assert_nonnull (f->edited);
  g_assert_cmpint (f->edited->pattern, ==, FLITLAB_TRAFFIC_TRACE);
  g_assert_cmpuint (f->edited->trace->messages, ==, 64);
  g_assert_false (gtk_widget_get_visible (row));
  g_assert_false (gtk_widget_get_visible (traffic_error));

  g_unlink (path);
  g_unlink (bad_path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
#define ADD(path, func) \
  g_test_add ("/flitlab/study-editor/" path, Fixture, NULL, setup, func, teardown)
  ADD ("size", test_size);
  ADD ("refused", test_refused);
  ADD ("fractional-length", test_fractional_length);
  ADD ("name", test_name);
  ADD ("links-remove-model", test_links_remove_model);
  ADD ("family", test_family);
  ADD ("ties", test_ties);
  ADD ("every-choice", test_every_choice);
  ADD ("same-value-keeps-results", test_same_value_keeps_results);
  ADD ("kept-model-of-another-network", test_kept_model_of_another_network);
  ADD ("second-instance-keeps-its-own", test_second_instance_keeps_its_own);
  ADD ("examples-follow-edits", test_examples_follow_edits);
  ADD ("matrix", test_matrix);
  ADD ("trace", test_trace);
  ADD ("trace-reading", test_trace_reading);
#undef ADD
  return g_test_run ();
}
