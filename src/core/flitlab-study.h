/* flitlab-study.h: one study of a project (stub until the project-format work lands) */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _FlitlabStudy FlitlabStudy;

void flitlab_study_free (FlitlabStudy *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabStudy, flitlab_study_free)

G_END_DECLS
