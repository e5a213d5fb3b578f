/* flitlab-textbook-panel.h: the figures a course teaches about a study's network, each with
 * its formula, and the simulation's measurement beside it once it has run
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "flitlab-study.h"
#include "flitlab-topology-metrics.h"

G_BEGIN_DECLS

#define FLITLAB_TYPE_TEXTBOOK_PANEL (flitlab_textbook_panel_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabTextbookPanel, flitlab_textbook_panel, FLITLAB, TEXTBOOK_PANEL, GtkBox)

/* The network's figures are worked out on a worker thread (a necklace hypercube routes every
 * pair); the panel keeps a copy of study. */
void flitlab_textbook_panel_set_study (FlitlabTextbookPanel *self,
                                       const FlitlabStudy   *study);
/* The figures of the study last set, under its traffic; NULL while they are worked out or
 * when they cannot be (the panel says why): "notify::metrics" tells when they change. */
const FlitlabTopologyMetrics *flitlab_textbook_panel_get_metrics (FlitlabTextbookPanel *self);

G_END_DECLS
