/* flitlab-booksim-results.h: BookSim 2's printed results, read into a study's reference points
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * BookSim prints, for one run at one load, the configuration it read (the file between "BEGIN
 * Configuration File" and "END Configuration File", then each "OVERRIDE Parameter" of its
 * command line) and, at the end, its "Overall Traffic Statistics". One output per load becomes
 * one row of a reference table titled FLITLAB_BOOKSIM_RESULTS_TITLE, drawn and exported as a
 * paper's printed points (docs/booksim.md): the load in messages per cycle per node, BookSim's
 * "Packet latency average" as the latency, which counts as Flitlab's total latency does
 * (FLITLAB_STUDY_INFO_LATENCY says so), its "Network latency average", and its accepted
 * rate in messages per cycle per node.
 */

#pragma once

#include <glib.h>

#include "flitlab-study.h"

G_BEGIN_DECLS

#define FLITLAB_BOOKSIM_RESULTS_TITLE "BookSim 2"

/* One output's row (rate, latency, network_latency, throughput; NaN: no value) and whether
 * BookSim found the load unstable (saturated). The output must have run the study's network
 * and message length. name_for_errors names the output in errors, which are one line. */
gboolean           flitlab_booksim_results_parse (const char         *text,
                                                  gsize               length,
                                                  const char         *name_for_errors,
                                                  const FlitlabStudy *study,
                                                  double              row[4],
                                                  gboolean           *saturated,
                                                  GError            **error);
/* The outputs at paths (NULL-terminated), one per load, as a reference table for the study:
 * columns rate, latency, network_latency and throughput, rows by load. */
FlitlabStudyTable *flitlab_booksim_results_load  (const FlitlabStudy *study,
                                                  const char * const *paths,
                                                  GError            **error);
/* Puts the table (taken) into the study's references, in place of an earlier one with its
 * title, and says in the study's notes how its numbers convert. */
void               flitlab_booksim_results_add   (FlitlabStudy       *study,
                                                  FlitlabStudyTable  *reference);

G_END_DECLS
