/* flitlab-project.h: a Flitlab project, a list of studies
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Its .flitlab XML file is read and written by io: flitlab-project-xml.h.
 */

#pragma once

#include <glib.h>

#include "flitlab-study.h"

G_BEGIN_DECLS

typedef struct _FlitlabProject FlitlabProject;

FlitlabProject *flitlab_project_new         (void);
FlitlabProject *flitlab_project_copy        (const FlitlabProject *self);
void            flitlab_project_free        (FlitlabProject       *self);

const char     *flitlab_project_get_title   (const FlitlabProject *self);
void            flitlab_project_set_title   (FlitlabProject       *self,
                                             const char           *title);
guint           flitlab_project_get_n_studies (const FlitlabProject *self);
FlitlabStudy   *flitlab_project_get_study   (const FlitlabProject *self,
                                             guint                 index);
FlitlabStudy   *flitlab_project_find_study  (const FlitlabProject *self,
                                             const char           *name);
/* Takes ownership of study; inserts at index (G_MAXUINT appends). */
void            flitlab_project_insert_study (FlitlabProject      *self,
                                             guint                 index,
                                             FlitlabStudy         *study);
/* Returns the removed study, owned by the caller. */
FlitlabStudy   *flitlab_project_remove_study (FlitlabProject      *self,
                                             guint                 index);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabProject, flitlab_project_free)

G_END_DECLS
