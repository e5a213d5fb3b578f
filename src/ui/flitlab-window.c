/* flitlab-window.c: a project's window: its studies, the selected study's plot and summary
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "flitlab-export-dialog.h"
#include "flitlab-flow-page.h"
#include "flitlab-height-for-width-bin.h"
#include "flitlab-input.h"
#include "flitlab-network-page.h"
#include "flitlab-plot-view.h"
#include "flitlab-study-run.h"
#include "flitlab-sim.h"
#include "flitlab-study-editor.h"
#include "flitlab-toast.h"
#include "flitlab-topology.h"
#include "flitlab-window-private.h"

G_DEFINE_FINAL_TYPE (FlitlabWindow, flitlab_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_LOADING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Over the figure when studies show, so that no toast covers a control; else over the
 * empty project's page. */
static void
add_toast (FlitlabWindow *self,
           AdwToast      *toast)
{
  gboolean studies = g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "studies") == 0;

  adw_toast_overlay_add_toast (studies ? self->toast_overlay : self->empty_toast_overlay, toast);
}

void
flitlab_window_toast (FlitlabWindow *self,
                      const char    *message)
{
  AdwToast *t = flitlab_toast_new (message);

  adw_toast_set_timeout (t, 8);
  add_toast (self, t);
}

void
flitlab_window_toast_undo (FlitlabWindow *self,
                           const char    *message)
{
  AdwToast *t = flitlab_toast_new (message);

  adw_toast_set_button_label (t, _("_Undo"));
  adw_toast_set_action_name (t, "win.undo");
  adw_toast_set_timeout (t, 8);
  /* Undo is only worth anything now: it goes before any toast waiting in line. */
  adw_toast_set_priority (t, ADW_TOAST_PRIORITY_HIGH);
  add_toast (self, t);
}

int
flitlab_window_get_selected_index (FlitlabWindow *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->studies_list);
  int index = row != NULL
              ? GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "flitlab-study-index")) - 1
              : -1;

  return index >= 0 && (guint) index < flitlab_document_get_n_studies (self->document) ? index : -1;
}

static const FlitlabStudy *
selected_study (FlitlabWindow *self)
{
  int index = flitlab_window_get_selected_index (self);

  return index >= 0 ? flitlab_document_get_study (self->document, index) : NULL;
}

static void
update_title (FlitlabWindow *self)
{
  g_autofree char *title = flitlab_document_dup_title (self->document);
  GFile *file = flitlab_document_get_file (self->document);
  g_autofree char *name = file != NULL ? g_file_get_basename (file) : NULL;
  g_autofree char *subtitle = NULL;

  if (flitlab_document_get_modified (self->document))
    subtitle = g_strdup_printf ("%s •", name != NULL ? name : _("Not saved"));
  else
    subtitle = g_strdup (name != NULL ? name : "");
  adw_window_title_set_title (self->window_title, title);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), title);
}

/* ---- the selected study ---------------------------------------------------------- */

/* The figure shown takes the keyboard, wherever it was. */
static void
give_figure_focus (FlitlabWindow *self)
{
  const char *shown = gtk_stack_get_visible_child_name (self->figure_stack);

  if (g_strcmp0 (shown, "network") == 0)
    flitlab_study_page_focus_figure (FLITLAB_STUDY_PAGE (self->network_page));
  else if (g_strcmp0 (shown, "flow") == 0)
    flitlab_study_page_focus_figure (FLITLAB_STUDY_PAGE (self->flow_page));
  else if (g_strcmp0 (shown, "dependencies") == 0)
    flitlab_study_page_focus_figure (FLITLAB_STUDY_PAGE (self->dependency_page));
  else
    gtk_widget_grab_focus (GTK_WIDGET (self->plot_view));
}

/* The Run button, progress and editor of the shown study, and the marks of running studies in
 * the sidebar. */
void
flitlab_window_show_running (FlitlabWindow *self)
{
  int index = flitlab_window_get_selected_index (self);
  double fraction = 0;
  gboolean running = index >= 0 &&
                     flitlab_document_get_running (self->document, index, &fraction, NULL);

  gtk_button_set_label (self->simulate_button, running ? _("Stop") : _("Run Simulation"));
  gtk_widget_set_visible (GTK_WIDGET (self->simulation_progress), running);
  if (running)
    gtk_progress_bar_set_fraction (self->simulation_progress, fraction);
  else
    gtk_label_set_text (self->time_left_label, "");
  /* A study is not edited under its running simulation: Stop first. An entry made insensitive
   * while focused never hears of losing the focus (GTK warns, gtk#5845): the figure takes it. */
  if (running)
    {
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

      if (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->study_editor)))
        give_figure_focus (self);
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->study_editor), !running);
  for (guint i = 0; i < flitlab_document_get_n_studies (self->document); i++)
    {
      GtkSpinner *spinner = i < self->study_rows->len
                            ? g_array_index (self->study_rows, FlitlabStudyRow, i).spinner : NULL;
      gboolean study_running = flitlab_document_get_running (self->document, i, NULL, NULL);

      if (spinner == NULL)
        continue;
      gtk_widget_set_visible (GTK_WIDGET (spinner), study_running);
      gtk_spinner_set_spinning (spinner, study_running);
    }
  flitlab_window_show_group_runs (self);
}

/* A study's notes; notes written for the network it had before say so first. */
static void
show_notes (FlitlabWindow      *self,
            const FlitlabStudy *study)
{
  const char *written_for = flitlab_study_get_notes_network (study);
  g_autoptr(FlitlabTopology) network = NULL;
  g_autofree char *title = NULL, *text = NULL;

  if (written_for != NULL)
    network = flitlab_topology_new_from_spec (written_for, NULL);
  title = network != NULL ? flitlab_topology_dup_title (network) : g_strdup (written_for);
  if (written_for != NULL)
    /* Translators: %s names a network, then the study's notes follow */
    text = g_strdup_printf (_("Notes written for another network, the %s: %s"), title,
                            study->notes);
  if (text == NULL)
    text = g_strdup (study->notes != NULL ? study->notes : "");
  gtk_label_set_text (self->study_notes, text);
}

/* The shown study's title, notes, Run button and plot. */
static void
show_study_header (FlitlabWindow *self)
{
  const FlitlabStudy *study = selected_study (self);

  if (study == NULL)
    {
      flitlab_plot_view_set_plot (self->plot_view, NULL);
      return;
    }
  gtk_label_set_text (self->study_title, study->name);
  show_notes (self, study);
  gtk_widget_set_visible (GTK_WIDGET (self->study_notes),
                          !self->presenting && study->notes != NULL && *study->notes);
  flitlab_window_show_running (self);
  flitlab_window_rebuild_plot (self);
}

/* Another study selected: the editor and pages follow it from now on. */
void
flitlab_window_show_study (FlitlabWindow *self)
{
  int index = flitlab_window_get_selected_index (self);

  flitlab_study_editor_show (self->study_editor, self->document, index);
  flitlab_study_page_show (FLITLAB_STUDY_PAGE (self->network_page), self->document, index);
  flitlab_study_page_show (FLITLAB_STUDY_PAGE (self->flow_page), self->document, index);
  flitlab_study_page_show (FLITLAB_STUDY_PAGE (self->dependency_page), self->document, index);
  show_study_header (self);
}

/* The animation stopped on a deadlock (or left it): the dependency graph draws it too. */
static void
on_deadlock_changed (FlitlabWindow *self)
{
  guint n = 0;
  const guint *channels = flitlab_network_page_get_deadlock (self->network_page, &n);

  if (self->dependency_page != NULL)
    flitlab_dependency_page_set_deadlock (self->dependency_page, channels, n);
}

/* The shared load moved: by a person when the network or flow view shows. */
static void
on_load_moved (FlitlabWindow *self)
{
  if (g_strcmp0 (gtk_stack_get_visible_child_name (self->figure_stack), "plot") != 0)
    self->load_chosen = TRUE;
  flitlab_window_rebuild_plot (self);
}

/* The plot's own controls show with the plot only. */
static void
on_figure_changed (FlitlabWindow *self)
{
  gboolean plot = g_strcmp0 (gtk_stack_get_visible_child_name (self->figure_stack), "plot") == 0;

  gtk_widget_set_visible (GTK_WIDGET (self->metric_dropdown), plot);
  gtk_widget_set_visible (GTK_WIDGET (self->log_button), plot);
  gtk_widget_set_visible (GTK_WIDGET (self->predict_button), plot);
  gtk_widget_set_visible (GTK_WIDGET (self->table_button), plot);
  gtk_widget_set_visible (GTK_WIDGET (self->reset_zoom_button),
                          plot && flitlab_plot_view_get_zoomed (self->plot_view));
  flitlab_window_update_caption (self);
}

static void
on_compare_toggled (FlitlabWindow *self)
{
  gboolean on = flitlab_window_comparing (self);
  const FlitlabStudy *study = selected_study (self);

  gtk_widget_set_visible (self->editor_pane, !on && !self->presenting);
  gtk_widget_set_visible (self->simulation_box, !on && !self->presenting);
  flitlab_window_update_caption (self);
  gtk_list_box_set_selection_mode (self->studies_list,
                                   on ? GTK_SELECTION_MULTIPLE : GTK_SELECTION_BROWSE);
  flitlab_plot_view_reset_zoom (self->plot_view);
  if (on)
    flitlab_window_show_comparison (self);
  else
    {
      /* Back to one study: the one that was selected first. */
      g_autoptr(GPtrArray) studies = flitlab_window_dup_selected_studies (self);

      flitlab_window_show_compared_networks (self, NULL);
      study = studies->len > 0 ? studies->pdata[0] : study;
      flitlab_window_select_study (self, flitlab_document_find_study (self->document, study));
      flitlab_window_show_study (self);
    }
}

static void
on_selected_rows_changed (FlitlabWindow *self)
{
  if (flitlab_window_comparing (self))
    flitlab_window_show_comparison (self);
}

static void
on_study_selected (FlitlabWindow *self,
                   GtkListBoxRow *row,
                   GtkListBox    *list)
{
  if (flitlab_window_comparing (self))
    return;
  /* Another study starts from all of its data, and unmarked. */
  flitlab_plot_view_reset_zoom (self->plot_view);
  self->load_chosen = FALSE;
  self->guess = NAN;
  gtk_toggle_button_set_active (self->predict_button, FALSE);
  flitlab_window_reveal_study (self, flitlab_window_get_selected_index (self));
  flitlab_window_show_study (self);
  flitlab_window_update_actions (self);
  flitlab_window_focus_figure (self);
}

/* A class of the flow diagram clicked: its channels in bold in the network view, shown at
 * once, as a teacher clicking a class expects to see where it is. */
static void
on_flow_class_activated (FlitlabWindow *self,
                         const char    *caption,
                         GArray        *channels)
{
  flitlab_network_page_show_channels (self->network_page, (const guint *) channels->data,
                                      channels->len, caption);
  gtk_stack_set_visible_child_name (self->figure_stack, "network");
}

void
flitlab_window_focus_figure (FlitlabWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (focus != NULL && (gtk_widget_is_ancestor (focus, self->sidebar) ||
                        gtk_widget_is_ancestor (focus, self->editor_pane)))
    return;
  give_figure_focus (self);
}

/* The sidebar's row for a study: its name and a spinner while it simulates. */
static void
name_row (const FlitlabStudyRow *row,
          const FlitlabStudy    *study)
{
  gtk_label_set_text (row->label, study->name);
  /* The row, not only its label, is named for assistive technologies. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  study->name, -1);
}

static void
fill_studies (FlitlabWindow *self)
{
  guint n = flitlab_document_get_n_studies (self->document);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->studies_list))) != NULL)
    gtk_list_box_remove (self->studies_list, child);
  g_array_set_size (self->study_rows, 0);
  g_ptr_array_set_size (self->group_rows, 0);
  for (guint i = 0; i < n; i++)
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      GtkWidget *label = gtk_label_new (NULL);
      GtkWidget *spinner = gtk_spinner_new ();
      const char *group = flitlab_document_get_study (self->document, i)->group;
      FlitlabStudyRow row;

      /* A sweep's studies under their group's header, set in. */
      if (group != NULL &&
          (i == 0 || g_strcmp0 (flitlab_document_get_study (self->document, i - 1)->group,
                                group) != 0))
        {
          guint first, count;

          flitlab_window_group_range (self, i, &first, &count);
          flitlab_window_add_group_header (self, first, count);
        }
      gtk_widget_set_margin_start (box, group != NULL ? 22 : 0);

      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_widget_set_visible (spinner, FALSE);
      gtk_widget_set_tooltip_text (spinner, _("Simulating"));
      gtk_box_append (GTK_BOX (box), label);
      gtk_box_append (GTK_BOX (box), spinner);
      gtk_list_box_append (self->studies_list, box);
      row.row = GTK_LIST_BOX_ROW (gtk_widget_get_parent (box));
      /* Plus one: no data is NULL, which a header row has. */
      g_object_set_data (G_OBJECT (row.row), "flitlab-study-index", GINT_TO_POINTER (i + 1));
      row.label = GTK_LABEL (label);
      row.spinner = GTK_SPINNER (spinner);
      g_array_append_val (self->study_rows, row);
      name_row (&row, flitlab_document_get_study (self->document, i));
    }
  flitlab_window_show_groups (self);
  gtk_stack_set_visible_child_name (self->stack, n > 0 ? "studies"
                                    : self->open_cancellable != NULL ? "opening" : "empty");
}

void
flitlab_window_select_study (FlitlabWindow *self,
                             int            index)
{
  guint n = flitlab_document_get_n_studies (self->document);

  if (n > 0 && index >= 0 && self->study_rows->len == n)
    gtk_list_box_select_row (self->studies_list,
                             g_array_index (self->study_rows, FlitlabStudyRow,
                                            MIN ((guint) index, n - 1)).row);
}

/* Rebuilds the sidebar and selects study index (or the last). */
static void
fill_studies_and_select (FlitlabWindow *self,
                         int            index)
{
  fill_studies (self);
  flitlab_window_select_study (self, index);
  flitlab_window_show_running (self);
  flitlab_window_update_actions (self);
}

/* ---- document ------------------------------------------------------------------- */

/* Inserted, removed or reordered studies: the sidebar again, and the row asked for. */
static void
on_studies_changed (FlitlabWindow *self)
{
  int index = self->select_next >= 0 ? self->select_next : flitlab_window_get_selected_index (self);

  self->select_next = -1;
  fill_studies_and_select (self, index);
}

/* One study's contents changed: its row's name, and the study itself when it is shown. */
static void
on_study_changed (FlitlabWindow *self,
                  guint          index)
{
  const FlitlabStudy *study = flitlab_document_get_study (self->document, index);
  g_autoptr(GPtrArray) compared = NULL;

  if (index < self->study_rows->len && study != NULL)
    name_row (&g_array_index (self->study_rows, FlitlabStudyRow, index), study);
  if (flitlab_window_comparing (self))
    {
      compared = flitlab_window_dup_selected_studies (self);
      if (g_ptr_array_find (compared, study, NULL))
        flitlab_window_show_comparison (self);
    }
  else if ((int) index == flitlab_window_get_selected_index (self))
    show_study_header (self);
}

static void
on_title_changed (FlitlabWindow *self)
{
  update_title (self);
}

void
flitlab_window_set_document (FlitlabWindow   *self,
                             FlitlabDocument *document)
{
  g_return_if_fail (FLITLAB_IS_WINDOW (self));
  g_return_if_fail (FLITLAB_IS_DOCUMENT (document));

  if (self->document == document)
    return;
  /* Nothing of the old project may land in the new one. */
  g_signal_group_set_target (self->document_signals, NULL);
  if (self->document != NULL)
    flitlab_document_stop_all (self->document);
  g_set_object (&self->document, document);
  g_signal_group_set_target (self->document_signals, document);
  if (flitlab_document_get_file (document) != NULL)
    flitlab_window_add_recent (self, flitlab_document_get_file (document));
  if (flitlab_document_get_warning (document) != NULL)
    flitlab_window_toast (self, flitlab_document_get_warning (document));
  self->select_next = -1;
  fill_studies_and_select (self, 0);
  update_title (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

FlitlabDocument *
flitlab_window_get_document (FlitlabWindow *self)
{
  g_return_val_if_fail (FLITLAB_IS_WINDOW (self), NULL);
  return self->document;
}

void
flitlab_window_show_error (FlitlabWindow *self,
                           const char    *heading,
                           const char    *body)
{
  /* A message may quote what a file held: a 4 MB topology spec is cut, not shown whole. */
  g_autofree char *line = flitlab_input_message_line (body);
  GtkWidget *dialog = adw_message_dialog_new (GTK_WINDOW (self), heading, line);

  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* What the window has running, stopped as it closes: the file being opened and the
 * document's simulations, whose results nobody would see. */
static void
stop_work (FlitlabWindow *self)
{
  flitlab_window_cancel_open (self);
  if (self->document != NULL)
    flitlab_document_stop_all (self->document);
}

/* The window goes, and what it was running with it. */
void
flitlab_window_destroy (FlitlabWindow *self)
{
  stop_work (self);
  gtk_window_destroy (GTK_WINDOW (self));
}

static gboolean
on_drop (FlitlabWindow *self,
         const GValue  *value,
         double         x,
         double         y,
         GtkDropTarget *target)
{
  GFile *file = g_value_get_object (value);

  if (file == NULL)
    return FALSE;
  flitlab_window_open_file (self, file);
  return TRUE;
}

/* ---- closing -------------------------------------------------------------------- */

static void
on_close_response (FlitlabWindow   *self,
                   const char      *response,
                   AdwMessageDialog *dialog)
{
  /* The dialog closes after this handler: were it still transient for the window destroyed
   * here, it would let go of a finalized window (GLib warnings on Discard). */
  if (!g_str_equal (response, "cancel"))
    gtk_window_set_transient_for (GTK_WINDOW (dialog), NULL);
  if (g_str_equal (response, "discard"))
    {
      self->close_confirmed = TRUE;
      flitlab_window_destroy (self);
    }
  else if (g_str_equal (response, "save"))
    {
      if (flitlab_document_get_file (self->document) == NULL)
        {
          self->close_confirmed = TRUE;
          gtk_widget_activate_action (GTK_WIDGET (self), "win.save-as", NULL);
        }
      else if (flitlab_window_save_to (self, NULL))
        flitlab_window_destroy (self);
    }
}

static gboolean
flitlab_window_close_request (GtkWindow *window)
{
  FlitlabWindow *self = FLITLAB_WINDOW (window);
  g_autofree char *title = NULL;
  GtkWidget *dialog;

  if (self->close_confirmed || self->document == NULL ||
      !flitlab_document_get_modified (self->document))
    {
      stop_work (self);
      return GTK_WINDOW_CLASS (flitlab_window_parent_class)->close_request (window);
    }

  title = flitlab_document_dup_title (self->document);
  dialog = adw_message_dialog_new (window, _("Save Changes?"), NULL);
  /* Translators: %s is the project's title */
  adw_message_dialog_format_body (ADW_MESSAGE_DIALOG (dialog),
                                  _("“%s” has unsaved changes. Changes that are not saved are "
                                    "lost."),
                                  title);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "discard", _("_Discard"),
                                    "save", _("_Save"),
                                    NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "discard",
                                              ADW_RESPONSE_DESTRUCTIVE);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "save",
                                              ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "save");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_close_response), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
  return TRUE;
}

/* Presenting: Escape leaves (once the animation follows no message), Page Up and Down go
 * through the studies (comparing: add the next and take the last away), P predicts.
 * Otherwise the keys do what they did before. */
static gboolean
on_presentation_key (GtkWidget *widget,
                     GVariant  *args,
                     gpointer   data)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);
  guint keyval = GPOINTER_TO_UINT (data);

  if (!self->presenting)
    return FALSE;
  /* Escape lets go of a message the animation follows before it leaves. */
  if (keyval == GDK_KEY_Escape &&
      g_strcmp0 (gtk_stack_get_visible_child_name (self->figure_stack), "network") == 0 &&
      flitlab_network_page_let_go (self->network_page))
    return TRUE;
  if (keyval == GDK_KEY_Escape)
    flitlab_window_set_presenting (self, FALSE);
  else if (keyval == GDK_KEY_p)
    gtk_toggle_button_set_active (self->predict_button,
                                  !gtk_toggle_button_get_active (self->predict_button));
  else
    gtk_widget_activate_action (widget, keyval == GDK_KEY_Page_Up ? "win.previous-study"
                                                                  : "win.next-study", NULL);
  return TRUE;
}

static gboolean
on_first_key (FlitlabWindow *self)
{
  flitlab_window_hide_presentation_keys (self);
  return GDK_EVENT_PROPAGATE;
}

void
flitlab_window_notify_loading (FlitlabWindow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

/* ---- GObject -------------------------------------------------------------------- */

static void
flitlab_window_dispose (GObject *object)
{
  FlitlabWindow *self = FLITLAB_WINDOW (object);

  /* A running simulation stops with its window, and nothing it reports afterwards reaches the
   * widgets released below. */
  if (self->document_signals != NULL)
    g_signal_group_set_target (self->document_signals, NULL);
  if (self->document != NULL)
    flitlab_document_stop_all (self->document);
  /* Likewise the file being opened; its report will not look at the window. */
  if (self->open_cancellable != NULL)
    g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  /* Disposing the list and the controls emits selection changes: they must not reach us. */
  if (self->studies_list != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->studies_list, self);
      g_signal_handlers_disconnect_by_data (self->metric_dropdown, self);
      g_signal_handlers_disconnect_by_data (self->log_button, self);
      g_signal_handlers_disconnect_by_data (self->predict_button, self);
      g_signal_handlers_disconnect_by_data (self->compare_button, self);
      g_signal_handlers_disconnect_by_data (self->figure_stack, self);
      g_signal_handlers_disconnect_by_data (flitlab_network_page_get_load (self->network_page),
                                            self);
      g_signal_handlers_disconnect_by_data (self->plot_view, self);
    }
  if (self->chooser != NULL)
    gtk_native_dialog_destroy (GTK_NATIVE_DIALOG (self->chooser));
  g_clear_object (&self->chooser);
  g_clear_pointer (&self->long_runs, g_hash_table_unref);
  /* The rows go with the list below. */
  g_array_set_size (self->study_rows, 0);
  g_ptr_array_set_size (self->group_rows, 0);
  g_clear_object (&self->document_signals);
  gtk_widget_dispose_template (GTK_WIDGET (self), FLITLAB_TYPE_WINDOW);
  G_OBJECT_CLASS (flitlab_window_parent_class)->dispose (object);
}

static void
flitlab_window_finalize (GObject *object)
{
  FlitlabWindow *self = FLITLAB_WINDOW (object);

  g_clear_object (&self->document);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->study_rows, g_array_unref);
  g_clear_pointer (&self->group_rows, g_ptr_array_unref);
  g_clear_pointer (&self->collapsed_groups, g_hash_table_unref);
  G_OBJECT_CLASS (flitlab_window_parent_class)->finalize (object);
}

static void
flitlab_window_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  FlitlabWindow *self = FLITLAB_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, flitlab_window_get_loading (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
flitlab_window_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  FlitlabWindow *self = FLITLAB_WINDOW (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      if (g_value_get_object (value) != NULL)
        flitlab_window_set_document (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
flitlab_window_class_init (FlitlabWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = flitlab_window_dispose;
  object_class->finalize = flitlab_window_finalize;
  object_class->get_property = flitlab_window_get_property;
  object_class->set_property = flitlab_window_set_property;
  window_class->close_request = flitlab_window_close_request;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, FLITLAB_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (FLITLAB_TYPE_DEPENDENCY_PAGE);
  g_type_ensure (FLITLAB_TYPE_FLOW_PAGE);
  g_type_ensure (FLITLAB_TYPE_HEIGHT_FOR_WIDTH_BIN);
  g_type_ensure (FLITLAB_TYPE_NETWORK_PAGE);
  g_type_ensure (FLITLAB_TYPE_PLOT_VIEW);
  g_type_ensure (FLITLAB_TYPE_RESULTS_TABLE);
  g_type_ensure (FLITLAB_TYPE_STUDY_EDITOR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/flitlab/Flitlab/ui/flitlab-window.ui");
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, compare_button);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, compared_networks);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, editor_pane);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, examples_section);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, examples_button);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, presentation_keys);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, compared_scroller);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, empty_toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, figure_controls);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, figure_stack);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, flow_page);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, dependency_page);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, network_page);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, log_button);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, metric_dropdown);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, open_label);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, open_revealer);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, open_spinner);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, opening_page_spinner);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, plot_view);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, predict_button);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, reset_zoom_button);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, results_table);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, table_button);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, recent_section);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, simulation_box);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, simulation_progress);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, simulate_button);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, studies_list);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, study_editor);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, study_notes);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, study_title);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, presentation_caption);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, time_left_label);
  gtk_widget_class_bind_template_child (widget_class, FlitlabWindow, window_title);

  flitlab_window_class_add_actions (widget_class);
}

static void
flitlab_window_init (FlitlabWindow *self)
{
  g_autoptr(FlitlabDocument) empty = flitlab_document_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  {
    g_autoptr(GMenu) examples = g_menu_new ();

    g_menu_append_section (examples, NULL, G_MENU_MODEL (self->examples_section));
    gtk_menu_button_set_menu_model (self->examples_button, G_MENU_MODEL (examples));
  }

  g_signal_connect_object (self->plot_view, "notify::zoomed", G_CALLBACK (on_figure_changed), self,
                           G_CONNECT_SWAPPED);
  /* One load for the network and flow views, marked on the plot. */
  flitlab_flow_page_share_load (self->flow_page,
                                flitlab_network_page_get_load (self->network_page));
  g_signal_connect_object (flitlab_network_page_get_load (self->network_page), "value-changed",
                           G_CALLBACK (on_load_moved), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->network_page, "deadlock-changed", G_CALLBACK (on_deadlock_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->figure_stack, "notify::visible-child-name",
                           G_CALLBACK (on_figure_changed), self, G_CONNECT_SWAPPED);
  /* Presenting, the network's load goes under the figure. */
  g_signal_connect_object (flitlab_network_page_get_load_label (self->network_page),
                           "notify::label", G_CALLBACK (flitlab_window_update_caption), self,
                           G_CONNECT_SWAPPED);
  on_figure_changed (self);
  /* Clicking a class of the flow diagram shows its channels in the network view. */
  g_signal_connect_object (self->flow_page, "class-activated", G_CALLBACK (on_flow_class_activated),
                           self, G_CONNECT_SWAPPED);
  flitlab_window_plot_init (self);
  {
    /* Dropping a .flitlab file on the window opens it. */
    GtkDropTarget *target = gtk_drop_target_new (G_TYPE_FILE, GDK_ACTION_COPY);

    g_signal_connect_object (target, "drop", G_CALLBACK (on_drop), self, G_CONNECT_SWAPPED);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
  }
  {
    /* Before any focused widget takes these keys for itself. */
    GtkEventController *shortcuts = gtk_shortcut_controller_new ();

    static const guint keys[] = { GDK_KEY_Escape, GDK_KEY_Page_Up, GDK_KEY_Page_Down, GDK_KEY_p };

    gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
    for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
      {
        GtkShortcutAction *action =
          gtk_callback_action_new (on_presentation_key, GUINT_TO_POINTER (keys[i]), NULL);

        gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                              gtk_shortcut_new (gtk_keyval_trigger_new (keys[i], 0),
                                                                action));
      }
    gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
  }
  {
    /* The first key or click of a presenter hides the line that told the keys. */
    GtkEventController *keys = gtk_event_controller_key_new ();
    GtkGesture *click = gtk_gesture_click_new ();

    gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
    g_signal_connect_object (keys, "key-pressed", G_CALLBACK (on_first_key), self,
                             G_CONNECT_SWAPPED);
    gtk_widget_add_controller (GTK_WIDGET (self), keys);
    gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (click), GTK_PHASE_CAPTURE);
    g_signal_connect_object (click, "pressed", G_CALLBACK (on_first_key), self,
                             G_CONNECT_SWAPPED);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  }
  self->select_next = -1;
  self->guess = NAN;
  self->long_runs = g_hash_table_new (NULL, NULL);
  self->study_rows = g_array_new (FALSE, FALSE, sizeof (FlitlabStudyRow));
  flitlab_window_groups_init (self);
  self->document_signals = g_signal_group_new (FLITLAB_TYPE_DOCUMENT);
  g_signal_group_connect_swapped (self->document_signals, "studies-changed",
                                  G_CALLBACK (on_studies_changed), self);
  g_signal_group_connect_swapped (self->document_signals, "study-changed",
                                  G_CALLBACK (on_study_changed), self);
  g_signal_group_connect_swapped (self->document_signals, "run-changed",
                                  G_CALLBACK (flitlab_window_on_run_changed), self);
  g_signal_group_connect_swapped (self->document_signals, "run-finished",
                                  G_CALLBACK (flitlab_window_on_run_finished), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::modified",
                                  G_CALLBACK (on_title_changed), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::file",
                                  G_CALLBACK (on_title_changed), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::can-undo",
                                  G_CALLBACK (flitlab_window_update_actions), self);
  g_signal_group_connect_swapped (self->document_signals, "notify::can-redo",
                                  G_CALLBACK (flitlab_window_update_actions), self);
  /* The editor's notes say what an edit took away: Undo brings it back. */
  g_signal_connect_object (self->study_editor, "note", G_CALLBACK (flitlab_window_toast_undo), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->studies_list, "row-selected", G_CALLBACK (on_study_selected),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->studies_list, "selected-rows-changed",
                           G_CALLBACK (on_selected_rows_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->compare_button, "toggled", G_CALLBACK (on_compare_toggled), self,
                           G_CONNECT_SWAPPED);

  /* The schema keeps its id when the application id has a .Devel suffix. */
  self->settings = g_settings_new ("io.github.flitlab.Flitlab");
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);

  flitlab_window_set_document (self, empty);
  flitlab_window_fill_examples (self);
}
