/* flitlab-cli-booksim.c: import-booksim, export-booksim and import-booksim-results, BookSim 2's
 * configurations and printed results in and out (docs/booksim.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-booksim-config.h"
#include "flitlab-booksim-results.h"
#include "flitlab-file-write.h"
#include "flitlab-project-xml.h"

#include "flitlab-cli-private.h"

/* The study called name, or the project's only one when name is NULL. */
static FlitlabStudy *
find_study (const FlitlabProject *project,
            const char           *path,
            const char           *name,
            GError              **error)
{
  FlitlabStudy *study;

  if (name == NULL)
    {
      if (flitlab_project_get_n_studies (project) != 1)
        {
          flitlab_cli_usage_error (error, _("%s has %u studies: name one with --study"), path,
                                   flitlab_project_get_n_studies (project));
          return NULL;
        }
      return flitlab_project_get_study (project, 0);
    }
  study = flitlab_project_find_study (project, name);
  if (study == NULL)
    flitlab_cli_usage_error (error, _("%s has no study called “%s”"), path, name);
  return study;
}

gboolean
flitlab_cli_cmd_import_booksim (int      argc,
                                char   **argv,
                                GError **error)
{
  g_autofree char *output = NULL, *name = NULL;
  const GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The project to write (.flitlab)"), "FILE" },
    { "study", 0, 0, G_OPTION_ARG_STRING, &name,
      N_("The study's name; default “BookSim: ” and the configuration's file name"), "NAME" },
    { NULL },
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("CONFIG [KEY=VALUE…] — read a BookSim 2 configuration, with "
                            "BookSim's overrides, into a study"));
  g_autoptr(GPtrArray) warnings = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(FlitlabProject) project = NULL;
  FlitlabStudy *study;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!flitlab_cli_parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc < 2 || output == NULL)
    return flitlab_cli_usage_error (error, _("import-booksim needs a configuration and --output "
                                             "(such as import-booksim torus88 "
                                             "injection_rate=0.02 --output t.flitlab)"));
  for (int i = 2; i < argc; i++)
    if (strchr (argv[i], '=') == NULL)
      return flitlab_cli_usage_error (error, _("import-booksim takes one configuration, then "
                                               "KEY=VALUE overrides, not “%s”"), argv[i]);
  if (!flitlab_cli_check_output ("--output", output, FALSE, error))
    return FALSE;

  study = flitlab_booksim_study_load (argv[1], (const char * const *) argv + 2, warnings, error);
  if (study == NULL)
    return FALSE;
  if (name != NULL)
    {
      g_free (study->name);
      study->name = g_strdup (name);
    }
  for (guint i = 0; i < warnings->len; i++)
    g_printerr (_("%s: warning: %s\n"), g_get_prgname (), (const char *) warnings->pdata[i]);
  project = flitlab_project_new ();
  flitlab_project_set_title (project, study->name);
  flitlab_project_insert_study (project, G_MAXUINT, study);
  return flitlab_project_save (project, output, error);
}

gboolean
flitlab_cli_cmd_export_booksim (int      argc,
                                char   **argv,
                                GError **error)
{
  g_autofree char *output = NULL, *name = NULL, *text = NULL;
  g_autofree char *network_file = NULL, *network_path = NULL, *anynet = NULL;
  const FlitlabTopology *network;
  const GOptionEntry entries[] = {
    { "study", 0, 0, G_OPTION_ARG_STRING, &name,
      N_("The study to write (needed when the project has several)"), "NAME" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The BookSim configuration to write (- for standard output); a network from a file "
         "goes beside it, in FILE.anynet"), "FILE" },
    { NULL },
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("PROJECT — write a study as a BookSim 2 configuration"));
  g_autoptr(FlitlabProject) project = NULL;
  const FlitlabStudy *study;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!flitlab_cli_parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc != 2 || output == NULL)
    return flitlab_cli_usage_error (error, _("export-booksim needs one project and --output "
                                             "(such as export-booksim p.flitlab --study NAME "
                                             "--output torus.cfg)"));
  if (!flitlab_cli_check_output ("--output", output, FALSE, error))
    return FALSE;
  project = flitlab_project_load (argv[1], error);
  if (project == NULL)
    return FALSE;
  study = find_study (project, argv[1], name, error);
  if (study == NULL)
    return FALSE;
  /* A network from a file goes beside the configuration, as BookSim's anynet listing. */
  network = flitlab_study_get_topology (study, NULL);
  if (network != NULL && flitlab_topology_get_family (network) == FLITLAB_TOPOLOGY_FILE &&
      !g_str_equal (output, "-"))
    {
      g_autofree char *base = g_path_get_basename (output);

      network_file = g_strconcat (base, ".anynet", NULL);
      network_path = g_strconcat (output, ".anynet", NULL);
      anynet = flitlab_booksim_anynet_text (network);
    }
  text = flitlab_booksim_config_write_study (study, network_file, error);
  if (text == NULL)
    {
      g_prefix_error (error, _("Study “%s”: "), study->name);
      return FALSE;
    }
  return (anynet == NULL || flitlab_file_write (network_path, anynet, strlen (anynet), error)) &&
         flitlab_file_write (output, text, strlen (text), error);
}

gboolean
flitlab_cli_cmd_import_booksim_results (int      argc,
                                        char   **argv,
                                        GError **error)
{
  g_autofree char *output = NULL, *name = NULL;
  const GOptionEntry entries[] = {
    { "study", 0, 0, G_OPTION_ARG_STRING, &name,
      N_("The study the outputs ran (needed when the project has several)"), "NAME" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The project to write; default: the project itself"), "FILE" },
    { NULL },
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("PROJECT OUTPUT… — add BookSim 2's printed results, one output per "
                            "load, to a study as the reference points “BookSim 2”"));
  g_autoptr(FlitlabProject) project = NULL;
  FlitlabStudyTable *reference;
  FlitlabStudy *study;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!flitlab_cli_parse_options (context, &argc, &argv, error))
    return FALSE;
  if (argc < 3)
    return flitlab_cli_usage_error (error, _("import-booksim-results needs a project and "
                                             "BookSim's outputs (such as import-booksim-results "
                                             "p.flitlab --study NAME run-0.01.txt "
                                             "run-0.02.txt)"));
  if (!flitlab_cli_check_output ("--output", output != NULL ? output : argv[1], FALSE, error))
    return FALSE;
  project = flitlab_project_load (argv[1], error);
  if (project == NULL)
    return FALSE;
  study = find_study (project, argv[1], name, error);
  if (study == NULL)
    return FALSE;
  reference = flitlab_booksim_results_load (study, (const char * const *) argv + 2, error);
  if (reference == NULL)
    return FALSE;
  flitlab_booksim_results_add (study, reference);
  return flitlab_project_save (project, output != NULL ? output : argv[1], error);
}
