/* test-projects.h: projects for the project file tests: one with every field set, loading from
 * text, and the checks on what loading says
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "flitlab-project-xml.h"
#include "test-files.h"

G_BEGIN_DECLS

/* Checks the file at path against data/flitlab-project.rng with xmllint (an error when it is
 * not valid); FALSE, the test skipped, without xmllint. */
gboolean validate_with_schema (const char *path);
/* The same for a document in memory. */
gboolean validate_data_with_schema (const char *data, gsize length);
/* The error names the file and, when line > 0, that line. */
void assert_error_location (const GError *error, const char *file, int line);
/* Loads text as the file "bad.flitlab". */
FlitlabProject *load_string (const char *text, GError **error);
/* Loading text fails with code, naming the file and line (when > 0). */
void assert_load_fails (const char *text, int code, int line);
/* The number of channels of a topology spec that must be valid. */
guint topology_channels (const char *spec);
/* A project with every field set, values from all 64 bits of a double and special ones. */
FlitlabProject *make_full_project (void);
/* make_full_project () written out, made once. */
const char *full_document (void);
/* The bundled examples (the .flitlab files of data/examples) loaded, FlitlabProject each, in the
 * directory's order; NULL with the test skipped when they are not found. */
GPtrArray *load_examples (void);
/* The plots of a project's every study, then the comparison of all of them (FlitlabPlot each,
 * freed with the array): every figure of it a person may export. */
GPtrArray *project_plots (FlitlabProject *project);

G_END_DECLS
