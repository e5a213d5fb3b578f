/* flitlab-export-dialog.c: the window's Export dialog (Ctrl+E)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkFileChooserNative (GTK 4.8) with choices for the format, the size and the PNG
 * resolution. GTK 4.8's own chooser ignores gtk_file_chooser_set_choice (), so each list starts
 * with its default: the choice remembered from the last export.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <stdio.h>

#include "flitlab-export-dialog.h"
#include "flitlab-toast.h"

/* What one dialog needs when it responds: its response handler's data. */
typedef struct
{
  GWeakRef                 window;   /* gone: the response is not heard */
  AdwToastOverlay         *toasts;   /* the window's */
  GSettings               *settings; /* owned */
  FlitlabExportFigureFunc  figure_func;
  FlitlabExportFormat      prefilled; /* the extension of the name offered */
} Request;

static void
request_free (gpointer  data,
              GClosure *closure)
{
  Request *request = data;

  g_weak_ref_clear (&request->window);
  g_clear_object (&request->settings);
  g_free (request);
}

static gboolean
any_figure (const FlitlabExportFigure *figure)
{
  return figure->plot != NULL || figure->network != NULL || figure->flow != NULL;
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

/* Moves the entry equal to first (if any) to the front of ids and labels, in step. */
static void
put_first (GPtrArray  *ids,
           GPtrArray  *labels,
           const char *first)
{
  for (guint i = 1; first != NULL && i < ids->len && ids->pdata[i] != NULL; i++)
    if (g_str_equal (ids->pdata[i], first))
      {
        gpointer id = ids->pdata[i], label = labels->pdata[i];

        g_ptr_array_remove_index (ids, i);
        g_ptr_array_remove_index (labels, i);
        g_ptr_array_insert (ids, 0, id);
        g_ptr_array_insert (labels, 0, label);
        return;
      }
}

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

static void
on_response (GtkNativeDialog *dialog,
             int              response,
             Request         *request)
{
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (dialog);
  g_autoptr(GtkWindow) window = g_weak_ref_get (&request->window);
  FlitlabExportFigure figure = { 0 };
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *typed = NULL, *path = NULL, *folder = NULL;
  const char *format_name, *size, *scale_text;
  const FlitlabPlotPreset *preset = NULL;
  FlitlabExportFormat chosen = FLITLAB_EXPORT_SVG, format;
  double width = 640, height = 420, scale;
  gboolean ok;

  if (window == NULL)
    return;
  if (response != GTK_RESPONSE_ACCEPT || !request->figure_func (window, &figure) ||
      !any_figure (&figure))
    return;
  file = gtk_file_chooser_get_file (chooser);
  format_name = gtk_file_chooser_get_choice (chooser, "format");
  size = gtk_file_chooser_get_choice (chooser, "size");
  scale_text = gtk_file_chooser_get_choice (chooser, "scale");
  flitlab_export_format_from_name (format_name, &chosen);
  scale = scale_text != NULL ? g_ascii_strtod (scale_text, NULL) : 2;
  if (size != NULL && (preset = flitlab_plot_preset_lookup (size)) != NULL)
    width = preset->width, height = preset->height;
  else if (size != NULL)
    sscanf (size, "%lfx%lf", &width, &height);

  typed = file != NULL ? g_file_get_path (file) : NULL;
  path = typed != NULL ? flitlab_export_path_for (typed, chosen, request->prefilled, &format)
                       : NULL;
  if (path == NULL)
    {
      g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Figures can only be exported to local files"));
      ok = FALSE;
    }
  else if (!offers (&figure, format))
    {
      g_set_error (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                   figure.network != NULL ? _("The network diagram exports as SVG, PDF, PNG or "
                                              "CSV, not .%s")
                                          : _("The flow diagram exports as SVG, PDF or PNG, not "
                                              ".%s"),
                   flitlab_export_format_get_extension (format));
      ok = FALSE;
    }
  else if (figure.plot != NULL)
    {
      /* A preset's type for the file only; the window keeps its own. */
      figure.plot->font_size = preset != NULL ? preset->font_size : 0;
      ok = flitlab_export_plot (figure.plot, path, width, height, scale, &error);
      figure.plot->font_size = 0;
    }
  else if (figure.network != NULL)
    {
      double font_size = figure.network->font_size;

      /* The preset's type for the file only, as for the plot. */
      figure.network->font_size = preset != NULL ? preset->font_size : 0;
      ok =
        flitlab_export_network (figure.network, figure.stacked, path, width, height, scale, &error);
      figure.network->font_size = font_size;
    }
  else
    ok = flitlab_export_flow (figure.flow, figure.flow_rate, path, width, height, scale,
                              preset != NULL ? preset->font_size : 0, &error);

  if (!ok)
    {
      g_autofree char *message = g_strdup_printf (_("Not exported: %s"), error->message);
      AdwToast *toast = flitlab_toast_new (message);

      adw_toast_set_timeout (toast, 8);
      adw_toast_overlay_add_toast (request->toasts, toast);
      return;
    }
  folder = g_path_get_dirname (path);
  g_settings_set_string (request->settings, "last-export-format",
                         flitlab_export_format_get_extension (format));
  g_settings_set_string (request->settings, "last-export-folder", folder);
  if (size != NULL)
    g_settings_set_string (request->settings, "last-export-size", size);
  if (scale_text != NULL)
    g_settings_set_string (request->settings, "last-export-scale", scale_text);
  say_exported (request->toasts, path);
}

GtkFileChooserNative *
flitlab_export_dialog_new (GtkWindow               *window,
                           AdwToastOverlay         *toasts,
                           GSettings               *settings,
                           const char              *title,
                           FlitlabExportFigureFunc  figure_func)
{
  /* The window's size first, then the presets papers and slides use, then larger sizes. */
  g_autoptr(GPtrArray) formats = g_ptr_array_new ();
  g_autoptr(GPtrArray) format_labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) sizes = g_ptr_array_new ();
  g_autoptr(GPtrArray) size_labels = g_ptr_array_new ();
  g_autoptr(GPtrArray) scales = g_ptr_array_new ();
  g_autoptr(GPtrArray) scale_labels = g_ptr_array_new ();
  g_autofree char *last_format = g_settings_get_string (settings, "last-export-format");
  g_autofree char *last_folder = g_settings_get_string (settings, "last-export-folder");
  g_autofree char *last_size = g_settings_get_string (settings, "last-export-size");
  g_autofree char *last_scale = g_settings_get_string (settings, "last-export-scale");
  g_autofree char *stem = flitlab_export_file_stem (title);
  g_autofree char *name = NULL;
  FlitlabExportFigure figure = { 0 };
  GtkFileChooserNative *dialog;
  Request *request;

  g_return_val_if_fail (GTK_IS_WINDOW (window) && figure_func != NULL, NULL);

  if (!figure_func (window, &figure) || !any_figure (&figure))
    return NULL;

  for (FlitlabExportFormat f = 0; f < FLITLAB_EXPORT_N_FORMATS; f++)
    if (offers (&figure, f))
      {
        g_ptr_array_add (formats, (gpointer) flitlab_export_format_get_extension (f));
        g_ptr_array_add (format_labels, (gpointer) format_label (f));
      }
  put_first (formats, format_labels, last_format);
  g_ptr_array_add (formats, NULL);
  g_ptr_array_add (format_labels, NULL);

  g_ptr_array_add (sizes, "640x420");
  g_ptr_array_add (size_labels, "640 × 420");
  for (const FlitlabPlotPreset *p = flitlab_plot_presets (); p->name != NULL; p++)
    {
      g_ptr_array_add (sizes, (gpointer) p->name);
      g_ptr_array_add (size_labels, (gpointer) _(p->label));
    }
  g_ptr_array_add (sizes, "800x520");
  g_ptr_array_add (size_labels, "800 × 520");
  g_ptr_array_add (sizes, "1200x800");
  g_ptr_array_add (size_labels, "1200 × 800");
  put_first (sizes, size_labels, last_size);
  g_ptr_array_add (sizes, NULL);
  g_ptr_array_add (size_labels, NULL);

  g_ptr_array_add (scales, "2");
  g_ptr_array_add (scale_labels, _("2× (144 dpi)"));
  g_ptr_array_add (scales, "1");
  g_ptr_array_add (scale_labels, _("1× (72 dpi)"));
  g_ptr_array_add (scales, "3");
  g_ptr_array_add (scale_labels, _("3× (216 dpi)"));
  put_first (scales, scale_labels, last_scale);
  g_ptr_array_add (scales, NULL);
  g_ptr_array_add (scale_labels, NULL);

  request = g_new0 (Request, 1);
  g_weak_ref_init (&request->window, window);
  request->toasts = toasts;
  request->settings = g_object_ref (settings);
  request->figure_func = figure_func;
  flitlab_export_format_from_name (formats->pdata[0], &request->prefilled);
  name = g_strconcat (stem, ".", (const char *) formats->pdata[0], NULL);

  dialog = gtk_file_chooser_native_new (_("Export the Figure"), window,
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        _("_Export"), _("_Cancel"));
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (dialog), "format", _("Format"),
                               (const char **) formats->pdata,
                               (const char **) format_labels->pdata);
  gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (dialog), "format", formats->pdata[0]);
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (dialog), "size", _("Size in points"),
                               (const char **) sizes->pdata, (const char **) size_labels->pdata);
  gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (dialog), "size", sizes->pdata[0]);
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (dialog), "scale", _("PNG resolution"),
                               (const char **) scales->pdata, (const char **) scale_labels->pdata);
  gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (dialog), "scale", scales->pdata[0]);
  if (last_folder[0] != '\0' && g_file_test (last_folder, G_FILE_TEST_IS_DIR))
    {
      g_autoptr(GFile) folder = g_file_new_for_path (last_folder);

      gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (dialog), folder, NULL);
    }
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_response), request, request_free, 0);
  return dialog;
}
