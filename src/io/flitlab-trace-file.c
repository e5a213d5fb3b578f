/* flitlab-trace-file.c: a trace of messages read from a file, one message at a time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Netrace's format (version 1.0, as its public reader netrace.c defines it; this reader is
 * written from that description), all little-endian, inside one or more bzip2 streams:
 *   header, 72 bytes: magic 0x484A5455 (u32), version 1.0 (float), benchmark name (30 bytes),
 *     nodes (u8), a pad byte, cycles (u64), packets (u64), notes length (u32), regions (u32),
 *     8 bytes of padding;
 *   the notes, when their length is from 1 to 8191 (Netrace's reader skips no others);
 *   the regions, 24 bytes each (seek offset, cycles, packets: u64), at most 100;
 *   packets to the end, 21 bytes each: cycle (u64), id (u32), address (u32), type, source,
 *     destination, node types, dependencies (u8 each), then that many packet ids (u32): the
 *     packets that depend on this one.
 */

#include "config.h"

/* getline() and strsep(): -std=c17 shows only what ISO C has unless asked. */
#define _DEFAULT_SOURCE

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include <bzlib.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "flitlab-trace-file.h"

#define NETRACE_MAGIC        0x484A5455u
#define NETRACE_VERSION_1    0x3F800000u  /* 1.0f */
#define NETRACE_HEADER_BYTES 72
#define NETRACE_REGION_BYTES 24
#define NETRACE_PACKET_BYTES 21
#define NETRACE_MAX_REGIONS  100
#define NETRACE_MAX_NOTES    8192

/* Netrace's nt_packet_sizes[], bytes by packet type: 8 for requests and acknowledgements, 72
 * (a 64-byte cache line and its 8-byte header) for data; 0 where Netrace has -1 (no type). */
static const guint8 netrace_bytes[] = {
  [1] = 8,   /* ReadReq */
  [2] = 72,  /* ReadResp */
  [3] = 72,  /* ReadRespWithInvalidate */
  [4] = 72,  /* WriteReq */
  [5] = 8,   /* WriteResp */
  [6] = 72,  /* Writeback */
  [13] = 8,  /* UpgradeReq */
  [14] = 8,  /* UpgradeResp */
  [15] = 8,  /* ReadExReq */
  [16] = 72, /* ReadExResp */
  [25] = 8,  /* BadAddressError */
  [27] = 8,  /* InvalidateReq */
  [28] = 8,  /* InvalidateResp */
  [29] = 8,  /* DowngradeReq */
  [30] = 72, /* DowngradeResp */
};

struct _FlitlabTraceFile
{
  char              *display;    /* the path, for messages */
  FILE              *file;
  FlitlabTraceFormat format;
  guint64            previous;   /* the cycle of the message before */
  guint              network_nodes; /* 0: no bound */

  /* Text */
  char              *line;
  size_t             line_size;
  guint64            line_number;

  /* Netrace */
  BZFILE            *bz;
  gboolean           bz_end;     /* the last bzip2 stream has ended */
  guint              n_nodes;
  guint64            n_messages;
  guint64            packet;     /* packets read */
  guint64           *children;   /* 255 at most */
};

G_DEFINE_QUARK (flitlab-trace-file-error-quark, flitlab_trace_file_error)

guint
flitlab_netrace_packet_bytes (guint type)
{
  return type < G_N_ELEMENTS (netrace_bytes) ? netrace_bytes[type] : 0;
}

/* ---- bzip2 -------------------------------------------------------------------------- */

static gboolean
bz_fail (FlitlabTraceFile  *self,
         int                bzerror,
         GError           **error)
{
  if (bzerror == BZ_UNEXPECTED_EOF)
    g_set_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_TRUNCATED,
                 _("%s: the compressed trace ends early (a truncated file?)"), self->display);
  else if (bzerror == BZ_IO_ERROR)
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_IO, _("Cannot read the trace %s"),
                 self->display);
  else
    g_set_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_PARSE,
                 _("%s: damaged bzip2 data"), self->display);
  return FALSE;
}

/* Reads up to length bytes into data, across concatenated bzip2 streams; *got is less than
 * length only at the end of the data. */
static gboolean
bz_read (FlitlabTraceFile  *self,
         void              *data,
         gsize              length,
         gsize             *got,
         GError           **error)
{
  *got = 0;
  while (*got < length && !self->bz_end)
    {
      int bzerror = BZ_OK;
      int n = BZ2_bzRead (&bzerror, self->bz, (char *) data + *got, (int) (length - *got));

      if (bzerror != BZ_OK && bzerror != BZ_STREAM_END)
        return bz_fail (self, bzerror, error);
      *got += (gsize) MAX (n, 0);
      if (bzerror == BZ_STREAM_END)
        {
          /* Another stream may follow (pbzip2 writes several). */
          void *unused_data = NULL;
          int n_unused = 0;
          char unused[BZ_MAX_UNUSED];

          BZ2_bzReadGetUnused (&bzerror, self->bz, &unused_data, &n_unused);
          memcpy (unused, unused_data, (gsize) n_unused);
          BZ2_bzReadClose (&bzerror, self->bz);
          self->bz = NULL;
          if (n_unused == 0)
            {
              int c = fgetc (self->file);

              if (c == EOF)
                {
                  self->bz_end = TRUE;
                  break;
                }
              ungetc (c, self->file);
            }
          self->bz = BZ2_bzReadOpen (&bzerror, self->file, 0, 0, unused, n_unused);
          if (bzerror != BZ_OK)
            return bz_fail (self, bzerror, error);
        }
    }
  return TRUE;
}

static gboolean
truncated (FlitlabTraceFile  *self,
           GError           **error)
{
  g_set_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_TRUNCATED,
               _("%s: the Netrace trace ends inside packet %llu"
                 " (a truncated file?)"), self->display, (unsigned long long) self->packet + 1);
  return FALSE;
}

static guint32
le32 (const guint8 *p)
{
  guint32 v;

  memcpy (&v, p, sizeof v);
  return GUINT32_FROM_LE (v);
}

static guint64
le64 (const guint8 *p)
{
  guint64 v;

  memcpy (&v, p, sizeof v);
  return GUINT64_FROM_LE (v);
}

static gboolean
header_truncated (FlitlabTraceFile  *self,
                  GError           **error)
{
  g_set_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_TRUNCATED,
               _("%s: the Netrace trace ends inside its header (a truncated file?)"),
               self->display);
  return FALSE;
}

/* Skips length bytes of the decompressed data. */
static gboolean
bz_skip (FlitlabTraceFile  *self,
         gsize              length,
         GError           **error)
{
  guint8 buffer[4096];

  while (length > 0)
    {
      gsize want = MIN (length, sizeof buffer), got;

      if (!bz_read (self, buffer, want, &got, error))
        return FALSE;
      if (got < want)
        return header_truncated (self, error);
      length -= got;
    }
  return TRUE;
}

static gboolean
netrace_open (FlitlabTraceFile  *self,
              GError           **error)
{
  guint8 header[NETRACE_HEADER_BYTES];
  guint32 notes, regions;
  int bzerror = BZ_OK;
  gsize got;

  self->bz = BZ2_bzReadOpen (&bzerror, self->file, 0, 0, NULL, 0);
  if (bzerror != BZ_OK)
    return bz_fail (self, bzerror, error);
  if (!bz_read (self, header, sizeof header, &got, error))
    return FALSE;
  if (got < 8 || le32 (header) != NETRACE_MAGIC || le32 (header + 4) != NETRACE_VERSION_1)
    {
      g_set_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_PARSE,
                   _("%s: bzip2 data that is not a Netrace 1.0 trace"), self->display);
      return FALSE;
    }
  if (got < sizeof header)
    return header_truncated (self, error);
  self->n_nodes = header[38];
  self->n_messages = le64 (header + 48);
  notes = le32 (header + 56);
  regions = le32 (header + 60);
  if (regions > NETRACE_MAX_REGIONS)
    {
      g_set_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_PARSE,
                   _("%s: a Netrace trace has at most %u regions, not %u"), self->display,
                   NETRACE_MAX_REGIONS, regions);
      return FALSE;
    }
  return bz_skip (self, notes > 0 && notes < NETRACE_MAX_NOTES ? notes : 0, error) &&
         bz_skip (self, (gsize) regions * NETRACE_REGION_BYTES, error);
}

static gboolean
netrace_next (FlitlabTraceFile     *self,
              FlitlabTraceMessage  *message,
              GError              **error)
{
  guint8 packet[NETRACE_PACKET_BYTES];
  guint8 deps[255 * 4];
  guint type, n_deps;
  gsize got;

  if (!bz_read (self, packet, sizeof packet, &got, error))
    return FALSE;
  if (got == 0)
    return FALSE;
  if (got < sizeof packet)
    return truncated (self, error);
  type = packet[16];
  n_deps = packet[20];
  if (!bz_read (self, deps, 4 * (gsize) n_deps, &got, error))
    return FALSE;
  if (got < 4 * (gsize) n_deps)
    return truncated (self, error);
  self->packet++;
  if (flitlab_netrace_packet_bytes (type) == 0)
    {
      g_set_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_PARSE,
                   _("%s: packet %llu has type %u, which Netrace does not "
                     "define"), self->display, (unsigned long long) self->packet, type);
      return FALSE;
    }
  for (guint i = 0; i < n_deps; i++)
    self->children[i] = le32 (deps + 4 * i);
  *message = (FlitlabTraceMessage) {
    .id = le32 (packet + 8),
    .cycle = le64 (packet),
    .src = packet[17],
    .dst = packet[18],
    .flits = (flitlab_netrace_packet_bytes (type) + FLITLAB_NETRACE_FLIT_BYTES - 1) /
             FLITLAB_NETRACE_FLIT_BYTES,
    .n_children = n_deps,
    .children = self->children,
  };
  if (self->network_nodes > 0 && MAX (message->src, message->dst) >= self->network_nodes)
    {
      g_set_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_PARSE,
                   _("%s: packet %llu names node %u, but the network has nodes "
                     "0 to %u"),
                   self->display, (unsigned long long) self->packet,
                   MAX (message->src, message->dst),
                   self->network_nodes - 1);
      return FALSE;
    }
  if (message->cycle < self->previous)
    {
      g_set_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_PARSE,
                   _("%s: packet %llu is at cycle %llu"
                     ", before the packet ahead of it (cycle %llu): a trace is "
                     "in time order"),
                   self->display, (unsigned long long) self->packet,
                   (unsigned long long) message->cycle,
                   (unsigned long long) self->previous);
      return FALSE;
    }
  self->previous = message->cycle;
  return TRUE;
}

/* ---- text ----------------------------------------------------------------------------- */

static gboolean
text_fail (FlitlabTraceFile  *self,
           GError           **error,
           const char        *format,
           ...) G_GNUC_PRINTF (3, 4);

static gboolean
text_fail (FlitlabTraceFile  *self,
           GError           **error,
           const char        *format,
           ...)
{
  g_autofree char *what = NULL;
  va_list args;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_PARSE,
               "%s:%" G_GUINT64_FORMAT ": %s", self->display, self->line_number, what);
  return FALSE;
}

static gboolean
text_next (FlitlabTraceFile     *self,
           FlitlabTraceMessage  *message,
           GError              **error)
{
  static const char * const names[] = { N_("cycle"), N_("source"), N_("destination"),
                                        N_("flits") };
  static const guint64 max[] = { G_GUINT64_CONSTANT (1) << 62, G_MAXUINT - 1, G_MAXUINT - 1,
                                 1000000 };

  for (;;)
    {
      guint64 values[4];
      guint n = 0;
      char *hash, *field, *rest;
      ssize_t length;

      errno = 0;
      length = getline (&self->line, &self->line_size, self->file);
      if (length < 0)
        {
          if (errno != 0 && ferror (self->file))
            {
              int saved = errno;

              g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                           _("Cannot read the trace %s: %s"), self->display, g_strerror (saved));
            }
          return FALSE;
        }
      self->line_number++;
      if (memchr (self->line, '\0', (gsize) length) != NULL)
        return text_fail (self, error, _("not a text trace (a NUL byte)"));
      if ((hash = strchr (self->line, '#')) != NULL)
        *hash = '\0';
      rest = self->line;
      while ((field = strsep (&rest, " \t,\r\n")) != NULL)
        {
          if (*field == '\0')
            continue;
          if (n == 4)
            return text_fail (self, error, _("a message is four numbers: cycle, source, "
                                             "destination, flits"));
          if (!g_ascii_string_to_unsigned (field, 10, n == 3 ? 1 : 0, max[n], &values[n],
                                           NULL))
            {
              g_autofree char *shown = g_utf8_make_valid (field, -1);

              return text_fail (self, error,
                                _("the %s is a whole number from %d to %llu, not “%s”"),
                                _(names[n]), n == 3 ? 1 : 0, (unsigned long long) max[n], shown);
            }
          n++;
        }
      if (n == 0)
        continue;
      if (n < 4)
        return text_fail (self, error, _("a message is four numbers: cycle, source, "
                                         "destination, flits"));
      if (values[0] < self->previous)
        return text_fail (self, error, _("cycle %llu is before the message "
                                         "ahead of it (cycle %llu): a trace is "
                                         "in time order"),
                                       (unsigned long long) values[0],
                                       (unsigned long long) self->previous);
      for (guint i = 1; i <= 2; i++)
        if (self->network_nodes > 0 && values[i] >= self->network_nodes)
          return text_fail (self, error, _("node %llu is not in the network, "
                                           "whose nodes are 0 to %u"),
                                         (unsigned long long) values[i],
                            self->network_nodes - 1);
      self->previous = values[0];
      *message = (FlitlabTraceMessage) {
        .id = self->line_number,
        .cycle = values[0],
        .src = (guint) values[1],
        .dst = (guint) values[2],
        .flits = (guint) values[3],
      };
      return TRUE;
    }
}

/* ---- the file ------------------------------------------------------------------------- */

FlitlabTraceFile *
flitlab_trace_file_open (const char  *path,
                         GError     **error)
{
  g_autoptr(FlitlabTraceFile) self = g_new0 (FlitlabTraceFile, 1);
  char magic[3] = { 0 };
  GStatBuf st;

  g_return_val_if_fail (path != NULL, NULL);

  self->display = g_filename_display_name (path);
  /* A FIFO would do, but not a folder. */
  if (g_stat (path, &st) == 0 && S_ISDIR (st.st_mode))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_ISDIR,
                   _("Cannot read the trace %s: a folder"), self->display);
      return NULL;
    }
  self->file = g_fopen (path, "rb");
  if (self->file == NULL)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Cannot read the trace %s: %s"), self->display, g_strerror (saved));
      return NULL;
    }
  if (fread (magic, 1, sizeof magic, self->file) == sizeof magic &&
      memcmp (magic, "BZh", sizeof magic) == 0)
    self->format = FLITLAB_TRACE_FORMAT_NETRACE;
  rewind (self->file);
  if (self->format == FLITLAB_TRACE_FORMAT_NETRACE)
    {
      self->children = g_new (guint64, 255);
      if (!netrace_open (self, error))
        return NULL;
    }
  return g_steal_pointer (&self);
}

void
flitlab_trace_file_free (FlitlabTraceFile *self)
{
  if (self == NULL)
    return;
  if (self->bz != NULL)
    {
      int bzerror;

      BZ2_bzReadClose (&bzerror, self->bz);
    }
  if (self->file != NULL)
    fclose (self->file);
  free (self->line);
  g_free (self->children);
  g_free (self->display);
  g_free (self);
}

FlitlabTraceFormat
flitlab_trace_file_get_format (const FlitlabTraceFile *self)
{
  return self->format;
}

void
flitlab_trace_file_set_network_nodes (FlitlabTraceFile *self,
                                      guint             n_nodes)
{
  g_return_if_fail (self != NULL);

  self->network_nodes = n_nodes;
}

guint
flitlab_trace_file_get_n_nodes (const FlitlabTraceFile *self)
{
  return self->n_nodes;
}

guint64
flitlab_trace_file_get_n_messages (const FlitlabTraceFile *self)
{
  return self->n_messages;
}

guint64
flitlab_trace_file_get_position (const FlitlabTraceFile *self)
{
  off_t position;

  g_return_val_if_fail (self != NULL, 0);

  position = ftello (self->file);
  return position > 0 ? (guint64) position : 0;
}

gboolean
flitlab_trace_file_next (gpointer              self,
                         FlitlabTraceMessage  *message,
                         GError              **error)
{
  FlitlabTraceFile *trace = self;

  g_return_val_if_fail (trace != NULL && message != NULL, FALSE);

  return trace->format == FLITLAB_TRACE_FORMAT_NETRACE ? netrace_next (trace, message, error)
                                                       : text_next (trace, message, error);
}
