/* flitlab-routing.c: the routings' names and the networks they run on
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "flitlab-names.h"
#include "flitlab-routing.h"

static const char * const routing_names[] = { "dor", "adaptive", "necklace", "backtrack", NULL };

G_STATIC_ASSERT (G_N_ELEMENTS (routing_names) == FLITLAB_ROUTING_N + 1);

const char * const *
flitlab_routing_names (void)
{
  return routing_names;
}

const char *
flitlab_routing_to_string (FlitlabRouting routing)
{
  g_return_val_if_fail (routing < FLITLAB_ROUTING_N, NULL);
  return routing_names[routing];
}

gboolean
flitlab_routing_from_string (const char     *text,
                             FlitlabRouting *routing)
{
  guint index;

  if (!flitlab_names_find (routing_names, text, &index))
    return FALSE;
  *routing = index;
  return TRUE;
}

gboolean
flitlab_routing_fits (FlitlabRouting        routing,
                      FlitlabTopologyFamily family)
{
  if (family == FLITLAB_TOPOLOGY_NECKLACE || routing == FLITLAB_ROUTING_NECKLACE)
    return family == FLITLAB_TOPOLOGY_NECKLACE && routing == FLITLAB_ROUTING_NECKLACE;
  if (routing == FLITLAB_ROUTING_BACKTRACK)
    return family == FLITLAB_TOPOLOGY_HYPERCUBE;
  return TRUE;
}
