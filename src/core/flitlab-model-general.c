/* flitlab-model-general.c: any traffic on a torus, mesh or hypercube with dimension order
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * general-wormhole: Greenberg and Guan's channel-by-channel analysis (001, Section 3), with
 * Draper and Ghosh's variance correction, generalised from the paper's classes of a uniform
 * k x k mesh to every resource a message holds on its deterministic route (its injection
 * channel, each network channel's dateline class, its ejection channel), with the arrival
 * rates and routing probabilities of any traffic matrix (after Kiasari, Lu and Jantsch, IEEE
 * TVLSI 2013). The routes are the router's (flitlab_router_route(), as the simulator routes
 * them), half-way ties on even-radix tori included. Two departures from 001, each a parameter
 * that restores it: a message waits behind the other inputs' messages only (blocking=inputs),
 * and at the ejection channel too (ejection=queue). docs/models/general.md derives it all.
 *
 * Units: one cycle moves one flit over one channel; L = "flits" is the (mean) message length;
 * the load lambda is messages per cycle per node that sends, as the simulator's.
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-model-private.h"
#include "flitlab-sim.h"
#include "flitlab-topology-metrics.h"
#include "flitlab-traffic.h"

/* Pair latencies are kept as a vector of N^2 values up to this many nodes. */
#define MAX_PAIR_NODES 256

/* A resource a message holds: injection channel of node i (i), class v of network channel c
 * (N + 2 c + v), ejection channel of node i (N + 2 C + i). */
typedef struct
{
  guint  from;
  guint  to;
  double flow;     /* messages per cycle per unit load taking from then to */
  double p;        /* routing probability flow / flow[from] */
  double blocking; /* Eq. 6: 1 - flow / flow[to] */
} Edge;

typedef struct
{
  FlitlabTopology      *topology;
  FlitlabRouter        *router;
  FlitlabTrafficMatrix *matrix;
  double                flits;
  gboolean              exponential;
  gboolean              free_ejection;
  FlitlabLatency        latency;
  FlitlabTies           ties;
  gboolean              inputs;

  guint                 n_nodes;
  guint                 n_network;
  guint                 n_res;
  double               *flow;       /* per resource, per unit load */
  guint                 n_edges;
  Edge                 *edges;      /* sorted by from */
  guint                *out_first;  /* n_res + 1: edges of r are [out_first[r], out_first[r+1]) */
  guint                 n_order;
  guint                *order;      /* the resources used, every successor before them */
  double                total_rate; /* messages per cycle per unit load, all sources */
  double                mean_hops;  /* per message */
  double                max_link_flow; /* busiest physical network channel, per unit load */
} General;

typedef struct
{
  double *x;      /* service time per resource */
  double *w;      /* wait per resource (the source queue's for an injection channel) */
  double *rho;    /* utilization per resource */
  double  lambda; /* the load solved for */
} Solution;

static inline guint
res_network (const General *self,
             guint          channel,
             guint          klass)
{
  return self->n_nodes + 2 * channel + klass;
}

static inline guint
res_ejection (const General *self,
              guint          node)
{
  return self->n_nodes + 2 * self->n_network + node;
}

static inline gboolean
is_injection (const General *self,
              guint          r)
{
  return r < self->n_nodes;
}

static inline gboolean
is_ejection (const General *self,
             guint          r)
{
  return r >= self->n_nodes + 2 * self->n_network;
}

/* ---- parameters ---------------------------------------------------------------------- */

static const FlitlabModelParamInfo general_params[] = {
  {
    .name = "topology",
    .unit = "",
    .range = N_("a torus, mesh or hypercube spec: torus:8x8:bi, torus:4x4x4:uni, mesh:8x8, "
                "hypercube:6; or file:PATH, a network from a file"),
    .default_value = "mesh:8x8",
    .description = N_("The network, routed as the simulator routes it: in dimension order, or "
                      "up*/down* on a network from a file"),
  },
  {
    .name = "flits",
    .unit = N_("flits"),
    .range = FLITLAB_MODEL_FLITS_RANGE,
    .default_value = "16",
    .description = N_("Message length L in flits (the mean, with length=exp)"),
  },
  {
    .name = "length",
    .unit = "",
    .range = N_("fixed or exp"),
    .default_value = "fixed",
    .description = N_("Message length distribution, as the simulator's --length"),
  },
  {
    .name = "traffic",
    .unit = "",
    .range = N_("uniform, transpose, bit-complement, bit-reversal, tornado, neighbour, hotspot "
                "or matrix"),
    .default_value = "uniform",
    .description = N_("The traffic pattern, as the simulator's --traffic"),
  },
  {
    .name = "matrix",
    .unit = "",
    .range = N_("a traffic matrix: flitlab-cli takes a CSV file's name, the library its text"),
    .default_value = "",
    .description = N_("With traffic=matrix (or alone): who sends how much to whom "
                      "(docs/traffic.md)"),
  },
  {
    .name = "hotspot",
    .unit = "",
    .range = "0..1",
    .default_value = "0.1",
    .description = N_("With traffic=hotspot: the fraction of messages sent to the hotspot"),
  },
  {
    .name = "hotspot-node",
    .unit = "",
    .range = N_("a node of the network"),
    .default_value = "0",
    .description = N_("With traffic=hotspot: the hotspot node"),
  },
  {
    .name = "ties",
    .unit = "",
    .range = N_("balanced or positive"),
    .default_value = "balanced",
    .description = N_("Half-way destinations on even-radix tori, as the simulator's --ties"),
  },
  {
    .name = "latency",
    .unit = "",
    .range = N_("transit, network or total"),
    .default_value = "transit",
    .description = N_("The latency predicted, as the simulator's columns count it"),
  },
  {
    .name = "ejection",
    .unit = "",
    .range = N_("queue or free"),
    .default_value = "queue",
    .description = N_("queue: messages wait for the ejection channel as the simulator's do; "
                      "free: they never wait there (001's footnote 1)"),
  },
  {
    .name = "blocking",
    .unit = "",
    .range = N_("inputs or greenberg"),
    .default_value = "inputs",
    .description = N_("inputs: a message waits behind the other inputs' messages only; "
                      "greenberg: 001's Eq. 6 alone"),
  },
  {
    .name = "network",
    .unit = "",
    .range = N_("an edge list (docs/networks.md), or empty"),
    .default_value = "",
    .description = N_("With topology=file:PATH: the network's links, read instead of the file "
                      "(the window passes the network its project keeps)"),
  },
  { NULL },
};

static void
general_free (gpointer state)
{
  General *self = state;

  g_clear_pointer (&self->router, flitlab_router_free);
  g_clear_pointer (&self->topology, flitlab_topology_unref);
  g_clear_pointer (&self->matrix, flitlab_traffic_matrix_unref);
  g_free (self->flow);
  g_free (self->edges);
  g_free (self->out_first);
  g_free (self->order);
  g_free (self);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (General, general_free)

/* NULL, with the error of a parameter's value out of its range. */
static gpointer
invalid (GError     **error,
         const char  *name,
         const char  *range,
         const char  *value)
{
  g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
               _("The parameter “%s” must be %s, not “%s”"), name, _(range), value);
  return NULL;
}

static const char *
lookup (GHashTable *params,
        const char *name)
{
  const char *value = g_hash_table_lookup (params, name);

  return value != NULL ? value : "";
}

/* The traffic matrix the parameters name: a matrix's text, or a pattern's matrix. */
static FlitlabTrafficMatrix *
build_matrix (General     *self,
              GHashTable  *params,
              GError     **error)
{
  const char *text = lookup (params, "traffic"), *csv = lookup (params, "matrix");
  FlitlabTrafficPattern pattern;
  g_autoptr(FlitlabTraffic) traffic = NULL;
  double fraction;
  guint node;

  if (!flitlab_traffic_pattern_from_string (text, &pattern))
    return invalid (error, "traffic", general_params[3].range, text);
  /* Checked whatever the pattern: a value out of range is a mistake either way. */
  if (!flitlab_model_param_double (params, "hotspot", 0, 1, &fraction, error) ||
      !flitlab_model_param_uint (params, "hotspot-node", 0, self->n_nodes - 1, &node, error))
    return NULL;
  if (*csv != '\0' || pattern == FLITLAB_TRAFFIC_MATRIX)
    {
      FlitlabTrafficMatrix *matrix;

      if (pattern != FLITLAB_TRAFFIC_MATRIX && pattern != FLITLAB_TRAFFIC_UNIFORM)
        {
          g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                       _("Give either traffic=%s or a matrix, not both"), text);
          return NULL;
        }
      if (*csv == '\0')
        {
          g_set_error_literal (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                               _("traffic=matrix needs the parameter “matrix”"));
          return NULL;
        }
      matrix = flitlab_traffic_matrix_new_from_csv (csv, strlen (csv), error);
      if (matrix != NULL && !flitlab_traffic_matrix_check_size (matrix, self->n_nodes, error))
        g_clear_pointer (&matrix, flitlab_traffic_matrix_unref);
      return matrix;
    }
  traffic = flitlab_traffic_new (self->topology, pattern, fraction, node, error);
  if (traffic == NULL)
    return NULL;
  return flitlab_traffic_to_matrix (traffic, error);
}

/* ---- routes ---------------------------------------------------------------------------- */

/* Calls visit on every route of the pair (src, dst), each with its share of the pair's
 * messages: one route, or on an even-radix bi-directional torus under balanced ties, every
 * combination of the ways round in the dimensions where dst is half way (the simulator's
 * fair coin per dimension), each 1/2^t. The resources are written to res (room for
 * diameter + 2 hops). */
typedef void (*RouteFunc) (const General *self,
                           const guint   *res,
                           guint          n_res,
                           double         share,
                           gpointer       user_data);

static void
walk_routes (const General *self,
             guint          src,
             guint          dst,
             GArray        *scratch,
             guint         *res,
             RouteFunc      visit,
             gpointer       user_data)
{
  guint tie_dims[FLITLAB_TOPOLOGY_MAX_DIMS], n_ties = 0;
  gboolean torus = flitlab_topology_get_family (self->topology) == FLITLAB_TOPOLOGY_TORUS;

  if (torus && flitlab_topology_is_bidirectional (self->topology) &&
      self->ties == FLITLAB_TIES_BALANCED)
    {
      guint a[FLITLAB_TOPOLOGY_MAX_DIMS], b[FLITLAB_TOPOLOGY_MAX_DIMS];
      guint n_dims = flitlab_topology_get_n_dims (self->topology);

      flitlab_topology_get_coords (self->topology, src, a);
      flitlab_topology_get_coords (self->topology, dst, b);
      for (guint d = 0; d < n_dims; d++)
        {
          guint k = flitlab_topology_get_radix (self->topology, d);

          if (k % 2 == 0 && (a[d] + k - b[d]) % k == k / 2)
            tie_dims[n_ties++] = d;
        }
    }

  for (guint mask = 0; mask < (1u << n_ties); mask++)
    {
      guint32 ties = 0;
      guint n = 0;

      for (guint j = 0; j < n_ties; j++)
        if (mask & (1u << j))
          ties |= 1u << tie_dims[j];
      g_array_set_size (scratch, 0);
      flitlab_router_route (self->router, src, dst, ties, scratch);
      res[n++] = src;
      for (guint i = 0; i < scratch->len; i++)
        {
          guint c = g_array_index (scratch, guint, i);

          res[n++] = res_network (self, c, torus ? flitlab_router_dateline_class (self->router,
                                                                                   c, dst) : 0);
        }
      res[n++] = res_ejection (self, dst);
      visit (self, res, n, 1.0 / (1u << n_ties), user_data);
    }
}

typedef struct
{
  GHashTable *edge_of; /* (from << 32 | to) -> index + 1 */
  GArray     *edges;
  double     *flow;
  double      rate;    /* of the pair being walked */
  double      hops;
} Loading;

static void
load_route (const General *self,
            const guint   *res,
            guint          n,
            double         share,
            gpointer       user_data)
{
  Loading *loading = user_data;
  double rate = loading->rate * share;

  loading->hops += rate * (n - 2);
  for (guint i = 0; i < n; i++)
    {
      loading->flow[res[i]] += rate;
      if (i + 1 < n)
        {
          guint64 key = (guint64) res[i] << 32 | res[i + 1];
          guint index = GPOINTER_TO_UINT (g_hash_table_lookup (loading->edge_of, &key));

          if (index == 0)
            {
              Edge edge = { res[i], res[i + 1], 0, 0, 0 };
              guint64 *stored = g_new (guint64, 1);

              *stored = key;
              g_array_append_val (loading->edges, edge);
              index = loading->edges->len;
              g_hash_table_insert (loading->edge_of, stored, GUINT_TO_POINTER (index));
            }
          g_array_index (loading->edges, Edge, index - 1).flow += rate;
        }
    }
}

static int
compare_edges (gconstpointer a,
               gconstpointer b)
{
  const Edge *x = a, *y = b;

  if (x->from != y->from)
    return x->from < y->from ? -1 : 1;
  return x->to < y->to ? -1 : x->to > y->to;
}

/* Depth-first, successors first: the dependency graph of DOR's resources (dateline classes
 * on tori) has no cycle, which is what makes it free of deadlock; one would be a bug. */
static gboolean
visit_resource (General *self,
                guint    r,
                guint8  *state)
{
  if (state[r] == 2)
    return TRUE;
  if (state[r] == 1)
    return FALSE;
  state[r] = 1;
  for (guint e = self->out_first[r]; e < self->out_first[r + 1]; e++)
    if (!visit_resource (self, self->edges[e].to, state))
      return FALSE;
  state[r] = 2;
  self->order[self->n_order++] = r;
  return TRUE;
}

static gboolean
load_traffic (General  *self,
              GError  **error)
{
  g_autoptr(GHashTable) edge_of = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                                         NULL);
  g_autoptr(GArray) edges = g_array_new (FALSE, FALSE, sizeof (Edge));
  g_autoptr(GArray) scratch = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree guint *res = g_new (guint, flitlab_topology_diameter (self->topology) + 3);
  g_autofree guint8 *state = NULL;
  Loading loading = { edge_of, edges, NULL, 0, 0 };
  guint n_sources = flitlab_traffic_matrix_get_n_sources (self->matrix);
  double total = 0;

  if (flitlab_traffic_matrix_get_n_nonzeros (self->matrix) >
      FLITLAB_TOPOLOGY_METRICS_MAX_ROUTED_PAIRS)
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The model routes the traffic pair by pair: at most %u pairs that send"),
                   FLITLAB_TOPOLOGY_METRICS_MAX_ROUTED_PAIRS);
      return FALSE;
    }
  self->n_res = 2 * self->n_nodes + 2 * self->n_network;
  self->flow = loading.flow = g_new0 (double, self->n_res);
  for (guint s = 0; s < self->n_nodes; s++)
    total += flitlab_traffic_matrix_row_sum (self->matrix, s);

  /* The simulator's load: each node that sends generates lambda messages per cycle on
   * average, its share of them going to each destination by its row's weights (load_traffic
   * of flitlab-topology-metrics.c counts the same). */
  for (guint s = 0; s < self->n_nodes; s++)
    for (guint d = 0; d < self->n_nodes; d++)
      {
        double weight = flitlab_traffic_matrix_get (self->matrix, s, d);

        if (weight <= 0 || s == d)
          continue;
        loading.rate = n_sources * weight / total;
        self->total_rate += loading.rate;
        walk_routes (self, s, d, scratch, res, load_route, &loading);
      }
  self->mean_hops = loading.hops / self->total_rate;

  self->n_edges = edges->len;
  self->edges = (Edge *) (void *) g_array_free (g_steal_pointer (&edges), FALSE);
  qsort (self->edges, self->n_edges, sizeof (Edge), compare_edges);
  self->out_first = g_new0 (guint, self->n_res + 1);
  for (guint e = 0; e < self->n_edges; e++)
    {
      Edge *edge = &self->edges[e];
      edge->p = edge->flow / self->flow[edge->from];
      edge->blocking = 1 - edge->flow / self->flow[edge->to];
      self->out_first[edge->from + 1]++;
    }
  for (guint r = 0; r < self->n_res; r++)
    self->out_first[r + 1] += self->out_first[r];

  for (guint c = 0; c < self->n_network; c++)
    self->max_link_flow = MAX (self->max_link_flow,
                               self->flow[res_network (self, c, 0)] +
                               self->flow[res_network (self, c, 1)]);

  self->order = g_new (guint, self->n_res);
  state = g_new0 (guint8, self->n_res);
  for (guint r = 0; r < self->n_nodes; r++)
    if (self->flow[r] > 0 && !visit_resource (self, r, state))
      {
        g_set_error_literal (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                             _("The routes hold resources in a cycle: the model needs routing "
                               "free of deadlock"));
        return FALSE;
      }
  return TRUE;
}

static gpointer
general_prepare (GHashTable  *params,
                 GError     **error)
{
  g_autoptr(General) self = g_new0 (General, 1);
  const char *spec = lookup (params, "topology"), *text;
  FlitlabTopologyFamily family;
  FlitlabRouting routing;
  guint vcs;

  if (!flitlab_model_param_flits (params, &self->flits, error))
    return NULL;
  text = lookup (params, "length");
  if (g_str_equal (text, "exp") || g_str_equal (text, "exponential"))
    self->exponential = TRUE;
  else if (!g_str_equal (text, "fixed"))
    return invalid (error, "length", general_params[2].range, text);
  text = lookup (params, "ties");
  if (!flitlab_ties_from_string (text, &self->ties))
    return invalid (error, "ties", general_params[7].range, text);
  text = lookup (params, "latency");
  if (!flitlab_latency_from_string (text, &self->latency) ||
      self->latency == FLITLAB_LATENCY_SOURCE_TRANSIT)
    return invalid (error, "latency", general_params[8].range, text);
  text = lookup (params, "blocking");
  if (g_str_equal (text, "inputs"))
    self->inputs = TRUE;
  else if (!g_str_equal (text, "greenberg"))
    return invalid (error, "blocking", general_params[10].range, text);
  text = lookup (params, "ejection");
  if (g_str_equal (text, "free"))
    self->free_ejection = TRUE;
  else if (!g_str_equal (text, "queue"))
    return invalid (error, "ejection", general_params[9].range, text);

  /* A network from a file may come as its links, the file's path naming it only. */
  text = lookup (params, "network");
  if (text[0] != '\0' && g_str_has_prefix (spec, "file:"))
    self->topology = flitlab_topology_new_from_text (text, spec + strlen ("file:"), error);
  else
    self->topology = flitlab_topology_new_from_spec (spec, error);
  if (self->topology == NULL)
    {
      g_prefix_error (error, _("The parameter “topology”: "));
      return NULL;
    }
  family = flitlab_topology_get_family (self->topology);
  if (family != FLITLAB_TOPOLOGY_TORUS && family != FLITLAB_TOPOLOGY_MESH &&
      family != FLITLAB_TOPOLOGY_HYPERCUBE && family != FLITLAB_TOPOLOGY_FILE)
    return invalid (error, "topology", general_params[0].range, spec);
  self->n_nodes = flitlab_topology_get_n_nodes (self->topology);
  self->n_network = flitlab_topology_get_n_network_channels (self->topology);
  /* The deterministic routing the simulator has for the family, free of deadlock. */
  routing = family == FLITLAB_TOPOLOGY_FILE ? FLITLAB_ROUTING_UPDOWN : FLITLAB_ROUTING_DOR;
  vcs = flitlab_routing_deadlock_free_vcs (routing, family);
  self->router = flitlab_router_new (self->topology, routing, vcs);

  self->matrix = build_matrix (self, params, error);
  if (self->matrix == NULL || !load_traffic (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

static FlitlabTopology *
general_build_topology (gpointer  state,
                        GError  **error)
{
  General *self = state;

  return flitlab_topology_ref (self->topology);
}

/* ---- numerics ------------------------------------------------------------------------ */

/* The M/G/1 wait of Eq. 4 with Draper and Ghosh's variance correction: the service time's
 * second moment x^2 + (x - L)^2, plus the length's variance L^2 - L under geometric lengths.
 * Sets *bad when the server is saturated (rho >= 1, or not a number). */
static inline double
fw (const General *self,
    double         lambda,
    double         x,
    gboolean      *bad)
{
  double rho = lambda * x, d = x - self->flits;
  double var = self->exponential ? self->flits * (self->flits - 1) : 0;

  *bad |= !(rho < 1);
  return lambda * (x * x + d * d + var) / (2 * (1 - rho));
}

/* The wait of a message that reaches edge->to through edge->from: 001's Eq. 6 takes out the
 * share of the residual work that its own input brought (blocking); with blocking=inputs the
 * queue it waits behind drains as an M/G/1 queue of the other inputs' messages only, since
 * each waiting header holds its own input channel (docs/models/general.md). */
static inline double
edge_wait (const General  *self,
           const Solution *s,
           const Edge     *edge)
{
  double w = edge->blocking * s->w[edge->to];

  if (self->inputs)
    {
      double own = s->lambda * edge->flow * s->x[edge->to];

      w *= (1 - s->rho[edge->to]) / (1 - s->rho[edge->to] + own);
    }
  return w;
}

/* Service times from the ejection channels back to the injection channels (Eq. 7 with
 * Eq. 6's blocking), and every wait; FALSE beyond saturation. One pass, successors first. */
static gboolean
solve (const General *self,
       double         lambda,
       Solution      *s)
{
  const guint first_network = self->n_nodes, first_ejection = self->n_nodes + 2 * self->n_network;
  const double L = self->flits, var = self->exponential ? L * (L - 1) : 0;
  gboolean bad = FALSE;

  if (!(lambda >= 0) || !(lambda * self->max_link_flow * L < 1))
    return FALSE;
  s->lambda = lambda;
  for (guint i = 0; i < self->n_order; i++)
    {
      guint r = self->order[i];
      double x = 0;

      if (r >= first_ejection)
        x = L;
      else
        for (guint e = self->out_first[r]; e < self->out_first[r + 1]; e++)
          {
            const Edge *edge = &self->edges[e];

            x += edge->p * (s->x[edge->to] + edge_wait (self, s, edge));
          }
      s->x[r] = x;
      s->rho[r] = lambda * self->flow[r] * x;
      if (r >= first_ejection)
        s->w[r] = self->free_ejection ? 0 : fw (self, lambda * self->flow[r], x, &bad);
      else if (r < first_network)
        s->w[r] = fw (self, lambda * self->flow[r], x, &bad);
      else
        {
          /* Assumption 5: the VCs of the own class are held x; a worm of the link's other
           * class holds the link only while its flits cross, L cycles. */
          guint k = (r - first_network) & 1u, other = r - k + (1 - k);
          double own = lambda * self->flow[r], cross = lambda * self->flow[other];
          double rho = own * x + cross * L, d = x - L;

          bad |= !(rho < 1);
          s->rho[r] = rho;
          s->w[r] = (own * (x * x + d * d + var) + cross * (L * L + var)) / (2 * (1 - rho));
        }
      if (bad)
        return FALSE;
    }
  return TRUE;
}

/* The mean latency: the zero-load pipeline (hops + L - 1 in transit, + 2 more from the
 * injection channel on), the blocked waits along the routes (each edge's flow times the wait
 * at its end), and in total the source queue's wait. */
static double
mean_latency (const General  *self,
              const Solution *s)
{
  double waits = 0, sum;

  for (guint e = 0; e < self->n_edges; e++)
    {
      const Edge *edge = &self->edges[e];

      if (self->latency != FLITLAB_LATENCY_TRANSIT || !is_injection (self, edge->from))
        waits += edge->flow * edge_wait (self, s, edge);
    }
  if (self->latency == FLITLAB_LATENCY_TOTAL)
    for (guint r = 0; r < self->n_nodes; r++)
      waits += self->flow[r] * s->w[r];
  sum = self->mean_hops + self->flits + waits / self->total_rate;
  return self->latency == FLITLAB_LATENCY_TRANSIT ? sum - 1 : sum + 1;
}

/* ---- detail -------------------------------------------------------------------------- */

typedef struct
{
  const Solution *s;
  double          sum;
} PairLatency;

static void
pair_route (const General *self,
            const guint   *res,
            guint          n,
            double         share,
            gpointer       user_data)
{
  PairLatency *pair = user_data;
  double t = (n - 2) + self->flits + (self->latency == FLITLAB_LATENCY_TRANSIT ? -1 : 1);

  for (guint i = 0; i + 1 < n; i++)
    {
      /* The edge's blocking: edges are sorted by (from, to). */
      Edge key = { res[i], res[i + 1], 0, 0, 0 };
      const Edge *edge = bsearch (&key, self->edges + self->out_first[res[i]],
                                  self->out_first[res[i] + 1] - self->out_first[res[i]],
                                  sizeof (Edge), compare_edges);

      g_assert (edge != NULL);
      if (i > 0 || self->latency != FLITLAB_LATENCY_TRANSIT)
        t += edge_wait (self, pair->s, edge);
    }
  if (self->latency == FLITLAB_LATENCY_TOTAL)
    t += pair->s->w[res[0]];
  pair->sum += share * t;
}

static void
detail (const General     *self,
        const Solution    *s,
        FlitlabModelPoint *point)
{
  const double lambda = point->rate;
  guint n_dims = flitlab_topology_get_n_dims (self->topology);
  guint n_groups = n_dims + 2; /* injection, C[d=0..n-1], ejection */
  g_autofree double *g_flow = g_new0 (double, n_groups), *g_time = g_new0 (double, n_groups);
  g_autofree double *g_wait = g_new0 (double, n_groups), *g_util = g_new0 (double, n_groups);
  g_autofree double *g_count = g_new0 (double, n_groups);
  g_autofree double *g_out = g_new0 (double, n_groups);
  g_autofree double *g_route = g_new0 (double, n_groups * n_groups);
  g_autofree guint *group = g_new (guint, self->n_res);
  char name[32];

  for (guint r = 0; r < self->n_res; r++)
    {
      if (is_injection (self, r))
        group[r] = 0;
      else if (is_ejection (self, r))
        group[r] = n_groups - 1;
      else
        group[r] = 1 + flitlab_topology_get_channel (self->topology,
                                                     (r - self->n_nodes) / 2)->dim;
    }

  /* Per physical channel: flow summed over its classes, time and wait averaged by flow, and
   * the occupancy of its busiest class's VC, lambda x. */
  for (guint c = 0; c < point->n_channels && c < flitlab_topology_get_n_channels (self->topology);
       c++)
    {
      const FlitlabChannel *channel = flitlab_topology_get_channel (self->topology, c);
      guint rs[2], n = 0;
      double flow = 0, time = 0, wait = 0, util = 0;

      if (channel->kind == FLITLAB_CHANNEL_INJECTION)
        rs[n++] = channel->src;
      else if (channel->kind == FLITLAB_CHANNEL_EJECTION)
        rs[n++] = res_ejection (self, channel->dst);
      else
        {
          rs[n++] = res_network (self, c, 0);
          rs[n++] = res_network (self, c, 1);
        }
      for (guint i = 0; i < n; i++)
        {
          double f = lambda * self->flow[rs[i]];

          flow += f;
          time += f * s->x[rs[i]];
          wait += f * s->w[rs[i]];
          util = MAX (util, f * s->x[rs[i]]);
        }
      point->channel_flow[c] = flow;
      point->channel_time[c] = flow > 0 ? time / flow : self->flits;
      point->channel_wait[c] = flow > 0 ? wait / flow : 0;
      point->channel_utilization[c] = MIN (util, 1);
      if (channel->kind == FLITLAB_CHANNEL_INJECTION)
        point->channel_class[c] = g_strdup ("injection");
      else if (channel->kind == FLITLAB_CHANNEL_EJECTION)
        point->channel_class[c] = g_strdup ("ejection");
      else
        point->channel_class[c] = g_strdup_printf ("C[d=%u]", channel->dim);
    }

  /* Classes: the channels of each dimension together, between injection and ejection. */
  for (guint c = 0; c < flitlab_topology_get_n_channels (self->topology); c++)
    {
      const FlitlabChannel *channel = flitlab_topology_get_channel (self->topology, c);
      guint g = channel->kind == FLITLAB_CHANNEL_INJECTION ? 0
                : channel->kind == FLITLAB_CHANNEL_EJECTION ? n_groups - 1 : 1 + channel->dim;

      g_count[g]++;
      g_flow[g] += point->channel_flow[c];
      g_time[g] += point->channel_flow[c] * point->channel_time[c];
      g_wait[g] += point->channel_flow[c] * point->channel_wait[c];
      g_util[g] += point->channel_utilization[c];
    }
  for (guint g = 0; g < n_groups; g++)
    {
      if (g == 0)
        g_strlcpy (name, "injection", sizeof name);
      else if (g == n_groups - 1)
        g_strlcpy (name, "ejection", sizeof name);
      else
        g_snprintf (name, sizeof name, "C[d=%u]", g - 1);
      flitlab_model_point_add_class (point, name, g_flow[g] / MAX (g_count[g], 1),
                                     g_flow[g] > 0 ? g_time[g] / g_flow[g] : self->flits,
                                     g_flow[g] > 0 ? g_wait[g] / g_flow[g] : 0,
                                     g_util[g] / MAX (g_count[g], 1));
    }
  for (guint e = 0; e < self->n_edges; e++)
    {
      guint a = group[self->edges[e].from], b = group[self->edges[e].to];

      g_out[a] += self->edges[e].flow;
      g_route[a * n_groups + b] += self->edges[e].flow;
    }
  /* Between the groups only: the share that stays in a dimension would be an arrow from a box
   * to itself. */
  for (guint a = 0; a < n_groups; a++)
    for (guint b = 0; b < n_groups; b++)
      if (g_out[a] > 0 && a != b)
        flitlab_model_point_add_route (point, a, b, g_route[a * n_groups + b] / g_out[a]);

  /* Per pair: the latency asked for, row by row (source), NaN where nothing is sent. */
  if (self->n_nodes <= MAX_PAIR_NODES)
    {
      g_autofree double *pairs = g_new (double, self->n_nodes * self->n_nodes);
      g_autoptr(GArray) scratch = g_array_new (FALSE, FALSE, sizeof (guint));
      g_autofree guint *res = g_new (guint, flitlab_topology_diameter (self->topology) + 3);

      for (guint src = 0; src < self->n_nodes; src++)
        for (guint dst = 0; dst < self->n_nodes; dst++)
          {
            PairLatency pair = { s, 0 };

            pairs[src * self->n_nodes + dst] = NAN;
            if (src == dst || flitlab_traffic_matrix_get (self->matrix, src, dst) <= 0)
              continue;
            walk_routes (self, src, dst, scratch, res, pair_route, &pair);
            pairs[src * self->n_nodes + dst] = pair.sum;
          }
      flitlab_model_point_add_vector (point, "pair latency", pairs,
                                      self->n_nodes * self->n_nodes);
    }
}

static gboolean
general_evaluate (gpointer           state,
                  FlitlabModelPoint *point,
                  gboolean           want_detail)
{
  const General *self = state;
  g_autofree double *x = g_new0 (double, 3 * self->n_res);
  Solution s = { x, x + self->n_res, x + 2 * self->n_res, 0 };

  if (!solve (self, point->rate, &s))
    return FALSE;
  point->latency = mean_latency (self, &s);
  if (want_detail)
    detail (self, &s, point);
  return TRUE;
}

/* Every service time grows with the load, so every rho does: the stable loads are an
 * interval [0, r*) below the busiest link's bandwidth bound. Bisect to 1e-9 relative. */
static double
general_saturation_rate (gpointer state)
{
  const General *self = state;
  g_autofree double *x = g_new0 (double, 3 * self->n_res);
  Solution s = { x, x + self->n_res, x + 2 * self->n_res, 0 };
  double lo = 0, hi = 1 / (self->flits * MAX (self->max_link_flow, 1));

  /* A source alone: its injection channel is held L cycles per message at least. */
  for (guint r = 0; r < self->n_nodes; r++)
    hi = MIN (hi, self->flow[r] > 0 ? 1 / (self->flits * self->flow[r]) : hi);
  while (hi - lo > 1e-9 * hi)
    {
      double mid = 0.5 * (lo + hi);

      if (solve (self, mid, &s))
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

const FlitlabModelInfo flitlab_model_general_wormhole = {
  .id = "general-wormhole",
  .title = N_("Any traffic on a torus, mesh or hypercube with dimension-ordered wormhole "
              "routing (after Greenberg and Guan 1997, Draper and Ghosh)"),
  .citation = N_("after Greenberg and Guan 1997"),
  .paper = N_("001_0362e99452293682.txt, Section 3 (Eqs. 4, 6, 7) generalised to every channel "
              "and any traffic matrix, as Kiasari, Lu and Jantsch 2013; docs/models/general.md"),
  .flow_source = N_("The channels of each dimension together, between the injection and "
                    "ejection channels; the model itself follows every channel."),
  .params = general_params,
  .columns = NULL,
  .latency = FLITLAB_LATENCY_TRANSIT,
  .saturation = N_("A utilization limit: the largest load at which every channel's virtual "
                   "channels (with the flits of its other class), every ejection channel and "
                   "every source stay below utilization 1."),
  .fit = {
    /* Any torus, mesh or hypercube: flitlab_study_run_fit_model() fits it itself
     * (fit_general()). */
    .family = FLITLAB_TOPOLOGY_TORUS,
    .routing = FLITLAB_ROUTING_DOR,
    .needs = N_("a torus, mesh or hypercube of up to 256 nodes with dimension-ordered "
                "routing, or a network from a file with up*/down* routing"),
  },
  .prepare = general_prepare,
  .build_topology = general_build_topology,
  .evaluate = general_evaluate,
  .saturation_rate = general_saturation_rate,
  .free_state = general_free,
};
