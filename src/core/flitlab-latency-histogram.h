/* flitlab-latency-histogram.h: the distribution of message latencies, in bounded memory
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Latencies in whole cycles. Below FLITLAB_LATENCY_HISTOGRAM_EXACT every cycle has its own bin,
 * so percentiles are exact; above it each power of two is split into 64 bins, so a percentile
 * is the lower edge of its bin, at most 1/64 (1.6%) below the true value. Latencies from 2^40
 * cycles on share the last bin. About 23 KiB whatever the number of messages.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define FLITLAB_LATENCY_HISTOGRAM_EXACT 1024
#define FLITLAB_LATENCY_HISTOGRAM_BINS  (FLITLAB_LATENCY_HISTOGRAM_EXACT + 30 * 64)

typedef struct
{
  guint64 total;
  guint64 counts[FLITLAB_LATENCY_HISTOGRAM_BINS];
} FlitlabLatencyHistogram;

FlitlabLatencyHistogram *flitlab_latency_histogram_new   (void);
void     flitlab_latency_histogram_free       (FlitlabLatencyHistogram       *self);
void     flitlab_latency_histogram_add        (FlitlabLatencyHistogram       *self,
                                               guint64                        latency);
/* Adds other's counts to self's. */
void     flitlab_latency_histogram_merge      (FlitlabLatencyHistogram       *self,
                                               const FlitlabLatencyHistogram *other);
/* The nearest-rank percentile p in (0, 100]: the smallest latency (bin) at or below which at
 * least p% of the latencies lie; NaN when the histogram is empty. */
double   flitlab_latency_histogram_percentile (const FlitlabLatencyHistogram *self,
                                               double                         p);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabLatencyHistogram, flitlab_latency_histogram_free)

G_END_DECLS
