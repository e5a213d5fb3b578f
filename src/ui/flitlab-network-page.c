/* flitlab-network-page.c: a study's network drawn with a heatmap of its channels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The colours come from the model (evaluated at the load of the slider: any load, at once),
 * from the simulation (its stored per-channel statistics, at the nearest load it kept), or from
 * their difference at a simulated load. Hovering names a channel or node and its value;
 * clicking two nodes draws the route between them: the dimension-ordered one, or every minimal
 * path when the routing is adaptive.
 *
 * Play runs one replication of the study's simulation cycle by cycle on the diagram: each
 * message a colour, its worm the channels it holds, a red dot where its header is blocked. The
 * frame clock drives it, so it keeps the display's pace; Space plays and pauses, the right
 * arrow steps one cycle.
 *
 * Zoom, for networks too dense to read whole (a 10-cube): Ctrl+scroll and pinch zoom about the
 * pointer, Ctrl+plus, Ctrl+minus and Ctrl+0 about the middle and back to the whole network;
 * zoomed, scrolling and dragging (primary or middle button) pan. A click without a drag still
 * picks a node or a worm. The view's layout holds the transform (flitlab-render-topology.h).
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "flitlab-document.h"
#include "flitlab-export.h"
#include "flitlab-model.h"
#include "flitlab-network-page.h"
#include "flitlab-render-flow.h"
#include "flitlab-render-plot.h"
#include "flitlab-runner.h"
#include "flitlab-textbook-panel.h"

typedef enum
{
  SOURCE_MODEL,
  SOURCE_SIMULATION,
  SOURCE_DIFFERENCE,
} Source;

/* The quantities each source has: a series name and its caption with the unit. */
typedef struct
{
  const char *series;
  const char *name;  /* in the list */
  const char *label; /* on the colour bar */
} Quantity;

static const Quantity model_quantities[] = {
  { "utilization", N_("Utilization"), N_("Utilization (share of cycles held)") },
  { "flow", N_("Flow"), N_("Flow (messages per cycle)") },
  { "time", N_("Service time"), N_("Service time (cycles)") },
  { "wait", N_("Waiting time"), N_("Waiting time to acquire the channel (cycles)") },
};
static const Quantity simulation_quantities[] = {
  { "utilization", N_("Utilization"), N_("Utilization (share of cycles a flit crossed)") },
  { "blocking", N_("Blocking"), N_("Blocking (headers waiting per cycle)") },
};
static const Quantity difference_quantities[] = {
  { "utilization", N_("Utilization"), N_("Utilization, simulation − model") },
};

struct _FlitlabNetworkPage
{
  GtkBox               parent_instance;

  /* Template children */
  GtkDrawingArea      *area;
  GtkWidget           *controls;
  GtkWidget           *textbook_expander;
  GtkLabel            *load_label;
  GtkScale            *load_scale;
  GtkLabel            *plane_label;
  GtkSpinButton       *plane_spin;
  GtkDropDown         *quantity_dropdown;
  GtkDropDown         *source_dropdown;
  GtkLabel            *status_label;
  FlitlabTextbookPanel *textbook_panel;
  GtkToggleButton     *play_button;
  GtkButton           *step_button;
  GtkButton           *skip_button;
  GtkLabel            *cycle_label;
  GtkDropDown         *speed_dropdown;
  GtkToggleButton     *stack_button;
  GtkLabel            *zoom_hint;
  GtkButton           *fit_button;
  GtkOverlay          *overlay;
  GtkLabel            *hover_label;

  FlitlabDocument     *document;
  int                  index;      /* of the study shown in document; -1: none */
  FlitlabTopologyView *view;       /* of the study's network */
  FlitlabModel        *model;      /* the first model of the study's own network, or NULL */
  FlitlabModelPoint   *point;      /* the model at the load shown, for hovering; or NULL */
  int                  route_from; /* the first node clicked, or -1 */
  gboolean             updating;
  FlitlabSimTrace     *trace;      /* the animation's replication, or NULL */
  double               trace_rate; /* its load */
  GCancellable        *look_ahead; /* while skipping to the deadlock: the look-ahead's */
  FlitlabSimTraceDeadlock ahead;   /* the deadlock the trace comes to, found ahead of it;
                                      links NULL when none was looked for */
  guint                tick_id;    /* its frame clock callback while playing */
  GHashTable          *worm_slots; /* message id -> its colour's index, for worms on screen */
  gint                 followed;   /* the message whose worm is followed, or -1 */
  FlitlabSimTraceMessage followed_message; /* it as it was when followed */
  gint64               last_frame; /* frame time of the last step, microseconds */
  double               owed;       /* cycles due but not yet stepped */
  double               scale;      /* drawing magnification (presentation mode), >= 1 */
  GArray              *deadlock;   /* guint: the deadlock's channel cycle shown, or empty */
  double               pointer_x;  /* the last pointer position in the drawing, where Ctrl+scroll */
  double               pointer_y;  /* zooms and the hover text goes */
  double               drag_x;     /* how far the drag panned so far, in the drawing's pixels */
  double               drag_y;
  double               pinch_zoom; /* the zoom when a pinch began */
  guint                zoom_idle;  /* updating the zoom's hint and button after a draw */
  double               frame_right; /* where they were placed: the network's part's corner */
  double               frame_bottom;
};

enum
{
  DEADLOCK_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (FlitlabNetworkPage, flitlab_network_page, GTK_TYPE_BOX)

/* Read afresh each time: the document replaces a study when it is edited. */
static const FlitlabStudy *
shown_study (FlitlabNetworkPage *self)
{
  return self->document != NULL ? flitlab_document_get_study (self->document, self->index) : NULL;
}

static const Quantity *
quantities (Source  source,
            guint  *n)
{
  switch (source)
    {
    case SOURCE_SIMULATION:
      *n = G_N_ELEMENTS (simulation_quantities);
      return simulation_quantities;
    case SOURCE_DIFFERENCE:
      *n = G_N_ELEMENTS (difference_quantities);
      return difference_quantities;
    case SOURCE_MODEL:
    default:
      *n = G_N_ELEMENTS (model_quantities);
      return model_quantities;
    }
}

static const Quantity *
current_quantity (FlitlabNetworkPage *self)
{
  guint n, selected = gtk_drop_down_get_selected (self->quantity_dropdown);
  const Quantity *list = quantities (gtk_drop_down_get_selected (self->source_dropdown), &n);

  return &list[MIN (selected, n - 1)];
}

/* The simulation's stored per-channel statistics nearest to rate, or NULL. */
static const FlitlabStudyChannels *
nearest_channels (const FlitlabStudy *study,
                  double              rate)
{
  const FlitlabStudyChannels *best = NULL;

  for (guint i = 0; i < study->simulation.channels->len; i++)
    {
      const FlitlabStudyChannels *channels = study->simulation.channels->pdata[i];

      if (best == NULL || fabs (channels->rate - rate) < fabs (best->rate - rate))
        best = channels;
    }
  return best;
}

static const double *
model_series (const FlitlabModelPoint *point,
              const char              *name)
{
  if (g_str_equal (name, "flow"))
    return point->channel_flow;
  if (g_str_equal (name, "time"))
    return point->channel_time;
  if (g_str_equal (name, "wait"))
    return point->channel_wait;
  return point->channel_utilization;
}

#define SAME_EVERYWHERE N_("The model gives every link the same value: it treats the network as " \
                           "symmetric, so it shows no difference between links.")

/* The load's caption for measurements at rate: carried, saturated, or measured until the
 * network deadlocked (the deadlock lab), as the simulation's points say. */
static char *
measured_caption (const FlitlabStudy *study,
                  double              rate)
{
  const FlitlabStudyTable *points = study != NULL ? study->simulation.points : NULL;
  int row = points != NULL ? flitlab_study_table_find_rate (points, rate) : -1;

  if (row >= 0 && points->saturated[row])
    return flitlab_study_table_is_deadlocked (points, row)
           /* Translators: the load of measurements taken until the watchdog found a deadlock */
           ? g_strdup_printf (_("%.4g (measured; deadlocked)"), rate)
           /* Translators: the load of measurements of a load the network did not carry */
           : g_strdup_printf (_("%.4g (measured; saturated)"), rate);
  /* Translators: the load of the simulation's stored measurements */
  return g_strdup_printf (_("%.4g (measured)"), rate);
}

/* Colours the network for the source, quantity and load chosen; says what is shown. */
static void
update_values (FlitlabNetworkPage *self)
{
  Source source = gtk_drop_down_get_selected (self->source_dropdown);
  const Quantity *quantity = current_quantity (self);
  double rate = gtk_range_get_value (GTK_RANGE (self->load_scale));
  guint n_channels = flitlab_topology_get_n_channels (flitlab_topology_view_get_topology (self->view));
  const FlitlabStudyChannels *measured = NULL;
  FlitlabModelPoint *point = NULL;
  g_autofree double *values = NULL;
  double same;
  g_autofree char *text = NULL;
  gboolean any = FALSE;

  if (source != SOURCE_MODEL)
    {
      measured = nearest_channels (shown_study (self), rate);
      if (measured == NULL || measured->n_channels != n_channels)
        {
          flitlab_topology_view_set_values (self->view, NULL, 0);
          gtk_label_set_text (self->load_label, _("The simulation has not run: no measurements"));
          gtk_widget_queue_draw (GTK_WIDGET (self->area));
          return;
        }
      rate = measured->rate;
    }
  if (source != SOURCE_SIMULATION)
    {
      if (self->model == NULL)
        {
          flitlab_topology_view_set_values (self->view, NULL, 0);
          gtk_label_set_text (self->load_label, _("No model of the study describes this network"));
          gtk_widget_queue_draw (GTK_WIDGET (self->area));
          return;
        }
      g_clear_pointer (&self->point, flitlab_model_point_free);
      point = self->point = flitlab_model_evaluate_detail (self->model, rate);
      if (point->saturated)
        {
          flitlab_topology_view_set_values (self->view, NULL, 0);
          /* Translators: a load beyond which the model has no steady state */
          text = g_strdup_printf (_("%.4g: beyond the model's saturation (%.4g)"), rate,
                                  flitlab_model_get_saturation_rate (self->model));
          gtk_label_set_text (self->load_label, text);
          gtk_widget_queue_draw (GTK_WIDGET (self->area));
          return;
        }
    }

  values = g_new (double, n_channels);
  for (guint c = 0; c < n_channels; c++)
    {
      const double *sim = measured != NULL ? flitlab_study_channels_find (measured, quantity->series) : NULL;
      double model_value = point != NULL ? model_series (point, quantity->series)[c] : NAN;
      double sim_value = sim != NULL ? sim[c] : NAN;

      values[c] = source == SOURCE_MODEL ? model_value
                : source == SOURCE_SIMULATION ? sim_value
                : sim_value - model_value;
      any |= isfinite (values[c]);
    }
  if (!any)
    {
      /* Some models give no waiting times: say so rather than draw every channel as missing. */
      flitlab_topology_view_set_values (self->view, NULL, 0);
      gtk_label_set_text (self->load_label, _("Not given for this network"));
      gtk_widget_queue_draw (GTK_WIDGET (self->area));
      return;
    }
  flitlab_topology_view_set_values (self->view, values, n_channels);
  /* A difference is signed: blue where the model says more, red where the simulation does. */
  self->view->colormap = source == SOURCE_DIFFERENCE ? FLITLAB_COLORMAP_DIVERGING : FLITLAB_COLORMAP_VIRIDIS;
  g_free (self->view->value_label);
  self->view->value_label = g_strdup (_(quantity->label));
  /* A model of a symmetric network under uniform traffic gives every link the same value: one
   * colour everywhere is its answer, not a fault of the view. */
  if (source == SOURCE_MODEL && flitlab_topology_view_get_same_value (self->view, &same))
    gtk_label_set_text (self->status_label, _(SAME_EVERYWHERE));
  else if (g_str_equal (gtk_label_get_text (self->status_label), _(SAME_EVERYWHERE)))
    gtk_label_set_text (self->status_label, _("Click two nodes to see the route between them."));
  if (source == SOURCE_MODEL)
    /* Translators: the load the model is evaluated at */
    text = g_strdup_printf (_("%.4g (model)"), rate);
  else
    text = measured_caption (shown_study (self), rate);
  gtk_label_set_text (self->load_label, text);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

/* ---- animation ------------------------------------------------------------------------ */

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

  g_array_set_size (self->view->route, 0);
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
    g_array_append_vals (self->view->route, worm, n);
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
static void
show_trace (FlitlabNetworkPage *self)
{
  guint n = flitlab_topology_get_n_channels (flitlab_topology_view_get_topology (self->view));
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

      colors[c] = holder[c] < 0 ? FLITLAB_TOPOLOGY_VIEW_IDLE
                                : worm_color (self, (guint) holder[c], in_use);
      if (holder[c] >= 0 && !known)
        in_use[GPOINTER_TO_UINT (g_hash_table_lookup (self->worm_slots, GINT_TO_POINTER (holder[c])))]++;
    }
  flitlab_topology_view_set_colors (self->view, colors, blocked, n);
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
  g_signal_emit (self, signals[DEADLOCK_CHANGED], 0);
  g_array_set_size (self->view->route, 0);
  for (guint i = 0; i < n_links; i++)
    {
      guint held = links[i].holds_channel;

      g_array_append_val (self->view->route, held);
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
  FlitlabSimConfig *config = flitlab_runner_new_sim_config (study, error);

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
  if (shown_study (self) == NULL || self->view == NULL)
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

/* The frame clock stops stepping and the button shows Play; the animation stays. */
static void
show_paused (FlitlabNetworkPage *self)
{
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->area), self->tick_id);
  self->tick_id = 0;
  self->updating = TRUE;
  gtk_toggle_button_set_active (self->play_button, FALSE);
  gtk_button_set_icon_name (GTK_BUTTON (self->play_button), "media-playback-start-symbolic");
  self->updating = FALSE;
}

static void
stop_animation (FlitlabNetworkPage *self)
{
  cancel_look_ahead (self);
  show_paused (self);
  g_clear_pointer (&self->trace, flitlab_sim_trace_free);
  g_clear_pointer (&self->ahead.links, g_free);
  self->ahead = (FlitlabSimTraceDeadlock) { 0 };
  g_hash_table_remove_all (self->worm_slots);
  self->followed = -1;
  if (self->view != NULL)
    flitlab_topology_view_set_colors (self->view, NULL, NULL, 0);
  update_cycle_label (self);
  if (self->deadlock->len > 0)
    {
      g_array_set_size (self->deadlock, 0);
      g_signal_emit (self, signals[DEADLOCK_CHANGED], 0);
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
      show_trace (self);
    }
  /* The deadlock lab's end: the animation stops on the cycle of waiting messages. */
  if (deadlock_reached (self))
    {
      self->tick_id = 0;
      show_paused (self);
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
                            play ? "media-playback-pause-symbolic" : "media-playback-start-symbolic");
  if (!play)
    {
      if (self->tick_id != 0)
        gtk_widget_remove_tick_callback (GTK_WIDGET (self->area), self->tick_id);
      self->tick_id = 0;
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
  show_trace (self);
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self->area), on_tick, self, NULL);
}

static void
on_step (FlitlabNetworkPage *self)
{
  cancel_look_ahead (self);
  if (!ensure_trace (self))
    return;
  if (gtk_toggle_button_get_active (self->play_button))
    gtk_toggle_button_set_active (self->play_button, FALSE);
  flitlab_sim_trace_step (self->trace, 1);
  show_trace (self);
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
  stop_animation (self);
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
  if (shown_study (self) == NULL || self->view == NULL)
    return;
  stop_animation (self);
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

static void
on_source_changed (FlitlabNetworkPage *self)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  guint n;
  const Quantity *list = quantities (gtk_drop_down_get_selected (self->source_dropdown), &n);

  for (guint i = 0; i < n; i++)
    gtk_string_list_append (labels, _(list[i].name));
  self->updating = TRUE;
  gtk_drop_down_set_model (self->quantity_dropdown, G_LIST_MODEL (labels));
  gtk_drop_down_set_selected (self->quantity_dropdown, 0);
  self->updating = FALSE;
  if (self->view != NULL)
    update_values (self);
}

static void
on_setting_changed (FlitlabNetworkPage *self)
{
  if (self->updating || self->view == NULL)
    return;
  self->view->plane = (guint) gtk_spin_button_get_value_as_int (self->plane_spin);
  update_values (self);
}

/* Another load is another simulation: the animation ends. */
static void
on_load_changed (FlitlabNetworkPage *self)
{
  if (!self->updating)
    stop_animation (self);
  on_setting_changed (self);
}

static gboolean
stacked (FlitlabNetworkPage *self)
{
  return gtk_toggle_button_get_active (self->stack_button) && gtk_widget_get_visible (GTK_WIDGET (self->stack_button));
}

/* The hint while the network can be zoomed and is not; the button back while it is. */
static gboolean
zoom_hint_wanted (FlitlabNetworkPage *self)
{
  return self->view != NULL && !stacked (self) && self->view->zoom <= 1 &&
         flitlab_topology_view_get_max_zoom (self->view) > 1;
}

/* Whether the network's part of the figure ended elsewhere than where the zoom's controls
 * were last placed, remembering where it ends now. */
static gboolean
frame_moved (FlitlabNetworkPage *self)
{
  double x0, y0, x1, y1;

  if (!flitlab_topology_view_get_frame (self->view, &x0, &y0, &x1, &y1) ||
      (x1 == self->frame_right && y1 == self->frame_bottom))
    return FALSE;
  self->frame_right = x1;
  self->frame_bottom = y1;
  return TRUE;
}

static void
update_zoom_widgets (FlitlabNetworkPage *self)
{
  gtk_widget_queue_allocate (GTK_WIDGET (self->overlay));
  gtk_widget_set_visible (GTK_WIDGET (self->zoom_hint), zoom_hint_wanted (self));
  gtk_widget_set_visible (GTK_WIDGET (self->fit_button), self->view != NULL && !stacked (self) && self->view->zoom > 1);
}

static gboolean
update_zoom_widgets_idle (gpointer data)
{
  FlitlabNetworkPage *self = data;

  self->zoom_idle = 0;
  update_zoom_widgets (self);
  return G_SOURCE_REMOVE;
}

static void
on_stack_toggled (FlitlabNetworkPage *self)
{
  g_autofree char *text = NULL;

  if (stacked (self))
    /* Translators: the stacked view of a 3D network's planes */
    text = g_strdup_printf (_("All %u planes of the third dimension, plane 0 at the bottom. Click a node to draw the links of its column between the planes; one plane at a time for routes."),
                            flitlab_topology_view_get_n_planes (self->view));
  gtk_label_set_text (self->status_label, text != NULL ? text : _("Click two nodes to see the route between them."));
  update_zoom_widgets (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

static void
draw (GtkDrawingArea *area,
      cairo_t        *cr,
      int             width,
      int             height,
      gpointer        user_data)
{
  FlitlabNetworkPage *self = user_data;
  cairo_surface_t *image;
  cairo_t *image_cr;
  int factor;

  if (self->view == NULL)
    return;
  /* GTK records a drawing area's cairo calls and replays them when it renders. Drawn on an
   * image of the window's pixels instead, a network of thousands of channels takes the
   * renderer's fast way for images (flitlab-hairline.h): a 10-cube 13 ms, not 108. */
  factor = gtk_widget_get_scale_factor (GTK_WIDGET (area));
  image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * factor, height * factor);
  cairo_surface_set_device_scale (image, factor, factor);
  image_cr = cairo_create (image);
  /* Magnified like the plot: the layout (and hit-testing) in the diagram's own units. */
  cairo_scale (image_cr, self->scale, self->scale);
  if (stacked (self))
    flitlab_render_topology_stack (image_cr, self->view, width / self->scale, height / self->scale);
  else
    flitlab_render_topology (image_cr, self->view, width / self->scale, height / self->scale);
  cairo_destroy (image_cr);
  cairo_set_source_surface (cr, image, 0, 0);
  cairo_paint (cr);
  cairo_surface_destroy (image);
  /* How far the network zooms, and where its part of the figure ends, are known once it is
   * laid out; widgets change outside a draw. */
  if (self->zoom_idle == 0 &&
      (zoom_hint_wanted (self) != gtk_widget_get_visible (GTK_WIDGET (self->zoom_hint)) || frame_moved (self)))
    self->zoom_idle = g_idle_add (update_zoom_widgets_idle, self);
}

static char *
describe_node (const FlitlabTopology *topology,
               guint                  node)
{
  guint coords[FLITLAB_TOPOLOGY_MAX_DIMS];
  GString *text = g_string_new (NULL);
  guint n_dims = flitlab_topology_get_n_dims (topology);

  /* Translators: a node of the network, by its number */
  g_string_printf (text, _("Node %u"), node);
  if (flitlab_topology_get_family (topology) == FLITLAB_TOPOLOGY_NECKLACE)
    {
      FlitlabNecklaceAddress a = flitlab_topology_get_necklace_address (topology, node);

      if (a.d == 0)
        /* Translators: a base vertex of a necklace hypercube */
        g_string_append_printf (text, _(", base vertex %u"), a.b);
      else
        /* Translators: a necklace node: its base vertex, necklace dimension and index */
        g_string_append_printf (text, _(", necklace of base vertex %u in dimension %u, index %u"),
                                a.b, a.d, a.i);
      return g_string_free (text, FALSE);
    }
  flitlab_topology_get_coords (topology, node, coords);
  g_string_append (text, " (");
  for (guint d = 0; d < n_dims; d++)
    g_string_append_printf (text, "%s%u", d > 0 ? ", " : "", coords[d]);
  g_string_append (text, ")");
  return g_string_free (text, FALSE);
}

static void
hide_hover (FlitlabNetworkPage *self)
{
  if (!gtk_widget_get_visible (GTK_WIDGET (self->hover_label)))
    return;
  gtk_widget_set_visible (GTK_WIDGET (self->hover_label), FALSE);
  gtk_accessible_reset_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* The hover text beside the pointer (placed by on_get_child_position()), and as the drawing's
 * accessible description, as a tooltip's text would be; NULL: none. A label in the drawing,
 * not a GTK tooltip: under X11, GTK 4.8's tooltip window takes the presses of a pointer that
 * comes onto it, and a press and release there break its count of the active widgets
 * ('Broken accounting of active state for widget … GtkTooltipWindow'), up to the window. */
static void
show_hover (FlitlabNetworkPage *self,
            const char         *text)
{
  if (text == NULL)
    {
      hide_hover (self);
      return;
    }
  if (!gtk_widget_get_visible (GTK_WIDGET (self->hover_label)) ||
      g_strcmp0 (gtk_label_get_text (self->hover_label), text) != 0)
    {
      gtk_label_set_text (self->hover_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->hover_label), TRUE);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->area), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      text, -1);
    }
  /* It follows the pointer. */
  gtk_widget_queue_allocate (GTK_WIDGET (self->overlay));
}

/* The zoom's hint and fit button in the bottom right corner of the network's part of the
 * figure: beside the colour bar, not over its caption. */
static gboolean
place_zoom_control (FlitlabNetworkPage *self,
                    GtkWidget          *child,
                    GdkRectangle       *allocation)
{
  double x0, y0, x1, y1;

  if (self->view == NULL || !flitlab_topology_view_get_frame (self->view, &x0, &y0, &x1, &y1))
    return FALSE;
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &allocation->width, NULL, NULL);
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, allocation->width, NULL, &allocation->height, NULL, NULL);
  allocation->x = MAX ((int) (x1 * self->scale) - allocation->width - gtk_widget_get_margin_end (child), 0);
  allocation->y = MAX ((int) (y1 * self->scale) - allocation->height - gtk_widget_get_margin_bottom (child), 0);
  return TRUE;
}

/* The hover text below the pointer and centred on it as a tooltip is, or above it when there
 * is no room below; always inside the drawing. */
static gboolean
on_get_child_position (FlitlabNetworkPage *self,
                       GtkWidget          *child,
                       GdkRectangle       *allocation,
                       GtkOverlay         *overlay)
{
  const int margin = 6;  /* from the drawing's edges */
  const int below = 20;  /* the pointer's arrow above the text */
  const int above = 8;
  int width = gtk_widget_get_width (GTK_WIDGET (overlay));
  int height = gtk_widget_get_height (GTK_WIDGET (overlay));
  int min, natural;

  if (child == GTK_WIDGET (self->zoom_hint) || child == GTK_WIDGET (self->fit_button))
    return place_zoom_control (self, child, allocation);
  if (child != GTK_WIDGET (self->hover_label))
    return FALSE;
  gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, &min, &natural, NULL, NULL);
  allocation->width = MAX (MIN (natural, width - 2 * margin), min);
  gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, allocation->width, NULL, &allocation->height, NULL, NULL);
  allocation->x = CLAMP ((int) self->pointer_x - allocation->width / 2, margin,
                         MAX (width - margin - allocation->width, margin));
  allocation->y = (int) self->pointer_y + below;
  if (allocation->y + allocation->height > height - margin)
    allocation->y = MAX ((int) self->pointer_y - above - allocation->height, margin);
  return TRUE;
}

static void
on_leave (FlitlabNetworkPage *self)
{
  hide_hover (self);
}

/* A pointer position in the diagram's own units, for hit-testing; FALSE when nothing drawn
 * can be hit (no network; with stack FALSE, the stack of planes, hit-tested apart). */
static gboolean
to_diagram (FlitlabNetworkPage *self,
            gboolean            stack,
            double             *x,
            double             *y)
{
  if (self->view == NULL || stacked (self) != stack)
    return FALSE;
  *x /= self->scale;
  *y /= self->scale;
  return TRUE;
}

static void
on_motion (FlitlabNetworkPage       *self,
           double                    x,
           double                    y,
           GtkEventControllerMotion *motion)
{
  const FlitlabTopology *topology;
  g_autofree char *text = NULL;
  int channel, node;
  guint group;
  gboolean stack = stacked (self);

  self->pointer_x = x;
  self->pointer_y = y;
  /* No hover text while a button is held: a pan moves the network under the pointer. */
  if ((gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (motion)) &
       (GDK_BUTTON1_MASK | GDK_BUTTON2_MASK | GDK_BUTTON3_MASK | GDK_BUTTON4_MASK | GDK_BUTTON5_MASK)) ||
      !to_diagram (self, stack, &x, &y))
    {
      hide_hover (self);
      return;
    }
  topology = flitlab_topology_view_get_topology (self->view);
  if (stack)
    flitlab_topology_view_hit_stack (self->view, x, y, &node, &channel);
  else
    {
      node = flitlab_topology_view_hit_node (self->view, x, y);
      channel = node < 0 ? flitlab_topology_view_hit_channel (self->view, x, y) : -1;
    }
  group = flitlab_topology_view_get_group_size (self->view);
  if (node >= 0 && group > 1)
    /* Translators: a group of a large hypercube's nodes: the first, the step, how many */
    text = g_strdup_printf (_("Nodes %d + j·%u, j = 0 to %u: a group of %u nodes that differ only in the higher dimensions"),
                            node, flitlab_topology_get_n_nodes (topology) / group, group - 1, group);
  else if (node >= 0)
    text = describe_node (topology, node);
  else if (channel >= 0)
    {
      const FlitlabChannel *c = flitlab_topology_get_channel (topology, channel);
      /* The stack colours every plane's channels by their own values. */
      double value = !stack ? flitlab_topology_view_get_drawn_value (self->view, channel)
                     : self->view->values != NULL && (guint) channel < self->view->n_values
                     ? self->view->values[channel] : NAN;

      if (!stack && group == 1 && flitlab_topology_view_get_bundle_size (self->view, channel) > 1)
        /* Translators: a line between two 4-cubes of a 2^8 to 2^10 hypercube drawn in tiles:
         * how many channels it stands for, their dimension, the 4-cubes by number */
        text = g_strdup_printf (_("%u channels of dimension %u from 4-cube %u to 4-cube %u (the value is their mean)"),
                                flitlab_topology_view_get_bundle_size (self->view, channel), c->dim,
                                c->src >> 4, c->dst >> 4);
      else if (group > 1)
        /* Translators: a link standing for many channels of a large hypercube: how many, the
         * groups of nodes it joins (by their first node), its dimension */
        text = g_strdup_printf (_("%u channels from group %u to group %u, dimension %u (the value is their mean)"),
                                group, c->src, c->dst, c->dim);
      else
        /* Translators: a directed link: its number, its ends, its dimension and direction */
        text = g_strdup_printf (_("Channel %d: node %u → node %u, dimension %u, %s"), channel, c->src,
                                c->dst, c->dim, c->direction > 0 ? "+" : "−");
      if (isfinite (value))
        {
          g_autofree char *with_value = g_strdup_printf ("%s\n%s: %.4g", text, self->view->value_label, value);

          g_free (text);
          text = g_steal_pointer (&with_value);
        }
      if (self->point != NULL && self->point->channel_class != NULL && (guint) channel < self->point->n_channels &&
          self->point->channel_class[channel] != NULL)
        {
          g_autofree char *name = flitlab_render_flow_class_name (self->point->channel_class[channel]);
          /* Translators: the analytical model's class of a channel, e.g. "<3,5>" */
          g_autofree char *with_class = g_strdup_printf (_("%s\nModel class: %s"), text, name);

          g_free (text);
          text = g_steal_pointer (&with_class);
        }
    }
  show_hover (self, text);
}

/* Every channel on some minimal path from src to dst (adaptive routing may take any). */
static void
minimal_paths (const FlitlabTopology *topology,
               guint                  src,
               guint                  dst,
               GArray                *route)
{
  guint n_nodes = flitlab_topology_get_n_nodes (topology);
  g_autofree gboolean *seen = g_new0 (gboolean, n_nodes);
  g_autoptr(GArray) queue = g_array_new (FALSE, FALSE, sizeof (guint));
  guint next[2 * FLITLAB_TOPOLOGY_MAX_DIMS + 2];

  g_array_append_val (queue, src);
  seen[src] = TRUE;
  for (guint q = 0; q < queue->len; q++)
    {
      guint node = g_array_index (queue, guint, q);
      guint n = flitlab_topology_minimal_next_hops (topology, node, dst, next);

      for (guint i = 0; i < n; i++)
        {
          guint to = flitlab_topology_get_channel (topology, next[i])->dst;

          g_array_append_val (route, next[i]);
          if (!seen[to])
            {
              seen[to] = TRUE;
              g_array_append_val (queue, to);
            }
        }
    }
}

/* A click on the stack: a node chooses its column, whose links between the planes are drawn;
 * elsewhere, back to the corner columns. */
static void
choose_column (FlitlabNetworkPage *self,
               double              x,
               double              y)
{
  const FlitlabTopology *topology = flitlab_topology_view_get_topology (self->view);
  guint k0 = flitlab_topology_get_radix (topology, 0), size = k0 * flitlab_topology_get_radix (topology, 1);
  int node, channel;

  flitlab_topology_view_hit_stack (self->view, x, y, &node, &channel);
  if (node >= 0)
    {
      /* Translators: the column of a 3D network chosen in the stack of planes, by its x and y */
      g_autofree char *text = g_strdup_printf (_("Column (%u, %u): its links between the planes are drawn, its nodes ringed. Click another node for another column, an empty place for the corner columns."),
                                               (guint) node % size % k0, (guint) node % size / k0);

      self->view->column = (gint) ((guint) node % size);
      gtk_label_set_text (self->status_label, text);
    }
  else if (channel < 0)
    {
      self->view->column = -1;
      on_stack_toggled (self);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

/* The message whose worm is drawn at (x, y) of the diagram: on a channel it holds, or on a
 * node whose injection channel it holds (ringed: it is still leaving its source); or -1. */
static gint32
worm_at (FlitlabNetworkPage *self,
         double              x,
         double              y)
{
  const FlitlabTopology *topology = flitlab_topology_view_get_topology (self->view);
  guint n = flitlab_topology_get_n_channels (topology);
  g_autofree gint32 *holder = g_new (gint32, n);
  int channel = flitlab_topology_view_hit_channel (self->view, x, y);
  int node = channel < 0 ? flitlab_topology_view_hit_node (self->view, x, y) : -1;

  flitlab_sim_trace_get_channels (self->trace, holder, NULL, NULL);
  if (channel >= 0 && (guint) channel < n)
    return holder[channel];
  if (node >= 0)
    return holder[flitlab_topology_get_injection_channel (topology, (guint) node)];
  return -1;
}

/* Follows message id of the animation, or none (-1): its worm in bold, what it does said. */
static void
follow (FlitlabNetworkPage *self,
        gint32              id)
{
  self->followed = -1;
  if (id >= 0 && flitlab_sim_trace_get_message (self->trace, (guint) id, &self->followed_message))
    self->followed = id;
  show_trace (self);
}

/* A press gives the drawing the keyboard, for Ctrl+0 and the other keys of the page, as it
 * would a button's: a drawing area takes none on its own. */
static void
on_press (FlitlabNetworkPage *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self->area));
}

static void
on_click (FlitlabNetworkPage *self,
          int                 n_press,
          double              x,
          double              y)
{
  const FlitlabTopology *topology;
  g_autofree char *text = NULL;
  int node;

  if (to_diagram (self, TRUE, &x, &y))
    {
      choose_column (self, x, y);
      return;
    }
  if (!to_diagram (self, FALSE, &x, &y))
    return;
  /* Animating: a click on a worm follows its message, on the followed one or elsewhere lets
   * it go. */
  if (self->trace != NULL)
    {
      gint32 id = worm_at (self, x, y);

      follow (self, id == self->followed ? -1 : id);
      return;
    }
  topology = flitlab_topology_view_get_topology (self->view);
  node = flitlab_topology_view_hit_node (self->view, x, y);
  g_array_set_size (self->view->route, 0);
  if (node < 0)
    {
      self->route_from = -1;
      gtk_label_set_text (self->status_label, _("Click two nodes to see the route between them."));
    }
  else if (self->route_from < 0 || self->route_from == node)
    {
      self->route_from = node;
      /* Translators: the first of two nodes clicked */
      text = g_strdup_printf (_("From node %d: click the destination."), node);
      gtk_label_set_text (self->status_label, text);
    }
  else
    {
      FlitlabRouting routing = shown_study (self)->routing;
      gboolean adaptive = routing == FLITLAB_ROUTING_ADAPTIVE ||
                          routing == FLITLAB_ROUTING_NECKLACE;
      guint hops = flitlab_topology_distance (topology, self->route_from, node);

      if (adaptive)
        minimal_paths (topology, self->route_from, node, self->view->route);
      else
        flitlab_topology_route_dor (topology, self->route_from, node, self->view->route);
      text = adaptive
             /* Translators: the minimal paths between two nodes */
             ? g_strdup_printf (_("From node %d to node %d: %u hops, every minimal path (%u channels)"),
                                self->route_from, node, hops, self->view->route->len)
             /* Translators: the dimension-ordered route between two nodes */
             : g_strdup_printf (_("From node %d to node %d: %u hops, dimension-ordered"),
                                self->route_from, node, hops);
      gtk_label_set_text (self->status_label, text);
      self->route_from = -1;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

/* ---- zoom ------------------------------------------------------------------------------ */

/* Zooms to zoom about (x, y) of the drawing's pixels; the hover text named what was there. */
static void
zoom_about (FlitlabNetworkPage *self,
            double              zoom,
            double              x,
            double              y)
{
  if (!to_diagram (self, FALSE, &x, &y) || !flitlab_topology_view_zoom_at (self->view, zoom, x, y))
    return;
  hide_hover (self);
  update_zoom_widgets (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

/* Zooms by factor about the middle of the drawing (the keyboard's zoom). */
static void
zoom_middle (FlitlabNetworkPage *self,
             double              factor)
{
  if (self->view != NULL)
    zoom_about (self, self->view->zoom * factor, gtk_widget_get_width (GTK_WIDGET (self->area)) / 2.0,
                gtk_widget_get_height (GTK_WIDGET (self->area)) / 2.0);
}

static void
show_whole_network (FlitlabNetworkPage *self)
{
  zoom_middle (self, 0);
}

/* Moves the network by (dx, dy) of the drawing's pixels. */
static gboolean
pan (FlitlabNetworkPage *self,
     double              dx,
     double              dy)
{
  if (self->view == NULL || stacked (self) ||
      !flitlab_topology_view_pan (self->view, dx / self->scale, dy / self->scale))
    return FALSE;
  hide_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
  return TRUE;
}

/* Ctrl+scroll zooms about the pointer, a wheel's notch by 1.25; zoomed, scrolling pans. */
static gboolean
on_scroll (FlitlabNetworkPage       *self,
           double                    dx,
           double                    dy,
           GtkEventControllerScroll *scroll)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (scroll));
  gboolean wheel = gtk_event_controller_scroll_get_unit (scroll) == GDK_SCROLL_UNIT_WHEEL;

  if (self->view == NULL || stacked (self))
    return FALSE;
  if (state & GDK_CONTROL_MASK)
    {
      /* A touchpad scrolls by pixels: 40 of them as a notch. */
      zoom_about (self, self->view->zoom * pow (1.25, -(wheel ? dy : dy / 40)), self->pointer_x,
                  self->pointer_y);
      return TRUE;
    }
  if (self->view->zoom <= 1)
    return FALSE;
  pan (self, -(wheel ? 48 : 1) * dx, -(wheel ? 48 : 1) * dy);
  return TRUE;
}

/* Zoomed, a drag with the primary or middle button pans; once it moves it is no click. */
static void
on_drag_begin (FlitlabNetworkPage *self,
               double              x,
               double              y,
               GtkGestureDrag     *drag)
{
  guint button = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (drag));

  self->drag_x = self->drag_y = 0;
  if (self->view == NULL || stacked (self) || self->view->zoom <= 1 ||
      (button != GDK_BUTTON_PRIMARY && button != GDK_BUTTON_MIDDLE))
    gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_DENIED);
}

static void
on_drag_update (FlitlabNetworkPage *self,
                double              offset_x,
                double              offset_y,
                GtkGestureDrag     *drag)
{
  gboolean middle = gtk_gesture_single_get_current_button (GTK_GESTURE_SINGLE (drag)) == GDK_BUTTON_MIDDLE;
  int threshold = 8;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-dnd-drag-threshold", &threshold, NULL);
  /* A primary press that stays put is a click on a node or worm. */
  if (!middle && gtk_gesture_get_sequence_state (GTK_GESTURE (drag), gtk_gesture_single_get_current_sequence (GTK_GESTURE_SINGLE (drag))) != GTK_EVENT_SEQUENCE_CLAIMED &&
      hypot (offset_x, offset_y) < threshold)
    return;
  gtk_gesture_set_state (GTK_GESTURE (drag), GTK_EVENT_SEQUENCE_CLAIMED);
  pan (self, offset_x - self->drag_x, offset_y - self->drag_y);
  self->drag_x = offset_x;
  self->drag_y = offset_y;
}

static void
on_pinch_begin (FlitlabNetworkPage *self)
{
  self->pinch_zoom = self->view != NULL ? self->view->zoom : 1;
}

static void
on_pinch (FlitlabNetworkPage *self,
          double              scale,
          GtkGestureZoom     *pinch)
{
  double x, y;

  if (gtk_gesture_get_bounding_box_center (GTK_GESTURE (pinch), &x, &y))
    zoom_about (self, self->pinch_zoom * scale, x, y);
}

static gboolean
on_key (FlitlabNetworkPage    *self,
        guint                  keyval,
        guint                  keycode,
        GdkModifierType        state,
        GtkEventControllerKey *controller)
{
  if (state & GDK_CONTROL_MASK)
    switch (keyval)
      {
      case GDK_KEY_plus:
      case GDK_KEY_equal:
      case GDK_KEY_KP_Add:
        zoom_middle (self, 1.25);
        return TRUE;
      case GDK_KEY_minus:
      case GDK_KEY_KP_Subtract:
        zoom_middle (self, 1 / 1.25);
        return TRUE;
      case GDK_KEY_0:
      case GDK_KEY_KP_0:
        show_whole_network (self);
        return TRUE;
      default:
        return FALSE;
      }
  if (keyval == GDK_KEY_Escape && flitlab_network_page_let_go (self))
    return TRUE;
  if (keyval == GDK_KEY_space)
    {
      gtk_toggle_button_set_active (self->play_button, !gtk_toggle_button_get_active (self->play_button));
      return TRUE;
    }
  if (keyval == GDK_KEY_Right)
    {
      on_step (self);
      return TRUE;
    }
  /* Up and Down: faster and slower, without reaching for the menu in front of a class. */
  if (keyval == GDK_KEY_Up || keyval == GDK_KEY_Down)
    {
      guint speed = gtk_drop_down_get_selected (self->speed_dropdown);
      guint n = g_list_model_get_n_items (gtk_drop_down_get_model (self->speed_dropdown));

      if (keyval == GDK_KEY_Up && speed + 1 < n)
        gtk_drop_down_set_selected (self->speed_dropdown, speed + 1);
      else if (keyval == GDK_KEY_Down && speed > 0)
        gtk_drop_down_set_selected (self->speed_dropdown, speed - 1);
      return TRUE;
    }
  return FALSE;
}

/* Where the slider starts: where the exported figure is drawn (rate, flitlab-export.h's
 * rule), but in the deadlock lab at the lightest load its simulation deadlocked at, where
 * the animation comes to a deadlock too. */
static double
start_load (const FlitlabStudy *study,
            double              rate)
{
  const FlitlabStudyTable *points = study->simulation.allow_deadlock ? study->simulation.points
                                                                      : NULL;
  int column = points != NULL ? flitlab_study_table_find_column (points, "rate") : -1;
  double lightest = INFINITY;

  for (guint row = 0; column >= 0 && row < points->n_rows; row++)
    if (flitlab_study_table_is_deadlocked (points, row))
      lightest = MIN (lightest, flitlab_study_table_get (points, row, (guint) column));
  return isfinite (lightest) ? lightest : rate;
}

static void
show_study (FlitlabNetworkPage *self)
{
  const FlitlabStudy *study = shown_study (self);
  const FlitlabTopology *topology = NULL;
  FlitlabExportHeatmap heatmap;
  double lo, hi;
  guint n_planes;

  stop_animation (self);
  hide_hover (self);
  flitlab_textbook_panel_set_study (self->textbook_panel, study);
  g_clear_pointer (&self->view, flitlab_topology_view_free);
  g_clear_pointer (&self->point, flitlab_model_point_free);
  g_clear_pointer (&self->model, flitlab_model_free);
  self->route_from = -1;
  /* Skipping to the deadlock is the deadlock lab's. */
  gtk_widget_set_visible (GTK_WIDGET (self->skip_button),
                          study != NULL && study->simulation.allow_deadlock);
  if (study == NULL || (topology = flitlab_study_get_topology (study, NULL)) == NULL)
    {
      update_zoom_widgets (self);
      gtk_widget_queue_draw (GTK_WIDGET (self->area));
      return;
    }
  self->view = flitlab_topology_view_new (topology);
  /* The page is the figure's frame: the network takes all of it, whatever its shape. */
  self->view->fill = TRUE;
  flitlab_export_heatmap_choose (study, topology, &heatmap);
  self->model = g_steal_pointer (&heatmap.model);

  self->updating = TRUE;
  n_planes = flitlab_topology_view_get_n_planes (self->view);
  gtk_spin_button_set_range (self->plane_spin, 0, MAX (n_planes, 1) - 1);
  gtk_spin_button_set_value (self->plane_spin, 0);
  gtk_widget_set_visible (GTK_WIDGET (self->plane_spin), n_planes > 1);
  gtk_widget_set_visible (GTK_WIDGET (self->plane_label), n_planes > 1);
  /* A stack reads for a few small planes only. */
  gtk_widget_set_visible (GTK_WIDGET (self->stack_button), n_planes > 1 && n_planes <= 8 &&
                          flitlab_topology_get_n_nodes (topology) <= 1024);

  /* The slider spans the study's loads. */
  lo = study->rate_min;
  hi = MAX (study->rate_max, lo + 1e-9);
  gtk_range_set_range (GTK_RANGE (self->load_scale), lo, hi);
  gtk_range_set_increments (GTK_RANGE (self->load_scale), (hi - lo) / 100, (hi - lo) / 10);
  gtk_range_set_value (GTK_RANGE (self->load_scale),
                       start_load (study, isnan (heatmap.rate) ? (lo + hi) / 2 : heatmap.rate));
  gtk_drop_down_set_selected (self->source_dropdown,
                              heatmap.source == FLITLAB_EXPORT_HEATMAP_SIMULATION ? SOURCE_SIMULATION : SOURCE_MODEL);
  flitlab_export_heatmap_clear (&heatmap);
  self->updating = FALSE;
  gtk_label_set_text (self->status_label, _("Click two nodes to see the route between them."));
  on_source_changed (self);
  /* Another network (or study): the whole of it. */
  update_zoom_widgets (self);
}

static void
on_study_changed (FlitlabNetworkPage *self,
                  guint               index)
{
  if ((int) index == self->index)
    show_study (self);
}

void
flitlab_network_page_show (FlitlabNetworkPage *self,
                           FlitlabDocument    *document,
                           int                 index)
{
  g_return_if_fail (FLITLAB_IS_NETWORK_PAGE (self));

  flitlab_document_follow (&self->document, document, self, G_CALLBACK (on_study_changed));
  self->index = index;
  show_study (self);
}

void
flitlab_network_page_show_channels (FlitlabNetworkPage *self,
                                    const guint        *channels,
                                    guint               n_channels,
                                    const char         *caption)
{
  guint n_network;

  g_return_if_fail (FLITLAB_IS_NETWORK_PAGE (self));

  if (self->view == NULL)
    return;
  stop_animation (self);
  self->route_from = -1;
  n_network = flitlab_topology_get_n_network_channels (flitlab_topology_view_get_topology (self->view));
  g_array_set_size (self->view->route, 0);
  /* The view draws network links only: a node's injection and ejection channels are not. */
  for (guint i = 0; i < n_channels; i++)
    if (channels[i] < n_network)
      g_array_append_val (self->view->route, channels[i]);
  gtk_label_set_text (self->status_label, caption);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

void
flitlab_network_page_set_scale (FlitlabNetworkPage *self,
                                double              scale)
{
  g_return_if_fail (FLITLAB_IS_NETWORK_PAGE (self));

  self->scale = MAX (scale, 1);
  gtk_widget_queue_draw (GTK_WIDGET (self->area));
}

void
flitlab_network_page_set_presenting (FlitlabNetworkPage *self,
                                     gboolean            presenting)
{
  g_return_if_fail (FLITLAB_IS_NETWORK_PAGE (self));

  gtk_widget_set_visible (self->controls, !presenting);
  gtk_widget_set_visible (self->textbook_expander, !presenting);
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), !presenting);
}

gboolean
flitlab_network_page_let_go (FlitlabNetworkPage *self)
{
  g_return_val_if_fail (FLITLAB_IS_NETWORK_PAGE (self), FALSE);

  if (self->trace == NULL || self->followed < 0)
    return FALSE;
  follow (self, -1);
  return TRUE;
}

GtkLabel *
flitlab_network_page_get_load_label (FlitlabNetworkPage *self)
{
  g_return_val_if_fail (FLITLAB_IS_NETWORK_PAGE (self), NULL);

  return self->load_label;
}

void
flitlab_network_page_focus_figure (FlitlabNetworkPage *self)
{
  g_return_if_fail (FLITLAB_IS_NETWORK_PAGE (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->area));
}

GtkAdjustment *
flitlab_network_page_get_load (FlitlabNetworkPage *self)
{
  g_return_val_if_fail (FLITLAB_IS_NETWORK_PAGE (self), NULL);
  return gtk_range_get_adjustment (GTK_RANGE (self->load_scale));
}

gboolean
flitlab_network_page_get_stacked (FlitlabNetworkPage *self)
{
  g_return_val_if_fail (FLITLAB_IS_NETWORK_PAGE (self), FALSE);

  return self->view != NULL && stacked (self);
}

FlitlabTopologyView *
flitlab_network_page_get_view (FlitlabNetworkPage *self)
{
  g_return_val_if_fail (FLITLAB_IS_NETWORK_PAGE (self), NULL);
  return self->view;
}

const guint *
flitlab_network_page_get_deadlock (FlitlabNetworkPage *self,
                                   guint              *n_channels)
{
  g_return_val_if_fail (FLITLAB_IS_NETWORK_PAGE (self) && n_channels != NULL, NULL);
  *n_channels = self->deadlock->len;
  return self->deadlock->len > 0 ? (const guint *) self->deadlock->data : NULL;
}

/* Another view shown: the hover text is not there when this one comes back. */
static void
flitlab_network_page_unmap (GtkWidget *widget)
{
  FlitlabNetworkPage *self = FLITLAB_NETWORK_PAGE (widget);

  hide_hover (self);
  GTK_WIDGET_CLASS (flitlab_network_page_parent_class)->unmap (widget);
}

static void
flitlab_network_page_dispose (GObject *object)
{
  FlitlabNetworkPage *self = FLITLAB_NETWORK_PAGE (object);

  /* Gone without a word: those listening may be gone already. */
  g_clear_handle_id (&self->zoom_idle, g_source_remove);
  g_array_set_size (self->deadlock, 0);
  stop_animation (self);
  self->updating = TRUE;
  flitlab_document_follow (&self->document, NULL, self, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), FLITLAB_TYPE_NETWORK_PAGE);
  G_OBJECT_CLASS (flitlab_network_page_parent_class)->dispose (object);
}

static void
flitlab_network_page_finalize (GObject *object)
{
  FlitlabNetworkPage *self = FLITLAB_NETWORK_PAGE (object);

  g_clear_pointer (&self->worm_slots, g_hash_table_unref);
  g_clear_pointer (&self->deadlock, g_array_unref);
  g_clear_pointer (&self->trace, flitlab_sim_trace_free);
  g_clear_pointer (&self->ahead.links, g_free);
  g_clear_pointer (&self->view, flitlab_topology_view_free);
  g_clear_pointer (&self->point, flitlab_model_point_free);
  g_clear_pointer (&self->model, flitlab_model_free);
  G_OBJECT_CLASS (flitlab_network_page_parent_class)->finalize (object);
}

static void
flitlab_network_page_class_init (FlitlabNetworkPageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = flitlab_network_page_dispose;
  object_class->finalize = flitlab_network_page_finalize;
  widget_class->unmap = flitlab_network_page_unmap;
  /* The animation stopped on a deadlock, or the one shown went away: for the channel
   * dependency graph to draw it (flitlab_network_page_get_deadlock()). */
  signals[DEADLOCK_CHANGED] = g_signal_new ("deadlock-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                            0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  g_type_ensure (FLITLAB_TYPE_TEXTBOOK_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/flitlab/Flitlab/ui/flitlab-network-page.ui");
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, area);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, controls);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, textbook_expander);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, load_label);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, load_scale);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, plane_label);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, plane_spin);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, quantity_dropdown);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, source_dropdown);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, status_label);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, textbook_panel);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, play_button);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, step_button);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, skip_button);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, cycle_label);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, speed_dropdown);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, stack_button);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, zoom_hint);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, fit_button);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, overlay);
  gtk_widget_class_bind_template_child (widget_class, FlitlabNetworkPage, hover_label);
}

static void
flitlab_network_page_init (FlitlabNetworkPage *self)
{
  GtkEventController *motion = gtk_event_controller_motion_new ();
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *scroll = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  GtkGesture *drag = gtk_gesture_drag_new ();
  GtkGesture *pinch = gtk_gesture_zoom_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  self->deadlock = g_array_new (FALSE, FALSE, sizeof (guint));
  self->worm_slots = g_hash_table_new (NULL, NULL);
  self->followed = -1;
  self->route_from = -1;
  self->index = -1;
  self->scale = 1;
  gtk_drawing_area_set_draw_func (self->area, draw, self, NULL);
  g_signal_connect_swapped (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect_swapped (motion, "leave", G_CALLBACK (on_leave), self);
  g_signal_connect_swapped (self->overlay, "get-child-position", G_CALLBACK (on_get_child_position), self);
  /* On release: a press that turns into a drag pans instead. */
  g_signal_connect_swapped (click, "released", G_CALLBACK (on_click), self);
  g_signal_connect_swapped (click, "pressed", G_CALLBACK (on_press), self);
  g_signal_connect_swapped (scroll, "scroll", G_CALLBACK (on_scroll), self);
  /* Any button: on_drag_begin() takes the primary and the middle one. */
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), 0);
  g_signal_connect_swapped (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect_swapped (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect_swapped (pinch, "begin", G_CALLBACK (on_pinch_begin), self);
  g_signal_connect_swapped (pinch, "scale-changed", G_CALLBACK (on_pinch), self);
  g_signal_connect_swapped (self->fit_button, "clicked", G_CALLBACK (show_whole_network), self);
  gtk_widget_add_controller (GTK_WIDGET (self->area), motion);
  gtk_widget_add_controller (GTK_WIDGET (self->area), GTK_EVENT_CONTROLLER (click));
  gtk_widget_add_controller (GTK_WIDGET (self->area), scroll);
  gtk_widget_add_controller (GTK_WIDGET (self->area), GTK_EVENT_CONTROLLER (drag));
  gtk_widget_add_controller (GTK_WIDGET (self->area), GTK_EVENT_CONTROLLER (pinch));
  g_signal_connect_swapped (self->source_dropdown, "notify::selected", G_CALLBACK (on_source_changed), self);
  g_signal_connect_swapped (self->quantity_dropdown, "notify::selected", G_CALLBACK (on_setting_changed), self);
  g_signal_connect_swapped (self->load_scale, "value-changed", G_CALLBACK (on_load_changed), self);
  g_signal_connect_swapped (self->plane_spin, "value-changed", G_CALLBACK (on_setting_changed), self);
  g_signal_connect_swapped (self->play_button, "toggled", G_CALLBACK (on_play_toggled), self);
  g_signal_connect_swapped (self->step_button, "clicked", G_CALLBACK (on_step), self);
  g_signal_connect_swapped (self->skip_button, "clicked", G_CALLBACK (on_skip_clicked), self);
  g_signal_connect_swapped (self->stack_button, "toggled", G_CALLBACK (on_stack_toggled), self);
  {
    GtkEventController *key = gtk_event_controller_key_new ();

    g_signal_connect_swapped (key, "key-pressed", G_CALLBACK (on_key), self);
    gtk_widget_add_controller (GTK_WIDGET (self), key);
  }
  gtk_widget_set_focusable (GTK_WIDGET (self->area), TRUE);
  on_source_changed (self);
}
