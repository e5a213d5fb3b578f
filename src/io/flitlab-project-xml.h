/* flitlab-project-xml.h: a Flitlab project's .flitlab XML file (format 1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Read in flitlab-project-reader.c, written in flitlab-project-writer.c; the project itself is
 * core's (flitlab-project.h).
 */

#pragma once

#include <glib.h>

#include "flitlab-project.h"

G_BEGIN_DECLS

#define FLITLAB_PROJECT_ERROR (flitlab_project_error_quark ())

typedef enum
{
  FLITLAB_PROJECT_ERROR_PARSE,     /* not well-formed, truncated, or hostile XML */
  FLITLAB_PROJECT_ERROR_INVALID,   /* well-formed but not a valid project (missing/out of range) */
  FLITLAB_PROJECT_ERROR_VERSION,   /* a format version this build cannot read */
  FLITLAB_PROJECT_ERROR_IO,        /* cannot read or write the file */
} FlitlabProjectError;

#define FLITLAB_PROJECT_FORMAT_VERSION 1

/* The loader's limits (docs/project-format.md): larger files, or more, are refused before they
 * can take memory or time out of proportion to what they hold. */
#define FLITLAB_PROJECT_MAX_BYTES       (256u * 1024u * 1024u) /* a project file */
#define FLITLAB_PROJECT_MAX_ATTRIBUTES  64                      /* on one element */
#define FLITLAB_PROJECT_MAX_SERIES      64                      /* in one <channels> */
#define FLITLAB_PROJECT_MAX_NETWORK_NODES (2u * 1024u * 1024u)  /* the nodes of a project's
                                                                    distinct networks together */
/* The node pairs of a project's distinct networks from files together: each keeps tables of
 * every pair once used (docs/networks.md), about 20 bytes a pair; four of 4096 nodes. */
#define FLITLAB_PROJECT_MAX_FILE_NETWORK_PAIRS (64u * 1024u * 1024u)

GQuark          flitlab_project_error_quark (void);

/* Errors name the file, the line and the problem. Both touch only their own data (and
 * libxml2, which keeps per-thread state), so a worker thread may call them. */
FlitlabProject *flitlab_project_load        (const char           *path,
                                             GError              **error);
FlitlabProject *flitlab_project_load_from_data (const char        *data,
                                             gsize                 length,
                                             const char           *name_for_errors,
                                             GError              **error);
/* As flitlab_project_load_from_data (), with the folder a study's matrix file is relative to
 * (flitlab_project_load () uses the project's own; flitlab_project_load_from_data () the
 * current folder): for bytes read from a file elsewhere, such as flitlab-mpi's broadcast. */
FlitlabProject *flitlab_project_load_from_data_in (const char      *data,
                                             gsize                 length,
                                             const char           *name_for_errors,
                                             const char           *folder,
                                             GError              **error);
/* Atomic: writes a temporary file beside path and renames it over; a failed save leaves
 * the old file as it was. A project that flitlab_project_load() would refuse (a study out of
 * range, an unknown model, a bad topology spec) is not written: FLITLAB_PROJECT_ERROR_INVALID. */
gboolean        flitlab_project_save        (const FlitlabProject *self,
                                             const char           *path,
                                             GError              **error);
/* As flitlab_project_save (); channels_left_out (may be NULL): set when the project's
 * per-channel results were left out of the file. A project whose file would be larger than
 * FLITLAB_PROJECT_MAX_BYTES, which the reader refuses, is written without its per-channel
 * results (a comment in the file says so and how large it would have been); one still too
 * large is not written at all (FLITLAB_PROJECT_ERROR_IO, from the reader's own check). */
gboolean        flitlab_project_save_full   (const FlitlabProject *self,
                                             const char           *path,
                                             gboolean             *channels_left_out,
                                             GError              **error);
char           *flitlab_project_to_data     (const FlitlabProject *self,
                                             gsize                *length);
/* The project's bytes, without its per-channel results (and a comment saying so) when with
 * them they would be more than max_bytes: the rule flitlab_project_save () follows, with its
 * limit given so that a test can reach it. */
char           *flitlab_project_to_data_within (const FlitlabProject *self,
                                             gsize                 max_bytes,
                                             gboolean             *channels_left_out,
                                             gsize                *length);

G_END_DECLS
