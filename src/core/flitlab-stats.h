/* flitlab-stats.h: output analysis of simulations — Student's t, batch means, warm-up
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The methods and where they come from (docs/validation/statistics.md):
 * - flitlab_stats_t_quantile(): Student's t by inverting its distribution function, the
 *   regularized incomplete beta function (continued fraction, Lentz's method).
 * - flitlab_stats_ratio(): the mean of a ratio (latency sums over message counts, deliveries
 *   over cycles) from batches of several independent replications. The interval is the batch
 *   means interval of a ratio estimator (Law, Simulation Modeling and Analysis, ch. 9: the
 *   residuals y - mean * c of each batch), with batches merged two by two while the lag-1
 *   autocorrelation of the residuals within a replication, corrected for the bias of a sample
 *   autocorrelation of k values (Marriott and Pope 1954: about -(1 + 3 rho) / k), is above
 *   zero, keeping at least FLITLAB_STATS_MIN_BATCHES batches per replication and
 *   FLITLAB_STATS_MIN_ALL in all; then each batch is one observation of a t interval with
 *   batches - 1 degrees of freedom.
 * - flitlab_stats_mser(): MSER truncation (White 1997; MSER-5 when the values are the means of
 *   batches of five observations): the number of leading batches whose removal minimizes the
 *   standard error of the mean of the rest, searched over the first half.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define FLITLAB_STATS_MIN_BATCHES 2
#define FLITLAB_STATS_MIN_ALL     6

/* The p quantile of Student's t with df degrees of freedom (df >= 1, 0 < p < 1); to 1e-10. */
double flitlab_stats_t_quantile (double  p,
                                 double  df);

typedef struct
{
  double mean;       /* sum y / sum c; NaN when sum c is 0 */
  double se;         /* standard error of mean; NaN with fewer than two batches */
  double df;         /* degrees of freedom of the t interval: batches - 1 */
  double ci95;       /* half-width of the 95% interval: t(0.975, df) se */
  guint  batches;    /* per replication, after merging */
  double lag1;       /* lag-1 autocorrelation of the residuals at that batch size (as
                        measured, before the bias correction) */
} FlitlabRatioEstimate;

/* y and c hold n_replications rows of n_batches batches each (row-major, batches in time
 * order); n_batches a power of two. */
void   flitlab_stats_ratio      (const double         *y,
                                 const double         *c,
                                 guint                 n_replications,
                                 guint                 n_batches,
                                 FlitlabRatioEstimate *out);

/* The MSER truncation point of z[0..n): how many leading values to drop (at most n / 2). */
guint  flitlab_stats_mser       (const double         *z,
                                 guint                 n);

/* value ± half_width as a person reads it, in the user's locale: the interval to two
 * significant digits and the value to the same decimal place ("66.5 ± 2.0" for 66.5265 and
 * 2.03; "1230 ± 150" for 1234.5 and 153). Without a finite positive half_width, the value to
 * six significant digits ("66.5265"). Newly allocated. */
char  *flitlab_stats_format_interval (double  value,
                                      double  half_width);

G_END_DECLS
