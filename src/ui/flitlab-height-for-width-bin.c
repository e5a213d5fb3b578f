/* flitlab-height-for-width-bin.c: a bin whose width never depends on the height it is given
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GtkStack allocates its page at least as wide as the page's minimum width for the stack's
 * height. Asked so, a page of wrapping labels (a status line) short of its natural height
 * answers with each label on one line: a long status made the page wider than its pane, cut
 * off on both sides. In this bin the child's width is its width for any height; its height
 * still follows the width it gets.
 */

#include "config.h"

#include "flitlab-height-for-width-bin.h"

struct _FlitlabHeightForWidthBin
{
  GtkWidget parent_instance;
};

static void flitlab_height_for_width_bin_buildable_init (GtkBuildableIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (FlitlabHeightForWidthBin, flitlab_height_for_width_bin,
                               GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_BUILDABLE,
                                                      flitlab_height_for_width_bin_buildable_init))

static GtkBuildableIface *parent_buildable_iface;

/* The one child a .ui gives it. */
static void
add_child (GtkBuildable *buildable,
           GtkBuilder   *builder,
           GObject      *child,
           const char   *type)
{
  if (GTK_IS_WIDGET (child))
    gtk_widget_set_parent (GTK_WIDGET (child), GTK_WIDGET (buildable));
  else
    parent_buildable_iface->add_child (buildable, builder, child, type);
}

static void
flitlab_height_for_width_bin_buildable_init (GtkBuildableIface *iface)
{
  parent_buildable_iface = g_type_interface_peek_parent (iface);
  iface->add_child = add_child;
}

static GtkSizeRequestMode
get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
measure (GtkWidget      *widget,
         GtkOrientation  orientation,
         int             for_size,
         int            *minimum,
         int            *natural,
         int            *minimum_baseline,
         int            *natural_baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  if (child == NULL)
    return;
  gtk_widget_measure (child, orientation,
                      orientation == GTK_ORIENTATION_HORIZONTAL ? -1 : for_size,
                      minimum, natural, minimum_baseline, natural_baseline);
}

static void
size_allocate (GtkWidget *widget,
               int        width,
               int        height,
               int        baseline)
{
  GtkWidget *child = gtk_widget_get_first_child (widget);

  if (child != NULL)
    gtk_widget_allocate (child, width, height, baseline, NULL);
}

static void
dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);
  G_OBJECT_CLASS (flitlab_height_for_width_bin_parent_class)->dispose (object);
}

static void
flitlab_height_for_width_bin_class_init (FlitlabHeightForWidthBinClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = dispose;
  widget_class->get_request_mode = get_request_mode;
  widget_class->measure = measure;
  widget_class->size_allocate = size_allocate;
}

static void
flitlab_height_for_width_bin_init (FlitlabHeightForWidthBin *self)
{
}
