/* flitlab-rng.c: xoshiro256** by Blackman and Vigna, seeded with SplitMix64
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-rng.h"

static guint64
splitmix64 (guint64 *x)
{
  guint64 z = (*x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static inline guint64
rotl (guint64 x,
      int     k)
{
  return (x << k) | (x >> (64 - k));
}

void
flitlab_rng_init (FlitlabRng *rng,
                  guint64     seed,
                  guint64     stream)
{
  guint64 x = seed ^ (stream * G_GUINT64_CONSTANT (0xd1342543de82ef95));

  /* Mix the stream index in twice so that neighbouring streams share no state words. */
  x = splitmix64 (&x) ^ stream;
  for (guint i = 0; i < 4; i++)
    rng->s[i] = splitmix64 (&x);
}

guint64
flitlab_rng_next (FlitlabRng *rng)
{
  guint64 *s = rng->s;
  guint64 result = rotl (s[1] * 5, 7) * 9;
  guint64 t = s[1] << 17;

  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl (s[3], 45);
  return result;
}

double
flitlab_rng_uniform (FlitlabRng *rng)
{
  return (flitlab_rng_next (rng) >> 11) * 0x1.0p-53;
}

guint32
flitlab_rng_below (FlitlabRng *rng,
                   guint32     n)
{
  /* Lemire's multiply-and-reject: unbiased without a division in the common case. */
  guint64 m = (flitlab_rng_next (rng) >> 32) * n;
  guint32 low = (guint32) m;

  if (low < n)
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

double
flitlab_rng_exponential (FlitlabRng *rng,
                         double      mean)
{
  return -mean * log1p (-flitlab_rng_uniform (rng));
}

guint
flitlab_rng_poisson (FlitlabRng *rng,
                     double      mean)
{
  double limit = exp (-mean);
  double product = flitlab_rng_uniform (rng);
  guint n = 0;

  while (product > limit)
    {
      product *= flitlab_rng_uniform (rng);
      n++;
    }
  return n;
}
