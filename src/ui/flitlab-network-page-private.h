/* flitlab-network-page-private.h: the Network page's parts, one file a job: the page
 * (flitlab-network-page.c), its colours (-heatmap.c), its animation (-animation.c) and its
 * drawing with the pointer and keys (-canvas.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "flitlab-export.h"
#include "flitlab-model.h"
#include "flitlab-network-page.h"
#include "flitlab-replay-frames.h"
#include "flitlab-sim-replay.h"
#include "flitlab-sim-trace.h"
#include "flitlab-textbook-panel.h"

G_BEGIN_DECLS

/* Where the colours come from: the source dropdown's items, in order. */
typedef enum
{
  FLITLAB_HEATMAP_MODEL,
  FLITLAB_HEATMAP_SIMULATION,
  FLITLAB_HEATMAP_DIFFERENCE,
  FLITLAB_HEATMAP_ROUTES,     /* the traffic's flows along the routes, without contention */
} FlitlabHeatmapSource;

struct _FlitlabNetworkPage
{
  FlitlabStudyPage     parent_instance;

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

  FlitlabTopologyFigure *figure;       /* of the study's network */
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
  /* A trace study's animation (-replay.c): */
  FlitlabReplayFrames *frames;       /* its replay's windows, or NULL */
  GCancellable        *replaying;    /* while the replay runs */
  FlitlabReplayResult *replayed;     /* how it went, once it ended; or NULL */
  char                *replay_error; /* why it failed, or NULL */
  double               frames_rate;  /* its load */
  double               frames_done;  /* the share of the trace's messages delivered */
  guint64              frame_cycle;  /* the frame shown: a cycle in it */
  guint64              frame_end;    /* the cycle after it; 0 while none is shown */
  gint64               last_frame; /* frame time of the last step, microseconds */
  double               owed;       /* cycles due but not yet stepped */
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

/* Read afresh each time: the document replaces a study when it is edited. */
static inline const FlitlabStudy *
shown_study (FlitlabNetworkPage *self)
{
  return flitlab_study_page_get_study (FLITLAB_STUDY_PAGE (self));
}

/* Presentation's magnification of the drawing. */
static inline double
scale_of (FlitlabNetworkPage *self)
{
  return flitlab_study_page_get_scale (FLITLAB_STUDY_PAGE (self));
}

/* flitlab-network-page-heatmap.c */
void     flitlab_network_page_init_heatmap         (FlitlabNetworkPage *self);
/* Another source chosen (or the study shown): its quantities listed, the colours anew. */
void     flitlab_network_page_source_changed       (FlitlabNetworkPage *self);
/* The colours anew for the source, quantity and load chosen. */
void     flitlab_network_page_update_heatmap       (FlitlabNetworkPage *self);

/* flitlab-network-page-animation.c */
void     flitlab_network_page_init_animation       (FlitlabNetworkPage *self);
void     flitlab_network_page_stop_animation       (FlitlabNetworkPage *self);
/* One cycle on, paused. */
void     flitlab_network_page_step                 (FlitlabNetworkPage *self);
void     flitlab_network_page_show_trace           (FlitlabNetworkPage *self);
/* The frame clock stops stepping and the button shows Play; the animation stays. */
void     flitlab_network_page_show_paused          (FlitlabNetworkPage *self);

/* flitlab-network-page-replay.c */
/* Whether the study shown is a trace study, whose animation is its replay's windows. */
gboolean flitlab_network_page_is_replay            (FlitlabNetworkPage *self);
/* The speed menu's and buttons' words for the study shown: windows or cycles. */
void     flitlab_network_page_replay_set_controls  (FlitlabNetworkPage *self);
void     flitlab_network_page_play_replay          (FlitlabNetworkPage *self,
                                                    gboolean            play);
/* One window on, paused. */
void     flitlab_network_page_step_replay          (FlitlabNetworkPage *self);
/* Whether a replay's window is on the drawing (the heatmap's colours wait for its end). */
gboolean flitlab_network_page_replay_shown         (FlitlabNetworkPage *self);
void     flitlab_network_page_stop_replay          (FlitlabNetworkPage *self);
/* Follows message id of the animation, or none (-1). */
void     flitlab_network_page_follow               (FlitlabNetworkPage *self,
                                                    gint32              id);

/* flitlab-network-page-canvas.c */
void     flitlab_network_page_init_canvas          (FlitlabNetworkPage *self);
void     flitlab_network_page_hide_hover           (FlitlabNetworkPage *self);
void     flitlab_network_page_update_zoom_widgets  (FlitlabNetworkPage *self);
/* Whether the planes are drawn stacked. */
gboolean flitlab_network_page_stacked              (FlitlabNetworkPage *self);

G_END_DECLS
