/* flitlab-application.h: the application: actions, windows, files from the command line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define FLITLAB_TYPE_APPLICATION (flitlab_application_get_type ())
G_DECLARE_FINAL_TYPE (FlitlabApplication, flitlab_application, FLITLAB, APPLICATION, AdwApplication)

FlitlabApplication *flitlab_application_new (void);

G_END_DECLS
