/* flitlab-window-files.c: the window's files: opening one (on a worker thread, with its bar;
 * a BookSim configuration too), saving, the recent files, the Examples menu, and BookSim's
 * printed results read into the study shown
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "flitlab-booksim-results.h"
#include "flitlab-window-private.h"

#define MAX_RECENT 8

/* ---- recent files and examples -------------------------------------------------------- */

/* An example of the menu: its file's name and the title people read. */
typedef struct
{
  char *file_name;
  char *title;
} Example;

static void
fill_recent (FlitlabWindow *self)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  GList *items = gtk_recent_manager_get_items (manager);
  guint n = 0;

  g_menu_remove_all (self->recent_section);
  for (GList *l = items; l != NULL && n < MAX_RECENT; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      const char *uri = gtk_recent_info_get_uri (info);
      g_autoptr(GMenuItem) item = NULL;

      if (!g_str_has_suffix (uri, ".flitlab") || !gtk_recent_info_exists (info))
        continue;
      item = g_menu_item_new (gtk_recent_info_get_display_name (info), NULL);
      g_menu_item_set_action_and_target (item, "win.open-recent", "s", uri);
      g_menu_append_item (self->recent_section, item);
      n++;
    }
  if (n == 0)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_("No Recent Projects"), "win.none");

      g_menu_append_item (self->recent_section, item);
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);
}

void
flitlab_window_add_recent (FlitlabWindow *self,
                           GFile         *file)
{
  g_autofree char *uri = g_file_get_uri (file);

  gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
  fill_recent (self);
}

/* The bar of the file being opened (NULL: none) and the open's cancellable. */
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
  n = stream != NULL ? g_input_stream_read (G_INPUT_STREAM (stream), head, sizeof head, NULL, NULL)
                     : -1;
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

/* ---- opening ---------------------------------------------------------------------------- */

static void
set_opening (FlitlabWindow *self,
             GFile         *file,
             GCancellable  *cancellable)
{
  gboolean was_loading = self->open_cancellable != NULL;
  gboolean loading = cancellable != NULL;

  g_set_object (&self->open_cancellable, cancellable);
  if (file != NULL)
    {
      g_autofree char *basename = g_file_get_basename (file);
      g_autofree char *name = basename != NULL ? g_filename_display_name (basename)
                                               : g_file_get_parse_name (file);
      /* Translators: shown while a project file is read; %s is the file's name */
      g_autofree char *text = g_strdup_printf (_("Opening %s…"), name);

      gtk_label_set_text (self->open_label, text);
    }
  gtk_revealer_set_reveal_child (self->open_revealer, loading);
  gtk_spinner_set_spinning (self->open_spinner, loading);
  gtk_spinner_set_spinning (self->opening_page_spinner, loading);
  flitlab_window_update_actions (self);
  /* A window with nothing yet (started with a file to open) shows a spinner, not "No Studies". */
  if (flitlab_document_get_n_studies (self->document) == 0)
    gtk_stack_set_visible_child_name (self->stack, loading ? "opening" : "empty");
  if (loading != was_loading)
    flitlab_window_notify_loading (self);
}

/* Stops the open in progress, if any: its document will not land. */
void
flitlab_window_cancel_open (FlitlabWindow *self)
{
  if (self->open_cancellable == NULL)
    return;
  g_cancellable_cancel (self->open_cancellable);
  set_opening (self, NULL, NULL);
}

static void
on_open_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabDocument) document = flitlab_document_new_for_file_finish (result, &error);
  FlitlabWindow *self;

  /* Cancelled (Cancel, a newer open, the window closing): the canceller has updated the window,
   * which may be gone by now. Any other end is the open the bar shows, as each open cancels the
   * one before. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = FLITLAB_WINDOW (user_data);
  set_opening (self, NULL, NULL);
  if (document == NULL)
    {
      flitlab_window_show_error (self, _("Could Not Open the Project"), error->message);
      return;
    }
  /* Never over unsaved changes, made before or while the file loaded: those keep their window
   * and the file gets a new one. */
  if (flitlab_document_get_modified (self->document))
    {
      FlitlabWindow *other = g_object_new (FLITLAB_TYPE_WINDOW,
                                           "application",
                                           gtk_window_get_application (GTK_WINDOW (self)),
                                           NULL);

      flitlab_window_set_document (other, document);
      gtk_window_present (GTK_WINDOW (other));
      return;
    }
  flitlab_window_set_document (self, document);
}

void
flitlab_window_open_file (FlitlabWindow *self,
                          GFile         *file)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();

  g_return_if_fail (FLITLAB_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  /* Only the file asked for last lands. */
  if (self->open_cancellable != NULL)
    g_cancellable_cancel (self->open_cancellable);
  set_opening (self, file, cancellable);
  /* No reference to the window: closing it cancels the open, and a cancelled open reports
   * without touching the window. */
  flitlab_document_new_for_file_async (file, cancellable, on_open_done, self);
}

gboolean
flitlab_window_get_loading (FlitlabWindow *self)
{
  g_return_val_if_fail (FLITLAB_IS_WINDOW (self), FALSE);
  return self->open_cancellable != NULL;
}

/* ---- actions: open, save --------------------------------------------------------------- */

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

/* BookSim's configurations have no name of their own (torus88, anynet_config): any file.
 * One that is not a project opens as a new one (flitlab-document.c's load_project()). */
static void
add_booksim_filter (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("BookSim 2 configurations (any file)"));
  gtk_file_filter_add_pattern (filter, "*");
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
                                               GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"),
                                               _("_Cancel"));
  add_filter (GTK_FILE_CHOOSER (self->chooser));
  add_booksim_filter (GTK_FILE_CHOOSER (self->chooser));
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
  g_autofree char *file_name = g_str_has_suffix (name, ".flitlab")
                               ? g_strdup (name) : g_strconcat (name, ".flitlab", NULL);

  g_clear_object (&self->chooser);
  self->chooser = gtk_file_chooser_native_new (_("Save the Project"), GTK_WINDOW (self),
                                               GTK_FILE_CHOOSER_ACTION_SAVE, _("_Save"),
                                               _("_Cancel"));
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

/* ---- BookSim's results ------------------------------------------------------------------ */

/* BookSim's outputs are a few kilobytes each: read here rather than on a worker thread, they
 * take milliseconds, and the study cannot change under them. */
void
flitlab_window_import_booksim_results (FlitlabWindow *self,
                                       GListModel    *files)
{
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  int index;
  const FlitlabStudy *study;
  FlitlabStudyTable *reference;
  FlitlabStudy *edited;
  g_autofree char *done = NULL;

  g_return_if_fail (FLITLAB_IS_WINDOW (self));
  g_return_if_fail (G_IS_LIST_MODEL (files));

  index = flitlab_window_get_selected_index (self);
  if (index < 0)
    return;
  study = flitlab_document_get_study (self->document, index);
  for (guint i = 0; i < g_list_model_get_n_items (files); i++)
    {
      g_autoptr(GFile) file = g_list_model_get_item (files, i);
      char *path = g_file_get_path (file);

      if (path == NULL)
        {
          g_autofree char *uri = g_file_get_uri (file);
          g_autofree char *message =
            g_strdup_printf (_("%s: only local files can be read"), uri);

          flitlab_window_show_error (self, _("Could Not Read BookSim’s Results"), message);
          return;
        }
      g_ptr_array_add (paths, path);
    }
  if (paths->len == 0)
    return;
  g_ptr_array_add (paths, NULL);
  reference = flitlab_booksim_results_load (study, (const char * const *) paths->pdata, &error);
  if (reference == NULL)
    {
      flitlab_window_show_error (self, _("Could Not Read BookSim’s Results"), error->message);
      return;
    }
  edited = flitlab_study_copy (study);
  flitlab_booksim_results_add (edited, reference);
  /* The same numbers read again: no edit, so no Undo to offer. */
  if (flitlab_study_same_settings (study, edited))
    {
      /* Translators: %s is the study's name */
      done = g_strdup_printf (_("“%s” has these BookSim results already"), study->name);
      flitlab_study_free (edited);
      flitlab_window_toast (self, done);
      return;
    }
  /* Translators: %s is the study's name */
  done = g_strdup_printf (_("BookSim’s results added to “%s”"), study->name);
  if (!flitlab_document_edit_study (self->document, index, edited, &error))
    /* The edit stands; a model's curve could not follow it. */
    flitlab_window_toast (self, error->message);
  else
    flitlab_window_toast_undo (self, done);
}

static void
on_booksim_results_response (FlitlabWindow        *self,
                             int                   response,
                             GtkFileChooserNative *chooser)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));

      flitlab_window_import_booksim_results (self, files);
    }
  g_clear_object (&self->chooser);
}

static void
import_booksim_results_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);
  g_autoptr(GtkFileFilter) text = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) any = gtk_file_filter_new ();

  if (flitlab_window_get_selected_index (self) < 0)
    return;
  g_clear_object (&self->chooser);
  /* Translators: a file chooser's title; BookSim prints one output per load */
  self->chooser = gtk_file_chooser_native_new (_("BookSim’s Outputs, One per Load"),
                                               GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                               _("_Import"), _("_Cancel"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (self->chooser), TRUE);
  gtk_file_filter_set_name (text, _("BookSim 2 outputs (text)"));
  gtk_file_filter_add_mime_type (text, "text/plain");
  gtk_file_filter_add_suffix (text, "txt");
  gtk_file_filter_add_suffix (text, "log");
  gtk_file_filter_add_suffix (text, "out");
  gtk_file_filter_set_name (any, _("All files"));
  gtk_file_filter_add_pattern (any, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), text);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (self->chooser), any);
  g_signal_connect_object (self->chooser, "response", G_CALLBACK (on_booksim_results_response),
                           self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->chooser));
}

void
flitlab_window_class_add_file_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.open-recent", "s", open_recent_action);
  gtk_widget_class_install_action (widget_class, "win.open-example", "s", open_example_action);
  gtk_widget_class_install_action (widget_class, "win.cancel-open", NULL, cancel_open_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, save_as_action);
  gtk_widget_class_install_action (widget_class, "win.import-booksim-results", NULL,
                                   import_booksim_results_action);
}
