/* flitlab-traffic-matrix.h: a traffic matrix, who sends how much to whom
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * N x N non-negative weights: row = source, column = destination, the diagonal zero. Only the
 * ratios matter (docs/traffic.md): a source sends in proportion to its row's sum, to each
 * destination in proportion to its entry, and a row of zeros is a node that only receives.
 * Immutable and reference-counted, so a study's copies share it; stored by rows of non-zero
 * entries, so a sparse matrix of FLITLAB_MAX_MATRIX_NODES nodes stays small.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define FLITLAB_TRAFFIC_MATRIX_ERROR (flitlab_traffic_matrix_error_quark ())

typedef enum
{
  FLITLAB_TRAFFIC_MATRIX_ERROR_PARSE,     /* not a number, ragged rows, not square, empty */
  FLITLAB_TRAFFIC_MATRIX_ERROR_NEGATIVE,  /* a negative weight */
  FLITLAB_TRAFFIC_MATRIX_ERROR_DIAGONAL,  /* a node sends to itself */
  FLITLAB_TRAFFIC_MATRIX_ERROR_ZERO,      /* every weight zero: no traffic at all */
  FLITLAB_TRAFFIC_MATRIX_ERROR_SIZE,      /* not the network's number of nodes */
  FLITLAB_TRAFFIC_MATRIX_ERROR_TOO_LARGE, /* more than FLITLAB_MAX_MATRIX_NODES nodes or bytes */
  FLITLAB_TRAFFIC_MATRIX_ERROR_CHANGED,   /* a project's matrix file is not the one it saved */
} FlitlabTrafficMatrixError;

typedef struct _FlitlabTrafficMatrix FlitlabTrafficMatrix;

/* Fills row (n_nodes zeros on entry) with the weights of source src; FALSE with error set
 * stops the matrix. */
typedef gboolean (*FlitlabTrafficMatrixRowFunc) (guint    src,
                                                 double  *row,
                                                 gpointer user_data,
                                                 GError **error);

GQuark                flitlab_traffic_matrix_error_quark (void);

/* A matrix whose rows row() gives, checked: FALSE with an error as for a file's. */
FlitlabTrafficMatrix *flitlab_traffic_matrix_new       (guint                        n_nodes,
                                                        FlitlabTrafficMatrixRowFunc  row,
                                                        gpointer                     user_data,
                                                        GError                     **error);
/* Reads the CSV text of a matrix (docs/traffic.md): rows of comma-separated numbers, with
 * an optional header row and header column of node names or numbers. An error is one line,
 * with the line of the text it is about. */
FlitlabTrafficMatrix *flitlab_traffic_matrix_new_from_csv (const char               *text,
                                                        gsize                        length,
                                                        GError                     **error);
FlitlabTrafficMatrix *flitlab_traffic_matrix_ref       (FlitlabTrafficMatrix        *self);
void                  flitlab_traffic_matrix_unref     (FlitlabTrafficMatrix        *self);

guint                 flitlab_traffic_matrix_get_n_nodes (const FlitlabTrafficMatrix *self);
gsize                 flitlab_traffic_matrix_get_n_nonzeros (const FlitlabTrafficMatrix *self);
/* The nodes whose row is not all zero. */
guint                 flitlab_traffic_matrix_get_n_sources (const FlitlabTrafficMatrix *self);
double                flitlab_traffic_matrix_get (const FlitlabTrafficMatrix *self,
                                                  guint                       src,
                                                  guint                       dst);
double                flitlab_traffic_matrix_row_sum (const FlitlabTrafficMatrix *self,
                                                      guint                       src);
/* Same size and the same weights, entry by entry. */
gboolean              flitlab_traffic_matrix_equal     (const FlitlabTrafficMatrix *a,
                                                        const FlitlabTrafficMatrix *b);
/* FALSE, with FLITLAB_TRAFFIC_MATRIX_ERROR_SIZE, unless the matrix has n_nodes nodes. */
gboolean              flitlab_traffic_matrix_check_size (const FlitlabTrafficMatrix *self,
                                                        guint                        n_nodes,
                                                        GError                     **error);
/* The matrix as CSV, every weight written so that it reads back the same; headers: a header
 * row and column of node numbers. */
char                 *flitlab_traffic_matrix_to_csv    (const FlitlabTrafficMatrix *self,
                                                        gboolean                    headers,
                                                        gsize                      *length);

/* Draws a source (a node with probability its row sum over the sum of all rows times the
 * share of nodes that send, else G_MAXUINT: no message) and a destination of src by its row,
 * each in constant time (Walker's alias method). */
guint                 flitlab_traffic_matrix_draw_source (const FlitlabTrafficMatrix *self,
                                                          guint32                     column,
                                                          double                      coin);
guint                 flitlab_traffic_matrix_draw_destination (const FlitlabTrafficMatrix *self,
                                                               guint                  src,
                                                               guint32                column,
                                                               double                 coin);
/* The number of columns draw_source and draw_destination take (draw column below it). */
guint                 flitlab_traffic_matrix_source_columns (const FlitlabTrafficMatrix *self);
guint                 flitlab_traffic_matrix_row_columns (const FlitlabTrafficMatrix *self,
                                                          guint                       src);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabTrafficMatrix, flitlab_traffic_matrix_unref)

G_END_DECLS
