/* flitlab-model-horng-private.h: the Horng & Kleinrock n-cube model, exposed for its tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The registry entry flitlab_model_horng_kleinrock wraps these functions; tests call them
 * directly to check the imbedded Markov chain (Eqs. 1-8), the hop recursion (Eq. 11) and the
 * balance equation (Eq. 17) without going through strings.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define FLITLAB_HORNG_MAX_N       16  /* the largest hypercube the topology builds */
#define FLITLAB_HORNG_MAX_BUFFERS 256 /* each bisection step solves an (M+1)^2 chain */

typedef struct _FlitlabHorng FlitlabHorng;

/* Everything the model yields at one generation rate lambda (messages per cycle per node). */
typedef struct
{
  double lambda;
  double p_transit;     /* P_t, root of Eq. 17 */
  double residual;      /* lambda P_A - n u / hbar at that root */
  guint  iterations;    /* bisection steps */
  double utilization;   /* u, Eq. 9 */
  double u1;            /* Eq. 10 */
  double p;             /* u1 / u */
  double q;             /* 1 - p */
  double hops;          /* hbar, Eq. 12 */
  double acceptance;    /* P_A = 1 - pi_M, Eq. 15 */
  double throughput;    /* lambda P_A, per node */
  double gamma;         /* N lambda P_A, the network throughput of Eq. 18 */
  double queue;         /* qbar, Eq. 19 */
  double delay;         /* T = N qbar / gamma, Eq. 20 */
  double forward;       /* P_f, Eq. 25 */
  double backtrack;     /* P_r, Eq. 24 */
  double progress;      /* P_f - P_r, Eq. 26 */
  double power;         /* gamma P_A / T (Section 5) */
} FlitlabHorngSolution;

FlitlabHorng *flitlab_horng_new               (guint                 n,
                                               guint                 buffers,
                                               GError              **error);
void          flitlab_horng_free              (FlitlabHorng         *self);
guint         flitlab_horng_get_n             (const FlitlabHorng   *self);
guint         flitlab_horng_get_buffers       (const FlitlabHorng   *self);
/* dbar = n 2^(n-1) / (2^n - 1), the mean e-cube distance. */
double        flitlab_horng_get_mean_distance (const FlitlabHorng   *self);

/* f_{i,j} (first phase, Eq. 2) or f'_{i,j} (both phases, Eq. 3); 0 outside 0..M, 0..n. */
double        flitlab_horng_assign_probability (const FlitlabHorng  *self,
                                               guint                 i,
                                               guint                 j,
                                               gboolean              both_phases);
/* P = D R A (Eqs. 5-8) for the given rate and transit probability, row-major into
 * p[(M+1) * (M+1)]. */
void          flitlab_horng_transition_matrix (const FlitlabHorng   *self,
                                               double                lambda,
                                               double                p_transit,
                                               double               *p);
/* h_1..h_n (expected hops from i one-bits, the recursion before Eq. 11) for a second-phase
 * share q in [0, 1). */
void          flitlab_horng_hops_from         (guint                 n,
                                               double                q,
                                               double               *h);
/* Solves Eq. 17 by bisection on P_t and fills out; pi (M+1 values) and h (n values) may be
 * NULL. Returns FALSE only when the rate is negative or not finite, or the chain cannot be
 * solved. */
gboolean      flitlab_horng_solve             (const FlitlabHorng   *self,
                                               double                lambda,
                                               FlitlabHorngSolution *out,
                                               double               *pi,
                                               double               *h);
/* The per-node throughput as lambda -> infinity (every node always full): n u / hbar with u,
 * p, q taken at state M. */
double        flitlab_horng_capacity          (const FlitlabHorng   *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabHorng, flitlab_horng_free)

G_END_DECLS
