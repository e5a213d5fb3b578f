/* flitlab-flow-page.c: a study's model drawn as its paper's flow diagram, at a chosen load
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model is evaluated afresh whenever the load slider moves (milliseconds), so the classes'
 * colours and numbers follow the curve live.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "flitlab-export.h"
#include "flitlab-flow-page.h"
#include "flitlab-render-flow.h"

struct _FlitlabFlowPage
{
  GtkBox              parent_instance;

  /* Template children */
  GtkDrawingArea     *area;
  GtkScale           *load_scale;
  GtkDropDown        *model_dropdown;

  const FlitlabStudy *study;    /* not owned */
  FlitlabModel       *model;    /* the chosen model, built from its parameters */
  FlitlabModelPoint  *point;    /* at the slider's load */
  double              scale;
  gboolean            updating;
};

G_DEFINE_FINAL_TYPE (FlitlabFlowPage, flitlab_flow_page, GTK_TYPE_BOX)

static void
evaluate (FlitlabFlowPage *self)
{
  g_clear_pointer (&self->point, flitlab_model_point_free);
  if (self->model != NULL)
    self->point = flitlab_model_evaluate_detail (self->model, gtk_range_get_value (GTK_RANGE (self->load_scale)));
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

static void
on_model_chosen (FlitlabFlowPage *self)
{
  guint chosen = gtk_drop_down_get_selected (self->model_dropdown);
  const FlitlabStudyModel *entry;
  double lo, hi;

  if (self->updating || self->study == NULL || chosen >= self->study->models->len)
    return;
  entry = self->study->models->pdata[chosen];
  g_clear_pointer (&self->model, flitlab_model_free);
  self->model = flitlab_model_new (entry->id, entry->params, NULL);
  /* The slider spans the study's loads; it starts where the exported figure is drawn
   * (flitlab-export.h's rule: four fifths of the saturation). */
  lo = self->study->rate_min;
  hi = MAX (self->study->rate_max, lo + 1e-9);
  self->updating = TRUE;
  gtk_range_set_range (GTK_RANGE (self->load_scale), lo, hi);
  gtk_range_set_increments (GTK_RANGE (self->load_scale), (hi - lo) / 100, (hi - lo) / 10);
  if (self->model != NULL)
    gtk_range_set_value (GTK_RANGE (self->load_scale), flitlab_export_model_load (self->study, self->model));
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

  if (self->model == NULL || self->point == NULL)
    return;
  cairo_scale (cr, self->scale, self->scale);
  flitlab_render_flow (cr, self->model, self->point, width / self->scale, height / self->scale);
}

void
flitlab_flow_page_set_study (FlitlabFlowPage    *self,
                             const FlitlabStudy *study)
{
  g_autoptr(GtkStringList) names = gtk_string_list_new (NULL);

  g_return_if_fail (FLITLAB_IS_FLOW_PAGE (self));

  self->study = study;
  g_clear_pointer (&self->model, flitlab_model_free);
  g_clear_pointer (&self->point, flitlab_model_point_free);
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
flitlab_flow_page_focus_figure (FlitlabFlowPage *self)
{
  g_return_if_fail (FLITLAB_IS_FLOW_PAGE (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->area));
}

void
flitlab_flow_page_set_scale (FlitlabFlowPage *self,
                             double           scale)
{
  g_return_if_fail (FLITLAB_IS_FLOW_PAGE (self));

  self->scale = MAX (scale, 1);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
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
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/flitlab/Flitlab/ui/flitlab-flow-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FlitlabFlowPage, area);
  gtk_widget_class_bind_template_child (widget_class, FlitlabFlowPage, load_scale);
  gtk_widget_class_bind_template_child (widget_class, FlitlabFlowPage, model_dropdown);
}

static void
flitlab_flow_page_init (FlitlabFlowPage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->scale = 1;
  gtk_drawing_area_set_draw_func (self->area, draw, self, NULL);
  /* The figure takes the keyboard when shown, so that keys never reach a header button. */
  gtk_widget_set_focusable (GTK_WIDGET (self->area), TRUE);
  g_signal_connect_swapped (self->model_dropdown, "notify::selected", G_CALLBACK (on_model_chosen), self);
  g_signal_connect_swapped (self->load_scale, "value-changed", G_CALLBACK (on_load_changed), self);
}
