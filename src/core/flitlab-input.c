/* flitlab-input.c: the number syntax and short error messages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-input.h"

/* The characters of a quoted part an error message keeps. */
#define QUOTE_KEEP 64

char *
flitlab_input_format_number (double value)
{
  static const char * const formats[] = { "%.15g", "%.16g", "%.17g" };
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  /* 15 digits always read back to a double near enough; 17 always to the same one. */
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      double back;

      g_ascii_formatd (buffer, sizeof buffer, formats[i], value);
      back = g_ascii_strtod (buffer, NULL);
      if (memcmp (&back, &value, sizeof value) == 0)
        break;
    }
  return g_strdup (buffer);
}

gboolean
flitlab_input_parse_number (const char *text,
                            gssize      length,
                            double     *out)
{
  char buffer[64];
  gsize i = 0, digits = 0, n;
  char *end = NULL;
  double value;

  g_return_val_if_fail (text != NULL && out != NULL, FALSE);

  n = length < 0 ? strlen (text) : (gsize) length;
  if (n == 0 || n >= sizeof buffer)
    return FALSE;
  if (text[i] == '+' || text[i] == '-')
    i++;
  while (i < n && g_ascii_isdigit (text[i]))
    i++, digits++;
  if (i < n && text[i] == '.')
    {
      i++;
      while (i < n && g_ascii_isdigit (text[i]))
        i++, digits++;
    }
  if (digits == 0)
    return FALSE;
  if (i < n && (text[i] == 'e' || text[i] == 'E'))
    {
      gsize exp_digits = 0;

      i++;
      if (i < n && (text[i] == '+' || text[i] == '-'))
        i++;
      while (i < n && g_ascii_isdigit (text[i]))
        i++, exp_digits++;
      if (exp_digits == 0)
        return FALSE;
    }
  if (i != n)
    return FALSE;

  memcpy (buffer, text, n);
  buffer[n] = '\0';
  value = g_ascii_strtod (buffer, &end);
  /* ERANGE on underflow is fine (subnormals round-trip); overflow gives ±inf. */
  if (end != buffer + n || !isfinite (value))
    return FALSE;
  *out = value;
  return TRUE;
}

char *
flitlab_input_message_line (const char *message)
{
  g_autofree char *valid = NULL;
  GString *line;
  guint quoted = 0, depth = 0;

  g_return_val_if_fail (message != NULL, NULL);

  valid = g_utf8_make_valid (message, -1);
  line = g_string_sized_new (MIN (strlen (valid), 1024));
  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c == 0x201c) /* “ */
        depth++, quoted = 0;
      else if (c == 0x201d && depth > 0) /* ” */
        {
          depth--;
          if (quoted > QUOTE_KEEP)
            g_string_append (line, "…");
        }
      else if (depth > 0 && ++quoted > QUOTE_KEEP)
        continue;
      if (c < 0x20 || c == 0x7f)
        g_string_append_c (line, ' ');
      else
        g_string_append_unichar (line, c);
    }
  return g_string_free (line, FALSE);
}
