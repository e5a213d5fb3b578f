/* flitlab-input.h: what every tier shares about text a person gave
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The one syntax of a number, wherever Flitlab reads one (project files, flitlab-cli, the
 * editor, model parameters): [+-]? (digits [. digits*] | . digits) ([eE] [+-]? digits)?, the
 * whole text and nothing else. Hex, "nan", "inf", "1,5", spaces and values that overflow are
 * refused. length -1: text is nul-terminated. */
gboolean flitlab_input_parse_number (const char *text,
                                     gssize      length,
                                     double     *out);

/* The shortest text in that syntax that flitlab_input_parse_number() reads back to the same
 * double ("1234567", "0.1", "1e+21"), for a number that must travel as text (a model's
 * parameters, a project file) without losing a digit. NaN and infinities give text that
 * flitlab_input_parse_number() refuses. */
char    *flitlab_input_format_number (double value);

/* A copy of an error message fit for one line: every quoted part (“…”) longer than 64
 * characters is cut to its first 64 and "…", and control characters become spaces, so that a
 * 4 MB input is not echoed whole. */
char    *flitlab_input_message_line (const char *message);

G_END_DECLS
