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
/* The default stopping rule of both simulators: replications of measured cycles after the
 * warm-up. 30000 cycles, not the 20000 of before issue #30: its intervals near saturation grew
 * about 20% when they were made to cover (docs/validation/statistics.md), and the longer window
 * brings them back to their old width (docs/performance.md). */
#define FLITLAB_DEFAULT_REPLICATIONS 3
#define FLITLAB_DEFAULT_CYCLES    30000
#define FLITLAB_MIN_CYCLES        100     /* measured cycles per replication */
#define FLITLAB_MAX_CYCLES        G_GUINT64_CONSTANT (1000000000)
#define FLITLAB_MAX_WARMUP        G_GUINT64_CONSTANT (1000000000)  /* cycles */
#define FLITLAB_MAX_WATCHDOG      G_GUINT64_CONSTANT (1000000000)  /* cycles */
#define FLITLAB_MAX_THREADS       1024
#define FLITLAB_MAX_FLIT_WIDTH    65536   /* bits */
/* Loads, messages per cycle per node. Flit-level networks saturate far below 1, but the
 * backtracking model (horng-kleinrock) takes geometric arrival means up to 1e9. */
#define FLITLAB_MAX_RATE          1000000000
#define FLITLAB_MAX_RATES         10000   /* loads of a study's range */

/* Traffic matrices (flitlab-traffic-matrix.h): a CSV file holds every entry, so its nodes are
 * bounded as its bytes are; a project stores one of up to FLITLAB_MATRIX_INLINE_NODES nodes
 * in the file itself, a larger one by its file's path and SHA-256. */
#define FLITLAB_MAX_MATRIX_NODES    4096
#define FLITLAB_MAX_MATRIX_BYTES    (512u * 1024u * 1024u)
#define FLITLAB_MATRIX_INLINE_NODES 64

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

/* Virtual channels per physical channel, 0..FLITLAB_MAX_VCS; 0: the fewest the routing needs.
 * (Whether the routing can use that many is the simulator's question.) */
gboolean flitlab_limits_check_vcs    (guint64      vcs,
                                      GError     **error);
gboolean flitlab_limits_parse_vcs    (const char  *text,
                                      guint       *out,
                                      GError     **error);

/* Flit buffer depth per virtual channel, 1..FLITLAB_MAX_BUFFER. */
gboolean flitlab_limits_check_buffer (guint64      buffer,
                                      GError     **error);
gboolean flitlab_limits_parse_buffer (const char  *text,
                                      guint       *out,
                                      GError     **error);

/* Message buffers per node (backtracking), 0..FLITLAB_MAX_NODE_BUFFERS; 0: none. (The
 * simulator needs at least the hypercube's dimension.) */
gboolean flitlab_limits_check_node_buffers (guint64      node_buffers,
                                            GError     **error);
gboolean flitlab_limits_parse_node_buffers (const char  *text,
                                            guint       *out,
                                            GError     **error);

/* Independent replications per load, 1..FLITLAB_MAX_REPLICATIONS. */
gboolean flitlab_limits_check_replications (guint64      replications,
                                            GError     **error);
gboolean flitlab_limits_parse_replications (const char  *text,
                                            guint       *out,
                                            GError     **error);

/* Measured cycles per replication, FLITLAB_MIN_CYCLES..FLITLAB_MAX_CYCLES. */
gboolean flitlab_limits_check_cycles (guint64      cycles,
                                      GError     **error);
gboolean flitlab_limits_parse_cycles (const char  *text,
                                      guint64     *out,
                                      GError     **error);

/* Warm-up cycles, 0..FLITLAB_MAX_WARMUP; 0: until the running mean settles. */
gboolean flitlab_limits_check_warmup (guint64      warmup,
                                      GError     **error);
gboolean flitlab_limits_parse_warmup (const char  *text,
                                      guint64     *out,
                                      GError     **error);

/* Cycles without a moving flit before a deadlock, 0..FLITLAB_MAX_WATCHDOG; 0: the default. */
gboolean flitlab_limits_check_watchdog (guint64      watchdog,
                                        GError     **error);
gboolean flitlab_limits_parse_watchdog (const char  *text,
                                        guint64     *out,
                                        GError     **error);

/* Threads, 0..FLITLAB_MAX_THREADS; 0: one per core. */
gboolean flitlab_limits_check_threads (guint64      threads,
                                       GError     **error);
gboolean flitlab_limits_parse_threads (const char  *text,
                                       guint       *out,
                                       GError     **error);

/* The flit width in bits, 1..FLITLAB_MAX_FLIT_WIDTH. */
gboolean flitlab_limits_check_flit_width (guint64      flit_width,
                                          GError     **error);
gboolean flitlab_limits_parse_flit_width (const char  *text,
                                          guint       *out,
                                          GError     **error);

/* A load, 0..FLITLAB_MAX_RATE messages per cycle per node (what a simulator can carry is its
 * own question: the wormhole simulator takes loads up to 1). */
gboolean flitlab_limits_check_load   (double       load,
                                      GError     **error);
gboolean flitlab_limits_parse_load   (const char  *text,
                                      double      *out,
                                      GError     **error);
/* A study's load range: two loads, min no larger than max. */
gboolean flitlab_limits_check_load_range (double       min,
                                          double       max,
                                          GError     **error);

/* The loads of a study's range, 1..FLITLAB_MAX_RATES. */
gboolean flitlab_limits_check_n_rates (guint64      n_rates,
                                       GError     **error);
gboolean flitlab_limits_parse_n_rates (const char  *text,
                                       guint       *out,
                                       GError     **error);

/* The share of messages sent to the hotspot, 0..1. */
gboolean flitlab_limits_check_hotspot_fraction (double       fraction,
                                                GError     **error);
gboolean flitlab_limits_parse_hotspot_fraction (const char  *text,
                                                double      *out,
                                                GError     **error);

G_END_DECLS
