/* test-files.h: scratch directories for the io tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

/* A new empty directory under the temporary one. */
char *test_files_make_dir    (void);
/* Removes path and, for a directory, everything in it (read-only ones too). */
void  test_files_remove_tree (const char *path);
/* Every name in the directory, hidden ones too, sorted and joined by spaces: a temporary left
 * behind shows. */
char *test_files_list_dir    (const char *path);
