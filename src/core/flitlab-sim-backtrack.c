/* flitlab-sim-backtrack.c: the finite-buffer hypercube with backtracking of 004, simulated
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Exactly the algorithm of 004 section 2, synchronous, one cycle at a time:
 * 1. every node, for every stored message from the highest priority down, picks one of the
 *    one-bits of its header (current node XOR destination) at random; the first message to
 *    pick a channel (the highest priority) gets it (phase one);
 * 2. if fewer than n buffers would then be free (M - i + j < n), the node forces its
 *    n - M + i - j lowest-priority unassigned messages out on the channels still free, in a
 *    random assignment: a message whose header bit is one there is forwarded, the others are
 *    backtracked (phase two);
 * 3. all nodes send at once; a message that reaches its destination is delivered to the
 *    processors at once, the others are stored (phase two guarantees room for n arrivals);
 * 4. every node admits the messages its processors generated this cycle (geometric, mean
 *    lambda, destinations uniform over the other nodes) into its free buffers and rejects
 *    the rest.
 * Priority: older first (the cycle of creation), then the lower source address, then the order
 * of generation within the cycle at that source.
 *
 * A message accepted at the end of cycle c and delivered during cycle d has delay d - c, the
 * number of cycle starts it spent in a buffer: with the queue sampled at cycle starts, Little's
 * law T = N qbar / gamma holds exactly, as the model's Eq. 20 uses it.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "flitlab-limits.h"
#include "flitlab-rng.h"
#include "flitlab-sim-backtrack.h"
#include "flitlab-job-pool.h"
#include "flitlab-topology.h"

#define BATCHES 10

typedef struct
{
  guint64  key;       /* priority: smaller is older, hence higher */
  guint32  dst;
  guint32  hops;
  guint64  accepted;  /* cycle of acceptance */
  gboolean tagged;    /* accepted inside the measured window */
} Message;

typedef struct
{
  guint32 id;
  guint32 from;
  guint32 dim;
} Send;

typedef struct
{
  guint64  delivered;       /* tagged messages delivered */
  double   delay_sum;
  double   hops_sum;
  guint64  window_delivered;
  guint64  generated;
  guint64  accepted;
  guint64  transmissions;
  guint64  forwards;
  guint64  backtracks;
  double   queue_sum;
  double   batch_sum[BATCHES];
  guint64  batch_count[BATCHES];
  guint64 *node_queue;      /* summed over window cycle starts */
  guint64 *channel_uses;    /* per topology channel id */
} Replication;

typedef struct
{
  const FlitlabBacktrackConfig *config;
  FlitlabTopology              *topology;
  guint                        *channel_of; /* node * n + dim -> topology channel id */
  Replication                  *replications;
} Run;

typedef struct
{
  const Run   *run;
  Replication *out;
  FlitlabRng   rng;
  guint        n;
  guint        N;
  guint        M;
  double       alpha;        /* geometric parameter lambda / (1 + lambda) */
  Message     *messages;     /* pool */
  guint32     *free_ids;
  guint        n_free;
  guint        pool_size;
  guint32     *buffer;       /* N x M message ids, each node's sorted by priority */
  guint       *count;
  Send        *sends;
  guint        n_sends;
  guint64      cycle;
  guint64      window_start;
  guint64      window_end;
  guint64      accepted_total;
  guint64      delivered_total;
} Sim;

static inline gboolean
in_window (const Sim *s)
{
  return s->cycle >= s->window_start && s->cycle < s->window_end;
}

static guint32
new_message (Sim *s)
{
  if (s->n_free == 0)
    {
      guint old = s->pool_size;

      s->pool_size = MAX (2 * s->pool_size, 1024);
      s->messages = g_renew (Message, s->messages, s->pool_size);
      s->free_ids = g_renew (guint32, s->free_ids, s->pool_size);
      for (guint i = s->pool_size; i > old; i--)
        s->free_ids[s->n_free++] = i - 1;
    }
  return s->free_ids[--s->n_free];
}

/* Inserts id into node's buffer, keeping it sorted by priority. */
static void
store (Sim     *s,
       guint    node,
       guint32  id)
{
  guint32 *buf = s->buffer + (gsize) node * s->M;
  guint i = s->count[node]++;

  g_assert (i < s->M);
  while (i > 0 && s->messages[buf[i - 1]].key > s->messages[id].key)
    {
      buf[i] = buf[i - 1];
      i--;
    }
  buf[i] = id;
}

/* Phases one and two at one node: appends its sends to s->sends. */
static void
route_node (Sim   *s,
            guint  node)
{
  const guint32 *buf = s->buffer + (gsize) node * s->M;
  guint i = s->count[node], j = 0, free_channels = 0;
  guint32 assigned_mask = 0, taken = 0;
  guint channel_free[32];

  for (guint m = 0; m < i; m++)
    {
      guint32 header = node ^ s->messages[buf[m]].dst;
      guint ones = (guint) __builtin_popcount (header);
      guint pick = flitlab_rng_below (&s->rng, ones);
      guint dim = 0;

      /* The pick-th one-bit of the header. */
      for (guint32 h = header;; h &= h - 1)
        {
          dim = (guint) __builtin_ctz (h);
          if (pick-- == 0)
            break;
        }
      if (!(taken & (1u << dim)))
        {
          taken |= 1u << dim;
          assigned_mask |= 1u << m;
          s->sends[s->n_sends++] = (Send) { buf[m], node, dim };
          j++;
        }
    }

  if (s->M - i + j >= s->n)
    return;

  /* Phase two: force out the lowest-priority unassigned messages on a random assignment of the
   * channels still free (a Fisher-Yates shuffle of them). */
  for (guint d = 0; d < s->n; d++)
    if (!(taken & (1u << d)))
      channel_free[free_channels++] = d;
  for (guint k = free_channels; k > 1; k--)
    {
      guint r = flitlab_rng_below (&s->rng, k);
      guint tmp = channel_free[k - 1];

      channel_free[k - 1] = channel_free[r];
      channel_free[r] = tmp;
    }
  for (guint m = i, forced = 0, need = s->n - s->M + i - j; m > 0 && forced < need; m--)
    if (!(assigned_mask & (1u << (m - 1))))
      s->sends[s->n_sends++] = (Send) { buf[m - 1], node, channel_free[forced++] };
}

static gboolean
check_conservation (Sim     *s,
                    GError **error)
{
  guint64 stored = 0;

  for (guint v = 0; v < s->N; v++)
    stored += s->count[v];
  if (s->accepted_total != s->delivered_total + stored)
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVARIANT,
                   _("Cycle %llu: %llu messages accepted but %llu delivered and %llu stored"),
                   (unsigned long long) s->cycle, (unsigned long long) s->accepted_total,
                   (unsigned long long) s->delivered_total, (unsigned long long) stored);
      return FALSE;
    }
  return TRUE;
}

static gboolean
step (Sim     *s,
      GError **error)
{
  const FlitlabBacktrackConfig *config = s->run->config;
  Replication *out = s->out;
  gboolean window = in_window (s);
  guint64 oldest_key = G_MAXUINT64;

  if (window)
    for (guint v = 0; v < s->N; v++)
      {
        out->queue_sum += s->count[v];
        out->node_queue[v] += s->count[v];
      }
  if (config->check)
    for (guint v = 0; v < s->N; v++)
      if (s->count[v] > 0)
        oldest_key = MIN (oldest_key, s->messages[s->buffer[(gsize) v * s->M]].key);

  /* Phases one and two everywhere, then every send at once. */
  s->n_sends = 0;
  for (guint v = 0; v < s->N; v++)
    route_node (s, v);

  /* Take the sent messages out of their buffers (a send is always from the sender's buffer). */
  for (guint i = 0; i < s->n_sends; i++)
    {
      const Send *send = &s->sends[i];
      guint32 *buf = s->buffer + (gsize) send->from * s->M;
      guint c = s->count[send->from], k = 0;

      while (buf[k] != send->id)
        k++;
      memmove (buf + k, buf + k + 1, sizeof (guint32) * (c - k - 1));
      s->count[send->from]--;
    }

  if (config->check && oldest_key != G_MAXUINT64)
    {
      gboolean moved = FALSE;

      for (guint i = 0; i < s->n_sends && !moved; i++)
        moved = s->messages[s->sends[i].id].key == oldest_key;
      if (!moved)
        {
          g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVARIANT,
                       _("Cycle %llu: the oldest message did not move"),
                       (unsigned long long) s->cycle);
          return FALSE;
        }
    }

  for (guint i = 0; i < s->n_sends; i++)
    {
      const Send *send = &s->sends[i];
      Message *m = &s->messages[send->id];
      guint to = send->from ^ (1u << send->dim);
      gboolean forward = ((send->from ^ m->dst) >> send->dim) & 1;

      m->hops++;
      if (window)
        {
          out->transmissions++;
          out->forwards += forward;
          out->backtracks += !forward;
          out->channel_uses[s->run->channel_of[send->from * s->n + send->dim]]++;
        }
      if (to == m->dst)
        {
          s->delivered_total++;
          if (window)
            out->window_delivered++;
          if (m->tagged)
            {
              double delay = (double) (s->cycle - m->accepted);
              guint batch = (guint) ((m->accepted - s->window_start) * BATCHES /
                                     (s->window_end - s->window_start));

              out->delivered++;
              out->delay_sum += delay;
              out->hops_sum += m->hops;
              out->batch_sum[batch] += delay;
              out->batch_count[batch]++;
            }
          s->free_ids[s->n_free++] = send->id;
        }
      else
        {
          if (s->count[to] >= s->M)
            {
              g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVARIANT,
                           _("Cycle %llu: node %u received a message with all %u buffers full"),
                           (unsigned long long) s->cycle, to, s->M);

              return FALSE;
            }
          store (s, to, send->id);
        }
    }

  /* Admission: geometric arrivals, into free buffers, the rest rejected. */
  for (guint v = 0; v < s->N; v++)
    {
      guint seq = 0;

      while (flitlab_rng_uniform (&s->rng) < s->alpha)
        {
          guint dst = flitlab_rng_below (&s->rng, s->N - 1);

          dst += dst >= v;
          if (window)
            out->generated++;
          if (s->count[v] < s->M)
            {
              guint32 id = new_message (s);

              s->messages[id] = (Message) {
                .key = ((s->cycle * s->N + v) << 8) | MIN (seq, 255),
                .dst = dst,
                .accepted = s->cycle,
                .tagged = window,
              };
              store (s, v, id);
              s->accepted_total++;
              if (window)
                out->accepted++;
            }
          seq++;
        }
    }

  s->cycle++;
  return !config->check || check_conservation (s, error);
}

static gboolean
tagged_in_flight (const Sim *s)
{
  for (guint v = 0; v < s->N; v++)
    for (guint k = 0; k < s->count[v]; k++)
      if (s->messages[s->buffer[(gsize) v * s->M + k]].tagged)
        return TRUE;
  return FALSE;
}

static gboolean
run_job (guint            job,
         FlitlabSimTick   tick,
         gpointer         tick_data,
         gpointer         user_data,
         GError         **error)
{
  const Run *run = user_data;
  const FlitlabBacktrackConfig *config = run->config;
  double rate = config->rates[job / config->replications];
  guint64 expected = config->warmup + config->cycles;
  gboolean ok = TRUE;
  Sim s = { 0 };

  s.run = run;
  s.out = &run->replications[job];
  s.n = config->n;
  s.N = 1u << config->n;
  s.M = config->buffers;
  s.alpha = rate / (1 + rate);
  flitlab_rng_init (&s.rng, config->seed, job);
  s.buffer = g_new (guint32, (gsize) s.N * s.M);
  s.count = g_new0 (guint, s.N);
  s.sends = g_new (Send, (gsize) s.N * s.n);
  s.window_start = config->warmup;
  s.window_end = config->warmup + config->cycles;
  s.out->node_queue = g_new0 (guint64, s.N);
  s.out->channel_uses = g_new0 (guint64, flitlab_topology_get_n_channels (run->topology));

  while (ok && (s.cycle < s.window_end || tagged_in_flight (&s)))
    {
      ok = step (&s, error);
      if (ok && (s.cycle & 255) == 0 && !tick (MIN (s.cycle, expected), expected, tick_data))
        {
          g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_CANCELLED,
                       _("The simulation was stopped"));
          ok = FALSE;
        }
    }

  g_free (s.messages);
  g_free (s.free_ids);
  g_free (s.buffer);
  g_free (s.count);
  g_free (s.sends);
  return ok;
}

static void
summarize (const Run             *run,
           guint                  rate_index,
           FlitlabBacktrackPoint *point)
{
  const FlitlabBacktrackConfig *config = run->config;
  guint N = 1u << config->n, n_channels = flitlab_topology_get_n_channels (run->topology);
  double delay = 0, hops = 0, generated = 0, accepted = 0, window_delivered = 0;
  double transmissions = 0, forwards = 0, backtracks = 0, queue = 0, cycles;
  FlitlabBatchMeans batches = { 0 };
  guint64 delivered = 0;

  point->rate = config->rates[rate_index];
  point->n_nodes = N;
  point->node_queue = g_new0 (double, N);
  point->n_channels = n_channels;
  point->channel_utilization = g_new0 (double, n_channels);
  cycles = (double) config->cycles * config->replications;

  for (guint r = 0; r < config->replications; r++)
    {
      const Replication *rep = &run->replications[rate_index * config->replications + r];

      delivered += rep->delivered;
      delay += rep->delay_sum;
      hops += rep->hops_sum;
      generated += rep->generated;
      accepted += rep->accepted;
      window_delivered += rep->window_delivered;
      transmissions += rep->transmissions;
      forwards += rep->forwards;
      backtracks += rep->backtracks;
      queue += rep->queue_sum;
      for (guint v = 0; v < N; v++)
        point->node_queue[v] += rep->node_queue[v] / cycles;
      for (guint c = 0; c < n_channels; c++)
        point->channel_utilization[c] += rep->channel_uses[c] / cycles;
      flitlab_batch_means_add (&batches, rep->batch_sum, rep->batch_count, BATCHES);
    }

  point->delivered = delivered;
  point->delay = delivered > 0 ? delay / delivered : NAN;
  point->hops = delivered > 0 ? hops / delivered : NAN;
  point->throughput = window_delivered / (cycles * N);
  point->acceptance = generated > 0 ? accepted / generated : 1;
  point->queue = queue / (cycles * N);
  point->utilization = transmissions / (cycles * N * config->n);
  point->forward = forwards / (cycles * N * config->n);
  point->backtrack = backtracks / (cycles * N * config->n);
  point->power = point->delay > 0 ? N * point->throughput * point->acceptance / point->delay : 0;
  point->ci95 = flitlab_batch_means_ci95 (&batches);
}

FlitlabBacktrackConfig *
flitlab_backtrack_config_new (guint n,
                              guint buffers)
{
  FlitlabBacktrackConfig *config = g_new0 (FlitlabBacktrackConfig, 1);

  config->n = n;
  config->buffers = buffers;
  config->seed = 1;
  config->replications = FLITLAB_DEFAULT_REPLICATIONS;
  config->warmup = 2000;
  config->cycles = FLITLAB_DEFAULT_CYCLES;
  return config;
}

void
flitlab_backtrack_config_free (FlitlabBacktrackConfig *config)
{
  if (config == NULL)
    return;
  g_free (config->rates);
  g_free (config);
}

void
flitlab_backtrack_result_free (FlitlabBacktrackResult *result)
{
  if (result == NULL)
    return;
  for (guint i = 0; i < result->n_points; i++)
    {
      g_free (result->points[i].node_queue);
      g_free (result->points[i].channel_utilization);
    }
  g_free (result->points);
  g_free (result);
}

gboolean
flitlab_backtrack_config_check (const FlitlabBacktrackConfig  *config,
                                GError                      **error)
{
  g_autoptr(GError) refused = NULL;

  g_return_val_if_fail (config != NULL, FALSE);

  if (config->n < 1 || config->n > 14)
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   _("The backtracking simulator takes hypercubes of 1 to 14 dimensions, not %u"),
                   config->n);
      return FALSE;
    }
  /* Each setting by its one check (flitlab-limits.h), whose words every edge gives; then
   * what this simulator needs of them. */
  if (!flitlab_limits_check_node_buffers (config->buffers, &refused) ||
      !flitlab_limits_check_replications (config->replications, &refused) ||
      !flitlab_limits_check_cycles (config->cycles, &refused) ||
      !flitlab_limits_check_warmup (config->warmup, &refused) ||
      !flitlab_limits_check_threads (config->threads, &refused))
    {
      g_set_error_literal (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID, refused->message);
      return FALSE;
    }
  if (config->buffers < config->n)
    {
      g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                   _("The buffers per node must be at least n = %u, not %u"), config->n,
                   config->buffers);
      return FALSE;
    }
  if (config->n_rates == 0)
    {
      g_set_error_literal (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                           _("No load to simulate"));
      return FALSE;
    }
  for (guint i = 0; i < config->n_rates; i++)
    if (!(config->rates[i] >= 0 && config->rates[i] <= 1000))
      {
        g_set_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID,
                     _("The generation rate must be from 0 to 1000 messages per node per cycle, "
                       "not %g"),
                     config->rates[i]);
        return FALSE;
      }

  return TRUE;
}

double
flitlab_backtrack_job_cost (const FlitlabBacktrackConfig *config,
                            guint                         job,
                            double                        latency)
{
  double rate = config->rates[job / config->replications], N = 1u << config->n;
  double zero_load = config->n / 2.0;  /* about the mean distance */

  if (isnan (latency) || latency <= 0)
    latency = zero_load;
  else if (isinf (latency))
    latency = 4 * zero_load;
  /* Every cycle visits every channel, and every message in flight (Little's law). */
  return (double) (config->warmup + config->cycles) * (N * config->n + rate * N * latency);
}

gboolean
flitlab_backtrack_set_init (const FlitlabBacktrackConfig  *config,
                            const double                  *cost,
                            FlitlabJobPoolSet             *set,
                            GError                       **error)
{
  g_autoptr(FlitlabTopology) topology = NULL;
  guint n_jobs, N;
  Run *run;

  g_return_val_if_fail (config != NULL, FALSE);

  if (!flitlab_backtrack_config_check (config, error))
    return FALSE;
  topology = flitlab_topology_new_hypercube (config->n, error);
  if (topology == NULL)
    return FALSE;
  N = 1u << config->n;
  run = g_new0 (Run, 1);
  run->config = config;
  run->topology = g_steal_pointer (&topology);
  run->channel_of = g_new (guint, (gsize) N * config->n);
  for (guint v = 0; v < N; v++)
    for (guint d = 0; d < config->n; d++)
      run->channel_of[v * config->n + d] =
        flitlab_topology_find_channel (run->topology, v, d, (v >> d) & 1 ? -1 : +1);
  n_jobs = config->n_rates * config->replications;
  run->replications = g_new0 (Replication, n_jobs);
  *set = (FlitlabJobPoolSet) { n_jobs, config->warmup + config->cycles, run_job, run, cost };
  return TRUE;
}

FlitlabBacktrackResult *
flitlab_backtrack_set_finish (FlitlabJobPoolSet *set,
                              gboolean           ran)
{
  Run *run = g_steal_pointer (&set->user_data);
  FlitlabBacktrackResult *result = NULL;

  if (run == NULL)
    return NULL;
  if (ran)
    {
      result = g_new0 (FlitlabBacktrackResult, 1);
      result->n_points = run->config->n_rates;
      result->points = g_new0 (FlitlabBacktrackPoint, run->config->n_rates);
      for (guint i = 0; i < run->config->n_rates; i++)
        summarize (run, i, &result->points[i]);
    }

  for (guint i = 0; i < set->n_jobs; i++)
    {
      g_free (run->replications[i].node_queue);
      g_free (run->replications[i].channel_uses);
    }
  g_free (run->replications);
  g_free (run->channel_of);
  flitlab_topology_free (run->topology);
  g_free (run);
  return result;
}

FlitlabBacktrackResult *
flitlab_sim_backtrack_run (const FlitlabBacktrackConfig  *config,
                           FlitlabProgressFunc            progress,
                           gpointer                       user_data,
                           GError                       **error)
{
  FlitlabJobPoolSet set;
  gboolean ran;

  if (!flitlab_backtrack_set_init (config, NULL, &set, error))
    return NULL;
  ran = flitlab_job_pool_run_sets (&set, 1, config->threads, progress, user_data, NULL, error);
  return flitlab_backtrack_set_finish (&set, ran);
}
