/* flitlab-render-plot-legend.c: a plot's legend: its entries, their layout in columns, and
 * where it goes (inside a corner that covers no data, below or right of the plot)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-render-plot-private.h"
#include "flitlab-render-private.h"

/* The legend's padding, key width and the gap between its columns at the default type (scaled
 * with f->type and a crowded legend's own scale); a row is a line of its words and this. */
#define LEGEND_ROW_GAP 2
#define LEGEND_PAD 6
#define LEGEND_KEY 24
#define LEGEND_COLUMN_GAP 12
#define LEGEND_MAX_COLUMNS 8
#define LEGEND_TIGHT 0.6
/* A crowded legend's padding, row gap and column gap: at a column's 8 pt, four rows where
 * three were. */
#define LEGEND_TIGHTER 0.35
/* The padding, key width and column gap of a layout at its type. */
#define PAD(l) (LEGEND_PAD * (l)->type * ((l)->tight ? LEGEND_TIGHTER : 1))
#define KEY(l) (LEGEND_KEY * (l)->type * ((l)->tight ? LEGEND_TIGHT : 1))
#define COLUMN_GAP(l) (LEGEND_COLUMN_GAP * (l)->type * ((l)->tight ? LEGEND_TIGHTER : 1))
static const char *saturated_text = FLITLAB_PLOT_SATURATED_TEXT;
static const char *deadlocked_text = FLITLAB_PLOT_DEADLOCKED_TEXT;
static const char *off_scale_text = FLITLAB_PLOT_OFF_SCALE_TEXT;

typedef struct
{
  FlitlabPlotKeyType type;
  const char *text;
  guint       color;
  guint       style;
  gboolean    line, points, hollow;
  char       *head; /* a group's short name, its words before its ": " ("Table 2") or after,
                       or NULL */
  char       *wrapped; /* its words broken into lines to fit the legend's room, or NULL */
  guint       lines;   /* of its words as laid out */
  double      width;   /* of the words as laid out */
} LegendEntry;

/* The legend as laid out: its entries down columns, each as wide as its widest words. */
struct _FlitlabPlotLegendLayout
{
  GArray   *entries;   /* LegendEntry */
  double    type;      /* the type's size relative to the default: the figure's, or less in a
                          crowded legend */
  gboolean  heads;     /* groups named by their short names (LegendEntry.head): they tell the
                          groups apart, shorter */
  guint     columns, rows;
  double    line, gap; /* a line of words' height, and the gap that makes a row of it */
  double    row;       /* a row of one line's height */
  double    wrap;      /* the width its words were broken into lines at, or 0 */
  double    cut;       /* the width its words were cut to, ending in "…", or 0 */
  gboolean  tight;     /* cut: keys of LEGEND_TIGHT of their width, padding and gaps of
                          LEGEND_TIGHTER */
  double    column[LEGEND_MAX_COLUMNS]; /* each column's words' width */
  double    width, height;
};

/* Which marks of points without a drawn value the frame shows: the legend explains those. */
static void
marks_shown (const FlitlabPlot      *plot,
             const FlitlabPlotFrame *f,
             gboolean               *saturated,
             gboolean               *deadlocked,
             gboolean               *off_scale)
{
  *saturated = *deadlocked = *off_scale = FALSE;
  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];

      for (guint i = 0; series->kind == FLITLAB_PLOT_POINTS && i < series->n; i++)
        {
          if (!(series->x[i] >= f->x_min && series->x[i] <= f->x_max))
            continue;
          *saturated |= flitlab_plot_series_is_saturated (series, i);
          *deadlocked |= flitlab_plot_series_is_deadlocked (series, i);
          *off_scale |= flitlab_plot_value_visible (f, series->y[i]) && series->y[i] > f->y_max;
        }
    }
}

static void
legend_entry_clear (gpointer data)
{
  g_free (((LegendEntry *) data)->head);
  g_free (((LegendEntry *) data)->wrapped);
}

/* Whether every group has a head and no two the same. */
static gboolean
heads_apart (GArray *entries)
{
  for (guint e = 0; e < entries->len; e++)
    {
      const LegendEntry *entry = &g_array_index (entries, LegendEntry, e);

      if (entry->head == NULL && entry->type == FLITLAB_PLOT_KEY_SERIES)
        return FALSE;
      for (guint o = 0; o < e; o++)
        if (g_strcmp0 (g_array_index (entries, LegendEntry, o).head, entry->head) == 0)
          return FALSE;
    }
  return TRUE;
}

/* The legend's rows: a series each, or in a comparison a group each and a kind of series each
 * (FlitlabPlotSeries.group), then the marks the frame shows. */
static GArray *
legend_entries (const FlitlabPlot      *plot,
                const FlitlabPlotFrame *f)
{
  GArray *entries = g_array_new (FALSE, TRUE, sizeof (LegendEntry));
  g_autoptr(GArray) kinds = g_array_new (FALSE, TRUE, sizeof (LegendEntry));
  const char *saturation_text = flitlab_plot_saturation_legend_text (plot, f);
  gboolean saturated, deadlocked, off_scale;

  g_array_set_clear_func (entries, legend_entry_clear);
  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];
      gboolean line = series->kind == FLITLAB_PLOT_LINE;
      LegendEntry entry = { FLITLAB_PLOT_KEY_SERIES, series->label ? series->label : "",
                            series->color,
                            series->style, line, !line, series->hollow, NULL, 0 };
      LegendEntry kind = { FLITLAB_PLOT_KEY_KIND, series->kind_label, 0, series->style, line, !line,
                           series->hollow, NULL, 0 };
      guint e = 0;

      if (series->group == NULL)
        {
          g_array_append_val (entries, entry);
          continue;
        }
      entry.text = series->group;
      entry.hollow = FALSE;
      entry.points = !line && !series->hollow;
      while (e < entries->len &&
             g_strcmp0 (g_array_index (entries, LegendEntry, e).text, entry.text) != 0)
        e++;
      if (e == entries->len)
        {
          const char *colon = strstr (series->group, ": ");

          entry.head = colon != NULL ? g_strndup (series->group, colon - series->group) : NULL;
          g_array_append_val (entries, entry);
        }
      else
        {
          LegendEntry *group = &g_array_index (entries, LegendEntry, e);

          group->line |= line;
          group->points |= !line && !series->hollow;
          /* Solid when any of its curves is. */
          group->style = MIN (group->style, series->style);
        }
      if (series->kind_label == NULL)
        continue;
      /* A kind's key is drawn as its first series is (the first round of colours). */
      for (e = 0; e < kinds->len; e++)
        {
          const LegendEntry *other = &g_array_index (kinds, LegendEntry, e);

          if (g_str_equal (other->text, kind.text) && other->line == kind.line &&
              other->hollow == kind.hollow)
            break;
        }
      if (e == kinds->len)
        g_array_append_val (kinds, kind);
    }
  /* Heads stand for the groups only if every group has one and no two are the same; else
   * their tails after the ": " ("4×4 torus, adaptive") do, if those are all different. */
  if (!heads_apart (entries))
    for (guint e = 0; e < entries->len; e++)
      {
        LegendEntry *entry = &g_array_index (entries, LegendEntry, e);

        if (entry->head != NULL)
          {
            g_free (entry->head);
            entry->head = g_strdup (strstr (entry->text, ": ") + 2);
          }
      }
  if (!heads_apart (entries))
    for (guint e = 0; e < entries->len; e++)
      g_clear_pointer (&g_array_index (entries, LegendEntry, e).head, g_free);
  g_array_append_vals (entries, kinds->data, kinds->len);

  marks_shown (plot, f, &saturated, &deadlocked, &off_scale);
  if (saturation_text != NULL)
    g_array_append_val (entries, ((LegendEntry) { FLITLAB_PLOT_KEY_SATURATION, saturation_text }));
  /* A crowded legend names the cross by its short name, as the groups (heads). */
  if (saturated)
    g_array_append_val (entries, ((LegendEntry) { FLITLAB_PLOT_KEY_SATURATED, _(saturated_text),
                                                  .head = g_strdup (_("not carried")) }));
  if (deadlocked)
    g_array_append_val (entries,
                        ((LegendEntry) { FLITLAB_PLOT_KEY_DEADLOCKED, _(deadlocked_text) }));
  if (off_scale)
    g_array_append_val (entries, ((LegendEntry) { FLITLAB_PLOT_KEY_OFF_SCALE, _(off_scale_text) }));
  return entries;
}

const char *
flitlab_plot_saturation_legend_text (const FlitlabPlot      *plot,
                                     const FlitlabPlotFrame *f)
{
  guint n_capacities = 0, n_saturations = 0;
  gboolean comparison = FALSE;

  for (guint s = 0; s < plot->series->len; s++)
    {
      const FlitlabPlotSeries *series = plot->series->pdata[s];

      comparison |= series->group != NULL && series->kind_label != NULL;
      if (isfinite (series->saturation))
        series->capacity ? n_capacities++ : n_saturations++;
    }
  /* A comparison's saturations are too many to label each where there is no room
   * (flitlab_plot_draw_saturation_labels ()): the legend says what their lines are. */
  if (!comparison || !flitlab_plot_saturation_labels_shown (plot, f))
    return NULL;
  return n_saturations == 0 ? _("Capacity of the model")
         : n_capacities == 0 ? _("Saturation of the model")
         : _("Saturation or capacity of the model");
}

/* The legend's font at its type (FlitlabPlotLegendLayout.type). */
static const char *
legend_font (double           type,
             FlitlabFontName *font)
{
  const FlitlabPlotFrame at = { .type = type };

  return flitlab_plot_font (&at, "Sans", 9, font);
}

/* An entry's words in one line. */
static const char *
entry_words (const FlitlabPlotLegendLayout *layout,
             const LegendEntry             *entry)
{
  return layout->heads && entry->head != NULL ? entry->head : entry->text;
}

/* An entry's words as laid out: in one line, or broken into lines. */
static const char *
entry_text (const FlitlabPlotLegendLayout *layout,
            const LegendEntry             *entry)
{
  return entry->wrapped != NULL ? entry->wrapped : entry_words (layout, entry);
}

/* Whether an entry explains a mark (a cross, a diamond, a triangle): its words are kept. */
static gboolean
is_mark (const LegendEntry *entry)
{
  return entry->type == FLITLAB_PLOT_KEY_SATURATED || entry->type == FLITLAB_PLOT_KEY_DEADLOCKED ||
         entry->type == FLITLAB_PLOT_KEY_OFF_SCALE;
}

/* Whether phrase is one of words' phrases (the parts between ", "). */
static gboolean
has_phrase (const char *words,
            const char *phrase)
{
  g_auto(GStrv) phrases = g_strsplit (words, ", ", -1);

  return g_strv_contains ((const char * const *) phrases, phrase);
}

/* The phrases (parts between ", ") that the words of every series entry drawn as a line (line),
 * or of every other, have, two or more of them: a cut legend leaves them out, for the words that
 * tell the entries apart ("Model: Meraji et al., variant = paper" and "…, variant =
 * consistent": "…variant = paper"). NULL: none. */
static GStrv
common_phrases (const FlitlabPlotLegendLayout *layout,
                gboolean                       line)
{
  g_autoptr(GStrvBuilder) common = g_strv_builder_new ();
  g_auto(GStrv) first = NULL;
  guint n = 0, kept = 0;

  for (guint e = 0; e < layout->entries->len; e++)
    {
      const LegendEntry *entry = &g_array_index (layout->entries, LegendEntry, e);

      if (entry->type != FLITLAB_PLOT_KEY_SERIES || !entry->line != !line)
        continue;
      if (n++ == 0)
        first = g_strsplit (entry_words (layout, entry), ", ", -1);
    }
  if (n < 2)
    return NULL;
  for (guint i = 0; first[i] != NULL; i++)
    {
      gboolean everywhere = TRUE;

      for (guint e = 0; everywhere && e < layout->entries->len; e++)
        {
          const LegendEntry *entry = &g_array_index (layout->entries, LegendEntry, e);

          everywhere = entry->type != FLITLAB_PLOT_KEY_SERIES || !entry->line != !line ||
                       has_phrase (entry_words (layout, entry), first[i]);
        }
      if (everywhere)
        {
          g_strv_builder_add (common, first[i]);
          kept++;
        }
    }
  return kept > 0 ? g_strv_builder_end (common) : NULL;
}

/* An entry's words in a cut legend: a series' without the phrases common to all of its kind
 * (common[1] of the lines, common[0] of the others), led by "…". */
static char *
cut_words (const FlitlabPlotLegendLayout *layout,
           const LegendEntry             *entry,
           GStrv                         *commons)
{
  const char *words = entry_words (layout, entry);
  GStrv common = commons[entry->line ? 1 : 0];
  g_auto(GStrv) phrases = NULL;
  g_autoptr(GString) rest = NULL;

  if (entry->type != FLITLAB_PLOT_KEY_SERIES || common == NULL)
    return g_strdup (words);
  phrases = g_strsplit (words, ", ", -1);
  rest = g_string_new (NULL);
  for (guint i = 0; phrases[i] != NULL; i++)
    if (!g_strv_contains ((const char * const *) common, phrases[i]))
      g_string_append_printf (rest, "%s%s", rest->len > 0 ? ", " : "", phrases[i]);
  /* Words that are all common phrases stay as they are. */
  if (rest->len == 0)
    return g_strdup (words);
  return g_strconcat ("…", rest->str, NULL);
}

static void
key_clear (gpointer data)
{
  g_free (((FlitlabPlotKey *) data)->text);
}

#define NOT_APART 1000
static guint fit_entries (cairo_t                 *cr,
                          FlitlabPlotLegendLayout *layout,
                          guint                    columns,
                          double                   room);

GArray *
flitlab_plot_legend_keys (const FlitlabPlot      *plot,
                          const FlitlabPlotFrame *f)
{
  g_autoptr(GArray) entries = legend_entries (plot, f);
  GArray *keys = g_array_sized_new (FALSE, FALSE, sizeof (FlitlabPlotKey), entries->len);
  FlitlabPlotLegendLayout named = { .entries = entries, .type = f->type,
                                    .heads = f->legend_heads, .tight = TRUE };
  FlitlabFontName font;

  g_array_set_clear_func (keys, key_clear);
  legend_font (f->type, &font);
  /* A crowded legend's words as the renderer fitted them, measured in points as a file's. */
  if (f->legend_cut > 0)
    {
      cairo_t *cr = flitlab_plot_points_context_new ();

      fit_entries (cr, &named, MAX (f->legend_columns, 1), f->legend_cut);
      cairo_destroy (cr);
    }
  for (guint e = 0; e < entries->len; e++)
    {
      const LegendEntry *entry = &g_array_index (entries, LegendEntry, e);
      const char *words = entry_words (&named, entry);
      FlitlabPlotKey key = { entry->type,
                             entry->wrapped != NULL ? g_strdup (entry->wrapped)
                             : f->legend_wrap > 0
                             ? flitlab_plot_wrap_in_points (words, font.name, f->legend_wrap)
                             : g_strdup (words),
                             entry->color, entry->style, entry->line, entry->points,
                             entry->hollow };

      g_array_append_val (keys, key);
    }
  return keys;
}

/* The legend's height: its longest column's rows, each as many lines as its words take. */
static double
legend_height (const FlitlabPlotLegendLayout *layout)
{
  double tallest = 0;

  for (guint c = 0; c < layout->columns; c++)
    {
      double column = 0;

      for (guint e = c * layout->rows; e < MIN ((c + 1) * layout->rows, layout->entries->len); e++)
        column += g_array_index (layout->entries, LegendEntry, e).lines * layout->line +
                  layout->gap;
      tallest = MAX (tallest, column);
    }
  return tallest + 2 * PAD (layout);
}

/* Lays the legend's entries out at type scale (of the figure's), named by heads or not, in as
 * many columns as room (a width) holds, up to max_columns; in one column, words wider than its
 * room are broken into lines (rather than set smaller). */
static void
legend_layout (cairo_t                 *cr,
               const FlitlabPlotFrame  *f,
               FlitlabPlotLegendLayout *layout,
               double                   scale,
               gboolean                 heads,
               double                   room,
               guint                    max_columns)
{
  FlitlabFontName font;
  guint n = layout->entries->len;
  double type = f->type * scale, keys = (2 * LEGEND_PAD + LEGEND_KEY) * type, w;

  layout->type = type;
  layout->heads = heads;
  legend_font (type, &font);
  flitlab_render_text_size (cr, "Mg", font.name, &w, &layout->line);
  layout->gap = LEGEND_ROW_GAP * type;
  layout->row = layout->line + layout->gap;
  layout->wrap = 0;
  layout->cut = 0;
  layout->tight = FALSE;
  for (guint e = 0; e < n; e++)
    {
      LegendEntry *entry = &g_array_index (layout->entries, LegendEntry, e);

      g_clear_pointer (&entry->wrapped, g_free);
      entry->lines = 1;
      entry->width = flitlab_plot_text_width (cr, entry_words (layout, entry), font.name);
    }
  for (guint columns = MIN (MAX (n, 1), MIN (max_columns, LEGEND_MAX_COLUMNS)); columns >= 1;
       columns--)
    {
      guint rows = MAX ((n + columns - 1) / columns, 1);
      double width = (2 * LEGEND_PAD - LEGEND_COLUMN_GAP) * type;

      /* Balanced: 7 entries in 4 columns take 2 rows, and then 4 columns hold them. */
      columns = MAX ((n + rows - 1) / rows, 1);
      for (guint c = 0; c < columns; c++)
        {
          layout->column[c] = 0;
          for (guint e = c * rows; e < MIN ((c + 1) * rows, n); e++)
            layout->column[c] =
              MAX (layout->column[c], g_array_index (layout->entries, LegendEntry, e).width);
          width += (LEGEND_KEY + LEGEND_COLUMN_GAP) * type + layout->column[c];
        }
      layout->columns = columns;
      layout->rows = rows;
      layout->width = width;
      layout->height = legend_height (layout);
      if (width <= room)
        return;
    }
  /* One column wider than its room: the words too wide are broken into lines. */
  layout->column[0] = 0;
  layout->wrap = room - keys;
  for (guint e = 0; e < n; e++)
    {
      LegendEntry *entry = &g_array_index (layout->entries, LegendEntry, e);
      double h;

      if (entry->width > room - keys)
        {
          entry->wrapped = flitlab_render_text_wrap (cr, entry_words (layout, entry), font.name,
                                                     room - keys, &entry->lines);
          flitlab_render_text_size (cr, entry->wrapped, font.name, &entry->width, &h);
        }
      layout->column[0] = MAX (layout->column[0], entry->width);
    }
  layout->width = keys + layout->column[0];
  layout->height = legend_height (layout);
  /* A word wider than the room alone is set smaller (flitlab_plot_legend_draw ()). */
  if (layout->width > room)
    {
      layout->column[0] -= layout->width - room;
      layout->width = room;
    }
}

/* A crowded legend's entries in columns of rows within room (a width), each in the longest of
 * its forms (flitlab_plot_legend_forms ()) that lets them fit: the widest column gives up
 * words first, a kind's or a mark's before a study's, keeping the entries told apart where it
 * can. Without the phrases all of their kind have (common_phrases ()). Where even the
 * shortest forms do not fit, the only cut inside a word: each column cut to its share, ending
 * in "…". Returns how many entries lost words, and
 * NOT_APART more where not every entry is told apart (flitlab_plot_legend_told_apart ()), or
 * G_MAXUINT where a word was cut. */
static guint
fit_entries (cairo_t                 *cr,
             FlitlabPlotLegendLayout *layout,
             guint                    columns,
             double                   room)
{
  const guint n = layout->entries->len;
  const guint rows = MAX ((n + columns - 1) / MAX (columns, 1), 1);
  const double keys = KEY (layout) + COLUMN_GAP (layout);
  g_autoptr(GPtrArray) forms = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  g_autofree guint *at = g_new0 (guint, MAX (n, 1));
  g_autofree double *width = g_new0 (double, MAX (n, 1));
  g_autofree gboolean *brief = g_new0 (gboolean, MAX (n, 1));
  GStrv common[2] = { common_phrases (layout, FALSE), common_phrases (layout, TRUE) };
  FlitlabFontName font;
  double total = 0;
  guint pick, cut = 0;
  gboolean all_apart = TRUE;

#define FORMS(e) ((GPtrArray *) forms->pdata[(e)])
  /* Balanced: 13 entries in 8 columns take 2 rows, and then 7 columns hold them. */
  columns = MAX ((n + rows - 1) / rows, 1);
  legend_font (layout->type, &font);
  for (guint e = 0; e < n; e++)
    {
      const LegendEntry *entry = &g_array_index (layout->entries, LegendEntry, e);
      g_autofree char *words = cut_words (layout, entry, common);

      g_ptr_array_add (forms, flitlab_plot_legend_forms (words, is_mark (entry)));
      /* Its second form its words in briefer words, not fewer (flitlab_plot_legend_forms ()). */
      brief[e] = !is_mark (entry) && FORMS (e)->len > 1 &&
                 !g_str_has_suffix (FORMS (e)->pdata[1], "…");
      width[e] = flitlab_plot_text_width (cr, words, font.name);
    }
  for (;;)
    {
      /* Of the columns whose widest entries can all give up words, the widest where their next
       * forms keep the entries told apart, a kind's or a mark's before a series' (a study's
       * name); else the widest. */
      guint widest[4] = { G_MAXUINT, G_MAXUINT, G_MAXUINT, G_MAXUINT };
      double most[LEGEND_MAX_COLUMNS] = { 0 };

      total = 2 * PAD (layout) - COLUMN_GAP (layout) + columns * keys;
      for (guint c = 0; c < columns; c++)
        {
          gboolean shorter = TRUE, apart = TRUE, series = FALSE;

          for (guint e = c * rows; e < MIN ((c + 1) * rows, n); e++)
            most[c] = MAX (most[c], width[e]);
          total += most[c];
          for (guint e = c * rows; e < MIN ((c + 1) * rows, n); e++)
            if (width[e] == most[c])
              {
                shorter &= at[e] + 1 < FORMS (e)->len;
                series |= g_array_index (layout->entries, LegendEntry, e).type ==
                          FLITLAB_PLOT_KEY_SERIES;
              }
          /* Told apart after the step: the column's widest move together. */
          for (guint e = c * rows; shorter && e < MIN ((c + 1) * rows, n); e++)
            at[e] += width[e] == most[c];
          for (guint e = c * rows; shorter && e < MIN ((c + 1) * rows, n); e++)
            apart &= width[e] != most[c] || flitlab_plot_legend_told_apart (forms, at, n, e);
          for (guint e = c * rows; shorter && e < MIN ((c + 1) * rows, n); e++)
            at[e] -= width[e] == most[c];
          shorter &= c * rows < n;
          for (guint k = (apart ? 0 : 2) + (series ? 1 : 0); shorter && k < 4; k++)
            if (widest[k] == G_MAXUINT || most[c] > most[widest[k]])
              widest[k] = c;
        }
      if (total <= room || widest[3] == G_MAXUINT)
        break;
      pick = widest[3];
      for (guint k = 3; k-- > 0;)
        pick = widest[k] != G_MAXUINT ? widest[k] : pick;
      for (guint e = pick * rows; e < MIN ((pick + 1) * rows, n); e++)
        if (width[e] == most[pick])
          {
            at[e]++;
            width[e] = flitlab_plot_text_width (cr, FORMS (e)->pdata[at[e]], font.name);
          }
    }
  /* Briefer words in one entry, in all: "bi" beside "bi", not beside "bi-directional". */
  for (guint e = 0; e < n && total <= room; e++)
    if (at[e] > 0 && brief[e])
      for (guint o = 0; o < n; o++)
        at[o] = at[o] == 0 && brief[o] ? 1 : at[o];
  layout->columns = columns;
  layout->rows = rows;
  layout->wrap = 0;
  layout->cut = room;
  layout->width = 2 * PAD (layout) - COLUMN_GAP (layout);
  for (guint c = 0; c < columns; c++)
    {
      double share = MAX ((room - layout->width) / columns - keys, 6 * layout->type);

      layout->column[c] = 0;
      for (guint e = c * rows; e < MIN ((c + 1) * rows, n); e++)
        {
          LegendEntry *entry = &g_array_index (layout->entries, LegendEntry, e);
          const char *form = FORMS (e)->pdata[at[e]];

          g_free (entry->wrapped);
          entry->wrapped = total > room ? flitlab_plot_cut_text (cr, form, font.name, share)
                                        : g_strdup (form);
          entry->lines = 1;
          entry->width = flitlab_plot_text_width (cr, entry->wrapped, font.name);
          layout->column[c] = MAX (layout->column[c], entry->width);
        }
      layout->width += keys + layout->column[c];
    }
  layout->height = legend_height (layout);
  g_strfreev (common[0]);
  g_strfreev (common[1]);
  for (guint e = 0; e < n && total <= room; e++)
    {
      cut += g_str_has_suffix (FORMS (e)->pdata[at[e]], "…");
      all_apart &= flitlab_plot_legend_told_apart (forms, at, n, e);
    }
  return total > room ? G_MAXUINT : cut + (all_apart ? 0 : NOT_APART);
#undef FORMS
}

/* The most compact layout (type scale, heads) in no more than max_height, in as many columns
 * as the entries then need across room (fit_entries ()), in as many rows as suit it best: the
 * entries told apart in the rows that leave the plot soft_height (its value axis's label
 * whole), of those the rows cutting fewest entries short, the fewest (the plot the taller);
 * else told apart in the fewest rows; else fitting, no word cut, the same way; else as many
 * rows as soft_height holds, or max_height. */
static void
legend_cut (cairo_t                 *cr,
            FlitlabPlotLegendLayout *layout,
            double                   room,
            double                   max_height,
            double                   soft_height)
{
  guint n = layout->entries->len, most, roomiest = 0, best = 0, best_rank = G_MAXUINT;

  layout->tight = TRUE;
  layout->gap = LEGEND_ROW_GAP * layout->type * LEGEND_TIGHTER;
  layout->row = layout->line + layout->gap;
  most = (guint) MAX (floor ((max_height - 2 * PAD (layout)) / layout->row), 1);
  for (guint rows = 1; rows <= most; rows++)
    {
      gboolean soft = rows * layout->row + 2 * PAD (layout) <= soft_height;
      guint score = fit_entries (cr, layout, MIN ((n + rows - 1) / rows, LEGEND_MAX_COLUMNS),
                                 room);
      /* Told apart within soft_height, told apart, fitting within it, fitting: each by the
       * entries it cuts short, then the fewest rows. */
      guint rank = score == G_MAXUINT ? G_MAXUINT
                   : (score >= NOT_APART ? 2 * NOT_APART : 0) + (soft ? 0 : NOT_APART) +
                     (soft ? score % NOT_APART : 0);

      roomiest = soft ? rows : roomiest;
      if (rank < best_rank)
        best = rows, best_rank = rank;
    }
  best = best > 0 ? best : roomiest > 0 ? roomiest : most;
  fit_entries (cr, layout, MIN ((n + best - 1) / best, LEGEND_MAX_COLUMNS), room);
}

static void
set_legend_box (FlitlabPlotFrame *f,
                double            x,
                double            y,
                double            w,
                double            h)
{
  f->legend_left = x;
  f->legend_top = y;
  f->legend_right = x + w;
  f->legend_bottom = y + h;
}

/* Where the legend goes (plot->legend), laid out into layout, within the figure's width ×
 * height and taking at most FLITLAB_PLOT_LEGEND_SHARE of its area (docs/plots.md). Auto: the
 * first inside corner (top left, top right, then the lower ones when no saturation label runs
 * along the foot) whose box covers no curve, point or error bar; else outside right when the
 * legend is high and narrow and the plot keeps three fifths of its width; else below the plot
 * in as many columns as the figure's width holds (in a crowded legend, groups named by their
 * short names) while the plot keeps three fifths of its height; else the most compact of those
 * in as many rows as the share leaves while the plot keeps 60 pt, its words cut short with
 * "…". Outside right or below, the frame gives up the room. Inside: the corner covering
 * least. */
static void
place_legend (cairo_t                 *cr,
              const FlitlabPlot       *plot,
              FlitlabPlotFrame        *f,
              double                   width,
              double                   height,
              FlitlabPlotLegendLayout *layout)
{
  static const double scales[] = { 1 };
  const double gap = 8 * f->type, frame_w = f->right - f->left, frame_h = f->bottom - f->top;
  const double share = FLITLAB_PLOT_LEGEND_SHARE * width * height;
  double best_x = 0, best_y = 0, w, h;
  guint best = G_MAXUINT, corners = flitlab_plot_saturation_labels_shown (plot, f) ? 2 : 4;
  gboolean auto_place = plot->legend == FLITLAB_PLOT_LEGEND_AUTO;

  layout->entries = legend_entries (plot, f);
  /* Inside or right: one column at the figure's type, as wide as the plot (forced right: two
   * fifths of it). */
  legend_layout (cr, f, layout, 1, FALSE,
                 plot->legend == FLITLAB_PLOT_LEGEND_RIGHT ? 0.4 * frame_w : frame_w - 4, 1);
  w = MIN (layout->width, width - 8);
  h = layout->height;
  for (guint corner = 0; corner < 4 && plot->legend != FLITLAB_PLOT_LEGEND_RIGHT &&
                         plot->legend != FLITLAB_PLOT_LEGEND_BELOW; corner++)
    {
      double wi = MIN (w, frame_w - 4);
      double cx = corner == 0 || corner == 2 ? MIN (f->left + 10 * f->type, f->right - 2 - wi)
                                             : MAX (f->right - 10 * f->type - wi, f->left + 2);
      double cy = corner < 2 ? f->top + 10 * f->type
                             : MAX (f->bottom - 10 * f->type - h, f->top + 2);
      guint covered = flitlab_plot_covers (plot, f, cx, cy, wi, h, 5);

      /* Auto: only a free corner, with room for the box whole at the figure's type. */
      if (auto_place && (corner >= corners || covered > 0 || w > frame_w - 20 * f->type ||
                         h > frame_h - 20 * f->type || w * h > share))
        continue;
      if (covered < best)
        best = covered, best_x = cx, best_y = cy;
      if (auto_place)
        break;
    }
  if (best == 0 || plot->legend == FLITLAB_PLOT_LEGEND_INSIDE)
    {
      set_legend_box (f, best_x, best_y, MIN (w, frame_w - 4), MIN (h, frame_h - 4));
      return;
    }
  if (plot->legend == FLITLAB_PLOT_LEGEND_RIGHT ||
      (auto_place && frame_w - w - gap >= MAX (120, 0.6 * frame_w) && h <= height - f->top - 4 &&
       /* Right keeps more of the plot when the legend is high and narrow. */
       w * frame_h < h * frame_w && w * MIN (h, height - f->top - 4) <= share))
    {
      f->right = MAX (f->right - w - gap, f->left + 10);
      set_legend_box (f, MIN (f->right + gap, width - w), f->top, w, MIN (h, height - f->top - 4));
      return;
    }
  /* Below: the roomiest layout within the share that leaves the plot three fifths of its
   * height and 60 pt, or the most compact cut short to fit. */
  for (guint try = 0; try < 2 * G_N_ELEMENTS (scales); try++)
    {
      legend_layout (cr, f, layout, scales[try / 2], try % 2 == 1, width - 8, LEGEND_MAX_COLUMNS);
      if (frame_h - layout->height - gap >= MAX (60, 0.6 * frame_h) &&
          layout->width * layout->height <= share)
        break;
      /* The plot keeps 60 pt, and where it can its value axis's label no smaller than the
       * tick labels (9 pt of its 10, set smaller to fit, draw_y_label ()). */
      if (try == 2 * G_N_ELEMENTS (scales) - 1)
        legend_cut (cr, layout, width - 8, MIN (share / MAX (width - 8, 1), frame_h - gap - 60),
                    frame_h - gap - MAX (60, 0.9 * flitlab_plot_y_label_length (cr, plot, f)));
    }
  if (plot->legend == FLITLAB_PLOT_LEGEND_BELOW || frame_h - layout->height - gap >= 30)
    {
      f->bottom = MAX (f->bottom - layout->height - gap, f->top + 10);
      set_legend_box (f,
                      CLAMP ((f->left + f->right - layout->width) / 2, 4,
                             width - layout->width - 4),
                      height - layout->height - 4, layout->width, layout->height);
      return;
    }
  /* Too small a figure for the legend beside the plot: the corner covering least after all. */
  legend_layout (cr, f, layout, 1, FALSE, frame_w - 4, 1);
  for (guint corner = 0; corner < 4; corner++)
    {
      double wi = MIN (w, frame_w - 4);
      double cx = corner == 0 || corner == 2 ? MIN (f->left + 10 * f->type, f->right - 2 - wi)
                                             : MAX (f->right - 10 * f->type - wi, f->left + 2);
      double cy = corner < 2 ? f->top + 10 * f->type
                             : MAX (f->bottom - 10 * f->type - h, f->top + 2);
      guint covered = flitlab_plot_covers (plot, f, cx, cy, wi, h, 5);

      if (covered < best)
        best = covered, best_x = cx, best_y = cy;
    }
  set_legend_box (f, best_x, best_y, MIN (w, frame_w - 4), MIN (h, frame_h - 4));
}

void
flitlab_plot_legend_draw (cairo_t                       *cr,
                          const FlitlabPlotFrame        *f,
                          const FlitlabPlotLegendLayout *layout)
{
  const double type = layout->type, row = layout->row, pad = PAD (layout);
  const double key = KEY (layout), x = f->legend_left, y = f->legend_top;
  const double width = f->legend_right - x, height = f->legend_bottom - y;
  /* A box narrower than its layout (a small figure) sets the words smaller. */
  const double squeeze = MAX (layout->width - width, 0);
  double kx = x + pad, top;
  FlitlabFontName font;

  if (layout->entries->len == 0)
    return;
  legend_font (type, &font);

  cairo_save (cr);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.9);
  cairo_rectangle (cr, x, y, width, height);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.75, 0.75, 0.75);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  cairo_rectangle (cr, x, y, width, height);
  cairo_clip (cr);

  /* Down the first column, then the next; a key beside its words' first line. */
  top = y + pad;
  for (guint e = 0; e < layout->entries->len; e++)
    {
      const LegendEntry *entry = &g_array_index (layout->entries, LegendEntry, e);
      guint c = e / layout->rows;
      double cy = top + row / 2;
      double mx = kx + key / 2 - 4 * type, r = 0.35, g = 0.35, b = 0.35;

      /* The marks and the kinds in grey: each series draws them in its own colour. */
      if (entry->type == FLITLAB_PLOT_KEY_SERIES)
        flitlab_plot_palette (entry->color, &r, &g, &b);
      cairo_set_source_rgb (cr, r, g, b);
      if (entry->type == FLITLAB_PLOT_KEY_SATURATED)
        flitlab_plot_mark_saturated (cr, mx, cy);
      else if (entry->type == FLITLAB_PLOT_KEY_DEADLOCKED)
        flitlab_plot_mark_deadlocked (cr, mx, cy);
      else if (entry->type == FLITLAB_PLOT_KEY_OFF_SCALE)
        flitlab_plot_mark_off_scale (cr, mx, cy);
      else if (entry->type == FLITLAB_PLOT_KEY_SATURATION)
        {
          /* The saturation line's dash, shortened to fit the row. */
          const double dash[] = { 2.5, 2 };

          cairo_save (cr);
          cairo_set_line_width (cr, 1.2);
          cairo_set_dash (cr, dash, 2, 0);
          cairo_move_to (cr, mx, cy - 0.4 * row);
          cairo_line_to (cr, mx, cy + 0.4 * row);
          cairo_stroke (cr);
          cairo_restore (cr);
        }
      if (entry->line)
        {
          cairo_save (cr);
          cairo_set_line_width (cr, 2);
          flitlab_plot_set_line_style (cr, entry->style);
          cairo_move_to (cr, kx, cy);
          cairo_line_to (cr, kx + key - 8 * type, cy);
          cairo_stroke (cr);
          cairo_restore (cr);
        }
      if (entry->points)
        flitlab_plot_draw_marker (cr, mx, cy, entry->hollow, entry->line ? 0 : entry->style);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      flitlab_render_text_within (cr, entry_text (layout, entry), font.name, kx + key,
                                  top + layout->gap / 2, 0, 0,
                                  MAX (layout->column[c] - squeeze, 1));
      top += entry->lines * layout->line + layout->gap;
      if ((e + 1) % layout->rows == 0)
        {
          kx += key + COLUMN_GAP (layout) + layout->column[c];
          top = y + pad;
        }
    }
  cairo_restore (cr);
}

FlitlabPlotLegendLayout *
flitlab_plot_legend_place (cairo_t           *cr,
                           const FlitlabPlot *plot,
                           FlitlabPlotFrame  *f,
                           double             width,
                           double             height)
{
  FlitlabPlotLegendLayout *layout = g_new0 (FlitlabPlotLegendLayout, 1);

  place_legend (cr, plot, f, width, height, layout);
  f->legend_heads = layout->heads;
  f->legend_columns = layout->columns;
  f->legend_wrap = layout->wrap;
  f->legend_cut = layout->cut;
  return layout;
}

void
flitlab_plot_legend_layout_free (FlitlabPlotLegendLayout *layout)
{
  if (layout == NULL)
    return;
  g_clear_pointer (&layout->entries, g_array_unref);
  g_free (layout);
}
