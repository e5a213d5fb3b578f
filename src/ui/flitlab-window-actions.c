/* flitlab-window-actions.c: the window's actions (win.*) and which of them are enabled
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "flitlab-export-dialog.h"
#include "flitlab-grid.h"
#include "flitlab-window-private.h"


/* ---- studies: add, duplicate, delete, undo, redo, edit ------------------------------ */

static gboolean
name_taken (const FlitlabProject *project,
            const char           *name,
            gboolean              group)
{
  if (!group)
    return flitlab_project_find_study (project, name) != NULL;
  for (guint i = 0; i < flitlab_project_get_n_studies (project); i++)
    if (g_strcmp0 (flitlab_project_get_study (project, i)->group, name) == 0)
      return TRUE;
  return FALSE;
}

char *
flitlab_window_unique_name (const FlitlabProject *project,
                            const char           *base,
                            gboolean              group)
{
  if (!name_taken (project, base, group))
    return g_strdup (base);
  for (guint i = 2;; i++)
    {
      g_autofree char *name = g_strdup_printf ("%s (%u)", base, i);

      if (!name_taken (project, name, group))
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
  g_autofree char *name =
    flitlab_window_unique_name (flitlab_document_get_project (self->document), _("New study"),
                                FALSE);
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
  copy->name = flitlab_window_unique_name (flitlab_document_get_project (self->document), base,
                                           FALSE);
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

  if (index < 0)
    return;
  /* Translators: %s is the deleted study's name */
  title = g_strdup_printf (_("“%s” deleted"),
                           flitlab_document_get_study (self->document, index)->name);
  self->select_next = index;
  flitlab_document_remove_study (self->document, index);

  flitlab_window_toast_undo (self, title);
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

/* The figure on screen (flitlab-export-dialog.h): the flow diagram, the network (comparing,
 * the first study's; stacked as shown) or the plot. */
static gboolean
shown_figure (GtkWindow           *window,
              FlitlabExportFigure *figure)
{
  FlitlabWindow *self = FLITLAB_WINDOW (window);
  const char *shown = gtk_stack_get_visible_child_name (self->figure_stack);
  FlitlabNetworkPage *first = flitlab_window_get_compared_network (self, 0);

  if (flitlab_window_get_selected_index (self) < 0)
    return FALSE;
  if (g_strcmp0 (shown, "flow") == 0)
    figure->flow = flitlab_flow_page_get_model (self->flow_page, &figure->flow_rate);
  else if (g_strcmp0 (shown, "dependencies") == 0)
    flitlab_dependency_page_get_figure (self->dependency_page, &figure->dependency);
  else if (g_strcmp0 (shown, "network") == 0 && gtk_toggle_button_get_active (self->compare_button))
    figure->network = first != NULL ? flitlab_network_page_get_figure (first) : NULL;
  else if (g_strcmp0 (shown, "network") == 0)
    {
      figure->network = flitlab_network_page_get_figure (self->network_page);
      figure->stacked = flitlab_network_page_get_stacked (self->network_page);
    }
  else
    figure->plot = flitlab_plot_view_get_plot (self->plot_view);
  return figure->plot != NULL || figure->network != NULL || figure->flow != NULL ||
         figure->dependency.graph != NULL;
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);
  int index = flitlab_window_get_selected_index (self);
  g_autoptr(GPtrArray) compared = NULL;
  const char *name;
  FlitlabExportDialog *dialog;

  if (index < 0)
    return;
  name = flitlab_document_get_study (self->document, index)->name;
  /* A sweep's group compared is named by the group, as its figure's title. */
  compared = flitlab_window_dup_selected_studies (self);
  if (flitlab_window_comparing (self) &&
      flitlab_grid_common_group ((const FlitlabStudy * const *) compared->pdata,
                                 compared->len) != NULL)
    name = ((FlitlabStudy *) compared->pdata[0])->group;
  dialog = flitlab_export_dialog_new (GTK_WINDOW (self), self->toast_overlay, self->settings,
                                      name, flitlab_document_get_file (self->document),
                                      shown_figure);
  /* Modal and destroyed with the window: GTK keeps it until it closes. */
  if (dialog != NULL)
    gtk_window_present (GTK_WINDOW (dialog));
}

/* Presenting the network: the load, which its hidden slider row showed, under the figure. */
void
flitlab_window_update_caption (FlitlabWindow *self)
{
  const char *load = gtk_label_get_text (flitlab_network_page_get_load_label (self->network_page));
  g_autofree char *caption = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->presentation_caption),
                          self->presenting &&
                          !gtk_toggle_button_get_active (self->compare_button) &&
                          g_strcmp0 (gtk_stack_get_visible_child_name (self->figure_stack),
                                     "network") == 0);
  /* Translators: under the network in presentation mode; %s: the load as the slider's label
   * says it ("0.05 (model)") or why none is shown */
  caption = g_strdup_printf (_("Load, in messages per cycle per node: %s"), load);
  gtk_label_set_text (self->presentation_caption, caption);
}

void
flitlab_window_hide_presentation_keys (FlitlabWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->presentation_keys), FALSE);
}

/* Presentation mode: full screen, the figure alone, type and lines half as large again. The
 * Play row of the network stays for the mouse. */
void
flitlab_window_set_presenting (FlitlabWindow *self,
                               gboolean       presenting)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  GdkMonitor *monitor = surface != NULL
                        ? gdk_display_get_monitor_at_surface (gtk_widget_get_display (widget),
                                                              surface)
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
  gtk_widget_set_visible (GTK_WIDGET (self->results_table),
                          !presenting && gtk_toggle_button_get_active (self->table_button));
  gtk_widget_set_visible (self->simulation_box, !presenting && !comparing);
  gtk_widget_set_visible (GTK_WIDGET (self->study_title), !presenting);
  gtk_widget_set_visible (GTK_WIDGET (self->study_notes),
                          !presenting && *gtk_label_get_text (self->study_notes) != '\0');
  flitlab_network_page_set_presenting (self->network_page, presenting);
  for (int i = 0; flitlab_window_get_compared_network (self, i) != NULL; i++)
    flitlab_network_page_set_presenting (flitlab_window_get_compared_network (self, i), presenting);
  flitlab_flow_page_set_presenting (self->flow_page, presenting);
  flitlab_window_update_caption (self);
  flitlab_plot_view_set_scale (self->plot_view, scale);
  flitlab_study_page_set_scale (FLITLAB_STUDY_PAGE (self->network_page), scale);
  flitlab_study_page_set_scale (FLITLAB_STUDY_PAGE (self->flow_page), scale);
  flitlab_study_page_set_scale (FLITLAB_STUDY_PAGE (self->dependency_page), scale);
  flitlab_window_focus_figure (self);
  /* How to move and leave, until the first key or click. */
  gtk_widget_set_visible (GTK_WIDGET (self->presentation_keys), presenting);
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

/* The last selected study's index in the sidebar, or -1. */
static int
last_selected (FlitlabWindow *self)
{
  int last = -1;

  for (guint i = 0; i < self->study_rows->len; i++)
    if (gtk_list_box_row_is_selected (g_array_index (self->study_rows, FlitlabStudyRow, i).row))
      last = i;
  return last;
}

/* Ctrl+Page Down and Up (Page Down and Up when presenting): the next or previous study, also
 * when the sidebar is hidden. Comparing, the next study joins the comparison and the last
 * one leaves it. */
static void
select_study_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);
  int last = last_selected (self);
  GtkListBoxRow *row = last >= 0 ? g_array_index (self->study_rows, FlitlabStudyRow, last).row
                                 : NULL;
  gboolean forward = g_str_equal (action_name, "win.next-study");
  int index = last + (forward ? 1 : -1);
  GtkListBoxRow *next = index >= 0 && (guint) index < self->study_rows->len
                        ? g_array_index (self->study_rows, FlitlabStudyRow, index).row : NULL;
  g_autoptr(GList) selected = gtk_list_box_get_selected_rows (self->studies_list);

  if (gtk_toggle_button_get_active (self->compare_button))
    {
      if (forward && next != NULL)
        gtk_list_box_select_row (self->studies_list, next);
      else if (!forward && row != NULL && g_list_length (selected) > 1)
        gtk_list_box_unselect_row (self->studies_list, row);
      return;
    }
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

  gtk_widget_action_set_enabled (widget, "win.undo",
                                 flitlab_document_get_can_undo (self->document));
  gtk_widget_action_set_enabled (widget, "win.redo",
                                 flitlab_document_get_can_redo (self->document));
  gtk_widget_action_set_enabled (widget, "win.cancel-open", flitlab_window_get_loading (self));
  gtk_widget_action_set_enabled (widget, "win.duplicate-study", study);
  gtk_widget_action_set_enabled (widget, "win.delete-study", study);
  gtk_widget_action_set_enabled (widget, "win.new-sweep", study);
  gtk_widget_action_set_enabled (widget, "win.import-booksim-results", study);
  gtk_widget_action_set_enabled (widget, "win.simulate", study);
}

void
flitlab_window_class_add_actions (GtkWidgetClass *widget_class)
{
  flitlab_window_class_add_file_actions (widget_class);
  flitlab_window_class_add_group_actions (widget_class);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.simulate", NULL, simulate_action);
  gtk_widget_class_install_action (widget_class, "win.add-study", NULL, add_study_action);
  gtk_widget_class_install_action (widget_class, "win.duplicate-study", NULL,
                                   duplicate_study_action);
  gtk_widget_class_install_action (widget_class, "win.delete-study", NULL, delete_study_action);
  gtk_widget_class_install_action (widget_class, "win.reset-zoom", NULL, reset_zoom_action);
  gtk_widget_class_install_action (widget_class, "win.presentation", NULL, presentation_action);
  gtk_widget_class_install_action (widget_class, "win.show-figure", "s", show_figure_action);
  gtk_widget_class_install_action (widget_class, "win.next-study", NULL, select_study_action);
  gtk_widget_class_install_action (widget_class, "win.previous-study", NULL, select_study_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, step_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, step_action);
}
