/* flitlab-rng.h: a small, fast, reproducible random stream (xoshiro256**)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each simulation replication owns one stream seeded from (seed, stream index) through
 * SplitMix64, so results do not depend on which thread runs which replication.
 */

#pragma once

#include <math.h>

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint64 s[4];
} FlitlabRng;

void    flitlab_rng_init        (FlitlabRng *rng,
                                 guint64     seed,
                                 guint64     stream);
/* Poisson with the given mean (Knuth's product method; means here are far below 1). */
guint   flitlab_rng_poisson     (FlitlabRng *rng,
                                 double      mean);

/* The draws below are inline: the simulators draw a few per message, and a call each cost
 * as much as the draw. */

static inline guint64
flitlab_rng_rotl (guint64 x,
                  int     k)
{
  return (x << k) | (x >> (64 - k));
}

static inline guint64
flitlab_rng_next (FlitlabRng *rng)
{
  guint64 *s = rng->s;
  guint64 result = flitlab_rng_rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = flitlab_rng_rotl (s[3], 45);
  return result;
}

/* Uniform in [0, 1). */
static inline double
flitlab_rng_uniform (FlitlabRng *rng)
{
  return (flitlab_rng_next (rng) >> 11) * 0x1.0p-53;
}

/* Uniform in [0, n), unbiased; n > 0. */
static inline guint32
flitlab_rng_below (FlitlabRng *rng,
                   guint32     n)
{
  /* Lemire's multiply-and-reject: unbiased without a division in the common case. */
  guint64 m = (flitlab_rng_next (rng) >> 32) * n;
  guint32 low = (guint32) m;

  if (G_UNLIKELY (low < n))
    {
      guint32 threshold = -n % n;

      while (low < threshold)
        {
          m = (flitlab_rng_next (rng) >> 32) * n;
          low = (guint32) m;
        }
    }
  return (guint32) (m >> 32);
}

/* Exponential with the given mean. */
static inline double
flitlab_rng_exponential (FlitlabRng *rng,
                         double      mean)
{
  return -mean * log1p (-flitlab_rng_uniform (rng));
}

G_END_DECLS
