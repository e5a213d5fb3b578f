/* flitlab-locale.c: the user's language for every program of Flitlab
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>

#include "flitlab-locale.h"

void
flitlab_locale_init (void)
{
  const char *dir = g_getenv ("FLITLAB_LOCALEDIR");

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, dir != NULL && *dir != '\0' ? dir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}
