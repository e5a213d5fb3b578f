/* flitlab-study-plot.c: the plot of a study's results
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-grid.h"
#include "flitlab-model.h"
#include "flitlab-study-plot.h"
#include "flitlab-study-run.h"

/* Between a study's name and its series' own words, in a comparison's legend. */
#define STUDY_SEPARATOR " — "

static const char *load_label = N_("Load (messages/cycle/node)");

/* The latency a metric shows: a latency's name ("transit", ...), or "latency", the one the
 * study's models predict (the first that describes the study's own network, else the first;
 * total latency without a model). FALSE for a metric that is no latency. */
static gboolean
metric_latency (const FlitlabStudy    *study,
                const FlitlabTopology *topology,
                const char            *metric,
                FlitlabLatency        *latency)
{
  const FlitlabModelInfo *first = NULL;
  GHashTable *first_params = NULL;

  if (!g_str_equal (metric, "latency"))
    return flitlab_latency_from_string (metric, latency);
  for (guint m = 0; m < study->models->len; m++)
    {
      const FlitlabStudyModel *model = study->models->pdata[m];
      const FlitlabModelInfo *info = flitlab_model_lookup (model->id);

      if (info != NULL && topology != NULL && flitlab_study_run_model_follows (study, model))
        {
          first = info;
          first_params = model->params;
          break;
        }
      if (first == NULL)
        {
          first = info;
          first_params = model->params;
        }
    }
  *latency = first != NULL ? flitlab_model_info_latency (first, first_params)
                           : FLITLAB_LATENCY_TOTAL;
  return TRUE;
}

/* topology: the study's (NULL when it cannot be built). */
static char *
axis_label (const FlitlabStudy    *study,
            const FlitlabTopology *topology,
            const char            *metric)
{
  static const struct { const char *metric, *label; } labels[] = {
    { "throughput", N_("Throughput (messages/cycle/node)") },
    { "acceptance", N_("Acceptance probability") },
    { "utilization", N_("Channel utilization") },
    { "power", N_("Power") },
  };
  FlitlabLatency latency;

  /* Without a study, "latency" is any study's own. */
  if (study == NULL && g_str_equal (metric, "latency"))
    return g_strdup (_("Latency (cycles)"));
  if (study != NULL ? metric_latency (study, topology, metric, &latency)
                    : flitlab_latency_from_string (metric, &latency))
    /* Translators: %s: a latency ("Transit latency") */
    return g_strdup_printf (_("%s (cycles)"), flitlab_latency_label (latency));
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (g_str_equal (labels[i].metric, metric))
      return g_strdup (_(labels[i].label));
  return g_strdup (metric);
}

/* "transit latency", for the middle of a legend entry. */
static char *
lower_latency (FlitlabLatency latency)
{
  return g_ascii_strdown (flitlab_latency_label (latency), -1);
}

/* One series from a table's rate column and its value column (with its 95% interval column, or
 * none); NULL when the table has no such column. */
static FlitlabPlotSeries *
add_table (FlitlabPlot             *plot,
           const FlitlabStudyTable *table,
           const char              *column,
           const char              *ci_column,
           const char              *label,
           FlitlabPlotKind          kind)
{
  int rate = flitlab_study_table_find_column (table, "rate");
  int value = flitlab_study_table_find_column (table, column);
  int ci = ci_column != NULL ? flitlab_study_table_find_column (table, ci_column) : -1;
  g_autofree double *x = NULL, *y = NULL, *e = NULL;
  FlitlabPlotSeries *series;

  if (rate < 0 || value < 0 || table->n_rows == 0)
    return NULL;
  x = g_new (double, table->n_rows);
  y = g_new (double, table->n_rows);
  e = g_new (double, table->n_rows);
  for (guint i = 0; i < table->n_rows; i++)
    {
      x[i] = flitlab_study_table_get (table, i, rate);
      /* A model's curve breaks at saturation; a simulated load that is not carried keeps what
       * the simulator measured (its accepted throughput) and is marked where it has no value
       * (its latencies). */
      y[i] = table->saturated[i] && kind == FLITLAB_PLOT_LINE
             ? NAN : flitlab_study_table_get (table, i, value);
      e[i] = ci >= 0 ? flitlab_study_table_get (table, i, ci) : NAN;
    }
  series = flitlab_plot_add_series (plot, label, kind, x, y, ci >= 0 ? e : NULL, table->n_rows);
  for (guint i = 0; kind == FLITLAB_PLOT_POINTS && i < table->n_rows; i++)
    if (table->saturated[i] && !isfinite (y[i]))
      {
        if (flitlab_study_table_is_deadlocked (table, i))
          flitlab_plot_series_set_deadlocked (series, i);
        else
          flitlab_plot_series_set_saturated (series, i);
      }
  return series;
}

/* A series with no value: its legend entry says why there is nothing to draw. */
static FlitlabPlotSeries *
add_nothing (FlitlabPlot     *plot,
             const char      *label,
             FlitlabPlotKind  kind)
{
  const double nothing = NAN;

  return flitlab_plot_add_series (plot, label, kind, &nothing, &nothing, NULL, 1);
}

/* Whether a model that does not follow the study describes another network than the study's
 * (Greenberg and Guan's torus beside the mesh), rather than its network with other settings
 * (Ciciani's hypercube with 12-flit messages beside 25). */
static gboolean
describes_other_network (const FlitlabTopology   *topology,
                         const FlitlabStudyModel *model)
{
  g_autoptr(FlitlabModel) built = flitlab_model_new (model->id, model->params, NULL);

  return built != NULL && flitlab_model_get_topology (built) != NULL &&
         !flitlab_model_describes (built, topology);
}

/* Whether another model of the study cites the same paper (Greenberg and Guan's mesh and
 * torus): then each names its network. */
static gboolean
shares_citation (const FlitlabStudy      *study,
                 const FlitlabStudyModel *model)
{
  const FlitlabModelInfo *info = flitlab_model_lookup (model->id);

  for (guint m = 0; info != NULL && m < study->models->len; m++)
    {
      const FlitlabStudyModel *own = study->models->pdata[m];
      const FlitlabModelInfo *other = flitlab_model_lookup (own->id);

      if (other != NULL && other != info && g_str_equal (other->citation, info->citation))
        return TRUE;
    }
  return FALSE;
}

/* ", 8×8 torus, uni-directional": the network the model describes, when it can be built. */
static void
append_network (GString                 *name,
                const FlitlabStudyModel *model)
{
  g_autoptr(FlitlabModel) built = flitlab_model_new (model->id, model->params, NULL);
  const FlitlabTopology *network = built != NULL ? flitlab_model_get_topology (built) : NULL;
  g_autofree char *title = network != NULL ? flitlab_topology_dup_title (network) : NULL;

  if (title != NULL)
    g_string_append_printf (name, ", %s", title);
}

/* Where the simulation saturated, from its loads (a deadlocked one tells nothing): above the
 * highest load carried below the first one not carried (lower), at most that one (upper;
 * infinite when every load was carried). FALSE without a carried or refused load. */
static gboolean
simulated_saturation (const FlitlabStudyTable *points,
                      double                  *lower,
                      double                  *upper)
{
  *lower = 0;
  *upper = INFINITY;
  for (guint r = 0; points != NULL && r < points->n_rows; r++)
    if (points->saturated[r] && !flitlab_study_table_is_deadlocked (points, r))
      *upper = MIN (*upper, flitlab_study_table_get (points, r, 0));
  for (guint r = 0; points != NULL && r < points->n_rows; r++)
    {
      double rate = flitlab_study_table_get (points, r, 0);

      if (!points->saturated[r] && rate < *upper)
        *lower = MAX (*lower, rate);
    }
  return *lower > 0 || isfinite (*upper);
}

/* A model's saturation more than FAR_APART from the simulation's (a share of it) says so
 * beside its mark: a student should not read a model's early saturation as the network's. */
#define FAR_APART 0.2

static void
say_far_from_simulation (FlitlabPlotSeries       *series,
                         const FlitlabStudyTable *points)
{
  double lower, upper, rate = series->saturation;
  char *label;

  /* A capacity is an asymptotic throughput, not where latency grows without bound. */
  if (!(rate > 0) || series->capacity || !simulated_saturation (points, &lower, &upper) ||
      (rate >= (1 - FAR_APART) * lower && rate <= (1 + FAR_APART) * upper))
    return;
  if (!isfinite (upper))
    /* Translators: the highest load a simulation carried, beside a model's saturation */
    series->saturation_remark = g_strdup_printf (_("the simulation carried %.3g"), lower);
  else if (lower > 0)
    /* Translators: the loads a simulation saturated between, beside a model's saturation */
    series->saturation_remark = g_strdup_printf (_("far from the simulation's %.3g–%.3g"), lower,
                                                 upper);
  else
    /* Translators: the load a simulation saturated below, beside a model's saturation */
    series->saturation_remark = g_strdup_printf (_("far from the simulation's < %.3g"), upper);
  /* Translators: a series' label, then the model's saturation load and a remark on it */
  label = g_strdup_printf (_("%s (saturation %.3g, %s)"), series->label, rate,
                           series->saturation_remark);
  g_free (series->label);
  series->label = label;
}

/* The model as a paper cites it ("Ciciani et al. 1998"), and the
 * parameters that tell it apart: those it holds in other values than another instance of it in
 * the study (a comparison of radices or message lengths: "Ciciani et al. 1998, k = 5x10x20"),
 * and, for a model of another network than the study's, those the study would give otherwise. */
static char *
model_name (const FlitlabStudy      *study,
            const FlitlabTopology   *topology,
            const FlitlabStudyModel *model,
            gboolean                 own)
{
  const FlitlabModelInfo *info = flitlab_model_lookup (model->id);
  GString *name = g_string_new (info != NULL ? _(info->citation) : model->id);
  g_autoptr(GList) keys = g_list_sort (g_hash_table_get_keys (model->params),
                                       (GCompareFunc) g_strcmp0);
  g_autoptr(GHashTable) derived = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  if (!own && topology != NULL)
    flitlab_study_run_fit_model (study, model->id, derived, NULL);
  if (shares_citation (study, model) || (!own && describes_other_network (topology, model)))
    append_network (name, model);
  for (GList *k = keys; k != NULL; k = k->next)
    {
      const char *value = g_hash_table_lookup (model->params, k->data);
      const char *study_value = g_hash_table_lookup (derived, k->data);
      gboolean differs = !own && (study_value == NULL ||
                                  !flitlab_study_run_param_equal (study_value, value));

      for (guint m = 0; m < study->models->len; m++)
        {
          const FlitlabStudyModel *other = study->models->pdata[m];

          differs |= other != model && g_str_equal (other->id, model->id) &&
                     g_strcmp0 (g_hash_table_lookup (other->params, k->data), value) != 0;
        }
      if (differs)
        {
          g_autofree char *shown = flitlab_study_run_param_shown (k->data, value);

          /* An empty matrix against the study's: the other model's traffic is not one. */
          g_string_append_printf (name, ", %s = %s", (char *) k->data,
                                  shown != NULL ? shown : _("none"));
        }
    }
  return g_string_free (name, FALSE);
}

/* The mark of a model's saturation rate: its name ("saturation", or "capacity" for an
 * asymptotic throughput), its value, and the sentence saying what it is. */
static void
mark_saturation (FlitlabPlotSeries       *series,
                 const FlitlabModelInfo  *info,
                 double                   rate)
{
  if (!isfinite (rate) || rate <= 0)
    return;
  series->saturation = rate;
  g_free (series->saturation_label);
  g_free (series->saturation_note);
  series->capacity = info != NULL && info->capacity;
  if (series->capacity)
    series->saturation_label = g_strdup_printf (_("capacity %.3g msg/cycle/node"), rate);
  else
    series->saturation_label = g_strdup_printf (_("saturation %.3g msg/cycle/node"), rate);
  series->saturation_note = info != NULL && info->saturation != NULL
                            ? g_strdup (_(info->saturation)) : NULL;
}

char *
flitlab_study_plot_dup_model_name (const FlitlabStudy      *study,
                                   const FlitlabStudyModel *model)
{
  const FlitlabTopology *topology = flitlab_study_get_topology (study, NULL);

  return model_name (study, topology, model,
                     topology == NULL || flitlab_study_run_model_follows (study, model));
}

/* How a comparison labels a study's series: their labels begin with the study's name, and each
 * has a kind for the legend ("Model", "Simulation, 95% CI"). */
typedef struct
{
  /* The latency every study is shown in (the value axis names it); NULL for another metric. */
  const FlitlabLatency *latency;
  /* Each model curve's kind without the parameters that tell it from the study's other models
   * ("Model (not this study's settings)"), by its series; or NULL. */
  GHashTable *short_kinds;
} Comparison;


/* A model's series: its curve drawn from a dense sample (the stored one when the model cannot
 * be evaluated), labelled with what sets it apart: parameters of another network, or another
 * latency than the plot's. comparison: NULL in the plot of one study. */
static void
add_model (FlitlabPlot              *plot,
           const FlitlabStudy       *study,
           const FlitlabTopology    *topology,
           const FlitlabStudyModel  *model,
           const char               *metric,
           const FlitlabLatency     *latency,
           const Comparison         *comparison)
{
  const FlitlabModelInfo *info = flitlab_model_lookup (model->id);
  g_autoptr(FlitlabStudyTable) dense =
    flitlab_study_run_model_curve (study, model, FLITLAB_STUDY_RUN_CURVE_POINTS, NULL);
  const FlitlabStudyTable *curve = dense != NULL ? dense : model->curve;
  gboolean own = topology == NULL || flitlab_study_run_model_follows (study, model);
  g_autofree char *name = model_name (study, topology, model, own);
  /* The parameters after the citation (", k = 8x8x8"), and " (not this study's network)" or "". */
  const char *parameters = name + strlen (info != NULL ? _(info->citation) : model->id);
  const char *other = NULL;
  FlitlabLatency predicted;
  gboolean drawn;
  g_autofree char *note = NULL;
  g_autofree char *named = NULL;
  g_autofree char *label = NULL;
  FlitlabPlotSeries *series;

  if (curve == NULL)
    return;
  /* Never mixed silently: a model of another latency, or of another network or other
   * settings, says so. */
  if (!own)
    other = describes_other_network (topology, model) ? _("not this study's network")
                                                      : _("not this study's settings");
  /* A curve of another latency than the axis's is never drawn on it: the legend names the
   * model and says what it predicts, the metric menu shows that latency. */
  predicted = info != NULL ? flitlab_model_info_latency (info, model->params)
                           : FLITLAB_LATENCY_TOTAL;
  drawn = latency == NULL || info == NULL || predicted == *latency;
  if (!drawn)
    {
      g_autofree char *predicts = lower_latency (predicted);
      /* Translators: %s: a latency in lower case ("transit latency"), then "not this study's
       * network" or "… settings" */
      g_autofree char *words = own ? g_strdup_printf (_("(predicts %s: not drawn)"), predicts)
                                   : g_strdup_printf (_("(predicts %s: not drawn; %s)"), predicts,
                                                      other);

      note = g_strconcat (" ", words, NULL);
    }
  else if (!own)
    note = g_strdup_printf (" (%s)", other);
  else
    note = g_strdup ("");
  named = g_strconcat (name, note, NULL);
  /* Words for people: "Model: Greenberg and Guan 1997"; in a comparison, the study first. */
  if (comparison != NULL)
    {
      /* Translators: %s: a model ("Greenberg and Guan 1997"), after a study's name and " — " */
      g_autofree char *words = g_strdup_printf (_("model: %s"), named);

      label = g_strconcat (study->name, STUDY_SEPARATOR, words, NULL);
    }
  else
    /* Translators: %s: a model ("Greenberg and Guan 1997") */
    label = g_strdup_printf (_("Model: %s"), named);
  if (!drawn)
    series = add_nothing (plot, label, FLITLAB_PLOT_LINE);
  else
    series = add_table (plot, curve, latency != NULL ? "latency" : metric, NULL, label,
                        FLITLAB_PLOT_LINE);
  if (series == NULL)
    return;
  if (drawn)
    mark_saturation (series, info, curve->saturation_rate);
  /* A finite trace's replay ends at any load: it has no saturation to set beside the model's. */
  if (drawn && own && study->pattern != FLITLAB_TRAFFIC_TRACE)
    say_far_from_simulation (series, study->simulation.points);
  /* In a comparison's legend: "Model", with what tells it from the study's other models
   * ("Model, variant = paper"; flitlab_study_plot_new_comparison () may leave that out). */
  if (comparison != NULL)
    {
      series->kind_label = g_strconcat (_("Model"), parameters, note, NULL);
      /* Shorter, what sets it apart first, so that a legend cut to its first words still
       * tells "Another network's model" from "Other settings' model". */
      if (comparison->short_kinds != NULL && drawn && !own)
        g_hash_table_insert (comparison->short_kinds, series,
                             g_strdup (describes_other_network (topology, model)
                                       ? _("Another network's model")
                                       : _("Other settings' model")));
      else if (comparison->short_kinds != NULL)
        g_hash_table_insert (comparison->short_kinds, series, g_strconcat (_("Model"), note, NULL));
    }
}

/* flitlab_study_plot_add() on the study's network, built once by the caller. */
static void
add_study (FlitlabPlot           *plot,
           const FlitlabStudy    *study,
           const FlitlabTopology *topology,
           const char            *metric,
           const Comparison      *comparison)
{
  FlitlabLatency latency;
  gboolean is_latency;

  metric = metric != NULL ? metric : "latency";
  is_latency = metric_latency (study, topology, metric, &latency);
  if (comparison != NULL && comparison->latency != NULL)
    latency = *comparison->latency;

  for (guint m = 0; m < study->models->len; m++)
    add_model (plot, study, topology, study->models->pdata[m], metric,
               is_latency ? &latency : NULL, comparison);
  if (study->simulation.points != NULL)
    {
      const FlitlabStudyTable *points = study->simulation.points;
      const char *column = is_latency ? flitlab_latency_column (latency) : metric;
      g_autofree char *ci = is_latency ? g_strdup (flitlab_latency_ci_column (latency))
                                       : g_strdup_printf ("%s_ci95", metric);
      /* Run before this latency was measured: said, not drawn in another one. */
      gboolean measured = !is_latency || flitlab_study_table_find_column (points, column) >= 0;
      g_autofree char *lower = is_latency ? lower_latency (latency) : NULL;
      /* After "Simulation": ", transit latency", then the rest (", 95% CI"). */
      g_autofree char *shown = lower != NULL ? g_strconcat (", ", lower, NULL) : g_strdup ("");
      g_autoptr(GString) rest = g_string_new (NULL);
      g_autofree char *label = NULL;
      FlitlabPlotSeries *series;
      /* A trace's replay is one deterministic run: points without intervals. */
      gboolean replay = study->pattern == FLITLAB_TRAFFIC_TRACE;
      const char *kind = replay ? _("Trace replay") : _("Simulation");

      if (!replay && flitlab_study_table_find_column (points, ci) >= 0)
        /* xgettext:no-c-format */
        g_string_append_printf (rest, ", %s", _("95% CI"));
      if (!measured)
        g_string_append_printf (rest, ": %s", _("not measured, run again"));
      if (comparison != NULL)
        label = g_strconcat (study->name, STUDY_SEPARATOR,
                             replay ? _("trace replay") : _("simulation"), shown, rest->str, NULL);
      else
        label = g_strconcat (kind, shown, rest->str, NULL);
      if (!measured)
        series = add_nothing (plot, label, FLITLAB_PLOT_POINTS);
      else
        series = add_table (plot, points, column, ci, label, FLITLAB_PLOT_POINTS);
      /* In a comparison's legend, the same words without the study's name, capitalised. */
      if (series != NULL && comparison != NULL)
        series->kind_label = g_strconcat (kind, rest->str, NULL);
    }
  for (guint r = 0; r < study->references->len; r++)
    {
      const FlitlabStudyTable *reference = study->references->pdata[r];
      const char *title = reference->title ? reference->title : _("reference");
      const char *column = is_latency ? "latency" : metric;
      FlitlabLatency own;
      FlitlabPlotSeries *series;

      /* A reference that counts another latency than the plot's (BookSim's points) is drawn
       * by its column of the plot's latency, when it has one. */
      if (is_latency && reference->info != NULL &&
          flitlab_latency_from_string (g_hash_table_lookup (reference->info,
                                                            FLITLAB_STUDY_INFO_LATENCY),
                                       &own) && own != latency)
        {
          column = flitlab_latency_column (latency);
          if (flitlab_study_table_find_column (reference, column) < 0)
            {
              g_autofree char *lower = lower_latency (own);
              /* Translators: %s: a reference ("BookSim 2"), then a latency ("total latency") */
              g_autofree char *label = g_strdup_printf (_("%s: %s only"), title, lower);

              add_nothing (plot, label, FLITLAB_PLOT_POINTS);
              continue;
            }
        }
      series = add_table (plot, reference, column, NULL, title, FLITLAB_PLOT_POINTS);
      if (series == NULL)
        continue;
      series->hollow = TRUE;
      /* Another simulator's points (they count their own latency) keep their name. */
      if (comparison != NULL)
        series->kind_label = g_strdup (reference->info != NULL &&
                                       g_hash_table_contains (reference->info,
                                                              FLITLAB_STUDY_INFO_LATENCY)
                                       ? title : _("Published values"));
    }
}

FlitlabPlot *
flitlab_study_plot_new_running (const FlitlabStudy      *study,
                                const char              *metric,
                                const FlitlabStudyTable *points)
{
  FlitlabStudy shown;

  g_return_val_if_fail (study != NULL, NULL);

  if (points == NULL)
    return flitlab_study_plot_new (study, metric);
  /* A shallow copy that only reads: the running points stand in for the old ones. */
  shown = *study;
  shown.simulation.points = (FlitlabStudyTable *) points;
  return flitlab_study_plot_new (&shown, metric);
}

FlitlabPlot *
flitlab_study_plot_new (const FlitlabStudy *study,
                        const char         *metric)
{
  const FlitlabTopology *topology;
  g_autofree char *y_label = NULL;
  FlitlabPlot *plot;

  g_return_val_if_fail (study != NULL, NULL);

  metric = metric != NULL ? metric : "latency";
  topology = flitlab_study_get_topology (study, NULL);
  y_label = axis_label (study, topology, metric);
  plot = flitlab_plot_new (study->name, _(load_label), y_label);
  add_study (plot, study, topology, metric, NULL);
  return plot;
}

/* Where the studies' names part from each other: after their longest common beginning that
 * ends before ": " or ", " ("Figs. 6-12: Boolean 6-cube" of "Figs. 6-12: Boolean 6-cube, M = 6
 * buffers" and its siblings), or 0. */
static gsize
common_prefix (const FlitlabStudy * const *studies,
               guint                       n_studies)
{
  gsize same = n_studies > 1 ? strlen (studies[0]->name) : 0, cut = 0;

  for (guint i = 1; i < n_studies; i++)
    {
      gsize k = 0;

      while (k < same && studies[i]->name[k] == studies[0]->name[k])
        k++;
      same = k;
    }
  for (gsize k = 0; k + 2 <= same; k++)
    if ((studies[0]->name[k] == ':' || studies[0]->name[k] == ',') &&
        studies[0]->name[k + 1] == ' ')
      cut = k;
  /* Every name must keep words of its own after the cut. */
  for (guint i = 0; cut > 0 && i < n_studies; i++)
    if (studies[i]->name[cut + 2] == '\0')
      cut = 0;
  return cut;
}

/* The settings that vary among a sweep's studies (all of one group), or NULL. */
static char **
sweep_varied (const FlitlabStudy * const *studies,
              guint                       n_studies)
{
  g_auto(GStrv) varied = NULL;

  if (n_studies < 2 || flitlab_grid_common_group (studies, n_studies) == NULL)
    return NULL;
  varied = flitlab_grid_varied_keys (studies, n_studies);
  return varied[0] != NULL ? g_steal_pointer (&varied) : NULL;
}

FlitlabPlot *
flitlab_study_plot_new_comparison (const FlitlabStudy * const *studies,
                                   guint                       n_studies,
                                   const char                 *metric)
{
  g_autoptr(GString) title = g_string_new (NULL);
  g_autoptr(GPtrArray) line_kinds = g_ptr_array_new ();
  g_autofree guint *ends = g_new (guint, MAX (n_studies, 1));
  g_autoptr(GHashTable) short_kinds = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  g_autofree char *y_label = NULL;
  const FlitlabTopology *first;
  FlitlabLatency latency;
  gboolean is_latency;
  Comparison comparison;
  gsize prefix;
  FlitlabPlot *plot;

  g_return_val_if_fail (studies != NULL || n_studies == 0, NULL);

  metric = metric != NULL ? metric : "latency";
  /* What the names share is said once, in the title; the legend keeps what sets them apart. */
  prefix = common_prefix (studies, n_studies);
  if (prefix > 0)
    g_string_append_len (title, studies[0]->name, prefix);
  for (guint i = 0; prefix == 0 && i < n_studies; i++)
    g_string_append_printf (title, "%s%s", i > 0 ? " · " : "", studies[i]->name);
  /* A title longer than a figure is wide says less than a count. */
  if (g_utf8_strlen (title->str, -1) > 80)
    g_string_printf (title, _("Comparison of %u studies"), n_studies);
  /* One quantity on the value axis: the first study's latency ("latency": its models'), in
   * which every simulation is shown. */
  first = n_studies > 0 ? flitlab_study_get_topology (studies[0], NULL) : NULL;
  y_label = axis_label (n_studies > 0 ? studies[0] : NULL, first, metric);
  is_latency = n_studies > 0 && metric_latency (studies[0], first, metric, &latency);
  plot = flitlab_plot_new (title->str, _(load_label), y_label);
  comparison = (Comparison) { .latency = is_latency ? &latency : NULL, .short_kinds = short_kinds };
  /* Each study in a colour of its own, so the eye pairs its curves and points; the kind of
   * series (model, simulation, paper) is told by line and marker, each kind of model curve by
   * its dash. Past the palette, the colours come round again with another dash and square
   * markers. */
  for (guint i = 0; i < n_studies; i++)
    {
      add_study (plot, studies[i], flitlab_study_get_topology (studies[i], NULL), metric,
                 &comparison);
      ends[i] = plot->series->len;
    }
  /* A study's models are told apart by their parameters ("Model, variant = paper") while the
   * dashes suffice; past them the legend says only what sets a model apart from the study (its
   * labels keep the parameters). */
  for (guint s = 0; s < plot->series->len; s++)
    {
      FlitlabPlotSeries *series = plot->series->pdata[s];

      if (series->kind == FLITLAB_PLOT_LINE &&
          !g_ptr_array_find_with_equal_func (line_kinds, series->kind_label, g_str_equal, NULL))
        g_ptr_array_add (line_kinds, series->kind_label);
    }
  if (line_kinds->len > FLITLAB_PLOT_LINE_STYLES)
    {
      g_ptr_array_set_size (line_kinds, 0);
      for (guint s = 0; s < plot->series->len; s++)
        {
          FlitlabPlotSeries *series = plot->series->pdata[s];
          char *shorter;

          if (series->kind != FLITLAB_PLOT_LINE)
            continue;
          shorter = g_strdup (g_hash_table_lookup (short_kinds, series));
          g_free (series->kind_label);
          series->kind_label = shorter;
          if (!g_ptr_array_find_with_equal_func (line_kinds, shorter, g_str_equal, NULL))
            g_ptr_array_add (line_kinds, shorter);
        }
    }
  /* A sweep's studies: the title is the group's, the legend names only what varies
   * ("vcs = 2"), and the CSV has a column per varied setting. */
  plot->varied = sweep_varied (studies, n_studies);
  if (plot->varied != NULL)
    {
      g_free (plot->title);
      plot->title = g_strdup (studies[0]->group);
    }
  for (guint i = 0, s = 0; i < n_studies; i++)
    {
      guint round = i / FLITLAB_PLOT_PALETTE_SIZE;

      for (; s < ends[i]; s++)
        {
          FlitlabPlotSeries *series = plot->series->pdata[s];
          guint kind;

          series->color = i % FLITLAB_PLOT_PALETTE_SIZE;
          if (plot->varied != NULL)
            {
              guint n_varied = g_strv_length (plot->varied);

              series->group = flitlab_grid_label (studies[i], (const char * const *) plot->varied);
              series->varied_values = g_new0 (char *, n_varied + 1);
              for (guint k = 0; k < n_varied; k++)
                series->varied_values[k] = flitlab_grid_get (studies[i], plot->varied[k]);
            }
          else
            series->group = g_strdup (studies[i]->name + (prefix > 0 ? prefix + 2 : 0));
          if (series->kind == FLITLAB_PLOT_LINE)
            {
              g_ptr_array_find_with_equal_func (line_kinds, series->kind_label, g_str_equal, &kind);
              series->style = kind + round;
            }
          else
            series->style = round;
        }
    }
  return plot;
}

/* A guess's error against a saturation load, as a share of it: "0.0545 (guess 45% low)". */
static char *
guess_error (double guess,
             double saturation)
{
  double error = (guess - saturation) / saturation;

  if (!(saturation > 0))
    return g_strdup (_("not reached"));
  /* Translators: a saturation load, then how far a guess of it was */
  return g_strdup_printf (error < 0 ? _("%.3g (guess %.0f%% low)") : _("%.3g (guess %.0f%% high)"),
                          saturation, fabs (100 * error));
}

void
flitlab_study_plot_show_guess (FlitlabPlot        *plot,
                               const FlitlabStudy *study,
                               double              guess)
{
  const FlitlabStudyTable *points = study->simulation.points;
  const FlitlabTopology *topology = flitlab_study_get_topology (study, NULL);
  g_autofree char *network = topology != NULL ? flitlab_topology_dup_title (topology)
                                              : g_strdup (study->topology);
  const FlitlabStudyModel *model = NULL;
  double model_rate, sim_rate = points != NULL ? points->saturation_rate : NAN, lower, upper;
  g_autofree char *model_text = NULL, *sim_text = NULL;

  /* Scored against the study's own network: a model kept for comparison describes another. */
  for (guint m = 0; topology != NULL && model == NULL && m < study->models->len; m++)
    if (flitlab_study_run_model_follows (study, study->models->pdata[m]))
      model = study->models->pdata[m];
  model_rate = model != NULL && model->curve != NULL ? model->curve->saturation_rate : NAN;

  /* Without the simulation's own estimate, its lowest load not carried. */
  if (!isfinite (sim_rate) && simulated_saturation (points, &lower, &upper) && isfinite (upper))
    sim_rate = upper;
  model_text = model != NULL ? guess_error (guess, model_rate) : g_strdup (_("none"));
  sim_text = guess_error (guess, sim_rate);
  plot->marker = guess;
  g_free (plot->title);
  /* Translators: the guessed saturation load, the network it is for ("8×8 torus,
   * bi-directional"), then the model's and the simulation's saturation loads */
  plot->title = g_strdup_printf (_("Guess %.3g for the %s · model %s · simulation %s"), guess,
                                 network, model_text, points != NULL ? sim_text : _("not run"));
}
