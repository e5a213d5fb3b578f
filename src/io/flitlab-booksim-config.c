/* flitlab-booksim-config.c: BookSim 2's configurations, read into a study and written from one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The format and the defaults are BookSim's (its config.l, config.y and booksim_config.cpp),
 * read for their meaning only: this is Flitlab's own reader. docs/booksim.md says how each key
 * maps and what the two simulators count differently.
 */

#include "config.h"

#include <errno.h>
#include <math.h>
#include <sys/stat.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "flitlab-booksim-config.h"
#include "flitlab-limits.h"

G_DEFINE_QUARK (flitlab-booksim-error-quark, flitlab_booksim_error)

typedef struct
{
  char *value;
  char *where; /* "file:line" or "override “key=value”" */
} Entry;

struct _FlitlabBooksimConfig
{
  GHashTable *entries; /* key -> Entry */
  GPtrArray  *keys;    /* the keys in the order first set, for notes and warnings */
  char       *folder;  /* where a relative network_file is, or NULL: the working folder */
};

static void
entry_free (Entry *entry)
{
  g_free (entry->value);
  g_free (entry->where);
  g_free (entry);
}

FlitlabBooksimConfig *
flitlab_booksim_config_new (void)
{
  FlitlabBooksimConfig *self = g_new0 (FlitlabBooksimConfig, 1);

  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) entry_free);
  self->keys = g_ptr_array_new_with_free_func (g_free);
  return self;
}

void
flitlab_booksim_config_free (FlitlabBooksimConfig *self)
{
  if (self == NULL)
    return;
  g_hash_table_unref (self->entries);
  g_ptr_array_unref (self->keys);
  g_free (self->folder);
  g_free (self);
}

void
flitlab_booksim_config_set_folder (FlitlabBooksimConfig *self,
                                   const char           *folder)
{
  g_free (self->folder);
  self->folder = g_strdup (folder);
}

static void
set_entry (FlitlabBooksimConfig *self,
           const char           *key,
           const char           *value,
           char                 *where)
{
  Entry *entry = g_new0 (Entry, 1);

  entry->value = g_strdup (value);
  entry->where = where;
  if (!g_hash_table_contains (self->entries, key))
    g_ptr_array_add (self->keys, g_strdup (key));
  g_hash_table_replace (self->entries, g_strdup (key), entry);
}

const char *
flitlab_booksim_config_get (const FlitlabBooksimConfig *self,
                            const char                 *key)
{
  const Entry *entry = g_hash_table_lookup (self->entries, key);

  return entry != NULL ? entry->value : NULL;
}

static const char *
where_set (const FlitlabBooksimConfig *self,
           const char                 *key)
{
  const Entry *entry = g_hash_table_lookup (self->entries, key);

  return entry != NULL ? entry->where : "BookSim's default";
}

/* ---- the format ------------------------------------------------------------------------- */

typedef struct
{
  const char *p, *end;
  guint       line;
} Scanner;

/* Spaces, newlines and // comments, which BookSim's lexer skips anywhere. */
static void
skip_blanks (Scanner *s)
{
  while (s->p < s->end)
    {
      if (*s->p == '\n')
        s->line++, s->p++;
      else if (*s->p == ' ' || *s->p == '\t' || *s->p == '\r')
        s->p++;
      else if (*s->p == '/' && s->p + 1 < s->end && s->p[1] == '/')
        while (s->p < s->end && *s->p != '\n')
          s->p++;
      else
        break;
    }
}

static gboolean
is_key_char (char c,
             gboolean first)
{
  return g_ascii_isalpha (c) || c == '_' || (!first && g_ascii_isdigit (c));
}

/* A value is one of BookSim's tokens: a number, a word, a path or a {list}, without blanks;
 * a comment may follow it at once. */
static gboolean
is_value_char (const char *p,
               const char *end)
{
  if (*p == '/')
    return !(p + 1 < end && p[1] == '/');
  return *p != ';' && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n' && *p != '=';
}

static char *
quote_char (const char *p,
            const char *end)
{
  if (p >= end)
    return g_strdup (_("the end of the file"));
  return g_strdup_printf ("“%c”", g_ascii_isprint (*p) ? *p : '?');
}

gboolean
flitlab_booksim_config_parse (FlitlabBooksimConfig *self,
                              const char           *text,
                              gsize                 length,
                              const char           *name_for_errors,
                              guint                 first_line,
                              GError              **error)
{
  Scanner s = { text, text + length, first_line };

  g_return_val_if_fail (self != NULL && text != NULL, FALSE);

  if (!g_utf8_validate_len (text, length, NULL) || memchr (text, '\0', length) != NULL)
    {
      g_set_error (error, FLITLAB_BOOKSIM_ERROR, FLITLAB_BOOKSIM_ERROR_PARSE,
                   _("%s: not a BookSim configuration (not text)"), name_for_errors);
      return FALSE;
    }
  for (;;)
    {
      g_autofree char *key = NULL, *value = NULL, *got = NULL;
      const char *start;
      guint line;

      skip_blanks (&s);
      if (s.p >= s.end)
        return TRUE;
      line = s.line;
      start = s.p;
      while (s.p < s.end && is_key_char (*s.p, s.p == start))
        s.p++;
      if (s.p == start)
        {
          got = quote_char (s.p, s.end);
          g_set_error (error, FLITLAB_BOOKSIM_ERROR, FLITLAB_BOOKSIM_ERROR_PARSE,
                       _("%s:%u: expected a key, not %s"), name_for_errors, line, got);
          return FALSE;
        }
      key = g_strndup (start, s.p - start);
      skip_blanks (&s);
      if (s.p >= s.end || *s.p != '=')
        {
          got = quote_char (s.p, s.end);
          g_set_error (error, FLITLAB_BOOKSIM_ERROR, FLITLAB_BOOKSIM_ERROR_PARSE,
                       _("%s:%u: expected “=” after “%s”, not %s"), name_for_errors, s.line,
                       key, got);
          return FALSE;
        }
      s.p++;
      skip_blanks (&s);
      start = s.p;
      while (s.p < s.end && is_value_char (s.p, s.end))
        s.p++;
      if (s.p == start)
        {
          g_set_error (error, FLITLAB_BOOKSIM_ERROR, FLITLAB_BOOKSIM_ERROR_PARSE,
                       _("%s:%u: “%s” has no value"), name_for_errors, s.line, key);
          return FALSE;
        }
      value = g_strndup (start, s.p - start);
      skip_blanks (&s);
      if (s.p >= s.end || *s.p != ';')
        {
          got = quote_char (s.p, s.end);
          g_set_error (error, FLITLAB_BOOKSIM_ERROR, FLITLAB_BOOKSIM_ERROR_PARSE,
                       _("%s:%u: expected “;” after “%s = %s”, not %s"), name_for_errors,
                       s.line, key, value, got);
          return FALSE;
        }
      s.p++;
      set_entry (self, key, value, g_strdup_printf ("%s:%u", name_for_errors, line));
    }
}

gboolean
flitlab_booksim_config_override (FlitlabBooksimConfig *self,
                                 const char           *assignment,
                                 GError              **error)
{
  g_autofree char *name = g_strdup_printf (_("override “%s”"), assignment);
  g_autoptr(FlitlabBooksimConfig) one = flitlab_booksim_config_new ();
  g_autofree char *statement = NULL;
  const char *key;
  const Entry *entry;

  if (strchr (assignment, '=') == NULL || strchr (assignment, ';') != NULL)
    {
      g_set_error (error, FLITLAB_BOOKSIM_ERROR, FLITLAB_BOOKSIM_ERROR_PARSE,
                   _("%s: an override is KEY=VALUE"), name);
      return FALSE;
    }
  /* BookSim parses an override as the statement "key=value;". */
  statement = g_strconcat (assignment, ";", NULL);
  if (!flitlab_booksim_config_parse (one, statement, strlen (statement), name, 1, error))
    return FALSE;
  if (one->keys->len != 1)
    {
      g_set_error (error, FLITLAB_BOOKSIM_ERROR, FLITLAB_BOOKSIM_ERROR_PARSE,
                   _("%s: an override is KEY=VALUE"), name);
      return FALSE;
    }
  key = one->keys->pdata[0];
  entry = g_hash_table_lookup (one->entries, key);
  set_entry (self, key, entry->value, g_steal_pointer (&name));
  return TRUE;
}

/* ---- BookSim's keys ------------------------------------------------------------------------ */

typedef enum
{
  KEY_MAPPED, /* read into the study */
  KEY_ROUTER, /* BookSim's router or flow control, which Flitlab does not model */
  KEY_RUN,    /* how BookSim runs and reports */
} KeyKind;

/* Every BookSim key Flitlab knows, and for those it does not model, what it changes in
 * BookSim's numbers. A key not here is unknown: a warning, and ignored. */
static const struct
{
  const char *key;
  KeyKind     kind;
  const char *note;
} known_keys[] = {
  { "topology", KEY_MAPPED, NULL },
  { "k", KEY_MAPPED, NULL },
  { "n", KEY_MAPPED, NULL },
  { "c", KEY_MAPPED, NULL },
  { "network_file", KEY_MAPPED, NULL },
  { "routing_function", KEY_MAPPED, NULL },
  { "num_vcs", KEY_MAPPED, NULL },
  { "vc_buf_size", KEY_MAPPED, NULL },
  { "traffic", KEY_MAPPED, NULL },
  { "injection_rate", KEY_MAPPED, NULL },
  { "injection_rate_uses_flits", KEY_MAPPED, NULL },
  { "packet_size", KEY_MAPPED, NULL },
  { "sim_type", KEY_MAPPED, NULL },
  { "seed", KEY_MAPPED, NULL },
  { "classes", KEY_MAPPED, NULL },
  { "perm_seed", KEY_MAPPED, NULL },
  { "routing_delay", KEY_ROUTER,
    N_("cycles of route computation at every router a header passes; each adds one cycle per "
       "hop to BookSim's latency (Flitlab routes within its one cycle per hop)") },
  { "vc_alloc_delay", KEY_ROUTER,
    N_("cycles of virtual-channel allocation per hop, at least 1; each above 1 adds a cycle "
       "per hop") },
  { "sw_alloc_delay", KEY_ROUTER,
    N_("cycles of switch allocation per hop, at least 1; without speculation it follows VC "
       "allocation, one more cycle per hop") },
  { "speculative", KEY_ROUTER,
    N_("with 1 switch allocation overlaps VC allocation, one cycle less per hop than with 0") },
  { "st_prepare_delay", KEY_ROUTER, N_("cycles to set up the crossbar, per hop") },
  { "st_final_delay", KEY_ROUTER,
    N_("cycles to cross the crossbar, per hop (BookSim's default 1)") },
  { "credit_delay", KEY_ROUTER,
    N_("cycles before a freed buffer's credit is sent back: with short buffers a virtual "
       "channel streams flits more slowly, so throughput falls and latency rises under load") },
  { "router", KEY_ROUTER,
    N_("BookSim's router model (iq: input-queued, pipelined); Flitlab's router has no pipeline") },
  { "vc_allocator", KEY_ROUTER,
    N_("which waiting header gets a virtual channel: changes who waits, little the mean at low "
       "load") },
  { "sw_allocator", KEY_ROUTER,
    N_("which flit crosses the switch: an imperfect allocator lowers saturation throughput") },
  { "alloc_iters", KEY_ROUTER, N_("allocator iterations: more match more requests per cycle") },
  { "arb_type", KEY_ROUTER, N_("the arbiters' kind: fairness more than the mean") },
  { "spec_sw_allocator", KEY_ROUTER, N_("the speculative switch allocator") },
  { "input_speedup", KEY_ROUTER,
    N_("crossbar inputs per port: above 1 less contention, higher saturation throughput") },
  { "output_speedup", KEY_ROUTER,
    N_("crossbar outputs per port: above 1 less contention, higher saturation throughput") },
  { "internal_speedup", KEY_ROUTER,
    N_("the router's clock against the channels': above 1 the router adds less delay per "
       "hop") },
  { "use_noc_latency", KEY_ROUTER,
    N_("with 1 (BookSim's default) a channel's latency follows its length in the layout, with "
       "0 it is one cycle, as Flitlab's") },
  { "wait_for_tail_credit", KEY_ROUTER,
    N_("with 1 a virtual channel is given to another packet only when the last one's tail "
       "credit is back, so fewer are free under load") },
  { "vc_busy_when_full", KEY_ROUTER, N_("a full virtual channel counts as taken") },
  { "vc_prioritize_empty", KEY_ROUTER, N_("empty virtual channels are allocated first") },
  { "vc_shuffle_requests", KEY_ROUTER, N_("VC requests are shuffled for fairness") },
  { "hold_switch_for_packet", KEY_ROUTER,
    N_("a packet keeps the switch until its tail: other packets wait longer") },
  { "output_delay", KEY_ROUTER, N_("cycles added at every output, per hop") },
  { "output_buffer_size", KEY_ROUTER, N_("the output queue's depth") },
  { "buf_size", KEY_ROUTER, N_("a buffer shared by a port's virtual channels") },
  { "buffer_policy", KEY_ROUTER, N_("how virtual channels share a port's buffer") },
  { "private_bufs", KEY_ROUTER, N_("buffer sharing") },
  { "private_buf_size", KEY_ROUTER, N_("buffer sharing") },
  { "noq", KEY_ROUTER, N_("next-hop output queueing, with lookahead routing") },
  { "priority", KEY_ROUTER, N_("packet priorities (age, class): who waits, not the mean") },
  { "class_priority", KEY_ROUTER, N_("traffic classes' priorities") },
  { "include_queuing", KEY_ROUTER,
    N_("with 1 (BookSim's default) packet latency counts the wait in the source queue, as "
       "Flitlab's total latency does, with 0 it does not") },
  { "injection_process", KEY_ROUTER,
    N_("BookSim's bernoulli (its default) makes at most one new packet per node per cycle; "
       "Flitlab's arrivals are Poisson, a little burstier, so a little more queueing") },
  { "warmup_periods", KEY_RUN, NULL },
  { "sample_period", KEY_RUN, NULL },
  { "max_samples", KEY_RUN, NULL },
  { "latency_thres", KEY_RUN, NULL },
  { "warmup_thres", KEY_RUN, NULL },
  { "acc_warmup_thres", KEY_RUN, NULL },
  { "stopping_thres", KEY_RUN, NULL },
  { "acc_stopping_thres", KEY_RUN, NULL },
  { "sim_count", KEY_RUN, NULL },
  { "measure_stats", KEY_RUN, NULL },
  { "pair_stats", KEY_RUN, NULL },
  { "print_activity", KEY_RUN, NULL },
  { "print_csv_results", KEY_RUN, NULL },
  { "deadlock_warn_timeout", KEY_RUN, NULL },
  { "viewer_trace", KEY_RUN, NULL },
  { "watch_file", KEY_RUN, NULL },
  { "watch_flits", KEY_RUN, NULL },
  { "watch_packets", KEY_RUN, NULL },
  { "watch_out", KEY_RUN, NULL },
  { "stats_out", KEY_RUN, NULL },
  { "sim_power", KEY_RUN, NULL },
  { "subnets", KEY_RUN, NULL },
};

static gint
find_key (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (known_keys); i++)
    if (g_str_equal (known_keys[i].key, key))
      return (gint) i;
  return -1;
}

/* ---- values ----------------------------------------------------------------------------- */

static gboolean
fail (GError   **error,
      int        code,
      const char *format,
      ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail (GError   **error,
      int        code,
      const char *format,
      ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, FLITLAB_BOOKSIM_ERROR, code, message);
  return FALSE;
}

/* A whole number from min to max for key, or its BookSim default when it is not set. */
static gboolean
get_uint (const FlitlabBooksimConfig *self,
          const char                 *key,
          guint64                     fallback,
          guint64                     min,
          guint64                     max,
          guint64                    *out,
          GError                    **error)
{
  const char *text = flitlab_booksim_config_get (self, key);

  if (text == NULL)
    {
      *out = fallback;
      return TRUE;
    }
  if (!g_ascii_string_to_unsigned (text, 10, min, max, out, NULL))
    return fail (error, FLITLAB_BOOKSIM_ERROR_INVALID,
                 _("%s: %s is a whole number from %llu to %llu"
                   ", not “%s”"),
                 where_set (self, key), key, (unsigned long long) min,
                 (unsigned long long) max, text);
  return TRUE;
}

static gboolean
get_double (const FlitlabBooksimConfig *self,
            const char                 *key,
            double                      fallback,
            double                     *out,
            GError                    **error)
{
  const char *text = flitlab_booksim_config_get (self, key);
  char *end = NULL;

  if (text == NULL)
    {
      *out = fallback;
      return TRUE;
    }
  *out = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (*out) || *out < 0)
    return fail (error, FLITLAB_BOOKSIM_ERROR_INVALID,
                 _("%s: %s is a number of at least 0, not “%s”"), where_set (self, key), key,
                 text);
  return TRUE;
}

static const char *
get_string (const FlitlabBooksimConfig *self,
            const char                 *key,
            const char                 *fallback)
{
  const char *text = flitlab_booksim_config_get (self, key);

  return text != NULL ? text : fallback;
}

/* ---- the network, the routing, the traffic ------------------------------------------------ */

/* The one place that says which of BookSim's topologies Flitlab runs. anynet is a network
 * from its network_file (docs/networks.md), found beside the configuration when relative. */
char *
flitlab_booksim_config_dup_topology (const FlitlabBooksimConfig *self,
                                     GError                    **error)
{
  const char *topology = get_string (self, "topology", "torus");
  gboolean torus = g_str_equal (topology, "torus");
  g_autoptr(GString) spec = NULL;
  guint64 k, n, c;

  if (g_str_equal (topology, "anynet"))
    {
      const char *file = flitlab_booksim_config_get (self, "network_file");
      g_autofree char *path = NULL;

      if (file == NULL || file[0] == '\0')
        {
          fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
                _("%s: an anynet network needs its network_file"),
                where_set (self, "topology"));
          return NULL;
        }
      path = g_path_is_absolute (file) || self->folder == NULL
             ? g_strdup (file) : g_build_filename (self->folder, file, NULL);
      return g_strconcat ("file:", path, NULL);
    }
  if (!torus && !g_str_equal (topology, "mesh"))
    {
      fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
            _("%s: Flitlab cannot run BookSim's topology “%s”: it runs torus and mesh"),
            where_set (self, "topology"), topology);
      return NULL;
    }
  if (!get_uint (self, "k", 8, 2, FLITLAB_TOPOLOGY_MAX_NODES, &k, error) ||
      !get_uint (self, "n", 2, 1, FLITLAB_TOPOLOGY_MAX_DIMS, &n, error) ||
      !get_uint (self, "c", 1, 1, G_MAXUINT, &c, error))
    return NULL;
  if (c != 1)
    {
      fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
            _("%s: Flitlab cannot run a concentrated network (c = %llu): one "
              "node per router"), where_set (self, "c"), (unsigned long long) c);
      return NULL;
    }
  spec = g_string_new (torus ? "torus:" : "mesh:");
  for (guint64 d = 0; d < n; d++)
    g_string_append_printf (spec, "%s%" G_GUINT64_FORMAT, d > 0 ? "x" : "", k);
  /* BookSim's tori are bi-directional. */
  if (torus)
    g_string_append (spec, ":bi");
  return g_string_free (g_steal_pointer (&spec), FALSE);
}

/* BookSim's routing_function names (it appends "_torus" or "_mesh") as Flitlab's routings. */
static gboolean
map_routing (const FlitlabBooksimConfig *self,
             gboolean                    torus,
             FlitlabRouting             *routing,
             GString                    *notes,
             GError                    **error)
{
  const char *name = get_string (self, "routing_function", "none");

  if (g_str_equal (name, "dor") || g_str_equal (name, "dim_order") ||
      g_str_equal (name, "dor_dateline"))
    {
      *routing = FLITLAB_ROUTING_DOR;
      if (torus)
        g_string_append (notes, _("• Dimension order on a torus: both simulators split the "
                                  "virtual channels into two dateline classes; BookSim picks a "
                                  "packet's class for a whole dimension as it enters it, "
                                  "Flitlab moves a message to the second class at the "
                                  "wrap-around link. A destination half way round goes either "
                                  "way by a coin in both.\n"));
      return TRUE;
    }
  if (g_str_equal (name, "min_adapt"))
    {
      *routing = FLITLAB_ROUTING_ADAPTIVE;
      g_string_append (notes, torus
                       ? _("• min_adapt on a torus: BookSim's escape channels are VCs 0 and 1 "
                           "(dimension order with a dateline) and its one adaptive VC is VC 3, "
                           "whatever num_vcs; Flitlab's adaptive routing with 3 VCs has the "
                           "same escape and adaptive channels, so the study has 3.\n")
                       : _("• min_adapt on a mesh: VC 0 is the escape (dimension order), the "
                           "others adaptive, in both simulators.\n"));
      return TRUE;
    }
  if (g_str_equal (name, "none"))
    return fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
                 _("%s: the configuration names no routing_function"),
                 where_set (self, "routing_function"));
  return fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
               _("%s: Flitlab cannot run BookSim's routing “%s”: it runs dor, dim_order, "
                 "dor_dateline and min_adapt"), where_set (self, "routing_function"), name);
}

/* anynet's one routing, min: BookSim's shortest-path tables, as Flitlab's shortest. */
static gboolean
map_anynet_routing (const FlitlabBooksimConfig *self,
                    FlitlabStudy               *study,
                    GString                    *notes,
                    GError                    **error)
{
  const char *name = get_string (self, "routing_function", "none");

  if (!g_str_equal (name, "min"))
    return fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
                 _("%s: on an anynet network Flitlab runs BookSim's routing min (shortest "
                   "paths), not “%s”"), where_set (self, "routing_function"), name);
  study->routing = FLITLAB_ROUTING_SHORTEST;
  /* Shortest paths may hold channels in a cycle: a deadlock is then a result to see. */
  study->simulation.allow_deadlock = TRUE;
  g_string_append (notes, _("• min on anynet: both simulators route by a table of shortest "
                            "paths, which may deadlock (BookSim's ties may differ from "
                            "Flitlab's lowest neighbour); the study is in the deadlock lab, "
                            "where a deadlock is a result. Up*/down* (routing updown) is "
                            "Flitlab's routing of the same network free of deadlock.\n"));
  return TRUE;
}

static gboolean
map_traffic (const FlitlabBooksimConfig *self,
             FlitlabStudy               *study,
             GString                    *notes,
             GError                    **error)
{
  static const struct { const char *booksim; FlitlabTrafficPattern pattern; } patterns[] = {
    { "uniform", FLITLAB_TRAFFIC_UNIFORM },
    { "transpose", FLITLAB_TRAFFIC_TRANSPOSE },
    { "bitcomp", FLITLAB_TRAFFIC_BIT_COMPLEMENT },
    { "bitrev", FLITLAB_TRAFFIC_BIT_REVERSAL },
    { "tornado", FLITLAB_TRAFFIC_TORNADO },
    { "neighbor", FLITLAB_TRAFFIC_NEIGHBOUR },
  };
  const char *traffic = get_string (self, "traffic", "uniform");
  const char *where = where_set (self, "traffic");
  g_autofree char *name = g_strdup (traffic);
  char *paren = strchr (name, '(');

  if (paren != NULL)
    *paren = '\0';
  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    if (g_str_equal (name, patterns[i].booksim))
      {
        study->pattern = patterns[i].pattern;
        if (study->pattern == FLITLAB_TRAFFIC_UNIFORM)
          g_string_append (notes, _("• uniform: BookSim draws a packet's destination from all "
                                    "the nodes, its source too (a packet that goes nowhere, 1 "
                                    "in N); Flitlab's from the other nodes.\n"));
        else if (study->pattern != FLITLAB_TRAFFIC_TORNADO &&
                 study->pattern != FLITLAB_TRAFFIC_NEIGHBOUR)
          g_string_append (notes, _("• BookSim permutes the bits of a node's number, Flitlab "
                                    "its coordinates: the same permutation when k is a power "
                                    "of two. A node the permutation maps onto itself sends its "
                                    "packets to itself in BookSim, none in Flitlab.\n"));
        return TRUE;
      }
  if (g_str_equal (name, "hotspot"))
    {
      /* hotspot({h}) sends every packet to h; several hotspots, or a random one, Flitlab's
       * hotspot (one node) cannot. */
      const char *list = paren != NULL ? paren + 1 : "";
      guint64 node;
      g_autofree char *digits = NULL;

      digits = g_strndup (list + (list[0] == '{'), strcspn (list + (list[0] == '{'), "}),"));
      if (!g_ascii_string_to_unsigned (digits, 10, 0, G_MAXUINT - 1, &node, NULL) ||
          strchr (list, ',') != NULL)
        return fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
                     _("%s: Flitlab runs hotspot traffic with one hotspot node, as "
                       "hotspot({5}), not “%s”"), where, traffic);
      study->pattern = FLITLAB_TRAFFIC_HOTSPOT;
      study->hotspot_fraction = 1;
      study->hotspot_node = (guint) node;
      g_string_append (notes, _("• hotspot: every packet goes to the hotspot node (Flitlab's "
                                "hotspot fraction 1); BookSim's hotspot node sends to itself, "
                                "Flitlab's to the other nodes uniformly.\n"));
      return TRUE;
    }
  if (g_str_equal (name, "randperm"))
    return fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
                 _("%s: Flitlab cannot import randperm: BookSim draws its permutation with its "
                   "own random numbers (write it as a traffic matrix instead)"), where);
  return fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
               _("%s: Flitlab cannot run BookSim's traffic “%s”: it runs uniform, transpose, "
                 "bitcomp, bitrev, tornado, neighbor and hotspot"), where, traffic);
}

gboolean
flitlab_booksim_config_get_load (const FlitlabBooksimConfig *self,
                                 double                     *flits,
                                 double                     *rate,
                                 GError                    **error)
{
  guint64 size, uses_flits;

  /* A {list} is one value per traffic class: Flitlab has one. */
  if (!get_uint (self, "packet_size", 1, 1, FLITLAB_MAX_FLITS, &size, error) ||
      !get_uint (self, "injection_rate_uses_flits", 0, 0, 1, &uses_flits, error) ||
      !get_double (self, "injection_rate", 0.1, rate, error))
    return FALSE;
  *flits = (double) size;
  if (uses_flits)
    *rate /= *flits;
  return TRUE;
}

/* ---- into a study -------------------------------------------------------------------------- */

FlitlabStudy *
flitlab_booksim_config_to_study (const FlitlabBooksimConfig *self,
                                 const char                 *name,
                                 GPtrArray                  *warnings,
                                 GError                    **error)
{
  g_autoptr(FlitlabStudy) study = flitlab_study_new (name);
  g_autoptr(GString) notes = g_string_new (NULL);
  g_autoptr(GString) router_notes = g_string_new (NULL);
  g_autoptr(GString) run_keys = g_string_new (NULL);
  g_autoptr(FlitlabTraffic) traffic = NULL;
  g_autofree char *spec = NULL;
  const char *sim_type = get_string (self, "sim_type", "latency");
  guint64 vcs, buffer, classes, seed = 1;
  double flits, rate;
  gboolean torus;

  g_return_val_if_fail (self != NULL && name != NULL, NULL);

  if (!get_uint (self, "classes", 1, 1, G_MAXUINT, &classes, error))
    return NULL;
  if (classes != 1)
    {
      fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
            _("%s: Flitlab runs one traffic class, not %llu"),
            where_set (self, "classes"), (unsigned long long) classes);
      return NULL;
    }
  spec = flitlab_booksim_config_dup_topology (self, error);
  if (spec == NULL)
    return NULL;
  if (!flitlab_study_set_topology (study, spec, error))
    return NULL;
  torus = flitlab_topology_get_family (study->network) == FLITLAB_TOPOLOGY_TORUS;

  g_string_append (notes, _("Read from a BookSim 2 configuration (flitlab-cli import-booksim, "
                            "docs/booksim.md). BookSim's router is pipelined: a header takes "
                            "at least 2 cycles in each router with its fastest keys "
                            "(routing_delay = 0, speculative = 1) and 1 on each channel, "
                            "where Flitlab's takes 1 cycle per hop, router and channel; "
                            "BookSim's latencies are the longer by that much per hop (about "
                            "6 cycles per hop with BookSim's defaults on an 8×8 torus).\n"));
  if (!(flitlab_topology_get_family (study->network) == FLITLAB_TOPOLOGY_FILE
         ? map_anynet_routing (self, study, notes, error)
         : map_routing (self, torus, &study->routing, notes, error)) ||
      !map_traffic (self, study, notes, error))
    return NULL;
  traffic = flitlab_traffic_new (study->network, study->pattern, study->hotspot_fraction,
                                 study->hotspot_node, error);
  if (traffic == NULL)
    {
      g_prefix_error (error, "%s: ", where_set (self, "traffic"));
      return NULL;
    }

  if (!get_uint (self, "num_vcs", 16, 1, FLITLAB_MAX_VCS, &vcs, error) ||
      !get_uint (self, "vc_buf_size", 8, 1, FLITLAB_MAX_BUFFER, &buffer, error) ||
      !flitlab_booksim_config_get_load (self, &flits, &rate, error))
    return NULL;
  if (!flitlab_limits_check_load (rate, error))
    {
      g_prefix_error (error, "%s: ", where_set (self, "injection_rate"));
      return NULL;
    }
  if (flitlab_booksim_config_get (self, "seed") != NULL &&
      !g_str_equal (flitlab_booksim_config_get (self, "seed"), "time") &&
      !get_uint (self, "seed", 0, 0, G_MAXUINT64, &seed, error))
    return NULL;
  if (study->routing == FLITLAB_ROUTING_ADAPTIVE && torus)
    vcs = 3;
  study->simulation.enabled = TRUE;
  study->simulation.vcs = (guint) vcs;
  study->simulation.buffer = (guint) buffer;
  study->simulation.seed = seed;
  study->length = FLITLAB_LENGTH_FIXED;
  study->flits = flits;
  study->rate_min = study->rate_max = rate;
  study->n_rates = 1;

  if (g_str_equal (sim_type, "throughput"))
    g_string_append (notes, _("• sim_type = throughput: BookSim runs on past the latency "
                              "threshold to measure the accepted rate; Flitlab measures both at "
                              "every load.\n"));
  else if (!g_str_equal (sim_type, "latency"))
    {
      fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
            _("%s: Flitlab runs sim_type latency or throughput (open loop), not “%s”"),
            where_set (self, "sim_type"), sim_type);
      return NULL;
    }

  for (guint i = 0; i < self->keys->len; i++)
    {
      const char *key = self->keys->pdata[i];
      gint known = find_key (key);

      if (known < 0)
        {
          if (warnings != NULL)
            g_ptr_array_add (warnings,
                             g_strdup_printf (_("%s: unknown key “%s”, ignored"),
                                              where_set (self, key), key));
        }
      else if (known_keys[known].kind == KEY_ROUTER)
        g_string_append_printf (router_notes, "• %s = %s: %s\n", key,
                                flitlab_booksim_config_get (self, key),
                                _(known_keys[known].note));
      else if (known_keys[known].kind == KEY_RUN)
        g_string_append_printf (run_keys, "%s%s", run_keys->len > 0 ? ", " : "", key);
    }
  if (router_notes->len > 0)
    g_string_append_printf (notes, "%s\n%s", _("Keys Flitlab does not model:"),
                            router_notes->str);
  if (run_keys->len > 0)
    g_string_append_printf (notes, _("How BookSim runs and reports, which Flitlab's simulation "
                                     "sets its own way (warm-up, cycles, replications): %s.\n"),
                            run_keys->str);
  if (notes->len > 0 && notes->str[notes->len - 1] == '\n')
    g_string_truncate (notes, notes->len - 1);
  study->notes = g_strdup (notes->str);
  if (!flitlab_study_check (study, error))
    return NULL;
  return g_steal_pointer (&study);
}

char *
flitlab_booksim_read_file (const char  *path,
                           const char  *what,
                           gsize       *length,
                           GError     **error)
{
  g_autofree char *display = g_filename_display_name (path);
  g_autoptr(GError) local_error = NULL;
  char *text = NULL;
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Cannot read %s %s: %s"), what, display, g_strerror (saved));
      return NULL;
    }
  if (!S_ISREG (st.st_mode) || (guint64) st.st_size > FLITLAB_BOOKSIM_MAX_BYTES)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   _("Cannot read %s %s: not a regular file of at most %u MiB"), what, display,
                   FLITLAB_BOOKSIM_MAX_BYTES / (1024 * 1024));
      return NULL;
    }
  if (!g_file_get_contents (path, &text, length, &local_error))
    {
      g_set_error (error, G_FILE_ERROR, local_error->code, _("Cannot read %s %s: %s"), what,
                   display, local_error->message);
      return NULL;
    }
  return text;
}

FlitlabStudy *
flitlab_booksim_study_load (const char         *path,
                            const char * const *overrides,
                            GPtrArray          *warnings,
                            GError            **error)
{
  g_autoptr(FlitlabBooksimConfig) config = flitlab_booksim_config_new ();
  g_autofree char *display = g_filename_display_name (path);
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *folder = NULL;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  gsize length;

  text = flitlab_booksim_read_file (path, _("the BookSim configuration"), &length, error);
  if (text == NULL)
    return NULL;
  if (!flitlab_booksim_config_parse (config, text, length, display, 1, error))
    return NULL;
  folder = g_path_get_dirname (path);
  flitlab_booksim_config_set_folder (config, folder);
  for (guint i = 0; overrides != NULL && overrides[i] != NULL; i++)
    if (!flitlab_booksim_config_override (config, overrides[i], error))
      return NULL;
  /* Translators: %s: a BookSim configuration's file name */
  name = g_strdup_printf (_("BookSim: %s"), base);
  return flitlab_booksim_config_to_study (config, name, warnings, error);
}

/* ---- out of a study ------------------------------------------------------------------------ */

static void
append_number (GString    *out,
               const char *key,
               double      value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (out, "%s = %s;\n", key, g_ascii_formatd (buf, sizeof buf, "%.10g",
                                                                   value));
}

/* Flitlab's traffic patterns by BookSim's names, those BookSim has (hotspot aside). */
static const char * const booksim_traffic[] = {
  [FLITLAB_TRAFFIC_UNIFORM] = "uniform",
  [FLITLAB_TRAFFIC_TRANSPOSE] = "transpose",
  [FLITLAB_TRAFFIC_BIT_COMPLEMENT] = "bitcomp",
  [FLITLAB_TRAFFIC_BIT_REVERSAL] = "bitrev",
  [FLITLAB_TRAFFIC_TORNADO] = "tornado",
  [FLITLAB_TRAFFIC_NEIGHBOUR] = "neighbor",
};

/* Whether BookSim runs the study as Flitlab does, with vcs virtual channels. */
static gboolean
check_exportable (const FlitlabStudy    *study,
                  const FlitlabTopology *network,
                  guint                  vcs,
                  GError               **error)
{
  FlitlabTopologyFamily family = flitlab_topology_get_family (network);
  gboolean torus = family == FLITLAB_TOPOLOGY_TORUS;
  gboolean file = family == FLITLAB_TOPOLOGY_FILE;
  guint k = file ? 0 : flitlab_topology_get_radix (network, 0);

  /* A network from a file is BookSim's anynet, routed by min, its shortest paths. */
  if (file && study->routing != FLITLAB_ROUTING_SHORTEST)
    return fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
                 _("BookSim routes an anynet network by shortest paths (min), not %s: "
                   "choose shortest"), flitlab_routing_to_string (study->routing));
  /* A hypercube is BookSim's 2-ary n-mesh. */
  if (family == FLITLAB_TOPOLOGY_NECKLACE ||
      (torus && !flitlab_topology_is_bidirectional (network)))
    return fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
                 _("BookSim has no %s: it has bi-directional tori and meshes"),
                 study->topology);
  for (guint d = 1; !file && d < flitlab_topology_get_n_dims (network); d++)
    if (flitlab_topology_get_radix (network, d) != k)
      return fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
                   _("BookSim's %s has one radix k in every dimension, unlike %s"),
                   torus ? "torus" : "mesh", study->topology);
  if (!file && study->routing != FLITLAB_ROUTING_DOR &&
      study->routing != FLITLAB_ROUTING_ADAPTIVE)
    return fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED, _("BookSim has no %s routing"),
                 flitlab_routing_to_string (study->routing));
  if (study->pattern == FLITLAB_TRAFFIC_TRACE)
    return fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
                 _("A trace study is replayed from its file, which a BookSim configuration "
                   "cannot name: export a study of a synthetic pattern"));
  if (study->pattern >= G_N_ELEMENTS (booksim_traffic) &&
      !(study->pattern == FLITLAB_TRAFFIC_HOTSPOT && study->hotspot_fraction == 1))
    return fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
                 _("BookSim has no %s traffic as Flitlab's (its hotspot sends every packet to "
                   "the hotspot: a hotspot fraction of 1)"),
                 flitlab_traffic_pattern_to_string (study->pattern));
  if (study->length != FLITLAB_LENGTH_FIXED)
    return fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
                 _("BookSim's packets have a fixed length, not %s lengths"),
                 flitlab_length_to_string (study->length));
  /* BookSim's dim_order_torus halves the VCs into its two dateline classes: the deadlock lab's
   * single VC has no BookSim equivalent. */
  if (torus && study->routing == FLITLAB_ROUTING_DOR && vcs < 2)
    return fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
                 _("BookSim's dimension-order routing on a torus needs 2 virtual channels or "
                   "more (its dateline classes), not %u"), vcs);
  return TRUE;
}

char *
flitlab_booksim_anynet_text (const FlitlabTopology *network)
{
  GString *out = g_string_new (NULL);
  guint n_network = flitlab_topology_get_n_network_channels (network);

  g_return_val_if_fail (flitlab_topology_get_family (network) == FLITLAB_TOPOLOGY_FILE, NULL);

  /* Network channels go by source node: a router's line lists them in order. */
  for (guint c = 0, node = G_MAXUINT; c < n_network; c++)
    {
      const FlitlabChannel *channel = flitlab_topology_get_channel (network, c);

      if (channel->src != node)
        {
          node = channel->src;
          g_string_append_printf (out, "%srouter %u node %u", c > 0 ? "\n" : "", node, node);
        }
      g_string_append_printf (out, " router %u", channel->dst);
    }
  g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

char *
flitlab_booksim_config_write_study (const FlitlabStudy *study,
                                    const char         *network_file,
                                    GError            **error)
{
  const FlitlabTopology *network;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree double *rates = NULL;
  g_autofree char *name = NULL;
  FlitlabTopologyFamily family;
  gboolean torus;
  guint n, k, vcs, n_rates;

  g_return_val_if_fail (study != NULL, NULL);

  network = flitlab_study_get_topology (study, error);
  if (network == NULL)
    return NULL;
  family = flitlab_topology_get_family (network);
  if (family == FLITLAB_TOPOLOGY_FILE && network_file == NULL)
    {
      fail (error, FLITLAB_BOOKSIM_ERROR_UNSUPPORTED,
            _("An anynet configuration needs a file for its network, beside it"));
      return NULL;
    }
  n = flitlab_topology_get_n_dims (network);
  k = family == FLITLAB_TOPOLOGY_FILE ? 0 : flitlab_topology_get_radix (network, 0);
  torus = family == FLITLAB_TOPOLOGY_TORUS;
  vcs = study->simulation.vcs > 0
        ? study->simulation.vcs : flitlab_routing_deadlock_free_vcs (study->routing, family);
  if (!check_exportable (study, network, vcs, error))
    return NULL;
  rates = flitlab_study_dup_rates (study, &n_rates);

  /* The name on one comment line, whatever it holds. */
  name = g_strdelimit (g_strdup (study->name), "\r\n", ' ');
  g_string_append_printf (out, "// BookSim 2 configuration of the Flitlab study “%s”,\n"
                               "// written by flitlab-cli export-booksim (docs/booksim.md).\n\n",
                          name);
  g_string_append (out, "// The network, routing, traffic and load of the study.\n");
  if (family == FLITLAB_TOPOLOGY_FILE)
    g_string_append_printf (out, "// BookSim reads network_file from its working folder: run "
                                 "it beside this file.\ntopology = anynet;\nnetwork_file = %s;\n"
                                 "routing_function = min;\n", network_file);
  else
    {
      g_string_append_printf (out, "topology = %s;\nk = %u;\nn = %u;\n",
                              torus ? "torus" : "mesh", k, n);
      g_string_append_printf (out, "routing_function = %s;\n",
                              study->routing == FLITLAB_ROUTING_DOR ? "dim_order"
                                                                    : "min_adapt");
    }
  if (study->routing == FLITLAB_ROUTING_ADAPTIVE && torus)
    {
      /* BookSim's min_adapt_torus: escape VCs 0 and 1, VC 3 its one adaptive VC. */
      g_string_append (out, "// min_adapt on a torus: VCs 0 and 1 escape, VC 3 adaptive, VC 2 "
                            "unused; Flitlab's adaptive routing with 3 VCs.\n");
      if (vcs != 3)
        g_string_append_printf (out, "// (The study has %u VCs, %u of them adaptive: BookSim "
                                     "has one.)\n", vcs, vcs - 2);
      vcs = 4;
    }
  g_string_append_printf (out, "num_vcs = %u;\nvc_buf_size = %u;\n", vcs,
                          study->simulation.buffer);
  if (study->pattern == FLITLAB_TRAFFIC_HOTSPOT)
    g_string_append_printf (out, "traffic = hotspot({%u});\n", study->hotspot_node);
  else
    g_string_append_printf (out, "traffic = %s;\n", booksim_traffic[study->pattern]);
  g_string_append_printf (out, "packet_size = %u;\n", (guint) study->flits);
  g_string_append (out, "// Packets per cycle per node: Flitlab's messages per cycle per node.\n"
                        "injection_rate_uses_flits = 0;\n");
  append_number (out, "injection_rate", rates[0]);
  g_string_append (out, "sim_type = latency;\n");
  g_string_append_printf (out, "seed = %" G_GUINT64_FORMAT ";\n", study->simulation.seed);
  if (n_rates > 1)
    {
      g_string_append (out, "// The study's loads: run BookSim once for each, as\n"
                            "//   booksim THIS_FILE injection_rate=R\n// with R in");
      for (guint i = 0; i < n_rates; i++)
        {
          char buf[G_ASCII_DTOSTR_BUF_SIZE];

          g_string_append_printf (out, "%s %s", i > 0 && i % 8 == 0 ? "\n//  " : "",
                                  g_ascii_formatd (buf, sizeof buf, "%.10g", rates[i]));
        }
      g_string_append (out, "\n");
    }
  g_string_append (out,
                   "\n// Flitlab does not model BookSim's router pipeline: its header crosses a "
                   "router and a\n// channel in 1 cycle. These keys bring BookSim's router "
                   "closest to that: its fastest\n// pipeline (no routing stage, speculative VC "
                   "and switch allocation in one stage, one\n// crossbar stage), channels of 1 "
                   "cycle and no credit delay. BookSim's header still\n// takes at least 2 "
                   "cycles per hop, so its latencies stay the longer (docs/booksim.md).\n");
  g_string_append (out, "router = iq;\nspeculative = 1;\nrouting_delay = 0;\n"
                        "vc_alloc_delay = 1;\nsw_alloc_delay = 1;\nst_prepare_delay = 0;\n"
                        "st_final_delay = 1;\ncredit_delay = 0;\nuse_noc_latency = 0;\n"
                        "input_speedup = 1;\noutput_speedup = 1;\ninternal_speedup = 1.0;\n"
                        "wait_for_tail_credit = 0;\n"
                        "// The source queue counts in packet latency, as in Flitlab's total "
                        "latency.\ninclude_queuing = 1;\n");
  return g_string_free (g_steal_pointer (&out), FALSE);
}
