/* flitlab-booksim-results.c: BookSim 2's printed results, read into a study's reference points
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The lines read are those BookSim's trafficmanager.cpp prints (read for their words only).
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "flitlab-booksim-config.h"
#include "flitlab-booksim-results.h"
#include "flitlab-latency.h"

#define ECHO_BEGIN "BEGIN Configuration File:"
#define ECHO_END "END Configuration File:"
#define OVERRIDE "OVERRIDE Parameter:"
#define OVERALL "====== Overall Traffic Statistics ======"

/* The number after "label = " in line, when line starts with label. */
static gboolean
read_value (const char *line,
            const char *label,
            double     *value)
{
  const char *p;
  char *end;

  if (!g_str_has_prefix (line, label))
    return FALSE;
  p = line + strlen (label);
  while (*p == ' ')
    p++;
  if (*p++ != '=')
    return FALSE;
  *value = g_ascii_strtod (p, &end);
  return end != p;
}

gboolean
flitlab_booksim_results_parse (const char         *text,
                               gsize               length,
                               const char         *name,
                               const FlitlabStudy *study,
                               double              row[4],
                               gboolean           *saturated,
                               GError            **error)
{
  g_autoptr(FlitlabBooksimConfig) config = flitlab_booksim_config_new ();
  g_autoptr(FlitlabStudy) ran = NULL;
  g_autofree char *ran_spec = NULL, *study_spec = NULL;
  g_auto(GStrv) lines = NULL;
  double latency = NAN, network_latency = NAN, accepted = NAN, flits, rate;
  gboolean echoed = FALSE, overall = FALSE, unstable = FALSE;

  if (!g_utf8_validate_len (text, length, NULL) || memchr (text, '\0', length) != NULL)
    {
      g_set_error (error, FLITLAB_BOOKSIM_ERROR, FLITLAB_BOOKSIM_ERROR_PARSE,
                   _("%s: not BookSim's output (not text)"), name);
      return FALSE;
    }
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = lines[i];
      double value;

      if (g_str_has_prefix (line, ECHO_BEGIN))
        {
          /* The file as BookSim read it, up to the end marker (which follows the file's last
           * character on its line). */
          g_autoptr(GString) echo = g_string_new (NULL);
          guint first = i + 2;
          char *end = NULL;

          for (i++; lines[i] != NULL && (end = strstr (lines[i], ECHO_END)) == NULL; i++)
            g_string_append_printf (echo, "%s\n", lines[i]);
          if (lines[i] == NULL)
            {
              g_set_error (error, FLITLAB_BOOKSIM_ERROR, FLITLAB_BOOKSIM_ERROR_PARSE,
                           _("%s:%u: the configuration's echo has no “%s”"), name, first - 1,
                           ECHO_END);
              return FALSE;
            }
          g_string_append_len (echo, lines[i], end - lines[i]);
          /* BookSim echoes the file's last character twice (it prints the character its
           * failed read left behind): "…;\n\n", or "…;;" for a file without a newline. */
          if (echo->len >= 2 && echo->str[echo->len - 1] == echo->str[echo->len - 2])
            g_string_truncate (echo, echo->len - 1);
          if (!flitlab_booksim_config_parse (config, echo->str, echo->len, name, first, error))
            return FALSE;
          echoed = TRUE;
        }
      else if (g_str_has_prefix (line, OVERRIDE))
        {
          g_autofree char *assignment = g_strstrip (g_strdup (line + strlen (OVERRIDE)));

          if (!flitlab_booksim_config_override (config, assignment, error))
            {
              g_prefix_error (error, "%s:%u: ", name, i + 1);
              return FALSE;
            }
          echoed = TRUE;
        }
      else if (g_str_has_prefix (line, "Simulation unstable"))
        unstable = TRUE;
      else if (g_str_has_prefix (line, OVERALL))
        overall = TRUE;
      /* After the overall header, class 0's lines come first; older BookSims printed
       * "Overall average latency" and "Overall average accepted rate". */
      else if ((overall && isnan (latency) && read_value (line, "Packet latency average",
                                                         &value)) ||
               read_value (line, "Overall average latency", &value))
        latency = value;
      else if (overall && isnan (network_latency) &&
               read_value (line, "Network latency average", &value))
        network_latency = value;
      else if ((overall && isnan (accepted) && read_value (line, "Accepted flit rate average",
                                                          &value)) ||
               read_value (line, "Overall average accepted rate", &value))
        accepted = value;
    }
  if (!echoed)
    {
      g_set_error (error, FLITLAB_BOOKSIM_ERROR, FLITLAB_BOOKSIM_ERROR_PARSE,
                   _("%s: not BookSim's output: no “%s” nor “%s” says what it ran"), name,
                   ECHO_BEGIN, OVERRIDE);
      return FALSE;
    }
  if (!unstable && isnan (latency))
    {
      g_set_error (error, FLITLAB_BOOKSIM_ERROR, FLITLAB_BOOKSIM_ERROR_PARSE,
                   _("%s: no “Packet latency average” after “%s”, nor “Simulation unstable”: "
                     "did the run finish?"), name, OVERALL);
      return FALSE;
    }
  /* What BookSim ran, as a study: the study's network, message length, routing and traffic,
   * or another study's points. */
  ran = flitlab_booksim_config_to_study (config, name, NULL, error);
  if (ran == NULL)
    return FALSE;
  ran_spec = flitlab_topology_dup_spec (ran->network);
  study_spec = study->network != NULL ? flitlab_topology_dup_spec (study->network)
                                      : g_strdup (study->topology);
  if (!g_str_equal (ran_spec, study_spec) || ran->flits != study->flits)
    {
      g_set_error (error, FLITLAB_BOOKSIM_ERROR, FLITLAB_BOOKSIM_ERROR_INVALID,
                   _("%s: BookSim ran %s with packets of %g flits, not the study's %s with "
                     "messages of %g"), name, ran_spec, ran->flits, study_spec, study->flits);
      return FALSE;
    }
  if (ran->routing != study->routing || ran->pattern != study->pattern ||
      (ran->pattern == FLITLAB_TRAFFIC_HOTSPOT && ran->hotspot_node != study->hotspot_node))
    {
      g_set_error (error, FLITLAB_BOOKSIM_ERROR, FLITLAB_BOOKSIM_ERROR_INVALID,
                   _("%s: BookSim ran %s routing and %s traffic, not the study's %s and %s"),
                   name, flitlab_routing_to_string (ran->routing),
                   flitlab_traffic_pattern_to_string (ran->pattern),
                   flitlab_routing_to_string (study->routing),
                   flitlab_traffic_pattern_to_string (study->pattern));
      return FALSE;
    }
  flits = ran->flits;
  rate = ran->rate_min;
  row[0] = rate;
  row[1] = unstable ? NAN : latency;
  row[2] = unstable ? NAN : network_latency;
  row[3] = unstable || isnan (accepted) ? NAN : accepted / flits;
  *saturated = unstable;
  return TRUE;
}

/* One output: its row and, last, whether it saturated. */
typedef struct
{
  double v[5];
} Row;

static int
compare_rows (gconstpointer a,
              gconstpointer b)
{
  double x = ((const double *) a)[0], y = ((const double *) b)[0];

  return (x > y) - (x < y);
}

FlitlabStudyTable *
flitlab_booksim_results_load (const FlitlabStudy *study,
                              const char * const *paths,
                              GError            **error)
{
  static const char * const columns[] = {
    "rate", "latency", "network_latency", "throughput", NULL,
  };
  g_autoptr(FlitlabStudyTable) table = flitlab_study_table_new (columns);
  g_autoptr(GArray) rows = g_array_new (FALSE, FALSE, sizeof (Row));

  g_return_val_if_fail (study != NULL && paths != NULL, NULL);

  for (guint i = 0; paths[i] != NULL; i++)
    {
      g_autofree char *display = g_filename_display_name (paths[i]);
      g_autofree char *text = NULL;
      Row row;
      gboolean saturated;
      gsize length;

      text = flitlab_booksim_read_file (paths[i], _("BookSim's output"), &length, error);
      if (text == NULL)
        return NULL;
      if (!flitlab_booksim_results_parse (text, length, display, study, row.v, &saturated, error))
        return NULL;
      for (guint r = 0; r < rows->len; r++)
        if (fabs (g_array_index (rows, Row, r).v[0] - row.v[0]) <= 1e-12)
          {
            g_set_error (error, FLITLAB_BOOKSIM_ERROR, FLITLAB_BOOKSIM_ERROR_INVALID,
                         _("%s: a second output at the load %g"), display, row.v[0]);
            return NULL;
          }
      row.v[4] = saturated;
      g_array_append_val (rows, row);
    }
  g_array_sort (rows, compare_rows);
  for (guint r = 0; r < rows->len; r++)
    {
      const Row *row = &g_array_index (rows, Row, r);

      flitlab_study_table_append (table, row->v, row->v[4] != 0);
    }
  table->title = g_strdup (FLITLAB_BOOKSIM_RESULTS_TITLE);
  g_hash_table_insert (table->info, g_strdup (FLITLAB_STUDY_INFO_LATENCY),
                       g_strdup (flitlab_latency_to_string (FLITLAB_LATENCY_TOTAL)));
  g_hash_table_insert (table->info, g_strdup ("source"),
                       g_strdup ("BookSim 2: Packet latency average, Network latency average, "
                                 "Accepted flit rate average / packet_size"));
  return g_steal_pointer (&table);
}

void
flitlab_booksim_results_add (FlitlabStudy      *study,
                             FlitlabStudyTable *reference)
{
  const char *conversion =
    _("BookSim 2's points (flitlab-cli import-booksim-results, docs/booksim.md): the load is "
      "BookSim's injection_rate, packets per cycle per node (divided by packet_size when "
      "injection_rate_uses_flits = 1), which are Flitlab's messages per cycle per node. The "
      "latency is BookSim's “Packet latency average”, from a packet's creation to its tail's "
      "arrival with the source queue: Flitlab's total latency, with which it is drawn; its "
      "“Network latency average” is drawn with Flitlab's network latency. The throughput is "
      "BookSim's “Accepted flit rate average” divided by packet_size.");

  for (guint r = 0; r < study->references->len; r++)
    if (g_strcmp0 (((FlitlabStudyTable *) study->references->pdata[r])->title,
                   reference->title) == 0)
      {
        g_ptr_array_remove_index (study->references, r);
        break;
      }
  g_ptr_array_add (study->references, reference);
  if (study->notes == NULL || strstr (study->notes, conversion) == NULL)
    {
      char *notes = study->notes != NULL && study->notes[0] != '\0'
                    ? g_strconcat (study->notes, "\n\n", conversion, NULL)
                    : g_strdup (conversion);

      g_free (study->notes);
      study->notes = notes;
    }
}
