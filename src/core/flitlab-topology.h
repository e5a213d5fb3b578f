/* flitlab-topology.h: the networks of the papers, one description for models, simulators and
 * renderers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define FLITLAB_TOPOLOGY_ERROR (flitlab_topology_error_quark ())

typedef enum
{
  FLITLAB_TOPOLOGY_ERROR_INVALID,   /* a parameter out of range or a malformed spec */
  FLITLAB_TOPOLOGY_ERROR_TOO_LARGE, /* more nodes or channels than FLITLAB_TOPOLOGY_MAX_NODES */
} FlitlabTopologyError;

/* The largest network any family may build: 2^16 nodes (a 16-cube or a 256x256 torus). */
#define FLITLAB_TOPOLOGY_MAX_NODES   65536
#define FLITLAB_TOPOLOGY_MAX_DIMS    16

typedef enum
{
  FLITLAB_TOPOLOGY_TORUS,     /* k-ary n-cube with wrap-around links */
  FLITLAB_TOPOLOGY_MESH,      /* k-ary n-mesh, bi-directional links, no wrap-around */
  FLITLAB_TOPOLOGY_HYPERCUBE, /* Boolean n-cube (e-cube routing) */
  FLITLAB_TOPOLOGY_NECKLACE,  /* regular (n,k) or irregular necklace hypercube (003) */
  FLITLAB_TOPOLOGY_FILE,      /* any connected network of bi-directional links, read from a
                                 file (flitlab-topology-file.c, docs/networks.md) */
} FlitlabTopologyFamily;

/* A network read from a file: at most this many nodes (its distances and routing tables are
 * kept for every pair) and this many links per node (a router's hops are a 32-bit set of its
 * out-channels). */
#define FLITLAB_TOPOLOGY_FILE_MAX_NODES  4096
#define FLITLAB_TOPOLOGY_FILE_MAX_DEGREE 32
/* file:PATH reads a regular file of at most this many bytes. */
#define FLITLAB_TOPOLOGY_FILE_MAX_BYTES  (16u << 20)
/* Up to this many nodes a file network's bisection width is found by trying every balanced
 * cut; above it, it is an upper bound (flitlab_topology_bisection_method()). */
#define FLITLAB_TOPOLOGY_BISECTION_EXACT_NODES 20

/* How flitlab_topology_bisection_width() was found. */
typedef enum
{
  FLITLAB_BISECTION_FORMULA,    /* the family's closed form (flitlab-topology-distance.c) */
  FLITLAB_BISECTION_EXHAUSTIVE, /* every balanced cut tried: exact */
  FLITLAB_BISECTION_SWAP_BOUND, /* a breadth-first split improved by swaps: an upper bound */
} FlitlabBisectionMethod;

typedef enum
{
  FLITLAB_CHANNEL_NETWORK,   /* a directed link between two routers */
  FLITLAB_CHANNEL_INJECTION, /* processor -> its router; src == dst == the node */
  FLITLAB_CHANNEL_EJECTION,  /* router -> its processor; src == dst == the node */
} FlitlabChannelKind;

/* One directed channel. Ids are stable for a given topology spec: network channels first,
 * ordered by source node, then dimension, then direction (+1 before -1); then one injection
 * channel per node (ids n_network + node); then one ejection channel per node
 * (ids n_network + n_nodes + node). */
typedef struct
{
  guint              id;
  FlitlabChannelKind kind;
  guint              src;
  guint              dst;
  /* Torus/mesh/hypercube: the dimension crossed. Necklace: the base-hypercube dimension of the
   * edge or necklace the channel lies on. Injection/ejection and file networks: G_MAXUINT. */
  guint              dim;
  /* +1 or -1 along the dimension (torus/mesh: coordinate grows or shrinks, modulo k on a torus;
   * hypercube: +1 sets the bit, -1 clears it; necklace: +1 walks from the smaller base vertex
   * towards the larger one; file network: +1 towards the larger node id). 0 for
   * injection/ejection. */
  int                direction;
  /* TRUE for the torus link from coordinate k-1 to 0 (or 0 to k-1): where a dateline lies. */
  gboolean           wraparound;
  /* Necklace only: TRUE for a link of the base hypercube, FALSE for a necklace link. */
  gboolean           base_link;
} FlitlabChannel;

/* A node of a necklace hypercube, after 003 Definition 1: base vertex b (the smaller hypercube
 * address of the necklace's edge), d the necklace's dimension (1..n; 0 for a base vertex) and
 * i its index along the necklace (0 for a base vertex; 1..k_e for necklace nodes). */
typedef struct
{
  guint b;
  guint d;
  guint i;
} FlitlabNecklaceAddress;

typedef struct _FlitlabTopology FlitlabTopology;

GQuark           flitlab_topology_error_quark       (void);

FlitlabTopology *flitlab_topology_new_torus         (guint                  n_dims,
                                                     const guint           *radices,
                                                     gboolean               bidirectional,
                                                     GError               **error);
FlitlabTopology *flitlab_topology_new_mesh          (guint                  n_dims,
                                                     const guint           *radices,
                                                     GError               **error);
FlitlabTopology *flitlab_topology_new_hypercube     (guint                  n,
                                                     GError               **error);
/* Regular (n,k)-RNH: k nodes on every necklace. */
FlitlabTopology *flitlab_topology_new_necklace      (guint                  n,
                                                     guint                  k,
                                                     GError               **error);
/* Irregular INH: one necklace size per base edge, n 2^(n-1) of them, in edge-number order
 * (edges ordered by smaller base vertex, then dimension). A size may be 0. */
FlitlabTopology *flitlab_topology_new_necklace_irregular (guint             n,
                                                     const guint           *sizes,
                                                     guint                  n_sizes,
                                                     GError               **error);
/* A network of n_nodes nodes and n_links bi-directional links, links[2 i] to links[2 i + 1]:
 * connected, no link twice or to itself, at most FLITLAB_TOPOLOGY_FILE_MAX_DEGREE per node.
 * origin: the PATH of its spec "file:PATH" (flitlab_topology_dup_spec()), or NULL for "file:". */
FlitlabTopology *flitlab_topology_new_links         (guint                  n_nodes,
                                                     const guint           *links,
                                                     guint                  n_links,
                                                     const char            *origin,
                                                     GError               **error);
/* A network from the text of a file, its format told by its content: BookSim's anynet listing
 * ("router R node N router R2 …", one router per line) or an edge list ("a b" per line, an
 * optional first line giving the node count); # starts a comment. Errors name the line. */
FlitlabTopology *flitlab_topology_new_from_text     (const char            *text,
                                                     const char            *origin,
                                                     GError               **error);
/* A file network as an edge list, the node count first, then one "a b" line per link (a < b,
 * in order): what flitlab_topology_new_from_text() reads back as the same network. */
char            *flitlab_topology_dup_edge_list     (const FlitlabTopology *self);

/* Specs: "torus:16x16x16:uni", "torus:6x6x6:bi" (bi is the default), "mesh:8x8",
 * "hypercube:10", "necklace:6,5" (regular n,k), "necklace:3:4,4,2,..." (irregular),
 * "file:PATH" (read with flitlab_topology_new_from_text(); errors start with PATH). */
FlitlabTopology *flitlab_topology_new_from_spec     (const char            *spec,
                                                     GError               **error);
FlitlabTopology *flitlab_topology_copy              (const FlitlabTopology *self);
/* A topology never changes once built (its cached distances are computed under a lock), so
 * its holders share one, on any thread: a study and its copies, a simulation, a view. A
 * reference is taken through a const pointer for that reason. */
FlitlabTopology *flitlab_topology_ref               (const FlitlabTopology *self);
void             flitlab_topology_unref             (FlitlabTopology       *self);
/* The same as flitlab_topology_unref(). */
void             flitlab_topology_free              (FlitlabTopology       *self);

/* The canonical spec; flitlab_topology_new_from_spec() on it gives the same network. */
char            *flitlab_topology_dup_spec          (const FlitlabTopology *self);
/* A human-readable name, e.g. "16×16×16 torus (uni-directional)". */
char            *flitlab_topology_dup_title         (const FlitlabTopology *self);

FlitlabTopologyFamily flitlab_topology_get_family   (const FlitlabTopology *self);
gboolean         flitlab_topology_is_bidirectional  (const FlitlabTopology *self);
/* Torus/mesh: the number of dimensions; hypercube and necklace: n of the (base) hypercube;
 * file network: 0. */
guint            flitlab_topology_get_n_dims        (const FlitlabTopology *self);
/* Torus/mesh: the radix of dimension d; hypercube: 2; necklace: 2 (of the base hypercube). */
guint            flitlab_topology_get_radix         (const FlitlabTopology *self,
                                                     guint                  dim);
/* Necklace: the size of the necklace on base edge number e (0..n 2^(n-1)-1); otherwise 0. */
guint            flitlab_topology_get_necklace_size (const FlitlabTopology *self,
                                                     guint                  edge);

guint            flitlab_topology_get_n_nodes       (const FlitlabTopology *self);
/* All channels: network, then injection, then ejection. */
guint            flitlab_topology_get_n_channels    (const FlitlabTopology *self);
guint            flitlab_topology_get_n_network_channels (const FlitlabTopology *self);
const FlitlabChannel *flitlab_topology_get_channel  (const FlitlabTopology *self,
                                                     guint                  id);
guint            flitlab_topology_get_injection_channel (const FlitlabTopology *self,
                                                     guint                  node);
guint            flitlab_topology_get_ejection_channel (const FlitlabTopology *self,
                                                     guint                  node);
/* The network channels leaving node, in id order; returns their count. */
guint            flitlab_topology_get_out_channels  (const FlitlabTopology *self,
                                                     guint                  node,
                                                     const guint          **channel_ids);
/* The network channel from src to dst along dim in direction dir, or G_MAXUINT if none. */
guint            flitlab_topology_find_channel      (const FlitlabTopology *self,
                                                     guint                  src,
                                                     guint                  dim,
                                                     int                    direction);

/* Torus/mesh: coordinates c[0..n_dims-1], node = c0 + k0 (c1 + k1 (c2 + ...)).
 * Hypercube: the bits of the address, coords[d] = (node >> d) & 1. */
void             flitlab_topology_get_coords        (const FlitlabTopology *self,
                                                     guint                  node,
                                                     guint                 *coords);
guint            flitlab_topology_node_from_coords  (const FlitlabTopology *self,
                                                     const guint           *coords);
/* Necklace only. Base vertices are nodes 0..2^n-1 (node == b). */
FlitlabNecklaceAddress flitlab_topology_get_necklace_address (const FlitlabTopology *self,
                                                     guint                  node);

/* Minimal number of network hops (injection and ejection excluded). */
guint            flitlab_topology_distance          (const FlitlabTopology *self,
                                                     guint                  src,
                                                     guint                  dst);
/* Exact mean of distance() over all ordered pairs of distinct nodes (uniform traffic). */
double           flitlab_topology_mean_distance     (const FlitlabTopology *self);
guint            flitlab_topology_diameter          (const FlitlabTopology *self);
/* Number of channels (one direction) cut by a minimal balanced bisection of the nodes. */
guint            flitlab_topology_bisection_width   (const FlitlabTopology *self);
FlitlabBisectionMethod flitlab_topology_bisection_method (const FlitlabTopology *self);

/* The network channels out of node that lie on some minimal path to dst; returns their count
 * (0 when node == dst). next must have room for 2 * n_dims entries (a file network:
 * FLITLAB_TOPOLOGY_FILE_MAX_DEGREE). */
guint            flitlab_topology_minimal_next_hops (const FlitlabTopology *self,
                                                     guint                  node,
                                                     guint                  dst,
                                                     guint                 *next);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabTopology, flitlab_topology_unref)

G_END_DECLS
