/* flitlab-rng.h: a small, fast, reproducible random stream (xoshiro256**)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each simulation replication owns one stream seeded from (seed, stream index) through
 * SplitMix64, so results do not depend on which thread runs which replication.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint64 s[4];
} FlitlabRng;

void    flitlab_rng_init        (FlitlabRng *rng,
                                 guint64     seed,
                                 guint64     stream);
guint64 flitlab_rng_next        (FlitlabRng *rng);
/* Uniform in [0, 1). */
double  flitlab_rng_uniform     (FlitlabRng *rng);
/* Uniform in [0, n), unbiased; n > 0. */
guint32 flitlab_rng_below       (FlitlabRng *rng,
                                 guint32     n);
/* Exponential with the given mean. */
double  flitlab_rng_exponential (FlitlabRng *rng,
                                 double      mean);
/* Poisson with the given mean (Knuth's product method; means here are far below 1). */
guint   flitlab_rng_poisson     (FlitlabRng *rng,
                                 double      mean);

G_END_DECLS
