/* flitlab-window.h: a project's window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "flitlab-document.h"

G_BEGIN_DECLS

#define FLITLAB_TYPE_WINDOW (flitlab_window_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabWindow, flitlab_window, FLITLAB, WINDOW, AdwApplicationWindow)

FlitlabDocument *flitlab_window_get_document (FlitlabWindow   *self);
void             flitlab_window_set_document (FlitlabWindow   *self,
                                              FlitlabDocument *document);
/* Loads file into this window on a worker thread, with a bar saying so and a Cancel button;
 * a failure is shown in a dialog and changes nothing. A second open cancels the first, and so
 * does closing the window. Unsaved changes keep their window: the file gets a new one. */
void             flitlab_window_open_file    (FlitlabWindow   *self,
                                              GFile           *file);
/* TRUE while a file is being opened ("loading" property). */
gboolean         flitlab_window_get_loading  (FlitlabWindow   *self);
void             flitlab_window_show_error   (FlitlabWindow   *self,
                                              const char      *heading,
                                              const char      *body);
/* Reads BookSim 2's outputs (GFiles, one per load) into the study shown as its reference
 * "BookSim 2", one edit that Undo takes back (Import BookSim Results…); a failure is shown in
 * a dialog and changes nothing. Nothing without a study shown. */
void             flitlab_window_import_booksim_results (FlitlabWindow *self,
                                                        GListModel    *files);

G_END_DECLS
