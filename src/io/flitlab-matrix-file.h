/* flitlab-matrix-file.h: a traffic matrix's CSV file (docs/traffic.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The one place that reads a matrix file: flitlab-cli's --matrix, the project reader's
 * <matrix file="..."> and the window's choice of a file all read it here, so that each checks
 * the same limits and names the file in the same words.
 */

#pragma once

#include <glib.h>

#include "flitlab-traffic-matrix.h"

G_BEGIN_DECLS

/* Reads and parses the file at path (a regular file of at most FLITLAB_MAX_MATRIX_BYTES);
 * sha256 (may be NULL) gets the SHA-256 of its bytes, in hex. Errors are one line that names
 * the file: G_FILE_ERROR when it cannot be read, FLITLAB_TRAFFIC_MATRIX_ERROR when it is no
 * matrix. */
FlitlabTrafficMatrix *flitlab_matrix_file_load (const char  *path,
                                                char       **sha256,
                                                GError     **error);

G_END_DECLS
