/* flitlab-results-row.h: one row of the results table, as its list model holds it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define FLITLAB_TYPE_RESULTS_ROW (flitlab_results_row_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabResultsRow, flitlab_results_row, FLITLAB, RESULTS_ROW, GObject)

/* The row's values live in the table (flitlab-results-table.c): the item is its index there. */
FlitlabResultsRow *flitlab_results_row_new       (guint              index);
guint              flitlab_results_row_get_index (FlitlabResultsRow *self);

G_END_DECLS
