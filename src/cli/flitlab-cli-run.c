/* flitlab-cli-run.c: flitlab-cli run, grid and validate
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "flitlab-export.h"
#include "flitlab-grid.h"
#include "flitlab-project-xml.h"
#include "flitlab-study-run.h"
#include "flitlab-study-plot.h"

#include "flitlab-cli-private.h"

/* Saves project, saying on stderr when its per-channel results had to be left out (the
 * writer's rule, flitlab_project_save_full ()). */
static gboolean
save_project (const FlitlabProject  *project,
              const char            *path,
              GError               **error)
{
  gboolean left_out = FALSE;

  if (!flitlab_project_save_full (project, path, &left_out, error))
    return FALSE;
  if (left_out)
    g_printerr (_("%s: note: %s is saved without its per-channel results, which would make it "
                  "larger than a project can be (%u MiB)\n"), g_get_prgname (), path,
                FLITLAB_PROJECT_MAX_BYTES / (1024 * 1024));
  return TRUE;
}

gboolean
flitlab_cli_cmd_run (int      argc,
                     char   **argv,
                     GError **error)
{
  g_autofree char *output = NULL, *only = NULL;
  gboolean no_simulation = FALSE, progress = FALSE;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("Save the project with its results here (default: in place)"), "FILE" },
    { "study", 0, 0, G_OPTION_ARG_STRING, &only, N_("Run only this study"), "NAME" },
    { "no-simulation", 0, 0, G_OPTION_ARG_NONE, &no_simulation, N_("Evaluate the models only"),
      NULL },
    { "progress", 0, 0, G_OPTION_ARG_NONE, &progress,
      N_("Show the simulations' progress on stderr"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (N_("PROJECT.flitlab — run every "
                                                               "study and save the results into "
                                                               "the project"));
  g_autoptr(FlitlabProject) project = NULL;
  g_autoptr(GPtrArray) studies = g_ptr_array_new ();
  g_autoptr(GError) refused = NULL;
  gboolean simulated = FALSE;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!flitlab_cli_parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 2)
    return flitlab_cli_usage_error (error, _("run takes one .flitlab project"));
  project = flitlab_project_load (argv[1], error);
  if (project == NULL)
    return FALSE;
  /* After the load, so that a project that is no file is named as such, and before any work. */
  if (!flitlab_cli_check_output (output != NULL ? "--output" : NULL,
                                 output != NULL ? output : argv[1],
                                 FALSE, error))
    return FALSE;

  /* Every study's models first, then every simulation's jobs on one pool, so that all cores
   * stay busy to the last job; the studies before one whose models fail still run, so that
   * the error is the one running them one by one would meet first. */
  for (guint i = 0; i < flitlab_project_get_n_studies (project) && refused == NULL; i++)
    {
      FlitlabStudy *study = flitlab_project_get_study (project, i);

      if (only != NULL && g_strcmp0 (study->name, only) != 0)
        continue;
      if (progress)
        g_printerr ("%s\n", study->name);
      if (!flitlab_study_run_evaluate_models (study, &refused))
        break;
      simulated |= study->simulation.enabled && !no_simulation;
      g_ptr_array_add (studies, study);
    }
  if (only != NULL && studies->len == 0 && refused == NULL)
    return flitlab_cli_usage_error (error, _("%s has no study called “%s”"), argv[1], only);
  if (!no_simulation &&
      !flitlab_study_run_simulate_studies ((FlitlabStudy * const *) studies->pdata, studies->len,
                                           progress ? flitlab_cli_print_progress : NULL, NULL,
                                           error))
    {
      if (progress && simulated)
        g_printerr ("\n");
      return FALSE;
    }
  if (progress && simulated)
    g_printerr ("\n");
  if (refused != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&refused));
      return FALSE;
    }
  return save_project (project, output != NULL ? output : argv[1], error);
}

/* Whether a and b name one file (links followed): grid's output onto its own input. */
static gboolean
same_file (const char *a,
           const char *b)
{
  GStatBuf sa, sb;

  return g_stat (a, &sa) == 0 && g_stat (b, &sb) == 0 && sa.st_dev == sb.st_dev &&
         sa.st_ino == sb.st_ino;
}

/* One study of the project repeated over every combination of --vary's values
 * (flitlab-grid.h), into a new project. */
gboolean
flitlab_cli_cmd_grid (int      argc,
                      char   **argv,
                      GError **error)
{
  g_autofree char *output = NULL, *name = NULL, *max_text = NULL;
  g_auto(GStrv) vary = NULL;
  gboolean force = FALSE;
  guint64 max_studies = FLITLAB_GRID_MAX_STUDIES;
  const GOptionEntry entries[] = {
    { "study", 0, 0, G_OPTION_ARG_STRING, &name, N_("The study to vary"), "NAME" },
    { "vary", 0, 0, G_OPTION_ARG_STRING_ARRAY, &vary,
      N_("A setting and its values, e.g. vcs=2,4,8 (repeat for each setting)"), "KEY=VALUE,…" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, N_("Save the grid's project here"),
      "FILE" },
    { "max-studies", 0, 0, G_OPTION_ARG_STRING, &max_text,
      N_("Make at most N studies (default 10000): a grid of more is refused before any is made"),
      "N" },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force,
      N_("Let --output replace the project the grid is made from"), NULL },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (N_("PROJECT.flitlab — write one "
                                                               "study per combination of settings, "
                                                               "to run with run"));
  g_autoptr(FlitlabProject) project = NULL, grid = NULL;
  g_autoptr(GPtrArray) studies = NULL;
  const FlitlabStudy *study;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!flitlab_cli_parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 2)
    return flitlab_cli_usage_error (error, _("grid takes one .flitlab project"));
  if (name == NULL || vary == NULL || output == NULL)
    return flitlab_cli_usage_error (error,
                                    _("grid needs --study, at least one --vary and --output"));
  if (!flitlab_cli_parse_uint64 ("--max-studies", max_text, 1, G_MAXUINT, &max_studies, error))
    return FALSE;
  if (!force && same_file (output, argv[1]))
    return flitlab_cli_usage_error (error, _("--output %s is the project the grid is made from, "
                                             "which it would replace: name another file, or give "
                                             "--force"), output);
  if (!flitlab_cli_check_output ("--output", output, FALSE, error))
    return FALSE;
  project = flitlab_project_load (argv[1], error);
  if (project == NULL)
    return FALSE;
  study = flitlab_project_find_study (project, name);
  if (study == NULL)
    return flitlab_cli_usage_error (error, _("%s has no study called “%s”"), argv[1], name);
  studies = flitlab_grid_expand (study, (const char * const *) vary, max_studies, error);
  if (studies == NULL)
    return FALSE;

  grid = flitlab_project_new ();
  flitlab_project_set_title (grid, flitlab_project_get_title (project));
  for (guint i = 0; i < studies->len; i++)
    flitlab_project_insert_study (grid, G_MAXUINT, g_steal_pointer (&studies->pdata[i]));
  return save_project (grid, output, error);
}

/* ---- validate ----------------------------------------------------------------------- */

gboolean
flitlab_cli_cmd_validate (int      argc,
                          char   **argv,
                          GError **error)
{
  g_autoptr(GOptionContext) context = g_option_context_new (N_("FILE.flitlab… — check project "
                                                               "files"));

  if (!flitlab_cli_parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc < 2)
    return flitlab_cli_usage_error (error, _("validate takes one or more .flitlab files"));

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(FlitlabProject) project = flitlab_project_load (argv[i], error);

      if (project == NULL)
        return FALSE;
      /* A matrix file missing or changed loads (the study keeps it) but cannot run. */
      for (guint s = 0; s < flitlab_project_get_n_studies (project); s++)
        {
          const FlitlabStudy *study = flitlab_project_get_study (project, s);

          if (study->matrix_error != NULL)
            {
              g_autofree char *display = g_filename_display_name (argv[i]);

              g_propagate_error (error, g_error_copy (study->matrix_error));
              g_prefix_error (error, _("Study “%s”: "), study->name);
              g_prefix_error (error, "%s: ", display);
              return FALSE;
            }
        }
      g_print (g_dngettext (GETTEXT_PACKAGE, "%s: valid, %u study\n", "%s: valid, %u studies\n",
                            flitlab_project_get_n_studies (project)),
               argv[i], flitlab_project_get_n_studies (project));
    }
  return TRUE;
}
