/* flitlab-cli-traffic.c: flitlab-cli traffic, a pattern's traffic matrix as CSV
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-file-write.h"
#include "flitlab-limits.h"
#include "flitlab-topology.h"
#include "flitlab-traffic.h"

#include "flitlab-cli-private.h"

gboolean
flitlab_cli_cmd_traffic (int      argc,
                         char   **argv,
                         GError **error)
{
  g_autofree char *topology_spec = NULL, *traffic = NULL, *hotspot = NULL;
  g_autofree char *hotspot_node = NULL, *output = NULL;
  const GOptionEntry entries[] = {
    { "topology", 0, 0, G_OPTION_ARG_STRING, &topology_spec,
      N_("The network, such as torus:8x8:bi (see flitlab-cli topology --help)"), "SPEC" },
    { "traffic", 0, 0, G_OPTION_ARG_STRING, &traffic,
      N_("uniform, transpose, bit-complement, bit-reversal, tornado, neighbour or hotspot"),
      "PATTERN" },
    { "hotspot", 0, 0, G_OPTION_ARG_STRING, &hotspot,
      N_("With --traffic hotspot: the fraction of messages sent to the hotspot; default 0.1"),
      "FRACTION" },
    { "hotspot-node", 0, 0, G_OPTION_ARG_STRING, &hotspot_node,
      N_("With --traffic hotspot: the hotspot node; default 0"), "NODE" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The CSV file to write (- for standard output)"), "FILE" },
    { NULL },
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("— write a traffic pattern's matrix as CSV (docs/traffic.md)"));
  g_autoptr(FlitlabTopology) topology = NULL;
  g_autoptr(FlitlabTraffic) pattern = NULL;
  g_autoptr(FlitlabTrafficMatrix) matrix = NULL;
  g_autofree char *csv = NULL;
  FlitlabTrafficPattern value;
  double fraction = 0.1;
  guint64 node = 0;
  gsize length;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!flitlab_cli_parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 1)
    return flitlab_cli_usage_error (error, _("traffic takes options only, not “%s”"), argv[1]);
  if (topology_spec == NULL || traffic == NULL || output == NULL)
    return flitlab_cli_usage_error (error, _("traffic needs --topology, --traffic and --output "
                                             "(such as --topology torus:4x4:bi --traffic "
                                             "transpose --output m.csv)"));
  if (!flitlab_traffic_pattern_from_string (traffic, &value) || value == FLITLAB_TRAFFIC_MATRIX ||
      value == FLITLAB_TRAFFIC_TRACE)
    return flitlab_cli_usage_error (error, _("--traffic is uniform, transpose, bit-complement, "
                                             "bit-reversal, tornado, neighbour or hotspot, not "
                                             "“%s”"), traffic);
  if (value != FLITLAB_TRAFFIC_HOTSPOT && (hotspot != NULL || hotspot_node != NULL))
    return flitlab_cli_usage_error (error, _("%s does not apply without --traffic hotspot"),
                                    hotspot != NULL ? "--hotspot" : "--hotspot-node");
  /* Each setting by its one check, as simulate's. */
  if ((hotspot != NULL && !flitlab_limits_parse_hotspot_fraction (hotspot, &fraction, error)) ||
      !flitlab_cli_parse_uint64 ("--hotspot-node", hotspot_node, 0, G_MAXUINT - 1, &node, error))
    return FALSE;
  if (!flitlab_cli_check_output ("--output", output, FALSE, error))
    return FALSE;

  topology = flitlab_topology_new_from_spec (topology_spec, error);
  if (topology == NULL)
    return FALSE;
  pattern = flitlab_traffic_new (topology, value, fraction, (guint) node, error);
  if (pattern == NULL)
    return FALSE;
  matrix = flitlab_traffic_to_matrix (pattern, error);
  if (matrix == NULL)
    return FALSE;
  csv = flitlab_traffic_matrix_to_csv (matrix, TRUE, &length);
  return flitlab_file_write (output, csv, length, error);
}
