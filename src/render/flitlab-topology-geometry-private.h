/* flitlab-topology-geometry-private.h: points and Bézier pieces of the network diagram
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <math.h>

#include "flitlab-render-topology-private.h"

G_BEGIN_DECLS

static inline Point
pt (double x,
    double y)
{
  Point p = { x, y };

  return p;
}

static inline Point
lerp (Point  a,
      Point  b,
      double t)
{
  return pt (a.x + t * (b.x - a.x), a.y + t * (b.y - a.y));
}

/* a + f u + g v */
static inline Point
move (Point  a,
      Point  u,
      double f,
      Point  v,
      double g)
{
  return pt (a.x + f * u.x + g * v.x, a.y + f * u.y + g * v.y);
}

/* The unit vector to the right of a → b on screen (y grows downwards). */
static inline Point
right_of (Point a,
          Point b)
{
  double dx = b.x - a.x, dy = b.y - a.y, len = hypot (dx, dy);

  if (len < 1e-12)
    return pt (0, 0);
  return pt (-dy / len, dx / len);
}

static inline Piece
line_piece (Point    a,
            Point    b,
            gboolean trim0,
            gboolean trim1)
{
  Piece p = { a, lerp (a, b, 0.5), b, FALSE, trim0, trim1 };

  return p;
}

static inline Piece
curve_piece (Point    a,
             Point    c,
             Point    b,
             gboolean trim0,
             gboolean trim1)
{
  Piece p = { a, c, b, TRUE, trim0, trim1 };

  return p;
}

/* From a to b, its middle pushed bow units to the right of a → b (left when negative). */
static inline Piece
bowed_piece (Point  a,
             Point  b,
             double bow)
{
  Point n = right_of (a, b), m = lerp (a, b, 0.5);

  if (fabs (bow) < 1e-9)
    return line_piece (a, b, TRUE, TRUE);
  return curve_piece (a, pt (m.x + 2 * bow * n.x, m.y + 2 * bow * n.y), b, TRUE, TRUE);
}

static inline Piece
reversed (Piece p)
{
  Piece r = p;

  r.p0 = p.p1;
  r.p1 = p.p0;
  r.trim0 = p.trim1;
  r.trim1 = p.trim0;
  return r;
}

static inline Point
piece_at (const Piece *p,
          double       t)
{
  double u = 1 - t;

  if (!p->curved)
    return lerp (p->p0, p->p1, t);
  return pt (u * u * p->p0.x + 2 * u * t * p->c.x + t * t * p->p1.x,
             u * u * p->p0.y + 2 * u * t * p->c.y + t * t * p->p1.y);
}

/* Close to the arc length for the gentle curves drawn here. */
static inline double
piece_length (const Piece *p)
{
  double chord = hypot (p->p1.x - p->p0.x, p->p1.y - p->p0.y);

  if (!p->curved)
    return chord;
  return (chord + hypot (p->c.x - p->p0.x, p->c.y - p->p0.y) +
          hypot (p->p1.x - p->c.x, p->p1.y - p->c.y)) / 2;
}

/* The part of p from t = a to t = b (de Casteljau, by blossoming). */
static inline Piece
piece_part (const Piece *p,
            double       a,
            double       b)
{
  Piece q = *p;

  q.p0 = piece_at (p, a);
  q.p1 = piece_at (p, b);
  if (p->curved)
    {
      double w0 = (1 - a) * (1 - b), w1 = (1 - a) * b + a * (1 - b), w2 = a * b;

      q.c = pt (w0 * p->p0.x + w1 * p->c.x + w2 * p->p1.x,
                w0 * p->p0.y + w1 * p->c.y + w2 * p->p1.y);
    }
  else
    q.c = lerp (q.p0, q.p1, 0.5);
  return q;
}

/* Moves a piece by d to the right of its direction: the two channels of a link part. */
static inline void
piece_shift (Piece  *p,
             double  d)
{
  Point n0, n1, nc;

  if (d == 0)
    return;
  nc = right_of (p->p0, p->p1);
  n0 = p->curved ? right_of (p->p0, p->c) : nc;
  n1 = p->curved ? right_of (p->c, p->p1) : nc;
  p->p0 = pt (p->p0.x + d * n0.x, p->p0.y + d * n0.y);
  p->p1 = pt (p->p1.x + d * n1.x, p->p1.y + d * n1.y);
  p->c = pt (p->c.x + d * nc.x, p->c.y + d * nc.y);
}

G_END_DECLS
