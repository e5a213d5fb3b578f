/* test-model-horng.c (stub until its unit lands) */

#include "config.h"

#include <glib.h>

static void
test_placeholder (void)
{
  g_test_skip ("not written yet");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/flitlab/model-horng/placeholder", test_placeholder);
  return g_test_run ();
}
