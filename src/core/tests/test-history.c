/* test-history.c: undo and redo of study edits, additions and deletions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "flitlab-history.h"

/* The project's study names, joined by commas. */
static char *
names (FlitlabProject *project)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < flitlab_project_get_n_studies (project); i++)
    g_string_append_printf (out, "%s%s", i > 0 ? "," : "",
                            flitlab_project_get_study (project, i)->name);
  return g_string_free (out, FALSE);
}

#define assert_names(project, expected) \
  G_STMT_START { \
    g_autofree char *got = names (project); \
    g_assert_cmpstr (got, ==, expected); \
  } G_STMT_END

static FlitlabStudy *
renamed (FlitlabStudy *study,
         const char   *name)
{
  FlitlabStudy *copy = flitlab_study_copy (study);

  g_free (copy->name);
  copy->name = g_strdup (name);
  return copy;
}

static void
test_undo_redo (void)
{
  g_autoptr(FlitlabProject) project = flitlab_project_new ();
  g_autoptr(FlitlabHistory) history = flitlab_history_new (project);
  FlitlabStudy *a, *study;
  guint index;

  g_assert_false (flitlab_history_can_undo (history));
  g_assert_false (flitlab_history_undo (history, &index, &study));
  flitlab_history_insert (history, G_MAXUINT, flitlab_study_new ("a"));
  flitlab_history_insert (history, G_MAXUINT, flitlab_study_new ("b"));
  flitlab_history_insert (history, 0, flitlab_study_new ("c"));
  assert_names (project, "c,a,b");
  a = flitlab_project_get_study (project, 1);

  /* An edit keeps the study's address. */
  flitlab_history_edit (history, 1, renamed (a, "a2"));
  assert_names (project, "c,a2,b");
  g_assert_true (flitlab_project_get_study (project, 1) == a);
  flitlab_history_remove (history, 0);
  assert_names (project, "a2,b");

  g_assert_true (flitlab_history_undo (history, &index, &study));
  assert_names (project, "c,a2,b");
  g_assert_cmpuint (index, ==, 0);
  g_assert_true (flitlab_history_undo (history, &index, &study));
  assert_names (project, "c,a,b");
  g_assert_cmpuint (index, ==, 1);
  g_assert_true (study == a);
  g_assert_true (flitlab_project_get_study (project, 1) == a);
  g_assert_true (flitlab_history_can_redo (history));

  g_assert_true (flitlab_history_redo (history, &index, &study));
  assert_names (project, "c,a2,b");
  g_assert_true (flitlab_history_redo (history, &index, &study));
  assert_names (project, "a2,b");
  g_assert_false (flitlab_history_redo (history, &index, &study));

  /* Undo everything, then a new step forgets what could be redone. */
  while (flitlab_history_undo (history, NULL, NULL))
    ;
  assert_names (project, "");
  g_assert_true (flitlab_history_redo (history, NULL, NULL));
  assert_names (project, "a");
  flitlab_history_insert (history, G_MAXUINT, flitlab_study_new ("d"));
  assert_names (project, "a,d");
  g_assert_false (flitlab_history_can_redo (history));
  g_assert_true (flitlab_history_undo (history, NULL, NULL));
  g_assert_true (flitlab_history_undo (history, NULL, NULL));
  g_assert_false (flitlab_history_undo (history, NULL, NULL));
  assert_names (project, "");
}

/* The state names what the project is: an undo back to a state gives its name again (the
 * window compares it with the state last saved), any other step a new one. */
static void
test_state (void)
{
  g_autoptr(FlitlabProject) project = flitlab_project_new ();
  g_autoptr(FlitlabHistory) history = flitlab_history_new (project);
  guint64 empty = flitlab_history_get_state (history), one, two;

  flitlab_history_insert (history, 0, flitlab_study_new ("a"));
  one = flitlab_history_get_state (history);
  g_assert_cmpuint (one, !=, empty);
  flitlab_history_insert (history, 1, flitlab_study_new ("b"));
  two = flitlab_history_get_state (history);
  g_assert_true (flitlab_history_undo (history, NULL, NULL));
  g_assert_cmpuint (flitlab_history_get_state (history), ==, one);
  g_assert_true (flitlab_history_undo (history, NULL, NULL));
  g_assert_cmpuint (flitlab_history_get_state (history), ==, empty);
  g_assert_true (flitlab_history_redo (history, NULL, NULL));
  g_assert_true (flitlab_history_redo (history, NULL, NULL));
  g_assert_cmpuint (flitlab_history_get_state (history), ==, two);
  /* Another step from "one" is not "two". */
  g_assert_true (flitlab_history_undo (history, NULL, NULL));
  flitlab_history_insert (history, 1, flitlab_study_new ("c"));
  g_assert_cmpuint (flitlab_history_get_state (history), !=, two);
  g_assert_cmpuint (flitlab_history_get_state (history), !=, one);

  /* Beyond the limit, undoing everything no longer comes back to the empty project. */
  for (guint i = 0; i <= FLITLAB_HISTORY_MAX_STEPS; i++)
    flitlab_history_insert (history, 0, flitlab_study_new ("x"));
  while (flitlab_history_undo (history, NULL, NULL))
    ;
  g_assert_cmpuint (flitlab_history_get_state (history), !=, empty);
}

static void
test_limit (void)
{
  g_autoptr(FlitlabProject) project = flitlab_project_new ();
  g_autoptr(FlitlabHistory) history = flitlab_history_new (project);
  FlitlabStudy *study;
  guint undone = 0;

  flitlab_history_insert (history, 0, flitlab_study_new ("0"));
  study = flitlab_project_get_study (project, 0);
  for (guint i = 1; i <= FLITLAB_HISTORY_MAX_STEPS + 20; i++)
    {
      g_autofree char *name = g_strdup_printf ("%u", i);

      flitlab_history_edit (history, 0, renamed (study, name));
    }
  while (flitlab_history_undo (history, NULL, NULL))
    undone++;
  g_assert_cmpuint (undone, ==, FLITLAB_HISTORY_MAX_STEPS);
  assert_names (project, "20");
}

/* A sweep's studies come and go as one step. */
static void
test_many (void)
{
  g_autoptr(FlitlabProject) project = flitlab_project_new ();
  g_autoptr(FlitlabHistory) history = flitlab_history_new (project);
  GPtrArray *sweep = g_ptr_array_new ();
  FlitlabStudy *study;
  guint index;

  flitlab_history_insert (history, G_MAXUINT, flitlab_study_new ("a"));
  flitlab_history_insert (history, G_MAXUINT, flitlab_study_new ("d"));
  g_ptr_array_add (sweep, flitlab_study_new ("b"));
  g_ptr_array_add (sweep, flitlab_study_new ("c"));
  flitlab_history_insert_many (history, 1, sweep);
  assert_names (project, "a,b,c,d");
  g_assert_true (flitlab_history_undo (history, &index, &study));
  assert_names (project, "a,d");
  g_assert_cmpuint (index, ==, 1);
  g_assert_cmpstr (study->name, ==, "b");
  g_assert_true (flitlab_history_redo (history, &index, NULL));
  assert_names (project, "a,b,c,d");

  flitlab_history_remove_many (history, 1, 2);
  assert_names (project, "a,d");
  g_assert_true (flitlab_history_undo (history, &index, NULL));
  assert_names (project, "a,b,c,d");
  g_assert_true (flitlab_history_redo (history, &index, NULL));
  assert_names (project, "a,d");
  /* Studies held by undone and done steps are freed with the history (valgrind, ASan). */
  g_assert_true (flitlab_history_undo (history, &index, NULL));
  g_assert_true (flitlab_history_undo (history, &index, NULL));
  assert_names (project, "a,d");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/history/undo-redo", test_undo_redo);
  g_test_add_func ("/flitlab/history/limit", test_limit);
  g_test_add_func ("/flitlab/history/state", test_state);
  g_test_add_func ("/flitlab/history/many", test_many);
  return g_test_run ();
}
