/* test-export-dialog.c: the Export dialog's controls set the file it writes (format, extension,
 * size, preset, resolution, title, legend) as flitlab-cli export's options do, and it remembers
 * the folder and the choices
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "flitlab-export-dialog.h"

typedef struct
{
  GtkWindow       *window;
  AdwToastOverlay *toasts;
  GSettings       *settings;
  FlitlabPlot     *plot;     /* what the window "shows" */
  char            *folder;   /* the last export's folder, a new one per test */
} Fixture;

/* The figure functions take the window only: the fixture of the test running. */
static Fixture *current;

static gboolean
shown_plot (GtkWindow           *window,
            FlitlabExportFigure *figure)
{
  g_assert_true (window == current->window);
  figure->plot = current->plot;
  return TRUE;
}

/* Runs the main loop until condition holds; a test that waits 30 s has failed. */
#define WAIT_UNTIL(condition)                                                      \
  G_STMT_START {                                                                   \
    gint64 end_ = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;                   \
    while (!(condition))                                                           \
      {                                                                            \
        if (g_get_monotonic_time () > end_)                                        \
          g_error ("still waiting for: %s", #condition);                           \
        g_main_context_iteration (NULL, FALSE);                                    \
      }                                                                            \
  } G_STMT_END

static void
setup (Fixture       *f,
       gconstpointer  data)
{
  const double x[] = { 0.01, 0.02, 0.03, 0.04 }, model[] = { 20, 22, 26, 35 };
  const double sim[] = { 20.5, 22.4, 27.1, 40 }, ci[] = { 0.4, 0.6, 1.2, 3 };
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  current = f;
  f->window = GTK_WINDOW (gtk_window_new ());
  f->toasts = ADW_TOAST_OVERLAY (adw_toast_overlay_new ());
  gtk_window_set_child (f->window, GTK_WIDGET (f->toasts));
  gtk_window_present (f->window);
  f->plot = flitlab_plot_new ("Test plot", "Load (messages/cycle/node)", "Latency (cycles)");
  flitlab_plot_add_series (f->plot, "model", FLITLAB_PLOT_LINE, x, model, NULL, 4);
  flitlab_plot_add_series (f->plot, "simulation (95% CI)", FLITLAB_PLOT_POINTS, x, sim, ci, 4);
  /* The memory backend keeps values for the process: every test starts from the defaults. */
  f->settings = g_settings_new ("io.github.flitlab.Flitlab");
  g_object_get (f->settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (f->settings, keys[i]);
  f->folder = g_dir_make_tmp ("flitlab-test-export-XXXXXX", &error);
  g_assert_no_error (error);
  g_settings_set_string (f->settings, "last-export-folder", f->folder);
}

static void
teardown (Fixture       *f,
          gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (f->folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (f->folder, name, NULL);

      g_unlink (path);
    }
  g_rmdir (f->folder);
  g_free (f->folder);
  gtk_window_destroy (f->window);
  g_clear_object (&f->settings);
  flitlab_plot_free (f->plot);
  current = NULL;
}

static GtkWidget *
child (FlitlabExportDialog *dialog,
       const char          *name)
{
  GObject *object =
    gtk_widget_get_template_child (GTK_WIDGET (dialog), FLITLAB_TYPE_EXPORT_DIALOG, name);

  g_assert_nonnull (object);
  return GTK_WIDGET (object);
}

static const char *
name_text (FlitlabExportDialog *dialog)
{
  return gtk_editable_get_text (GTK_EDITABLE (child (dialog, "name_row")));
}

static void
select_row (FlitlabExportDialog *dialog,
            const char          *row,
            guint                index)
{
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (dialog, row)), index);
}

static guint
selected_row (FlitlabExportDialog *dialog,
              const char          *row)
{
  return adw_combo_row_get_selected (ADW_COMBO_ROW (child (dialog, row)));
}

static void
set_spin (FlitlabExportDialog *dialog,
          const char          *spin,
          double               value)
{
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (child (dialog, spin)), value);
}

static double
spin_value (FlitlabExportDialog *dialog,
            const char          *spin)
{
  return gtk_spin_button_get_value (GTK_SPIN_BUTTON (child (dialog, spin)));
}

static FlitlabExportDialog *
open_dialog (Fixture *f)
{
  FlitlabExportDialog *dialog =
    flitlab_export_dialog_new (f->window, f->toasts, f->settings, "Test plot", NULL, shown_plot);

  g_assert_nonnull (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  return dialog;
}

static gboolean
on_timeout (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop past the preview's delay after the last change. */
static void
wait_for_preview (FlitlabExportDialog *dialog)
{
  gboolean still = FALSE;

  g_timeout_add (400, on_timeout, &still);
  WAIT_UNTIL (still);
}

/* The preview's width over its height. */
static double
preview_aspect (FlitlabExportDialog *dialog)
{
  GdkPaintable *paintable = gtk_picture_get_paintable (GTK_PICTURE (child (dialog, "preview")));

  g_assert_nonnull (paintable);
  return (double) gdk_paintable_get_intrinsic_width (paintable) /
         gdk_paintable_get_intrinsic_height (paintable);
}

/* Waits for the preview drawn after the last change, then presses Export; the dialog closes. */
static void
export (FlitlabExportDialog *dialog)
{
  GtkPicture *preview = GTK_PICTURE (child (dialog, "preview"));
  GtkWidget *button = child (dialog, "export_button");
  gpointer weak = dialog;

  wait_for_preview (dialog);
  g_assert_nonnull (gtk_picture_get_paintable (preview));
  g_object_add_weak_pointer (G_OBJECT (dialog), &weak);
  g_signal_emit_by_name (button, "clicked");
  WAIT_UNTIL (weak == NULL);
}

static char *
read_file (const char *folder,
           const char *name,
           gsize      *length)
{
  g_autofree char *path = g_build_filename (folder, name, NULL);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, length, &error));
  g_assert_no_error (error);
  return contents;
}

/* Where text is in the first length bytes of data; not g_strstr_len (), which stops at a NUL
 * byte, which a PDF's streams hold. */
static const char *
find_bytes (const char *data,
            gsize       length,
            const char *text)
{
  gsize n = strlen (text);

  for (gsize i = 0; i + n <= length; i++)
    if (memcmp (data + i, text, n) == 0)
      return data + i;
  return NULL;
}

/* The plot's file height at width × height with the settings the dialog was given. */
static double
file_height (Fixture           *f,
             double             width,
             double             height,
             double             font_size,
             FlitlabPlotLegend  legend,
             gboolean           title)
{
  g_autofree char *saved_title = f->plot->title;
  double result;

  f->plot->title = title ? g_strdup (saved_title) : NULL;
  f->plot->font_size = font_size;
  f->plot->legend = legend;
  result = flitlab_plot_file_height (f->plot, width, height);
  g_free (f->plot->title);
  f->plot->title = g_steal_pointer (&saved_title);
  f->plot->font_size = 0;
  f->plot->legend = FLITLAB_PLOT_LEGEND_AUTO;
  return result;
}

/* PDF and the column preset, without title, legend below: a PDF named .pdf of the preset's
 * width, the type the preset's, and the choices remembered. */
static void
test_pdf_column (Fixture       *f,
                 gconstpointer  data)
{
  FlitlabExportDialog *dialog = open_dialog (f);
  g_autofree char *pdf = NULL, *format = NULL, *size = NULL, *legend = NULL;
  g_autofree char *folder = NULL;
  const char *box;
  char *end;
  gsize length;
  double height;

  /* Opened in the folder of the last export, the name the study's, SVG first. */
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (child (dialog, "folder_row"))),
                   ==, f->folder);
  g_assert_cmpstr (name_text (dialog), ==, "test-plot.svg");
  g_assert_cmpuint (selected_row (dialog, "size_row"), ==, 0);
  g_assert_cmpfloat (spin_value (dialog, "width_spin"), ==, 640);

  /* The extension follows the format. */
  select_row (dialog, "format_row", FLITLAB_EXPORT_PDF);
  g_assert_cmpstr (name_text (dialog), ==, "test-plot.pdf");
  /* The column preset: 252 × 180 points at 8 pt, as --preset column. */
  select_row (dialog, "size_row", 1);
  g_assert_cmpfloat (spin_value (dialog, "width_spin"), ==, 252);
  g_assert_cmpfloat (spin_value (dialog, "height_spin"), ==, 180);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (child (dialog, "auto_font_switch"))));
  g_assert_cmpfloat (spin_value (dialog, "font_spin"), ==, 8);
  g_assert_true (gtk_widget_get_sensitive (child (dialog, "font_row")));
  g_assert_false (gtk_widget_get_sensitive (child (dialog, "scale_row")));
  gtk_switch_set_active (GTK_SWITCH (child (dialog, "title_switch")), FALSE);
  select_row (dialog, "legend_row", FLITLAB_PLOT_LEGEND_BELOW);
  /* The preview is the file at that size. */
  wait_for_preview (dialog);
  g_assert_cmpfloat_with_epsilon (preview_aspect (dialog),
                                  252 / file_height (f, 252, 180, 8, FLITLAB_PLOT_LEGEND_BELOW,
                                                     FALSE), 0.01);
  export (dialog);

  pdf = read_file (f->folder, "test-plot.pdf", &length);
  g_assert_cmpint (memcmp (pdf, "%PDF-", 5), ==, 0);
  box = find_bytes (pdf, length, "/MediaBox [ 0 0 ");
  g_assert_nonnull (box);
  g_assert_cmpfloat (g_ascii_strtod (box + strlen ("/MediaBox [ 0 0 "), &end), ==, 252);
  height = g_ascii_strtod (end, NULL);
  g_assert_cmpfloat_with_epsilon (height,
                                  file_height (f, 252, 180, 8, FLITLAB_PLOT_LEGEND_BELOW, FALSE),
                                  1);
  /* The window's plot is as it was. */
  g_assert_cmpstr (f->plot->title, ==, "Test plot");
  g_assert_cmpint (f->plot->legend, ==, FLITLAB_PLOT_LEGEND_AUTO);
  g_assert_cmpfloat (f->plot->font_size, ==, 0);

  format = g_settings_get_string (f->settings, "last-export-format");
  size = g_settings_get_string (f->settings, "last-export-size");
  legend = g_settings_get_string (f->settings, "last-export-legend");
  folder = g_settings_get_string (f->settings, "last-export-folder");
  g_assert_cmpstr (format, ==, "pdf");
  g_assert_cmpstr (size, ==, "column");
  g_assert_cmpstr (legend, ==, "below");
  g_assert_cmpstr (folder, ==, f->folder);
  g_assert_false (g_settings_get_boolean (f->settings, "last-export-title"));
  g_assert_cmpfloat (g_settings_get_double (f->settings, "last-export-font-size"), ==, 8);

  /* Opened again, the dialog shows those choices. */
  dialog = open_dialog (f);
  g_assert_cmpstr (name_text (dialog), ==, "test-plot.pdf");
  g_assert_cmpuint (selected_row (dialog, "size_row"), ==, 1);
  g_assert_cmpuint (selected_row (dialog, "legend_row"), ==, FLITLAB_PLOT_LEGEND_BELOW);
  g_assert_false (gtk_switch_get_active (GTK_SWITCH (child (dialog, "title_switch"))));
  g_assert_cmpfloat (spin_value (dialog, "font_spin"), ==, 8);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* A name typed with .png chooses PNG; a width typed makes the size custom; the PNG has the
 * size in points times the resolution. */
static void
test_png_custom (Fixture       *f,
                 gconstpointer  data)
{
  FlitlabExportDialog *dialog = open_dialog (f);
  g_autofree char *path = g_build_filename (f->folder, "figure.png", NULL);
  g_autofree char *size = NULL, *scale = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) png = NULL;
  double height;

  gtk_editable_set_text (GTK_EDITABLE (child (dialog, "name_row")), "figure.png");
  g_assert_cmpuint (selected_row (dialog, "format_row"), ==, FLITLAB_EXPORT_PNG);
  g_assert_true (gtk_widget_get_sensitive (child (dialog, "scale_row")));
  set_spin (dialog, "width_spin", 400);
  set_spin (dialog, "height_spin", 300);
  set_spin (dialog, "scale_spin", 1.5);
  g_assert_cmpuint (selected_row (dialog, "size_row"), ==, 5); /* after four presets: custom */
  export (dialog);

  png = gdk_texture_new_from_filename (path, &error);
  g_assert_no_error (error);
  height = file_height (f, 400, 300, 0, FLITLAB_PLOT_LEGEND_AUTO, TRUE);
  g_assert_cmpint (gdk_texture_get_width (png), ==, 600);
  g_assert_cmpint (abs (gdk_texture_get_height (png) - (int) (height * 1.5)), <=, 1);

  size = g_settings_get_string (f->settings, "last-export-size");
  scale = g_settings_get_string (f->settings, "last-export-scale");
  g_assert_cmpstr (size, ==, "400x300");
  g_assert_cmpstr (scale, ==, "1.5");
  g_assert_cmpfloat (g_settings_get_double (f->settings, "last-export-font-size"), ==, 0);

  dialog = open_dialog (f);
  g_assert_cmpstr (name_text (dialog), ==, "test-plot.png");
  g_assert_cmpuint (selected_row (dialog, "size_row"), ==, 5);
  g_assert_cmpfloat (spin_value (dialog, "width_spin"), ==, 400);
  g_assert_cmpfloat (spin_value (dialog, "height_spin"), ==, 300);
  g_assert_cmpfloat (spin_value (dialog, "scale_spin"), ==, 1.5);
  /* Back to the default size: the figure's, with the type chosen for the width. */
  select_row (dialog, "size_row", 0);
  g_assert_cmpfloat (spin_value (dialog, "width_spin"), ==, 640);
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (child (dialog, "auto_font_switch"))));
  g_assert_false (gtk_widget_get_sensitive (child (dialog, "font_row")));
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* The title and the legend are left out of the file when switched off, as --no-title and
 * --legend none do: fewer glyphs in the SVG. */
static void
test_title_and_legend (Fixture       *f,
                       gconstpointer  data)
{
  FlitlabExportDialog *dialog = open_dialog (f);
  g_autofree char *with = NULL, *without = NULL;
  gsize with_length, without_length;

  gtk_editable_set_text (GTK_EDITABLE (child (dialog, "name_row")), "with.svg");
  export (dialog);
  dialog = open_dialog (f);
  gtk_editable_set_text (GTK_EDITABLE (child (dialog, "name_row")), "without.svg");
  gtk_switch_set_active (GTK_SWITCH (child (dialog, "title_switch")), FALSE);
  select_row (dialog, "legend_row", FLITLAB_PLOT_LEGEND_NONE);
  export (dialog);

  with = read_file (f->folder, "with.svg", &with_length);
  without = read_file (f->folder, "without.svg", &without_length);
  g_assert_nonnull (g_strstr_len (with, with_length, "<svg"));
  g_assert_nonnull (g_strstr_len (without, without_length, "<svg"));
  g_assert_cmpuint (without_length + 1000, <, with_length);
}

/* A file of the name in the folder is replaced only when the person says so. */
static void
test_replace_asks (Fixture       *f,
                   gconstpointer  data)
{
  FlitlabExportDialog *dialog = open_dialog (f);
  g_autofree char *path = g_build_filename (f->folder, "test-plot.svg", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  GListModel *toplevels = gtk_window_get_toplevels ();
  AdwMessageDialog *question = NULL;
  gpointer weak = dialog;

  g_assert_true (g_file_set_contents (path, "old", -1, &error));
  g_object_add_weak_pointer (G_OBJECT (dialog), &weak);
  g_signal_emit_by_name (child (dialog, "export_button"), "clicked");
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (window))
        question = ADW_MESSAGE_DIALOG (window);
    }
  g_assert_nonnull (question);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "old");
  adw_message_dialog_response (question, "replace");
  WAIT_UNTIL (weak == NULL);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "<?xml"));
}

/* The Dependencies view's graph exports as the CLI's figure does (issue #29 item 4), at the
 * CLI's default 600 x 450 points, with the deadlock it shows. */
static FlitlabDependencyFigure shown_graph_figure;

static gboolean
shown_graph (GtkWindow           *window,
             FlitlabExportFigure *figure)
{
  figure->dependency = shown_graph_figure;
  return TRUE;
}

static void
test_dependency_graph (Fixture       *f,
                       gconstpointer  data)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("torus:4x4:bi", NULL);
  g_autoptr(FlitlabChannelDependency) graph =
    flitlab_channel_dependency_new (topology, FLITLAB_ROUTING_DOR, 1, NULL);
  g_autofree char *path = g_build_filename (f->folder, "graph.pdf", NULL);
  g_autofree char *contents = NULL;
  gsize length = 0;
  FlitlabExportDialog *dialog;

  g_assert_nonnull (graph);
  shown_graph_figure = (FlitlabDependencyFigure) {
    .topology = topology, .graph = graph, .routing = FLITLAB_ROUTING_DOR,
  };
  dialog = flitlab_export_dialog_new (f->window, f->toasts, f->settings, "Deadlock lab", NULL,
                                      shown_graph);
  g_assert_nonnull (dialog);
  gtk_window_present (GTK_WINDOW (dialog));
  g_assert_cmpfloat (spin_value (dialog, "width_spin"), ==, 600);
  g_assert_cmpfloat (spin_value (dialog, "height_spin"), ==, 450);
  g_assert_false (gtk_widget_get_visible (child (dialog, "title_row")));
  gtk_editable_set_text (GTK_EDITABLE (child (dialog, "name_row")), "graph.pdf");
  g_assert_cmpuint (selected_row (dialog, "format_row"), ==, FLITLAB_EXPORT_PDF);
  export (dialog);

  g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  g_assert_nonnull (find_bytes (contents, length, "/MediaBox [ 0 0 600 450 ]"));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
#define ADD(path, func) \
  g_test_add ("/flitlab/export-dialog/" path, Fixture, NULL, setup, func, teardown)
  ADD ("pdf-column", test_pdf_column);
  ADD ("png-custom", test_png_custom);
  ADD ("title-and-legend", test_title_and_legend);
  ADD ("replace-asks", test_replace_asks);
  ADD ("dependency-graph", test_dependency_graph);
#undef ADD
  return g_test_run ();
}
