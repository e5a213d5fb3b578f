/* flitlab-project.c: a Flitlab project, the list of studies a .flitlab file holds
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file format is read and written in io (flitlab-project-xml.h); the project itself needs
 * only GLib.
 */

#include "config.h"

#include "flitlab-project.h"

struct _FlitlabProject
{
  char      *title;
  GPtrArray *studies; /* FlitlabStudy*, owned */
};

/* ---- the project ------------------------------------------------------------------- */

FlitlabProject *
flitlab_project_new (void)
{
  FlitlabProject *self = g_new0 (FlitlabProject, 1);

  self->studies = g_ptr_array_new_with_free_func ((GDestroyNotify) flitlab_study_free);
  return self;
}

FlitlabProject *
flitlab_project_copy (const FlitlabProject *self)
{
  FlitlabProject *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = flitlab_project_new ();
  copy->title = g_strdup (self->title);
  for (guint i = 0; i < self->studies->len; i++)
    g_ptr_array_add (copy->studies, flitlab_study_copy (g_ptr_array_index (self->studies, i)));
  return copy;
}

void
flitlab_project_free (FlitlabProject *self)
{
  if (self == NULL)
    return;
  g_free (self->title);
  g_clear_pointer (&self->studies, g_ptr_array_unref);
  g_free (self);
}

const char *
flitlab_project_get_title (const FlitlabProject *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->title;
}

void
flitlab_project_set_title (FlitlabProject *self,
                           const char     *title)
{
  char *copy;

  g_return_if_fail (self != NULL);

  copy = g_strdup (title);
  g_free (self->title);
  self->title = copy;
}

guint
flitlab_project_get_n_studies (const FlitlabProject *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->studies->len;
}

FlitlabStudy *
flitlab_project_get_study (const FlitlabProject *self,
                           guint                 index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->studies->len, NULL);
  return g_ptr_array_index (self->studies, index);
}

FlitlabStudy *
flitlab_project_find_study (const FlitlabProject *self,
                            const char           *name)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < self->studies->len; i++)
    {
      FlitlabStudy *study = g_ptr_array_index (self->studies, i);

      if (g_strcmp0 (study->name, name) == 0)
        return study;
    }
  return NULL;
}

void
flitlab_project_insert_study (FlitlabProject *self,
                              guint           index,
                              FlitlabStudy   *study)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (study != NULL);

  if (index > self->studies->len)
    index = self->studies->len;
  g_ptr_array_insert (self->studies, (int) index, study);
}

FlitlabStudy *
flitlab_project_remove_study (FlitlabProject *self,
                              guint           index)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->studies->len, NULL);

  return g_ptr_array_steal_index (self->studies, index);
}
