/* flitlab-window-plot.c: the window's plot of the selected study or of the studies compared
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "flitlab-network-page.h"
#include "flitlab-plot-view.h"
#include "flitlab-render-plot.h"
#include "flitlab-study-plot.h"
#include "flitlab-window-private.h"

gboolean
flitlab_window_comparing (FlitlabWindow *self)
{
  return gtk_toggle_button_get_active (self->compare_button);
}

GPtrArray *
flitlab_window_dup_selected_studies (FlitlabWindow *self)
{
  GPtrArray *studies = g_ptr_array_new ();

  for (guint i = 0; i < self->study_rows->len; i++)
    {
      GtkListBoxRow *row = g_array_index (self->study_rows, FlitlabStudyRow, i).row;

      if (gtk_list_box_row_is_selected (row))
        g_ptr_array_add (studies, (gpointer) flitlab_document_get_study (self->document, i));
    }
  return studies;
}

/* The metrics of the dropdown, in its order. */
static const char * const metrics[] = {
  "latency", "transit", "network", "total", "source-transit", "throughput", "acceptance",
  "utilization", "power",
};

/* Predicting: the axes the data would have, without the data, and a question. */
static void
hide_for_guess (FlitlabPlot *plot)
{
  flitlab_plot_fix_ranges (plot);
  g_ptr_array_set_size (plot->series, 0);
  g_free (plot->title);
  plot->title = g_strdup (_("Where does it saturate? Click that load on the plot"));
}

/* The results table, when it shows: the studies of the plot, a running simulation's loads as
 * the plot has them, the load the other views show selected. */
static void
show_results (FlitlabWindow           *self,
              const FlitlabStudyTable *running)
{
  g_autoptr(GPtrArray) studies = NULL;
  int index = flitlab_window_get_selected_index (self);

  /* Kept while presenting hides it: it shows again as it was. */
  if (!gtk_toggle_button_get_active (self->table_button))
    return;
  if (flitlab_window_comparing (self))
    studies = flitlab_window_dup_selected_studies (self);
  else
    {
      studies = g_ptr_array_new ();
      if (index >= 0)
        g_ptr_array_add (studies, (gpointer) flitlab_document_get_study (self->document, index));
    }
  flitlab_results_table_show (self->results_table, (const FlitlabStudy * const *) studies->pdata,
                              flitlab_window_comparing (self) ? NULL : &running, studies->len);
  if (!flitlab_window_comparing (self) && self->load_chosen)
    flitlab_results_table_select_load (
      self->results_table, 0,
      gtk_adjustment_get_value (flitlab_network_page_get_load (self->network_page)));
}

void
flitlab_window_rebuild_plot (FlitlabWindow *self)
{
  int index = flitlab_window_get_selected_index (self);
  guint metric_index = gtk_drop_down_get_selected (self->metric_dropdown);
  const char *metric = metrics[MIN (metric_index, G_N_ELEMENTS (metrics) - 1)];
  FlitlabPlot *plot = NULL;
  g_autoptr(FlitlabStudyTable) running = NULL;

  if (flitlab_window_comparing (self))
    {
      g_autoptr(GPtrArray) studies = flitlab_window_dup_selected_studies (self);

      plot = flitlab_study_plot_new_comparison ((const FlitlabStudy * const *) studies->pdata,
                                                studies->len, metric);
    }
  else if (index >= 0)
    {
      /* A running simulation's loads show as they finish. */
      running = flitlab_document_dup_run_points (self->document, index);
      self->points_shown = running != NULL ? running->n_rows : 0;
      plot = flitlab_study_plot_new_running (flitlab_document_get_study (self->document, index),
                                             metric, running);
      if (gtk_toggle_button_get_active (self->predict_button))
        hide_for_guess (plot);
      else if (isfinite (self->guess))
        flitlab_study_plot_show_guess (plot, flitlab_document_get_study (self->document, index),
                                       self->guess);
    }
  if (plot != NULL)
    {
      plot->log_y = gtk_toggle_button_get_active (self->log_button);
      /* The load the network and flow views show, on the curve, once somebody chose it. */
      if (!flitlab_window_comparing (self) && self->load_chosen && !isfinite (self->guess))
        plot->marker =
          gtk_adjustment_get_value (flitlab_network_page_get_load (self->network_page));
    }
  flitlab_plot_view_set_plot (self->plot_view, plot);
  show_results (self, running);
}

FlitlabNetworkPage *
flitlab_window_get_compared_network (FlitlabWindow *self,
                                     int            index)
{
  GtkFlowBoxChild *child = gtk_flow_box_get_child_at_index (self->compared_networks, index);

  return child != NULL ? FLITLAB_NETWORK_PAGE (gtk_flow_box_child_get_child (child)) : NULL;
}

/* Pixels: a compared network's drawing with its controls, readable at 1280×800. */
#define COMPARED_NETWORK_HEIGHT 420

void
flitlab_window_show_compared_networks (FlitlabWindow *self,
                                       GPtrArray     *studies)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->compared_networks))) != NULL)
    gtk_flow_box_remove (self->compared_networks, child);
  for (guint i = 0; studies != NULL && i < studies->len; i++)
    {
      FlitlabNetworkPage *page = g_object_new (FLITLAB_TYPE_NETWORK_PAGE, NULL);

      flitlab_study_page_show (FLITLAB_STUDY_PAGE (page), self->document,
                               flitlab_document_find_study (self->document, studies->pdata[i]));
      flitlab_network_page_set_presenting (page, self->presenting);
      /* Below one another in a scrolled list, each needs a height of its own. */
      gtk_widget_set_size_request (GTK_WIDGET (page), -1, COMPARED_NETWORK_HEIGHT);
      gtk_flow_box_append (self->compared_networks, GTK_WIDGET (page));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->compared_scroller), studies != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->network_page), studies == NULL);
}

void
flitlab_window_show_comparison (FlitlabWindow *self)
{
  g_autoptr(GPtrArray) studies = flitlab_window_dup_selected_studies (self);
  g_autofree char *title = NULL;

  /* Translators: the title of comparison mode; %u is the number of studies overlaid */
  title = g_strdup_printf (ngettext ("Comparing %u study", "Comparing %u studies", studies->len),
                           studies->len);
  gtk_label_set_text (self->study_title, title);
  gtk_label_set_text (self->study_notes,
                      _("Ctrl+click or Shift+click studies in the list to add or take them away."));
  gtk_widget_set_visible (GTK_WIDGET (self->study_notes), !self->presenting);
  flitlab_window_rebuild_plot (self);
  flitlab_window_show_compared_networks (self, studies);
}

/* Predict: the data hides until the class clicks its guess; turning it off forgets the guess. */
static void
on_predict_toggled (FlitlabWindow *self)
{
  self->guess = NAN;
  flitlab_plot_view_reset_zoom (self->plot_view);
  flitlab_window_rebuild_plot (self);
}

static void
on_load_clicked (FlitlabWindow *self,
                 double         load)
{
  if (!gtk_toggle_button_get_active (self->predict_button))
    return;
  g_signal_handlers_block_by_func (self->predict_button, on_predict_toggled, self);
  gtk_toggle_button_set_active (self->predict_button, FALSE);
  g_signal_handlers_unblock_by_func (self->predict_button, on_predict_toggled, self);
  self->guess = load;
  flitlab_window_rebuild_plot (self);
}

/* A row of the results table selected: its load in the network and flow views, marked on the
 * plot, as moving their load slider would. */
static void
on_results_load_selected (FlitlabWindow *self,
                          guint          study,
                          double         load)
{
  self->load_chosen = TRUE;
  gtk_adjustment_set_value (flitlab_network_page_get_load (self->network_page), load);
  flitlab_window_rebuild_plot (self);
}

/* Once the table has its place on the page: the page scrolled to its end, where the table is
 * whole, and the focus in it. */
static gboolean
focus_results (gpointer data)
{
  FlitlabWindow *self = data;
  GtkWidget *page = gtk_widget_get_ancestor (GTK_WIDGET (self->results_table),
                                             GTK_TYPE_SCROLLED_WINDOW);

  if (gtk_widget_get_mapped (GTK_WIDGET (self->results_table)))
    {
      GtkAdjustment *down = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (page));

      gtk_widget_grab_focus (GTK_WIDGET (self->results_table));
      gtk_adjustment_set_value (down, gtk_adjustment_get_upper (down) -
                                      gtk_adjustment_get_page_size (down));
    }
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

/* The table shows below the plot, and comes into view. */
static void
on_table_toggled (FlitlabWindow *self)
{
  gboolean on = gtk_toggle_button_get_active (self->table_button);

  gtk_widget_set_visible (GTK_WIDGET (self->results_table), on);
  flitlab_window_rebuild_plot (self);
  /* After the layout that gives it its place (an idle runs after the frame's). */
  if (on)
    g_idle_add (focus_results, g_object_ref (self));
}

void
flitlab_window_plot_init (FlitlabWindow *self)
{
  g_signal_connect_object (self->metric_dropdown, "notify::selected",
                           G_CALLBACK (flitlab_window_rebuild_plot), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->log_button, "toggled", G_CALLBACK (flitlab_window_rebuild_plot),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->predict_button, "toggled", G_CALLBACK (on_predict_toggled), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->plot_view, "load-clicked", G_CALLBACK (on_load_clicked), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->table_button, "toggled", G_CALLBACK (on_table_toggled), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->results_table, "load-selected",
                           G_CALLBACK (on_results_load_selected), self, G_CONNECT_SWAPPED);
}
