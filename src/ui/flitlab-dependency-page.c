/* flitlab-dependency-page.c: the study's routing's channel dependency graph
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-channel-dependency.h"
#include "flitlab-dependency-page.h"
#include "flitlab-render-dependency.h"

struct _FlitlabDependencyPage
{
  FlitlabStudyPage          parent_instance;
  GtkDrawingArea           *area;
  FlitlabTopology          *topology;
  FlitlabChannelDependency *graph;       /* NULL while it is built, or when there is none */
  FlitlabRouting            routing;
  GCancellable             *cancellable; /* of the graph being built */
  GArray                   *deadlock;    /* guint: the animation's deadlock, a channel cycle */
  char                     *network;     /* the topology spec the deadlock was found on */
};

G_DEFINE_FINAL_TYPE (FlitlabDependencyPage, flitlab_dependency_page, FLITLAB_TYPE_STUDY_PAGE)

/* What the worker builds the graph from: the study may change meanwhile, the network (a
 * reference) does not. */
typedef struct
{
  FlitlabTopology *topology;
  FlitlabRouting   routing;
  guint            vcs;
} Request;

static void
request_free (Request *request)
{
  g_clear_pointer (&request->topology, flitlab_topology_free);
  g_free (request);
}

gboolean
flitlab_dependency_page_get_figure (FlitlabDependencyPage   *self,
                                    FlitlabDependencyFigure *figure)
{
  g_return_val_if_fail (FLITLAB_IS_DEPENDENCY_PAGE (self), FALSE);

  *figure = (FlitlabDependencyFigure) {
    .topology = self->topology,
    .graph = self->graph,
    .routing = self->routing,
    .highlight = (const guint *) self->deadlock->data,
    .n_highlight = self->deadlock->len,
  };
  return self->graph != NULL;
}

static void
draw (GtkDrawingArea *area,
      cairo_t        *cr,
      int             width,
      int             height,
      gpointer        data)
{
  FlitlabDependencyPage *self = data;
  FlitlabDependencyFigure figure;
  double scale = flitlab_study_page_get_scale (FLITLAB_STUDY_PAGE (self));

  if (!flitlab_dependency_page_get_figure (self, &figure))
    return;
  cairo_scale (cr, scale, scale);
  flitlab_render_dependency (cr, &figure, width / scale, height / scale, NULL);
}

/* The verdict, for those who cannot see the red cycle or the black deadlock. */
static void
describe (FlitlabDependencyPage *self)
{
  const char *verdict = self->graph == NULL ? ""
                        : flitlab_channel_dependency_has_cycle (self->graph)
                        ? _("The graph has a cycle: the routing can deadlock.")
                        : _("The graph has no cycle: the routing is free of deadlock.");
  g_autofree char *text = NULL;

  if (self->graph != NULL && self->deadlock->len > 0)
    /* Translators: the verdict, then the animation's deadlock drawn on the graph */
    text = g_strdup_printf (ngettext ("%s The deadlock the animation found is drawn in black: %u "
                                      "channel, each waited for by the worm holding the one "
                                      "before.",
                                      "%s The deadlock the animation found is drawn in black: %u "
                                      "channels, each waited for by the worm holding the one "
                                      "before.",
                                      self->deadlock->len), verdict, self->deadlock->len);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text != NULL ? text : verdict, -1);
}

static void
build_worker (GTask        *task,
              gpointer      source,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Request *request = task_data;
  g_autoptr(GError) error = NULL;
  FlitlabChannelDependency *graph = flitlab_channel_dependency_new (request->topology,
                                                                    request->routing,
                                                                    request->vcs, &error);

  if (graph == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  /* A file network's graph is ranked by Graphviz: here, not in the first drawing. */
  flitlab_render_dependency_prepare (request->topology, graph);
  g_task_return_pointer (task, graph, (GDestroyNotify) flitlab_channel_dependency_free);
}

static void
on_built (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  g_autoptr(GError) error = NULL;
  FlitlabChannelDependency *graph = g_task_propagate_pointer (G_TASK (result), &error);
  FlitlabDependencyPage *self;

  /* Cancelled: another study is shown, or the page is gone. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self = FLITLAB_DEPENDENCY_PAGE (source);
  self->graph = graph;
  flitlab_study_page_show_message (FLITLAB_STUDY_PAGE (self),
                                   graph == NULL ? error->message : NULL);
  describe (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

static void
show_study (FlitlabStudyPage   *page,
            const FlitlabStudy *study)
{
  FlitlabDependencyPage *self = FLITLAB_DEPENDENCY_PAGE (page);
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  Request *request;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->graph, flitlab_channel_dependency_free);
  g_clear_pointer (&self->topology, flitlab_topology_free);
  /* The network page says when its deadlock goes; whenever this page is given its study, a
   * deadlock on the same network stays. */
  if (study == NULL || g_strcmp0 (study->topology, self->network) != 0)
    g_array_set_size (self->deadlock, 0);
  g_free (self->network);
  self->network = study != NULL ? g_strdup (study->topology) : NULL;
  flitlab_study_page_show_message (page, NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
  if (study == NULL)
    return;
  self->routing = study->routing;
  if (self->routing != FLITLAB_ROUTING_DOR && self->routing != FLITLAB_ROUTING_ADAPTIVE &&
      self->routing != FLITLAB_ROUTING_UPDOWN && self->routing != FLITLAB_ROUTING_SHORTEST)
    {
      flitlab_study_page_show_message (page, _("No channel dependency graph for this study: it is "
                                               "drawn for dimension-ordered, adaptive, up*/down* "
                                               "and shortest-path routing, and this study routes "
                                               "otherwise."));
      return;
    }
  if (flitlab_study_get_topology (study, &error) == NULL)
    {
      flitlab_study_page_show_message (page, error->message);
      return;
    }
  /* Shared with the study: an edit sets another network, never changes this one. */
  self->topology = flitlab_topology_ref (flitlab_study_get_topology (study, NULL));
  request = g_new0 (Request, 1);
  request->topology = flitlab_topology_ref (self->topology);
  request->routing = self->routing;
  request->vcs = study->simulation.vcs;
  self->cancellable = g_cancellable_new ();
  task = g_task_new (self, self->cancellable, on_built, NULL);
  g_task_set_name (task, "[flitlab] channel dependency graph");
  g_task_set_task_data (task, request, (GDestroyNotify) request_free);
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, build_worker);
}

void
flitlab_dependency_page_set_deadlock (FlitlabDependencyPage *self,
                                      const guint           *channels,
                                      guint                  n_channels)
{
  g_return_if_fail (FLITLAB_IS_DEPENDENCY_PAGE (self));
  g_return_if_fail (channels != NULL || n_channels == 0);

  g_array_set_size (self->deadlock, 0);
  if (n_channels > 0)
    g_array_append_vals (self->deadlock, channels, n_channels);
  describe (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

static void
flitlab_dependency_page_dispose (GObject *object)
{
  FlitlabDependencyPage *self = FLITLAB_DEPENDENCY_PAGE (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->graph, flitlab_channel_dependency_free);
  g_clear_pointer (&self->topology, flitlab_topology_free);
  G_OBJECT_CLASS (flitlab_dependency_page_parent_class)->dispose (object);
}

static void
flitlab_dependency_page_finalize (GObject *object)
{
  FlitlabDependencyPage *self = FLITLAB_DEPENDENCY_PAGE (object);

  g_array_unref (self->deadlock);
  g_free (self->network);
  G_OBJECT_CLASS (flitlab_dependency_page_parent_class)->finalize (object);
}

static void
flitlab_dependency_page_class_init (FlitlabDependencyPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = flitlab_dependency_page_dispose;
  G_OBJECT_CLASS (klass)->finalize = flitlab_dependency_page_finalize;
  FLITLAB_STUDY_PAGE_CLASS (klass)->show_study = show_study;
}

static void
flitlab_dependency_page_init (FlitlabDependencyPage *self)
{
  GtkLabel *message = GTK_LABEL (gtk_label_new (NULL));

  self->deadlock = g_array_new (FALSE, FALSE, sizeof (guint));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 12);
  gtk_label_set_wrap (message, TRUE);
  gtk_label_set_xalign (message, 0);
  gtk_widget_add_css_class (GTK_WIDGET (message), "dim-label");
  gtk_widget_set_visible (GTK_WIDGET (message), FALSE);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (message));
  self->area = GTK_DRAWING_AREA (gtk_drawing_area_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (self->area), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self->area), TRUE);
  gtk_drawing_area_set_content_height (self->area, 300);
  gtk_drawing_area_set_draw_func (self->area, draw, self, NULL);
  flitlab_study_page_set_parts (FLITLAB_STUDY_PAGE (self), GTK_WIDGET (self->area), message);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Channel dependency graph"), -1);
  gtk_box_append (GTK_BOX (self), GTK_WIDGET (self->area));
}
