/* flitlab-names.h: lists of names, such as an enum's names in the order of its values
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Files and the command line spell an enum's values as words ("dor", "hotspot", "balanced"):
 * each enum keeps them once, in a NULL-terminated array indexed by its values, and this one
 * lookup turns a word back into its value.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whether name is one of the NULL-terminated names; index (may be NULL) gets its position,
 * the enum's value when names are an enum's. A NULL name is in no list. */
gboolean flitlab_names_find (const char * const *names,
                             const char         *name,
                             guint              *index);

G_END_DECLS
