/* flitlab-model-meraji.c: fully adaptive wormhole routing in the (n,k) necklace hypercube
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Meraji, Sarbazi-Azad and Patooghy, "Performance modelling of necklace hypercubes"
 * (003_312e91bf2cb2129f.txt), Eqs. 1-23, in the reading of
 * shared/papers/equations-greenberg-meraji-horng.md section 2 (decisions N1-N13, all kept;
 * docs/models/meraji.md says why). The network splits into the necklaces (N) and the base
 * hypercube (H); each has a mean service time S_x that solves its own fixed point
 *
 *   S_x = M - 1 + d_x + d_x Pblock_x(S_x) w_x(S_x)                         (10), (11)
 *
 * with the blocking probability from the virtual-channel occupancy P_v (Eq. 22) and an M/G/1
 * wait w_x (Eqs. 17-20). G(S) = RHS(S) - S is convex on [M - 1 + d_x, 1/lambda_cx) and the
 * paper's iteration from the left climbs to its smallest root, which is found here directly:
 * a golden-section search for the minimum of G, then a bisection left of it. No root means the
 * rate is beyond saturation.
 *
 * variant=paper adds the three sub-network latencies (S_x + Ws_x) Vbar_x as Eq. 1 prints them,
 * so the message length is counted three times (zero load about 3M). variant=consistent counts
 * the header's time in each sub-network and the message length once:
 *   2 d_N (1 + Pblock_N w_N) Vbar_N + d_H (1 + Pblock_H w_H) Vbar_H + (M - 1 + Ws) max Vbar
 * (zero load M - 1 + 2 d_N + d_H). Both exclude the injection and ejection cycles, as the
 * paper's simulator did.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "flitlab-model-private.h"

#define MAX_VCS 32

typedef struct
{
  guint    n;
  guint    k;
  guint    vcs;
  double   flits;
  gboolean consistent;
  double   d_n;   /* Eq. 3: mean hops from a necklace node to its nearest base vertex */
  double   d_h;   /* Eq. 4: mean hypercube distance */
} Meraji;

/* What one sub-network's fixed point gives. */
typedef struct
{
  double lambda_c;  /* traffic per channel */
  double s;         /* mean service time */
  double rho;
  double pblock;
  double w;         /* wait when blocked */
  double ws;        /* source wait (Eq. 21) */
  double vbar;      /* multiplexing degree (Eq. 23) */
  double pv[MAX_VCS + 1];
} Sub;

static const FlitlabModelParamInfo meraji_params[] = {
  {
    .name = "n",
    .unit = N_("dimensions"),
    .range = "1..12",
    .default_value = "6",
    .description = N_("dimensions of the base hypercube"),
  },
  {
    .name = "k",
    .unit = N_("nodes"),
    .range = "1..64",
    .default_value = "5",
    .description = N_("nodes on every necklace"),
  },
  {
    .name = "vcs",
    .unit = N_("virtual channels"),
    .range = "3..32",
    .default_value = "8",
    .description = N_("virtual channels per physical channel (the routing needs 3)"),
  },
  {
    .name = "flits",
    .unit = N_("flits"),
    .range = FLITLAB_MODEL_FLITS_RANGE,
    .default_value = "32",
    .description = N_("message length M"),
  },
  {
    .name = "variant",
    .unit = "",
    .range = N_("paper or consistent"),
    .default_value = "consistent",
    .description = N_("consistent: the message length counted once (the simulator agrees, "
                      "docs/models/meraji.md); paper: Eq. 1 as printed, M counted in each of "
                      "the three sub-networks"),
  },
  { NULL },
};

static gpointer
meraji_prepare (GHashTable  *params,
                GError     **error)
{
  g_autofree Meraji *self = g_new0 (Meraji, 1);
  const char *variant = g_hash_table_lookup (params, "variant");
  double half = 0;

  if (!flitlab_model_param_uint (params, "n", 1, 12, &self->n, error) ||
      !flitlab_model_param_uint (params, "k", 1, 64, &self->k, error) ||
      !flitlab_model_param_uint (params, "vcs", 3, MAX_VCS, &self->vcs, error) ||
      !flitlab_model_param_flits (params, &self->flits, error))
    return NULL;
  if (g_strcmp0 (variant, "paper") != 0 && g_strcmp0 (variant, "consistent") != 0)
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The parameter “variant” is paper or consistent, not “%s”"),
                   variant ? variant : "");
      return NULL;
    }
  self->consistent = g_str_equal (variant, "consistent");

  /* Eq. 3 (N1): 2 (1 + ... + floor(k/2)) / k, plus ceil(k/2)/k when k is odd. */
  for (guint i = 1; i <= self->k / 2; i++)
    half += 2.0 * i;
  if (self->k % 2 == 1)
    half += (self->k + 1) / 2;
  self->d_n = half / self->k;
  self->d_h = self->n / 2.0 * (double) (1u << self->n) / ((1u << self->n) - 1);
  return g_steal_pointer (&self);
}

static FlitlabTopology *
meraji_build_topology (gpointer  state,
                       GError  **error)
{
  Meraji *self = state;

  return flitlab_topology_new_necklace (self->n, self->k, error);
}

/* Occupancy (Eq. 22, N10: already normalised), blocking (Eqs. 12-16) and wait (Eqs. 17-20)
 * at service time s; returns RHS(s) of Eq. 10. */
static double
service_rhs (const Meraji *self,
             Sub          *sub,
             double        d,
             gboolean      hypercube,
             double        s)
{
  double M = self->flits, rho = sub->lambda_c * s, p_all, p_adaptive;
  guint V = self->vcs;

  sub->rho = rho;
  for (guint v = 0; v < V; v++)
    sub->pv[v] = (1 - rho) * pow (rho, v);
  sub->pv[V] = pow (rho, V);

  /* N6: P_{V-1} / C(V, V-1) = P_{V-1} / V. */
  p_adaptive = sub->pv[V] + sub->pv[V - 1] / V;
  if (!hypercube)
    sub->pblock = p_adaptive;                                   /* N7: Eqs. 12-13 */
  else
    {
      p_all = sub->pv[V];
      /* N8: Eq. 16's sum in closed form, real d. */
      sub->pblock = p_adaptive < 1
                    ? p_all * (1 - pow (p_adaptive, d)) / (d * (1 - p_adaptive)) : p_all;
    }
  sub->w = sub->lambda_c * s * s * (1 + (1 - M / s) * (1 - M / s)) / (2 * (1 - rho));
  return M - 1 + d + d * sub->pblock * sub->w;
}

/* The smallest root of G(s) = RHS(s) - s on [M - 1 + d, 1/lambda_c); FALSE when none. */
static gboolean
solve_service (const Meraji *self,
               Sub          *sub,
               double        d,
               gboolean      hypercube)
{
  const double phi = (sqrt (5) - 1) / 2;
  double s0 = self->flits - 1 + d, hi, a, b, c1, c2, g1, g2, lo;

  if (sub->lambda_c <= 0)
    {
      service_rhs (self, sub, d, hypercube, s0);
      sub->s = s0;
      return TRUE;
    }
  hi = 1 / sub->lambda_c;
  if (s0 >= hi)
    return FALSE;
  if (service_rhs (self, sub, d, hypercube, s0) - s0 <= 0)
    {
      sub->s = s0;
      return TRUE;
    }

  /* Golden section for the minimum of the convex G. */
  a = s0;
  b = hi * (1 - 1e-13);
  c1 = b - phi * (b - a);
  c2 = a + phi * (b - a);
  g1 = service_rhs (self, sub, d, hypercube, c1) - c1;
  g2 = service_rhs (self, sub, d, hypercube, c2) - c2;
  for (guint i = 0; i < 200 && (b - a) > 1e-13 * b; i++)
    {
      if (g1 <= 0 || g2 <= 0)
        break;
      if (g1 < g2)
        {
          b = c2;
          c2 = c1;
          g2 = g1;
          c1 = b - phi * (b - a);
          g1 = service_rhs (self, sub, d, hypercube, c1) - c1;
        }
      else
        {
          a = c1;
          c1 = c2;
          g1 = g2;
          c2 = a + phi * (b - a);
          g2 = service_rhs (self, sub, d, hypercube, c2) - c2;
        }
    }
  if (g1 > 0 && g2 > 0)
    return FALSE;

  /* Bisection between s0 (G > 0) and a point where G <= 0: the smallest root. */
  lo = s0;
  hi = g1 <= 0 ? c1 : c2;
  for (guint i = 0; i < 200 && (hi - lo) > 1e-15 * hi; i++)
    {
      double mid = 0.5 * (lo + hi);

      if (service_rhs (self, sub, d, hypercube, mid) - mid > 0)
        lo = mid;
      else
        hi = mid;
    }
  sub->s = hi;
  service_rhs (self, sub, d, hypercube, hi);
  return TRUE;
}

/* Eq. 21 (source wait, N9: lambda_g/V in every sub-network) and Eq. 23 (multiplexing). */
static gboolean
finish_sub (const Meraji *self,
            Sub          *sub,
            double        rate)
{
  double M = self->flits, s = sub->s, num = 0, den = 0, load = rate * s / self->vcs;

  if (load >= 1)
    return FALSE;
  sub->ws = rate / self->vcs * s * s * (1 + (1 - M / s) * (1 - M / s)) / (2 * (1 - load));
  for (guint v = 1; v <= self->vcs; v++)
    {
      num += (double) v * v * sub->pv[v];
      den += (double) v * sub->pv[v];
    }
  sub->vbar = den > 0 ? num / den : 1;
  return TRUE;
}

static gboolean
solve (const Meraji *self,
       double        rate,
       Sub          *neck,
       Sub          *cube)
{
  double nodes_h = (double) (1u << self->n);
  double lambda_b = rate * (1 + self->n * self->k / 2.0);                 /* Eq. 8 */

  neck->lambda_c = rate * (self->k / 2.0 + 1) / 2;                         /* Eq. 7, N2 */
  cube->lambda_c = lambda_b * nodes_h / (2 * (nodes_h - 1));               /* Eq. 9, N4 */
  return solve_service (self, neck, self->d_n, FALSE) &&
         solve_service (self, cube, self->d_h, TRUE) &&
         finish_sub (self, neck, rate) && finish_sub (self, cube, rate);
}

static double
latency (const Meraji *self,
         const Sub    *neck,
         const Sub    *cube)
{
  double N = (double) (1u << (self->n - 1)) * (self->n * self->k + 2);
  double base_share = (double) (1u << self->n) / N;

  if (!self->consistent)
    /* (1), (2) */
    return (cube->s + cube->ws) * cube->vbar + 2 * (neck->s + neck->ws) * neck->vbar;

  /* The message length once; the source wait where the message starts (a necklace node or a
   * base vertex, by their shares of the nodes). */
  return 2 * self->d_n * (1 + neck->pblock * neck->w) * neck->vbar +
         self->d_h * (1 + cube->pblock * cube->w) * cube->vbar +
         (self->flits - 1 + (1 - base_share) * neck->ws + base_share * cube->ws) *
         MAX (neck->vbar, cube->vbar);
}

static gboolean
meraji_evaluate (gpointer           state,
                 FlitlabModelPoint *point,
                 gboolean           detail)
{
  const Meraji *self = state;
  Sub neck = { 0 }, cube = { 0 };

  if (!solve (self, point->rate, &neck, &cube))
    return FALSE;
  point->latency = latency (self, &neck, &cube);

  if (detail)
    {
      g_autoptr(FlitlabTopology) topology = flitlab_topology_new_necklace (self->n, self->k, NULL);
      guint n_network = flitlab_topology_get_n_network_channels (topology);
      const double blocking[] = { neck.pblock, cube.pblock };
      const double multiplexing[] = { neck.vbar, cube.vbar };

      flitlab_model_point_add_class (point, N_("necklace"), neck.lambda_c, neck.s,
                                     neck.pblock * neck.w, neck.rho);
      flitlab_model_point_add_class (point, N_("hypercube"), cube.lambda_c, cube.s,
                                     cube.pblock * cube.w, cube.rho);
      flitlab_model_point_add_class (point, N_("injection"), point->rate, self->flits, neck.ws,
                                     point->rate * self->flits);
      flitlab_model_point_add_vector (point, N_("P_v necklace"), neck.pv, self->vcs + 1);
      flitlab_model_point_add_vector (point, N_("P_v hypercube"), cube.pv, self->vcs + 1);
      flitlab_model_point_add_vector (point, N_("blocking (necklace, hypercube)"), blocking, 2);
      flitlab_model_point_add_vector (point, N_("multiplexing degree (necklace, hypercube)"),
                                      multiplexing, 2);

      /* The model has one class per sub-network (Eqs. 7 and 9 average over positions along a
       * necklace), so every necklace link gets the necklace class and every base link the
       * hypercube class; injection and ejection channels carry the node's own messages. */
      for (guint c = 0; c < point->n_channels; c++)
        {
          const FlitlabChannel *channel = flitlab_topology_get_channel (topology, c);
          const Sub *sub = channel->base_link ? &cube : &neck;

          if (c < n_network)
            {
              point->channel_flow[c] = sub->lambda_c;
              point->channel_time[c] = sub->s;
              point->channel_wait[c] = sub->pblock * sub->w;
              point->channel_utilization[c] = MIN (sub->rho, 1.0);
              point->channel_class[c] = g_strdup (channel->base_link ? N_("hypercube")
                                                                     : N_("necklace"));
            }
          else
            {
              point->channel_flow[c] = point->rate;
              point->channel_time[c] = self->flits;
              point->channel_utilization[c] = MIN (point->rate * self->flits, 1.0);
              point->channel_class[c] = g_strdup (channel->kind == FLITLAB_CHANNEL_INJECTION
                                                  ? N_("injection") : N_("ejection"));
            }
        }
    }
  return TRUE;
}

static void
meraji_free (gpointer state)
{
  g_free (state);
}

const FlitlabModelInfo flitlab_model_meraji_necklace = {
  .id = "meraji-necklace",
  .title = N_("Necklace hypercube, fully adaptive routing with virtual channels (Meraji et al.)"),
  .citation = N_("Meraji et al."),
  .paper = N_("003_312e91bf2cb2129f.txt: Eqs. 1-23"),
  .flow_source = N_("After Meraji et al., Section 3: the sub-networks of Eqs. 1-23."),
  .params = meraji_params,
  .columns = NULL,
  .latency = FLITLAB_LATENCY_SOURCE_TRANSIT,
  .saturation = N_("A fold of the fixed point: the largest load at which the model's waiting "
                   "times (Eqs. 1-23) still converge; past it they have no finite solution."),
  .fit = {
    .family = FLITLAB_TOPOLOGY_NECKLACE,
    .routing = FLITLAB_ROUTING_NECKLACE,
    .needs = N_("a regular necklace hypercube with necklace routing"),
  },
  .prepare = meraji_prepare,
  .build_topology = meraji_build_topology,
  .evaluate = meraji_evaluate,
  .saturation_rate = NULL,
  .free_state = meraji_free,
};
