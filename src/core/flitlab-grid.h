/* flitlab-grid.h: a study repeated over every combination of some of its settings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * flitlab-cli grid (and New Sweep in the window): --vary vcs=2,4,8 --vary flits=8,16 gives six
 * studies, named by their values ("vcs=2, flits=8"), the last setting varying fastest, in one
 * group named by the study and what varies ("Torus: vcs × flits"). Each is the study with
 * those settings, its results dropped and its models refitted to it (a model that no longer
 * describes it is dropped), ready for flitlab-cli run or flitlab-mpi run.
 */

#pragma once

#include <glib.h>

#include "flitlab-study.h"

G_BEGIN_DECLS

/* The settings a grid varies, NULL-terminated: topology, routing, pattern, hotspot (the
 * hotspot pattern's fraction), length, flits, vcs, buffer, seed, replications, warmup,
 * cycles. */
const char * const *flitlab_grid_keys      (void);

/* Sets one of them from its text, as a project file writes it. */
gboolean            flitlab_grid_set       (FlitlabStudy        *study,
                                            const char          *key,
                                            const char          *value,
                                            GError             **error);

/* The text of one of them, as flitlab_grid_set() takes it. */
char               *flitlab_grid_get       (const FlitlabStudy  *study,
                                            const char          *key);

/* The settings, in flitlab_grid_keys()' order, whose values differ among the studies. */
char              **flitlab_grid_varied_keys (const FlitlabStudy * const *studies,
                                            guint                n_studies);

/* What sets the study apart within its group: "vcs = 2, flits = 8" for varied vcs, flits. */
char               *flitlab_grid_label     (const FlitlabStudy  *study,
                                            const char * const  *varied);

/* The group all the studies belong to, or NULL (none, or several). */
const char         *flitlab_grid_common_group (const FlitlabStudy * const *studies,
                                            guint                n_studies);

/* A group's name: the study's and what varies, "Torus: vcs × flits". */
char               *flitlab_grid_group_name (const char         *study_name,
                                            const char * const  *varied,
                                            guint                n_varied);

/* How many studies a grid makes unless told otherwise (flitlab-cli grid --max-studies). */
#define FLITLAB_GRID_MAX_STUDIES 10000

/* The studies of every combination of vary ("KEY=VALUE,VALUE,…" each), in order. Fails when a
 * setting is unknown or repeated, a value is empty, bad or given twice, there are more than
 * max_studies combinations (before any study is made; the message says how many), or a
 * combination makes a study that cannot be simulated (the message names it). */
GPtrArray          *flitlab_grid_expand    (const FlitlabStudy  *study,
                                            const char * const  *vary,
                                            guint64              max_studies,
                                            GError             **error);

G_END_DECLS
