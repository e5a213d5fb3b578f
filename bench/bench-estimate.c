/* bench-estimate.c: how close flitlab_study_run_estimate_seconds() (the time New Sweep
 * announces) comes to a simulation's time on one core, for the studies of the bundled examples
 * (the first 8 with a simulation). Prints one line per study: estimated and measured seconds
 * and their ratio; the median ratio is what FLITLAB_STUDY_RUN_WORK_PER_SECOND should be
 * multiplied by on this machine.
 *
 * Run: ./build/bench/bench-estimate data/examples/ciciani-1998.flitlab (any projects)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include <glib.h>

#include "flitlab-project-xml.h"
#include "flitlab-study-run.h"

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GArray) ratios = g_array_new (FALSE, FALSE, sizeof (double));

  for (int f = 1; f < argc && ratios->len < 8; f++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(FlitlabProject) project = flitlab_project_load (argv[f], &error);

      if (project == NULL)
        {
          fprintf (stderr, "%s\n", error->message);
          continue;
        }
      for (guint i = 0; i < flitlab_project_get_n_studies (project) && ratios->len < 8; i++)
        {
          FlitlabStudy *study = flitlab_project_get_study (project, i);
          double estimate, measured, ratio;
          gint64 start;

          if (!study->simulation.enabled)
            continue;
          study->simulation.threads = 1;
          estimate = flitlab_study_run_estimate_seconds (study, 1);
          start = g_get_monotonic_time ();
          if (!flitlab_study_run_simulate (study, NULL, NULL, NULL))
            continue;
          measured = (g_get_monotonic_time () - start) / 1e6;
          ratio = estimate / measured;
          g_array_append_val (ratios, ratio);
          printf ("%-40.40s %-22s estimated %8.2f s  measured %8.2f s  ratio %.2f\n",
                  study->name, study->topology, estimate, measured, ratio);
        }
    }
  if (ratios->len == 0)
    return 1;
  g_array_sort (ratios, compare_doubles);
  printf ("median ratio (estimated / measured): %.2f over %u studies\n",
          g_array_index (ratios, double, ratios->len / 2), ratios->len);
  return 0;
}
