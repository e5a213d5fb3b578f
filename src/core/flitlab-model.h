/* flitlab-model.h: the analytical models of the papers behind one interface
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A model is chosen by id ("ciciani-uni-torus", ...), configured by string parameters
 * ("k" = "16x16x16", "flits" = "25", ...) and evaluated at a load given as the message
 * generation rate in messages per cycle per node. Evaluation is pure and cheap, so a
 * curve is just a loop over rates; the saturation rate is found once by bisection.
 */

#pragma once

#include <glib.h>

#include "flitlab-latency.h"
#include "flitlab-routing.h"
#include "flitlab-topology.h"

G_BEGIN_DECLS

#define FLITLAB_MODEL_ERROR (flitlab_model_error_quark ())

typedef enum
{
  FLITLAB_MODEL_ERROR_UNKNOWN_MODEL,
  FLITLAB_MODEL_ERROR_UNKNOWN_PARAMETER, /* a parameter the model does not take */
  FLITLAB_MODEL_ERROR_INVALID_PARAMETER, /* malformed or out of range */
} FlitlabModelError;

/* The unit, range and description are translatable (N_()): show them through _(). */
typedef struct
{
  const char *name;          /* "k" */
  const char *unit;          /* "nodes per dimension" */
  const char *range;         /* "2..64 per dimension, e.g. 16x16x16 or 8" */
  const char *default_value; /* used when the parameter is not given; NULL = required */
  const char *description;
} FlitlabModelParamInfo;

/* One channel class of a model (c_ij, <j0,j1>, X_ij, the injection channel, ...). */
typedef struct
{
  char   *name;        /* "c_{1,3}", "<2,5>", "injection" */
  double  flow;        /* messages per cycle crossing one channel of the class */
  double  time;        /* mean service time seen on the channel, cycles */
  double  wait;        /* mean waiting time to acquire it, cycles */
  double  utilization; /* share of cycles the channel is held, 0..1 */
} FlitlabModelClass;

/* A named vector result (a stationary distribution, a VC occupancy P_v, ...). */
typedef struct
{
  char   *name;
  guint   n_values;
  double *values;
} FlitlabModelVector;

/* Where a message goes after a class: R_{from|to} of Greenberg and Guan's Fig. 3, the share of
 * the messages leaving class from that take class to next (indices into the point's classes). */
typedef struct
{
  guint  from;
  guint  to;
  double probability;
} FlitlabModelRoute;

typedef struct
{
  double     rate;      /* messages per cycle per node */
  gboolean   saturated; /* TRUE: no stable solution; latency and values are NaN */
  double     latency;   /* mean message latency, cycles */
  guint      n_values;
  double    *values;    /* the model's extra columns, in FlitlabModelInfo.columns order */
  /* Filled only by flitlab_model_evaluate_detail(): */
  GArray    *classes;   /* FlitlabModelClass */
  GPtrArray *vectors;   /* FlitlabModelVector* */
  GArray    *routes;    /* FlitlabModelRoute, for the models that give them (greenberg-*) */
  guint      n_channels; /* of the model's topology, network + injection + ejection */
  double    *channel_flow;        /* messages per cycle on each physical channel */
  double    *channel_time;        /* service time seen there, cycles */
  double    *channel_utilization; /* 0..1 */
  double    *channel_wait;        /* mean wait of a message to acquire it, cycles; NaN
                                     where the model gives none (quaglia-*, horng-*) */
  char     **channel_class;       /* the model's class of each channel, as its paper names it
                                     ("<3,5>", "necklace", "c[d=1,i=1..3]"); NULL entries
                                     where the model does not say */
} FlitlabModelPoint;

/* The studies a model describes: its network and routing. The study's other settings reach the
 * model through the parameters it takes of the same name (flits, vcs, buffers). */
typedef struct
{
  FlitlabTopologyFamily family;
  guint                 n_dims;    /* 0: any */
  int                   direction; /* tori: 1 uni-directional, 2 bi-directional, 0 either */
  gboolean              square;    /* the same radix in every dimension */
  FlitlabRouting        routing;
  const char           *needs;     /* what the model describes, for an error (translatable) */
} FlitlabModelFit;

typedef struct _FlitlabModelInfo FlitlabModelInfo;

struct _FlitlabModelInfo
{
  const char                  *id;
  const char                  *title;   /* translatable, as saturation: show through _() */
  const char                  *citation; /* as a figure's legend names it: "Quaglia et al. 2002"
                                          (translatable: show through _()) */
  const char                  *paper;   /* file in shared/papers and the equations used
                                           (translatable: show through _()) */
  const char                  *flow_source; /* the paper's figures and equations the flow
                                               diagram draws, its caption in the window
                                               (translatable: show through _()) */
  const FlitlabModelParamInfo *params;  /* terminated by an entry with name NULL */
  const char * const          *columns; /* extra CSV columns after rate,latency; NULL-terminated */
  FlitlabLatency               latency; /* which latency the model predicts (flitlab-latency.h) */
  const char                  *saturation; /* what its saturation rate is, in a sentence */
  gboolean                     capacity;   /* TRUE: the saturation rate is an asymptotic
                                              throughput, not a load the model stops at: it
                                              is stable at every load (horng-kleinrock) */
  FlitlabModelFit              fit;        /* the studies it describes (flitlab-study-run.h) */

  /* Parses and checks the parameters (every key is one of params; defaults filled in);
   * returns the model's state or NULL with an error. */
  gpointer          (*prepare)         (GHashTable      *params,
                                        GError         **error);
  /* The network the model describes, for mapping classes onto channels. */
  FlitlabTopology  *(*build_topology)  (gpointer         state,
                                        GError         **error);
  /* Fills point->latency and point->values at point->rate; returns FALSE when the rate is
   * beyond saturation. With detail, also appends point->classes and point->vectors and
   * fills the per-channel arrays (allocated, zeroed, n_channels long). */
  gboolean          (*evaluate)        (gpointer           state,
                                        FlitlabModelPoint *point,
                                        gboolean           detail);
  /* Optional: the largest stable rate when the model knows it better than a bisection on
   * evaluate() (NULL: bisection). */
  double            (*saturation_rate) (gpointer         state);
  void              (*free_state)      (gpointer         state);
};

typedef struct _FlitlabModel FlitlabModel;

GQuark                   flitlab_model_error_quark   (void);

/* Every model, in a stable order, NULL-terminated. */
const FlitlabModelInfo * const *flitlab_model_list   (void);
const FlitlabModelInfo  *flitlab_model_lookup        (const char        *id);
/* The latency the model predicts with those parameters (string -> string; may be NULL): its
 * "latency" parameter for a model that takes one (general-wormhole), else info->latency. */
FlitlabLatency           flitlab_model_info_latency  (const FlitlabModelInfo *info,
                                                      GHashTable        *params);

/* params: string -> string; may be NULL for all defaults. */
FlitlabModel            *flitlab_model_new           (const char        *id,
                                                      GHashTable        *params,
                                                      GError           **error);
void                     flitlab_model_free          (FlitlabModel      *self);
const FlitlabModelInfo  *flitlab_model_get_info      (const FlitlabModel *self);
const FlitlabTopology   *flitlab_model_get_topology  (const FlitlabModel *self);
/* Whether the model describes topology itself, the same network by its spec: a 4x16 torus has
 * as many nodes and channels as an 8x8 one, not the same channel ids. */
gboolean                 flitlab_model_describes     (const FlitlabModel    *self,
                                                      const FlitlabTopology *topology);

FlitlabModelPoint       *flitlab_model_evaluate      (const FlitlabModel *self,
                                                      double             rate);
FlitlabModelPoint       *flitlab_model_evaluate_detail (const FlitlabModel *self,
                                                      double             rate);
/* The largest stable rate, to 1e-6 relative; computed once and cached. */
double                   flitlab_model_get_saturation_rate (FlitlabModel *self);

void                     flitlab_model_point_free    (FlitlabModelPoint *point);

/* Helpers for FlitlabModelInfo.prepare implementations. */
gboolean flitlab_model_param_uint    (GHashTable  *params,
                                      const char  *name,
                                      guint        min,
                                      guint        max,
                                      guint       *out,
                                      GError     **error);
gboolean flitlab_model_param_double  (GHashTable  *params,
                                      const char  *name,
                                      double       min,
                                      double       max,
                                      double      *out,
                                      GError     **error);
/* A model's (mean) message length, "flits": flitlab_limits_parse_flits() of a mean, which may
 * be fractional (every model's formulas take the length as a real number). */
gboolean flitlab_model_param_flits   (GHashTable  *params,
                                      double      *out,
                                      GError     **error);
/* "16x16x16" or "8" (then n_dims copies, when n_dims_if_single > 0). */
gboolean flitlab_model_param_radices (GHashTable  *params,
                                      const char  *name,
                                      guint        n_dims_if_single,
                                      guint        min,
                                      guint        max,
                                      guint       *radices,
                                      guint       *n_dims,
                                      GError     **error);
void     flitlab_model_point_add_class (FlitlabModelPoint *point,
                                        const char        *name,
                                        double             flow,
                                        double             time,
                                        double             wait,
                                        double             utilization);
void     flitlab_model_point_add_vector (FlitlabModelPoint *point,
                                         const char        *name,
                                         const double      *values,
                                         guint              n_values);
void     flitlab_model_point_add_route  (FlitlabModelPoint *point,
                                         guint              from,
                                         guint              to,
                                         double             probability);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabModel, flitlab_model_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabModelPoint, flitlab_model_point_free)

G_END_DECLS
