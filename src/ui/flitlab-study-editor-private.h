/* flitlab-study-editor-private.h: what the editor's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flitlab-study-editor.c shows a study in the rows and turns the rows' edits into edited
 * copies; flitlab-study-editor-matrix.c asks for a traffic matrix's file,
 * flitlab-study-editor-trace.c for a trace's, and flitlab-study-editor-reading.c shows either
 * being read, with its progress and Cancel;
 * flitlab-study-editor-network.c asks for a network's.
 */

#pragma once

#include "flitlab-file-chooser-task.h"
#include "flitlab-routing.h"
#include "flitlab-study-editor.h"

G_BEGIN_DECLS

struct _FlitlabStudyEditor
{
  GtkBox                parent_instance;

  /* Template children */
  AdwEntryRow          *buffer_row;
  AdwEntryRow          *cycles_row;
  AdwComboRow          *family_row;
  AdwEntryRow          *flit_width_row;
  AdwEntryRow          *flits_row;
  AdwEntryRow          *hotspot_row;
  AdwComboRow          *length_row;
  AdwComboRow          *links_row;
  GtkLabel             *load_error;
  AdwActionRow         *matrix_row;     /* the matrix pattern's file */
  AdwPreferencesGroup  *models_group;
  AdwEntryRow          *n_rates_row;
  AdwEntryRow          *name_row;
  GtkLabel             *name_error;
  GtkLabel             *network_error;
  AdwEntryRow          *node_buffers_row;
  AdwComboRow          *pattern_row;
  AdwEntryRow          *rate_max_row;
  AdwEntryRow          *rate_min_row;
  GtkProgressBar       *reading_bar;
  AdwActionRow         *reading_row;    /* a file being read for the traffic */
  AdwEntryRow          *replications_row;
  AdwComboRow          *routing_row;
  AdwComboRow          *ties_row;      /* in FlitlabTies order */
  AdwEntryRow          *seed_row;
  GtkLabel             *simulation_error;
  AdwExpanderRow       *simulation_row;
  AdwEntryRow          *size_row;
  AdwActionRow         *trace_row;      /* the trace pattern's file */
  AdwActionRow         *summary_row;
  GtkLabel             *traffic_error;
  AdwActionRow         *unit_row;
  AdwEntryRow          *vcs_row;
  AdwActionRow         *deadlock_row;
  GtkSwitch            *deadlock_switch;
  AdwEntryRow          *warmup_row;

  FlitlabDocument      *document;
  GSignalGroup         *document_signals; /* its study-changed, moved with it */
  int                   index;   /* of the study shown in document; -1: none */
  const FlitlabStudy   *study;   /* document's study index, refreshed when it changes */
  GPtrArray            *model_rows;     /* AdwActionRow*, one per registered model */
  GPtrArray            *model_switches; /* GtkSwitch*, likewise */
  int                   routings_family; /* whose routings routing_row lists; -1: none yet */
  FlitlabRouting        routings[FLITLAB_ROUTING_N]; /* those routings, in the row's order */
  guint                 n_routings;
  gboolean              updating;       /* filling the rows: no edits */
  GCancellable         *reading;        /* the file being read's; NULL: none */
  FlitlabFileChooserProgress *reading_progress;
  guint                 reading_poll;   /* the timeout showing reading_progress */
};

/* Shows the study the editor follows again, every row from it. */
void flitlab_study_editor_refresh      (FlitlabStudyEditor *self);
/* Says message under a group of rows (NULL: nothing to say). */
void flitlab_study_editor_show_message (GtkLabel           *label,
                                        const char         *message);
/* Hands an edited copy to the document, or explains why it cannot be. keep_results: the edit
 * changes nothing the results depend on (the name). row: the entry row typed in (marked when
 * refused), NULL for a choice (put back when refused). */
void flitlab_study_editor_commit       (FlitlabStudyEditor *self,
                                        FlitlabStudy       *edited,
                                        GtkWidget          *row,
                                        GtkLabel           *error_label,
                                        gboolean            keep_results);

/* flitlab-study-editor-matrix.c */
/* The matrix pattern's row: shown with the matrix pattern, saying the file or why there is no
 * matrix. */
void flitlab_study_editor_show_matrix   (FlitlabStudyEditor *self);
/* Asks for a matrix file for the shown study's network; a file read and fitting it makes the
 * study's traffic that matrix. */
void flitlab_study_editor_choose_matrix (FlitlabStudyEditor *self);
/* Reads file, chosen for the shown study's network: read and fitting it, it makes the study's
 * traffic that matrix. */
void flitlab_study_editor_read_matrix   (FlitlabStudyEditor *self,
                                         GFile              *file);
/* Choose…: another file. */
void flitlab_study_editor_on_matrix_button (FlitlabStudyEditor *self);

/* flitlab-study-editor-trace.c */
/* The trace pattern's row: shown with the trace pattern, saying the file and its summary or why
 * there is no trace; the rows that do not apply to a trace made insensitive, saying why. */
void flitlab_study_editor_show_trace   (FlitlabStudyEditor *self);
/* Asks for a trace file for the shown study's network; a file summarized for it makes the
 * study's traffic that trace. */
void flitlab_study_editor_choose_trace (FlitlabStudyEditor *self);
/* Summarizes file, chosen for the shown study's network: summarized, it makes the study's
 * traffic that trace. */
void flitlab_study_editor_read_trace   (FlitlabStudyEditor *self,
                                        GFile              *file);
/* Choose…: another file. */
void flitlab_study_editor_on_trace_button (FlitlabStudyEditor *self);

/* flitlab-study-editor-reading.c */
/* Whom a file's reading is for: the editor (weakly: a reading does not keep it) and the
 * reading's cancellable. */
typedef struct
{
  GWeakRef      editor;
  GCancellable *cancellable;
} FlitlabStudyEditorReading;

/* The shown study's nodes, for a file to be read for them; 0 when its network cannot be built,
 * then why is said under the traffic. */
guint flitlab_study_editor_reading_nodes (FlitlabStudyEditor *self,
                                          const char         *why);
/* A chooser's _read_async() (flitlab-matrix-chooser.h, flitlab-trace-chooser.h). */
typedef void (*FlitlabStudyEditorReadAsync) (GFile                      *file,
                                             guint                       n_nodes,
                                             FlitlabFileChooserProgress *progress,
                                             GCancellable               *cancellable,
                                             GAsyncReadyCallback         callback,
                                             gpointer                    user_data);
/* Reads file for the shown study's network with read_async, shown in the reading row with its
 * progress (pulsing while it has none) and a Cancel button; a reading before it is cancelled.
 * callback gets a FlitlabStudyEditorReading to give flitlab_study_editor_end_reading(). When
 * the network cannot be built, why is said under the traffic and nothing is read. */
void flitlab_study_editor_read_file (FlitlabStudyEditor          *self,
                                     GFile                       *file,
                                     const char                  *why,
                                     FlitlabStudyEditorReadAsync  read_async,
                                     GAsyncReadyCallback          callback);
/* Frees reading: the editor (a reference), the row hidden, when its result is still wanted;
 * NULL when the reading was cancelled or replaced, or the editor is gone. */
FlitlabStudyEditor *
flitlab_study_editor_end_reading (FlitlabStudyEditorReading *reading);
/* Stops a reading in progress, if any: its result will be dropped, its row is hidden. */
void flitlab_study_editor_cancel_reading (FlitlabStudyEditor *self);
/* Cancel: the reading stops and the rows show the study as it was. */
void flitlab_study_editor_on_reading_cancel (FlitlabStudyEditor *self);
/* How a file chosen for the shown study is read (flitlab_study_editor_read_matrix(), _trace()). */
typedef void (*FlitlabStudyEditorReadFile) (FlitlabStudyEditor *self,
                                            GFile              *file);
/* The data of flitlab_study_editor_on_file_chosen(), a chooser's _choose_async() callback: the
 * file chosen is read by read for the study shown now, unless the editor shows another one by
 * then; none chosen, the rows go back to the study (the pattern row too). */
gpointer flitlab_study_editor_file_asked     (FlitlabStudyEditor         *self,
                                              FlitlabStudyEditorReadFile  read);
void     flitlab_study_editor_on_file_chosen (GObject                    *source,
                                              GAsyncResult               *result,
                                              gpointer                    data);

/* flitlab-study-editor-network.c: asks for a network file (docs/networks.md); one read makes
 * it the shown study's network. */
void flitlab_study_editor_choose_network (FlitlabStudyEditor *self);

G_END_DECLS
