/* test-study-task.c: a study's simulation on a worker thread: progress, points, cancel
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "flitlab-study-task.h"

typedef struct
{
  GAsyncResult *result;
  double        last_fraction;
  gboolean      fraction_went_back;
  guint         most_points;
} Watch;

static void
on_done (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  Watch *watch = data;

  watch->result = g_object_ref (result);
}

static void
on_fraction (FlitlabStudyTask *task,
             GParamSpec       *pspec,
             Watch            *watch)
{
  double fraction = flitlab_study_task_get_fraction (task);

  if (fraction < watch->last_fraction)
    watch->fraction_went_back = TRUE;
  watch->last_fraction = fraction;
  g_assert_cmpfloat (fraction, >=, 0);
  g_assert_cmpfloat (fraction, <=, 1);
}

static void
on_points (FlitlabStudyTask *task,
           GParamSpec       *pspec,
           Watch            *watch)
{
  guint n;

  g_object_get (task, "n-points", &n, NULL);
  g_assert_cmpuint (n, >=, watch->most_points);
  watch->most_points = n;
}

static FlitlabStudy *
mesh_study (void)
{
  FlitlabStudy *study = flitlab_study_new ("4x4 mesh");

  flitlab_study_set_topology (study, "mesh:4x4", NULL);
  study->flits = 8;
  study->rate_min = 0.005;
  study->rate_max = 0.03;
  study->n_rates = 4;
  study->simulation.cycles = 2000;
  study->simulation.warmup = 500;
  study->simulation.replications = 1;
  study->simulation.threads = 2;
  return study;
}

static FlitlabStudy *
run (FlitlabStudyTask   *task,
     const FlitlabStudy *study,
     GCancellable       *cancellable,
     Watch              *watch,
     GError            **error)
{
  FlitlabStudy *done;

  g_signal_connect (task, "notify::fraction", G_CALLBACK (on_fraction), watch);
  g_signal_connect (task, "notify::n-points", G_CALLBACK (on_points), watch);
  flitlab_study_task_run_async (task, study, cancellable, on_done, watch);
  g_assert_true (flitlab_study_task_get_running (task));
  if (cancellable != NULL)
    g_cancellable_cancel (cancellable);
  while (watch->result == NULL)
    g_main_context_iteration (NULL, TRUE);
  done = flitlab_study_task_run_finish (task, watch->result, error);
  g_clear_object (&watch->result);
  return done;
}

/* Progress only grows, the points arrive one load at a time, and the copy has them all; the
 * study given is untouched. */
static void
test_progress_and_points (void)
{
  g_autoptr(FlitlabStudyTask) task = flitlab_study_task_new ();
  g_autoptr(FlitlabStudy) study = mesh_study ();
  g_autoptr(FlitlabStudy) done = NULL;
  g_autoptr(GError) error = NULL;
  Watch watch = { 0 };

  done = run (task, study, NULL, &watch, &error);
  g_assert_no_error (error);
  g_assert_nonnull (done);
  g_assert_false (watch.fraction_went_back);
  g_assert_cmpfloat (watch.last_fraction, >, 0);
  g_assert_cmpuint (done->simulation.points->n_rows, ==, 4);
  g_assert_cmpuint (watch.most_points, ==, 4);
  g_assert_null (study->simulation.points);
  g_assert_false (flitlab_study_task_get_running (task));
}

/* A cancelled run reports G_IO_ERROR_CANCELLED, and the task can run again. */
static void
test_cancel (void)
{
  g_autoptr(FlitlabStudyTask) task = flitlab_study_task_new ();
  g_autoptr(FlitlabStudy) study = mesh_study ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(FlitlabStudy) done = NULL;
  g_autoptr(GError) error = NULL;
  Watch watch = { 0 };

  done = run (task, study, cancellable, &watch, &error);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (done);
  g_assert_false (flitlab_study_task_get_running (task));
}

static void
iterate_for (gint64 microseconds)
{
  gint64 end = g_get_monotonic_time () + microseconds;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

/* Starts a run that will hold at once for its answer (its estimate settles in 2 s, well before
 * it could end) and waits until it does. */
static void
start_held_run (FlitlabStudyTask *task,
                FlitlabStudy     *study,
                GCancellable     *cancellable,
                Watch            *watch)
{
  study->simulation.cycles = 100000000;
  flitlab_study_task_set_hold_above (task, 1e-6);
  flitlab_study_task_run_async (task, study, cancellable, on_done, watch);
  while (!flitlab_study_task_get_held (task))
    g_main_context_iteration (NULL, TRUE);
}

/* Cancels the run and checks that it ends cancelled, with nothing. */
static void
cancel_and_finish (FlitlabStudyTask *task,
                   GCancellable     *cancellable,
                   Watch            *watch)
{
  g_autoptr(FlitlabStudy) done = NULL;
  g_autoptr(GError) error = NULL;

  g_cancellable_cancel (cancellable);
  while (watch->result == NULL)
    g_main_context_iteration (NULL, TRUE);
  done = flitlab_study_task_run_finish (task, watch->result, &error);
  g_clear_object (&watch->result);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (done);
}

/* A run that holds for its answer does not go on until resumed, then goes on; a cancel while
 * it goes on ends it. */
static void
test_hold (void)
{
  g_autoptr(FlitlabStudyTask) task = flitlab_study_task_new ();
  g_autoptr(FlitlabStudy) study = mesh_study ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Watch watch = { 0 };
  double held_at;

  start_held_run (task, study, cancellable, &watch);
  held_at = flitlab_study_task_get_fraction (task);
  iterate_for (G_TIME_SPAN_SECOND / 2);
  g_assert_true (flitlab_study_task_get_held (task));
  g_assert_cmpfloat (flitlab_study_task_get_fraction (task), ==, held_at);
  g_assert_null (watch.result);

  flitlab_study_task_resume (task);
  g_assert_false (flitlab_study_task_get_held (task));
  while (flitlab_study_task_get_fraction (task) == held_at)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (flitlab_study_task_get_held (task));
  cancel_and_finish (task, cancellable, &watch);
}

/* A cancel ends a held run. */
static void
test_cancel_held (void)
{
  g_autoptr(FlitlabStudyTask) task = flitlab_study_task_new ();
  g_autoptr(FlitlabStudy) study = mesh_study ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Watch watch = { 0 };

  start_held_run (task, study, cancellable, &watch);
  cancel_and_finish (task, cancellable, &watch);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/sim-task/progress-and-points", test_progress_and_points);
  g_test_add_func ("/sim-task/cancel", test_cancel);
  g_test_add_func ("/sim-task/hold", test_hold);
  g_test_add_func ("/sim-task/cancel-held", test_cancel_held);
  return g_test_run ();
}
