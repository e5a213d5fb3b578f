/* flitlab-application.c: the application: actions, windows, files from the command line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-application.h"
#include "flitlab-window.h"

struct _FlitlabApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (FlitlabApplication, flitlab_application, ADW_TYPE_APPLICATION)

FlitlabApplication *
flitlab_application_new (void)
{
  return g_object_new (FLITLAB_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/flitlab/Flitlab",
                       NULL);
}

static FlitlabWindow *
new_window (GApplication *app)
{
  return g_object_new (FLITLAB_TYPE_WINDOW, "application", app, NULL);
}

static void
flitlab_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    {
      /* With no file, the bundled tour. */
      window = GTK_WINDOW (new_window (app));
      gtk_widget_activate_action (GTK_WIDGET (window), "win.open-example", "s",
                                  "flitlab-tour.flitlab");
    }
  gtk_window_present (window);
}

static void
flitlab_application_open (GApplication  *app,
                          GFile        **files,
                          int            n_files,
                          const char    *hint)
{
  for (int i = 0; i < n_files; i++)
    {
      FlitlabWindow *window = new_window (app);

      flitlab_window_open_file (window, files[i]);
      gtk_window_present (GTK_WINDOW (window));
    }
}

/* A new window with an empty project. */
static void
new_action (GSimpleAction *action,
            GVariant      *parameter,
            gpointer       user_data)
{
  gtk_window_present (GTK_WINDOW (new_window (user_data)));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GApplication *app = user_data;
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (app));

  /* Closing each window asks about its unsaved changes; the application ends with the last. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  const char *developers[] = { _("The Flitlab developers"), NULL };

  static const char *papers[] = {
    "B. Ciciani, M. Colajanni, C. Paolucci: Performance evaluation of deterministic wormhole "
    "routing in k-ary n-cubes (1998)",
    "R. I. Greenberg, L. Guan: Modeling and comparison of wormhole routed mesh and torus networks "
    "(1997)",
    "F. Quaglia, B. Ciciani, M. Colajanni: Performance analysis of adaptive wormhole routing in a "
    "two-dimensional torus (2002)",
    "S. Meraji, H. Sarbazi-Azad, A. Patooghy: Performance modelling of necklace hypercubes",
    "M.-Y. Horng, L. Kleinrock: On the performance of a deadlock-free routing algorithm for "
    "Boolean n-cube interconnection networks with finite buffers",
    NULL,
  };
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (user_data));
  GtkWidget *about = adw_about_window_new ();

  g_object_set (about,
                "transient-for", parent,
                "application-name", "Flitlab",
                "application-icon", APP_ID,
                "version", PACKAGE_VERSION,
                "developer-name", _("The Flitlab developers"),
                "developers", developers,
                "license-type", GTK_LICENSE_GPL_3_0,
                "comments", _("Study the performance of wormhole-routed interconnection networks: "
                              "analytical models and flit-level simulations side by side."),
                "website", "https://github.com/flitlab/flitlab",
                "issue-url", "https://github.com/flitlab/flitlab/issues",
                /* Translators: put your names here, one per line */
                "translator-credits", _("translator-credits"),
                NULL);
  adw_about_window_add_acknowledgement_section (ADW_ABOUT_WINDOW (about), _("Papers Implemented"),
                                                papers);
  gtk_window_present (GTK_WINDOW (about));
}

static const GActionEntry app_actions[] = {
  { "new", new_action },
  { "quit", quit_action },
  { "about", about_action },
};

static void
flitlab_application_startup (GApplication *app)
{
  static const struct { const char *action; const char *accels[3]; } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    { "app.new", { "<Control>n", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Control><Shift>s", NULL } },
    { "win.export", { "<Control>e", NULL } },
    { "win.simulate", { "<Control>r", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Shift><Control>z", NULL } },
    { "win.presentation", { "F5", NULL } },
    { "win.show-figure::plot", { "<Alt>1", NULL } },
    { "win.show-figure::network", { "<Alt>2", NULL } },
    { "win.show-figure::flow", { "<Alt>3", NULL } },
    { "win.show-figure::dependencies", { "<Alt>4", NULL } },
    { "win.next-study", { "<Control>Page_Down", NULL } },
    { "win.previous-study", { "<Control>Page_Up", NULL } },
    { "window.close", { "<Control>w", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
  };

  G_APPLICATION_CLASS (flitlab_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions, G_N_ELEMENTS (app_actions),
                                   app);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action,
                                           accels[i].accels);
}

static void
flitlab_application_class_init (FlitlabApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->activate = flitlab_application_activate;
  app_class->open = flitlab_application_open;
  app_class->startup = flitlab_application_startup;
}

static void
flitlab_application_init (FlitlabApplication *self)
{
}
