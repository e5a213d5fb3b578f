/* flitlab-ui-text.c: words the window's parts share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "flitlab-ui-text.h"

const char *
flitlab_ui_routing_label (FlitlabRouting routing)
{
  switch (routing)
    {
    case FLITLAB_ROUTING_DOR:
      return _("Dimension-ordered");
    case FLITLAB_ROUTING_ADAPTIVE:
      return _("Fully adaptive (Duato)");
    case FLITLAB_ROUTING_BACKTRACK:
      return _("Backtracking, finite node buffers");
    case FLITLAB_ROUTING_UPDOWN:
      return _("Up*/down* (Autonet), deadlock-free");
    case FLITLAB_ROUTING_SHORTEST:
      return _("Shortest paths, deadlock-prone");
    case FLITLAB_ROUTING_NECKLACE:
    default:
      return _("Necklace (adaptive, virtual channels)");
    }
}

/* In FlitlabTrafficPattern order. */
static const char * const pattern_labels[] = {
  N_("Uniform"), N_("Transpose"), N_("Bit complement"), N_("Bit reversal"), N_("Tornado"),
  N_("Nearest neighbour"), N_("Hotspot"), N_("Matrix from file…"),
  N_("Trace from file…"),
};

G_STATIC_ASSERT (G_N_ELEMENTS (pattern_labels) == FLITLAB_TRAFFIC_TRACE + 1);

const char *
flitlab_ui_pattern_label (FlitlabTrafficPattern pattern)
{
  g_return_val_if_fail (pattern < G_N_ELEMENTS (pattern_labels), "");
  return _(pattern_labels[pattern]);
}

const char *
flitlab_ui_length_label (FlitlabLengthDistribution length)
{
  return length == FLITLAB_LENGTH_FIXED ? _("Fixed") : _("Exponential");
}

char *
flitlab_ui_format_duration (double seconds)
{
  if (seconds < 90)
    /* Translators: a duration in seconds */
    return g_strdup_printf (_("%.0f s"), seconds);
  if (seconds < 3600)
    /* Translators: a duration in minutes */
    return g_strdup_printf (_("%.0f min"), seconds / 60);
  /* Translators: a duration in hours and minutes */
  return g_strdup_printf (_("%.0f h %02.0f min"), floor (seconds / 3600),
                          floor (fmod (seconds, 3600) / 60));
}
