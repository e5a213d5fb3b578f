/* flitlab-runner.h: evaluates a study's models and runs its simulation into its results
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
 * FLITLAB_RUNNER_MAX_CHANNEL_VALUES numbers: a project of a large network stays small. */
#define FLITLAB_RUNNER_MAX_CHANNEL_LOADS  5
#define FLITLAB_RUNNER_MAX_CHANNEL_VALUES 100000

/* Replaces every model's curve (and per-channel results) with a fresh evaluation over the
 * study's load range, marking the saturation rate. */
gboolean flitlab_runner_evaluate_models (FlitlabStudy         *study,
                                         GError              **error);

/* Runs the study's simulation (wormhole, or backtracking when the routing is "backtrack") and
 * stores its points and per-channel statistics. Does nothing when the simulation is off. */
gboolean flitlab_runner_simulate        (FlitlabStudy         *study,
                                         FlitlabProgressFunc   progress,
                                         gpointer              user_data,
                                         GError              **error);

G_END_DECLS
