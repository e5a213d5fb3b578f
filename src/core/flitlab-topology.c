/* flitlab-topology.c: the networks of the papers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One struct for every family. Nodes are numbered as flitlab-topology.h says (torus and mesh
 * by mixed-radix coordinates, hypercube by address, necklace: base vertices 0..2^n-1, then the
 * necklace nodes edge by edge, index 1 next to the smaller base vertex). Channels are built
 * once, in id order, with a per-node index of the channels leaving each node.
 *
 * A bi-directional torus of radix 2 keeps both the +1 and the -1 channel of a dimension
 * although they join the same two nodes (the -1 one is the wrap-around): they are distinct
 * channels with distinct ids, so every torus node has 2 n channels.
 *
 * Necklace hypercube (003 Definition 1): base edges are numbered by their smaller base vertex
 * b, then by dimension d (b has bit d clear); edge e joins b and b | 1 << d directly (a base
 * link) and through a necklace of k_e nodes. The distance between two nodes is exact and O(1):
 * a base link is never longer than the necklace beside it, so a shortest path leaves the source
 * necklace at one of its two base vertices, crosses the base hypercube (Hamming distance) and
 * enters the destination necklace at one of its two base vertices, unless both lie on the same
 * necklace and walking along it is shorter.
 */

#include "config.h"

#include <string.h>

#include <sys/stat.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "flitlab-topology-private.h"


G_DEFINE_QUARK (flitlab-topology-error-quark, flitlab_topology_error)

FlitlabTopology *
flitlab_topology_alloc (FlitlabTopologyFamily family)
{
  FlitlabTopology *self = g_new0 (FlitlabTopology, 1);

  g_atomic_ref_count_init (&self->ref_count);
  self->family = family;
  g_mutex_init (&self->lock);
  return self;
}

FlitlabTopology *
flitlab_topology_ref (const FlitlabTopology *self)
{
  FlitlabTopology *shared = (FlitlabTopology *) self;

  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&shared->ref_count);
  return shared;
}

void
flitlab_topology_unref (FlitlabTopology *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_free (self->channels);
  g_free (self->out_offsets);
  g_free (self->out_ids);
  g_free (self->sizes);
  g_free (self->first);
  g_free (self->edge_base);
  g_free (self->edge_dim);
  g_free (self->node_edge);
  g_free (self->edge_of);
  g_free (self->origin);
  g_free (self->links);
  g_free (self->dist);
  g_free (self->next_shortest);
  g_free (self->next_updown[0]);
  g_free (self->next_updown[1]);
  g_free (self->level);
  g_mutex_clear (&self->lock);
  g_free (self);
}

void
flitlab_topology_free (FlitlabTopology *self)
{
  flitlab_topology_unref (self);
}

/* ---- construction ------------------------------------------------------------------ */

typedef struct
{
  GArray *channels;
  GArray *offsets;
} Builder;

static void
add_channel (GArray   *channels,
             guint     src,
             guint     dst,
             guint     dim,
             int       direction,
             gboolean  wraparound,
             gboolean  base_link)
{
  FlitlabChannel c = { channels->len, FLITLAB_CHANNEL_NETWORK, src, dst, dim, direction,
                       wraparound, base_link };

  g_array_append_val (channels, c);
}

/* The neighbours of node, in id order (dimension, then +1 before -1). */
static void
add_node_channels (FlitlabTopology *self,
                   GArray          *channels,
                   guint            node)
{
  guint coords[FLITLAB_TOPOLOGY_MAX_DIMS];

  switch (self->family)
    {
    case FLITLAB_TOPOLOGY_TORUS:
    case FLITLAB_TOPOLOGY_MESH:
      flitlab_topology_get_coords (self, node, coords);
      for (guint d = 0; d < self->n_dims; d++)
        {
          guint k = self->radices[d], c = coords[d];
          gboolean torus = self->family == FLITLAB_TOPOLOGY_TORUS;

          if (torus || c + 1 < k)
            {
              coords[d] = (c + 1) % k;
              add_channel (channels, node, flitlab_topology_node_from_coords (self, coords), d, +1,
                           c + 1 == k, FALSE);
            }
          if (self->bidirectional && (torus || c > 0))
            {
              coords[d] = (c + k - 1) % k;
              add_channel (channels, node, flitlab_topology_node_from_coords (self, coords), d, -1,
                           c == 0, FALSE);
            }
          coords[d] = c;
        }
      break;

    case FLITLAB_TOPOLOGY_HYPERCUBE:
      for (guint d = 0; d < self->n_dims; d++)
        add_channel (channels, node, node ^ (1u << d), d, (node >> d) & 1 ? -1 : +1, FALSE, FALSE);
      break;

    case FLITLAB_TOPOLOGY_FILE:
      /* Its neighbours, in id order (flitlab_topology_new_links()). */
      for (guint i = self->adjacency_offsets[node]; i < self->adjacency_offsets[node + 1]; i++)
        add_channel (channels, node, self->adjacency[i], G_MAXUINT,
                     self->adjacency[i] > node ? +1 : -1, FALSE, FALSE);
      break;

    case FLITLAB_TOPOLOGY_NECKLACE:
    default:
      if (node < (1u << self->n_dims))
        {
          /* A base vertex: per dimension, the base link, then the link into the necklace. */
          for (guint d = 0; d < self->n_dims; d++)
            {
              guint other = node ^ (1u << d), e = self->edge_of[node * self->n_dims + d];
              int dir = node < other ? +1 : -1;

              add_channel (channels, node, other, d, dir, FALSE, TRUE);
              if (self->sizes[e] > 0)
                add_channel (channels, node,
                             dir > 0 ? self->first[e] : self->first[e] + self->sizes[e] - 1,
                             d, dir, FALSE, FALSE);
            }
        }
      else
        {
          guint e = self->node_edge[node], i = node - self->first[e] + 1, k = self->sizes[e];
          guint lower = self->edge_base[e], upper = lower | (1u << self->edge_dim[e]);

          add_channel (channels, node, i == k ? upper : node + 1, self->edge_dim[e], +1,
                       FALSE, FALSE);
          add_channel (channels, node, i == 1 ? lower : node - 1, self->edge_dim[e], -1,
                       FALSE, FALSE);
        }
      break;
    }
}

void
flitlab_topology_build_channels (FlitlabTopology *self)
{
  GArray *channels = g_array_new (FALSE, FALSE, sizeof (FlitlabChannel));

  self->out_offsets = g_new (guint, self->n_nodes + 1);
  for (guint node = 0; node < self->n_nodes; node++)
    {
      self->out_offsets[node] = channels->len;
      add_node_channels (self, channels, node);
    }
  self->out_offsets[self->n_nodes] = channels->len;
  self->n_network = channels->len;
  self->out_ids = g_new (guint, self->n_network);
  for (guint i = 0; i < self->n_network; i++)
    self->out_ids[i] = i;

  for (guint node = 0; node < self->n_nodes; node++)
    {
      FlitlabChannel c = { channels->len, FLITLAB_CHANNEL_INJECTION, node, node, G_MAXUINT, 0,
                           FALSE, FALSE };

      g_array_append_val (channels, c);
    }
  for (guint node = 0; node < self->n_nodes; node++)
    {
      FlitlabChannel c = { channels->len, FLITLAB_CHANNEL_EJECTION, node, node, G_MAXUINT, 0,
                           FALSE, FALSE };

      g_array_append_val (channels, c);
    }
  self->channels = (FlitlabChannel *) g_array_free (channels, FALSE);
}

static FlitlabTopology *
new_cube (FlitlabTopologyFamily   family,
          guint                   n_dims,
          const guint            *radices,
          gboolean                bidirectional,
          GError                **error)
{
  gboolean torus = family == FLITLAB_TOPOLOGY_TORUS;
  FlitlabTopology *self;
  guint64 nodes = 1;

  if (n_dims == 0 || n_dims > FLITLAB_TOPOLOGY_MAX_DIMS)
    {
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                   torus ? _("A torus has 1 to %u dimensions, not %u")
                         : _("A mesh has 1 to %u dimensions, not %u"),
                   FLITLAB_TOPOLOGY_MAX_DIMS, n_dims);
      return NULL;
    }
  for (guint d = 0; d < n_dims; d++)
    {
      if (radices[d] < 2 || radices[d] > 256)
        {
          g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                       torus ? _("A torus radix must be from 2 to 256, not %u (dimension %u)")
                             : _("A mesh radix must be from 2 to 256, not %u (dimension %u)"),
                       radices[d], d);
          return NULL;
        }
      nodes *= radices[d];
      if (nodes > FLITLAB_TOPOLOGY_MAX_NODES)
        {
          g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_TOO_LARGE,
                       torus ? _("A torus of more than %u nodes is too large to handle")
                             : _("A mesh of more than %u nodes is too large to handle"),
                       FLITLAB_TOPOLOGY_MAX_NODES);

          return NULL;
        }
    }

  self = flitlab_topology_alloc (family);
  self->bidirectional = bidirectional;
  self->n_dims = n_dims;
  memcpy (self->radices, radices, sizeof (guint) * n_dims);
  self->n_nodes = (guint) nodes;
  flitlab_topology_build_channels (self);
  return self;
}

FlitlabTopology *
flitlab_topology_new_torus (guint          n_dims,
                            const guint   *radices,
                            gboolean       bidirectional,
                            GError       **error)
{
  return new_cube (FLITLAB_TOPOLOGY_TORUS, n_dims, radices, bidirectional, error);
}

FlitlabTopology *
flitlab_topology_new_mesh (guint          n_dims,
                           const guint   *radices,
                           GError       **error)
{
  return new_cube (FLITLAB_TOPOLOGY_MESH, n_dims, radices, TRUE, error);
}

FlitlabTopology *
flitlab_topology_new_hypercube (guint    n,
                                GError **error)
{
  FlitlabTopology *self;

  if (n < 1 || n > 16)
    {
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, n > 16 ? FLITLAB_TOPOLOGY_ERROR_TOO_LARGE
                                                          : FLITLAB_TOPOLOGY_ERROR_INVALID,
                   _("A hypercube has 1 to 16 dimensions, not %u"), n);
      return NULL;
    }
  self = flitlab_topology_alloc (FLITLAB_TOPOLOGY_HYPERCUBE);
  self->bidirectional = TRUE;
  self->n_dims = n;
  for (guint d = 0; d < n; d++)
    self->radices[d] = 2;
  self->n_nodes = 1u << n;
  flitlab_topology_build_channels (self);
  return self;
}

/* The base hypercube of a necklace hypercube has 1 to 16 dimensions, as a hypercube does. */
static gboolean
check_necklace_n (guint    n,
                  GError **error)
{
  if (n < 1 || n > 16)
    {
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, n > 16 ? FLITLAB_TOPOLOGY_ERROR_TOO_LARGE
                                                          : FLITLAB_TOPOLOGY_ERROR_INVALID,
                   _("A necklace hypercube's base hypercube has 1 to 16 dimensions, not %u"), n);
      return FALSE;
    }
  return TRUE;
}

FlitlabTopology *
flitlab_topology_new_necklace_irregular (guint          n,
                                         const guint   *sizes,
                                         guint          n_sizes,
                                         GError       **error)
{
  FlitlabTopology *self;
  guint n_edges, e = 0;
  guint64 nodes;

  if (!check_necklace_n (n, error))
    return NULL;
  n_edges = n << (n - 1);
  if (n_sizes != n_edges)
    {
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                   _("An irregular necklace hypercube with n = %u needs one necklace size per base "
                     "edge, n·2^(n-1) = %u of them, not %u"), n, n_edges, n_sizes);
      return NULL;
    }
  nodes = 1u << n;
  for (guint i = 0; i < n_sizes; i++)
    nodes += sizes[i];
  if (nodes > FLITLAB_TOPOLOGY_MAX_NODES)
    {
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_TOO_LARGE,
                   _("A necklace hypercube of %llu nodes is too large (at most %u)"),
                   (unsigned long long) nodes, FLITLAB_TOPOLOGY_MAX_NODES);
      return NULL;
    }

  self = flitlab_topology_alloc (FLITLAB_TOPOLOGY_NECKLACE);
  self->bidirectional = TRUE;
  self->irregular = TRUE;
  self->n_dims = n;
  for (guint d = 0; d < n; d++)
    self->radices[d] = 2;
  self->n_nodes = (guint) nodes;
  self->n_edges = n_edges;
  self->sizes = g_memdup2 (sizes, sizeof (guint) * n_edges);
  self->first = g_new (guint, n_edges);
  self->edge_base = g_new (guint, n_edges);
  self->edge_dim = g_new (guint, n_edges);
  self->node_edge = g_new (guint, self->n_nodes);
  self->edge_of = g_new (guint, (gsize) n << n);
  for (guint b = 0; b < (1u << n); b++)
    {
      self->node_edge[b] = G_MAXUINT;
      for (guint d = 0; d < n; d++)
        if (!(b & (1u << d)))
          {
            self->edge_base[e] = b;
            self->edge_dim[e] = d;
            self->edge_of[b * n + d] = self->edge_of[(b | (1u << d)) * n + d] = e;
            e++;
          }
    }
  for (guint i = 0, next = 1u << n; i < n_edges; i++)
    {
      self->first[i] = next;
      for (guint j = 0; j < sizes[i]; j++)
        self->node_edge[next + j] = i;
      next += sizes[i];
    }
  flitlab_topology_build_channels (self);
  return self;
}

FlitlabTopology *
flitlab_topology_new_necklace (guint    n,
                               guint    k,
                               GError **error)
{
  g_autofree guint *sizes = NULL;
  FlitlabTopology *self;

  if (!check_necklace_n (n, error))
    return NULL;
  if (k > 4096)
    {
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                   _("A regular (n,k) necklace hypercube has k from 0 to 4096 nodes per "
                     "necklace, not %u"), k);
      return NULL;
    }
  /* 2^(n-1) (nk + 2) nodes (003), checked before the size vector is built. */
  if (((guint64) n * k + 2) << (n - 1) > FLITLAB_TOPOLOGY_MAX_NODES)
    {
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_TOO_LARGE,
                   _("A (%u,%u) necklace hypercube has %llu nodes, too large (at most %u)"),
                   n, k, (unsigned long long) (((guint64) n * k + 2) << (n - 1)),
                   FLITLAB_TOPOLOGY_MAX_NODES);

      return NULL;
    }
  sizes = g_new (guint, n << (n - 1));
  for (guint i = 0; i < (n << (n - 1)); i++)
    sizes[i] = k;
  self = flitlab_topology_new_necklace_irregular (n, sizes, n << (n - 1), error);
  if (self != NULL)
    self->irregular = FALSE;
  return self;
}

/* ---- specs ------------------------------------------------------------------------- */

static gboolean
parse_list (const char *text,
            const char *separator,
            guint      *values,
            guint       max_values,
            guint      *n_values)
{
  g_auto(GStrv) parts = g_strsplit (text, separator, -1);
  guint n = g_strv_length (parts);

  if (n == 0 || n > max_values)
    return FALSE;
  for (guint i = 0; i < n; i++)
    {
      guint64 v;

      if (!g_ascii_string_to_unsigned (parts[i], 10, 0, 1000000, &v, NULL))
        return FALSE;
      values[i] = (guint) v;
    }
  *n_values = n;
  return TRUE;
}

/* A network file, read here with GLib alone: its errors start with its path. */
static FlitlabTopology *
new_from_file (const char  *path,
               GError     **error)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  FlitlabTopology *self;
  gsize length;

  GStatBuf info;

  /* A FIFO would block and a device never end: a regular file of a sane size only. */
  if (g_stat (path, &info) == 0 &&
      (!S_ISREG (info.st_mode) || info.st_size > FLITLAB_TOPOLOGY_FILE_MAX_BYTES))
    {
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                   S_ISREG (info.st_mode) ? _("%s: too large for a network file (at most %u bytes)")
                                          : _("%s: not a regular file"),
                   path, FLITLAB_TOPOLOGY_FILE_MAX_BYTES);
      return NULL;
    }
  if (!g_file_get_contents (path, &text, &length, &local_error))
    {
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                   "%s", local_error->message);
      return NULL;
    }
  if (strlen (text) != length)
    {
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                   _("%s: not a network file (it holds a NUL byte)"), path);
      return NULL;
    }
  self = flitlab_topology_new_from_text (text, path, &local_error);
  if (self == NULL)
    g_set_error (error, FLITLAB_TOPOLOGY_ERROR, local_error->code, "%s: %s", path,
                 local_error->message);
  return self;
}

FlitlabTopology *
flitlab_topology_new_from_spec (const char  *spec,
                                GError     **error)
{
  g_auto(GStrv) parts = NULL;
  guint n_parts, values[FLITLAB_TOPOLOGY_MAX_DIMS], n_values;

  g_return_val_if_fail (spec != NULL, NULL);

  parts = g_strsplit (spec, ":", -1);
  n_parts = g_strv_length (parts);

  if (n_parts >= 2 && n_parts <= 3 && g_str_equal (parts[0], "torus"))
    {
      gboolean bi = TRUE;

      if (n_parts == 3 && !g_str_equal (parts[2], "bi") && !g_str_equal (parts[2], "uni"))
        goto bad;
      bi = n_parts == 2 || g_str_equal (parts[2], "bi");
      if (!parse_list (parts[1], "x", values, FLITLAB_TOPOLOGY_MAX_DIMS, &n_values))
        goto bad;
      return flitlab_topology_new_torus (n_values, values, bi, error);
    }
  if (n_parts == 2 && g_str_equal (parts[0], "mesh"))
    {
      if (!parse_list (parts[1], "x", values, FLITLAB_TOPOLOGY_MAX_DIMS, &n_values))
        goto bad;
      return flitlab_topology_new_mesh (n_values, values, error);
    }
  if (n_parts == 2 && g_str_equal (parts[0], "hypercube"))
    {
      if (!parse_list (parts[1], ",", values, 1, &n_values))
        goto bad;
      return flitlab_topology_new_hypercube (values[0], error);
    }
  if (n_parts == 2 && g_str_equal (parts[0], "necklace"))
    {
      if (!parse_list (parts[1], ",", values, 2, &n_values) || n_values != 2)
        goto bad;
      return flitlab_topology_new_necklace (values[0], values[1], error);
    }
  if (n_parts == 3 && g_str_equal (parts[0], "necklace"))
    {
      /* One size per comma-separated field, at most 16 2^15 (the edges of a 16-cube). */
      guint max_sizes = 1, n_sizes;
      g_autofree guint *sizes = NULL;

      for (const char *p = parts[2]; *p != '\0'; p++)
        max_sizes += *p == ',';
      if (max_sizes > 16u << 15)
        goto bad;
      sizes = g_new (guint, max_sizes);
      if (!parse_list (parts[1], ",", values, 1, &n_values) ||
          !parse_list (parts[2], ",", sizes, max_sizes, &n_sizes))
        goto bad;
      return flitlab_topology_new_necklace_irregular (values[0], sizes, n_sizes, error);
    }

  if (g_str_has_prefix (spec, "file:") && spec[5] != '\0')
    return new_from_file (spec + 5, error);

bad:
  g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
               _("“%s” is not a network: write torus:16x16x16:uni, torus:6x6x6:bi, mesh:8x8, "
                 "hypercube:10, necklace:6,5, necklace:3:4,4,2,… or file:PATH"), spec);
  return NULL;
}

FlitlabTopology *
flitlab_topology_copy (const FlitlabTopology *self)
{
  g_autofree char *spec = NULL;

  /* A file network from its links: the file may have changed since, or be gone. */
  if (self->family == FLITLAB_TOPOLOGY_FILE)
    return flitlab_topology_new_links (self->n_nodes, self->links, self->n_links, self->origin,
                                       NULL);
  spec = flitlab_topology_dup_spec (self);
  return flitlab_topology_new_from_spec (spec, NULL);
}

static void
append_radices (GString               *text,
                const FlitlabTopology *self,
                const char            *separator)
{
  for (guint d = 0; d < self->n_dims; d++)
    g_string_append_printf (text, "%s%u", d > 0 ? separator : "", self->radices[d]);
}

char *
flitlab_topology_dup_spec (const FlitlabTopology *self)
{
  GString *text = g_string_new (NULL);

  switch (self->family)
    {
    case FLITLAB_TOPOLOGY_TORUS:
      g_string_append (text, "torus:");
      append_radices (text, self, "x");
      g_string_append (text, self->bidirectional ? ":bi" : ":uni");
      break;
    case FLITLAB_TOPOLOGY_MESH:
      g_string_append (text, "mesh:");
      append_radices (text, self, "x");
      break;
    case FLITLAB_TOPOLOGY_HYPERCUBE:
      g_string_append_printf (text, "hypercube:%u", self->n_dims);
      break;
    case FLITLAB_TOPOLOGY_FILE:
      g_string_append_printf (text, "file:%s", self->origin != NULL ? self->origin : "");
      break;
    case FLITLAB_TOPOLOGY_NECKLACE:
    default:
      if (!self->irregular)
        g_string_append_printf (text, "necklace:%u,%u", self->n_dims, self->sizes[0]);
      else
        {
          g_string_append_printf (text, "necklace:%u:", self->n_dims);
          for (guint e = 0; e < self->n_edges; e++)
            g_string_append_printf (text, "%s%u", e > 0 ? "," : "", self->sizes[e]);
        }
      break;
    }
  return g_string_free (text, FALSE);
}

char *
flitlab_topology_dup_title (const FlitlabTopology *self)
{
  GString *text = g_string_new (NULL);
  g_autoptr(GString) radices = g_string_new (NULL);

  /* Translators: the titles of networks; %s: the radices, such as 8×8 */
  switch (self->family)
    {
    case FLITLAB_TOPOLOGY_TORUS:
      append_radices (radices, self, "×");
      if (self->bidirectional)
        g_string_append_printf (text, _("%s torus, bi-directional"), radices->str);
      else
        g_string_append_printf (text, _("%s torus, uni-directional"), radices->str);
      break;
    case FLITLAB_TOPOLOGY_MESH:
      append_radices (radices, self, "×");
      g_string_append_printf (text, _("%s mesh"), radices->str);
      break;
    case FLITLAB_TOPOLOGY_HYPERCUBE:
      g_string_append_printf (text, _("%u-cube (%u nodes)"), self->n_dims, self->n_nodes);
      break;
    case FLITLAB_TOPOLOGY_FILE:
      g_string_append_printf (text, _("network from a file (%u nodes, %u links)"), self->n_nodes,
                              self->n_links);
      break;
    case FLITLAB_TOPOLOGY_NECKLACE:
    default:
      if (!self->irregular)
        g_string_append_printf (text, _("(%u,%u) necklace hypercube (%u nodes)"), self->n_dims,
                                self->sizes[0], self->n_nodes);
      else
        g_string_append_printf (text, _("irregular necklace hypercube, n = %u (%u nodes)"),
                                self->n_dims, self->n_nodes);
      break;
    }
  return g_string_free (text, FALSE);
}

/* ---- accessors --------------------------------------------------------------------- */

FlitlabTopologyFamily
flitlab_topology_get_family (const FlitlabTopology *self)
{
  return self->family;
}

gboolean
flitlab_topology_is_bidirectional (const FlitlabTopology *self)
{
  return self->bidirectional;
}

guint
flitlab_topology_get_n_dims (const FlitlabTopology *self)
{
  return self->n_dims;
}

guint
flitlab_topology_get_radix (const FlitlabTopology *self,
                            guint                  dim)
{
  g_return_val_if_fail (dim < self->n_dims, 0);
  return self->radices[dim];
}

guint
flitlab_topology_get_necklace_size (const FlitlabTopology *self,
                                    guint                  edge)
{
  if (self->family != FLITLAB_TOPOLOGY_NECKLACE || edge >= self->n_edges)
    return 0;
  return self->sizes[edge];
}

guint
flitlab_topology_get_n_nodes (const FlitlabTopology *self)
{
  return self->n_nodes;
}

guint
flitlab_topology_get_n_channels (const FlitlabTopology *self)
{
  return self->n_network + 2 * self->n_nodes;
}

guint
flitlab_topology_get_n_network_channels (const FlitlabTopology *self)
{
  return self->n_network;
}

const FlitlabChannel *
flitlab_topology_get_channel (const FlitlabTopology *self,
                              guint                  id)
{
  g_return_val_if_fail (id < self->n_network + 2 * self->n_nodes, NULL);
  return &self->channels[id];
}

guint
flitlab_topology_get_injection_channel (const FlitlabTopology *self,
                                        guint                  node)
{
  return self->n_network + node;
}

guint
flitlab_topology_get_ejection_channel (const FlitlabTopology *self,
                                       guint                  node)
{
  return self->n_network + self->n_nodes + node;
}

guint
flitlab_topology_get_out_channels (const FlitlabTopology  *self,
                                   guint                   node,
                                   const guint           **channel_ids)
{
  g_return_val_if_fail (node < self->n_nodes, 0);
  *channel_ids = self->out_ids + self->out_offsets[node];
  return self->out_offsets[node + 1] - self->out_offsets[node];
}

/* On a necklace base vertex both the base link and the necklace link of a dimension share its
 * direction: the base link, first in id order, is the one returned. */
guint
flitlab_topology_find_channel (const FlitlabTopology *self,
                               guint                  src,
                               guint                  dim,
                               int                    direction)
{
  g_return_val_if_fail (src < self->n_nodes, G_MAXUINT);
  for (guint i = self->out_offsets[src]; i < self->out_offsets[src + 1]; i++)
    if (self->channels[i].dim == dim && self->channels[i].direction == direction)
      return i;
  return G_MAXUINT;
}

void
flitlab_topology_get_coords (const FlitlabTopology *self,
                             guint                  node,
                             guint                 *coords)
{
  for (guint d = 0; d < self->n_dims; d++)
    {
      coords[d] = node % self->radices[d];
      node /= self->radices[d];
    }
}

guint
flitlab_topology_node_from_coords (const FlitlabTopology *self,
                                   const guint           *coords)
{
  guint node = 0;

  for (guint d = self->n_dims; d > 0; d--)
    node = node * self->radices[d - 1] + coords[d - 1];
  return node;
}

FlitlabNecklaceAddress
flitlab_topology_get_necklace_address (const FlitlabTopology *self,
                                       guint                  node)
{
  FlitlabNecklaceAddress address = { node, 0, 0 };
  guint e;

  g_return_val_if_fail (self->family == FLITLAB_TOPOLOGY_NECKLACE && node < self->n_nodes, address);
  if (node < (1u << self->n_dims))
    return address;
  e = self->node_edge[node];
  address.b = self->edge_base[e];
  address.d = self->edge_dim[e] + 1;
  address.i = node - self->first[e] + 1;
  return address;
}
