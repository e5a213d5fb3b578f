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

/* ---- whole numbers ------------------------------------------------------------------- */

/* Whether a count is valid; number FALSE: the text was not a whole number at all. shown: the
 * value as the message quotes it. */
typedef gboolean (*WholeValid) (gboolean     number,
                                guint64      value,
                                const char  *shown,
                                GError     **error);

static gboolean
check_whole (WholeValid   valid,
             guint64      value,
             GError     **error)
{
  g_autofree char *shown = g_strdup_printf ("%" G_GUINT64_FORMAT, value);

  return valid (TRUE, value, shown, error);
}

/* Plain decimal digits, no sign or space (docs/project-format.md), at most 2^64 - 1. */
static gboolean
parse_whole (WholeValid   valid,
             const char  *text,
             guint64     *out,
             GError     **error)
{
  guint64 value = 0;
  gboolean number;

  g_return_val_if_fail (text != NULL && out != NULL, FALSE);

  number = g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, &value, NULL);
  if (!valid (number, value, text, error))
    return FALSE;
  *out = value;
  return TRUE;
}

/* The same into a guint, for the counts whose range fits one. */
static gboolean
parse_guint (WholeValid   valid,
             const char  *text,
             guint       *out,
             GError     **error)
{
  guint64 value;

  g_return_val_if_fail (out != NULL, FALSE);

  if (!parse_whole (valid, text, &value, error))
    return FALSE;
  g_assert (value <= G_MAXUINT);
  *out = (guint) value;
  return TRUE;
}

static gboolean
vcs_valid (gboolean     number,
           guint64      vcs,
           const char  *shown,
           GError     **error)
{
  if (number && vcs <= FLITLAB_MAX_VCS)
    return TRUE;
  /* Translators: %u is the largest number, %s the value given */
  return refuse (error, _("the virtual channels per channel must be a whole number from 0 (the "
                          "routing's default) to %u, not “%s”"), FLITLAB_MAX_VCS, shown);
}

gboolean
flitlab_limits_check_vcs (guint64   vcs,
                          GError  **error)
{
  return check_whole (vcs_valid, vcs, error);
}

gboolean
flitlab_limits_parse_vcs (const char  *text,
                          guint       *out,
                          GError     **error)
{
  return parse_guint (vcs_valid, text, out, error);
}

static gboolean
buffer_valid (gboolean     number,
              guint64      buffer,
              const char  *shown,
              GError     **error)
{
  if (number && buffer >= 1 && buffer <= FLITLAB_MAX_BUFFER)
    return TRUE;
  /* Translators: %u is the largest depth, %s the value given */
  return refuse (error, _("the buffer depth must be a whole number from 1 to %u flits, "
                          "not “%s”"),
                 FLITLAB_MAX_BUFFER, shown);
}

gboolean
flitlab_limits_check_buffer (guint64   buffer,
                             GError  **error)
{
  return check_whole (buffer_valid, buffer, error);
}

gboolean
flitlab_limits_parse_buffer (const char  *text,
                             guint       *out,
                             GError     **error)
{
  return parse_guint (buffer_valid, text, out, error);
}

static gboolean
node_buffers_valid (gboolean     number,
                    guint64      node_buffers,
                    const char  *shown,
                    GError     **error)
{
  if (number && node_buffers <= FLITLAB_MAX_NODE_BUFFERS)
    return TRUE;
  /* Translators: %u is the largest number, %s the value given */
  return refuse (error, _("the message buffers per node must be a whole number from 0 (none) to "
                          "%u, not “%s”"), FLITLAB_MAX_NODE_BUFFERS, shown);
}

gboolean
flitlab_limits_check_node_buffers (guint64   node_buffers,
                                   GError  **error)
{
  return check_whole (node_buffers_valid, node_buffers, error);
}

gboolean
flitlab_limits_parse_node_buffers (const char  *text,
                                   guint       *out,
                                   GError     **error)
{
  return parse_guint (node_buffers_valid, text, out, error);
}

static gboolean
replications_valid (gboolean     number,
                    guint64      replications,
                    const char  *shown,
                    GError     **error)
{
  if (number && replications >= 1 && replications <= FLITLAB_MAX_REPLICATIONS)
    return TRUE;
  /* Translators: %u is the largest number, %s the value given */
  return refuse (error, _("the replications must be a whole number from 1 to %u, not “%s”"),
                 FLITLAB_MAX_REPLICATIONS, shown);
}

gboolean
flitlab_limits_check_replications (guint64   replications,
                                   GError  **error)
{
  return check_whole (replications_valid, replications, error);
}

gboolean
flitlab_limits_parse_replications (const char  *text,
                                   guint       *out,
                                   GError     **error)
{
  return parse_guint (replications_valid, text, out, error);
}

static gboolean
cycles_valid (gboolean     number,
              guint64      cycles,
              const char  *shown,
              GError     **error)
{
  if (number && cycles >= FLITLAB_MIN_CYCLES && cycles <= FLITLAB_MAX_CYCLES)
    return TRUE;
  /* Translators: the fewest and the most cycles, then the value given */
  return refuse (error, _("the measured cycles must be a whole number from %u to %llu, "
                          "not “%s”"),
                 FLITLAB_MIN_CYCLES, (unsigned long long) FLITLAB_MAX_CYCLES, shown);
}

gboolean
flitlab_limits_check_cycles (guint64   cycles,
                             GError  **error)
{
  return check_whole (cycles_valid, cycles, error);
}

gboolean
flitlab_limits_parse_cycles (const char  *text,
                             guint64     *out,
                             GError     **error)
{
  return parse_whole (cycles_valid, text, out, error);
}

static gboolean
warmup_valid (gboolean     number,
              guint64      warmup,
              const char  *shown,
              GError     **error)
{
  if (number && warmup <= FLITLAB_MAX_WARMUP)
    return TRUE;
  /* Translators: %llu is the most cycles, %s the value given */
  return refuse (error, _("the warm-up must be a whole number from 0 (until the mean latency "
                          "settles) to %llu cycles, not “%s”"),
                 (unsigned long long) FLITLAB_MAX_WARMUP, shown);
}

gboolean
flitlab_limits_check_warmup (guint64   warmup,
                             GError  **error)
{
  return check_whole (warmup_valid, warmup, error);
}

gboolean
flitlab_limits_parse_warmup (const char  *text,
                             guint64     *out,
                             GError     **error)
{
  return parse_whole (warmup_valid, text, out, error);
}

static gboolean
watchdog_valid (gboolean     number,
                guint64      watchdog,
                const char  *shown,
                GError     **error)
{
  if (number && watchdog <= FLITLAB_MAX_WATCHDOG)
    return TRUE;
  /* Translators: %llu is the most cycles, %s the value given */
  return refuse (error, _("the watchdog must be a whole number from 0 (the default) to %llu "
                          "cycles, not “%s”"),
                 (unsigned long long) FLITLAB_MAX_WATCHDOG, shown);
}

gboolean
flitlab_limits_check_watchdog (guint64   watchdog,
                               GError  **error)
{
  return check_whole (watchdog_valid, watchdog, error);
}

gboolean
flitlab_limits_parse_watchdog (const char  *text,
                               guint64     *out,
                               GError     **error)
{
  return parse_whole (watchdog_valid, text, out, error);
}

static gboolean
threads_valid (gboolean     number,
               guint64      threads,
               const char  *shown,
               GError     **error)
{
  if (number && threads <= FLITLAB_MAX_THREADS)
    return TRUE;
  /* Translators: %u is the most threads, %s the value given */
  return refuse (error, _("the threads must be a whole number from 0 (one per core) to %u, not "
                          "“%s”"), FLITLAB_MAX_THREADS, shown);
}

gboolean
flitlab_limits_check_threads (guint64   threads,
                              GError  **error)
{
  return check_whole (threads_valid, threads, error);
}

gboolean
flitlab_limits_parse_threads (const char  *text,
                              guint       *out,
                              GError     **error)
{
  return parse_guint (threads_valid, text, out, error);
}

static gboolean
flit_width_valid (gboolean     number,
                  guint64      flit_width,
                  const char  *shown,
                  GError     **error)
{
  if (number && flit_width >= 1 && flit_width <= FLITLAB_MAX_FLIT_WIDTH)
    return TRUE;
  /* Translators: %u is the widest flit, %s the value given */
  return refuse (error, _("the flit width must be a whole number from 1 to %u bits, not “%s”"),
                 FLITLAB_MAX_FLIT_WIDTH, shown);
}

gboolean
flitlab_limits_check_flit_width (guint64   flit_width,
                                 GError  **error)
{
  return check_whole (flit_width_valid, flit_width, error);
}

gboolean
flitlab_limits_parse_flit_width (const char  *text,
                                 guint       *out,
                                 GError     **error)
{
  return parse_guint (flit_width_valid, text, out, error);
}

static gboolean
n_rates_valid (gboolean     number,
               guint64      n_rates,
               const char  *shown,
               GError     **error)
{
  if (number && n_rates >= 1 && n_rates <= FLITLAB_MAX_RATES)
    return TRUE;
  /* Translators: %u is the most loads, %s the value given */
  return refuse (error, _("the number of loads must be a whole number from 1 to %u, not “%s”"),
                 FLITLAB_MAX_RATES, shown);
}

gboolean
flitlab_limits_check_n_rates (guint64   n_rates,
                              GError  **error)
{
  return check_whole (n_rates_valid, n_rates, error);
}

gboolean
flitlab_limits_parse_n_rates (const char  *text,
                              guint       *out,
                              GError     **error)
{
  return parse_guint (n_rates_valid, text, out, error);
}

/* ---- real numbers -------------------------------------------------------------------- */

/* Whether a real value is valid; NaN: the text was not a number. */
typedef gboolean (*RealValid) (double       value,
                               const char  *shown,
                               GError     **error);

static gboolean
check_real (RealValid    valid,
            double       value,
            GError     **error)
{
  g_autofree char *shown = flitlab_input_format_number (value);

  return valid (value, shown, error);
}

static gboolean
parse_real (RealValid    valid,
            const char  *text,
            double      *out,
            GError     **error)
{
  double value;

  g_return_val_if_fail (text != NULL && out != NULL, FALSE);

  if (!flitlab_input_parse_number (text, -1, &value))
    value = NAN;
  if (!valid (value, text, error))
    return FALSE;
  *out = value;
  return TRUE;
}

static gboolean
load_valid (double       load,
            const char  *shown,
            GError     **error)
{
  if (load >= 0 && load <= FLITLAB_MAX_RATE)
    return TRUE;
  /* Translators: %u is the largest load, %s the value given */
  return refuse (error, _("a load must be a number from 0 to %u messages per cycle per node, not "
                          "“%s”"), (guint) FLITLAB_MAX_RATE, shown);
}

gboolean
flitlab_limits_check_load (double    load,
                           GError  **error)
{
  return check_real (load_valid, load, error);
}

gboolean
flitlab_limits_parse_load (const char  *text,
                           double      *out,
                           GError     **error)
{
  return parse_real (load_valid, text, out, error);
}

gboolean
flitlab_limits_check_load_range (double    min,
                                 double    max,
                                 GError  **error)
{
  g_autofree char *low = NULL, *high = NULL;

  if (!flitlab_limits_check_load (min, error) || !flitlab_limits_check_load (max, error))
    return FALSE;
  if (min <= max)
    return TRUE;
  low = flitlab_input_format_number (min);
  high = flitlab_input_format_number (max);
  /* Translators: the load range's lowest load, then its highest */
  return refuse (error, _("the load range runs from its lowest load to its highest, not from %s "
                          "down to %s"), low, high);
}

static gboolean
hotspot_fraction_valid (double       fraction,
                        const char  *shown,
                        GError     **error)
{
  if (fraction >= 0 && fraction <= 1)
    return TRUE;
  /* Translators: %s is the value given */
  return refuse (error, _("the hotspot fraction must be a number from 0 to 1, not “%s”"),
                 shown);
}

gboolean
flitlab_limits_check_hotspot_fraction (double    fraction,
                                       GError  **error)
{
  return check_real (hotspot_fraction_valid, fraction, error);
}

gboolean
flitlab_limits_parse_hotspot_fraction (const char  *text,
                                       double      *out,
                                       GError     **error)
{
  return parse_real (hotspot_fraction_valid, text, out, error);
}
