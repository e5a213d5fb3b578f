/* flitlab-export-private.h: what export's files share: flitlab_export_plot ()
 * (flitlab-export.c) writes a plot's .tex and .py with flitlab-export-plot-code.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "flitlab-render-private.h"

G_BEGIN_DECLS

/* The plot as a pgfplots document, its frame f and saturation labels as the renderer placed
 * them (flitlab_plot_measure ()), on a page of width x height points. */
char *flitlab_export_plot_to_tex    (const FlitlabPlot      *plot,
                                     const FlitlabPlotFrame *f,
                                     GArray                 *labels,
                                     double                  width,
                                     double                  height);
/* The plot as a matplotlib script for a figure width x height points. */
char *flitlab_export_plot_to_python (const FlitlabPlot      *plot,
                                     const FlitlabPlotFrame *f,
                                     GArray                 *labels,
                                     double                  width,
                                     double                  height);

G_END_DECLS
