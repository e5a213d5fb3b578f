/* flitlab-project-reader-private.h: what the project reader's files share: the reader and
 * the load functions (flitlab-project-reader.c), its attributes, elements and numbers
 * (-nodes.c) and its studies (-study.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <libxml/tree.h>

#include "flitlab-project-xml.h"

G_BEGIN_DECLS

/* One reading of a file or a buffer. */
typedef struct
{
  const char *file;     /* for messages */
  GError     *error;    /* the first problem */
  /* Set by the SAX hook when a <!DOCTYPE is seen. */
  gboolean    saw_dtd;
  int         dtd_line;
  /* The first error libxml2 reported. */
  char       *xml_message;
  int         xml_line;
  /* The studies' networks, built once per spec: spec -> FlitlabTopology, and their nodes
   * together, held under FLITLAB_PROJECT_MAX_NETWORK_NODES. */
  GHashTable *topologies;
  guint64     topology_nodes;
  guint64     file_network_pairs;  /* of those from files, under ..._MAX_FILE_NETWORK_PAIRS */
  /* The folder a <matrix file="..."> is relative to; NULL: matrix files are not opened (the
   * writer's check of its own bytes), each such study keeps its file unread. */
  const char *base_dir;
} Reader;

#define INVALID FLITLAB_PROJECT_ERROR_INVALID

/* flitlab_project_load_from_data () with the folder of matrix files (NULL: none opened). */
FlitlabProject *flitlab_reader_load_data (const char  *data,
                                          gsize        length,
                                          const char  *name_for_errors,
                                          const char  *base_dir,
                                          GError     **error);

/* Records the first problem, at node's line (NULL: line 1), and returns FALSE. */
gboolean        flitlab_reader_fail (Reader     *r,
                                     xmlNode    *node,
                                     int         code,
                                     const char *format,
                                     ...) G_GNUC_PRINTF (4, 5);

/* A setting's one check (flitlab-limits.h), as flitlab_reader_checked_* () apply it. */
typedef gboolean (*ParseGuint)  (const char *text, guint *out, GError **error);
typedef gboolean (*ParseUint64) (const char *text, guint64 *out, GError **error);
typedef gboolean (*ParseDouble) (const char *text, double *out, GError **error);

/* flitlab-project-reader-nodes.c */
gboolean        flitlab_reader_check_attributes (Reader             *r,
                                                 xmlNode            *node,
                                                 const char * const *allowed);
char           *flitlab_reader_dup_attribute (xmlNode    *node,
                                              const char *name);
char           *flitlab_reader_require_attribute (Reader     *r,
                                                  xmlNode    *node,
                                                  const char *name);
gboolean        flitlab_reader_double_attribute (Reader     *r,
                                                 xmlNode    *node,
                                                 const char *name,
                                                 gboolean    required,
                                                 double      min,
                                                 double      max,
                                                 double     *out);
gboolean        flitlab_reader_uint_attribute (Reader     *r,
                                               xmlNode    *node,
                                               const char *name,
                                               gboolean    required,
                                               guint64     min,
                                               guint64     max,
                                               guint64    *out);
gboolean        flitlab_reader_guint_attribute (Reader     *r,
                                                xmlNode    *node,
                                                const char *name,
                                                gboolean    required,
                                                guint       min,
                                                guint       max,
                                                guint      *out);
gboolean        flitlab_reader_checked_guint (Reader      *r,
                                              xmlNode     *node,
                                              const char  *name,
                                              gboolean     required,
                                              ParseGuint   parse,
                                              guint       *out);
gboolean        flitlab_reader_checked_uint64 (Reader      *r,
                                               xmlNode     *node,
                                               const char  *name,
                                               ParseUint64  parse,
                                               guint64     *out);
gboolean        flitlab_reader_checked_double (Reader      *r,
                                               xmlNode     *node,
                                               const char  *name,
                                               gboolean     required,
                                               ParseDouble  parse,
                                               double      *out);
gboolean        flitlab_reader_bool_attribute (Reader     *r,
                                               xmlNode    *node,
                                               const char *name,
                                               gboolean    required,
                                               gboolean   *out);
gboolean        flitlab_reader_name_attribute (Reader             *r,
                                               xmlNode            *node,
                                               const char         *name,
                                               const char * const *names,
                                               const char         *what,
                                               guint              *value);
gboolean        flitlab_reader_next_element (Reader   *r,
                                             xmlNode  *parent,
                                             xmlNode **cursor);
char           *flitlab_reader_leaf_text (Reader  *r,
                                          xmlNode *node);
GArray         *flitlab_reader_parse_numbers (Reader     *r,
                                              xmlNode    *node,
                                              gboolean    allow_none,
                                              guint       max_values);
gboolean        flitlab_reader_parse_pair (Reader     *r,
                                           xmlNode    *node,
                                           GHashTable *table);
/* flitlab-project-reader-study.c: the project in doc, or NULL with r->error set. */
FlitlabProject *flitlab_reader_parse_project (Reader *r,
                                              xmlDoc *doc);

G_END_DECLS
