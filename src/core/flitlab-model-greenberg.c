/* flitlab-model-greenberg.c: wormhole-routed k x k mesh and uni-directional torus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * R. I. Greenberg and L. Guan, "Modeling and comparison of wormhole routed mesh and torus
 * networks", IASTED PDCS 1997, shared/papers/001_0362e99452293682.txt:
 *
 *   greenberg-mesh   Section 3, Eqs. 1-15 and Fig. 4: k x k mesh, dimension-ordered routing
 *   greenberg-torus  Appendix A (after Draper and Ghosh, n = 2): k x k uni-directional torus
 *
 * Both are channel-by-channel service-time models solved backwards along the route (the
 * paper routes y first, then x, G1): the service time x of a channel is what the channels
 * after it add up to (Eq. 7), each wait W is the M/G/1 wait of Eq. 4 with Draper and Ghosh's
 * variance correction, FW(lambda, x) = lambda x^2 / (2 (1 - lambda x)) [1 + ((x - x_ref)/x)^2]
 * (x_ref = L in the mesh, x_base in the torus). Nothing is iterated. The reading follows
 * shared/papers/equations-greenberg-meraji-horng.md section 1 (decisions G1-G11, all
 * re-checked against the paper and kept); docs/models/greenberg1997.md records them and the
 * choices made here (M1-M6).
 *
 * Units: one cycle moves one flit over one channel; L = "flits" is the worm length s/f; the
 * load is lambda = lambda_node, messages per cycle per node.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "flitlab-model-private.h"

#define MAX_K 64

/* The physical dimensions the paper's x and y are drawn on (M2: dim 0 is x, as the issue asks;
 * the paper routes y first, the topology library's DOR routes dim 0 first, which leaves every
 * channel's flow unchanged under uniform traffic, see the docs). */
#define DIM_X 0
#define DIM_Y 1

typedef enum
{
  CHANNEL_X,         /* a = x class */
  CHANNEL_Y,         /* a = j0 (column class), b = j1 */
  CHANNEL_INJECTION, /* a = node */
  CHANNEL_EJECTION,
  CHANNEL_NONE,      /* a mesh channel with no class (cannot happen; kept at zero) */
} ChannelKind;

typedef struct
{
  guint8  kind;
  guint16 a;
  guint16 b;
} ChannelClass;

/* Fixed by the parameters; evaluate() only reads it, so one model may be evaluated from
 * several threads, and the per-rate arrays live on the stack (Solution), which keeps
 * evaluate() free of allocations. */
typedef struct
{
  gboolean      torus;
  guint         k;
  double        flits;

  /* Load-independent coefficients by index (divisions hoisted out of the O(k^2) loops). */
  double        inv_j[MAX_K];    /* 1/j */
  double        inv_j1k[MAX_K];  /* 1/(j k) */
  double        inv_a[MAX_K];    /* 1/(k (k - j)) */
  double        inv_b[MAX_K];    /* 1/(k (j + 1)) */
  double        cont[MAX_K];     /* (j - 1)/j: the message goes on in the same direction */
  double        cont_w[MAX_K];   /* 1/(k - j + 1): its blocking factor (Eq. 6) */
  double        lam_unit[MAX_K]; /* mesh: j (k - j) k/(k^2 - 1), Eqs. 9-10 per unit load */
  double        south_c[MAX_K];  /* mesh Eq. 14 by j1: routing j1 k/(k^2-1) ... */
  double        south_b[MAX_K];  /* ... and blocking (k - j1 - 1)/(k - j1) */
  double        north_c[MAX_K];  /* (k - 1 - j1) k/(k^2 - 1) */
  double        north_b[MAX_K];  /* j1/(1 + j1) */
  /* Torus (Appendix A), with j the number of links to the dateline (G8). */
  double        lam_j_unit[MAX_K]; /* lambda_j / lambda */
  double        ca[MAX_K];       /* (k + j - 3)/(k + j - 1): stay in the dimension */
  double        cb[MAX_K];       /* 2/(k + j - 1): leave it */
  /* The ratios lambda_new/lambda_j, lambda_sw/lambda_j, lambda/lambda_j do not depend on the
   * load; at zero load (0/0 in the paper) they multiply a zero wait, so any finite value is
   * right (the reading's section 1.2). */
  double        new_over[MAX_K]; /* lambda_new/lambda_j */
  double        sw_factor[MAX_K]; /* 1 - lambda_sw/(2 lambda_j) (G9) */
  double        inj_x[MAX_K];    /* 1 - lambda/(lambda_j (k + 1)) */
  double        inj_y[MAX_K];    /* 1 - lambda k/(lambda_j (k + 1)) */

  /* Every channel of the topology and the class it belongs to (M3), from build_topology(). */
  guint         n_channels;
  ChannelClass *channels;
} Greenberg;

/* One evaluation. y-class arrays are indexed [j1 * MAX_K + j0] so that the inner loop runs
 * over independent columns (the recursion runs along j1). */
typedef struct
{
  double lam[MAX_K];           /* x classes: rate */
  double x[MAX_K];             /* x classes: service time */
  double w[MAX_K];             /* x classes: wait */
  double xy[MAX_K * MAX_K];    /* y classes: service time */
  double wy[MAX_K * MAX_K];    /* y classes: wait */
  double latency;
  double lam_net;              /* torus: the flow on every physical link */
  double x_eject;              /* service time of the ejection channel: L or x_base */
} Solution;

#define XY(j1, j0) (s->xy[(j1) * MAX_K + (j0)])
#define WY(j1, j0) (s->wy[(j1) * MAX_K + (j0)])

/* ---- parameters ---------------------------------------------------------------------- */

static const FlitlabModelParamInfo greenberg_params[] = {
  {
    .name = "k",
    .unit = N_("nodes per dimension"),
    .range = N_("2..64, as 8 or 8x8 (square)"),
    .default_value = "8",
    .description = N_("Radix of the k x k network (N = k^2 nodes)"),
  },
  {
    .name = "flits",
    .unit = N_("flits"),
    .range = FLITLAB_MODEL_FLITS_RANGE,
    .default_value = "20",
    .description = N_("Message length L = s/f in flits (the worm length)"),
  },
  { NULL },
};

static gpointer
prepare (GHashTable  *params,
         gboolean     torus,
         GError     **error)
{
  g_autofree Greenberg *self = g_new0 (Greenberg, 1);
  const char *k_text = g_hash_table_lookup (params, "k");
  guint radices[FLITLAB_TOPOLOGY_MAX_DIMS], n_dims, k;
  double kd, kk1;

  if (k_text == NULL || *k_text == '\0')
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The parameter “k” is empty (2..64, as 8 or 8x8)"));
      return NULL;
    }
  if (!flitlab_model_param_radices (params, "k", 2, 2, MAX_K, radices, &n_dims, error) ||
      !flitlab_model_param_flits (params, &self->flits, error))
    return NULL;
  if (n_dims != 2 || radices[0] != radices[1])
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The Greenberg and Guan models take a square two-dimensional k x k network, "
                     "such as k=8 or k=8x8, not “%s”"), k_text);
      return NULL;
    }

  self->torus = torus;
  self->k = k = radices[0];
  kd = k;
  kk1 = kd * kd - 1;
  for (guint j = 0; j < k; j++)
    {
      double lam_j;

      self->inv_j[j] = j > 0 ? 1 / (double) j : 0;
      self->inv_j1k[j] = j > 0 ? 1 / (j * kd) : 0;
      self->inv_a[j] = 1 / (kd * (kd - j));
      self->inv_b[j] = 1 / (kd * (j + 1));
      self->cont[j] = j > 0 ? (j - 1.0) / j : 0;
      self->cont_w[j] = 1 / (kd - j + 1);
      self->lam_unit[j] = j * (kd - j) * kd / kk1;
      self->south_c[j] = j * kd / kk1;
      self->south_b[j] = (kd - j - 1) / (kd - j);
      self->north_c[j] = (kd - 1 - j) * kd / kk1;
      self->north_b[j] = j / (1.0 + j);

      /* Appendix A: lambda_j = lambda_net for j <= 1,
       * else lambda k (k(k-1) - j(j-1))/(2(k^2-1)). */
      lam_j = j <= 1 ? (kd - 1) / 2 * kd * kd / kk1
                     : kd * (kd * (kd - 1) - j * (j - 1.0)) / (2 * kk1);
      self->lam_j_unit[j] = lam_j;
      self->ca[j] = j > 0 ? (kd + j - 3) / (kd + j - 1) : 0;
      self->cb[j] = j > 0 ? 2 / (kd + j - 1) : 0;
      self->new_over[j] = kd * (kd - 1) / kk1 / lam_j;
      self->sw_factor[j] = 1 - (kd - 1) * (kd - 1) / kk1 / (2 * lam_j);
      self->inj_x[j] = 1 - 1 / (lam_j * (kd + 1));
      self->inj_y[j] = 1 - kd / (lam_j * (kd + 1));
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

static void
greenberg_free (gpointer state)
{
  Greenberg *self = state;

  g_free (self->channels);
  g_free (self);
}

/* M3: the class of every physical channel, decided once here.
 *
 * Mesh (the paper's classes are physical positions, G4): a channel leaving x-position c
 * westwards (dim 0, direction -1) is <c>; eastwards (+1) the mirror class <k-1-c>. A channel
 * leaving (c, r) southwards (dim 1, -1) is <c,r>; northwards (+1) <c,k-1-r>.
 *
 * Torus (uni-directional, every link +1; the dateline is the wrap link k-1 -> 0 the topology
 * marks `wraparound`): Appendix A indexes a class by its number of links to the dateline (G8),
 * so the x link leaving x-position c is class <k-1-c> (the wrap link is <0>), and the y link
 * leaving (c, r) is <k-1-c, k-1-r>: column class k-1-c is the x class the message turns
 * into at that column. */
static FlitlabTopology *
build_topology (gpointer  state,
                GError  **error)
{
  Greenberg *self = state;
  const guint k = self->k;
  guint radices[2] = { k, k };
  FlitlabTopology *topology;
  guint n_network;

  if (self->torus)
    topology = flitlab_topology_new_torus (2, radices, FALSE, error);
  else
    topology = flitlab_topology_new_mesh (2, radices, error);
  if (topology == NULL)
    return NULL;

  g_clear_pointer (&self->channels, g_free);
  self->n_channels = flitlab_topology_get_n_channels (topology);
  n_network = flitlab_topology_get_n_network_channels (topology);
  self->channels = g_new0 (ChannelClass, MAX (self->n_channels, 1));
  for (guint id = 0; id < self->n_channels; id++)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (topology, id);
      ChannelClass *cls = &self->channels[id];
      guint coords[2];

      cls->kind = CHANNEL_NONE;
      if (c->kind == FLITLAB_CHANNEL_INJECTION)
        {
          cls->kind = CHANNEL_INJECTION;
          cls->a = (guint16) c->src;
          continue;
        }
      if (c->kind == FLITLAB_CHANNEL_EJECTION || id >= n_network)
        {
          cls->kind = CHANNEL_EJECTION;
          continue;
        }
      flitlab_topology_get_coords (topology, c->src, coords);
      if (self->torus)
        {
          cls->kind = c->dim == DIM_X ? CHANNEL_X : CHANNEL_Y;
          cls->a = (guint16) (k - 1 - coords[DIM_X]);
          cls->b = (guint16) (k - 1 - coords[DIM_Y]);
        }
      else if (c->dim == DIM_X)
        {
          cls->kind = CHANNEL_X;
          cls->a = (guint16) (c->direction < 0 ? coords[DIM_X] : k - 1 - coords[DIM_X]);
        }
      else
        {
          cls->kind = CHANNEL_Y;
          cls->a = (guint16) coords[DIM_X];
          cls->b = (guint16) (c->direction < 0 ? coords[DIM_Y] : k - 1 - coords[DIM_Y]);
        }
    }
  return topology;
}

/* ---- numerics ------------------------------------------------------------------------ */

/* Eq. 4 about x_ref; x^2 (1 + ((x - x_ref)/x)^2) = x^2 + (x - x_ref)^2 saves a division.
 * Sets *bad when the channel is saturated (lambda x >= 1, or not a number): no branch, so
 * the loops over independent columns stay straight. */
static inline double
fw (double    lambda,
    double    x,
    double    x_ref,
    gboolean *bad)
{
  double rho = lambda * x, d = x - x_ref;

  *bad |= !(rho < 1);
  return lambda * (x * x + d * d) / (2 * (1 - rho));
}

/* Section 3 (the reading's 1.1). xinj/winj: NULL, or k*k per node (c + k r) for the detail. */
static gboolean
solve_mesh (const Greenberg *self,
            double           lambda,
            Solution        *s,
            double          *xinj,
            double          *winj)
{
  const guint k = self->k, half = (k + 1) / 2;
  const double L = self->flits, kd = k, inv_kk1 = 1 / (kd * kd - 1);
  double p[MAX_K], q[MAX_K], e[MAX_K];
  double sum = 0;
  gboolean bad = FALSE;

  /* x classes <j0>, j0 = 1..k-1 (Eqs. 9, 12); <0> does not exist and stays 0. */
  s->lam[0] = s->x[0] = s->w[0] = 0;
  for (guint j0 = 1; j0 < k; j0++)
    {
      double x = L * self->inv_j[j0];

      if (j0 > 1)
        x += (s->x[j0 - 1] + s->w[j0 - 1] * self->cont_w[j0]) * self->cont[j0];
      s->lam[j0] = self->lam_unit[j0] * lambda;
      s->x[j0] = x;
      s->w[j0] = fw (s->lam[j0], x, L, &bad);
    }
  if (bad)
    return FALSE;

  /* The turn terms of Eq. 13 are linear in j1 once the x classes are known:
   * west  [x<j0> + (k(k-j0) - (k-j1))/(k(k-j0)) W<j0>] j0/(j1 k)
   * east  [x<e> + (k j0 + j1)/(k(j0+1)) W<e>] (k-1-j0)/(j1 k),  e = k-1-j0
   * sum to (p[j0] + j1 q[j0])/(j1 k) with L/(j1 k) folded into p. Columns j0 and k-1-j0 have
   * the same times (G4: each one's west term is the other's east term, coefficient for
   * coefficient), so only j0 < half is computed. j0 = k-1 (no east) is never below half. */
  for (guint j0 = 0; j0 < half; j0++)
    {
      guint ea = k - 1 - j0;
      double b_w = j0 * self->inv_a[j0] * s->w[j0];
      double d_e = (kd - 1 - j0) * self->inv_b[j0] * s->w[ea];

      p[j0] = L + j0 * (s->x[j0] + s->w[j0]) - kd * b_w +
              (kd - 1 - j0) * (s->x[ea] + kd * j0 * self->inv_b[j0] * s->w[ea]);
      q[j0] = b_w + d_e;
      /* The x terms of Eq. 14. */
      e[j0] = ((s->x[j0] + (1 - self->inv_a[j0]) * s->w[j0]) * j0 +
               (s->x[ea] + (1 - self->inv_b[j0]) * s->w[ea]) * (kd - 1 - j0)) * inv_kk1;
      XY (0, j0) = WY (0, j0) = 0; /* <j0,0> does not exist: its coefficients are 0 */
    }

  /* y classes <j0,j1>, j1 = 1..k-1 (Eqs. 10, 13), row by row across the columns. */
  for (guint j1 = 1; j1 < k; j1++)
    {
      double lam_y = self->lam_unit[j1] * lambda;

      for (guint j0 = 0; j0 < half; j0++)
        {
          double x = (p[j0] + j1 * q[j0]) * self->inv_j1k[j1] +
                     (XY (j1 - 1, j0) + WY (j1 - 1, j0) * self->cont_w[j1]) * self->cont[j1];

          XY (j1, j0) = x;
          WY (j1, j0) = fw (lam_y, x, L, &bad);
        }
      if (bad)
        return FALSE;
    }

  /* Injection channels (Eq. 14) and the latency (Eq. 15, Dbar = 2k/3 + 2, G6). */
  for (guint j1 = 0; j1 < k; j1++)
    {
      guint n1 = k - 1 - j1;

      for (guint j0 = 0; j0 < half; j0++)
        {
          double x = e[j0] + (XY (j1, j0) + self->south_b[j1] * WY (j1, j0)) * self->south_c[j1] +
                     (XY (n1, j0) + self->north_b[j1] * WY (n1, j0)) * self->north_c[j1];
          double w = fw (lambda, x, L, &bad);

          sum += (j0 == k - 1 - j0 ? 1 : 2) * (x + w);
          if (xinj != NULL)
            {
              xinj[j0 + k * j1] = xinj[k - 1 - j0 + k * j1] = x;
              winj[j0 + k * j1] = winj[k - 1 - j0 + k * j1] = w;
            }
        }
    }
  if (bad)
    return FALSE;

  s->lam_net = 0;
  s->x_eject = L;
  s->latency = sum / (kd * kd) + (2 * kd / 3 + 2) - 1;
  return isfinite (s->latency);
}

/* Appendix A (the reading's 1.2; G7-G10), j = links to the dateline. */
static gboolean
solve_torus (const Greenberg *self,
             double           lambda,
             Solution        *s,
             double          *xinj,
             double          *winj)
{
  const guint k = self->k;
  const double L = self->flits, kd = k, kk1 = kd * kd - 1;
  const double lam_net = lambda * (kd - 1) / 2 * kd * kd / kk1;
  const double flit_xfer = 1 + lam_net * L / 2, x_base = flit_xfer * L;
  const double y_inj = kd / (kd + 1);
  double xi0[MAX_K];
  double sum = 0;
  gboolean bad = FALSE;

  /* x dimension, traversed second: x_0 = x_base, then towards the far end of the ring. */
  for (guint j = 0; j < k; j++)
    s->lam[j] = self->lam_j_unit[j] * lambda;
  s->x[0] = x_base;
  s->w[0] = fw (s->lam[0], x_base, x_base, &bad);
  for (guint j0 = 1; j0 < k; j0++)
    {
      s->x[j0] = self->ca[j0] * (s->x[j0 - 1] + s->w[j0 - 1] * self->new_over[j0 - 1]) +
                 self->cb[j0] * s->x[0];
      s->w[j0] = fw (s->lam[j0], s->x[j0], x_base, &bad);
    }
  if (bad)
    return FALSE;

  /* y dimension, traversed first; column class j0 is the x class the message turns into.
   * Row j1 = 0 is the y wrap link, after which the message leaves y (G8). */
  for (guint j0 = 0; j0 < k; j0++)
    {
      double x = x_base / kd + (kd - 1) / kd * (s->x[j0] + s->w[j0] * self->sw_factor[j0]);

      XY (0, j0) = x;
      WY (0, j0) = fw (s->lam[0], x, x_base, &bad);
      xi0[j0] = (s->x[j0] + self->inj_x[j0] * s->w[j0]) / (kd + 1);
    }
  for (guint j1 = 1; j1 < k; j1++)
    for (guint j0 = 0; j0 < k; j0++)
      {
        double x = self->ca[j1] * (XY (j1 - 1, j0) + WY (j1 - 1, j0) * self->new_over[j1 - 1]) +
                   self->cb[j1] * XY (0, j0);

        XY (j1, j0) = x;
        WY (j1, j0) = fw (s->lam[j1], x, x_base, &bad);
      }
  if (bad)
    return FALSE;

  /* Injection (G7): to x with 1/(k+1), to y with k/(k+1). */
  for (guint j1 = 0; j1 < k; j1++)
    for (guint j0 = 0; j0 < k; j0++)
      {
        double x = xi0[j0] + (XY (j1, j0) + self->inj_y[j1] * WY (j1, j0)) * y_inj;
        double w = fw (lambda, x, x_base, &bad);

        sum += x + w;
        if (xinj != NULL)
          {
            /* Class (j0, j1) is the node at (k-1-j0, k-1-j1). */
            guint node = (k - 1 - j0) + k * (k - 1 - j1);

            xinj[node] = x;
            winj[node] = w;
          }
      }
  if (bad)
    return FALSE;

  s->lam_net = lam_net;
  s->x_eject = x_base;
  s->latency = sum / (kd * kd) + (kd * kd / (kd + 1) - 1) * flit_xfer + 2;
  return isfinite (s->latency);
}

/* G11: stable while every channel, injection included, has lambda x < 1. */
static gboolean
solve (const Greenberg *self,
       double           lambda,
       Solution        *s,
       double          *xinj,
       double          *winj)
{
  /* An injection channel is held at least L cycles (x >= L everywhere), so lambda L < 1 is
   * necessary; this also keeps huge rates away from the arithmetic. */
  if (!(lambda >= 0) || !(lambda * self->flits < 1))
    return FALSE;
  return self->torus ? solve_torus (self, lambda, s, xinj, winj)
                     : solve_mesh (self, lambda, s, xinj, winj);
}

/* ---- detail: classes and their mapping onto physical channels ------------------------- */


/* The class of a physical channel, named as the detail output names it (M3). */
static char *
class_name (const ChannelClass *cls,
            guint               k)
{
  switch ((ChannelKind) cls->kind)
    {
    case CHANNEL_X:
      return g_strdup_printf ("<%u>", cls->a);
    case CHANNEL_Y:
      return g_strdup_printf ("<%u,%u>", cls->a, cls->b);
    case CHANNEL_INJECTION:
      return g_strdup_printf ("inj(%u,%u)", cls->a % k, cls->a / k);
    case CHANNEL_EJECTION:
      return g_strdup (N_("ejection"));
    case CHANNEL_NONE:
    default:
      return NULL;
    }
}

/* Fig. 3's routing probabilities R_{i|j} between the classes, indexed as detail() adds them:
 * x classes from j = first, the y classes column by column, inj by node, then ejection. */
static void
add_routes (const Greenberg   *self,
            FlitlabModelPoint *point)
{
  const guint k = self->k, first = self->torus ? 0 : 1, n_x = k - first, n_y = k * (k - first);
  const double kd = k, kk1 = kd * kd - 1;
  const guint eject = n_x + n_y + k * k;
#define X_CLASS(j)       ((j) - first)
#define Y_CLASS(j0, j1)  (n_x + (j0) * (k - first) + (j1) - first)
#define INJ_CLASS(c, r)  (n_x + n_y + (c) + k * (r))

  if (!self->torus)
    {
      /* Section 4's text. East-bound channels are the x classes of the mirror column and
       * north-bound the y classes of the mirror row (G4). */
      for (guint j0 = 1; j0 < k; j0++)
        {
          if (j0 > 1)
            flitlab_model_point_add_route (point, X_CLASS (j0), X_CLASS (j0 - 1), (j0 - 1.0) / j0);
          flitlab_model_point_add_route (point, X_CLASS (j0), eject, 1.0 / j0);
        }
      for (guint j0 = 0; j0 < k; j0++)
        for (guint j1 = 1; j1 < k; j1++)
          {
            if (j1 > 1)
              flitlab_model_point_add_route (point, Y_CLASS (j0, j1), Y_CLASS (j0, j1 - 1),
                                             (j1 - 1.0) / j1);
            flitlab_model_point_add_route (point, Y_CLASS (j0, j1), eject, 1 / (j1 * kd));
            if (j0 > 0)
              flitlab_model_point_add_route (point, Y_CLASS (j0, j1), X_CLASS (j0), j0 / (j1 * kd));
            if (j0 < k - 1)
              flitlab_model_point_add_route (point, Y_CLASS (j0, j1), X_CLASS (k - 1 - j0),
                                             (kd - 1 - j0) / (j1 * kd));
          }
      for (guint r = 0; r < k; r++)
        for (guint c = 0; c < k; c++)
          {
            if (r < k - 1)
              flitlab_model_point_add_route (point, INJ_CLASS (c, r), Y_CLASS (c, k - 1 - r),
                                             (kd - 1 - r) * kd / kk1);
            if (r > 0)
              flitlab_model_point_add_route (point, INJ_CLASS (c, r), Y_CLASS (c, r), r * kd / kk1);
            if (c < k - 1)
              flitlab_model_point_add_route (point, INJ_CLASS (c, r), X_CLASS (k - 1 - c),
                                             (kd - 1 - c) / kk1);
            if (c > 0)
              flitlab_model_point_add_route (point, INJ_CLASS (c, r), X_CLASS (c), c / kk1);
          }
    }
  else
    {
      /* Appendix A as solve_torus() reads it (G7, G8): in a dimension the message goes on
       * to the class one link nearer the dateline with ca_j or leaves with cb_j; x class 0
       * (the wrap link) is its last x hop; leaving y it exits with 1/k or turns into x. */
      for (guint j = 0; j < k; j++)
        {
          if (j > 0)
            flitlab_model_point_add_route (point, X_CLASS (j), X_CLASS (j - 1), self->ca[j]);
          flitlab_model_point_add_route (point, X_CLASS (j), eject, j > 0 ? self->cb[j] : 1);
        }
      for (guint j0 = 0; j0 < k; j0++)
        for (guint j1 = 0; j1 < k; j1++)
          {
            double leave = j1 > 0 ? self->cb[j1] : 1;

            if (j1 > 0)
              flitlab_model_point_add_route (point, Y_CLASS (j0, j1), Y_CLASS (j0, j1 - 1),
                                             self->ca[j1]);
            flitlab_model_point_add_route (point, Y_CLASS (j0, j1), eject, leave / kd);
            flitlab_model_point_add_route (point, Y_CLASS (j0, j1), X_CLASS (j0),
                                           leave * (kd - 1) / kd);
          }
      /* Injection class (j0, j1) is the node at (k-1-j0, k-1-j1): to x with 1/(k+1), to y
       * with k/(k+1). */
      for (guint j1 = 0; j1 < k; j1++)
        for (guint j0 = 0; j0 < k; j0++)
          {
            guint c = k - 1 - j0, r = k - 1 - j1;

            flitlab_model_point_add_route (point, INJ_CLASS (c, r), X_CLASS (j0), 1 / (kd + 1));
            flitlab_model_point_add_route (point, INJ_CLASS (c, r), Y_CLASS (j0, j1),
                                           kd / (kd + 1));
          }
    }
#undef X_CLASS
#undef Y_CLASS
#undef INJ_CLASS
}

static void
detail (const Greenberg   *self,
        Solution          *s,
        const double      *xinj,
        const double      *winj,
        FlitlabModelPoint *point)
{
  const guint k = self->k;
  const double lambda = point->rate;
  char name[32];

  /* Mesh: copy the computed half of the y classes onto the mirror columns (G4). */
  if (!self->torus)
    for (guint j1 = 1; j1 < k; j1++)
      for (guint j0 = (k + 1) / 2; j0 < k; j0++)
        {
          XY (j1, j0) = XY (j1, k - 1 - j0);
          WY (j1, j0) = WY (j1, k - 1 - j0);
        }

  /* Classes, named as in the paper: x classes <j>, y classes <j0,j1> (mesh: positions;
   * torus: links to the dateline), injection by node position, one ejection class. The flow
   * of a class is the rate the model gives it (torus: Appendix A's lambda_j, G8). */
  for (guint j = self->torus ? 0 : 1; j < k; j++)
    {
      g_snprintf (name, sizeof name, "<%u>", j);
      flitlab_model_point_add_class (point, name, s->lam[j], s->x[j], s->w[j],
                                     MIN (s->lam[j] * s->x[j], 1));
    }
  for (guint j0 = 0; j0 < k; j0++)
    for (guint j1 = self->torus ? 0 : 1; j1 < k; j1++)
      {
        double lam = self->torus ? s->lam[j1] : self->lam_unit[j1] * lambda;

        g_snprintf (name, sizeof name, "<%u,%u>", j0, j1);
        flitlab_model_point_add_class (point, name, lam, XY (j1, j0), WY (j1, j0),
                                       MIN (lam * XY (j1, j0), 1));
      }
  for (guint r = 0; r < k; r++)
    for (guint c = 0; c < k; c++)
      {
        guint node = c + k * r;

        g_snprintf (name, sizeof name, "inj(%u,%u)", c, r);
        flitlab_model_point_add_class (point, name, lambda, xinj[node], winj[node],
                                       MIN (lambda * xinj[node], 1));
      }
  flitlab_model_point_add_class (point, N_("ejection"), lambda, s->x_eject, 0,
                                 MIN (lambda * s->x_eject, 1));
  add_routes (self, point);

  /* M3/M4: each physical channel takes its class's time and utilization. Mesh: its flow is
   * the class's, exact, since the classes are physical channels, and utilization = flow x
   * time. Torus: its flow is lambda_net, exact by symmetry (Appendix A's lambda_j leave out
   * the traffic after the dateline, which the link carries on its second virtual channel);
   * its utilization is the class's lambda_j x_j, the occupancy of the virtual channel the
   * model follows (lambda_net x_j would count the link's two virtual channels as one and
   * exceeds 1 well before saturation). */
  if (point->n_channels != self->n_channels)
    return;
  for (guint id = 0; id < self->n_channels; id++)
    {
      const ChannelClass *cls = &self->channels[id];
      double flow = 0, time = 0, util = 0, wait = NAN;

      switch ((ChannelKind) cls->kind)
        {
        case CHANNEL_X:
          flow = self->torus ? s->lam_net : s->lam[cls->a];
          time = s->x[cls->a];
          util = s->lam[cls->a] * time;
          wait = s->w[cls->a];
          break;
        case CHANNEL_Y:
          flow = self->torus ? s->lam_net : self->lam_unit[cls->b] * lambda;
          time = XY (cls->b, cls->a);
          util = (self->torus ? s->lam[cls->b] : flow) * time;
          wait = WY (cls->b, cls->a);
          break;
        case CHANNEL_INJECTION:
          flow = lambda;
          time = xinj[cls->a];
          util = flow * time;
          wait = winj[cls->a];
          break;
        case CHANNEL_EJECTION:
          flow = lambda;
          time = s->x_eject;
          util = flow * time;
          break;
        case CHANNEL_NONE:
        default:
          break;
        }
      point->channel_flow[id] = flow;
      point->channel_time[id] = time;
      point->channel_wait[id] = wait;
      point->channel_utilization[id] = MIN (util, 1);
      point->channel_class[id] = class_name (cls, self->k);
    }
}

static gboolean
greenberg_evaluate (gpointer           state,
                    FlitlabModelPoint *point,
                    gboolean           want_detail)
{
  const Greenberg *self = state;
  Solution s;
  g_autofree double *xinj = NULL;
  g_autofree double *winj = NULL;

  if (want_detail)
    {
      xinj = g_new0 (double, self->k * self->k);
      winj = g_new0 (double, self->k * self->k);
    }
  if (!solve (self, point->rate, &s, xinj, winj))
    return FALSE;
  point->latency = s.latency;
  if (want_detail)
    detail (self, &s, xinj, winj, point);
  return TRUE;
}

/* The stable rates form an interval [0, r*): every service time grows with the load, so
 * every lambda x does, and r* < 1/L (see solve()). Bisect on the same predicate as
 * evaluate(), to 1e-9 relative (finer than the 1e-6 asked, at ~35 evaluations), without
 * allocating. */
static double
greenberg_saturation_rate (gpointer state)
{
  const Greenberg *self = state;
  Solution s;
  double lo = 0, hi = 1 / self->flits;

  while (hi - lo > 1e-9 * hi)
    {
      double mid = 0.5 * (lo + hi);

      if (solve (self, mid, &s, NULL, NULL))
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

#define GREENBERG_SATURATION \
  N_("A utilization limit: the largest load at which every channel class's utilization stays " \
     "below 1, so its M/G/1 wait stays finite; at most the source bound 1/L.")

const FlitlabModelInfo flitlab_model_greenberg_mesh = {
  .id = "greenberg-mesh",
  .title = N_("Greenberg and Guan 1997: k×k mesh, dimension-ordered wormhole routing"),
  .citation = N_("Greenberg and Guan 1997"),
  .paper = N_("001_0362e99452293682.txt, Section 3: Eqs. 1-15 and Fig. 4"),
  .flow_source = N_("After Greenberg and Guan 1997, Fig. 2 and Section 3; below, one class's "
                    "routing probabilities R as their Fig. 3 draws them."),
  .params = greenberg_params,
  .columns = NULL,
  .latency = FLITLAB_LATENCY_TOTAL,
  .saturation = GREENBERG_SATURATION,
  .fit = {
    .family = FLITLAB_TOPOLOGY_MESH,
    .n_dims = 2,
    .square = TRUE,
    .routing = FLITLAB_ROUTING_DOR,
    .needs = N_("a square 2D mesh with dimension-ordered routing"),
  },
  .prepare = mesh_prepare,
  .build_topology = build_topology,
  .evaluate = greenberg_evaluate,
  .saturation_rate = greenberg_saturation_rate,
  .free_state = greenberg_free,
};

const FlitlabModelInfo flitlab_model_greenberg_torus = {
  .id = "greenberg-torus",
  .title = N_("Greenberg and Guan 1997: k×k uni-directional torus (after Draper and Ghosh)"),
  .citation = N_("Greenberg and Guan 1997"),
  .paper = N_("001_0362e99452293682.txt, Appendix A"),
  .flow_source = N_("After Greenberg and Guan 1997, Fig. 2 and Appendix A; below, one class's "
                    "routing probabilities R as their Fig. 3 draws them."),
  .params = greenberg_params,
  .columns = NULL,
  .latency = FLITLAB_LATENCY_TOTAL,
  .saturation = GREENBERG_SATURATION,
  .fit = {
    .family = FLITLAB_TOPOLOGY_TORUS,
    .n_dims = 2,
    .direction = 1,
    .square = TRUE,
    .routing = FLITLAB_ROUTING_DOR,
    .needs = N_("a square 2D uni-directional torus with dimension-ordered routing"),
  },
  .prepare = torus_prepare,
  .build_topology = build_topology,
  .evaluate = greenberg_evaluate,
  .saturation_rate = greenberg_saturation_rate,
  .free_state = greenberg_free,
};
