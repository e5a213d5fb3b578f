/* flitlab-study-trace.c: a trace file as a study's traffic, summarized once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The struct lives in a GRcBox, so that its fields stay the plain public struct the io tier
 * fills and the count is kept out of it.
 */

#include "config.h"

#include <math.h>

#include "flitlab-study-trace.h"

FlitlabStudyTrace *
flitlab_study_trace_new (void)
{
  return g_rc_box_new0 (FlitlabStudyTrace);
}

FlitlabStudyTrace *
flitlab_study_trace_ref (FlitlabStudyTrace *trace)
{
  g_return_val_if_fail (trace != NULL, NULL);
  return g_rc_box_acquire (trace);
}

static void
trace_clear (gpointer data)
{
  FlitlabStudyTrace *trace = data;

  g_free (trace->file);
  g_free (trace->sha256);
  g_clear_pointer (&trace->matrix, flitlab_traffic_matrix_unref);
  if (trace->reader_data != NULL && trace->reader_data_free != NULL)
    trace->reader_data_free (trace->reader_data);
}

void
flitlab_study_trace_unref (FlitlabStudyTrace *trace)
{
  if (trace != NULL)
    g_rc_box_release_full (trace, trace_clear);
}

double
flitlab_study_trace_scale_at (const FlitlabStudyTrace *trace,
                              double                   rate,
                              guint                    n_nodes)
{
  g_return_val_if_fail (trace != NULL, NAN);

  if (trace->messages == 0 || n_nodes == 0 || !(rate > 0) || !isfinite (rate))
    return NAN;
  return (double) trace->messages / (((double) trace->last_cycle + 1) * rate * n_nodes);
}

double
flitlab_study_trace_natural_rate (const FlitlabStudyTrace *trace,
                                  guint                    n_nodes)
{
  g_return_val_if_fail (trace != NULL, NAN);

  if (n_nodes == 0)
    return NAN;
  return (double) trace->messages / (((double) trace->last_cycle + 1) * n_nodes);
}

gboolean
flitlab_study_trace_equal (const FlitlabStudyTrace *a,
                           const FlitlabStudyTrace *b)
{
  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL)
    return FALSE;
  return g_strcmp0 (a->file, b->file) == 0 && g_strcmp0 (a->sha256, b->sha256) == 0 &&
         a->messages == b->messages && a->last_cycle == b->last_cycle && a->flits == b->flits &&
         flitlab_traffic_matrix_equal (a->matrix, b->matrix);
}
