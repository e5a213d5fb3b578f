/* flitlab-render-flow-private.h: the flow diagram's grid of classes, shared by its layout and
 * its drawing
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "flitlab-model.h"

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
  char   *column_label_format; /* e.g. "dimension %u"; NULL: none */
  guint   first_column;        /* the column the format's 0 labels (injection is left of it) */
  guint   n_labelled;          /* columns the format labels from there (0: all); after them,
                                  ejection */
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

G_END_DECLS
