/* flitlab-window-actions.c: the window's actions (win.*) and which of them are enabled
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "flitlab-window-private.h"

/* ---- examples ----------------------------------------------------------------------- */

/* The bundled examples: installed, or in the source tree when run uninstalled. */
static char *
dup_examples_dir (void)
{
  const char *dirs[] = { g_getenv ("FLITLAB_EXAMPLES_DIR"), PKGDATADIR "/examples",
                         SOURCE_DATADIR "/examples" };

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    if (dirs[i] != NULL && g_file_test (dirs[i], G_FILE_TEST_IS_DIR))
      return g_strdup (dirs[i]);
  return NULL;
}

/* An example of the menu: its file's name and the title people read. */
typedef struct
{
  char *file_name;
  char *title;
} Example;

static void
example_free (Example *example)
{
  g_free (example->file_name);
  g_free (example->title);
  g_free (example);
}

static int
compare_titles (gconstpointer a,
                gconstpointer b)
{
  const Example *x = *(const Example * const *) a, *y = *(const Example * const *) b;
  /* As people sort, whatever the locale: "mid" between "A tour" and "Zebra". */
  g_autofree char *fx = g_utf8_casefold (x->title, -1), *fy = g_utf8_casefold (y->title, -1);

  return g_utf8_collate (fx, fy);
}

static void
on_root_element (GMarkupParseContext  *context,
                 const char           *element,
                 const char          **names,
                 const char          **values,
                 gpointer              data,
                 GError              **error)
{
  char **title = data;

  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], "title"))
      *title = g_strdup (values[i]);
  /* The root is all it needs: stop here. */
  g_set_error_literal (error, G_MARKUP_ERROR, G_MARKUP_ERROR_INVALID_CONTENT, "read");
}

/* The project's title, read from its root element only (the examples are megabytes), or NULL. */
static char *
dup_project_title (const char *path)
{
  static const GMarkupParser parser = { on_root_element, NULL, NULL, NULL, NULL };
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GMarkupParseContext) context = NULL;
  char head[4096];
  gssize n;
  char *title = NULL;

  stream = g_file_read (file, NULL, NULL);
  n = stream != NULL ? g_input_stream_read (G_INPUT_STREAM (stream), head, sizeof head, NULL, NULL) : -1;
  if (n <= 0)
    return NULL;
  context = g_markup_parse_context_new (&parser, 0, &title, NULL);
  g_markup_parse_context_parse (context, head, n, NULL);
  return title;
}

/* A bundled example opens as a copy: saving it asks where, never overwrites it. */
static gboolean
is_bundled_example (GFile *file)
{
  g_autofree char *dir = dup_examples_dir ();
  g_autoptr(GFile) examples = dir != NULL ? g_file_new_for_path (dir) : NULL;

  return file != NULL && examples != NULL && g_file_has_prefix (file, examples);
}

/* The Examples menu, by title. */
void
flitlab_window_fill_examples (FlitlabWindow *self)
{
  g_autofree char *dir = dup_examples_dir ();
  g_autoptr(GDir) listing = dir != NULL ? g_dir_open (dir, 0, NULL) : NULL;
  g_autoptr(GPtrArray) examples = g_ptr_array_new_with_free_func ((GDestroyNotify) example_free);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    if (g_str_has_suffix (name, ".flitlab"))
      {
        g_autofree char *path = g_build_filename (dir, name, NULL);
        Example *example = g_new0 (Example, 1);

        example->file_name = g_strdup (name);
        example->title = dup_project_title (path);
        if (example->title == NULL || *example->title == '\0')
          {
            g_free (example->title);
            example->title = g_strndup (name, strlen (name) - strlen (".flitlab"));
          }
        g_ptr_array_add (examples, example);
      }
  /* g_ptr_array_sort () passes pointers to the elements. */
  g_ptr_array_sort (examples, compare_titles);
  g_menu_remove_all (self->examples_section);
  for (guint i = 0; i < examples->len; i++)
    {
      const Example *example = examples->pdata[i];
      g_autoptr(GMenuItem) item = g_menu_item_new (example->title, NULL);

      g_menu_item_set_action_and_target (item, "win.open-example", "s", example->file_name);
      g_menu_append_item (self->examples_section, item);
    }
}

static void
open_example_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);
  g_autofree char *dir = dup_examples_dir ();
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;

  if (dir == NULL)
    {
      flitlab_window_toast (self, _("The example projects are not installed"));
      return;
    }
  path = g_build_filename (dir, g_variant_get_string (parameter, NULL), NULL);
  file = g_file_new_for_path (path);
  flitlab_window_open_file (self, file);
}

/* ---- opening and saving ------------------------------------------------------------- */

static void
cancel_open_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  flitlab_window_cancel_open (FLITLAB_WINDOW (widget));
}

static void
add_filter (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Flitlab projects"));
  gtk_file_filter_add_pattern (filter, "*.flitlab");
  gtk_file_filter_add_mime_type (filter, "application/x-flitlab");
  gtk_file_chooser_add_filter (chooser, filter);
}

static void
on_open_response (FlitlabWindow        *self,
                  int                   response,
                  GtkFileChooserNative *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      /* GTK 4.8's chooser can accept a typed name it could not resolve to a file. */
      if (file != NULL)
        flitlab_window_open_file (self, file);
      else
        flitlab_window_show_error (self, _("Could Not Open the Project"),
                                   _("The chosen name is not a file."));
    }
  g_clear_object (&self->chooser);
}

static void
open_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);

  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Open a Project"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  add_filter (GTK_FILE_CHOOSER (self->chooser));
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (on_open_response), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
open_recent_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (parameter, NULL));

  flitlab_window_open_file (FLITLAB_WINDOW (widget), file);
}

gboolean
flitlab_window_save_to (FlitlabWindow *self,
                        GFile         *file)
{
  g_autoptr(GError) error = NULL;

  if (!flitlab_document_save (self->document, file, &error))
    {
      /* The old file is untouched (saving is atomic) and the document stays dirty. */
      g_autofree char *message = g_strdup_printf (_("Not saved: %s"), error->message);

      flitlab_window_toast (self, message);
      return FALSE;
    }
  flitlab_window_add_recent (self, flitlab_document_get_file (self->document));
  flitlab_window_toast (self, _("Project saved"));
  return TRUE;
}

static void
on_save_as_response (FlitlabWindow        *self,
                     int                   response,
                     GtkFileChooserNative *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL && flitlab_window_save_to (self, file) && self->close_confirmed)
        flitlab_window_destroy (self);
    }
  self->close_confirmed = FALSE;
  g_clear_object (&self->chooser);
}

static void
save_as_action (GtkWidget  *widget,
                const char *action_name,
                GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);
  g_autofree char *name = flitlab_document_dup_title (self->document);
  g_autofree char *file_name = g_str_has_suffix (name, ".flitlab") ? g_strdup (name)
                                                                    : g_strconcat (name, ".flitlab", NULL);

  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Save the Project"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"), _("_Cancel"));
  add_filter (GTK_FILE_CHOOSER (self->chooser));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (self->chooser), file_name);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (on_save_as_response), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

static void
save_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);

  if (flitlab_document_get_file (self->document) == NULL ||
      is_bundled_example (flitlab_document_get_file (self->document)))
    save_as_action (widget, "win.save-as", NULL);
  else
    flitlab_window_save_to (self, NULL);
}

/* ---- studies: add, duplicate, delete, undo, redo, edit ------------------------------ */

static char *
unique_name (const FlitlabProject *project,
             const char           *base)
{
  if (flitlab_project_find_study (project, base) == NULL)
    return g_strdup (base);
  for (guint i = 2;; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s (%u)", base, i);

      if (flitlab_project_find_study (project, name) == NULL)
        return g_steal_pointer (&name);
    }
}

/* Inserts study (taken) at index and shows it. */
static void
insert_study (FlitlabWindow *self,
              guint          index,
              FlitlabStudy  *study)
{
  self->select_next = MIN (index, flitlab_document_get_n_studies (self->document));
  flitlab_document_insert_study (self->document, index, study);
}

static void
add_study_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);
  g_autofree char *name = unique_name (flitlab_document_get_project (self->document), _("New study"));
  FlitlabStudy *study = flitlab_study_new (name);
  FlitlabStudyModel *model;

  /* A study that draws at once: the default 8x8 torus with the model of 000 for it. */
  model = flitlab_study_add_model (study, "ciciani-bi-torus");
  g_hash_table_insert (model->params, g_strdup ("k"), g_strdup ("8x8"));
  g_hash_table_insert (model->params, g_strdup ("flits"), g_strdup_printf ("%g", study->flits));
  insert_study (self, G_MAXUINT, study);
}

static void
duplicate_study_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);
  int index = flitlab_window_get_selected_index (self);
  const FlitlabStudy *study;
  FlitlabStudy *copy;
  g_autofree char *base = NULL;

  if (index < 0)
    return;
  study = flitlab_document_get_study (self->document, index);
  copy = flitlab_study_copy (study);
  /* Translators: the name of a duplicated study; %s is the original's */
  base = g_strdup_printf (_("%s (copy)"), study->name);
  g_free (copy->name);
  copy->name = unique_name (flitlab_document_get_project (self->document), base);
  insert_study (self, index + 1, copy);
}

static void
delete_study_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);
  int index = flitlab_window_get_selected_index (self);
  g_autofree char *title = NULL;
  AdwToast *t;

  if (index < 0)
    return;
  /* Translators: %s is the deleted study's name */
  title = g_strdup_printf (_("“%s” deleted"), flitlab_document_get_study (self->document, index)->name);
  self->select_next = index;
  flitlab_document_remove_study (self->document, index);

  t = adw_toast_new (title);
  adw_toast_set_button_label (t, _("_Undo"));
  adw_toast_set_action_name (t, "win.undo");
  /* Undo is only worth anything now: it goes before any toast waiting in line. */
  adw_toast_set_priority (t, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (self->toast_overlay, t);
}

/* Undo and redo show the study they changed. */
static void
step_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);
  guint index;

  if (g_str_equal (action_name, "win.undo") ? flitlab_document_undo (self->document, &index)
                                            : flitlab_document_redo (self->document, &index))
    flitlab_window_select_study (self, index);
}

gboolean
flitlab_window_on_study_edited (FlitlabWindow      *self,
                                FlitlabStudy       *edited,
                                const char         *note,
                                FlitlabStudyEditor *editor)
{
  int index = flitlab_window_get_selected_index (self);
  g_autoptr(GError) error = NULL;

  if (index < 0)
    return FALSE;
  if (!flitlab_document_edit_study (self->document, index, edited, &error))
    flitlab_window_toast (self, error->message);
  if (note != NULL)
    flitlab_window_toast (self, note);
  return TRUE;
}

static void
simulate_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);
  int index = flitlab_window_get_selected_index (self);

  if (index < 0)
    return;
  if (flitlab_document_get_running (self->document, index, NULL, NULL))
    flitlab_document_stop (self->document, index);
  else
    {
      gtk_progress_bar_set_fraction (self->simulation_progress, 0);
      flitlab_document_simulate (self->document, index);
    }
}

/* ---- the figure --------------------------------------------------------------------- */

/* Presentation mode: full screen, the figure alone, type and lines half as large again. The
 * plot's own controls, the Run button and the network's Play stay for the keyboard. */
void
flitlab_window_set_presenting (FlitlabWindow *self,
                               gboolean       presenting)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  GdkMonitor *monitor = surface != NULL ? gdk_display_get_monitor_at_surface (gtk_widget_get_display (widget), surface)
                                        : NULL;
  GdkRectangle screen = { 0, 0, 1280, 720 };
  gboolean comparing = gtk_toggle_button_get_active (self->compare_button);
  double scale = 1;

  self->presenting = presenting;
  if (monitor != NULL)
    gdk_monitor_get_geometry (monitor, &screen);
  /* The figure is laid out for a 450-pixel-high screen and magnified to fill this one: its
   * 10-point type reads from the back of a room (24 pixels at 1080). */
  if (presenting)
    scale = MAX (1.5, screen.height / 450.0);
  if (presenting)
    {
      gtk_window_fullscreen (GTK_WINDOW (self));
      gtk_widget_add_css_class (widget, "presentation");
    }
  else
    {
      gtk_window_unfullscreen (GTK_WINDOW (self));
      gtk_widget_remove_css_class (widget, "presentation");
    }
  /* The figure alone: no header, sidebar, editor, description or controls. */
  gtk_widget_set_visible (self->header_bar, !presenting);
  gtk_widget_set_visible (self->sidebar, !presenting);
  gtk_widget_set_visible (self->editor_pane, !presenting && !comparing);
  gtk_widget_set_visible (self->figure_controls, !presenting);
  gtk_widget_set_visible (self->simulation_box, !presenting && !comparing);
  gtk_widget_set_visible (GTK_WIDGET (self->study_title), !presenting);
  gtk_widget_set_visible (GTK_WIDGET (self->study_notes),
                          !presenting && *gtk_label_get_text (self->study_notes) != '\0');
  flitlab_plot_view_set_scale (self->plot_view, scale);
  flitlab_network_page_set_scale (self->network_page, scale);
  flitlab_flow_page_set_scale (self->flow_page, scale);
  flitlab_window_focus_figure (self);
}

static void
presentation_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);

  flitlab_window_set_presenting (self, !self->presenting);
}

/* Alt+1, 2, 3: the plot, the network or the flow diagram, also in presentation mode. */
static void
show_figure_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);
  const char *name = g_variant_get_string (parameter, NULL);

  if (gtk_stack_get_child_by_name (self->figure_stack, name) != NULL)
    gtk_stack_set_visible_child_name (self->figure_stack, name);
  flitlab_window_focus_figure (self);
}

/* Ctrl+Page Down and Up: the next or previous study, also when the sidebar is hidden. */
static void
select_study_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->studies_list);
  int index = row != NULL ? gtk_list_box_row_get_index (row) : -1;
  GtkListBoxRow *next;

  index += g_str_equal (action_name, "win.next-study") ? 1 : -1;
  next = index >= 0 ? gtk_list_box_get_row_at_index (self->studies_list, index) : NULL;
  if (next != NULL)
    gtk_list_box_select_row (self->studies_list, next);
}

static void
reset_zoom_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  flitlab_plot_view_reset_zoom (FLITLAB_WINDOW (widget)->plot_view);
}

/* ---- enabled ------------------------------------------------------------------------ */

void
flitlab_window_update_actions (FlitlabWindow *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean study = flitlab_window_get_selected_index (self) >= 0;

  gtk_widget_action_set_enabled (widget, "win.undo", flitlab_document_get_can_undo (self->document));
  gtk_widget_action_set_enabled (widget, "win.redo", flitlab_document_get_can_redo (self->document));
  gtk_widget_action_set_enabled (widget, "win.cancel-open", flitlab_window_get_loading (self));
  gtk_widget_action_set_enabled (widget, "win.duplicate-study", study);
  gtk_widget_action_set_enabled (widget, "win.delete-study", study);
  gtk_widget_action_set_enabled (widget, "win.simulate", study);
}

void
flitlab_window_class_add_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.open-example", "s", open_example_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-open", NULL, cancel_open_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.simulate", NULL, simulate_action);
  gtk_widget_class_install_action (widget_class, "win.add-study", NULL, add_study_action);
  gtk_widget_class_install_action (widget_class, "win.duplicate-study", NULL, duplicate_study_action);
  gtk_widget_class_install_action (widget_class, "win.delete-study", NULL, delete_study_action);
  gtk_widget_class_install_action (widget_class, "win.reset-zoom", NULL, reset_zoom_action);
  gtk_widget_class_install_action (widget_class, "win.presentation", NULL, presentation_action);
  gtk_widget_class_install_action (widget_class, "win.show-figure", "s", show_figure_action);
  gtk_widget_class_install_action (widget_class, "win.next-study", NULL, select_study_action);
  gtk_widget_class_install_action (widget_class, "win.previous-study", NULL, select_study_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, step_action);
}
