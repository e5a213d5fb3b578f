/* flitlab-network-page-animation.c: the Network page's animation: one replication played
 * cycle by cycle, a followed message, and the deadlock lab's skip to the deadlock
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Play runs one replication of the study's simulation cycle by cycle on the diagram: each
 * message a colour, its worm the channels it holds, a red dot where its header is blocked. The
 * frame clock drives it, so it keeps the display's pace; Space plays and pauses, the right
 * arrow steps one cycle.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "flitlab-network-page-private.h"
#include "flitlab-study-run.h"

/* The speed menu's cycles per second. */
static const double speeds[] = { 2, 10, 60, 300 };
/* Skipping to the deadlock, the animation plays this long before it: the worms lock. */
#define LEAD_SECONDS 10
/* How far the look-ahead goes for a deadlock before it gives up: a second or two. */
#define LOOK_AHEAD_CYCLES 1000000

/* The worms' colours: dark enough on white (contrast at least 3:1), apart from one another,
 * and none red, which marks a blocked header. */
static const guint32 worm_colors[] = {
  0x0072b2, 0x009e73, 0x882255, 0x999933, 0x332288, 0x8c564b,
  0x117733, 0x6a3d9a, 0xcc79a7, 0xb15928, 0x01665e, 0x543005,
};

/* A colour for each message on screen, kept while it stays: a new one takes a colour no other
 * visible worm has, as long as there is one. */
static guint32
worm_color (FlitlabNetworkPage *self,
            guint               message,
            const guint        *in_use)
{
  gpointer slot;

  if (!g_hash_table_lookup_extended (self->worm_slots, GUINT_TO_POINTER (message), NULL, &slot))
    {
      guint best = 0;

      for (guint i = 1; i < G_N_ELEMENTS (worm_colors); i++)
        if (in_use[i] < in_use[best])
          best = i;
      slot = GUINT_TO_POINTER (best);
      g_hash_table_insert (self->worm_slots, GUINT_TO_POINTER (message), slot);
    }
  return worm_colors[GPOINTER_TO_UINT (slot)];
}

/* The followed message: the channels it holds drawn bold (its source ringed while it is still
 * leaving it), its state in words; NULL when none is followed. */
static char *
describe_followed (FlitlabNetworkPage *self)
{
  FlitlabSimTraceMessage m;
  g_autofree guint *worm = NULL;
  guint n = 0;
  guint64 age;

  g_array_set_size (self->figure->route, 0);
  if (self->followed < 0)
    return NULL;
  /* Once it has arrived its number may go to a new message: the one followed was generated
   * when it was. */
  if (!flitlab_sim_trace_get_message (self->trace, self->followed, &m) || m.delivered ||
      m.generated != self->followed_message.generated)
    {
      guint id = (guint) self->followed;

      self->followed = -1;
      /* Translators: a followed message has arrived: its number, source, destination */
      return g_strdup_printf (_("Message %u from node %u to node %u has arrived."), id,
                              self->followed_message.src, self->followed_message.dst);
    }
  worm = flitlab_sim_trace_get_worm (self->trace, self->followed, &n);
  if (n > 0)
    g_array_append_vals (self->figure->route, worm, n);
  age = flitlab_sim_trace_get_cycle (self->trace) - m.generated;
  return g_strdup_printf (m.blocked
                          /* Translators: a followed message: number, nodes, length, channels
                           * held, cycles since it was generated */
                          ? _("Message %u, node %u to node %u, %u flits: holds %u channels, its "
                              "header is blocked; %llu cycles since it was generated. Click it "
                              "again or press Escape to let it go.")
                          : _("Message %u, node %u to node %u, %u flits: holds %u channels, its "
                              "header moves on; %llu cycles since it was generated. Click it "
                              "again or press Escape to let it go."),
                          (guint) self->followed, m.src, m.dst, m.length, n,
                          (unsigned long long) age);
}

/* Whether the animation has come to its deadlock: to the cycle the one found ahead of it forms
 * in, or to its watchdog. */
static gboolean
deadlock_reached (FlitlabNetworkPage *self)
{
  guint64 cycle = flitlab_sim_trace_get_cycle (self->trace);

  return (self->ahead.links != NULL && cycle >= self->ahead.start) ||
         flitlab_sim_trace_is_deadlocked (self->trace);
}

/* The clock beside the Play button, which stays when presenting as the status line does not:
 * the animation's load and cycle, and the cycle a deadlock found ahead forms in. */
static void
update_cycle_label (FlitlabNetworkPage *self)
{
  g_autofree char *cycle = NULL, *start = NULL, *text = NULL;

  if (self->trace == NULL)
    {
      gtk_label_set_text (self->cycle_label, NULL);
      return;
    }
  cycle = g_strdup_printf ("%" G_GUINT64_FORMAT, flitlab_sim_trace_get_cycle (self->trace));
  start = g_strdup_printf ("%" G_GUINT64_FORMAT, self->ahead.start);
  if (deadlock_reached (self))
    /* Translators: beside the animation's buttons: its load, the cycle it stopped in */
    text = g_strdup_printf (_("Load %.4g, cycle %s: deadlock"), self->trace_rate, cycle);
  else if (self->ahead.links != NULL)
    /* Translators: beside the animation's buttons: its load, its cycle, and the cycle of the
     * deadlock it was skipped to */
    text = g_strdup_printf (_("Load %.4g, cycle %s (deadlock at %s)"), self->trace_rate, cycle,
                            start);
  else
    /* Translators: beside the animation's buttons: its load and its cycle */
    text = g_strdup_printf (_("Load %.4g, cycle %s"), self->trace_rate, cycle);
  gtk_label_set_text (self->cycle_label, text);
}

/* Shows the trace's channels: a colour per message, pale idle channels, a dot at each blocked
 * header, and the followed message's worm in bold. */
void
flitlab_network_page_show_trace (FlitlabNetworkPage *self)
{
  guint n = flitlab_topology_get_n_channels (flitlab_topology_figure_get_topology (self->figure));
  g_autofree gint32 *holder = g_new (gint32, n);
  g_autofree gboolean *blocked = g_new (gboolean, n);
  g_autofree guint32 *colors = g_new (guint32, n);
  g_autoptr(GHashTable) visible = g_hash_table_new (NULL, NULL);
  guint in_use[G_N_ELEMENTS (worm_colors)] = { 0 };
  g_autofree char *text = NULL, *cycle = NULL, *followed = NULL;
  GHashTableIter iter;
  gpointer message, slot;

  flitlab_sim_trace_get_channels (self->trace, holder, NULL, blocked);
  for (guint c = 0; c < n; c++)
    if (holder[c] >= 0)
      g_hash_table_add (visible, GINT_TO_POINTER (holder[c]));
  /* Worms gone give their colours back; the others keep theirs. */
  g_hash_table_iter_init (&iter, self->worm_slots);
  while (g_hash_table_iter_next (&iter, &message, &slot))
    if (!g_hash_table_contains (visible, message))
      g_hash_table_iter_remove (&iter);
    else
      in_use[GPOINTER_TO_UINT (slot)]++;
  for (guint c = 0; c < n; c++)
    {
      gboolean known = holder[c] >= 0 &&
                       g_hash_table_contains (self->worm_slots, GINT_TO_POINTER (holder[c]));

      colors[c] = holder[c] < 0 ? FLITLAB_TOPOLOGY_FIGURE_IDLE
                                : worm_color (self, (guint) holder[c], in_use);
      if (holder[c] >= 0 && !known)
        in_use[GPOINTER_TO_UINT (g_hash_table_lookup (self->worm_slots,
                                                      GINT_TO_POINTER (holder[c])))]++;
    }
  flitlab_topology_figure_set_colors (self->figure, colors, blocked, n);
  followed = describe_followed (self);
  cycle = g_strdup_printf ("%" G_GUINT64_FORMAT, flitlab_sim_trace_get_cycle (self->trace));
  if (followed != NULL)
    /* Translators: the animation's clock, then what the followed message does */
    text = g_strdup_printf (_("Cycle %s. %s"), cycle, followed);
  else
    /* Translators: the animation's clock (a number), the messages in the network, and the
     * animation's legend */
    text = g_strdup_printf (_("Cycle %s: %u messages in the network. Each colour is one "
                              "message, a ring round a node one still leaving it; a red dot is "
                              "a blocked header. Click a worm to follow it."),
                            cycle, flitlab_sim_trace_get_n_in_flight (self->trace));
  gtk_label_set_text (self->status_label, text);
  update_cycle_label (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

/* The deadlock found: the channels of its cycle in bold, and the cycle in words, with the
 * cycle it formed in (the watchdog fires well after). */
static void
show_deadlock (FlitlabNetworkPage *self)
{
  guint n_links = self->ahead.n_links;
  g_autofree FlitlabDeadlockLink *found = NULL;
  const FlitlabDeadlockLink *links = self->ahead.links;
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *cycle = NULL, *message = NULL;
  guint n_channels = 0;
  g_autofree guint *channels = NULL;

  /* The deadlock is what the drawing shows now, not a followed message. */
  self->followed = -1;
  if (links == NULL)
    links = found = flitlab_sim_trace_find_deadlock (self->trace, &n_links);
  channels = flitlab_sim_trace_get_deadlock_channels (self->trace, links, n_links, &n_channels);
  g_array_set_size (self->deadlock, 0);
  if (n_channels > 0)
    g_array_append_vals (self->deadlock, channels, n_channels);
  g_signal_emit_by_name (self, "deadlock-changed");
  g_array_set_size (self->figure->route, 0);
  for (guint i = 0; i < n_links; i++)
    {
      guint held = links[i].holds_channel;

      g_array_append_val (self->figure->route, held);
      g_string_append_printf (text, i == 0 ? "%u" : " → %u", links[i].message);
    }
  if (n_links > 0)
    {
      g_string_append_printf (text, " → %u", links[0].message);
      cycle = g_strdup_printf ("%" G_GUINT64_FORMAT,
                               flitlab_sim_trace_get_deadlock_start (self->trace, links, n_links));
      /* Translators: the animation stopped on a deadlock: the cycle it formed in, then the
       * messages in it, each waiting for a channel the next one holds */
      message = g_strdup_printf (_("Deadlock at cycle %s: messages %s each wait for a channel "
                                   "the next one holds (in bold). Nothing can move."),
                                 cycle, text->str);
    }
  else
    {
      cycle = g_strdup_printf ("%" G_GUINT64_FORMAT, flitlab_sim_trace_get_cycle (self->trace));
      /* Translators: the watchdog fired but no cycle of waiting messages was found */
      message = g_strdup_printf (_("No flit has moved since before cycle %s."), cycle);
    }
  gtk_label_set_text (self->status_label, message);
  update_cycle_label (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

/* The simulation the animation plays: the study's, with a watchdog that sees a deadlock in
 * a few seconds of animation. */
static FlitlabSimConfig *
animation_config (FlitlabNetworkPage  *self,
                  GError             **error)
{
  const FlitlabStudy *study = shown_study (self);
  FlitlabSimConfig *config = flitlab_study_run_new_sim_config (study, error);

  /* Not the simulator's 20000 idle cycles: nothing moving for 1000 cycles is a deadlock in
   * any network drawn here. */
  if (config != NULL && study->simulation.watchdog == 0)
    config->watchdog = 1000;
  return config;
}

/* Starts a replication at the slider's load, or says why it cannot. */
static gboolean
ensure_trace (FlitlabNetworkPage *self)
{
  g_autoptr(FlitlabSimConfig) config = NULL;
  g_autoptr(GError) error = NULL;

  if (self->trace != NULL)
    return TRUE;
  if (shown_study (self) == NULL || self->figure == NULL)
    return FALSE;
  self->trace_rate = gtk_range_get_value (GTK_RANGE (self->load_scale));
  config = animation_config (self, &error);
  if (config != NULL)
    self->trace = flitlab_sim_trace_new (config, self->trace_rate, &error);
  if (self->trace == NULL)
    {
      gtk_label_set_text (self->status_label, error->message);
      return FALSE;
    }
  return TRUE;
}

/* The skip button: it starts a look-ahead, and stops one. */
static void
update_skip_button (FlitlabNetworkPage *self)
{
  gtk_button_set_label (self->skip_button, self->look_ahead != NULL ? _("Stop Looking Ahead")
                                                                    : _("Skip to the Deadlock"));
}

static void
cancel_look_ahead (FlitlabNetworkPage *self)
{
  if (self->look_ahead == NULL)
    return;
  g_cancellable_cancel (self->look_ahead);
  g_clear_object (&self->look_ahead);
  update_skip_button (self);
}

void
flitlab_network_page_show_paused (FlitlabNetworkPage *self)
{
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->area), self->tick_id);
  self->tick_id = 0;
  self->updating = TRUE;
  gtk_toggle_button_set_active (self->play_button, FALSE);
  gtk_button_set_icon_name (GTK_BUTTON (self->play_button), "media-playback-start-symbolic");
  self->updating = FALSE;
}

void
flitlab_network_page_stop_animation (FlitlabNetworkPage *self)
{
  flitlab_network_page_stop_replay (self);
  cancel_look_ahead (self);
  flitlab_network_page_show_paused (self);
  g_clear_pointer (&self->trace, flitlab_sim_trace_free);
  g_clear_pointer (&self->ahead.links, g_free);
  self->ahead = (FlitlabSimTraceDeadlock) { 0 };
  g_hash_table_remove_all (self->worm_slots);
  self->followed = -1;
  if (self->figure != NULL)
    flitlab_topology_figure_set_colors (self->figure, NULL, NULL, 0);
  update_cycle_label (self);
  if (self->deadlock->len > 0)
    {
      g_array_set_size (self->deadlock, 0);
      g_signal_emit_by_name (self, "deadlock-changed");
    }
}

static gboolean
on_tick (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       data)
{
  FlitlabNetworkPage *self = data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  guint speed = MIN (gtk_drop_down_get_selected (self->speed_dropdown), G_N_ELEMENTS (speeds) - 1);
  guint64 cycle = flitlab_sim_trace_get_cycle (self->trace);
  guint due;

  if (self->last_frame > 0)
    self->owed += speeds[speed] * (now - self->last_frame) / 1e6;
  self->last_frame = now;
  /* A stalled frame does not make the network race to catch up. */
  self->owed = MIN (self->owed, speeds[speed]);
  due = (guint) self->owed;
  self->owed -= due;
  /* A deadlock found ahead: the animation stops on the cycle it forms in. */
  if (self->ahead.links != NULL && cycle < self->ahead.start)
    due = (guint) MIN (due, self->ahead.start - cycle);
  if (due > 0)
    {
      flitlab_sim_trace_step (self->trace, due);
      flitlab_network_page_show_trace (self);
    }
  /* The deadlock lab's end: the animation stops on the cycle of waiting messages. */
  if (deadlock_reached (self))
    {
      self->tick_id = 0;
      flitlab_network_page_show_paused (self);
      show_deadlock (self);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
on_play_toggled (FlitlabNetworkPage *self)
{
  gboolean play = gtk_toggle_button_get_active (self->play_button);

  if (self->updating)
    return;
  gtk_button_set_icon_name (GTK_BUTTON (self->play_button),
                            play ? "media-playback-pause-symbolic"
                                 : "media-playback-start-symbolic");
  if (!play)
    {
      if (self->tick_id != 0)
        gtk_widget_remove_tick_callback (GTK_WIDGET (self->area), self->tick_id);
      self->tick_id = 0;
      return;
    }
  if (flitlab_network_page_is_replay (self))
    {
      flitlab_network_page_play_replay (self, TRUE);
      return;
    }
  /* Playing instead of skipping: from where the animation is. */
  cancel_look_ahead (self);
  if (!ensure_trace (self))
    {
      self->updating = TRUE;
      gtk_toggle_button_set_active (self->play_button, FALSE);
      self->updating = FALSE;
      return;
    }
  self->last_frame = 0;
  self->owed = 0;
  flitlab_network_page_show_trace (self);
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self->area), on_tick, self, NULL);
}

void
flitlab_network_page_step (FlitlabNetworkPage *self)
{
  if (flitlab_network_page_is_replay (self))
    {
      flitlab_network_page_step_replay (self);
      return;
    }
  cancel_look_ahead (self);
  if (!ensure_trace (self))
    return;
  if (gtk_toggle_button_get_active (self->play_button))
    gtk_toggle_button_set_active (self->play_button, FALSE);
  flitlab_sim_trace_step (self->trace, 1);
  flitlab_network_page_show_trace (self);
  if (deadlock_reached (self))
    show_deadlock (self);
}

/* ---- skipping to the deadlock (the deadlock lab) ------------------------------------------ */

/* A look-ahead on a worker thread: what it simulates, how far it got, what it found. */
typedef struct
{
  FlitlabSimConfig        *config;
  double                   rate;
  guint64                  lead;
  GMutex                   lock;
  double                   done;    /* the share of LOOK_AHEAD_CYCLES looked through */
  gboolean                 pending; /* an idle is on its way to show it */
  FlitlabSimTraceDeadlock  deadlock;
} LookAhead;

static void
look_ahead_free (LookAhead *data)
{
  flitlab_sim_config_free (data->config);
  g_free (data->deadlock.links);
  g_mutex_clear (&data->lock);
  g_free (data);
}

/* How far the look-ahead got, in the status line. */
static void
show_look_ahead (FlitlabNetworkPage *self,
                 double              rate,
                 double              done)
{
  g_autofree char *cycle = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                            (guint64) (done * LOOK_AHEAD_CYCLES));
  /* Translators: skipping to the deadlock: the load, then the cycle the look-ahead got to */
  g_autofree char *text = g_strdup_printf (_("Looking ahead for the deadlock at a load of %.4g: "
                                             "cycle %s…"), rate, cycle);

  gtk_label_set_text (self->status_label, text);
}

/* On the main thread, from look_ahead_progress(). */
static gboolean
on_look_ahead_progress (gpointer user_data)
{
  GTask *task = user_data;
  LookAhead *data = g_task_get_task_data (task);
  double done;

  g_mutex_lock (&data->lock);
  done = data->done;
  data->pending = FALSE;
  g_mutex_unlock (&data->lock);
  if (!g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    show_look_ahead (g_task_get_source_object (task), data->rate, done);
  return G_SOURCE_REMOVE;
}

/* On the worker thread: progress for the main thread to show, and whether to go on. */
static gboolean
look_ahead_progress (double   fraction,
                     double   seconds_left,
                     gpointer user_data)
{
  GTask *task = user_data;
  LookAhead *data = g_task_get_task_data (task);

  g_mutex_lock (&data->lock);
  data->done = fraction;
  if (!data->pending)
    {
      data->pending = TRUE;
      g_idle_add_full (G_PRIORITY_LOW, on_look_ahead_progress, g_object_ref (task),
                       g_object_unref);
    }
  g_mutex_unlock (&data->lock);
  return !g_cancellable_is_cancelled (g_task_get_cancellable (task));
}

static void
look_ahead_worker (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  LookAhead *data = task_data;
  g_autoptr(GError) error = NULL;
  FlitlabSimTrace *trace;

  trace = flitlab_sim_trace_new_before_deadlock (data->config, data->rate, data->lead,
                                                 LOOK_AHEAD_CYCLES, look_ahead_progress, task,
                                                 &data->deadlock, &error);

  if (trace == NULL)
    g_task_return_error (task, g_steal_pointer (&error));
  else
    g_task_return_pointer (task, trace, (GDestroyNotify) flitlab_sim_trace_free);
}

/* The look-ahead's end: the animation plays from shortly before the deadlock, which it
 * knows, or the status line says why not. */
static void
on_look_ahead_done (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  FlitlabNetworkPage *self = FLITLAB_NETWORK_PAGE (source);
  GTask *task = G_TASK (result);
  LookAhead *data = g_task_get_task_data (task);
  g_autoptr(GError) error = NULL;
  FlitlabSimTrace *trace = g_task_propagate_pointer (task, &error);

  /* Stopped: by the button, another load or study, Play, or the page going. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    {
      g_clear_pointer (&trace, flitlab_sim_trace_free);
      return;
    }
  g_clear_object (&self->look_ahead);
  update_skip_button (self);
  if (trace == NULL)
    {
      gtk_label_set_text (self->status_label, error->message);
      return;
    }
  flitlab_network_page_stop_animation (self);
  self->trace = trace;
  self->trace_rate = data->rate;
  self->ahead = data->deadlock;
  data->deadlock.links = NULL;
  gtk_toggle_button_set_active (self->play_button, TRUE);
}

/* Simulates ahead to the deadlock off the main thread, then plays from LEAD_SECONDS of
 * animation before it; a second click stops looking. */
static void
on_skip_clicked (FlitlabNetworkPage *self)
{
  guint speed = MIN (gtk_drop_down_get_selected (self->speed_dropdown), G_N_ELEMENTS (speeds) - 1);
  g_autoptr(FlitlabSimConfig) config = NULL;
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  LookAhead *data;

  if (self->look_ahead != NULL)
    {
      cancel_look_ahead (self);
      gtk_label_set_text (self->status_label, _("Stopped looking ahead for the deadlock."));
      return;
    }
  if (shown_study (self) == NULL || self->figure == NULL)
    return;
  flitlab_network_page_stop_animation (self);
  if ((config = animation_config (self, &error)) == NULL)
    {
      gtk_label_set_text (self->status_label, error->message);
      return;
    }
  data = g_new0 (LookAhead, 1);
  data->config = g_steal_pointer (&config);
  data->rate = gtk_range_get_value (GTK_RANGE (self->load_scale));
  data->lead = (guint64) (speeds[speed] * LEAD_SECONDS);
  g_mutex_init (&data->lock);
  self->look_ahead = g_cancellable_new ();
  task = g_task_new (self, self->look_ahead, on_look_ahead_done, NULL);
  g_task_set_source_tag (task, on_skip_clicked);
  g_task_set_task_data (task, data, (GDestroyNotify) look_ahead_free);
  g_task_run_in_thread (task, look_ahead_worker);
  update_skip_button (self);
  show_look_ahead (self, data->rate, 0);
}

/* Follows message id of the animation, or none (-1): its worm in bold, what it does said. */
void
flitlab_network_page_follow (FlitlabNetworkPage *self,
                             gint32              id)
{
  self->followed = -1;
  if (id >= 0 && flitlab_sim_trace_get_message (self->trace, (guint) id, &self->followed_message))
    self->followed = id;
  flitlab_network_page_show_trace (self);
}

/* Play, Step and Skip to the Deadlock. */
void
flitlab_network_page_init_animation (FlitlabNetworkPage *self)
{
  g_signal_connect_swapped (self->play_button, "toggled", G_CALLBACK (on_play_toggled), self);
  g_signal_connect_swapped (self->step_button, "clicked", G_CALLBACK (flitlab_network_page_step),
                            self);
  g_signal_connect_swapped (self->skip_button, "clicked", G_CALLBACK (on_skip_clicked), self);
  flitlab_network_page_replay_set_controls (self);
  gtk_drop_down_set_selected (self->speed_dropdown, 1);
}
