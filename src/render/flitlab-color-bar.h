/* flitlab-color-bar.h: the scale beside a heatmap, for the flow and network diagrams
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A vertical bar of the colour map from lo (bottom) to hi (top), its two ends labelled with
 * their values and round numbers between them as far as their labels have room, a caption
 * beside it reading upwards, and a grey swatch for "no value" under it when asked. Everything
 * is filled, nothing stroked: in the network diagram's SVG and PDF the only strokes are its
 * channels.
 */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "flitlab-colormap.h"

G_BEGIN_DECLS

typedef struct
{
  FlitlabColormap  map;
  double           lo, hi;        /* the values at the bottom and the top (hi > lo) */
  const char      *caption;       /* what the colours mean, with the unit; NULL: none */
  double           font_size;     /* the labels' points */
  gboolean         with_missing;  /* a grey swatch for "no value" under the bar */
} FlitlabColorBar;

/* The most tick labels a bar carries, its ends included. */
#define FLITLAB_COLOR_BAR_MAX_TICKS 12

/* The values labelled on a bar of the range lo..hi drawn height tall with labels
 * label_height tall: lo and hi, then round numbers (flitlab_plot_nice_ticks()) at least
 * 1.2 label heights from the ends and from each other, so no two labels touch; lo alone when
 * even the ends would. Returns how many, written to ticks (FLITLAB_COLOR_BAR_MAX_TICKS). */
guint  flitlab_color_bar_ticks     (double                 lo,
                                    double                 hi,
                                    double                 height,
                                    double                 label_height,
                                    double                *ticks);

/* How wide the bar is with its labels and caption when drawn in height. */
double flitlab_color_bar_get_width (cairo_t               *cr,
                                    const FlitlabColorBar *bar,
                                    double                 height);

/* Draws bar with its left edge at x, everything (end labels, caption and swatch included)
 * within y .. y + height. */
void   flitlab_color_bar_draw      (cairo_t               *cr,
                                    const FlitlabColorBar *bar,
                                    double                 x,
                                    double                 y,
                                    double                 height);

G_END_DECLS
