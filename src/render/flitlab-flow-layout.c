/* flitlab-flow-layout.c: a model's channel classes placed in a grid as their paper draws them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every model names its classes after its paper (src/core/flitlab-model-*.c): "c[d=1,i=3]",
 * "C[d=2]", "<3>", "<2,5>", "X_{1,2}", "injection", … The names place each class in a grid of
 * cells, one grid for every diagram; arrows join the cells the flow goes through.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include <math.h>
#include <stdio.h>

#include "flitlab-render-flow-private.h"

static void
add_cell (Diagram *d,
          guint    column,
          guint    row,
          guint    klass)
{
  Cell cell = { column, row, klass };

  g_array_append_val (d->cells, cell);
  d->columns = MAX (d->columns, column + 1);
  d->rows = MAX (d->rows, row + 1);
}

static void
add_arrow (Diagram *d,
           guint    from,
           guint    to)
{
  Arrow arrow = { from, to, NAN };

  g_array_append_val (d->arrows, arrow);
}

/* The cells of classes no layout placed: rows of their own under the rest, as wide as it. */
static void
add_others (Diagram                 *d,
            const FlitlabModelPoint *point,
            const gboolean          *placed)
{
  guint row = d->rows, column = 0, width = MAX (d->columns, 8);

  d->n_laid_out = d->cells->len;
  for (guint i = 0; i < point->classes->len; i++)
    if (!placed[i])
      {
        if (column == width)
          column = 0, row++;
        add_cell (d, column++, row, i);
      }
}

/* 000 Figs. 1 and 3: per dimension a column of c_{d,i}, i hops still to go in it, the flow
 * running down each column (i to i - 1) and on to the next dimension. Fig. 5: the chain
 * C[d] of the hypercube. */
static gboolean
layout_ciciani (Diagram                 *d,
                const FlitlabModelPoint *point,
                gboolean                *placed)
{
  gboolean any = FALSE, columns_of_hops = FALSE;
  int injection = -1, ejection = -1, injection_cell = -1, ejection_cell = -1;
  guint first, row0, n_dims;

  for (guint i = 0; i < point->classes->len; i++)
    {
      if (g_str_equal (klass (point, i)->name, "injection"))
        injection = (int) i;
      else if (g_str_equal (klass (point, i)->name, "ejection"))
        ejection = (int) i;
    }
  /* Figs. 1 and 3 (columns of c[d,i]): the source's injection channel (the PH phase) above
   * dimension 0 and the ejection channel (DT) above the last, a row of their own; Fig. 5
   * (the chain C_d): at either end of the chain. */
  for (guint i = 0; i < point->classes->len; i++)
    {
      guint dim, hops;

      if (sscanf (klass (point, i)->name, "c[d=%u,i=%u]", &dim, &hops) == 2 && dim < 64 &&
          hops >= 1)
        {
          columns_of_hops = TRUE;
          break;
        }
    }
  first = !columns_of_hops && injection >= 0 ? 1 : 0;
  row0 = columns_of_hops && (injection >= 0 || ejection >= 0) ? 1 : 0;
  for (guint i = 0; i < point->classes->len; i++)
    {
      guint dim, hops;

      if (sscanf (klass (point, i)->name, "c[d=%u,i=%u]", &dim, &hops) == 2 && dim < 64 &&
          hops >= 1)
        {
          add_cell (d, dim, row0 + hops - 1, i);
          placed[i] = any = TRUE;
        }
      else if (sscanf (klass (point, i)->name, "C[d=%u]", &dim) == 1 && dim < 64)
        {
          add_cell (d, first + dim, 0, i);
          placed[i] = any = TRUE;
        }
    }
  if (!any)
    return FALSE;
  d->first_column = first;
  d->n_labelled = d->columns - first;
  n_dims = d->columns - first;
  if (injection >= 0)
    {
      add_cell (d, 0, 0, (guint) injection);
      placed[injection] = TRUE;
      injection_cell = (int) d->cells->len - 1;
    }
  if (ejection >= 0)
    {
      add_cell (d, columns_of_hops ? n_dims - 1 : first + n_dims, 0, (guint) ejection);
      placed[ejection] = TRUE;
      ejection_cell = (int) d->cells->len - 1;
    }
  /* Down each column from the most hops to one; from the last cell of a column (one hop
   * left) to the top of the next, where a message turns. */
  for (guint a = 0; a < d->cells->len; a++)
    for (guint b = 0; b < d->cells->len; b++)
      {
        const Cell *ca = &g_array_index (d->cells, Cell, a),
                   *cb = &g_array_index (d->cells, Cell, b);

        if ((int) a == injection_cell || (int) a == ejection_cell || (int) b == injection_cell ||
            (int) b == ejection_cell)
          continue;
        if (ca->column == cb->column && cb->row + 1 == ca->row)
          add_arrow (d, a, b);
        if (ca->column + 1 == cb->column && ca->row == row0 && cb->row == row0)
          add_arrow (d, a, b);
      }
  /* Into the first dimension where its messages turn into a dimension (the top of its
   * column, or the chain's start); out of the last. */
  for (guint c = 0; c < d->cells->len; c++)
    {
      const Cell *cell = &g_array_index (d->cells, Cell, c);

      if ((int) c == injection_cell || (int) c == ejection_cell || cell->row != row0)
        continue;
      if (injection_cell >= 0 && cell->column == first)
        add_arrow (d, (guint) injection_cell, c);
      if (ejection_cell >= 0 && cell->column == first + n_dims - 1)
        add_arrow (d, c, (guint) ejection_cell);
    }
  d->numbered_columns = TRUE;
  d->dimension_columns = d->rows > 1;
  d->note = d->rows > 1 ? _("a column per dimension, c[d,i] with i hops still to go in it; the "
                            "flow runs from injection (top left) up each column and on to the next "
                            "dimension, then to ejection (top right)")
                        : _("a box C[d] per dimension d, in e-cube order; the flow runs left to "
                            "right, from injection to ejection");
  return TRUE;
}

/* 001: the x classes <j0> in a row above the y classes <j0,j1>, j0 across, j1 down, with a
 * column between each two for the injection channels; ejection at the row's left end, where
 * the x stream (<j0> to <j0-1>) leaves. Each node's injection channel inj(c,r) sits beside a
 * y class it feeds (Fig. 2: PE, injection channel, the network's channels, ejection; the
 * routes are Fig. 3's R of Section 4 and Appendix A): in the torus the one y class it feeds,
 * <k-1-c,k-1-r>; in the mesh the south-bound <c,r>, or for the top row (r = 0, whose y hops
 * all go north: the mirror row's <c,k-1>) under the bottom of its column. */
static gboolean
layout_greenberg (Diagram                 *d,
                  const FlitlabModelPoint *point,
                  gboolean                *placed)
{
  gboolean any = FALSE, torus = FALSE;
  guint k = 0;

  for (guint i = 0; i < point->classes->len; i++)
    {
      guint j0, j1;
      char end;

      if (sscanf (klass (point, i)->name, "<%u,%u%c", &j0, &j1, &end) == 3 && end == '>' &&
          j0 < 256 && j1 < 256)
        {
          add_cell (d, 2 * j0 + 1, 1 + j1, i);
          placed[i] = any = TRUE;
        }
      else if (sscanf (klass (point, i)->name, "<%u%c", &j0, &end) == 2 && end == '>' && j0 < 256)
        {
          add_cell (d, 2 * j0 + 1, 0, i);
          placed[i] = any = TRUE;
          /* The torus has the wrap link's class <0>; the mesh's x classes start at 1. */
          torus |= j0 == 0;
        }
    }
  if (!any)
    return FALSE;
  for (guint i = 0; i < point->classes->len; i++)
    {
      guint c, r;

      if (sscanf (klass (point, i)->name, "inj(%u,%u)", &c, &r) == 2 && c < 256 && r < 256)
        k = MAX (k, MAX (c, r) + 1);
    }
  d->note = _("top row: x classes <j0>, leaving to ejection at the left; below: y classes <j0,j1>, "
              "j0 across and j1 down, each fed by the injection channel inj(c,r) of a node beside "
              "or below it");
  for (guint i = 0; i < point->classes->len; i++)
    {
      guint c, r;

      if (sscanf (klass (point, i)->name, "inj(%u,%u)", &c, &r) != 2 || c >= k || r >= k)
        continue;
      if (torus)
        add_cell (d, 2 * (k - 1 - c), 1 + (k - 1 - r), i);
      else if (r > 0)
        add_cell (d, 2 * c, 1 + r, i);
      else
        add_cell (d, 2 * c + 1, 1 + k, i);
      placed[i] = TRUE;
    }
  for (guint i = 0; i < point->classes->len; i++)
    if (g_str_equal (klass (point, i)->name, "ejection"))
      {
        add_cell (d, 0, 0, i);
        placed[i] = TRUE;
      }
  return TRUE;
}

/* Finds class name's cell in cell_of (names to cell index + 1, as layout_quaglia() fills it). */
static int
quaglia_cell (GHashTable *cell_of,
              const char *name)
{
  return GPOINTER_TO_INT (g_hash_table_lookup (cell_of, name)) - 1;
}

static void
quaglia_place (Diagram                 *d,
               const FlitlabModelPoint *point,
               gboolean                *placed,
               GHashTable              *cell_of,
               const char              *name,
               guint                    column,
               guint                    row)
{
  for (guint i = 0; i < point->classes->len; i++)
    if (g_str_equal (klass (point, i)->name, name))
      {
        add_cell (d, column, row, i);
        placed[i] = TRUE;
        g_hash_table_insert (cell_of, g_strdup (name), GUINT_TO_POINTER (d->cells->len));
        return;
      }
}

/* 002 Section 3: the streams bX and bY of the messages whose destination is in their row or
 * column; Fig. 1 draws them dotted along the quadrant's first row and column, bX_{K-j+1} on
 * X_{1,j}. Under the quadrant (a row apart), each a chain from K routers still to cross to 1,
 * Eqs. (40)-(42), started by the waits Eq. (46) charges it: W_WE (left) and W_NE (above) for
 * bX_{K}, W_NS and W_WS for bY_{K}. */
static void
layout_quaglia_beta (Diagram                 *d,
                     const FlitlabModelPoint *point,
                     gboolean                *placed,
                     GHashTable              *cell_of)
{
  static const char * const starts[2][2] = { { "W_WE", "W_NE" }, { "W_NS", "W_WS" } };
  guint K = 0, top = d->rows + 1;

  for (guint i = 0; i < point->classes->len; i++)
    {
      guint j;

      if (sscanf (klass (point, i)->name, "bX_{%u}", &j) == 1 && j < 64)
        K = MAX (K, j);
    }
  if (K == 0)
    return;
  for (guint stream = 0; stream < 2; stream++)
    {
      guint left = stream * (K + 2);

      quaglia_place (d, point, placed, cell_of, starts[stream][0], left, top + 1);
      quaglia_place (d, point, placed, cell_of, starts[stream][1], left + 1, top);
      for (guint j = K; j >= 1; j--)
        {
          g_autofree char *name = g_strdup_printf ("b%c_{%u}", stream == 0 ? 'X' : 'Y', j);

          quaglia_place (d, point, placed, cell_of, name, left + 1 + K - j, top + 1);
        }
      for (guint j = K; j >= 1; j--)
        {
          g_autofree char *name = g_strdup_printf ("b%c_{%u}", stream == 0 ? 'X' : 'Y', j);
          g_autofree char *next = g_strdup_printf ("b%c_{%u}", stream == 0 ? 'X' : 'Y', j - 1);
          int from = quaglia_cell (cell_of, name), to = quaglia_cell (cell_of, next);

          if (j == K)
            for (guint w = 0; w < 2; w++)
              if (quaglia_cell (cell_of, starts[stream][w]) >= 0 && from >= 0)
                add_arrow (d, (guint) quaglia_cell (cell_of, starts[stream][w]), (guint) from);
          if (from >= 0 && to >= 0)
            add_arrow (d, (guint) from, (guint) to);
        }
    }
}

/* 002 Fig. 1: the south-east quadrant as the paper draws it, the channels between the
 * routers N_{i,j} (which sit at the even rows and columns, left empty): X_{i,j} east from
 * N_{i,j}, Y_{i,j} south from it. The adaptive stream goes on from X_{i,j} to X_{i,j+1} or
 * Y_{i,j+1}, from Y_{i,j} to Y_{i+1,j} or X_{i+1,j}. */
static gboolean
layout_quaglia (Diagram                 *d,
                const FlitlabModelPoint *point,
                gboolean                *placed)
{
  g_autoptr(GHashTable) cell_of = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gboolean any = FALSE;

  for (guint i = 0; i < point->classes->len; i++)
    {
      guint a, b;

      if (sscanf (klass (point, i)->name, "X_{%u,%u}", &a, &b) == 2 && a >= 1 && b >= 1 && a < 64 &&
          b < 64)
        add_cell (d, 2 * b - 1, 2 * a - 2, i);
      else if (sscanf (klass (point, i)->name, "Y_{%u,%u}", &a, &b) == 2 && a >= 1 && b >= 1 &&
               a < 64 && b < 64)
        add_cell (d, 2 * b - 2, 2 * a - 1, i);
      else
        continue;
      placed[i] = any = TRUE;
      g_hash_table_insert (cell_of, g_strdup (klass (point, i)->name),
                           GUINT_TO_POINTER (d->cells->len));
    }
  if (!any)
    return FALSE;
  for (guint c = 0; c < d->cells->len; c++)
    {
      const char *name = klass (point, g_array_index (d->cells, Cell, c).klass)->name;
      gboolean x = name[0] == 'X';
      guint a, b;

      if (sscanf (name + 1, "_{%u,%u}", &a, &b) != 2)
        continue;
      for (guint next = 0; next < 2; next++)
        {
          /* X_{a,b}: X_{a,b+1}, Y_{a,b+1}; Y_{a,b}: Y_{a+1,b}, X_{a+1,b}. */
          g_autofree char *to = g_strdup_printf ("%c_{%u,%u}", (next == 0) == x ? 'X' : 'Y',
                                                 x ? a : a + 1, x ? b + 1 : b);
          gpointer found = g_hash_table_lookup (cell_of, to);

          if (found != NULL)
            add_arrow (d, c, GPOINTER_TO_UINT (found) - 1);
        }
    }
  layout_quaglia_beta (d, point, placed, cell_of);
  d->note = _("the south-east quadrant: Xᵢ,ⱼ east-bound and Yᵢ,ⱼ south-bound channels "
              "between the routers, i down and j across, arrows where the adaptive stream goes on; "
              "below: the streams bX and bY along one dimension, j routers still to cross, after "
              "the waits they start with");
  return TRUE;
}

/* Whether no laid-out cell lies on the straight line between a and b, one row or column: an
 * arrow between them crosses no box. */
static gboolean
nothing_between (const Diagram *d,
                 const Cell    *a,
                 const Cell    *b)
{
  for (guint c = 0; c < d->n_laid_out; c++)
    {
      const Cell *cell = &g_array_index (d->cells, Cell, c);

      if (a->column == b->column && cell->column == a->column &&
          cell->row > MIN (a->row, b->row) && cell->row < MAX (a->row, b->row))
        return FALSE;
      if (a->row == b->row && cell->row == a->row &&
          cell->column > MIN (a->column, b->column) && cell->column < MAX (a->column, b->column))
        return FALSE;
    }
  return TRUE;
}

/* The model's routes between boxes of the paper's layout in one row or column with no box
 * between: a message going on in its dimension (001: <j0> to <j0-1>, <j0,j1> to <j0,j1-1>),
 * turning (<j0,1> to <j0>), leaving (<1> to ejection) or entering (inj(c,r) to <c,r>). */
static void
add_route_arrows (Diagram                 *d,
                  const FlitlabModelPoint *point)
{
  g_autofree int *cell_of = NULL;

  if (point->routes == NULL || point->routes->len == 0)
    return;
  cell_of = g_new (int, point->classes->len);
  for (guint i = 0; i < point->classes->len; i++)
    cell_of[i] = -1;
  for (guint c = 0; c < d->n_laid_out; c++)
    cell_of[g_array_index (d->cells, Cell, c).klass] = (int) c;
  for (guint r = 0; r < point->routes->len; r++)
    {
      const FlitlabModelRoute *route = &g_array_index (point->routes, FlitlabModelRoute, r);
      int a = cell_of[route->from], b = cell_of[route->to];
      const Cell *ca, *cb;

      if (a < 0 || b < 0)
        continue;
      ca = &g_array_index (d->cells, Cell, a);
      cb = &g_array_index (d->cells, Cell, b);
      if ((ca->column == cb->column || ca->row == cb->row) && nothing_between (d, ca, cb))
        {
          add_arrow (d, a, b);
          g_array_index (d->arrows, Arrow, d->arrows->len - 1).probability = route->probability;
        }
    }
}

/* The classes named, in a row, each with an arrow from the one before (the last of a name
 * where the point has several); FALSE, nothing added, when the point lacks one. */
static gboolean
layout_row (Diagram                 *d,
            const FlitlabModelPoint *point,
            gboolean                *placed,
            const char * const      *classes,
            guint                    n_classes)
{
  g_autofree int *found = g_new (int, n_classes);

  for (guint c = 0; c < n_classes; c++)
    {
      found[c] = -1;
      for (guint i = 0; i < point->classes->len; i++)
        if (g_str_equal (klass (point, i)->name, classes[c]))
          found[c] = (int) i;
      if (found[c] < 0)
        return FALSE;
    }
  for (guint c = 0; c < n_classes; c++)
    {
      add_cell (d, c, 0, (guint) found[c]);
      placed[found[c]] = TRUE;
      if (c > 0)
        add_arrow (d, c - 1, c);
    }
  return TRUE;
}

/* 003 section 3: a message crosses three sub-networks, its source necklace to the nearest
 * base vertex, the base hypercube, and the destination necklace; the model has one class for
 * both necklaces, drawn at either end. */
static gboolean
layout_meraji (Diagram                 *d,
               const FlitlabModelPoint *point,
               gboolean                *placed)
{
  static const char * const names[] = { N_("injection"), N_("source necklace"),
                                        N_("base hypercube"),
                                        N_("destination necklace") };
  static const char * const classes[] = { "injection", "necklace", "hypercube", "necklace" };

  if (!layout_row (d, point, placed, classes, G_N_ELEMENTS (classes)))
    return FALSE;
  d->column_names = names;
  d->note = _("the three sub-networks a message crosses after it is injected");
  return TRUE;
}

/* 004: a store-and-forward message is injected, crosses channels (forwarded or backtracked,
 * the header chain below) and is delivered: injection, channel, ejection in a row. */
static gboolean
layout_horng (Diagram                 *d,
              const FlitlabModelPoint *point,
              gboolean                *placed)
{
  static const char * const classes[] = { "injection", "channel", "ejection" };

  return layout_row (d, point, placed, classes, G_N_ELEMENTS (classes));
}

void
flitlab_flow_diagram_build (Diagram                 *d,
                            const FlitlabModelPoint *point)
{
  g_autofree gboolean *placed = g_new0 (gboolean, point->classes->len);

  d->cells = g_array_new (FALSE, FALSE, sizeof (Cell));
  d->arrows = g_array_new (FALSE, FALSE, sizeof (Arrow));
  if (!layout_ciciani (d, point, placed) && !layout_greenberg (d, point, placed) &&
      !layout_meraji (d, point, placed) && !layout_horng (d, point, placed))
    layout_quaglia (d, point, placed);
  add_others (d, point, placed);
  add_route_arrows (d, point);
}

void
flitlab_flow_diagram_clear (Diagram *d)
{
  g_clear_pointer (&d->cells, g_array_unref);
  g_clear_pointer (&d->arrows, g_array_unref);
  d->numbered_columns = FALSE;
}

/* ---- 004's chains ----------------------------------------------------------------------- */

static const FlitlabModelVector *
find_vector (const FlitlabModelPoint *point,
             const char              *name)
{
  for (guint v = 0; point->vectors != NULL && v < point->vectors->len; v++)
    if (g_str_equal (((FlitlabModelVector *) point->vectors->pdata[v])->name, name))
      return point->vectors->pdata[v];
  return NULL;
}

static void
add_transition (Chain  *chain,
                guint   from,
                guint   to,
                double  probability)
{
  Arrow arrow = { from, to, probability };

  g_array_append_val (chain->arrows, arrow);
}

/* Fig. 4: the number i of one-bits left in a message's header. From state i a message is
 * forwarded (to i - 1) with probability p + q (i - 1)/(n - 1), and backtracked (to i + 1) with
 * q (n - i)/(n - 1); from n it can only go back to n - 1; 0 is delivery. */
gboolean
flitlab_flow_header_chain (Chain                   *chain,
                           const FlitlabModelPoint *point)
{
  const FlitlabModelVector *phases = find_vector (point, FLOW_HEADER_CHAIN_VECTOR);
  const FlitlabModelVector *hops = find_vector (point, "hops-to-go");
  double p, q;
  guint n;

  if (phases == NULL || phases->n_values != 2 || hops == NULL || hops->n_values < 2)
    return FALSE;
  n = hops->n_values;
  p = phases->values[0];
  q = phases->values[1];
  chain->n_states = n + 1;
  chain->arrows = g_array_new (FALSE, FALSE, sizeof (Arrow));
  chain->probabilities = NULL;
  for (guint i = 1; i <= n; i++)
    {
      add_transition (chain, i, i - 1, i == n ? 1.0 : p + q * (i - 1) / (n - 1));
      if (i < n)
        add_transition (chain, i, i + 1, q * (n - i) / (n - 1));
    }
  return TRUE;
}

/* Eqs. 1-8: one node's occupancy 0..M. P = D R A moves it up with the transit and input
 * arrivals and down with the transmissions, by up to n messages a cycle: drawn, as a chain is,
 * as the arrows between successive states, without the model's probabilities for them (it
 * gives only the stationary π). */
gboolean
flitlab_flow_buffer_chain (Chain                   *chain,
                           const FlitlabModelPoint *point)
{
  const FlitlabModelVector *pi = find_vector (point, FLOW_BUFFER_CHAIN_VECTOR);

  if (pi == NULL || pi->n_values < 2)
    return FALSE;
  chain->n_states = pi->n_values;
  chain->arrows = g_array_new (FALSE, FALSE, sizeof (Arrow));
  chain->probabilities = pi->values;
  for (guint i = 0; i + 1 < pi->n_values; i++)
    {
      add_transition (chain, i, i + 1, NAN);
      add_transition (chain, i + 1, i, NAN);
    }
  return TRUE;
}

void
flitlab_flow_chain_clear (Chain *chain)
{
  g_clear_pointer (&chain->arrows, g_array_unref);
  chain->n_states = 0;
  chain->probabilities = NULL;
}
