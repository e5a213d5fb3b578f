/* flitlab-sweep-dialog.c: New Sweep: a study repeated over values of some of its settings
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "flitlab-grid.h"
#include "flitlab-input.h"
#include "flitlab-study-run.h"
#include "flitlab-sweep-dialog.h"
#include "flitlab-ui-text.h"

/* A range gives at most this many values: more is a typing slip, not a sweep. */
#define MAX_RANGE_VALUES 1000

/* The settings a sweep varies, in the menu's order: the editor's fields, by their grid keys
 * (flitlab-grid.h) and their titles in the editor. */
static const struct
{
  const char *key;
  const char *title;
} offered[] = {
  { "topology", N_("Size") },
  { "routing", N_("Routing") },
  { "vcs", N_("Virtual channels") },
  { "buffer", N_("Flit buffer depth") },
  { "flits", N_("Flits per message (mean)") },
  { "length", N_("Message length") },
  { "pattern", N_("Destinations") },
  { "hotspot", N_("Share of messages to the hotspot") },
};

/* The row a new dialog starts with: the setting most often swept. */
#define VCS_SETTING 2

typedef struct
{
  FlitlabSweepDialog *dialog;
  GtkWidget          *row;
  GtkDropDown        *setting;
  GtkWidget          *values;  /* the entry, or the box of check buttons */
  GtkEntry           *entry;   /* typed values; NULL for a choice */
  GPtrArray          *checks;  /* GtkCheckButton*, each with its value's word as "word" */
} SweepRow;

struct _FlitlabSweepDialog
{
  GtkWindow     parent_instance;

  FlitlabStudy *study;
  GtkListBox   *rows_list;
  GPtrArray    *rows;        /* SweepRow*, owned */
  GtkLabel     *summary;
  GtkWidget    *create_button;
  GPtrArray    *studies;     /* what Create would make, or NULL */
  guint         update_id;
};

G_DEFINE_FINAL_TYPE (FlitlabSweepDialog, flitlab_sweep_dialog, GTK_TYPE_WINDOW)

enum
{
  CREATE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void schedule_update (FlitlabSweepDialog *self);

/* ---- the study's size in its topology spec --------------------------------------- */

/* spec with its size (the part after the family) replaced: "torus:8x8:bi" to "torus:4x4:bi". */
static char *
spec_with_size (const char *spec,
                const char *size)
{
  g_auto(GStrv) parts = g_strsplit (spec, ":", -1);

  if (g_strv_length (parts) < 2)
    return NULL;
  g_free (parts[1]);
  parts[1] = g_strdup (size);
  return g_strjoinv (":", parts);
}

static char *
spec_size (const char *spec)
{
  g_auto(GStrv) parts = g_strsplit (spec, ":", -1);

  return g_strdup (g_strv_length (parts) >= 2 ? parts[1] : "");
}

/* ---- a row: one setting and its values --------------------------------------------- */

static void
sweep_row_free (gpointer data)
{
  SweepRow *row = data;

  g_clear_pointer (&row->checks, g_ptr_array_unref);
  g_free (row);
}

static const char *
row_key (SweepRow *row)
{
  return offered[gtk_drop_down_get_selected (row->setting)].key;
}

static void
add_check (SweepRow   *row,
           GtkBox     *box,
           const char *word,
           const char *label,
           const char *current)
{
  GtkWidget *check = gtk_check_button_new_with_label (label);

  g_object_set_data_full (G_OBJECT (check), "word", g_strdup (word), g_free);
  gtk_check_button_set_active (GTK_CHECK_BUTTON (check), g_strcmp0 (word, current) == 0);
  g_signal_connect_swapped (check, "toggled", G_CALLBACK (schedule_update), row->dialog);
  gtk_box_append (box, check);
  g_ptr_array_add (row->checks, check);
}

/* The values part of the row for its setting, holding the study's value to start. */
static void
show_values (SweepRow *row)
{
  FlitlabSweepDialog *self = row->dialog;
  const char *key = row_key (row);
  g_autofree char *current = flitlab_grid_get (self->study, key);
  GtkWidget *parent = gtk_widget_get_parent (row->values);
  GtkBox *box;

  gtk_box_remove (GTK_BOX (parent), row->values);
  g_ptr_array_set_size (row->checks, 0);
  row->entry = NULL;
  if (g_str_equal (key, "routing") || g_str_equal (key, "pattern") ||
      g_str_equal (key, "length"))
    {
      box = GTK_BOX (gtk_box_new (GTK_ORIENTATION_VERTICAL, 0));
      row->values = GTK_WIDGET (box);
      if (g_str_equal (key, "routing"))
        {
          const FlitlabTopology *network = flitlab_study_get_topology (self->study, NULL);

          for (guint r = 0; r < FLITLAB_ROUTING_N; r++)
            if (network == NULL ||
                flitlab_routing_fits (r, flitlab_topology_get_family (network)))
              add_check (row, box, flitlab_routing_to_string (r), flitlab_ui_routing_label (r),
                         current);
        }
      else if (g_str_equal (key, "pattern"))
        /* Not a matrix: its file is chosen in the editor. */
        for (guint p = 0; p < FLITLAB_TRAFFIC_MATRIX; p++)
          add_check (row, box, flitlab_traffic_pattern_to_string (p),
                     flitlab_ui_pattern_label (p), current);
      else
        for (guint l = 0; l <= FLITLAB_LENGTH_EXPONENTIAL; l++)
          add_check (row, box, flitlab_length_to_string (l), flitlab_ui_length_label (l),
                     current);
    }
  else
    {
      g_autofree char *size = g_str_equal (key, "topology") ? spec_size (current) : NULL;

      row->entry = GTK_ENTRY (gtk_entry_new ());
      gtk_editable_set_text (GTK_EDITABLE (row->entry), size != NULL ? size : current);
      /* Translators: how to type a sweep's values; keep the .. and : of a range */
      gtk_entry_set_placeholder_text (row->entry, _("Values, as 2, 4, 8 or 2..8:2"));
      gtk_widget_set_tooltip_text (GTK_WIDGET (row->entry),
                                   _("Values separated by commas; FROM..TO:STEP gives a range "
                                     "(FROM..TO counts in ones)"));
      gtk_entry_set_activates_default (row->entry, TRUE);
      g_signal_connect_swapped (row->entry, "changed", G_CALLBACK (schedule_update), self);
      row->values = GTK_WIDGET (row->entry);
    }
  gtk_widget_set_hexpand (row->values, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->values), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _(offered[gtk_drop_down_get_selected (row->setting)].title),
                                  -1);
  gtk_box_insert_child_after (GTK_BOX (parent), row->values, GTK_WIDGET (row->setting));
  schedule_update (self);
}

static void
on_remove_row (GtkButton *button,
               SweepRow  *row)
{
  FlitlabSweepDialog *self = row->dialog;

  gtk_list_box_remove (self->rows_list, row->row);
  g_ptr_array_remove (self->rows, row);
  schedule_update (self);
}

static SweepRow *
add_row (FlitlabSweepDialog *self,
         guint               setting)
{
  SweepRow *row = g_new0 (SweepRow, 1);
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *remove = gtk_button_new_from_icon_name ("list-remove-symbolic");

  row->dialog = self;
  row->checks = g_ptr_array_new ();
  for (guint i = 0; i < G_N_ELEMENTS (offered); i++)
    gtk_string_list_append (titles, _(offered[i].title));
  row->setting = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_object_ref (titles)), NULL));
  gtk_drop_down_set_selected (row->setting, setting);
  gtk_widget_set_valign (GTK_WIDGET (row->setting), GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row->setting), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Setting"), -1);
  gtk_widget_set_tooltip_text (remove, _("Vary it no more"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Remove the Setting"), -1);
  gtk_widget_set_valign (remove, GTK_ALIGN_START);
  gtk_widget_add_css_class (remove, "flat");
  row->values = gtk_label_new (NULL);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 6);
  gtk_widget_set_margin_end (box, 6);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (row->setting));
  gtk_box_append (GTK_BOX (box), row->values);
  gtk_box_append (GTK_BOX (box), remove);
  gtk_list_box_append (self->rows_list, box);
  row->row = gtk_widget_get_parent (box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row->row), FALSE);
  g_ptr_array_add (self->rows, row);
  g_signal_connect (remove, "clicked", G_CALLBACK (on_remove_row), row);
  show_values (row);
  g_signal_connect_swapped (row->setting, "notify::selected", G_CALLBACK (show_values), row);
  return row;
}

/* The next setting no row varies yet (the first when all are). */
static guint
next_setting (FlitlabSweepDialog *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (offered); i++)
    {
      gboolean used = FALSE;

      for (guint r = 0; r < self->rows->len; r++)
        used |= gtk_drop_down_get_selected (((SweepRow *) self->rows->pdata[r])->setting) == i;
      if (!used)
        return i;
    }
  return 0;
}

static void
on_add_clicked (FlitlabSweepDialog *self)
{
  add_row (self, next_setting (self));
}

void
flitlab_sweep_dialog_add (FlitlabSweepDialog *self,
                          const char         *key,
                          const char         *values)
{
  SweepRow *row;

  g_return_if_fail (FLITLAB_IS_SWEEP_DIALOG (self));

  for (guint i = 0; i < G_N_ELEMENTS (offered); i++)
    if (g_str_equal (offered[i].key, key))
      {
        g_auto(GStrv) words = g_strsplit (values, ",", -1);

        row = add_row (self, i);
        if (row->entry != NULL)
          gtk_editable_set_text (GTK_EDITABLE (row->entry), values);
        for (guint c = 0; c < row->checks->len; c++)
          gtk_check_button_set_active (row->checks->pdata[c],
                                       g_strv_contains ((const char * const *) words,
                                                        g_object_get_data (row->checks->pdata[c],
                                                                           "word")));
        return;
      }
  g_return_if_reached ();
}

/* ---- values: lists and ranges -------------------------------------------------------- */

/* Appends the values of a range "FROM..TO" or "FROM..TO:STEP" to values. */
static gboolean
expand_range (const char  *token,
              const char  *dots,
              GPtrArray   *values,
              GError     **error)
{
  g_autofree char *from_text = g_strndup (token, dots - token);
  g_auto(GStrv) rest = g_strsplit (dots + 2, ":", 2);
  double from, to, step = 1;
  double count;

  if (!flitlab_input_parse_number (from_text, -1, &from) ||
      !flitlab_input_parse_number (rest[0], -1, &to) ||
      (rest[1] != NULL && !flitlab_input_parse_number (rest[1], -1, &step)) || step <= 0 ||
      to < from)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("“%s” is not a range: write FROM..TO or FROM..TO:STEP, FROM at most TO "
                     "and STEP above 0"), token);
      return FALSE;
    }
  /* A step that almost divides the span (0.1 in 0..0.5) reaches its end. */
  count = floor ((to - from) / step * (1 + 1e-9)) + 1;
  if (count > MAX_RANGE_VALUES)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("“%s” gives more than %d values"), token, MAX_RANGE_VALUES);
      return FALSE;
    }
  for (guint i = 0; i < (guint) count; i++)
    {
      /* Ten digits: 0.1 + 2 × 0.1 is 0.3, not 0.30000000000000004. */
      g_autofree char *rounded = g_strdup_printf ("%.10g", from + i * step);
      double value = g_ascii_strtod (rounded, NULL);

      g_ptr_array_add (values, flitlab_input_format_number (value));
    }
  return TRUE;
}

/* The row's values as the grid takes them: "vcs=2,4,8". */
static char *
row_vary (FlitlabSweepDialog  *self,
          SweepRow            *row,
          guint               *n_values,
          GError             **error)
{
  const char *key = row_key (row);
  const char *title = _(offered[gtk_drop_down_get_selected (row->setting)].title);
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) vary = g_string_new (key);

  if (row->entry == NULL)
    {
      for (guint c = 0; c < row->checks->len; c++)
        if (gtk_check_button_get_active (row->checks->pdata[c]))
          g_ptr_array_add (values, g_strdup (g_object_get_data (row->checks->pdata[c], "word")));
    }
  else
    {
      g_auto(GStrv) tokens =
        g_strsplit_set (gtk_editable_get_text (GTK_EDITABLE (row->entry)), ", \t", -1);

      for (guint t = 0; tokens[t] != NULL; t++)
        {
          const char *dots = strstr (tokens[t], "..");

          if (tokens[t][0] == '\0')
            continue;
          if (dots != NULL && !g_str_equal (key, "topology"))
            {
              if (!expand_range (tokens[t], dots, values, error))
                return NULL;
            }
          else if (g_str_equal (key, "topology"))
            {
              const FlitlabTopology *network = flitlab_study_get_topology (self->study, NULL);
              char *spec = spec_with_size (self->study->topology, tokens[t]);

              /* A necklace's size has commas, which the grid's values cannot hold; a network
               * from a file has no size. */
              if (spec == NULL || strchr (spec, ',') != NULL || network == NULL ||
                  flitlab_topology_get_family (network) == FLITLAB_TOPOLOGY_FILE)
                {
                  g_free (spec);
                  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The sizes of this network are not swept: make a study of "
                                 "each size"));
                  return NULL;
                }
              g_ptr_array_add (values, spec);
            }
          else
            g_ptr_array_add (values, g_strdup (tokens[t]));
        }
    }
  if (values->len == 0)
    {
      /* Translators: %s is a setting's title, as "Virtual channels" */
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("%s: give at least one value"), title);
      return NULL;
    }
  for (guint v = 0; v < values->len; v++)
    g_string_append_printf (vary, "%c%s", v == 0 ? '=' : ',', (char *) values->pdata[v]);
  *n_values = values->len;
  return g_string_free (g_steal_pointer (&vary), FALSE);
}

static char **
dup_vary (FlitlabSweepDialog  *self,
          guint64             *n_studies,
          GError             **error)
{
  g_autoptr(GStrvBuilder) vary = g_strv_builder_new ();

  *n_studies = 1;
  if (self->rows->len == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("Add a setting to vary"));
      return NULL;
    }
  for (guint r = 0; r < self->rows->len; r++)
    {
      SweepRow *row = self->rows->pdata[r];
      guint n_values = 0, setting = gtk_drop_down_get_selected (row->setting);
      g_autofree char *one = NULL;

      for (guint q = 0; q < r; q++)
        if (gtk_drop_down_get_selected (((SweepRow *) self->rows->pdata[q])->setting) == setting)
          {
            /* Translators: %s is a setting's title, as "Virtual channels" */
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                         _("%s is chosen twice: list all its values in one row"),
                         _(offered[setting].title));
            return NULL;
          }
      one = row_vary (self, row, &n_values, error);

      if (one == NULL)
        return NULL;
      *n_studies = MIN (*n_studies * n_values, G_MAXUINT32);
      g_strv_builder_add (vary, one);
    }
  return g_strv_builder_end (vary);
}

char **
flitlab_sweep_dialog_dup_vary (FlitlabSweepDialog  *self,
                               GError             **error)
{
  guint64 n_studies;

  g_return_val_if_fail (FLITLAB_IS_SWEEP_DIALOG (self), NULL);
  return dup_vary (self, &n_studies, error);
}

/* ---- what Create would make ---------------------------------------------------------- */

static void
show_error (FlitlabSweepDialog *self,
            const char         *message)
{
  gtk_label_set_text (self->summary, message);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary), "error");
  gtk_widget_set_sensitive (self->create_button, FALSE);
}

static gboolean
update (gpointer data)
{
  FlitlabSweepDialog *self = data;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) vary = NULL;
  g_autofree char *duration = NULL, *text = NULL;
  guint cores = g_get_num_processors ();
  guint64 n_studies;
  double seconds = 0;

  self->update_id = 0;
  g_clear_pointer (&self->studies, g_ptr_array_unref);
  vary = dup_vary (self, &n_studies, &error);
  if (vary == NULL)
    {
      show_error (self, error->message);
      return G_SOURCE_REMOVE;
    }
  if (n_studies > FLITLAB_SWEEP_DIALOG_MAX_STUDIES)
    {
      text = g_strdup_printf (_("That makes %llu studies, more than the window makes at once "
                                "(%d): vary fewer values, or make them with flitlab-cli grid"),
                              (unsigned long long) n_studies, FLITLAB_SWEEP_DIALOG_MAX_STUDIES);
      show_error (self, text);
      return G_SOURCE_REMOVE;
    }
  self->studies = flitlab_grid_expand (self->study, (const char * const *) vary,
                                       FLITLAB_SWEEP_DIALOG_MAX_STUDIES, &error);
  if (self->studies == NULL)
    {
      show_error (self, error->message);
      return G_SOURCE_REMOVE;
    }
  for (guint i = 0; i < self->studies->len; i++)
    seconds += flitlab_study_run_estimate_seconds (self->studies->pdata[i], cores);
  duration = seconds < 1 ? g_strdup (_("under a second")) : flitlab_ui_format_duration (seconds);
  /* Translators: %u studies; %s is a duration ("3 min"); %u cores */
  text = g_strdup_printf (ngettext ("%u study, about %s of simulation on %u cores",
                                    "%u studies, about %s of simulation on %u cores",
                                    self->studies->len),
                          self->studies->len, duration, cores);
  gtk_label_set_text (self->summary, text);
  gtk_widget_remove_css_class (GTK_WIDGET (self->summary), "error");
  gtk_widget_set_sensitive (self->create_button, TRUE);
  return G_SOURCE_REMOVE;
}

/* Typing settles before the studies are made again (a few hundred may take a moment); Create
 * meanwhile makes them from what is typed (flitlab_sweep_dialog_create()). */
static void
schedule_update (FlitlabSweepDialog *self)
{
  g_clear_handle_id (&self->update_id, g_source_remove);
  self->update_id = g_timeout_add (150, update, self);
}

const char *
flitlab_sweep_dialog_get_summary (FlitlabSweepDialog *self)
{
  g_return_val_if_fail (FLITLAB_IS_SWEEP_DIALOG (self), NULL);

  if (self->update_id != 0)
    {
      g_source_remove (self->update_id);
      update (self);
    }
  return gtk_label_get_text (self->summary);
}

void
flitlab_sweep_dialog_create (FlitlabSweepDialog *self)
{
  g_return_if_fail (FLITLAB_IS_SWEEP_DIALOG (self));

  /* What was typed last counts, even within the pause before the summary follows. */
  flitlab_sweep_dialog_get_summary (self);
  if (self->studies == NULL)
    return;
  g_signal_emit (self, signals[CREATE], 0, g_steal_pointer (&self->studies));
  gtk_window_destroy (GTK_WINDOW (self));
}

/* ---- the dialog -------------------------------------------------------------------------- */

static void
flitlab_sweep_dialog_dispose (GObject *object)
{
  FlitlabSweepDialog *self = FLITLAB_SWEEP_DIALOG (object);

  g_clear_handle_id (&self->update_id, g_source_remove);
  G_OBJECT_CLASS (flitlab_sweep_dialog_parent_class)->dispose (object);
}

static void
flitlab_sweep_dialog_finalize (GObject *object)
{
  FlitlabSweepDialog *self = FLITLAB_SWEEP_DIALOG (object);

  g_clear_pointer (&self->studies, g_ptr_array_unref);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->study, flitlab_study_free);
  G_OBJECT_CLASS (flitlab_sweep_dialog_parent_class)->finalize (object);
}

static void
flitlab_sweep_dialog_class_init (FlitlabSweepDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  object_class->dispose = flitlab_sweep_dialog_dispose;
  object_class->finalize = flitlab_sweep_dialog_finalize;
  /* studies: a GPtrArray of FlitlabStudy, which the handler takes. */
  signals[CREATE] = g_signal_new ("create", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
}

/* A button with a mnemonic in a label of its own: GTK 4.8 names a button made with
 * gtk_button_new_with_mnemonic() by its underlined text and its label's, "_Cancel Cancel". */
static GtkWidget *
mnemonic_button (const char *text)
{
  GtkWidget *button = gtk_button_new ();
  GtkWidget *label = gtk_label_new_with_mnemonic (text);

  gtk_label_set_mnemonic_widget (GTK_LABEL (label), button);
  gtk_button_set_child (GTK_BUTTON (button), label);
  return button;
}

static void
flitlab_sweep_dialog_init (FlitlabSweepDialog *self)
{
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *cancel = mnemonic_button (_("_Cancel"));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkWidget *add = mnemonic_button (_("_Add a Setting"));

  self->rows = g_ptr_array_new_with_free_func (sweep_row_free);
  gtk_window_set_title (GTK_WINDOW (self), _("New Sweep"));
  gtk_window_set_default_size (GTK_WINDOW (self), 640, 440);
  gtk_window_set_modal (GTK_WINDOW (self), TRUE);
  self->create_button = mnemonic_button (_("C_reate"));
  gtk_widget_add_css_class (self->create_button, "suggested-action");
  gtk_widget_set_sensitive (self->create_button, FALSE);
  adw_header_bar_set_show_end_title_buttons (ADW_HEADER_BAR (header), FALSE);
  adw_header_bar_pack_start (ADW_HEADER_BAR (header), cancel);
  adw_header_bar_pack_end (ADW_HEADER_BAR (header), self->create_button);
  gtk_window_set_titlebar (GTK_WINDOW (self), header);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->create_button);
  g_signal_connect_swapped (cancel, "clicked", G_CALLBACK (gtk_window_destroy), self);
  g_signal_connect_swapped (self->create_button, "clicked",
                            G_CALLBACK (flitlab_sweep_dialog_create), self);

  self->rows_list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->rows_list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->rows_list), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->rows_list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Settings varied"), -1);
  gtk_widget_set_halign (add, GTK_ALIGN_START);
  g_signal_connect_swapped (add, "clicked", G_CALLBACK (on_add_clicked), self);
  self->summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->summary, TRUE);
  gtk_label_set_xalign (self->summary, 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->summary), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Studies the sweep makes"), -1);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->rows_list));
  gtk_box_append (GTK_BOX (box), add);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->summary));
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), box);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_window_set_child (GTK_WINDOW (self), scroller);
}

FlitlabSweepDialog *
flitlab_sweep_dialog_new (GtkWindow          *parent,
                          const FlitlabStudy *study)
{
  FlitlabSweepDialog *self;
  g_autofree char *title = NULL;

  g_return_val_if_fail (study != NULL, NULL);

  self = g_object_new (FLITLAB_TYPE_SWEEP_DIALOG, "transient-for", parent, NULL);
  self->study = flitlab_study_copy (study);
  /* Translators: the sweep dialog's title; %s is the study's name */
  title = g_strdup_printf (_("New Sweep of “%s”"), study->name);
  gtk_window_set_title (GTK_WINDOW (self), title);
  add_row (self, VCS_SETTING);
  return self;
}
