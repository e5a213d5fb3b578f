/* flitlab-window-groups.c: sweeps in the window: New Sweep, and the sidebar's groups (the
 * studies of one sweep under a header that folds them away, runs, compares, exports and
 * deletes them). Declared in flitlab-window-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-grid.h"
#include "flitlab-sweep-dialog.h"
#include "flitlab-window-private.h"

/* A group's header row in the sidebar (the list box owns the widgets). */
struct _FlitlabGroupRow
{
  GtkListBoxRow  *row;
  GtkImage       *arrow;
  GtkLabel       *count_label;
  GtkProgressBar *progress;
  guint           first;
  guint           count;
};

static const char *
group_of (FlitlabWindow *self,
          guint          index)
{
  return flitlab_document_get_study (self->document, index)->group;
}

void
flitlab_window_group_range (FlitlabWindow *self,
                            guint          index,
                            guint         *first,
                            guint         *count)
{
  const char *group = group_of (self, index);
  guint n = flitlab_document_get_n_studies (self->document), end = index + 1;

  *first = index;
  while (group != NULL && *first > 0 && g_strcmp0 (group_of (self, *first - 1), group) == 0)
    (*first)--;
  while (group != NULL && end < n && g_strcmp0 (group_of (self, end), group) == 0)
    end++;
  *count = end - *first;
}

static gboolean
collapsed (FlitlabWindow *self,
           const char    *group)
{
  return g_hash_table_contains (self->collapsed_groups, group);
}

static void
show_group (FlitlabWindow         *self,
            const FlitlabGroupRow *header)
{
  const char *group = group_of (self, header->first);
  gboolean folded = collapsed (self, group);
  g_autofree char *count = NULL;

  gtk_image_set_from_icon_name (header->arrow, folded ? "pan-end-symbolic" : "pan-down-symbolic");
  /* Translators: the number of studies in a sweep's group */
  count = g_strdup_printf (ngettext ("%u study", "%u studies", header->count), header->count);
  gtk_label_set_text (header->count_label, count);
  for (guint i = header->first; i < header->first + header->count; i++)
    gtk_widget_set_visible (GTK_WIDGET (g_array_index (self->study_rows, FlitlabStudyRow,
                                                       i).row), !folded);
  gtk_accessible_update_state (GTK_ACCESSIBLE (header->row), GTK_ACCESSIBLE_STATE_EXPANDED,
                               !folded, -1);
}

/* The group's menu: its actions, each told a study of the group. */
static GMenuModel *
group_menu (guint first)
{
  GMenu *menu = g_menu_new ();
  static const struct
  {
    const char *label;
    const char *action;
  } items[] = {
    { N_("_Run Group"), "win.run-group" },
    { N_("_Stop Group"), "win.stop-group" },
    { N_("_Compare Group"), "win.compare-group" },
    { N_("_Export Group Figure…"), "win.export-group" },
    { N_("_Delete Group"), "win.delete-group" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (items); i++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_(items[i].label), NULL);

      g_menu_item_set_action_and_target_value (item, items[i].action,
                                               g_variant_new_uint32 (first));
      g_menu_append_item (menu, item);
    }
  return G_MENU_MODEL (menu);
}

void
flitlab_window_add_group_header (FlitlabWindow *self,
                                 guint          first,
                                 guint          count)
{
  FlitlabGroupRow *header = g_new0 (FlitlabGroupRow, 1);
  const char *group = group_of (self, first);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 3);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *name = gtk_label_new (group);
  GtkWidget *menu_button = gtk_menu_button_new ();
  g_autoptr(GMenuModel) menu = group_menu (first);

  header->first = first;
  header->count = count;
  header->arrow = GTK_IMAGE (gtk_image_new ());
  header->count_label = GTK_LABEL (gtk_label_new (NULL));
  header->progress = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_widget_add_css_class (name, "heading");
  gtk_label_set_xalign (header->count_label, 0);
  gtk_widget_add_css_class (GTK_WIDGET (header->count_label), "dim-label");
  gtk_widget_set_visible (GTK_WIDGET (header->progress), FALSE);
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (menu_button), "view-more-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (menu_button), menu);
  gtk_widget_add_css_class (menu_button, "flat");
  gtk_widget_set_valign (menu_button, GTK_ALIGN_START);
  gtk_widget_set_tooltip_text (menu_button, _("Run, Compare, Export or Delete the Group"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (menu_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Group Menu"), -1);
  gtk_box_append (GTK_BOX (top), GTK_WIDGET (header->arrow));
  gtk_box_append (GTK_BOX (top), name);
  gtk_box_append (GTK_BOX (top), menu_button);
  gtk_box_append (GTK_BOX (box), top);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (header->count_label));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (header->progress));
  gtk_widget_set_margin_start (GTK_WIDGET (header->count_label), 22);
  gtk_list_box_append (self->studies_list, box);
  header->row = GTK_LIST_BOX_ROW (gtk_widget_get_parent (box));
  gtk_list_box_row_set_selectable (header->row, FALSE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (header->row), _("Show or hide the group's studies"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (header->row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  group, -1);
  g_object_set_data (G_OBJECT (header->row), "flitlab-group-row", header);
  g_ptr_array_add (self->group_rows, header);
}

void
flitlab_window_show_groups (FlitlabWindow *self)
{
  for (guint g = 0; g < self->group_rows->len; g++)
    show_group (self, self->group_rows->pdata[g]);
}

void
flitlab_window_reveal_study (FlitlabWindow *self,
                             int            index)
{
  const char *group = index >= 0 ? group_of (self, index) : NULL;

  if (group != NULL && g_hash_table_remove (self->collapsed_groups, group))
    flitlab_window_show_groups (self);
}

/* A header clicked (or Enter on it): the group folds or unfolds. */
static void
on_row_activated (FlitlabWindow *self,
                  GtkListBoxRow *row)
{
  FlitlabGroupRow *header = g_object_get_data (G_OBJECT (row), "flitlab-group-row");
  const char *group;

  if (header == NULL)
    return;
  group = group_of (self, header->first);
  if (!g_hash_table_remove (self->collapsed_groups, group))
    g_hash_table_add (self->collapsed_groups, g_strdup (group));
  show_group (self, header);
}

/* One bar for the group: its studies done (not running now) count whole. */
void
flitlab_window_show_group_runs (FlitlabWindow *self)
{
  for (guint g = 0; g < self->group_rows->len; g++)
    {
      FlitlabGroupRow *header = self->group_rows->pdata[g];
      double done = 0;
      guint running = 0;

      for (guint i = header->first; i < header->first + header->count; i++)
        {
          double fraction;

          if (flitlab_document_get_running (self->document, i, &fraction, NULL))
            {
              running++;
              done += fraction;
            }
          else
            done += 1;
        }
      gtk_widget_set_visible (GTK_WIDGET (header->progress), running > 0);
      gtk_progress_bar_set_fraction (header->progress, done / header->count);
    }
}

void
flitlab_window_groups_init (FlitlabWindow *self)
{
  self->group_rows = g_ptr_array_new_with_free_func (g_free);
  self->collapsed_groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_signal_connect_object (self->studies_list, "row-activated", G_CALLBACK (on_row_activated),
                           self, G_CONNECT_SWAPPED);
}

/* ---- actions ------------------------------------------------------------------------- */

/* The sweep's studies go in after the study, as one step; the first is shown. */
static void
on_sweep_create (FlitlabWindow *self,
                 GPtrArray     *studies,
                 FlitlabSweepDialog *dialog)
{
  const FlitlabProject *project = flitlab_document_get_project (self->document);
  int index = flitlab_window_get_selected_index (self);
  guint first, count;
  g_autofree char *group = NULL;

  if (index < 0)
    {
      g_ptr_array_unref (studies);
      return;
    }
  flitlab_window_group_range (self, index, &first, &count);
  /* Names and the group's name stay unique in the project: a second sweep of the same
   * setting is told by a number. */
  group = flitlab_window_unique_name (project, ((FlitlabStudy *) studies->pdata[0])->group,
                                      TRUE);
  for (guint i = 0; i < studies->len; i++)
    {
      FlitlabStudy *study = studies->pdata[i];
      char *name = flitlab_window_unique_name (project, study->name, FALSE);

      g_free (study->name);
      study->name = name;
      g_free (study->group);
      study->group = g_strdup (group);
    }
  self->select_next = first + count;
  flitlab_document_insert_studies (self->document, first + count, studies);
}

static void
new_sweep_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);
  int index = flitlab_window_get_selected_index (self);
  FlitlabSweepDialog *dialog;

  if (index < 0)
    return;
  dialog = flitlab_sweep_dialog_new (GTK_WINDOW (self),
                                     flitlab_document_get_study (self->document, index));
  g_signal_connect_object (dialog, "create", G_CALLBACK (on_sweep_create), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The group of the study the action's target names; FALSE when it is gone. */
static gboolean
target_group (FlitlabWindow *self,
              GVariant      *parameter,
              guint         *first,
              guint         *count)
{
  guint index = g_variant_get_uint32 (parameter);

  if (index >= flitlab_document_get_n_studies (self->document))
    return FALSE;
  flitlab_window_group_range (self, index, first, count);
  return TRUE;
}

static void
run_group_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);
  guint first, count;

  if (!target_group (self, parameter, &first, &count))
    return;
  if (g_str_equal (action_name, "win.run-group"))
    flitlab_document_simulate_group (self->document, first, count);
  else
    for (guint i = first; i < first + count; i++)
      flitlab_document_stop (self->document, i);
}

/* Comparing the group's studies, and only them; then Export writes its figure. */
static void
compare_group_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);
  guint first, count;

  if (!target_group (self, parameter, &first, &count))
    return;
  g_hash_table_remove (self->collapsed_groups, group_of (self, first));
  flitlab_window_show_groups (self);
  gtk_toggle_button_set_active (self->compare_button, TRUE);
  gtk_list_box_unselect_all (self->studies_list);
  for (guint i = first; i < first + count; i++)
    gtk_list_box_select_row (self->studies_list,
                             g_array_index (self->study_rows, FlitlabStudyRow, i).row);
  if (g_str_equal (action_name, "win.export-group"))
    gtk_widget_activate_action (widget, "win.export", NULL);
}

static void
delete_group_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  FlitlabWindow *self = FLITLAB_WINDOW (widget);
  g_autofree char *title = NULL;
  guint first, count;

  if (!target_group (self, parameter, &first, &count))
    return;
  /* Translators: %s is the deleted group's name */
  title = g_strdup_printf (_("Group “%s” deleted"), group_of (self, first));
  self->select_next = first;
  flitlab_document_remove_studies (self->document, first, count);
  flitlab_window_toast_undo (self, title);
}

void
flitlab_window_class_add_group_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.new-sweep", NULL, new_sweep_action);
  gtk_widget_class_install_action (widget_class, "win.run-group", "u", run_group_action);
  gtk_widget_class_install_action (widget_class, "win.stop-group", "u", run_group_action);
  gtk_widget_class_install_action (widget_class, "win.compare-group", "u",
                                   compare_group_action);
  gtk_widget_class_install_action (widget_class, "win.export-group", "u",
                                   compare_group_action);
  gtk_widget_class_install_action (widget_class, "win.delete-group", "u", delete_group_action);
}
