/* test-trace-file.c: text and Netrace traces read from files, and a Netrace trace replayed
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Netrace files are written here with libbz2, from Netrace 1.0's layout
 * (src/io/flitlab-trace-file.c).
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <bzlib.h>

#include "flitlab-sim.h"
#include "flitlab-sim-replay.h"
#include "flitlab-trace-file.h"

#include "test-files.h"

static void
put32 (GByteArray *data,
       guint32     v)
{
  guint32 le = GUINT32_TO_LE (v);

  g_byte_array_append (data, (const guint8 *) &le, 4);
}

static void
put64 (GByteArray *data,
       guint64     v)
{
  guint64 le = GUINT64_TO_LE (v);

  g_byte_array_append (data, (const guint8 *) &le, 8);
}

static void
put8 (GByteArray *data,
      guint8      v)
{
  g_byte_array_append (data, &v, 1);
}

/* A Netrace header: 64 nodes, packets, a note and one region. */
static GByteArray *
netrace_header (guint32 magic,
                guint64 packets)
{
  GByteArray *data = g_byte_array_new ();
  char name[30] = "flitlab-test";
  const float version = 1.0f;
  guint32 bits;

  memcpy (&bits, &version, 4);
  put32 (data, magic);
  put32 (data, bits);
  g_byte_array_append (data, (const guint8 *) name, sizeof name);
  put8 (data, 64);
  put8 (data, 0);
  put64 (data, 1000);
  put64 (data, packets);
  put32 (data, 6);         /* notes, with their NUL */
  put32 (data, 1);         /* regions */
  for (guint i = 0; i < 8; i++)
    put8 (data, 0);
  g_byte_array_append (data, (const guint8 *) "notes", 6);
  for (guint i = 0; i < 3; i++)
    put64 (data, 0);
  g_assert_cmpuint (data->len, ==, 72 + 6 + 24);
  return data;
}

static void
netrace_packet (GByteArray    *data,
                guint64        cycle,
                guint32        id,
                guint8         type,
                guint8         src,
                guint8         dst,
                const guint32 *deps,
                guint8         n_deps)
{
  put64 (data, cycle);
  put32 (data, id);
  put32 (data, 0x1000);
  put8 (data, type);
  put8 (data, src);
  put8 (data, dst);
  put8 (data, 0);
  put8 (data, n_deps);
  for (guint i = 0; i < n_deps; i++)
    put32 (data, deps[i]);
}

/* data compressed with libbz2 into path, of which only keep bytes (0: all) are kept. */
static void
write_bz2 (const char *path,
           GByteArray *data,
           gsize       keep)
{
  FILE *file = fopen (path, "wb");
  int bzerror = BZ_OK;
  BZFILE *bz;

  g_assert_nonnull (file);
  bz = BZ2_bzWriteOpen (&bzerror, file, 9, 0, 0);
  g_assert_cmpint (bzerror, ==, BZ_OK);
  BZ2_bzWrite (&bzerror, bz, data->data, (int) data->len);
  g_assert_cmpint (bzerror, ==, BZ_OK);
  BZ2_bzWriteClose (&bzerror, bz, 0, NULL, NULL);
  g_assert_cmpint (bzerror, ==, BZ_OK);
  g_assert_cmpint (fclose (file), ==, 0);
  if (keep > 0)
    {
      g_autofree char *bytes = NULL;
      gsize length;

      g_assert_true (g_file_get_contents (path, &bytes, &length, NULL));
      g_assert_cmpuint (keep, <, length);
      g_assert_true (g_file_set_contents (path, bytes, (gssize) keep, NULL));
    }
}

/* Packet 1 (a 72-byte ReadResp: 5 flits) from node 0 to 63 and its dependant, packet 2 (an
 * 8-byte ReadReq: 1 flit), from 63 back to 0, both recorded at cycle 0. */
static GByteArray *
two_packets (void)
{
  static const guint32 deps[] = { 2 };
  GByteArray *data = netrace_header (0x484A5455, 2);

  netrace_packet (data, 0, 1, 2, 0, 63, deps, 1);
  netrace_packet (data, 0, 2, 1, 63, 0, NULL, 0);
  return data;
}

static void
test_netrace_read (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "two.tra.bz2", NULL);
  g_autoptr(GByteArray) data = two_packets ();
  g_autoptr(FlitlabTraceFile) file = NULL;
  g_autoptr(GError) error = NULL;
  FlitlabTraceMessage m;

  write_bz2 (path, data, 0);
  file = flitlab_trace_file_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (flitlab_trace_file_get_format (file), ==, FLITLAB_TRACE_FORMAT_NETRACE);
  g_assert_cmpuint (flitlab_trace_file_get_n_nodes (file), ==, 64);
  g_assert_cmpuint (flitlab_trace_file_get_n_messages (file), ==, 2);
  g_assert_true (flitlab_trace_file_next (file, &m, &error));
  g_assert_cmpuint (m.id, ==, 1);
  g_assert_cmpuint (m.src, ==, 0);
  g_assert_cmpuint (m.dst, ==, 63);
  g_assert_cmpuint (m.flits, ==, 5);
  g_assert_cmpuint (m.n_children, ==, 1);
  g_assert_cmpuint (m.children[0], ==, 2);
  g_assert_true (flitlab_trace_file_next (file, &m, &error));
  g_assert_cmpuint (m.id, ==, 2);
  g_assert_cmpuint (m.flits, ==, 1);
  g_assert_cmpuint (m.n_children, ==, 0);
  g_assert_false (flitlab_trace_file_next (file, &m, &error));
  g_assert_no_error (error);
  g_clear_pointer (&file, flitlab_trace_file_free);
  test_files_remove_tree (dir);
}

/* The dependant leaves once its parent has arrived: 0 -> 63 on an 8x8 mesh is 14 hops, so
 * the parent takes 14 + 5 + 1 cycles and the dependant, released then, 14 + 1 + 1. Timestamps
 * alone send both at cycle 0. */
static void
test_netrace_replay (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "two.tra.bz2", NULL);
  g_autoptr(GByteArray) data = two_packets ();
  g_autoptr(FlitlabSimConfig) config = flitlab_sim_config_new ("mesh:8x8");
  FlitlabReplayOptions options = { .scale = 1 };

  write_bz2 (path, data, 0);
  for (guint stamps = 0; stamps < 2; stamps++)
    {
      g_autoptr(FlitlabTraceFile) file = flitlab_trace_file_open (path, NULL);
      g_autoptr(FlitlabReplayResult) result = NULL;
      g_autoptr(GError) error = NULL;

      options.timestamps_only = stamps;
      result = flitlab_sim_replay (config, &options, flitlab_trace_file_next, file, 2, NULL,
                                   NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (result->messages, ==, 2);
      g_assert_cmpfloat (result->latency_p50, ==, 16);
      g_assert_cmpfloat (result->latency_p99, ==, 20);
      g_assert_cmpuint (result->makespan, ==, stamps ? 20 : 20 + 16);
    }
  test_files_remove_tree (dir);
}

/* A truncated file, bzip2 data of something else, a packet cut short: one error each. */
static void
test_netrace_bad (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "bad.tra.bz2", NULL);
  struct { guint32 magic; gsize keep; gsize cut; FlitlabTraceFileError code; } cases[] = {
    { 0x484A5455, 40, 0, FLITLAB_TRACE_FILE_ERROR_TRUNCATED },
    { 0x12345678, 0, 0, FLITLAB_TRACE_FILE_ERROR_PARSE },
    { 0x484A5455, 0, 3, FLITLAB_TRACE_FILE_ERROR_TRUNCATED },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GByteArray) data = netrace_header (cases[i].magic, 1);
      g_autoptr(FlitlabTraceFile) file = NULL;
      g_autoptr(GError) error = NULL;
      FlitlabTraceMessage m;

      netrace_packet (data, 0, 1, 1, 0, 1, NULL, 0);
      g_byte_array_set_size (data, data->len - (guint) cases[i].cut);
      write_bz2 (path, data, cases[i].keep);
      file = flitlab_trace_file_open (path, &error);
      if (file != NULL)
        g_assert_false (flitlab_trace_file_next (file, &m, &error));
      g_assert_error (error, FLITLAB_TRACE_FILE_ERROR, (gint) cases[i].code);
      g_assert_nonnull (strstr (error->message, "bad.tra.bz2"));
      g_assert_null (strchr (error->message, '\n'));
    }

  /* A node the network does not have: Netrace's node numbers go to 255. */
  {
    g_autoptr(GByteArray) data = netrace_header (0x484A5455, 1);
    g_autoptr(FlitlabTraceFile) file = NULL;
    g_autoptr(GError) error = NULL;
    FlitlabTraceMessage m;

    netrace_packet (data, 0, 1, 1, 0, 64, NULL, 0);
    write_bz2 (path, data, 0);
    file = flitlab_trace_file_open (path, &error);
    g_assert_no_error (error);
    flitlab_trace_file_set_network_nodes (file, 64);
    g_assert_false (flitlab_trace_file_next (file, &m, &error));
    g_assert_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_PARSE);
    g_assert_nonnull (strstr (error->message, "packet 1 names node 64"));
  }
  test_files_remove_tree (dir);
}

static void
test_text (void)
{
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "t.txt", NULL);
  g_autoptr(FlitlabTraceFile) file = NULL;
  g_autoptr(GError) error = NULL;
  FlitlabTraceMessage m;

  g_assert_true (g_file_set_contents (path, "# cycle src dst flits\n\n0 1 2 3\n"
                                      "5,\t2, 1 ,  4   # a comment\r\n", -1, NULL));
  file = flitlab_trace_file_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (flitlab_trace_file_get_format (file), ==, FLITLAB_TRACE_FORMAT_TEXT);
  g_assert_true (flitlab_trace_file_next (file, &m, &error));
  g_assert_cmpuint (m.cycle, ==, 0);
  g_assert_cmpuint (m.src, ==, 1);
  g_assert_cmpuint (m.dst, ==, 2);
  g_assert_cmpuint (m.flits, ==, 3);
  g_assert_true (flitlab_trace_file_next (file, &m, &error));
  g_assert_cmpuint (m.cycle, ==, 5);
  g_assert_cmpuint (m.src, ==, 2);
  g_assert_cmpuint (m.dst, ==, 1);
  g_assert_cmpuint (m.flits, ==, 4);
  g_assert_false (flitlab_trace_file_next (file, &m, &error));
  g_assert_no_error (error);
  g_clear_pointer (&file, flitlab_trace_file_free);
  test_files_remove_tree (dir);
}

/* Each bad line: the file and its line number, one line of message. */
static void
test_text_bad (void)
{
  static const char * const texts[] = {
    "0 1 2\n",
    "0 1 2 3 4\n",
    "0 1 2 0\n",
    "0 1 x 3\n",
    "0 -1 2 3\n",
    "5 1 2 3\n4 1 2 3\n",
  };
  g_autofree char *dir = test_files_make_dir ();
  g_autofree char *path = g_build_filename (dir, "bad.txt", NULL);

  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(FlitlabTraceFile) file = NULL;
      g_autoptr(GError) error = NULL;
      FlitlabTraceMessage m;
      guint line = i == G_N_ELEMENTS (texts) - 1 ? 2 : 1;
      g_autofree char *where = g_strdup_printf ("bad.txt:%u: ", line);

      g_assert_true (g_file_set_contents (path, texts[i], -1, NULL));
      file = flitlab_trace_file_open (path, &error);
      g_assert_no_error (error);
      while (flitlab_trace_file_next (file, &m, &error))
        ;
      g_assert_error (error, FLITLAB_TRACE_FILE_ERROR, FLITLAB_TRACE_FILE_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, where));
      g_assert_null (strchr (error->message, '\n'));
    }
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *missing = g_build_filename (dir, "missing.txt", NULL);

    g_assert_null (flitlab_trace_file_open (missing, &error));
    g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  }
  test_files_remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/trace-file/netrace-read", test_netrace_read);
  g_test_add_func ("/flitlab/trace-file/netrace-replay", test_netrace_replay);
  g_test_add_func ("/flitlab/trace-file/netrace-bad", test_netrace_bad);
  g_test_add_func ("/flitlab/trace-file/text", test_text);
  g_test_add_func ("/flitlab/trace-file/text-bad", test_text_bad);
  return g_test_run ();
}
