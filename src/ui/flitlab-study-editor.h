/* flitlab-study-editor.h: the parameters of one study, as preference rows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "flitlab-document.h"

G_BEGIN_DECLS

#define FLITLAB_TYPE_STUDY_EDITOR (flitlab_study_editor_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabStudyEditor, flitlab_study_editor, FLITLAB, STUDY_EDITOR, GtkBox)

/* Shows document's study index and follows its changes (NULL or -1 shows nothing). A valid
 * edit goes to flitlab_document_edit_study(); an invalid value is explained beside its field
 * and changes nothing. What else a person should know of an edit (a model removed because it
 * no longer describes the network, a curve that cannot be drawn) comes with the "note" signal:
 *   void note (FlitlabStudyEditor *editor, const char *text) */
void flitlab_study_editor_show (FlitlabStudyEditor *self,
                                FlitlabDocument    *document,
                                int                 index);

G_END_DECLS
