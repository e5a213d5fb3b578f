/* test-study-page.c: the pages' base follows one document at a time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "flitlab-study-page.h"

/* A page that counts what it is told to show. */
#define COUNTING_TYPE_PAGE (counting_page_get_type ())
G_DECLARE_FINAL_TYPE (CountingPage, counting_page, COUNTING, PAGE, FlitlabStudyPage)

struct _CountingPage
{
  FlitlabStudyPage parent_instance;
  guint           *shown; /* the test's count, outliving the page */
  char            *last;  /* the name of the study last shown, NULL: none */
};

G_DEFINE_FINAL_TYPE (CountingPage, counting_page, FLITLAB_TYPE_STUDY_PAGE)

static void
count_show (FlitlabStudyPage   *page,
            const FlitlabStudy *study)
{
  CountingPage *self = COUNTING_PAGE (page);

  (*self->shown)++;
  g_free (self->last);
  self->last = study != NULL ? g_strdup (study->name) : NULL;
}

static void
counting_page_finalize (GObject *object)
{
  g_free (COUNTING_PAGE (object)->last);
  G_OBJECT_CLASS (counting_page_parent_class)->finalize (object);
}

static void
counting_page_class_init (CountingPageClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = counting_page_finalize;
  FLITLAB_STUDY_PAGE_CLASS (klass)->show_study = count_show;
}

static void
counting_page_init (CountingPage *self)
{
}

static FlitlabDocument *
document_with (const char *name)
{
  FlitlabDocument *document = flitlab_document_new ();
  FlitlabStudy *study = flitlab_study_new (name);

  flitlab_study_set_topology (study, "torus:4x4:bi", NULL);
  flitlab_document_insert_study (document, 0, study);
  return document;
}

static void
rename_first (FlitlabDocument *document,
              const char      *name)
{
  FlitlabStudy *edited = flitlab_study_copy (flitlab_document_get_study (document, 0));

  g_free (edited->name);
  edited->name = g_strdup (name);
  g_assert_true (flitlab_document_edit_study (document, 0, edited, NULL));
}

/* Moved to another document, or to none, a page hears no more of the first; disposed, it hears
 * nothing; it is told each change of the study it shows, with the study as it is now. */
static void
test_follows_one_document (void)
{
  g_autoptr(FlitlabDocument) first = document_with ("first");
  g_autoptr(FlitlabDocument) other = document_with ("other");
  CountingPage *page = g_object_ref_sink (g_object_new (COUNTING_TYPE_PAGE, NULL));
  FlitlabStudyPage *base = FLITLAB_STUDY_PAGE (page);
  guint shown = 0;

  page->shown = &shown;
  flitlab_study_page_show (base, first, 0);
  g_assert_cmpuint (shown, ==, 1);
  g_assert_cmpstr (page->last, ==, "first");
  g_assert_true (flitlab_study_page_get_document (base) == first);
  rename_first (first, "a");
  g_assert_cmpuint (shown, ==, 2);
  g_assert_cmpstr (page->last, ==, "a");

  flitlab_study_page_show (base, other, 0);
  rename_first (first, "b");
  g_assert_cmpuint (shown, ==, 3);
  rename_first (other, "c");
  g_assert_cmpuint (shown, ==, 4);
  g_assert_cmpstr (page->last, ==, "c");

  flitlab_study_page_show (base, NULL, -1);
  g_assert_cmpuint (shown, ==, 5);
  g_assert_null (page->last);
  g_assert_null (flitlab_study_page_get_study (base));
  rename_first (other, "d");
  g_assert_cmpuint (shown, ==, 5);

  /* Another study of the same document: changes of study 0 are not its own. */
  flitlab_document_insert_study (other, 1, flitlab_study_new ("second"));
  flitlab_study_page_show (base, other, 1);
  g_assert_cmpuint (shown, ==, 6);
  rename_first (other, "e");
  g_assert_cmpuint (shown, ==, 6);

  g_object_unref (page);
  rename_first (other, "f");
  g_assert_cmpuint (shown, ==, 6);
}

static void
test_scale (void)
{
  FlitlabStudyPage *page = g_object_ref_sink (g_object_new (COUNTING_TYPE_PAGE, NULL));

  g_assert_cmpfloat (flitlab_study_page_get_scale (page), ==, 1);
  flitlab_study_page_set_scale (page, 2.5);
  g_assert_cmpfloat (flitlab_study_page_get_scale (page), ==, 2.5);
  flitlab_study_page_set_scale (page, 0.2);
  g_assert_cmpfloat (flitlab_study_page_get_scale (page), ==, 1);
  g_object_unref (page);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/study-page/follows-one-document", test_follows_one_document);
  g_test_add_func ("/study-page/scale", test_scale);
  return g_test_run ();
}
