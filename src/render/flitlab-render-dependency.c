/* flitlab-render-dependency.c: a routing's channel dependency graph, drawn ring by ring
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every network channel of a torus, mesh or hypercube lies on one line of its dimension:
 * the nodes that differ from its source only in that coordinate. Its ring is the line's
 * channels of one direction; its place in the ring counts from the line's coordinate 0 the
 * way the direction goes, so on a torus the wrap-around channel comes last and a ring's cycle
 * closes with one arc back to its start. A hypercube's rings hold one channel each.
 *
 * A network from a file has no lines: its graph is ranked top to bottom by Graphviz's dot
 * (flitlab_graphviz_layout()), so every arrow points down when the graph has no cycle, and an
 * arrow pointing up closes one. Beyond FILE_GRAPH_MAX_DOT channels its boxes go in rows.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-render-dependency.h"
#include "flitlab-render-private.h"
#include "flitlab-render-text.h"
#include "flitlab-render-topology-private.h"

#define NONE G_MAXUINT
/* A file network's graph up to this many channels is ranked by dot: about a second at most
 * (bench/bench-network-draw.sh). */
#define FILE_GRAPH_MAX_DOT 600
/* dot's boxes and the room between them (flitlab-topology-graphviz.c), in its points. */
#define DOT_BOX_W   (72 * GRAPHVIZ_BOX_WIDTH)
#define DOT_BOX_H   (72 * GRAPHVIZ_BOX_HEIGHT)
#define DOT_PITCH_X (72 * (GRAPHVIZ_BOX_WIDTH + GRAPHVIZ_NODE_SEP))
#define DOT_PITCH_Y (72 * (GRAPHVIZ_BOX_HEIGHT + GRAPHVIZ_RANK_SEP))

typedef FlitlabRenderType Type;

/* Where a network channel sits: its column, its ring within the column, its place. */
typedef struct
{
  guint column;
  guint group;     /* dimension and direction: 2 dim + (direction < 0) */
  guint line;      /* the line's rank among its dimension's lines */
  guint position;  /* along the ring */
} Place;

/* What a box says: its channel "from→to", the coordinate it leaves along its ring, nothing. */
typedef enum
{
  LABELS_NONE,
  LABELS_COORDINATE,
  LABELS_CHANNEL,
} Labels;

typedef struct
{
  const FlitlabDependencyFigure *figure;
  guint    n_channels, n_classes, n_dims, n_columns, n_lines, ring_length;
  gboolean both_ways;
  Place   *places;      /* per network channel */
  guint   *shown_line;  /* per group: the line drawn when not every ring is, else NONE */
  gboolean every_ring;
  gboolean *in_cycle;   /* per vertex */
  gboolean *used;       /* per vertex: some edge touches it */
  gboolean *highlight;  /* per channel */
  gboolean any_unused, turns_drawn;
  guint    n_edges, n_turns, n_cycle;
  const FlitlabDependencyVertex *cycle;
  double   margin;
  /* Geometry */
  double   column_w, gutter, pitch, box_w, box_h, row_h, arc_h, block_h, columns_top, left, gap;
  Labels   labels;
  /* A network from a file: each channel's box where dot put it (its centre), or in rows. */
  gboolean file_graph, ranked;
  Point   *centres;
} Layout;

static guint
vertex (const Layout *l,
        guint         channel,
        guint         vc_class)
{
  return channel * l->n_classes + vc_class;
}

static void
layout_places (Layout *l)
{
  const FlitlabTopology *topology = l->figure->topology;
  guint n_nodes = flitlab_topology_get_n_nodes (topology);
  g_autofree guint *coords = g_new0 (guint, l->n_dims);
  g_autofree guint *line_rank = g_new (guint, n_nodes * l->n_dims);

  /* The lines of a dimension, numbered by their node with coordinate 0 in it; n_lines is
   * the most any dimension has. */
  l->n_lines = 0;
  for (guint d = 0; d < l->n_dims; d++)
    {
      guint rank = 0;

      for (guint node = 0; node < n_nodes; node++)
        {
          flitlab_topology_get_coords (topology, node, coords);
          line_rank[node * l->n_dims + d] = coords[d] == 0 ? rank++ : NONE;
        }
      l->n_lines = MAX (l->n_lines, rank);
    }
  l->ring_length = 1;
  l->both_ways = FALSE;
  for (guint c = 0; c < l->n_channels; c++)
    {
      const FlitlabChannel *ch = flitlab_topology_get_channel (topology, c);
      guint k = flitlab_topology_get_radix (topology, ch->dim), at;
      Place *p = &l->places[c];

      flitlab_topology_get_coords (topology, ch->src, coords);
      at = coords[ch->dim];
      coords[ch->dim] = 0;
      p->group = 2 * ch->dim + (ch->direction < 0);
      p->line =
        line_rank[flitlab_topology_node_from_coords (topology, coords) * l->n_dims + ch->dim];
      p->position = ch->direction > 0 ? at : k - 1 - at;
      l->ring_length = MAX (l->ring_length, p->position + 1);
      l->both_ways |= ch->direction < 0;
    }
  /* A network of one dimension gets a column per direction. */
  l->n_columns = l->n_dims == 1 && l->both_ways ? 2 : l->n_dims;
  for (guint c = 0; c < l->n_channels; c++)
    l->places[c].column = l->n_dims == 1 ? l->places[c].group : l->places[c].group / 2;
}

/* The ring of a channel is drawn, and where in its column: the block's index. */
static gboolean
ring_block (const Layout *l,
            const Place  *p,
            guint        *block)
{
  guint way = l->n_dims > 1 ? p->group % 2 : 0;

  if (l->every_ring)
    {
      *block = way * l->n_lines + p->line;
      return TRUE;
    }
  *block = way;
  return l->shown_line[p->group] == p->line;
}

static guint
blocks_per_column (const Layout *l,
                   gboolean      every_ring)
{
  guint ways = l->both_ways && l->n_dims > 1 ? 2 : 1;

  return every_ring ? ways * l->n_lines : ways;
}

/* The box of vertex (channel, class) when drawn. */
static gboolean
box_of (const Layout *l,
        guint         channel,
        guint         vc_class,
        double       *x,
        double       *y)
{
  const Place *p = &l->places[channel];
  guint block;

  if (l->file_graph)
    {
      *x = l->centres[channel].x - l->box_w / 2;
      *y = l->centres[channel].y - l->box_h / 2;
      return TRUE;
    }
  if (!ring_block (l, p, &block))
    return FALSE;
  *x = l->left + p->column * (l->column_w + l->gap) + l->gutter + p->position * l->pitch +
       (l->pitch - l->box_w) / 2;
  *y = l->columns_top + block * l->block_h + vc_class * l->row_h + (l->row_h - l->box_h) / 2;
  return TRUE;
}

static void
channel_label (const FlitlabTopology *topology,
               guint                  channel,
               Labels                 labels,
               char                  *label,
               gsize                  size)
{
  const FlitlabChannel *ch = flitlab_topology_get_channel (topology, channel);
  guint coords[FLITLAB_TOPOLOGY_MAX_DIMS];

  if (labels == LABELS_CHANNEL)
    {
      g_snprintf (label, size, "%u→%u", ch->src, ch->dst);
      return;
    }
  flitlab_topology_get_coords (topology, ch->src, coords);
  g_snprintf (label, size, "%u", coords[ch->dim]);
}

static void
arrow_head (cairo_t *cr,
            double   x,
            double   y,
            double   dx,
            double   dy,
            double   a)
{
  double len = hypot (dx, dy);

  if (len <= 0)
    return;
  dx /= len, dy /= len;
  cairo_move_to (cr, x, y);
  cairo_line_to (cr, x - a * dx - 0.45 * a * dy, y - a * dy + 0.45 * a * dx);
  cairo_line_to (cr, x - a * dx + 0.45 * a * dy, y - a * dy - 0.45 * a * dx);
  cairo_close_path (cr);
  cairo_fill (cr);
}

static void
set_edge_style (cairo_t *cr,
                gboolean cycle,
                gboolean highlight,
                gboolean turn,
                double   f)
{
  if (cycle)
    {
      cairo_set_source_rgb (cr, 0.84, 0.1, 0.1);
      cairo_set_line_width (cr, MAX (2, 0.28 * f));
    }
  else if (highlight)
    {
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_set_line_width (cr, MAX (2, 0.28 * f));
    }
  else if (turn)
    {
      cairo_set_source_rgb (cr, 0.65, 0.65, 0.65);
      cairo_set_line_width (cr, 0.7);
    }
  else
    {
      cairo_set_source_rgb (cr, 0.3, 0.3, 0.3);
      cairo_set_line_width (cr, 1);
    }
}

/* From one channel of the highlighted cycle to the next: a step of the deadlock. */
static gboolean
highlight_edge (const Layout *l,
                guint         from,
                guint         to)
{
  const FlitlabDependencyFigure *figure = l->figure;

  if (!l->highlight[from] || !l->highlight[to])
    return FALSE;
  for (guint i = 0; i < figure->n_highlight; i++)
    if (figure->highlight[i] == from && figure->highlight[(i + 1) % figure->n_highlight] == to)
      return TRUE;
  return FALSE;
}

/* One edge from the box at (x0, y0) to the box at (x1, y1): to the next place a line from
 * side to side, back along the ring an arc under the ring's rows, to another column a line
 * from side to side too. */
static void
draw_edge (const Layout *l,
           const Type   *t,
           const Place  *from,
           const Place  *to,
           double        x0,
           double        y0,
           double        x1,
           double        y1,
           gboolean      cycle)
{
  cairo_t *cr = t->cr;
  double a = MIN (0.6 * t->f, 0.45 * (l->pitch - l->box_w) + 2), h = l->box_h;
  gboolean turn = from->group != to->group;
  gboolean highlight = highlight_edge (l, from - l->places, to - l->places);

  set_edge_style (cr, cycle, highlight, turn, t->f);
  if (l->file_graph)
    {
      /* Centre to centre, cut where the line leaves each box. */
      double cx0 = x0 + l->box_w / 2, cy0 = y0 + h / 2, cx1 = x1 + l->box_w / 2,
             cy1 = y1 + h / 2, dx = cx1 - cx0, dy = cy1 - cy0;
      double cut = MIN (fabs (dx) > 0 ? l->box_w / 2 / fabs (dx) : G_MAXDOUBLE,
                        fabs (dy) > 0 ? h / 2 / fabs (dy) : G_MAXDOUBLE);
      double len = hypot (dx, dy);

      if (len < 1 || cut >= 0.5)
        return;
      a = MIN (0.6 * t->f, 0.3 * len * (1 - 2 * cut));
      cairo_move_to (cr, cx0 + cut * dx, cy0 + cut * dy);
      cairo_line_to (cr, cx1 - cut * dx - a * dx / len, cy1 - cut * dy - a * dy / len);
      cairo_stroke (cr);
      arrow_head (cr, cx1 - cut * dx, cy1 - cut * dy, dx, dy, a);
      return;
    }
  if (turn || to->position > from->position)
    {
      double sx = x0 + l->box_w, sy = y0 + h / 2, ex = x1, ey = y1 + h / 2,
             len = hypot (ex - sx, ey - sy);

      if (len < 1)
        return;
      cairo_move_to (cr, sx, sy);
      cairo_line_to (cr, ex - a * (ex - sx) / len, ey - a * (ey - sy) / len);
      cairo_stroke (cr);
      arrow_head (cr, ex, ey, ex - sx, ey - sy, a);
    }
  else
    {
      /* Under the ring's last row, back to the start. */
      double rows_bottom = l->columns_top +
                           floor ((y0 - l->columns_top) / l->block_h) * l->block_h +
                           l->n_classes * l->row_h;
      /* A cubic's middle lies three quarters of the way to its control points. */
      double low = rows_bottom - (l->row_h - l->box_h) / 2 + l->arc_h / 0.75 * 0.9;
      double sx = x0 + l->box_w / 2, ex = x1 + l->box_w / 2, ey = y1 + h;

      cairo_move_to (cr, sx, y0 + h);
      cairo_curve_to (cr, sx, low, ex, low, ex, ey + a);
      cairo_stroke (cr);
      arrow_head (cr, ex, ey, 0, -1, a);
    }
}

static const char *
routing_phrase (const FlitlabDependencyFigure *figure)
{
  switch (figure->routing)
    {
    case FLITLAB_ROUTING_ADAPTIVE:
      return _("adaptive routing's escape channels (dimension-ordered)");
    case FLITLAB_ROUTING_UPDOWN:
      return _("up*/down* routing");
    case FLITLAB_ROUTING_SHORTEST:
      return _("shortest-path routing");
    case FLITLAB_ROUTING_DOR:
    default:
      return flitlab_topology_get_family (figure->topology) == FLITLAB_TOPOLOGY_HYPERCUBE
             ? _("e-cube (dimension-ordered) routing") : _("dimension-ordered routing");
    }
}

/* Appends sentence to notes when they still fit in max_lines lines of width. */
static void
add_note (const Type *t,
          GString    *notes,
          guint       max_lines,
          double      width,
          const char *sentence)
{
  g_autofree char *longer = g_strconcat (notes->str, notes->len > 0 ? " " : "", sentence, NULL);
  double h =
    flitlab_render_paragraph (t->cr, longer, t->small.name, 0, 0, width, max_lines + 1, FALSE);

  if (h <= (max_lines + 0.5) * t->small_h)
    g_string_assign (notes, longer);
}

/* The title, the verdict and the notes from top, the notes in at most a fifth of height;
 * returns their bottom. */
static double
draw_header (const Type   *t,
             const Layout *l,
             guint         n_turns,
             double        width,
             double        height,
             double        margin,
             gboolean      draw)
{
  const FlitlabDependencyFigure *figure = l->figure;
  cairo_t *cr = t->cr;
  g_autofree char *network = flitlab_topology_dup_title (figure->topology);
  /* Translators: %s is the network, as "8×8 torus" */
  g_autofree char *title = g_strdup_printf (_("Channel dependency graph: %s"), network);
  g_autoptr(GString) notes = g_string_new (NULL);
  gboolean cycle = flitlab_channel_dependency_has_cycle (figure->graph);
  double y = margin, w = width - 2 * margin;
  g_autofree char *subtitle = NULL;
  guint max_lines = (guint) CLAMP (floor (0.2 * height / t->small_h), 1, 4);

  /* Translators: the routing, then the verdict on its dependency graph */
  subtitle = g_strdup_printf (_("%s; %s"), routing_phrase (figure),
                              cycle ? _("has a cycle: the routing can deadlock")
                                    : _("acyclic: deadlock-free"));
  if (draw)
    {
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      flitlab_render_text_within (cr, title, t->title.name, width / 2, y, 0.5, 0, w);
    }
  y += 1.25 * t->label_h;
  if (draw)
    cairo_set_source_rgb (cr, cycle ? 0.75 : 0.05, cycle ? 0.08 : 0.45, cycle ? 0.08 : 0.15);
  y += flitlab_render_paragraph (cr, subtitle, t->bold.name, width / 2, y, w, 2, draw);

  /* The most important first; a sentence that would make the notes longer than max_lines is
   * left out, so a small figure keeps whole sentences. */
  if (l->n_classes == 2)
    add_note (t, notes, max_lines, w,
              _("Crossing the dateline (the wrap-around link) moves a worm to VC "
                "class 1 (orange; class 0 blue), which breaks each ring's cycle."));
  if (l->ranked)
    add_note (t, notes, max_lines, w,
              _("Ranked top to bottom: without a cycle every arrow points down; an arrow "
                "pointing up closes a cycle."));
  if (l->file_graph && figure->routing == FLITLAB_ROUTING_UPDOWN)
    add_note (t, notes, max_lines, w,
              _("A route climbs towards the root, then descends, never up again after a "
                "step down."));
  if (cycle)
    add_note (t, notes, max_lines, w,
              _("Red: a cycle, each channel waited for by a worm holding the one "
                "before."));
  if (figure->n_highlight > 0)
    add_note (t, notes, max_lines, w,
              _("Black: the deadlock the animation found, each channel waited "
                                      "for by the worm holding the one before."));
  if (!l->every_ring)
    add_note (t, notes, max_lines, w, l->both_ways
                                      ? _("One ring per dimension and direction shown; the other "
                                          "rings are alike.")
                                      : _("One ring per dimension shown; the other rings are "
                                          "alike."));
  if (l->labels == LABELS_CHANNEL)
    add_note (t, notes, max_lines, w, _("Boxes: channels from→to."));
  else if (l->labels == LABELS_COORDINATE)
    add_note (t, notes, max_lines, w, _("Boxes: channels, numbered by the coordinate they leave."));
  if (l->any_unused)
    add_note (t, notes, max_lines, w, _("Grey: used by no route."));
  if (l->turns_drawn)
    add_note (t, notes, max_lines, w, _("Grey lines: turns, always to a higher dimension."));
  if (n_turns > 0)
    {
      g_autofree char *turns = g_strdup_printf (_("The %u turns to a higher dimension are not "
                                                  "drawn: dimension order never turns back, so "
                                                  "they close no cycle."), n_turns);

      add_note (t, notes, max_lines, w, turns);
    }
  if (notes->len > 0)
    {
      if (draw)
        cairo_set_source_rgb (cr, 0.25, 0.25, 0.25);
      y += 0.2 * t->f + flitlab_render_paragraph (cr, notes->str, t->small.name, width / 2, y, w,
                                                  max_lines, draw);
    }
  return y + 0.5 * t->f;
}

/* Sizes the boxes for blocks per column between top and bottom; FALSE when they would be
 * smaller than a line of small type with labels, or than two points without. */
static gboolean
layout_size (Layout     *l,
             const Type *t,
             guint       blocks,
             double      width,
             double      top,
             double      bottom,
             const double *label_w,
             Labels      need_labels)
{
  double heading_h = t->label_h + 0.3 * t->f,
         per_block = (bottom - top - heading_h) / MAX (blocks, 1);
  double arc = l->ring_length > 2 ? 1 : 0;

  l->gap = 1.5 * t->f;
  l->column_w = (width - 2 * l->left - (l->n_columns - 1) * l->gap) / l->n_columns;
  l->pitch = (l->column_w - l->gutter) / l->ring_length;
  /* Room between the boxes for the arrows; on a hypercube, for the turns crossing there. */
  l->box_w = l->pitch - CLAMP (0.9 * t->f, 0.2 * l->pitch, 0.35 * l->pitch);
  if (l->turns_drawn)
    l->box_w = MIN (l->box_w, MAX (label_w[LABELS_CHANNEL] + 1.2 * t->f, 0.45 * l->pitch));
  /* A block: its rows, the arcs' room under them and a gap; a row a box and a little air. */
  l->row_h = MIN (per_block / (l->n_classes + 0.6 * arc + 0.35), 2.4 * t->small_h);
  l->box_h = 0.78 * l->row_h;
  l->arc_h = 0.6 * arc * l->row_h;
  l->block_h = l->n_classes * l->row_h + l->arc_h + 0.35 * l->row_h;
  /* A third of the room left above, when the rows are as tall as they get. */
  l->columns_top = top + heading_h + MAX (0, (bottom - top - heading_h - blocks * l->block_h) / 3);
  l->labels = LABELS_NONE;
  for (Labels labels = LABELS_CHANNEL; labels > LABELS_NONE && l->labels == LABELS_NONE; labels--)
    if (l->box_w >= label_w[labels] + 0.2 * t->f && l->box_h >= 1.05 * t->small_h)
      l->labels = labels;
  /* Bare boxes no taller than they need to be seen as boxes. */
  if (l->labels == LABELS_NONE)
    l->box_h = MIN (l->box_h, MAX (1.5 * l->box_w, 0.8 * t->small_h));
  return l->labels >= need_labels && l->box_w >= 2 && l->box_h >= 2;
}

/* Where dot puts the channels of a file network's graph (Graphviz's points, y down), or NULL:
 * too many channels, or Graphviz failed. */
static Point *
rank_file_graph (const FlitlabTopology          *topology,
                 const FlitlabChannelDependency *graph)
{
  guint n_channels = flitlab_topology_get_n_network_channels (topology);
  guint n_edges = flitlab_channel_dependency_get_n_edges (graph);
  g_autofree guint *edges = NULL;

  if (n_channels > FILE_GRAPH_MAX_DOT)
    return NULL;
  edges = g_new (guint, 2 * MAX (n_edges, 1));
  for (guint e = 0; e < n_edges; e++)
    {
      FlitlabDependencyVertex from, to;

      flitlab_channel_dependency_get_edge (graph, e, &from, &to);
      edges[2 * e] = from.channel;
      edges[2 * e + 1] = to.channel;
    }
  return flitlab_graphviz_layout (n_channels, edges, n_edges, TRUE, NULL);
}

/* A network from a file: its channels' boxes where dot ranks them, or in rows (too many for
 * dot, or Graphviz failed), scaled into the room under the header; labelled when they fit. */
static void
layout_file (Layout     *l,
             const Type *t,
             double      width,
             double      height)
{
  const FlitlabDependencyFigure *figure = l->figure;
  g_autofree Point *at = rank_file_graph (figure->topology, figure->graph);
  double x0 = G_MAXDOUBLE, y0 = G_MAXDOUBLE, x1 = -G_MAXDOUBLE, y1 = -G_MAXDOUBLE;
  double label_w, top = 0, sx, sy, area_w, area_h;
  char label[32];

  l->ranked = at != NULL;
  if (at == NULL)
    {
      guint columns = (guint) ceil (sqrt (2.0 * l->n_channels));

      at = g_new (Point, l->n_channels);
      for (guint c = 0; c < l->n_channels; c++)
        at[c] = (Point) { (c % columns) * DOT_PITCH_X, (c / columns) * DOT_PITCH_Y };
    }
  for (guint c = 0; c < l->n_channels; c++)
    {
      x0 = MIN (x0, at[c].x), x1 = MAX (x1, at[c].x);
      y0 = MIN (y0, at[c].y), y1 = MAX (y1, at[c].y);
    }
  g_snprintf (label, sizeof label, "%u→%u", flitlab_topology_get_n_nodes (figure->topology) - 1,
              flitlab_topology_get_n_nodes (figure->topology) - 1);
  label_w = flitlab_render_type_width (t, label, t->small_bold.name);
  l->left = l->margin;
  /* The header's notes say whether boxes are labelled: measured with labels, then without
   * when they do not fit. */
  for (Labels labels = LABELS_CHANNEL; ; labels = LABELS_NONE)
    {
      l->labels = labels;
      top = draw_header (t, l, 0, width, height, l->margin, FALSE);
      area_w = MAX (width - 2 * l->margin, 1);
      area_h = MAX (height - l->margin - top, 1);
      /* One box's room beyond the outermost centres; no larger than twice dot's spacing. */
      sx = MIN (area_w / (x1 - x0 + DOT_PITCH_X), 2);
      sy = MIN (area_h / (y1 - y0 + DOT_PITCH_Y), 2);
      l->box_w = MIN (DOT_BOX_W * sx, label_w + 1.2 * t->f);
      l->box_h = MIN (DOT_BOX_H * sy, 1.6 * t->small_h);
      if (labels == LABELS_NONE ||
          (l->box_w >= label_w + 0.2 * t->f && l->box_h >= 1.05 * t->small_h))
        break;
    }
  l->centres = g_new (Point, l->n_channels);
  for (guint c = 0; c < l->n_channels; c++)
    l->centres[c] = (Point) {
      l->margin + area_w / 2 + sx * (at[c].x - (x0 + x1) / 2),
      top + area_h / 2 + sy * (at[c].y - (y0 + y1) / 2),
    };
}

/* Everything a drawing and a hit-test need: which rings, boxes of what size where, the
 * header's height. Free with layout_clear(). */
static void
layout_init (Layout                        *l,
             Type                          *t,
             cairo_t                       *cr,
             const FlitlabDependencyFigure *figure,
             double                         width,
             double                         height)
{
  FlitlabTopologyFamily family;
  double top, label_w[LABELS_CHANNEL + 1] = { 0 }, shown_w[LABELS_CHANNEL + 1];

  *l = (Layout) { figure };
  flitlab_render_type_init (t, cr,
                            figure->font_size > 0 ? figure->font_size
                                                  : flitlab_render_default_font_size (width),
                            "0→9");
  l->margin = 0.8 * t->f;
  family = flitlab_topology_get_family (figure->topology);
  l->n_channels = flitlab_topology_get_n_network_channels (figure->topology);
  l->n_classes = flitlab_channel_dependency_get_n_classes (figure->graph);
  l->n_dims = flitlab_topology_get_n_dims (figure->topology);
  l->places = g_new0 (Place, l->n_channels);
  l->shown_line = g_new (guint, 2 * l->n_dims);
  l->in_cycle = g_new0 (gboolean, l->n_channels * l->n_classes);
  l->used = g_new0 (gboolean, l->n_channels * l->n_classes);
  l->highlight = g_new0 (gboolean, l->n_channels);
  l->file_graph = family == FLITLAB_TOPOLOGY_FILE;
  if (!l->file_graph)
    layout_places (l);

  l->cycle = flitlab_channel_dependency_get_cycle (figure->graph, &l->n_cycle);
  for (guint i = 0; i < l->n_cycle; i++)
    l->in_cycle[vertex (l, l->cycle[i].channel, l->cycle[i].vc_class)] = TRUE;
  for (guint i = 0; figure->highlight != NULL && i < figure->n_highlight; i++)
    if (figure->highlight[i] < l->n_channels)
      l->highlight[figure->highlight[i]] = TRUE;
  l->n_edges = flitlab_channel_dependency_get_n_edges (figure->graph);
  for (guint e = 0; e < l->n_edges; e++)
    {
      FlitlabDependencyVertex from, to;

      flitlab_channel_dependency_get_edge (figure->graph, e, &from, &to);
      l->used[vertex (l, from.channel, from.vc_class)] = TRUE;
      l->used[vertex (l, to.channel, to.vc_class)] = TRUE;
      l->n_turns += l->places[from.channel].group != l->places[to.channel].group;
    }
  if (l->file_graph)
    {
      for (guint v = 0; v < l->n_channels * l->n_classes; v++)
        l->any_unused |= !l->used[v];
      l->every_ring = TRUE;
      layout_file (l, t, width, height);
      return;
    }
  /* The ring drawn of each group when not all are: the highlighted channels' (a deadlock
   * the window shows), else the cycle's, else the first. */
  for (guint g = 0; g < 2 * l->n_dims; g++)
    l->shown_line[g] = NONE;
  for (guint c = 0; c < l->n_channels; c++)
    if (l->highlight[c] && l->shown_line[l->places[c].group] == NONE)
      l->shown_line[l->places[c].group] = l->places[c].line;
  for (guint i = 0; i < l->n_cycle; i++)
    {
      const Place *p = &l->places[l->cycle[i].channel];

      if (l->shown_line[p->group] == NONE)
        l->shown_line[p->group] = p->line;
    }
  for (guint g = 0; g < 2 * l->n_dims; g++)
    if (l->shown_line[g] == NONE)
      l->shown_line[g] = 0;

  /* The widest labels have the most digits, and digits are as wide as each other: measuring
   * one of each kind is enough (a 10-cube has 10240 channels). */
  {
    guint radix = 0;
    char label[32];

    for (guint d = 0; d < l->n_dims; d++)
      radix = MAX (radix, flitlab_topology_get_radix (figure->topology, d));
    g_snprintf (label, sizeof label, "%u→%u", flitlab_topology_get_n_nodes (figure->topology) - 1,
                flitlab_topology_get_n_nodes (figure->topology) - 1);
    label_w[LABELS_CHANNEL] = flitlab_render_type_width (t, label, t->small_bold.name);
    g_snprintf (label, sizeof label, "%u", radix - 1);
    /* A hypercube's coordinates, 0 and 1, say nothing its columns do not. */
    label_w[LABELS_COORDINATE] = family == FLITLAB_TOPOLOGY_HYPERCUBE ? G_MAXDOUBLE
                                 : flitlab_render_type_width (t, label, t->small_bold.name);
  }
  /* One ring per group: only its channels' labels need room (a 10-cube's "0→512", not
   * "1023→1022"); few enough to measure each. */
  memcpy (shown_w, label_w, sizeof shown_w);
  shown_w[LABELS_CHANNEL] = 0;
  for (guint c = 0; c < l->n_channels; c++)
    if (l->places[c].line == l->shown_line[l->places[c].group])
      {
        char label[32];

        channel_label (figure->topology, c, LABELS_CHANNEL, label, sizeof label);
        shown_w[LABELS_CHANNEL] =
          MAX (shown_w[LABELS_CHANNEL], flitlab_render_type_width (t, label, t->small_bold.name));
      }
  for (guint v = 0; v < l->n_channels * l->n_classes; v++)
    l->any_unused |= !l->used[v];
  /* Hypercube rings have one channel: their turns are the graph. */
  l->turns_drawn = family == FLITLAB_TOPOLOGY_HYPERCUBE;

  l->left = l->margin;
  l->gutter = l->both_ways && l->n_dims > 1
              ? flitlab_render_type_width (t, "−", t->bold.name) + 0.5 * t->f : 0;
  /* Every ring with labels, else one ring per group with labels, else every ring as bare
   * boxes when they fit, else one ring per group as they come. */
  {
    static const struct { gboolean every_ring; Labels labels; } tries[] = {
      { TRUE, LABELS_CHANNEL }, { FALSE, LABELS_CHANNEL }, { FALSE, LABELS_COORDINATE },
      { FALSE, LABELS_NONE },
    };

    for (guint i = 0; i < G_N_ELEMENTS (tries); i++)
      {
        l->every_ring = tries[i].every_ring;
        top = draw_header (t, l, l->turns_drawn ? 0 : l->n_turns, width, height, l->margin, FALSE);
        if (layout_size (l, t, blocks_per_column (l, l->every_ring), width, top, height - l->margin,
                         l->every_ring && l->n_lines > 1 ? label_w : shown_w, tries[i].labels))
          break;
      }
    /* A network of one line per dimension shows every ring either way. */
    if (l->n_lines == 1)
      l->every_ring = TRUE;
    /* The header's notes depend on the labels: measured again with the final choice, until
     * the header no longer grows. */
    for (guint i = 0; i < 3; i++)
      {
        double header =
          draw_header (t, l, l->turns_drawn ? 0 : l->n_turns, width, height, l->margin, FALSE);

        if (header <= top && i > 0)
          break;
        top = MAX (top, header);
        layout_size (l, t, blocks_per_column (l, l->every_ring), width, top, height - l->margin,
                     l->every_ring && l->n_lines > 1 ? label_w : shown_w, LABELS_NONE);
      }
  }
}

static void
layout_clear (Layout *l)
{
  g_free (l->places);
  g_free (l->shown_line);
  g_free (l->in_cycle);
  g_free (l->used);
  g_free (l->highlight);
  g_free (l->centres);
}

void
flitlab_render_dependency (cairo_t                       *cr,
                           const FlitlabDependencyFigure *figure,
                           double                         width,
                           double                         height,
                           FlitlabDependencyDrawing      *drawn)
{
  Layout l;
  Type t;
  guint n_edges, n_cycle, n_turns;
  const FlitlabDependencyVertex *cycle;
  FlitlabTopologyFamily family;
  double bold_max;

  g_return_if_fail (cr != NULL && figure != NULL && figure->topology != NULL &&
                    figure->graph != NULL);

  layout_init (&l, &t, cr, figure, width, height);
  n_edges = l.n_edges;
  n_cycle = l.n_cycle;
  n_turns = l.n_turns;
  cycle = l.cycle;
  family = flitlab_topology_get_family (figure->topology);
  cairo_save (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_paint (cr);
  draw_header (&t, &l, l.turns_drawn ? 0 : n_turns, width, height, l.margin, TRUE);

  /* Column headings and each ring's direction. */
  for (guint col = 0; col < l.n_columns; col++)
    {
      double x = l.left + col * (l.column_w + l.gap);
      char heading[64];

      if (l.n_dims == 1)
        g_snprintf (heading, sizeof heading, _("direction %s"), col == 0 ? "+" : "−");
      else if (family == FLITLAB_TOPOLOGY_HYPERCUBE)
        g_snprintf (heading, sizeof heading, _("dimension %u"), col);
      else if (col < 3)
        g_snprintf (heading, sizeof heading, _("dimension %u (%c)"), col, "xyz"[col]);
      else
        g_snprintf (heading, sizeof heading, _("dimension %u"), col);

      cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
      flitlab_render_text_within (cr, heading, t.bold.name, x + l.column_w / 2,
                                  l.columns_top - 0.15 * t.f,
                                  0.5, 1, l.column_w);
    }

  /* Edges under the boxes; the deadlock's over the others, the cycle's last. */
  for (guint pass = 0; pass < 3; pass++)
    for (guint e = 0; e < n_edges; e++)
      {
        FlitlabDependencyVertex from, to;
        const Place *pf, *pt;
        double x0, y0, x1, y1;
        gboolean in_cycle = FALSE, highlight;

        flitlab_channel_dependency_get_edge (figure->graph, e, &from, &to);
        pf = &l.places[from.channel];
        pt = &l.places[to.channel];
        if (pf->group != pt->group && !l.turns_drawn)
          continue;
        if (!box_of (&l, from.channel, from.vc_class, &x0, &y0) ||
            !box_of (&l, to.channel, to.vc_class, &x1, &y1))
          continue;
        for (guint i = 0; i < n_cycle && !in_cycle; i++)
          in_cycle = cycle[i].channel == from.channel && cycle[i].vc_class == from.vc_class &&
                     cycle[(i + 1) % n_cycle].channel == to.channel &&
                     cycle[(i + 1) % n_cycle].vc_class == to.vc_class;
        highlight = highlight_edge (&l, from.channel, to.channel);
        if ((in_cycle ? 2u : highlight ? 1u : 0u) != pass)
          continue;
        draw_edge (&l, &t, pf, pt, x0, y0, x1, y1, in_cycle);
        if (drawn != NULL)
          {
            drawn->n_edges_drawn++;
            drawn->n_cycle_edges_drawn += in_cycle;
            drawn->n_highlighted_edges_drawn += highlight;
          }
      }

  /* Each ring's direction, on white over the turns that cross the gutter. */
  for (guint col = 0; l.gutter > 0 && col < l.n_columns; col++)
    for (guint b = 0; b < blocks_per_column (&l, l.every_ring); b++)
      {
        gboolean minus = l.every_ring ? b >= l.n_lines : b == 1;
        double x = l.left + col * (l.column_w + l.gap), h = l.n_classes * l.row_h;
        double y = l.columns_top + b * l.block_h + h / 2;

        if (h < t.label_h)
          continue;
        cairo_set_source_rgb (cr, 1, 1, 1);
        cairo_rectangle (cr, x, y - 0.5 * t.label_h, l.gutter - 0.25 * t.f, t.label_h);
        cairo_fill (cr);
        cairo_set_source_rgb (cr, 0.2, 0.2, 0.2);
        flitlab_render_text (cr, minus ? "−" : "+", t.bold.name, x, y, 0, 0.5, 0);
      }

  /* The boxes; a bold outline leaves a small box's label room. */
  bold_max = MAX (1, 0.12 * l.box_w);
  for (guint c = 0; c < l.n_channels; c++)
    for (guint k = 0; k < l.n_classes; k++)
      {
        guint v = vertex (&l, c, k);
        double x, y, r = MIN (0.25 * l.box_h, 3);
        char label[32];

        if (!box_of (&l, c, k, &x, &y))
          continue;
        if (drawn != NULL)
          {
            drawn->n_vertices_drawn++;
            drawn->n_highlighted_drawn += l.highlight[c];
          }
        cairo_new_path (cr);
        cairo_arc (cr, x + l.box_w - r, y + r, r, -G_PI / 2, 0);
        cairo_arc (cr, x + l.box_w - r, y + l.box_h - r, r, 0, G_PI / 2);
        cairo_arc (cr, x + r, y + l.box_h - r, r, G_PI / 2, G_PI);
        cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
        cairo_close_path (cr);
        if (!l.used[v])
          cairo_set_source_rgb (cr, 0.96, 0.96, 0.96);
        else if (k == 0)
          cairo_set_source_rgb (cr, 0.80, 0.88, 1.0);
        else
          cairo_set_source_rgb (cr, 1.0, 0.84, 0.62);
        cairo_fill_preserve (cr);
        if (l.in_cycle[v])
          {
            cairo_set_source_rgb (cr, 0.84, 0.1, 0.1);
            cairo_set_line_width (cr, MIN (MAX (2, 0.28 * t.f), bold_max));
          }
        else if (l.highlight[c])
          {
            cairo_set_source_rgb (cr, 0, 0, 0);
            cairo_set_line_width (cr, MIN (MAX (2.5, 0.35 * t.f), bold_max));
          }
        else
          {
            cairo_set_source_rgb (cr, l.used[v] ? 0.45 : 0.75, l.used[v] ? 0.45 : 0.75,
                                  l.used[v] ? 0.45 : 0.75);
            cairo_set_line_width (cr, 0.8);
          }
        if (l.highlight[c] && l.in_cycle[v])
          cairo_set_line_width (cr, MIN (MAX (3, 0.4 * t.f), bold_max));
        cairo_stroke (cr);
        if (l.labels == LABELS_NONE)
          continue;
        channel_label (figure->topology, c, l.labels, label, sizeof label);
        cairo_set_source_rgb (cr, l.used[v] ? 0.1 : 0.6, l.used[v] ? 0.1 : 0.6,
                              l.used[v] ? 0.1 : 0.6);
        flitlab_render_text (cr, label,
                             l.in_cycle[v] || l.highlight[c] ? t.small_bold.name : t.small.name,
                             x + l.box_w / 2, y + l.box_h / 2, 0.5, 0.5, 0);
      }
  cairo_restore (cr);
  if (drawn != NULL)
    drawn->every_ring = l.every_ring;
  layout_clear (&l);
}

void
flitlab_render_dependency_prepare (const FlitlabTopology          *topology,
                                   const FlitlabChannelDependency *graph)
{
  g_return_if_fail (topology != NULL && graph != NULL);

  if (flitlab_topology_get_family (topology) == FLITLAB_TOPOLOGY_FILE)
    g_free (rank_file_graph (topology, graph));
}

gboolean
flitlab_render_dependency_hit (cairo_t                       *cr,
                               const FlitlabDependencyFigure *figure,
                               double                         width,
                               double                         height,
                               double                         x,
                               double                         y,
                               FlitlabDependencyVertex       *vertex)
{
  Layout l;
  Type t;
  gboolean found = FALSE;

  g_return_val_if_fail (cr != NULL && figure != NULL && figure->topology != NULL &&
                        figure->graph != NULL, FALSE);
  g_return_val_if_fail (vertex != NULL, FALSE);

  layout_init (&l, &t, cr, figure, width, height);
  for (guint c = 0; c < l.n_channels && !found; c++)
    for (guint k = 0; k < l.n_classes && !found; k++)
      {
        double bx, by;

        if (box_of (&l, c, k, &bx, &by) && x >= bx && x <= bx + l.box_w && y >= by &&
            y <= by + l.box_h)
          {
            *vertex = (FlitlabDependencyVertex) { c, k };
            found = TRUE;
          }
      }
  layout_clear (&l);
  return found;
}
