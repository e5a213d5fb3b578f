/* flitlab-names.c: lists of names
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "flitlab-names.h"

gboolean
flitlab_names_find (const char * const *names,
                    const char         *name,
                    guint              *index)
{
  g_return_val_if_fail (names != NULL, FALSE);

  if (name == NULL)
    return FALSE;
  for (guint i = 0; names[i] != NULL; i++)
    if (g_str_equal (names[i], name))
      {
        if (index != NULL)
          *index = i;
        return TRUE;
      }
  return FALSE;
}
