/* flitlab-mpi-jobs.c: a project's simulations as numbered jobs, the same on every rank
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "flitlab-mpi-jobs.h"

#include "flitlab-project-xml.h"
#include "flitlab-study-run.h"

void
flitlab_mpi_jobs_clear (FlitlabMpiJobs *jobs)
{
  g_clear_pointer (&jobs->studies, g_ptr_array_unref);
  g_clear_pointer (&jobs->per_study, g_ptr_array_unref);
  g_clear_pointer (&jobs->first, g_array_unref);
  g_clear_pointer (&jobs->project, flitlab_project_free);
}

/* The index of the FlitlabSimJobs of job number job, and the job's number there. */
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

const FlitlabSimJobs *
flitlab_mpi_jobs_find (const FlitlabMpiJobs *jobs,
                       guint                 job,
                       guint                *local)
{
  return jobs->per_study->pdata[jobs_find_index (jobs, job, local)];
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
  g_autofree char *folder = g_path_get_dirname (path);
  guint selected = 0;

  /* A study's matrix file is relative to the project's folder, on every rank. */
  jobs->project = flitlab_project_load_from_data_in (data, length, path, folder, error);
  if (jobs->project == NULL)
    return FALSE;
  jobs->studies = g_ptr_array_new ();
  jobs->per_study = g_ptr_array_new_with_free_func ((GDestroyNotify) flitlab_sim_jobs_free);
  jobs->first = g_array_new (FALSE, FALSE, sizeof (guint));
  g_array_append_val (jobs->first, jobs->n_jobs);

  for (guint i = 0; i < flitlab_project_get_n_studies (jobs->project); i++)
    {
      FlitlabStudy *study = flitlab_project_get_study (jobs->project, i);
      g_autoptr(FlitlabSimConfig) config = NULL;
      FlitlabSimJobs *sim_jobs;

      if (only != NULL && g_strcmp0 (study->name, only) != 0)
        continue;
      selected++;
      if (master && !flitlab_study_run_evaluate_models (study, error))
        return FALSE;
      if (!study->simulation.enabled)
        continue;
      /* The backtracking simulator's, and a trace's replays (each reads the file), run on
       * the master. */
      if (study->routing == FLITLAB_ROUTING_BACKTRACK || study->pattern == FLITLAB_TRAFFIC_TRACE)
        {
          if (master && !flitlab_study_run_simulate (study, NULL, NULL, error))
            return FALSE;
          continue;
        }
      config = flitlab_study_run_new_sim_config (study, error);
      sim_jobs = config != NULL ? flitlab_sim_jobs_new (config, error) : NULL;
      if (sim_jobs == NULL)
        {
          g_prefix_error (error, "Study “%s”: ", study->name);
          return FALSE;
        }
      g_ptr_array_add (jobs->studies, study);
      g_ptr_array_add (jobs->per_study, sim_jobs);
      jobs->n_jobs += flitlab_sim_jobs_get_n_jobs (sim_jobs);
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
  const FlitlabSimJobs *sim_jobs = jobs->per_study->pdata[s];
  const FlitlabStudy *study = jobs->studies->pdata[s];
  guint rate_index = flitlab_sim_jobs_get_rate_index (sim_jobs, local);

  return flitlab_sim_jobs_job_cost (sim_jobs, local, flitlab_study_run_model_latency (study,
                                                                                      rate_index));
}
