/* flitlab-study-run.h: evaluates a study's models and runs its simulation into its results
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one place that turns a FlitlabStudy into model and simulator configurations, shared by
 * flitlab-cli run, the examples and the window's background runs.
 */

#pragma once

#include <glib.h>

#include "flitlab-sim.h"
#include "flitlab-study.h"

G_BEGIN_DECLS

/* Per-channel results are kept at this many loads at most (spread over the range, always the
 * last), and fewer when a network has so many channels that they would pass
 * FLITLAB_STUDY_RUN_MAX_CHANNEL_VALUES numbers: a project of a large network stays small. */
#define FLITLAB_STUDY_RUN_MAX_CHANNEL_LOADS  5
#define FLITLAB_STUDY_RUN_MAX_CHANNEL_VALUES 100000

/* Replaces every model's curve (and per-channel results) with a fresh evaluation over the
 * study's load range, marking the saturation rate. */
gboolean flitlab_study_run_evaluate_models (FlitlabStudy         *study,
                                            GError              **error);

/* Runs the study's simulation (wormhole, or backtracking with FLITLAB_ROUTING_BACKTRACK) and
 * stores its points and per-channel statistics. Does nothing when the simulation is off.
 * A trace study (FLITLAB_TRAFFIC_TRACE) replays its trace once per load of its range, at
 * flitlab_study_trace_scale_at() that load, with dependencies; its points have the columns of
 * flitlab_study_run_points_columns() (the ci95 columns NaN: one deterministic run each),
 * then "latency_p50", "latency_p95", "latency_p99", "makespan" and "scale"; its per-channel
 * statistics are "utilization" over the makespan. */
gboolean flitlab_study_run_simulate        (FlitlabStudy         *study,
                                            FlitlabProgressFunc   progress,
                                            gpointer              user_data,
                                            GError              **error);

/* Runs the simulations of n_studies studies as flitlab_study_run_simulate() runs each, their jobs
 * on one pool of threads (0 threads if any study says so, else the most any says), the costliest
 * first whichever study they belong to, so that no core waits for one study's last job while
 * another's wait. Each job's cost comes from the study's first model's evaluated curve
 * (flitlab_study_run_evaluate_models() first, for the best order). progress covers them all. The
 * error is the one running them one by one would meet first; then no study's results change. */
gboolean flitlab_study_run_simulate_studies (FlitlabStudy * const  *studies,
                                             guint                  n_studies,
                                             FlitlabProgressFunc    progress,
                                             gpointer               user_data,
                                             GError               **error);

/* A core's speed in each simulator's units of work per second (flitlab_sim_jobs_job_cost(),
 * flitlab_backtrack_job_cost()), measured by bench/bench-estimate on the examples' meshes,
 * tori and 6-cubes (docs/performance.md); a slower machine takes longer. */
#define FLITLAB_STUDY_RUN_WORMHOLE_WORK_PER_SECOND  1.4e9
#define FLITLAB_STUDY_RUN_BACKTRACK_WORK_PER_SECOND 4.8e7

/* About how long the study's simulation takes on cores cores, from its jobs' work: for
 * telling a user before a sweep starts, not a promise (a run that has to lengthen its
 * warm-up or its batches takes longer). NaN when it cannot be simulated. */
double flitlab_study_run_estimate_seconds (const FlitlabStudy *study,
                                           guint               cores);

/* Called on a simulation thread as soon as a load is simulated, with its row in the columns
 * of flitlab_study_run_points_columns(); several threads may call at once. */
typedef void (*FlitlabStudyRunPointFunc) (const double *row,
                                          gboolean      saturated,
                                          gpointer      user_data);

/* As flitlab_study_run_simulate(), and point (may be NULL) hears of each load as soon as it is
 * done (not for the backtracking simulator, whose loads all finish together). */
gboolean flitlab_study_run_simulate_with_points (FlitlabStudy          *study,
                                                 FlitlabProgressFunc    progress,
                                                 FlitlabStudyRunPointFunc point,
                                                 gpointer               user_data,
                                                 GError               **error);
/* The wormhole simulator's configuration of the study (not for backtracking routing). For a
 * trace study, the network's configuration for flitlab_sim_replay(): its traffic is the
 * default, which a replay does not use, so it is no configuration to simulate the study by. */
FlitlabSimConfig *flitlab_study_run_new_sim_config (const FlitlabStudy  *study,
                                                    GError             **error);
/* Stores a wormhole simulation's result (flitlab_sim_jobs_combine()) as the study's points and
 * per-channel statistics, as flitlab_study_run_simulate() does. */
void flitlab_study_run_store_simulation (FlitlabStudy           *study,
                                         const FlitlabSimResult *result);
/* The study's first model's latency at load number rate_index of its range, from its evaluated
 * curve: NaN without one, infinite beyond its saturation (flitlab_sim_jobs_job_cost()). */
double flitlab_study_run_model_latency (const FlitlabStudy *study,
                                        guint               rate_index);
/* The columns of a wormhole simulation's points, NULL-terminated. */
const char * const *flitlab_study_run_points_columns (void);

/* Whether the analytical model model_id describes the study: its network, routing, traffic
 * and, for the models that take them, virtual channels and node buffers. TRUE: params
 * (string -> string) gets the model's parameters that follow from the study, keeping the
 * model's other parameters it holds (such as meraji-necklace's variant) and dropping any the
 * model does not take, and the model accepts them.
 * FALSE: the error says what the model needs. */
gboolean flitlab_study_run_fit_model       (const FlitlabStudy   *study,
                                            const char           *model_id,
                                            GHashTable           *params,
                                            GError              **error);

/* Whether two values of a model parameter are the same value: numbers compare as numbers
 * ("12" and "12.0"), radices as radices ("8" and "8x8", a square radix written once). */
gboolean flitlab_study_run_param_equal     (const char           *a,
                                            const char           *b);

/* A model parameter's value as a person reads it after its name: a traffic matrix, whose text
 * holds every entry (4096 numbers for 64 nodes), by its size, "64×64"; any other value as it
 * is. NULL for an empty value, which says nothing (no matrix: the traffic is not one; no
 * network file). */
char    *flitlab_study_run_param_shown     (const char           *key,
                                            const char           *value);

/* Whether the model describes the study itself: the study's network and traffic give exactly
 * its parameters (as values, flitlab_study_run_param_equal()), so it follows every edit of the
 * study. FALSE for a model kept to compare another network or message length with it, and
 * for a study whose network cannot be built. */
gboolean flitlab_study_run_model_follows   (const FlitlabStudy      *study,
                                            const FlitlabStudyModel *model);

/* The curve a figure draws of the model: n loads evenly spaced from the study's smallest load
 * up to the model's saturation rate or the study's top load, whichever is lower (the stored
 * curve has only the study's loads). NULL, with the model's error, when it takes no such
 * parameters. */
#define FLITLAB_STUDY_RUN_CURVE_POINTS 240
FlitlabStudyTable *flitlab_study_run_model_curve (const FlitlabStudy      *study,
                                                  const FlitlabStudyModel *model,
                                                  guint                    n,
                                                  GError                 **error);

/* Every check the simulation of the study makes before it starts (ranges, the routing on this
 * network, the virtual channels it needs, the traffic), without running it. The message does
 * not name the study, for a view that shows it (the editor); the others' do. */
gboolean flitlab_study_run_check_simulation (const FlitlabStudy  *study,
                                             GError             **error);

G_END_DECLS
