/* flitlab-mpi-jobs.c: a project's simulations as numbered jobs, the same on every rank
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "flitlab-mpi-jobs.h"

#include "flitlab-project-xml.h"
#include "flitlab-runner.h"

void
flitlab_mpi_jobs_clear (FlitlabMpiJobs *jobs)
{
  g_clear_pointer (&jobs->studies, g_ptr_array_unref);
  g_clear_pointer (&jobs->sweeps, g_ptr_array_unref);
  g_clear_pointer (&jobs->first, g_array_unref);
  g_clear_pointer (&jobs->project, flitlab_project_free);
}

/* The index of the sweep of job number job, and the job's number there. */
static guint
jobs_find_index (const FlitlabMpiJobs *jobs,
                 guint                 job,
                 guint                *local)
{
  guint s = 0;

  while (job >= g_array_index (jobs->first, guint, s + 1))
    s++;
  *local = job - g_array_index (jobs->first, guint, s);
  return s;
}

const FlitlabSweep *
flitlab_mpi_jobs_find (const FlitlabMpiJobs *jobs,
                       guint                 job,
                       guint                *local)
{
  return jobs->sweeps->pdata[jobs_find_index (jobs, job, local)];
}

gboolean
flitlab_mpi_jobs_init (FlitlabMpiJobs  *jobs,
                       const char      *data,
                       gsize            length,
                       const char      *path,
                       const char      *only,
                       gboolean         master,
                       GError         **error)
{
  guint selected = 0;

  jobs->project = flitlab_project_load_from_data (data, length, path, error);
  if (jobs->project == NULL)
    return FALSE;
  jobs->studies = g_ptr_array_new ();
  jobs->sweeps = g_ptr_array_new_with_free_func ((GDestroyNotify) flitlab_sweep_free);
  jobs->first = g_array_new (FALSE, FALSE, sizeof (guint));
  g_array_append_val (jobs->first, jobs->n_jobs);

  for (guint i = 0; i < flitlab_project_get_n_studies (jobs->project); i++)
    {
      FlitlabStudy *study = flitlab_project_get_study (jobs->project, i);
      g_autoptr(FlitlabSimConfig) config = NULL;
      FlitlabSweep *sweep;

      if (only != NULL && g_strcmp0 (study->name, only) != 0)
        continue;
      selected++;
      if (master && !flitlab_runner_evaluate_models (study, error))
        return FALSE;
      if (!study->simulation.enabled)
        continue;
      if (study->routing == FLITLAB_ROUTING_BACKTRACK)
        {
          if (master && !flitlab_runner_simulate (study, NULL, NULL, error))
            return FALSE;
          continue;
        }
      config = flitlab_runner_new_sim_config (study, error);
      sweep = config != NULL ? flitlab_sweep_new (config, error) : NULL;
      if (sweep == NULL)
        {
          g_prefix_error (error, "Study “%s”: ", study->name);
          return FALSE;
        }
      g_ptr_array_add (jobs->studies, study);
      g_ptr_array_add (jobs->sweeps, sweep);
      jobs->n_jobs += flitlab_sweep_get_n_jobs (sweep);
      g_array_append_val (jobs->first, jobs->n_jobs);
    }
  if (only != NULL && selected == 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_FAILED, "%s has no study called “%s”",
                   path, only);
      return FALSE;
    }
  return TRUE;
}

double
flitlab_mpi_jobs_cost (const FlitlabMpiJobs *jobs,
                       guint                 job)
{
  guint local, s = jobs_find_index (jobs, job, &local);
  const FlitlabSweep *sweep = jobs->sweeps->pdata[s];
  const FlitlabStudy *study = jobs->studies->pdata[s];
  guint rate_index = flitlab_sweep_get_rate_index (sweep, local);

  return flitlab_sweep_job_cost (sweep, local, flitlab_runner_model_latency (study, rate_index));
}
