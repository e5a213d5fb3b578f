/* flitlab-trace-file.h: a trace of messages read from a file, one message at a time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two formats (docs/traffic.md), told apart by the file's first bytes:
 * - plain text: one message a line, "cycle source destination flits", the four whole numbers
 *   separated by spaces, tabs or commas; "#" starts a comment; blank lines are skipped;
 * - Netrace (a bzip2-compressed .tra.bz2 of Netrace 1.0): its header, then packets with their
 *   dependencies; a packet's size in bytes is Netrace's for its type (8 or 72), carried in
 *   16-byte flits (1 or 5).
 * flitlab_trace_file_next() is a FlitlabTraceNextFunc (flitlab-sim-replay.h): the file is
 * streamed, never loaded whole. Errors are one line that names the file and, for a text
 * trace, the line.
 */

#pragma once

#include <glib.h>

#include "flitlab-sim-replay.h"

G_BEGIN_DECLS

#define FLITLAB_TRACE_FILE_ERROR (flitlab_trace_file_error_quark ())

typedef enum
{
  FLITLAB_TRACE_FILE_ERROR_PARSE,     /* not a trace of either format */
  FLITLAB_TRACE_FILE_ERROR_TRUNCATED, /* a Netrace trace that ends inside its data */
  FLITLAB_TRACE_FILE_ERROR_CHANGED,   /* not the file a study's trace summarized */
  FLITLAB_TRACE_FILE_ERROR_EMPTY,     /* no message between two different nodes */
} FlitlabTraceFileError;

typedef enum
{
  FLITLAB_TRACE_FORMAT_TEXT,
  FLITLAB_TRACE_FORMAT_NETRACE,
} FlitlabTraceFormat;

/* Netrace's packets are carried in flits of this many bytes. */
#define FLITLAB_NETRACE_FLIT_BYTES 16

typedef struct _FlitlabTraceFile FlitlabTraceFile;

GQuark             flitlab_trace_file_error_quark    (void);
/* Opens path and reads a Netrace trace's header. G_FILE_ERROR when it cannot be read. */
FlitlabTraceFile  *flitlab_trace_file_open           (const char                *path,
                                                      GError                   **error);
void               flitlab_trace_file_free           (FlitlabTraceFile          *self);
FlitlabTraceFormat flitlab_trace_file_get_format     (const FlitlabTraceFile    *self);
/* A Netrace header's nodes and packets; 0 for a text trace. */
guint              flitlab_trace_file_get_n_nodes    (const FlitlabTraceFile    *self);
guint64            flitlab_trace_file_get_n_messages (const FlitlabTraceFile    *self);
/* The network's nodes: a message naming a node from n_nodes on is then refused here, with its
 * line or packet (the replay refuses it too, by its number in the trace). 0: no bound. */
void               flitlab_trace_file_set_network_nodes (FlitlabTraceFile       *self,
                                                      guint                      n_nodes);
/* The bytes of the file read so far (a Netrace trace's are compressed bytes): how far a pass
 * over the messages is, against the file's size. */
guint64            flitlab_trace_file_get_position   (const FlitlabTraceFile    *self);
/* Netrace's size in bytes of a packet type, or 0 for a type it does not define. */
guint              flitlab_netrace_packet_bytes      (guint                      type);
gboolean           flitlab_trace_file_next           (gpointer                   self,
                                                      FlitlabTraceMessage       *message,
                                                      GError                   **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabTraceFile, flitlab_trace_file_free)

G_END_DECLS
