/* flitlab-limits.h: the limits of a study's settings, and the one check of each
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The study, the project format, the editor, flitlab-cli, the models and the simulators take
 * their ranges from here, and each fact has one function that says whether a value is valid:
 * every edge (a command-line option, a project file's attribute, a model's parameter, the
 * editor's row) and every core check calls it, so that they all accept the same values and
 * refuse the others with the same message (docs/project-format.md).
 *
 * For each fact, flitlab_limits_check_FACT() judges a value, and flitlab_limits_parse_FACT()
 * reads text in the one syntax of its kind (a number: flitlab_input_parse_number(); a whole
 * number: plain decimal digits) and then judges it with the same check. A refusal is a GError
 * in FLITLAB_LIMITS_ERROR with one line that names the fact, its range and the value (quoted
 * as typed by a parse, written out by a check); it starts in lower case, so that a caller may
 * put a place before it ("file:3: ", "Study “s”: "). On a refusal *out is left as it was.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define FLITLAB_MAX_FLITS         1000000 /* message length, flits (the mean, for exponential) */
#define FLITLAB_MAX_VCS           64      /* virtual channels per physical channel */
#define FLITLAB_MAX_BUFFER        1024    /* flit buffer depth per virtual channel */
#define FLITLAB_MAX_NODE_BUFFERS  32      /* message buffers per node (backtracking) */
#define FLITLAB_MAX_REPLICATIONS  1000
#define FLITLAB_MIN_CYCLES        100     /* measured cycles per replication */
#define FLITLAB_MAX_CYCLES        G_GUINT64_CONSTANT (1000000000)
#define FLITLAB_MAX_WARMUP        G_GUINT64_CONSTANT (1000000000)  /* cycles */
#define FLITLAB_MAX_WATCHDOG      G_GUINT64_CONSTANT (1000000000)  /* cycles */
#define FLITLAB_MAX_THREADS       1024

#define FLITLAB_LIMITS_ERROR (flitlab_limits_error_quark ())

typedef enum
{
  FLITLAB_LIMITS_ERROR_INVALID, /* a value out of its range, or not a value of its kind */
} FlitlabLimitsError;

GQuark   flitlab_limits_error_quark  (void);

/* The message length in flits, 1..FLITLAB_MAX_FLITS. fixed: every message is this long, so it
 * is a whole number of flits; otherwise it is a mean (of exponential lengths, or the length a
 * model's formulas take), which may be fractional. */
gboolean flitlab_limits_check_flits  (double       flits,
                                      gboolean     fixed,
                                      GError     **error);
gboolean flitlab_limits_parse_flits  (const char  *text,
                                      gboolean     fixed,
                                      double      *out,
                                      GError     **error);

G_END_DECLS
