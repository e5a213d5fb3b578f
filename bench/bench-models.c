/* bench-models.c: how long a 200-point curve of each model takes, saturation search included
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window redraws every model curve while a slider moves, so a curve must cost a few
 * milliseconds. For each configuration: build the model, find its saturation rate, and
 * evaluate 200 rates evenly spaced up to it; the best of several repetitions is reported.
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "flitlab-model.h"

typedef struct
{
  const char *id;
  const char *params; /* "k=16x16x16 flits=25" */
  double      target_ms;
} Case;

static const Case cases[] = {
  { "ciciani-uni-torus", "k=16x16x16 flits=25", 5 },
  { "ciciani-uni-torus", "k=32x32x32 flits=25", 5 },
  { "ciciani-bi-torus", "k=6x6x6 flits=12", 5 },
  { "ciciani-bi-torus", "k=32x32x32 flits=12", 5 },
  { "ciciani-hypercube", "n=10 flits=200", 5 },
  { "ciciani-hypercube", "n=12 flits=200", 5 },
  { "greenberg-mesh", "k=16 flits=20", 5 },
  { "greenberg-mesh", "k=32 flits=20", 5 },
  { "greenberg-torus", "k=16 flits=20", 5 },
  { "greenberg-torus", "k=32 flits=20", 5 },
  { "quaglia-adaptive-torus", "k=16 flits=12", 50 },
  { "meraji-necklace", "n=6 k=5 vcs=8 flits=32", 5 },
  { "horng-kleinrock", "n=6 buffers=20", 50 },
};

static double
curve_ms (const Case  *c,
          GError     **error)
{
  g_autoptr(GHashTable) params = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_auto(GStrv) words = g_strsplit (c->params, " ", -1);
  g_autoptr(FlitlabModel) model = NULL;
  gint64 start, end;
  double saturation;

  for (guint i = 0; words[i] != NULL; i++)
    {
      char *eq = strchr (words[i], '=');

      g_hash_table_insert (params, g_strndup (words[i], eq - words[i]), g_strdup (eq + 1));
    }

  model = flitlab_model_new (c->id, params, error);
  if (model == NULL)
    return -1;

  start = g_get_monotonic_time ();
  saturation = flitlab_model_get_saturation_rate (model);
  for (guint i = 0; i < 200; i++)
    {
      g_autoptr(FlitlabModelPoint) point = flitlab_model_evaluate (model, saturation * i / 200.0);

      (void) point;
    }
  end = g_get_monotonic_time ();
  return (end - start) / 1000.0;
}

int
main (int   argc,
      char *argv[])
{
  guint slow = 0;

  printf ("%-24s %-26s %10s %10s %s\n", "model", "parameters", "curve ms", "target ms", "");
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      double best = G_MAXDOUBLE;

      /* A fresh model each repetition, so the saturation search is always included. */
      for (guint rep = 0; rep < 5; rep++)
        {
          double ms = curve_ms (&cases[i], &error);

          if (ms < 0)
            break;
          best = MIN (best, ms);
        }
      if (error != NULL)
        {
          printf ("%-24s %-26s %10s %10.0f %s\n", cases[i].id, cases[i].params, "-",
                  cases[i].target_ms, error->message);
          continue;
        }
      printf ("%-24s %-26s %10.3f %10.0f %s\n", cases[i].id, cases[i].params, best,
              cases[i].target_ms, best <= cases[i].target_ms ? "ok" : "SLOW");
      slow += best > cases[i].target_ms;
    }
  return slow > 0;
}
