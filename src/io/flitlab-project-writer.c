/* flitlab-project-writer.c: a project as .flitlab XML (format 1)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The format is described in docs/project-format.md and data/flitlab-project.rng. Writing is
 * done by hand into a GString, so the output is deterministic (parameters and settings sorted
 * by name) and numbers are formatted by us.
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-file-write.h"
#include "flitlab-input.h"
#include "flitlab-limits.h"
#include "flitlab-project-reader-private.h"
#include "flitlab-project-xml.h"
#include "flitlab-sim.h"

/* The shortest decimal text that reads back to the same bits; "-" for NaN and ±inf, which
 * the format stores as "no value". */
static void
append_double (GString *out,
               double   value)
{
  g_autofree char *text = NULL;

  if (!isfinite (value))
    {
      g_string_append_c (out, '-');
      return;
    }
  text = flitlab_input_format_number (value);
  g_string_append (out, text);
}

/* XML 1.0 allows neither C0 controls other than tab, newline and return (not even as
 * character references) nor invalid UTF-8: both become U+FFFD rather than making the file
 * unreadable. In attributes, tab, newline and return are written as references so that
 * attribute normalisation gives them back. */
static void
append_escaped (GString    *out,
                const char *text,
                gboolean    attribute)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);

  for (const char *p = valid; *p != '\0'; p++)
    {
      guchar c = (guchar) *p;

      switch (c)
        {
        case '&':
          g_string_append (out, "&amp;");
          break;
        case '<':
          g_string_append (out, "&lt;");
          break;
        case '>':
          g_string_append (out, "&gt;");
          break;
        case '"':
          g_string_append (out, attribute ? "&quot;" : "\"");
          break;
        case '\r':
          g_string_append (out, "&#13;");
          break;
        case '\t':
        case '\n':
          if (attribute)
            g_string_append_printf (out, "&#%d;", c);
          else
            g_string_append_c (out, (char) c);
          break;
        default:
          if (c < 0x20 || c == 0x7f)
            g_string_append (out, "\xef\xbf\xbd");
          else
            g_string_append_c (out, (char) c);
          break;
        }
    }
}

static void
attr_string (GString    *out,
             const char *name,
             const char *value)
{
  g_string_append_printf (out, " %s=\"", name);
  append_escaped (out, value != NULL ? value : "", TRUE);
  g_string_append_c (out, '"');
}

static void
attr_double (GString    *out,
             const char *name,
             double      value)
{
  g_string_append_printf (out, " %s=\"", name);
  append_double (out, value);
  g_string_append_c (out, '"');
}

static void
attr_uint (GString    *out,
           const char *name,
           guint64     value)
{
  g_string_append_printf (out, " %s=\"%" G_GUINT64_FORMAT "\"", name, value);
}

static void
indent (GString *out,
        guint    depth)
{
  for (guint i = 0; i < depth; i++)
    g_string_append (out, "  ");
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* <ELEMENT name="…" value="…"/> for every pair, sorted by name so files diff well. */
static void
write_pairs (GString    *out,
             guint       depth,
             const char *element,
             GHashTable *table)
{
  g_autofree gpointer *keys = NULL;
  guint n_keys = 0;

  if (table == NULL)
    return;
  keys = g_hash_table_get_keys_as_array (table, &n_keys);
  qsort (keys, n_keys, sizeof (gpointer), compare_strings);
  for (guint i = 0; i < n_keys; i++)
    {
      indent (out, depth);
      g_string_append_printf (out, "<%s", element);
      attr_string (out, "name", keys[i]);
      attr_string (out, "value", g_hash_table_lookup (table, keys[i]));
      g_string_append (out, "/>\n");
    }
}

static void
write_table (GString                 *out,
             guint                    depth,
             const char              *element,
             const FlitlabStudyTable *table)
{
  indent (out, depth);
  g_string_append_printf (out, "<%s", element);
  /* Only a reference has a title (and always one). */
  if (g_str_equal (element, "reference"))
    attr_string (out, "title", table->title);
  if (isfinite (table->saturation_rate))
    attr_double (out, "saturation-rate", table->saturation_rate);
  g_string_append (out, ">\n");

  write_pairs (out, depth + 1, "info", table->info);

  indent (out, depth + 1);
  g_string_append (out, "<columns>");
  for (guint c = 0; c < table->n_columns; c++)
    {
      if (c > 0)
        g_string_append_c (out, ' ');
      append_escaped (out, table->columns[c], FALSE);
    }
  g_string_append (out, "</columns>\n");

  for (guint r = 0; r < table->n_rows; r++)
    {
      indent (out, depth + 1);
      g_string_append (out, table->saturated[r] ? "<row saturated=\"true\">" : "<row>");
      for (guint c = 0; c < table->n_columns; c++)
        {
          if (c > 0)
            g_string_append_c (out, ' ');
          append_double (out, table->values[(gsize) r * table->n_columns + c]);
        }
      g_string_append (out, "</row>\n");
    }

  indent (out, depth);
  g_string_append_printf (out, "</%s>\n", element);
}

static void
write_channels (GString   *out,
                guint      depth,
                GPtrArray *array)
{
  for (guint i = 0; i < array->len; i++)
    {
      const FlitlabStudyChannels *channels = g_ptr_array_index (array, i);

      indent (out, depth);
      g_string_append (out, "<channels");
      attr_double (out, "rate", channels->rate);
      attr_uint (out, "count", channels->n_channels);
      g_string_append (out, ">\n");
      for (guint s = 0; s < channels->series->len; s++)
        {
          const FlitlabStudySeries *series = g_ptr_array_index (channels->series, s);

          indent (out, depth + 1);
          g_string_append (out, "<series");
          attr_string (out, "name", series->name);
          g_string_append_c (out, '>');
          /* Eight numbers a line keeps large networks readable and diffable. */
          for (guint c = 0; c < channels->n_channels; c++)
            {
              if (c % 8 == 0)
                {
                  g_string_append_c (out, '\n');
                  indent (out, depth + 2);
                }
              else
                g_string_append_c (out, ' ');
              append_double (out, series->values[c]);
            }
          g_string_append_c (out, '\n');
          indent (out, depth + 1);
          g_string_append (out, "</series>\n");
        }
      indent (out, depth);
      g_string_append (out, "</channels>\n");
    }
}

/* channels: with the per-channel results (flitlab_project_save () says when they are left out). */
/* file relative to the folder base (both absolute), so that a project and its matrix file
 * can move together; file as it is without a base. */
static char *
relative_path (const char *file,
               const char *base)
{
  g_auto(GStrv) f = NULL;
  g_auto(GStrv) b = NULL;
  GString *out;
  guint i = 0;

  if (base == NULL || !g_path_is_absolute (file))
    return g_strdup (file);
  f = g_strsplit (file, G_DIR_SEPARATOR_S, -1);
  b = g_strsplit (base, G_DIR_SEPARATOR_S, -1);
  while (f[i] != NULL && b[i] != NULL && f[i + 1] != NULL && g_str_equal (f[i], b[i]))
    i++;
  out = g_string_new (NULL);
  for (guint j = i; b[j] != NULL; j++)
    if (b[j][0] != '\0')
      g_string_append (out, ".." G_DIR_SEPARATOR_S);
  for (guint j = i; f[j] != NULL; j++)
    {
      g_string_append (out, f[j]);
      if (f[j + 1] != NULL)
        g_string_append_c (out, G_DIR_SEPARATOR);
    }
  return g_string_free (out, FALSE);
}

/* The matrix pattern's weights: inline when small, else its file's path and SHA-256 (also
 * when the file could not be read: the project keeps naming it). */
static void
write_matrix (GString            *out,
              const FlitlabStudy *study,
              const char         *base_dir)
{
  if (study->matrix != NULL &&
      (flitlab_traffic_matrix_get_n_nodes (study->matrix) <= FLITLAB_MATRIX_INLINE_NODES ||
       study->matrix_file == NULL))
    {
      g_autofree char *csv = flitlab_traffic_matrix_to_csv (study->matrix, FALSE, NULL);

      g_string_append (out, "    <matrix>\n");
      g_string_append (out, csv);
      g_string_append (out, "    </matrix>\n");
    }
  else if (study->matrix_file != NULL)
    {
      g_autofree char *file = relative_path (study->matrix_file, base_dir);
      g_autofree char *utf8 = g_filename_display_name (file);

      g_string_append (out, "    <matrix");
      attr_string (out, "file", utf8);
      attr_string (out, "sha256", study->matrix_sha256 != NULL ? study->matrix_sha256 : "");
      g_string_append (out, "/>\n");
    }
}

/* <trace>: the file relative to base_dir and its summary (docs/project-format.md); the counts
 * inline when the network has up to FLITLAB_MATRIX_INLINE_NODES nodes. A file that gave no
 * trace keeps its name and checksum only. */
static void
write_trace (GString            *out,
             const FlitlabStudy *study,
             const char         *base_dir)
{
  const FlitlabStudyTrace *trace = study->trace;
  g_autofree char *file = NULL;
  g_autofree char *utf8 = NULL;

  if (study->trace_file == NULL)
    return;
  file = relative_path (study->trace_file, base_dir);
  utf8 = g_filename_display_name (file);
  g_string_append (out, "    <trace");
  attr_string (out, "file", utf8);
  attr_string (out, "sha256", study->trace_sha256 != NULL ? study->trace_sha256 : "");
  if (trace == NULL)
    {
      g_string_append (out, "/>\n");
      return;
    }
  attr_uint (out, "messages", trace->messages);
  attr_uint (out, "last-cycle", trace->last_cycle);
  attr_double (out, "flits", trace->flits);
  if (trace->matrix != NULL &&
      flitlab_traffic_matrix_get_n_nodes (trace->matrix) <= FLITLAB_MATRIX_INLINE_NODES)
    {
      g_autofree char *csv = flitlab_traffic_matrix_to_csv (trace->matrix, FALSE, NULL);

      g_string_append (out, ">\n");
      g_string_append (out, csv);
      g_string_append (out, "    </trace>\n");
    }
  else
    g_string_append (out, "/>\n");
}

static void
write_study (GString            *out,
             const FlitlabStudy *study,
             gboolean            channels,
             const char         *base_dir)
{
  const FlitlabStudySimulation *sim = &study->simulation;
  const FlitlabTopology *network;

  g_string_append (out, "  <study");
  attr_string (out, "name", study->name);
  if (study->group != NULL)
    attr_string (out, "group", study->group);
  g_string_append (out, ">\n");

  if (study->notes != NULL)
    {
      g_string_append (out, "    <notes>");
      append_escaped (out, study->notes, FALSE);
      g_string_append (out, "</notes>\n");
    }

  g_string_append (out, "    <network");
  attr_string (out, "topology", study->topology);
  attr_string (out, "routing", flitlab_routing_to_string (study->routing));
  /* Written only when not the default, so that files from before the setting read the same. */
  if (study->ties != FLITLAB_TIES_BALANCED)
    attr_string (out, "ties", flitlab_ties_to_string (study->ties));
  network = flitlab_study_get_topology (study, NULL);
  if (network != NULL && flitlab_topology_get_family (network) == FLITLAB_TOPOLOGY_FILE)
    {
      /* The network itself, as an edge list, so that the project opens without its file. */
      g_autofree char *links = flitlab_topology_dup_edge_list (network);
      g_auto(GStrv) lines = g_strsplit (links, "\n", -1);

      g_string_append (out, ">\n");
      for (guint i = 0; lines[i] != NULL; i++)
        if (lines[i][0] != '\0')
          g_string_append_printf (out, "      %s\n", lines[i]);
      g_string_append (out, "    </network>\n");
    }
  else
    g_string_append (out, "/>\n");

  g_string_append (out, "    <traffic");
  attr_string (out, "pattern", flitlab_traffic_pattern_to_string (study->pattern));
  attr_double (out, "hotspot-fraction", study->hotspot_fraction);
  attr_uint (out, "hotspot-node", study->hotspot_node);
  attr_string (out, "length", flitlab_length_to_string (study->length));
  attr_double (out, "flits", study->flits);
  attr_uint (out, "flit-width", study->flit_width);
  g_string_append (out, "/>\n");
  if (study->pattern == FLITLAB_TRAFFIC_MATRIX)
    write_matrix (out, study, base_dir);
  if (study->pattern == FLITLAB_TRAFFIC_TRACE)
    write_trace (out, study, base_dir);

  g_string_append (out, "    <load");
  attr_double (out, "min", study->rate_min);
  attr_double (out, "max", study->rate_max);
  attr_uint (out, "count", study->n_rates);
  g_string_append (out, "/>\n");

  for (guint i = 0; i < study->models->len; i++)
    {
      const FlitlabStudyModel *model = g_ptr_array_index (study->models, i);

      g_string_append (out, "    <model");
      attr_string (out, "id", model->id);
      g_string_append (out, ">\n");
      write_pairs (out, 3, "param", model->params);
      if (model->curve != NULL)
        write_table (out, 3, "curve", model->curve);
      if (channels)
        write_channels (out, 3, model->channels);
      g_string_append (out, "    </model>\n");
    }

  g_string_append (out, "    <simulation");
  attr_string (out, "enabled", sim->enabled ? "true" : "false");
  attr_uint (out, "vcs", sim->vcs);
  attr_uint (out, "buffer", sim->buffer);
  attr_uint (out, "node-buffers", sim->node_buffers);
  attr_uint (out, "seed", sim->seed);
  attr_uint (out, "replications", sim->replications);
  attr_uint (out, "warmup", sim->warmup);
  attr_uint (out, "cycles", sim->cycles);
  attr_uint (out, "threads", sim->threads);
  attr_uint (out, "watchdog", sim->watchdog);
  /* Only when set: projects without the deadlock lab keep their bytes. */
  if (sim->allow_deadlock)
    attr_string (out, "allow-deadlock", "true");
  if (sim->points == NULL && (sim->channels->len == 0 || !channels))
    g_string_append (out, "/>\n");
  else
    {
      g_string_append (out, ">\n");
      if (sim->points != NULL)
        write_table (out, 3, "points", sim->points);
      if (channels)
        write_channels (out, 3, sim->channels);
      g_string_append (out, "    </simulation>\n");
    }

  for (guint i = 0; i < study->references->len; i++)
    write_table (out, 2, "reference", g_ptr_array_index (study->references, i));

  write_pairs (out, 2, "setting", study->settings);

  g_string_append (out, "  </study>\n");
}

/* full_length: 0, or the bytes of the project with its per-channel results, which the file
 * then says were left out (in a comment, which the reader skips). base_dir: the folder matrix
 * files are written relative to (NULL: as the studies hold them). */
static char *
project_data (const FlitlabProject *self,
              gsize                 full_length,
              const char           *base_dir,
              gsize                *length)
{
  GString *out;

  out = g_string_new ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
  g_string_append (out, "<flitlab-project");
  attr_uint (out, "format", FLITLAB_PROJECT_FORMAT_VERSION);
  if (flitlab_project_get_title (self) != NULL)
    attr_string (out, "title", flitlab_project_get_title (self));
  g_string_append (out, ">\n");
  if (full_length > 0)
    g_string_append_printf (out, "  <!-- Per-channel results left out: with them this project "
                            "would be %" G_GSIZE_FORMAT " bytes, more than a project can be "
                            "(%u MiB; docs/project-format.md). -->\n", full_length,
                            FLITLAB_PROJECT_MAX_BYTES / (1024 * 1024));
  for (guint i = 0; i < flitlab_project_get_n_studies (self); i++)
    write_study (out, flitlab_project_get_study (self, i), full_length == 0, base_dir);
  g_string_append (out, "</flitlab-project>\n");

  if (length != NULL)
    *length = out->len;
  return g_string_free (out, FALSE);
}

char *
flitlab_project_to_data (const FlitlabProject *self,
                         gsize                *length)
{
  g_return_val_if_fail (self != NULL, NULL);

  return project_data (self, 0, NULL, length);
}

static char *
data_within (const FlitlabProject  *self,
             gsize                  max_bytes,
             const char            *base_dir,
             gboolean              *channels_left_out,
             gsize                 *length)
{
  g_autofree char *full = NULL;
  gsize full_length;

  full = project_data (self, 0, base_dir, &full_length);
  if (channels_left_out != NULL)
    *channels_left_out = full_length > max_bytes;
  if (full_length <= max_bytes)
    {
      *length = full_length;
      return g_steal_pointer (&full);
    }
  g_clear_pointer (&full, g_free);
  return project_data (self, full_length, base_dir, length);
}

char *
flitlab_project_to_data_within (const FlitlabProject  *self,
                                gsize                  max_bytes,
                                gboolean              *channels_left_out,
                                gsize                 *length)
{
  g_return_val_if_fail (self != NULL && length != NULL, NULL);

  return data_within (self, max_bytes, NULL, channels_left_out, length);
}

gboolean
flitlab_project_save (const FlitlabProject *self,
                      const char           *path,
                      GError              **error)
{
  return flitlab_project_save_full (self, path, NULL, error);
}

gboolean
flitlab_project_save_full (const FlitlabProject *self,
                           const char           *path,
                           gboolean             *channels_left_out,
                           GError              **error)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(FlitlabProject) check = NULL;
  g_autofree char *folder = NULL;
  gsize length;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Never write a file that flitlab_project_load() would refuse: that would lose the work as
   * surely as a failed write. First the friendly check, then the reader itself on the bytes. */
  for (guint i = 0; i < flitlab_project_get_n_studies (self); i++)
    if (!flitlab_study_check (flitlab_project_get_study (self, i), &local_error))
      {
        g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_INVALID,
                     _("Cannot save %s: %s"), path, local_error->message);
        return FALSE;
      }
  /* Per-channel results are what makes a project huge (a 64×64 torus has 16,384 channels per
   * load): over the reader's limit they are left out, and the reader's check below refuses
   * what is still too large. */
  /* Matrix files are written relative to the project's folder, and not read again here. */
  {
    g_autofree char *dirname = g_path_get_dirname (path);

    folder = g_canonicalize_filename (dirname, NULL);
  }
  data = data_within (self, FLITLAB_PROJECT_MAX_BYTES, folder, channels_left_out, &length);
  check = flitlab_reader_load_data (data, length, _("(the project to save)"), NULL, &local_error);
  if (check == NULL)
    {
      g_set_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_INVALID,
                   _("Cannot save %s: %s"), path, local_error->message);
      return FALSE;
    }

  /* The old file is either replaced whole or left as it was, with its mode and links. The
   * writer's message names the file already. */
  if (!flitlab_file_write (path, data, length, &local_error))
    {
      g_set_error_literal (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_IO,
                           local_error->message);
      return FALSE;
    }
  return TRUE;
}
