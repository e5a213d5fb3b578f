/* flitlab-toast.h: a toast of plain text
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* libadwaita 1.2 reads a toast's title as Pango markup, with no switch to turn that off (1.4
 * has one): a message naming "Horng & Kleinrock", a study or a file is escaped, or GTK refuses
 * it with a warning and shows an empty toast. */
static inline AdwToast *
flitlab_toast_new (const char *text)
{
  g_autofree char *markup = g_markup_escape_text (text, -1);

  return adw_toast_new (markup);
}

G_END_DECLS
