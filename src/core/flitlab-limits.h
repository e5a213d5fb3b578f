/* flitlab-limits.h: the limits of a simulation's settings, shared by every tier
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The study, the project format, the editor, flitlab-cli and the simulators take their ranges
 * from here, so that a value one of them accepts the others accept too (docs/project-format.md).
 */

#pragma once

#include <glib.h>

#define FLITLAB_MAX_FLITS         1.0e6   /* message length, flits (the mean, for exponential) */
#define FLITLAB_MAX_VCS           64      /* virtual channels per physical channel */
#define FLITLAB_MAX_BUFFER        1024    /* flit buffer depth per virtual channel */
#define FLITLAB_MAX_NODE_BUFFERS  32      /* message buffers per node (backtracking) */
#define FLITLAB_MAX_REPLICATIONS  1000
#define FLITLAB_MIN_CYCLES        100     /* measured cycles per replication */
#define FLITLAB_MAX_CYCLES        G_GUINT64_CONSTANT (1000000000)
#define FLITLAB_MAX_WARMUP        G_GUINT64_CONSTANT (1000000000)  /* cycles */
#define FLITLAB_MAX_WATCHDOG      G_GUINT64_CONSTANT (1000000000)  /* cycles */
#define FLITLAB_MAX_THREADS       1024
