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
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

#include "flitlab-input.h"
#include "flitlab-limits.h"
#include "flitlab-model.h"
#include "flitlab-names.h"
#include "flitlab-project-xml.h"
#include "flitlab-sim.h"
#include "flitlab-topology.h"

G_DEFINE_QUARK (flitlab-project-error-quark, flitlab_project_error)

typedef struct
{
  const char *file;     /* for messages */
  GError     *error;    /* the first problem */
  /* Set by the SAX hook when a <!DOCTYPE is seen. */
  gboolean    saw_dtd;
  int         dtd_line;
  /* The first error libxml2 reported. */
  char       *xml_message;
  int         xml_line;
  /* The studies' networks, built once per spec: spec -> FlitlabTopology, and their nodes
   * together, held under FLITLAB_PROJECT_MAX_NETWORK_NODES. */
  GHashTable *topologies;
  guint64     topology_nodes;
} Reader;

static gboolean
reader_fail (Reader     *r,
             xmlNode    *node,
             int         code,
             const char *format,
             ...) G_GNUC_PRINTF (4, 5);

static gboolean
reader_fail (Reader     *r,
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

#define INVALID FLITLAB_PROJECT_ERROR_INVALID

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
                                                              ? _("the text does not decode in its declared encoding: ")
                                                              : "", xml_error->message),
                                             "\r\n", ' '));
  r->xml_line = xml_error->line;
}

/* Attributes: every one must be in allowed. */
static gboolean
check_attributes (Reader             *r,
                  xmlNode            *node,
                  const char * const *allowed)
{
  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      if (attr->ns != NULL || !flitlab_study_name_in (allowed, (const char *) attr->name))
        return reader_fail (r, node, INVALID, _("unknown attribute “%s” on <%s>"),
                            (const char *) attr->name, (const char *) node->name);
    }
  return TRUE;
}

static char *
dup_attribute (xmlNode    *node,
               const char *name)
{
  xmlChar *value = xmlGetNoNsProp (node, (const xmlChar *) name);
  char *copy;

  if (value == NULL)
    return NULL;
  copy = g_strdup ((const char *) value);
  xmlFree (value);
  return copy;
}

static char *
require_attribute (Reader     *r,
                   xmlNode    *node,
                   const char *name)
{
  char *value = dup_attribute (node, name);

  if (value == NULL)
    reader_fail (r, node, INVALID, _("<%s> needs the attribute “%s”"),
                 (const char *) node->name, name);
  return value;
}

static gboolean
double_attribute (Reader     *r,
                  xmlNode    *node,
                  const char *name,
                  gboolean    required,
                  double      min,
                  double      max,
                  double     *out)
{
  g_autofree char *text = required ? require_attribute (r, node, name)
                                   : dup_attribute (node, name);
  double value;

  if (text == NULL)
    return !required;
  if (!flitlab_input_parse_number (text, strlen (text), &value))
    return reader_fail (r, node, INVALID, _("attribute “%s” of <%s>: “%s” is not a number "
                          "(write decimal numbers with a dot, e.g. 0.25)"),
                        name, (const char *) node->name, text);
  if (!(value >= min && value <= max))
    return reader_fail (r, node, INVALID, _("attribute “%s” of <%s>: %s is out of range "
                          "(%g..%g)"), name, (const char *) node->name, text, min, max);
  *out = value;
  return TRUE;
}

static gboolean
uint_attribute (Reader     *r,
                xmlNode    *node,
                const char *name,
                gboolean    required,
                guint64     min,
                guint64     max,
                guint64    *out)
{
  g_autofree char *text = required ? require_attribute (r, node, name)
                                   : dup_attribute (node, name);
  guint64 value;

  if (text == NULL)
    return !required;
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &value, NULL))
    return reader_fail (r, node, INVALID, _("attribute “%s” of <%s>: “%s” is not a whole "
                          "number"), name, (const char *) node->name, text);
  if (value < min || value > max)
    return reader_fail (r, node, INVALID, _("attribute “%s” of <%s>: %s is out of range "
                                            "(%llu..%llu)"), name, (const char *) node->name,
                        text, (unsigned long long) min, (unsigned long long) max);
  *out = value;
  return TRUE;
}

static gboolean
guint_attribute (Reader     *r,
                 xmlNode    *node,
                 const char *name,
                 gboolean    required,
                 guint       min,
                 guint       max,
                 guint      *out)
{
  guint64 value = *out;

  if (!uint_attribute (r, node, name, required, min, max, &value))
    return FALSE;
  *out = (guint) value;
  return TRUE;
}

/* A setting's attribute, read and judged by its one check (flitlab-limits.h): refused with
 * the check's words, which the editor and flitlab-cli give too, after the file and line. */
typedef gboolean (*ParseGuint)  (const char *text, guint *out, GError **error);
typedef gboolean (*ParseUint64) (const char *text, guint64 *out, GError **error);
typedef gboolean (*ParseDouble) (const char *text, double *out, GError **error);

static gboolean
checked_guint (Reader      *r,
               xmlNode     *node,
               const char  *name,
               gboolean     required,
               ParseGuint   parse,
               guint       *out)
{
  g_autofree char *text = required ? require_attribute (r, node, name)
                                   : dup_attribute (node, name);
  g_autoptr(GError) refused = NULL;

  if (text == NULL)
    return !required;
  if (!parse (text, out, &refused))
    return reader_fail (r, node, INVALID, "%s", refused->message);
  return TRUE;
}

static gboolean
checked_uint64 (Reader      *r,
                xmlNode     *node,
                const char  *name,
                ParseUint64  parse,
                guint64     *out)
{
  g_autofree char *text = dup_attribute (node, name);
  g_autoptr(GError) refused = NULL;

  if (text != NULL && !parse (text, out, &refused))
    return reader_fail (r, node, INVALID, "%s", refused->message);
  return TRUE;
}

static gboolean
checked_double (Reader      *r,
                xmlNode     *node,
                const char  *name,
                gboolean     required,
                ParseDouble  parse,
                double      *out)
{
  g_autofree char *text = required ? require_attribute (r, node, name)
                                   : dup_attribute (node, name);
  g_autoptr(GError) refused = NULL;

  if (text == NULL)
    return !required;
  if (!parse (text, out, &refused))
    return reader_fail (r, node, INVALID, "%s", refused->message);
  return TRUE;
}

static gboolean
bool_attribute (Reader     *r,
                xmlNode    *node,
                const char *name,
                gboolean    required,
                gboolean   *out)
{
  g_autofree char *text = required ? require_attribute (r, node, name)
                                   : dup_attribute (node, name);

  if (text == NULL)
    return !required;
  if (g_str_equal (text, "true") || g_str_equal (text, "1"))
    *out = TRUE;
  else if (g_str_equal (text, "false") || g_str_equal (text, "0"))
    *out = FALSE;
  else
    return reader_fail (r, node, INVALID, _("attribute “%s” of <%s>: “%s” is not true or false"),
                        name, (const char *) node->name, text);
  return TRUE;
}

/* One of an enum's names (flitlab-names.h): *value gets the enum's value. */
static gboolean
name_attribute (Reader             *r,
                xmlNode            *node,
                const char         *name,
                const char * const *names,
                const char         *what,
                guint              *value)
{
  g_autofree char *text = require_attribute (r, node, name);

  if (text == NULL)
    return FALSE;
  if (!flitlab_names_find (names, text, value))
    {
      g_autofree char *list = g_strjoinv (", ", (char **) names);

      return reader_fail (r, node, INVALID, _("unknown %s “%s” (known: %s)"), what, text, list);
    }
  return TRUE;
}

/* The next element child after *cursor (NULL: the first), skipping comments, processing
 * instructions and white space; FALSE at the end or on an error (r->error set). */
static gboolean
next_element (Reader   *r,
              xmlNode  *parent,
              xmlNode **cursor)
{
  xmlNode *node = *cursor == NULL ? parent->children : (*cursor)->next;

  for (; node != NULL; node = node->next)
    {
      switch (node->type)
        {
        case XML_ELEMENT_NODE:
          if (node->ns != NULL)
            return reader_fail (r, node, INVALID, _("element <%s> is in a namespace; Flitlab "
                                  "projects use none"), (const char *) node->name);
          *cursor = node;
          return TRUE;
        case XML_TEXT_NODE:
        case XML_CDATA_SECTION_NODE:
          if (node->content != NULL)
            for (const xmlChar *p = node->content; *p != '\0'; p++)
              if (!g_ascii_isspace (*p))
                return reader_fail (r, node, INVALID, _("unexpected text inside <%s>"),
                                    (const char *) parent->name);
          break;
        case XML_COMMENT_NODE:
        case XML_PI_NODE:
          break;
        default:
          return reader_fail (r, node, INVALID, _("unexpected content inside <%s>"),
                              (const char *) parent->name);
        }
    }
  *cursor = NULL;
  return FALSE;
}

/* The text of an element that holds only text. */
static char *
leaf_text (Reader  *r,
           xmlNode *node)
{
  GString *text = g_string_new (NULL);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE)
        g_string_append (text, (const char *) child->content);
      else if (child->type != XML_COMMENT_NODE && child->type != XML_PI_NODE)
        {
          reader_fail (r, child, INVALID, _("<%s> holds only text"), (const char *) node->name);
          g_string_free (text, TRUE);
          return NULL;
        }
    }
  return g_string_free (text, FALSE);
}

static gboolean
is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Splits element text into white-space separated numbers; "-" gives NaN when allow_none.
 * Stops with an error past max_values. */
static GArray *
parse_numbers (Reader     *r,
               xmlNode    *node,
               gboolean    allow_none,
               guint       max_values)
{
  g_autofree char *text = leaf_text (r, node);
  g_autoptr(GArray) values = NULL;
  const char *p;

  if (text == NULL)
    return NULL;
  values = g_array_new (FALSE, FALSE, sizeof (double));
  p = text;
  for (;;)
    {
      const char *start;
      double value;

      while (is_space (*p))
        p++;
      if (*p == '\0')
        break;
      start = p;
      while (*p != '\0' && !is_space (*p))
        p++;
      if (allow_none && p - start == 1 && *start == '-')
        value = NAN;
      else if (!flitlab_input_parse_number (start, (gsize) (p - start), &value))
        {
          g_autofree char *token = g_strndup (start, MIN ((gsize) (p - start), 40));

          if (allow_none)
            reader_fail (r, node, INVALID, _("“%s” in <%s> is not a number (write decimal "
                           "numbers with a dot, and - for no value)"), token,
                         (const char *) node->name);
          else
            reader_fail (r, node, INVALID, _("“%s” in <%s> is not a number (write decimal "
                           "numbers with a dot)"), token, (const char *) node->name);
          return NULL;
        }
      if (values->len >= max_values)
        {
          reader_fail (r, node, INVALID, _("<%s> holds more than %u numbers"),
                       (const char *) node->name, max_values);
          return NULL;
        }
      g_array_append_val (values, value);
    }
  return g_steal_pointer (&values);
}

/* <name-list element="…" name="…" value="…"/> into a string table. */
static gboolean
parse_pair (Reader     *r,
            xmlNode    *node,
            GHashTable *table)
{
  static const char * const attributes[] = { "name", "value", NULL };
  g_autofree char *name = NULL;
  g_autofree char *value = NULL;

  if (!check_attributes (r, node, attributes))
    return FALSE;
  if ((name = require_attribute (r, node, "name")) == NULL
      || (value = require_attribute (r, node, "value")) == NULL)
    return FALSE;
  if (name[0] == '\0')
    return reader_fail (r, node, INVALID, _("<%s> needs a non-empty name"),
                        (const char *) node->name);
  if (g_hash_table_contains (table, name))
    return reader_fail (r, node, INVALID, _("<%s name=\"%s\"> appears twice"),
                        (const char *) node->name, name);
  g_hash_table_insert (table, g_steal_pointer (&name), g_steal_pointer (&value));
  return TRUE;
}

/* <curve>, <points> or <reference>: info*, columns, row*. */
static FlitlabStudyTable *
parse_table (Reader             *r,
             xmlNode            *node,
             const char * const *required)
{
  static const char * const attributes[] = { "saturation-rate", "title", NULL };
  g_autoptr(FlitlabStudyTable) table = NULL;
  g_autoptr(GHashTable) info = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  xmlNode *child = NULL;
  double saturation = NAN;
  gboolean is_reference = g_str_equal ((const char *) node->name, "reference");

  if (!check_attributes (r, node, attributes)
      || !double_attribute (r, node, "saturation-rate", FALSE, 0, G_MAXDOUBLE, &saturation))
    return NULL;
  if (is_reference != (xmlHasProp (node, (const xmlChar *) "title") != NULL))
    {
      reader_fail (r, node, INVALID, "%s", is_reference ? _("<reference> needs the attribute “title”")
                                                        : _("only <reference> takes a title"));
      return NULL;
    }

  while (next_element (r, node, &child))
    {
      const char *name = (const char *) child->name;

      if (g_str_equal (name, "info"))
        {
          if (table != NULL)
            {
              reader_fail (r, child, INVALID, _("<info> must come before <columns>"));
              return NULL;
            }
          if (!parse_pair (r, child, info))
            return NULL;
        }
      else if (g_str_equal (name, "columns"))
        {
          g_autofree char *text = NULL;
          g_auto(GStrv) columns = NULL;
          g_autoptr(GPtrArray) names = g_ptr_array_new ();

          if (table != NULL)
            {
              reader_fail (r, child, INVALID, _("<columns> appears twice"));
              return NULL;
            }
          if (!check_attributes (r, child, (const char * const[]) { NULL })
              || (text = leaf_text (r, child)) == NULL)
            return NULL;
          g_strdelimit (text, "\t\r\n", ' ');
          columns = g_strsplit (text, " ", -1);
          for (guint i = 0; columns[i] != NULL; i++)
            {
              if (columns[i][0] == '\0')
                continue;
              /* Counted before the duplicate check, which compares with every name. */
              if (names->len == FLITLAB_STUDY_MAX_COLUMNS)
                {
                  reader_fail (r, child, INVALID, _("more than %u columns"),
                               FLITLAB_STUDY_MAX_COLUMNS);
                  return NULL;
                }
              for (guint j = 0; j < names->len; j++)
                if (g_str_equal (g_ptr_array_index (names, j), columns[i]))
                  {
                    reader_fail (r, child, INVALID, _("column “%s” appears twice"), columns[i]);
                    return NULL;
                  }
              g_ptr_array_add (names, columns[i]);
            }
          for (guint i = 0; required[i] != NULL; i++)
            if (i >= names->len || !g_str_equal (g_ptr_array_index (names, i), required[i]))
              {
                g_autofree char *list = g_strjoinv (" ", (char **) required);

                reader_fail (r, child, INVALID, _("the columns of <%s> must begin with: %s"),
                             (const char *) node->name, list);
                return NULL;
              }
          g_ptr_array_add (names, NULL);
          table = flitlab_study_table_new ((const char * const *) names->pdata);
        }
      else if (g_str_equal (name, "row"))
        {
          static const char * const row_attributes[] = { "saturated", NULL };
          g_autoptr(GArray) values = NULL;
          gboolean saturated = FALSE;

          if (table == NULL)
            {
              reader_fail (r, child, INVALID, _("<row> before <columns>"));
              return NULL;
            }
          if (table->n_rows >= FLITLAB_STUDY_MAX_ROWS)
            {
              reader_fail (r, child, INVALID, _("more than %u rows"), FLITLAB_STUDY_MAX_ROWS);
              return NULL;
            }
          if (!check_attributes (r, child, row_attributes)
              || !bool_attribute (r, child, "saturated", FALSE, &saturated)
              || (values = parse_numbers (r, child, TRUE, table->n_columns)) == NULL)
            return NULL;
          if (values->len != table->n_columns)
            {
              reader_fail (r, child, INVALID, _("a row of %u values in a table of %u columns"),
                           values->len, table->n_columns);
              return NULL;
            }
          /* Column 0 is the load: always a number, never negative. */
          if (!(g_array_index (values, double, 0) >= 0))
            {
              reader_fail (r, child, INVALID, _("the rate of a row must be a number ≥ 0"));
              return NULL;
            }
          flitlab_study_table_append (table, (const double *) values->data, saturated);
        }
      else
        {
          reader_fail (r, child, INVALID, _("unknown element <%s> in <%s>"), name,
                       (const char *) node->name);
          return NULL;
        }
    }
  if (r->error != NULL)
    return NULL;
  if (table == NULL)
    {
      reader_fail (r, node, INVALID, _("<%s> needs <columns>"), (const char *) node->name);
      return NULL;
    }
  table->title = dup_attribute (node, "title");
  table->saturation_rate = saturation;
  g_hash_table_unref (table->info);
  table->info = g_steal_pointer (&info);
  return g_steal_pointer (&table);
}

static FlitlabStudyChannels *
parse_channels (Reader  *r,
                xmlNode *node,
                guint    n_topology_channels)
{
  static const char * const attributes[] = { "rate", "count", NULL };
  static const char * const series_attributes[] = { "name", NULL };
  g_autoptr(FlitlabStudyChannels) channels = NULL;
  xmlNode *child = NULL;
  double rate = 0;
  guint count = 0;

  if (!check_attributes (r, node, attributes)
      || !checked_double (r, node, "rate", TRUE, flitlab_limits_parse_load, &rate)
      || !guint_attribute (r, node, "count", TRUE, 1, FLITLAB_STUDY_MAX_CHANNELS, &count))
    return NULL;
  if (n_topology_channels > 0 && count != n_topology_channels)
    {
      reader_fail (r, node, INVALID, _("<channels count=\"%u\"> but the topology has %u channels"),
                   count, n_topology_channels);
      return NULL;
    }

  channels = flitlab_study_channels_new (rate, count);
  while (next_element (r, node, &child))
    {
      g_autofree char *name = NULL;
      g_autoptr(GArray) values = NULL;

      if (!g_str_equal ((const char *) child->name, "series"))
        {
          reader_fail (r, child, INVALID, _("unknown element <%s> in <channels>"),
                       (const char *) child->name);
          return NULL;
        }
      if (channels->series->len == FLITLAB_PROJECT_MAX_SERIES)
        {
          reader_fail (r, child, INVALID, _("more than %u series in <channels>"),
                       FLITLAB_PROJECT_MAX_SERIES);
          return NULL;
        }
      if (!check_attributes (r, child, series_attributes)
          || (name = require_attribute (r, child, "name")) == NULL)
        return NULL;
      if (name[0] == '\0' || flitlab_study_channels_find (channels, name) != NULL)
        {
          reader_fail (r, child, INVALID, _("series names must be non-empty and unique (“%s”)"),
                       name);
          return NULL;
        }
      if ((values = parse_numbers (r, child, TRUE, count)) == NULL)
        return NULL;
      if (values->len != count)
        {
          reader_fail (r, child, INVALID, _("series “%s” has %u values for %u channels"), name,
                       values->len, count);
          return NULL;
        }
      flitlab_study_channels_add (channels, name, (const double *) values->data);
    }
  if (r->error != NULL)
    return NULL;
  return g_steal_pointer (&channels);
}

static gboolean
parse_model (Reader       *r,
             xmlNode      *node,
             FlitlabStudy *study)
{
  static const char * const attributes[] = { "id", NULL };
  g_autofree char *id = NULL;
  FlitlabStudyModel *model;
  xmlNode *child = NULL;

  if (!check_attributes (r, node, attributes)
      || (id = require_attribute (r, node, "id")) == NULL)
    return FALSE;
  if (flitlab_model_lookup (id) == NULL)
    {
      g_autoptr(GString) known = g_string_new (NULL);
      const FlitlabModelInfo * const *list = flitlab_model_list ();

      for (guint i = 0; list[i] != NULL; i++)
        g_string_append_printf (known, "%s%s", i > 0 ? ", " : "", list[i]->id);
      return reader_fail (r, node, INVALID, _("unknown model “%s” (known: %s)"), id, known->str);
    }

  model = flitlab_study_add_model (study, id);
  while (next_element (r, node, &child))
    {
      const char *name = (const char *) child->name;

      if (g_str_equal (name, "param"))
        {
          if (model->curve != NULL || model->channels->len > 0)
            return reader_fail (r, child, INVALID, _("<param> must come first in <model>"));
          if (!parse_pair (r, child, model->params))
            return FALSE;
        }
      else if (g_str_equal (name, "curve"))
        {
          if (model->curve != NULL || model->channels->len > 0)
            return reader_fail (r, child, INVALID, _("one <curve> per model, before <channels>"));
          model->curve = parse_table (r, child, flitlab_study_curve_columns ());
          if (model->curve == NULL)
            return FALSE;
        }
      else if (g_str_equal (name, "channels"))
        {
          /* Indexed by the model's own network (flitlab_model_get_topology()), which need not
           * be the study's: a torus model in a mesh study. Only the series lengths are
           * checked here. */
          FlitlabStudyChannels *channels = parse_channels (r, child, 0);

          if (channels == NULL)
            return FALSE;
          g_ptr_array_add (model->channels, channels);
        }
      else
        return reader_fail (r, child, INVALID, _("unknown element <%s> in <model>"), name);
    }
  return r->error == NULL;
}

static gboolean
parse_simulation (Reader       *r,
                  xmlNode      *node,
                  FlitlabStudy *study,
                  guint         n_topology_channels)
{
  static const char * const attributes[] = {
    "enabled", "vcs", "buffer", "node-buffers", "seed", "replications", "warmup", "cycles",
    "threads", "watchdog", "allow-deadlock", NULL,
  };
  FlitlabStudySimulation *sim = &study->simulation;
  xmlNode *child = NULL;

  if (!check_attributes (r, node, attributes)
      || !bool_attribute (r, node, "enabled", TRUE, &sim->enabled)
      || !checked_guint (r, node, "vcs", FALSE, flitlab_limits_parse_vcs, &sim->vcs)
      || !checked_guint (r, node, "buffer", FALSE, flitlab_limits_parse_buffer, &sim->buffer)
      || !checked_guint (r, node, "node-buffers", FALSE, flitlab_limits_parse_node_buffers,
                         &sim->node_buffers)
      || !uint_attribute (r, node, "seed", FALSE, 0, G_MAXUINT64, &sim->seed)
      || !checked_guint (r, node, "replications", FALSE, flitlab_limits_parse_replications,
                         &sim->replications)
      || !checked_uint64 (r, node, "warmup", flitlab_limits_parse_warmup, &sim->warmup)
      || !checked_uint64 (r, node, "cycles", flitlab_limits_parse_cycles, &sim->cycles)
      || !checked_guint (r, node, "threads", FALSE, flitlab_limits_parse_threads, &sim->threads)
      || !checked_uint64 (r, node, "watchdog", flitlab_limits_parse_watchdog, &sim->watchdog)
      || !bool_attribute (r, node, "allow-deadlock", FALSE, &sim->allow_deadlock))
    return FALSE;

  while (next_element (r, node, &child))
    {
      const char *name = (const char *) child->name;

      if (g_str_equal (name, "points"))
        {
          if (sim->points != NULL || sim->channels->len > 0)
            return reader_fail (r, child, INVALID, _("one <points> per simulation, before "
                                  "<channels>"));
          sim->points = parse_table (r, child, flitlab_study_points_columns ());
          if (sim->points == NULL)
            return FALSE;
        }
      else if (g_str_equal (name, "channels"))
        {
          FlitlabStudyChannels *channels = parse_channels (r, child, n_topology_channels);

          if (channels == NULL)
            return FALSE;
          g_ptr_array_add (sim->channels, channels);
        }
      else
        return reader_fail (r, child, INVALID, _("unknown element <%s> in <simulation>"), name);
    }
  return r->error == NULL;
}

/* The network of this spec, built once per load; NULL (and r failed) when it is not a
 * network or the project's networks would be too large together. */
static const FlitlabTopology *
reader_topology (Reader     *r,
                 xmlNode    *node,
                 const char *spec)
{
  g_autoptr(GError) local_error = NULL;
  FlitlabTopology *topology = g_hash_table_lookup (r->topologies, spec);

  if (topology != NULL)
    return topology;
  topology = flitlab_topology_new_from_spec (spec, &local_error);
  if (topology == NULL)
    {
      reader_fail (r, node, INVALID, _("topology “%s”: %s"), spec,
                   local_error != NULL ? local_error->message : _("not a valid spec"));
      return NULL;
    }
  g_hash_table_insert (r->topologies, g_strdup (spec), topology);
  r->topology_nodes += flitlab_topology_get_n_nodes (topology);
  if (r->topology_nodes > FLITLAB_PROJECT_MAX_NETWORK_NODES)
    {
      reader_fail (r, node, INVALID, _("the project's distinct networks have more than %u nodes "
                     "together"), FLITLAB_PROJECT_MAX_NETWORK_NODES);
      return NULL;
    }
  return topology;
}

static gboolean
parse_network (Reader                 *r,
               xmlNode                *node,
               FlitlabStudy           *study,
               const FlitlabTopology **topology)
{
  static const char * const attributes[] = { "topology", "routing", "ties", NULL };
  g_autofree char *spec = NULL;
  guint routing, ties = study->ties;

  if (!check_attributes (r, node, attributes)
      || (spec = require_attribute (r, node, "topology")) == NULL
      || !name_attribute (r, node, "routing", flitlab_routing_names (), _("routing"), &routing)
      || (xmlHasProp (node, (const xmlChar *) "ties") &&
          !name_attribute (r, node, "ties", flitlab_ties_names (), _("ties"), &ties)))
    return FALSE;
  study->routing = routing;
  study->ties = ties;
  /* The topology library is the one judge of a spec; building it also gives the node and
   * channel counts the traffic and per-channel results are checked against. The study keeps
   * the network with the spec as written. */
  if ((*topology = reader_topology (r, node, spec)) == NULL)
    return FALSE;
  flitlab_study_set_built_topology (study, spec, *topology);
  return TRUE;
}

static gboolean
parse_traffic (Reader                *r,
               xmlNode               *node,
               FlitlabStudy          *study,
               const FlitlabTopology *topology)
{
  static const char * const attributes[] = {
    "pattern", "hotspot-fraction", "hotspot-node", "length", "flits", "flit-width", NULL,
  };
  guint n_nodes = topology != NULL ? flitlab_topology_get_n_nodes (topology) : G_MAXUINT;
  g_autofree char *flits = NULL;
  g_autoptr(GError) refused = NULL;
  guint pattern, length;

  if (!check_attributes (r, node, attributes)
      || !name_attribute (r, node, "pattern", flitlab_traffic_pattern_names (),
                          _("traffic pattern"), &pattern)
      || !checked_double (r, node, "hotspot-fraction", FALSE,
                          flitlab_limits_parse_hotspot_fraction, &study->hotspot_fraction)
      || !guint_attribute (r, node, "hotspot-node", FALSE, 0, MAX (n_nodes, 1) - 1,
                           &study->hotspot_node)
      || !name_attribute (r, node, "length", flitlab_length_names (),
                          _("length distribution"), &length)
      || (flits = require_attribute (r, node, "flits")) == NULL)
    return FALSE;
  study->pattern = pattern;
  study->length = length;
  /* Whole when the lengths are fixed: the length distribution is read first. */
  if (!flitlab_limits_parse_flits (flits, study->length == FLITLAB_LENGTH_FIXED, &study->flits,
                                   &refused))
    return reader_fail (r, node, INVALID, "%s", refused->message);
  return checked_guint (r, node, "flit-width", FALSE, flitlab_limits_parse_flit_width,
                        &study->flit_width);
}

static gboolean
parse_load (Reader       *r,
            xmlNode      *node,
            FlitlabStudy *study)
{
  static const char * const attributes[] = { "min", "max", "count", NULL };
  g_autoptr(GError) refused = NULL;

  if (!check_attributes (r, node, attributes)
      || !checked_double (r, node, "min", TRUE, flitlab_limits_parse_load, &study->rate_min)
      || !checked_double (r, node, "max", TRUE, flitlab_limits_parse_load, &study->rate_max)
      || !checked_guint (r, node, "count", TRUE, flitlab_limits_parse_n_rates, &study->n_rates))
    return FALSE;
  if (!flitlab_limits_check_load_range (study->rate_min, study->rate_max, &refused))
    return reader_fail (r, node, INVALID, "%s", refused->message);
  return TRUE;
}

static FlitlabStudy *
parse_study (Reader  *r,
             xmlNode *node)
{
  static const char * const attributes[] = { "name", NULL };
  g_autoptr(FlitlabStudy) study = NULL;
  const FlitlabTopology *topology = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *name = NULL;
  xmlNode *child = NULL;
  gboolean seen_notes = FALSE, seen_network = FALSE, seen_traffic = FALSE;
  gboolean seen_load = FALSE, seen_simulation = FALSE;
  guint n_channels = 0;

  if (!check_attributes (r, node, attributes)
      || (name = require_attribute (r, node, "name")) == NULL)
    return NULL;
  if (name[0] == '\0')
    {
      reader_fail (r, node, INVALID, _("a study needs a non-empty name"));
      return NULL;
    }
  study = flitlab_study_new (name);

  /* <network> first: the traffic and the per-channel results are checked against it. */
  while (next_element (r, node, &child))
    {
      const char *element = (const char *) child->name;
      gboolean ok;

      if (g_str_equal (element, "notes"))
        {
          if (seen_notes || seen_network)
            ok = reader_fail (r, child, INVALID, _("<notes> must come first, once"));
          else if (!check_attributes (r, child, (const char * const[]) { NULL }))
            ok = FALSE;
          else
            ok = (study->notes = leaf_text (r, child)) != NULL;
          seen_notes = TRUE;
        }
      else if (g_str_equal (element, "network"))
        {
          if (seen_network)
            ok = reader_fail (r, child, INVALID, _("<network> appears twice"));
          else
            ok = parse_network (r, child, study, &topology);
          seen_network = TRUE;
          if (topology != NULL)
            n_channels = flitlab_topology_get_n_channels (topology);
        }
      else if (!seen_network)
        ok = reader_fail (r, child, INVALID, _("<%s> before <network>"), element);
      else if (g_str_equal (element, "traffic"))
        {
          ok = seen_traffic ? reader_fail (r, child, INVALID, _("<traffic> appears twice"))
                            : parse_traffic (r, child, study, topology);
          seen_traffic = TRUE;
        }
      else if (g_str_equal (element, "load"))
        {
          ok = seen_load ? reader_fail (r, child, INVALID, _("<load> appears twice"))
                         : parse_load (r, child, study);
          seen_load = TRUE;
        }
      else if (g_str_equal (element, "model"))
        ok = parse_model (r, child, study);
      else if (g_str_equal (element, "simulation"))
        {
          ok = seen_simulation ? reader_fail (r, child, INVALID, _("<simulation> appears twice"))
                               : parse_simulation (r, child, study, n_channels);
          seen_simulation = TRUE;
        }
      else if (g_str_equal (element, "reference"))
        {
          FlitlabStudyTable *table = parse_table (r, child, flitlab_study_curve_columns ());

          ok = table != NULL;
          if (ok)
            g_ptr_array_add (study->references, table);
        }
      else if (g_str_equal (element, "setting"))
        ok = parse_pair (r, child, study->settings);
      else
        ok = reader_fail (r, child, INVALID, _("unknown element <%s> in <study>"), element);
      if (!ok)
        return NULL;
    }
  if (r->error != NULL)
    return NULL;
  if (!seen_network || !seen_traffic || !seen_load)
    {
      reader_fail (r, node, INVALID, _("study “%s” needs <%s>"), name,
                   !seen_network ? "network" : !seen_traffic ? "traffic" : "load");
      return NULL;
    }
  /* Everything above was checked where it was read; this catches what spans elements. */
  if (!flitlab_study_check (study, &local_error))
    {
      reader_fail (r, node, INVALID, "%s", local_error->message);
      return NULL;
    }
  return g_steal_pointer (&study);
}

static FlitlabProject *
parse_project (Reader *r,
               xmlDoc *doc)
{
  static const char * const attributes[] = { "format", "title", NULL };
  g_autoptr(FlitlabProject) project = NULL;
  /* Each study's name (the project's own string) to its line. */
  g_autoptr(GHashTable) lines = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *format = NULL;
  g_autofree char *title = NULL;
  xmlNode *root = xmlDocGetRootElement (doc);
  xmlNode *child = NULL;
  guint64 version;

  if (root == NULL)
    {
      reader_fail (r, NULL, FLITLAB_PROJECT_ERROR_PARSE, _("the document is empty"));
      return NULL;
    }
  if (root->ns != NULL)
    {
      reader_fail (r, root, INVALID, _("not a Flitlab project: the root element <%s> is in the "
                     "namespace “%s”; Flitlab projects use none"), (const char *) root->name,
                   root->ns->href != NULL ? (const char *) root->ns->href : "");
      return NULL;
    }
  if (!g_str_equal ((const char *) root->name, "flitlab-project"))
    {
      reader_fail (r, root, INVALID, _("not a Flitlab project: the root element is <%s>, not "
                     "<flitlab-project>"), (const char *) root->name);
      return NULL;
    }
  /* The version first: a newer file may hold anything else. */
  format = dup_attribute (root, "format");
  if (format == NULL)
    {
      reader_fail (r, root, INVALID, _("<flitlab-project> has no format version (format=\"1\")"));
      return NULL;
    }
  if (!g_ascii_string_to_unsigned (format, 10, 0, G_MAXUINT64, &version, NULL))
    {
      reader_fail (r, root, INVALID, _("the format version “%s” is not a whole number"), format);
      return NULL;
    }
  if (version != FLITLAB_PROJECT_FORMAT_VERSION)
    {
      if (version > FLITLAB_PROJECT_FORMAT_VERSION)
        reader_fail (r, root, FLITLAB_PROJECT_ERROR_VERSION, _("the file has format version %s, "
                       "from a newer Flitlab; this one reads version %d"), format,
                     FLITLAB_PROJECT_FORMAT_VERSION);
      else
        reader_fail (r, root, FLITLAB_PROJECT_ERROR_VERSION, _("the file has format version %s, "
                       "which no Flitlab wrote; this one reads version %d"), format,
                     FLITLAB_PROJECT_FORMAT_VERSION);
      return NULL;
    }
  if (!check_attributes (r, root, attributes))
    return NULL;

  project = flitlab_project_new ();
  title = dup_attribute (root, "title");
  flitlab_project_set_title (project, title);
  while (next_element (r, root, &child))
    {
      FlitlabStudy *study;
      gpointer first;

      if (!g_str_equal ((const char *) child->name, "study"))
        {
          reader_fail (r, child, INVALID, _("unknown element <%s> in <flitlab-project>"),
                       (const char *) child->name);
          return NULL;
        }
      study = parse_study (r, child);
      if (study == NULL)
        return NULL;
      /* The command line and the window find a study by its name: two of one name would
       * make every later one unreachable. */
      if ((first = g_hash_table_lookup (lines, study->name)) != NULL)
        {
          reader_fail (r, child, INVALID, _("a study named “%s” is already on line %ld: each "
                                            "study needs a name of its own"),
                       study->name, (long) GPOINTER_TO_SIZE (first));
          flitlab_study_free (study);
          return NULL;
        }
      g_hash_table_insert (lines, study->name, GSIZE_TO_POINTER ((gsize) xmlGetLineNo (child)));
      flitlab_project_insert_study (project, G_MAXUINT, study);
    }
  if (r->error != NULL)
    return NULL;
  return g_steal_pointer (&project);
}

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
          const char *terminator = length - (p - data) >= 3 && strncmp (p, "!--", 3) == 0 ? "-->"
                                   : length - (p - data) >= 8 && strncmp (p, "![CDATA[", 8) == 0 ? "]]>"
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
      project = parse_project (&reader, doc);
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
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* Read the bytes ourselves: libxml2 never opens a file or a URL on our behalf. */
  display = g_filename_display_name (path);
  if ((data = read_project_file (path, display, &length, error)) == NULL)
    return NULL;
  return flitlab_project_load_from_data (data, length, display, error);
}
