/* flitlab-history.h: undo and redo of a project's study edits, additions and deletions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every change goes through the history, which applies it and remembers how to take it back.
 * A study keeps its address through edits and their undo (the contents are swapped), so
 * whoever points at it (a running simulation) can tell it is still the same study.
 */

#pragma once

#include <glib.h>

#include "flitlab-project.h"

G_BEGIN_DECLS

/* Older steps are forgotten beyond this many. */
#define FLITLAB_HISTORY_MAX_STEPS 100

typedef struct _FlitlabHistory FlitlabHistory;

FlitlabHistory *flitlab_history_new      (FlitlabProject *project);
void            flitlab_history_free     (FlitlabHistory *self);

/* Replaces the contents of study index with edited's (taken). */
void            flitlab_history_edit     (FlitlabHistory *self,
                                          guint           index,
                                          FlitlabStudy   *edited);
/* Inserts study (taken) at index (clamped to the end). */
void            flitlab_history_insert   (FlitlabHistory *self,
                                          guint           index,
                                          FlitlabStudy   *study);
/* Inserts studies (FlitlabStudy*, non-empty, taken with the array, which must not free
 * them) at index as one step, in order. */
void            flitlab_history_insert_many (FlitlabHistory *self,
                                          guint           index,
                                          GPtrArray      *studies);
/* Removes study index; the history keeps it for undo. */
void            flitlab_history_remove   (FlitlabHistory *self,
                                          guint           index);
/* Removes the count studies from index on as one step. */
void            flitlab_history_remove_many (FlitlabHistory *self,
                                          guint           index,
                                          guint           count);

/* Names the project's state as the history has made it: equal after an undo that comes back to
 * an earlier state (the one last saved, say), different after any other step. */
guint64         flitlab_history_get_state (FlitlabHistory *self);
gboolean        flitlab_history_can_undo (FlitlabHistory *self);
gboolean        flitlab_history_can_redo (FlitlabHistory *self);
/* Take back (bring back) the last step; FALSE when there is none. index: the study the step
 * changed, for selecting it (after an undone insertion or a redone deletion, where it was);
 * study: the study whose contents or place changed (the first, for several), which may be held
 * by the history now. */
gboolean        flitlab_history_undo     (FlitlabHistory *self,
                                          guint          *index,
                                          FlitlabStudy  **study);
gboolean        flitlab_history_redo     (FlitlabHistory *self,
                                          guint          *index,
                                          FlitlabStudy  **study);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabHistory, flitlab_history_free)

G_END_DECLS
