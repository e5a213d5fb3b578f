/* flitlab-study-editor.c: the parameters of one study, as preference rows
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every field is checked when it is applied (Enter or the row's apply button): a value the
 * study cannot take is explained under its group and nothing changes; a valid one becomes an
 * edited copy of the study for the document, which keeps it with its undo step and tells
 * everyone who shows the study, the editor too. Choices that
 * depend on others (routings of a family, models that describe the network) are offered only
 * where they are valid.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "flitlab-document.h"
#include "flitlab-input.h"
#include "flitlab-limits.h"
#include "flitlab-model.h"
#include "flitlab-study-run.h"
#include "flitlab-sim.h"
#include "flitlab-study-editor-private.h"
#include "flitlab-topology.h"
#include "flitlab-ui-text.h"


G_DEFINE_FINAL_TYPE (FlitlabStudyEditor, flitlab_study_editor, GTK_TYPE_BOX)

enum {
  SIGNAL_NOTE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The families in the order of the topology row, with their spec prefix and a default size. */
static const struct
{
  const char *prefix;
  const char *size;
} families[] = {
  { "torus", "8x8" },
  { "mesh", "8x8" },
  { "hypercube", "6" },
  { "necklace", "3,4" },
  { "file", NULL },   /* its file is chosen (flitlab-study-editor-network.c) */
};

G_STATIC_ASSERT (G_N_ELEMENTS (families) == FLITLAB_TOPOLOGY_FILE + 1);

/* The routings of a family (families[] is in FlitlabTopologyFamily order), the default first;
 * returns their count. */
static guint
routings_of (guint           family,
             FlitlabRouting *routings)
{
  guint n = 0;

  for (guint r = 0; r < FLITLAB_ROUTING_N; r++)
    if (flitlab_routing_fits (r, (FlitlabTopologyFamily) family))
      routings[n++] = r;
  return n;
}

/* ---- the study's topology spec, split into the rows' parts --------------------------- */

static guint
spec_family (const char *spec)
{
  for (guint f = 0; f < G_N_ELEMENTS (families); f++)
    if (g_str_has_prefix (spec, families[f].prefix) && spec[strlen (families[f].prefix)] == ':')
      return f;
  return 0;
}

/* The part after the family: "8x8" of "torus:8x8:bi", "3:4,4,2,…" of an irregular necklace. */
static char *
spec_size (const char *spec)
{
  const char *size = strchr (spec, ':');
  g_auto(GStrv) parts = NULL;

  if (size == NULL)
    return g_strdup ("");
  if (spec_family (spec) != 0)
    return g_strdup (size + 1);
  parts = g_strsplit (size + 1, ":", 2);
  return g_strdup (parts[0] != NULL ? parts[0] : "");
}

static gboolean
spec_unidirectional (const char *spec)
{
  return spec_family (spec) == 0 && g_str_has_suffix (spec, ":uni");
}

static char *
make_spec (guint       family,
           const char *size,
           gboolean    unidirectional)
{
  if (family == 0)
    return g_strdup_printf ("torus:%s:%s", size, unidirectional ? "uni" : "bi");
  return g_strdup_printf ("%s:%s", families[family].prefix, size);
}

/* ---- showing ----------------------------------------------------------------------- */

static void
set_entry (AdwEntryRow *row,
           const char  *text)
{
  /* Setting the same text again would show the apply button again. */
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (row)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (row), text);
  gtk_widget_remove_css_class (GTK_WIDGET (row), "error");
}

static void
set_entry_printf (AdwEntryRow *row,
                  const char  *format,
                  ...) G_GNUC_PRINTF (2, 3);

static void
set_entry_printf (AdwEntryRow *row,
                  const char  *format,
                  ...)
{
  g_autofree char *text = NULL;
  va_list args;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  set_entry (row, text);
}

/* Every digit, so that applying the row unchanged keeps the value ("%g" kept six). */
static void
set_entry_number (AdwEntryRow *row,
                  double       value)
{
  g_autofree char *text = flitlab_input_format_number (value);

  set_entry (row, text);
}

void
flitlab_study_editor_show_message (GtkLabel   *label,
                                   const char *message)
{
  gtk_label_set_text (label, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (label), message != NULL);
}

static char *
params_text (GHashTable *params)
{
  g_autoptr(GList) keys = g_list_sort (g_hash_table_get_keys (params), (GCompareFunc) g_strcmp0);
  GString *text = g_string_new (NULL);

  for (GList *k = keys; k != NULL; k = k->next)
    {
      g_autofree char *value =
        flitlab_study_run_param_shown (k->data, g_hash_table_lookup (params, k->data));

      if (value != NULL)
        g_string_append_printf (text, "%s%s = %s", text->len > 0 ? ", " : "",
                                (char *) k->data, value);
    }
  return g_string_free (text, FALSE);
}

static void
show_models (FlitlabStudyEditor *self)
{
  const FlitlabModelInfo * const *infos = flitlab_model_list ();

  for (guint m = 0; infos[m] != NULL; m++)
    {
      AdwActionRow *row = self->model_rows->pdata[m];
      GtkSwitch *toggle = self->model_switches->pdata[m];
      FlitlabStudyModel *present = flitlab_study_find_model (self->study, infos[m]->id);
      g_autoptr(GHashTable) params =
        g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      g_autoptr(GError) error = NULL;
      g_autofree char *subtitle = NULL, *text = NULL;
      gboolean fits = flitlab_study_get_topology (self->study, NULL) != NULL &&
                      flitlab_study_run_fit_model (self->study, infos[m]->id, params, &error);

      if (present != NULL && !flitlab_study_run_model_follows (self->study, present))
        {
          text = params_text (present->params);
          /* Translators: a model kept in the study for comparison; %s are its parameters */
          subtitle = g_strdup_printf (_("Another network, compared: %s"), text);
        }
      else if (fits)
        {
          g_autoptr(GHashTable) shown = present != NULL ? g_hash_table_ref (present->params)
                                                        : g_hash_table_ref (params);

          text = params_text (shown);
          if (present != NULL && present->curve != NULL && present->curve->saturation_rate > 0 &&
              infos[m]->capacity)
            /* Translators: a model's parameters, then its capacity (an asymptotic throughput) */
            subtitle = g_strdup_printf (_("%s; capacity %.4g messages/cycle/node"), text,
                                        present->curve->saturation_rate);
          else if (present != NULL && present->curve != NULL && present->curve->saturation_rate > 0)
            /* Translators: a model's parameters, then its saturation load */
            subtitle = g_strdup_printf (_("%s; saturates at %.4g messages/cycle/node"), text,
                                        present->curve->saturation_rate);
          else
            subtitle = g_strdup (text);
        }
      else
        subtitle = g_strdup (error != NULL ? error->message : "");
      adw_action_row_set_subtitle (row, subtitle);
      gtk_switch_set_active (toggle, present != NULL);
      gtk_widget_set_sensitive (GTK_WIDGET (toggle), present != NULL || fits);
    }
}

/* The routing row lists the family's routings. Its list is replaced only when the family
 * changes: replacing it while the row reports a choice (this very edit coming back from the
 * document) sends GTK 4.8's list view round in a loop for good. */
static void
show_routings (FlitlabStudyEditor *self,
               guint               family)
{
  if (self->routings_family != (int) family)
    {
      g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);

      self->routings_family = family;
      self->n_routings = routings_of (family, self->routings);
      for (guint i = 0; i < self->n_routings; i++)
        gtk_string_list_append (labels, flitlab_ui_routing_label (self->routings[i]));
      adw_combo_row_set_model (self->routing_row, G_LIST_MODEL (labels));
    }
  for (guint i = 0; i < self->n_routings; i++)
    if (self->routings[i] == self->study->routing)
      adw_combo_row_set_selected (self->routing_row, i);
}

static const char *
size_title (guint family)
{
  switch (family)
    {
    case 2:
      return _("Dimensions n (2ⁿ nodes)");
    case 3:
      return _("Base dimensions n and necklace size k, as n,k");
    default:
      return _("Nodes per dimension, as 8x8 or 16x16x16");
    }
}

static void
show_network (FlitlabStudyEditor *self)
{
  const FlitlabStudy *study = self->study;
  guint family = spec_family (study->topology);
  g_autofree char *size = spec_size (study->topology);
  g_autoptr(GError) topology_error = NULL;
  const FlitlabTopology *topology = flitlab_study_get_topology (study, &topology_error);

  adw_combo_row_set_selected (self->family_row, family);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->size_row), size_title (family));
  set_entry (self->size_row, size);
  /* A file's network has no size to type: the summary says what it is. */
  gtk_widget_set_visible (GTK_WIDGET (self->size_row), family != FLITLAB_TOPOLOGY_FILE);
  adw_combo_row_set_selected (self->links_row, spec_unidirectional (study->topology) ? 1 : 0);
  gtk_widget_set_visible (GTK_WIDGET (self->links_row), family == 0);
  show_routings (self, family);
  adw_combo_row_set_selected (self->ties_row, study->ties);
  gtk_widget_set_visible (GTK_WIDGET (self->ties_row),
                          family == 0 && !spec_unidirectional (study->topology));
  if (topology != NULL)
    {
      g_autofree char *summary = NULL;

      /* Translators: nodes, directed links between routers (as the textbook panel counts
       * them, without injection and ejection channels), mean and largest distance in hops */
      summary = g_strdup_printf (_("%u nodes, %u network channels; %.3f hops on average, "
                                   "at most %u"),
                                 flitlab_topology_get_n_nodes (topology),
                                 flitlab_topology_get_n_network_channels (topology),
                                 flitlab_topology_mean_distance (topology),
                                 flitlab_topology_diameter (topology));
      adw_action_row_set_subtitle (self->summary_row, summary);
    }
  else
    adw_action_row_set_subtitle (self->summary_row, topology_error->message);
  flitlab_study_editor_show_message (self->network_error, NULL);
}

static void
show_traffic_and_load (FlitlabStudyEditor *self)
{
  const FlitlabStudy *study = self->study;
  g_autofree char *unit = NULL;
  /* A trace's messages are as long as it records. */
  double flits_per_message = study->pattern == FLITLAB_TRAFFIC_TRACE && study->trace != NULL
                             ? study->trace->flits : study->flits;

  /* The pattern and length rows list their enums in order. */
  adw_combo_row_set_selected (self->pattern_row, study->pattern);
  set_entry_number (self->hotspot_row, study->hotspot_fraction);
  gtk_widget_set_visible (GTK_WIDGET (self->hotspot_row),
                          study->pattern == FLITLAB_TRAFFIC_HOTSPOT);
  flitlab_study_editor_show_matrix (self);
  flitlab_study_editor_show_trace (self);
  adw_combo_row_set_selected (self->length_row, study->length);
  set_entry_number (self->flits_row, study->flits);
  set_entry_printf (self->flit_width_row, "%u", study->flit_width);
  flitlab_study_editor_show_message (self->traffic_error, NULL);

  set_entry_number (self->rate_min_row, study->rate_min);
  set_entry_number (self->rate_max_row, study->rate_max);
  set_entry_printf (self->n_rates_row, "%u", study->n_rates);
  /* Translators: the load unit; %g are the top load, then in flits and bits per cycle per node */
  unit = g_strdup_printf (_("Messages per cycle per node. The top load, %g, is %.4g flits or %.4g "
                            "bits per cycle per node."),
                          study->rate_max, study->rate_max * flits_per_message,
                          study->rate_max * flits_per_message * study->flit_width);
  adw_action_row_set_subtitle (self->unit_row, unit);
  flitlab_study_editor_show_message (self->load_error, NULL);
}

static void
show_simulation (FlitlabStudyEditor *self)
{
  const FlitlabStudySimulation *sim = &self->study->simulation;
  gboolean backtrack = self->study->routing == FLITLAB_ROUTING_BACKTRACK;
  g_autoptr(GError) error = NULL;
  g_autofree char *subtitle = NULL;

  adw_expander_row_set_enable_expansion (self->simulation_row, sim->enabled);
  if (!sim->enabled)
    subtitle = g_strdup (_("Off"));
  else if (sim->points != NULL)
    /* Translators: %u is a number of loads */
    subtitle = g_strdup_printf (ngettext ("%u load simulated", "%u loads simulated",
                                          sim->points->n_rows), sim->points->n_rows);
  else
    subtitle = g_strdup (_("Not run yet"));
  adw_expander_row_set_subtitle (self->simulation_row, subtitle);
  set_entry_printf (self->vcs_row, "%u", sim->vcs);
  gtk_switch_set_active (self->deadlock_switch, sim->allow_deadlock);
  set_entry_printf (self->buffer_row, "%u", sim->buffer);
  set_entry_printf (self->node_buffers_row, "%u", sim->node_buffers);
  set_entry_printf (self->replications_row, "%u", sim->replications);
  set_entry_printf (self->cycles_row, "%" G_GUINT64_FORMAT, sim->cycles);
  set_entry_printf (self->warmup_row, "%" G_GUINT64_FORMAT, sim->warmup);
  set_entry_printf (self->seed_row, "%" G_GUINT64_FORMAT, sim->seed);
  gtk_widget_set_visible (GTK_WIDGET (self->vcs_row), !backtrack);
  gtk_widget_set_visible (GTK_WIDGET (self->deadlock_row), !backtrack);
  gtk_widget_set_visible (GTK_WIDGET (self->buffer_row), !backtrack);
  gtk_widget_set_visible (GTK_WIDGET (self->node_buffers_row), backtrack);
  /* A simulation that cannot run says why here, before anyone presses Run. */
  if (sim->enabled && !flitlab_study_run_check_simulation (self->study, &error))
    flitlab_study_editor_show_message (self->simulation_error, error->message);
  else
    flitlab_study_editor_show_message (self->simulation_error, NULL);
}

void
flitlab_study_editor_refresh (FlitlabStudyEditor *self)
{
  const FlitlabStudy *study = self->document != NULL
                              ? flitlab_document_get_study (self->document, self->index) : NULL;

  self->study = study;
  gtk_widget_set_visible (GTK_WIDGET (self), study != NULL);
  if (study == NULL)
    return;
  self->updating = TRUE;
  set_entry (self->name_row, study->name);
  flitlab_study_editor_show_message (self->name_error, NULL);
  show_network (self);
  show_traffic_and_load (self);
  show_models (self);
  show_simulation (self);
  self->updating = FALSE;
}

static void
on_study_changed (FlitlabStudyEditor *self,
                  guint               index)
{
  if ((int) index == self->index)
    flitlab_study_editor_refresh (self);
}

void
flitlab_study_editor_show (FlitlabStudyEditor *self,
                           FlitlabDocument    *document,
                           int                 index)
{
  g_return_if_fail (FLITLAB_IS_STUDY_EDITOR (self));

  /* A file read for the study shown before (or a document closed) is not wanted now. */
  if (document != self->document || index != self->index)
    flitlab_study_editor_cancel_reading (self);
  g_set_object (&self->document, document);
  g_signal_group_set_target (self->document_signals, document);
  self->index = index;
  flitlab_study_editor_refresh (self);
}

/* ---- editing ----------------------------------------------------------------------- */

/* Refits every model that described the study before the edit; one that no longer does is
 * removed and named in note. Models of another network, kept for comparison, stay as they are. */
static void
refit_models (FlitlabStudyEditor *self,
              FlitlabStudy       *edited,
              GString            *note)
{
  for (guint m = edited->models->len; m-- > 0;)
    {
      FlitlabStudyModel *model = edited->models->pdata[m];
      const FlitlabModelInfo *info;
      g_autoptr(GError) error = NULL;

      /* Only a model that follows the study (its parameters are the ones the study gives) is
       * refitted; another instance of it, for a comparison, keeps its own. */
      if (!flitlab_study_run_model_follows (self->study, model))
        continue;
      if (flitlab_study_run_fit_model (edited, model->id, model->params, &error))
        continue;
      /* Named as the list of models names it: a person does not know the id. */
      info = flitlab_model_lookup (model->id);
      /* Translators: a model taken out of a study; %s: the model's title, then why */
      g_string_append_printf (note, _("%s removed: %s. "),
                              info != NULL ? _(info->title) : model->id,
                              error->message);

      g_ptr_array_remove_index (edited->models, m);
    }
}

/* A paper's points describe the network they were measured on: an edit to another network
 * takes them out (the note says so, and Undo brings them back); the notes stay, marked as
 * written for the network before (flitlab_study_follow_network()). */
static void
drop_other_networks_data (FlitlabStudyEditor *self,
                          FlitlabStudy       *edited,
                          GString            *note)
{
  guint n = edited->references->len;

  flitlab_study_follow_network (edited, self->study);
  if (n == 0 || g_str_equal (edited->topology, self->study->topology))
    return;
  /* Translators: a paper's results, measured on the network the study had before the edit */
  g_string_append (note, _("The paper's points removed (another network). "));
  g_ptr_array_set_size (edited->references, 0);
}

/* An edit that changes what was simulated drops the simulation's points: say so. */
static void
say_results_dropped (const FlitlabStudy *study,
                     GString            *note)
{
  guint n = study->simulation.points != NULL ? study->simulation.points->n_rows : 0;

  if (n > 0)
    g_string_append_printf (note,
                            /* Translators: %u simulated loads, run with the settings before */
                            ngettext ("%u simulated load discarded. ",
                                      "%u simulated loads discarded. ", n), n);
}

/* Hands an edited copy to the document, or explains why it cannot be. keep_results: the edit
 * changes nothing the results depend on (the name). */
void
flitlab_study_editor_commit (FlitlabStudyEditor *self,
                             FlitlabStudy       *edited,
                             GtkWidget          *row,
                             GtkLabel           *error_label,
                             gboolean            keep_results)
{
  g_autoptr(GString) note = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  if (flitlab_study_get_topology (edited, &error) != NULL)
    flitlab_study_check_fields (edited, &error);
  if (error != NULL)
    {
      /* A choice (a combo row) that cannot be taken goes back to the study's; a typed value
       * stays, marked, for correcting. */
      if (row == NULL)
        flitlab_study_editor_refresh (self);
      flitlab_study_editor_show_message (error_label, error->message);
      if (row != NULL)
        gtk_widget_add_css_class (row, "error");
      flitlab_study_free (edited);
      return;
    }
  if (row != NULL)
    gtk_widget_remove_css_class (row, "error");
  flitlab_study_editor_show_message (error_label, NULL);

  /* Nothing changed (a value typed again): no edit, and nothing to say. */
  if (flitlab_study_same_settings (self->study, edited))
    {
      flitlab_study_free (edited);
      return;
    }
  refit_models (self, edited, note);
  drop_other_networks_data (self, edited, note);
  if (!keep_results)
    {
      say_results_dropped (self->study, note);
      flitlab_study_clear_results (edited);
    }
  /* A curve that cannot be evaluated keeps the edit; the note says why. */
  if (!flitlab_document_edit_study (self->document, self->index, edited, &error))
    g_string_append (note, error->message);
  if (note->len > 0)
    g_signal_emit (self, signals[SIGNAL_NOTE], 0, note->str);
}

/* A refused value: the row turns red and the label says why. */
static void
refuse (GtkWidget  *row,
        GtkLabel   *label,
        const char *message)
{
  gtk_widget_add_css_class (row, "error");
  flitlab_study_editor_show_message (label, message);
}


static gboolean
parse_uint64 (const char *text,
              guint64     max,
              guint64    *out)
{
  return g_ascii_string_to_unsigned (text, 10, 0, max, out, NULL);
}

static GtkLabel *
error_label_of (FlitlabStudyEditor *self,
                AdwEntryRow        *row)
{
  if (row == self->size_row)
    return self->network_error;
  if (row == self->hotspot_row || row == self->flits_row || row == self->flit_width_row)
    return self->traffic_error;
  if (row == self->rate_min_row || row == self->rate_max_row || row == self->n_rates_row)
    return self->load_error;
  if (row == self->name_row)
    return self->name_error;
  return self->simulation_error;
}

static void
on_entry_apply (FlitlabStudyEditor *self,
                AdwEntryRow        *row)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (row))));
  GtkLabel *label = error_label_of (self, row);
  FlitlabStudy *edited;
  FlitlabStudySimulation *sim;
  g_autoptr(GError) refused = NULL;
  gboolean ok = TRUE;

  if (self->updating || self->study == NULL)
    return;

  if (row == self->name_row)
    {
      if (*text == '\0')
        {
          refuse (GTK_WIDGET (row), label, _("A study needs a name."));
          return;
        }
      if (!g_str_equal (text, self->study->name) &&
          flitlab_project_find_study (flitlab_document_get_project (self->document), text) != NULL)
        {
          refuse (GTK_WIDGET (row), label,
                  _("Another study has this name: the command line finds studies by name."));
          return;
        }
    }

  edited = flitlab_study_copy (self->study);
  sim = &edited->simulation;
  if (row == self->name_row)
    {
      g_free (edited->name);
      edited->name = g_steal_pointer (&text);
      flitlab_study_editor_commit (self, edited, GTK_WIDGET (row), label, TRUE);
      return;
    }
  /* Each value by its one check (flitlab-limits.h): a project file and flitlab-cli accept and
   * refuse the same values with the same words. */
  if (row == self->size_row)
    {
      g_autofree char *spec = make_spec (spec_family (self->study->topology), text,
                                         spec_unidirectional (self->study->topology));

      /* A spec that cannot be built is kept for commit() to refuse with its reason. */
      flitlab_study_set_topology (edited, spec, NULL);
    }
  else if (row == self->hotspot_row)
    ok = flitlab_limits_parse_hotspot_fraction (text, &edited->hotspot_fraction, &refused);
  else if (row == self->flits_row)
    ok = flitlab_limits_parse_flits (text, edited->length == FLITLAB_LENGTH_FIXED,
                                     &edited->flits, &refused);
  else if (row == self->flit_width_row)
    ok = flitlab_limits_parse_flit_width (text, &edited->flit_width, &refused);
  else if (row == self->rate_min_row)
    ok = flitlab_limits_parse_load (text, &edited->rate_min, &refused);
  else if (row == self->rate_max_row)
    ok = flitlab_limits_parse_load (text, &edited->rate_max, &refused);
  else if (row == self->n_rates_row)
    ok = flitlab_limits_parse_n_rates (text, &edited->n_rates, &refused);
  else if (row == self->vcs_row)
    ok = flitlab_limits_parse_vcs (text, &sim->vcs, &refused);
  else if (row == self->buffer_row)
    ok = flitlab_limits_parse_buffer (text, &sim->buffer, &refused);
  else if (row == self->node_buffers_row)
    ok = flitlab_limits_parse_node_buffers (text, &sim->node_buffers, &refused);
  else if (row == self->replications_row)
    ok = flitlab_limits_parse_replications (text, &sim->replications, &refused);
  else if (row == self->cycles_row)
    ok = flitlab_limits_parse_cycles (text, &sim->cycles, &refused);
  else if (row == self->warmup_row)
    ok = flitlab_limits_parse_warmup (text, &sim->warmup, &refused);
  else if (row == self->seed_row && !parse_uint64 (text, G_MAXUINT64, &sim->seed))
    {
      /* Translators: %s is what was typed where a whole number belongs */
      g_autofree char *message = g_strdup_printf (_("“%s” is not a whole number."), text);

      refuse (GTK_WIDGET (row), label, message);
      flitlab_study_free (edited);
      return;
    }
  if (!ok)
    {
      refuse (GTK_WIDGET (row), label, refused->message);
      flitlab_study_free (edited);
      return;
    }
  flitlab_study_editor_commit (self, edited, GTK_WIDGET (row), label, FALSE);
}

static void
on_combo_selected (FlitlabStudyEditor *self,
                   GParamSpec         *pspec,
                   AdwComboRow        *row)
{
  guint selected = adw_combo_row_get_selected (row);
  FlitlabStudy *edited;
  g_autofree char *size = NULL, *spec = NULL;

  if (self->updating || self->study == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  /* Another pattern chosen: a file being read for the traffic is not wanted now. */
  if (row == self->pattern_row)
    flitlab_study_editor_cancel_reading (self);
  edited = flitlab_study_copy (self->study);
  size = spec_size (self->study->topology);
  if (row == self->family_row)
    {
      guint old = spec_family (self->study->topology);
      FlitlabRouting routings[FLITLAB_ROUTING_N];

      if (selected == old && selected != FLITLAB_TOPOLOGY_FILE)
        {
          flitlab_study_free (edited);
          return;
        }
      /* A network from a file needs its file first: the row stays as it is until one is
       * read (chosen again, another file). */
      if (selected == FLITLAB_TOPOLOGY_FILE)
        {
          flitlab_study_free (edited);
          flitlab_study_editor_choose_network (self);
          return;
        }
      /* Tori and meshes share their radices; other families start from a small network. */
      spec = make_spec (selected, selected <= 1 && old <= 1 ? size : families[selected].size,
                        FALSE);
      flitlab_study_set_topology (edited, spec, NULL);
      if (!flitlab_routing_fits (edited->routing, (FlitlabTopologyFamily) selected))
        {
          routings_of (selected, routings);
          edited->routing = routings[0];
        }
    }
  else if (row == self->links_row)
    {
      spec = make_spec (0, size, selected == 1);
      flitlab_study_set_topology (edited, spec, NULL);
    }
  /* The other rows list their values in the order of self->routings or of their enums. */
  else if (row == self->routing_row && selected < self->n_routings)
    edited->routing = self->routings[selected];
  else if (row == self->ties_row)
    edited->ties = selected;
  else if (row == self->pattern_row && selected == FLITLAB_TRAFFIC_MATRIX &&
           flitlab_study_get_matrix (self->study, NULL) == NULL)
    {
      /* A matrix needs its file first: the row stays as it is until one is read. */
      flitlab_study_free (edited);
      flitlab_study_editor_choose_matrix (self);
      return;
    }
  else if (row == self->pattern_row && selected == FLITLAB_TRAFFIC_TRACE &&
           flitlab_study_get_trace (self->study, NULL) == NULL)
    {
      /* Likewise a trace. */
      flitlab_study_free (edited);
      flitlab_study_editor_choose_trace (self);
      return;
    }
  else if (row == self->pattern_row)
    edited->pattern = selected;
  else if (row == self->length_row)
    edited->length = selected;
  /* The study's own choice is no edit. A refused choice puts the row back to it, which GTK
   * reports after the refusal: committing that would clear the refusal's explanation. */
  if (flitlab_study_same_settings (edited, self->study))
    {
      flitlab_study_free (edited);
      return;
    }
  flitlab_study_editor_commit (self, edited, NULL, self->network_error, FALSE);
}

static void
on_simulation_enabled (FlitlabStudyEditor *self)
{
  FlitlabStudy *edited;

  if (self->updating || self->study == NULL ||
      adw_expander_row_get_enable_expansion (self->simulation_row) ==
      self->study->simulation.enabled)
    return;
  edited = flitlab_study_copy (self->study);
  edited->simulation.enabled = adw_expander_row_get_enable_expansion (self->simulation_row);
  /* Turning the simulation on or off keeps any points it has. */
  flitlab_study_editor_commit (self, edited, NULL, self->simulation_error, TRUE);
}

static void
on_deadlock_switch (FlitlabStudyEditor *self)
{
  FlitlabStudy *edited;

  if (self->updating || self->study == NULL ||
      gtk_switch_get_active (self->deadlock_switch) == self->study->simulation.allow_deadlock)
    return;
  edited = flitlab_study_copy (self->study);
  edited->simulation.allow_deadlock = gtk_switch_get_active (self->deadlock_switch);
  flitlab_study_editor_commit (self, edited, NULL, self->simulation_error, FALSE);
}

static void
on_model_switch (FlitlabStudyEditor *self,
                 GParamSpec         *pspec,
                 GtkSwitch          *toggle)
{
  const char *id;
  FlitlabStudy *edited;
  gboolean on = gtk_switch_get_active (toggle);
  guint position;

  if (self->updating || self->study == NULL)
    return;
  /* The switches follow the registered models' order. */
  if (!g_ptr_array_find (self->model_switches, toggle, &position))
    g_assert_not_reached ();
  id = flitlab_model_list ()[position]->id;
  if (on == (flitlab_study_find_model (self->study, id) != NULL))
    return;
  edited = flitlab_study_copy (self->study);
  if (on)
    {
      FlitlabStudyModel *model = flitlab_study_add_model (edited, id);

      flitlab_study_run_fit_model (edited, id, model->params, NULL);
    }
  else
    for (guint m = edited->models->len; m-- > 0;)
      if (g_str_equal (((FlitlabStudyModel *) edited->models->pdata[m])->id, id))
        g_ptr_array_remove_index (edited->models, m);
  flitlab_study_editor_commit (self, edited, NULL, self->network_error, TRUE);
}

/* ---- GObject ----------------------------------------------------------------------- */

static void
add_model_rows (FlitlabStudyEditor *self)
{
  const FlitlabModelInfo * const *infos = flitlab_model_list ();

  for (guint m = 0; infos[m] != NULL; m++)
    {
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *toggle = gtk_switch_new ();

      /* Titles and reasons are plain text ("Horng & Kleinrock", "<j0>"). */
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(infos[m]->title));
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 3);
      gtk_widget_set_valign (toggle, GTK_ALIGN_CENTER);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), toggle);
      adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), toggle);
      g_signal_connect_object (toggle, "notify::active", G_CALLBACK (on_model_switch), self,
                               G_CONNECT_SWAPPED);
      adw_preferences_group_add (self->models_group, row);
      g_ptr_array_add (self->model_rows, row);
      g_ptr_array_add (self->model_switches, toggle);
    }
}

static void
flitlab_study_editor_dispose (GObject *object)
{
  FlitlabStudyEditor *self = FLITLAB_STUDY_EDITOR (object);

  self->study = NULL;
  self->updating = TRUE;
  flitlab_study_editor_cancel_reading (self);
  g_signal_group_set_target (self->document_signals, NULL);
  g_clear_object (&self->document);
  self->study = NULL;
  gtk_widget_dispose_template (GTK_WIDGET (self), FLITLAB_TYPE_STUDY_EDITOR);
  G_OBJECT_CLASS (flitlab_study_editor_parent_class)->dispose (object);
}

static void
flitlab_study_editor_finalize (GObject *object)
{
  FlitlabStudyEditor *self = FLITLAB_STUDY_EDITOR (object);

  g_ptr_array_unref (self->model_rows);
  g_ptr_array_unref (self->model_switches);
  g_object_unref (self->document_signals);
  G_OBJECT_CLASS (flitlab_study_editor_parent_class)->finalize (object);
}

static void
flitlab_study_editor_class_init (FlitlabStudyEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = flitlab_study_editor_dispose;
  object_class->finalize = flitlab_study_editor_finalize;

  signals[SIGNAL_NOTE] =
    g_signal_new ("note", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/flitlab/Flitlab/ui/"
                                               "flitlab-study-editor.ui");
#define CHILD(name) gtk_widget_class_bind_template_child (widget_class, FlitlabStudyEditor, name)
  CHILD (buffer_row);
  CHILD (cycles_row);
  CHILD (family_row);
  CHILD (flit_width_row);
  CHILD (flits_row);
  CHILD (hotspot_row);
  CHILD (length_row);
  CHILD (links_row);
  CHILD (load_error);
  CHILD (models_group);
  CHILD (n_rates_row);
  CHILD (name_row);
  CHILD (name_error);
  CHILD (network_error);
  CHILD (node_buffers_row);
  CHILD (pattern_row);
  CHILD (matrix_row);
  gtk_widget_class_bind_template_callback (widget_class,
                                           flitlab_study_editor_on_matrix_button);
  CHILD (trace_row);
  gtk_widget_class_bind_template_callback (widget_class,
                                           flitlab_study_editor_on_trace_button);
  CHILD (rate_max_row);
  CHILD (rate_min_row);
  CHILD (reading_bar);
  CHILD (reading_row);
  gtk_widget_class_bind_template_callback (widget_class,
                                           flitlab_study_editor_on_reading_cancel);
  CHILD (replications_row);
  CHILD (routing_row);
  CHILD (seed_row);
  CHILD (ties_row);
  CHILD (simulation_error);
  CHILD (simulation_row);
  CHILD (size_row);
  CHILD (summary_row);
  CHILD (traffic_error);
  CHILD (unit_row);
  CHILD (vcs_row);
  CHILD (deadlock_row);
  CHILD (deadlock_switch);
  CHILD (warmup_row);
#undef CHILD
}

static void
flitlab_study_editor_init (FlitlabStudyEditor *self)
{
  g_autoptr(GtkStringList) patterns = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) lengths = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  self->model_rows = g_ptr_array_new ();
  self->model_switches = g_ptr_array_new ();
  self->index = -1;
  self->routings_family = -1;
  self->updating = TRUE;
  self->document_signals = g_signal_group_new (FLITLAB_TYPE_DOCUMENT);
  g_signal_group_connect_swapped (self->document_signals, "study-changed",
                                  G_CALLBACK (on_study_changed), self);

  {
    AdwEntryRow *rows[] = {
      self->name_row, self->size_row, self->hotspot_row, self->flits_row, self->flit_width_row,
      self->rate_min_row, self->rate_max_row, self->n_rates_row, self->vcs_row, self->buffer_row,
      self->node_buffers_row, self->replications_row, self->cycles_row, self->warmup_row,
      self->seed_row,
    };

    for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
      g_signal_connect_object (rows[i], "apply", G_CALLBACK (on_entry_apply), self,
                               G_CONNECT_SWAPPED);
  }
  for (guint i = 0; i <= FLITLAB_TRAFFIC_TRACE; i++)
    gtk_string_list_append (patterns, flitlab_ui_pattern_label (i));
  adw_combo_row_set_model (self->pattern_row, G_LIST_MODEL (patterns));
  for (guint i = 0; i <= FLITLAB_LENGTH_EXPONENTIAL; i++)
    gtk_string_list_append (lengths, flitlab_ui_length_label (i));
  adw_combo_row_set_model (self->length_row, G_LIST_MODEL (lengths));
  {
    AdwComboRow *combos[] = {
      self->family_row, self->links_row, self->routing_row, self->ties_row, self->pattern_row,
      self->length_row,
    };

    for (guint i = 0; i < G_N_ELEMENTS (combos); i++)
      g_signal_connect_object (combos[i], "notify::selected", G_CALLBACK (on_combo_selected), self,
                               G_CONNECT_SWAPPED);
  }
  g_signal_connect_object (self->simulation_row, "notify::enable-expansion",
                           G_CALLBACK (on_simulation_enabled), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->deadlock_switch, "notify::active",
                           G_CALLBACK (on_deadlock_switch), self, G_CONNECT_SWAPPED);
  add_model_rows (self);
  self->updating = FALSE;
}
