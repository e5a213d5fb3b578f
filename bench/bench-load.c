/* bench-load.c: how long the project loader takes on hostile files under 2 MB (issue #18)
 * and on the bundled examples. Prints one line per file: its size and the time to load or
 * refuse it, best of three.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>

#include <glib.h>

#include "flitlab-project-xml.h"

static const char *study_head = "<study name=\"s%u\"><network topology=\"%s\" routing=\"dor\"/>"
                                "<traffic pattern=\"uniform\" length=\"fixed\" flits=\"8\"/>"
                                "<load min=\"0.001\" max=\"0.01\" count=\"2\"/>";

static void
measure (const char *what,
         const char *data,
         gsize       length)
{
  double best = G_MAXDOUBLE;
  g_autofree char *outcome = NULL;

  for (guint i = 0; i < 3; i++)
    {
      g_autoptr(GError) error = NULL;
      gint64 start = g_get_monotonic_time ();
      FlitlabProject *project = flitlab_project_load_from_data (data, length, what, &error);

      best = MIN (best, (g_get_monotonic_time () - start) / 1e6);
      g_free (outcome);
      outcome = project != NULL ? g_strdup_printf ("loaded, %u studies",
                                                   flitlab_project_get_n_studies (project))
                                : g_strdup (error->message);
      g_clear_pointer (&project, flitlab_project_free);
    }
  printf ("%-34s %8.2f MB %8.3f s  %.90s\n", what, length / 1e6, best, outcome);
}

static GString *
project (void)
{
  return g_string_new ("<flitlab-project format=\"1\">\n");
}

int
main (void)
{
  g_autoptr(GString) text = NULL;

  text = project ();
  g_string_append_printf (text, study_head, 0, "torus:4x4:bi");
  g_string_append (text, "<reference title=\"r\"><columns>rate latency");
  for (guint i = 0; i < 80000; i++)
    g_string_append_printf (text, " c%u", i);
  g_string_append (text, "</columns></reference></study></flitlab-project>\n");
  measure ("80 000 column names", text->str, text->len);
  g_string_free (text, TRUE);

  text = project ();
  g_string_append_printf (text, study_head, 0, "hypercube:3");
  g_string_append (text, "<model id=\"ciciani-hypercube\"><param name=\"n\" value=\"3\"/>"
                   "<param name=\"flits\" value=\"8\"/><channels rate=\"0.001\" count=\"1\">");
  for (guint i = 0; i < 80000; i++)
    g_string_append_printf (text, "<series name=\"s%u\">0</series>", i);
  g_string_append (text, "</channels></model></study></flitlab-project>\n");
  measure ("80 000 series", text->str, text->len);
  g_string_free (text, TRUE);

  text = project ();
  g_string_append (text, "<study name=\"s\"");
  for (guint i = 0; i < 50000; i++)
    g_string_append_printf (text, " a%u=\"1\"", i);
  g_string_append (text, "/></flitlab-project>\n");
  measure ("50 000 attributes on one element", text->str, text->len);
  g_string_free (text, TRUE);

  text = project ();
  for (guint i = 0; i < 10000; i++)
    {
      g_string_append_printf (text, study_head, i, "hypercube:16");
      g_string_append (text, "</study>\n");
    }
  g_string_append (text, "</flitlab-project>\n");
  measure ("10 000 studies of hypercube:16", text->str, text->len);
  g_string_free (text, TRUE);

  text = project ();
  for (guint i = 2; i <= 256; i++)
    {
      g_autofree char *spec = g_strdup_printf ("torus:%ux256:bi", i);

      g_string_append_printf (text, study_head, i, spec);
      g_string_append (text, "</study>\n");
    }
  g_string_append (text, "</flitlab-project>\n");
  measure ("255 distinct tori up to 256x256", text->str, text->len);
  g_string_free (text, TRUE);
  text = NULL;

  {
    const char *examples[] = { "ciciani-1998", "flitlab-tour", "greenberg-1997",
                               "horng-kleinrock", "meraji-necklace", "quaglia-2002" };

    for (guint e = 0; e < G_N_ELEMENTS (examples); e++)
      {
        g_autofree char *path = g_strdup_printf ("%s/examples/%s.flitlab", SOURCE_DATADIR,
                                                 examples[e]);
        g_autofree char *data = NULL;
        gsize length;

        if (g_file_get_contents (path, &data, &length, NULL))
          measure (examples[e], data, length);
      }
  }
  return 0;
}
