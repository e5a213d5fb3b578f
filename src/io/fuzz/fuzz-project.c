/* fuzz-project.c: libFuzzer target for the .flitlab reader (docs/fuzzing.md)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every input goes through flitlab_project_load_from_data(). One that loads is written out,
 * read back and written again: the reread must load and give the same bytes, or what the
 * writer produces is not what the reader accepts (a project saved by the app would not open,
 * or would change on the next save). Crashes, leaks and undefined behaviour are the
 * sanitizers'; GLib warnings and criticals abort.
 */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "flitlab-project-xml.h"

int LLVMFuzzerInitialize (int    *argc,
                          char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

/* Fatal GLib messages end in G_BREAKPOINT, a SIGTRAP that neither libFuzzer nor ASan catches
 * by default: the run would die without saving the input. abort() is caught, and reported
 * as a crash with the input written out. Every message, old API or structured, reaches the
 * writer. */
static GLogWriterOutput
fuzz_log_writer (GLogLevelFlags   level,
                 const GLogField *fields,
                 gsize            n_fields,
                 gpointer         user_data)
{
  if (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    {
      g_autofree char *text = g_log_writer_format_fields (level, fields, n_fields, FALSE);

      fprintf (stderr, "%s\n", text);
      abort ();
    }
  return g_log_writer_default (level, fields, n_fields, user_data);
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  /* A g_return_if_fail() in the reader or the study code is a bug the fuzzer should report. */
  g_log_set_always_fatal (G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL);
  g_log_set_writer_func (fuzz_log_writer, NULL, NULL);
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(FlitlabProject) project = NULL;
  g_autoptr(FlitlabProject) reloaded = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *written = NULL;
  g_autofree char *rewritten = NULL;
  gsize written_length = 0, rewritten_length = 0;

  project = flitlab_project_load_from_data ((const char *) data, size, "fuzz", &error);
  if (project == NULL)
    {
      /* A refusal must say why. */
      if (error == NULL || error->domain != FLITLAB_PROJECT_ERROR || error->message == NULL)
        abort ();
      return 0;
    }
  if (error != NULL)
    abort ();

  written = flitlab_project_to_data (project, &written_length);
  reloaded = flitlab_project_load_from_data (written, written_length, "fuzz (written)", &error);
  if (reloaded == NULL)
    {
      fprintf (stderr, "fuzz-project: the written project does not load: %s\n--- written:\n%s",
               error != NULL ? error->message : "(no error)", written);
      abort ();
    }

  rewritten = flitlab_project_to_data (reloaded, &rewritten_length);
  if (rewritten_length != written_length || memcmp (written, rewritten, written_length) != 0)
    {
      fprintf (stderr, "fuzz-project: writing the reloaded project gives other bytes\n"
               "--- written:\n%s--- rewritten:\n%s", written, rewritten);
      abort ();
    }
  return 0;
}
