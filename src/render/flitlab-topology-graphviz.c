/* flitlab-topology-graphviz.c: a network read from a file, and its dependencies, laid out by
 * Graphviz
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A network from a file has no shape of its own to draw, so Graphviz's libgvc places its nodes:
 * neato (stress majorization) up to GRAPHVIZ_NEATO_MAX_NODES nodes, sfdp (multilevel, near
 * linear) above; and dot ranks its channel dependency graph top to bottom. The start is fixed,
 * so a graph is laid out the same way every time. Graphviz keeps global state and is not
 * reentrant: one lock around it. A layout is cached by its graph (a few graphs: the window
 * shows one network at a time), since the window lays a figure out again at every size and
 * hit-tests the dependency graph at every move of the pointer.
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>
#include <gvc.h>

#include "flitlab-render-plot.h"
#include "flitlab-render-topology-private.h"
#include "flitlab-topology-geometry-private.h"

/* Beyond this many nodes neato's all-pairs stress gets slow: sfdp instead. */
#define GRAPHVIZ_NEATO_MAX_NODES 200
/* Networks whose layout is kept; the cache starts afresh when it is full. */
#define GRAPHVIZ_CACHED_LAYOUTS  8

static GMutex graphviz_lock;
/* Made once and kept: its plugins are found and loaded at the first layout. */
static GVC_t *graphviz_context;
static GHashTable *graphviz_cache; /* the graph as text -> GBytes of Point per vertex */

/* A length attribute, written with a '.' whatever the locale. */
static void
set_inches (Agraph_t   *g,
            int         kind,
            char       *name,
            double      inches)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  agattr (g, kind, name, g_ascii_dtostr (text, sizeof text, inches));
}

static GBytes *
graphviz_run (guint         n_vertices,
              const guint  *edges,
              guint         n_edges,
              gboolean      directed,
              GError      **error)
{
  const char *engine = directed ? "dot" : n_vertices > GRAPHVIZ_NEATO_MAX_NODES ? "sfdp" : "neato";
  g_autofree Agnode_t **nodes = g_new (Agnode_t *, n_vertices);
  Point *at = g_new (Point, n_vertices);
  Agraph_t *g;
  int failed;

  /* Graphviz prints its warnings on stderr: none, a failure is told by gvLayout()'s return. */
  agseterr (AGMAX);
  if (graphviz_context == NULL)
    graphviz_context = gvContext ();
  g = agopen ("graph", directed ? Agdirected : Agundirected, NULL);
  /* No random start: the nodes set out round a circle, so a ring stays a ring, and a graph
   * is drawn the same way every time. */
  agattr (g, AGRAPH, "start", "regular");
  /* Straight lines are drawn here: no routing of splines. */
  agattr (g, AGRAPH, "splines", "false");
  agattr (g, AGNODE, "label", "");
  if (directed)
    {
      /* Boxes about as wide as a channel's label, ranked top to bottom. */
      set_inches (g, AGRAPH, "nodesep", GRAPHVIZ_NODE_SEP);
      set_inches (g, AGRAPH, "ranksep", GRAPHVIZ_RANK_SEP);
      /* Fewer rounds of crossing reduction: seconds less on hundreds of channels. */
      agattr (g, AGRAPH, "mclimit", "0.2");
      agattr (g, AGRAPH, "nslimit", "2");
      agattr (g, AGNODE, "shape", "box");
      agattr (g, AGNODE, "fixedsize", "true");
      set_inches (g, AGNODE, "width", GRAPHVIZ_BOX_WIDTH);
      set_inches (g, AGNODE, "height", GRAPHVIZ_BOX_HEIGHT);
    }
  else
    {
      agattr (g, AGNODE, "shape", "point");
      agattr (g, AGNODE, "width", "0.05");
    }
  for (guint v = 0; v < n_vertices; v++)
    {
      char name[16];

      g_snprintf (name, sizeof name, "%u", v);
      nodes[v] = agnode (g, name, TRUE);
    }
  for (guint e = 0; e < n_edges; e++)
    agedge (g, nodes[edges[2 * e]], nodes[edges[2 * e + 1]], NULL, TRUE);
  failed = gvLayout (graphviz_context, g, engine);
  if (!failed)
    {
      /* Graphviz's y grows upwards. */
      for (guint v = 0; v < n_vertices; v++)
        at[v] = pt (ND_coord (nodes[v]).x, -ND_coord (nodes[v]).y);
      gvFreeLayout (graphviz_context, g);
    }
  agclose (g);
  if (failed)
    {
      g_set_error (error, FLITLAB_RENDER_ERROR, FLITLAB_RENDER_ERROR_INVALID,
                   _("Graphviz could not lay out this graph (%s)"), engine);
      g_free (at);
      return NULL;
    }
  return g_bytes_new_take (at, sizeof (Point) * n_vertices);
}

Point *
flitlab_graphviz_layout (guint         n_vertices,
                         const guint  *edges,
                         guint         n_edges,
                         gboolean      directed,
                         GError      **error)
{
  g_autoptr(GString) key = g_string_new (NULL);
  GBytes *positions;
  Point *copy;

  g_assert (n_vertices > 0);

  /* The graph itself is the key: a few numbers per edge, cheap beside a layout. */
  g_string_append_printf (key, "%c %u", directed ? 'd' : 'u', n_vertices);
  for (guint i = 0; i < 2 * n_edges; i++)
    g_string_append_printf (key, " %u", edges[i]);
  g_mutex_lock (&graphviz_lock);
  if (graphviz_cache == NULL)
    graphviz_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            (GDestroyNotify) g_bytes_unref);
  positions = g_hash_table_lookup (graphviz_cache, key->str);
  if (positions == NULL &&
      (positions = graphviz_run (n_vertices, edges, n_edges, directed, error)) != NULL)
    {
      if (g_hash_table_size (graphviz_cache) >= GRAPHVIZ_CACHED_LAYOUTS)
        g_hash_table_remove_all (graphviz_cache);
      g_hash_table_insert (graphviz_cache, g_string_free (g_steal_pointer (&key), FALSE),
                           positions);
    }
  copy = positions != NULL ? g_memdup2 (g_bytes_get_data (positions, NULL),
                                        g_bytes_get_size (positions))
                           : NULL;
  g_mutex_unlock (&graphviz_lock);
  return copy;
}

Point *
flitlab_topology_graphviz_positions (const FlitlabTopology  *t,
                                     GError                **error)
{
  guint n_nodes = flitlab_topology_get_n_nodes (t);
  guint n_network = flitlab_topology_get_n_network_channels (t);
  g_autoptr(GArray) links = g_array_new (FALSE, FALSE, sizeof (guint));
  double length = 0;
  Point *at;

  g_assert (flitlab_topology_get_family (t) == FLITLAB_TOPOLOGY_FILE);

  /* One edge per link: its channel towards the larger node id. */
  for (guint id = 0; id < n_network; id++)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (t, id);

      if (c->src < c->dst)
        {
          g_array_append_val (links, c->src);
          g_array_append_val (links, c->dst);
        }
    }
  at = flitlab_graphviz_layout (n_nodes, (const guint *) links->data, links->len / 2, FALSE,
                                error);
  if (at == NULL)
    return NULL;
  /* In units: linked nodes one apart on average, as neighbours in the other layouts. */
  for (guint i = 0; i < links->len; i += 2)
    {
      Point a = at[g_array_index (links, guint, i)], b = at[g_array_index (links, guint, i + 1)];

      length += hypot (b.x - a.x, b.y - a.y);
    }
  length = links->len > 0 && length > 0 ? length / (links->len / 2) : 1;
  for (guint v = 0; v < n_nodes; v++)
    at[v] = pt (at[v].x / length, at[v].y / length);
  return at;
}
