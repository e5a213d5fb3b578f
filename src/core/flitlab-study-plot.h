/* flitlab-study-plot.h: the plot of a study's results, as the window and the export draw it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "flitlab-plot.h"
#include "flitlab-study.h"

G_BEGIN_DECLS

/* metric: a result column, "latency" (the default, NULL), "throughput", "acceptance",
 * "utilization", "power", ... Model curves become lines (their saturation marked), simulation
 * points markers with their 95% intervals (latency only), reference tables hollow series.
 * Series without that column are left out. */
FlitlabPlot *flitlab_study_plot_new     (const FlitlabStudy *study,
                                         const char         *metric);
/* As flitlab_study_plot_new(), with points (when not NULL) instead of the study's simulation
 * points: the loads of a simulation still running. */
FlitlabPlot *flitlab_study_plot_new_running (const FlitlabStudy      *study,
                                             const char              *metric,
                                             const FlitlabStudyTable *points);
/* The studies overlaid (comparison mode), each series labelled with its study's name. Every
 * latency is the first study's (its models'): the simulations are shown in it, and a model
 * that predicts another is named in the legend but not drawn. */
FlitlabPlot *flitlab_study_plot_new_comparison (const FlitlabStudy * const *studies,
                                                guint                       n_studies,
                                                const char                 *metric);
/* Predict, then reveal: the guessed saturation load marked on the plot and weighed in its title
 * against the model's and the simulation's ("Guess 0.03 · model 0.0545 (guess 45% low) · …"). */
void         flitlab_study_plot_show_guess (FlitlabPlot        *plot,
                                            const FlitlabStudy *study,
                                            double              guess);

/* The study's model as the plot's legend names it: its citation and the parameters that tell
 * it apart ("Ciciani et al. 1998, k = 5x10x20"), for a view beside the plot. */
char        *flitlab_study_plot_dup_model_name (const FlitlabStudy      *study,
                                                const FlitlabStudyModel *model);

G_END_DECLS
