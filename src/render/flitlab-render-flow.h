/* flitlab-render-flow.h: a model's channel classes drawn as the papers draw them, with values
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The diagram of a model evaluated at one load (flitlab_model_evaluate_detail()): one box per
 * channel class, coloured by its utilization on the viridis scale of a colour bar and labelled
 * with its service time T and flow λ; arrows carry the flow from class to class. Laid out after
 * the papers: Ciciani et al. (000) a column of c_{d,i} classes per dimension (Figs. 1, 3) or
 * the chain C_1 … C_n of the hypercube (Fig. 5); Greenberg and Guan (001) the x classes <j0>
 * above the y classes <j0,j1>; Quaglia et al. (002) the south-east quadrant of X_{i,j} and
 * Y_{i,j} channels (Fig. 1); the others a row of their classes, with their distributions (the
 * Markov chain's stationary probabilities of 004, the virtual-channel occupancies of 003) as
 * bars underneath.
 */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "flitlab-model.h"

G_BEGIN_DECLS

/* Draws model's diagram at point (from flitlab_model_evaluate_detail()) in width × height of
 * the cairo user space; a saturated point draws a message saying so. */
void     flitlab_render_flow         (cairo_t                 *cr,
                                      const FlitlabModel      *model,
                                      const FlitlabModelPoint *point,
                                      double                   width,
                                      double                   height);
/* The same at a type size: the labels' points (0: chosen for the width, as a plot's), the
 * headings and title a little larger. */
void     flitlab_render_flow_full    (cairo_t                 *cr,
                                      const FlitlabModel      *model,
                                      const FlitlabModelPoint *point,
                                      double                   width,
                                      double                   height,
                                      double                   font_size);
/* A class's box as drawn: its rectangle in the figure's user space and the class, an index
 * into the point's classes. */
typedef struct
{
  double x, y, w, h;
  guint  klass;
} FlitlabFlowBox;

/* The boxes flitlab_render_flow_full() draws at width, height and font_size (FlitlabFlowBox;
 * empty for a saturated point), for a view to hit-test many times. */
GArray  *flitlab_render_flow_boxes   (const FlitlabModel      *model,
                                      const FlitlabModelPoint *point,
                                      double                   width,
                                      double                   height,
                                      double                   font_size);
/* The class of the box of boxes at (x, y), or -1. */
int      flitlab_render_flow_box_at  (const GArray            *boxes,
                                      double                   x,
                                      double                   y);
/* The class (an index into point's classes) whose box flitlab_render_flow_full() draws at
 * (x, y) at the same width, height and font_size, in a grid or in Fig. 3's fan-out; -1 where
 * there is none. */
int      flitlab_render_flow_class_at (const FlitlabModel     *model,
                                      const FlitlabModelPoint *point,
                                      double                   width,
                                      double                   height,
                                      double                   font_size,
                                      double                   x,
                                      double                   y);
/* The channels (ids of the model's topology, flitlab-topology.h: network, then injection,
 * then ejection) that carry class klass_index of point, by the class the model gives each
 * channel (point->channel_class: "c[d=1,i=*]" is every class c[d=1,i] of a link of dimension
 * 1, "X_{i,j}, bX_{i}" every X and bX class); NULL when none does: the class is not one of
 * channels (a wait, a Markov state) or the model does not say. */
GArray  *flitlab_render_flow_class_channels (const FlitlabModelPoint *point,
                                      guint                    klass_index);

/* A class's name (or a channel's classes, point->channel_class) as the diagram shows it:
 * translated where it is a word ("injection"), subscripts of digits, i and j set as
 * subscripts ("X_{1,2}" reads "X₁,₂", "X_{i,j}" "Xᵢ,ⱼ"). Free with g_free(). */
char    *flitlab_render_flow_class_name (const char              *name);

G_END_DECLS
