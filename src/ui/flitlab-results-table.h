/* flitlab-results-table.h: the shown studies' results as a table beside the plot
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One row per load of each study shown, with every column its simulation wrote (the CSV's:
 * latencies with their 95% intervals, throughput, queueing, hops, messages; saturation and
 * deadlock in a status column) and each model's latency at the same load. Any column sorts
 * the rows; Copy (Ctrl+C) puts every row on the clipboard as tab-separated text, for a
 * spreadsheet, the intervals in columns of their own as in the CSV.
 */

#pragma once

#include <gtk/gtk.h>

#include "flitlab-study.h"

G_BEGIN_DECLS

#define FLITLAB_TYPE_RESULTS_TABLE (flitlab_results_table_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabResultsTable, flitlab_results_table, FLITLAB, RESULTS_TABLE, GtkBox)

/* Shows the results of n studies; points[i], when not NULL, stands for study i's simulation
 * points (the loads of a simulation still running). When the rows are the ones shown already,
 * nothing changes: the order and the selection stay. Emits "load-selected" (guint study,
 * double load) when a person selects a row. */
void  flitlab_results_table_show        (FlitlabResultsTable              *self,
                                         const FlitlabStudy * const       *studies,
                                         const FlitlabStudyTable * const  *points,
                                         guint                             n);
guint flitlab_results_table_get_n_rows  (FlitlabResultsTable              *self);
/* Every row in the order shown, tab-separated, after a line of the columns' names: what Copy
 * puts on the clipboard. */
char *flitlab_results_table_dup_text    (FlitlabResultsTable              *self);
/* Selects the row of study number study at load (none when it has no such row), without
 * emitting "load-selected". */
void  flitlab_results_table_select_load (FlitlabResultsTable              *self,
                                         guint                             study,
                                         double                            load);
/* Whether a row is selected, and its study and load. */
gboolean flitlab_results_table_get_selected (FlitlabResultsTable *self,
                                             guint               *study,
                                             double              *load);
/* Sorts by column number column (0: the first shown), ascending or descending, as a click on
 * its header does. */
void  flitlab_results_table_sort        (FlitlabResultsTable              *self,
                                         guint                             column,
                                         GtkSortType                       order);

G_END_DECLS
