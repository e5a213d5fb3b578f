/* flitlab-render-text.h: type for the flow and network diagrams, at the size of the figure
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A diagram is laid out around its words: it measures them at its type size first, then gives
 * the pictures what room is left, so that at a paper's column width no word leaves the page or
 * lands on another.
 */

#pragma once

#include <cairo.h>
#include <glib.h>
#include <pango/pango.h>

G_BEGIN_DECLS

/* A font name ("Sans Bold 8.50") fits in this many bytes. */
#define FLITLAB_FONT_NAME_SIZE 64

typedef struct
{
  char name[FLITLAB_FONT_NAME_SIZE];
} FlitlabFontName;

/* Type is measured in points. A figure written to a file is drawn in points, 72 to the inch,
 * but Pango sets type for 96 dots to the inch unless told otherwise, so "Sans 8" would come
 * out 10.67 pt in a PDF. A surface marked here (figures written to files, and what measures
 * them for files) has its layouts at 72 dpi: its type is as many points as asked, and a PNG at
 * scale 1 is laid out as the PDF. Unmarked surfaces (the window, which draws in pixels) keep
 * Pango's 96. */
void         flitlab_render_set_type_in_points (cairo_surface_t *surface);

/* A layout for text drawn on cr, at the resolution of cr's target (see above). All the
 * renderers' text goes through this. */
PangoLayout *flitlab_render_layout_new         (cairo_t         *cr);

/* The type size for a figure this wide when none is asked for: as the plots' (8 points in a
 * paper's column of 252 pt, 9 from 400 pt on). */
double      flitlab_render_default_font_size (double           width);

/* "face points" with a '.' whatever the locale (Pango reads no "8,5"); returns font->name. */
const char *flitlab_font_name                (FlitlabFontName *font,
                                              const char      *face,
                                              double           points);

/* The size of one line of text. */
void        flitlab_render_text_size         (cairo_t         *cr,
                                              const char      *text,
                                              const char      *font,
                                              double          *width,
                                              double          *height);

/* text broken into lines of at most width, centred on x from top y down, at most max_lines
 * of them (the last ends in "…" when more would be needed); draws it when draw is TRUE.
 * Returns the height it takes. */
double      flitlab_render_paragraph         (cairo_t         *cr,
                                              const char      *text,
                                              const char      *font,
                                              double           x,
                                              double           y,
                                              double           width,
                                              guint            max_lines,
                                              gboolean         draw);

/* text with a '\n' wherever Pango breaks it into lines of at most width (at the spaces; a word
 * wider than width keeps its line), and the number of lines in *n_lines; drawn by Pango as the
 * same lines, and the .tex and .py exports break their words where the renderer did. */
char       *flitlab_render_text_wrap         (cairo_t         *cr,
                                              const char      *text,
                                              const char      *font,
                                              double           width,
                                              guint           *n_lines);

/* A diagram's type at one size f (points): labels, bold, a title a fifth larger, small print
 * at 0.85, and the height of a line of labels and of small print, measured on sample. */
typedef struct
{
  cairo_t        *cr;
  double          f;
  FlitlabFontName label, bold, title, small, small_bold;
  double          label_h, small_h;
} FlitlabRenderType;

void        flitlab_render_type_init         (FlitlabRenderType       *t,
                                              cairo_t                 *cr,
                                              double                   f,
                                              const char              *sample);
double      flitlab_render_type_width        (const FlitlabRenderType *t,
                                              const char              *text,
                                              const char              *font);

G_END_DECLS
