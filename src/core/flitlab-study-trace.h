/* flitlab-study-trace.h: a trace file as a study's traffic, summarized once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A study whose pattern is FLITLAB_TRAFFIC_TRACE replays a trace (flitlab-sim-replay.h) at
 * each load of its range. The core cannot read files: the io tier summarizes the file
 * (src/io/flitlab-trace-summary.h) into this struct, with its own reader as open, next and
 * close, and the study run calls them. Made by its maker (flitlab_study_trace_new(), then its
 * fields filled), then never changed: reference-counted, a study's copies and the threads
 * replaying it share it.
 */

#pragma once

#include <glib.h>

#include "flitlab-sim-replay.h"
#include "flitlab-traffic-matrix.h"

G_BEGIN_DECLS

typedef struct _FlitlabStudyTrace FlitlabStudyTrace;

struct _FlitlabStudyTrace
{
  char                 *file;        /* absolute path, as resolved */
  char                 *sha256;      /* hex SHA-256 of the file when summarized */
  guint64               messages;    /* messages in the trace */
  guint64               last_cycle;  /* recorded cycle of its last message */
  double                flits;       /* mean flits per message */
  FlitlabTrafficMatrix *matrix;      /* messages per source–destination pair (the weights) */
  /* the io tier's reader: opens the file (checking it still has sha256), yields messages,
     closes it */
  gpointer            (*open)  (const FlitlabStudyTrace *trace, GError **error);
  FlitlabTraceNextFunc  next;
  GDestroyNotify        close;
  /* The reader's own state (such as what the file looked like when checked), freed with
   * reader_data_free when the last reference goes; NULL: none. */
  gpointer              reader_data;
  GDestroyNotify        reader_data_free;
};

/* A trace with every field zero, to be filled by its maker before it is shared. */
FlitlabStudyTrace *flitlab_study_trace_new      (void);
FlitlabStudyTrace *flitlab_study_trace_ref      (FlitlabStudyTrace       *trace);
void               flitlab_study_trace_unref    (FlitlabStudyTrace       *trace);
/* The replay scale at which the trace's mean offered load (by timestamps) is rate
   messages/cycle/node on n_nodes nodes: messages / ((last_cycle + 1) * scale * n_nodes) = rate.
   NaN when there is none (no messages, no nodes, a load not above 0). */
double             flitlab_study_trace_scale_at (const FlitlabStudyTrace *trace,
                                                 double                   rate,
                                                 guint                    n_nodes);
/* The load (messages/cycle/node) of the trace replayed at scale 1 on n_nodes nodes: its
 * natural load, the inverse of flitlab_study_trace_scale_at(). */
double             flitlab_study_trace_natural_rate (const FlitlabStudyTrace *trace,
                                                     guint                    n_nodes);
/* Whether a and b are the same summary of the same file (both NULL alike). */
gboolean           flitlab_study_trace_equal    (const FlitlabStudyTrace *a,
                                                 const FlitlabStudyTrace *b);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabStudyTrace, flitlab_study_trace_unref)

G_END_DECLS
