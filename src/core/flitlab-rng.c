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
