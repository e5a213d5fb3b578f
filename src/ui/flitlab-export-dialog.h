/* flitlab-export-dialog.h: the window's Export dialog (Ctrl+E)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "flitlab-export.h"

G_BEGIN_DECLS

/* The figure the window shows, as the dialog exports it: the plot, else the network diagram,
 * else the flow diagram; none of them when nothing can be exported. Borrowed from the window. */
typedef struct
{
  FlitlabPlot         *plot;
  FlitlabTopologyFigure *network;
  gboolean             stacked;   /* the network as a stack of its planes */
  const FlitlabModel  *flow;
  double               flow_rate;
  FlitlabDependencyFigure dependency; /* a channel dependency graph when its graph is set */
} FlitlabExportFigure;

/* Fills figure with what window shows at the moment of the call; FALSE when nothing. */
typedef gboolean (*FlitlabExportFigureFunc) (GtkWindow           *window,
                                             FlitlabExportFigure *figure);

#define FLITLAB_TYPE_EXPORT_DIALOG (flitlab_export_dialog_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabExportDialog, flitlab_export_dialog, FLITLAB, EXPORT_DIALOG,
                      AdwWindow)

/* A dialog over window that sets the figure window shows as flitlab-cli export does (format,
 * size or preset, PNG resolution, type size, title, legend), previews the file at that size,
 * and writes it to a name (after title) in a folder: the folder and the choices of the last
 * export (remembered in settings), else project_file's folder (NULL: none), else the user's
 * documents. Written, it says so in a toast on toasts, with a button that opens the folder, and
 * closes. NULL when window shows nothing to export. The dialog destroys itself when closed. */
FlitlabExportDialog *flitlab_export_dialog_new (GtkWindow               *window,
                                                AdwToastOverlay         *toasts,
                                                GSettings               *settings,
                                                const char              *title,
                                                GFile                   *project_file,
                                                FlitlabExportFigureFunc  figure_func);

G_END_DECLS
