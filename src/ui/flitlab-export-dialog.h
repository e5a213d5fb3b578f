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
  FlitlabTopologyView *network;
  gboolean             stacked;   /* the network as a stack of its planes */
  const FlitlabModel  *flow;
  double               flow_rate;
} FlitlabExportFigure;

/* Fills figure with what window shows at the moment of the call; FALSE when nothing. */
typedef gboolean (*FlitlabExportFigureFunc) (GtkWindow           *window,
                                             FlitlabExportFigure *figure);

/* Asks where, in which format, at which size and resolution to export the figure window shows
 * (the last choices first, remembered in settings), names the file after title, writes the
 * figure figure_func gives on acceptance and says so in a toast on toasts, with a button that
 * opens the file's folder. NULL when window shows nothing to export. The caller keeps the
 * dialog until it responds, and clears it on dispose. */
GtkFileChooserNative *flitlab_export_dialog_new (GtkWindow               *window,
                                                 AdwToastOverlay         *toasts,
                                                 GSettings               *settings,
                                                 const char              *title,
                                                 FlitlabExportFigureFunc  figure_func);

G_END_DECLS
