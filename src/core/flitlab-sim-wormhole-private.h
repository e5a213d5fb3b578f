/* flitlab-sim-wormhole-private.h: the wormhole engine's state, shared by the engine
 * (flitlab-sim-wormhole.c) and the replication watched cycle by cycle (flitlab-sim-trace.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "flitlab-rng.h"
#include "flitlab-routing.h"
#include "flitlab-sim-private.h"
#include "flitlab-sim-trace.h"

G_BEGIN_DECLS

#define NONE (-1)

/* A virtual channel, 16 bytes: VC v of channel c is vc[c V + v]. The VC a worm's header goes
 * to next is its message's next_vc; a VC holds the tail once nothing is upstream of it and
 * the source has sent every flit. */
typedef struct
{
  gint32  owner;    /* message, or NONE when free */
  guint32 prev_at;  /* the VC upstream in the same worm, as the byte offset of its record in
                       the VC array (vc_at()): the walk along a worm is a chain of these
                       loads, and an offset is one addition from an address. PREV_NONE at
                       the worm's tail end. */
  guint32 count;    /* flits in the buffer */
  guint32 channel;  /* the physical channel it belongs to (never changes) */
} Vc;

#define PREV_NONE G_MAXUINT32

/* The VC record at byte offset at of the VC array vc. */
static inline Vc *
vc_at (Vc      *vc,
       guint32  at)
{
  return (Vc *) (void *) ((char *) vc + at);
}

/* A physical channel's crossings: the last cycle a flit crossed it (one flit per cycle), and
 * the flits that have crossed it since the start; side by side, as each crossing needs both. */
typedef struct
{
  guint64 stamp;
  guint64 flits;
} Crossings;

typedef struct
{
  guint32 src;
  guint32 dst;
  guint32 length;
  guint32 at_source;  /* flits still in the processor */
  guint32 delivered;  /* flits taken by the destination's processor */
  guint32 hops;
  guint64 gen;        /* cycle of generation */
  guint64 inject;     /* cycle the header entered the injection channel */
  guint64 first;      /* cycle the header left the injection channel (G_MAXUINT64 before) */
  guint64 moved;      /* the last cycle one of its flits moved; its generation before */
  guint64 order;      /* its place in injection order: the worms' count when it took the
                         injection VC */
  guint32 ties;       /* bit d set: - in dimension d when it is half way round */
  gint32  head;       /* the VC holding the header, or the ejection VC once it is delivering */
  gint32  next_vc;    /* the VC granted to its header and not yet entered, else NONE */
  guint32 route_node; /* the node its hops below were routed at, G_MAXUINT32 before its first */
  FlitlabHops routed; /* where its header may go from route_node (flitlab_router_hops()) */
  gint32  queue_next; /* the next message in the source queue */
  guint32 wait_channel; /* after its waiting header failed to get a VC at this node: the one
                           channel whose VCs it asks for (G_MAXUINT32 when more than one, and
                           before the first try), */
  guint64 wait_freed;   /* and that channel's freed count then */
  /* Flags in bytes, so that a message is 128 bytes and found by a shift. */
  guint8  passed_base; /* necklace: the header has been at a base vertex; up*-down*: it has
                          taken a down hop (flitlab_router_ends_phase()) */
  guint8  stalled;    /* nothing of it can move until its waiting header gets a VC: it is
                         out of the active list until then */
  guint8  tagged;     /* generated inside the measured window */
  guint8  done;
  guint32 vcs;        /* the VCs of its worm, from head back to the tail end: the walk along
                         it counts its steps, so that its end does not wait for its last load */
} Message;

typedef struct
{
  gint32 head;
  gint32 tail;
  guint  length;
} SourceQueue;

/* A list of message ids, grown as needed. */
typedef struct
{
  gint32 *ids;
  guint   len;
  guint   size;
} IdList;

static inline void
ids_push (IdList *list,
          gint32  id)
{
  if (list->len == list->size)
    {
      list->size = MAX (16, 2 * list->size);
      list->ids = g_renew (gint32, list->ids, list->size);
    }
  list->ids[list->len++] = id;
}

typedef struct _Sim Sim;

/* Told of each message as its destination takes its tail (a trace's replay). */
typedef void (*FlitlabWormholeDelivered) (Sim      *s,
                                          gint32    id,
                                          gpointer  data);

struct _Sim
{
  const FlitlabSimJob   *job;
  const FlitlabTopology *topology;
  FlitlabRng             rng;
  FlitlabRng             tie_rng;   /* the messages' tie bits, apart from the arrivals */
  guint                  n_nodes;
  guint                  n_dims;
  guint                  n_channels;
  guint                  injection_base;
  guint                  ejection_base;
  gint32                 ejection_vc;  /* the first VC of the first ejection channel */
  guint                  V;
  guint                  B;
  guint32                fixed_length; /* a message's flits with FLITLAB_LENGTH_FIXED */
  FlitlabRouting         routing;

  Vc                    *vc;
  Crossings             *crossings; /* per physical channel */
  guint64               *freed;     /* per physical channel: VCs freed so far */
  FlitlabRouter         *router;
  const FlitlabChannel  *channels;  /* the topology's, by id */

  GArray                *messages;  /* Message */
  IdList                 free_ids;
  IdList                 active;    /* worms that are not stalled, in injection order */
  guint                  n_stalled; /* stalled worms, in no list but waiting */
  IdList                 resumed;   /* stalled worms whose header got its VC this cycle */
  guint64                injected;  /* worms so far (Message.order) */
  IdList                 waiting;   /* headers waiting for an output VC, in arrival order */
  IdList                 waiting_next;
  guint                  blocked;   /* the first this many of waiting failed this cycle */
  SourceQueue           *queues;
  guint64                queued;    /* messages in all source queues */
  gboolean               capped;    /* saturated: arrivals to a source queue of QUEUE_CAP
                                       messages are dropped */

  guint64                cycle;
  guint64                last_move;
  double                 next_arrival;
  guint64                window_start;
  guint64                window_end;
  gboolean               measuring; /* this cycle is in the measured window (set by
                                       flitlab_wormhole_step()) */
  guint                  batch;     /* and its batch, when it is */
  guint64               *window_flits; /* per channel: its flits when the window started */
  FlitlabSimReplication *out;

  /* Automatic warm-up: the latencies of finished messages in batches of five (MSER-5). */
  GArray                *pilot;     /* double: batch means */
  double                 pilot_sum;
  guint                  pilot_n;

  FlitlabWormholeDelivered delivered; /* NULL, or told of every delivery */
  gpointer               delivered_data;
};

static inline guint
vc_channel (const Sim *s,
            gint32     vc)
{
  return s->vc[vc].channel;
}

/* The messages in the network: every worm, stalled or not. */
static inline guint
in_flight (const Sim *s)
{
  return s->active.len + s->n_stalled;
}

/* The VC upstream of vc in its worm, NONE at the worm's tail end. */
static inline gint32
vc_prev (const Sim *s,
         gint32     vc)
{
  guint32 at = s->vc[vc].prev_at;

  return at == PREV_NONE ? NONE : (gint32) (at / sizeof (Vc));
}

static inline gboolean
is_ejection_vc (const Sim *s,
                gint32     vc)
{
  return vc_channel (s, vc) >= s->ejection_base;
}

/* VC vc, free or newly held by owner with prev upstream of it; its channel stays. */
static inline void
vc_set (Sim    *s,
        gint32  vc,
        gint32  owner,
        gint32  prev)
{
  Vc *v = &s->vc[vc];

  v->owner = owner;
  v->prev_at = prev == NONE ? PREV_NONE : (guint32) prev * (guint32) sizeof (Vc);
  v->count = 0;
}

static inline Message *
message (Sim    *s,
         gint32  id)
{
  return &g_array_index (s->messages, Message, id);
}

static inline gboolean
in_window (const Sim *s)
{
  return s->cycle >= s->window_start && s->cycle < s->window_end;
}

/* The measured window's batch of a cycle inside it. */
static inline guint
batch_of (const Sim *s,
          guint64    cycle)
{
  return (guint) ((cycle - s->window_start) * FLITLAB_SIM_BATCHES /
                  (s->window_end - s->window_start));
}

/* The engine's state before the first cycle of job, measuring into out; and freed. */
void                 flitlab_wormhole_init            (Sim                    *sp,
                                                       const FlitlabSimJob    *job,
                                                       FlitlabSimReplication  *out);
void                 flitlab_wormhole_clear           (Sim                    *s);
/* A message of length flits from node to dst joins node's source queue at the current cycle;
 * its id (NONE when a saturated source drops it). */
gint32               flitlab_wormhole_generate        (Sim                    *s,
                                                       guint                   node,
                                                       guint                   dst,
                                                       guint32                 length);
/* One cycle: arrivals, output VCs, flits. */
void                 flitlab_wormhole_step            (Sim                    *s);
/* A cycle of messages each waiting for a VC the next one holds, or NULL. */
FlitlabDeadlockLink *flitlab_wormhole_find_wait_cycle (Sim                    *s,
                                                       guint                  *n_links);
/* Cycles without a moving flit after which the watchdog calls it a deadlock. */
guint64              flitlab_wormhole_watchdog_cycles (const FlitlabSimConfig *config);

G_END_DECLS
