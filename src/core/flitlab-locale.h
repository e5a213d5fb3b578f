/* flitlab-locale.h: the user's language for every program of Flitlab
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Takes the user's locale and binds Flitlab's messages: from FLITLAB_LOCALEDIR when it is set
 * (the build tree's po/, which run-app.sh and meson devenv name), else from the installed
 * LOCALEDIR. Files, CSV and command-line numbers are written with g_ascii_* and keep the
 * dot whatever the locale. */
void flitlab_locale_init (void);

G_END_DECLS
