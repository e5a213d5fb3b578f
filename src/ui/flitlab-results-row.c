/* flitlab-results-row.c: one row of the results table, as its list model holds it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "flitlab-results-row.h"

struct _FlitlabResultsRow
{
  GObject parent_instance;
  guint   index;
};

G_DEFINE_FINAL_TYPE (FlitlabResultsRow, flitlab_results_row, G_TYPE_OBJECT)

static void
flitlab_results_row_class_init (FlitlabResultsRowClass *klass)
{
}

static void
flitlab_results_row_init (FlitlabResultsRow *self)
{
}

FlitlabResultsRow *
flitlab_results_row_new (guint index)
{
  FlitlabResultsRow *self = g_object_new (FLITLAB_TYPE_RESULTS_ROW, NULL);

  self->index = index;
  return self;
}

guint
flitlab_results_row_get_index (FlitlabResultsRow *self)
{
  g_return_val_if_fail (FLITLAB_IS_RESULTS_ROW (self), 0);
  return self->index;
}
