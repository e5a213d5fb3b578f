/* flitlab-latency.h: the latencies a simulation measures and a model predicts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Four ways of counting one message's latency, from the cycles of its life: generated (gen),
 * header into the injection channel (inject), header into its first network channel (first),
 * tail out of its last network channel into the ejection channel (last), tail taken by the
 * destination's processor (done).
 *
 *   total           done - gen + 1     zero load D + L + 1   what Flitlab's simulator always
 *                                                             measured
 *   network         done - inject + 1  zero load D + L + 1   total without the source queue
 *   transit         last - first       zero load D + L - 1   the papers' simulations (000-003)
 *   source-transit  last - gen - 1     zero load D + L - 1   transit plus the wait at the source
 *
 * A model predicts one of them (FlitlabModelInfo.latency), and a plot of model and simulation
 * shows the simulation in that one. Each has its column in a simulation table and its own
 * confidence interval column.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  FLITLAB_LATENCY_TOTAL,
  FLITLAB_LATENCY_NETWORK,
  FLITLAB_LATENCY_TRANSIT,
  FLITLAB_LATENCY_SOURCE_TRANSIT,
} FlitlabLatency;

#define FLITLAB_LATENCY_N (FLITLAB_LATENCY_SOURCE_TRANSIT + 1)

/* "total", "network", "transit", "source-transit": the names of --metric and of project files. */
const char *flitlab_latency_to_string   (FlitlabLatency  latency);
gboolean    flitlab_latency_from_string (const char     *text,
                                         FlitlabLatency *latency);
/* The simulation table's column and its 95% interval: "latency" and "ci95", "network_latency"
 * and "network_ci95", "transit_latency" and "transit_ci95", "source_transit_latency" and
 * "source_transit_ci95". */
const char *flitlab_latency_column      (FlitlabLatency  latency);
const char *flitlab_latency_ci_column   (FlitlabLatency  latency);
/* For people, untranslated: "Total latency", "Network latency", "Transit latency",
 * "Source and transit latency". */
const char *flitlab_latency_label       (FlitlabLatency  latency);
/* One sentence: from when to when it counts. */
const char *flitlab_latency_description (FlitlabLatency  latency);

G_END_DECLS
