/* flitlab-topology-grid.c: a bucket grid that files boxes by the cells they touch
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "flitlab-topology-grid.h"

/* ---- bucket grid ------------------------------------------------------------------- */

void
flitlab_topology_grid_clear (Grid *grid)
{
  g_clear_pointer (&grid->start, g_free);
  g_clear_pointer (&grid->items, g_free);
}

static void
grid_range (const Grid *grid,
            const Box  *box,
            guint      *c0,
            guint      *r0,
            guint      *c1,
            guint      *r1)
{
  *c0 = (guint) CLAMP (floor (box->x0 / grid->cell), 0, grid->cols - 1);
  *c1 = (guint) CLAMP (floor (box->x1 / grid->cell), 0, grid->cols - 1);
  *r0 = (guint) CLAMP (floor (box->y0 / grid->cell), 0, grid->rows - 1);
  *r1 = (guint) CLAMP (floor (box->y1 / grid->cell), 0, grid->rows - 1);
}

/* Files item i in every cell its box touches: counted once, then placed. An empty box (x1 < x0)
 * is filed nowhere. */
void
flitlab_topology_grid_build (Grid       *grid,
                             double      width,
                             double      height,
                             double      cell,
                             const Box  *boxes,
                             guint       n_boxes)
{
  guint n_cells, *fill;

  flitlab_topology_grid_clear (grid);
  /* At most a million cells, whatever the figure's size. */
  cell = MAX (cell, sqrt (width * height / 1e6));
  grid->cell = cell;
  grid->cols = MAX (1, (guint) ceil (width / cell));
  grid->rows = MAX (1, (guint) ceil (height / cell));
  n_cells = grid->cols * grid->rows;
  grid->start = g_new0 (guint, n_cells + 1);
  for (guint i = 0; i < n_boxes; i++)
    {
      guint c0, r0, c1, r1;

      if (boxes[i].x1 < boxes[i].x0)
        continue;
      grid_range (grid, &boxes[i], &c0, &r0, &c1, &r1);
      for (guint r = r0; r <= r1; r++)
        for (guint c = c0; c <= c1; c++)
          grid->start[r * grid->cols + c + 1]++;
    }
  for (guint i = 0; i < n_cells; i++)
    grid->start[i + 1] += grid->start[i];
  grid->items = g_new (guint, MAX (grid->start[n_cells], 1));
  fill = g_memdup2 (grid->start, sizeof (guint) * n_cells);
  for (guint i = 0; i < n_boxes; i++)
    {
      guint c0, r0, c1, r1;

      if (boxes[i].x1 < boxes[i].x0)
        continue;
      grid_range (grid, &boxes[i], &c0, &r0, &c1, &r1);
      for (guint r = r0; r <= r1; r++)
        for (guint c = c0; c <= c1; c++)
          grid->items[fill[r * grid->cols + c]++] = i;
    }
  g_free (fill);
}

/* The items of the cell under (x, y); 0 outside the grid. */
guint
flitlab_topology_grid_lookup (const Grid   *grid,
                              double        x,
                              double        y,
                              const guint **items)
{
  guint c, r;

  if (grid->start == NULL || !(x >= 0 && y >= 0))
    return 0;
  c = (guint) (x / grid->cell);
  r = (guint) (y / grid->cell);
  if (c >= grid->cols || r >= grid->rows)
    return 0;
  *items = grid->items + grid->start[r * grid->cols + c];
  return grid->start[r * grid->cols + c + 1] - grid->start[r * grid->cols + c];
}
