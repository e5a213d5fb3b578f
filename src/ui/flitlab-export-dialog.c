/* flitlab-export-dialog.c: the window's Export dialog (Ctrl+E)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The figure's settings as flitlab-cli export takes them (the format by the file's extension,
 * --preset, --width, --height, --scale, --font-size, --no-title, --legend), beside a preview
 * of the file: the figure written as a PNG at that size into a folder of the dialog's own and
 * shown scaled down, so what is seen is what the export lays out. What the figure shows (the
 * study, the metric, a logarithmic axis, a comparison, a zoom) is the window's, as on screen.
 *
 * The name's extension follows the format chosen, and the format follows an extension typed.
 * Choosing a size preset sets its width, height and type, as --preset does; changing the width
 * or height makes the size custom. The folder and every choice of the last export are kept in
 * GSettings.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "flitlab-export-dialog.h"
#include "flitlab-toast.h"

/* The preview's PNG: about this many pixels on its longer side. */
#define PREVIEW_PIXELS 1000
/* Milliseconds of quiet after a change before the preview is drawn again. */
#define PREVIEW_DELAY 150

struct _FlitlabExportDialog
{
  AdwWindow                parent_instance;

  /* Template children */
  GtkSwitch               *auto_font_switch;
  GtkLabel                *error_label;
  GtkButton               *export_button;
  GtkButton               *folder_button;
  AdwActionRow            *folder_row;
  AdwActionRow            *font_row;
  GtkSpinButton           *font_spin;
  AdwComboRow             *format_row;   /* formats[] */
  GtkSpinButton           *height_spin;
  AdwComboRow             *legend_row;   /* in FlitlabPlotLegend's order */
  AdwEntryRow             *name_row;
  GtkPicture              *preview;
  GtkLabel                *preview_label;
  AdwActionRow            *scale_row;
  GtkSpinButton           *scale_spin;
  AdwPreferencesGroup     *size_group;
  AdwComboRow             *size_row;     /* the figure's default, the presets, custom */
  AdwPreferencesGroup     *type_group;
  GtkSpinButton           *width_spin;
  AdwActionRow            *title_row;
  GtkSwitch               *title_switch;

  GWeakRef                 window;       /* the window whose figure is exported */
  AdwToastOverlay         *toasts;       /* the window's, owned */
  GSettings               *settings;
  FlitlabExportFigureFunc  figure_func;
  FlitlabExportFormat      formats[FLITLAB_EXPORT_N_FORMATS];
  guint                    n_formats;
  guint                    n_presets;
  double                   default_width, default_height; /* the figure's, as the CLI's */
  gboolean                 is_plot;
  GFile                   *folder;
  gboolean                 syncing;      /* the dialog is setting its own controls */
  guint                    preview_source;
  char                    *preview_dir;  /* the preview's PNG is written here; removed */
  GtkFileChooserNative    *folder_chooser;
};

G_DEFINE_FINAL_TYPE (FlitlabExportDialog, flitlab_export_dialog, ADW_TYPE_WINDOW)

static gboolean
any_figure (const FlitlabExportFigure *figure)
{
  return figure->plot != NULL || figure->network != NULL || figure->flow != NULL ||
         figure->dependency.graph != NULL;
}

/* The formats a figure exports to: plots all of them, networks their values as CSV too. */
static gboolean
offers (const FlitlabExportFigure *figure,
        FlitlabExportFormat        format)
{
  if (figure->plot != NULL)
    return TRUE;
  if (figure->network != NULL)
    return format <= FLITLAB_EXPORT_CSV;
  return format <= FLITLAB_EXPORT_PNG;
}

static const char *
format_label (FlitlabExportFormat format)
{
  switch (format)
    {
    case FLITLAB_EXPORT_SVG:
      return "SVG";
    case FLITLAB_EXPORT_PDF:
      return "PDF";
    case FLITLAB_EXPORT_PNG:
      return "PNG";
    case FLITLAB_EXPORT_CSV:
      return _("CSV data");
    case FLITLAB_EXPORT_TEX:
      /* Translators: a file format, a LaTeX document drawing the plot with pgfplots */
      return _("LaTeX (pgfplots)");
    case FLITLAB_EXPORT_PY:
      /* Translators: a file format, a Python script drawing the plot with matplotlib */
      return _("Python (matplotlib)");
    case FLITLAB_EXPORT_N_FORMATS:
    default:
      g_assert_not_reached ();
    }
}

static gboolean
get_figure (FlitlabExportDialog *self,
            FlitlabExportFigure *figure)
{
  g_autoptr(GtkWindow) window = g_weak_ref_get (&self->window);

  *figure = (FlitlabExportFigure) { 0 };
  return window != NULL && self->figure_func (window, figure) && any_figure (figure);
}

static FlitlabExportFormat
chosen_format (FlitlabExportDialog *self)
{
  guint i = adw_combo_row_get_selected (self->format_row);

  return i < self->n_formats ? self->formats[i] : FLITLAB_EXPORT_SVG;
}

/* The size row's entries: 0 the figure's default size, then the presets, then custom. */
static guint
custom_size (FlitlabExportDialog *self)
{
  return self->n_presets + 1;
}

static const FlitlabPlotPreset *
chosen_preset (FlitlabExportDialog *self)
{
  guint i = adw_combo_row_get_selected (self->size_row);

  return i >= 1 && i <= self->n_presets ? &flitlab_plot_presets ()[i - 1] : NULL;
}

/* The type's points, 0 for the size chosen for the width (as without --font-size). */
static double
chosen_font_size (FlitlabExportDialog *self)
{
  return gtk_switch_get_active (self->auto_font_switch)
         ? 0 : gtk_spin_button_get_value (self->font_spin);
}

/* The name's stem: without an extension of a known format. */
static char *
name_stem (const char *name)
{
  FlitlabExportFormat format;
  const char *dot = strrchr (name, '.');

  if (dot != NULL && dot != name && flitlab_export_format_from_name (dot + 1, &format))
    return g_strndup (name, dot - name);
  return g_strdup (name);
}

/* What the chosen format uses: the size and type for a drawing, the resolution for a PNG;
 * the CSV of the data uses none of them. */
static void
update_sensitivity (FlitlabExportDialog *self)
{
  FlitlabExportFormat format = chosen_format (self);
  gboolean drawn = format != FLITLAB_EXPORT_CSV;

  gtk_widget_set_sensitive (GTK_WIDGET (self->size_group), drawn);
  gtk_widget_set_sensitive (GTK_WIDGET (self->type_group), drawn);
  gtk_widget_set_sensitive (GTK_WIDGET (self->scale_row), format == FLITLAB_EXPORT_PNG);
  gtk_widget_set_sensitive (GTK_WIDGET (self->font_row),
                            !gtk_switch_get_active (self->auto_font_switch));
}

/* ---- the figure with the dialog's settings ------------------------------------------ */

/* What the dialog changes in the window's figure for a file, to put back after. */
typedef struct
{
  char              *title;
  FlitlabPlotLegend  legend;
  double             font_size;
} FigureSettings;

static void
apply_settings (FlitlabExportDialog *self,
                FlitlabExportFigure *figure,
                FigureSettings      *saved)
{
  double font_size = chosen_font_size (self);

  if (figure->plot != NULL)
    {
      FlitlabPlot *plot = figure->plot;

      saved->title = plot->title;
      saved->legend = plot->legend;
      saved->font_size = plot->font_size;
      if (!gtk_switch_get_active (self->title_switch))
        plot->title = NULL;
      else
        saved->title = g_strdup (plot->title);
      plot->legend = (FlitlabPlotLegend) adw_combo_row_get_selected (self->legend_row);
      plot->font_size = font_size;
    }
  else if (figure->network != NULL)
    {
      saved->font_size = figure->network->font_size;
      figure->network->font_size = font_size;
    }
}

static void
restore_settings (FlitlabExportFigure *figure,
                  FigureSettings      *saved)
{
  if (figure->plot != NULL)
    {
      g_free (figure->plot->title);
      figure->plot->title = g_steal_pointer (&saved->title);
      figure->plot->legend = saved->legend;
      figure->plot->font_size = saved->font_size;
    }
  else if (figure->network != NULL)
    figure->network->font_size = saved->font_size;
}

/* Writes the window's figure with the dialog's settings to path, by its extension. */
static gboolean
write_figure (FlitlabExportDialog *self,
              const char          *path,
              double               scale,
              GError             **error)
{
  FlitlabExportFigure figure;
  FigureSettings saved = { 0 };
  double width = gtk_spin_button_get_value (self->width_spin);
  double height = gtk_spin_button_get_value (self->height_spin);
  gboolean ok;

  if (!get_figure (self, &figure))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("The window no longer shows a figure"));
      return FALSE;
    }
  apply_settings (self, &figure, &saved);
  if (figure.plot != NULL)
    ok = flitlab_export_plot (figure.plot, path, width, height, scale, error);
  else if (figure.network != NULL)
    ok = flitlab_export_network (figure.network, figure.stacked, path, width, height, scale,
                                 error);
  else if (figure.flow != NULL)
    ok = flitlab_export_flow (figure.flow, figure.flow_rate, path, width, height, scale,
                              chosen_font_size (self), error);
  else
    {
      figure.dependency.font_size = chosen_font_size (self);
      ok = flitlab_export_dependency (&figure.dependency, path, width, height, scale, error);
    }
  restore_settings (&figure, &saved);
  return ok;
}

/* ---- the preview -------------------------------------------------------------------- */

static gboolean
draw_preview (gpointer data)
{
  FlitlabExportDialog *self = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL, *caption = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  double width = gtk_spin_button_get_value (self->width_spin);
  double height = gtk_spin_button_get_value (self->height_spin);
  /* Enough pixels to look sharp scaled down, whatever the file's resolution. */
  double scale = MIN (8, PREVIEW_PIXELS / MAX (width, height));

  self->preview_source = 0;
  if (self->preview_dir == NULL)
    self->preview_dir = g_dir_make_tmp ("flitlab-export-XXXXXX", &error);
  if (self->preview_dir != NULL)
    {
      path = g_build_filename (self->preview_dir, "preview.png", NULL);
      if (write_figure (self, path, scale, &error))
        texture = gdk_texture_new_from_filename (path, &error);
    }
  gtk_picture_set_paintable (self->preview, GDK_PAINTABLE (texture));
  if (texture == NULL)
    /* Translators: the preview could not be drawn; %s says why */
    caption = g_strdup_printf (_("No preview: %s"), error->message);
  else
    {
      /* The file's size in points: a plot's grows where its legend needs room. */
      double file_height = gdk_texture_get_height (texture) / scale;

      if (chosen_format (self) == FLITLAB_EXPORT_CSV)
        caption = g_strdup (_("The CSV file holds the plotted data; the figure is drawn here for "
                              "reference"));
      else
        /* Translators: under the preview: the file's width and height in points */
        caption = g_strdup_printf (_("The file at %.0f × %.0f points"), width,
                                   round (file_height));
    }
  gtk_label_set_text (self->preview_label, caption);
  return G_SOURCE_REMOVE;
}

/* Draws the preview again once the controls have been still for a moment. */
static void
queue_preview (FlitlabExportDialog *self)
{
  if (self->syncing)
    return;
  g_clear_handle_id (&self->preview_source, g_source_remove);
  self->preview_source = g_timeout_add (PREVIEW_DELAY, draw_preview, self);
}

/* ---- the controls ------------------------------------------------------------------- */

static void
set_folder (FlitlabExportDialog *self,
            GFile               *folder)
{
  g_autofree char *shown = g_file_get_parse_name (folder);

  g_set_object (&self->folder, folder);
  adw_action_row_set_subtitle (self->folder_row, shown);
}

static void
show_error (FlitlabExportDialog *self,
            const char          *message)
{
  gtk_label_set_text (self->error_label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), message != NULL);
}

static void
on_format_selected (FlitlabExportDialog *self)
{
  g_autofree char *stem = NULL, *name = NULL;

  update_sensitivity (self);
  if (self->syncing)
    return;
  /* The extension follows the format. */
  stem = name_stem (gtk_editable_get_text (GTK_EDITABLE (self->name_row)));
  name = g_strconcat (stem, ".", flitlab_export_format_get_extension (chosen_format (self)), NULL);
  self->syncing = TRUE;
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);
  self->syncing = FALSE;
  show_error (self, NULL);
  queue_preview (self);
}

static void
on_name_changed (FlitlabExportDialog *self)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_row));
  FlitlabExportFormat typed;

  if (self->syncing)
    return;
  show_error (self, NULL);
  /* The format follows an extension typed, if the figure offers it. */
  if (!flitlab_export_format_from_path (name, &typed) || typed == chosen_format (self))
    return;
  for (guint i = 0; i < self->n_formats; i++)
    if (self->formats[i] == typed)
      {
        self->syncing = TRUE;
        adw_combo_row_set_selected (self->format_row, i);
        self->syncing = FALSE;
        queue_preview (self);
      }
}

static void
on_size_selected (FlitlabExportDialog *self)
{
  guint i = adw_combo_row_get_selected (self->size_row);
  const FlitlabPlotPreset *preset = chosen_preset (self);

  if (self->syncing)
    return;
  self->syncing = TRUE;
  if (preset != NULL)
    {
      /* As --preset: its width, height and type. */
      gtk_spin_button_set_value (self->width_spin, preset->width);
      gtk_spin_button_set_value (self->height_spin, preset->height);
      gtk_switch_set_active (self->auto_font_switch, FALSE);
      gtk_spin_button_set_value (self->font_spin, preset->font_size);
    }
  else if (i == 0)
    {
      gtk_spin_button_set_value (self->width_spin, self->default_width);
      gtk_spin_button_set_value (self->height_spin, self->default_height);
      gtk_switch_set_active (self->auto_font_switch, TRUE);
    }
  self->syncing = FALSE;
  update_sensitivity (self);
  queue_preview (self);
}

static void
on_dimension_changed (FlitlabExportDialog *self)
{
  if (self->syncing)
    return;
  /* A width or height typed is a custom size. */
  self->syncing = TRUE;
  adw_combo_row_set_selected (self->size_row, custom_size (self));
  self->syncing = FALSE;
  queue_preview (self);
}

static void
on_auto_font_toggled (FlitlabExportDialog *self)
{
  update_sensitivity (self);
  queue_preview (self);
}

static void
on_figure_setting_changed (FlitlabExportDialog *self)
{
  queue_preview (self);
}

static void
on_folder_response (FlitlabExportDialog  *self,
                    int                   response,
                    GtkFileChooserNative *chooser)
{
  g_autoptr(GFile) folder = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  if (folder != NULL)
    set_folder (self, folder);
  g_clear_object (&self->folder_chooser);
}

static void
on_folder_clicked (FlitlabExportDialog *self)
{
  g_clear_object (&self->folder_chooser);
  self->folder_chooser =
    gtk_file_chooser_native_new (_("Export to Folder"), GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _("_Select"),
                                 _("_Cancel"));
  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (self->folder_chooser), self->folder,
                                       NULL);
  g_signal_connect_object (self->folder_chooser, "response", G_CALLBACK (on_folder_response),
                           self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (self->folder_chooser));
}

static void
on_cancel_clicked (FlitlabExportDialog *self)
{
  gtk_window_destroy (GTK_WINDOW (self));
}

/* ---- exporting ---------------------------------------------------------------------- */

static void
on_open_folder (AdwToast   *toast,
                const char *folder_uri)
{
  g_autoptr(GError) error = NULL;

  /* GTK 4.8 has no GtkFileLauncher: the folder's default application opens it. */
  if (!g_app_info_launch_default_for_uri (folder_uri, NULL, &error))
    g_debug ("Could not open %s: %s", folder_uri, error->message);
}

static void
say_exported (AdwToastOverlay *toasts,
              const char      *path)
{
  g_autofree char *name = g_path_get_basename (path);
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr(GFile) folder_file = g_file_new_for_path (folder);
  /* Translators: a toast; %s is the file's name */
  g_autofree char *message = g_strdup_printf (_("Exported “%s”"), name);
  AdwToast *toast = flitlab_toast_new (message);

  adw_toast_set_timeout (toast, 8);
  adw_toast_set_button_label (toast, _("Open Folder"));
  g_signal_connect_data (toast, "button-clicked", G_CALLBACK (on_open_folder),
                         g_file_get_uri (folder_file), (GClosureNotify) (void (*) (void)) g_free,
                         0);
  adw_toast_overlay_add_toast (toasts, toast);
}

/* The size as the settings keep it: "default", a preset's name or WIDTHxHEIGHT. */
static char *
size_setting (FlitlabExportDialog *self)
{
  const FlitlabPlotPreset *preset = chosen_preset (self);
  char width[G_ASCII_DTOSTR_BUF_SIZE], height[G_ASCII_DTOSTR_BUF_SIZE];

  if (adw_combo_row_get_selected (self->size_row) == 0)
    return g_strdup ("default");
  if (preset != NULL)
    return g_strdup (preset->name);
  g_ascii_dtostr (width, sizeof width, gtk_spin_button_get_value (self->width_spin));
  g_ascii_dtostr (height, sizeof height, gtk_spin_button_get_value (self->height_spin));
  return g_strconcat (width, "x", height, NULL);
}

static void
remember_choices (FlitlabExportDialog *self,
                  FlitlabExportFormat  format)
{
  g_autofree char *folder = g_file_get_path (self->folder);
  g_autofree char *size = size_setting (self);
  char scale[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_dtostr (scale, sizeof scale, gtk_spin_button_get_value (self->scale_spin));
  g_settings_set_string (self->settings, "last-export-format",
                         flitlab_export_format_get_extension (format));
  if (folder != NULL)
    g_settings_set_string (self->settings, "last-export-folder", folder);
  g_settings_set_string (self->settings, "last-export-size", size);
  g_settings_set_string (self->settings, "last-export-scale", scale);
  g_settings_set_double (self->settings, "last-export-font-size", chosen_font_size (self));
  if (self->is_plot)
    {
      g_settings_set_boolean (self->settings, "last-export-title",
                              gtk_switch_get_active (self->title_switch));
      g_settings_set_string (self->settings, "last-export-legend",
                             flitlab_plot_legend_to_string (
                               adw_combo_row_get_selected (self->legend_row)));
    }
}

static gboolean
close_dialog (gpointer data)
{
  gtk_window_destroy (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

static void
export_to (FlitlabExportDialog *self,
           const char          *path,
           FlitlabExportFormat  format)
{
  g_autoptr(GError) error = NULL;

  if (!write_figure (self, path, gtk_spin_button_get_value (self->scale_spin), &error))
    {
      g_autofree char *message = g_strdup_printf (_("Not exported: %s"), error->message);

      show_error (self, message);
      return;
    }
  remember_choices (self, format);
  say_exported (self->toasts, path);
  /* Closed once the question that may have asked to replace the file has gone: it is
   * transient for this dialog while it emits its response. */
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  g_idle_add_full (G_PRIORITY_DEFAULT, close_dialog, g_object_ref (self), g_object_unref);
}

typedef struct
{
  char                *path;
  FlitlabExportFormat  format;
} Pending;

static void
pending_free (gpointer  data,
              GClosure *closure)
{
  Pending *pending = data;

  g_free (pending->path);
  g_free (pending);
}

static void
on_replace_response (AdwMessageDialog *question,
                     const char       *response,
                     Pending          *pending)
{
  FlitlabExportDialog *self =
    FLITLAB_EXPORT_DIALOG (gtk_window_get_transient_for (GTK_WINDOW (question)));

  if (g_str_equal (response, "replace"))
    export_to (self, pending->path, pending->format);
}

static void
on_export_clicked (FlitlabExportDialog *self)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_row));
  g_autofree char *folder = g_file_get_path (self->folder);
  g_autofree char *typed = NULL, *path = NULL, *base = NULL;
  FlitlabExportFormat chosen = chosen_format (self), format;
  AdwMessageDialog *question;
  Pending *pending;

  if (name[0] == '\0' || strchr (name, G_DIR_SEPARATOR) != NULL)
    {
      show_error (self, _("Give the file a name, without “/”"));
      return;
    }
  if (folder == NULL)
    {
      show_error (self, _("Figures can only be exported to local folders"));
      return;
    }
  typed = g_build_filename (folder, name, NULL);
  path = flitlab_export_path_for (typed, chosen, chosen, &format);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      export_to (self, path, format);
      return;
    }
  base = g_path_get_basename (path);
  /* Translators: %s is a file's name */
  question = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), NULL, NULL));
  adw_message_dialog_format_heading (question, _("Replace “%s”?"), base);
  adw_message_dialog_format_body (question, _("A file of that name is already in %s."),
                                  adw_action_row_get_subtitle (self->folder_row));
  adw_message_dialog_add_responses (question, "cancel", _("_Cancel"), "replace", _("_Replace"),
                                    NULL);
  adw_message_dialog_set_response_appearance (question, "replace",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_close_response (question, "cancel");
  pending = g_new0 (Pending, 1);
  pending->path = g_steal_pointer (&path);
  pending->format = format;
  g_signal_connect_data (question, "response", G_CALLBACK (on_replace_response), pending,
                         pending_free, 0);
  gtk_window_present (GTK_WINDOW (question));
}

/* ---- the dialog --------------------------------------------------------------------- */

static void
flitlab_export_dialog_map (GtkWidget *widget)
{
  FlitlabExportDialog *self = FLITLAB_EXPORT_DIALOG (widget);
  g_autofree char *stem = NULL;

  GTK_WIDGET_CLASS (flitlab_export_dialog_parent_class)->map (widget);
  /* The name takes the keys, selected up to its extension: typing replaces the name. */
  stem = name_stem (gtk_editable_get_text (GTK_EDITABLE (self->name_row)));
  gtk_widget_grab_focus (GTK_WIDGET (self->name_row));
  gtk_editable_select_region (GTK_EDITABLE (self->name_row), 0, (int) g_utf8_strlen (stem, -1));
}

static void
flitlab_export_dialog_dispose (GObject *object)
{
  FlitlabExportDialog *self = FLITLAB_EXPORT_DIALOG (object);

  g_clear_handle_id (&self->preview_source, g_source_remove);
  if (self->folder_chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->folder_chooser));
  g_clear_object (&self->folder_chooser);
  g_clear_object (&self->toasts);
  g_clear_object (&self->settings);
  g_clear_object (&self->folder);
  gtk_widget_dispose_template (GTK_WIDGET (self), FLITLAB_TYPE_EXPORT_DIALOG);
  G_OBJECT_CLASS (flitlab_export_dialog_parent_class)->dispose (object);
}

static void
flitlab_export_dialog_finalize (GObject *object)
{
  FlitlabExportDialog *self = FLITLAB_EXPORT_DIALOG (object);

  if (self->preview_dir != NULL)
    {
      g_autofree char *path = g_build_filename (self->preview_dir, "preview.png", NULL);

      g_unlink (path);
      g_rmdir (self->preview_dir);
      g_free (self->preview_dir);
    }
  g_weak_ref_clear (&self->window);
  G_OBJECT_CLASS (flitlab_export_dialog_parent_class)->finalize (object);
}

static void
flitlab_export_dialog_class_init (FlitlabExportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = flitlab_export_dialog_dispose;
  object_class->finalize = flitlab_export_dialog_finalize;
  widget_class->map = flitlab_export_dialog_map;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/flitlab/Flitlab/ui/"
                                               "flitlab-export-dialog.ui");
#define CHILD(name) gtk_widget_class_bind_template_child (widget_class, FlitlabExportDialog, name)
  CHILD (auto_font_switch);
  CHILD (error_label);
  CHILD (export_button);
  CHILD (folder_button);
  CHILD (folder_row);
  CHILD (font_row);
  CHILD (font_spin);
  CHILD (format_row);
  CHILD (height_spin);
  CHILD (legend_row);
  CHILD (name_row);
  CHILD (preview);
  CHILD (preview_label);
  CHILD (scale_row);
  CHILD (scale_spin);
  CHILD (size_group);
  CHILD (size_row);
  CHILD (title_row);
  CHILD (title_switch);
  CHILD (type_group);
  CHILD (width_spin);
#undef CHILD
  gtk_widget_class_bind_template_callback (widget_class, on_auto_font_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_dimension_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_export_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_figure_setting_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_folder_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_format_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_name_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_size_selected);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
flitlab_export_dialog_init (FlitlabExportDialog *self)
{
  /* The template's signals during its own construction are no one's choice. */
  self->syncing = TRUE;
  gtk_widget_init_template (GTK_WIDGET (self));
  g_weak_ref_init (&self->window, NULL);
}

/* The folder a first export goes to: the project's, else the user's documents, else home. */
static GFile *
first_folder (GFile *project_file)
{
  const char *documents = g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS);

  if (project_file != NULL && g_file_is_native (project_file))
    return g_file_get_parent (project_file);
  if (documents != NULL && g_file_test (documents, G_FILE_TEST_IS_DIR))
    return g_file_new_for_path (documents);
  return g_file_new_for_path (g_get_home_dir ());
}

/* Sets the controls to the choices of the last export, as the settings keep them. */
static void
restore_choices (FlitlabExportDialog *self,
                 const char          *stem)
{
  g_autofree char *last_format = g_settings_get_string (self->settings, "last-export-format");
  g_autofree char *last_folder = g_settings_get_string (self->settings, "last-export-folder");
  g_autofree char *last_size = g_settings_get_string (self->settings, "last-export-size");
  g_autofree char *last_scale = g_settings_get_string (self->settings, "last-export-scale");
  g_autofree char *last_legend = g_settings_get_string (self->settings, "last-export-legend");
  g_autofree char *name = NULL;
  double font_size = g_settings_get_double (self->settings, "last-export-font-size");
  double scale = g_ascii_strtod (last_scale, NULL), width, height;
  FlitlabExportFormat format;
  FlitlabPlotLegend legend = FLITLAB_PLOT_LEGEND_AUTO;
  const FlitlabPlotPreset *preset = flitlab_plot_preset_lookup (last_size);
  char *end;

  adw_combo_row_set_selected (self->format_row, 0);
  for (guint i = 0; flitlab_export_format_from_name (last_format, &format) &&
                    i < self->n_formats; i++)
    if (self->formats[i] == format)
      adw_combo_row_set_selected (self->format_row, i);
  name = g_strconcat (stem, ".", flitlab_export_format_get_extension (chosen_format (self)),
                      NULL);
  gtk_editable_set_text (GTK_EDITABLE (self->name_row), name);

  if (last_folder[0] != '\0' && g_file_test (last_folder, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GFile) folder = g_file_new_for_path (last_folder);

      set_folder (self, folder);
    }

  width = g_ascii_strtod (last_size, &end);
  height = *end == 'x' ? g_ascii_strtod (end + 1, &end) : NAN;
  if (preset != NULL)
    {
      adw_combo_row_set_selected (self->size_row, preset - flitlab_plot_presets () + 1);
      gtk_spin_button_set_value (self->width_spin, preset->width);
      gtk_spin_button_set_value (self->height_spin, preset->height);
    }
  else if (*end == '\0' && flitlab_export_size_valid (width) && flitlab_export_size_valid (height))
    {
      adw_combo_row_set_selected (self->size_row, custom_size (self));
      gtk_spin_button_set_value (self->width_spin, width);
      gtk_spin_button_set_value (self->height_spin, height);
    }
  else
    {
      adw_combo_row_set_selected (self->size_row, 0);
      gtk_spin_button_set_value (self->width_spin, self->default_width);
      gtk_spin_button_set_value (self->height_spin, self->default_height);
    }
  if (flitlab_export_scale_valid (scale))
    gtk_spin_button_set_value (self->scale_spin, scale);
  gtk_switch_set_active (self->auto_font_switch, !(font_size >= 4));
  if (font_size >= 4)
    gtk_spin_button_set_value (self->font_spin, font_size);
  else if (preset != NULL)
    gtk_spin_button_set_value (self->font_spin, preset->font_size);
  gtk_switch_set_active (self->title_switch,
                         g_settings_get_boolean (self->settings, "last-export-title"));
  flitlab_plot_legend_from_string (last_legend, &legend);
  adw_combo_row_set_selected (self->legend_row, legend);
}

FlitlabExportDialog *
flitlab_export_dialog_new (GtkWindow               *window,
                           AdwToastOverlay         *toasts,
                           GSettings               *settings,
                           const char              *title,
                           GFile                   *project_file,
                           FlitlabExportFigureFunc  figure_func)
{
  g_autoptr(GtkStringList) formats = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) sizes = gtk_string_list_new (NULL);
  g_autofree char *stem = flitlab_export_file_stem (title);
  g_autofree char *default_label = NULL;
  g_autoptr(GFile) folder = first_folder (project_file);
  FlitlabExportFigure figure = { 0 };
  FlitlabExportDialog *self;

  g_return_val_if_fail (GTK_IS_WINDOW (window), NULL);
  g_return_val_if_fail (ADW_IS_TOAST_OVERLAY (toasts), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  g_return_val_if_fail (figure_func != NULL, NULL);

  if (!figure_func (window, &figure) || !any_figure (&figure))
    return NULL;

  self = g_object_new (FLITLAB_TYPE_EXPORT_DIALOG, "transient-for", window, NULL);
  g_weak_ref_set (&self->window, window);
  self->toasts = g_object_ref (toasts);
  self->settings = g_object_ref (settings);
  self->figure_func = figure_func;
  self->is_plot = figure.plot != NULL;
  /* The sizes flitlab-cli export draws each figure at without --width and --height. */
  self->default_width = figure.plot != NULL ? 640 : figure.dependency.graph != NULL ? 600 : 800;
  self->default_height = figure.plot != NULL ? 420 : figure.network != NULL ? 600
                         : figure.dependency.graph != NULL ? 450 : 560;

  for (FlitlabExportFormat f = 0; f < FLITLAB_EXPORT_N_FORMATS; f++)
    if (offers (&figure, f))
      {
        self->formats[self->n_formats++] = f;
        gtk_string_list_append (formats, format_label (f));
      }
  adw_combo_row_set_model (self->format_row, G_LIST_MODEL (formats));

  /* Translators: the size a figure is drawn at without a choice: width × height in points */
  default_label = g_strdup_printf (_("Default (%.0f × %.0f)"), self->default_width,
                                   self->default_height);
  gtk_string_list_append (sizes, default_label);
  /* A preset's width and height show in the spin buttons when it is chosen. */
  for (const FlitlabPlotPreset *p = flitlab_plot_presets (); p->name != NULL; p++)
    {
      gtk_string_list_append (sizes, _(p->label));
      self->n_presets++;
    }
  /* Translators: a size of the width and height typed below */
  gtk_string_list_append (sizes, _("Custom"));
  adw_combo_row_set_model (self->size_row, G_LIST_MODEL (sizes));

  /* Title and legend are a plot's (as --no-title and --legend). */
  gtk_widget_set_visible (GTK_WIDGET (self->title_row), self->is_plot);
  gtk_widget_set_visible (GTK_WIDGET (self->legend_row), self->is_plot);

  set_folder (self, folder);
  restore_choices (self, stem);
  self->syncing = FALSE;
  update_sensitivity (self);
  draw_preview (self);
  return self;
}
