/* flitlab-study-task.c: a study's simulation on a worker thread, with progress and cancel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The worker runs flitlab_study_run_simulate() on its own copy of the study and touches nothing
 * else. Its progress callback stores the fraction under a mutex and, when no update is already
 * pending, adds one idle that notifies the properties on the main thread; it
 * returns FALSE (stop) once the cancellable is cancelled. Each load simulated is added to a
 * table of points, likewise under the mutex, announced by the same idle (n-points).
 *
 * A run told to hold above a time (flitlab_study_task_set_hold_above()) is measured by its
 * own first seconds: once its estimate of the time left has stayed above that for
 * HOLD_SETTLE_SECONDS (the first estimates swing several-fold while the network fills), the
 * progress callback waits, holding every job at its next tick, until
 * flitlab_study_task_resume() or a cancel. It holds once per run.
 */

#include "config.h"

#include "flitlab-study-run.h"
#include "flitlab-study-task.h"

#define HOLD_SETTLE_SECONDS 2

struct _FlitlabStudyTask
{
  GObject  parent_instance;

  GMutex   lock;
  double   fraction;
  double   seconds_left;
  guint    idle_id;
  gboolean running;
  FlitlabStudyTable *points; /* loads done so far in this run */

  GCond    resumed;
  double   hold_above;       /* seconds; 0: never hold */
  gint64   above_since;      /* monotonic µs the estimate has been above hold_above; 0: not */
  gboolean held;             /* waiting for flitlab_study_task_resume() */
  gboolean has_held;         /* this run */
};

G_DEFINE_FINAL_TYPE (FlitlabStudyTask, flitlab_study_task, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_FRACTION,
  PROP_SECONDS_LEFT,
  PROP_RUNNING,
  PROP_N_POINTS,
  PROP_HELD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct
{
  FlitlabStudyTask *task; /* a reference, kept by the task's source object */
  GCancellable     *cancellable;
} Progress;

static gboolean
publish_progress (gpointer data)
{
  FlitlabStudyTask *self = data;

  g_mutex_lock (&self->lock);
  self->idle_id = 0;
  g_mutex_unlock (&self->lock);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SECONDS_LEFT]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_POINTS]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HELD]);
  return G_SOURCE_REMOVE;
}

/* Called on the simulation threads, one call at a time. */
/* With the lock held. */
static void
schedule_publish (FlitlabStudyTask *self)
{
  if (self->idle_id == 0)
    /* Above redrawing: a window that animates (a spinner) under slow software rendering
     * redraws back to back, and would starve an idle below it until the run ends. At most one
     * is pending, so it cannot flood the loop. */
    self->idle_id = g_idle_add_full (G_PRIORITY_DEFAULT, publish_progress, g_object_ref (self),
                                     g_object_unref);
}

static gboolean
on_progress (double   fraction,
             double   seconds_left,
             gpointer data)
{
  Progress *progress = data;
  FlitlabStudyTask *self = progress->task;

  g_mutex_lock (&self->lock);
  self->fraction = fraction;
  self->seconds_left = seconds_left;
  if (self->hold_above > 0 && !self->has_held && seconds_left >= 0)
    {
      gint64 now = g_get_monotonic_time ();

      if (seconds_left < self->hold_above)
        self->above_since = 0;
      else if (self->above_since == 0)
        self->above_since = now;
      else if (now - self->above_since >= HOLD_SETTLE_SECONDS * G_TIME_SPAN_SECOND)
        self->held = self->has_held = TRUE;
    }
  schedule_publish (self);
  /* A cancel does not signal the condition: the wait looks at it every tenth of a second. */
  while (self->held && !g_cancellable_is_cancelled (progress->cancellable))
    g_cond_wait_until (&self->resumed, &self->lock,
                       g_get_monotonic_time () + G_TIME_SPAN_SECOND / 10);
  g_mutex_unlock (&self->lock);
  return !g_cancellable_is_cancelled (progress->cancellable);
}

/* Called on the simulation threads, several at once. */
static void
on_point (const double *row,
          gboolean      saturated,
          gpointer      data)
{
  Progress *progress = data;
  FlitlabStudyTask *self = progress->task;

  g_mutex_lock (&self->lock);
  flitlab_study_table_append (self->points, row, saturated);
  schedule_publish (self);
  g_mutex_unlock (&self->lock);
}

static void
worker (GTask        *task,
        gpointer      source_object,
        gpointer      task_data,
        GCancellable *cancellable)
{
  FlitlabStudy *study = task_data;
  Progress progress = { source_object, cancellable };
  g_autoptr(GError) error = NULL;

  study->simulation.enabled = TRUE;
  if (!flitlab_study_run_simulate_with_points (study, on_progress, on_point, &progress, &error))
    {
      if (!g_task_return_error_if_cancelled (task))
        g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  if (g_task_return_error_if_cancelled (task))
    return;
  g_task_return_pointer (task, flitlab_study_copy (study), (GDestroyNotify) flitlab_study_free);
}

static void
set_running (FlitlabStudyTask *self,
             gboolean          running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

void
flitlab_study_task_run_async (FlitlabStudyTask    *self,
                              const FlitlabStudy  *study,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (FLITLAB_IS_STUDY_TASK (self));
  g_return_if_fail (study != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, flitlab_study_task_run_async);
  g_task_set_task_data (task, flitlab_study_copy (study), (GDestroyNotify) flitlab_study_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_mutex_lock (&self->lock);
  self->fraction = 0;
  self->seconds_left = -1;
  self->above_since = 0;
  self->held = self->has_held = FALSE;
  g_clear_pointer (&self->points, flitlab_study_table_free);
  self->points = flitlab_study_table_new (flitlab_study_run_points_columns ());
  g_mutex_unlock (&self->lock);
  set_running (self, TRUE);
  g_task_run_in_thread (task, worker);
}

FlitlabStudy *
flitlab_study_task_run_finish (FlitlabStudyTask  *self,
                               GAsyncResult      *result,
                               GError           **error)
{
  g_return_val_if_fail (FLITLAB_IS_STUDY_TASK (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  set_running (self, FALSE);
  return g_task_propagate_pointer (G_TASK (result), error);
}

double
flitlab_study_task_get_fraction (FlitlabStudyTask *self)
{
  double fraction;

  g_mutex_lock (&self->lock);
  fraction = self->fraction;
  g_mutex_unlock (&self->lock);
  return fraction;
}

double
flitlab_study_task_get_seconds_left (FlitlabStudyTask *self)
{
  double left;

  g_mutex_lock (&self->lock);
  left = self->seconds_left;
  g_mutex_unlock (&self->lock);
  return left;
}

FlitlabStudyTable *
flitlab_study_task_dup_points (FlitlabStudyTask *self)
{
  FlitlabStudyTable *points = NULL;

  g_return_val_if_fail (FLITLAB_IS_STUDY_TASK (self), NULL);

  g_mutex_lock (&self->lock);
  if (self->points != NULL && self->points->n_rows > 0)
    points = flitlab_study_table_copy (self->points);
  g_mutex_unlock (&self->lock);
  return points;
}

static guint
get_n_points (FlitlabStudyTask *self)
{
  guint n;

  g_mutex_lock (&self->lock);
  n = self->points != NULL ? self->points->n_rows : 0;
  g_mutex_unlock (&self->lock);
  return n;
}

gboolean
flitlab_study_task_get_running (FlitlabStudyTask *self)
{
  return self->running;
}

void
flitlab_study_task_set_hold_above (FlitlabStudyTask *self,
                                   double            seconds)
{
  g_return_if_fail (FLITLAB_IS_STUDY_TASK (self));

  g_mutex_lock (&self->lock);
  self->hold_above = MAX (seconds, 0);
  g_mutex_unlock (&self->lock);
}

gboolean
flitlab_study_task_get_held (FlitlabStudyTask *self)
{
  gboolean held;

  g_return_val_if_fail (FLITLAB_IS_STUDY_TASK (self), FALSE);

  g_mutex_lock (&self->lock);
  held = self->held;
  g_mutex_unlock (&self->lock);
  return held;
}

void
flitlab_study_task_resume (FlitlabStudyTask *self)
{
  g_return_if_fail (FLITLAB_IS_STUDY_TASK (self));

  g_mutex_lock (&self->lock);
  self->held = FALSE;
  g_cond_broadcast (&self->resumed);
  g_mutex_unlock (&self->lock);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HELD]);
}

static void
flitlab_study_task_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  FlitlabStudyTask *self = FLITLAB_STUDY_TASK (object);

  switch (prop_id)
    {
    case PROP_FRACTION:
      g_value_set_double (value, flitlab_study_task_get_fraction (self));
      break;
    case PROP_SECONDS_LEFT:
      g_value_set_double (value, flitlab_study_task_get_seconds_left (self));
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    case PROP_N_POINTS:
      g_value_set_uint (value, get_n_points (self));
      break;
    case PROP_HELD:
      g_value_set_boolean (value, flitlab_study_task_get_held (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
flitlab_study_task_finalize (GObject *object)
{
  FlitlabStudyTask *self = FLITLAB_STUDY_TASK (object);

  g_clear_pointer (&self->points, flitlab_study_table_free);
  g_cond_clear (&self->resumed);
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (flitlab_study_task_parent_class)->finalize (object);
}

static void
flitlab_study_task_class_init (FlitlabStudyTaskClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = flitlab_study_task_get_property;
  object_class->finalize = flitlab_study_task_finalize;

  properties[PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, 0, 1, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SECONDS_LEFT] =
    g_param_spec_double ("seconds-left", NULL, NULL, -1, G_MAXDOUBLE, -1,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_POINTS] =
    g_param_spec_uint ("n-points", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_HELD] =
    g_param_spec_boolean ("held", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
flitlab_study_task_init (FlitlabStudyTask *self)
{
  g_mutex_init (&self->lock);
  g_cond_init (&self->resumed);
  self->seconds_left = -1;
}

FlitlabStudyTask *
flitlab_study_task_new (void)
{
  return g_object_new (FLITLAB_TYPE_STUDY_TASK, NULL);
}
