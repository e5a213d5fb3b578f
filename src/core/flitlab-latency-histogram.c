/* flitlab-latency-histogram.c: the distribution of message latencies, in bounded memory
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-latency-histogram.h"

#define SUB_BITS 6   /* 64 bins per power of two above the exact range */
#define EXACT_BITS 10
G_STATIC_ASSERT (FLITLAB_LATENCY_HISTOGRAM_EXACT == 1u << EXACT_BITS);

static guint
bin_of (guint64 latency)
{
  guint e, bin;

  if (latency < FLITLAB_LATENCY_HISTOGRAM_EXACT)
    return (guint) latency;
  e = 63 - (guint) __builtin_clzll (latency);
  bin = FLITLAB_LATENCY_HISTOGRAM_EXACT + (e - EXACT_BITS) * (1u << SUB_BITS) +
        (guint) ((latency >> (e - SUB_BITS)) & ((1u << SUB_BITS) - 1));
  return MIN (bin, FLITLAB_LATENCY_HISTOGRAM_BINS - 1);
}

/* The smallest latency of a bin. */
static double
bin_low (guint bin)
{
  guint above, e, sub;

  if (bin < FLITLAB_LATENCY_HISTOGRAM_EXACT)
    return bin;
  above = bin - FLITLAB_LATENCY_HISTOGRAM_EXACT;
  e = EXACT_BITS + above / (1u << SUB_BITS);
  sub = above % (1u << SUB_BITS);
  return ldexp ((double) ((1u << SUB_BITS) + sub), (int) (e - SUB_BITS));
}

FlitlabLatencyHistogram *
flitlab_latency_histogram_new (void)
{
  return g_new0 (FlitlabLatencyHistogram, 1);
}

void
flitlab_latency_histogram_free (FlitlabLatencyHistogram *self)
{
  g_free (self);
}

void
flitlab_latency_histogram_add (FlitlabLatencyHistogram *self,
                               guint64                  latency)
{
  self->counts[bin_of (latency)]++;
  self->total++;
}

void
flitlab_latency_histogram_merge (FlitlabLatencyHistogram       *self,
                                 const FlitlabLatencyHistogram *other)
{
  g_return_if_fail (self != NULL && other != NULL);

  for (guint i = 0; i < FLITLAB_LATENCY_HISTOGRAM_BINS; i++)
    self->counts[i] += other->counts[i];
  self->total += other->total;
}

double
flitlab_latency_histogram_percentile (const FlitlabLatencyHistogram *self,
                                      double                         p)
{
  guint64 rank, seen = 0;

  g_return_val_if_fail (self != NULL && p > 0 && p <= 100, NAN);

  if (self->total == 0)
    return NAN;
  /* Nearest rank: ceil (p/100 n), at least 1. */
  rank = (guint64) ceil (p * (double) self->total / 100 - 1e-9);
  rank = CLAMP (rank, 1, self->total);
  for (guint i = 0; i < FLITLAB_LATENCY_HISTOGRAM_BINS; i++)
    {
      seen += self->counts[i];
      if (seen >= rank)
        return bin_low (i);
    }
  return bin_low (FLITLAB_LATENCY_HISTOGRAM_BINS - 1);
}
