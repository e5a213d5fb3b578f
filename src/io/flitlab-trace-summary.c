/* flitlab-trace-summary.c: a trace file summarized as a study's traffic
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The SHA-256 is of the file's bytes, read in a pass of their own before the messages (a
 * Netrace trace's bytes go through libbz2, which reads its FILE itself); the file's size and
 * modification time are taken before and after, so a file written to meanwhile is refused.
 */

#include "config.h"

/* struct stat's st_mtim: -std=c17 shows only what ISO C has unless asked. */
#define _DEFAULT_SOURCE

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "flitlab-limits.h"
#include "flitlab-trace-file.h"
#include "flitlab-trace-summary.h"

/* What the file looked like when it was last found to be the trace summarized. */
typedef struct
{
  GMutex   lock;
  gboolean checked;   /* FALSE: restored from a project, not read yet */
  gint64   size;
  gint64   mtime_ns;
} Stamp;

static void
stamp_free (gpointer data)
{
  Stamp *stamp = data;

  g_mutex_clear (&stamp->lock);
  g_free (stamp);
}

/* The file's size and modification time, or FALSE with why it cannot be read. */
static gboolean
stat_file (const char  *path,
           gint64      *size,
           gint64      *mtime_ns,
           GError     **error)
{
  g_autofree char *display = g_filename_display_name (path);
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    {
      int saved = errno;

      if (saved == ENOENT)
        g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                     _("Trace file “%s” is missing"), display);
      else
        g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                     _("Cannot read the trace %s: %s"), display, g_strerror (saved));
      return FALSE;
    }
  if (S_ISDIR (st.st_mode))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR,
                   _("Cannot read the trace %s: a folder"), display);
      return FALSE;
    }
  *size = st.st_size;
  *mtime_ns = (gint64) st.st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st.st_mtim.tv_nsec;
  return TRUE;
}

static gboolean
fail_changed (const char  *path,
              GError     **error)
{
  g_autofree char *display = g_filename_display_name (path);

  g_set_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_CHANGED,
               _("Trace file “%s” has changed since it was chosen; choose it again"), display);
  return FALSE;
}

/* How far a summary is and whether it goes on: flitlab_trace_summary_read()'s progress and
 * cancellable, against the file's size. */
typedef struct
{
  GCancellable        *cancellable;
  FlitlabProgressFunc  func;
  gpointer             data;
  gint64               size;
  double               hash_share; /* of the whole summary's time */
  double               reported;   /* never goes back */
  const char          *display;
} Progress;

/* The hash pass's share of a summary's time, so that the bar moves at an even pace: about a
 * third for a text trace, whose messages are parsed from as many bytes again, and a twentieth
 * for a Netrace trace, whose fewer bytes are decompressed (instructions counted with callgrind
 * on bench/bench-trace-summary's 10⁶-message traces: 32% and 4.5%). */
#define HASH_SHARE_TEXT    (1.0 / 3)
#define HASH_SHARE_NETRACE (1.0 / 20)

/* Every this many messages the message pass reports and checks for a cancel. */
#define MESSAGES_PER_CHECK 4096

/* Reports done bytes of pass (0: the hash, 1: the messages) and checks for a cancel; FALSE,
 * with G_IO_ERROR_CANCELLED, when cancelled. progress NULL: no report, no cancel. */
static gboolean
progress_report (Progress  *progress,
                 guint      pass,
                 guint64    done,
                 GError   **error)
{
  double share, fraction;

  if (progress == NULL)
    return TRUE;
  /* A file that grew meanwhile is refused at the end; its bar stops at the end of its pass. */
  share = progress->size > 0 ? MIN ((double) done / (double) progress->size, 1.0) : 1.0;
  fraction = pass == 0 ? share * progress->hash_share
                       : progress->hash_share + share * (1 - progress->hash_share);
  progress->reported = MAX (progress->reported, fraction);
  if (g_cancellable_is_cancelled (progress->cancellable) ||
      (progress->func != NULL && !progress->func (progress->reported, -1, progress->data)))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                   _("Reading the trace %s was cancelled"), progress->display);
      return FALSE;
    }
  return TRUE;
}

/* The SHA-256 of the file's bytes, in hex; progress: may be NULL. */
static char *
hash_file (const char  *path,
           Progress    *progress,
           GError     **error)
{
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  g_autofree guchar *buffer = g_malloc (64 * 1024);
  FILE *file = g_fopen (path, "rb");
  guint64 hashed = 0;
  gboolean failed;
  size_t n;

  if (file == NULL)
    {
      int saved = errno;
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Cannot read the trace %s: %s"), display, g_strerror (saved));
      return NULL;
    }
  while ((n = fread (buffer, 1, 64 * 1024, file)) > 0)
    {
      g_checksum_update (checksum, buffer, n);
      hashed += n;
      if (!progress_report (progress, 0, hashed, error))
        {
          fclose (file);
          return NULL;
        }
    }
  failed = ferror (file);
  fclose (file);
  if (failed)
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_IO, _("Cannot read the trace %s"),
                   display);
      return NULL;
    }
  return g_strdup (g_checksum_get_string (checksum));
}

/* FlitlabStudyTrace.open: the file, if it is still the one summarized. */
static gpointer
trace_open (const FlitlabStudyTrace  *trace,
            GError                  **error)
{
  Stamp *stamp = trace->reader_data;
  g_autoptr(FlitlabTraceFile) file = NULL;
  gint64 size, mtime_ns;

  if (!stat_file (trace->file, &size, &mtime_ns, error))
    return NULL;
  g_mutex_lock (&stamp->lock);
  if (stamp->checked && (size != stamp->size || mtime_ns != stamp->mtime_ns))
    {
      g_mutex_unlock (&stamp->lock);
      fail_changed (trace->file, error);
      return NULL;
    }
  if (!stamp->checked)
    {
      /* Restored from a project: hashed once, the stamp of that file kept from then on. */
      g_autofree char *sha256 = hash_file (trace->file, NULL, error);
      gint64 size_after, mtime_after;

      if (sha256 == NULL || !stat_file (trace->file, &size_after, &mtime_after, error))
        {
          g_mutex_unlock (&stamp->lock);
          return NULL;
        }
      if (g_strcmp0 (sha256, trace->sha256) != 0 || size_after != size ||
          mtime_after != mtime_ns)
        {
          g_mutex_unlock (&stamp->lock);
          fail_changed (trace->file, error);
          return NULL;
        }
      stamp->checked = TRUE;
      stamp->size = size;
      stamp->mtime_ns = mtime_ns;
    }
  g_mutex_unlock (&stamp->lock);

  file = flitlab_trace_file_open (trace->file, error);
  if (file == NULL)
    return NULL;
  if (trace->matrix != NULL)
    flitlab_trace_file_set_network_nodes (file,
                                          flitlab_traffic_matrix_get_n_nodes (trace->matrix));
  return g_steal_pointer (&file);
}

static FlitlabStudyTrace *
new_trace (const char *path,
           const char *sha256)
{
  FlitlabStudyTrace *trace = flitlab_study_trace_new ();
  Stamp *stamp = g_new0 (Stamp, 1);

  g_mutex_init (&stamp->lock);
  trace->file = g_canonicalize_filename (path, NULL);
  trace->sha256 = g_strdup (sha256);
  trace->open = trace_open;
  trace->next = flitlab_trace_file_next;
  trace->close = (GDestroyNotify) flitlab_trace_file_free;
  trace->reader_data = stamp;
  trace->reader_data_free = stamp_free;
  return trace;
}

typedef struct
{
  const double *counts;
  guint         n_nodes;
} Counts;

static gboolean
count_row (guint    src,
           double  *row,
           gpointer user_data,
           GError **error)
{
  const Counts *counts = user_data;

  memcpy (row, counts->counts + (gsize) src * counts->n_nodes, sizeof (double) * counts->n_nodes);
  return TRUE;
}

FlitlabStudyTrace *
flitlab_trace_summary_read (const char           *path,
                            guint                 n_nodes,
                            GCancellable         *cancellable,
                            FlitlabProgressFunc   progress,
                            gpointer              progress_data,
                            GError              **error)
{
  g_autoptr(FlitlabStudyTrace) trace = NULL;
  g_autoptr(FlitlabTraceFile) file = NULL;
  g_autoptr(GError) refused = NULL;
  g_autofree char *display = NULL;
  g_autofree char *sha256 = NULL;
  g_autofree double *counts = NULL;
  gint64 size, mtime_ns, size_after, mtime_after;
  guint64 messages = 0, last_cycle = 0;
  double flits = 0;
  FlitlabTraceMessage message;
  Progress reporting;
  Counts rows;
  Stamp *stamp;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);

  display = g_filename_display_name (path);
  if (n_nodes == 0 || n_nodes > FLITLAB_MAX_MATRIX_NODES)
    {
      g_set_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_PARSE,
                   _("%s: a trace study's network has from 1 to %u nodes"), display,
                   FLITLAB_MAX_MATRIX_NODES);
      return NULL;
    }
  if (!stat_file (path, &size, &mtime_ns, error))
    return NULL;
  /* Opened before it is hashed: its format sets the passes' shares, and a file that is no
   * trace is refused before its hash. */
  if ((file = flitlab_trace_file_open (path, error)) == NULL)
    return NULL;
  if (flitlab_trace_file_get_n_nodes (file) > n_nodes)
    {
      g_set_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_PARSE,
                   _("%s: a Netrace trace of %u nodes needs a network of as many, and the "
                     "study's has %u"), display, flitlab_trace_file_get_n_nodes (file), n_nodes);
      return NULL;
    }
  reporting = (Progress) {
    .cancellable = cancellable,
    .func = progress,
    .data = progress_data,
    .size = size,
    .hash_share = flitlab_trace_file_get_format (file) == FLITLAB_TRACE_FORMAT_NETRACE
                  ? HASH_SHARE_NETRACE : HASH_SHARE_TEXT,
    .display = display,
  };
  if (!progress_report (&reporting, 0, 0, error) ||
      (sha256 = hash_file (path, &reporting, error)) == NULL)
    return NULL;
  flitlab_trace_file_set_network_nodes (file, n_nodes);
  counts = g_new0 (double, (gsize) n_nodes * n_nodes);
  while (flitlab_trace_file_next (file, &message, &refused))
    {
      messages++;
      last_cycle = message.cycle;
      flits += message.flits;
      if (message.src != message.dst)
        counts[(gsize) message.src * n_nodes + message.dst]++;
      if (messages % MESSAGES_PER_CHECK == 0 &&
          !progress_report (&reporting, 1, flitlab_trace_file_get_position (file), error))
        return NULL;
    }
  if (refused != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&refused));
      return NULL;
    }
  if (!stat_file (path, &size_after, &mtime_after, error))
    return NULL;
  if (size_after != size || mtime_after != mtime_ns)
    {
      g_set_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_CHANGED,
                   _("Trace file “%s” changed while it was read; choose it again"), display);
      return NULL;
    }

  trace = new_trace (path, sha256);
  rows = (Counts) { counts, n_nodes };
  trace->matrix = flitlab_traffic_matrix_new (n_nodes, count_row, &rows, &refused);
  if (trace->matrix == NULL)
    {
      /* The counts are whole and never negative: a matrix refused has no pair at all. */
      g_set_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_EMPTY,
                   _("%s: the trace has no message between two different nodes"), display);
      return NULL;
    }
  trace->messages = messages;
  trace->last_cycle = last_cycle;
  trace->flits = flits / (double) messages;
  stamp = trace->reader_data;
  stamp->checked = TRUE;
  stamp->size = size;
  stamp->mtime_ns = mtime_ns;
  if (progress != NULL)
    progress (1, -1, progress_data);
  return g_steal_pointer (&trace);
}

FlitlabStudyTrace *
flitlab_trace_summary_restore (const char           *path,
                               const char           *sha256,
                               guint64               messages,
                               guint64               last_cycle,
                               double                flits,
                               FlitlabTrafficMatrix *matrix,
                               GError              **error)
{
  FlitlabStudyTrace *trace;
  gint64 size, mtime_ns;

  g_return_val_if_fail (path != NULL && sha256 != NULL && matrix != NULL, NULL);

  if (!stat_file (path, &size, &mtime_ns, error))
    return NULL;
  trace = new_trace (path, sha256);
  trace->messages = messages;
  trace->last_cycle = last_cycle;
  trace->flits = flits;
  trace->matrix = flitlab_traffic_matrix_ref (matrix);
  return trace;
}
