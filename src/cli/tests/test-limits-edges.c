/* test-limits-edges.c: issue #29, each fact checked once, with one range: one table of values
 * given as text to every edge where a person writes one — flitlab-cli's options and model
 * parameters, a project file read by the reader (in process and through flitlab-cli validate
 * and grid), and the parse the study editor calls — is accepted and refused alike, with the
 * one check's message (flitlab-limits.h)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: test-limits-edges FLITLAB-CLI [--tap]. src/core/tests/test-limits.c gives the same
 * values as numbers to the core's own checks; src/ui/tests/test-study-editor.c types some into
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
             const char   *what,
             const GError *expected,
             const char   *err,
             const char   *command)
{
  g_autofree char *start = g_strdup_printf ("flitlab-cli %s: ", command);
  g_autofree char *end = expected != NULL ? g_strdup_printf ("%s\n", expected->message) : NULL;

  if (expected == NULL ? *err != '\0'
                       : !g_str_has_prefix (err, start) || !g_str_has_suffix (err, end))
    g_error ("%s, %s, “%s”: %s where the one check %s", edge, what, value,
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

/* ---- the other settings -------------------------------------------------------------- */

typedef enum
{
  VCS, BUFFER, NODE_BUFFERS, REPLICATIONS, CYCLES, WARMUP, WATCHDOG, THREADS, FLIT_WIDTH,
  N_RATES, LOAD, HOTSPOT,
} Fact;

typedef struct
{
  Fact        fact;
  const char *name;
  /* The project file: the element's line (5 <traffic>, 6 <load>, 7 <simulation>) and its
   * attribute. */
  int         line;
  const char *attribute;
  /* flitlab-cli: the command and option that take it, NULL for none; grid's key. */
  const char *command;
  const char *option;
  const char *grid_key;
  /* Valid, zero, huge, negative, fractional, not a number, the ends of the range. Valid
   * values that cost a run are left out: flitlab-cli runs each one. */
  const char *values[12];
} FactCase;

static const FactCase fact_cases[] = {
  { VCS, "vcs", 7, "vcs", "simulate", "--vcs", "vcs",
    { "2", "0", "65", "99999999999", "-3", "2.5", "abc", "64", "1e1", NULL } },
  { BUFFER, "buffer", 7, "buffer", "simulate", "--buffer", "buffer",
    { "4", "0", "1025", "-3", "2.5", "abc", "1", "1024", NULL } },
  { NODE_BUFFERS, "node buffers", 7, "node-buffers", "simulate", "--buffers", NULL,
    { "4", "33", "-3", "2.5", "abc", "32", "+4", NULL } },
  { REPLICATIONS, "replications", 7, "replications", "simulate", "--replications", "replications",
    { "2", "0", "1001", "-3", "2.5", "abc", "1", NULL } },
  { CYCLES, "cycles", 7, "cycles", "simulate", "--cycles", "cycles",
    { "200", "0", "99", "1000000001", "18446744073709551616", "-3", "2.5", "abc", "100", NULL } },
  { WARMUP, "warm-up", 7, "warmup", "simulate", "--warmup", "warmup",
    { "10", "0", "1000000001", "18446744073709551615", "-3", "2.5", "abc", NULL } },
  { WATCHDOG, "watchdog", 7, "watchdog", NULL, NULL, NULL,
    { "100", "0", "1000000000", "1000000001", "-3", "2.5", "abc", NULL } },
  { THREADS, "threads", 7, "threads", "simulate", "--threads", NULL,
    { "2", "0", "1025", "-3", "2.5", "abc", "1", NULL } },
  { FLIT_WIDTH, "flit width", 5, "flit-width", NULL, NULL, NULL,
    { "16", "0", "65536", "65537", "-3", "2.5", "abc", NULL } },
  { N_RATES, "number of loads", 6, "count", NULL, NULL, NULL,
    { "5", "0", "10000", "10001", "-3", "2.5", "abc", NULL } },
  { LOAD, "load", 6, "min", "model", "--rates", NULL,
    { "0.001", "0", "1000000000", "1e10", "-3", "abc", "nan", "0x10", NULL } },
  { HOTSPOT, "hotspot fraction", 5, "hotspot-fraction", "simulate", "--hotspot", NULL,
    { "0.2", "0", "1", "1.5", "-0.1", "abc", "1e-3", NULL } },
};

/* The editor's parse of text: the one check of the fact. */
static gboolean
fact_parse (Fact         fact,
            const char  *text,
            GError     **error)
{
  guint whole;
  guint64 wide;
  double real;

  switch (fact)
    {
    case VCS: return flitlab_limits_parse_vcs (text, &whole, error);
    case BUFFER: return flitlab_limits_parse_buffer (text, &whole, error);
    case NODE_BUFFERS: return flitlab_limits_parse_node_buffers (text, &whole, error);
    case REPLICATIONS: return flitlab_limits_parse_replications (text, &whole, error);
    case CYCLES: return flitlab_limits_parse_cycles (text, &wide, error);
    case WARMUP: return flitlab_limits_parse_warmup (text, &wide, error);
    case WATCHDOG: return flitlab_limits_parse_watchdog (text, &wide, error);
    case THREADS: return flitlab_limits_parse_threads (text, &whole, error);
    case FLIT_WIDTH: return flitlab_limits_parse_flit_width (text, &whole, error);
    case N_RATES: return flitlab_limits_parse_n_rates (text, &whole, error);
    case LOAD: return flitlab_limits_parse_load (text, &real, error);
    case HOTSPOT: return flitlab_limits_parse_hotspot_fraction (text, &real, error);
    default: g_assert_not_reached ();
    }
}

/* A mesh study whose one attribute is the fact's value; the simulation is off, so that no
 * rule but the fact's refuses it. */
static char *
fact_project (const FactCase *c,
              const char     *value)
{
  g_autofree char *v = g_markup_escape_text (value, -1);
  g_autofree char *traffic = NULL, *load = NULL, *simulation = NULL;

  if (c->line == 5)
    traffic = g_strdup_printf ("<traffic pattern=\"hotspot\" length=\"fixed\" flits=\"16\" "
                               "%s=\"%s\"/>", c->attribute, v);
  else
    traffic = g_strdup ("<traffic pattern=\"uniform\" length=\"fixed\" flits=\"16\"/>");
  if (c->fact == LOAD)
    load = g_strdup_printf ("<load min=\"%s\" max=\"1000000000\" count=\"2\"/>", v);
  else if (c->fact == N_RATES)
    load = g_strdup_printf ("<load min=\"0.001\" max=\"0.01\" count=\"%s\"/>", v);
  else
    load = g_strdup ("<load min=\"0.001\" max=\"0.01\" count=\"2\"/>");
  if (c->line == 7)
    simulation = g_strdup_printf ("<simulation enabled=\"false\" %s=\"%s\"/>", c->attribute, v);
  else
    simulation = g_strdup ("<simulation enabled=\"false\"/>");
  return g_strdup_printf ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                          "<flitlab-project format=\"1\">\n"
                          "  <study name=\"s\">\n"
                          "    <network topology=\"mesh:4x4\" routing=\"dor\"/>\n"
                          "    %s\n"
                          "    %s\n"
                          "    %s\n"
                          "  </study>\n"
                          "</flitlab-project>\n", traffic, load, simulation);
}

/* flitlab-cli's command with the fact's option, on a small network at no load (nothing to
 * wait for) unless the option is the load. */
static char *
fact_cli (const FactCase *c,
          const char     *value)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  const char *common[][2] = {
    { "--rates", "0" }, { "--replications", "1" }, { "--cycles", "100" }, { "--warmup", "1" },
  };

  if (g_str_equal (c->command, "model"))
    {
      g_ptr_array_add (args, "model");
      g_ptr_array_add (args, "greenberg-mesh");
      g_ptr_array_add (args, "--format");
      g_ptr_array_add (args, "csv");
    }
  else if (c->fact == NODE_BUFFERS)
    {
      const char *backtrack[] = {
        "simulate", "--topology", "hypercube:2", "--routing", "backtrack",
      };

      for (guint i = 0; i < G_N_ELEMENTS (backtrack); i++)
        g_ptr_array_add (args, (gpointer) backtrack[i]);
    }
  else
    {
      const char *mesh[] = { "simulate", "--topology", "mesh:4x4", "--format", "csv" };

      for (guint i = 0; i < G_N_ELEMENTS (mesh); i++)
        g_ptr_array_add (args, (gpointer) mesh[i]);
      if (c->fact == HOTSPOT)
        {
          g_ptr_array_add (args, "--traffic");
          g_ptr_array_add (args, "hotspot");
        }
    }
  for (guint i = 0; i < G_N_ELEMENTS (common); i++)
    if (!g_str_equal (common[i][0], c->option) &&
        (g_str_equal (c->command, "simulate") || g_str_equal (common[i][0], "--rates")))
      {
        g_ptr_array_add (args, (gpointer) common[i][0]);
        g_ptr_array_add (args, (gpointer) common[i][1]);
      }
  g_ptr_array_add (args, (gpointer) c->option);
  g_ptr_array_add (args, (gpointer) value);
  g_ptr_array_add (args, NULL);
  return run_cli ((const char * const *) args->pdata);
}

static void
test_settings (void)
{
  for (guint f = 0; f < G_N_ELEMENTS (fact_cases); f++)
    for (guint i = 0; fact_cases[f].values[i] != NULL; i++)
      {
        const FactCase *c = &fact_cases[f];
        const char *value = c->values[i];
        g_autoptr(GError) expected = NULL;
        g_autoptr(GError) error = NULL;
        g_autoptr(FlitlabProject) project = NULL;
        g_autofree char *text = fact_project (c, value);
        g_autofree char *path = g_build_filename (tmp, "fact.flitlab", NULL);
        g_autofree char *err = NULL;

        /* The editor's parse: the one check. */
        fact_parse (c->fact, value, &expected);
        g_test_message ("%s “%s”: %s", c->name, value,
                        expected != NULL ? expected->message : "valid");

        /* The reader, in process, and through flitlab-cli validate. */
        project = flitlab_project_load_from_data (text, strlen (text), "fact.flitlab", &error);
        if (expected == NULL)
          g_assert_no_error (error);
        else
          {
            g_autofree char *message = g_strdup_printf ("fact.flitlab:%d: %s", c->line,
                                                        expected->message);

            g_assert_error (error, FLITLAB_PROJECT_ERROR, FLITLAB_PROJECT_ERROR_INVALID);
            g_assert_cmpstr (error->message, ==, message);
          }
        g_file_set_contents (path, text, -1, NULL);
        err = run_cli ((const char * const[]) { "validate", path, NULL });
        assert_edge ("validate", value, c->name, expected, err, "validate");
        g_clear_pointer (&err, g_free);

        /* The command-line option, word for word; except --warmup 0, which a project reads as
         * the automatic warm-up and the option refuses, naming how to get it (issue #33). */
        if (c->fact == WARMUP && g_str_equal (value, "0"))
          {
            err = fact_cli (c, value);
            g_assert_true (g_str_has_prefix (err, "flitlab-cli simulate: --warmup “0” would "
                                                  "not mean no warm-up"));
            g_assert_nonnull (strstr (err, "leaving out --warmup"));
            g_clear_pointer (&err, g_free);
          }
        else if (c->command != NULL)
          {
            err = fact_cli (c, value);
            assert_edge (c->option, value, c->name, expected, err, c->command);
            if (expected != NULL)
              {
                g_autofree char *whole = g_strdup_printf ("flitlab-cli %s: %s\n", c->command,
                                                          expected->message);

                g_assert_cmpstr (err, ==, whole);
              }
            g_clear_pointer (&err, g_free);
          }

        /* flitlab-cli grid --vary KEY=VALUE. */
        if (c->grid_key != NULL)
          {
            g_autofree char *vary = g_strdup_printf ("%s=%s", c->grid_key, value);
            g_autofree char *base = g_build_filename (tmp, "base.flitlab", NULL);
            g_autofree char *out = g_build_filename (tmp, "grid.flitlab", NULL);
            g_autofree char *plain = fact_project (c, c->values[0]);

            g_file_set_contents (base, plain, -1, NULL);
            err = run_cli ((const char * const[]) {
                             "grid", base, "--study", "s", "--vary", vary, "--output", out, NULL });
            assert_edge ("grid --vary", value, c->name, expected, err, "grid");
            g_clear_pointer (&err, g_free);
            g_remove (base);
            g_remove (out);
          }
        g_remove (path);
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
  g_test_add_func ("/flitlab/limits/settings-every-edge", test_settings);
  status = g_test_run ();
  g_rmdir (tmp);
  g_free (tmp);
  return status;
}
