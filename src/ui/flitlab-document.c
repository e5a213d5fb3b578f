/* flitlab-document.c: an open project and its controller
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The document owns the project, its undo history and the simulations running for its
 * studies. Runs are keyed by the study they simulate: an edit swaps a study's contents in
 * place, so the pointer names the study for as long as it is in the project (or in the
 * history). A run keeps a reference to the document until it reports.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-booksim-config.h"
#include "flitlab-document.h"
#include "flitlab-history.h"
#include "flitlab-project-xml.h"
#include "flitlab-study-run.h"
#include "flitlab-study-task.h"

struct _FlitlabDocument
{
  GObject         parent_instance;
  FlitlabProject *project;
  GFile          *file;
  char           *warning;
  FlitlabHistory *history;
  GHashTable     *runs;          /* FlitlabStudy* -> Run* */
  /* A group's runs go one at a time, each on every core: those waiting, in order, and the one
   * going (NULL: none). */
  GQueue          waiting;       /* Run* */
  gpointer        queue_active;  /* Run* */
  /* The history's state when the project was last saved or opened, and whether results landed
   * since (outside the history): an undo back to that state makes the document unmodified. */
  guint64         saved_state;
  gboolean        results_since_saved;
  /* Read from another program's file (a BookSim configuration): no project file yet, and
   * unsaved until it is saved as one. */
  gboolean        imported;
  gboolean        modified;
  gboolean        can_undo;
  gboolean        can_redo;
};

/* A simulation running for one study. */
typedef struct
{
  FlitlabDocument  *document;    /* a reference, until the run reports */
  FlitlabStudy     *study;       /* valid while the run is not cancelled */
  FlitlabStudyTask *task;
  GCancellable     *cancellable;
} Run;

static void start_next_waiting (FlitlabDocument *self);

G_DEFINE_FINAL_TYPE (FlitlabDocument, flitlab_document, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_FILE,
  PROP_MODIFIED,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  N_PROPS
};

enum {
  STUDIES_CHANGED,
  STUDY_CHANGED,
  RUN_CHANGED,
  RUN_FINISHED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
run_free (Run *run)
{
  g_signal_handlers_disconnect_by_data (run->task, run);
  g_object_unref (run->task);
  g_object_unref (run->cancellable);
  g_object_unref (run->document);
  g_free (run);
}

static void
emit_run_finished (FlitlabDocument *self,
                   int              index,
                   const GError    *error)
{
  if (index >= 0)
    g_signal_emit (self, signals[RUN_FINISHED], 0, (guint) index, error);
}

/* Stops the simulation of study, if one runs: its results will not land. */
static void
cancel_run (FlitlabDocument *self,
            FlitlabStudy    *study)
{
  Run *run = study != NULL ? g_hash_table_lookup (self->runs, study) : NULL;
  g_autoptr(GError) cancelled = NULL;
  int index;

  if (run == NULL)
    return;
  g_cancellable_cancel (run->cancellable);
  g_hash_table_remove (self->runs, study);
  /* A run that waits has no task going to report: it ends here. */
  if (g_queue_remove (&self->waiting, run))
    run_free (run);
  else if (run == self->queue_active)
    {
      self->queue_active = NULL;
      start_next_waiting (self);
    }
  index = flitlab_document_find_study (self, study);
  cancelled = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED, _("Simulation stopped"));
  if (index >= 0)
    g_signal_emit (self, signals[RUN_CHANGED], 0, (guint) index);
  emit_run_finished (self, index, cancelled);
}

static void
flitlab_document_dispose (GObject *object)
{
  FlitlabDocument *self = FLITLAB_DOCUMENT (object);

  /* Runs hold the document, so none is left but cancelled ones; nothing more to stop. */
  g_clear_pointer (&self->runs, g_hash_table_unref);
  G_OBJECT_CLASS (flitlab_document_parent_class)->dispose (object);
}

static void
flitlab_document_finalize (GObject *object)
{
  FlitlabDocument *self = FLITLAB_DOCUMENT (object);

  g_clear_pointer (&self->history, flitlab_history_free);
  g_clear_pointer (&self->project, flitlab_project_free);
  g_clear_object (&self->file);
  g_clear_pointer (&self->warning, g_free);
  G_OBJECT_CLASS (flitlab_document_parent_class)->finalize (object);
}

static void
flitlab_document_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  FlitlabDocument *self = FLITLAB_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->can_redo);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
flitlab_document_class_init (FlitlabDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = flitlab_document_dispose;
  object_class->finalize = flitlab_document_finalize;
  object_class->get_property = flitlab_document_get_property;

  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[STUDIES_CHANGED] = g_signal_new ("studies-changed", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                           G_TYPE_NONE, 0);
  signals[STUDY_CHANGED] = g_signal_new ("study-changed", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                         G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[RUN_CHANGED] = g_signal_new ("run-changed", G_TYPE_FROM_CLASS (klass),
                                       G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                       G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[RUN_FINISHED] = g_signal_new ("run-finished", G_TYPE_FROM_CLASS (klass),
                                        G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                                        G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_ERROR);
}

static void
flitlab_document_init (FlitlabDocument *self)
{
  self->runs = g_hash_table_new (NULL, NULL);
}

/* ---- opening ------------------------------------------------------------------------ */

/* A project as read, with its curves evaluated where the file had none; or a BookSim
 * configuration read into a new project (imported). */
typedef struct
{
  FlitlabProject *project;
  char           *warning;
  gboolean        imported;
} Loaded;

static void
loaded_free (Loaded *loaded)
{
  g_clear_pointer (&loaded->project, flitlab_project_free);
  g_free (loaded->warning);
  g_free (loaded);
}

/* Whether the file at path is meant as a project: named so, or markup from its first
 * character on (a project with a mistake); anything else may be a BookSim configuration. */
static gboolean
is_meant_as_project (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFileInputStream) stream = NULL;
  char head[256];
  gssize n;

  if (g_str_has_suffix (path, ".flitlab"))
    return TRUE;
  stream = g_file_read (file, NULL, NULL);
  n = stream != NULL ? g_input_stream_read (G_INPUT_STREAM (stream), head, sizeof head, NULL, NULL)
                     : -1;
  for (gssize i = 0; i < n; i++)
    if (!g_ascii_isspace (head[i]))
      return head[i] == '<';
  return TRUE;
}

/* A BookSim configuration at path as a new project of its one study, its warnings (keys
 * Flitlab does not know) in loaded's warning; the study's notes list the keys it does not
 * model (flitlab_booksim_config_to_study()). */
static Loaded *
load_booksim (const char  *path,
              GError     **error)
{
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  FlitlabStudy *study = flitlab_booksim_study_load (path, NULL, warnings, error);
  Loaded *loaded;

  if (study == NULL)
    return NULL;
  loaded = g_new0 (Loaded, 1);
  loaded->project = flitlab_project_new ();
  loaded->imported = TRUE;
  flitlab_project_set_title (loaded->project, study->name);
  flitlab_project_insert_study (loaded->project, G_MAXUINT, study);
  if (warnings->len > 0)
    {
      g_ptr_array_add (warnings, NULL);
      loaded->warning = g_strjoinv ("; ", (char **) warnings->pdata);
    }
  return loaded;
}

/* Reads and parses file and evaluates the curves it lacks (a project written by hand may come
 * without them), or reads a BookSim configuration (a file that is not meant as a project); no
 * GTK and no document, so the open worker can call it. */
static Loaded *
load_project (GFile   *file,
              GError **error)
{
  g_autofree char *path = g_file_get_path (file);
  g_autoptr(GError) project_error = NULL;
  FlitlabProject *project;
  Loaded *loaded;

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO,
                   _("%s: only local files can be opened"), uri);
      return NULL;
    }
  project = flitlab_project_load (path, &project_error);
  if (project == NULL)
    {
      g_autoptr(GError) booksim_error = NULL;

      if (is_meant_as_project (path))
        {
          g_propagate_error (error, g_steal_pointer (&project_error));
          return NULL;
        }
      loaded = load_booksim (path, &booksim_error);
      if (g_error_matches (booksim_error, FLITLAB_BOOKSIM_ERROR, FLITLAB_BOOKSIM_ERROR_PARSE))
        /* Translators: %s says where BookSim's format was broken, as "torus88:3: …" */
        g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_PARSE,
                     _("Neither a Flitlab project nor a BookSim configuration: %s"),
                     booksim_error->message);
      else if (booksim_error != NULL)
        g_propagate_error (error, g_steal_pointer (&booksim_error));
      return loaded;
    }
  loaded = g_new0 (Loaded, 1);
  loaded->project = project;
  for (guint i = 0; i < flitlab_project_get_n_studies (project); i++)
    {
      FlitlabStudy *study = flitlab_project_get_study (project, i);
      g_autoptr(GError) curve_error = NULL;

      for (guint m = 0; m < study->models->len; m++)
        if (((FlitlabStudyModel *) study->models->pdata[m])->curve == NULL)
          {
            if (!flitlab_study_run_evaluate_models (study, &curve_error) && loaded->warning == NULL)
              loaded->warning = g_strdup (curve_error->message);
            break;
          }
    }
  return loaded;
}

static FlitlabDocument *
document_new_for_project (GFile          *file,
                          FlitlabProject *project)
{
  FlitlabDocument *self = g_object_new (FLITLAB_TYPE_DOCUMENT, NULL);

  self->project = project;
  self->file = file != NULL ? g_object_ref (file) : NULL;
  self->history = flitlab_history_new (project);
  self->saved_state = flitlab_history_get_state (self->history);
  return self;
}

static FlitlabDocument *
document_new_for_loaded (GFile  *file,
                         Loaded *loaded)
{
  /* An imported file is not the project's: saving asks where. */
  FlitlabDocument *self = document_new_for_project (loaded->imported ? NULL : file,
                                                    g_steal_pointer (&loaded->project));

  self->imported = self->modified = loaded->imported;
  self->warning = g_steal_pointer (&loaded->warning);
  loaded_free (loaded);
  return self;
}

FlitlabDocument *
flitlab_document_new (void)
{
  return document_new_for_project (NULL, flitlab_project_new ());
}

FlitlabDocument *
flitlab_document_new_for_file (GFile   *file,
                               GError **error)
{
  Loaded *loaded;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  loaded = load_project (file, error);
  if (loaded == NULL)
    return NULL;
  return document_new_for_loaded (file, loaded);
}

static void
open_worker (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  g_autoptr(GError) error = NULL;
  Loaded *loaded = load_project (task_data, &error);

  /* Cancelled with return-on-cancel, the task has returned already: whatever is returned here
   * is freed with the task. */
  if (loaded == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, loaded, (GDestroyNotify) loaded_free);
}

void
flitlab_document_new_for_file_async (GFile               *file,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, flitlab_document_new_for_file_async);
  g_task_set_name (task, "[flitlab] open a project");
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  /* The read and the parse cannot be interrupted; a cancelled open returns at once and leaves
   * the worker to finish on its own. */
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, open_worker);
}

FlitlabDocument *
flitlab_document_new_for_file_finish (GAsyncResult  *result,
                                      GError       **error)
{
  Loaded *loaded;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        flitlab_document_new_for_file_async, NULL);

  loaded = g_task_propagate_pointer (G_TASK (result), error);
  if (loaded == NULL)
    return NULL;
  /* Here, on the caller's thread: the document's signals are emitted where its users are. */
  return document_new_for_loaded (g_task_get_task_data (G_TASK (result)), loaded);
}

/* ---- reading ------------------------------------------------------------------------ */

const FlitlabProject *
flitlab_document_get_project (FlitlabDocument *self)
{
  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), NULL);
  return self->project;
}

guint
flitlab_document_get_n_studies (FlitlabDocument *self)
{
  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), 0);
  return flitlab_project_get_n_studies (self->project);
}

const FlitlabStudy *
flitlab_document_get_study (FlitlabDocument *self,
                            guint            index)
{
  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), NULL);
  if (index >= flitlab_project_get_n_studies (self->project))
    return NULL;
  return flitlab_project_get_study (self->project, index);
}

int
flitlab_document_find_study (FlitlabDocument    *self,
                             const FlitlabStudy *study)
{
  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), -1);
  for (guint i = 0; study != NULL && i < flitlab_project_get_n_studies (self->project); i++)
    if (flitlab_project_get_study (self->project, i) == study)
      return (int) i;
  return -1;
}

const char *
flitlab_document_get_warning (FlitlabDocument *self)
{
  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), NULL);
  return self->warning;
}

GFile *
flitlab_document_get_file (FlitlabDocument *self)
{
  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), NULL);
  return self->file;
}

gboolean
flitlab_document_get_modified (FlitlabDocument *self)
{
  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), FALSE);
  return self->modified;
}

gboolean
flitlab_document_get_can_undo (FlitlabDocument *self)
{
  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), FALSE);
  return self->can_undo;
}

gboolean
flitlab_document_get_can_redo (FlitlabDocument *self)
{
  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), FALSE);
  return self->can_redo;
}

char *
flitlab_document_dup_title (FlitlabDocument *self)
{
  const char *title;

  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), NULL);

  title = flitlab_project_get_title (self->project);
  if (title != NULL && *title != '\0')
    return g_strdup (title);
  if (self->file != NULL)
    return g_file_get_basename (self->file);
  return g_strdup (_("Untitled project"));
}

/* ---- changing ----------------------------------------------------------------------- */

static void
set_boolean (FlitlabDocument *self,
             gboolean        *field,
             gboolean         value,
             guint            prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* After any change: the modified state and what can be undone follow the history. */
static void
update_state (FlitlabDocument *self)
{
  set_boolean (self, &self->modified,
               flitlab_history_get_state (self->history) != self->saved_state ||
               self->results_since_saved || self->imported, PROP_MODIFIED);
  set_boolean (self, &self->can_undo, flitlab_history_can_undo (self->history), PROP_CAN_UNDO);
  set_boolean (self, &self->can_redo, flitlab_history_can_redo (self->history), PROP_CAN_REDO);
}

gboolean
flitlab_document_edit_study (FlitlabDocument *self,
                             guint            index,
                             FlitlabStudy    *edited,
                             GError         **error)
{
  FlitlabStudy *study;
  gboolean ok;

  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), FALSE);
  g_return_val_if_fail (edited != NULL, FALSE);
  g_return_val_if_fail (index < flitlab_project_get_n_studies (self->project), FALSE);

  study = flitlab_project_get_study (self->project, index);
  /* An edit that leaves every setting as it was (a value typed again, a view writing back
   * what it shows) is no edit: the results, the run and the history stay, and no signal
   * goes out for a view to answer. */
  if (flitlab_study_same_settings (study, edited))
    {
      flitlab_study_free (edited);
      return TRUE;
    }
  cancel_run (self, study);
  flitlab_history_edit (self->history, index, edited);
  /* Model curves take milliseconds: they follow every change. */
  ok = flitlab_study_run_evaluate_models (study, error);
  update_state (self);
  g_signal_emit (self, signals[STUDY_CHANGED], 0, index);
  return ok;
}

void
flitlab_document_insert_study (FlitlabDocument *self,
                               guint            index,
                               FlitlabStudy    *study)
{
  g_return_if_fail (FLITLAB_IS_DOCUMENT (self));
  g_return_if_fail (study != NULL);

  /* A study that cannot draw a curve still goes in: its editor says why. */
  flitlab_study_run_evaluate_models (study, NULL);
  index = MIN (index, flitlab_project_get_n_studies (self->project));
  flitlab_history_insert (self->history, index, study);
  update_state (self);
  g_signal_emit (self, signals[STUDIES_CHANGED], 0);
}

void
flitlab_document_insert_studies (FlitlabDocument *self,
                                 guint            index,
                                 GPtrArray       *studies)
{
  GPtrArray *taken;

  g_return_if_fail (FLITLAB_IS_DOCUMENT (self));
  g_return_if_fail (studies != NULL && studies->len > 0);

  taken = g_ptr_array_new ();
  for (guint i = 0; i < studies->len; i++)
    {
      flitlab_study_run_evaluate_models (studies->pdata[i], NULL);
      g_ptr_array_add (taken, studies->pdata[i]);
    }
  /* The studies now belong to the history, not to the caller's array. */
  g_ptr_array_set_free_func (studies, NULL);
  g_ptr_array_unref (studies);
  index = MIN (index, flitlab_project_get_n_studies (self->project));
  flitlab_history_insert_many (self->history, index, taken);
  update_state (self);
  g_signal_emit (self, signals[STUDIES_CHANGED], 0);
}

void
flitlab_document_remove_study (FlitlabDocument *self,
                               guint            index)
{
  flitlab_document_remove_studies (self, index, 1);
}

void
flitlab_document_remove_studies (FlitlabDocument *self,
                                 guint            index,
                                 guint            count)
{
  g_return_if_fail (FLITLAB_IS_DOCUMENT (self));
  g_return_if_fail (count > 0 && index < flitlab_project_get_n_studies (self->project) &&
                    count <= flitlab_project_get_n_studies (self->project) - index);

  for (guint i = 0; i < count; i++)
    cancel_run (self, flitlab_project_get_study (self->project, index + i));
  flitlab_history_remove_many (self->history, index, count);
  update_state (self);
  g_signal_emit (self, signals[STUDIES_CHANGED], 0);
}

/* After an undo or redo: studies that left the project stop simulating. */
static void
cancel_runs_gone (FlitlabDocument *self)
{
  g_autoptr(GList) studies = g_hash_table_get_keys (self->runs);

  for (GList *l = studies; l != NULL; l = l->next)
    if (flitlab_document_find_study (self, l->data) < 0)
      cancel_run (self, l->data);
}

static gboolean
step (FlitlabDocument *self,
      gboolean         undo,
      guint           *index)
{
  guint n_before = flitlab_project_get_n_studies (self->project);
  FlitlabStudy *study = NULL;
  guint at;

  /* The study whose contents change, or which leaves, stops simulating first: its run is found
   * by the study, and its index is still the one the run started at. */
  if (!(undo ? flitlab_history_undo : flitlab_history_redo) (self->history, &at, &study))
    return FALSE;
  cancel_run (self, study);
  cancel_runs_gone (self);
  if (index != NULL)
    *index = at;
  update_state (self);
  if (flitlab_project_get_n_studies (self->project) != n_before)
    g_signal_emit (self, signals[STUDIES_CHANGED], 0);
  else
    {
      /* Curves follow the contents they came back with. */
      flitlab_study_run_evaluate_models (study, NULL);
      g_signal_emit (self, signals[STUDY_CHANGED], 0, at);
    }
  return TRUE;
}

gboolean
flitlab_document_undo (FlitlabDocument *self,
                       guint           *index)
{
  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), FALSE);
  return step (self, TRUE, index);
}

gboolean
flitlab_document_redo (FlitlabDocument *self,
                       guint           *index)
{
  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), FALSE);
  return step (self, FALSE, index);
}

/* ---- simulating --------------------------------------------------------------------- */

static void
on_task_notify (Run *run)
{
  int index = flitlab_document_find_study (run->document, run->study);

  if (index >= 0 && !g_cancellable_is_cancelled (run->cancellable))
    g_signal_emit (run->document, signals[RUN_CHANGED], 0, (guint) index);
}

static void
on_simulation_done (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  Run *run = user_data;
  FlitlabDocument *self = run->document;
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabStudy) done =
    flitlab_study_task_run_finish (FLITLAB_STUDY_TASK (source), result, &error);
  FlitlabStudy *study = run->study;
  int index;

  /* Cancelled: the study may be gone, nothing lands, and the stop was told when it happened. */
  if (g_cancellable_is_cancelled (run->cancellable))
    {
      run_free (run);
      return;
    }
  g_hash_table_remove (self->runs, study);
  if (run == self->queue_active)
    {
      self->queue_active = NULL;
      start_next_waiting (self);
    }
  index = flitlab_document_find_study (self, study);
  if (done != NULL)
    {
      /* The results land outside the history: an undo does not take them back. */
      FlitlabStudySimulation landed = done->simulation;

      done->simulation = study->simulation;
      study->simulation = landed;
      study->simulation.enabled = TRUE;
      self->results_since_saved = TRUE;
      update_state (self);
      if (index >= 0)
        g_signal_emit (self, signals[STUDY_CHANGED], 0, (guint) index);
    }
  if (index >= 0)
    g_signal_emit (self, signals[RUN_CHANGED], 0, (guint) index);
  emit_run_finished (self, index, error);
  run_free (run);
}

static int
run_has_study (gconstpointer run,
               gconstpointer study)
{
  return ((const Run *) run)->study == study ? 0 : 1;
}

static Run *
run_new (FlitlabDocument *self,
         FlitlabStudy    *study)
{
  Run *run = g_new0 (Run, 1);

  run->document = g_object_ref (self);
  run->study = study;
  run->task = flitlab_study_task_new ();
  run->cancellable = g_cancellable_new ();
  g_signal_connect_swapped (run->task, "notify::fraction", G_CALLBACK (on_task_notify), run);
  g_signal_connect_swapped (run->task, "notify::n-points", G_CALLBACK (on_task_notify), run);
  g_signal_connect_swapped (run->task, "notify::held", G_CALLBACK (on_task_notify), run);
  g_hash_table_insert (self->runs, study, run);
  return run;
}

static void
run_start (Run *run)
{
  flitlab_study_task_run_async (run->task, run->study, run->cancellable, on_simulation_done,
                                run);
}

void
flitlab_document_simulate (FlitlabDocument *self,
                           guint            index)
{
  FlitlabStudy *study;
  Run *run;

  g_return_if_fail (FLITLAB_IS_DOCUMENT (self));
  g_return_if_fail (index < flitlab_project_get_n_studies (self->project));

  study = flitlab_project_get_study (self->project, index);
  if (g_hash_table_contains (self->runs, study))
    return;
  run = run_new (self, study);
  flitlab_study_task_set_hold_above (run->task, FLITLAB_DOCUMENT_LONG_RUN_SECONDS);
  run_start (run);
  g_signal_emit (self, signals[RUN_CHANGED], 0, index);
}

static void
start_next_waiting (FlitlabDocument *self)
{
  if (self->queue_active != NULL)
    return;
  for (GList *l = self->waiting.head; l != NULL; l = l->next)
    {
      Run *run = l->data;

      /* One of a group being taken away (an undo) waits to be stopped with it. */
      if (flitlab_document_find_study (self, run->study) < 0)
        continue;
      g_queue_delete_link (&self->waiting, l);
      self->queue_active = run;
      run_start (run);
      return;
    }
}

void
flitlab_document_simulate_group (FlitlabDocument *self,
                                 guint            first,
                                 guint            count)
{
  g_return_if_fail (FLITLAB_IS_DOCUMENT (self));
  g_return_if_fail (first < flitlab_project_get_n_studies (self->project) &&
                    count <= flitlab_project_get_n_studies (self->project) - first);

  for (guint i = first; i < first + count; i++)
    {
      FlitlabStudy *study = flitlab_project_get_study (self->project, i);
      Run *run;

      if (g_hash_table_contains (self->runs, study))
        continue;
      /* Asked for as a whole, after the sweep said how long it takes: it does not hold. */
      run = run_new (self, study);
      g_queue_push_tail (&self->waiting, run);
      g_signal_emit (self, signals[RUN_CHANGED], 0, i);
    }
  start_next_waiting (self);
}

gboolean
flitlab_document_get_waiting (FlitlabDocument *self,
                              guint            index)
{
  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), FALSE);

  return index < flitlab_project_get_n_studies (self->project) &&
         g_queue_find_custom (&self->waiting, flitlab_project_get_study (self->project, index),
                              run_has_study) != NULL;
}

void
flitlab_document_stop (FlitlabDocument *self,
                       guint            index)
{
  g_return_if_fail (FLITLAB_IS_DOCUMENT (self));

  if (index < flitlab_project_get_n_studies (self->project))
    cancel_run (self, flitlab_project_get_study (self->project, index));
}

void
flitlab_document_stop_all (FlitlabDocument *self)
{
  g_autoptr(GList) studies = NULL;

  g_return_if_fail (FLITLAB_IS_DOCUMENT (self));

  studies = g_hash_table_get_keys (self->runs);
  for (GList *s = studies; s != NULL; s = s->next)
    cancel_run (self, s->data);
}

static Run *
run_at (FlitlabDocument *self,
        guint            index)
{
  if (index >= flitlab_project_get_n_studies (self->project))
    return NULL;
  return g_hash_table_lookup (self->runs, flitlab_project_get_study (self->project, index));
}

gboolean
flitlab_document_get_running (FlitlabDocument *self,
                              guint            index,
                              double          *fraction,
                              double          *seconds_left)
{
  Run *run;

  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), FALSE);

  run = run_at (self, index);
  if (fraction != NULL)
    *fraction = run != NULL ? flitlab_study_task_get_fraction (run->task) : 0;
  if (seconds_left != NULL)
    *seconds_left = run != NULL ? flitlab_study_task_get_seconds_left (run->task) : -1;
  return run != NULL;
}

gboolean
flitlab_document_get_held (FlitlabDocument *self,
                           guint            index)
{
  Run *run;

  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), FALSE);

  run = run_at (self, index);
  return run != NULL && flitlab_study_task_get_held (run->task);
}

void
flitlab_document_resume (FlitlabDocument *self,
                         guint            index)
{
  Run *run;

  g_return_if_fail (FLITLAB_IS_DOCUMENT (self));

  run = run_at (self, index);
  if (run != NULL)
    flitlab_study_task_resume (run->task);
}

FlitlabStudyTable *
flitlab_document_dup_run_points (FlitlabDocument *self,
                                 guint            index)
{
  Run *run;

  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), NULL);

  run = run_at (self, index);
  return run != NULL ? flitlab_study_task_dup_points (run->task) : NULL;
}

/* ---- saving ------------------------------------------------------------------------- */

gboolean
flitlab_document_save (FlitlabDocument  *self,
                       GFile            *file,
                       GError          **error)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), FALSE);

  file = file != NULL ? file : self->file;
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO,
                   _("%s: only local files can be saved"), uri);
      return FALSE;
    }
  if (!flitlab_project_save (self->project, path, error))
    return FALSE;

  if (file != self->file)
    {
      g_set_object (&self->file, file);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
    }
  self->saved_state = flitlab_history_get_state (self->history);
  self->results_since_saved = FALSE;
  self->imported = FALSE;
  update_state (self);
  return TRUE;
}
