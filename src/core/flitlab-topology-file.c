/* flitlab-topology-file.c: networks read from a file: their two formats, their distances,
 * routing tables and bisection width
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/networks.md is the user's account of what follows. Two formats, told apart by the first
 * word that is not a comment:
 * - BookSim's anynet listing: "router R node N … router R2 [weight] …", one router per line.
 *   A router links to the routers it names and they to it (one bi-directional link, however
 *   many of its two routers' lines name it). Flitlab's node is a router with one processor,
 *   so each router must have exactly one "node N", and node N is Flitlab's node N: the
 *   terminals are numbered 0..N-1 without gaps. Weights are BookSim's link latencies; a
 *   Flitlab channel takes one cycle, so a weight other than 1 is refused, not ignored.
 * - an edge list: one "a b" link per line, bi-directional; a first line with one number gives
 *   the node count (otherwise the highest id plus one).
 *
 * The tables, built once on first use: all-pairs distances by breadth-first search; the
 * shortest-path routing's next hop, the lowest-id neighbour one hop nearer; and up*\/down*
 * routing (Schroeder et al., Autonet): a breadth-first tree from node 0 gives each node a
 * level, a hop goes up when it reaches a lower level (or the same level and a lower id), and
 * a legal route never takes an up hop after a down hop. Its next hop is taken along a shortest
 * legal route, the lowest-id neighbour on ties, from one of two tables: before any down hop
 * and after one (the header's phase: flitlab_router_hops()).
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-topology-private.h"

#define UNSEEN G_MAXUINT16

/* ---- construction ------------------------------------------------------------------ */

static int
compare_links (gconstpointer a,
               gconstpointer b)
{
  const guint *x = a, *y = b;

  if (x[0] != y[0])
    return x[0] < y[0] ? -1 : 1;
  return x[1] < y[1] ? -1 : x[1] > y[1];
}

FlitlabTopology *
flitlab_topology_new_links (guint          n_nodes,
                            const guint   *links,
                            guint          n_links,
                            const char    *origin,
                            GError       **error)
{
  g_autofree guint *sorted = NULL, *degree = NULL, *seen = NULL;
  g_autoptr(GArray) queue = NULL;
  FlitlabTopology *self;
  guint reached = 1, root = 0;

  if (n_nodes < 2 || n_nodes > FLITLAB_TOPOLOGY_FILE_MAX_NODES)
    {
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, n_nodes < 2 ? FLITLAB_TOPOLOGY_ERROR_INVALID
                                                              : FLITLAB_TOPOLOGY_ERROR_TOO_LARGE,
                   _("A network from a file has 2 to %u nodes, not %u"),
                   FLITLAB_TOPOLOGY_FILE_MAX_NODES, n_nodes);
      return NULL;
    }
  sorted = g_new (guint, 2 * (gsize) MAX (n_links, 1));
  degree = g_new0 (guint, n_nodes);
  for (guint i = 0; i < n_links; i++)
    {
      guint a = MIN (links[2 * i], links[2 * i + 1]), b = MAX (links[2 * i], links[2 * i + 1]);

      if (b >= n_nodes || a == b)
        {
          g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                       a == b ? _("Node %u is linked to itself") : _("Node %u is not among the "
                                                                      "network's nodes"), b);
          return NULL;
        }
      sorted[2 * i] = a;
      sorted[2 * i + 1] = b;
      if (++degree[a] > FLITLAB_TOPOLOGY_FILE_MAX_DEGREE ||
          ++degree[b] > FLITLAB_TOPOLOGY_FILE_MAX_DEGREE)
        {
          g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_TOO_LARGE,
                       _("Node %u has more than %u links"),
                       degree[a] > FLITLAB_TOPOLOGY_FILE_MAX_DEGREE ? a : b,
                       FLITLAB_TOPOLOGY_FILE_MAX_DEGREE);
          return NULL;
        }
    }
  qsort (sorted, n_links, 2 * sizeof (guint), compare_links);
  for (guint i = 1; i < n_links; i++)
    if (sorted[2 * i] == sorted[2 * i - 2] && sorted[2 * i + 1] == sorted[2 * i - 1])
      {
        g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                     _("Nodes %u and %u are linked twice"), sorted[2 * i], sorted[2 * i + 1]);
        return NULL;
      }

  self = flitlab_topology_alloc (FLITLAB_TOPOLOGY_FILE);
  self->bidirectional = TRUE;
  self->n_nodes = n_nodes;
  self->n_links = n_links;
  self->links = g_steal_pointer (&sorted);
  self->origin = g_strdup (origin);
  /* The neighbours of each node in id order: the links are sorted, so a node's smaller
   * neighbours (links where it is the larger end) come in order, then its larger ones. */
  self->adjacency_offsets = g_new0 (guint, n_nodes + 1);
  for (guint v = 0; v < n_nodes; v++)
    self->adjacency_offsets[v + 1] = self->adjacency_offsets[v] + degree[v];
  self->adjacency = g_new (guint, 2 * (gsize) MAX (n_links, 1));
  memset (degree, 0, sizeof (guint) * n_nodes);
  for (guint i = 0; i < n_links; i++)
    {
      guint a = self->links[2 * i], b = self->links[2 * i + 1];

      self->adjacency[self->adjacency_offsets[b] + degree[b]++] = a;
    }
  for (guint i = 0; i < n_links; i++)
    {
      guint a = self->links[2 * i], b = self->links[2 * i + 1];

      self->adjacency[self->adjacency_offsets[a] + degree[a]++] = b;
    }
  flitlab_topology_build_channels (self);
  g_clear_pointer (&self->adjacency, g_free);
  g_clear_pointer (&self->adjacency_offsets, g_free);

  /* Connected: every node reached from node 0. */
  seen = g_new0 (guint, n_nodes);
  queue = g_array_sized_new (FALSE, FALSE, sizeof (guint), n_nodes);
  seen[0] = TRUE;
  g_array_append_val (queue, root);
  for (guint q = 0; q < queue->len; q++)
    {
      guint node = g_array_index (queue, guint, q);

      for (guint i = self->out_offsets[node]; i < self->out_offsets[node + 1]; i++)
        if (!seen[self->channels[i].dst])
          {
            seen[self->channels[i].dst] = TRUE;
            g_array_append_val (queue, self->channels[i].dst);
            reached++;
          }
    }
  if (reached < n_nodes)
    {
      guint lost = 0;

      while (seen[lost])
        lost++;
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                   _("The network is not connected: node %u cannot reach node 0"), lost);
      flitlab_topology_unref (self);
      return NULL;
    }
  return self;
}

/* ---- the two formats --------------------------------------------------------------- */

static gboolean
parse_id (const char  *word,
          guint        line,
          const char  *what,
          guint       *id,
          GError     **error)
{
  guint64 v;

  if (word == NULL || !g_ascii_string_to_unsigned (word, 10, 0, FLITLAB_TOPOLOGY_FILE_MAX_NODES - 1,
                                                   &v, NULL))
    {
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                   /* Translators: %2$s is "node" or "router", as written in the file */
                   _("line %1$u: “%3$s” is not a %2$s number (0 to %4$u)"), line, what,
                   word != NULL ? word : "", FLITLAB_TOPOLOGY_FILE_MAX_NODES - 1);
      return FALSE;
    }
  *id = (guint) v;
  return TRUE;
}

/* The words of a line before any #, NULL-free: empty when the line holds nothing. */
static GStrv
split_words (const char *line)
{
  g_autofree char *content = g_strndup (line, strcspn (line, "#"));
  g_auto(GStrv) words = g_strsplit_set (g_strstrip (content), " \t\r", -1);
  GPtrArray *kept = g_ptr_array_new ();

  for (guint i = 0; words[i] != NULL; i++)
    if (*words[i] != '\0')
      g_ptr_array_add (kept, g_strdup (words[i]));
  g_ptr_array_add (kept, NULL);
  return (GStrv) g_ptr_array_free (kept, FALSE);
}

static gboolean
is_word (const char *word,
         const char *keyword)
{
  return word != NULL && g_ascii_strcasecmp (word, keyword) == 0;
}

/* The anynet listing: lines[] from first on. */
static FlitlabTopology *
read_anynet (char        **lines,
             guint         first,
             const char   *origin,
             GError      **error)
{
  /* Per router: its node (G_MAXUINT: none yet); per node: its router. Links as router pairs,
   * smaller first, each once. */
  g_autoptr(GHashTable) router_node = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) node_router = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) linked = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GArray) pairs = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autofree guint *links = NULL;
  guint n_nodes = 0, max_router = 0;
  gboolean any_router = FALSE;

  for (guint l = first; lines[l] != NULL; l++)
    {
      g_auto(GStrv) words = split_words (lines[l]);
      g_autoptr(GHashTable) named = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                                           NULL);
      guint line = l + 1, router, w = 2;

      if (words[0] == NULL)
        continue;
      if (!is_word (words[0], "router"))
        {
          g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                       _("line %u: an anynet line starts with “router R”, not “%s”"), line,
                       words[0]);
          return NULL;
        }
      if (!parse_id (words[1], line, "router", &router, error))
        return NULL;
      max_router = MAX (max_router, router);
      any_router = TRUE;
      if (!g_hash_table_contains (router_node, GUINT_TO_POINTER (router)))
        g_hash_table_insert (router_node, GUINT_TO_POINTER (router), GUINT_TO_POINTER (G_MAXUINT));
      while (words[w] != NULL)
        {
          gboolean node = is_word (words[w], "node");
          gint64 key;
          guint id;

          if (!node && !is_word (words[w], "router"))
            {
              g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                           _("line %u: expected “node N” or “router R”, not “%s”"), line,
                           words[w]);
              return NULL;
            }
          if (!parse_id (words[w + 1], line, node ? "node" : "router", &id, error))
            return NULL;
          w += 2;
          /* An optional weight: BookSim's latency in cycles; a Flitlab channel takes one. */
          if (words[w] != NULL && g_ascii_isdigit (words[w][0]))
            {
              if (!g_str_equal (words[w], "1"))
                {
                  g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                               _("line %u: link weight %s: every Flitlab channel takes one "
                                 "cycle, so only weight 1 is accepted"), line, words[w]);
                  return NULL;
                }
              w++;
            }
          key = (gint64) id * 2 + node;
          if (g_hash_table_contains (named, &key))
            {
              g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                           node ? _("line %u: router %u links node %u twice")
                                : _("line %u: router %u links router %u twice"),
                           line, router, id);
              return NULL;
            }
          g_hash_table_add (named, g_memdup2 (&key, sizeof key));
          if (node)
            {
              gpointer other;

              if (g_hash_table_lookup_extended (node_router, GUINT_TO_POINTER (id), NULL, &other))
                {
                  g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                               _("line %u: node %u is attached to router %u and to router %u"),
                               line, id, GPOINTER_TO_UINT (other), router);
                  return NULL;
                }
              if (GPOINTER_TO_UINT (g_hash_table_lookup (router_node, GUINT_TO_POINTER (router)))
                  != G_MAXUINT)
                {
                  g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                               _("line %u: router %u has a second node (%u): a Flitlab node is "
                                 "one router with one processor"), line, router, id);
                  return NULL;
                }
              g_hash_table_insert (node_router, GUINT_TO_POINTER (id), GUINT_TO_POINTER (router));
              g_hash_table_insert (router_node, GUINT_TO_POINTER (router), GUINT_TO_POINTER (id));
              n_nodes = MAX (n_nodes, id + 1);
            }
          else
            {
              gint64 pair = (gint64) MIN (router, id) << 32 | MAX (router, id);

              if (id == router)
                {
                  g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                               _("line %u: router %u links itself"), line, router);
                  return NULL;
                }
              max_router = MAX (max_router, id);
              if (!g_hash_table_contains (router_node, GUINT_TO_POINTER (id)))
                g_hash_table_insert (router_node, GUINT_TO_POINTER (id),
                                     GUINT_TO_POINTER (G_MAXUINT));
              /* Named from both ends, it is one link (as in BookSim). */
              if (!g_hash_table_contains (linked, &pair))
                {
                  g_hash_table_add (linked, g_memdup2 (&pair, sizeof pair));
                  g_array_append_val (pairs, pair);
                }
            }
        }
    }
  if (!any_router)
    {
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                   _("The file holds no network"));
      return NULL;
    }
  for (guint r = 0; r <= max_router; r++)
    {
      gpointer node;

      if (!g_hash_table_lookup_extended (router_node, GUINT_TO_POINTER (r), NULL, &node))
        {
          g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                       _("Router %u is missing: routers are numbered from 0 without gaps"), r);
          return NULL;
        }
      if (GPOINTER_TO_UINT (node) == G_MAXUINT)
        {
          g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                       _("Router %u has no node: a Flitlab node is one router with one "
                         "processor"), r);
          return NULL;
        }
    }
  for (guint n = 0; n < n_nodes; n++)
    if (!g_hash_table_contains (node_router, GUINT_TO_POINTER (n)))
      {
        g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                     _("Node %u is missing: nodes are numbered from 0 without gaps"), n);
        return NULL;
      }

  links = g_new (guint, 2 * (gsize) MAX (pairs->len, 1));
  for (guint i = 0; i < pairs->len; i++)
    {
      gint64 pair = g_array_index (pairs, gint64, i);
      guint a = (guint) (pair >> 32), b = (guint) (pair & 0xffffffff);

      links[2 * i] = GPOINTER_TO_UINT (g_hash_table_lookup (router_node, GUINT_TO_POINTER (a)));
      links[2 * i + 1] = GPOINTER_TO_UINT (g_hash_table_lookup (router_node,
                                                                GUINT_TO_POINTER (b)));
    }
  return flitlab_topology_new_links (n_nodes, links, pairs->len, origin, error);
}

/* The edge list: lines[] from first on. */
static FlitlabTopology *
read_edge_list (char        **lines,
                guint         first,
                const char   *origin,
                GError      **error)
{
  g_autoptr(GArray) links = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr(GHashTable) linked = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  guint declared = 0, highest = 0;
  gboolean header = FALSE;

  for (guint l = first; lines[l] != NULL; l++)
    {
      g_auto(GStrv) words = split_words (lines[l]);
      guint line = l + 1, n = g_strv_length (words), a, b;
      gint64 pair;

      if (n == 0)
        continue;
      if (l == first && n == 1)
        {
          guint64 v;

          if (!g_ascii_string_to_unsigned (words[0], 10, 2, FLITLAB_TOPOLOGY_FILE_MAX_NODES, &v,
                                           NULL))
            {
              g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                           _("line %u: “%s” is not a node count (2 to %u)"), line, words[0],
                           FLITLAB_TOPOLOGY_FILE_MAX_NODES);
              return NULL;
            }
          declared = (guint) v;
          header = TRUE;
          continue;
        }
      if (n != 2)
        {
          g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                       _("line %u: expected one link, two node numbers “a b”"), line);
          return NULL;
        }
      if (!parse_id (words[0], line, "node", &a, error) ||
          !parse_id (words[1], line, "node", &b, error))
        return NULL;
      if (header && MAX (a, b) >= declared)
        {
          g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                       _("line %u: node %u, but the first line gives %u nodes (0 to %u)"), line,
                       MAX (a, b), declared, declared - 1);
          return NULL;
        }
      if (a == b)
        {
          g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                       _("line %u: node %u is linked to itself"), line, a);
          return NULL;
        }
      pair = (gint64) MIN (a, b) << 32 | MAX (a, b);
      if (g_hash_table_contains (linked, &pair))
        {
          g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                       _("line %u: nodes %u and %u are linked twice"), line, a, b);
          return NULL;
        }
      g_hash_table_add (linked, g_memdup2 (&pair, sizeof pair));
      g_array_append_val (links, a);
      g_array_append_val (links, b);
      highest = MAX (highest, MAX (a, b));
    }
  if (links->len == 0)
    {
      g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
                   _("The file holds no links"));
      return NULL;
    }
  return flitlab_topology_new_links (header ? declared : highest + 1, (guint *) links->data,
                                     links->len / 2, origin, error);
}

FlitlabTopology *
flitlab_topology_new_from_text (const char  *text,
                                const char  *origin,
                                GError     **error)
{
  g_auto(GStrv) lines = NULL;

  g_return_val_if_fail (text != NULL, NULL);

  lines = g_strsplit (text, "\n", -1);
  for (guint l = 0; lines[l] != NULL; l++)
    {
      g_auto(GStrv) words = split_words (lines[l]);

      if (words[0] == NULL)
        continue;
      if (is_word (words[0], "router"))
        return read_anynet (lines, l, origin, error);
      return read_edge_list (lines, l, origin, error);
    }
  g_set_error (error, FLITLAB_TOPOLOGY_ERROR, FLITLAB_TOPOLOGY_ERROR_INVALID,
               _("The file holds no network"));
  return NULL;
}

char *
flitlab_topology_dup_edge_list (const FlitlabTopology *self)
{
  GString *text;

  g_return_val_if_fail (self != NULL && self->family == FLITLAB_TOPOLOGY_FILE, NULL);

  text = g_string_new (NULL);
  g_string_append_printf (text, "%u\n", self->n_nodes);
  for (guint i = 0; i < self->n_links; i++)
    g_string_append_printf (text, "%u %u\n", self->links[2 * i], self->links[2 * i + 1]);
  return g_string_free (text, FALSE);
}

/* ---- tables ------------------------------------------------------------------------ */

gboolean
flitlab_topology_file_is_up (const FlitlabTopology *self,
                             guint                  channel)
{
  const FlitlabChannel *c = &self->channels[channel];
  guint from = self->level[c->src], to = self->level[c->dst];

  return to < from || (to == from && c->dst < c->src);
}

/* Breadth-first distances from src, over the links (both ways alike), into dist[]. */
static void
breadth_first (const FlitlabTopology *self,
               guint                  src,
               guint16               *dist,
               guint                 *queue)
{
  guint head = 0, tail = 0;

  for (guint v = 0; v < self->n_nodes; v++)
    dist[v] = UNSEEN;
  dist[src] = 0;
  queue[tail++] = src;
  while (head < tail)
    {
      guint node = queue[head++];

      for (guint i = self->out_offsets[node]; i < self->out_offsets[node + 1]; i++)
        if (dist[self->channels[i].dst] == UNSEEN)
          {
            dist[self->channels[i].dst] = dist[node] + 1;
            queue[tail++] = self->channels[i].dst;
          }
    }
}

/* The up*\/down* tables towards dst. down[v]: the hops from v to dst by down hops alone
 * (UNSEEN: none); legal[v]: along the shortest legal route (up hops, then down hops). Links
 * are bi-directional, so v's down hop to w is w's up hop to v: down[] grows from dst over up
 * hops. Up hops strictly lower (level, id), so legal[] is filled in that order, root first. */
static void
updown_tables (FlitlabTopology *self,
               guint            dst,
               const guint     *order,
               guint16         *down,
               guint16         *legal,
               guint           *queue)
{
  guint n = self->n_nodes, head = 0, tail = 0;

  for (guint v = 0; v < n; v++)
    down[v] = UNSEEN;
  down[dst] = 0;
  queue[tail++] = dst;
  while (head < tail)
    {
      guint w = queue[head++];

      for (guint i = self->out_offsets[w]; i < self->out_offsets[w + 1]; i++)
        if (flitlab_topology_file_is_up (self, i) && down[self->channels[i].dst] == UNSEEN)
          {
            down[self->channels[i].dst] = down[w] + 1;
            queue[tail++] = self->channels[i].dst;
          }
    }
  for (guint k = 0; k < n; k++)
    {
      guint v = order[k];
      guint best = down[v];

      for (guint i = self->out_offsets[v]; i < self->out_offsets[v + 1]; i++)
        if (flitlab_topology_file_is_up (self, i))
          best = MIN (best, (guint) legal[self->channels[i].dst] + 1);
      legal[v] = (guint16) best;
    }
  /* The next hops: the lowest-id neighbour (out-channels are in neighbour order) one hop
   * nearer along a legal route from the phase the header is in. */
  for (guint v = 0; v < n; v++)
    {
      gsize at = (gsize) v * n + dst;

      self->next_updown[0][at] = self->next_updown[1][at] = FLITLAB_TOPOLOGY_NO_HOP;
      if (v == dst)
        continue;
      for (guint i = self->out_offsets[v]; i < self->out_offsets[v + 1]; i++)
        {
          guint w = self->channels[i].dst, slot = i - self->out_offsets[v];
          gboolean up = flitlab_topology_file_is_up (self, i);

          if (self->next_updown[0][at] == FLITLAB_TOPOLOGY_NO_HOP &&
              (up ? legal[w] : down[w]) + 1 == legal[v])
            self->next_updown[0][at] = (guint8) slot;
          if (self->next_updown[1][at] == FLITLAB_TOPOLOGY_NO_HOP && !up && down[v] != UNSEEN &&
              down[w] + 1 == down[v])
            self->next_updown[1][at] = (guint8) slot;
        }
      g_assert (self->next_updown[0][at] != FLITLAB_TOPOLOGY_NO_HOP);
    }
}

/* Links across the split side[] (0 or 1 per node). */
static guint
cut_width (const FlitlabTopology *self,
           const guint8          *side)
{
  guint width = 0;

  for (guint i = 0; i < self->n_links; i++)
    width += side[self->links[2 * i]] != side[self->links[2 * i + 1]];
  return width;
}

/* Every set of n / 2 nodes (the other half has the rest: balanced), as bit masks. */
static guint
exhaustive_bisection (const FlitlabTopology *self)
{
  guint n = self->n_nodes, best = G_MAXUINT, half = n / 2;
  guint32 adjacency[FLITLAB_TOPOLOGY_BISECTION_EXACT_NODES] = { 0 };

  g_assert (n <= FLITLAB_TOPOLOGY_BISECTION_EXACT_NODES);
  for (guint i = 0; i < self->n_links; i++)
    {
      adjacency[self->links[2 * i]] |= 1u << self->links[2 * i + 1];
      adjacency[self->links[2 * i + 1]] |= 1u << self->links[2 * i];
    }
  for (guint32 set = 0; set < (1u << n); set++)
    {
      guint width = 0;

      if ((guint) __builtin_popcount (set) != half)
        continue;
      for (guint v = 0; v < n; v++)
        if (set & (1u << v))
          width += (guint) __builtin_popcount (adjacency[v] & ~set);
      best = MIN (best, width);
    }
  return best;
}

/* An upper bound: the first half of the breadth-first order from node 0 against the rest,
 * then swaps of one node each way while a swap cuts fewer links (a simplified Kernighan-Lin:
 * the pair of largest gains, adjacent or not), at most n of them. */
static guint
swap_bisection (const FlitlabTopology *self,
                const guint           *order)
{
  guint n = self->n_nodes, width;
  g_autofree guint8 *side = g_new0 (guint8, n);
  g_autofree int *gain = g_new (int, n);

  for (guint k = (n + 1) / 2; k < n; k++)
    side[order[k]] = 1;
  width = cut_width (self, side);
  for (guint round = 0; round < n; round++)
    {
      guint best[2] = { G_MAXUINT, G_MAXUINT };
      int swap;
      gboolean adjacent = FALSE;

      /* gain: links to the other side less links to its own, what moving the node saves. */
      for (guint v = 0; v < n; v++)
        {
          gain[v] = 0;
          for (guint i = self->out_offsets[v]; i < self->out_offsets[v + 1]; i++)
            gain[v] += side[self->channels[i].dst] != side[v] ? 1 : -1;
          if (best[side[v]] == G_MAXUINT || gain[v] > gain[best[side[v]]])
            best[side[v]] = v;
        }
      for (guint i = self->out_offsets[best[0]]; i < self->out_offsets[best[0] + 1]; i++)
        adjacent |= self->channels[i].dst == best[1];
      swap = gain[best[0]] + gain[best[1]] - (adjacent ? 2 : 0);
      if (swap <= 0)
        break;
      side[best[0]] = 1;
      side[best[1]] = 0;
      width -= (guint) swap;
    }
  g_assert (width == cut_width (self, side));
  return width;
}

void
flitlab_topology_file_compute (FlitlabTopology *self)
{
  guint n = self->n_nodes, diameter = 0;
  g_autofree guint *queue = g_new (guint, n);
  g_autofree guint *order = g_new (guint, n);
  g_autofree guint16 *down = g_new (guint16, n);
  g_autofree guint16 *legal = g_new (guint16, n);
  guint64 sum = 0;

  self->dist = g_new (guint16, (gsize) n * n);
  self->next_shortest = g_new (guint8, (gsize) n * n);
  self->next_updown[0] = g_new (guint8, (gsize) n * n);
  self->next_updown[1] = g_new (guint8, (gsize) n * n);
  self->level = g_new (guint, n);

  for (guint src = 0; src < n; src++)
    {
      guint16 *row = self->dist + (gsize) src * n;

      breadth_first (self, src, row, queue);
      for (guint v = 0; v < n; v++)
        {
          sum += row[v];
          diameter = MAX (diameter, row[v]);
        }
      if (src == 0)
        {
          for (guint v = 0; v < n; v++)
            self->level[v] = row[v];
          /* The breadth-first order from the root, ties by id: (level, id) ascending. */
          memcpy (order, queue, sizeof (guint) * n);
          for (guint k = 1; k < n; k++)
            for (guint j = k; j > 0 && (row[order[j - 1]] > row[order[j]] ||
                                        (row[order[j - 1]] == row[order[j]] &&
                                         order[j - 1] > order[j])); j--)
              {
                guint t = order[j];

                order[j] = order[j - 1];
                order[j - 1] = t;
              }
        }
    }
  self->mean_distance = (double) sum / ((double) n * (n - 1));
  self->diameter = diameter;

  /* The distances are symmetric: dist[w][dst] is dist[dst][w], read along row dst. */
  for (guint dst = 0; dst < n; dst++)
    for (guint v = 0; v < n; v++)
      {
        gsize at = (gsize) v * n + dst;

        self->next_shortest[at] = FLITLAB_TOPOLOGY_NO_HOP;
        for (guint i = self->out_offsets[v]; i < self->out_offsets[v + 1] && v != dst; i++)
          if (self->dist[(gsize) dst * n + self->channels[i].dst] + 1 == self->dist[at])
            {
              self->next_shortest[at] = (guint8) (i - self->out_offsets[v]);
              break;
            }
      }
  for (guint dst = 0; dst < n; dst++)
    updown_tables (self, dst, order, down, legal, queue);

  if (n <= FLITLAB_TOPOLOGY_BISECTION_EXACT_NODES)
    {
      self->bisection = exhaustive_bisection (self);
      self->bisection_method = FLITLAB_BISECTION_EXHAUSTIVE;
    }
  else
    {
      self->bisection = swap_bisection (self, order);
      self->bisection_method = FLITLAB_BISECTION_SWAP_BOUND;
    }
}
