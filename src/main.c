/* main.c: starts Flitlab
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

/* SIGXFSZ: -std=c17 shows only what ISO C has unless asked. */
#define _DEFAULT_SOURCE

#include <signal.h>

#include <glib/gi18n.h>

#include "flitlab-application.h"
#include "flitlab-locale.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(FlitlabApplication) app = NULL;

  flitlab_locale_init ();
  /* ulimit -f: a save that fails with a message (EFBIG), not a window that vanishes. */
  signal (SIGXFSZ, SIG_IGN);

  g_set_application_name ("Flitlab");
  app = flitlab_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
