/* flitlab-topology-grid.h: a bucket grid that files boxes by the cells they touch
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The network diagram's hit-testing: its channels' segments and its nodes are filed in one grid
 * each, so a query looks at one cell only.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  float x0, y0, x1, y1;
} Box;

/* Items filed by the cells their boxes touch, none for an empty box (x1 < x0) (compressed
 * rows: start[cell]..start[cell+1]). */
typedef struct
{
  double cell;
  guint  cols, rows;
  guint *start;
  guint *items;
} Grid;

void
flitlab_topology_grid_clear (Grid *grid);
void
flitlab_topology_grid_build (Grid       *grid,
                             double      width,
                             double      height,
                             double      cell,
                             const Box  *boxes,
                             guint       n_boxes);
guint
flitlab_topology_grid_lookup (const Grid   *grid,
                              double        x,
                              double        y,
                              const guint **items);

G_END_DECLS
