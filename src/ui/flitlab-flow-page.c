/* flitlab-flow-page.c: a study's model drawn as its paper's flow diagram, at a chosen load
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model is evaluated afresh whenever the load slider moves (milliseconds), so the classes'
 * colours and numbers follow the curve live. Hovering a class's box shows its numbers; clicking
 * it emits "class-activated" with the channels that carry it, for the network view.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-document.h"
#include "flitlab-export.h"
#include "flitlab-flow-page.h"
#include "flitlab-render-flow.h"
#include "flitlab-topology.h"

struct _FlitlabFlowPage
{
  FlitlabStudyPage    parent_instance;

  /* Template children */
  GtkDrawingArea     *area;
  GtkWidget          *controls;
  GtkScale           *load_scale;
  GtkDropDown        *model_dropdown;
  GtkLabel           *source_label;
  GtkLabel           *message;

  FlitlabModel       *model;    /* the chosen model, built from its parameters */
  FlitlabModelPoint  *point;    /* at the slider's load */
  gboolean            updating;
  gboolean            presenting;
  gboolean            same_network; /* the model's topology is the study's: its channel ids hold */
  GArray             *boxes;    /* FlitlabFlowBox as last drawn, or NULL: laid out on demand */
  int                 hovered;  /* the class under the pointer, or -1 */
  char               *hover_text;
};

enum
{
  CLASS_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (FlitlabFlowPage, flitlab_flow_page, FLITLAB_TYPE_STUDY_PAGE)

static const FlitlabStudy *
shown_study (FlitlabFlowPage *self)
{
  return flitlab_study_page_get_study (FLITLAB_STUDY_PAGE (self));
}

static double
scale_of (FlitlabFlowPage *self)
{
  return flitlab_study_page_get_scale (FLITLAB_STUDY_PAGE (self));
}

static void
evaluate (FlitlabFlowPage *self)
{
  g_clear_pointer (&self->boxes, g_array_unref);
  g_clear_pointer (&self->point, flitlab_model_point_free);
  /* The numbers change with the load: the tooltip is made again on the next motion. */
  self->hovered = -1;
  g_clear_pointer (&self->hover_text, g_free);
  if (self->model != NULL)
    self->point =
      flitlab_model_evaluate_detail (self->model,
                                     gtk_range_get_value (GTK_RANGE (self->load_scale)));
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

/* The caption under the drawing: the paper's figures it follows (info's; NULL: as it is),
 * kept out of the drawing, since a figure for a paper takes its author's caption; hidden
 * while presenting and when there is none. */
static void
show_source (FlitlabFlowPage        *self,
             const FlitlabModelInfo *info)
{
  if (info != NULL)
    gtk_label_set_text (self->source_label, info->flow_source != NULL ? _(info->flow_source) : "");
  gtk_widget_set_visible (GTK_WIDGET (self->source_label),
                          gtk_label_get_text (self->source_label)[0] != '\0' && !self->presenting);
}

/* Why no diagram is drawn, above the empty drawing; NULL: none (a diagram is drawn). */
static void
on_model_chosen (FlitlabFlowPage *self)
{
  guint chosen = gtk_drop_down_get_selected (self->model_dropdown);
  const FlitlabStudy *study = shown_study (self);
  const FlitlabStudyModel *entry;
  g_autoptr(GError) error = NULL;
  double lo, hi;

  if (self->updating || study == NULL || chosen >= study->models->len)
    return;
  entry = study->models->pdata[chosen];
  g_clear_pointer (&self->model, flitlab_model_free);
  self->model = flitlab_model_new (entry->id, entry->params, &error);
  flitlab_study_page_show_message (FLITLAB_STUDY_PAGE (self),
                                   error != NULL ? error->message : NULL);
  show_source (self, flitlab_model_lookup (entry->id));
  self->same_network = FALSE;
  if (self->model != NULL)
    {
      const FlitlabTopology *network = flitlab_study_get_topology (study, NULL);

      /* The same network, as flitlab-export.c's heatmap rule asks. */
      self->same_network = network != NULL && flitlab_model_describes (self->model, network);
    }
  /* The slider spans the study's loads; it starts where the exported figure is drawn
   * (flitlab-export.h's rule: four fifths of the saturation). */
  lo = study->rate_min;
  hi = MAX (study->rate_max, lo + 1e-9);
  self->updating = TRUE;
  gtk_range_set_range (GTK_RANGE (self->load_scale), lo, hi);
  gtk_range_set_increments (GTK_RANGE (self->load_scale), (hi - lo) / 100, (hi - lo) / 10);
  if (self->model != NULL)
    gtk_range_set_value (GTK_RANGE (self->load_scale),
                         flitlab_export_model_load (study, self->model));
  self->updating = FALSE;
  evaluate (self);
}

static void
on_load_changed (FlitlabFlowPage *self)
{
  if (!self->updating)
    evaluate (self);
}

static void
draw (GtkDrawingArea *area,
      cairo_t        *cr,
      int             width,
      int             height,
      gpointer        user_data)
{
  FlitlabFlowPage *self = user_data;

  g_clear_pointer (&self->boxes, g_array_unref);
  if (self->model == NULL || self->point == NULL)
    return;
  cairo_scale (cr, scale_of (self), scale_of (self));
  flitlab_render_flow (cr, self->model, self->point, width / scale_of (self),
                       height / scale_of (self));
}

/* The class drawn at (x, y) of the widget, or -1. */
static int
class_at (FlitlabFlowPage *self,
          double           x,
          double           y)
{
  GtkWidget *area = GTK_WIDGET (self->area);

  if (self->model == NULL || self->point == NULL)
    return -1;
  if (self->boxes == NULL)
    self->boxes = flitlab_render_flow_boxes (self->model, self->point,
                                             gtk_widget_get_width (area) / scale_of (self),
                                             gtk_widget_get_height (area) / scale_of (self), 0);
  return flitlab_render_flow_box_at (self->boxes, x / scale_of (self), y / scale_of (self));
}

/* The network links that carry class k of the point (NULL: none, or another network). */
static GArray *
class_links (FlitlabFlowPage *self,
             guint            k)
{
  g_autoptr(GArray) channels = flitlab_render_flow_class_channels (self->point, k);
  const FlitlabTopology *topology = flitlab_model_get_topology (self->model);
  GArray *links;

  if (channels == NULL || !self->same_network || topology == NULL)
    return NULL;
  links = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < channels->len; i++)
    if (g_array_index (channels, guint, i) < flitlab_topology_get_n_network_channels (topology))
      g_array_append_val (links, g_array_index (channels, guint, i));
  return links;
}

static char *
describe_class (FlitlabFlowPage *self,
                guint            k)
{
  const FlitlabModelClass *c = &g_array_index (self->point->classes, FlitlabModelClass, k);
  g_autoptr(GArray) channels = flitlab_render_flow_class_channels (self->point, k);
  g_autoptr(GArray) links = class_links (self, k);
  g_autofree char *name = flitlab_render_flow_class_name (c->name);
  GString *text = g_string_new (name);

  /* Translators: the numbers of one channel class of the flow diagram, in a tooltip */
  g_string_append_printf (text, _("\nflow λ %.4g messages per cycle per channel\n"
                                  "service time T %.4g cycles\nwaiting time W %.4g cycles\n"
                                  "utilization %.1f %%"),
                          c->flow, c->time, c->wait, 100 * c->utilization);
  if (channels != NULL && channels->len > 0)
    {
      const char *pattern = self->point->channel_class[g_array_index (channels, guint, 0)];

      /* A link carries more classes than this one (every c[d,i] of its dimension): say so. */
      if (!g_str_has_prefix (c->name, pattern))
        {
          g_autofree char *shown = flitlab_render_flow_class_name (pattern);

          g_string_append_printf (text, _("\nIts links carry every class %s"), shown);
        }
    }
  if (links != NULL && links->len > 0)
    g_string_append_printf (text, ngettext ("\nClick to show its %u link in the Network view",
                                            "\nClick to show its %u links in the Network view",
                                            links->len),
                            links->len);
  else if (links != NULL)
    g_string_append (text,
                     _("\nIts channels join each node to its router: the Network view draws no "
                       "links for them"));
  else if (channels != NULL)
    g_string_append (text, _("\nThe model describes another network than the study's"));
  else
    g_string_append (text, _("\nNot a class of channels: nothing to show in the Network view"));
  return g_string_free (text, FALSE);
}

static void
on_motion (FlitlabFlowPage *self,
           double           x,
           double           y)
{
  int k = class_at (self, x, y);

  if (k == self->hovered)
    return;
  self->hovered = k;
  g_clear_pointer (&self->hover_text, g_free);
  if (k >= 0)
    self->hover_text = describe_class (self, k);
  gtk_widget_trigger_tooltip_query (GTK_WIDGET (self->area));
}

static void
on_leave (FlitlabFlowPage *self)
{
  self->hovered = -1;
  g_clear_pointer (&self->hover_text, g_free);
}

/* Through query-tooltip, as the plot does: the tooltip text would also become the figure's
 * accessible description. */
static gboolean
on_query_tooltip (GtkWidget  *area,
                  int         x,
                  int         y,
                  gboolean    keyboard,
                  GtkTooltip *tooltip,
                  gpointer    user_data)
{
  FlitlabFlowPage *self = user_data;

  if (self->hover_text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, self->hover_text);
  return TRUE;
}

static void
on_click (FlitlabFlowPage *self,
          int              n_press,
          double           x,
          double           y)
{
  int k = class_at (self, x, y);
  g_autoptr(GArray) links = NULL;
  g_autofree char *caption = NULL, *name = NULL;

  gtk_widget_grab_focus (GTK_WIDGET (self->area));
  if (k < 0 || (links = class_links (self, k)) == NULL || links->len == 0)
    return;
  name = flitlab_render_flow_class_name (g_array_index (self->point->classes,
                                                        FlitlabModelClass, k).name);
  /* Translators: under the network after a class of the flow diagram was clicked; %s: the
   * class, %u: how many links */
  caption = g_strdup_printf (ngettext ("Class %s of the flow diagram: the %u link that carries it, "
                                       "in bold.",
                                       "Class %s of the flow diagram: the %u links that carry it, "
                                       "in bold.", links->len),
                             name, links->len);
  g_signal_emit (self, signals[CLASS_ACTIVATED], 0, caption, links);
}

static void
show_study (FlitlabStudyPage   *page,
            const FlitlabStudy *study)
{
  FlitlabFlowPage *self = FLITLAB_FLOW_PAGE (page);
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  g_clear_pointer (&self->model, flitlab_model_free);
  g_clear_pointer (&self->point, flitlab_model_point_free);
  gtk_label_set_text (self->source_label, "");
  show_source (self, NULL);
  flitlab_study_page_show_message (FLITLAB_STUDY_PAGE (self),
                                   study != NULL && study->models->len == 0
                                   ? _("This study has no model, so no flow diagram: the diagram "
                                       "draws an analytical model's channel classes at a load. Its "
                                       "simulation is in the plot and the network.")
                                   : NULL);
  gtk_widget_set_sensitive (self->controls, study != NULL && study->models->len > 0);
  /* Named as the plot's legend names them (the citation), not by the id a person never typed. */
  for (guint m = 0; study != NULL && m < study->models->len; m++)
    {
      const char *id = ((FlitlabStudyModel *) study->models->pdata[m])->id;
      const FlitlabModelInfo *info = flitlab_model_lookup (id);

      gtk_string_list_append (names, info != NULL ? _(info->citation) : id);
    }

  self->updating = TRUE;
  gtk_drop_down_set_model (self->model_dropdown, G_LIST_MODEL (names));
  gtk_drop_down_set_selected (self->model_dropdown, 0);
  self->updating = FALSE;
  on_model_chosen (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

void
flitlab_flow_page_share_load (FlitlabFlowPage *self,
                              GtkAdjustment   *load)
{
  g_return_if_fail (FLITLAB_IS_FLOW_PAGE (self));

  gtk_range_set_adjustment (GTK_RANGE (self->load_scale), load);
}

FlitlabModel *
flitlab_flow_page_get_model (FlitlabFlowPage *self,
                             double          *rate)
{
  g_return_val_if_fail (FLITLAB_IS_FLOW_PAGE (self), NULL);

  if (rate != NULL)
    *rate = gtk_range_get_value (GTK_RANGE (self->load_scale));
  return self->model;
}

void
flitlab_flow_page_set_presenting (FlitlabFlowPage *self,
                                  gboolean         presenting)
{
  g_return_if_fail (FLITLAB_IS_FLOW_PAGE (self));

  self->presenting = presenting;
  gtk_widget_set_visible (self->controls, !presenting);
  show_source (self, NULL);
}

static void
flitlab_flow_page_dispose (GObject *object)
{
  FlitlabFlowPage *self = FLITLAB_FLOW_PAGE (object);

  self->updating = TRUE;
  gtk_widget_dispose_template (GTK_WIDGET (self), FLITLAB_TYPE_FLOW_PAGE);
  G_OBJECT_CLASS (flitlab_flow_page_parent_class)->dispose (object);
}

static void
flitlab_flow_page_finalize (GObject *object)
{
  FlitlabFlowPage *self = FLITLAB_FLOW_PAGE (object);

  g_clear_pointer (&self->boxes, g_array_unref);
  g_clear_pointer (&self->hover_text, g_free);
  g_clear_pointer (&self->point, flitlab_model_point_free);
  g_clear_pointer (&self->model, flitlab_model_free);
  G_OBJECT_CLASS (flitlab_flow_page_parent_class)->finalize (object);
}

static void
flitlab_flow_page_class_init (FlitlabFlowPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = flitlab_flow_page_dispose;
  object_class->finalize = flitlab_flow_page_finalize;
  FLITLAB_STUDY_PAGE_CLASS (klass)->show_study = show_study;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/flitlab/Flitlab/ui/"
                                               "flitlab-flow-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FlitlabFlowPage, area);
  gtk_widget_class_bind_template_child (widget_class, FlitlabFlowPage, controls);
  gtk_widget_class_bind_template_child (widget_class, FlitlabFlowPage, source_label);
  gtk_widget_class_bind_template_child (widget_class, FlitlabFlowPage, message);
  gtk_widget_class_bind_template_child (widget_class, FlitlabFlowPage, load_scale);
  gtk_widget_class_bind_template_child (widget_class, FlitlabFlowPage, model_dropdown);

  /* A class was clicked: caption (what the network view shows, in a sentence) and the network
   * channel ids (GArray of guint) of the model's topology, which is the study's. */
  signals[CLASS_ACTIVATED] = g_signal_new ("class-activated", G_TYPE_FROM_CLASS (klass),
                                           G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 2,
                                           G_TYPE_STRING, G_TYPE_ARRAY);
}

static void
flitlab_flow_page_init (FlitlabFlowPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->area, draw, self, NULL);
  flitlab_study_page_set_parts (FLITLAB_STUDY_PAGE (self), GTK_WIDGET (self->area), self->message);
  g_signal_connect_swapped (self->model_dropdown, "notify::selected", G_CALLBACK (on_model_chosen),
                            self);
  g_signal_connect_swapped (self->load_scale, "value-changed", G_CALLBACK (on_load_changed), self);

  self->hovered = -1;
  {
    GtkEventController *motion = gtk_event_controller_motion_new ();
    GtkGesture *click = gtk_gesture_click_new ();

    gtk_widget_set_has_tooltip (GTK_WIDGET (self->area), TRUE);
    g_signal_connect (self->area, "query-tooltip", G_CALLBACK (on_query_tooltip), self);
    g_signal_connect_swapped (motion, "motion", G_CALLBACK (on_motion), self);
    g_signal_connect_swapped (motion, "leave", G_CALLBACK (on_leave), self);
    g_signal_connect_swapped (click, "pressed", G_CALLBACK (on_click), self);
    gtk_widget_add_controller (GTK_WIDGET (self->area), motion);
    gtk_widget_add_controller (GTK_WIDGET (self->area), GTK_EVENT_CONTROLLER (click));
  }
}
