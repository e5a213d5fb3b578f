/* flitlab-latency.c: names of the latencies
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "flitlab-latency.h"

static const struct
{
  const char *name, *column, *ci_column, *label, *description;
} latencies[FLITLAB_LATENCY_N] = {
  { "total", "latency", "ci95", N_("Total latency"),
    N_("From the message's generation to its tail reaching the destination processor "
       "(source queue, injection and ejection included; zero load D + L + 1)") },
  { "network", "network_latency", "network_ci95", N_("Network latency"),
    N_("From the header entering the injection channel to the tail reaching the destination "
       "processor (no source queue; zero load D + L + 1)") },
  { "transit", "transit_latency", "transit_ci95", N_("Transit latency"),
    N_("From the header entering its first network channel to the tail leaving its last one, "
       "as the papers' simulations count (zero load D + L - 1)") },
  { "source-transit", "source_transit_latency", "source_transit_ci95",
    N_("Source and transit latency"),
    N_("From the message's generation to its tail leaving its last network channel: the transit "
       "latency plus the wait at the source (zero load D + L - 1)") },
};

const char *
flitlab_latency_to_string (FlitlabLatency latency)
{
  g_return_val_if_fail (latency < FLITLAB_LATENCY_N, NULL);
  return latencies[latency].name;
}

gboolean
flitlab_latency_from_string (const char     *text,
                             FlitlabLatency *latency)
{
  for (guint i = 0; i < FLITLAB_LATENCY_N; i++)
    if (g_strcmp0 (text, latencies[i].name) == 0)
      {
        *latency = i;
        return TRUE;
      }
  return FALSE;
}

const char *
flitlab_latency_column (FlitlabLatency latency)
{
  g_return_val_if_fail (latency < FLITLAB_LATENCY_N, NULL);
  return latencies[latency].column;
}

const char *
flitlab_latency_ci_column (FlitlabLatency latency)
{
  g_return_val_if_fail (latency < FLITLAB_LATENCY_N, NULL);
  return latencies[latency].ci_column;
}

const char *
flitlab_latency_label (FlitlabLatency latency)
{
  g_return_val_if_fail (latency < FLITLAB_LATENCY_N, NULL);
  return _(latencies[latency].label);
}

const char *
flitlab_latency_description (FlitlabLatency latency)
{
  g_return_val_if_fail (latency < FLITLAB_LATENCY_N, NULL);
  return _(latencies[latency].description);
}
