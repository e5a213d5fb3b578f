/* flitlab-render-plot-frame.c: a plot's frame: the ranges it shows, where a value lands, zoom
 * and pan
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-render-plot-private.h"

/* A saturation mark widens the load axis up to this many times the largest load drawn. */
#define SATURATION_REACH 1.25

/* Heckbert's nice numbers: a step of 1, 2 or 5 times a power of ten. */
static double
nice_step (double range,
           guint  max_ticks)
{
  double raw = range / MAX (max_ticks - 1, 1);
  double magnitude = pow (10, floor (log10 (raw)));
  double fraction = raw / magnitude;

  if (fraction <= 1)
    return magnitude;
  if (fraction <= 2)
    return 2 * magnitude;
  if (fraction <= 5)
    return 5 * magnitude;
  return 10 * magnitude;
}

guint
flitlab_plot_nice_ticks (double  lo,
                         double  hi,
                         guint   max_ticks,
                         double *ticks)
{
  double step, first;
  guint n = 0;

  if (!(hi > lo) || !isfinite (lo) || !isfinite (hi) || max_ticks < 2)
    return 0;
  step = nice_step (hi - lo, max_ticks);
  first = ceil (lo / step - 1e-9) * step;
  for (double t = first; t <= hi + step * 1e-9 && n < max_ticks; t = first + n * step)
    ticks[n++] = fabs (t) < step * 1e-9 ? 0 : t;
  return n;
}

/* A log axis ends on 1, 2 or 5 times a power of ten, not only on whole decades. */
static double
log_floor (double v)
{
  double decade = pow (10, floor (log10 (v)));

  return v >= 5 * decade ? 5 * decade : v >= 2 * decade ? 2 * decade : decade;
}

static double
log_ceil (double v)
{
  double decade = pow (10, floor (log10 (v)));

  return v <= decade ? decade
         : v <= 2 * decade ? 2 * decade
         : v <= 5 * decade ? 5 * decade : 10 * decade;
}

void
flitlab_plot_data_range (const FlitlabPlot *plot,
                         FlitlabPlotFrame  *frame)
{
  double x_lo = INFINITY, x_hi = -INFINITY, y_lo = INFINITY, y_hi = -INFINITY, step;

  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];

      for (guint i = 0; i < series->n; i++)
        {
          double e = series->error && isfinite (series->error[i]) ? series->error[i] : 0;

          if (!isfinite (series->x[i]))
            continue;
          x_lo = MIN (x_lo, series->x[i]);
          x_hi = MAX (x_hi, series->x[i]);
          if (!isfinite (series->y[i]) || (plot->log_y && series->y[i] - e <= 0))
            continue;
          /* A model's curve climbs without bound towards its saturation: its last tenth
           * before it, and a sample at it (rounded past it), do not set the range (it leaves
           * the frame at the top). */
          if (series->kind == FLITLAB_PLOT_LINE && series->x[i] > 0.9 * series->saturation &&
              series->x[i] <= 1.001 * series->saturation)
            continue;
          y_lo = MIN (y_lo, series->y[i] - e);
          y_hi = MAX (y_hi, series->y[i] + e);
        }
    }
  /* The loads span the data; a saturation mark a little beyond widens them, one far beyond
   * becomes an arrow at the edge (flitlab_plot_draw_saturation_labels ()). */
  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];

      if (isfinite (series->saturation) && isfinite (x_hi) &&
          series->saturation <= SATURATION_REACH * x_hi)
        x_hi = MAX (x_hi, series->saturation);
    }
  if (!isfinite (x_lo))
    x_lo = 0, x_hi = 1;
  if (!isfinite (y_lo))
    y_lo = plot->log_y ? 1 : 0, y_hi = plot->log_y ? 100 : 1;
  if (x_hi <= x_lo)
    x_hi = x_lo + 1;
  if (y_hi <= y_lo)
    y_hi = y_lo + 1;

  /* The rule of the automatic value range (docs/plots.md): it spans every value drawn, with
   * its error bar: every carried point, however far past the knee, and every model value but
   * the last tenth of the loads before its saturation. No carried point is left above the
   * scale; a reader who wants the knee larger takes the logarithmic axis or zooms. Only loads
   * not carried (crosses, diamonds) and zoomed or set ranges mark values at the top edge. */

  /* Loads start at zero; latencies get a little room above and below. */
  x_lo = MIN (x_lo, 0);
  step = nice_step (x_hi - x_lo, 6);
  frame->x_min = isfinite (plot->x_min) ? plot->x_min : floor (x_lo / step) * step;
  frame->x_max = isfinite (plot->x_max) ? plot->x_max : ceil (x_hi / step) * step;
  if (plot->log_y)
    {
      frame->y_min = isfinite (plot->y_min) ? plot->y_min : log_floor (y_lo);
      frame->y_max = isfinite (plot->y_max) ? plot->y_max : log_ceil (y_hi);
    }
  else
    {
      step = nice_step (y_hi - y_lo, 6);
      frame->y_min = isfinite (plot->y_min) ? plot->y_min : floor (y_lo / step) * step;
      frame->y_max = isfinite (plot->y_max) ? plot->y_max : ceil (y_hi / step) * step;
    }
  if (frame->x_max <= frame->x_min)
    frame->x_max = frame->x_min + 1;
  if (frame->y_max <= frame->y_min)
    frame->y_max = frame->y_min + 1;
}

void
flitlab_plot_fix_ranges (FlitlabPlot *plot)
{
  FlitlabPlotFrame frame = { 0 };

  g_return_if_fail (plot != NULL);

  flitlab_plot_data_range (plot, &frame);
  plot->x_min = frame.x_min;
  plot->x_max = frame.x_max;
  plot->y_min = frame.y_min;
  plot->y_max = frame.y_max;
}

double
flitlab_plot_map_x (const FlitlabPlotFrame *f,
                    double                  x)
{
  return f->left + (x - f->x_min) / (f->x_max - f->x_min) * (f->right - f->left);
}

double
flitlab_plot_map_y (const FlitlabPlotFrame *f,
                    double                  y)
{
  double t = f->log_y ? (log10 (y) - log10 (f->y_min)) / (log10 (f->y_max) - log10 (f->y_min))
                      : (y - f->y_min) / (f->y_max - f->y_min);

  return f->bottom - t * (f->bottom - f->top);
}

gboolean
flitlab_plot_value_visible (const FlitlabPlotFrame *f,
                            double                  y)
{
  return isfinite (y) && (!f->log_y || y > 0);
}

void
flitlab_plot_frame_to_user (const FlitlabPlotFrame *frame,
                            double                  x,
                            double                  y,
                            double                 *ux,
                            double                 *uy)
{
  *ux = flitlab_plot_map_x (frame, x);
  *uy = flitlab_plot_map_y (frame, y);
}

gboolean
flitlab_plot_frame_mark (const FlitlabPlotFrame  *frame,
                         const FlitlabPlotSeries *series,
                         guint                    i,
                         double                  *ux,
                         double                  *uy)
{
  double margin;

  g_return_val_if_fail (frame != NULL && series != NULL && i < series->n, FALSE);

  if (!isfinite (series->x[i]))
    return FALSE;
  *ux = flitlab_plot_map_x (frame, series->x[i]);
  if (series->saturated != NULL && series->saturated[i])
    {
      *uy = frame->top + FLITLAB_PLOT_MARK_INSET;
      return TRUE;
    }
  if (!flitlab_plot_value_visible (frame, series->y[i]))
    return FALSE;
  if (series->kind == FLITLAB_PLOT_POINTS && series->y[i] > frame->y_max)
    *uy = frame->top + FLITLAB_PLOT_OFF_SCALE_INSET;
  else
    *uy = flitlab_plot_map_y (frame, series->y[i]);
  /* Clipped away when drawn (a zoomed plot): nothing to answer for. */
  margin = series->kind == FLITLAB_PLOT_POINTS ? FLITLAB_PLOT_POINTS_MARGIN : 0;
  return *ux >= frame->left - margin && *ux <= frame->right + margin &&
         *uy >= frame->top - margin && *uy <= frame->bottom + margin;
}

void
flitlab_plot_home_ranges (const FlitlabPlot *plot,
                          FlitlabPlotFrame  *frame)
{
  g_return_if_fail (plot != NULL && frame != NULL);

  flitlab_plot_data_range (plot, frame);
  frame->log_y = plot->log_y;
}

/* ---- zoom and pan ---------------------------------------------------------------- */

/* [lo, hi] inside [min, max]: as wide as it was but moved in, or all of it if wider. */
static void
keep_range (double *lo,
            double *hi,
            double  min,
            double  max)
{
  if (!(min < max))
    return;
  if (*hi - *lo >= max - min)
    *lo = min, *hi = max;
  else if (*lo < min)
    *hi += min - *lo, *lo = min;
  else if (*hi > max)
    *lo -= *hi - max, *hi = max;
}

static double
to_space (const FlitlabPlotFrame *f,
          double                  y)
{
  return f->log_y ? log10 (y) : y;
}

static double
from_space (const FlitlabPlotFrame *f,
            double                  v)
{
  return f->log_y ? pow (10, v) : v;
}

/* out = frame with the ranges [x0, x1] and, in plotted space, [v0, v1], if they are usable. */
static gboolean
set_ranges (const FlitlabPlotFrame *frame,
            double                  x0,
            double                  x1,
            double                  v0,
            double                  v1,
            FlitlabPlotFrame       *out)
{
  double y0 = from_space (frame, v0), y1 = from_space (frame, v1);

  /* Narrower than 1e-9 of its magnitude, ticks and labels stop meaning anything. */
  if (!(isfinite (x0) && isfinite (x1) && isfinite (y0) && isfinite (y1)) ||
      !(x1 - x0 > 1e-9 * MAX (fabs (x0), fabs (x1))) ||
      !(v1 - v0 > 1e-9 * MAX (fabs (v0), fabs (v1))) ||
      x1 - x0 > 1e12 || (frame->log_y ? v1 - v0 > 30 : y1 - y0 > 1e12) || (frame->log_y && y0 <= 0))
    return FALSE;
  *out = *frame;
  out->x_min = x0;
  out->x_max = x1;
  out->y_min = y0;
  out->y_max = y1;
  return TRUE;
}

gboolean
flitlab_plot_frame_zoom (const FlitlabPlotFrame *frame,
                         double                  factor,
                         double                  px,
                         double                  py,
                         FlitlabPlotFrame       *out)
{
  double fx, fy, v0, v1, cx, cv;

  g_return_val_if_fail (frame != NULL && out != NULL, FALSE);

  if (!(factor > 0) || frame->right <= frame->left || frame->bottom <= frame->top)
    return FALSE;
  fx = CLAMP ((px - frame->left) / (frame->right - frame->left), 0, 1);
  fy = CLAMP ((frame->bottom - py) / (frame->bottom - frame->top), 0, 1);
  v0 = to_space (frame, frame->y_min);
  v1 = to_space (frame, frame->y_max);
  cx = frame->x_min + fx * (frame->x_max - frame->x_min);
  cv = v0 + fy * (v1 - v0);
  return set_ranges (frame, cx - (cx - frame->x_min) * factor, cx + (frame->x_max - cx) * factor,
                     cv - (cv - v0) * factor, cv + (v1 - cv) * factor, out);
}

gboolean
flitlab_plot_frame_pan (const FlitlabPlotFrame *frame,
                        double                  dx,
                        double                  dy,
                        FlitlabPlotFrame       *out)
{
  double v0, v1, shift_x, shift_v;

  g_return_val_if_fail (frame != NULL && out != NULL, FALSE);

  if (frame->right <= frame->left || frame->bottom <= frame->top)
    return FALSE;
  v0 = to_space (frame, frame->y_min);
  v1 = to_space (frame, frame->y_max);
  /* Content follows the pointer: dragging right shows smaller loads. */
  shift_x = -dx / (frame->right - frame->left) * (frame->x_max - frame->x_min);
  shift_v = dy / (frame->bottom - frame->top) * (v1 - v0);
  return set_ranges (frame, frame->x_min + shift_x, frame->x_max + shift_x, v0 + shift_v,
                     v1 + shift_v, out);
}

gboolean
flitlab_plot_frame_keep_within (FlitlabPlotFrame       *frame,
                                const FlitlabPlotFrame *domain)
{
  double v0, v1;

  g_return_val_if_fail (frame != NULL && domain != NULL, FALSE);
  g_return_val_if_fail (frame->log_y == domain->log_y, FALSE);

  keep_range (&frame->x_min, &frame->x_max, domain->x_min, domain->x_max);
  v0 = to_space (frame, frame->y_min);
  v1 = to_space (frame, frame->y_max);
  keep_range (&v0, &v1, to_space (domain, domain->y_min), to_space (domain, domain->y_max));
  /* The domain's own ends exactly, not their round trip through log10. */
  frame->y_min = v0 == to_space (domain, domain->y_min) ? domain->y_min : from_space (frame, v0);
  frame->y_max = v1 == to_space (domain, domain->y_max) ? domain->y_max : from_space (frame, v1);
  return frame->x_min == domain->x_min && frame->x_max == domain->x_max &&
         frame->y_min == domain->y_min && frame->y_max == domain->y_max;
}
