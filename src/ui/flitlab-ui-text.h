/* flitlab-ui-text.h: words the window's parts share: the settings' values as a user reads
 * them, durations
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "flitlab-routing.h"
#include "flitlab-sim.h"
#include "flitlab-traffic.h"

G_BEGIN_DECLS

const char *flitlab_ui_routing_label (FlitlabRouting             routing);
const char *flitlab_ui_pattern_label (FlitlabTrafficPattern      pattern);
const char *flitlab_ui_length_label  (FlitlabLengthDistribution  length);
/* "45 s", "33 min", "2 h 05 min". */
char       *flitlab_ui_format_duration (double                  seconds);

G_END_DECLS
