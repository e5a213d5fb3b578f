/* flitlab-study.c: one study of a project
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-names.h"
#include "flitlab-study.h"

G_DEFINE_QUARK (flitlab-study-error-quark, flitlab_study_error)

gboolean
flitlab_study_name_in (const char * const *names,
                       const char         *name)
{
  return flitlab_names_find (names, name, NULL);
}

static GHashTable *
string_table_new (void)
{
  return g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

static GHashTable *
string_table_copy (GHashTable *table)
{
  GHashTable *copy = string_table_new ();
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (copy, g_strdup (key), g_strdup (value));
  return copy;
}

/* ---- tables ------------------------------------------------------------------------- */

FlitlabStudyTable *
flitlab_study_table_new (const char * const *columns)
{
  FlitlabStudyTable *table;

  g_return_val_if_fail (columns != NULL, NULL);

  table = g_new0 (FlitlabStudyTable, 1);
  table->columns = g_strdupv ((char **) columns);
  table->n_columns = g_strv_length (table->columns);
  table->saturation_rate = NAN;
  table->info = string_table_new ();
  return table;
}

FlitlabStudyTable *
flitlab_study_table_copy (const FlitlabStudyTable *table)
{
  FlitlabStudyTable *copy;

  g_return_val_if_fail (table != NULL, NULL);

  copy = g_new0 (FlitlabStudyTable, 1);
  copy->title = g_strdup (table->title);
  copy->columns = g_strdupv (table->columns);
  copy->n_columns = table->n_columns;
  copy->n_rows = table->n_rows;
  copy->values = g_memdup2 (table->values,
                            sizeof (double) * (gsize) table->n_rows * table->n_columns);
  copy->saturated = g_memdup2 (table->saturated, sizeof (gboolean) * table->n_rows);
  copy->saturation_rate = table->saturation_rate;
  copy->info = string_table_copy (table->info);
  return copy;
}

void
flitlab_study_table_free (FlitlabStudyTable *table)
{
  if (table == NULL)
    return;
  g_free (table->title);
  g_strfreev (table->columns);
  g_free (table->values);
  g_free (table->saturated);
  g_clear_pointer (&table->info, g_hash_table_unref);
  g_free (table);
}

void
flitlab_study_table_append (FlitlabStudyTable *table,
                            const double      *values,
                            gboolean           saturated)
{
  gsize n;

  g_return_if_fail (table != NULL);
  g_return_if_fail (values != NULL || table->n_columns == 0);

  n = table->n_columns;
  table->values = g_renew (double, table->values, (table->n_rows + 1) * n);
  if (n > 0)
    memcpy (table->values + table->n_rows * n, values, n * sizeof (double));
  table->saturated = g_renew (gboolean, table->saturated, table->n_rows + 1);
  table->saturated[table->n_rows] = saturated != FALSE;
  table->n_rows++;
}

int
flitlab_study_table_find_column (const FlitlabStudyTable *table,
                                 const char              *name)
{
  g_return_val_if_fail (table != NULL, -1);
  g_return_val_if_fail (name != NULL, -1);

  for (guint i = 0; i < table->n_columns; i++)
    if (g_str_equal (table->columns[i], name))
      return (int) i;
  return -1;
}

int
flitlab_study_table_find_rate (const FlitlabStudyTable *table,
                               double                   rate)
{
  int column;

  g_return_val_if_fail (table != NULL, -1);

  column = flitlab_study_table_find_column (table, "rate");
  for (guint row = 0; column >= 0 && row < table->n_rows; row++)
    if (fabs (flitlab_study_table_get (table, row, column) - rate) <= 1e-9 * fabs (rate))
      return (int) row;
  return -1;
}

gboolean
flitlab_study_table_is_deadlocked (const FlitlabStudyTable *table,
                                   guint                    row)
{
  int column;

  g_return_val_if_fail (table != NULL && row < table->n_rows, FALSE);

  column = flitlab_study_table_find_column (table, "deadlocked");
  return column >= 0 && flitlab_study_table_get (table, row, column) == 1;
}

double
flitlab_study_table_get (const FlitlabStudyTable *table,
                         guint                    row,
                         guint                    column)
{
  g_return_val_if_fail (table != NULL, NAN);
  g_return_val_if_fail (row < table->n_rows && column < table->n_columns, NAN);

  return table->values[(gsize) row * table->n_columns + column];
}

/* ---- per-channel statistics --------------------------------------------------------- */

static void
series_free (gpointer data)
{
  FlitlabStudySeries *series = data;

  g_free (series->name);
  g_free (series->values);
  g_free (series);
}

FlitlabStudyChannels *
flitlab_study_channels_new (double rate,
                            guint  n_channels)
{
  FlitlabStudyChannels *channels = g_new0 (FlitlabStudyChannels, 1);

  channels->rate = rate;
  channels->n_channels = n_channels;
  channels->series = g_ptr_array_new_with_free_func (series_free);
  return channels;
}

FlitlabStudyChannels *
flitlab_study_channels_copy (const FlitlabStudyChannels *channels)
{
  FlitlabStudyChannels *copy;

  g_return_val_if_fail (channels != NULL, NULL);

  copy = flitlab_study_channels_new (channels->rate, channels->n_channels);
  for (guint i = 0; i < channels->series->len; i++)
    {
      const FlitlabStudySeries *series = g_ptr_array_index (channels->series, i);

      flitlab_study_channels_add (copy, series->name, series->values);
    }
  return copy;
}

void
flitlab_study_channels_free (FlitlabStudyChannels *channels)
{
  if (channels == NULL)
    return;
  g_clear_pointer (&channels->series, g_ptr_array_unref);
  g_free (channels);
}

double *
flitlab_study_channels_add (FlitlabStudyChannels *channels,
                            const char           *name,
                            const double         *values)
{
  FlitlabStudySeries *series;

  g_return_val_if_fail (channels != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  series = g_new0 (FlitlabStudySeries, 1);
  series->name = g_strdup (name);
  series->values = g_new0 (double, MAX (channels->n_channels, 1));
  if (values != NULL && channels->n_channels > 0)
    memcpy (series->values, values, sizeof (double) * channels->n_channels);
  g_ptr_array_add (channels->series, series);
  return series->values;
}

const double *
flitlab_study_channels_find (const FlitlabStudyChannels *channels,
                             const char                 *name)
{
  g_return_val_if_fail (channels != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < channels->series->len; i++)
    {
      const FlitlabStudySeries *series = g_ptr_array_index (channels->series, i);

      if (g_str_equal (series->name, name))
        return series->values;
    }
  return NULL;
}

static GPtrArray *
channels_array_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) flitlab_study_channels_free);
}

static GPtrArray *
channels_array_copy (GPtrArray *array)
{
  GPtrArray *copy = channels_array_new ();

  for (guint i = 0; i < array->len; i++)
    g_ptr_array_add (copy, flitlab_study_channels_copy (g_ptr_array_index (array, i)));
  return copy;
}

/* ---- models ------------------------------------------------------------------------- */

FlitlabStudyModel *
flitlab_study_model_new (const char *id)
{
  FlitlabStudyModel *model;

  g_return_val_if_fail (id != NULL, NULL);

  model = g_new0 (FlitlabStudyModel, 1);
  model->id = g_strdup (id);
  model->params = string_table_new ();
  model->channels = channels_array_new ();
  return model;
}

FlitlabStudyModel *
flitlab_study_model_copy (const FlitlabStudyModel *model)
{
  FlitlabStudyModel *copy;

  g_return_val_if_fail (model != NULL, NULL);

  copy = g_new0 (FlitlabStudyModel, 1);
  copy->id = g_strdup (model->id);
  copy->params = string_table_copy (model->params);
  if (model->curve != NULL)
    copy->curve = flitlab_study_table_copy (model->curve);
  copy->channels = channels_array_copy (model->channels);
  return copy;
}

void
flitlab_study_model_free (FlitlabStudyModel *model)
{
  if (model == NULL)
    return;
  g_free (model->id);
  g_clear_pointer (&model->params, g_hash_table_unref);
  g_clear_pointer (&model->curve, flitlab_study_table_free);
  g_clear_pointer (&model->channels, g_ptr_array_unref);
  g_free (model);
}

/* ---- studies ------------------------------------------------------------------------ */

FlitlabStudy *
flitlab_study_new (const char *name)
{
  FlitlabStudy *self;

  g_return_val_if_fail (name != NULL, NULL);

  self = g_new0 (FlitlabStudy, 1);
  self->name = g_strdup (name);
  flitlab_study_set_topology (self, "torus:8x8:bi", NULL);
  self->routing = FLITLAB_ROUTING_DOR;
  self->ties = FLITLAB_TIES_BALANCED;
  self->pattern = FLITLAB_TRAFFIC_UNIFORM;
  self->hotspot_fraction = 0.1;
  self->hotspot_node = 0;
  self->length = FLITLAB_LENGTH_FIXED;
  self->flits = 16;
  self->flit_width = 32;
  self->rate_min = 0.001;
  self->rate_max = 0.02;
  self->n_rates = 20;
  self->models = g_ptr_array_new_with_free_func ((GDestroyNotify) flitlab_study_model_free);

  self->simulation.enabled = FALSE;
  self->simulation.vcs = 0;
  self->simulation.buffer = 1;
  self->simulation.node_buffers = 0;
  self->simulation.seed = 1;
  self->simulation.replications = FLITLAB_DEFAULT_REPLICATIONS;
  self->simulation.warmup = 0;
  self->simulation.cycles = FLITLAB_DEFAULT_CYCLES;
  self->simulation.threads = 0;
  self->simulation.watchdog = 0;
  self->simulation.channels = channels_array_new ();

  self->references = g_ptr_array_new_with_free_func ((GDestroyNotify) flitlab_study_table_free);
  self->settings = string_table_new ();
  return self;
}

FlitlabStudy *
flitlab_study_copy (const FlitlabStudy *self)
{
  FlitlabStudy *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = g_new0 (FlitlabStudy, 1);
  /* Scalars first, then replace every pointer by a deep copy. */
  *copy = *self;
  copy->name = g_strdup (self->name);
  copy->notes = g_strdup (self->notes);
  copy->group = g_strdup (self->group);
  copy->topology = g_strdup (self->topology);
  /* The network never changes: copies share it. */
  copy->network = self->network != NULL ? flitlab_topology_ref (self->network) : NULL;
  copy->network_error = self->network_error != NULL ? g_error_copy (self->network_error) : NULL;
  copy->matrix = self->matrix != NULL ? flitlab_traffic_matrix_ref (self->matrix) : NULL;
  copy->matrix_file = g_strdup (self->matrix_file);
  copy->matrix_sha256 = g_strdup (self->matrix_sha256);
  copy->matrix_error = self->matrix_error != NULL ? g_error_copy (self->matrix_error) : NULL;
  copy->trace = self->trace != NULL ? flitlab_study_trace_ref (self->trace) : NULL;
  copy->trace_file = g_strdup (self->trace_file);
  copy->trace_sha256 = g_strdup (self->trace_sha256);
  copy->trace_error = self->trace_error != NULL ? g_error_copy (self->trace_error) : NULL;

  copy->models = g_ptr_array_new_with_free_func ((GDestroyNotify) flitlab_study_model_free);
  for (guint i = 0; i < self->models->len; i++)
    g_ptr_array_add (copy->models, flitlab_study_model_copy (g_ptr_array_index (self->models, i)));

  copy->simulation.points = NULL;
  if (self->simulation.points != NULL)
    copy->simulation.points = flitlab_study_table_copy (self->simulation.points);
  copy->simulation.channels = channels_array_copy (self->simulation.channels);

  copy->references = g_ptr_array_new_with_free_func ((GDestroyNotify) flitlab_study_table_free);
  for (guint i = 0; i < self->references->len; i++)
    g_ptr_array_add (copy->references,
                     flitlab_study_table_copy (g_ptr_array_index (self->references, i)));
  copy->settings = string_table_copy (self->settings);
  return copy;
}

void
flitlab_study_free (FlitlabStudy *self)
{
  if (self == NULL)
    return;
  g_free (self->name);
  g_free (self->notes);
  g_free (self->group);
  g_free (self->topology);
  g_clear_pointer (&self->network, flitlab_topology_unref);
  g_clear_error (&self->network_error);
  g_clear_pointer (&self->matrix, flitlab_traffic_matrix_unref);
  g_free (self->matrix_file);
  g_free (self->matrix_sha256);
  g_clear_error (&self->matrix_error);
  g_clear_pointer (&self->trace, flitlab_study_trace_unref);
  g_free (self->trace_file);
  g_free (self->trace_sha256);
  g_clear_error (&self->trace_error);
  g_clear_pointer (&self->models, g_ptr_array_unref);
  g_clear_pointer (&self->simulation.points, flitlab_study_table_free);
  g_clear_pointer (&self->simulation.channels, g_ptr_array_unref);
  g_clear_pointer (&self->references, g_ptr_array_unref);
  g_clear_pointer (&self->settings, g_hash_table_unref);
  g_free (self);
}

static gboolean
string_tables_equal (GHashTable *a,
                     GHashTable *b)
{
  GHashTableIter iter;
  gpointer key, value;

  if (g_hash_table_size (a) != g_hash_table_size (b))
    return FALSE;
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (g_strcmp0 (value, g_hash_table_lookup (b, key)) != 0)
      return FALSE;
  return TRUE;
}

/* The same title, columns and numbers (NaN as NaN). */
static gboolean
same_reference (const FlitlabStudyTable *a,
                const FlitlabStudyTable *b)
{
  if (g_strcmp0 (a->title, b->title) != 0 || a->n_columns != b->n_columns ||
      a->n_rows != b->n_rows)
    return FALSE;
  for (guint c = 0; c < a->n_columns; c++)
    if (g_strcmp0 (a->columns[c], b->columns[c]) != 0)
      return FALSE;
  for (gsize i = 0; i < (gsize) a->n_rows * a->n_columns; i++)
    if (a->values[i] != b->values[i] && !(isnan (a->values[i]) && isnan (b->values[i])))
      return FALSE;
  return TRUE;
}

static gboolean
same_simulation_settings (const FlitlabStudySimulation *a,
                          const FlitlabStudySimulation *b)
{
  return a->enabled == b->enabled && a->vcs == b->vcs && a->buffer == b->buffer &&
         a->node_buffers == b->node_buffers && a->seed == b->seed &&
         a->replications == b->replications && a->warmup == b->warmup &&
         a->cycles == b->cycles && a->threads == b->threads && a->watchdog == b->watchdog &&
         a->allow_deadlock == b->allow_deadlock;
}

gboolean
flitlab_study_same_settings (const FlitlabStudy *a,
                             const FlitlabStudy *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (g_strcmp0 (a->name, b->name) != 0 || g_strcmp0 (a->notes, b->notes) != 0 ||
      g_strcmp0 (a->group, b->group) != 0 ||
      g_strcmp0 (a->topology, b->topology) != 0 || a->routing != b->routing ||
      a->ties != b->ties || a->pattern != b->pattern ||
      a->hotspot_fraction != b->hotspot_fraction || a->hotspot_node != b->hotspot_node ||
      !flitlab_traffic_matrix_equal (a->matrix, b->matrix) ||
      g_strcmp0 (a->matrix_file, b->matrix_file) != 0 ||
      g_strcmp0 (a->matrix_sha256, b->matrix_sha256) != 0 ||
      (a->matrix_error == NULL) != (b->matrix_error == NULL) ||
      !flitlab_study_trace_equal (a->trace, b->trace) ||
      g_strcmp0 (a->trace_file, b->trace_file) != 0 ||
      g_strcmp0 (a->trace_sha256, b->trace_sha256) != 0 ||
      (a->trace_error == NULL) != (b->trace_error == NULL) ||
      a->length != b->length || a->flits != b->flits ||
      a->flit_width != b->flit_width || a->rate_min != b->rate_min ||
      a->rate_max != b->rate_max || a->n_rates != b->n_rates ||
      a->models->len != b->models->len || a->references->len != b->references->len ||
      !same_simulation_settings (&a->simulation, &b->simulation) ||
      !string_tables_equal (a->settings, b->settings))
    return FALSE;
  for (guint m = 0; m < a->models->len; m++)
    {
      const FlitlabStudyModel *ma = a->models->pdata[m], *mb = b->models->pdata[m];

      if (g_strcmp0 (ma->id, mb->id) != 0 || !string_tables_equal (ma->params, mb->params))
        return FALSE;
    }
  /* References are data the study is given, not results it computes: a copy that dropped
   * some, or was given other numbers under a title (BookSim's results read again), is
   * another study. */
  for (guint r = 0; r < a->references->len; r++)
    if (!same_reference (a->references->pdata[r], b->references->pdata[r]))
      return FALSE;
  return TRUE;
}

gboolean
flitlab_study_set_topology (FlitlabStudy  *self,
                            const char    *spec,
                            GError       **error)
{
  g_autoptr(GError) refused = NULL;
  FlitlabTopology *network;

  g_return_val_if_fail (self != NULL && spec != NULL, FALSE);

  if (self->topology != NULL && g_str_equal (spec, self->topology))
    return flitlab_study_get_topology (self, error) != NULL;
  network = flitlab_topology_new_from_spec (spec, &refused);
  flitlab_study_set_built_topology (self, spec, network);
  g_clear_pointer (&network, flitlab_topology_unref);
  if (refused == NULL)
    return TRUE;
  self->network_error = g_error_copy (refused);
  g_propagate_error (error, g_steal_pointer (&refused));
  return FALSE;
}

void
flitlab_study_set_built_topology (FlitlabStudy          *self,
                                  const char            *spec,
                                  const FlitlabTopology *network)
{
  g_return_if_fail (self != NULL && spec != NULL);

  /* spec may be self->topology's own text. */
  if (self->topology != spec)
    {
      g_free (self->topology);
      self->topology = g_strdup (spec);
    }
  g_clear_pointer (&self->network, flitlab_topology_unref);
  g_clear_error (&self->network_error);
  if (network != NULL)
    self->network = flitlab_topology_ref (network);
}

void
flitlab_study_set_matrix (FlitlabStudy         *self,
                          FlitlabTrafficMatrix *matrix,
                          const char           *file,
                          const char           *sha256)
{
  g_return_if_fail (self != NULL && matrix != NULL);

  flitlab_traffic_matrix_ref (matrix);
  g_clear_pointer (&self->matrix, flitlab_traffic_matrix_unref);
  self->matrix = matrix;
  g_free (self->matrix_file);
  self->matrix_file = g_strdup (file);
  g_free (self->matrix_sha256);
  self->matrix_sha256 = g_strdup (sha256);
  g_clear_error (&self->matrix_error);
}

void
flitlab_study_set_matrix_error (FlitlabStudy *self,
                                const char   *file,
                                const char   *sha256,
                                const GError *error)
{
  g_return_if_fail (self != NULL && file != NULL && error != NULL);

  g_clear_pointer (&self->matrix, flitlab_traffic_matrix_unref);
  g_free (self->matrix_file);
  self->matrix_file = g_strdup (file);
  g_free (self->matrix_sha256);
  self->matrix_sha256 = g_strdup (sha256);
  g_clear_error (&self->matrix_error);
  self->matrix_error = g_error_copy (error);
}

FlitlabTrafficMatrix *
flitlab_study_get_matrix (const FlitlabStudy  *self,
                          GError             **error)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->matrix == NULL)
    {
      if (self->matrix_error != NULL)
        g_propagate_error (error, g_error_copy (self->matrix_error));
      else
        g_set_error_literal (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID,
                             _("the traffic pattern “matrix” has no traffic matrix"));
    }
  return self->matrix;
}

void
flitlab_study_set_trace (FlitlabStudy      *self,
                         FlitlabStudyTrace *trace)
{
  g_return_if_fail (self != NULL && trace != NULL);

  flitlab_study_trace_ref (trace);
  g_clear_pointer (&self->trace, flitlab_study_trace_unref);
  self->trace = trace;
  g_free (self->trace_file);
  self->trace_file = g_strdup (trace->file);
  g_free (self->trace_sha256);
  self->trace_sha256 = g_strdup (trace->sha256);
  g_clear_error (&self->trace_error);
}

void
flitlab_study_set_trace_error (FlitlabStudy *self,
                               const char   *file,
                               const char   *sha256,
                               const GError *error)
{
  g_return_if_fail (self != NULL && file != NULL && error != NULL);

  g_clear_pointer (&self->trace, flitlab_study_trace_unref);
  /* file may be self->trace_file's own text. */
  if (file != self->trace_file)
    {
      g_free (self->trace_file);
      self->trace_file = g_strdup (file);
    }
  if (sha256 != self->trace_sha256)
    {
      g_free (self->trace_sha256);
      self->trace_sha256 = g_strdup (sha256);
    }
  g_clear_error (&self->trace_error);
  self->trace_error = g_error_copy (error);
}

FlitlabStudyTrace *
flitlab_study_get_trace (const FlitlabStudy  *self,
                         GError             **error)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->trace == NULL)
    {
      if (self->trace_error != NULL)
        g_propagate_error (error, g_error_copy (self->trace_error));
      else
        g_set_error_literal (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID,
                             _("the traffic pattern “trace” has no trace file"));
    }
  return self->trace;
}

const FlitlabTopology *
flitlab_study_get_topology (const FlitlabStudy  *self,
                            GError             **error)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->network == NULL)
    {
      if (self->network_error != NULL)
        g_propagate_error (error, g_error_copy (self->network_error));
      else
        g_set_error_literal (error, FLITLAB_STUDY_ERROR, FLITLAB_STUDY_ERROR_INVALID,
                             _("no topology"));
    }
  return self->network;
}

const char *
flitlab_study_get_notes_network (const FlitlabStudy *self)
{
  const char *spec;

  g_return_val_if_fail (self != NULL, NULL);

  spec = g_hash_table_lookup (self->settings, FLITLAB_STUDY_NOTES_NETWORK);
  if (self->notes == NULL || *self->notes == '\0' || g_strcmp0 (spec, self->topology) == 0)
    return NULL;
  return spec;
}

void
flitlab_study_follow_network (FlitlabStudy       *self,
                              const FlitlabStudy *before)
{
  const char *written_for;

  g_return_if_fail (self != NULL && before != NULL);

  if (g_strcmp0 (self->topology, before->topology) == 0)
    return;
  written_for = flitlab_study_get_notes_network (before);
  if (written_for == NULL)
    written_for = before->topology;
  if (g_strcmp0 (written_for, self->topology) == 0 || self->notes == NULL || *self->notes == '\0')
    g_hash_table_remove (self->settings, FLITLAB_STUDY_NOTES_NETWORK);
  else
    g_hash_table_insert (self->settings, g_strdup (FLITLAB_STUDY_NOTES_NETWORK),
                         g_strdup (written_for));
}

void
flitlab_study_clear_results (FlitlabStudy *self)
{
  g_return_if_fail (self != NULL);

  for (guint i = 0; i < self->models->len; i++)
    {
      FlitlabStudyModel *model = g_ptr_array_index (self->models, i);

      g_clear_pointer (&model->curve, flitlab_study_table_free);
      g_ptr_array_set_size (model->channels, 0);
    }
  g_clear_pointer (&self->simulation.points, flitlab_study_table_free);
  g_ptr_array_set_size (self->simulation.channels, 0);
}

FlitlabStudyModel *
flitlab_study_add_model (FlitlabStudy *self,
                         const char   *id)
{
  FlitlabStudyModel *model;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);

  model = flitlab_study_model_new (id);
  g_ptr_array_add (self->models, model);
  return model;
}

FlitlabStudyModel *
flitlab_study_find_model (const FlitlabStudy *self,
                          const char         *id)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < self->models->len; i++)
    {
      FlitlabStudyModel *model = g_ptr_array_index (self->models, i);

      if (g_str_equal (model->id, id))
        return model;
    }
  return NULL;
}

double *
flitlab_study_dup_rates (const FlitlabStudy *self,
                         guint              *n_rates)
{
  double *rates;
  guint n;

  g_return_val_if_fail (self != NULL, NULL);

  n = MAX (self->n_rates, 1);
  rates = g_new (double, n);
  for (guint i = 0; i < n; i++)
    rates[i] = n == 1 ? self->rate_min
                      : self->rate_min + (self->rate_max - self->rate_min) * i / (n - 1);
  /* The last load is exactly rate_max, whatever the rounding above. */
  if (n > 1)
    rates[n - 1] = self->rate_max;
  if (n_rates != NULL)
    *n_rates = n;
  return rates;
}

static gboolean
fail (GError    **error,
      const char *format,
      ...) G_GNUC_PRINTF (2, 3);

static gboolean
fail (GError    **error,
      const char *format,
      ...)
{
  va_list args;

  va_start (args, format);
  g_propagate_error (error, g_error_new_valist (FLITLAB_STUDY_ERROR,
                                                FLITLAB_STUDY_ERROR_INVALID, format, args));
  va_end (args);
  return FALSE;
}

const char * const *
flitlab_study_curve_columns (void)
{
  static const char * const columns[] = { "rate", "latency", NULL };

  return columns;
}

const char * const *
flitlab_study_points_columns (void)
{
  static const char * const columns[] = {
    "rate", "latency", "ci95", "network_latency", "throughput", NULL,
  };

  return columns;
}

/* An enum's value beyond its names (set by code, never read from a file), as its number. */
static const char *
unnamed (char  *number,
         gsize  size,
         int    value)
{
  g_snprintf (number, size, "%d", value);
  return number;
}

static gboolean
check_table (const FlitlabStudyTable *table,
             const char * const      *required,
             const char              *what,
             GError                 **error)
{
  for (guint i = 0; required[i] != NULL; i++)
    if (i >= table->n_columns || !g_str_equal (table->columns[i], required[i]))
      {
        g_autofree char *list = g_strjoinv (" ", (char **) required);

        /* Translators: %s: a table of a study ("model ...", "the simulation"), then its columns */
        return fail (error, _("%s: the first columns must be: %s"), what, list);
      }
  if (table->n_columns > FLITLAB_STUDY_MAX_COLUMNS || table->n_rows > FLITLAB_STUDY_MAX_ROWS)
    return fail (error, _("%s: too many columns or rows"), what);
  return TRUE;
}

gboolean
flitlab_study_check_fields (const FlitlabStudy  *self,
                            GError             **error)
{
  const FlitlabStudySimulation *sim;
  g_autoptr(GError) refused = NULL;
  char number[16];

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  sim = &self->simulation;
  if (self->name == NULL || self->name[0] == '\0')
    return fail (error, _("A study needs a name"));
  if (self->topology == NULL || self->topology[0] == '\0')
    return fail (error, _("no topology"));
  if ((guint) self->routing >= FLITLAB_ROUTING_N)
    return fail (error, _("unknown routing “%s”"),
                 unnamed (number, sizeof number, self->routing));
  if ((guint) self->ties > FLITLAB_TIES_POSITIVE)
    return fail (error, _("ties are “balanced” or “positive”, not “%s”"),
                 unnamed (number, sizeof number, self->ties));
  if ((guint) self->pattern > FLITLAB_TRAFFIC_TRACE)
    return fail (error, _("unknown traffic pattern “%s”"),
                 unnamed (number, sizeof number, self->pattern));
  /* A matrix file that could not be read is kept, with why: running refuses it. */
  if (self->pattern == FLITLAB_TRAFFIC_MATRIX && self->matrix == NULL &&
      self->matrix_error == NULL)
    return fail (error, _("the traffic pattern “matrix” has no traffic matrix"));
  if (self->pattern == FLITLAB_TRAFFIC_MATRIX && self->matrix != NULL &&
      self->network != NULL &&
      !flitlab_traffic_matrix_check_size (self->matrix,
                                          flitlab_topology_get_n_nodes (self->network),
                                          &refused))
    return fail (error, "%s", refused->message);
  /* A trace file likewise; its counts are of the network it was chosen for. */
  if (self->pattern == FLITLAB_TRAFFIC_TRACE && self->trace == NULL &&
      self->trace_error == NULL)
    return fail (error, _("the traffic pattern “trace” has no trace file"));
  if (self->pattern == FLITLAB_TRAFFIC_TRACE && self->trace != NULL &&
      self->trace->matrix != NULL && self->network != NULL &&
      flitlab_traffic_matrix_get_n_nodes (self->trace->matrix) !=
        flitlab_topology_get_n_nodes (self->network))
    return fail (error, _("the trace was read for a network of %u nodes, and this one has %u: "
                          "choose the trace again for it"),
                 flitlab_traffic_matrix_get_n_nodes (self->trace->matrix),
                 flitlab_topology_get_n_nodes (self->network));
  /* Each setting by its one check (flitlab-limits.h), whose words every edge gives. */
  if (!flitlab_limits_check_hotspot_fraction (self->hotspot_fraction, &refused))
    return fail (error, "%s", refused->message);
  if ((guint) self->length > FLITLAB_LENGTH_EXPONENTIAL)
    return fail (error, _("unknown length distribution “%s”"),
                 unnamed (number, sizeof number, self->length));
  if (!flitlab_limits_check_flits (self->flits, self->length == FLITLAB_LENGTH_FIXED, &refused) ||
      !flitlab_limits_check_flit_width (self->flit_width, &refused) ||
      !flitlab_limits_check_load_range (self->rate_min, self->rate_max, &refused) ||
      !flitlab_limits_check_n_rates (self->n_rates, &refused))
    return fail (error, "%s", refused->message);
  for (guint i = 0; i < self->models->len; i++)
    {
      const FlitlabStudyModel *model = g_ptr_array_index (self->models, i);

      if (model->id == NULL || model->id[0] == '\0')
        return fail (error, _("a model without an id"));
      if (model->curve != NULL)
        {
          g_autofree char *what = g_strdup_printf (_("model %s"), model->id);

          if (!check_table (model->curve, flitlab_study_curve_columns (), what, error))
            return FALSE;
        }
    }
  if (!flitlab_limits_check_vcs (sim->vcs, &refused) ||
      !flitlab_limits_check_buffer (sim->buffer, &refused) ||
      !flitlab_limits_check_node_buffers (sim->node_buffers, &refused) ||
      !flitlab_limits_check_replications (sim->replications, &refused) ||
      !flitlab_limits_check_cycles (sim->cycles, &refused) ||
      !flitlab_limits_check_warmup (sim->warmup, &refused) ||
      !flitlab_limits_check_watchdog (sim->watchdog, &refused) ||
      !flitlab_limits_check_threads (sim->threads, &refused))
    return fail (error, "%s", refused->message);
  if (sim->points != NULL &&
      !check_table (sim->points, flitlab_study_points_columns (), _("the simulation"), error))
    return FALSE;
  for (guint i = 0; i < self->references->len; i++)
    {
      const FlitlabStudyTable *reference = g_ptr_array_index (self->references, i);
      g_autofree char *what = g_strdup_printf (_("reference %u"), i + 1);

      if (reference->title == NULL)
        return fail (error, _("%s: a reference needs a title"), what);
      if (!check_table (reference, flitlab_study_curve_columns (), what, error))
        return FALSE;
    }
  return TRUE;
}

gboolean
flitlab_study_check (const FlitlabStudy  *self,
                     GError             **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (flitlab_study_check_fields (self, error))
    return TRUE;
  if (self->name != NULL && self->name[0] != '\0')
    /* Translators: before why a study is refused; %s: the study's name */
    g_prefix_error (error, _("Study “%s”: "), self->name);
  return FALSE;
}
