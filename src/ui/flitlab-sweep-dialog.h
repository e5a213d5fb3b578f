/* flitlab-sweep-dialog.h: New Sweep: a study repeated over values of some of its settings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The user picks settings (the editor's: size, routing, virtual channels, buffer depth,
 * message length and its distribution, traffic, hotspot fraction) and lists their values or
 * ranges ("2, 4, 8", "2..8:2"); the dialog says how many studies that makes and about how
 * long they take to simulate, or why it cannot make them. Create emits "create" with the
 * studies, made by flitlab_grid_expand() exactly as flitlab-cli grid makes them from the same
 * --vary (flitlab_sweep_dialog_dup_vary()), as one group.
 */

#pragma once

#include <gtk/gtk.h>

#include "flitlab-study.h"

G_BEGIN_DECLS

/* The most studies the window makes in one sweep; flitlab-cli grid makes more. */
#define FLITLAB_SWEEP_DIALOG_MAX_STUDIES 500

#define FLITLAB_TYPE_SWEEP_DIALOG (flitlab_sweep_dialog_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabSweepDialog, flitlab_sweep_dialog, FLITLAB, SWEEP_DIALOG, GtkWindow)

/* A dialog over study (copied), with a row varying its virtual channels to start. */
FlitlabSweepDialog *flitlab_sweep_dialog_new         (GtkWindow          *parent,
                                                      const FlitlabStudy *study);
/* Adds a row varying key (a flitlab_grid_keys() key the dialog offers) over values, as typed. */
void                flitlab_sweep_dialog_add         (FlitlabSweepDialog *self,
                                                      const char         *key,
                                                      const char         *values);
/* The grid's --vary arguments the rows say now (NULL-terminated); NULL, with why, when a row
 * cannot say them. */
char              **flitlab_sweep_dialog_dup_vary    (FlitlabSweepDialog *self,
                                                      GError            **error);
/* What the dialog shows under the rows: the count and time, or the error. */
const char         *flitlab_sweep_dialog_get_summary (FlitlabSweepDialog *self);

/* What Create does: emits "create" with the studies and closes, unless the summary is an
 * error. */
void                flitlab_sweep_dialog_create      (FlitlabSweepDialog *self);

G_END_DECLS
