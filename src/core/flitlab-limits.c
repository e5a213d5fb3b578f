/* flitlab-limits.c: the one check of each of a study's settings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "flitlab-input.h"
#include "flitlab-limits.h"

G_DEFINE_QUARK (flitlab-limits-error-quark, flitlab_limits_error)

static gboolean
refuse (GError     **error,
        const char  *format,
        ...) G_GNUC_PRINTF (2, 3);

static gboolean
refuse (GError     **error,
        const char  *format,
        ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (FLITLAB_LIMITS_ERROR,
                                                FLITLAB_LIMITS_ERROR_INVALID, format, args));
  va_end (args);
  return FALSE;
}

/* ---- message length ------------------------------------------------------------------ */

/* shown: the value as the message quotes it: the text as given, or the number written out. */
static gboolean
flits_valid (double       flits,
             gboolean     fixed,
             const char  *shown,
             GError     **error)
{
  if (!(flits >= 1 && flits <= FLITLAB_MAX_FLITS))
    /* Translators: %u is the largest length, %s the value given */
    return refuse (error, _("the message length must be a number from 1 to %u flits, not “%s”"),
                   (guint) FLITLAB_MAX_FLITS, shown);
  if (fixed && flits != floor (flits))
    /* Translators: %s is the value given */
    return refuse (error, _("a fixed message length must be a whole number of flits, not “%s” "
                            "(the mean of exponential lengths may be fractional)"), shown);
  return TRUE;
}

gboolean
flitlab_limits_check_flits (double    flits,
                            gboolean  fixed,
                            GError  **error)
{
  g_autofree char *shown = flitlab_input_format_number (flits);

  return flits_valid (flits, fixed, shown, error);
}

gboolean
flitlab_limits_parse_flits (const char  *text,
                            gboolean     fixed,
                            double      *out,
                            GError     **error)
{
  double flits;

  g_return_val_if_fail (text != NULL && out != NULL, FALSE);

  if (!flitlab_input_parse_number (text, -1, &flits))
    flits = NAN;
  if (!flits_valid (flits, fixed, text, error))
    return FALSE;
  *out = flits;
  return TRUE;
}
