/* flitlab-document.h: an open project, its file and whether it has unsaved changes
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "flitlab-project.h"

G_BEGIN_DECLS

#define FLITLAB_TYPE_DOCUMENT (flitlab_document_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabDocument, flitlab_document, FLITLAB, DOCUMENT, GObject)

FlitlabDocument *flitlab_document_new         (void);
/* Loads path; the error names the file, the line and the problem. */
FlitlabDocument *flitlab_document_new_for_file (GFile           *file,
                                               GError         **error);
/* The same on a worker thread, for the window: it stays responsive while a large file is read
 * and parsed. A cancelled open finishes at once with G_IO_ERROR_CANCELLED, even when the
 * worker is still reading; what it reads later is thrown away. */
void             flitlab_document_new_for_file_async  (GFile               *file,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
FlitlabDocument *flitlab_document_new_for_file_finish (GAsyncResult        *result,
                                                       GError             **error);
FlitlabProject  *flitlab_document_get_project (FlitlabDocument *self);
GFile           *flitlab_document_get_file    (FlitlabDocument *self);
gboolean         flitlab_document_get_dirty   (FlitlabDocument *self);
/* The project's title, else the file's name, else "Untitled project". */
char            *flitlab_document_dup_title   (FlitlabDocument *self);
/* Tells the document its project changed: it becomes dirty and emits "changed". */
void             flitlab_document_changed     (FlitlabDocument *self);
/* Tells the document its project changed back to what was last saved or opened (an undo came
 * back to it): it becomes clean and emits "changed". */
void             flitlab_document_changed_back (FlitlabDocument *self);
/* Saves atomically to file (NULL: the document's own); on success the document takes that
 * file and is clean, on failure nothing changes on disk or in the document. */
gboolean         flitlab_document_save        (FlitlabDocument *self,
                                               GFile           *file,
                                               GError         **error);

G_END_DECLS
