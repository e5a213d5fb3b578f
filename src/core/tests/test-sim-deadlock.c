/* test-sim-deadlock.c: the deadlock lab (issue 15): too few virtual channels on purpose, the
 * watchdog, and the cycle of waiting messages it reports
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "flitlab-channel-dependency.h"
#include "flitlab-sim-trace.h"

static FlitlabSimConfig *
lab_config (const char *spec,
            guint       vcs,
            double      rate)
{
  FlitlabSimConfig *config = flitlab_sim_config_new (spec);

  config->vcs = vcs;
  config->allow_deadlock = TRUE;
  config->replications = 2;
  config->cycles = 20000;
  config->watchdog = 2000;
  config->threads = 2;
  flitlab_sim_config_set_rates (config, &rate, 1);
  return config;
}

/* Each link's waits_for_channel is the next link's holds_channel, the last's the first's;
 * network channels of the topology; each message once. */
static void
assert_cycle (const FlitlabTopology     *topology,
              const FlitlabDeadlockLink *links,
              guint                      n)
{
  guint n_network = flitlab_topology_get_n_network_channels (topology);

  g_assert_cmpuint (n, >=, 2);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpuint (links[i].waits_for_channel, ==, links[(i + 1) % n].holds_channel);
      g_assert_cmpuint (links[i].holds_channel, <, n_network);
      g_assert_cmpuint (links[i].waits_for_channel, <, n_network);
      for (guint j = 0; j < i; j++)
        g_assert_cmpuint (links[i].message, !=, links[j].message);
    }
}

/* Too few VCs are refused unless the lab allows them, with a code that says the lab would run
 * them (flitlab-cli run offers --allow-deadlock on it); what the lab cannot run either is
 * refused as invalid. */
static void
test_refused (void)
{
  g_autoptr(FlitlabSimConfig) config = lab_config ("torus:4x4:bi", 1, 0.05);
  g_autoptr(GError) error = NULL;

  config->allow_deadlock = FALSE;
  g_assert_false (flitlab_sim_config_check (config, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_DEADLOCK_PRONE);
  g_clear_error (&error);

  config->allow_deadlock = TRUE;
  g_assert_true (flitlab_sim_config_check (config, &error));
  g_assert_no_error (error);
  /* Three VCs on a torus still cannot be split into two dateline classes. */
  config->vcs = 3;
  g_assert_false (flitlab_sim_config_check (config, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
  g_clear_error (&error);
  config->allow_deadlock = FALSE;
  g_assert_false (flitlab_sim_config_check (config, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
  g_clear_error (&error);
  /* Necklace routing needs its three classes whatever: the lab would not run it either. */
  {
    g_autoptr(FlitlabSimConfig) necklace = lab_config ("necklace:3,2", 1, 0.01);

    necklace->routing = FLITLAB_ROUTING_NECKLACE;
    g_assert_false (flitlab_sim_config_check (necklace, &error));
    g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_INVALID);
  }

}

/* DOR on a 4x4 torus with one VC under load deadlocks: the point says so, with no latency,
 * and carries a real cycle; the result does not depend on the threads. */
static void
test_torus_one_vc (void)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("torus:4x4:bi", NULL);
  g_autoptr(FlitlabSimConfig) config = lab_config ("torus:4x4:bi", 1, 0.05);
  g_autoptr(FlitlabSimResult) result = NULL;
  g_autoptr(FlitlabSimResult) again = NULL;
  g_autoptr(GError) error = NULL;
  const FlitlabSimPoint *p;

  result = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  p = &result->points[0];
  g_assert_true (p->deadlocked);
  g_assert_true (p->saturated);
  g_assert_true (isnan (p->latency[FLITLAB_LATENCY_TOTAL]));
  assert_cycle (topology, p->deadlock, p->n_deadlock);
  for (guint i = 0; i < p->n_deadlock; i++)
    g_test_message ("message %u holds %u waits for %u", p->deadlock[i].message,
                    p->deadlock[i].holds_channel, p->deadlock[i].waits_for_channel);

  config->threads = 1;
  again = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (again->points[0].n_deadlock, ==, p->n_deadlock);
  for (guint i = 0; i < p->n_deadlock; i++)
    g_assert_cmpuint (again->points[0].deadlock[i].message, ==, p->deadlock[i].message);
}

/* The lab with enough VCs, at a light load: no deadlock, an ordinary point. */
static void
test_no_deadlock (void)
{
  g_autoptr(FlitlabSimConfig) config = lab_config ("torus:4x4:bi", 2, 0.01);
  g_autoptr(FlitlabSimResult) result = NULL;
  g_autoptr(GError) error = NULL;

  config->cycles = 5000;
  result = flitlab_sim_run (config, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (result->points[0].deadlocked);
  g_assert_cmpuint (result->points[0].n_deadlock, ==, 0);
  g_assert_null (result->points[0].deadlock);
  g_assert_true (isfinite (result->points[0].latency[FLITLAB_LATENCY_TOTAL]));
}

/* The deadlock's channels are a cycle of the routing's channel dependency graph: each link's
 * holds_channel in it, each channel held by a message of the cycle, an edge from each to the
 * next and from the last to the first. */
static void
assert_dependency_cycle (const FlitlabTopology     *topology,
                         const FlitlabSimTrace     *trace,
                         const FlitlabDeadlockLink *links,
                         guint                      n_links)
{
  g_autoptr(FlitlabChannelDependency) graph =
    flitlab_channel_dependency_new (topology, FLITLAB_ROUTING_DOR, 1, NULL);
  g_autofree gint32 *holder = g_new (gint32, flitlab_topology_get_n_channels (topology));
  guint n = 0, n_edges = flitlab_channel_dependency_get_n_edges (graph);
  g_autofree guint *cycle = flitlab_sim_trace_get_deadlock_channels (trace, links, n_links, &n);

  g_assert_nonnull (graph);
  g_assert_cmpuint (n, >=, n_links);
  flitlab_sim_trace_get_channels (trace, holder, NULL, NULL);
  for (guint i = 0; i < n_links; i++)
    {
      gboolean found = FALSE;

      for (guint j = 0; j < n; j++)
        found |= cycle[j] == links[i].holds_channel;
      g_assert_true (found);
    }
  for (guint j = 0; j < n; j++)
    {
      gboolean held = FALSE, edge = FALSE;

      for (guint i = 0; i < n_links; i++)
        held |= holder[cycle[j]] == (gint32) links[i].message;
      g_assert_true (held);
      for (guint e = 0; e < n_edges && !edge; e++)
        {
          FlitlabDependencyVertex from, to;

          flitlab_channel_dependency_get_edge (graph, e, &from, &to);
          edge = from.channel == cycle[j] && to.channel == cycle[(j + 1) % n];
        }
      g_assert_true (edge);
    }
}

/* The window's animation: step a trace until the watchdog would fire, then find the cycle; the
 * channels each message holds are those the trace shows it holding. */
static void
test_trace (void)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("torus:4x4:bi", NULL);
  g_autoptr(FlitlabSimConfig) config = lab_config ("torus:4x4:bi", 1, 0.05);
  g_autoptr(FlitlabSimTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree FlitlabDeadlockLink *links = NULL;
  g_autofree gint32 *holder = NULL;
  guint n = 0, n_channels = flitlab_topology_get_n_channels (topology);

  config->watchdog = 200;
  trace = flitlab_sim_trace_new (config, 0.05, &error);
  g_assert_no_error (error);
  g_assert_false (flitlab_sim_trace_is_deadlocked (trace));
  while (!flitlab_sim_trace_is_deadlocked (trace) && flitlab_sim_trace_get_cycle (trace) < 200000)
    flitlab_sim_trace_step (trace, 100);
  g_assert_true (flitlab_sim_trace_is_deadlocked (trace));
  g_test_message ("deadlocked by cycle %" G_GUINT64_FORMAT, flitlab_sim_trace_get_cycle (trace));

  links = flitlab_sim_trace_find_deadlock (trace, &n);
  g_assert_nonnull (links);
  assert_cycle (topology, links, n);
  holder = g_new (gint32, n_channels);
  flitlab_sim_trace_get_channels (trace, holder, NULL, NULL);
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (holder[links[i].holds_channel], ==, (gint32) links[i].message);
  assert_dependency_cycle (topology, trace, links, n);
}

/* Each message's worm (the animation follows one): the channels it holds from its tail to its
 * header, joined end to end, its injection channel first while flits of it are at its source;
 * every channel the per-channel holder gives it among them. Two virtual channels, so a
 * channel may hold two worms at once and show one holder. */
static void
test_worm (void)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("torus:4x4:bi", NULL);
  g_autoptr(FlitlabSimConfig) config = lab_config ("torus:4x4:bi", 2, 0.05);
  g_autoptr(FlitlabSimTrace) trace = NULL;
  guint n_channels = flitlab_topology_get_n_channels (topology);
  guint n_network = flitlab_topology_get_n_network_channels (topology);
  g_autofree gint32 *holder = g_new (gint32, n_channels);
  guint with_injection = 0, shared = 0;

  trace = flitlab_sim_trace_new (config, 0.05, NULL);
  for (guint round = 0; round < 40; round++)
    {
      FlitlabSimTraceMessage m;

      flitlab_sim_trace_step (trace, 25);
      flitlab_sim_trace_get_channels (trace, holder, NULL, NULL);
      for (guint id = 0; flitlab_sim_trace_get_message (trace, id, &m); id++)
        {
          guint n = 0;
          g_autofree guint *worm = flitlab_sim_trace_get_worm (trace, id, &n);

          if (m.delivered || m.header < 0)
            {
              g_assert_null (worm);
              continue;
            }
          g_assert_cmpuint (n, >, 0);
          /* The header's channel, or before the one it has been given. */
          g_assert_true (worm[n - 1] == (guint) m.header ||
                         (n > 1 && worm[n - 2] == (guint) m.header));
          for (guint i = 0; i < n; i++)
            {
              g_assert_cmpuint (worm[i], <, n_channels);
              if (worm[i] == flitlab_topology_get_injection_channel (topology, m.src))
                g_assert_cmpuint (i, ==, 0);
              else if (worm[i] >= n_network)
                {
                  g_assert_cmpuint (worm[i], ==,
                                    flitlab_topology_get_ejection_channel (topology, m.dst));
                  g_assert_cmpuint (i, ==, n - 1);
                }
              else if (i > 0 && worm[i - 1] < n_network)
                g_assert_cmpuint (flitlab_topology_get_channel (topology, worm[i - 1])->dst, ==,
                                  flitlab_topology_get_channel (topology, worm[i])->src);
              shared += holder[worm[i]] != (gint32) id;
            }
          with_injection += n > 1 &&
                            worm[0] == flitlab_topology_get_injection_channel (topology, m.src);
          for (guint c = 0; c < n_channels; c++)
            if (holder[c] == (gint32) id)
              {
                gboolean found = FALSE;

                for (guint i = 0; i < n; i++)
                  found |= worm[i] == c;
                g_assert_true (found);
              }
        }
    }
  /* The case the animation met: a worm still leaving its source, partly in the network. */
  g_assert_cmpuint (with_injection, >, 0);
  g_test_message ("%u worms in their injection channel, %u channels shown as another's",
                  with_injection, shared);
}

static gboolean
stop_at_once (double   fraction,
              double   seconds_left,
              gpointer user_data)
{
  return FALSE;
}

/* Skipping to the deadlock: the replay comes lead cycles before the deadlock formed, plays
 * into it as the look-ahead did (its messages have moved until start and never after), and
 * is the animation's own replication; a load that does not deadlock in time says so, and the
 * look-ahead stops when asked. */
static void
test_before_deadlock (void)
{
  g_autoptr(FlitlabTopology) topology = flitlab_topology_new_from_spec ("torus:4x4:bi", NULL);
  g_autoptr(FlitlabSimConfig) config = lab_config ("torus:4x4:bi", 1, 0.05);
  g_autoptr(FlitlabSimTrace) replay = NULL;
  g_autoptr(FlitlabSimTrace) plain = NULL;
  g_autoptr(GError) error = NULL;
  guint n_channels = flitlab_topology_get_n_channels (topology);
  g_autofree gint32 *holder = g_new (gint32, n_channels);
  g_autofree gint32 *plain_holder = g_new (gint32, n_channels);
  FlitlabSimTraceDeadlock deadlock;
  guint64 last = 0;

  config->watchdog = 200;
  replay = flitlab_sim_trace_new_before_deadlock (config, 0.05, 50, 200000, NULL, NULL, &deadlock,
                                                  &error);
  g_assert_no_error (error);
  g_assert_nonnull (replay);
  g_test_message ("formed at cycle %" G_GUINT64_FORMAT ", found at %" G_GUINT64_FORMAT,
                  deadlock.start, deadlock.found);
  g_assert_cmpuint (deadlock.start, >, 50);
  g_assert_cmpuint (deadlock.found, >, deadlock.start + 200);
  g_assert_cmpuint (flitlab_sim_trace_get_cycle (replay), ==, deadlock.start - 50);
  assert_cycle (topology, deadlock.links, deadlock.n_links);

  /* The animation's own replication: a trace stepped there from cycle 0 is the same. */
  plain = flitlab_sim_trace_new (config, 0.05, NULL);
  flitlab_sim_trace_step (plain, deadlock.start - 50);
  flitlab_sim_trace_get_channels (replay, holder, NULL, NULL);
  flitlab_sim_trace_get_channels (plain, plain_holder, NULL, NULL);
  g_assert_cmpmem (holder, n_channels * sizeof (gint32),
                   plain_holder, n_channels * sizeof (gint32));

  flitlab_sim_trace_step (replay, 50);
  g_assert_cmpuint (flitlab_sim_trace_get_deadlock_start (replay, deadlock.links, deadlock.n_links),
                    ==, deadlock.start);
  flitlab_sim_trace_step (replay, 300);
  flitlab_sim_trace_get_channels (replay, holder, NULL, NULL);
  for (guint i = 0; i < deadlock.n_links; i++)
    {
      FlitlabSimTraceMessage m;

      g_assert_true (flitlab_sim_trace_get_message (replay, deadlock.links[i].message, &m));
      g_assert_false (m.delivered);
      g_assert_cmpuint (m.last_moved, <, deadlock.start);
      last = MAX (last, m.last_moved);
      g_assert_cmpint (holder[deadlock.links[i].holds_channel], ==,
                       (gint32) deadlock.links[i].message);
    }
  g_assert_cmpuint (last, ==, deadlock.start - 1);
  g_free (deadlock.links);

  /* 0.01 does not deadlock in 20000 cycles; and a look-ahead told to stop stops. */
  g_assert_null (flitlab_sim_trace_new_before_deadlock (config, 0.01, 50, 20000, NULL, NULL,
                                                        &deadlock, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_NO_DEADLOCK);
  g_clear_error (&error);
  g_assert_null (flitlab_sim_trace_new_before_deadlock (config, 0.05, 50, 200000, stop_at_once,
                                                        NULL, &deadlock, &error));
  g_assert_error (error, FLITLAB_SIM_ERROR, FLITLAB_SIM_ERROR_CANCELLED);
  g_assert_null (deadlock.links);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/sim-deadlock/refused", test_refused);
  g_test_add_func ("/flitlab/sim-deadlock/torus-one-vc", test_torus_one_vc);
  g_test_add_func ("/flitlab/sim-deadlock/no-deadlock", test_no_deadlock);
  g_test_add_func ("/flitlab/sim-deadlock/trace", test_trace);
  g_test_add_func ("/flitlab/sim-deadlock/worm", test_worm);
  g_test_add_func ("/flitlab/sim-deadlock/before-deadlock", test_before_deadlock);
  return g_test_run ();
}
