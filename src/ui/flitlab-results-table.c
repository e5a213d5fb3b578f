/* flitlab-results-table.c: the shown studies' results as a table beside the plot
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table keeps its cells as numbers (one array, row-major) and its list model holds only
 * row numbers (FlitlabResultsRow), so sorting compares numbers and Copy writes them at full
 * precision, whatever the screen shows.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "flitlab-latency.h"
#include "flitlab-model.h"
#include "flitlab-results-row.h"
#include "flitlab-results-table.h"
#include "flitlab-stats.h"
#include "flitlab-study-plot.h"

/* What a cell that has no number says. */
typedef enum
{
  MARK_NONE,
  MARK_SATURATED,
  MARK_DEADLOCKED,
} Mark;

typedef struct
{
  char    *name;     /* in the copied text's header: the CSV's column name, or the model's */
  char    *title;    /* on screen */
  int      interval; /* the column of this one's 95% half-width, shown in its cell; or -1 */
  gboolean folded;   /* an interval, shown in its value's cell: no column on screen */
  gboolean count;    /* a whole number */
} Column;

/* What a column of the view shows: a cell column, or (column -1) the study's name or the
 * row's status. */
typedef struct
{
  FlitlabResultsTable *table;
  int                  column;
  gboolean             status;
} Shown;

struct _FlitlabResultsTable
{
  GtkBox              parent_instance;
  GtkLabel           *summary;
  GtkColumnView      *view;
  GListStore         *store;
  GtkSingleSelection *selection;
  GPtrArray          *columns;   /* Column*: every cell column */
  GArray             *cells;     /* double: n_rows × columns->len, NaN: none */
  GArray             *marks;     /* guint8 (Mark), as cells */
  GArray             *row_study; /* guint: each row's study */
  GArray             *row_load;  /* double: each row's load */
  GArray             *row_mark;  /* guint8 (Mark): each row's status */
  GPtrArray          *names;     /* char*: the studies' names */
  char               *text;      /* the rows as copied: to tell when they change */
  gboolean            selecting; /* selecting a row for the window, not for a person */
};

G_DEFINE_FINAL_TYPE (FlitlabResultsTable, flitlab_results_table, GTK_TYPE_BOX)

enum {
  LOAD_SELECTED,
  N_SIGNALS,
};

static guint signals[N_SIGNALS];

static void
column_free (Column *column)
{
  g_free (column->name);
  g_free (column->title);
  g_free (column);
}

static guint
n_rows (FlitlabResultsTable *self)
{
  return self->row_load->len;
}

static double
cell (FlitlabResultsTable *self,
      guint                row,
      guint                column)
{
  return g_array_index (self->cells, double, row * self->columns->len + column);
}

static Mark
cell_mark (FlitlabResultsTable *self,
           guint                row,
           guint                column)
{
  return g_array_index (self->marks, guint8, row * self->columns->len + column);
}

static const char *
mark_text (Mark mark)
{
  /* Untranslated: the CSV's word, which scripts and spreadsheets read; the screen shows it
   * through _(). */
  return mark == MARK_SATURATED ? N_("saturated") : mark == MARK_DEADLOCKED ? N_("deadlocked")
                                                                            : "";
}

/* ---- columns ------------------------------------------------------------------------- */

static int
find_column (FlitlabResultsTable *self,
             const char          *name)
{
  for (guint c = 0; c < self->columns->len; c++)
    if (g_str_equal (((Column *) self->columns->pdata[c])->name, name))
      return (int) c;
  return -1;
}

/* How a person reads a simulation column's name. */
static char *
column_title (const char *name)
{
  if (g_str_equal (name, "rate"))
    return g_strdup (_("Load"));
  for (guint l = 0; l < FLITLAB_LATENCY_N; l++)
    if (g_str_equal (name, flitlab_latency_column (l)))
      return g_strdup (_(flitlab_latency_label (l)));
  if (g_str_equal (name, "throughput"))
    return g_strdup (_("Throughput"));
  if (g_str_equal (name, "queueing"))
    return g_strdup (_("Queueing"));
  if (g_str_equal (name, "mean_hops"))
    return g_strdup (_("Mean hops"));
  if (g_str_equal (name, "messages"))
    return g_strdup (_("Messages"));
  return g_strdup (name);
}

/* The column a 95% half-width belongs to: "ci95" to "latency", "network_ci95" to
 * "network_latency", "throughput_ci95" to "throughput"; NULL for any other column. */
static char *
interval_of (const char *name)
{
  g_autofree char *stem = NULL;

  if (g_str_equal (name, "ci95"))
    return g_strdup ("latency");
  if (!g_str_has_suffix (name, "_ci95"))
    return NULL;
  stem = g_strndup (name, strlen (name) - strlen ("_ci95"));
  return g_str_equal (stem, "throughput") ? g_steal_pointer (&stem)
                                          : g_strconcat (stem, "_latency", NULL);
}

static guint
add_column (FlitlabResultsTable *self,
            const char          *name,
            char                *title)
{
  int found = find_column (self, name);
  Column *column;

  if (found >= 0)
    {
      g_free (title);
      return (guint) found;
    }
  column = g_new0 (Column, 1);
  column->name = g_strdup (name);
  column->title = title;
  column->interval = -1;
  column->count = g_str_equal (name, "messages");
  g_ptr_array_add (self->columns, column);
  return self->columns->len - 1;
}

/* Every column of the studies' simulations (but "deadlocked": the status says it) and of
 * their models, in the order first met; intervals folded into their values' cells. */
static void
collect_columns (FlitlabResultsTable             *self,
                 const FlitlabStudy * const      *studies,
                 const FlitlabStudyTable * const *points,
                 guint                            n)
{
  add_column (self, "rate", column_title ("rate"));
  for (guint s = 0; s < n; s++)
    for (guint c = 0; points[s] != NULL && c < points[s]->n_columns; c++)
      if (!g_str_equal (points[s]->columns[c], "deadlocked"))
        add_column (self, points[s]->columns[c], column_title (points[s]->columns[c]));
  for (guint c = 0; c < self->columns->len; c++)
    {
      Column *column = self->columns->pdata[c];
      g_autofree char *of = interval_of (column->name);
      int value = of != NULL ? find_column (self, of) : -1;

      if (value >= 0)
        {
          ((Column *) self->columns->pdata[value])->interval = (int) c;
          column->folded = TRUE;
        }
    }
  for (guint s = 0; s < n; s++)
    for (guint m = 0; m < studies[s]->models->len; m++)
      {
        const FlitlabStudyModel *model = studies[s]->models->pdata[m];
        const FlitlabModelInfo *info = flitlab_model_lookup (model->id);
        g_autofree char *name = flitlab_study_plot_dup_model_name (studies[s], model);
        g_autofree char *latency =
          g_utf8_strdown (_(flitlab_latency_label (info != NULL
                                                   ? flitlab_model_info_latency (info,
                                                                                 model->params)
                                                   : FLITLAB_LATENCY_TOTAL)), -1);

        /* Translators: a results table's column: a model's name and the latency it predicts */
        add_column (self, name, g_strdup_printf (_("%s (%s)"), name, latency));
      }
}

/* ---- rows ---------------------------------------------------------------------------- */

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The study's loads: its simulation's and its models', ascending, each once. */
static GArray *
study_loads (const FlitlabStudy      *study,
             const FlitlabStudyTable *points)
{
  GArray *loads = g_array_new (FALSE, FALSE, sizeof (double));
  GArray *unique = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint r = 0; points != NULL && r < points->n_rows; r++)
    g_array_append_val (loads, points->values[r * points->n_columns]);
  for (guint m = 0; m < study->models->len; m++)
    {
      const FlitlabStudyTable *curve = ((FlitlabStudyModel *) study->models->pdata[m])->curve;

      for (guint r = 0; curve != NULL && r < curve->n_rows; r++)
        g_array_append_val (loads, curve->values[r * curve->n_columns]);
    }
  g_array_sort (loads, compare_doubles);
  for (guint i = 0; i < loads->len; i++)
    {
      double load = g_array_index (loads, double, i);

      if (isfinite (load) && (unique->len == 0 ||
                              fabs (load - g_array_index (unique, double, unique->len - 1)) >
                              1e-9 * fabs (load)))
        g_array_append_val (unique, load);
    }
  g_array_unref (loads);
  return unique;
}

static void
set_cell (FlitlabResultsTable *self,
          guint                row,
          guint                column,
          double               value,
          Mark                 mark)
{
  guint at = row * self->columns->len + column;

  g_array_index (self->cells, double, at) = value;
  g_array_index (self->marks, guint8, at) = isfinite (value) ? MARK_NONE : mark;
}

static void
add_row (FlitlabResultsTable     *self,
         guint                    study_index,
         const FlitlabStudy      *study,
         const FlitlabStudyTable *points,
         const int               *model_columns,
         double                   load)
{
  guint row = n_rows (self);
  int r = points != NULL ? flitlab_study_table_find_rate (points, load) : -1;
  guint8 mark = r < 0 ? MARK_NONE
                : flitlab_study_table_is_deadlocked (points, (guint) r) ? MARK_DEADLOCKED
                : points->saturated[r] ? MARK_SATURATED : MARK_NONE;

  g_array_append_val (self->row_study, study_index);
  g_array_append_val (self->row_load, load);
  g_array_append_val (self->row_mark, mark);
  g_array_set_size (self->cells, self->cells->len + self->columns->len);
  g_array_set_size (self->marks, self->marks->len + self->columns->len);
  for (guint c = 0; c < self->columns->len; c++)
    set_cell (self, row, c, NAN, MARK_NONE);
  set_cell (self, row, 0, load, MARK_NONE);
  for (guint c = 0; r >= 0 && c < points->n_columns; c++)
    {
      int column = find_column (self, points->columns[c]);

      if (column > 0)
        set_cell (self, row, (guint) column, flitlab_study_table_get (points, (guint) r, c), mark);
    }
  for (guint m = 0; m < study->models->len; m++)
    {
      const FlitlabStudyModel *model = study->models->pdata[m];
      int at = model->curve != NULL ? flitlab_study_table_find_rate (model->curve, load) : -1;
      int latency = model->curve != NULL ? flitlab_study_table_find_column (model->curve,
                                                                            "latency") : -1;

      if (at >= 0 && latency >= 0)
        set_cell (self, row, (guint) model_columns[m],
                  flitlab_study_table_get (model->curve, (guint) at, (guint) latency),
                  model->curve->saturated[at] ? MARK_SATURATED : MARK_NONE);
    }
}

/* ---- text ---------------------------------------------------------------------------- */

static void
append_number (GString *text,
               double   value,
               Mark     mark)
{
  if (isfinite (value))
    g_string_append_printf (text, "%.10g", value);
  else
    g_string_append (text, mark_text (mark));
}

/* The rows in the list model's order (NULL: as they were added), as Copy copies them. */
static char *
rows_text (FlitlabResultsTable *self,
           GListModel          *order)
{
  GString *text = g_string_new (NULL);
  gboolean studies = self->names->len > 1;

  if (studies)
    g_string_append (text, "study\t");
  for (guint c = 0; c < self->columns->len; c++)
    g_string_append_printf (text, "%s\t", ((Column *) self->columns->pdata[c])->name);
  g_string_append (text, "status\n");
  for (guint i = 0; i < (order != NULL ? g_list_model_get_n_items (order) : n_rows (self)); i++)
    {
      g_autoptr(FlitlabResultsRow) item = order != NULL ? g_list_model_get_item (order, i) : NULL;
      guint row = item != NULL ? flitlab_results_row_get_index (item) : i;

      if (studies)
        g_string_append_printf (text, "%s\t", (char *) self->names->pdata[
                                  g_array_index (self->row_study, guint, row)]);
      for (guint c = 0; c < self->columns->len; c++)
        {
          append_number (text, cell (self, row, c), cell_mark (self, row, c));
          g_string_append_c (text, '\t');
        }
      g_string_append_printf (text, "%s\n",
                              mark_text (g_array_index (self->row_mark, guint8, row)));
    }
  return g_string_free (text, FALSE);
}

/* A cell as a person reads it: the value with its interval, a mark, or a dash. */
static char *
cell_text (FlitlabResultsTable *self,
           guint                row,
           guint                column)
{
  const Column *info = self->columns->pdata[column];
  double value = cell (self, row, column);

  if (!isfinite (value))
    return g_strdup (cell_mark (self, row, column) == MARK_NONE
                     ? "—" : _(mark_text (cell_mark (self, row, column))));
  if (info->count)
    return g_strdup_printf ("%.0f", value);
  if (column == 0)
    return g_strdup_printf ("%.4g", value);
  return flitlab_stats_format_interval (value, info->interval >= 0
                                               ? cell (self, row, (guint) info->interval) : NAN);
}

/* ---- the view ------------------------------------------------------------------------ */

static guint
item_row (GtkListItem *item)
{
  return flitlab_results_row_get_index (FLITLAB_RESULTS_ROW (gtk_list_item_get_item (item)));
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *item,
            Shown                    *shown)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), shown->column >= 0 ? 1 : 0);
  if (shown->column >= 0)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *item,
           Shown                    *shown)
{
  FlitlabResultsTable *self = shown->table;
  guint row = item_row (item);
  g_autofree char *text = NULL;

  if (shown->column >= 0)
    text = cell_text (self, row, (guint) shown->column);
  else if (shown->status)
    text = g_strdup (_(mark_text (g_array_index (self->row_mark, guint8, row))));
  else
    text = g_strdup (self->names->pdata[g_array_index (self->row_study, guint, row)]);
  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)), text);
}

/* A cell without a number sorts above every number (a saturated latency is unbounded), and ties
 * keep the loads' order. */
static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      data)
{
  const Shown *shown = data;
  FlitlabResultsTable *self = shown->table;
  guint i = flitlab_results_row_get_index ((FlitlabResultsRow *) a);
  guint j = flitlab_results_row_get_index ((FlitlabResultsRow *) b);
  int order = 0;

  if (shown->column >= 0)
    {
      double x = cell (self, i, (guint) shown->column), y = cell (self, j, (guint) shown->column);

      order = isfinite (x) != isfinite (y) ? (isfinite (x) ? -1 : 1)
              : isfinite (x) ? (x > y) - (x < y) : 0;
    }
  else if (shown->status)
    order = (int) g_array_index (self->row_mark, guint8, i) -
            (int) g_array_index (self->row_mark, guint8, j);
  else
    order = (int) g_array_index (self->row_study, guint, i) -
            (int) g_array_index (self->row_study, guint, j);
  return order != 0 ? order : (i > j) - (i < j);
}

static void
add_view_column (FlitlabResultsTable *self,
                 const char          *title,
                 int                  column,
                 gboolean             status)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  Shown *shown = g_new0 (Shown, 1);
  GtkColumnViewColumn *view_column;

  *shown = (Shown) { .table = self, .column = column, .status = status };
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), shown);
  /* The factory lives as long as its column: it frees what the callbacks share. */
  g_signal_connect_data (factory, "bind", G_CALLBACK (bind_cell), shown,
                         (GClosureNotify) (void (*) (void)) g_free, 0);
  view_column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_sorter (view_column, GTK_SORTER (gtk_custom_sorter_new (
                                       compare_rows, shown, NULL)));
  gtk_column_view_column_set_resizable (view_column, TRUE);
  gtk_column_view_append_column (self->view, view_column);
  g_object_unref (view_column);
}

static void
rebuild_view_columns (FlitlabResultsTable *self)
{
  GListModel *columns = gtk_column_view_get_columns (self->view);

  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr(GtkColumnViewColumn) first = g_list_model_get_item (columns, 0);

      gtk_column_view_remove_column (self->view, first);
    }
  if (self->names->len > 1)
    add_view_column (self, _("Study"), -1, FALSE);
  for (guint c = 0; c < self->columns->len; c++)
    if (!((Column *) self->columns->pdata[c])->folded)
      add_view_column (self, ((Column *) self->columns->pdata[c])->title, (int) c, FALSE);
  add_view_column (self, _("Status"), -1, TRUE);
}

/* ---- public -------------------------------------------------------------------------- */

static void
clear (FlitlabResultsTable *self)
{
  g_ptr_array_set_size (self->columns, 0);
  g_array_set_size (self->cells, 0);
  g_array_set_size (self->marks, 0);
  g_array_set_size (self->row_study, 0);
  g_array_set_size (self->row_load, 0);
  g_array_set_size (self->row_mark, 0);
  g_ptr_array_set_size (self->names, 0);
}

void
flitlab_results_table_show (FlitlabResultsTable             *self,
                            const FlitlabStudy * const      *studies,
                            const FlitlabStudyTable * const *points,
                            guint                            n)
{
  g_autofree const FlitlabStudyTable **own = g_new0 (const FlitlabStudyTable *, MAX (n, 1));
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *text = NULL;
  g_autofree char *summary = NULL;

  g_return_if_fail (FLITLAB_IS_RESULTS_TABLE (self));
  g_return_if_fail (n == 0 || studies != NULL);

  for (guint s = 0; s < n; s++)
    own[s] = points != NULL && points[s] != NULL ? points[s] : studies[s]->simulation.points;
  clear (self);
  collect_columns (self, studies, own, n);
  for (guint s = 0; s < n; s++)
    {
      g_autoptr(GArray) loads = study_loads (studies[s], own[s]);
      /* Each model's column, named once per study (naming may fit the model to the study). */
      g_autofree int *model_columns = g_new (int, studies[s]->models->len + 1);

      for (guint m = 0; m < studies[s]->models->len; m++)
        {
          g_autofree char *name =
            flitlab_study_plot_dup_model_name (studies[s], studies[s]->models->pdata[m]);

          model_columns[m] = find_column (self, name);
        }
      g_ptr_array_add (self->names, g_strdup (studies[s]->name));
      for (guint i = 0; i < loads->len; i++)
        add_row (self, s, studies[s], own[s], model_columns, g_array_index (loads, double, i));
    }
  text = rows_text (self, NULL);
  /* The same rows: the list, its order and its selection stay as they are. */
  if (g_strcmp0 (text, self->text) == 0)
    return;
  g_free (self->text);
  self->text = g_steal_pointer (&text);
  for (guint r = 0; r < n_rows (self); r++)
    g_ptr_array_add (items, flitlab_results_row_new (r));
  self->selecting = TRUE;
  rebuild_view_columns (self);
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       items->pdata, items->len);
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);
  self->selecting = FALSE;
  if (n_rows (self) == 0)
    summary = g_strdup (_("No results yet: run the simulation, or add a model"));
  else
    /* Translators: the results table's caption; %u is its number of rows */
    summary = g_strdup_printf (ngettext ("%u load", "%u loads", n_rows (self)), n_rows (self));
  gtk_label_set_text (self->summary, summary);
}

guint
flitlab_results_table_get_n_rows (FlitlabResultsTable *self)
{
  g_return_val_if_fail (FLITLAB_IS_RESULTS_TABLE (self), 0);
  return n_rows (self);
}

char *
flitlab_results_table_dup_text (FlitlabResultsTable *self)
{
  g_return_val_if_fail (FLITLAB_IS_RESULTS_TABLE (self), NULL);
  return rows_text (self, G_LIST_MODEL (self->selection));
}

void
flitlab_results_table_select_load (FlitlabResultsTable *self,
                                   guint                study,
                                   double               load)
{
  GListModel *shown;
  guint position = GTK_INVALID_LIST_POSITION;

  g_return_if_fail (FLITLAB_IS_RESULTS_TABLE (self));

  shown = G_LIST_MODEL (self->selection);
  for (guint i = 0; i < g_list_model_get_n_items (shown); i++)
    {
      g_autoptr(FlitlabResultsRow) item = g_list_model_get_item (shown, i);
      guint row = flitlab_results_row_get_index (item);

      if (g_array_index (self->row_study, guint, row) == study &&
          fabs (g_array_index (self->row_load, double, row) - load) <= 1e-9 * fabs (load))
        position = i;
    }
  self->selecting = TRUE;
  gtk_single_selection_set_selected (self->selection, position);
  self->selecting = FALSE;
}

gboolean
flitlab_results_table_get_selected (FlitlabResultsTable *self,
                                    guint               *study,
                                    double              *load)
{
  FlitlabResultsRow *item;
  guint row;

  g_return_val_if_fail (FLITLAB_IS_RESULTS_TABLE (self), FALSE);

  item = gtk_single_selection_get_selected_item (self->selection);
  if (item == NULL)
    return FALSE;
  row = flitlab_results_row_get_index (item);
  *study = g_array_index (self->row_study, guint, row);
  *load = g_array_index (self->row_load, double, row);
  return TRUE;
}

void
flitlab_results_table_sort (FlitlabResultsTable *self,
                            guint                column,
                            GtkSortType          order)
{
  g_autoptr(GtkColumnViewColumn) shown = NULL;

  g_return_if_fail (FLITLAB_IS_RESULTS_TABLE (self));

  shown = g_list_model_get_item (gtk_column_view_get_columns (self->view), column);
  g_return_if_fail (shown != NULL);
  gtk_column_view_sort_by_column (self->view, shown, order);
}

/* ---- the widget ---------------------------------------------------------------------- */

static void
on_selected (FlitlabResultsTable *self)
{
  FlitlabResultsRow *item = gtk_single_selection_get_selected_item (self->selection);
  guint row;

  if (self->selecting || item == NULL)
    return;
  row = flitlab_results_row_get_index (item);
  g_signal_emit (self, signals[LOAD_SELECTED], 0, g_array_index (self->row_study, guint, row),
                 g_array_index (self->row_load, double, row));
}

static void
copy_rows (GtkWidget  *widget,
           const char *action,
           GVariant   *parameter)
{
  g_autofree char *text = flitlab_results_table_dup_text (FLITLAB_RESULTS_TABLE (widget));

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
}

/* Ctrl+Page Up and Down step through the window's studies wherever the focus is: the list
 * inside would take them for its own scrolling. */
static gboolean
on_key_pressed (FlitlabResultsTable *self,
                guint                keyval,
                guint                keycode,
                GdkModifierType      state)
{
  if ((state & GDK_CONTROL_MASK) == 0 || (keyval != GDK_KEY_Page_Up && keyval != GDK_KEY_Page_Down))
    return FALSE;
  gtk_widget_activate_action (GTK_WIDGET (self), keyval == GDK_KEY_Page_Up
                                                 ? "win.previous-study" : "win.next-study", NULL);
  return TRUE;
}

/* The table's focus is its rows': arrows then choose a load. */
static gboolean
flitlab_results_table_grab_focus (GtkWidget *widget)
{
  return gtk_widget_grab_focus (GTK_WIDGET (FLITLAB_RESULTS_TABLE (widget)->view));
}

static void
flitlab_results_table_dispose (GObject *object)
{
  FlitlabResultsTable *self = FLITLAB_RESULTS_TABLE (object);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_box_remove (GTK_BOX (self), child);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (flitlab_results_table_parent_class)->dispose (object);
}

static void
flitlab_results_table_finalize (GObject *object)
{
  FlitlabResultsTable *self = FLITLAB_RESULTS_TABLE (object);

  g_ptr_array_unref (self->columns);
  g_array_unref (self->cells);
  g_array_unref (self->marks);
  g_array_unref (self->row_study);
  g_array_unref (self->row_load);
  g_array_unref (self->row_mark);
  g_ptr_array_unref (self->names);
  g_free (self->text);
  G_OBJECT_CLASS (flitlab_results_table_parent_class)->finalize (object);
}

static void
flitlab_results_table_class_init (FlitlabResultsTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = flitlab_results_table_dispose;
  object_class->finalize = flitlab_results_table_finalize;
  widget_class->grab_focus = flitlab_results_table_grab_focus;
  signals[LOAD_SELECTED] = g_signal_new ("load-selected", G_TYPE_FROM_CLASS (klass),
                                         G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE,
                                         2, G_TYPE_UINT, G_TYPE_DOUBLE);
  gtk_widget_class_install_action (widget_class, "results.copy", NULL, copy_rows);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK,
                                       "results.copy", NULL);
}

static void
flitlab_results_table_init (FlitlabResultsTable *self)
{
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *copy = gtk_button_new_with_mnemonic (_("_Copy as Text"));
  GtkWidget *scroller = gtk_scrolled_window_new ();
  GtkSortListModel *sorted;
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self), GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (self), 6);
  self->columns = g_ptr_array_new_with_free_func ((GDestroyNotify) column_free);
  self->cells = g_array_new (FALSE, FALSE, sizeof (double));
  self->marks = g_array_new (FALSE, FALSE, sizeof (guint8));
  self->row_study = g_array_new (FALSE, FALSE, sizeof (guint));
  self->row_load = g_array_new (FALSE, FALSE, sizeof (double));
  self->row_mark = g_array_new (FALSE, FALSE, sizeof (guint8));
  self->names = g_ptr_array_new_with_free_func (g_free);

  self->summary = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_xalign (self->summary, 0);
  gtk_widget_set_hexpand (GTK_WIDGET (self->summary), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary), "dim-label");
  gtk_actionable_set_action_name (GTK_ACTIONABLE (copy), "results.copy");
  gtk_widget_set_tooltip_text (copy, _("Every row as tab-separated text, to paste into a "
                                       "spreadsheet (Ctrl+C)"));
  gtk_box_append (GTK_BOX (bar), GTK_WIDGET (self->summary));
  gtk_box_append (GTK_BOX (bar), copy);
  gtk_box_append (GTK_BOX (self), bar);

  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (NULL));
  self->store = g_list_store_new (FLITLAB_TYPE_RESULTS_ROW);
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                    g_object_ref (gtk_column_view_get_sorter (self->view)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (self->selection));
  gtk_column_view_set_show_column_separators (self->view, TRUE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->view), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Results by load"), -1);
  g_signal_connect_swapped (self->selection, "notify::selected", G_CALLBACK (on_selected),
                            self);
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->view));
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), 240);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (self), scroller);
}
