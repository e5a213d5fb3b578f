/* flitlab-trace-summary.h: a trace file summarized as a study's traffic (FlitlabStudyTrace)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one place that turns a trace file into a FlitlabStudyTrace: the editor's "Trace from
 * file…", the project reader's <trace> and flitlab-cli all come here. The trace it makes reads
 * the file with flitlab-trace-file.h as its open/next/close; open refuses a file that is not
 * the one summarized (docs/traffic.md, "A trace study"):
 * - a trace summarized here in this session remembers the file's size and modification time,
 *   and open compares them (a stat, whatever the trace's length);
 * - a trace restored from a project (flitlab_trace_summary_restore()) has not been read: its
 *   first open hashes the file once and compares the SHA-256 the project holds, then
 *   remembers size and modification time as above.
 */

#pragma once

#include <gio/gio.h>

#include "flitlab-sim.h"
#include "flitlab-study-trace.h"

G_BEGIN_DECLS

/* Reads the trace at path once, streaming (memory: the n_nodes × n_nodes counts), and hashes
 * it: its messages, last cycle, mean flits and counts per pair of nodes (messages to their own
 * source are counted in messages but in no pair). n_nodes: the network's nodes; a message
 * naming another node is refused at its line or packet. Errors are one line naming the file:
 * the reader's (flitlab-trace-file.h), G_FILE_ERROR, or FLITLAB_TRACE_FILE_ERROR_EMPTY.
 * progress (may be NULL) hears the share done of both passes, each by bytes of the file (the
 * messages' by the position in it: a Netrace trace's compressed bytes), weighted by their
 * usual share of the time; never going back, 1 once the summary is made; seconds_left is -1. It is called on the caller's thread
 * at the start, every 64 KiB hashed and every 4096 messages, where cancellable is checked too:
 * cancelled, or progress returning FALSE, the read ends with G_IO_ERROR_CANCELLED. */
FlitlabStudyTrace *flitlab_trace_summary_read    (const char           *path,
                                                  guint                 n_nodes,
                                                  GCancellable         *cancellable,
                                                  FlitlabProgressFunc   progress,
                                                  gpointer              progress_data,
                                                  GError              **error);
/* A trace as a project holds its summary, without reading the file: the file must exist
 * (else G_FILE_ERROR_NOENT, "Trace file “…” is missing"); whether it is still the one with
 * sha256 is checked at its first open. matrix: a reference is taken. */
FlitlabStudyTrace *flitlab_trace_summary_restore (const char           *path,
                                                  const char           *sha256,
                                                  guint64               messages,
                                                  guint64               last_cycle,
                                                  double                flits,
                                                  FlitlabTrafficMatrix *matrix,
                                                  GError              **error);

G_END_DECLS
