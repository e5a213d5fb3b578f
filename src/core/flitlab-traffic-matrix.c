/* flitlab-traffic-matrix.c: a traffic matrix, its CSV text and its draws
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Rows keep their non-zero entries only (compressed sparse rows): a 4096-node permutation
 * takes a few hundred kilobytes, a dense 4096-node matrix about 16 bytes per entry. Each row
 * has its own alias table over its entries, and the sources one over the nodes and "none".
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-input.h"
#include "flitlab-limits.h"
#include "flitlab-traffic-matrix.h"

/* A row's entries are numbered by guint16 columns. */
G_STATIC_ASSERT (FLITLAB_MAX_MATRIX_NODES <= G_MAXUINT16 + 1);

struct _FlitlabTrafficMatrix
{
  gatomicrefcount ref_count;
  guint           n_nodes;
  guint           n_sources;
  gsize          *row_start;    /* n_nodes + 1: row src's entries are [start[src], start[src+1]) */
  guint16        *cols;         /* per entry: its destination */
  double         *weights;      /* per entry: its weight, > 0 */
  double         *row_sums;     /* n_nodes */
  float          *entry_prob;   /* per entry: the row's alias table */
  guint16        *entry_alias;
  float          *source_prob;  /* n_nodes + 1: the sources' alias table, the last "none" */
  guint32        *source_alias;
};

G_DEFINE_QUARK (flitlab-traffic-matrix-error-quark, flitlab_traffic_matrix_error)

/* Walker's alias table of n weights (Vose's construction): column i is itself with
 * probability prob[i], else alias[i]. work: 2n guint32 of scratch. */
static void
build_alias (const double *weights,
             guint         n,
             double        total,
             float        *prob,
             guint32      *alias,
             guint32      *work)
{
  guint32 *small = work, *large = work + n;
  guint n_small = 0, n_large = 0;
  g_autofree double *scaled = g_new (double, n);

  for (guint i = 0; i < n; i++)
    {
      scaled[i] = weights[i] * n / total;
      alias[i] = i;
      if (scaled[i] < 1)
        small[n_small++] = i;
      else
        large[n_large++] = i;
    }
  while (n_small > 0 && n_large > 0)
    {
      guint32 s = small[--n_small], l = large[n_large - 1];

      prob[s] = scaled[s];
      alias[s] = l;
      scaled[l] -= 1 - scaled[s];
      if (scaled[l] < 1)
        {
          n_large--;
          small[n_small++] = l;
        }
    }
  /* What is left is 1 but for rounding. */
  while (n_large > 0)
    prob[large[--n_large]] = 1;
  while (n_small > 0)
    prob[small[--n_small]] = 1;
}

static void
build_tables (FlitlabTrafficMatrix *self)
{
  guint n = self->n_nodes;
  gsize nnz = self->row_start[n];
  g_autofree guint32 *work = g_new (guint32, 2 * (n + 1));
  g_autofree guint32 *alias = g_new (guint32, n + 1);
  g_autofree double *source = g_new (double, n + 1);
  double total = 0;

  self->entry_prob = g_new (float, nnz);
  self->entry_alias = g_new (guint16, nnz);
  for (guint src = 0; src < n; src++)
    {
      gsize start = self->row_start[src], len = self->row_start[src + 1] - start;

      if (len == 0)
        continue;
      build_alias (self->weights + start, len, self->row_sums[src], self->entry_prob + start,
                   alias, work);
      for (gsize i = 0; i < len; i++)
        self->entry_alias[start + i] = alias[i];
      total += self->row_sums[src];
    }

  /* Every sending node sends the study's load on average, as a permutation's nodes do: the
   * nodes that send nothing leave their share of arrivals to "none". */
  for (guint src = 0; src < n; src++)
    source[src] = self->row_sums[src] / total * self->n_sources / n;
  source[n] = (double) (n - self->n_sources) / n;
  self->source_prob = g_new (float, n + 1);
  self->source_alias = g_new (guint32, n + 1);
  build_alias (source, n + 1, 1.0, self->source_prob, self->source_alias, work);
}

FlitlabTrafficMatrix *
flitlab_traffic_matrix_new (guint                         n_nodes,
                            FlitlabTrafficMatrixRowFunc   row_func,
                            gpointer                      user_data,
                            GError                      **error)
{
  g_autoptr(FlitlabTrafficMatrix) self = NULL;
  g_autofree double *row = NULL;
  gsize capacity = 0, nnz = 0;
  double total = 0;

  g_return_val_if_fail (row_func != NULL, NULL);

  if (n_nodes < 2)
    {
      g_set_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR, FLITLAB_TRAFFIC_MATRIX_ERROR_SIZE,
                   _("a traffic matrix needs at least 2 nodes, not %u"), n_nodes);
      return NULL;
    }
  if (n_nodes > FLITLAB_MAX_MATRIX_NODES)
    {
      g_set_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR, FLITLAB_TRAFFIC_MATRIX_ERROR_TOO_LARGE,
                   _("a traffic matrix has at most %u nodes, not %u"),
                   FLITLAB_MAX_MATRIX_NODES, n_nodes);
      return NULL;
    }

  self = g_new0 (FlitlabTrafficMatrix, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->n_nodes = n_nodes;
  self->row_start = g_new (gsize, n_nodes + 1);
  self->row_sums = g_new0 (double, n_nodes);
  row = g_new (double, n_nodes);
  for (guint src = 0; src < n_nodes; src++)
    {
      memset (row, 0, sizeof (double) * n_nodes);
      if (!row_func (src, row, user_data, error))
        return NULL;
      self->row_start[src] = nnz;
      for (guint dst = 0; dst < n_nodes; dst++)
        {
          double w = row[dst];

          if (!(w >= 0) || !isfinite (w))
            {
              g_autofree char *text = flitlab_input_format_number (w);

              g_set_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR,
                           FLITLAB_TRAFFIC_MATRIX_ERROR_NEGATIVE,
                           _("the weight from node %u to node %u is %s: weights are "
                             "non-negative numbers"), src, dst, text);
              return NULL;
            }
          if (w == 0)
            continue;
          if (dst == src)
            {
              g_set_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR,
                           FLITLAB_TRAFFIC_MATRIX_ERROR_DIAGONAL,
                           _("node %u sends to itself: the diagonal must be zero"), src);
              return NULL;
            }
          if (nnz == capacity)
            {
              capacity = MAX (64, capacity * 2);
              self->cols = g_renew (guint16, self->cols, capacity);
              self->weights = g_renew (double, self->weights, capacity);
            }
          self->cols[nnz] = dst;
          self->weights[nnz++] = w;
          self->row_sums[src] += w;
        }
      self->n_sources += self->row_sums[src] > 0;
      total += self->row_sums[src];
    }
  self->row_start[n_nodes] = nnz;
  if (nnz == 0)
    {
      g_set_error_literal (error, FLITLAB_TRAFFIC_MATRIX_ERROR, FLITLAB_TRAFFIC_MATRIX_ERROR_ZERO,
                           _("every weight of the traffic matrix is zero: no node sends"));
      return NULL;
    }
  if (!isfinite (total))
    {
      g_set_error_literal (error, FLITLAB_TRAFFIC_MATRIX_ERROR, FLITLAB_TRAFFIC_MATRIX_ERROR_PARSE,
                           _("the weights of the traffic matrix add up to more than a double "
                             "holds"));
      return NULL;
    }
  self->cols = g_renew (guint16, self->cols, nnz);
  self->weights = g_renew (double, self->weights, nnz);
  build_tables (self);
  return g_steal_pointer (&self);
}

FlitlabTrafficMatrix *
flitlab_traffic_matrix_ref (FlitlabTrafficMatrix *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
flitlab_traffic_matrix_unref (FlitlabTrafficMatrix *self)
{
  if (self == NULL || !g_atomic_ref_count_dec (&self->ref_count))
    return;
  g_free (self->row_start);
  g_free (self->cols);
  g_free (self->weights);
  g_free (self->row_sums);
  g_free (self->entry_prob);
  g_free (self->entry_alias);
  g_free (self->source_prob);
  g_free (self->source_alias);
  g_free (self);
}

guint
flitlab_traffic_matrix_get_n_nodes (const FlitlabTrafficMatrix *self)
{
  return self->n_nodes;
}

gsize
flitlab_traffic_matrix_get_n_nonzeros (const FlitlabTrafficMatrix *self)
{
  return self->row_start[self->n_nodes];
}

guint
flitlab_traffic_matrix_get_n_sources (const FlitlabTrafficMatrix *self)
{
  return self->n_sources;
}

double
flitlab_traffic_matrix_get (const FlitlabTrafficMatrix *self,
                            guint                       src,
                            guint                       dst)
{
  gsize lo, hi;

  g_return_val_if_fail (src < self->n_nodes && dst < self->n_nodes, 0);
  /* A row's entries are in column order. */
  lo = self->row_start[src];
  hi = self->row_start[src + 1];
  while (lo < hi)
    {
      gsize mid = lo + (hi - lo) / 2;

      if (self->cols[mid] == dst)
        return self->weights[mid];
      if (self->cols[mid] < dst)
        lo = mid + 1;
      else
        hi = mid;
    }
  return 0;
}

double
flitlab_traffic_matrix_row_sum (const FlitlabTrafficMatrix *self,
                                guint                       src)
{
  g_return_val_if_fail (src < self->n_nodes, 0);
  return self->row_sums[src];
}

gboolean
flitlab_traffic_matrix_equal (const FlitlabTrafficMatrix *a,
                              const FlitlabTrafficMatrix *b)
{
  gsize nnz;

  if (a == b)
    return TRUE;
  if (a == NULL || b == NULL || a->n_nodes != b->n_nodes)
    return FALSE;
  nnz = a->row_start[a->n_nodes];
  return memcmp (a->row_start, b->row_start, sizeof (gsize) * (a->n_nodes + 1)) == 0 &&
         memcmp (a->cols, b->cols, sizeof (guint16) * nnz) == 0 &&
         memcmp (a->weights, b->weights, sizeof (double) * nnz) == 0;
}

gboolean
flitlab_traffic_matrix_check_size (const FlitlabTrafficMatrix  *self,
                                   guint                        n_nodes,
                                   GError                     **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  if (self->n_nodes == n_nodes)
    return TRUE;
  g_set_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR, FLITLAB_TRAFFIC_MATRIX_ERROR_SIZE,
               _("the traffic matrix is %u×%u but the network has %u nodes"),
               self->n_nodes, self->n_nodes, n_nodes);
  return FALSE;
}

char *
flitlab_traffic_matrix_to_csv (const FlitlabTrafficMatrix *self,
                               gboolean                    headers,
                               gsize                      *length)
{
  GString *out = g_string_new (NULL);

  if (headers)
    {
      for (guint dst = 0; dst < self->n_nodes; dst++)
        g_string_append_printf (out, ",%u", dst);
      g_string_append_c (out, '\n');
    }
  for (guint src = 0; src < self->n_nodes; src++)
    {
      gsize i = self->row_start[src];

      if (headers)
        g_string_append_printf (out, "%u,", src);
      for (guint dst = 0; dst < self->n_nodes; dst++)
        {
          if (dst > 0)
            g_string_append_c (out, ',');
          if (i < self->row_start[src + 1] && self->cols[i] == dst)
            {
              g_autofree char *text = flitlab_input_format_number (self->weights[i++]);

              g_string_append (out, text);
            }
          else
            g_string_append_c (out, '0');
        }
      g_string_append_c (out, '\n');
    }
  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

guint
flitlab_traffic_matrix_source_columns (const FlitlabTrafficMatrix *self)
{
  return self->n_nodes + 1;
}

guint
flitlab_traffic_matrix_row_columns (const FlitlabTrafficMatrix *self,
                                    guint                       src)
{
  return self->row_start[src + 1] - self->row_start[src];
}

guint
flitlab_traffic_matrix_draw_source (const FlitlabTrafficMatrix *self,
                                    guint32                     column,
                                    double                      coin)
{
  guint32 node = coin < self->source_prob[column] ? column : self->source_alias[column];

  return node < self->n_nodes ? node : G_MAXUINT;
}

guint
flitlab_traffic_matrix_draw_destination (const FlitlabTrafficMatrix *self,
                                         guint                       src,
                                         guint32                     column,
                                         double                      coin)
{
  gsize i = self->row_start[src] + column;

  if (!(coin < self->entry_prob[i]))
    i = self->row_start[src] + self->entry_alias[i];
  return self->cols[i];
}

/* ---- CSV ----------------------------------------------------------------------------- */

typedef struct
{
  const char *start;
  gsize       length;
  guint       number;   /* in the text, from 1 */
} Line;

typedef struct
{
  GArray  *lines;       /* Line: the matrix's rows, headers left out */
  gboolean header_col;
  guint    line;        /* the line the last row came from, for messages */
} Csv;

static void
trim (const char **start,
      gsize       *length)
{
  while (*length > 0 && g_ascii_isspace (**start))
    (*start)++, (*length)--;
  while (*length > 0 && g_ascii_isspace ((*start)[*length - 1]))
    (*length)--;
}

static guint
count_cells (const Line *line)
{
  guint n = 1;

  for (gsize i = 0; i < line->length; i++)
    n += line->start[i] == ',';
  return n;
}

/* How many cells of line are numbers; *first: whether its first cell is one. */
static guint
count_numbers (const Line *line,
               gboolean   *first)
{
  const char *p = line->start, *end = line->start + line->length;
  guint n = 0;

  for (guint i = 0;; i++)
    {
      const char *comma = memchr (p, ',', end - p);
      const char *cell = p;
      gsize length = (comma != NULL ? comma : end) - p;
      double value;
      gboolean number;

      trim (&cell, &length);
      number = flitlab_input_parse_number (cell, length, &value);
      n += number;
      if (i == 0)
        *first = number;
      if (comma == NULL)
        break;
      p = comma + 1;
    }
  return n;
}

static gboolean
csv_row (guint    src,
         double  *row,
         gpointer user_data,
         GError **error)
{
  Csv *csv = user_data;
  const Line *line = &g_array_index (csv->lines, Line, src);
  const char *p = line->start, *end = line->start + line->length;
  guint column = 0;

  csv->line = line->number;
  if (csv->header_col)
    p = (const char *) memchr (p, ',', end - p) + 1;
  for (;;)
    {
      const char *comma = memchr (p, ',', end - p);
      const char *cell = p;
      gsize length = (comma != NULL ? comma : end) - p;

      trim (&cell, &length);
      if (!flitlab_input_parse_number (cell, length, &row[column]))
        {
          g_autofree char *text = g_strndup (cell, length);
          g_autofree char *message = NULL;

          message = g_strdup_printf (_("“%s” (row %u, column %u) is not a number"),
                                     text, src, column);
          g_set_error_literal (error, FLITLAB_TRAFFIC_MATRIX_ERROR,
                               FLITLAB_TRAFFIC_MATRIX_ERROR_PARSE, message);
          return FALSE;
        }
      column++;
      if (comma == NULL)
        break;
      p = comma + 1;
    }
  return TRUE;
}

/* Sets error to message at line of the text; NULL, for the caller to return. */
static FlitlabTrafficMatrix *
fail_line (GError    **error,
           int         code,
           guint       line,
           const char *message)
{
  g_autofree char *text = flitlab_input_message_line (message);

  /* Translators: a traffic matrix's problem at a line of its CSV text */
  g_set_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR, code, _("line %u: %s"), line, text);
  return NULL;
}

FlitlabTrafficMatrix *
flitlab_traffic_matrix_new_from_csv (const char  *text,
                                     gsize        length,
                                     GError     **error)
{
  g_autoptr(GArray) lines = g_array_new (FALSE, FALSE, sizeof (Line));
  g_autoptr(GError) local_error = NULL;
  FlitlabTrafficMatrix *matrix;
  const char *p = text, *end = text + length;
  gboolean header_row = FALSE;
  guint number = 0, cells, n;
  Csv csv = { 0 };

  g_return_val_if_fail (text != NULL || length == 0, NULL);

  if (length > FLITLAB_MAX_MATRIX_BYTES)
    {
      g_set_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR, FLITLAB_TRAFFIC_MATRIX_ERROR_TOO_LARGE,
                   _("a traffic matrix's file has at most %u bytes"), FLITLAB_MAX_MATRIX_BYTES);
      return NULL;
    }
  /* A spreadsheet's byte order mark is no cell. */
  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    p += 3;
  /* The lines that hold something: blank lines and # comments are left out. */
  while (p < end)
    {
      const char *newline = memchr (p, '\n', end - p);
      Line line = { p, (newline != NULL ? newline : end) - p, ++number };

      trim (&line.start, &line.length);
      if (line.length > 0 && line.start[0] != '#')
        {
          if (memchr (line.start, '\0', line.length) != NULL)
            return fail_line (error, FLITLAB_TRAFFIC_MATRIX_ERROR_PARSE, number, _("not text"));
          if (lines->len > FLITLAB_MAX_MATRIX_NODES + 1)
            {
              g_set_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR,
                           FLITLAB_TRAFFIC_MATRIX_ERROR_TOO_LARGE,
                           _("a traffic matrix has at most %u nodes"), FLITLAB_MAX_MATRIX_NODES);
              return NULL;
            }
          g_array_append_val (lines, line);
        }
      p = newline != NULL ? newline + 1 : end;
    }
  if (lines->len == 0)
    {
      g_set_error_literal (error, FLITLAB_TRAFFIC_MATRIX_ERROR, FLITLAB_TRAFFIC_MATRIX_ERROR_PARSE,
                           _("the traffic matrix is empty"));
      return NULL;
    }

  /* The data rows' width, from the second line when the first may be a header. */
  cells = count_cells (&g_array_index (lines, Line, lines->len > 1 ? 1 : 0));
  /* A header row: a name (or an empty corner cell) first or no number at all in the first
   * line, a first line one cell short of the others (no corner), or one line more than a row
   * has numbers. A number mistyped in a row of numbers stays a row, and is refused. */
  {
    const Line *first = &g_array_index (lines, Line, 0);
    guint first_cells = count_cells (first);
    gboolean first_number;
    guint numbers = count_numbers (first, &first_number);

    header_row = lines->len > 1 &&
                 (!first_number || numbers == 0 || first_cells == cells - 1 ||
                  (first_cells == cells && lines->len == cells + 1));
    if (header_row && first_cells != cells && first_cells != cells - 1)
      return fail_line (error, FLITLAB_TRAFFIC_MATRIX_ERROR_PARSE, first->number,
                        _("the header row has a different number of cells from the rows"));
  }
  if (header_row)
    g_array_remove_index (lines, 0);
  n = lines->len;
  cells = count_cells (&g_array_index (lines, Line, 0));
  for (guint i = 1; i < n; i++)
    {
      const Line *line = &g_array_index (lines, Line, i);
      guint here = count_cells (line);

      if (here != cells)
        {
          g_autofree char *message =
            g_strdup_printf (_("%u values where line %u has %u (ragged rows)"), here,
                             g_array_index (lines, Line, 0).number, cells);

          return fail_line (error, FLITLAB_TRAFFIC_MATRIX_ERROR_PARSE, line->number, message);
        }
    }
  if (cells != n && cells != n + 1)
    {
      g_set_error (error, FLITLAB_TRAFFIC_MATRIX_ERROR, FLITLAB_TRAFFIC_MATRIX_ERROR_PARSE,
                   _("the traffic matrix has %u rows of %u values: it is not square"),
                   n, cells);
      return NULL;
    }
  /* One cell more than rows: the first column names the rows. */
  csv.header_col = cells == n + 1;
  csv.lines = lines;
  matrix = flitlab_traffic_matrix_new (n, csv_row, &csv, &local_error);
  if (matrix == NULL)
    {
      if (local_error->code == FLITLAB_TRAFFIC_MATRIX_ERROR_ZERO ||
          local_error->code == FLITLAB_TRAFFIC_MATRIX_ERROR_SIZE ||
          local_error->code == FLITLAB_TRAFFIC_MATRIX_ERROR_TOO_LARGE)
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        fail_line (error, local_error->code, csv.line, local_error->message);
    }
  return matrix;
}
