/* flitlab-model-greenberg.c: wormhole-routed k x k mesh and uni-directional torus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Greenberg and Guan, "Modeling and comparison of wormhole routed mesh and torus networks"
 * (001_0362e99452293682.txt): the mesh of Section 3 (Eqs. 1-15, Fig. 4) and the torus of
 * Appendix A (after Draper and Ghosh), in the reading of
 * shared/papers/equations-greenberg-meraji-horng.md section 1 (decisions G1-G11, all kept;
 * docs/models/greenberg1997.md). Both are channel-by-channel service-time models solved
 * backwards along the route (y first, then x): each channel's service time x is what the
 * channels after it add up to, each wait W an M/G/1 wait with the Draper-Ghosh variance
 * correction, FW(lambda, x) = lambda x^2 / (2 (1 - lambda x)) [1 + ((x - L)/x)^2]. Nothing is
 * iterated. A load is stable while every channel, injection included, has lambda x < 1 (G11).
 */

#include "config.h"

#include <math.h>
#include <stdio.h>

#include "flitlab-model-private.h"

typedef struct
{
  gboolean torus;
  guint    k;
  guint    flits;
  /* Work arrays, so that evaluation allocates nothing: */
  double  *x;      /* x-classes: service time, k entries */
  double  *w;      /* x-classes: wait */
  double  *lam;    /* x-classes: rate (mesh) or lambda_j by dateline distance (torus) */
  double  *xy;     /* y-classes, k x k: service time */
  double  *wy;     /* y-classes, k x k: wait */
  double  *xinj;   /* per node, k x k */
  double  *winj;
  /* Load-independent coefficients by index, computed once (the inner loops are O(k^2)): */
  double  *inv_j1k;  /* 1/(j k) */
  double  *inv_a;    /* 1/(k (k - j)) */
  double  *inv_b;    /* 1/(k (j + 1)) */
  double  *cont;     /* (j - 1)/j */
  double  *cont_w;   /* 1/(k - j + 1) */
  double  *lam_unit; /* j (k - j) k/(k^2 - 1): a class rate per unit load */
  double  *ca;       /* torus: (k + j - 3)/(k + j - 1) */
  double  *cb;       /* torus: 2/(k + j - 1) */
  double  *new_over; /* torus, per load: lambda_new / lambda_j */
  double  *inj_x;    /* torus, per load: injection blocking factors */
  double  *inj_y;
} Greenberg;

/* Results of one evaluation, for the latency and the detail output. */
typedef struct
{
  double latency;
  double lam_net;   /* torus: the flow on every physical link */
  double flit_xfer; /* torus: Appendix A's flit transfer time */
  double x_base;
} Solution;

static const FlitlabModelParamInfo greenberg_params[] = {
  { "k", "nodes per dimension", "2..64, as 8 or 8x8 (square)", "8", "radix of the k x k network" },
  { "flits", "flits", "1..4096", "20", "message length L (worm length in flits)" },
  { NULL }
};

static gpointer
prepare (GHashTable  *params,
         gboolean     torus,
         GError     **error)
{
  g_autofree Greenberg *self = g_new0 (Greenberg, 1);
  guint radices[FLITLAB_TOPOLOGY_MAX_DIMS], n_dims, k;

  if (!flitlab_model_param_radices (params, "k", 2, 2, 64, radices, &n_dims, error) ||
      !flitlab_model_param_uint (params, "flits", 1, 4096, &self->flits, error))
    return NULL;
  if (n_dims != 2 || radices[0] != radices[1])
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   "The Greenberg and Guan models take a square two-dimensional k x k network, "
                   "such as k=8 or k=8x8, not “%s”", (const char *) g_hash_table_lookup (params, "k"));
      return NULL;
    }
  k = self->k = radices[0];
  self->torus = torus;
  self->x = g_new0 (double, k);
  self->w = g_new0 (double, k);
  self->lam = g_new0 (double, k);
  self->xy = g_new0 (double, k * k);
  self->wy = g_new0 (double, k * k);
  self->xinj = g_new0 (double, k * k);
  self->winj = g_new0 (double, k * k);
  self->inv_j1k = g_new0 (double, k);
  self->inv_a = g_new0 (double, k);
  self->inv_b = g_new0 (double, k);
  self->cont = g_new0 (double, k);
  self->cont_w = g_new0 (double, k);
  self->lam_unit = g_new0 (double, k);
  self->ca = g_new0 (double, k);
  self->cb = g_new0 (double, k);
  self->new_over = g_new0 (double, k);
  self->inj_x = g_new0 (double, k);
  self->inj_y = g_new0 (double, k);
  for (guint j = 0; j < k; j++)
    {
      double kd = k;

      self->inv_j1k[j] = j > 0 ? 1 / (j * kd) : 0;
      self->inv_a[j] = 1 / (kd * (kd - j));
      self->inv_b[j] = 1 / (kd * (j + 1));
      self->cont[j] = j > 0 ? (j - 1.0) / j : 0;
      self->cont_w[j] = 1 / (kd - j + 1);
      self->lam_unit[j] = j * (kd - j) * kd / (kd * kd - 1);
      self->ca[j] = j > 0 ? (kd + j - 3) / (kd + j - 1) : 0;
      self->cb[j] = j > 0 ? 2 / (kd + j - 1) : 0;
    }
  return g_steal_pointer (&self);
}

static gpointer
mesh_prepare (GHashTable  *params,
              GError     **error)
{
  return prepare (params, FALSE, error);
}

static gpointer
torus_prepare (GHashTable  *params,
               GError     **error)
{
  return prepare (params, TRUE, error);
}

static FlitlabTopology *
build_topology (gpointer  state,
                GError  **error)
{
  Greenberg *self = state;
  guint radices[2] = { self->k, self->k };

  if (self->torus)
    return flitlab_topology_new_torus (2, radices, FALSE, error);
  return flitlab_topology_new_mesh (2, radices, error);
}

/* The M/G/1 wait with the variance correction, about x_ref (L in the mesh, x_base in the
 * torus); FALSE when the channel is saturated (lambda x >= 1). */
static gboolean
fw (double  lambda,
    double  x,
    double  x_ref,
    double *w)
{
  double rho = lambda * x, d = x - x_ref;

  if (!(rho < 1) || !isfinite (x))
    return FALSE;
  /* x^2 (1 + ((x - x_ref)/x)^2) = x^2 + (x - x_ref)^2: one division fewer in the inner loops. */
  *w = lambda * (x * x + d * d) / (2 * (1 - rho));
  return TRUE;
}

#define XY(j0, j1) (self->xy[(j0) * k + (j1)])
#define WY(j0, j1) (self->wy[(j0) * k + (j1)])

/* Section 3, Eqs. 8-15 (the reading's section 1.1). */
static gboolean
solve_mesh (Greenberg *self,
            double     lambda,
            Solution  *out)
{
  const guint k = self->k;
  const double L = self->flits, kk1 = (double) k * k - 1, kd = k, inv_kk1 = 1 / kk1;
  const guint half = (k + 1) / 2;
  double sum = 0;

  /* x classes <j0>, 1..k-1: the west-bound channel leaving x-position j0 (Eqs. 9, 12). */
  for (guint j0 = 1; j0 < k; j0++)
    {
      self->lam[j0] = self->lam_unit[j0] * lambda;
      self->x[j0] = L / j0;
      if (j0 > 1)
        self->x[j0] += (self->x[j0 - 1] + self->w[j0 - 1] * self->cont_w[j0]) * self->cont[j0];
      if (!fw (self->lam[j0], self->x[j0], L, &self->w[j0]))
        return FALSE;
    }

  /* y classes <j0,j1>, j1 = 1..k-1: the south-bound channel leaving (j0, j1) (Eqs. 10, 13).
   * Column j0 and its mirror k-1-j0 have the same times: the west term of one is the east
   * term of the other, coefficient for coefficient (G4). So half the columns are computed and
   * copied to their mirrors, and the injection sum below counts them twice. */
  for (guint j0 = 0; j0 < half; j0++)
    for (guint j1 = 1; j1 < k; j1++)
      {
        double lam_y = self->lam_unit[j1] * lambda, x = L * self->inv_j1k[j1];

        /* The coefficients of Eq. 13 with their divisions hoisted: e.g.
         * (k(k-j0) - (k-j1))/(k(k-j0)) = 1 - (k-j1) inv_a[j0]. */
        if (j0 >= 1)
          x += (self->x[j0] + (1 - (kd - j1) * self->inv_a[j0]) * self->w[j0]) *
               j0 * self->inv_j1k[j1];
        if (j0 + 2 <= k)
          x += (self->x[k - 1 - j0] + (kd * j0 + j1) * self->inv_b[j0] * self->w[k - 1 - j0]) *
               (kd - 1 - j0) * self->inv_j1k[j1];
        if (j1 >= 2)
          x += (XY (j0, j1 - 1) + WY (j0, j1 - 1) * self->cont_w[j1]) * self->cont[j1];
        XY (j0, j1) = x;
        if (!fw (lam_y, x, L, &WY (j0, j1)))
          return FALSE;
        XY (k - 1 - j0, j1) = x;
        WY (k - 1 - j0, j1) = WY (j0, j1);
      }

  /* Injection channels (Eq. 14) and the mean latency (Eq. 15, Dbar = 2k/3 + 2). */
  for (guint j0 = 0; j0 < half; j0++)
    for (guint j1 = 0; j1 < k; j1++)
      {
        double x = 0, twice = j0 == k - 1 - j0 ? 1 : 2;

        if (j0 >= 1)
          x += (self->x[j0] + (1 - self->inv_a[j0]) * self->w[j0]) * j0 * inv_kk1;
        if (j0 + 2 <= k)
          x += (self->x[k - 1 - j0] + (1 - self->inv_b[j0]) * self->w[k - 1 - j0]) *
               (kd - 1 - j0) * inv_kk1;
        if (j1 >= 1)
          x += (XY (j0, j1) + (1 - kd * self->inv_a[j1]) * WY (j0, j1)) * j1 * kd * inv_kk1;
        if (j1 + 2 <= k)
          x += (XY (j0, k - 1 - j1) + (1 - kd * self->inv_b[j1]) * WY (j0, k - 1 - j1)) *
               (kd - 1 - j1) * kd * inv_kk1;
        self->xinj[j0 * k + j1] = self->xinj[(k - 1 - j0) * k + j1] = x;
        if (!fw (lambda, x, L, &self->winj[j0 * k + j1]))
          return FALSE;
        self->winj[(k - 1 - j0) * k + j1] = self->winj[j0 * k + j1];
        sum += twice * (x + self->winj[j0 * k + j1]);
      }
  out->latency = sum / (kd * kd) + (2 * kd / 3 + 2) - 1;
  return TRUE;
}

/* lambda_new / lambda_j and the like: 0/0 at zero load multiplies a zero wait (1.2). */
static double
ratio (double a,
       double b)
{
  return b > 0 ? a / b : 0;
}

/* Appendix A, uni-directional k x k torus with dateline virtual channels (1.2; G7-G10). */
static gboolean
solve_torus (Greenberg *self,
             double     lambda,
             Solution  *out)
{
  const guint k = self->k;
  const double L = self->flits, kd = k, kk1 = kd * kd - 1;
  const double lam_net = lambda * (kd - 1) / 2 * kd * kd / kk1;
  const double lam_new = lambda * kd * (kd - 1) / kk1;
  const double lam_sw = lambda * (kd - 1) * (kd - 1) / kk1;
  const double flit_xfer = 1 + lam_net * L / 2, x_base = flit_xfer * L;
  double sum = 0;

  /* G8: class j is j links before the dateline. */
  for (guint j = 0; j < k; j++)
    {
      self->lam[j] = j <= 1 ? lam_net : lambda * kd * (kd * (kd - 1) - j * (j - 1.0)) / (2 * kk1);
      self->new_over[j] = ratio (lam_new, self->lam[j]);
    }

  /* x dimension, traversed second. */
  self->x[0] = x_base;
  if (!fw (self->lam[0], self->x[0], x_base, &self->w[0]))
    return FALSE;
  for (guint j0 = 1; j0 < k; j0++)
    {
      self->x[j0] = self->ca[j0] * (self->x[j0 - 1] + self->w[j0 - 1] * self->new_over[j0 - 1]) +
                    self->cb[j0] * self->x[0];
      if (!fw (self->lam[j0], self->x[j0], x_base, &self->w[j0]))
        return FALSE;
    }

  /* y dimension, traversed first; column class j0 is where the message turns into x. */
  for (guint j0 = 0; j0 < k; j0++)
    {
      XY (j0, 0) = x_base / kd + (kd - 1) / kd *
                   (self->x[j0] + self->w[j0] * (1 - ratio (lam_sw, 2 * self->lam[j0])));
      if (!fw (self->lam[0], XY (j0, 0), x_base, &WY (j0, 0)))
        return FALSE;
      for (guint j1 = 1; j1 < k; j1++)
        {
          XY (j0, j1) = self->ca[j1] * (XY (j0, j1 - 1) + WY (j0, j1 - 1) * self->new_over[j1 - 1]) +
                        self->cb[j1] * XY (j0, 0);
          if (!fw (self->lam[j1], XY (j0, j1), x_base, &WY (j0, j1)))
            return FALSE;
        }
    }

  /* The blocking factors of the injection time depend on one index each: hoisted. */
  for (guint j = 0; j < k; j++)
    {
      self->inj_x[j] = 1 - ratio (lambda, self->lam[j] * (kd + 1));
      self->inj_y[j] = 1 - ratio (lambda * kd, self->lam[j] * (kd + 1));
    }
  for (guint j0 = 0; j0 < k; j0++)
    for (guint j1 = 0; j1 < k; j1++)
      {
        double x = (self->x[j0] + self->inj_x[j0] * self->w[j0]) / (kd + 1) +
                   (XY (j0, j1) + self->inj_y[j1] * WY (j0, j1)) * kd / (kd + 1);

        self->xinj[j0 * k + j1] = x;
        if (!fw (lambda, x, x_base, &self->winj[j0 * k + j1]))
          return FALSE;
        sum += x + self->winj[j0 * k + j1];
      }
  out->lam_net = lam_net;
  out->flit_xfer = flit_xfer;
  out->x_base = x_base;
  out->latency = sum / (kd * kd) + (kd * kd / (kd + 1) - 1) * flit_xfer + 2;
  return TRUE;
}

/* Detail: every class, and each physical channel of the topology mapped onto its class.
 * Mesh (G4): the paper's classes are physical positions. Dimension 0 is x, 1 is y, direction
 * +1 the coordinate growing. A channel leaving x-position c westwards (-1) is class <c>,
 * eastwards (+1) the mirror class <k-1-c>; a channel leaving (c, r) southwards (-1 in y) is
 * <c,r>, northwards <c,k-1-r>. Torus: by symmetry every link of a uni-directional torus
 * carries the same flow, lambda_net (exact); Appendix A's class rates lambda_j leave out the
 * hops after the dateline (G8), so they give the times and waits only: an x link leaving
 * position c is class j = k-1-c links before the dateline (the wrap link is j = 0); a y link
 * leaving row r in column c is class (k-1-c, k-1-r). Injection channels take their node's
 * class, ejection channels carry lambda for L cycles with no wait (G5). */
static void
detail (Greenberg         *self,
        const Solution    *sol,
        FlitlabModelPoint *point)
{
  g_autoptr(FlitlabTopology) topology = build_topology (self, NULL);
  const guint k = self->k, n_network = flitlab_topology_get_n_network_channels (topology);
  const double lambda = point->rate, L = self->flits;
  char name[64];

  for (guint j = self->torus ? 0 : 1; j < k; j++)
    {
      g_snprintf (name, sizeof name, self->torus ? "x[%u]" : "<%u>", j);
      flitlab_model_point_add_class (point, name, self->lam[j], self->x[j], self->w[j],
                                     MIN (self->lam[j] * self->x[j], 1));
    }
  for (guint j0 = 0; j0 < k; j0++)
    for (guint j1 = self->torus ? 0 : 1; j1 < k; j1++)
      {
        double lam = self->torus ? self->lam[j1] : j1 * (k - j1) * (double) k / ((double) k * k - 1) * lambda;

        g_snprintf (name, sizeof name, self->torus ? "y[%u,%u]" : "<%u,%u>", j0, j1);
        flitlab_model_point_add_class (point, name, lam, XY (j0, j1), WY (j0, j1),
                                       MIN (lam * XY (j0, j1), 1));
      }
  for (guint j0 = 0; j0 < k; j0++)
    for (guint j1 = 0; j1 < k; j1++)
      {
        g_snprintf (name, sizeof name, "inj(%u,%u)", j0, j1);
        flitlab_model_point_add_class (point, name, lambda, self->xinj[j0 * k + j1],
                                       self->winj[j0 * k + j1], MIN (lambda * self->xinj[j0 * k + j1], 1));
      }
  flitlab_model_point_add_class (point, "ejection", lambda, L, 0, MIN (lambda * L, 1));

  for (guint id = 0; id < point->n_channels; id++)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (topology, id);
      double flow = lambda, time = L, util;
      guint coords[2];

      if (id < n_network)
        {
          flitlab_topology_get_coords (topology, c->src, coords);
          if (self->torus)
            {
              guint jx = k - 1 - coords[0], jy = k - 1 - coords[1];

              flow = sol->lam_net;
              time = c->dim == 0 ? self->x[jx] : XY (jx, jy);
            }
          else if (c->dim == 0)
            {
              guint cls = c->direction < 0 ? coords[0] : k - 1 - coords[0];

              flow = self->lam[cls];
              time = self->x[cls];
            }
          else
            {
              guint r = c->direction < 0 ? coords[1] : k - 1 - coords[1];

              flow = r * (k - r) * (double) k / ((double) k * k - 1) * lambda;
              time = XY (coords[0], r);
            }
        }
      else if (c->kind == FLITLAB_CHANNEL_INJECTION)
        {
          flitlab_topology_get_coords (topology, c->src, coords);
          time = self->xinj[coords[0] * k + coords[1]];
        }
      util = flow * time;
      point->channel_flow[id] = flow;
      point->channel_time[id] = time;
      point->channel_utilization[id] = MIN (util, 1);
    }
}

static gboolean
greenberg_evaluate (gpointer           state,
                    FlitlabModelPoint *point,
                    gboolean           want_detail)
{
  Greenberg *self = state;
  Solution sol = { 0 };
  gboolean stable = self->torus ? solve_torus (self, point->rate, &sol)
                                : solve_mesh (self, point->rate, &sol);

  if (!stable)
    return FALSE;
  point->latency = sol.latency;
  if (want_detail)
    detail (self, &sol, point);
  return TRUE;
}

static void
greenberg_free (gpointer state)
{
  Greenberg *self = state;

  g_free (self->x);
  g_free (self->w);
  g_free (self->lam);
  g_free (self->xy);
  g_free (self->wy);
  g_free (self->xinj);
  g_free (self->winj);
  g_free (self->inv_j1k);
  g_free (self->inv_a);
  g_free (self->inv_b);
  g_free (self->cont);
  g_free (self->cont_w);
  g_free (self->lam_unit);
  g_free (self->ca);
  g_free (self->cb);
  g_free (self->new_over);
  g_free (self->inj_x);
  g_free (self->inj_y);
  g_free (self);
}

const FlitlabModelInfo flitlab_model_greenberg_mesh = {
  .id = "greenberg-mesh",
  .title = "k×k mesh, dimension-ordered wormhole routing (Greenberg and Guan 1997)",
  .paper = "001_0362e99452293682.txt: Section 3, Eqs. 1-15 and Fig. 4",
  .params = greenberg_params,
  .prepare = mesh_prepare,
  .build_topology = build_topology,
  .evaluate = greenberg_evaluate,
  .free_state = greenberg_free,
};

const FlitlabModelInfo flitlab_model_greenberg_torus = {
  .id = "greenberg-torus",
  .title = "k×k uni-directional torus, dimension-ordered wormhole routing (Greenberg and Guan 1997, after Draper and Ghosh)",
  .paper = "001_0362e99452293682.txt: Appendix A",
  .params = greenberg_params,
  .prepare = torus_prepare,
  .build_topology = build_topology,
  .evaluate = greenberg_evaluate,
  .free_state = greenberg_free,
};
