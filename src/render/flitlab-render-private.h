/* flitlab-render-private.h: what the renderers of src/render share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>
#include <glib/gi18n-lib.h>

G_BEGIN_DECLS

/* The plot's words for its marks, shared with the .tex and .py exports that redraw it:
 * untranslated (N_()), _() where they are shown. */
#define FLITLAB_PLOT_SATURATION_TEXT N_("saturation")
#define FLITLAB_PLOT_SATURATED_TEXT  N_("saturated: load not carried")
#define FLITLAB_PLOT_DEADLOCKED_TEXT N_("deadlocked: no flit moves")
#define FLITLAB_PLOT_OFF_SCALE_TEXT  N_("above the scale")
/* A line's dash pattern by its style (solid, dashed, dotted, dash-dotted), in points. */
#define FLITLAB_PLOT_DASHES      { { 0 }, { 6, 3 }, { 1.5, 2.5 }, { 7, 3, 1.5, 3 } }
#define FLITLAB_PLOT_DASH_COUNTS { 0, 2, 2, 4 }

/* Whether width × height points is a figure's size: 50 to 10000 points each way. */
gboolean flitlab_render_size_valid (double width,
                                    double height);

/* One line of text at (x, y); align_x and align_y: 0 left/top, 0.5 centre, 1 right/bottom. */
void     flitlab_render_text    (cairo_t            *cr,
                                 const char         *text,
                                 const char         *font,
                                 double              x,
                                 double              y,
                                 double              align_x,
                                 double              align_y,
                                 double              angle);

/* The same, made smaller when it is wider than max_width: a long title in a narrow pane. */
void     flitlab_render_text_within (cairo_t        *cr,
                                     const char     *text,
                                     const char     *font,
                                     double          x,
                                     double          y,
                                     double          align_x,
                                     double          align_y,
                                     double          max_width);

/* Both: turned by angle and made smaller when wider than max_width (0: any width). */
void     flitlab_render_text_turned_within (cairo_t        *cr,
                                            const char     *text,
                                            const char     *font,
                                            double          x,
                                            double          y,
                                            double          align_x,
                                            double          align_y,
                                            double          angle,
                                            double          max_width);

G_END_DECLS
