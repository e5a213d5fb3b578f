/* flitlab-project-reader-study.c: a project's studies read from its XML tree: settings,
 * network, traffic, tables, models and simulations. Declared in
 * flitlab-project-reader-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <libxml/tree.h>

#include "flitlab-limits.h"
#include "flitlab-matrix-file.h"
#include "flitlab-model.h"
#include "flitlab-project-xml.h"
#include "flitlab-sim.h"
#include "flitlab-topology.h"
#include "flitlab-trace-file.h"
#include "flitlab-trace-summary.h"

#include "flitlab-project-reader-private.h"

/* <curve>, <points> or <reference>: info*, columns, row*. */
static FlitlabStudyTable *
parse_table (Reader             *r,
             xmlNode            *node,
             const char * const *required)
{
  static const char * const attributes[] = { "saturation-rate", "title", NULL };
  g_autoptr(FlitlabStudyTable) table = NULL;
  g_autoptr(GHashTable) info = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  xmlNode *child = NULL;
  double saturation = NAN;
  gboolean is_reference = g_str_equal ((const char *) node->name, "reference");

  if (!flitlab_reader_check_attributes (r, node, attributes)
      || !flitlab_reader_double_attribute (r, node, "saturation-rate", FALSE, 0, G_MAXDOUBLE,
                                           &saturation))
    return NULL;
  if (is_reference != (xmlHasProp (node, (const xmlChar *) "title") != NULL))
    {
      flitlab_reader_fail (r, node, INVALID, "%s",
                           is_reference ? _("<reference> needs the attribute “title”")
                                        : _("only <reference> takes a title"));
      return NULL;
    }

  while (flitlab_reader_next_element (r, node, &child))
    {
      const char *name = (const char *) child->name;

      if (g_str_equal (name, "info"))
        {
          if (table != NULL)
            {
              flitlab_reader_fail (r, child, INVALID, _("<info> must come before <columns>"));
              return NULL;
            }
          if (!flitlab_reader_parse_pair (r, child, info))
            return NULL;
        }
      else if (g_str_equal (name, "columns"))
        {
          g_autofree char *text = NULL;
          g_auto(GStrv) columns = NULL;
          g_autoptr(GPtrArray) names = g_ptr_array_new ();

          if (table != NULL)
            {
              flitlab_reader_fail (r, child, INVALID, _("<columns> appears twice"));
              return NULL;
            }
          if (!flitlab_reader_check_attributes (r, child, (const char * const[]) { NULL })
              || (text = flitlab_reader_leaf_text (r, child)) == NULL)
            return NULL;
          g_strdelimit (text, "\t\r\n", ' ');
          columns = g_strsplit (text, " ", -1);
          for (guint i = 0; columns[i] != NULL; i++)
            {
              if (columns[i][0] == '\0')
                continue;
              /* Counted before the duplicate check, which compares with every name. */
              if (names->len == FLITLAB_STUDY_MAX_COLUMNS)
                {
                  flitlab_reader_fail (r, child, INVALID, _("more than %u columns"),
                                       FLITLAB_STUDY_MAX_COLUMNS);
                  return NULL;
                }
              for (guint j = 0; j < names->len; j++)
                if (g_str_equal (g_ptr_array_index (names, j), columns[i]))
                  {
                    flitlab_reader_fail (r, child, INVALID, _("column “%s” appears twice"),
                                         columns[i]);
                    return NULL;
                  }
              g_ptr_array_add (names, columns[i]);
            }
          for (guint i = 0; required[i] != NULL; i++)
            if (i >= names->len || !g_str_equal (g_ptr_array_index (names, i), required[i]))
              {
                g_autofree char *list = g_strjoinv (" ", (char **) required);

                flitlab_reader_fail (r, child, INVALID,
                                     _("the columns of <%s> must begin with: %s"),
                                     (const char *) node->name, list);
                return NULL;
              }
          g_ptr_array_add (names, NULL);
          table = flitlab_study_table_new ((const char * const *) names->pdata);
        }
      else if (g_str_equal (name, "row"))
        {
          static const char * const row_attributes[] = { "saturated", NULL };
          g_autoptr(GArray) values = NULL;
          gboolean saturated = FALSE;

          if (table == NULL)
            {
              flitlab_reader_fail (r, child, INVALID, _("<row> before <columns>"));
              return NULL;
            }
          if (table->n_rows >= FLITLAB_STUDY_MAX_ROWS)
            {
              flitlab_reader_fail (r, child, INVALID, _("more than %u rows"),
                                   FLITLAB_STUDY_MAX_ROWS);
              return NULL;
            }
          if (!flitlab_reader_check_attributes (r, child, row_attributes)
              || !flitlab_reader_bool_attribute (r, child, "saturated", FALSE, &saturated)
              || (values = flitlab_reader_parse_numbers (r, child, TRUE, table->n_columns)) == NULL)
            return NULL;
          if (values->len != table->n_columns)
            {
              flitlab_reader_fail (r, child, INVALID,
                                   _("a row of %u values in a table of %u columns"),
                                   values->len, table->n_columns);
              return NULL;
            }
          /* Column 0 is the load: always a number, never negative. */
          if (!(g_array_index (values, double, 0) >= 0))
            {
              flitlab_reader_fail (r, child, INVALID,
                                   _("the rate of a row must be a number ≥ 0"));
              return NULL;
            }
          flitlab_study_table_append (table, (const double *) values->data, saturated);
        }
      else
        {
          flitlab_reader_fail (r, child, INVALID, _("unknown element <%s> in <%s>"), name,
                               (const char *) node->name);
          return NULL;
        }
    }
  if (r->error != NULL)
    return NULL;
  if (table == NULL)
    {
      flitlab_reader_fail (r, node, INVALID, _("<%s> needs <columns>"), (const char *) node->name);
      return NULL;
    }
  table->title = flitlab_reader_dup_attribute (node, "title");
  table->saturation_rate = saturation;
  g_hash_table_unref (table->info);
  table->info = g_steal_pointer (&info);
  return g_steal_pointer (&table);
}

static FlitlabStudyChannels *
parse_channels (Reader  *r,
                xmlNode *node,
                guint    n_topology_channels)
{
  static const char * const attributes[] = { "rate", "count", NULL };
  static const char * const series_attributes[] = { "name", NULL };
  g_autoptr(FlitlabStudyChannels) channels = NULL;
  xmlNode *child = NULL;
  double rate = 0;
  guint count = 0;

  if (!flitlab_reader_check_attributes (r, node, attributes)
      || !flitlab_reader_checked_double (r, node, "rate", TRUE, flitlab_limits_parse_load, &rate)
      || !flitlab_reader_guint_attribute (r, node, "count", TRUE, 1, FLITLAB_STUDY_MAX_CHANNELS,
                                          &count))
    return NULL;
  if (n_topology_channels > 0 && count != n_topology_channels)
    {
      flitlab_reader_fail (r, node, INVALID,
                           _("<channels count=\"%u\"> but the topology has %u channels"),
                           count, n_topology_channels);
      return NULL;
    }

  channels = flitlab_study_channels_new (rate, count);
  while (flitlab_reader_next_element (r, node, &child))
    {
      g_autofree char *name = NULL;
      g_autoptr(GArray) values = NULL;

      if (!g_str_equal ((const char *) child->name, "series"))
        {
          flitlab_reader_fail (r, child, INVALID, _("unknown element <%s> in <channels>"),
                               (const char *) child->name);
          return NULL;
        }
      if (channels->series->len == FLITLAB_PROJECT_MAX_SERIES)
        {
          flitlab_reader_fail (r, child, INVALID, _("more than %u series in <channels>"),
                               FLITLAB_PROJECT_MAX_SERIES);
          return NULL;
        }
      if (!flitlab_reader_check_attributes (r, child, series_attributes)
          || (name = flitlab_reader_require_attribute (r, child, "name")) == NULL)
        return NULL;
      if (name[0] == '\0' || flitlab_study_channels_find (channels, name) != NULL)
        {
          flitlab_reader_fail (r, child, INVALID,
                               _("series names must be non-empty and unique (“%s”)"),
                               name);
          return NULL;
        }
      if ((values = flitlab_reader_parse_numbers (r, child, TRUE, count)) == NULL)
        return NULL;
      if (values->len != count)
        {
          flitlab_reader_fail (r, child, INVALID,
                               _("series “%s” has %u values for %u channels"), name,
                               values->len, count);
          return NULL;
        }
      flitlab_study_channels_add (channels, name, (const double *) values->data);
    }
  if (r->error != NULL)
    return NULL;
  return g_steal_pointer (&channels);
}

static gboolean
parse_model (Reader       *r,
             xmlNode      *node,
             FlitlabStudy *study)
{
  static const char * const attributes[] = { "id", NULL };
  g_autofree char *id = NULL;
  FlitlabStudyModel *model;
  xmlNode *child = NULL;

  if (!flitlab_reader_check_attributes (r, node, attributes)
      || (id = flitlab_reader_require_attribute (r, node, "id")) == NULL)
    return FALSE;
  if (flitlab_model_lookup (id) == NULL)
    {
      g_autoptr(GString) known = g_string_new (NULL);
      const FlitlabModelInfo * const *list = flitlab_model_list ();

      for (guint i = 0; list[i] != NULL; i++)
        g_string_append_printf (known, "%s%s", i > 0 ? ", " : "", list[i]->id);
      return flitlab_reader_fail (r, node, INVALID, _("unknown model “%s” (known: %s)"), id,
                                  known->str);
    }

  model = flitlab_study_add_model (study, id);
  while (flitlab_reader_next_element (r, node, &child))
    {
      const char *name = (const char *) child->name;

      if (g_str_equal (name, "param"))
        {
          if (model->curve != NULL || model->channels->len > 0)
            return flitlab_reader_fail (r, child, INVALID, _("<param> must come first in <model>"));
          if (!flitlab_reader_parse_pair (r, child, model->params))
            return FALSE;
        }
      else if (g_str_equal (name, "curve"))
        {
          if (model->curve != NULL || model->channels->len > 0)
            return flitlab_reader_fail (r, child, INVALID,
                                        _("one <curve> per model, before <channels>"));
          model->curve = parse_table (r, child, flitlab_study_curve_columns ());
          if (model->curve == NULL)
            return FALSE;
        }
      else if (g_str_equal (name, "channels"))
        {
          /* Indexed by the model's own network (flitlab_model_get_topology()), which need not
           * be the study's: a torus model in a mesh study. Only the series lengths are
           * checked here. */
          FlitlabStudyChannels *channels = parse_channels (r, child, 0);

          if (channels == NULL)
            return FALSE;
          g_ptr_array_add (model->channels, channels);
        }
      else
        return flitlab_reader_fail (r, child, INVALID, _("unknown element <%s> in <model>"), name);
    }
  return r->error == NULL;
}

static gboolean
parse_simulation (Reader       *r,
                  xmlNode      *node,
                  FlitlabStudy *study,
                  guint         n_topology_channels)
{
  static const char * const attributes[] = {
    "enabled", "vcs", "buffer", "node-buffers", "seed", "replications", "warmup", "cycles",
    "threads", "watchdog", "allow-deadlock", NULL,
  };
  FlitlabStudySimulation *sim = &study->simulation;
  xmlNode *child = NULL;

  if (!flitlab_reader_check_attributes (r, node, attributes)
      || !flitlab_reader_bool_attribute (r, node, "enabled", TRUE, &sim->enabled)
      || !flitlab_reader_checked_guint (r, node, "vcs", FALSE, flitlab_limits_parse_vcs, &sim->vcs)
      || !flitlab_reader_checked_guint (r, node, "buffer", FALSE, flitlab_limits_parse_buffer,
                                        &sim->buffer)
      || !flitlab_reader_checked_guint (r, node, "node-buffers", FALSE,
                                        flitlab_limits_parse_node_buffers,
                                        &sim->node_buffers)
      || !flitlab_reader_uint_attribute (r, node, "seed", FALSE, 0, G_MAXUINT64, &sim->seed)
      || !flitlab_reader_checked_guint (r, node, "replications", FALSE,
                                        flitlab_limits_parse_replications,
                                        &sim->replications)
      || !flitlab_reader_checked_uint64 (r, node, "warmup", flitlab_limits_parse_warmup,
                                         &sim->warmup)
      || !flitlab_reader_checked_uint64 (r, node, "cycles", flitlab_limits_parse_cycles,
                                         &sim->cycles)
      || !flitlab_reader_checked_guint (r, node, "threads", FALSE, flitlab_limits_parse_threads,
                                        &sim->threads)
      || !flitlab_reader_checked_uint64 (r, node, "watchdog", flitlab_limits_parse_watchdog,
                                         &sim->watchdog)
      || !flitlab_reader_bool_attribute (r, node, "allow-deadlock", FALSE, &sim->allow_deadlock))
    return FALSE;

  while (flitlab_reader_next_element (r, node, &child))
    {
      const char *name = (const char *) child->name;

      if (g_str_equal (name, "points"))
        {
          if (sim->points != NULL || sim->channels->len > 0)
            return flitlab_reader_fail (r, child, INVALID, _("one <points> per simulation, before "
                                          "<channels>"));
          sim->points = parse_table (r, child, flitlab_study_points_columns ());
          if (sim->points == NULL)
            return FALSE;
        }
      else if (g_str_equal (name, "channels"))
        {
          FlitlabStudyChannels *channels = parse_channels (r, child, n_topology_channels);

          if (channels == NULL)
            return FALSE;
          g_ptr_array_add (sim->channels, channels);
        }
      else
        return flitlab_reader_fail (r, child, INVALID, _("unknown element <%s> in <simulation>"),
                                    name);
    }
  return r->error == NULL;
}

/* The network of this spec, built once per load; NULL (and r failed) when it is not a
 * network or the project's networks would be too large together. A network from a file
 * (file:PATH) is built from links, the edge list the project keeps inline, never from the
 * file, so that the project opens anywhere. */
static const FlitlabTopology *
reader_topology (Reader     *r,
                 xmlNode    *node,
                 const char *spec,
                 const char *links)
{
  g_autoptr(GError) local_error = NULL;
  g_autofree char *key = links != NULL ? g_strconcat (spec, "\n", links, NULL) : g_strdup (spec);
  FlitlabTopology *topology = g_hash_table_lookup (r->topologies, key);

  if (topology != NULL)
    return topology;
  if (links != NULL)
    topology = flitlab_topology_new_from_text (links, spec + strlen ("file:"), &local_error);
  else
    topology = flitlab_topology_new_from_spec (spec, &local_error);
  if (topology == NULL)
    {
      flitlab_reader_fail (r, node, INVALID, _("topology “%s”: %s"), spec,
                           local_error != NULL ? local_error->message : _("not a valid spec"));
      return NULL;
    }
  g_hash_table_insert (r->topologies, g_steal_pointer (&key), topology);
  r->topology_nodes += flitlab_topology_get_n_nodes (topology);
  if (r->topology_nodes > FLITLAB_PROJECT_MAX_NETWORK_NODES)
    {
      flitlab_reader_fail (r, node, INVALID, _("the project's distinct networks have more than %u "
                                               "nodes together"),
                           FLITLAB_PROJECT_MAX_NETWORK_NODES);
      return NULL;
    }
  if (links != NULL)
    r->file_network_pairs += (guint64) flitlab_topology_get_n_nodes (topology) *
                             flitlab_topology_get_n_nodes (topology);
  if (r->file_network_pairs > FLITLAB_PROJECT_MAX_FILE_NETWORK_PAIRS)
    {
      flitlab_reader_fail (r, node, INVALID, _("the project's distinct networks from files have "
                                               "more than %u pairs of nodes together"),
                           FLITLAB_PROJECT_MAX_FILE_NETWORK_PAIRS);
      return NULL;
    }
  return topology;
}

static gboolean
parse_network (Reader                 *r,
               xmlNode                *node,
               FlitlabStudy           *study,
               const FlitlabTopology **topology)
{
  static const char * const attributes[] = { "topology", "routing", "ties", NULL };
  g_autofree char *spec = NULL, *links = NULL;
  guint routing, ties = study->ties;

  if (!flitlab_reader_check_attributes (r, node, attributes)
      || (spec = flitlab_reader_require_attribute (r, node, "topology")) == NULL
      || !flitlab_reader_name_attribute (r, node, "routing", flitlab_routing_names (), _("routing"),
                                         &routing)
      || (xmlHasProp (node, (const xmlChar *) "ties") &&
          !flitlab_reader_name_attribute (r, node, "ties", flitlab_ties_names (), _("ties"),
                                          &ties)))
    return FALSE;
  study->routing = routing;
  study->ties = ties;
  /* The topology library is the one judge of a spec; building it also gives the node and
   * channel counts the traffic and per-channel results are checked against. The study keeps
   * the network with the spec as written. */
  links = flitlab_reader_leaf_text (r, node);
  if (links == NULL)
    return FALSE;
  g_strstrip (links);
  if (g_str_has_prefix (spec, "file:") != (links[0] != '\0'))
    return flitlab_reader_fail (r, node, INVALID, links[0] == '\0'
                                ? _("topology “%s”: a network from a file keeps its links inline, "
                                    "in <network>")
                                : _("topology “%s”: only a network from a file (file:PATH) has "
                                    "links in <network>"), spec);
  if ((*topology = reader_topology (r, node, spec, links[0] != '\0' ? links : NULL)) == NULL)
    return FALSE;
  flitlab_study_set_built_topology (study, spec, *topology);
  return TRUE;
}

static gboolean
parse_traffic (Reader                *r,
               xmlNode               *node,
               FlitlabStudy          *study,
               const FlitlabTopology *topology)
{
  static const char * const attributes[] = {
    "pattern", "hotspot-fraction", "hotspot-node", "length", "flits", "flit-width", NULL,
  };
  guint n_nodes = topology != NULL ? flitlab_topology_get_n_nodes (topology) : G_MAXUINT;
  g_autofree char *flits = NULL;
  g_autoptr(GError) refused = NULL;
  guint pattern, length;

  if (!flitlab_reader_check_attributes (r, node, attributes)
      || !flitlab_reader_name_attribute (r, node, "pattern", flitlab_traffic_pattern_names (),
                                         _("traffic pattern"), &pattern)
      || !flitlab_reader_checked_double (r, node, "hotspot-fraction", FALSE,
                                         flitlab_limits_parse_hotspot_fraction,
                                         &study->hotspot_fraction)
      || !flitlab_reader_guint_attribute (r, node, "hotspot-node", FALSE, 0, MAX (n_nodes, 1) - 1,
                                          &study->hotspot_node)
      || !flitlab_reader_name_attribute (r, node, "length", flitlab_length_names (),
                                         _("length distribution"), &length)
      || (flits = flitlab_reader_require_attribute (r, node, "flits")) == NULL)
    return FALSE;
  study->pattern = pattern;
  study->length = length;
  /* Whole when the lengths are fixed: the length distribution is read first. */
  if (!flitlab_limits_parse_flits (flits, study->length == FLITLAB_LENGTH_FIXED, &study->flits,
                                   &refused))
    return flitlab_reader_fail (r, node, INVALID, "%s", refused->message);
  return flitlab_reader_checked_guint (r, node, "flit-width", FALSE,
                                       flitlab_limits_parse_flit_width,
                                       &study->flit_width);
}

/* Whether text is a SHA-256 as the project writes it: 64 lower-case hexadecimal digits. */
static gboolean
is_sha256 (const char *text)
{
  return strlen (text) == 64 && strspn (text, "0123456789abcdef") == 64;
}

/* A data file's path as the project names it, resolved against the project's folder; as
 * written when the project has no folder (read from memory, where no file is read). */
static char *
resolve_path (Reader     *r,
              const char *file)
{
  return r->base_dir != NULL ? g_canonicalize_filename (file, r->base_dir) : g_strdup (file);
}

/* <matrix>: the matrix pattern's weights, as CSV text inline or as a file (relative to the
 * project's folder) with its SHA-256. A file that is missing, changed or refused is kept with
 * why: the study loads and refuses to run. */
static gboolean
parse_matrix (Reader                *r,
              xmlNode               *node,
              FlitlabStudy          *study,
              const FlitlabTopology *topology)
{
  static const char * const attributes[] = { "file", "sha256", NULL };
  g_autoptr(FlitlabTrafficMatrix) matrix = NULL;
  g_autoptr(GError) refused = NULL;
  g_autofree char *file = NULL;
  g_autofree char *sha256 = NULL;
  g_autofree char *found = NULL;
  g_autofree char *path = NULL;
  guint n_nodes = topology != NULL ? flitlab_topology_get_n_nodes (topology) : 0;

  if (!flitlab_reader_check_attributes (r, node, attributes))
    return FALSE;
  if (study->pattern != FLITLAB_TRAFFIC_MATRIX)
    return flitlab_reader_fail (r, node, INVALID,
                                _("<matrix> belongs to the traffic pattern “matrix”"));
  file = flitlab_reader_dup_attribute (node, "file");
  if (file == NULL)
    {
      g_autofree char *text = flitlab_reader_leaf_text (r, node);

      if (text == NULL)
        return FALSE;
      matrix = flitlab_traffic_matrix_new_from_csv (text, strlen (text), &refused);
      if (matrix == NULL ||
          (topology != NULL && !flitlab_traffic_matrix_check_size (matrix, n_nodes, &refused)))
        return flitlab_reader_fail (r, node, INVALID, "%s", refused->message);
      flitlab_study_set_matrix (study, matrix, NULL, NULL);
      return TRUE;
    }

  sha256 = flitlab_reader_require_attribute (r, node, "sha256");
  if (sha256 == NULL)
    return FALSE;
  if (file[0] == '\0' || !is_sha256 (sha256))
    return flitlab_reader_fail (r, node, INVALID, _("<matrix> needs a file and its SHA-256 "
                                                    "as 64 hexadecimal digits"));
  path = resolve_path (r, file);
  if (r->base_dir == NULL)
    {
      g_set_error_literal (&refused, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                           _("The traffic matrix file was not read"));
      flitlab_study_set_matrix_error (study, path, sha256, refused);
      return TRUE;
    }
  matrix = flitlab_matrix_file_load (path, &found, &refused);
  if (matrix != NULL && !g_str_equal (found, sha256))
    {
      g_autofree char *display = g_filename_display_name (path);

      g_set_error (&refused, FLITLAB_TRAFFIC_MATRIX_ERROR, FLITLAB_TRAFFIC_MATRIX_ERROR_CHANGED,
                   _("The traffic matrix %s has changed since the project was saved (its "
                     "SHA-256 is not the one the project holds)"), display);
    }
  else if (matrix != NULL && topology != NULL &&
           !flitlab_traffic_matrix_check_size (matrix, n_nodes, &refused))
    {
      g_autofree char *display = g_filename_display_name (path);

      g_prefix_error (&refused, "%s: ", display);
    }
  if (refused != NULL)
    flitlab_study_set_matrix_error (study, path, sha256, refused);
  else
    flitlab_study_set_matrix (study, matrix, path, sha256);
  return TRUE;
}

/* <trace>: the trace pattern's file (relative to the project's folder) with its SHA-256 and
 * its summary (messages, last cycle, mean flits, and the counts per pair as CSV text inside
 * when the network has up to FLITLAB_MATRIX_INLINE_NODES nodes), so that loading reads no
 * trace; without a summary the file is summarized again here. A file that is missing, changed
 * or refused is kept with why: the study loads and refuses to run. */
static gboolean
parse_trace (Reader                *r,
             xmlNode               *node,
             FlitlabStudy          *study,
             const FlitlabTopology *topology)
{
  static const char * const attributes[] = {
    "file", "sha256", "messages", "last-cycle", "flits", NULL,
  };
  g_autoptr(FlitlabTrafficMatrix) matrix = NULL;
  g_autoptr(FlitlabStudyTrace) trace = NULL;
  g_autoptr(GError) refused = NULL;
  g_autofree char *file = NULL;
  g_autofree char *sha256 = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *messages_text = NULL;
  guint n_nodes = topology != NULL ? flitlab_topology_get_n_nodes (topology) : 0;
  guint64 messages = 0, last_cycle = 0;
  double flits = 1;

  if (!flitlab_reader_check_attributes (r, node, attributes))
    return FALSE;
  if (study->pattern != FLITLAB_TRAFFIC_TRACE)
    return flitlab_reader_fail (r, node, INVALID,
                                _("<trace> belongs to the traffic pattern “trace”"));
  file = flitlab_reader_require_attribute (r, node, "file");
  if (file == NULL || (sha256 = flitlab_reader_require_attribute (r, node, "sha256")) == NULL)
    return FALSE;
  if (file[0] == '\0' || !is_sha256 (sha256))
    return flitlab_reader_fail (r, node, INVALID, _("<trace> needs a file and its SHA-256 "
                                                    "as 64 hexadecimal digits"));
  messages_text = flitlab_reader_dup_attribute (node, "messages");
  if (!flitlab_reader_uint_attribute (r, node, "messages", FALSE, 1, G_MAXUINT64, &messages) ||
      !flitlab_reader_uint_attribute (r, node, "last-cycle", messages_text != NULL, 0,
                                      G_MAXUINT64 - 1, &last_cycle) ||
      !flitlab_reader_double_attribute (r, node, "flits", messages_text != NULL, 1,
                                        FLITLAB_MAX_FLITS, &flits))
    return FALSE;
  text = flitlab_reader_leaf_text (r, node);
  if (text == NULL)
    return FALSE;
  g_strstrip (text);
  if (text[0] != '\0')
    {
      matrix = flitlab_traffic_matrix_new_from_csv (text, strlen (text), &refused);
      if (matrix == NULL ||
          (topology != NULL && !flitlab_traffic_matrix_check_size (matrix, n_nodes, &refused)))
        return flitlab_reader_fail (r, node, INVALID, "%s", refused->message);
    }

  path = resolve_path (r, file);
  if (r->base_dir == NULL)
    g_set_error_literal (&refused, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                         _("The trace file was not read"));
  else if (messages_text != NULL && matrix != NULL)
    trace = flitlab_trace_summary_restore (path, sha256, messages, last_cycle, flits, matrix,
                                           &refused);
  else if (n_nodes == 0)
    g_set_error_literal (&refused, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID,
                         _("The trace is summarized for the study's network, which cannot be "
                           "built"));
  else
    {
      trace = flitlab_trace_summary_read (path, n_nodes, NULL, NULL, NULL, &refused);
      if (trace != NULL && !g_str_equal (trace->sha256, sha256))
        {
          g_autofree char *display = g_filename_display_name (path);

          g_clear_pointer (&trace, flitlab_study_trace_unref);
          g_set_error (&refused, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_CHANGED,
                       _("Trace file “%s” has changed since the project was saved; choose it "
                         "again"), display);
        }
    }
  if (trace != NULL)
    flitlab_study_set_trace (study, trace);
  else
    flitlab_study_set_trace_error (study, path, sha256, refused);
  return TRUE;
}

static gboolean
parse_load (Reader       *r,
            xmlNode      *node,
            FlitlabStudy *study)
{
  static const char * const attributes[] = { "min", "max", "count", NULL };
  g_autoptr(GError) refused = NULL;

  if (!flitlab_reader_check_attributes (r, node, attributes)
      || !flitlab_reader_checked_double (r, node, "min", TRUE, flitlab_limits_parse_load,
                                         &study->rate_min)
      || !flitlab_reader_checked_double (r, node, "max", TRUE, flitlab_limits_parse_load,
                                         &study->rate_max)
      || !flitlab_reader_checked_guint (r, node, "count", TRUE, flitlab_limits_parse_n_rates,
                                        &study->n_rates))
    return FALSE;
  if (!flitlab_limits_check_load_range (study->rate_min, study->rate_max, &refused))
    return flitlab_reader_fail (r, node, INVALID, "%s", refused->message);
  return TRUE;
}

static FlitlabStudy *
parse_study (Reader  *r,
             xmlNode *node)
{
  static const char * const attributes[] = { "name", "group", NULL };
  g_autoptr(FlitlabStudy) study = NULL;
  const FlitlabTopology *topology = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *name = NULL;
  xmlNode *child = NULL;
  gboolean seen_notes = FALSE, seen_network = FALSE, seen_traffic = FALSE;
  gboolean seen_load = FALSE, seen_simulation = FALSE;
  guint n_channels = 0;

  if (!flitlab_reader_check_attributes (r, node, attributes)
      || (name = flitlab_reader_require_attribute (r, node, "name")) == NULL)
    return NULL;
  if (name[0] == '\0')
    {
      flitlab_reader_fail (r, node, INVALID, _("a study needs a non-empty name"));
      return NULL;
    }
  study = flitlab_study_new (name);
  study->group = flitlab_reader_dup_attribute (node, "group");
  if (study->group != NULL && study->group[0] == '\0')
    {
      flitlab_reader_fail (r, node, INVALID, _("a study's group needs a non-empty name"));
      return NULL;
    }

  /* <network> first: the traffic and the per-channel results are checked against it. */
  while (flitlab_reader_next_element (r, node, &child))
    {
      const char *element = (const char *) child->name;
      gboolean ok;

      if (g_str_equal (element, "notes"))
        {
          if (seen_notes || seen_network)
            ok = flitlab_reader_fail (r, child, INVALID, _("<notes> must come first, once"));
          else if (!flitlab_reader_check_attributes (r, child, (const char * const[]) { NULL }))
            ok = FALSE;
          else
            ok = (study->notes = flitlab_reader_leaf_text (r, child)) != NULL;
          seen_notes = TRUE;
        }
      else if (g_str_equal (element, "network"))
        {
          if (seen_network)
            ok = flitlab_reader_fail (r, child, INVALID, _("<network> appears twice"));
          else
            ok = parse_network (r, child, study, &topology);
          seen_network = TRUE;
          if (topology != NULL)
            n_channels = flitlab_topology_get_n_channels (topology);
        }
      else if (!seen_network)
        ok = flitlab_reader_fail (r, child, INVALID, _("<%s> before <network>"), element);
      else if (g_str_equal (element, "traffic"))
        {
          ok = seen_traffic ? flitlab_reader_fail (r, child, INVALID, _("<traffic> appears twice"))
                            : parse_traffic (r, child, study, topology);
          seen_traffic = TRUE;
        }
      else if (g_str_equal (element, "matrix"))
        {
          ok = !seen_traffic || study->matrix != NULL || study->matrix_error != NULL
                 ? flitlab_reader_fail (r, child, INVALID, _("<matrix> comes once, after "
                                                             "<traffic>"))
                 : parse_matrix (r, child, study, topology);
        }
      else if (g_str_equal (element, "trace"))
        {
          ok = !seen_traffic || study->trace != NULL || study->trace_error != NULL
                 ? flitlab_reader_fail (r, child, INVALID, _("<trace> comes once, after "
                                                             "<traffic>"))
                 : parse_trace (r, child, study, topology);
        }
      else if (g_str_equal (element, "load"))
        {
          ok = seen_load ? flitlab_reader_fail (r, child, INVALID, _("<load> appears twice"))
                         : parse_load (r, child, study);
          seen_load = TRUE;
        }
      else if (g_str_equal (element, "model"))
        ok = parse_model (r, child, study);
      else if (g_str_equal (element, "simulation"))
        {
          ok = seen_simulation ? flitlab_reader_fail (r, child, INVALID,
                                                      _("<simulation> appears twice"))
                               : parse_simulation (r, child, study, n_channels);
          seen_simulation = TRUE;
        }
      else if (g_str_equal (element, "reference"))
        {
          FlitlabStudyTable *table = parse_table (r, child, flitlab_study_curve_columns ());

          ok = table != NULL;
          if (ok)
            g_ptr_array_add (study->references, table);
        }
      else if (g_str_equal (element, "setting"))
        ok = flitlab_reader_parse_pair (r, child, study->settings);
      else
        ok = flitlab_reader_fail (r, child, INVALID, _("unknown element <%s> in <study>"), element);
      if (!ok)
        return NULL;
    }
  if (r->error != NULL)
    return NULL;
  if (!seen_network || !seen_traffic || !seen_load)
    {
      flitlab_reader_fail (r, node, INVALID, _("study “%s” needs <%s>"), name,
                           !seen_network ? "network" : !seen_traffic ? "traffic" : "load");
      return NULL;
    }
  /* Everything above was checked where it was read; this catches what spans elements. */
  if (!flitlab_study_check (study, &local_error))
    {
      flitlab_reader_fail (r, node, INVALID, "%s", local_error->message);
      return NULL;
    }
  return g_steal_pointer (&study);
}

FlitlabProject *
flitlab_reader_parse_project (Reader *r,
                              xmlDoc *doc)
{
  static const char * const attributes[] = { "format", "title", NULL };
  g_autoptr(FlitlabProject) project = NULL;
  /* Each study's name (the project's own string) to its line. */
  g_autoptr(GHashTable) lines = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *format = NULL;
  g_autofree char *title = NULL;
  xmlNode *root = xmlDocGetRootElement (doc);
  xmlNode *child = NULL;
  guint64 version;

  if (root == NULL)
    {
      flitlab_reader_fail (r, NULL, FLITLAB_PROJECT_ERROR_PARSE, _("the document is empty"));
      return NULL;
    }
  if (root->ns != NULL)
    {
      flitlab_reader_fail (r, root, INVALID, _("not a Flitlab project: the root element <%s> is in "
                                               "the namespace “%s”; Flitlab projects use none"),
                           (const char *) root->name,
                           root->ns->href != NULL ? (const char *) root->ns->href : "");
      return NULL;
    }
  if (!g_str_equal ((const char *) root->name, "flitlab-project"))
    {
      flitlab_reader_fail (r, root, INVALID, _("not a Flitlab project: the root element is <%s>, "
                                               "not <flitlab-project>"), (const char *) root->name);
      return NULL;
    }
  /* The version first: a newer file may hold anything else. */
  format = flitlab_reader_dup_attribute (root, "format");
  if (format == NULL)
    {
      flitlab_reader_fail (r, root, INVALID,
                           _("<flitlab-project> has no format version (format=\"1\")"));
      return NULL;
    }
  if (!g_ascii_string_to_unsigned (format, 10, 0, G_MAXUINT64, &version, NULL))
    {
      flitlab_reader_fail (r, root, INVALID, _("the format version “%s” is not a whole number"),
                           format);
      return NULL;
    }
  if (version != FLITLAB_PROJECT_FORMAT_VERSION)
    {
      if (version > FLITLAB_PROJECT_FORMAT_VERSION)
        flitlab_reader_fail (r, root, FLITLAB_PROJECT_ERROR_VERSION, _("the file has format "
                                                                       "version %s, "
                               "from a newer Flitlab; this one reads version %d"), format,
                             FLITLAB_PROJECT_FORMAT_VERSION);
      else
        flitlab_reader_fail (r, root, FLITLAB_PROJECT_ERROR_VERSION, _("the file has format "
                                                                       "version %s, "
                               "which no Flitlab wrote; this one reads version %d"), format,
                             FLITLAB_PROJECT_FORMAT_VERSION);
      return NULL;
    }
  if (!flitlab_reader_check_attributes (r, root, attributes))
    return NULL;

  project = flitlab_project_new ();
  title = flitlab_reader_dup_attribute (root, "title");
  flitlab_project_set_title (project, title);
  while (flitlab_reader_next_element (r, root, &child))
    {
      FlitlabStudy *study;
      gpointer first;

      if (!g_str_equal ((const char *) child->name, "study"))
        {
          flitlab_reader_fail (r, child, INVALID, _("unknown element <%s> in <flitlab-project>"),
                               (const char *) child->name);
          return NULL;
        }
      study = parse_study (r, child);
      if (study == NULL)
        return NULL;
      /* The command line and the window find a study by its name: two of one name would
       * make every later one unreachable. */
      if ((first = g_hash_table_lookup (lines, study->name)) != NULL)
        {
          flitlab_reader_fail (r, child, INVALID, _("a study named “%s” is already on line "
                                                    "%ld: each study needs a name of its own"),
                               study->name, (long) GPOINTER_TO_SIZE (first));
          flitlab_study_free (study);
          return NULL;
        }
      g_hash_table_insert (lines, study->name, GSIZE_TO_POINTER ((gsize) xmlGetLineNo (child)));
      flitlab_project_insert_study (project, G_MAXUINT, study);
    }
  if (r->error != NULL)
    return NULL;
  return g_steal_pointer (&project);
}

