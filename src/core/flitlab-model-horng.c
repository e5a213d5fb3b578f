/* flitlab-model-horng.c: Horng & Kleinrock, a finite-buffer Boolean n-cube with backtracking
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Paper 004 (shared/papers/004_65d49c7f36dd387a.txt). A synchronous store-and-forward n-cube,
 * M >= n buffers per node, two-phase random channel assignment; a node that would keep fewer
 * than n free buffers forces extra messages out in a second phase, possibly backwards
 * (backtracking). One node is an imbedded Markov chain on its occupancy 0..M with
 * P = D R A (Eqs. 1-8); the transit probability P_t closes the model through the balance
 * equation (Eq. 17), solved by bisection. docs/models/horng-kleinrock.md lists every
 * reconstruction decision (H1-H9 of shared/papers/equations-greenberg-meraji-horng.md §3);
 * the ones that change numbers are repeated next to the code.
 *
 * Numerics, chosen so that every probability is a sum of non-negative terms:
 *  - f_{i,j} (Eq. 2) comes from the balls-in-bins recursion, which equals the corrected Eq. 2
 *    (H1) but has no alternating sum, so it stays exact for n up to 16 and M up to 256;
 *  - the stationary vector comes from the GTH (Grassmann-Taksar-Heyman) state reduction, which
 *    gives every pi_i to high relative accuracy, so P_A = sum_{i<M} pi_i and pi_M = 1 - P_A
 *    are both accurate from lambda = 1e-9 to lambda = 1e9;
 *  - h_i comes from the first differences of the hop recursion (the same back substitution
 *    that yields Eq. 11), again with non-negative terms only.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-model-horng-private.h"
#include "flitlab-model-private.h"

/* The rates the model takes: any geometric mean lambda in [0, 1e9]. Above 1e9 the results
 * equal the lambda -> infinity limit to ~1e-9 and 1/(1+lambda) starts to lose meaning. */
#define HORNG_MAX_RATE 1e9
/* Bisection on P_t runs until the bracket is a few ulps wide (about 52 steps; the issue asks
 * for 1e-10, which would already give the outputs to 1e-6). Going to machine precision costs
 * 25 % more and makes the identities that hold only at the exact root (T = hbar when M = n,
 * P_t = u (1 - 1/hbar)) hold to 1e-14 rather than 1e-12. */
#define HORNG_PT_TOLERANCE 4e-16
#define HORNG_MAX_STEPS 1200

struct _FlitlabHorng
{
  guint   n;
  guint   m;        /* M, buffers per node */
  guint   k;        /* M + 1 chain states */
  double  nodes;    /* N = 2^n */
  double  dbar;     /* mean e-cube distance */
  double *dest;     /* d_i = C(n,i) / (2^n - 1), i = 0..n (d_0 = 0) */
  double *binom;    /* C(n,i), i = 0..n */
  double *f;        /* f_{i,j}, k x (n+1) */
  double *fp;       /* f'_{i,j}, k x (n+1) */
  double *cu;       /* sum_j f'_{i,j} j/n: the u of Eq. 9 given i messages */
  double *cu1;      /* sum_j f_{i,j} j/n: u_1 of Eq. 10 */
  double *cu2;      /* cu - cu1, summed without cancellation */
};

/* Per-solve scratch: one allocation per rate, so evaluate() stays thread-safe. */
typedef struct
{
  double *p;   /* k x k, the transition matrix, reduced in place by GTH */
  double *row; /* k, one row of D R */
  double *pi;  /* k */
  double  t[FLITLAB_HORNG_MAX_N + 1];
} Work;

/* What one trial P_t gives. */
typedef struct
{
  double acceptance;
  double u;
  double u1;
  double u2;
  double p;
  double q;
  double hbar;
  double excess;    /* hbar - dbar, summed from non-negative terms */
  double queue;
  double g;         /* lambda P_A - n u / hbar (Eq. 17: zero at the root) */
} Trial;

guint
flitlab_horng_get_n (const FlitlabHorng *self)
{
  return self->n;
}

guint
flitlab_horng_get_buffers (const FlitlabHorng *self)
{
  return self->m;
}

double
flitlab_horng_get_mean_distance (const FlitlabHorng *self)
{
  return self->dbar;
}

FlitlabHorng *
flitlab_horng_new (guint    n,
                   guint    buffers,
                   GError **error)
{
  g_autoptr(FlitlabHorng) self = NULL;
  guint w = n + 1;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (n < 1 || n > FLITLAB_HORNG_MAX_N)
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The parameter “n” must be a whole number from 1 to %u, not %u"),
                   FLITLAB_HORNG_MAX_N, n);
      return NULL;
    }
  if (buffers < n || buffers > FLITLAB_HORNG_MAX_BUFFERS)
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The parameter “buffers” (M = %u) must be from n = %u to %u: the routing "
                     "keeps n buffers free for the n neighbours, so a node needs M ≥ n"),
                   buffers, n, FLITLAB_HORNG_MAX_BUFFERS);
      return NULL;
    }

  self = g_new0 (FlitlabHorng, 1);
  self->n = n;
  self->m = buffers;
  self->k = buffers + 1;
  self->nodes = ldexp (1.0, (int) n);
  self->dbar = n * ldexp (1.0, (int) n - 1) / (self->nodes - 1);
  self->dest = g_new0 (double, w);
  self->binom = g_new0 (double, w);
  self->f = g_new0 (double, self->k * w);
  self->fp = g_new0 (double, self->k * w);
  self->cu = g_new0 (double, self->k);
  self->cu1 = g_new0 (double, self->k);
  self->cu2 = g_new0 (double, self->k);

  self->binom[0] = 1;
  for (guint i = 1; i <= n; i++)
    self->binom[i] = self->binom[i - 1] * (n - i + 1) / i;
  for (guint i = 1; i <= n; i++)
    self->dest[i] = self->binom[i] / (self->nodes - 1);

  /* Eq. 2, f_{i,j}: i messages each pick one of the n channels at random, j distinct channels
   * win. The OCR prints ((i-k)/n)^i; the occupancy formula that sums to 1 is
   * C(n,j) sum_k (-1)^k C(j,k) ((j-k)/n)^i (H1), which is what this recursion computes:
   * the i-th message lands on a used channel (j/n) or a new one ((n-j+1)/n). */
  self->f[0] = 1;
  for (guint i = 1; i < self->k; i++)
    {
      const double *prev = self->f + (i - 1) * w;
      double *cur = self->f + i * w;

      for (guint j = 1; j <= MIN (i, n); j++)
        cur[j] = prev[j] * j / n + prev[j - 1] * (n - j + 1) / n;
    }

  /* Eq. 3, f'_{i,j}: when i - j > M - n the second phase forces out n - M + i - j more, so all
   * the mass of j <= j* = i - (M - n) lumps on j*. The OCR sum starts at k = 1; it must start
   * at k = 0 (H2): the same for i >= 1, but for M = n and i = 0 the printed form leaves row 0
   * summing to 0. */
  for (guint i = 0; i < self->k; i++)
    {
      const double *fi = self->f + i * w;
      double *fpi = self->fp + i * w;
      int jstar = (int) i - (int) (self->m - n);
      double lump = 0, c1 = 0, c2 = 0, cp = 0;

      for (guint j = 0; j <= MIN (i, n); j++)
        {
          if ((int) j > jstar)
            fpi[j] = fi[j];
          else
            lump += fi[j];
          if ((int) j == jstar)
            fpi[j] = lump;
          c1 += fi[j] * j / n;
          cp += fpi[j] * j / n;
          /* Forced messages: with j < j* won in phase one, j* - j more go in phase two. */
          if ((int) j < jstar)
            c2 += fi[j] * (jstar - (int) j) / n;
        }
      self->cu[i] = cp;
      self->cu1[i] = c1;
      self->cu2[i] = c2;
    }

  return g_steal_pointer (&self);
}

void
flitlab_horng_free (FlitlabHorng *self)
{
  if (self == NULL)
    return;
  g_free (self->dest);
  g_free (self->binom);
  g_free (self->f);
  g_free (self->fp);
  g_free (self->cu);
  g_free (self->cu1);
  g_free (self->cu2);
  g_free (self);
}

double
flitlab_horng_assign_probability (const FlitlabHorng *self,
                                  guint               i,
                                  guint               j,
                                  gboolean            both_phases)
{
  g_return_val_if_fail (self != NULL, 0);

  if (i >= self->k || j > self->n)
    return 0;
  return (both_phases ? self->fp : self->f)[i * (self->n + 1) + j];
}

/* Eq. 4: t_i = C(n,i) P_t^i (1 - P_t)^(n-i). */
static void
transit_distribution (const FlitlabHorng *self,
                      double              p_transit,
                      double             *t)
{
  for (guint i = 0; i <= self->n; i++)
    t[i] = self->binom[i] * pow (p_transit, i) * pow (1 - p_transit, self->n - i);
}

/* P = D R A (Eqs. 5-8). D takes i messages to y = i - j with probability f'_{i,j}; R adds
 * t_s transit messages (y <= M - n always, so y + s <= M and R's rows that matter sum to 1);
 * A admits new ones: a_{z,l} = (1-a) a^(l-z) for l < M and a^(M-z) for l = M. Row by row,
 * B = D R first, then B A by a running sum S_l = a S_{l-1} + B_l, which needs no powers. */
static void
build_matrix (const FlitlabHorng *self,
              double              alpha,
              double              alpha_bar,
              const double       *t,
              double             *p,
              double             *row)
{
  guint n = self->n, k = self->k, w = n + 1;

  for (guint i = 0; i < k; i++)
    {
      const double *fpi = self->fp + i * w;
      double *pi_row = p + i * k;
      double s = 0;

      memset (row, 0, sizeof (double) * k);
      for (guint j = 0; j <= MIN (i, n); j++)
        {
          guint y = i - j;

          if (fpi[j] == 0)
            continue;
          for (guint x = 0; x <= n; x++)
            row[y + x] += fpi[j] * t[x];
        }
      for (guint l = 0; l + 1 < k; l++)
        {
          s = alpha * s + row[l];
          pi_row[l] = alpha_bar * s;
        }
      pi_row[k - 1] = alpha * s + row[k - 1];
    }
}

/* 1 - a and a from lambda without cancellation: a = lambda / (1 + lambda). */
static void
geometric (double  lambda,
           double *alpha,
           double *alpha_bar)
{
  *alpha_bar = 1 / (1 + lambda);
  *alpha = lambda / (1 + lambda);
}

void
flitlab_horng_transition_matrix (const FlitlabHorng *self,
                                 double              lambda,
                                 double              p_transit,
                                 double             *p)
{
  g_autofree double *row = NULL;
  double t[FLITLAB_HORNG_MAX_N + 1];
  double alpha, alpha_bar;

  g_return_if_fail (self != NULL && p != NULL);
  g_return_if_fail (lambda >= 0 && p_transit >= 0 && p_transit <= 1);

  row = g_new (double, self->k);
  geometric (lambda, &alpha, &alpha_bar);
  transit_distribution (self, p_transit, t);
  build_matrix (self, alpha, alpha_bar, t, p, row);
}

/* GTH state reduction: eliminates states M..1, dividing by the row's off-diagonal mass (never
 * 1 - p_kk), then rebuilds pi forward. P has lower bandwidth n (a cycle sends at most n), and
 * elimination keeps it, so the inner loops run over j >= k - n only. */
static gboolean
stationary (guint   k,
            guint   band,
            double *p,
            double *pi)
{
  double total = 0;

  for (guint s = k - 1; s >= 1; s--)
    {
      double *ps = p + s * k;
      guint j0 = s > band ? s - band : 0;
      double mass = 0;

      for (guint j = j0; j < s; j++)
        mass += ps[j];
      if (!(mass > 0) || !isfinite (mass))
        return FALSE;
      for (guint i = 0; i < s; i++)
        {
          double *pr = p + i * k;
          double c;

          if (pr[s] == 0)
            continue;
          c = pr[s] /= mass;
          for (guint j = j0; j < s; j++)
            pr[j] += c * ps[j];
        }
    }

  pi[0] = 1;
  total = 1;
  for (guint s = 1; s < k; s++)
    {
      double v = 0;

      for (guint i = 0; i < s; i++)
        v += pi[i] * p[i * k + s];
      pi[s] = v;
      total += v;
      /* Under heavy load pi_M / pi_0 can pass 1e308 (lambda^(M/n) roughly): rescale. */
      if (total > 1e150)
        {
          for (guint i = 0; i <= s; i++)
            pi[i] /= total;
          total = 1;
        }
    }
  if (!isfinite (total))
    return FALSE;
  for (guint s = 0; s < k; s++)
    pi[s] /= total;
  return TRUE;
}

/* The hop recursion before Eq. 11, h_i = a_i h_{i-1} + c_i h_{i+1} + 1 for i = 1..n-1 (the
 * OCR says i = 2..n-1; at i = 1 the same rule holds with h_0 = 0, H4), h_n = h_{n-1} + 1, with
 * a_i = p + q (i-1)/(n-1) and c_i = q (n-i)/(n-1). Since a_i + c_i = 1, the differences
 * D_i = h_i - h_{i-1} obey a_i D_i = c_i D_{i+1} + 1 with D_n = 1: Eq. 11's delta_j is
 * D_{n+1-j}. The excess E_i = D_i - 1 = c_i (E_{i+1} + 2) / a_i is kept separately so that
 * hbar - dbar is exact even when q is tiny. h and excess may be NULL. */
static void
hop_recursion (guint   n,
               double  p,
               double  q,
               double *h,
               double *excess)
{
  double e[FLITLAB_HORNG_MAX_N + 2];
  double sum = 0;

  e[n] = 0;
  for (guint i = n - 1; i >= 1; i--)
    {
      double a = p + q * (i - 1) / (n - 1);
      double c = q * (n - i) / (n - 1);

      e[i] = c * (e[i + 1] + 2) / a;
    }
  for (guint i = 1; i <= n; i++)
    {
      sum += e[i];
      if (excess != NULL)
        excess[i - 1] = sum;
      if (h != NULL)
        h[i - 1] = i + sum;
    }
}

void
flitlab_horng_hops_from (guint   n,
                         double  q,
                         double *h)
{
  g_return_if_fail (n >= 1 && n <= FLITLAB_HORNG_MAX_N && h != NULL);
  g_return_if_fail (q >= 0 && q < 1);

  hop_recursion (n, 1 - q, q, h, NULL);
}

/* hbar (Eq. 12) and hbar - dbar for the given phase shares. */
static void
mean_hops (const FlitlabHorng *self,
           double              p,
           double              q,
           double             *hbar,
           double             *excess)
{
  double ex[FLITLAB_HORNG_MAX_N];
  double sum = 0;

  hop_recursion (self->n, p, q, NULL, ex);
  for (guint i = 1; i <= self->n; i++)
    sum += self->dest[i] * ex[i - 1];
  *excess = sum;
  *hbar = self->dbar + sum;
}

/* The chain at one trial P_t: pi, u (Eq. 9), u1 (Eq. 10), p, q, hbar and the Eq. 17 gap. */
static gboolean
trial (const FlitlabHorng *self,
       double              lambda,
       double              alpha,
       double              alpha_bar,
       double              p_transit,
       Work               *work,
       Trial              *out)
{
  guint k = self->k;
  double below = 0, accepted, u = 0, u1 = 0, u2 = 0, queue = 0;

  transit_distribution (self, p_transit, work->t);
  build_matrix (self, alpha, alpha_bar, work->t, work->p, work->row);
  if (!stationary (k, self->n, work->p, work->pi))
    return FALSE;

  for (guint i = 0; i < k; i++)
    {
      double v = work->pi[i];

      if (i + 1 < k)
        below += v;
      u += v * self->cu[i];
      u1 += v * self->cu1[i];
      u2 += v * self->cu2[i];
      queue += v * i;
    }

  /* P_A = 1 - pi_M (Eq. 15) where pi_M is small, sum_{i<M} pi_i where it is large: accurate
   * at both ends and never above 1. */
  accepted = work->pi[k - 1] < 0.5 ? 1 - work->pi[k - 1] : below;
  out->acceptance = accepted;
  out->u = MIN (u, 1); /* u = 1 exactly for a full node with M = n; keep rounding out */
  out->u1 = u1;
  out->u2 = u2;
  /* u = u1 + u2 up to rounding; dividing each by u keeps a tiny q accurate. */
  out->p = u > 0 ? u1 / u : 1;
  out->q = u > 0 ? u2 / u : 0;
  out->queue = queue;
  mean_hops (self, out->p, out->q, &out->hbar, &out->excess);
  out->g = lambda * accepted - self->n * u / out->hbar;
  return isfinite (out->g);
}

double
flitlab_horng_capacity (const FlitlabHorng *self)
{
  double u, p, q, hbar, excess;

  g_return_val_if_fail (self != NULL, 0);

  /* As lambda -> infinity every node starts each cycle full (X = M), so u, p and q are the
   * state-M values, and the admitted flow is the output flow n u / hbar of Eq. 17. */
  u = self->cu[self->m];
  p = self->cu1[self->m] / u;
  q = self->cu2[self->m] / u;
  mean_hops (self, p, q, &hbar, &excess);
  return self->n * u / hbar;
}

static void
fill_solution (const FlitlabHorng   *self,
               double                lambda,
               double                p_transit,
               const Trial          *tr,
               FlitlabHorngSolution *out)
{
  double ratio = self->dbar / tr->hbar;

  out->lambda = lambda;
  out->p_transit = p_transit;
  out->residual = tr->g;
  out->utilization = tr->u;
  out->u1 = tr->u1;
  out->p = tr->p;
  out->q = tr->q;
  out->hops = tr->hbar;
  out->acceptance = tr->acceptance;
  out->throughput = lambda * tr->acceptance;
  out->gamma = self->nodes * out->throughput;                    /* Eq. 18 */
  out->queue = tr->queue;                                        /* Eq. 19 */
  out->delay = tr->queue / out->throughput;                      /* Eq. 20: N qbar / gamma */
  out->backtrack = 0.5 * tr->u * tr->excess / tr->hbar;          /* Eq. 24 */
  out->forward = 0.5 * tr->u * (1 + ratio);                      /* Eq. 25 */
  out->progress = tr->u * ratio;                                 /* Eq. 26 */
  out->power = out->gamma * tr->acceptance / out->delay;         /* Section 5 */
}

/* lambda = 0 is the limit of an empty network: nothing moves, a lone message is always chosen
 * in the first phase and needs dbar cycles. */
static void
zero_load (const FlitlabHorng   *self,
           FlitlabHorngSolution *out,
           double               *pi,
           double               *h)
{
  memset (out, 0, sizeof *out);
  out->p = 1;
  out->hops = self->dbar;
  out->acceptance = 1;
  out->delay = self->dbar;
  if (pi != NULL)
    {
      memset (pi, 0, sizeof (double) * self->k);
      pi[0] = 1;
    }
  if (h != NULL)
    hop_recursion (self->n, 1, 0, h, NULL);
}

gboolean
flitlab_horng_solve (const FlitlabHorng   *self,
                     double                lambda,
                     FlitlabHorngSolution *out,
                     double               *pi,
                     double               *h)
{
  g_autofree double *buffer = NULL;
  Work work;
  Trial tr;
  double alpha, alpha_bar, lo = 0, hi, root;
  guint k, steps = 0;

  g_return_val_if_fail (self != NULL && out != NULL, FALSE);

  if (!(lambda >= 0) || !(lambda <= HORNG_MAX_RATE))
    return FALSE;
  if (lambda == 0)
    {
      zero_load (self, out, pi, h);
      return TRUE;
    }

  k = self->k;
  buffer = g_new (double, k * k + 2 * k);
  work.p = buffer;
  work.row = buffer + k * k;
  work.pi = buffer + k * k + k;
  geometric (lambda, &alpha, &alpha_bar);

  /* Eq. 17: the input rate lambda (1 - pi_M) falls and the output rate n u / hbar rises with
   * P_t (Fig. 5), so the gap g changes sign once on (0, 1). The bracket starts near the
   * light-load root lambda (dbar - 1) / n and doubles, so that tiny rates converge to the
   * same relative accuracy; P_t = 1 itself is never evaluated (there p_00 = 0, H9). With
   * n = 1 every message is one hop and nothing is ever in transit: P_t = 0. */
  if (self->n == 1)
    {
      hi = 0;
    }
  else
    {
      hi = 2 * lambda * self->dbar / self->n;
      while (hi < 0.5)
        {
          if (!trial (self, lambda, alpha, alpha_bar, hi, &work, &tr))
            return FALSE;
          steps++;
          if (tr.g <= 0)
            break;
          lo = hi;
          hi *= 2;
        }
      if (hi >= 0.5)
        hi = 1;
      while (hi - lo > HORNG_PT_TOLERANCE * hi && steps < HORNG_MAX_STEPS)
        {
          double mid = 0.5 * (lo + hi);

          if (mid <= lo || mid >= hi)
            break;

          if (!trial (self, lambda, alpha, alpha_bar, mid, &work, &tr))
            return FALSE;
          steps++;
          if (tr.g > 0)
            lo = mid;
          else
            hi = mid;
        }
    }

  root = 0.5 * (lo + hi);
  if (!trial (self, lambda, alpha, alpha_bar, root, &work, &tr))
    return FALSE;
  fill_solution (self, lambda, root, &tr, out);
  out->iterations = steps;
  if (pi != NULL)
    memcpy (pi, work.pi, sizeof (double) * k);
  if (h != NULL)
    hop_recursion (self->n, tr.p, tr.q, h, NULL);

  return isfinite (out->delay) && out->delay > 0 && isfinite (out->power);
}

/* The registry entry ------------------------------------------------------------------------ */

enum
{
  COLUMN_THROUGHPUT,
  COLUMN_ACCEPTANCE,
  COLUMN_UTILIZATION,
  COLUMN_FORWARD,
  COLUMN_BACKTRACK,
  COLUMN_POWER,
  COLUMN_QUEUE,
  COLUMN_PROGRESS,
  COLUMN_HOPS,
  N_COLUMNS
};

static const char * const horng_columns[N_COLUMNS + 1] = {
  "throughput",  /* lambda P_A, accepted messages per cycle per node */
  "acceptance",  /* P_A */
  "utilization", /* u, the share of cycles a channel carries a message */
  "forward",     /* P_f */
  "backtrack",   /* P_r */
  "power",       /* gamma P_A / T with the network gamma, as the paper plots it */
  "queue",       /* qbar, messages per node */
  "progress",    /* P_f - P_r */
  "hops",        /* hbar, hops actually travelled per message */
  NULL,
};

static const FlitlabModelParamInfo horng_params[] = {
  {
    .name = "n",
    .unit = N_("dimensions"),
    .range = N_("1..16 (N = 2^n nodes)"),
    .default_value = "6",
    .description = N_("Dimension of the Boolean n-cube"),
  },
  {
    .name = "buffers",
    .unit = N_("messages per node"),
    .range = "n..256",
    .default_value = "10",
    .description = N_("M, the message buffers of every node; the routing needs M ≥ n"),
  },
  { NULL },
};

static gpointer
horng_prepare (GHashTable  *params,
               GError     **error)
{
  guint n, buffers;

  /* The shared helper would set its GError twice on an empty value: refuse it here. */
  for (const FlitlabModelParamInfo *p = horng_params; p->name != NULL; p++)
    {
      const char *text = g_hash_table_lookup (params, p->name);

      if (text == NULL || *text == '\0')
        {
          g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                       _("The parameter “%s” is empty (%s)"), p->name, _(p->range));
          return NULL;
        }
    }
  if (!flitlab_model_param_uint (params, "n", 1, FLITLAB_HORNG_MAX_N, &n, error))
    return NULL;
  if (!flitlab_model_param_uint (params, "buffers", 0, G_MAXUINT, &buffers, error))
    return NULL;
  return flitlab_horng_new (n, buffers, error);
}

static FlitlabTopology *
horng_build_topology (gpointer   state,
                      GError   **error)
{
  FlitlabHorng *self = state;

  return flitlab_topology_new_hypercube (self->n, error);
}

static void
horng_fill_channels (const FlitlabHorng         *self,
                     const FlitlabHorngSolution *s,
                     FlitlabModelPoint          *point)
{
  guint n_nodes = (guint) self->nodes;
  guint n_network = self->n * n_nodes;

  /* Every network channel carries u by symmetry (uniform traffic, statistically identical
   * nodes). The local ports are bulk, unlimited in the model: they carry the accepted flow
   * but have no service time or utilization of their own. Ids follow flitlab-topology.h. */
  for (guint id = 0; id < point->n_channels; id++)
    {
      if (id < n_network)
        {
          point->channel_flow[id] = s->utilization;
          point->channel_time[id] = 1;
          point->channel_utilization[id] = s->utilization;
          point->channel_class[id] = g_strdup (N_("channel"));
        }
      else
        {
          point->channel_flow[id] = s->throughput;
        }
    }
}

static gboolean
horng_evaluate (gpointer           state,
                FlitlabModelPoint *point,
                gboolean           detail)
{
  FlitlabHorng *self = state;
  FlitlabHorngSolution s;
  double pi[FLITLAB_HORNG_MAX_BUFFERS + 1];
  double h[FLITLAB_HORNG_MAX_N];

  if (!flitlab_horng_solve (self, point->rate, &s, detail ? pi : NULL, detail ? h : NULL))
    return FALSE;

  point->latency = s.delay;
  if (point->n_values >= N_COLUMNS)
    {
      point->values[COLUMN_THROUGHPUT] = s.throughput;
      point->values[COLUMN_ACCEPTANCE] = s.acceptance;
      point->values[COLUMN_UTILIZATION] = s.utilization;
      point->values[COLUMN_FORWARD] = s.forward;
      point->values[COLUMN_BACKTRACK] = s.backtrack;
      point->values[COLUMN_POWER] = s.power;
      point->values[COLUMN_QUEUE] = s.queue;
      point->values[COLUMN_PROGRESS] = s.progress;
      point->values[COLUMN_HOPS] = s.hops;
    }

  if (detail)
    {
      double t[FLITLAB_HORNG_MAX_N + 1];

      /* wait: cycles a message sits per hop beyond the one it is sent in (T = hbar (1+wait)). */
      flitlab_model_point_add_class (point, N_("channel"), s.utilization, 1,
                                     MAX (0, s.delay / s.hops - 1), s.utilization);
      flitlab_model_point_add_class (point, N_("injection"), s.throughput, 0, 0, 0);
      flitlab_model_point_add_class (point, N_("ejection"), s.throughput, 0, 0, 0);

      flitlab_model_point_add_vector (point, N_("stationary"), pi, self->k);
      flitlab_model_point_add_vector (point, N_("hops-to-go"), h, self->n);
      transit_distribution (self, s.p_transit, t);
      flitlab_model_point_add_vector (point, N_("transit-arrivals"), t, self->n + 1);
      flitlab_model_point_add_vector (point, N_("distance"), self->dest + 1, self->n);
      flitlab_model_point_add_vector (point, N_("transit-probability"), &s.p_transit, 1);
      {
        /* Fig. 4's header chain: p and q, a message assigned in the first or second phase. */
        const double pq[] = { s.p, s.q };

        flitlab_model_point_add_vector (point, N_("header-phases"), pq, 2);
      }

      if (point->channel_flow != NULL)
        horng_fill_channels (self, &s, point);
    }

  return TRUE;
}

/* The model always has a solution: past the knee the node simply refuses more of the offered
 * messages (P_A falls) while the carried throughput climbs to an asymptote ("the throughput
 * does not degrade even when the network is saturated"). The saturation rate is that
 * asymptote: the largest per-node rate the network carries, lambda P_A as lambda -> infinity. */
static double
horng_saturation_rate (gpointer state)
{
  return flitlab_horng_capacity (state);
}

static void
horng_free_state (gpointer state)
{
  flitlab_horng_free (state);
}

const FlitlabModelInfo flitlab_model_horng_kleinrock = {
  .id = "horng-kleinrock",
  .title = N_("Horng & Kleinrock: finite-buffer Boolean n-cube with backtracking"),
  .citation = N_("Horng and Kleinrock"),
  .paper = N_("004_65d49c7f36dd387a.txt: Eqs. 1-26 and the power of Section 5"),
  .flow_source = N_("After Horng and Kleinrock: the buffer chain of Eqs. 1-8 and the header "
                    "chain of Fig. 4."),
  .params = horng_params,
  .columns = horng_columns,
  .latency = FLITLAB_LATENCY_TOTAL,
  .saturation = N_("An asymptotic throughput, not a load: the largest rate the network delivers "
                   "per node (lambda times the acceptance probability as lambda grows without "
                   "bound); the backtracking network refuses, it never saturates."),
  .capacity = TRUE,
  .fit = {
    .family = FLITLAB_TOPOLOGY_HYPERCUBE,
    .routing = FLITLAB_ROUTING_BACKTRACK,
    .needs = N_("a hypercube with backtracking routing"),
  },
  .prepare = horng_prepare,
  .build_topology = horng_build_topology,
  .evaluate = horng_evaluate,
  .saturation_rate = horng_saturation_rate,
  .free_state = horng_free_state,
};
