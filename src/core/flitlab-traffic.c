/* flitlab-traffic.c: destination patterns
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Permutation patterns are computed once per network into a table; uniform and hotspot draw
 * from the replication's random stream; a matrix draws source and destination by its weights.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "flitlab-names.h"
#include "flitlab-traffic.h"

struct _FlitlabTraffic
{
  FlitlabTrafficPattern pattern;
  guint                 n_nodes;
  double                hotspot_fraction;
  guint                 hotspot_node;
  guint                *permutation; /* permutation patterns: node -> destination */
  FlitlabTrafficMatrix *matrix;      /* the matrix pattern's */
  double                active_fraction;
};

G_DEFINE_QUARK (flitlab-traffic-error-quark, flitlab_traffic_error)

static const char * const pattern_names[] = {
  "uniform", "transpose", "bit-complement", "bit-reversal", "tornado", "neighbour", "hotspot",
  "matrix", "trace", NULL,
};

const char * const *
flitlab_traffic_pattern_names (void)
{
  return pattern_names;
}

const char *
flitlab_traffic_pattern_to_string (FlitlabTrafficPattern pattern)
{
  g_return_val_if_fail (pattern <= FLITLAB_TRAFFIC_TRACE, NULL);
  return pattern_names[pattern];
}

gboolean
flitlab_traffic_pattern_from_string (const char            *text,
                                     FlitlabTrafficPattern *pattern)
{
  guint index;

  if (!flitlab_names_find (pattern_names, text, &index))
    return FALSE;
  *pattern = index;
  return TRUE;
}

static gboolean
is_power_of_two (guint n)
{
  return n != 0 && (n & (n - 1)) == 0;
}

/* The destination of node under a permutation pattern, by coordinates on tori and meshes and by
 * address bits on hypercubes. FALSE when the network cannot have the pattern. */
static gboolean
permute (const FlitlabTopology *topology,
         FlitlabTrafficPattern  pattern,
         guint                  node,
         guint                 *dst)
{
  FlitlabTopologyFamily family = flitlab_topology_get_family (topology);
  guint n_dims = flitlab_topology_get_n_dims (topology);
  guint n_nodes = flitlab_topology_get_n_nodes (topology);
  guint coords[FLITLAB_TOPOLOGY_MAX_DIMS], out[FLITLAB_TOPOLOGY_MAX_DIMS];

  if (family == FLITLAB_TOPOLOGY_NECKLACE)
    return FALSE;
  /* A network from a file has node numbers but no coordinates. */
  if (family == FLITLAB_TOPOLOGY_FILE && pattern != FLITLAB_TRAFFIC_BIT_REVERSAL)
    return FALSE;

  if (pattern == FLITLAB_TRAFFIC_BIT_REVERSAL)
    {
      guint bits = 0, reversed = 0;

      if (!is_power_of_two (n_nodes))
        return FALSE;
      while ((1u << bits) < n_nodes)
        bits++;
      for (guint b = 0; b < bits; b++)
        if (node & (1u << b))
          reversed |= 1u << (bits - 1 - b);
      *dst = reversed;
      return TRUE;
    }

  flitlab_topology_get_coords (topology, node, coords);
  for (guint d = 0; d < n_dims; d++)
    {
      guint k = flitlab_topology_get_radix (topology, d);

      switch (pattern)
        {
        case FLITLAB_TRAFFIC_TRANSPOSE:
          /* Swap the lower and upper halves of the coordinate vector; needs an even number of
           * dimensions with matching radices. */
          if (n_dims % 2 != 0 ||
              flitlab_topology_get_radix (topology, (d + n_dims / 2) % n_dims) != k)
            return FALSE;
          out[d] = coords[(d + n_dims / 2) % n_dims];
          break;
        case FLITLAB_TRAFFIC_BIT_COMPLEMENT:
          out[d] = k - 1 - coords[d];
          break;
        case FLITLAB_TRAFFIC_TORNADO:
          out[d] = (coords[d] + (k + 1) / 2 - 1) % k;
          break;
        case FLITLAB_TRAFFIC_NEIGHBOUR:
          /* A hypercube has one neighbour per bit: flip bit 0 only. */
          if (family == FLITLAB_TOPOLOGY_HYPERCUBE)
            out[d] = d == 0 ? coords[d] ^ 1 : coords[d];
          else
            out[d] = (coords[d] + 1) % k;
          break;
        case FLITLAB_TRAFFIC_UNIFORM:
        case FLITLAB_TRAFFIC_HOTSPOT:
        case FLITLAB_TRAFFIC_BIT_REVERSAL:
        case FLITLAB_TRAFFIC_MATRIX:
        case FLITLAB_TRAFFIC_TRACE:
        default:
          g_assert_not_reached ();
        }
    }
  *dst = flitlab_topology_node_from_coords (topology, out);
  return TRUE;
}

FlitlabTraffic *
flitlab_traffic_new (const FlitlabTopology  *topology,
                     FlitlabTrafficPattern   pattern,
                     double                  hotspot_fraction,
                     guint                   hotspot_node,
                     GError                **error)
{
  g_autoptr(FlitlabTraffic) self = NULL;
  guint active = 0;

  g_return_val_if_fail (topology != NULL, NULL);

  self = g_new0 (FlitlabTraffic, 1);
  self->pattern = pattern;
  self->n_nodes = flitlab_topology_get_n_nodes (topology);
  self->active_fraction = 1;

  if (self->n_nodes < 2)
    {
      g_set_error (error, FLITLAB_TRAFFIC_ERROR, FLITLAB_TRAFFIC_ERROR_INVALID,
                   _("A network of one node has no traffic"));
      return NULL;
    }

  switch (pattern)
    {
    case FLITLAB_TRAFFIC_UNIFORM:
      return g_steal_pointer (&self);

    case FLITLAB_TRAFFIC_HOTSPOT:
      if (!(hotspot_fraction >= 0 && hotspot_fraction <= 1))
        {
          g_set_error (error, FLITLAB_TRAFFIC_ERROR, FLITLAB_TRAFFIC_ERROR_INVALID,
                       _("The hotspot fraction must be between 0 and 1, not %g"), hotspot_fraction);
          return NULL;
        }
      if (hotspot_node >= self->n_nodes)
        {
          g_set_error (error, FLITLAB_TRAFFIC_ERROR, FLITLAB_TRAFFIC_ERROR_INVALID,
                       _("The hotspot node %u is not in the network (nodes 0 to %u)"),
                       hotspot_node, self->n_nodes - 1);
          return NULL;
        }
      self->hotspot_fraction = hotspot_fraction;
      self->hotspot_node = hotspot_node;
      return g_steal_pointer (&self);

    case FLITLAB_TRAFFIC_TRANSPOSE:
    case FLITLAB_TRAFFIC_BIT_COMPLEMENT:
    case FLITLAB_TRAFFIC_BIT_REVERSAL:
    case FLITLAB_TRAFFIC_TORNADO:
    case FLITLAB_TRAFFIC_NEIGHBOUR:
      self->permutation = g_new (guint, self->n_nodes);
      for (guint node = 0; node < self->n_nodes; node++)
        {
          guint dst;

          if (!permute (topology, pattern, node, &dst))
            {
              g_autofree char *spec = flitlab_topology_dup_spec (topology);

              g_set_error (error, FLITLAB_TRAFFIC_ERROR, FLITLAB_TRAFFIC_ERROR_INVALID,
                           _("The %s pattern is not defined on %s"),
                           flitlab_traffic_pattern_to_string (pattern), spec);
              return NULL;
            }
          self->permutation[node] = dst == node ? G_MAXUINT : dst;
          active += dst != node;
        }
      self->active_fraction = (double) active / self->n_nodes;
      return g_steal_pointer (&self);

    case FLITLAB_TRAFFIC_MATRIX:
      g_set_error_literal (error, FLITLAB_TRAFFIC_ERROR, FLITLAB_TRAFFIC_ERROR_INVALID,
                           _("The matrix pattern needs a traffic matrix"));
      return NULL;

    case FLITLAB_TRAFFIC_TRACE:
      g_set_error_literal (error, FLITLAB_TRAFFIC_ERROR, FLITLAB_TRAFFIC_ERROR_INVALID,
                           _("A trace is replayed from its file, not generated: choose a "
                             "synthetic pattern or a traffic matrix"));
      return NULL;

    default:
      g_set_error (error, FLITLAB_TRAFFIC_ERROR, FLITLAB_TRAFFIC_ERROR_INVALID,
                   _("Unknown traffic pattern %d"), pattern);
      return NULL;
    }
}

FlitlabTraffic *
flitlab_traffic_new_matrix (const FlitlabTopology  *topology,
                            FlitlabTrafficMatrix   *matrix,
                            GError                **error)
{
  FlitlabTraffic *self;
  guint n_nodes;

  g_return_val_if_fail (topology != NULL && matrix != NULL, NULL);

  n_nodes = flitlab_topology_get_n_nodes (topology);
  if (!flitlab_traffic_matrix_check_size (matrix, n_nodes, error))
    return NULL;
  self = g_new0 (FlitlabTraffic, 1);
  self->pattern = FLITLAB_TRAFFIC_MATRIX;
  self->n_nodes = n_nodes;
  self->matrix = flitlab_traffic_matrix_ref (matrix);
  self->active_fraction = (double) flitlab_traffic_matrix_get_n_sources (matrix) / n_nodes;
  return self;
}

void
flitlab_traffic_free (FlitlabTraffic *self)
{
  if (self == NULL)
    return;
  g_free (self->permutation);
  g_clear_pointer (&self->matrix, flitlab_traffic_matrix_unref);
  g_free (self);
}

/* A pattern's row: the share of src's messages each destination gets. */
static gboolean
pattern_row (guint    src,
             double  *row,
             gpointer user_data,
             GError **error)
{
  const FlitlabTraffic *self = user_data;
  guint n = self->n_nodes;

  if (self->permutation != NULL)
    {
      if (self->permutation[src] != G_MAXUINT)
        row[self->permutation[src]] = 1;
      return TRUE;
    }
  for (guint dst = 0; dst < n; dst++)
    row[dst] = dst == src ? 0 : 1.0 / (n - 1);
  if (self->pattern == FLITLAB_TRAFFIC_HOTSPOT && src != self->hotspot_node)
    {
      for (guint dst = 0; dst < n; dst++)
        row[dst] *= 1 - self->hotspot_fraction;
      row[self->hotspot_node] += self->hotspot_fraction;
    }
  return TRUE;
}

FlitlabTrafficMatrix *
flitlab_traffic_to_matrix (const FlitlabTraffic  *self,
                           GError               **error)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->matrix != NULL)
    return flitlab_traffic_matrix_ref (self->matrix);
  return flitlab_traffic_matrix_new (self->n_nodes, pattern_row, (gpointer) self, error);
}

guint
flitlab_traffic_source (const FlitlabTraffic *self,
                        FlitlabRng           *rng)
{
  guint32 column;

  if (self->matrix == NULL)
    return flitlab_rng_below (rng, self->n_nodes);
  column = flitlab_rng_below (rng, flitlab_traffic_matrix_source_columns (self->matrix));
  return flitlab_traffic_matrix_draw_source (self->matrix, column, flitlab_rng_uniform (rng));
}

guint
flitlab_traffic_destination (const FlitlabTraffic *self,
                             guint                 src,
                             FlitlabRng           *rng)
{
  guint dst;

  if (self->permutation != NULL)
    return self->permutation[src];

  if (self->matrix != NULL)
    {
      guint n = flitlab_traffic_matrix_row_columns (self->matrix, src);
      guint32 column;

      if (n == 0)
        return G_MAXUINT;
      column = flitlab_rng_below (rng, n);
      return flitlab_traffic_matrix_draw_destination (self->matrix, src, column,
                                                      flitlab_rng_uniform (rng));
    }

  if (self->pattern == FLITLAB_TRAFFIC_HOTSPOT && src != self->hotspot_node &&
      flitlab_rng_uniform (rng) < self->hotspot_fraction)
    return self->hotspot_node;

  /* Uniform over the n-1 other nodes. */
  dst = flitlab_rng_below (rng, self->n_nodes - 1);
  return dst >= src ? dst + 1 : dst;
}

double
flitlab_traffic_active_fraction (const FlitlabTraffic *self)
{
  return self->active_fraction;
}
