/* flitlab-history.c: undo and redo of a project's study edits, additions and deletions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "flitlab-history.h"

typedef enum
{
  STEP_EDIT,   /* study: the other contents, swapped with the project's on undo and redo */
  STEP_INSERT, /* study: NULL while inserted, the removed study while undone */
  STEP_REMOVE, /* study: the removed study while done, NULL while undone */
} StepKind;

typedef struct
{
  StepKind      kind;
  guint         index;
  FlitlabStudy *study;
  guint64       serial; /* names the state the step leads to */
} Step;

struct _FlitlabHistory
{
  FlitlabProject *project; /* not owned */
  GQueue          undo;    /* Step*, newest first */
  GQueue          redo;
  guint64         serials; /* the last serial given */
  guint64         base;    /* the state with nothing to undo: 0, or the last forgotten step's */
};

static void
step_free (gpointer data)
{
  Step *step = data;

  g_clear_pointer (&step->study, flitlab_study_free);
  g_free (step);
}

FlitlabHistory *
flitlab_history_new (FlitlabProject *project)
{
  FlitlabHistory *self = g_new0 (FlitlabHistory, 1);

  self->project = project;
  return self;
}

void
flitlab_history_free (FlitlabHistory *self)
{
  if (self == NULL)
    return;
  g_queue_clear_full (&self->undo, step_free);
  g_queue_clear_full (&self->redo, step_free);
  g_free (self);
}

static void
swap (FlitlabStudy *a,
      FlitlabStudy *b)
{
  FlitlabStudy tmp = *a;

  *a = *b;
  *b = tmp;
}

/* Applies step forwards (redo) or backwards (undo). */
static FlitlabStudy *
apply (FlitlabHistory *self,
       Step           *step,
       gboolean        forwards)
{
  FlitlabStudy *changed;

  if (step->kind == STEP_EDIT)
    {
      changed = flitlab_project_get_study (self->project, step->index);
      swap (changed, step->study);
    }
  else if ((step->kind == STEP_INSERT) == forwards)
    {
      changed = g_steal_pointer (&step->study);
      flitlab_project_insert_study (self->project, step->index, changed);
    }
  else
    {
      changed = flitlab_project_remove_study (self->project, step->index);
      step->study = changed;
    }
  return changed;
}

static void
push (FlitlabHistory *self,
      StepKind        kind,
      guint           index,
      FlitlabStudy   *study)
{
  Step *step = g_new0 (Step, 1);

  step->kind = kind;
  step->index = index;
  step->study = study;
  step->serial = ++self->serials;
  apply (self, step, TRUE);
  g_queue_push_head (&self->undo, step);
  g_queue_clear_full (&self->redo, step_free);
  while (self->undo.length > FLITLAB_HISTORY_MAX_STEPS)
    {
      Step *forgotten = g_queue_pop_tail (&self->undo);

      self->base = forgotten->serial;
      step_free (forgotten);
    }
}

void
flitlab_history_edit (FlitlabHistory *self,
                      guint           index,
                      FlitlabStudy   *edited)
{
  g_return_if_fail (index < flitlab_project_get_n_studies (self->project));
  push (self, STEP_EDIT, index, edited);
}

void
flitlab_history_insert (FlitlabHistory *self,
                        guint           index,
                        FlitlabStudy   *study)
{
  push (self, STEP_INSERT, MIN (index, flitlab_project_get_n_studies (self->project)), study);
}

void
flitlab_history_remove (FlitlabHistory *self,
                        guint           index)
{
  g_return_if_fail (index < flitlab_project_get_n_studies (self->project));
  push (self, STEP_REMOVE, index, NULL);
}

guint64
flitlab_history_get_state (FlitlabHistory *self)
{
  Step *last = g_queue_peek_head (&self->undo);

  return last != NULL ? last->serial : self->base;
}

gboolean
flitlab_history_can_undo (FlitlabHistory *self)
{
  return self->undo.length > 0;
}

gboolean
flitlab_history_can_redo (FlitlabHistory *self)
{
  return self->redo.length > 0;
}

static gboolean
move (FlitlabHistory  *self,
      GQueue          *from,
      GQueue          *to,
      gboolean         forwards,
      guint           *index,
      FlitlabStudy   **study)
{
  Step *step = g_queue_pop_head (from);
  FlitlabStudy *changed;

  if (step == NULL)
    return FALSE;
  changed = apply (self, step, forwards);
  g_queue_push_head (to, step);
  if (index != NULL)
    *index = step->index;
  if (study != NULL)
    *study = changed;
  return TRUE;
}

gboolean
flitlab_history_undo (FlitlabHistory  *self,
                      guint           *index,
                      FlitlabStudy   **study)
{
  return move (self, &self->undo, &self->redo, FALSE, index, study);
}

gboolean
flitlab_history_redo (FlitlabHistory  *self,
                      guint           *index,
                      FlitlabStudy   **study)
{
  return move (self, &self->redo, &self->undo, TRUE, index, study);
}
