/* flitlab-network-page-replay.c: the Network page's animation of a trace study: its channels'
 * utilisation window by window as the trace replays
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A trace study has no Poisson replication to watch cycle by cycle: Play replays the trace at
 * the slider's load on a worker thread (flitlab-sim-replay.h) and shows each window's
 * utilisation on the fixed 0–1 colour bar as soon as the replay has passed it, with the flit
 * animation's controls: Play and Pause, Step (one window), the speed menu (windows per second).
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "flitlab-network-page-private.h"
#include "flitlab-study-run.h"
#include "flitlab-study-trace.h"

/* The speed menu's windows per second, item by item (the flit animation's cycles per second). */
static const double window_speeds[] = { 1, 4, 15, 60 };
static const char *window_speed_labels[] = {
  N_("1 window/s"), N_("4 windows/s"), N_("15 windows/s"), N_("60 windows/s"),
};
static const char *cycle_speed_labels[] = {
  N_("2 cycles/s"), N_("10 cycles/s"), N_("60 cycles/s"), N_("300 cycles/s"),
};
/* The trace at its load is cut into about this many windows, and frames kept to this many
 * numbers: a trace of any length plays in a minute at 4 windows/s, in bounded memory. */
#define WINDOWS           200
#define MAX_FRAME_VALUES  (4u * 1024u * 1024u)

/* What the replay's worker needs, and what it says of its progress. */
typedef struct
{
  FlitlabSimConfig    *config;
  FlitlabStudyTrace   *trace;
  FlitlabReplayFrames *frames;  /* shared with the page */
  FlitlabReplayOptions options;
  GMutex               lock;
  double               done;    /* the share of the trace's messages delivered */
  gboolean             pending; /* an idle is on its way to show it */
} Replay;

static void
replay_free (Replay *data)
{
  flitlab_sim_config_free (data->config);
  flitlab_study_trace_unref (data->trace);
  flitlab_replay_frames_unref (data->frames);
  g_mutex_clear (&data->lock);
  g_free (data);
}

gboolean
flitlab_network_page_is_replay (FlitlabNetworkPage *self)
{
  const FlitlabStudy *study = shown_study (self);

  return study != NULL && study->pattern == FLITLAB_TRAFFIC_TRACE;
}

/* The speed menu and the Step button's words, for a trace study's windows or for cycles. */
void
flitlab_network_page_replay_set_controls (FlitlabNetworkPage *self)
{
  gboolean windows = flitlab_network_page_is_replay (self);
  const char **labels = windows ? window_speed_labels : cycle_speed_labels;
  g_autoptr(GtkStringList) items = gtk_string_list_new (NULL);
  guint selected = gtk_drop_down_get_selected (self->speed_dropdown);

  for (guint i = 0; i < G_N_ELEMENTS (window_speeds); i++)
    gtk_string_list_append (items, _(labels[i]));
  gtk_drop_down_set_model (self->speed_dropdown, G_LIST_MODEL (items));
  gtk_drop_down_set_selected (self->speed_dropdown, selected);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->play_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  windows ? _("Replay the trace") : _("Play the simulation"), -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->step_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  windows ? _("One window forward") : _("One cycle forward"), -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->play_button),
                               windows ? _("Replay the trace window by window (Space)")
                                       : _("Play the simulation on the network (Space)"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->step_button),
                               windows ? _("One window forward (Right arrow; Up and Down change "
                                           "the speed)")
                                       : _("One cycle forward (Right arrow; Up and Down change "
                                           "the speed)"));
}

/* The frame shown: its channels' utilisation on a fixed colour bar, what it is in words. */
static void
show_frame (FlitlabNetworkPage *self,
            guint64             start,
            guint64             cycles,
            const double       *values)
{
  const FlitlabTopology *topology = flitlab_topology_figure_get_topology (self->figure);
  guint n = flitlab_topology_get_n_channels (topology);
  guint n_network = flitlab_topology_get_n_network_channels (topology);
  guint busiest = 0;
  g_autofree char *first = g_strdup_printf ("%" G_GUINT64_FORMAT, start);
  g_autofree char *last = g_strdup_printf ("%" G_GUINT64_FORMAT, start + cycles - 1);
  g_autofree char *text = NULL, *clock = NULL;

  for (guint c = 1; c < n_network; c++)
    if (values[c] > values[busiest])
      busiest = c;
  flitlab_topology_figure_set_values (self->figure, values, n);
  self->figure->colormap = FLITLAB_COLORMAP_VIRIDIS;
  self->figure->value_min = 0;
  self->figure->value_max = 1;
  g_free (self->figure->value_label);
  self->figure->value_label = g_strdup (_("Utilization in the window (share of cycles a flit "
                                          "crossed)"));
  if (n_network > 0 && !(values[busiest] > 0))
    {
      /* Translators: a trace's animation: a window of cycles in which the network was idle */
      text = g_strdup_printf (_("Cycles %s to %s: no flit crossed a link. Each window is "
                                "coloured by its own traffic."), first, last);
      gtk_label_set_text (self->status_label, text);
    }
  else if (n_network > 0)
    {
      const FlitlabChannel *channel = flitlab_topology_get_channel (topology, busiest);

      /* Translators: a trace's animation: the window's cycles, then its busiest channel's
       * nodes and utilization */
      text = g_strdup_printf (_("Cycles %s to %s: the busiest channel, node %u to node %u, "
                                "carried a flit in %.0f%% of them. Each window is coloured by "
                                "its own traffic."), first, last, channel->src, channel->dst,
                              100 * values[busiest]);
      gtk_label_set_text (self->status_label, text);
    }
  /* Translators: beside the animation's buttons: a trace study's load, the window's cycles */
  clock = g_strdup_printf (_("Load %.4g, cycles %s–%s"), self->frames_rate, first, last);
  gtk_label_set_text (self->cycle_label, clock);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

/* Shows the frame at self->frame_cycle if the replay has passed it; FALSE when it has not yet
 * (the status says how far it is) or the trace has ended (the status says how it went). */
static gboolean
show_frame_at_cursor (FlitlabNetworkPage *self)
{
  guint n = flitlab_topology_get_n_channels (flitlab_topology_figure_get_topology (self->figure));
  g_autofree double *values = g_new (double, n);
  guint64 start, cycles;
  gboolean finished;

  if (flitlab_replay_frames_lookup (self->frames, self->frame_cycle, &start, &cycles, values))
    {
      self->frame_end = start + cycles;
      show_frame (self, start, cycles, values);
      return TRUE;
    }
  flitlab_replay_frames_get_end (self->frames, &finished);
  if (!finished)
    {
      /* Translators: a trace's animation waits for its replay: how far it is */
      g_autofree char *text = g_strdup_printf (_("Replaying the trace at a load of %.4g: %.0f%% "
                                                 "of its messages delivered…"), self->frames_rate,
                                               100 * self->frames_done);

      gtk_label_set_text (self->status_label, text);
    }
  return FALSE;
}

/* The replay's end, in the status line: its makespan and latency, or why it stopped. */
static void
show_replay_end (FlitlabNetworkPage *self)
{
  g_autofree char *text = NULL;

  if (self->replay_error != NULL)
    text = g_strdup (self->replay_error);
  else if (self->replayed != NULL && self->replayed->saturated)
    /* Translators: a trace's animation ended: the load it could not carry */
    text = g_strdup_printf (_("At a load of %.4g the network does not carry the trace: its "
                              "sources' queues grew without bound and the replay stopped."),
                            self->frames_rate);
  else if (self->replayed != NULL)
    {
      g_autofree char *makespan = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                                   self->replayed->makespan);

      /* Translators: a trace's animation ended: its makespan in cycles and mean latency */
      text = g_strdup_printf (_("The trace is over: its last message arrived at cycle %s, with "
                                "a mean latency of %.1f cycles. Play starts it again."),
                              makespan, self->replayed->latency[FLITLAB_LATENCY_TOTAL]);
    }
  if (text != NULL)
    gtk_label_set_text (self->status_label, text);
}

static gboolean
on_replay_progress_idle (gpointer user_data)
{
  GTask *task = user_data;
  Replay *data = g_task_get_task_data (task);
  FlitlabNetworkPage *self = g_task_get_source_object (task);

  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    return G_SOURCE_REMOVE;
  g_mutex_lock (&data->lock);
  self->frames_done = data->done;
  data->pending = FALSE;
  g_mutex_unlock (&data->lock);
  /* Paused on a frame not yet replayed, or waiting: show it when it comes. */
  if (self->frame_end == 0)
    show_frame_at_cursor (self);
  return G_SOURCE_REMOVE;
}

static gboolean
replay_progress (double   fraction,
                 double   seconds_left,
                 gpointer user_data)
{
  GTask *task = user_data;
  Replay *data = g_task_get_task_data (task);

  g_mutex_lock (&data->lock);
  data->done = fraction;
  if (!data->pending)
    {
      data->pending = TRUE;
      g_idle_add_full (G_PRIORITY_LOW, on_replay_progress_idle, g_object_ref (task),
                       g_object_unref);
    }
  g_mutex_unlock (&data->lock);
  return !g_cancellable_is_cancelled (g_task_get_cancellable (task));
}

static void
replay_worker (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Replay *data = task_data;
  g_autoptr(GError) error = NULL;
  FlitlabReplayResult *result = NULL;
  gpointer reader = data->trace->open (data->trace, &error);

  if (reader != NULL)
    {
      result = flitlab_sim_replay (data->config, &data->options, data->trace->next, reader,
                                   data->trace->messages, replay_progress, task, &error);
      data->trace->close (reader);
    }
  flitlab_replay_frames_finish (data->frames);
  if (result == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, result, (GDestroyNotify) flitlab_replay_result_free);
}

static void
on_replay_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  FlitlabNetworkPage *self = FLITLAB_NETWORK_PAGE (source);
  g_autoptr(GError) error = NULL;
  FlitlabReplayResult *replayed = g_task_propagate_pointer (G_TASK (result), &error);

  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    {
      g_clear_pointer (&replayed, flitlab_replay_result_free);
      return;
    }
  g_clear_object (&self->replaying);
  self->replayed = replayed;
  if (replayed == NULL)
    self->replay_error = g_strdup (error->message);
  /* Waiting at the end of what was replayed: the rest is there, or the end. */
  if (self->frame_end == 0 && !show_frame_at_cursor (self))
    show_replay_end (self);
}

/* Starts the replay at the slider's load; FALSE (and the status says why) when it cannot. */
static gboolean
ensure_replay (FlitlabNetworkPage *self)
{
  const FlitlabStudy *study = shown_study (self);
  const FlitlabTopology *topology;
  guint n_channels;
  g_autoptr(GError) error = NULL;
  g_autoptr(GTask) task = NULL;
  g_autoptr(FlitlabSimConfig) config = NULL;
  FlitlabStudyTrace *trace;
  Replay *data;
  double scale;

  if (self->frames != NULL)
    return TRUE;
  /* No network drawn (its spec cannot be built): nothing to play it on. */
  if (study == NULL || self->figure == NULL)
    return FALSE;
  topology = flitlab_topology_figure_get_topology (self->figure);
  n_channels = flitlab_topology_get_n_channels (topology);
  self->frames_rate = gtk_range_get_value (GTK_RANGE (self->load_scale));
  if ((trace = flitlab_study_get_trace (study, &error)) == NULL ||
      (config = flitlab_study_run_new_sim_config (study, &error)) == NULL)
    {
      gtk_label_set_text (self->status_label, error->message);
      return FALSE;
    }
  scale = flitlab_study_trace_scale_at (trace, self->frames_rate,
                                        flitlab_topology_get_n_nodes (topology));
  if (!isfinite (scale))
    {
      gtk_label_set_text (self->status_label, _("The trace has no messages to replay"));
      return FALSE;
    }
  data = g_new0 (Replay, 1);
  data->config = g_steal_pointer (&config);
  data->trace = flitlab_study_trace_ref (trace);
  data->options.scale = scale;
  data->options.window = MAX (1, (guint64) ceil ((trace->last_cycle + 1) * scale / WINDOWS));
  self->frames = flitlab_replay_frames_new (n_channels, data->options.window,
                                            CLAMP (MAX_FRAME_VALUES / MAX (n_channels, 1), 16,
                                                   4 * WINDOWS));
  data->frames = flitlab_replay_frames_ref (self->frames);
  data->options.window_func = flitlab_replay_frames_add;
  data->options.window_data = data->frames;
  g_mutex_init (&data->lock);
  self->frame_cycle = 0;
  self->frame_end = 0;
  self->frames_done = 0;
  self->replaying = g_cancellable_new ();
  task = g_task_new (self, self->replaying, on_replay_done, NULL);
  g_task_set_source_tag (task, ensure_replay);
  g_task_set_task_data (task, data, (GDestroyNotify) replay_free);
  g_task_run_in_thread (task, replay_worker);
  return TRUE;
}

/* The next frame; FALSE when it is not there (yet, or ever). */
static gboolean
advance (FlitlabNetworkPage *self)
{
  if (self->frame_end > 0)
    self->frame_cycle = self->frame_end;
  self->frame_end = 0;
  return show_frame_at_cursor (self);
}

static gboolean
on_replay_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       data)
{
  FlitlabNetworkPage *self = data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  guint speed = MIN (gtk_drop_down_get_selected (self->speed_dropdown),
                     G_N_ELEMENTS (window_speeds) - 1);
  gboolean finished;

  if (self->last_frame > 0)
    self->owed += window_speeds[speed] * (now - self->last_frame) / 1e6;
  self->last_frame = now;
  self->owed = MIN (self->owed, window_speeds[speed]);
  while (self->owed >= 1)
    {
      self->owed -= 1;
      if (!advance (self))
        break;
    }
  flitlab_replay_frames_get_end (self->frames, &finished);
  /* At the end of the trace the animation stops there; Play replays it from the start. */
  if (finished && self->replaying == NULL && self->frame_end == 0)
    {
      self->tick_id = 0;
      flitlab_network_page_show_paused (self);
      show_replay_end (self);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

void
flitlab_network_page_play_replay (FlitlabNetworkPage *self,
                                  gboolean            play)
{
  gboolean finished = FALSE;

  if (!play)
    {
      flitlab_network_page_show_paused (self);
      return;
    }
  /* Played to its end: from the start again. */
  if (self->frames != NULL && self->replaying == NULL && self->frame_end == 0)
    flitlab_replay_frames_get_end (self->frames, &finished);
  if (finished)
    flitlab_network_page_stop_replay (self);
  if (!ensure_replay (self))
    {
      flitlab_network_page_show_paused (self);
      return;
    }
  self->last_frame = 0;
  self->owed = 0;
  if (self->frame_end == 0)
    show_frame_at_cursor (self);
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self->area), on_replay_tick, self,
                                                NULL);
}

void
flitlab_network_page_step_replay (FlitlabNetworkPage *self)
{
  if (!ensure_replay (self))
    return;
  if (gtk_toggle_button_get_active (self->play_button))
    gtk_toggle_button_set_active (self->play_button, FALSE);
  if (!advance (self) && self->replaying == NULL)
    show_replay_end (self);
}

/* Whether a replay's frame is on the drawing (the heatmap's colours wait). */
gboolean
flitlab_network_page_replay_shown (FlitlabNetworkPage *self)
{
  return self->frames != NULL;
}

void
flitlab_network_page_stop_replay (FlitlabNetworkPage *self)
{
  if (self->frames == NULL)
    return;
  if (self->replaying != NULL)
    g_cancellable_cancel (self->replaying);
  /* A worker still finishing keeps its own reference to the frames. */
  g_clear_object (&self->replaying);
  g_clear_pointer (&self->frames, flitlab_replay_frames_unref);
  g_clear_pointer (&self->replayed, flitlab_replay_result_free);
  g_clear_pointer (&self->replay_error, g_free);
  self->frame_cycle = self->frame_end = 0;
  if (self->figure != NULL)
    {
      self->figure->value_min = self->figure->value_max = NAN;
      flitlab_network_page_update_heatmap (self);
    }
  gtk_label_set_text (self->cycle_label, NULL);
}
