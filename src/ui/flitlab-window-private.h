/* flitlab-window-private.h: what the window's files share: its fields and the functions the
 * actions call
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "flitlab-dependency-page.h"
#include "flitlab-flow-page.h"
#include "flitlab-network-page.h"
#include "flitlab-plot-view.h"
#include "flitlab-results-table.h"
#include "flitlab-study-editor.h"
#include "flitlab-window.h"

G_BEGIN_DECLS

/* A sidebar row's parts, to name it and show its simulation (the list box owns them). */
typedef struct
{
  GtkListBoxRow *row;
  GtkLabel      *label;
  GtkSpinner    *spinner; /* visible while the study simulates */
} FlitlabStudyRow;

/* A sweep's group in the sidebar: its header row (flitlab-window-groups.c). */
typedef struct _FlitlabGroupRow FlitlabGroupRow;

struct _FlitlabWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template children */
  GtkToggleButton      *compare_button;
  GtkWidget            *editor_pane;
  GtkWidget            *figure_controls;
  GtkStack             *figure_stack;
  FlitlabNetworkPage   *network_page;
  FlitlabFlowPage      *flow_page;
  FlitlabDependencyPage *dependency_page;
  GtkFlowBox           *compared_networks; /* comparing: a network page per study */
  GtkWidget            *compared_scroller; /* around it */
  GMenu                *examples_section;
  GtkMenuButton        *examples_button;   /* the empty project's: the same examples */
  AdwToastOverlay      *empty_toast_overlay; /* toast_overlay is over the studies' figure */
  GtkWidget            *header_bar;
  GtkToggleButton      *log_button;
  GtkDropDown          *metric_dropdown;
  GtkLabel             *open_label;
  GtkLabel             *presentation_caption; /* presenting the network: its load */
  GtkRevealer          *open_revealer;
  GtkSpinner           *open_spinner;
  GtkSpinner           *opening_page_spinner;
  FlitlabPlotView      *plot_view;
  GtkToggleButton      *predict_button;
  GtkButton            *reset_zoom_button;
  FlitlabResultsTable  *results_table;     /* below the plot while table_button is on */
  GtkToggleButton      *table_button;
  GMenu                *recent_section;
  GtkWidget            *sidebar;
  GtkWidget            *simulation_box;
  GtkProgressBar       *simulation_progress;
  GtkButton            *simulate_button;
  GtkStack             *stack;
  GtkListBox           *studies_list;
  FlitlabStudyEditor   *study_editor;
  GtkLabel             *study_notes;
  GtkLabel             *study_title;
  AdwToastOverlay      *toast_overlay;
  GtkLabel             *time_left_label;
  AdwWindowTitle       *window_title;

  FlitlabDocument      *document;
  GSettings            *settings;
  GtkFileChooserNative *chooser;
  GCancellable         *open_cancellable; /* of the file being opened; NULL: none */
  gboolean              close_confirmed;
  gboolean              presenting; /* presentation mode: full screen, large type */
  GtkLabel             *presentation_keys; /* presenting: the keys, until the first key or click */
  GSignalGroup         *document_signals; /* the document's signals, moved with it */
  GHashTable           *long_runs;  /* study → the question asked of its long run (not owned) */
  GArray               *study_rows; /* FlitlabStudyRow per study, in the studies' order */
  GPtrArray            *group_rows; /* FlitlabGroupRow* per group header in the sidebar */
  GHashTable           *collapsed_groups; /* the groups folded away, by name */
  gboolean              load_chosen; /* the network or flow load was moved: mark it on the plot */
  guint                 points_shown; /* loads of the shown study's running simulation drawn */
  int                   select_next; /* the row to select when the studies change; -1: same */
  double                guess;       /* the class's guess of the saturation load; NaN: none */
};

/* flitlab-window-plot.c: the plot, of the selected study or of the studies compared. */
void      flitlab_window_plot_init        (FlitlabWindow *self);
void      flitlab_window_rebuild_plot     (FlitlabWindow *self);
gboolean  flitlab_window_comparing        (FlitlabWindow *self);
/* The studies selected in the sidebar, in its order (several when comparing); free the
 * array (not the studies) with g_ptr_array_unref(). */
GPtrArray *flitlab_window_dup_selected_studies (FlitlabWindow *self);
/* Comparing: the title says what is overlaid, the plot shows it. */
void      flitlab_window_show_comparison  (FlitlabWindow *self);
/* Comparing: the networks side by side, each with its own controls; none (studies NULL)
 * otherwise. */
void      flitlab_window_show_compared_networks (FlitlabWindow *self,
                                                 GPtrArray     *studies);
/* Comparing: the network page of the index-th study compared, or NULL. */
FlitlabNetworkPage *flitlab_window_get_compared_network (FlitlabWindow *self,
                                                         int            index);
/* Hides the line that tells a presenter the keys. */
void flitlab_window_hide_presentation_keys (FlitlabWindow *self);
/* A toast whose Undo button undoes the last step. */
void flitlab_window_toast_undo     (FlitlabWindow *self,
                                    const char    *message);
void flitlab_window_toast          (FlitlabWindow *self,
                                    const char    *message);
/* The study shown, or -1 (none, or comparing several). */
int  flitlab_window_get_selected_index (FlitlabWindow *self);
/* Selects the row of study index (clamped to the last); -1 selects nothing. */
void flitlab_window_select_study   (FlitlabWindow *self,
                                    int            index);
/* The figure shown takes the keyboard (Space plays, the arrows step), unless somebody is at
 * work in the sidebar or the editor. */
void flitlab_window_focus_figure   (FlitlabWindow *self);
/* The selected study in the editor, the figures and the Run button. */
void flitlab_window_show_study     (FlitlabWindow *self);
/* The window goes, and what it was running with it. */
void flitlab_window_destroy        (FlitlabWindow *self);

/* The "loading" property changed (flitlab-window-files.c opens files). */
void flitlab_window_notify_loading (FlitlabWindow *self);

/* The Run button, progress and editor of the shown study, and the marks of running studies in
 * the sidebar. */
void flitlab_window_show_running   (FlitlabWindow *self);

/* flitlab-window-runs.c: the document's run-changed and run-finished. */
void flitlab_window_on_run_changed  (FlitlabWindow *self,
                                     guint          index);
void flitlab_window_on_run_finished (FlitlabWindow *self,
                                     guint          index,
                                     const GError  *error);

/* flitlab-window-groups.c: sweeps and their groups in the sidebar. */
void flitlab_window_groups_init    (FlitlabWindow *self);
void flitlab_window_class_add_group_actions (GtkWidgetClass *widget_class);
/* The group of study index: the first study and how many (1 for a study in none). */
void flitlab_window_group_range    (FlitlabWindow *self,
                                    guint          index,
                                    guint         *first,
                                    guint         *count);
/* Adds the header of the count studies from first on, before their rows. */
void flitlab_window_add_group_header (FlitlabWindow *self,
                                      guint          first,
                                      guint          count);
/* The groups' rows folded or shown; their progress bars. */
void flitlab_window_show_groups    (FlitlabWindow *self);
void flitlab_window_show_group_runs (FlitlabWindow *self);
/* A study selected in a folded group (Ctrl+Page Down) unfolds it. */
void flitlab_window_reveal_study   (FlitlabWindow *self,
                                    int            index);

/* flitlab-window-actions.c: base, or base numbered ("base (2)") when the project has a study
 * (or, group TRUE, a group) of that name. */
char *flitlab_window_unique_name   (const FlitlabProject *project,
                                    const char           *base,
                                    gboolean              group);

/* flitlab-window-files.c */
void flitlab_window_class_add_file_actions (GtkWidgetClass *widget_class);
void flitlab_window_add_recent     (FlitlabWindow *self,
                                    GFile         *file);
/* Stops the open in progress, if any: its document will not land. */
void flitlab_window_cancel_open    (FlitlabWindow *self);
void flitlab_window_fill_examples  (FlitlabWindow *self);
gboolean flitlab_window_save_to    (FlitlabWindow *self,
                                    GFile         *file);

/* flitlab-window-actions.c */
void flitlab_window_class_add_actions (GtkWidgetClass *widget_class);
/* Enables each action by what the window shows: one place for all of them. */
void flitlab_window_update_actions (FlitlabWindow *self);
void flitlab_window_set_presenting (FlitlabWindow *self,
                                    gboolean       presenting);
/* The caption under the figure in presentation mode: shown for the network view. */
void flitlab_window_update_caption (FlitlabWindow *self);

G_END_DECLS
