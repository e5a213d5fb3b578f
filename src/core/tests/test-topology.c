/* test-topology.c: the topology library against brute force and the papers' closed forms
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-topology.h"

static const char * const specs[] = {
  "torus:8x8:uni", "torus:6x6x6:bi", "torus:4x6x3:bi", "torus:5x3:uni", "torus:2x2:bi",
  "torus:7:bi", "mesh:8x8", "mesh:3x5x2", "hypercube:1", "hypercube:6", "necklace:3,4",
  "necklace:2,3", "necklace:1,2", "necklace:3,0", "necklace:3:4,0,2,1,0,3,2,5,1,1,2,3",
};

static FlitlabTopology *
topology (const char *spec)
{
  g_autoptr(GError) error = NULL;
  FlitlabTopology *t = flitlab_topology_new_from_spec (spec, &error);

  g_assert_no_error (error);
  g_assert_nonnull (t);
  return t;
}

/* Breadth-first distances from src over the network channels. */
static guint *
bfs (const FlitlabTopology *t,
     guint                  src)
{
  guint n = flitlab_topology_get_n_nodes (t);
  guint *dist = g_new (guint, n);
  guint *queue = g_new (guint, n);
  guint head = 0, tail = 0;

  for (guint i = 0; i < n; i++)
    dist[i] = G_MAXUINT;
  dist[src] = 0;
  queue[tail++] = src;
  while (head < tail)
    {
      guint node = queue[head++];
      const guint *out;
      guint n_out = flitlab_topology_get_out_channels (t, node, &out);

      for (guint i = 0; i < n_out; i++)
        {
          guint next = flitlab_topology_get_channel (t, out[i])->dst;

          if (dist[next] == G_MAXUINT)
            {
              dist[next] = dist[node] + 1;
              queue[tail++] = next;
            }
        }
    }
  g_free (queue);
  return dist;
}

static void
test_counts (void)
{
  static const struct { const char *spec; guint nodes, network, diameter; } cases[] = {
    { "torus:16x16x16:uni", 4096, 3 * 4096, 45 },
    { "torus:6x6x6:bi", 216, 6 * 216, 9 },
    { "torus:4x6x3:bi", 72, 6 * 72, 2 + 3 + 1 },
    { "mesh:8x8", 64, 2 * 2 * 8 * 7, 14 },
    { "hypercube:10", 1024, 10 * 1024, 10 },
    /* 003: 2^(n-1)(nk+2) nodes, n2^(n-1) + n2^(n-1)(k+1) links (each two channels), n + k */
    { "necklace:3,4", 4 * 14, 2 * (12 + 12 * 5), 7 },
    { "necklace:6,5", 32 * 32, 2 * (192 + 192 * 6), 11 },
    /* 2^n + sum k_i nodes */
    { "necklace:3:4,0,2,1,0,3,2,5,1,1,2,3", 8 + 24, 2 * (12 + 24 + 10), 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(FlitlabTopology) t = topology (cases[i].spec);
      guint n = cases[i].nodes;

      g_assert_cmpuint (flitlab_topology_get_n_nodes (t), ==, n);
      g_assert_cmpuint (flitlab_topology_get_n_network_channels (t), ==, cases[i].network);
      g_assert_cmpuint (flitlab_topology_get_n_channels (t), ==, cases[i].network + 2 * n);
      if (cases[i].diameter > 0)
        g_assert_cmpuint (flitlab_topology_diameter (t), ==, cases[i].diameter);
    }
}

/* Channel records agree with the indexes: ids, out-channel lists, find_channel, injection
 * and ejection channels, and neighbour relations. */
static void
check_channels (gconstpointer data)
{
  g_autoptr(FlitlabTopology) t = topology (data);
  guint n = flitlab_topology_get_n_nodes (t), n_net = flitlab_topology_get_n_network_channels (t);
  guint seen = 0;

  for (guint node = 0; node < n; node++)
    {
      const guint *out;
      guint n_out = flitlab_topology_get_out_channels (t, node, &out);
      const FlitlabChannel *inj = flitlab_topology_get_channel (t, flitlab_topology_get_injection_channel (t, node));
      const FlitlabChannel *ej = flitlab_topology_get_channel (t, flitlab_topology_get_ejection_channel (t, node));

      g_assert_cmpint (inj->kind, ==, FLITLAB_CHANNEL_INJECTION);
      g_assert_cmpint (ej->kind, ==, FLITLAB_CHANNEL_EJECTION);
      g_assert_cmpuint (inj->src, ==, node);
      g_assert_cmpuint (ej->dst, ==, node);
      for (guint i = 0; i < n_out; i++)
        {
          const FlitlabChannel *c = flitlab_topology_get_channel (t, out[i]);

          /* Ids in order: by source node, then dimension, then + before -. */
          g_assert_cmpuint (c->id, ==, out[i]);
          g_assert_cmpuint (out[i], ==, seen);
          g_assert_cmpuint (c->src, ==, node);
          g_assert_cmpuint (c->dst, !=, node);
          g_assert_cmpint (c->kind, ==, FLITLAB_CHANNEL_NETWORK);
          g_assert_true (c->direction == 1 || c->direction == -1);
          if (i > 0)
            {
              const FlitlabChannel *p = flitlab_topology_get_channel (t, out[i - 1]);

              g_assert_true (p->dim < c->dim || (p->dim == c->dim && p->direction >= c->direction));
            }
          if (!c->base_link && flitlab_topology_get_family (t) != FLITLAB_TOPOLOGY_NECKLACE)
            g_assert_cmpuint (flitlab_topology_find_channel (t, node, c->dim, c->direction), ==, c->id);
          seen++;
        }
    }
  g_assert_cmpuint (seen, ==, n_net);
}

/* distance() is the graph distance; the mean distance is exact over distinct pairs. */
static void
check_distances (gconstpointer data)
{
  g_autoptr(FlitlabTopology) t = topology (data);
  guint n = flitlab_topology_get_n_nodes (t), diameter = 0;
  double sum = 0;

  for (guint a = 0; a < n; a++)
    {
      g_autofree guint *dist = bfs (t, a);

      for (guint b = 0; b < n; b++)
        {
          g_assert_cmpuint (dist[b], !=, G_MAXUINT);
          g_assert_cmpuint (flitlab_topology_distance (t, a, b), ==, dist[b]);
          sum += dist[b];
          diameter = MAX (diameter, dist[b]);
        }
    }
  if (n > 1)
    g_assert_cmpfloat (fabs (flitlab_topology_mean_distance (t) - sum / ((double) n * (n - 1))), <, 1e-12);
  g_assert_cmpuint (flitlab_topology_diameter (t), ==, diameter);
}

/* Routes start at the source, chain hop to hop, end at the destination; on tori, meshes and
 * hypercubes they are shortest and dimension-ordered. Minimal next hops are exactly the
 * channels one hop closer. */
static void
check_routes (gconstpointer data)
{
  g_autoptr(FlitlabTopology) t = topology (data);
  g_autoptr(GArray) route = g_array_new (FALSE, FALSE, sizeof (guint));
  gboolean necklace = flitlab_topology_get_family (t) == FLITLAB_TOPOLOGY_NECKLACE;
  guint n = flitlab_topology_get_n_nodes (t);
  guint next[2 * FLITLAB_TOPOLOGY_MAX_DIMS];

  for (guint a = 0; a < n; a++)
    for (guint b = 0; b < n; b++)
      {
        guint hops, node = a, last_dim = 0, n_next, expected = 0;
        const guint *out;
        guint n_out = flitlab_topology_get_out_channels (t, a, &out);

        g_array_set_size (route, 0);
        hops = flitlab_topology_route_dor (t, a, b, route);
        g_assert_cmpuint (hops, ==, route->len);
        for (guint i = 0; i < route->len; i++)
          {
            const FlitlabChannel *c = flitlab_topology_get_channel (t, g_array_index (route, guint, i));

            g_assert_cmpuint (c->src, ==, node);
            if (!necklace)
              {
                g_assert_cmpuint (c->dim, >=, last_dim);
                last_dim = c->dim;
              }
            node = c->dst;
          }
        g_assert_cmpuint (node, ==, b);
        if (!necklace)
          g_assert_cmpuint (hops, ==, flitlab_topology_distance (t, a, b));
        else
          g_assert_cmpuint (hops, >=, flitlab_topology_distance (t, a, b));

        n_next = flitlab_topology_minimal_next_hops (t, a, b, next);
        for (guint i = 0; i < n_out; i++)
          if (a != b && flitlab_topology_distance (t, flitlab_topology_get_channel (t, out[i])->dst, b) + 1 ==
              flitlab_topology_distance (t, a, b))
            {
              g_assert_cmpuint (expected, <, n_next);
              g_assert_cmpuint (next[expected], ==, out[i]);
              expected++;
            }
        g_assert_cmpuint (n_next, ==, expected);
      }
}

/* The papers' closed forms: 2k/3 for the k x k mesh (001), k^2/(k+1) for the uni-directional
 * k x k torus (001 Appendix A), n 2^(n-1)/(2^n - 1) for the hypercube (004). They count
 * distinct pairs, so they are exact here, not approximations. */
static void
test_mean_distance_closed_forms (void)
{
  for (guint k = 2; k <= 32; k++)
    {
      g_autofree char *mesh_spec = g_strdup_printf ("mesh:%ux%u", k, k);
      g_autofree char *torus_spec = g_strdup_printf ("torus:%ux%u:uni", k, k);
      g_autoptr(FlitlabTopology) mesh = topology (mesh_spec);
      g_autoptr(FlitlabTopology) torus = topology (torus_spec);

      g_assert_cmpfloat (fabs (flitlab_topology_mean_distance (mesh) - 2.0 * k / 3), <, 1e-12);
      g_assert_cmpfloat (fabs (flitlab_topology_mean_distance (torus) - (double) k * k / (k + 1)), <, 1e-12);
    }
  for (guint n = 1; n <= 16; n++)
    {
      g_autoptr(FlitlabTopology) cube = flitlab_topology_new_hypercube (n, NULL);
      double nodes = 1u << n;

      g_assert_cmpfloat (fabs (flitlab_topology_mean_distance (cube) - n * nodes / 2 / (nodes - 1)), <, 1e-12);
    }
}

static void
test_bisection (void)
{
  static const struct { const char *spec; guint width; } cases[] = {
    { "torus:8x8:bi", 16 }, { "torus:8x8:uni", 8 }, { "mesh:8x8", 8 }, { "torus:16x16x16:bi", 512 },
    { "hypercube:10", 512 }, { "necklace:3,4", 8 }, { "mesh:4x8", 4 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(FlitlabTopology) t = topology (cases[i].spec);

      g_assert_cmpuint (flitlab_topology_bisection_width (t), ==, cases[i].width);
    }
}

static void
test_coordinates_and_addresses (void)
{
  g_autoptr(FlitlabTopology) torus = topology ("torus:4x6x3:bi");
  g_autoptr(FlitlabTopology) necklace = topology ("necklace:3,4");
  guint coords[3];

  for (guint node = 0; node < 72; node++)
    {
      flitlab_topology_get_coords (torus, node, coords);
      g_assert_cmpuint (coords[0], <, 4);
      g_assert_cmpuint (flitlab_topology_node_from_coords (torus, coords), ==, node);
    }
  flitlab_topology_get_coords (torus, 1 + 4 * 2 + 24 * 1, coords);
  g_assert_cmpuint (coords[0], ==, 1);
  g_assert_cmpuint (coords[1], ==, 2);
  g_assert_cmpuint (coords[2], ==, 1);

  /* Base vertices are (b, 0, 0) of degree 2n (a base link and a necklace link per
   * dimension); every necklace node knows its edge and index 1..k and has degree 2 (003). */
  for (guint node = 0; node < flitlab_topology_get_n_nodes (necklace); node++)
    {
      FlitlabNecklaceAddress a = flitlab_topology_get_necklace_address (necklace, node);
      const guint *out;

      g_assert_cmpuint (flitlab_topology_get_out_channels (necklace, node, &out), ==, node < 8 ? 6 : 2);

      if (node < 8)
        g_assert_true (a.b == node && a.d == 0 && a.i == 0);
      else
        {
          g_assert_true (a.d >= 1 && a.d <= 3 && a.i >= 1 && a.i <= 4);
          g_assert_cmpuint (a.b & (1u << (a.d - 1)), ==, 0);
        }
    }
}

static void
test_spec_round_trip (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      g_autoptr(FlitlabTopology) t = topology (specs[i]);
      g_autofree char *spec = flitlab_topology_dup_spec (t);
      g_autoptr(FlitlabTopology) again = topology (spec);
      g_autofree char *spec2 = flitlab_topology_dup_spec (again);
      g_autoptr(FlitlabTopology) copy = flitlab_topology_copy (t);
      g_autofree char *title = flitlab_topology_dup_title (t);

      g_assert_cmpstr (spec, ==, spec2);
      g_assert_cmpuint (flitlab_topology_get_n_channels (copy), ==, flitlab_topology_get_n_channels (t));
      g_assert_true (strlen (title) > 4);
    }
  {
    g_autoptr(FlitlabTopology) t = topology ("torus:8x8");
    g_autofree char *spec = flitlab_topology_dup_spec (t);

    /* Bi-directional is the default. */
    g_assert_cmpstr (spec, ==, "torus:8x8:bi");
  }
}

static void
test_errors (void)
{
  static const struct { const char *spec; int code; } cases[] = {
    { "torus:", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "torus:1x4:bi", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "torus:4x4:sideways", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "mesh:8x", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "mesh:-8", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "mesh:2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2x2", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "torus:300:bi", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "torus:256x256x2:bi", FLITLAB_TOPOLOGY_ERROR_TOO_LARGE },
    { "hypercube:0", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "hypercube:40", FLITLAB_TOPOLOGY_ERROR_TOO_LARGE },
    { "hypercube:abc", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "necklace:3:4,4", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "necklace:0,4", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "necklace:12,5000", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "necklace:12,4096", FLITLAB_TOPOLOGY_ERROR_TOO_LARGE },
    { "necklace:10,100", FLITLAB_TOPOLOGY_ERROR_TOO_LARGE },
    { "ring:8", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "", FLITLAB_TOPOLOGY_ERROR_INVALID },
    { "torus:8x8:bi:extra", FLITLAB_TOPOLOGY_ERROR_INVALID },
  };
  const guint radices[] = { 4, 1 };
  const guint sizes[] = { 1, 2, 3 };
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(FlitlabTopology) t = flitlab_topology_new_from_spec (cases[i].spec, &error);

      g_assert_null (t);
      g_assert_error (error, FLITLAB_TOPOLOGY_ERROR, cases[i].code);
      g_assert_true (strlen (error->message) > 10);
      g_clear_error (&error);
    }
  g_assert_null (flitlab_topology_new_torus (0, radices, TRUE, &error));
  g_assert_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (flitlab_topology_new_mesh (2, radices, &error));
  g_assert_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID);
  g_clear_error (&error);
  g_assert_null (flitlab_topology_new_necklace_irregular (2, sizes, 3, &error));
  g_assert_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/flitlab/topology/counts", test_counts);
  g_test_add_func ("/flitlab/topology/mean-distance-closed-forms", test_mean_distance_closed_forms);
  g_test_add_func ("/flitlab/topology/bisection", test_bisection);
  g_test_add_func ("/flitlab/topology/coordinates-and-addresses", test_coordinates_and_addresses);
  g_test_add_func ("/flitlab/topology/spec-round-trip", test_spec_round_trip);
  g_test_add_func ("/flitlab/topology/errors", test_errors);
  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      g_autofree char *channels = g_strdup_printf ("/flitlab/topology/channels/%s", specs[i]);
      g_autofree char *distances = g_strdup_printf ("/flitlab/topology/distances/%s", specs[i]);
      g_autofree char *routes = g_strdup_printf ("/flitlab/topology/routes/%s", specs[i]);

      g_test_add_data_func (channels, specs[i], check_channels);
      g_test_add_data_func (distances, specs[i], check_distances);
      g_test_add_data_func (routes, specs[i], check_routes);
    }
  return g_test_run ();
}
