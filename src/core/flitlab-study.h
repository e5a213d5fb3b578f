/* flitlab-study.h: one study of a project — a network, its traffic, what to run, the results
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A study is a plain struct with public fields: the window edits them, the study runs fill the
 * results, src/io/flitlab-project-reader.c and -writer.c read and write them
 * (docs/project-format.md). Every pointer field is owned by the struct that holds it and freed
 * by flitlab_study_free(); strings are UTF-8 and allocated with g_malloc. The study is a typed
 * value: routing, ties, traffic pattern and length distribution are enums, whose names
 * ("dor", "uniform", "fixed") only the edges spell (project files, the command line, the
 * editor's widgets), and the topology spec is kept with its network, built once when it is set.
 *
 * "No value" in a result (a saturated row, a column a point does not have) is NaN.
 */

#pragma once

#include <glib.h>

#include "flitlab-limits.h"
#include "flitlab-routing.h"
#include "flitlab-sim.h"
#include "flitlab-study-trace.h"
#include "flitlab-topology.h"
#include "flitlab-traffic.h"

G_BEGIN_DECLS

#define FLITLAB_STUDY_ERROR (flitlab_study_error_quark ())

typedef enum
{
  FLITLAB_STUDY_ERROR_INVALID, /* a field out of range or unknown */
} FlitlabStudyError;

/* The sizes of results the project format accepts (docs/project-format.md); the settings are
 * ranged, and checked, by flitlab-limits.h. */
#define FLITLAB_STUDY_MAX_COLUMNS        256
#define FLITLAB_STUDY_MAX_ROWS           1000000
#define FLITLAB_STUDY_MAX_CHANNELS       (16u * 1024u * 1024u)

/* A table of results: named columns, rows of doubles, a saturated flag per row.
 * Model curves have the columns "rate", "latency" and then the model's extra columns;
 * simulation points "rate", "latency", "ci95", "network_latency", "throughput" and then any
 * extra ones. Column names are non-empty and contain no white space. */
typedef struct
{
  char       *title;           /* references only (e.g. "Table 2, simulation"); else NULL */
  char      **columns;         /* NULL-terminated */
  guint       n_columns;
  guint       n_rows;
  double     *values;          /* n_rows * n_columns, row-major; NaN: no value */
  gboolean   *saturated;       /* n_rows: the load is beyond saturation */
  double      saturation_rate; /* messages per cycle per node; NaN: unknown */
  GHashTable *info;            /* string -> string: anything else the producer records
                                  (e.g. "vcs" and "warmup" actually used by a simulation) */
} FlitlabStudyTable;

/* A reference's info: the latency (flitlab-latency.h: "total", ...) its "latency" column counts,
 * when it is not the one the study's plot shows (BookSim's points: "total"). The plot then
 * draws the reference's column of the plot's latency, or says it has none. */
#define FLITLAB_STUDY_INFO_LATENCY "latency"

/* Per-channel statistics at one load: named series indexed by channel ids (flitlab-topology.h:
 * network, then injection, then ejection channels) — of the study's topology for simulation
 * results, of the model's own topology (flitlab_model_get_topology()) for a model's. Names used
 * so far: "utilization" (0..1), "flow" (messages per cycle), "blocking" (mean headers waiting
 * per cycle), "wait" (cycles), "time" (cycles). */
typedef struct
{
  char   *name;
  double *values;   /* n_channels of the owning FlitlabStudyChannels */
} FlitlabStudySeries;

typedef struct
{
  double     rate;       /* messages per cycle per node */
  guint      n_channels;
  GPtrArray *series;     /* FlitlabStudySeries*, owned */
} FlitlabStudyChannels;

/* An analytical model to evaluate, with its results. */
typedef struct
{
  char              *id;       /* a flitlab-model.h registry id, e.g. "ciciani-uni-torus" */
  GHashTable        *params;   /* string -> string, e.g. "k" -> "16x16x16" */
  FlitlabStudyTable *curve;    /* NULL until evaluated */
  GPtrArray         *channels; /* FlitlabStudyChannels*, owned; per-channel results by load */
} FlitlabStudyModel;

typedef struct
{
  gboolean           enabled;
  guint              vcs;          /* virtual channels per physical channel; 0: the default */
  guint              buffer;       /* flit buffer depth per virtual channel, >= 1 */
  guint              node_buffers; /* message buffers per node (backtracking); 0: none */
  guint64            seed;
  guint              replications; /* >= 1 */
  guint64            warmup;       /* cycles; 0: until the running mean settles */
  guint64            cycles;       /* measured cycles per replication, >= 1 */
  guint              threads;      /* 0: one per core */
  guint64            watchdog;     /* cycles without progress before a deadlock; 0: default */
  gboolean           allow_deadlock; /* the deadlock lab: fewer virtual channels than the
                                        routing needs are accepted, and a deadlock is a result */
  FlitlabStudyTable *points;       /* NULL until run */
  GPtrArray         *channels;     /* FlitlabStudyChannels*, owned */
} FlitlabStudySimulation;

typedef struct _FlitlabStudy FlitlabStudy;

struct _FlitlabStudy
{
  char                  *name;
  char                  *notes;            /* free text; may be NULL */
  char                  *group;            /* the sweep it was made in ("Torus: vcs × flits",
                                              flitlab-grid.h), whose studies stand together in
                                              the project; NULL: none */

  /* Network: set topology, network and network_error with flitlab_study_set_topology() */
  char                  *topology;         /* a spec: "torus:16x16x16:uni", "mesh:8x8", ... */
  FlitlabTopology       *network;          /* built from the spec once, shared by the study's
                                              copies; NULL when it cannot be built */
  GError                *network_error;    /* then why; NULL when the network is built */
  FlitlabRouting         routing;
  FlitlabTies            ties;             /* half-way destinations on even-radix tori */

  /* Traffic */
  FlitlabTrafficPattern  pattern;
  double                 hotspot_fraction; /* 0..1, hotspot pattern only */
  guint                  hotspot_node;
  /* The matrix pattern's weights: set with flitlab_study_set_matrix() or, when its file cannot
   * give them, flitlab_study_set_matrix_error(); read with flitlab_study_get_matrix(). */
  FlitlabTrafficMatrix  *matrix;           /* shared by the study's copies; NULL: none */
  char                  *matrix_file;      /* the CSV file it was read from (as the reader
                                              resolved it against the project's folder), or
                                              NULL: none, the project holds it inline */
  char                  *matrix_sha256;    /* that file's SHA-256 (hex) as read, or NULL */
  GError                *matrix_error;     /* why the file gave no matrix (missing, changed,
                                              refused), or NULL */
  /* The trace pattern's trace, likewise: flitlab_study_set_trace() or
   * flitlab_study_set_trace_error(), read with flitlab_study_get_trace(). */
  FlitlabStudyTrace     *trace;            /* shared by the study's copies; NULL: none */
  char                  *trace_file;       /* the trace file (absolute), or NULL: none */
  char                  *trace_sha256;     /* its SHA-256 (hex) when summarized, or NULL */
  GError                *trace_error;      /* why the file gives no trace (missing, changed,
                                              refused), or NULL */
  FlitlabLengthDistribution length;
  double                 flits;            /* (mean) message length in flits, >= 1 */
  guint                  flit_width;       /* bits, >= 1 */

  /* Load range, messages per cycle per node: n_rates evenly spaced from rate_min to
   * rate_max (rate_min alone when n_rates is 1). */
  double                 rate_min;
  double                 rate_max;
  guint                  n_rates;

  GPtrArray             *models;           /* FlitlabStudyModel*, owned */
  FlitlabStudySimulation simulation;
  GPtrArray             *references;       /* FlitlabStudyTable* with a title, owned: values
                                              to compare with, e.g. a paper's table */
  GHashTable            *settings;         /* string -> string: view state the window keeps
                                              (plot axes, shown layers, ...) */
};

GQuark                flitlab_study_error_quark    (void);

/* Defaults: "torus:8x8:bi", dor, uniform (hotspot fraction 0.1 at node 0), fixed 16 flits,
 * 32-bit flits, 20 rates from 0.001 to 0.02, no model, simulation off with 0 (default) vcs,
 * buffer 1, no node buffers, seed 1, automatic warm-up, the default stopping rule
 * (flitlab-limits.h), 0 (all) threads, default watchdog. */
FlitlabStudy         *flitlab_study_new            (const char          *name);
FlitlabStudy         *flitlab_study_copy           (const FlitlabStudy  *self);
void                  flitlab_study_free           (FlitlabStudy        *self);
/* Whether a and b differ in nothing but their results: every setting, model and parameter,
 * reference (title and numbers) and view setting alike. An edit that leaves a study so
 * changes nothing. */
gboolean              flitlab_study_same_settings  (const FlitlabStudy  *a,
                                                    const FlitlabStudy  *b);
/* The network a study's notes were written for, kept in its settings as
 * FLITLAB_STUDY_NOTES_NETWORK when its network changes: the topology spec, or NULL when the
 * notes describe the study's own network (or there are none). */
#define FLITLAB_STUDY_NOTES_NETWORK "notes.network"
const char           *flitlab_study_get_notes_network (const FlitlabStudy *self);
/* Sets the topology spec and builds its network, which every reader of the study shares
 * (flitlab_study_get_topology()). A spec that cannot be built is kept all the same, as a
 * project names it, and FALSE and error say why. */
gboolean              flitlab_study_set_topology   (FlitlabStudy        *self,
                                                    const char          *spec,
                                                    GError             **error);
/* The same with the network already built from spec (a reader that builds each distinct
 * network once): takes a reference to it. */
void                  flitlab_study_set_built_topology (FlitlabStudy    *self,
                                                    const char          *spec,
                                                    const FlitlabTopology *network);
/* The study's network, built when its spec was set: owned by the study (take a reference to
 * keep it), or NULL when the spec could not be built, and then error (may be NULL) says why. */
const FlitlabTopology *flitlab_study_get_topology  (const FlitlabStudy  *self,
                                                    GError             **error);
/* Moves self (an edited copy of before) to its new network: the notes remember the network
 * they were written for, until the network is that one again. */
void                  flitlab_study_follow_network (FlitlabStudy        *self,
                                                    const FlitlabStudy  *before);
/* Sets the matrix pattern's weights (a reference is taken), with the file they were read from
 * and its SHA-256 (both NULL for a matrix without a file), and clears any matrix error. The
 * pattern is set on its own: FLITLAB_TRAFFIC_MATRIX uses them. */
void                  flitlab_study_set_matrix     (FlitlabStudy        *self,
                                                    FlitlabTrafficMatrix *matrix,
                                                    const char          *file,
                                                    const char          *sha256);
/* Keeps a matrix file that could not be read (missing, changed since sha256, refused) with
 * why: the study has no matrix and refuses to run with that error. */
void                  flitlab_study_set_matrix_error (FlitlabStudy      *self,
                                                    const char          *file,
                                                    const char          *sha256,
                                                    const GError        *error);
/* The matrix, or NULL and error: the file's problem, or that the study has none. */
FlitlabTrafficMatrix *flitlab_study_get_matrix     (const FlitlabStudy  *self,
                                                    GError             **error);
/* Sets the trace pattern's trace (a reference is taken), its file and SHA-256 taken from it,
 * and clears any trace error. The pattern is set on its own: FLITLAB_TRAFFIC_TRACE uses it. */
void                  flitlab_study_set_trace      (FlitlabStudy        *self,
                                                    FlitlabStudyTrace   *trace);
/* Keeps a trace file that could not be summarized (missing, changed since sha256, refused)
 * with why: the study has no trace and refuses to run with that error. */
void                  flitlab_study_set_trace_error (FlitlabStudy       *self,
                                                    const char          *file,
                                                    const char          *sha256,
                                                    const GError        *error);
/* The trace, or NULL and error: the file's problem, or that the study has none. */
FlitlabStudyTrace    *flitlab_study_get_trace      (const FlitlabStudy  *self,
                                                    GError             **error);
/* Drops every result (curves, points, per-channel statistics), keeping the settings. */
void                  flitlab_study_clear_results  (FlitlabStudy        *self);

/* The n_rates loads of the range; free with g_free(). */
double               *flitlab_study_dup_rates      (const FlitlabStudy  *self,
                                                    guint               *n_rates);
/* Checks every range and value the format allows (not whether the topology spec can be
 * built: flitlab_study_get_topology() says). The message names the study ("Study “name”: ")
 * and the field. */
gboolean              flitlab_study_check          (const FlitlabStudy  *self,
                                                    GError             **error);
/* The same checks; the message names the field but not the study, for a view that shows the
 * study already (the editor). */
gboolean              flitlab_study_check_fields   (const FlitlabStudy  *self,
                                                    GError             **error);

/* The columns every model curve / simulation table starts with, NULL-terminated. */
const char * const   *flitlab_study_curve_columns  (void);
const char * const   *flitlab_study_points_columns (void);
gboolean              flitlab_study_name_in        (const char * const  *names,
                                                    const char          *name);

/* Appends a new model with no parameters; the study owns it. */
FlitlabStudyModel    *flitlab_study_add_model      (FlitlabStudy        *self,
                                                    const char          *id);
/* The first model with that id, or NULL. */
FlitlabStudyModel    *flitlab_study_find_model     (const FlitlabStudy  *self,
                                                    const char          *id);

FlitlabStudyModel    *flitlab_study_model_new      (const char          *id);
FlitlabStudyModel    *flitlab_study_model_copy     (const FlitlabStudyModel *model);
void                  flitlab_study_model_free     (FlitlabStudyModel   *model);

/* columns: NULL-terminated, copied. */
FlitlabStudyTable    *flitlab_study_table_new      (const char * const  *columns);
FlitlabStudyTable    *flitlab_study_table_copy     (const FlitlabStudyTable *table);
void                  flitlab_study_table_free     (FlitlabStudyTable   *table);
/* values: n_columns doubles, copied. */
void                  flitlab_study_table_append   (FlitlabStudyTable   *table,
                                                    const double        *values,
                                                    gboolean             saturated);
/* The index of column name, or -1. */
int                   flitlab_study_table_find_column (const FlitlabStudyTable *table,
                                                    const char          *name);
double                flitlab_study_table_get      (const FlitlabStudyTable *table,
                                                    guint                row,
                                                    guint                column);
/* The row whose load (column "rate") is rate, within 1e-9 of it; -1 when none. */
int                   flitlab_study_table_find_rate (const FlitlabStudyTable *table,
                                                    double               rate);
/* Whether a simulation's row is a load the network deadlocked at (the deadlock lab: column
 * "deadlocked" is 1); FALSE without the column. */
gboolean              flitlab_study_table_is_deadlocked (const FlitlabStudyTable *table,
                                                    guint                row);

FlitlabStudyChannels *flitlab_study_channels_new   (double               rate,
                                                    guint                n_channels);
FlitlabStudyChannels *flitlab_study_channels_copy  (const FlitlabStudyChannels *channels);
void                  flitlab_study_channels_free  (FlitlabStudyChannels *channels);
/* Adds a series of n_channels values (copied; NULL: zeros) and returns its array. */
double               *flitlab_study_channels_add   (FlitlabStudyChannels *channels,
                                                    const char          *name,
                                                    const double        *values);
/* The series called name, or NULL. */
const double         *flitlab_study_channels_find  (const FlitlabStudyChannels *channels,
                                                    const char          *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabStudy, flitlab_study_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabStudyModel, flitlab_study_model_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabStudyTable, flitlab_study_table_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabStudyChannels, flitlab_study_channels_free)

G_END_DECLS
