/* flitlab-render-flow-private.h: the flow diagram's grid of classes, shared by its layout and
 * its drawing, and the bands under the grid (flitlab-render-flow-bands.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "flitlab-model.h"
#include "flitlab-render-text.h"

G_BEGIN_DECLS

typedef struct
{
  guint  column;
  guint  row;
  guint  klass;  /* index into the point's classes */
} Cell;

typedef struct
{
  guint  from;        /* cell indices */
  guint  to;
  double probability; /* the model's routing probability, NAN when it gives none */
} Arrow;

typedef struct
{
  GArray *cells;   /* Cell */
  GArray *arrows;  /* Arrow */
  guint   columns;
  guint   rows;
  guint   n_laid_out;  /* cells placed after the paper, before add_others() */
  gboolean numbered_columns;   /* columns numbered from first_column: "dimension 2" where
                                  dimension_columns, else "C2"; FALSE: none */
  guint   first_column;        /* the column numbered 0 (injection is left of it) */
  guint   n_labelled;          /* columns numbered from there (0: all); after them, ejection */
  gboolean dimension_columns;  /* a column per dimension: "d2" where "dimension 2" is too wide */
  const char * const *column_names; /* or a name per column, untranslated (N_()); NULL: none */
  const char *note;            /* how to read the layout; NULL: none */
} Diagram;

/* The model's vectors drawn as 004's chains (the rest as bar charts). */
#define FLOW_HEADER_CHAIN_VECTOR "header-phases"
#define FLOW_BUFFER_CHAIN_VECTOR "stationary"

/* One of 004's Markov chains, drawn in a row under the grid: states 0 .. n_states - 1 and
 * the transitions between them (Arrow, of state indices). */
typedef struct
{
  guint         n_states;
  GArray       *arrows;        /* Arrow */
  const double *probabilities; /* each state's stationary probability (the point's); NULL: none */
} Chain;

static inline const FlitlabModelClass *
klass (const FlitlabModelPoint *point,
       guint                    i)
{
  return &g_array_index (point->classes, FlitlabModelClass, i);
}

/* Places point's classes after their paper (flitlab-flow-layout.c): d is empty before. */
void flitlab_flow_diagram_build (Diagram                 *d,
                                 const FlitlabModelPoint *point);
void flitlab_flow_diagram_clear (Diagram                 *d);

/* 004's chains (flitlab-flow-layout.c): the header chain of Fig. 4 and the buffer chain of one
 * node (Eqs. 1-8). FALSE, and chain left empty, when point has none. */
gboolean flitlab_flow_header_chain (Chain                   *chain,
                                    const FlitlabModelPoint *point);
gboolean flitlab_flow_buffer_chain (Chain                   *chain,
                                    const FlitlabModelPoint *point);
void     flitlab_flow_chain_clear  (Chain                   *chain);

/* flitlab-render-flow.c: what the bands draw with. Light text on the dark half of the viridis
 * scale, dark on the light half; an arrow with its head at (x1, y1); a name as drawn. */
double      flitlab_flow_text_shade (double      value,
                                     double      hi);
void        flitlab_flow_draw_arrow (cairo_t    *cr,
                                     double      x0,
                                     double      y0,
                                     double      x1,
                                     double      y1,
                                     double      head);
const char *flitlab_flow_shown_name (const char *name);

/* flitlab-render-flow-bands.c: the bands, and what the layout asks of them to size them: the
 * height of the header chain's (buffer: the buffer chain's) heading at width, … */
double      flitlab_flow_chain_heading     (const FlitlabRenderType  *t,
                                            gboolean                  buffer,
                                            double                    width);
void        flitlab_flow_draw_header_chain (const FlitlabRenderType  *t,
                                            const Chain              *chain,
                                            double                    left,
                                            double                    top,
                                            double                    width,
                                            double                    height);
void        flitlab_flow_draw_buffer_chain (const FlitlabRenderType  *t,
                                            const Chain              *chain,
                                            double                    left,
                                            double                    top,
                                            double                    width,
                                            double                    height);
gboolean    flitlab_flow_drawn_as_chain    (const FlitlabModelVector *vector);
void        flitlab_flow_draw_vectors      (const FlitlabRenderType  *t,
                                            const FlitlabModelPoint  *point,
                                            double                    left,
                                            double                    top,
                                            double                    width,
                                            double                    height);
int         flitlab_flow_fan_out_class     (const FlitlabModelPoint  *point);
guint       flitlab_flow_n_ways_out        (const FlitlabModelPoint  *point,
                                            guint                     from);
const char *flitlab_flow_fan_out_note      (const FlitlabModelInfo   *info);
double      flitlab_flow_fan_out_heading   (const FlitlabRenderType  *t,
                                            const FlitlabModelPoint  *point,
                                            guint                     from,
                                            const char               *note,
                                            double                    x,
                                            double                    y,
                                            double                    width,
                                            gboolean                  draw);
void        flitlab_flow_draw_fan_out      (const FlitlabRenderType  *t,
                                            const FlitlabModelPoint  *point,
                                            guint                     from,
                                            const char               *note,
                                            double                    hi,
                                            double                    left,
                                            double                    top,
                                            double                    width,
                                            double                    height,
                                            GArray                   *boxes);
void        flitlab_flow_add_box           (GArray                   *boxes,
                                            guint                     klass,
                                            double                    x,
                                            double                    y,
                                            double                    w,
                                            double                    h);

G_END_DECLS
