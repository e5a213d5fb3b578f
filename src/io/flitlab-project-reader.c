/* flitlab-project-reader.c: a project from .flitlab XML (format 1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The format is described in docs/project-format.md and data/flitlab-project.rng. Reading goes
 * through libxml2's tree parser with network access off, no entity substitution, no DTD
 * loading, and a SAX hook that stops the parse at the first <!DOCTYPE: a project never has a
 * DTD, so entity declarations — and with them entity expansion and external entities — cannot
 * reach the tree.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include "flitlab-project-xml.h"
#include "flitlab-topology.h"

#include "flitlab-project-reader-private.h"

G_DEFINE_QUARK (flitlab-project-error-quark, flitlab_project_error)

gboolean
flitlab_reader_fail (Reader     *r,
                     xmlNode    *node,
                     int         code,
                     const char *format,
                     ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (r->error != NULL)
    return FALSE;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  r->error = g_error_new (FLITLAB_PROJECT_ERROR, code, _("%s:%ld: %s"), r->file,
                          node != NULL ? xmlGetLineNo (node) : 1L, message);
  return FALSE;
}

static void
on_internal_subset (void          *ctx,
                    const xmlChar *name,
                    const xmlChar *external_id,
                    const xmlChar *system_id)
{
  xmlParserCtxt *ctxt = ctx;
  Reader *r = ctxt->_private;

  if (!r->saw_dtd)
    {
      r->saw_dtd = TRUE;
      r->dtd_line = ctxt->input != NULL ? ctxt->input->line : 1;
    }
  xmlStopParser (ctxt);
}

static void
on_structured_error (void       *ctx,
                     xmlErrorPtr xml_error)
{
  xmlParserCtxt *ctxt = ctx;
  Reader *r = ctxt->_private;

  if (r->xml_message != NULL || xml_error == NULL || xml_error->level < XML_ERR_ERROR)
    return;
  /* libxml2 messages end in a newline and some continue on a second line. */
  r->xml_message = g_strstrip (g_strdelimit (g_strdup (xml_error->message ? xml_error->message
                                                                          : _("malformed XML")),
                                             "\r\n", ' '));
  r->xml_line = xml_error->line;
}

/* What libxml2 reports outside any parser context (a file whose bytes do not decode in the
 * encoding it declares): recorded like a parse error, never printed to stderr. */
static void
on_global_error (void       *data,
                 xmlErrorPtr xml_error)
{
  Reader *r = data;

  if (r->xml_message != NULL || xml_error == NULL || xml_error->message == NULL)
    return;
  r->xml_message = g_strstrip (g_strdelimit (g_strdup_printf ("%s%s",
                                                              xml_error->domain == XML_FROM_I18N
                                                              ? _("the text does not decode in its "
                                                                  "declared encoding: ")
                                                              : "", xml_error->message),
                                             "\r\n", ' '));
  r->xml_line = xml_error->line;
}

/* Attributes: every one must be in allowed. */
/* libxml2 2.9 compares each attribute of an element with all before it: 50 000 attributes
 * take seconds. One pass over the bytes counts them per start tag before libxml2 sees them
 * (outside tags, comments, CDATA and processing instructions; quoted values may hold '>'). */
static gboolean
few_attributes (const char  *data,
                gsize        length,
                const char  *file,
                GError     **error)
{
  const char *p = data, *end = data + length;

  while (p < end)
    {
      const char *tag = memchr (p, '<', end - p), *close = NULL;
      guint attributes = 0;

      if (tag == NULL)
        break;
      p = tag + 1;
      if (p < end && (*p == '!' || *p == '?'))
        {
          /* A comment, CDATA or processing instruction ends with its own terminator. */
          gsize left = length - (p - data);
          const char *terminator = left >= 3 && strncmp (p, "!--", 3) == 0 ? "-->"
                                   : left >= 8 && strncmp (p, "![CDATA[", 8) == 0 ? "]]>"
                                   : *p == '?' ? "?>" : ">";

          close = g_strstr_len (p, end - p, terminator);
          p = close != NULL ? close + strlen (terminator) : end;
          continue;
        }
      while (p < end && *p != '>')
        {
          if (*p == '"' || *p == '\'')
            {
              const char *quote = memchr (p + 1, *p, end - p - 1);

              p = quote != NULL ? quote + 1 : end;
              continue;
            }
          if (*p == '=' && ++attributes > FLITLAB_PROJECT_MAX_ATTRIBUTES)
            {
              /* The line is counted only here, where it is needed, over everything before. */
              guint line = 1;

              for (const char *q = data; q < tag; q++)
                line += *q == '\n';
              g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_PARSE,
                           _("%s:%u: an element with more than %u attributes"), file, line,
                           FLITLAB_PROJECT_MAX_ATTRIBUTES);
              return FALSE;
            }
          p++;
        }
    }
  return TRUE;
}

FlitlabProject *
flitlab_project_load_from_data (const char  *data,
                                gsize        length,
                                const char  *name_for_errors,
                                GError     **error)
{
  g_autofree char *cwd = g_get_current_dir ();

  return flitlab_reader_load_data (data, length, name_for_errors, cwd, error);
}

FlitlabProject *
flitlab_project_load_from_data_in (const char  *data,
                                   gsize        length,
                                   const char  *name_for_errors,
                                   const char  *folder,
                                   GError     **error)
{
  g_autofree char *absolute = NULL;

  g_return_val_if_fail (folder != NULL, NULL);

  absolute = g_canonicalize_filename (folder, NULL);
  return flitlab_reader_load_data (data, length, name_for_errors, absolute, error);
}

FlitlabProject *
flitlab_reader_load_data (const char  *data,
                          gsize        length,
                          const char  *name_for_errors,
                          const char  *base_dir,
                          GError     **error)
{
  Reader reader = { 0 };
  xmlParserCtxt *ctxt;
  xmlDoc *doc;
  FlitlabProject *project = NULL;
  /* No NOENT (it substitutes entities), no DTDLOAD/DTDATTR/DTDVALID; HUGE only lifts the
   * 10 MB text-node limit that per-channel series of large networks can reach — without a
   * DTD there is nothing for it to amplify. */
  const int options = XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING
                      | XML_PARSE_NOCDATA | XML_PARSE_BIG_LINES | XML_PARSE_HUGE;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  reader.file = name_for_errors != NULL ? name_for_errors : "(project)";
  reader.base_dir = base_dir;
  /* The window loads on a worker thread: libxml2 2.9 wants its globals set up before two
   * threads parse, and this call does it once, under libxml2's own lock. */
  xmlInitParser ();
  /* The one limit of a project's size, also the writer's: flitlab_project_save () checks its
   * bytes here before it replaces anything. */
  if (length > FLITLAB_PROJECT_MAX_BYTES)
    {
      g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO,
                   _("%s: %llu bytes, larger than a project can be (%u MiB)"), reader.file,
                   (unsigned long long) length, FLITLAB_PROJECT_MAX_BYTES / (1024 * 1024));
      return NULL;
    }

  if (!few_attributes (data, length, reader.file, error))
    return NULL;

  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    {
      g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO,
                   _("%s: out of memory"), reader.file);
      return NULL;
    }
  reader.topologies = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                             (GDestroyNotify) flitlab_topology_free);
  ctxt->_private = &reader;
  ctxt->sax->internalSubset = on_internal_subset;
  ctxt->sax->serror = (xmlStructuredErrorFunc) on_structured_error;

  /* The handler is the calling thread's own (libxml2 keeps its error globals per thread). */
  xmlSetStructuredErrorFunc (&reader, on_global_error);
  doc = xmlCtxtReadMemory (ctxt, data != NULL ? data : "", (int) length, NULL, NULL, options);
  xmlSetStructuredErrorFunc (NULL, NULL);
  if (reader.saw_dtd)
    {
      g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_PARSE,
                   _("%s:%d: a document type declaration (<!DOCTYPE>) is not allowed in a Flitlab "
                     "project: it could declare entities or load external files"),
                   reader.file, reader.dtd_line);
    }
  else if (doc == NULL || !ctxt->wellFormed)
    {
      const xmlError *last = xmlCtxtGetLastError (ctxt);
      g_autofree char *fallback = NULL;

      if (reader.xml_message == NULL && last != NULL && last->message != NULL)
        {
          fallback = g_strstrip (g_strdelimit (g_strdup (last->message), "\r\n", ' '));
          reader.xml_line = last->line;
        }
      g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_PARSE,
                   _("%s:%d: not well-formed XML: %s"), reader.file, MAX (reader.xml_line, 1),
                   reader.xml_message != NULL ? reader.xml_message
                   : fallback != NULL ? fallback : _("cannot parse the document"));

    }
  else if (doc->intSubset != NULL || doc->extSubset != NULL)
    {
      /* Unreachable with the hook above; kept so a libxml2 change cannot open the door. */
      g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_PARSE,
                   _("%s:1: a document type declaration is not allowed"), reader.file);
    }
  else
    {
      project = flitlab_reader_parse_project (&reader, doc);
      if (project == NULL)
        g_propagate_error (error, g_steal_pointer (&reader.error));
    }

  g_clear_error (&reader.error);
  g_free (reader.xml_message);
  g_hash_table_unref (reader.topologies);
  if (doc != NULL)
    xmlFreeDoc (doc);
  xmlFreeParserCtxt (ctxt);
  return project;
}

/* The bytes of a regular file of at most FLITLAB_PROJECT_MAX_BYTES, checked before reading:
 * a FIFO would block, /dev/zero never ends, a sparse file of gigabytes would be read whole.
 * O_NONBLOCK lets the open itself return on a FIFO. */
static char *
read_project_file (const char  *path,
                   const char  *display,
                   gsize       *length,
                   GError     **error)
{
  g_autofree char *data = NULL;
  struct stat st;
  gsize got = 0;
  int fd = g_open (path, O_RDONLY | O_NONBLOCK, 0);

  if (fd < 0)
    {
      int saved = errno;

      g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO, _("Cannot open %s: %s"),
                   display, g_strerror (saved));
      return NULL;
    }
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO,
                   _("Cannot open %s: not a regular file"), display);
      close (fd);
      return NULL;
    }
  if (st.st_size > FLITLAB_PROJECT_MAX_BYTES)
    {
      g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO,
                   _("Cannot open %s: larger than a project can be (%u MiB)"), display,
                   FLITLAB_PROJECT_MAX_BYTES / (1024 * 1024));
      close (fd);
      return NULL;
    }
  /* One byte more than the size, to notice a file that grows while it is read. */
  data = g_malloc ((gsize) st.st_size + 2);
  while (got <= (gsize) st.st_size)
    {
      gssize n = read (fd, data + got, (gsize) st.st_size + 1 - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO,
                       _("Cannot read %s: %s"), display, g_strerror (saved));
          close (fd);
          return NULL;
        }
      if (n == 0)
        break;
      got += n;
    }
  close (fd);
  /* A /proc or /sys file says it is empty and is not; another a program is still writing. */
  if (got > (gsize) st.st_size && st.st_size == 0)
    {
      g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO,
                   _("Cannot read %s: it gives its size as 0 bytes yet holds more, as the files "
                     "of /proc and /sys do; a project is a file saved on a disk"), display);
      return NULL;
    }
  if (got > (gsize) st.st_size)
    {
      g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO,
                   _("Cannot read %s: it grew from %lld bytes while it was read "
                     "(is a program still writing it?); read it once it is saved"),
                   display, (long long) st.st_size);
      return NULL;
    }
  data[got] = '\0';
  *length = got;
  return g_steal_pointer (&data);
}

FlitlabProject *
flitlab_project_load (const char  *path,
                      GError     **error)
{
  g_autofree char *data = NULL;
  g_autofree char *display = NULL;
  g_autofree char *folder = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Read the bytes ourselves: libxml2 never opens a file or a URL on our behalf. */

  display = g_filename_display_name (path);
  if ((data = read_project_file (path, display, &length, error)) == NULL)
    return NULL;
  /* A matrix file's path is relative to the project's folder. */
  folder = g_path_get_dirname (path);
  return flitlab_project_load_from_data_in (data, length, display, folder, error);
}
