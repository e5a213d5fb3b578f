/* flitlab-project-reader-nodes.c: a project's XML read node by node: attributes, each
 * judged by its one check, elements and lists of numbers. Declared in
 * flitlab-project-reader-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <libxml/tree.h>

#include "flitlab-input.h"
#include "flitlab-names.h"

#include "flitlab-project-reader-private.h"

gboolean
flitlab_reader_check_attributes (Reader             *r,
                                 xmlNode            *node,
                                 const char * const *allowed)
{
  for (xmlAttr *attr = node->properties; attr != NULL; attr = attr->next)
    {
      if (attr->ns != NULL || !flitlab_study_name_in (allowed, (const char *) attr->name))
        return flitlab_reader_fail (r, node, INVALID, _("unknown attribute “%s” on <%s>"),
                                    (const char *) attr->name, (const char *) node->name);
    }
  return TRUE;
}

char *
flitlab_reader_dup_attribute (xmlNode    *node,
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

char *
flitlab_reader_require_attribute (Reader     *r,
                                  xmlNode    *node,
                                  const char *name)
{
  char *value = flitlab_reader_dup_attribute (node, name);

  if (value == NULL)
    flitlab_reader_fail (r, node, INVALID, _("<%s> needs the attribute “%s”"),
                         (const char *) node->name, name);
  return value;
}

gboolean
flitlab_reader_double_attribute (Reader     *r,
                                 xmlNode    *node,
                                 const char *name,
                                 gboolean    required,
                                 double      min,
                                 double      max,
                                 double     *out)
{
  g_autofree char *text = required ? flitlab_reader_require_attribute (r, node, name)
                                   : flitlab_reader_dup_attribute (node, name);
  double value;

  if (text == NULL)
    return !required;
  if (!flitlab_input_parse_number (text, strlen (text), &value))
    return flitlab_reader_fail (r, node, INVALID, _("attribute “%s” of <%s>: “%s” is not a "
                                                    "number (write decimal numbers with a dot, "
                                                    "e.g. 0.25)"),
                                name, (const char *) node->name, text);
  if (!(value >= min && value <= max))
    return flitlab_reader_fail (r, node, INVALID, _("attribute “%s” of <%s>: %s is out of "
                                                    "range (%g..%g)"),
                                name, (const char *) node->name, text, min, max);
  *out = value;
  return TRUE;
}

gboolean
flitlab_reader_uint_attribute (Reader     *r,
                               xmlNode    *node,
                               const char *name,
                               gboolean    required,
                               guint64     min,
                               guint64     max,
                               guint64    *out)
{
  g_autofree char *text = required ? flitlab_reader_require_attribute (r, node, name)
                                   : flitlab_reader_dup_attribute (node, name);
  guint64 value;

  if (text == NULL)
    return !required;
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &value, NULL))
    return flitlab_reader_fail (r, node, INVALID, _("attribute “%s” of <%s>: “%s” is not a "
                                                    "whole number"),
                                name, (const char *) node->name, text);
  if (value < min || value > max)
    return flitlab_reader_fail (r, node, INVALID, _("attribute “%s” of <%s>: %s is out of "
                                                    "range (%llu..%llu)"),
                                name, (const char *) node->name,
                                text, (unsigned long long) min, (unsigned long long) max);
  *out = value;
  return TRUE;
}

gboolean
flitlab_reader_guint_attribute (Reader     *r,
                                xmlNode    *node,
                                const char *name,
                                gboolean    required,
                                guint       min,
                                guint       max,
                                guint      *out)
{
  guint64 value = *out;

  if (!flitlab_reader_uint_attribute (r, node, name, required, min, max, &value))
    return FALSE;
  *out = (guint) value;
  return TRUE;
}

/* A setting's attribute, read and judged by its one check (flitlab-limits.h): refused with
 * the check's words, which the editor and flitlab-cli give too, after the file and line. */

gboolean
flitlab_reader_checked_guint (Reader      *r,
                              xmlNode     *node,
                              const char  *name,
                              gboolean     required,
                              ParseGuint   parse,
                              guint       *out)
{
  g_autofree char *text = required ? flitlab_reader_require_attribute (r, node, name)
                                   : flitlab_reader_dup_attribute (node, name);
  g_autoptr(GError) refused = NULL;

  if (text == NULL)
    return !required;
  if (!parse (text, out, &refused))
    return flitlab_reader_fail (r, node, INVALID, "%s", refused->message);
  return TRUE;
}

gboolean
flitlab_reader_checked_uint64 (Reader      *r,
                               xmlNode     *node,
                               const char  *name,
                               ParseUint64  parse,
                               guint64     *out)
{
  g_autofree char *text = flitlab_reader_dup_attribute (node, name);
  g_autoptr(GError) refused = NULL;

  if (text != NULL && !parse (text, out, &refused))
    return flitlab_reader_fail (r, node, INVALID, "%s", refused->message);
  return TRUE;
}

gboolean
flitlab_reader_checked_double (Reader      *r,
                               xmlNode     *node,
                               const char  *name,
                               gboolean     required,
                               ParseDouble  parse,
                               double      *out)
{
  g_autofree char *text = required ? flitlab_reader_require_attribute (r, node, name)
                                   : flitlab_reader_dup_attribute (node, name);
  g_autoptr(GError) refused = NULL;

  if (text == NULL)
    return !required;
  if (!parse (text, out, &refused))
    return flitlab_reader_fail (r, node, INVALID, "%s", refused->message);
  return TRUE;
}

gboolean
flitlab_reader_bool_attribute (Reader     *r,
                               xmlNode    *node,
                               const char *name,
                               gboolean    required,
                               gboolean   *out)
{
  g_autofree char *text = required ? flitlab_reader_require_attribute (r, node, name)
                                   : flitlab_reader_dup_attribute (node, name);

  if (text == NULL)
    return !required;
  if (g_str_equal (text, "true") || g_str_equal (text, "1"))
    *out = TRUE;
  else if (g_str_equal (text, "false") || g_str_equal (text, "0"))
    *out = FALSE;
  else
    return flitlab_reader_fail (r, node, INVALID,
                                _("attribute “%s” of <%s>: “%s” is not true or false"),
                                name, (const char *) node->name, text);
  return TRUE;
}

/* One of an enum's names (flitlab-names.h): *value gets the enum's value. */
gboolean
flitlab_reader_name_attribute (Reader             *r,
                               xmlNode            *node,
                               const char         *name,
                               const char * const *names,
                               const char         *what,
                               guint              *value)
{
  g_autofree char *text = flitlab_reader_require_attribute (r, node, name);

  if (text == NULL)
    return FALSE;
  if (!flitlab_names_find (names, text, value))
    {
      g_autofree char *list = g_strjoinv (", ", (char **) names);

      return flitlab_reader_fail (r, node, INVALID, _("unknown %s “%s” (known: %s)"), what,
                                  text, list);
    }
  return TRUE;
}

/* The next element child after *cursor (NULL: the first), skipping comments, processing
 * instructions and white space; FALSE at the end or on an error (r->error set). */
gboolean
flitlab_reader_next_element (Reader   *r,
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
            return flitlab_reader_fail (r, node, INVALID, _("element <%s> is in a namespace; "
                                                            "Flitlab projects use none"),
                                        (const char *) node->name);
          *cursor = node;
          return TRUE;
        case XML_TEXT_NODE:
        case XML_CDATA_SECTION_NODE:
          if (node->content != NULL)
            for (const xmlChar *p = node->content; *p != '\0'; p++)
              if (!g_ascii_isspace (*p))
                return flitlab_reader_fail (r, node, INVALID, _("unexpected text inside <%s>"),
                                            (const char *) parent->name);
          break;
        case XML_COMMENT_NODE:
        case XML_PI_NODE:
          break;
        default:
          return flitlab_reader_fail (r, node, INVALID, _("unexpected content inside <%s>"),
                                      (const char *) parent->name);
        }
    }
  *cursor = NULL;
  return FALSE;
}

/* The text of an element that holds only text. */
char *
flitlab_reader_leaf_text (Reader  *r,
                          xmlNode *node)
{
  GString *text = g_string_new (NULL);

  for (xmlNode *child = node->children; child != NULL; child = child->next)
    {
      if (child->type == XML_TEXT_NODE || child->type == XML_CDATA_SECTION_NODE)
        g_string_append (text, (const char *) child->content);
      else if (child->type != XML_COMMENT_NODE && child->type != XML_PI_NODE)
        {
          flitlab_reader_fail (r, child, INVALID, _("<%s> holds only text"),
                               (const char *) node->name);
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
GArray *
flitlab_reader_parse_numbers (Reader     *r,
                              xmlNode    *node,
                              gboolean    allow_none,
                              guint       max_values)
{
  g_autofree char *text = flitlab_reader_leaf_text (r, node);
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
            flitlab_reader_fail (r, node, INVALID, _("“%s” in <%s> is not a number (write "
                                                     "decimal numbers with a dot, and - for no "
                                                     "value)"), token,
                                 (const char *) node->name);
          else
            flitlab_reader_fail (r, node, INVALID, _("“%s” in <%s> is not a number (write "
                                                     "decimal numbers with a dot)"),
                                 token, (const char *) node->name);
          return NULL;
        }
      if (values->len >= max_values)
        {
          flitlab_reader_fail (r, node, INVALID, _("<%s> holds more than %u numbers"),
                               (const char *) node->name, max_values);
          return NULL;
        }
      g_array_append_val (values, value);
    }
  return g_steal_pointer (&values);
}

/* <name-list element="…" name="…" value="…"/> into a string table. */
gboolean
flitlab_reader_parse_pair (Reader     *r,
                           xmlNode    *node,
                           GHashTable *table)
{
  static const char * const attributes[] = { "name", "value", NULL };
  g_autofree char *name = NULL;
  g_autofree char *value = NULL;

  if (!flitlab_reader_check_attributes (r, node, attributes))
    return FALSE;
  if ((name = flitlab_reader_require_attribute (r, node, "name")) == NULL
      || (value = flitlab_reader_require_attribute (r, node, "value")) == NULL)
    return FALSE;
  if (name[0] == '\0')
    return flitlab_reader_fail (r, node, INVALID, _("<%s> needs a non-empty name"),
                                (const char *) node->name);
  if (g_hash_table_contains (table, name))
    return flitlab_reader_fail (r, node, INVALID, _("<%s name=\"%s\"> appears twice"),
                                (const char *) node->name, name);
  g_hash_table_insert (table, g_steal_pointer (&name), g_steal_pointer (&value));
  return TRUE;
}
