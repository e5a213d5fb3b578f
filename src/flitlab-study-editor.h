/* flitlab-study-editor.h: the parameters of one study, as preference rows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "flitlab-project.h"

G_BEGIN_DECLS

#define FLITLAB_TYPE_STUDY_EDITOR (flitlab_study_editor_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabStudyEditor, flitlab_study_editor, FLITLAB, STUDY_EDITOR, GtkBox)

/* Shows study (not copied: call again after it changed; NULL shows nothing). The editor never
 * changes it: a valid edit is a changed copy, handed over by the "edited" signal:
 *   gboolean edited (FlitlabStudyEditor *editor, FlitlabStudy *copy, const char *note)
 * The handler that returns TRUE takes the copy; note says what else changed with it (a model
 * removed because it no longer describes the network) or is NULL. An invalid value is
 * explained beside its field and changes nothing. project: for names already taken. */
void flitlab_study_editor_set_study (FlitlabStudyEditor   *self,
                                     const FlitlabStudy   *study,
                                     const FlitlabProject *project);

G_END_DECLS
