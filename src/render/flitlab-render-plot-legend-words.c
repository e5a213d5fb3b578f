/* flitlab-render-plot-legend-words.c: a crowded legend's words: the shorter forms an entry
 * may take, none cutting a word, and whether they still tell the entries apart
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-render-plot-private.h"

/* text's first k characters, without the spaces they end in, and "…". */
static char *
cut_at (const char *text,
        glong       k)
{
  g_autofree char *head = g_utf8_substring (text, 0, k);

  return g_strconcat (g_strchomp (head), "…", NULL);
}

char *
flitlab_plot_cut_text (cairo_t    *cr,
                       const char *text,
                       const char *font,
                       double      width)
{
  glong lo = 1, hi = g_utf8_strlen (text, -1);

  if (flitlab_plot_text_width (cr, text, font) <= width)
    return g_strdup (text);
  /* The longest head of the words that fits with its "…" (at least one character), by halves:
   * a name of thousands of characters takes a few measures. */
  while (hi - lo > 1)
    {
      glong mid = (lo + hi) / 2;
      g_autofree char *cut = cut_at (text, mid);

      if (flitlab_plot_text_width (cr, cut, font) <= width)
        lo = mid;
      else
        hi = mid;
    }
  return cut_at (text, lo);
}

/* Briefer words that say the same, for a crowded legend, longest first: a network's spec
 * spells the directions so ("torus:6x6x6:bi"), and the key beside the words shows the rest. */
static const struct
{
  const char *whole, *brief;
} abbreviations[] = {
  /* Translators: each pair, the words of a legend and briefer ones saying the same, which a
   * crowded legend uses: keep them as short */
  { N_("Saturation or capacity of the model"), N_("Saturation or capacity") },
  { N_("Saturation of the model"), N_("Saturation") },
  { N_("Capacity of the model"), N_("Capacity") },
  { N_("not this study's network"), N_("other network") },
  { N_("not this study's settings"), N_("other settings") },
  { N_("Published values"), N_("Published") },
  { N_("uni-directional"), N_("uni") },
  { N_("bi-directional"), N_("bi") },
};

GPtrArray *
flitlab_plot_legend_forms (const char *words,
                           gboolean    mark)
{
  GPtrArray *forms = g_ptr_array_new_with_free_func (g_free);
  GString *brief = g_string_new (words);
  const char *comma, *bracket, *first_end;
  gboolean keyed;

  g_ptr_array_add (forms, g_strdup (words));
  /* A mark's words before what is said of them ("deadlocked: no flit moves"): its name. */
  if (mark && strstr (words, ": ") != NULL)
    g_ptr_array_add (forms, g_strndup (words, strstr (words, ": ") - words));
  for (guint i = 0; !mark && i < G_N_ELEMENTS (abbreviations); i++)
    g_string_replace (brief, _(abbreviations[i].whole), _(abbreviations[i].brief), 0);
  if (!mark && !g_str_equal (brief->str, words))
    g_ptr_array_add (forms, g_strdup (brief->str));
  comma = strstr (brief->str, ", ");
  bracket = strstr (brief->str, " (");
  first_end = comma == NULL ? bracket : bracket == NULL ? comma : MIN (comma, bracket);
  /* A setting's value ("variant = paper") is what tells the entry apart: its words stay. */
  keyed = strstr (brief->str, " = ") != NULL &&
          (first_end == NULL || strstr (brief->str, " = ") < first_end);
  for (const char *p = brief->str + brief->len - 1; !mark && p > brief->str; p--)
    {
      gboolean phrase = g_str_has_prefix (p, ", ") || g_str_has_prefix (p, " (");
      g_autofree char *head = NULL;

      if (!phrase && (*p != ' ' || keyed || (first_end != NULL && p > first_end)))
        continue;
      head = g_strchomp (g_strndup (brief->str, p - brief->str));
      /* Not "…flits =…": a head ends in a word, not in its sign. */
      while (head[0] != '\0' && strchr (",;:= ", head[strlen (head) - 1]) != NULL)
        head[strlen (head) - 1] = '\0';
      if (head[0] != '\0' && !g_str_equal (head, "…"))
        g_ptr_array_add (forms, g_strconcat (head, "…", NULL));
    }
  g_string_free (brief, TRUE);
  return forms;
}

gboolean
flitlab_plot_legend_told_apart (GPtrArray   *forms,
                                const guint *at,
                                guint        n,
                                guint        e)
{
  const GPtrArray *own = forms->pdata[e];
  const char *form = own->pdata[at[e]];
  g_autofree char *stem = NULL;

  if (g_str_has_prefix (form, "…"))
    form += strlen ("…");
  stem = g_strdup (form);
  if (g_str_has_suffix (stem, "…") && at[e] > 0)
    stem[strlen (stem) - strlen ("…")] = '\0';
  else
    g_clear_pointer (&stem, g_free);
  for (guint o = 0; o < n; o++)
    {
      const GPtrArray *other = forms->pdata[o];

      if (o == e)
        continue;
      if (g_str_equal (own->pdata[at[e]], other->pdata[at[o]]))
        return FALSE;
      /* Against the other's words whole and in briefer words. */
      for (guint k = 0; stem != NULL && k < MIN (other->len, 2); k++)
        {
          const char *words = other->pdata[k];

          if (g_str_has_prefix (words, "…"))
            words += strlen ("…");
          if (g_str_has_prefix (words, stem))
            return FALSE;
        }
    }
  return TRUE;
}
