/* flitlab-booksim-config.h: BookSim 2's configurations, read into a study and written from one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * BookSim 2 (Jiang, Dally et al., Stanford) reads "key = value;" statements, with // comments,
 * from a file, then "key=value" overrides from its command line, the later winning. This is
 * the one place that reads and writes that format (docs/booksim.md): flitlab-cli's
 * import-booksim and export-booksim, the window's File ▸ Open, and the results' reader
 * (flitlab-booksim-results.h), which reads the configuration BookSim echoes.
 */

#pragma once

#include <glib.h>

#include "flitlab-study.h"

G_BEGIN_DECLS

#define FLITLAB_BOOKSIM_ERROR (flitlab_booksim_error_quark ())

typedef enum
{
  FLITLAB_BOOKSIM_ERROR_PARSE,       /* not BookSim's format: the message names the line */
  FLITLAB_BOOKSIM_ERROR_UNSUPPORTED, /* a network, routing or traffic Flitlab cannot run */
  FLITLAB_BOOKSIM_ERROR_INVALID,     /* a value out of range */
} FlitlabBooksimError;

/* BookSim's keys and values as read, each with where it was set ("file:line" or the
 * override). */
typedef struct _FlitlabBooksimConfig FlitlabBooksimConfig;

GQuark                flitlab_booksim_error_quark   (void);

FlitlabBooksimConfig *flitlab_booksim_config_new    (void);
void                  flitlab_booksim_config_free   (FlitlabBooksimConfig *self);
/* Reads statements from text; name_for_errors and first_line say where they are (an echo of a
 * file inside BookSim's output starts after line 1). Errors are one line:
 * "name:line: expected “;” after “k = 8”". */
gboolean              flitlab_booksim_config_parse  (FlitlabBooksimConfig *self,
                                                     const char           *text,
                                                     gsize                 length,
                                                     const char           *name_for_errors,
                                                     guint                 first_line,
                                                     GError              **error);
/* Where a relative network_file (anynet) is read from: the configuration's folder. */
void                  flitlab_booksim_config_set_folder (FlitlabBooksimConfig *self,
                                                     const char           *folder);
/* One command-line override, "key=value", as BookSim takes it. */
gboolean              flitlab_booksim_config_override (FlitlabBooksimConfig *self,
                                                     const char           *assignment,
                                                     GError              **error);
/* The value of key as last set, or NULL when it was not set. */
const char           *flitlab_booksim_config_get    (const FlitlabBooksimConfig *self,
                                                     const char           *key);

/* The study BookSim's configuration describes, called name: its network, routing, virtual
 * channels and buffers, traffic, message length and load (one load, in messages per cycle per
 * node), with its simulation on. BookSim's defaults stand for the keys not set. The study's
 * notes list every key set that Flitlab does not model, with what it changes in BookSim's
 * numbers, and how the two simulators differ for what it does model. warnings (may be NULL)
 * gets one line (char *) for each key Flitlab does not know, which is ignored. A network,
 * routing or traffic Flitlab cannot run is FLITLAB_BOOKSIM_ERROR_UNSUPPORTED, in one line. */
FlitlabStudy         *flitlab_booksim_config_to_study (const FlitlabBooksimConfig *self,
                                                     const char           *name,
                                                     GPtrArray            *warnings,
                                                     GError              **error);
/* The network spec ("torus:8x8:bi") of the configuration's topology, k and n, or NULL and an
 * error for one Flitlab cannot run. */
char                 *flitlab_booksim_config_dup_topology (const FlitlabBooksimConfig *self,
                                                     GError              **error);
/* A message's length in flits (packet_size) and the load in messages per cycle per node
 * (injection_rate, divided by packet_size when injection_rate_uses_flits is 1). */
gboolean              flitlab_booksim_config_get_load (const FlitlabBooksimConfig *self,
                                                     double               *flits,
                                                     double               *rate,
                                                     GError              **error);

/* The largest BookSim file Flitlab reads: a configuration or one run's printed output. */
#define FLITLAB_BOOKSIM_MAX_BYTES (64u * 1024u * 1024u)

/* The text of a BookSim file, checked before it is read (a regular file of at most
 * FLITLAB_BOOKSIM_MAX_BYTES: a FIFO would block). what names it in errors, with the file's
 * name after it ("Cannot read <what> <file>: <why>"). */
char                 *flitlab_booksim_read_file     (const char           *path,
                                                     const char           *what,
                                                     gsize                *length,
                                                     GError              **error);

/* Reads the file at path, then the overrides ("key=value", NULL-terminated; may be NULL), into
 * a study named for the file, as flitlab_booksim_config_to_study(): File ▸ Open's and
 * flitlab-cli import-booksim's one call. */
FlitlabStudy         *flitlab_booksim_study_load    (const char           *path,
                                                     const char * const   *overrides,
                                                     GPtrArray            *warnings,
                                                     GError              **error);
/* A BookSim configuration for the study: the same network, routing, virtual channels, buffers,
 * traffic, message length and load (its first; a comment lists the others as overrides), with
 * the keys Flitlab does not model set to bring BookSim's router closest to Flitlab's, and
 * comments saying so. A network from a file is BookSim's anynet, whose listing
 * (flitlab_booksim_anynet_text()) the configuration names network_file (NULL for the others).
 * NULL and an error for a study BookSim cannot run as Flitlab does. */
char                 *flitlab_booksim_config_write_study (const FlitlabStudy *study,
                                                     const char          *network_file,
                                                     GError              **error);
/* A network from a file as BookSim's anynet listing: per router, its node (of its number)
 * and the routers it links to. */
char                 *flitlab_booksim_anynet_text   (const FlitlabTopology *network);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (FlitlabBooksimConfig, flitlab_booksim_config_free)

G_END_DECLS
