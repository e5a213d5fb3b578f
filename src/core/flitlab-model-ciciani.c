/* flitlab-model-ciciani.c: backward flow analysis of dimension-ordered wormhole routing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * B. Ciciani, M. Colajanni, C. Paolucci, "Performance evaluation of deterministic wormhole
 * routing in k-ary n-cubes", Parallel Computing 24 (1998), shared/papers/000_*.txt.
 *
 *   ciciani-uni-torus  Eqs. 4-15, uni-directional k0 x k1 x ... torus, any number of dimensions
 *   ciciani-bi-torus   Eqs. 16-25, bi-directional symmetric k-ary n-cube
 *   ciciani-hypercube  Eqs. 26-28, 2^n hypercube with e-cube routing
 *
 * Every reconstruction decision (D1-D5 of shared/papers/equations-ciciani1998-quaglia2002.md
 * and the generalizations G1-G8 made here) is explained in docs/models/ciciani1998.md; the
 * comments below name them where they are applied.
 *
 * Units: one cycle moves one flit over one link; the message length L (T_DT, "flits") is in
 * flits; the load is lambda = 1/tau_E messages per cycle per node. Every conflict wait is the
 * conflict equation (3), flow * T^2 / (2 tau_E), written here as flow * T^2 * q with
 * q = lambda / 2.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-model-private.h"

#define MAX_DIMS FLITLAB_TOPOLOGY_MAX_DIMS

typedef enum
{
  CICIANI_UNI_TORUS,
  CICIANI_BI_TORUS,
  CICIANI_HYPERCUBE,
} CicianiKind;

/* Everything here is fixed by the parameters, so evaluate() only reads it and several
 * threads may evaluate one model at once; the per-rate work arrays live on the stack
 * (CicianiSolution), which also keeps evaluate() free of allocations. */
typedef struct
{
  CicianiKind kind;
  guint       n_dims;              /* torus dimensions, or n of the hypercube */
  guint       radices[MAX_DIMS];
  double      flits;               /* T_DT */

  /* Tori, per dimension d. */
  double      p[MAX_DIMS];         /* 1/k_d: the message does not move in d */
  double      m[MAX_DIMS];         /* positions c_{i,d} of the column: k/2 (uni), k/4 (bi) */
  double      main_flow[MAX_DIMS]; /* flow per position, per unit rate: alpha, beta, gamma
                                    * (uni); the 4 gamma of one ring direction (bi) */
  double      contention[MAX_DIMS]; /* flow met at c_{1,d}: delta, eps, theta (Theorem 1);
                                     * 3 gamma + k gamma (bi, Theorem 2) */
  /* Index s + 1 for a message that leaves dimension s (s = -1: fresh from the processor). */
  double      done[MAX_DIMS + 1];             /* it needs no further dimension */
  double      enter[MAX_DIMS + 1][MAX_DIMS];  /* its next dimension is d */
  double      barrier[MAX_DIMS + 1][MAX_DIMS]; /* flow it meets at the barrier of d */
  double      path_hole;           /* PH phase: (k0+k1+k2)/2 - 1, or 3k/4 - 1 */

  /* The topology's channels: the dimension of each network channel (G_MAXUINT8 for
   * injection and ejection), filled by build_topology() for the per-channel mapping. */
  guint       n_channels;
  guint       n_network;
  guint8     *channel_dim;
} CicianiState;

typedef struct
{
  double exit[MAX_DIMS + 1]; /* torus: T_d, time seen at the exit of dimension d;
                              * hypercube: T_i (1-based), time seen after obtaining C_i */
  double t2[MAX_DIMS];       /* T_{2,d}: after obtaining c_{1,d} */
  double t1[MAX_DIMS];       /* T_{1,d}: before requesting c_{1,d} */
  double util[MAX_DIMS + 1]; /* utilization of one physical channel of dimension d */
  double latency;
} CicianiSolution;

/* ---- parameters ---------------------------------------------------------------------- */

static const FlitlabModelParamInfo uni_torus_params[] = {
  {
    .name = "k",
    .unit = N_("nodes per dimension"),
    .range = N_("2..64 per dimension, e.g. 16x16x16 or 8; at most 65536 nodes"),
    .default_value = "16x16x16",
    .description = N_("Radices k0xk1x... (asymmetric allowed); a single value gives n equal "
                      "dimensions"),
  },
  {
    .name = "n",
    .unit = N_("dimensions"),
    .range = N_("auto or 1..16"),
    .default_value = "auto",
    .description = N_("Number of dimensions for a single radix k; auto: the number of radices "
                      "in k, 3 for one"),
  },
  {
    .name = "flits",
    .unit = N_("flits"),
    .range = FLITLAB_MODEL_FLITS_RANGE,
    .default_value = "25",
    .description = N_("Mean message length L/W in flits (T_DT)"),
  },
  { NULL },
};

static const FlitlabModelParamInfo bi_torus_params[] = {
  {
    .name = "k",
    .unit = N_("nodes per dimension"),
    .range = N_("4..64, the same in every dimension, e.g. 6 or 6x6x6"),
    .default_value = "6",
    .description = N_("Radix of the symmetric torus"),
  },
  {
    .name = "n",
    .unit = N_("dimensions"),
    .range = N_("auto or 1..16"),
    .default_value = "auto",
    .description = N_("Number of dimensions; auto: the number of radices in k, 3 for one"),
  },
  {
    .name = "flits",
    .unit = N_("flits"),
    .range = FLITLAB_MODEL_FLITS_RANGE,
    .default_value = "12",
    .description = N_("Mean message length L/W in flits (T_DT)"),
  },
  { NULL },
};

static const FlitlabModelParamInfo hypercube_params[] = {
  {
    .name = "n",
    .unit = N_("dimensions"),
    .range = "1..16",
    .default_value = "10",
    .description = N_("Dimension of the 2^n hypercube"),
  },
  {
    .name = "flits",
    .unit = N_("flits"),
    .range = FLITLAB_MODEL_FLITS_RANGE,
    .default_value = "200",
    .description = N_("Mean message length L/W in flits (T_DT)"),
  },
  { NULL },
};

/* Refuses empty values up front, with the expected range in the message ("n" is read
 * here before the shared helpers see it). */
static gboolean
check_not_empty (GHashTable                  *params,
                 const FlitlabModelParamInfo *infos,
                 GError                     **error)
{
  for (const FlitlabModelParamInfo *info = infos; info->name != NULL; info++)
    {
      const char *text = g_hash_table_lookup (params, info->name);

      if (text == NULL || *text == '\0')
        {
          g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                       _("The parameter “%s” is empty (%s)"), info->name, _(info->range));
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
parse_dims (GHashTable  *params,
            guint       *radices,
            guint       *n_dims,
            GError     **error)
{
  const char *n_text = g_hash_table_lookup (params, "n");
  const char *k_text = g_hash_table_lookup (params, "k");
  guint n = 0;
  guint64 nodes = 1;

  if (n_text != NULL && !g_str_equal (n_text, "auto"))
    {
      guint64 value;

      if (!g_ascii_string_to_unsigned (n_text, 10, 1, MAX_DIMS, &value, NULL))
        {
          g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                       _("The parameter “n” must be “auto” or a whole number from 1 to %u, "
                         "not “%s”"), (guint) MAX_DIMS, n_text);
          return FALSE;
        }
      n = (guint) value;
    }
  if (!flitlab_model_param_radices (params, "k", n != 0 ? n : 3, 2, 64,
                                    radices, n_dims, error))
    return FALSE;
  /* Several radices fix the number of dimensions themselves. */
  if (n != 0 && strchr (k_text, 'x') != NULL && *n_dims != n)
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The radices “%s” give %u dimensions but n is %u (leave n at “auto”)"),
                   k_text, *n_dims, n);
      return FALSE;
    }
  for (guint d = 0; d < *n_dims; d++)
    nodes *= radices[d];
  if (nodes > FLITLAB_TOPOLOGY_MAX_NODES)
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The torus “%s” over %u dimensions has %llu nodes, more than the %u a "
                     "topology may have"),
                   k_text, *n_dims, (unsigned long long) nodes, (guint) FLITLAB_TOPOLOGY_MAX_NODES);
      return FALSE;
    }
  return TRUE;
}

/* The flow diagram of Figs. 1 and 3, generalized to n dimensions (G1): a message leaving
 * dimension s (or fresh, s = -1) next uses dimension d > s with probability
 * prod_{s<j<d} p_j * (1 - p_d) and is done with probability prod_{j>s} p_j. At the barrier of
 * d it meets every flow entering d, (1 - p_d) in all, except its own stream (G2): this gives
 * Eqs. (9), (12), (15) (with D2) and (19), (22), (25) term by term. */
static void
prepare_flow_diagram (CicianiState *self,
                      double        barrier_scale)
{
  guint n = self->n_dims;

  for (guint s1 = 0; s1 <= n; s1++)
    {
      /* s1 = s + 1; the message's own stream into d is src * prod_{s<j<d} p_j * (1-p_d). */
      double src = s1 == 0 ? 1.0 : 1.0 - self->p[s1 - 1];
      double skip = 1.0;

      for (guint d = 0; d < n; d++)
        {
          self->enter[s1][d] = 0;
          self->barrier[s1][d] = 0;
        }
      for (guint d = s1; d < n; d++)
        {
          double a = 1.0 - self->p[d];

          self->enter[s1][d] = skip * a;
          self->barrier[s1][d] = barrier_scale * a * (1.0 - src * skip);
          skip *= self->p[d];
        }
      self->done[s1] = skip;
    }
}

static gpointer
uni_torus_prepare (GHashTable  *params,
                   GError     **error)
{
  g_autofree CicianiState *self = g_new0 (CicianiState, 1);

  self->kind = CICIANI_UNI_TORUS;
  if (!check_not_empty (params, uni_torus_params, error) ||
      !parse_dims (params, self->radices, &self->n_dims, error) ||
      !flitlab_model_param_flits (params, &self->flits, error))
    return NULL;

  self->path_hole = -1;
  for (guint d = 0; d < self->n_dims; d++)
    {
      double k = self->radices[d];

      self->p[d] = 1.0 / k;
      self->m[d] = k / 2;                              /* k_j/2 links per column (Fig. 1) */
      self->main_flow[d] = 1.0 - self->p[d];           /* alpha, beta, gamma */
      self->contention[d] = (1.0 - self->p[d]) * k / 2; /* Theorem 1: delta = alpha k0/2 */
      self->path_hole += k / 2;                        /* (k0 + k1 + k2)/2 - 1 */
    }
  prepare_flow_diagram (self, 1.0);
  return g_steal_pointer (&self);
}

static gpointer
bi_torus_prepare (GHashTable  *params,
                  GError     **error)
{
  g_autofree CicianiState *self = g_new0 (CicianiState, 1);
  double k, n, p, gamma;

  self->kind = CICIANI_BI_TORUS;
  if (!check_not_empty (params, bi_torus_params, error) ||
      !parse_dims (params, self->radices, &self->n_dims, error) ||
      !flitlab_model_param_flits (params, &self->flits, error))
    return NULL;
  if (self->radices[0] < 4)
    {
      /* G4: (16) counts k/4 - 1 internal links per column; below 4 they turn negative. */
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The bi-directional model needs k from 4 to 64 (Eq. 16 counts k/4 - 1 "
                     "links per ring), not %u"), self->radices[0]);
      return NULL;
    }
  for (guint d = 1; d < self->n_dims; d++)
    if (self->radices[d] != self->radices[0])
      {
        g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                     _("The bi-directional model (Section 4) is for a symmetric k-ary n-cube: "
                       "the radices “%s” differ (use ciciani-uni-torus for asymmetric tori)"),
                     (const char *) g_hash_table_lookup (params, "k"));
        return NULL;
      }

  k = self->radices[0];
  n = self->n_dims;
  p = 1.0 / k;
  /* G3: each of the 2^n direction combinations carries 1/2^n of the flow, so
   * gamma = (1-p)/2^n ((1-p)/8 for n = 3; dimensionless, as (17) divides by tau_E again),
   * and 2^(n-1) of them share one direction of a dimension: 4 gamma in the paper. */
  gamma = (1.0 - p) / ldexp (1.0, (int) self->n_dims);
  self->path_hole = n * k / 4 - 1;                      /* 3k/4 - 1 */
  for (guint d = 0; d < self->n_dims; d++)
    {
      self->p[d] = p;
      self->m[d] = k / 4;                               /* k/4 links per column (Fig. 3) */
      self->main_flow[d] = ldexp (gamma, (int) self->n_dims - 1);   /* 4 gamma */
      /* Eqs. (18), (21), (24): 3 gamma from the other paths of the same processor
       * plus k gamma = (k/4) 4 gamma (Theorem 2). */
      self->contention[d] = (ldexp (1.0, (int) self->n_dims - 1) - 1) * gamma
                            + k / 4 * self->main_flow[d];
    }
  /* Barrier terms of (19), (22), (25): the uni coefficients per path, T^2/(16 tau_E) =
   * (1/8) T^2/(2 tau_E) for n = 3. */
  prepare_flow_diagram (self, 1.0 / ldexp (1.0, (int) self->n_dims));
  return g_steal_pointer (&self);
}

static gpointer
hypercube_prepare (GHashTable  *params,
                   GError     **error)
{
  g_autofree CicianiState *self = g_new0 (CicianiState, 1);

  self->kind = CICIANI_HYPERCUBE;
  if (!check_not_empty (params, hypercube_params, error) ||
      !flitlab_model_param_uint (params, "n", 1, MAX_DIMS, &self->n_dims, error) ||
      !flitlab_model_param_flits (params, &self->flits, error))
    return NULL;
  for (guint d = 0; d < self->n_dims; d++)
    self->radices[d] = 2;
  return g_steal_pointer (&self);
}

static void
ciciani_free_state (gpointer data)
{
  CicianiState *self = data;

  g_free (self->channel_dim);
  g_free (self);
}

static FlitlabTopology *
ciciani_build_topology (gpointer   data,
                        GError   **error)
{
  CicianiState *self = data;
  FlitlabTopology *topology;

  if (self->kind == CICIANI_HYPERCUBE)
    topology = flitlab_topology_new_hypercube (self->n_dims, error);
  else
    topology = flitlab_topology_new_torus (self->n_dims, self->radices,
                                           self->kind == CICIANI_BI_TORUS, error);
  if (topology == NULL)
    return NULL;

  g_clear_pointer (&self->channel_dim, g_free);
  self->n_channels = flitlab_topology_get_n_channels (topology);
  self->n_network = flitlab_topology_get_n_network_channels (topology);
  self->channel_dim = g_new (guint8, MAX (self->n_channels, 1));
  for (guint id = 0; id < self->n_channels; id++)
    {
      const FlitlabChannel *channel = flitlab_topology_get_channel (topology, id);

      self->channel_dim[id] = channel->kind == FLITLAB_CHANNEL_NETWORK && channel->dim < MAX_DIMS
                              ? (guint8) channel->dim : G_MAXUINT8;
    }
  return topology;
}

/* ---- numerics ------------------------------------------------------------------------ */

/* The smaller root of x = e + c x^2, the form of Eqs. (6)/(16) solved in (7), (10), (13),
 * (17), (20), (23); written as 2e / (1 + sqrt(1 - 4ce)), which equals the paper's
 * (1 - sqrt(1 - 4ce)) / (2c) and stays exact at c = 0 (k = 2 uni, k = 4 bi, or no load).
 * Returns FALSE when the root is not real: the model's own saturation. */
static gboolean
ring_root (double  c,
           double  e,
           double *x)
{
  double disc = 1.0 - 4.0 * c * e;

  if (!(disc >= 0))
    return FALSE;
  *x = 2.0 * e / (1.0 + sqrt (disc));
  return isfinite (*x);
}

/* Sum over the positions i = 1..ceil(m) of w_i * max(0, m - i), with w_i = min(1, m - i + 1)
 * the share of the column's flow that reaches position i (G5: an odd k gives a half
 * position at the end of the column). */
static double
positions_internal (double m)
{
  double f = floor (m);

  return f * m - f * (f + 1) / 2;
}

/* Stability (G7): the backward recursion must have a real solution and no channel may be
 * held more than all of the time. */
static gboolean
torus_solve (const CicianiState *self,
             double              rate,
             CicianiSolution    *sol)
{
  double q = rate / 2;
  guint n = self->n_dims;

  /* Backward from the data-trail phase, last dimension first (Section 3.4). */
  for (guint dd = n; dd-- > 0;)
    {
      double e = self->done[dd + 1] * self->flits;
      double x;

      for (guint j = dd + 1; j < n; j++)
        e += self->enter[dd + 1][j]
             * (sol->t1[j] + self->barrier[dd + 1][j] * sol->t1[j] * sol->t1[j] * q);
      sol->exit[dd] = e;
      /* D1: the ring of d starts from the time at its own exit, T_d ((13) prints T_2). */
      if (!ring_root ((self->m[dd] - 1) * self->main_flow[dd] * q, e, &x))
        return FALSE;
      sol->t2[dd] = x;
      sol->t1[dd] = x + self->contention[dd] * x * x * q;
    }

  sol->latency = self->path_hole;
  for (guint j = 0; j < n; j++)
    sol->latency += self->enter[0][j]
                    * (sol->t1[j] + self->barrier[0][j] * sol->t1[j] * sol->t1[j] * q);

  /* G6: a physical channel of dimension d holds every position of the column in turn:
   * utilization = sum_i flow_i * S_i with S_i = T_d + max(0, m - i) * F T_{2,d}^2 q. */
  for (guint d = 0; d < n; d++)
    {
      double incr = self->main_flow[d] * sol->t2[d] * sol->t2[d] * q;

      sol->util[d] = rate * self->main_flow[d]
                     * (self->m[d] * sol->exit[d] + positions_internal (self->m[d]) * incr);
      if (!(sol->util[d] < 1.0))
        return FALSE;
    }
  return isfinite (sol->latency);
}

/* Eqs. (26)-(28) as read in the worked reading (D4, D5): T_i is the time seen after
 * obtaining the link C_i of dimension i (1-based, i = 1 the rightmost bit). */
static gboolean
hypercube_solve (const CicianiState *self,
                 double              rate,
                 CicianiSolution    *sol)
{
  guint n = self->n_dims;
  double *t = sol->exit;

  t[n] = self->flits;
  for (guint i = n - 1; i >= 1; i--)
    {
      /* D4: done with probability 1/2^(n-i) (the OCR prints T_n/2^(2n-i)). */
      double s = ldexp (self->flits, -(int) (n - i));

      for (guint j = i + 1; j <= n; j++)
        {
          int mm = (int) (j - i);

          s += ldexp (t[j], -mm) + (2.0 - ldexp (1.0, 1 - mm)) * t[j] * t[j] * rate
                                   / ldexp (1.0, mm + 3);
        }
      /* The extra 1/2^n flow at the last link, from (26). */
      s += t[n] * t[n] * rate / ldexp (1.0, (int) (2 * n + 1 - i));
      t[i] = s;
    }

  /* D5: the bracket of C_i weighs 1/2^i, the last one too (the OCR prints 1/2^(n-1)). */
  sol->latency = n / 2.0;
  for (guint i = 1; i <= n; i++)
    sol->latency += ldexp (t[i] + (2.0 - ldexp (1.0, 2 - (int) i)) * t[i] * t[i] * rate / 8,
                           -(int) i);

  /* G7: every directed channel carries lambda/2 and is held T_i by whoever obtains it. */
  for (guint i = 1; i <= n; i++)
    {
      sol->util[i] = rate / 2 * t[i];
      if (!(sol->util[i] < 1.0))
        return FALSE;
    }
  return isfinite (sol->latency);
}

static gboolean
ciciani_solve (const CicianiState *self,
               double              rate,
               CicianiSolution    *sol)
{
  /* G7: a source streams one flit per cycle at most (and a sink takes one). */
  if (!(rate >= 0) || !(rate * self->flits < 1.0))
    return FALSE;
  if (self->kind == CICIANI_HYPERCUBE)
    return hypercube_solve (self, rate, sol);
  return torus_solve (self, rate, sol);
}

/* ---- detail: classes and their mapping onto physical channels ------------------------- */

/* Fills the per-channel arrays from one value per dimension (the classes are positions
 * relative to a message's path, not links; by symmetry every physical channel of dimension
 * d sees every class of d, see G6) and the injection and ejection classes (G8). */
static void
map_channels (const CicianiState *self,
              FlitlabModelPoint  *point,
              const double       *dim_flow,
              const double       *dim_util,
              const double       *dim_wait)
{
  double rate = point->rate;

  if (self->channel_dim == NULL || point->n_channels != self->n_channels)
    return;
  for (guint id = 0; id < self->n_channels; id++)
    {
      guint8 d = self->channel_dim[id];

      if (id < self->n_network)
        {
          if (d == G_MAXUINT8 || d >= self->n_dims)
            continue;
          point->channel_flow[id] = dim_flow[d];
          point->channel_utilization[id] = dim_util[d];
          point->channel_time[id] = dim_flow[d] > 0 ? dim_util[d] / dim_flow[d] : 0;
          point->channel_wait[id] = dim_wait[d];
          /* A link of dimension d carries every class c[d,i] of it (or C[d] in the cube). */
          point->channel_class[id] = g_strdup_printf (self->kind == CICIANI_HYPERCUBE
                                                      ? "C[d=%u]" : "c[d=%u,i=*]", d);
        }
      else
        {
          /* Injection and ejection: every message starts at one and ends at another and
           * streams its L flits there; the model has no source queue, and the blocking a
           * message meets after its header left is charged to the network channels. */
          point->channel_flow[id] = rate;
          point->channel_time[id] = self->flits;
          point->channel_utilization[id] = rate * self->flits;
          point->channel_class[id] =
            g_strdup (id < self->n_network + (self->n_channels - self->n_network) / 2
                      ? N_("injection") : N_("ejection"));
        }
    }
}

/* G8: the injection class holds its channel for the L flits it streams; its wait is the
 * time the message sees from the entry of the flow diagram beyond that (Tlat - PH - L:
 * the blocking it meets in the network, shown for the tooltip, not a queue at the source). */
static void
add_end_classes (const CicianiState *self,
                 FlitlabModelPoint  *point,
                 double              entry_time)
{
  double rate = point->rate;

  flitlab_model_point_add_class (point, N_("injection"), rate, self->flits,
                                 MAX (0.0, entry_time - self->flits), rate * self->flits);
  flitlab_model_point_add_class (point, N_("ejection"), rate, self->flits, 0, rate * self->flits);
}

static void
torus_detail (const CicianiState    *self,
              FlitlabModelPoint     *point,
              const CicianiSolution *sol)
{
  double rate = point->rate;
  double q = rate / 2;
  double dim_flow[MAX_DIMS], dim_util[MAX_DIMS], dim_wait[MAX_DIMS];
  double injection_time = sol->latency - self->path_hole;

  for (guint d = 0; d < self->n_dims; d++)
    {
      double m = self->m[d];
      double flow = rate * self->main_flow[d];
      double incr = self->main_flow[d] * sol->t2[d] * sol->t2[d] * q;
      double barrier = 0, arrivals = 0;

      /* Mean barrier wait of the messages that enter d (fresh or from a lower dimension),
       * the terms of Eqs. (9), (12), (15) that belong to c_{1,d}. */
      for (guint s1 = 0; s1 <= d; s1++)
        {
          double w = self->enter[s1][d] * (s1 == 0 ? 1.0 : 1.0 - self->p[s1 - 1]);

          arrivals += w;
          barrier += w * self->barrier[s1][d] * sol->t1[d] * sol->t1[d] * q;
        }
      if (arrivals > 0)
        barrier /= arrivals;

      dim_flow[d] = 0;
      dim_util[d] = 0;
      dim_wait[d] = 0;
      for (guint i = 1; i - 1 < m; i++)
        {
          double share = MIN (1.0, m - (i - 1));
          double service = sol->exit[d] + MAX (0.0, m - i) * incr;
          double wait_time;
          char name[96];

          /* T_{1,d} - T_{2,d} is the contention of Theorem 1/2 at the first link; inside
           * the column each link adds one conflict with the column's own flow, so the
           * waits along a path add up to (m - 1) incr, the T_{2,d} - T_d of (6)/(16). */
          if (i == 1)
            wait_time = sol->t1[d] - sol->t2[d] + barrier;
          else
            wait_time = incr;
          /* Translators: after a channel class of the bi-directional torus, "c[d=0,i=1]":
           * its numbers are those of either direction's channels */
          g_snprintf (name, sizeof name, "c[d=%u,i=%u]%s", d, i,
                      self->kind == CICIANI_BI_TORUS ? _(" (each direction)") : "");
          flitlab_model_point_add_class (point, name, flow * share, service, wait_time,
                                         flow * share * service);
          dim_flow[d] += flow * share;
          dim_util[d] += flow * share * service;
          dim_wait[d] += flow * share * wait_time;
        }
      /* A link's wait: its classes' waits weighted by their flows. */
      dim_wait[d] = dim_flow[d] > 0 ? dim_wait[d] / dim_flow[d] : 0;
    }
  add_end_classes (self, point, injection_time);
  map_channels (self, point, dim_flow, dim_util, dim_wait);
}

static void
hypercube_detail (const CicianiState    *self,
                  FlitlabModelPoint     *point,
                  const CicianiSolution *sol)
{
  guint n = self->n_dims;
  double rate = point->rate;
  double dim_flow[MAX_DIMS], dim_util[MAX_DIMS], dim_wait[MAX_DIMS];
  double injection_time = sol->latency - n / 2.0;

  for (guint j = 1; j <= n; j++)
    {
      double t = sol->exit[j];
      /* Arrivals at C_j per generated message: fresh 1/2^j, from C_i 1/2^(j-i+1); each
       * meets lambda/2 minus its own stream (Eqs. 27-28), plus the extra 1/2^n at C_n. */
      double fresh = ldexp (1.0, -(int) j);
      double conflict = fresh * (0.5 - fresh);
      char name[32];

      for (guint i = 1; i < j; i++)
        {
          int mm = (int) (j - i);

          conflict += ldexp (1.0, -(mm + 1))
                      * (0.5 - ldexp (1.0, -(mm + 1)) + (j == n ? ldexp (1.0, -(int) n) : 0));
        }
      dim_flow[j - 1] = rate / 2;
      dim_util[j - 1] = rate / 2 * t;
      dim_wait[j - 1] = conflict / 0.5 * t * t * rate / 2;
      g_snprintf (name, sizeof name, "C[d=%u]", j - 1);
      flitlab_model_point_add_class (point, name, rate / 2, t, dim_wait[j - 1], rate / 2 * t);
    }
  add_end_classes (self, point, injection_time);
  map_channels (self, point, dim_flow, dim_util, dim_wait);
}

static gboolean
ciciani_evaluate (gpointer           data,
                  FlitlabModelPoint *point,
                  gboolean           detail)
{
  const CicianiState *self = data;
  CicianiSolution sol;

  if (!ciciani_solve (self, point->rate, &sol))
    return FALSE;
  point->latency = sol.latency;
  if (detail)
    {
      if (self->kind == CICIANI_HYPERCUBE)
        hypercube_detail (self, point, &sol);
      else
        torus_detail (self, point, &sol);
    }
  return TRUE;
}

/* The stable rates form an interval [0, r*): every time grows with the rate and the model
 * fails at a root going complex or a utilization reaching 1, and r* < 1/L because a source
 * streams at most one flit per cycle (G7). Bisect [0, 1/L] to 1e-9 relative on the same
 * predicate as evaluate(), without allocating. */
static double
ciciani_saturation_rate (gpointer data)
{
  const CicianiState *self = data;
  CicianiSolution sol;
  double lo = 0, hi = 1.0 / self->flits;

  while (hi - lo > 1e-9 * hi)
    {
      double mid = 0.5 * (lo + hi);

      if (ciciani_solve (self, mid, &sol))
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

#define TORUS_SATURATION \
  N_("A utilization limit: the largest load at which every channel class's utilization (its " \
     "flow times its service time) stays below 1 and its waiting time has a real root; at " \
     "most 1/L, a source sending one flit per cycle.")

const FlitlabModelInfo flitlab_model_ciciani_uni_torus = {
  .id = "ciciani-uni-torus",
  .title = N_("Ciciani et al. 1998: uni-directional torus, dimension-ordered routing"),
  .citation = N_("Ciciani et al. 1998"),
  .paper = N_("000_08b1b894a0d9da66.txt, Eqs. 4-15 (generalized to n dimensions)"),
  .flow_source = N_("After Ciciani et al. 1998, Figs. 1 and 3: the classes c[d,i] of Eqs. 4-15."),
  .params = uni_torus_params,
  .columns = NULL,
  .latency = FLITLAB_LATENCY_TRANSIT,
  .saturation = TORUS_SATURATION,
  .fit = {
    .family = FLITLAB_TOPOLOGY_TORUS,
    .direction = 1,
    .routing = FLITLAB_ROUTING_DOR,
    .needs = N_("a uni-directional torus with dimension-ordered routing"),
  },
  .prepare = uni_torus_prepare,
  .build_topology = ciciani_build_topology,
  .evaluate = ciciani_evaluate,
  .saturation_rate = ciciani_saturation_rate,
  .free_state = ciciani_free_state,
};

const FlitlabModelInfo flitlab_model_ciciani_bi_torus = {
  .id = "ciciani-bi-torus",
  .title = N_("Ciciani et al. 1998: bi-directional symmetric k-ary n-cube, dimension-ordered "
              "routing"),
  .citation = N_("Ciciani et al. 1998"),
  .paper = N_("000_08b1b894a0d9da66.txt, Eqs. 16-25 (generalized to n dimensions)"),
  .flow_source = N_("After Ciciani et al. 1998, Figs. 1 and 3: the classes c[d,i] of Eqs. 16-25."),
  .params = bi_torus_params,
  .columns = NULL,
  .latency = FLITLAB_LATENCY_TRANSIT,
  .saturation = TORUS_SATURATION,
  .fit = {
    .family = FLITLAB_TOPOLOGY_TORUS,
    .direction = 2,
    .square = TRUE,
    .routing = FLITLAB_ROUTING_DOR,
    .needs = N_("a bi-directional torus with the same radix in every dimension and "
                "dimension-ordered routing"),
  },
  .prepare = bi_torus_prepare,
  .build_topology = ciciani_build_topology,
  .evaluate = ciciani_evaluate,
  .saturation_rate = ciciani_saturation_rate,
  .free_state = ciciani_free_state,
};

const FlitlabModelInfo flitlab_model_ciciani_hypercube = {
  .id = "ciciani-hypercube",
  .title = N_("Ciciani et al. 1998: hypercube, e-cube routing"),
  .citation = N_("Ciciani et al. 1998"),
  .paper = N_("000_08b1b894a0d9da66.txt, Eqs. 26-28"),
  .flow_source = N_("After Ciciani et al. 1998, Fig. 5: the chain of Eqs. 26-28."),
  .params = hypercube_params,
  .columns = NULL,
  .latency = FLITLAB_LATENCY_TRANSIT,
  .saturation = N_("A utilization limit, as for the tori; on hypercubes the source bound 1/L "
                   "(one flit per cycle out of every node) is usually what binds."),
  .fit = {
    .family = FLITLAB_TOPOLOGY_HYPERCUBE,
    .routing = FLITLAB_ROUTING_DOR,
    .needs = N_("a hypercube with dimension-ordered (e-cube) routing"),
  },
  .prepare = hypercube_prepare,
  .build_topology = ciciani_build_topology,
  .evaluate = ciciani_evaluate,
  .saturation_rate = ciciani_saturation_rate,
  .free_state = ciciani_free_state,
};
