/* test-limits-edges.c: issue #29, each fact checked once, with one range: one table of values
 * given as text to every edge where a person writes one — flitlab-cli's options and model
 * parameters, a project file read by the reader (in process and through flitlab-cli validate
 * and grid), and the parse the study editor calls — is accepted and refused alike, with the
 * one check's message (flitlab-limits.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: test-limits-edges FLITLAB-CLI [--tap]. src/core/tests/test-limits.c gives the same
 * values as numbers to the core's own checks; src/tests/test-study-editor.c types some into
 * the editor.
 */

#include "config.h"

#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "flitlab-limits.h"
#include "flitlab-project-xml.h"

static const char *cli;
static char *tmp;

/* Valid, fractional, zero, huge, negative, not a number; the ends of the range, a whole number
 * written as a fraction or with an exponent. */
static const char * const flits_values[] = {
  "16", "12.5", "0", "1e7", "4097", "-3", "abc", "1", "1000000", "1000001", "0.5", "12.0", "1e3",
};

/* The project's <traffic> is line 5: the reader's messages start "limits.flitlab:5: ". */
static char *
project_text (const char *length,
              const char *flits)
{
  g_autofree char *escaped = g_markup_escape_text (flits, -1);

  return g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<flitlab-project format=\"1\">\n"
                          "  <study name=\"s\">\n"
                          "    <network topology=\"torus:4x4:bi\" routing=\"dor\"/>\n"
                          "    <traffic pattern=\"uniform\" length=\"%s\" flits=\"%s\"/>\n"
                          "    <load min=\"0.001\" max=\"0.01\" count=\"2\"/>\n"
                          "    <model id=\"ciciani-bi-torus\"><param name=\"k\" value=\"4x4\"/>"
                          "<param name=\"flits\" value=\"16\"/></model>\n"
                          "    <simulation enabled=\"true\" replications=\"1\" cycles=\"100\"/>\n"
                          "  </study>\n"
                          "</flitlab-project>\n", length, escaped);
}

static char *
write_project (const char *name,
               const char *length,
               const char *flits)
{
  g_autofree char *text = project_text (length, flits);
  char *path = g_build_filename (tmp, name, NULL);
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, text, -1, &error);
  g_assert_no_error (error);
  return path;
}

/* Runs flitlab-cli in an untranslated UTF-8 locale; returns its stderr, "" when it succeeded. */
static char *
run_cli (const char * const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) envp = g_get_environ ();
  g_autofree char *out = NULL;
  char *err = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) exit_error = NULL;
  int status;

  g_ptr_array_add (argv, (gpointer) cli);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, NULL);
  envp = g_environ_setenv (envp, "LC_ALL", "C.UTF-8", TRUE);
  envp = g_environ_unsetenv (envp, "LANGUAGE");
  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                &status, &error);
  g_assert_no_error (error);
  if (g_spawn_check_wait_status (status, &exit_error))
    {
      g_free (err);
      return g_strdup ("");
    }
  /* A refusal ends with status 1 and one line. */
  g_assert_error (exit_error, G_SPAWN_EXIT_ERROR, 1);
  g_assert_true (g_str_has_suffix (err, "\n") && strchr (err, '\n') == err + strlen (err) - 1);
  return err;
}

/* stderr of an edge: empty when expected is NULL (the one check accepts the value), else
 * "flitlab-cli COMMAND: " and then the one check's message, with a place between them where
 * the edge names one (a file and line, a grid's study). */
static void
assert_edge (const char   *edge,
             const char   *value,
             const char   *length,
             const GError *expected,
             const char   *err,
             const char   *command)
{
  g_autofree char *start = g_strdup_printf ("flitlab-cli %s: ", command);
  g_autofree char *end = expected != NULL ? g_strdup_printf ("%s\n", expected->message) : NULL;

  if (expected == NULL ? *err != '\0'
                       : !g_str_has_prefix (err, start) || !g_str_has_suffix (err, end))
    g_error ("%s, %s length, “%s”: %s where the one check %s", edge, length, value,
             *err != '\0' ? err : "accepted", expected != NULL ? expected->message : "accepts it");
}

static void
test_flits (void)
{
  static const char * const lengths[] = { "fixed", "exponential" };

  for (guint i = 0; i < G_N_ELEMENTS (flits_values); i++)
    for (guint l = 0; l < G_N_ELEMENTS (lengths); l++)
      {
        const char *value = flits_values[i], *length = lengths[l];
        gboolean fixed = l == 0;
        g_autoptr(GError) expected = NULL;
        g_autoptr(GError) error = NULL;
        g_autoptr(FlitlabProject) project = NULL;
        g_autofree char *text = project_text (length, value);
        g_autofree char *path = write_project ("limits.flitlab", length, value);
        g_autofree char *base = write_project ("base.flitlab", length, "16");
        g_autofree char *grid_out = g_build_filename (tmp, "grid.flitlab", NULL);
        g_autofree char *vary = g_strdup_printf ("flits=%s", value);
        g_autofree char *param = g_strdup_printf ("flits=%s", value);
        g_autofree char *err = NULL;
        double flits = 0;

        /* The editor's parse: the one check. */
        flitlab_limits_parse_flits (value, fixed, &flits, &expected);
        g_test_message ("%s “%s”: %s", length, value,
                        expected != NULL ? expected->message : "valid");

        /* The reader, in process: the message is the file, the line, then the check's. */
        project = flitlab_project_load_from_data (text, strlen (text), "limits.flitlab", &error);
        if (expected == NULL)
          {
            g_assert_no_error (error);
            g_assert_cmpfloat (flitlab_project_get_study (project, 0)->flits, ==, flits);
          }
        else
          {
            g_autofree char *message = g_strdup_printf ("limits.flitlab:5: %s",
                                                        expected->message);

            g_assert_null (project);
            g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_INVALID);
            g_assert_cmpstr (error->message, ==, message);
          }

        /* flitlab-cli simulate --flits, with the length distribution. */
        err = run_cli ((const char * const[]) {
                         "simulate", "--topology", "torus:4x4:bi", "--rates", "0",
                         "--replications", "1", "--cycles", "100", "--warmup", "1",
                         "--length", fixed ? "fixed" : "exp", "--flits", value, "--format", "csv",
                         NULL });
        assert_edge ("simulate --flits", value, length, expected, err, "simulate");
        if (expected != NULL)
          {
            g_autofree char *whole = g_strdup_printf ("flitlab-cli simulate: %s\n",
                                                      expected->message);

            g_assert_cmpstr (err, ==, whole);
          }
        g_clear_pointer (&err, g_free);

        /* flitlab-cli validate: the reader, through the command line. */
        err = run_cli ((const char * const[]) { "validate", path, NULL });
        assert_edge ("validate", value, length, expected, err, "validate");
        g_clear_pointer (&err, g_free);

        /* flitlab-cli grid --vary flits=: the study's setting, from its text. */
        err = run_cli ((const char * const[]) {
                         "grid", base, "--study", "s", "--vary", vary, "--output", grid_out,
                         NULL });
        assert_edge ("grid --vary", value, length, expected, err, "grid");
        g_clear_pointer (&err, g_free);

        /* flitlab-cli model --param flits=: a model takes the mean length, so it answers as
         * the exponential lengths do. */
        if (!fixed)
          {
            err = run_cli ((const char * const[]) {
                             "model", "ciciani-bi-torus", "--param", param, "--rates", "0.001",
                             "--format", "csv", NULL });
            assert_edge ("model --param", value, length, expected, err, "model");
            if (expected != NULL)
              {
                g_autofree char *whole = g_strdup_printf ("flitlab-cli model: %s\n",
                                                          expected->message);

                g_assert_cmpstr (err, ==, whole);
              }
            g_clear_pointer (&err, g_free);
          }
        g_remove (path);
        g_remove (base);
        g_remove (grid_out);
      }
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    {
      g_printerr ("usage: %s FLITLAB-CLI\n", argv[0]);
      return 2;
    }
  cli = argv[1];
  tmp = g_dir_make_tmp ("flitlab-limits-XXXXXX", &error);
  g_assert_no_error (error);
  g_test_add_func ("/flitlab/limits/flits-every-edge", test_flits);
  status = g_test_run ();
  g_rmdir (tmp);
  g_free (tmp);
  return status;
}
