/* flitlab-history.c: undo and redo of a project's study edits, additions and deletions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "flitlab-history.h"

typedef enum
{
  STEP_EDIT,   /* study: the other contents, swapped with the project's on undo and redo */
  STEP_INSERT, /* held: empty while inserted, the removed studies while undone */
  STEP_REMOVE, /* held: the removed studies while done, empty while undone */
} StepKind;

typedef struct
{
  StepKind      kind;
  guint         index;
  guint         count;  /* STEP_INSERT, STEP_REMOVE: the studies from index on */
  FlitlabStudy *study;  /* STEP_EDIT */
  GPtrArray    *held;   /* STEP_INSERT, STEP_REMOVE: FlitlabStudy*, owned, in order (the array
                           frees none: they move between it and the project) */
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
  for (guint i = 0; step->held != NULL && i < step->held->len; i++)
    flitlab_study_free (step->held->pdata[i]);
  g_clear_pointer (&step->held, g_ptr_array_unref);
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

/* Applies step forwards (redo) or backwards (undo); returns the (first) study changed. */
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
      changed = step->held->pdata[0];
      for (guint i = 0; i < step->count; i++)
        flitlab_project_insert_study (self->project, step->index + i, step->held->pdata[i]);
      g_ptr_array_set_size (step->held, 0);
    }
  else
    {
      for (guint i = 0; i < step->count; i++)
        g_ptr_array_add (step->held, flitlab_project_remove_study (self->project, step->index));
      changed = step->held->pdata[0];
    }
  return changed;
}

/* held: the studies an insertion brings (taken), NULL otherwise. */
static void
push (FlitlabHistory *self,
      StepKind        kind,
      guint           index,
      guint           count,
      FlitlabStudy   *study,
      GPtrArray      *held)
{
  Step *step = g_new0 (Step, 1);

  step->kind = kind;
  step->index = index;
  step->count = count;
  step->study = study;
  if (kind != STEP_EDIT)
    step->held = held != NULL ? held : g_ptr_array_new ();
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
  push (self, STEP_EDIT, index, 1, edited, NULL);
}

void
flitlab_history_insert (FlitlabHistory *self,
                        guint           index,
                        FlitlabStudy   *study)
{
  GPtrArray *studies = g_ptr_array_new ();

  g_ptr_array_add (studies, study);
  flitlab_history_insert_many (self, index, studies);
}

void
flitlab_history_insert_many (FlitlabHistory *self,
                             guint           index,
                             GPtrArray      *studies)
{
  g_return_if_fail (studies != NULL && studies->len > 0);
  push (self, STEP_INSERT, MIN (index, flitlab_project_get_n_studies (self->project)),
        studies->len, NULL, studies);
}

void
flitlab_history_remove (FlitlabHistory *self,
                        guint           index)
{
  flitlab_history_remove_many (self, index, 1);
}

void
flitlab_history_remove_many (FlitlabHistory *self,
                             guint           index,
                             guint           count)
{
  g_return_if_fail (count > 0 && index < flitlab_project_get_n_studies (self->project) &&
                    count <= flitlab_project_get_n_studies (self->project) - index);
  push (self, STEP_REMOVE, index, count, NULL, NULL);
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
