/* test-export-sizes.c: a preset's size is the file's (issue #34 item 4)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every bundled example's every study, and the comparison of all its studies, exported at every
 * preset as PDF and SVG: the page is the preset's width and height within 0.5 pt, whatever the
 * legend, and the legend (its box as the renderer reports it, FlitlabPlotFrame) is on the page
 * and takes at most FLITLAB_PLOT_LEGEND_SHARE of its area. The words on the page, none
 * overlapping another, are checked by src/cli/tests/test-figure-text.py.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gstdio.h>

#include "flitlab-export.h"
#include "flitlab-study-plot.h"
#include "test-projects.h"

/* The number after key in text (key="252pt", "/MediaBox [ 0 0 252 180 ]"), or -1. */
static double
number_after (const char *text,
              gsize       length,
              const char *key,
              guint       skip)
{
  const gsize n = strlen (key);
  const char *at = NULL;
  char *end = NULL;
  double value;

  /* A PDF has NUL bytes (compressed streams) before its page's MediaBox. */
  for (gsize i = 0; at == NULL && i + n <= length; i++)
    if (memcmp (text + i, key, n) == 0)
      at = text + i;
  if (at == NULL)
    return -1;
  at += strlen (key);
  for (guint i = 0; i < skip; i++)
    {
      g_ascii_strtod (at, &end);
      at = end;
    }
  value = g_ascii_strtod (at, &end);
  return end == at ? -1 : value;
}

/* The page size of an exported PDF or SVG in points. */
static void
page_size (const char *path,
           double     *width,
           double     *height)
{
  g_autofree char *data = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_assert_true (g_file_get_contents (path, &data, &length, &error));
  g_assert_no_error (error);
  if (g_str_has_suffix (path, ".pdf"))
    {
      *width = number_after (data, length, "/MediaBox [", 2);
      *height = number_after (data, length, "/MediaBox [", 3);
    }
  else
    {
      /* The root element's: the first width and height in the file. */
      *width = number_after (data, length, "width=\"", 0);
      *height = number_after (data, length, "height=\"", 0);
    }
}

static void
test_preset_sizes (void)
{
  g_autoptr(GPtrArray) projects = load_examples ();
  g_autofree char *dir = test_files_make_dir ();
  double most[8] = { 0 };
  guint checked = 0;

  for (guint e = 0; projects != NULL && e < projects->len; e++)
    {
      g_autoptr(GPtrArray) plots = project_plots (projects->pdata[e]);
      for (guint p = 0; p < plots->len; p++)
        {
          FlitlabPlot *plot = plots->pdata[p];
          guint k = 0;

          if (plot->series->len == 0)
            continue;
          for (const FlitlabPlotPreset *preset = flitlab_plot_presets (); preset->name != NULL;
               preset++, k++)
            {
              const double w = preset->width, h = preset->height;
              FlitlabPlotFrame frame;
              double share;

              plot->font_size = preset->font_size;
              flitlab_plot_measure (plot, w, h, &frame, NULL);
              share = (frame.legend_right - frame.legend_left) *
                      (frame.legend_bottom - frame.legend_top) / (w * h);
              if (share > FLITLAB_PLOT_LEGEND_SHARE)
                g_test_message ("%s at %s: the legend takes %.1f%%", plot->title, preset->name,
                                100 * share);
              g_assert_cmpfloat (share, <=, FLITLAB_PLOT_LEGEND_SHARE);
              g_assert_cmpfloat (frame.legend_left, >=, 0);
              g_assert_cmpfloat (frame.legend_top, >=, 0);
              g_assert_cmpfloat (frame.legend_right, <=, w);
              g_assert_cmpfloat (frame.legend_bottom, <=, h);
              most[k] = MAX (most[k], share);

              for (guint f = 0; f < 2; f++)
                {
                  g_autofree char *path = g_build_filename (dir, f == 0 ? "f.pdf" : "f.svg",
                                                            NULL);
                  g_autoptr(GError) error = NULL;
                  double pw, ph;

                  g_assert_true (flitlab_export_plot (plot, path, w, h, 1, &error));
                  g_assert_no_error (error);
                  page_size (path, &pw, &ph);
                  if (fabs (pw - w) > 0.5 || fabs (ph - h) > 0.5)
                    g_test_message ("%s at %s: %s is %g x %g", plot->title, preset->name,
                                    path, pw, ph);
                  g_assert_cmpfloat_with_epsilon (pw, w, 0.5);
                  g_assert_cmpfloat_with_epsilon (ph, h, 0.5);
                  g_unlink (path);
                }
              checked++;
            }
        }
    }
  test_files_remove_tree (dir);
  if (projects == NULL)
    return;
  for (guint k = 0; flitlab_plot_presets ()[k].name != NULL; k++)
    g_test_message ("%s: the largest legend takes %.1f%% of the figure",
                    flitlab_plot_presets ()[k].name, 100 * most[k]);
  g_test_message ("%u figures checked", checked);
  g_assert_cmpuint (checked, >=, 4 * 6);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/export/preset-sizes", test_preset_sizes);
  return g_test_run ();
}
