/* test-grid.c: a study repeated over every combination of some of its settings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "flitlab-grid.h"

static FlitlabStudy *
torus_study (void)
{
  FlitlabStudy *study = flitlab_study_new ("base");
  FlitlabStudyModel *model = flitlab_study_add_model (study, "ciciani-bi-torus");

  flitlab_study_set_topology (study, "torus:4x4:bi", NULL);
  study->flits = 8;
  study->simulation.enabled = TRUE;
  study->simulation.vcs = 2;
  g_hash_table_insert (model->params, g_strdup ("k"), g_strdup ("4x4"));
  g_hash_table_insert (model->params, g_strdup ("flits"), g_strdup ("8"));
  return study;
}

/* The last setting varies fastest; names give the values; models follow each network. */
static void
test_expand (void)
{
  g_autoptr(GError) error = NULL;
  FlitlabStudy *study = torus_study ();
  const char *vary[] = { "vcs=2,4", "topology=torus:4x4:bi,torus:6x6:bi", "flits=16", NULL };
  g_autoptr(GPtrArray) grid = flitlab_grid_expand (study, vary, FLITLAB_GRID_MAX_STUDIES, &error);
  const FlitlabStudy *last;
  const FlitlabStudyModel *model;

  g_assert_no_error (error);
  g_assert_cmpuint (grid->len, ==, 4);
  g_assert_cmpstr (((FlitlabStudy *) grid->pdata[0])->name, ==,
                   "vcs=2, topology=torus:4x4:bi, flits=16");
  g_assert_cmpstr (((FlitlabStudy *) grid->pdata[1])->name, ==,
                   "vcs=2, topology=torus:6x6:bi, flits=16");
  g_assert_cmpstr (((FlitlabStudy *) grid->pdata[2])->name, ==,
                   "vcs=4, topology=torus:4x4:bi, flits=16");
  last = grid->pdata[3];
  g_assert_cmpuint (last->simulation.vcs, ==, 4);
  g_assert_cmpstr (last->topology, ==, "torus:6x6:bi");
  g_assert_cmpfloat (last->flits, ==, 16);
  model = last->models->pdata[0];
  g_assert_cmpstr (g_hash_table_lookup (model->params, "k"), ==, "6x6");
  g_assert_cmpstr (g_hash_table_lookup (model->params, "flits"), ==, "16");
  /* The study itself is untouched. */
  g_assert_cmpstr (study->topology, ==, "torus:4x4:bi");
  flitlab_study_free (study);
}

/* The grid is one group; what varies among its studies labels each; every setting reads back
 * as the text that sets it. */
static void
test_group (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(FlitlabStudy) study = torus_study ();
  const char *vary[] = { "vcs=2,4", "topology=torus:4x4:bi,torus:6x6:bi", "flits=16", NULL };
  g_autoptr(GPtrArray) grid = flitlab_grid_expand (study, vary, FLITLAB_GRID_MAX_STUDIES, &error);
  g_auto(GStrv) varied = NULL;
  g_autofree char *label = NULL;

  g_assert_no_error (error);
  for (guint i = 0; i < grid->len; i++)
    g_assert_cmpstr (((FlitlabStudy *) grid->pdata[i])->group, ==,
                     "base: vcs × topology × flits");
  varied = flitlab_grid_varied_keys ((const FlitlabStudy * const *) grid->pdata, grid->len);
  g_assert_cmpstrv (varied, ((const char * const[]) { "topology", "vcs", NULL }));
  label = flitlab_grid_label (grid->pdata[3], (const char * const *) varied);
  g_assert_cmpstr (label, ==, "topology = torus:6x6:bi, vcs = 4");

  study->pattern = FLITLAB_TRAFFIC_HOTSPOT;
  g_assert_true (flitlab_grid_set (study, "hotspot", "0.25", &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (study->hotspot_fraction, ==, 0.25);
  g_assert_false (flitlab_grid_set (study, "hotspot", "1.5", &error));
  g_assert_error (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID);
  for (const char * const *key = flitlab_grid_keys (); *key != NULL; key++)
    {
      g_autoptr(FlitlabStudy) copy = flitlab_study_copy (study);
      g_autofree char *value = flitlab_grid_get (study, *key);

      g_assert_true (flitlab_grid_set (copy, *key, value, NULL));
      g_assert_true (flitlab_study_same_settings (copy, study));
    }
}

/* A model that does not describe a combination's network is dropped from it. */
static void
test_model_dropped (void)
{
  g_autoptr(GError) error = NULL;
  FlitlabStudy *study = torus_study ();
  const char *vary[] = { "topology=mesh:4x4", NULL };
  g_autoptr(GPtrArray) grid = flitlab_grid_expand (study, vary, FLITLAB_GRID_MAX_STUDIES, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (((FlitlabStudy *) grid->pdata[0])->models->len, ==, 0);
  flitlab_study_free (study);
}

static void
test_errors (void)
{
  static const char *bad[][3] = {
    { "colour=red", NULL, NULL },            /* not a setting */
    { "vcs", NULL, NULL },                   /* no values */
    { "vcs=2,", NULL, NULL },                /* an empty value */
    { "vcs=2", "vcs=4", NULL },              /* twice */
    { "vcs=two", NULL, NULL },               /* not a number */
    { "topology=torus:0x0", NULL, NULL },    /* not a network */
    { "vcs=1", NULL, NULL },                 /* cannot be simulated on a torus */
    { "vcs=2,2", NULL, NULL },               /* a value twice: two studies of one name */
    { NULL, NULL, NULL },                    /* nothing varied */
  };
  FlitlabStudy *study = torus_study ();

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) grid = flitlab_grid_expand (study, bad[i], FLITLAB_GRID_MAX_STUDIES,
                                                       &error);

      g_assert_null (grid);
      g_assert_nonnull (error);
    }
  flitlab_study_free (study);
}

/* More combinations than the limit are refused before any study is made, and say how many. */
static void
test_limit (void)
{
  g_autoptr(GError) error = NULL;
  FlitlabStudy *study = torus_study ();
  const char *vary[] = { "vcs=2,4,6", "flits=8,16", NULL };
  g_autoptr(GPtrArray) refused = flitlab_grid_expand (study, vary, 5, &error);
  g_autoptr(GPtrArray) grid = NULL;

  g_assert_null (refused);
  g_assert_error (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "6 studies (3 × 2), more than 5"));
  g_clear_error (&error);
  grid = flitlab_grid_expand (study, vary, 6, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (grid->len, ==, 6);
  flitlab_study_free (study);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/grid/expand", test_expand);
  g_test_add_func ("/flitlab/grid/group", test_group);
  g_test_add_func ("/flitlab/grid/model-dropped", test_model_dropped);
  g_test_add_func ("/flitlab/grid/errors", test_errors);
  g_test_add_func ("/flitlab/grid/limit", test_limit);
  return g_test_run ();
}
