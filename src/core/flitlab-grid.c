/* flitlab-grid.c: a study repeated over every combination of some of its settings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "flitlab-grid.h"
#include "flitlab-input.h"
#include "flitlab-limits.h"
#include "flitlab-study-run.h"
#include "flitlab-topology.h"

static const char * const keys[] = {
  "topology", "routing", "pattern", "hotspot", "length", "flits", "vcs", "buffer", "seed",
  "replications", "warmup", "cycles", NULL,
};

const char * const *
flitlab_grid_keys (void)
{
  return keys;
}

static gboolean
bad_value (const char  *key,
           const char  *value,
           GError     **error)
{
  g_set_error (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID,
               _("%s=%s is not a value of %s"), key, value, key);
  return FALSE;
}

/* A whole number from 0 to max. */
static gboolean
parse_count (const char *text,
             guint64     max,
             guint64    *out)
{
  double value;

  if (!flitlab_input_parse_number (text, -1, &value) || value < 0 || value > max ||
      value != (double) (guint64) value)
    return FALSE;
  *out = (guint64) value;
  return TRUE;
}

static void
replace_string (char       **field,
                const char  *value)
{
  g_free (*field);
  *field = g_strdup (value);
}

gboolean
flitlab_grid_set (FlitlabStudy  *study,
                  const char    *key,
                  const char    *value,
                  GError       **error)
{
  FlitlabStudySimulation *sim = &study->simulation;

  g_return_val_if_fail (study != NULL && key != NULL && value != NULL, FALSE);

  if (g_str_equal (key, "topology"))
    {
      if (!flitlab_study_set_topology (study, value, error))
        return FALSE;
    }
  /* Names, as a project file writes them, to the study's values. */
  else if (g_str_equal (key, "routing"))
    {
      if (!flitlab_routing_from_string (value, &study->routing))
        return bad_value (key, value, error);
    }
  else if (g_str_equal (key, "pattern"))
    {
      FlitlabTrafficPattern pattern;

      if (!flitlab_traffic_pattern_from_string (value, &pattern))
        return bad_value (key, value, error);
      /* A trace is a file a study is given, not a pattern to sweep over. */
      if (pattern == FLITLAB_TRAFFIC_TRACE)
        {
          g_set_error_literal (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID,
                               _("pattern=trace is not swept: a trace is a file chosen in the "
                                 "study editor"));
          return FALSE;
        }
      study->pattern = pattern;
    }
  else if (g_str_equal (key, "length"))
    {
      if (!flitlab_length_from_string (value, &study->length))
        return bad_value (key, value, error);
    }
  else if (g_str_equal (key, "hotspot"))
    {
      g_autoptr(GError) refused = NULL;

      if (!flitlab_limits_parse_hotspot_fraction (value, &study->hotspot_fraction, &refused))
        {
          g_set_error_literal (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID,
                               refused->message);
          return FALSE;
        }
    }
  /* The settings' one checks (flitlab-limits.h), as a project file's: the length as a mean,
   * since whether a fixed one is whole is the study's check once the length distribution,
   * which may be varied too, is set. */
  else if (g_str_equal (key, "flits") || g_str_equal (key, "vcs") || g_str_equal (key, "buffer") ||
           g_str_equal (key, "replications") || g_str_equal (key, "warmup") ||
           g_str_equal (key, "cycles"))
    {
      g_autoptr(GError) refused = NULL;
      gboolean ok;

      if (g_str_equal (key, "flits"))
        ok = flitlab_limits_parse_flits (value, FALSE, &study->flits, &refused);
      else if (g_str_equal (key, "vcs"))
        ok = flitlab_limits_parse_vcs (value, &sim->vcs, &refused);
      else if (g_str_equal (key, "buffer"))
        ok = flitlab_limits_parse_buffer (value, &sim->buffer, &refused);
      else if (g_str_equal (key, "replications"))
        ok = flitlab_limits_parse_replications (value, &sim->replications, &refused);
      else if (g_str_equal (key, "warmup"))
        ok = flitlab_limits_parse_warmup (value, &sim->warmup, &refused);
      else
        ok = flitlab_limits_parse_cycles (value, &sim->cycles, &refused);
      if (!ok)
        {
          g_set_error_literal (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID,
                               refused->message);
          return FALSE;
        }
    }
  else if (g_str_equal (key, "seed"))
    {
      if (!parse_count (value, G_MAXUINT64, &sim->seed))
        return bad_value (key, value, error);
    }
  else
    {
      g_autofree char *known = g_strjoinv (", ", (char **) keys);

      g_set_error (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID,
                   _("A grid varies %s, not “%s”"), known, key);
      return FALSE;
    }
  return TRUE;
}

char *
flitlab_grid_get (const FlitlabStudy *study,
                  const char         *key)
{
  const FlitlabStudySimulation *sim = &study->simulation;

  g_return_val_if_fail (study != NULL && key != NULL, NULL);

  if (g_str_equal (key, "topology"))
    return g_strdup (study->topology);
  if (g_str_equal (key, "routing"))
    return g_strdup (flitlab_routing_to_string (study->routing));
  if (g_str_equal (key, "pattern"))
    return g_strdup (flitlab_traffic_pattern_to_string (study->pattern));
  if (g_str_equal (key, "hotspot"))
    return flitlab_input_format_number (study->hotspot_fraction);
  if (g_str_equal (key, "length"))
    return g_strdup (flitlab_length_to_string (study->length));
  if (g_str_equal (key, "flits"))
    return flitlab_input_format_number (study->flits);
  if (g_str_equal (key, "vcs"))
    return g_strdup_printf ("%u", sim->vcs);
  if (g_str_equal (key, "buffer"))
    return g_strdup_printf ("%u", sim->buffer);
  if (g_str_equal (key, "seed"))
    return g_strdup_printf ("%llu", (unsigned long long) sim->seed);
  if (g_str_equal (key, "replications"))
    return g_strdup_printf ("%u", sim->replications);
  if (g_str_equal (key, "warmup"))
    return g_strdup_printf ("%llu", (unsigned long long) sim->warmup);
  if (g_str_equal (key, "cycles"))
    return g_strdup_printf ("%llu", (unsigned long long) sim->cycles);
  g_return_val_if_reached (NULL);
}

char **
flitlab_grid_varied_keys (const FlitlabStudy * const *studies,
                          guint                       n_studies)
{
  g_autoptr(GStrvBuilder) varied = g_strv_builder_new ();

  for (guint k = 0; keys[k] != NULL; k++)
    {
      g_autofree char *first = n_studies > 0 ? flitlab_grid_get (studies[0], keys[k]) : NULL;

      for (guint i = 1; i < n_studies; i++)
        {
          g_autofree char *value = flitlab_grid_get (studies[i], keys[k]);

          if (!g_str_equal (value, first))
            {
              g_strv_builder_add (varied, keys[k]);
              break;
            }
        }
    }
  return g_strv_builder_end (varied);
}

char *
flitlab_grid_label (const FlitlabStudy *study,
                    const char * const *varied)
{
  g_autoptr(GString) label = g_string_new (NULL);

  for (guint k = 0; varied[k] != NULL; k++)
    {
      g_autofree char *value = flitlab_grid_get (study, varied[k]);

      g_string_append_printf (label, "%s%s = %s", k > 0 ? ", " : "", varied[k], value);
    }
  return g_string_free (g_steal_pointer (&label), FALSE);
}

const char *
flitlab_grid_common_group (const FlitlabStudy * const *studies,
                           guint                       n_studies)
{
  if (n_studies == 0 || studies[0]->group == NULL)
    return NULL;
  for (guint i = 1; i < n_studies; i++)
    if (g_strcmp0 (studies[i]->group, studies[0]->group) != 0)
      return NULL;
  return studies[0]->group;
}

char *
flitlab_grid_group_name (const char         *study_name,
                         const char * const *varied,
                         guint               n_varied)
{
  g_autoptr(GString) name = g_string_new (study_name);

  for (guint k = 0; k < n_varied; k++)
    g_string_append_printf (name, "%s%s", k > 0 ? " × " : ": ", varied[k]);
  return g_string_free (g_steal_pointer (&name), FALSE);
}

/* The study's models that still describe it, refitted to it. */
static void
refit_models (FlitlabStudy *study)
{
  for (guint m = study->models->len; m-- > 0;)
    {
      FlitlabStudyModel *model = study->models->pdata[m];

      if (!flitlab_study_run_fit_model (study, model->id, model->params, NULL))
        g_ptr_array_remove_index (study->models, m);
    }
}

/* A value given twice would make two studies of one name. */
static gboolean
check_distinct (const char  *key,
                char       **list,
                GError     **error)
{
  for (guint v = 0; list[v] != NULL; v++)
    for (guint w = 0; w < v; w++)
      if (g_str_equal (list[v], list[w]))
        {
          g_set_error (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID,
                       _("--vary %s gives “%s” twice: each value makes one study, named by it"),
                       key, list[v]);
          return FALSE;
        }
  return TRUE;
}

/* The number of combinations, refused above max before any study is built. */
static gboolean
check_count (GPtrArray  *values,
             guint64     max,
             GError    **error)
{
  g_autoptr(GString) product = g_string_new (NULL);
  guint64 count = 1;

  for (guint k = 0; k < values->len; k++)
    {
      guint n = g_strv_length (values->pdata[k]);

      /* Saturates rather than wraps: a count beyond 2^64 is still more than max. */
      count = count > G_MAXUINT64 / n ? G_MAXUINT64 : count * n;
      g_string_append_printf (product, "%s%u", k > 0 ? " × " : "", n);
    }
  if (count <= max)
    return TRUE;
  /* %llu, not G_GUINT64_FORMAT: xgettext cuts a message at a macro. */
  if (count == G_MAXUINT64)
    g_set_error (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID,
                 _("the grid would make over %llu studies (%s), more than %llu: vary fewer "
                   "values, or raise the limit with --max-studies N"),
                 (unsigned long long) count, product->str, (unsigned long long) max);
  else
    g_set_error (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID,
                 _("the grid would make %llu studies (%s), more than %llu: vary fewer values, "
                   "or raise the limit with --max-studies N"),
                 (unsigned long long) count, product->str, (unsigned long long) max);
  return FALSE;
}

GPtrArray *
flitlab_grid_expand (const FlitlabStudy  *study,
                     const char * const  *vary,
                     guint64              max_studies,
                     GError             **error)
{
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_autoptr(GPtrArray) studies =
    g_ptr_array_new_with_free_func ((GDestroyNotify) flitlab_study_free);
  g_autofree guint *at = NULL;
  g_autofree char *group = NULL;
  guint n_keys;

  g_return_val_if_fail (study != NULL && vary != NULL, NULL);

  for (guint i = 0; vary[i] != NULL; i++)
    {
      const char *equals = strchr (vary[i], '=');
      g_autofree char *key = equals != NULL ? g_strndup (vary[i], equals - vary[i]) : NULL;
      g_auto(GStrv) list = NULL;

      if (key == NULL || !g_strv_contains (keys, key))
        {
          g_autofree char *known = g_strjoinv (", ", (char **) keys);

          g_set_error (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID,
                       _("--vary takes KEY=VALUE,VALUE,… with KEY one of %s, not “%s”"),
                       known, vary[i]);
          return NULL;
        }
      for (guint k = 0; k < names->len; k++)
        if (g_str_equal (names->pdata[k], key))
          {
            g_set_error (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID,
                         _("%s is varied twice"), key);
            return NULL;
          }
      list = g_strsplit (equals + 1, ",", -1);
      for (guint v = 0; list[v] != NULL || v == 0; v++)
        if (list[v] == NULL || list[v][0] == '\0')
          {
            g_set_error (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID,
                         _("--vary %s has an empty value"), key);
            return NULL;
          }
      if (!check_distinct (key, list, error))
        return NULL;
      g_ptr_array_add (names, g_steal_pointer (&key));
      g_ptr_array_add (values, g_steal_pointer (&list));
    }
  n_keys = names->len;
  if (n_keys == 0)
    {
      g_set_error_literal (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID,
                           _("A grid needs at least one --vary"));
      return NULL;
    }
  if (!check_count (values, max_studies, error))
    return NULL;

  /* at: the value index of each key, an odometer with the last key fastest. */
  group = flitlab_grid_group_name (study->name, (const char * const *) names->pdata, n_keys);
  at = g_new0 (guint, n_keys);
  for (;;)
    {
      g_autoptr(GString) name = g_string_new (NULL);
      FlitlabStudy *copy = flitlab_study_copy (study);
      guint k;

      g_ptr_array_add (studies, copy);
      flitlab_study_clear_results (copy);
      for (k = 0; k < n_keys; k++)
        {
          const char *value = ((char **) values->pdata[k])[at[k]];

          g_string_append_printf (name, "%s%s=%s", k > 0 ? ", " : "", (char *) names->pdata[k],
                                  value);
          if (!flitlab_grid_set (copy, names->pdata[k], value, error))
            return NULL;
        }
      replace_string (&copy->name, name->str);
      replace_string (&copy->group, group);
      refit_models (copy);
      if (!flitlab_study_check_fields (copy, error) ||
          (copy->simulation.enabled && !flitlab_study_run_check_simulation (copy, error)))
        {
          g_prefix_error (error, _("Study “%s”: "), copy->name);
          return NULL;
        }

      for (k = n_keys; k-- > 0;)
        {
          if (((char **) values->pdata[k])[++at[k]] != NULL)
            break;
          at[k] = 0;
        }
      if (k == G_MAXUINT)
        break;
    }
  return g_steal_pointer (&studies);
}
