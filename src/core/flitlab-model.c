/* flitlab-model.c: registry, parameter parsing and saturation search shared by every model
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include <glib/gi18n-lib.h>

#include "flitlab-input.h"
#include "flitlab-limits.h"
#include "flitlab-model-private.h"

struct _FlitlabModel
{
  const FlitlabModelInfo *info;
  gpointer                state;
  FlitlabTopology        *topology;
  double                  saturation_rate; /* < 0 until computed */
};

G_DEFINE_QUARK (flitlab-model-error-quark, flitlab_model_error)

static const FlitlabModelInfo * const models[] = {
  &flitlab_model_ciciani_uni_torus,
  &flitlab_model_ciciani_bi_torus,
  &flitlab_model_ciciani_hypercube,
  &flitlab_model_greenberg_mesh,
  &flitlab_model_greenberg_torus,
  &flitlab_model_quaglia_adaptive_torus,
  &flitlab_model_meraji_necklace,
  &flitlab_model_horng_kleinrock,
  &flitlab_model_general_wormhole,
  NULL,
};

const FlitlabModelInfo * const *
flitlab_model_list (void)
{
  return models;
}

const FlitlabModelInfo *
flitlab_model_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; models[i] != NULL; i++)
    if (g_str_equal (models[i]->id, id))
      return models[i];
  return NULL;
}

static const FlitlabModelParamInfo *
find_param (const FlitlabModelInfo *info,
            const char             *name)
{
  for (const FlitlabModelParamInfo *p = info->params; p->name != NULL; p++)
    if (g_str_equal (p->name, name))
      return p;
  return NULL;
}

FlitlabLatency
flitlab_model_info_latency (const FlitlabModelInfo *info,
                            GHashTable             *params)
{
  const char *text = params != NULL ? g_hash_table_lookup (params, "latency") : NULL;
  FlitlabLatency latency;

  g_return_val_if_fail (info != NULL, FLITLAB_LATENCY_TOTAL);

  if (text != NULL && find_param (info, "latency") != NULL &&
      flitlab_latency_from_string (text, &latency))
    return latency;
  return info->latency;
}

FlitlabModel *
flitlab_model_new (const char  *id,
                   GHashTable  *params,
                   GError     **error)
{
  const FlitlabModelInfo *info;
  g_autoptr(GHashTable) full = NULL;
  g_autoptr(FlitlabModel) self = NULL;
  GHashTableIter iter;
  gpointer key, value;

  g_return_val_if_fail (id != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  info = flitlab_model_lookup (id);
  if (info == NULL)
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_UNKNOWN_MODEL,
                   _("Unknown model “%s” (flitlab-cli models lists them)"), id);
      return NULL;
    }

  /* Defaults first, then what the caller gave, refusing what the model does not take. */
  full = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  for (const FlitlabModelParamInfo *p = info->params; p->name != NULL; p++)
    if (p->default_value != NULL)
      g_hash_table_insert (full, g_strdup (p->name), g_strdup (p->default_value));

  if (params != NULL)
    {
      g_hash_table_iter_init (&iter, params);
      while (g_hash_table_iter_next (&iter, &key, &value))
        {
          if (find_param (info, key) == NULL)
            {
              g_autoptr(GString) names = g_string_new (NULL);

              for (const FlitlabModelParamInfo *p = info->params; p->name != NULL; p++)
                g_string_append_printf (names, "%s%s", names->len ? ", " : "", p->name);
              g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_UNKNOWN_PARAMETER,
                           _("Model “%s” has no parameter “%s” (it takes: %s)"),
                           id, (const char *) key, names->str);
              return NULL;
            }
          g_hash_table_insert (full, g_strdup (key), g_strdup (value));
        }
    }

  for (const FlitlabModelParamInfo *p = info->params; p->name != NULL; p++)
    if (!g_hash_table_contains (full, p->name))
      {
        g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                     _("Model “%s” needs the parameter “%s” (%s)"), id, p->name,
                     _(p->range));
        return NULL;
      }

  self = g_new0 (FlitlabModel, 1);
  self->info = info;
  self->saturation_rate = -1;
  self->state = info->prepare (full, error);
  if (self->state == NULL)
    return NULL;
  self->topology = info->build_topology (self->state, error);
  if (self->topology == NULL)
    return NULL;

  return g_steal_pointer (&self);
}

void
flitlab_model_free (FlitlabModel *self)
{
  if (self == NULL)
    return;
  if (self->state != NULL)
    self->info->free_state (self->state);
  g_clear_pointer (&self->topology, flitlab_topology_free);
  g_free (self);
}

const FlitlabModelInfo *
flitlab_model_get_info (const FlitlabModel *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->info;
}

const FlitlabTopology *
flitlab_model_get_topology (const FlitlabModel *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->topology;
}

gboolean
flitlab_model_describes (const FlitlabModel    *self,
                         const FlitlabTopology *topology)
{
  g_autofree char *spec = NULL, *described = NULL;

  g_return_val_if_fail (self != NULL && topology != NULL, FALSE);

  if (self->topology == NULL)
    return FALSE;
  spec = flitlab_topology_dup_spec (topology);
  described = flitlab_topology_dup_spec (self->topology);
  return g_str_equal (spec, described);
}

static void
clear_class (gpointer data)
{
  FlitlabModelClass *klass = data;

  g_free (klass->name);
}

static void
free_vector (gpointer data)
{
  FlitlabModelVector *vector = data;

  g_free (vector->name);
  g_free (vector->values);
  g_free (vector);
}

static guint
count_columns (const FlitlabModelInfo *info)
{
  guint n = 0;

  if (info->columns != NULL)
    while (info->columns[n] != NULL)
      n++;
  return n;
}

static FlitlabModelPoint *
evaluate (const FlitlabModel *self,
          double              rate,
          gboolean            detail)
{
  FlitlabModelPoint *point = g_new0 (FlitlabModelPoint, 1);
  gboolean stable;

  point->rate = rate;
  point->n_values = count_columns (self->info);
  point->values = g_new0 (double, MAX (point->n_values, 1));
  if (detail)
    {
      point->classes = g_array_new (FALSE, TRUE, sizeof (FlitlabModelClass));
      g_array_set_clear_func (point->classes, clear_class);
      point->vectors = g_ptr_array_new_with_free_func (free_vector);
      point->routes = g_array_new (FALSE, FALSE, sizeof (FlitlabModelRoute));
      point->n_channels = flitlab_topology_get_n_channels (self->topology);
      point->channel_flow = g_new0 (double, point->n_channels);
      point->channel_time = g_new0 (double, point->n_channels);
      point->channel_utilization = g_new0 (double, point->n_channels);
      point->channel_wait = g_new (double, point->n_channels);
      for (guint c = 0; c < point->n_channels; c++)
        point->channel_wait[c] = NAN;
      point->channel_class = g_new0 (char *, point->n_channels + 1);
    }

  stable = rate >= 0 && isfinite (rate) && self->info->evaluate (self->state, point, detail);

  /* Whatever a model computed near the edge, nothing non-finite or negative leaves here:
   * a point is either a real, positive latency or saturated. */
  if (stable && (!isfinite (point->latency) || point->latency <= 0))
    stable = FALSE;
  for (guint i = 0; stable && i < point->n_values; i++)
    if (!isfinite (point->values[i]))
      stable = FALSE;

  point->saturated = !stable;
  if (point->saturated)
    {
      point->latency = NAN;
      for (guint i = 0; i < point->n_values; i++)
        point->values[i] = NAN;
    }
  return point;
}

FlitlabModelPoint *
flitlab_model_evaluate (const FlitlabModel *self,
                        double              rate)
{
  g_return_val_if_fail (self != NULL, NULL);
  return evaluate (self, rate, FALSE);
}

FlitlabModelPoint *
flitlab_model_evaluate_detail (const FlitlabModel *self,
                               double              rate)
{
  g_return_val_if_fail (self != NULL, NULL);
  return evaluate (self, rate, TRUE);
}

static gboolean
is_stable (const FlitlabModel *self,
           double              rate)
{
  g_autoptr(FlitlabModelPoint) point = evaluate (self, rate, FALSE);

  return !point->saturated;
}

/* Latency grows monotonically with the rate and has a pole or a fold at saturation, so the
 * stable set is an interval [0, r*): bracket r* by doubling, then bisect to 1e-6 relative. */
double
flitlab_model_get_saturation_rate (FlitlabModel *self)
{
  double lo = 0, hi = 1.0 / 1024;

  g_return_val_if_fail (self != NULL, 0);

  if (self->saturation_rate >= 0)
    return self->saturation_rate;

  if (self->info->saturation_rate != NULL)
    return self->saturation_rate = self->info->saturation_rate (self->state);

  while (is_stable (self, hi) && hi < 1e6)
    {
      lo = hi;
      hi *= 2;
    }
  if (lo == 0)
    {
      /* Saturated already at 1/1024: keep halving until a stable rate shows up. */
      while (!is_stable (self, hi / 2) && hi > 1e-12)
        hi /= 2;
      lo = hi / 2;
    }
  while ((hi - lo) > 1e-6 * hi)
    {
      double mid = 0.5 * (lo + hi);

      if (is_stable (self, mid))
        lo = mid;
      else
        hi = mid;
    }
  return self->saturation_rate = lo;
}

void
flitlab_model_point_free (FlitlabModelPoint *point)
{
  if (point == NULL)
    return;
  g_free (point->values);
  g_clear_pointer (&point->classes, g_array_unref);
  g_clear_pointer (&point->vectors, g_ptr_array_unref);
  g_clear_pointer (&point->routes, g_array_unref);
  g_free (point->channel_flow);
  g_free (point->channel_time);
  g_free (point->channel_utilization);
  g_free (point->channel_wait);
  for (guint c = 0; point->channel_class != NULL && c < point->n_channels; c++)
    g_free (point->channel_class[c]);
  g_free (point->channel_class);
  g_free (point);
}

void
flitlab_model_point_add_class (FlitlabModelPoint *point,
                               const char        *name,
                               double             flow,
                               double             time,
                               double             wait,
                               double             utilization)
{
  FlitlabModelClass klass = { g_strdup (name), flow, time, wait, utilization };

  g_return_if_fail (point->classes != NULL);
  g_array_append_val (point->classes, klass);
}

void
flitlab_model_point_add_vector (FlitlabModelPoint *point,
                                const char        *name,
                                const double      *values,
                                guint              n_values)
{
  FlitlabModelVector *vector = g_new0 (FlitlabModelVector, 1);

  g_return_if_fail (point->vectors != NULL);
  vector->name = g_strdup (name);
  vector->n_values = n_values;
  vector->values = g_memdup2 (values, sizeof (double) * n_values);
  g_ptr_array_add (point->vectors, vector);
}

void
flitlab_model_point_add_route (FlitlabModelPoint *point,
                               guint              from,
                               guint              to,
                               double             probability)
{
  FlitlabModelRoute route = { from, to, probability };

  g_return_if_fail (point->routes != NULL && point->classes != NULL);
  g_return_if_fail (from < point->classes->len && to < point->classes->len);
  /* A way nobody takes (a 2 x 2 torus has them) is no route. */
  if (probability > 0)
    g_array_append_val (point->routes, route);
}

static const char *
param_string (GHashTable  *params,
              const char  *name,
              GError     **error)
{
  const char *text = g_hash_table_lookup (params, name);

  if (text == NULL || *text == '\0')
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The parameter “%s” is missing"), name);
      return NULL;
    }
  return text;
}

gboolean
flitlab_model_param_uint (GHashTable  *params,
                          const char  *name,
                          guint        min,
                          guint        max,
                          guint       *out,
                          GError     **error)
{
  const char *text = param_string (params, name, error);
  guint64 value;

  if (text == NULL)
    return FALSE;
  if (!g_ascii_string_to_unsigned (text, 10, min, max, &value, NULL))
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The parameter “%s” must be a whole number from %u to %u, not “%s”"),
                   name, min, max, text);
      return FALSE;
    }
  *out = (guint) value;
  return TRUE;
}

gboolean
flitlab_model_param_double (GHashTable  *params,
                            const char  *name,
                            double       min,
                            double       max,
                            double      *out,
                            GError     **error)
{
  const char *text = param_string (params, name, error);
  double value;

  if (text == NULL)
    return FALSE;
  if (!flitlab_input_parse_number (text, -1, &value) || value < min || value > max)
    {
      g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                   _("The parameter “%s” must be a number from %g to %g, not “%s”"),
                   name, min, max, text);
      return FALSE;
    }
  *out = value;
  return TRUE;
}

gboolean
flitlab_model_param_flits (GHashTable  *params,
                           double      *out,
                           GError     **error)
{
  const char *text = param_string (params, "flits", error);
  g_autoptr(GError) refused = NULL;

  if (text == NULL)
    return FALSE;
  if (!flitlab_limits_parse_flits (text, FALSE, out, &refused))
    {
      g_set_error_literal (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
                           refused->message);
      return FALSE;
    }
  return TRUE;
}

gboolean
flitlab_model_param_radices (GHashTable  *params,
                             const char  *name,
                             guint        n_dims_if_single,
                             guint        min,
                             guint        max,
                             guint       *radices,
                             guint       *n_dims,
                             GError     **error)
{
  const char *text = param_string (params, name, error);
  g_auto(GStrv) parts = NULL;
  guint n;

  if (text == NULL)
    return FALSE;
  parts = g_strsplit (text, "x", -1);
  n = g_strv_length (parts);
  if (n == 0 || n > FLITLAB_TOPOLOGY_MAX_DIMS)
    goto bad;
  for (guint i = 0; i < n; i++)
    {
      guint64 value;

      if (!g_ascii_string_to_unsigned (parts[i], 10, min, max, &value, NULL))
        goto bad;
      radices[i] = (guint) value;
    }
  if (n == 1 && n_dims_if_single > 1)
    {
      for (guint i = 1; i < n_dims_if_single; i++)
        radices[i] = radices[0];
      n = n_dims_if_single;
    }
  *n_dims = n;
  return TRUE;

bad:
  g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_INVALID_PARAMETER,
               _("The parameter “%s” must be radices from %u to %u such as “16x16x16” "
                 "or “8”, not “%s”"),
               name, min, max, text);
  return FALSE;
}
