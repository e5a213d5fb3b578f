/* flitlab-document.c: an open project, its file and whether it has unsaved changes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-document.h"
#include "flitlab-project-xml.h"

struct _FlitlabDocument
{
  GObject         parent_instance;
  FlitlabProject *project;
  GFile          *file;
  gboolean        dirty;
};

G_DEFINE_FINAL_TYPE (FlitlabDocument, flitlab_document, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_FILE,
  PROP_DIRTY,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
flitlab_document_finalize (GObject *object)
{
  FlitlabDocument *self = (FlitlabDocument *) object;

  g_clear_pointer (&self->project, flitlab_project_free);
  g_clear_object (&self->file);
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
    case PROP_DIRTY:
      g_value_set_boolean (value, self->dirty);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
flitlab_document_class_init (FlitlabDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = flitlab_document_finalize;
  object_class->get_property = flitlab_document_get_property;

  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_DIRTY] =
    g_param_spec_boolean ("dirty", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
flitlab_document_init (FlitlabDocument *self)
{
}

FlitlabDocument *
flitlab_document_new (void)
{
  FlitlabDocument *self = g_object_new (FLITLAB_TYPE_DOCUMENT, NULL);

  self->project = flitlab_project_new ();
  return self;
}

/* Reads and parses file; no GTK and no document, so the open worker can call it. */
static FlitlabProject *
load_project (GFile   *file,
              GError **error)
{
  g_autofree char *path = g_file_get_path (file);

  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO,
                   _("%s: only local files can be opened"), uri);
      return NULL;
    }
  return flitlab_project_load (path, error);
}

static FlitlabDocument *
document_new_for_project (GFile          *file,
                          FlitlabProject *project)
{
  FlitlabDocument *self = g_object_new (FLITLAB_TYPE_DOCUMENT, NULL);

  self->project = project;
  self->file = g_object_ref (file);
  return self;
}

FlitlabDocument *
flitlab_document_new_for_file (GFile   *file,
                               GError **error)
{
  FlitlabProject *project;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  project = load_project (file, error);
  if (project == NULL)
    return NULL;
  return document_new_for_project (file, project);
}

static void
open_worker (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  g_autoptr(GError) error = NULL;
  FlitlabProject *project = load_project (task_data, &error);

  /* Cancelled with return-on-cancel, the task has returned already: whatever is returned here
   * is freed with the task. */
  if (project == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, project, (GDestroyNotify) flitlab_project_free);
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
  FlitlabProject *project;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        flitlab_document_new_for_file_async, NULL);

  project = g_task_propagate_pointer (G_TASK (result), error);
  if (project == NULL)
    return NULL;
  /* Here, on the caller's thread: the document's signals are emitted where its users are. */
  return document_new_for_project (g_task_get_task_data (G_TASK (result)), project);
}

FlitlabProject *
flitlab_document_get_project (FlitlabDocument *self)
{
  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), NULL);
  return self->project;
}

GFile *
flitlab_document_get_file (FlitlabDocument *self)
{
  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), NULL);
  return self->file;
}

gboolean
flitlab_document_get_dirty (FlitlabDocument *self)
{
  g_return_val_if_fail (FLITLAB_IS_DOCUMENT (self), FALSE);
  return self->dirty;
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

static void
set_dirty (FlitlabDocument *self,
           gboolean         dirty)
{
  if (self->dirty == dirty)
    return;
  self->dirty = dirty;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIRTY]);
}

void
flitlab_document_changed (FlitlabDocument *self)
{
  g_return_if_fail (FLITLAB_IS_DOCUMENT (self));

  set_dirty (self, TRUE);
  g_signal_emit (self, signals[CHANGED], 0);
}

void
flitlab_document_changed_back (FlitlabDocument *self)
{
  g_return_if_fail (FLITLAB_IS_DOCUMENT (self));

  set_dirty (self, FALSE);
  g_signal_emit (self, signals[CHANGED], 0);
}

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
  set_dirty (self, FALSE);
  return TRUE;
}
