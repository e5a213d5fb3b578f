/* flitlab-height-for-width-bin.h: a bin whose width never depends on the height it is given
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define FLITLAB_TYPE_HEIGHT_FOR_WIDTH_BIN (flitlab_height_for_width_bin_get_type ())

G_DECLARE_FINAL_TYPE (FlitlabHeightForWidthBin, flitlab_height_for_width_bin, FLITLAB,
                      HEIGHT_FOR_WIDTH_BIN, GtkWidget)

G_END_DECLS
