/* flitlab-model-quaglia.c: minimal fully adaptive wormhole routing in a bi-directional k×k torus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * F. Quaglia, B. Ciciani, M. Colajanni, Parallel Computing 28 (2002) 485-501
 * (shared/papers/002_fe5cc28af9c60162.txt), Eqs. (1)-(46), in the reading R0 of
 * shared/papers/equations-ciciani1998-quaglia2002.md section 2. Every reconstruction decision
 * (D6-D13 there) is repeated next to the code below and in docs/models/quaglia2002.md.
 *
 * The model looks at one quadrant (Fig. 1): routers N(i,j), i,j = 1..K+1 with K = k/4, row i
 * growing southwards and column j eastwards. X(i,j) goes N(i,j) -> N(i,j+1) (i = 1..K+1,
 * j = 1..K), Y(i,j) goes N(i,j) -> N(i+1,j) (i = 1..K, j = 1..K+1). The average message goes
 * from N(1,1) to N(K+1,K+1). The unknowns x = (p_X, p_Y, W_WE, W_NE, W_NS, W_WS) solve
 * x = G(x), where G evaluates, in order, the bifurcation rule (4)-(5), the flows (6)-(17),
 * the residual times (32)-(42), the link utilisation times (28)-(31), the contention
 * probabilities (43)-(44) and the waiting times (23)-(27).
 *
 * Solver. Plain substitution from the zero-load state (p = W = 0), as the paper does ("a simple
 * backward computation provides any performance value in few iterative steps"). If it has not
 * converged after a few dozen steps, Newton's method on x - G(x) = 0 finishes the job (near
 * saturation plain substitution slows down without bound). If the substitution overshoots out
 * of the admissible region (a p >= 1 or a utilisation rho >= 1), it restarts from zero with
 * relaxation x <- (1-w) x + w G(x), w = 0.5, 0.2, 0.05.
 *
 * The switches r, s of (35), (39) are binary functions of the waits, so G is piecewise
 * smooth. Newton works on one piece (r, s frozen) and the result must choose the same piece;
 * when neither piece is consistent (the plain iteration chatters between r = 0 and r = 1), the
 * switch becomes a weight in [0,1] with the extra equation that the two compared waits are
 * equal (the sliding, or Filippov, solution), which keeps the latency continuous in the rate.
 *
 * Convergence criterion: the returned x satisfies
 *   max (|G_pX - p_X|, |G_pY - p_Y|, max_W |G_W - W| / (1 + W)) < 1e-10
 * and every utilisation rho < 1, p_X, p_Y < 1. The latency (45)-(46) is evaluated at that x.
 *
 * Saturation is the rate where this fixed point stops existing: a fold of G, not rho -> 1
 * (at the fold p is about 0.36-0.55 for k = 4..16, every rho < 0.6, and the latency
 * is still finite). Beyond it the iteration
 * runs away and Newton finds no root.
 *
 * Thread safety: the state is read-only after build_topology(); evaluate() keeps everything
 * on the stack, so it may run from several threads. The warm start of the saturation search
 * lives in locals of quaglia_saturation_rate(), not in the state.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-model-private.h"

#define QUAGLIA_MAX_K   16 /* k = 64 */
#define QUAGLIA_DIM     (QUAGLIA_MAX_K + 2)
#define QUAGLIA_TOL     1e-10
#define QUAGLIA_N_VARS  6
#define QUAGLIA_N_MAX   8 /* the six unknowns plus up to two sliding switch weights */

enum
{
  VAR_PX,
  VAR_PY,
  VAR_WE, /* W_WE */
  VAR_NE, /* W_NE */
  VAR_NS, /* W_NS */
  VAR_WS, /* W_WS */
};

enum
{
  SWITCH_R, /* (35): 1 = both busy, wait W_WE for X; 0 = wait W_WS for Y */
  SWITCH_S, /* (39): 1 = both busy, wait W_NE for X; 0 = wait W_NS for Y */
  N_SWITCHES
};

typedef struct
{
  guint   k;
  guint   K;
  double  t_dt;   /* message length in flits = data-trail time, cycles */
  double  alpha;  /* (1): adaptive share (k-1)/(k+1) */
  double  beta;   /* (2): beta_X = beta_Y = 1/(k+1) */
  guint   n_channels;
  guint8 *channel_dim; /* per topology channel: 0 = X, 1 = Y, 2 = injection, 3 = ejection */
} QuagliaState;

/* Everything one evaluation of G produces, kept for the detail output. */
typedef struct
{
  double f_x, f_y;  /* (4)-(5) */
  double a, b;      /* alpha/tau and beta/tau, tau = 4 tau_E */
  double FX[QUAGLIA_DIM][QUAGLIA_DIM], FY[QUAGLIA_DIM][QUAGLIA_DIM];
  double TX[QUAGLIA_DIM][QUAGLIA_DIM], TY[QUAGLIA_DIM][QUAGLIA_DIM];
  double UX[QUAGLIA_DIM][QUAGLIA_DIM], UY[QUAGLIA_DIM][QUAGLIA_DIM];
  double BX[QUAGLIA_DIM], BY[QUAGLIA_DIM];   /* (40)-(42): T^X_j, T^Y_i of the beta streams */
  double UBX[QUAGLIA_DIM], UBY[QUAGLIA_DIM]; /* (28)-(29) */
  double lambda[4]; /* sum of the class rates of each W (one half; the other is symmetric) */
  double lambda_u[4];
  double rho[4];
  double g[QUAGLIA_N_VARS]; /* G(x) */
  double sw[N_SWITCHES];    /* the switch values used */
  double v;                 /* (46) */
  double latency;           /* (45) at x */
} QuagliaEval;

static inline double
second_moment (const QuagliaState *self,
               double              t,
               double              u)
{
  /* D6: S^2 = T^2 + sigma^2 with the residual time T (the OCR marks no bar over it in (19)
   * and in the abbreviation below (20)); D7: sigma^2 = T_DT^2 + (Ubar - T_DT)^2, an
   * exponential message length plus an exponential wait for the rest of the path, with
   * zero covariance (Sect. 4.2.2). */
  double w = u - self->t_dt;

  return t * t + self->t_dt * self->t_dt + w * w;
}

static inline double
switch_r_of (const double *x)
{
  /* Sect. 4.3: "if W_WS < W_WE then r = 0, else r = 1". */
  return x[VAR_WS] < x[VAR_WE] ? 0.0 : 1.0;
}

static inline double
switch_s_of (const double *x)
{
  /* D9: s weighs the east turn (W_NE with T^X) like r weighs the straight X step, and the
   * smaller wait is chosen: s = 1 unless W_NS < W_NE. */
  return x[VAR_NS] < x[VAR_NE] ? 0.0 : 1.0;
}

/* One evaluation of G at x. sw[i] < 0: the switch follows x (the paper's rule); otherwise
 * it is frozen at that weight. Returns FALSE outside the admissible region (a probability
 * >= 1, a utilisation >= 1, a negative wait, anything non-finite). */
static gboolean
quaglia_map (const QuagliaState *self,
             double              rate,
             const double       *x,
             const double       *sw,
             QuagliaEval        *e)
{
  const guint K = self->K;
  const double t_dt = self->t_dt;
  double p_x = x[VAR_PX], p_y = x[VAR_PY];
  double w_we = x[VAR_WE], w_ne = x[VAR_NE], w_ns = x[VAR_NS], w_ws = x[VAR_WS];
  double pp, r, s, num[4], lu[4], lam[4], sum_x, sum_y;

  for (guint v = 0; v < QUAGLIA_N_VARS; v++)
    if (!isfinite (x[v]) || x[v] < 0)
      return FALSE;
  if (p_x >= 1 || p_y >= 1)
    return FALSE;

  pp = p_x * p_y;
  r = sw[SWITCH_R] >= 0 ? sw[SWITCH_R] : switch_r_of (x);
  s = sw[SWITCH_S] >= 0 ? sw[SWITCH_S] : switch_s_of (x);
  e->sw[SWITCH_R] = r;
  e->sw[SWITCH_S] = s;

  /* Theorem 1, (4)-(5). */
  e->f_x = (1 - p_x) / (1 - pp);
  e->f_y = p_x * (1 - p_y) / (1 - pp);

  /* Sect. 3: the quadrant sees a quarter of the traffic, tau = 4 tau_E. */
  e->a = self->alpha * rate / 4;
  e->b = self->beta * rate / 4;

  /* Flows (6)-(17): the adaptive flow entering N(i,j) bifurcates for i, j <= K; on the last
   * row and the last column there is no choice left. */
  for (guint i = 0; i <= K + 1; i++)
    for (guint j = 0; j <= K + 1; j++)
      e->FX[i][j] = e->FY[i][j] = 0;
  for (guint i = 1; i <= K; i++)
    for (guint j = 1; j <= K; j++)
      {
        double in = (i == 1 && j == 1) ? e->a : e->FX[i][j - 1] + e->FY[i - 1][j];

        e->FX[i][j] = e->f_x * in;
        e->FY[i][j] = e->f_y * in;
      }
  for (guint j = 1; j <= K; j++)
    e->FX[K + 1][j] = e->FY[K][j] + e->FX[K + 1][j - 1];   /* (10)-(11) */
  for (guint i = 1; i <= K; i++)
    e->FY[i][K + 1] = e->FX[i][K] + e->FY[i - 1][K + 1];   /* (14), (17) */

  /* Residual times (32)-(39), backwards from the data trail. */
  e->TX[K + 1][K] = t_dt + 1;                                 /* (32) */
  e->TY[K][K + 1] = t_dt + 1;                                 /* (36) */
  for (guint j = K - 1; j >= 1; j--)
    e->TX[K + 1][j] = w_we + e->TX[K + 1][j + 1] + 1;         /* (34) */
  for (guint i = K - 1; i >= 1; i--)
    e->TY[i][K + 1] = w_ns + e->TY[i + 1][K + 1] + 1;         /* (38) */
  for (guint j = 1; j <= K; j++)
    e->TY[K][j] = w_ne + e->TX[K + 1][j] + 1;                 /* (37) */
  for (guint i = 1; i <= K; i++)
    e->TX[i][K] = w_ws + e->TY[i][K + 1] + 1;                 /* (33) */
  for (guint i = K; i >= 1; i--)
    for (guint j = K; j >= 1; j--)
      {
        if (j < K)
          {
            /* (35): after X(i,j) the header is at N(i,j+1) and tries X(i,j+1) first. */
            double tx = e->TX[i][j + 1], ty = e->TY[i][j + 1];

            e->TX[i][j] = (1 - p_x) * tx + p_x * (1 - p_y) * ty
                          + pp * (r * (w_we + tx) + (1 - r) * (w_ws + ty)) + 1;
          }
        if (i < K)
          {
            /* (39), D9: the OCR pairs W_NS with T^X and W_NE with T^Y; the header coming from
             * the north turns east (W_NE, then T^X) or goes on south (W_NS, then T^Y). */
            double tx = e->TX[i + 1][j], ty = e->TY[i + 1][j];

            e->TY[i][j] = (1 - p_x) * tx + p_x * (1 - p_y) * ty
                          + pp * (s * (w_ne + tx) + (1 - s) * (w_ns + ty)) + 1;
          }
      }

  /* The beta streams, (40)-(42). */
  e->BX[1] = e->BY[1] = t_dt + 1;
  for (guint j = 2; j <= K; j++)
    {
      e->BX[j] = w_we + e->BX[j - 1] + 1;
      e->BY[j] = w_ns + e->BY[j - 1] + 1;
    }

  /* Link utilisation times (28)-(31): the residual time minus the hops still to go,
   * the current one included. */
  for (guint i = 1; i <= K + 1; i++)
    for (guint j = 1; j <= K; j++)
      e->UX[i][j] = e->TX[i][j] - (2.0 * K + 2 - i - j);
  for (guint i = 1; i <= K; i++)
    for (guint j = 1; j <= K + 1; j++)
      e->UY[i][j] = e->TY[i][j] - (2.0 * K + 2 - i - j);
  for (guint j = 1; j <= K; j++)
    {
      e->UBX[j] = e->BX[j] - j;
      e->UBY[j] = e->BY[j] - j;
    }

  /* Waiting times (23), (25)-(27), M/G/1 with classes (18). The north and south halves are
   * equal, so the 1/2 of (18) cancels against their sum: W = sum lambda S^2 / (1 - rho),
   * rho = 2 sum lambda Ubar. D12: each rho counts the classes of its own W, as (24) does. */
  for (guint w = 0; w < 4; w++)
    num[w] = lu[w] = lam[w] = 0;

#define ADD_CLASS(w, lambda, t, u) \
  G_STMT_START { \
    double l_ = (lambda); \
    num[w] += l_ * second_moment (self, (t), (u)); \
    lu[w] += l_ * (u); \
    lam[w] += l_; \
  } G_STMT_END

  /* W_WE (23), rho_WE (24); D11: the beta term of (24) uses Ubar^X_K, the channel of its S^2
   * term (the OCR's T_{K-1} does not exist for K = 1). */
  for (guint j = 1; j <= K; j++)
    ADD_CLASS (0, e->FY[K][j], e->TX[K + 1][j], e->UX[K + 1][j]);
  for (guint i = 2; i <= K; i++)
    for (guint j = 1; j <= K; j++)
      ADD_CLASS (0, e->f_x * e->FY[i - 1][j], e->TX[i][j], e->UX[i][j]);
  ADD_CLASS (0, e->b, e->BX[K], e->UBX[K]);
  ADD_CLASS (0, e->a * e->f_x, e->TX[1][1], e->UX[1][1]);

  /* W_NE (25). D8: the OCR's f_X F^Y_{i,j} is F^X_{i,j} (the message on X(i,j) going on east
   * on X(i,j+1)). D10: the beta sum runs to K as in (27), not K-1. */
  for (guint j = 1; j + 1 <= K; j++)
    ADD_CLASS (1, e->FX[K + 1][j], e->TX[K + 1][j + 1], e->UX[K + 1][j + 1]);
  for (guint i = 1; i <= K; i++)
    for (guint j = 1; j + 1 <= K; j++)
      ADD_CLASS (1, e->f_x * e->FX[i][j], e->TX[i][j + 1], e->UX[i][j + 1]);
  for (guint j = 1; j <= K; j++)
    ADD_CLASS (1, e->b, e->BX[j], e->UBX[j]);
  ADD_CLASS (1, e->a * e->f_x, e->TX[1][1], e->UX[1][1]);

  /* W_NS (26). */
  for (guint i = 1; i <= K; i++)
    ADD_CLASS (2, e->FX[i][K], e->TY[i][K + 1], e->UY[i][K + 1]);
  for (guint i = 1; i <= K; i++)
    for (guint j = 1; j + 1 <= K; j++)
      ADD_CLASS (2, e->f_y * e->FX[i][j], e->TY[i][j + 1], e->UY[i][j + 1]);
  ADD_CLASS (2, e->b, e->BY[K], e->UBY[K]);
  ADD_CLASS (2, e->a * e->f_y, e->TY[1][1], e->UY[1][1]);

  /* W_WS (27). D8: the OCR's S^X_{i+1,j} is S^Y_{i+1,j} (a vertical channel). */
  for (guint i = 1; i + 1 <= K; i++)
    ADD_CLASS (3, e->FY[i][K + 1], e->TY[i + 1][K + 1], e->UY[i + 1][K + 1]);
  for (guint i = 1; i + 1 <= K; i++)
    for (guint j = 1; j <= K; j++)
      ADD_CLASS (3, e->f_y * e->FY[i][j], e->TY[i + 1][j], e->UY[i + 1][j]);
  for (guint i = 1; i <= K; i++)
    ADD_CLASS (3, e->b, e->BY[i], e->UBY[i]);
  ADD_CLASS (3, e->a * e->f_y, e->TY[1][1], e->UY[1][1]);

#undef ADD_CLASS

  for (guint w = 0; w < 4; w++)
    {
      e->lambda[w] = lam[w];
      e->lambda_u[w] = lu[w];
      e->rho[w] = 2 * lu[w];
      if (!(e->rho[w] < 1))
        return FALSE;
      e->g[VAR_WE + w] = num[w] / (1 - e->rho[w]);
    }

  /* Contention probabilities (43)-(44): both directions along the dimension, hence the 2. */
  sum_x = sum_y = 0;
  for (guint i = 1; i <= K + 1; i++)
    for (guint j = 1; j <= K; j++)
      sum_x += e->FX[i][j] * e->UX[i][j];
  for (guint i = 1; i <= K; i++)
    for (guint j = 1; j <= K + 1; j++)
      sum_y += e->FY[i][j] * e->UY[i][j];
  for (guint j = 1; j <= K; j++)
    {
      sum_x += e->b * e->UBX[j];
      sum_y += e->b * e->UBY[j];
    }
  e->g[VAR_PX] = 2 * sum_x;
  e->g[VAR_PY] = 2 * sum_y;
  if (!(e->g[VAR_PX] < 1 && e->g[VAR_PY] < 1))
    return FALSE;

  /* Latency (45)-(46) at x. D13: v with the strict < as printed. */
  {
    double t_a;

    e->v = (w_we + w_ne < w_ns + w_ws) ? 1.0 : 0.0;
    t_a = (1 - p_x) * e->TX[1][1] + p_x * (1 - p_y) * e->TY[1][1]
          + pp * (e->v * (w_we + w_ne + e->TX[1][1]) + (1 - e->v) * (w_ns + w_ws + e->TY[1][1]));
    e->latency = self->alpha * t_a
                 + self->beta * (e->BX[K] + w_we + w_ne)
                 + self->beta * (e->BY[K] + w_ns + w_ws);
  }

  for (guint v = 0; v < QUAGLIA_N_VARS; v++)
    if (!isfinite (e->g[v]))
      return FALSE;
  return isfinite (e->latency);
}

/* The scaled fixed-point residual of the convergence criterion. */
static double
quaglia_error (const double *x,
               const double *g)
{
  double err = MAX (fabs (g[VAR_PX] - x[VAR_PX]), fabs (g[VAR_PY] - x[VAR_PY]));

  for (guint v = VAR_WE; v <= VAR_WS; v++)
    err = MAX (err, fabs (g[v] - x[v]) / (1 + fabs (x[v])));
  return err;
}

typedef struct
{
  const QuagliaState *self;
  double              rate;
  gboolean            sliding[N_SWITCHES];
  double              frozen[N_SWITCHES]; /* for the switches that do not slide */
  guint               n;                  /* unknowns: 6 + sliding switches */
} QuagliaSystem;

/* F(z) = G(x) - x, plus for each sliding switch the difference of the two waits it compares.
 * Components scaled like the convergence criterion. */
static gboolean
quaglia_residual (const QuagliaSystem *sys,
                  const double        *z,
                  double              *f,
                  QuagliaEval         *e)
{
  double sw[N_SWITCHES];
  guint n = QUAGLIA_N_VARS;

  for (guint i = 0; i < N_SWITCHES; i++)
    sw[i] = sys->sliding[i] ? z[n++] : sys->frozen[i];
  if (!quaglia_map (sys->self, sys->rate, z, sw, e))
    return FALSE;
  for (guint v = 0; v < QUAGLIA_N_VARS; v++)
    f[v] = (e->g[v] - z[v]) / (v >= VAR_WE ? 1 + fabs (z[v]) : 1);
  n = QUAGLIA_N_VARS;
  if (sys->sliding[SWITCH_R])
    f[n++] = (z[VAR_WS] - z[VAR_WE]) / (1 + z[VAR_WE]);
  if (sys->sliding[SWITCH_S])
    f[n++] = (z[VAR_NS] - z[VAR_NE]) / (1 + z[VAR_NE]);
  return TRUE;
}

static double
norm2 (const double *f,
       guint         n)
{
  double s = 0;

  for (guint i = 0; i < n; i++)
    s += f[i] * f[i];
  return s;
}

/* Gaussian elimination with partial pivoting; a is n x n, row-major. */
static gboolean
solve_linear (double *a,
              double *b,
              guint   n)
{
  for (guint c = 0; c < n; c++)
    {
      guint piv = c;

      for (guint r = c + 1; r < n; r++)
        if (fabs (a[r * n + c]) > fabs (a[piv * n + c]))
          piv = r;
      if (!(fabs (a[piv * n + c]) > 1e-300))
        return FALSE;
      if (piv != c)
        {
          double t;

          for (guint k = 0; k < n; k++)
            {
              t = a[c * n + k];
              a[c * n + k] = a[piv * n + k];
              a[piv * n + k] = t;
            }
          t = b[c];
          b[c] = b[piv];
          b[piv] = t;
        }
      for (guint r = c + 1; r < n; r++)
        {
          double m = a[r * n + c] / a[c * n + c];

          for (guint k = c; k < n; k++)
            a[r * n + k] -= m * a[c * n + k];
          b[r] -= m * b[c];
        }
    }
  for (guint c = n; c-- > 0;)
    {
      double s = b[c];

      for (guint k = c + 1; k < n; k++)
        s -= a[c * n + k] * b[k];
      b[c] = s / a[c * n + c];
    }
  for (guint c = 0; c < n; c++)
    if (!isfinite (b[c]))
      return FALSE;
  return TRUE;
}

/* Damped Newton on F(z) = 0 with a forward-difference Jacobian. On success z is the root
 * (to QUAGLIA_TOL, scaled) and e the evaluation there. */
static gboolean
quaglia_newton (const QuagliaSystem *sys,
                double              *z,
                QuagliaEval         *e)
{
  const guint n = sys->n;
  QuagliaEval scratch;
  double f[QUAGLIA_N_MAX], ft[QUAGLIA_N_MAX], zt[QUAGLIA_N_MAX];
  double jac[QUAGLIA_N_MAX * QUAGLIA_N_MAX], d[QUAGLIA_N_MAX];

  if (!quaglia_residual (sys, z, f, e))
    return FALSE;

  for (guint it = 0; it < 80; it++)
    {
      double nf = norm2 (f, n), lambda = 1;
      gboolean accepted = FALSE;

      if (quaglia_error (z, e->g) < QUAGLIA_TOL
          && (n == QUAGLIA_N_VARS ||
              sqrt (norm2 (f + QUAGLIA_N_VARS, n - QUAGLIA_N_VARS)) < QUAGLIA_TOL))
        return TRUE;

      for (guint c = 0; c < n; c++)
        {
          double h = 1e-7 * (1 + fabs (z[c]));

          memcpy (zt, z, sizeof (double) * n);
          zt[c] += h;
          if (!quaglia_residual (sys, zt, ft, &scratch))
            {
              h = -h;
              zt[c] = z[c] + h;
              if (!quaglia_residual (sys, zt, ft, &scratch))
                return FALSE;
            }
          for (guint r = 0; r < n; r++)
            jac[r * n + c] = (ft[r] - f[r]) / h;
        }
      for (guint r = 0; r < n; r++)
        d[r] = -f[r];
      if (!solve_linear (jac, d, n))
        return FALSE;

      /* Backtrack until the step stays admissible and reduces |F|. */
      for (guint half = 0; half < 40 && !accepted; half++, lambda *= 0.5)
        {
          for (guint r = 0; r < n; r++)
            zt[r] = z[r] + lambda * d[r];
          if (quaglia_residual (sys, zt, ft, &scratch)
              && norm2 (ft, n) < (1 - 1e-4 * lambda) * nf)
            accepted = TRUE;
        }
      if (!accepted)
        return FALSE;
      memcpy (z, zt, sizeof (double) * n);
      memcpy (f, ft, sizeof (double) * n);
      *e = scratch;
    }
  return FALSE;
}

/* Newton on the piece the switches at x point to. A piece whose solution picks the other
 * value of a switch is left for the other piece; when both are inconsistent the switch
 * slides (weight in [0,1], the compared waits equal). */
static gboolean
quaglia_newton_pieces (const QuagliaState *self,
                       double              rate,
                       double             *x,
                       QuagliaEval        *e)
{
  QuagliaSystem sys = { self, rate, { FALSE, FALSE }, { switch_r_of (x), switch_s_of (x) }, 0 };
  guint tried[N_SWITCHES] = { 0, 0 };

  for (guint attempt = 0; attempt < 6; attempt++)
    {
      double z[QUAGLIA_N_MAX];
      double auto_sw[N_SWITCHES];
      gboolean consistent = TRUE;
      guint n = QUAGLIA_N_VARS;

      memcpy (z, x, sizeof (double) * QUAGLIA_N_VARS);
      for (guint i = 0; i < N_SWITCHES; i++)
        if (sys.sliding[i])
          z[n++] = 0.5;
      sys.n = n;

      if (!quaglia_newton (&sys, z, e))
        return FALSE;

      auto_sw[SWITCH_R] = switch_r_of (z);
      auto_sw[SWITCH_S] = switch_s_of (z);
      n = QUAGLIA_N_VARS;
      for (guint i = 0; i < N_SWITCHES; i++)
        {
          if (sys.sliding[i])
            {
              double w = z[n++];

              if (w < -1e-9 || w > 1 + 1e-9)
                return FALSE;
              continue;
            }
          if (auto_sw[i] != sys.frozen[i])
            {
              consistent = FALSE;
              tried[i] |= 1u << (guint) sys.frozen[i];
              if (tried[i] == 3)
                sys.sliding[i] = TRUE;
              else
                sys.frozen[i] = auto_sw[i];
            }
        }
      if (consistent)
        {
          memcpy (x, z, sizeof (double) * QUAGLIA_N_VARS);
          return TRUE;
        }
    }
  return FALSE;
}

/* The fixed point at rate, starting from x (in/out). restarts: on an overshoot, retry from
 * the start with relaxation (the cold solve of evaluate()); without, one attempt (the
 * warm-started saturation search). */
static gboolean
quaglia_solve (const QuagliaState *self,
               double              rate,
               double             *x,
               gboolean            restarts,
               QuagliaEval        *e)
{
  static const double omegas[] = { 1.0, 0.5, 0.2, 0.05 };
  static const double follow[N_SWITCHES] = { -1, -1 };
  double x0[QUAGLIA_N_VARS];
  guint n_omegas = restarts ? G_N_ELEMENTS (omegas) : 1;

  memcpy (x0, x, sizeof x0);
  for (guint o = 0; o < n_omegas; o++)
    {
      double omega = omegas[o];
      gboolean admissible = TRUE;

      memcpy (x, x0, sizeof x0);
      for (guint it = 0; it < 60; it++)
        {
          if (!quaglia_map (self, rate, x, follow, e))
            {
              admissible = FALSE;
              break;
            }
          if (quaglia_error (x, e->g) < QUAGLIA_TOL)
            return TRUE;
          for (guint v = 0; v < QUAGLIA_N_VARS; v++)
            x[v] = (1 - omega) * x[v] + omega * e->g[v];
        }
      if (!admissible)
        continue;
      if (quaglia_newton_pieces (self, rate, x, e))
        return TRUE;
    }
  return FALSE;
}

static gboolean
quaglia_solve_cold (const QuagliaState *self,
                    double              rate,
                    double             *x,
                    QuagliaEval        *e)
{
  memset (x, 0, sizeof (double) * QUAGLIA_N_VARS);
  return quaglia_solve (self, rate, x, TRUE, e);
}

/* ---------------------------------------------------------------------------------------- */

static gpointer
quaglia_prepare (GHashTable  *params,
                 GError     **error)
{
  static const char * const names[] = { "k", "flits" };
  guint radices[FLITLAB_TOPOLOGY_MAX_DIMS], n_dims = 0;
  double flits = 0;
  QuagliaState *self;

  /* The registry's parsers set an error for an empty value and then go on parsing it, which
   * sets a second one; catch that case here first. */
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const char *text = g_hash_table_lookup (params, names[i]);

      if (text == NULL || *text == '\0')
        {
          g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                       _("The parameter “%s” is missing"), names[i]);
          return NULL;
        }
    }

  if (!flitlab_model_param_radices (params, "k", 2, 3, 4 * QUAGLIA_MAX_K, radices, &n_dims, error))
    return NULL;
  if (n_dims != 2)
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The parameter “k” must be one radix or k×k such as “16” or “16x16”: the "
                     "model describes a two-dimensional torus, not %u dimensions"), n_dims);
      return NULL;
    }
  if (radices[0] != radices[1])
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The parameter “k” must describe a square torus (%u×%u given): the model's "
                     "quadrant analysis assumes k×k"), radices[0], radices[1]);
      return NULL;
    }
  if (radices[0] % 4 != 0)
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The parameter “k” must be a multiple of 4 (%u given): the model's average "
                     "message crosses K = k/4 channels per dimension"), radices[0]);
      return NULL;
    }
  if (!flitlab_model_param_flits (params, &flits, error))
    return NULL;

  self = g_new0 (QuagliaState, 1);
  self->k = radices[0];
  self->K = radices[0] / 4;
  self->t_dt = flits;
  self->alpha = (self->k - 1.0) / (self->k + 1.0);
  self->beta = 1.0 / (self->k + 1.0);
  return self;
}

static FlitlabTopology *
quaglia_build_topology (gpointer   state,
                        GError   **error)
{
  QuagliaState *self = state;
  guint radices[2] = { self->k, self->k };
  FlitlabTopology *topology = flitlab_topology_new_torus (2, radices, TRUE, error);

  if (topology == NULL)
    return NULL;

  /* Remember which dimension each channel crosses, for the per-channel detail. */
  self->n_channels = flitlab_topology_get_n_channels (topology);
  g_free (self->channel_dim);
  self->channel_dim = g_new0 (guint8, MAX (self->n_channels, 1));
  for (guint c = 0; c < self->n_channels; c++)
    {
      const FlitlabChannel *channel = flitlab_topology_get_channel (topology, c);

      switch (channel->kind)
        {
        case FLITLAB_CHANNEL_NETWORK:
          self->channel_dim[c] = channel->dim == 0 ? 0 : 1;
          break;
        case FLITLAB_CHANNEL_INJECTION:
          self->channel_dim[c] = 2;
          break;
        case FLITLAB_CHANNEL_EJECTION:
        default:
          self->channel_dim[c] = 3;
          break;
        }
    }
  return topology;
}

static void
quaglia_add_detail (const QuagliaState *self,
                    FlitlabModelPoint  *point,
                    const double       *x,
                    const QuagliaEval  *e)
{
  static const char * const w_names[] = { "W_WE", "W_NE", "W_NS", "W_WS" };
  const guint K = self->K;
  double util_x = 0, util_y = 0, flow_x = 0, flow_y = 0, vec[4];

  /* The adaptive (alpha) stream of the quadrant: flow F, residual time T (header at the
   * channel to tail delivered), utilisation F Ubar. The paper gives no per-channel wait
   * (a header waits only when both of its channels are busy), so wait is 0 here; the four
   * waits are the W_* classes below. */
  for (guint i = 1; i <= K + 1; i++)
    for (guint j = 1; j <= K; j++)
      {
        g_autofree char *name = g_strdup_printf ("X_{%u,%u}", i, j);

        flitlab_model_point_add_class (point, name, e->FX[i][j], e->TX[i][j], 0,
                                       e->FX[i][j] * e->UX[i][j]);
        flow_x += e->FX[i][j];
        util_x += e->FX[i][j] * e->UX[i][j];
      }
  for (guint i = 1; i <= K; i++)
    for (guint j = 1; j <= K + 1; j++)
      {
        g_autofree char *name = g_strdup_printf ("Y_{%u,%u}", i, j);

        flitlab_model_point_add_class (point, name, e->FY[i][j], e->TY[i][j], 0,
                                       e->FY[i][j] * e->UY[i][j]);
        flow_y += e->FY[i][j];
        util_y += e->FY[i][j] * e->UY[i][j];
      }
  /* The beta streams: bX_{j} is the X channel with j routers still to cross, (40)-(41). */
  for (guint j = 1; j <= K; j++)
    {
      g_autofree char *name_x = g_strdup_printf ("bX_{%u}", j);
      g_autofree char *name_y = g_strdup_printf ("bY_{%u}", j);

      flitlab_model_point_add_class (point, name_x, e->b, e->BX[j], 0, e->b * e->UBX[j]);
      flitlab_model_point_add_class (point, name_y, e->b, e->BY[j], 0, e->b * e->UBY[j]);
      flow_x += e->b;
      flow_y += e->b;
      util_x += e->b * e->UBX[j];
      util_y += e->b * e->UBY[j];
    }
  /* The four M/G/1 waits: flow = the rate of the competing classes (both halves), time =
   * their mean holding time Ubar, wait = W, utilisation = rho of (24). */
  for (guint w = 0; w < 4; w++)
    flitlab_model_point_add_class (point, w_names[w], 2 * e->lambda[w],
                                   e->lambda[w] > 0 ? e->lambda_u[w] / e->lambda[w] : self->t_dt,
                                   x[VAR_WE + w], e->rho[w]);

  vec[0] = x[VAR_PX];
  vec[1] = x[VAR_PY];
  flitlab_model_point_add_vector (point, "p", vec, 2);
  flitlab_model_point_add_vector (point, "W", x + VAR_WE, 4);
  vec[0] = e->sw[SWITCH_R];
  vec[1] = e->sw[SWITCH_S];
  vec[2] = e->v;
  flitlab_model_point_add_vector (point, "switches", vec, 3);

  /* Physical channels. Every X channel of the torus, in either direction, sees all the X
   * classes of a quadrant (each class is one source position relative to the channel) from
   * two quadrants (the factor 2 of (43)), so its flow is 2 (sum F^X + K b) and its
   * utilisation 2 (sum F^X Ubar^X + b sum Ubar^X_j) = p_X; likewise Y with p_Y. The time is
   * utilisation / flow, the mean holding time. Injection and ejection carry the node's
   * rate for T_DT cycles each (the paper does not model them). */
  if (point->n_channels != self->n_channels || self->channel_dim == NULL)
    return;
  for (guint c = 0; c < point->n_channels; c++)
    {
      double flow, util;

      switch (self->channel_dim[c])
        {
        case 0:
          flow = 2 * flow_x;
          util = 2 * util_x;
          break;
        case 1:
          flow = 2 * flow_y;
          util = 2 * util_y;
          break;
        default:
          flow = point->rate;
          util = MIN (1.0, point->rate * self->t_dt);
          break;
        }
      point->channel_flow[c] = flow;
      point->channel_utilization[c] = util;
      point->channel_time[c] = flow > 0 ? util / flow : self->t_dt;
      /* A link carries every class of its dimension: X_{i,j} along x, Y_{i,j} along y. */
      point->channel_class[c] = g_strdup (self->channel_dim[c] == 0 ? "X_{i,j}, bX_{i}"
                                          : self->channel_dim[c] == 1 ? "Y_{i,j}, bY_{i}"
                                          : N_("injection or ejection"));
    }
}

static gboolean
quaglia_evaluate (gpointer           state,
                  FlitlabModelPoint *point,
                  gboolean           detail)
{
  const QuagliaState *self = state;
  double x[QUAGLIA_N_VARS];
  QuagliaEval *e = g_new (QuagliaEval, 1);
  gboolean ok = quaglia_solve_cold (self, point->rate, x, e);

  if (ok)
    {
      point->latency = e->latency;
      point->values[0] = x[VAR_PX];
      point->values[1] = x[VAR_PY];
      if (detail)
        quaglia_add_detail (self, point, x, e);
    }
  g_free (e);
  return ok;
}

/* A trial of the saturation search: warm from x_lo (a stable solution at a lower rate), then
 * cold as evaluate() does. On success x holds the solution. */
static gboolean
quaglia_stable_at (const QuagliaState *self,
                   double              rate,
                   const double       *x_lo,
                   double             *x,
                   QuagliaEval        *e)
{
  memcpy (x, x_lo, sizeof (double) * QUAGLIA_N_VARS);
  if (quaglia_solve (self, rate, x, FALSE, e))
    return TRUE;
  return quaglia_solve_cold (self, rate, x, e);
}

/* Bisection on the rate, each trial warm-started from the last stable solution: below the
 * fold Newton from a lower solution runs into the stable root. A warm failure is confirmed
 * by the cold solve of evaluate(), so that evaluate() agrees with the rate returned. */
static double
quaglia_saturation_rate (gpointer state)
{
  const QuagliaState *self = state;
  g_autofree QuagliaEval *e = g_new (QuagliaEval, 1);
  double x_lo[QUAGLIA_N_VARS] = { 0 }, x[QUAGLIA_N_VARS];
  double lo = 0, hi = 1.0 / 1024;

  while (hi < 4 && quaglia_stable_at (self, hi, x_lo, x, e))
    {
      lo = hi;
      memcpy (x_lo, x, sizeof x);
      hi *= 2;
    }
  if (lo == 0)
    {
      /* Saturated already at 1/1024 (long messages): halve until a stable rate shows up. */
      while (hi > 1e-12 && !quaglia_stable_at (self, hi / 2, x_lo, x, e))
        hi /= 2;
      lo = hi / 2;
      memcpy (x_lo, x, sizeof x);
    }
  while (hi - lo > 1e-6 * hi)
    {
      double mid = 0.5 * (lo + hi);

      if (quaglia_stable_at (self, mid, x_lo, x, e))
        {
          lo = mid;
          memcpy (x_lo, x, sizeof x);
        }
      else
        hi = mid;
    }
  return lo;
}

static void
quaglia_free_state (gpointer state)
{
  QuagliaState *self = state;

  g_free (self->channel_dim);
  g_free (self);
}

static const FlitlabModelParamInfo quaglia_params[] = {
  {
    .name = "k",
    .unit = N_("nodes per dimension"),
    .range = N_("4..64, a multiple of 4 (k/4 hops per dimension), e.g. 16 or 16x16"),
    .default_value = "8",
    .description = N_("Radix of the square bi-directional torus"),
  },
  {
    .name = "flits",
    .unit = N_("flits"),
    .range = FLITLAB_MODEL_FLITS_RANGE,
    .default_value = "12",
    .description = N_("Message length (data-trail time T_DT = L/B, cycles)"),
  },
  { NULL },
};

static const char * const quaglia_columns[] = { "p_x", "p_y", NULL };

const FlitlabModelInfo flitlab_model_quaglia_adaptive_torus = {
  .id = "quaglia-adaptive-torus",
  .title = N_("Minimal fully adaptive wormhole routing, k×k bi-directional torus"),
  .citation = N_("Quaglia et al. 2002"),
  .paper = N_("002_fe5cc28af9c60162.txt (Quaglia, Ciciani, Colajanni 2002), Eqs. 1-46"),
  .flow_source = N_("After Quaglia et al. 2002, Fig. 1 and Section 3: the quadrant's classes "
                    "and the streams bX and bY."),
  .params = quaglia_params,
  .columns = quaglia_columns,
  .latency = FLITLAB_LATENCY_TRANSIT,
  .saturation = N_("A fold of the fixed point: the largest load at which the model's equations "
                   "(Eqs. 1-46) still have a stable solution; past it the iteration has none."),
  .fit = {
    .family = FLITLAB_TOPOLOGY_TORUS,
    .n_dims = 2,
    .direction = 2,
    .square = TRUE,
    .routing = FLITLAB_ROUTING_ADAPTIVE,
    .needs = N_("a square 2D bi-directional torus with adaptive routing"),
  },
  .prepare = quaglia_prepare,
  .build_topology = quaglia_build_topology,
  .evaluate = quaglia_evaluate,
  .saturation_rate = quaglia_saturation_rate,
  .free_state = quaglia_free_state,
};
