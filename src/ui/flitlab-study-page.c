/* flitlab-study-page.c: the base of the pages that draw one study of a document
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The document's "study-changed" reaches the page through a GSignalGroup, which moves the
 * handler when the page is given another document and drops it with the page.
 */

#include "config.h"

#include "flitlab-study-page.h"

typedef struct
{
  FlitlabDocument *document;
  GSignalGroup    *document_signals;
  int              index;   /* of the study shown in document; -1: none */
  double           scale;
  GtkWidget       *figure;  /* not owned: a child */
  GtkLabel        *message; /* not owned: a child */
} FlitlabStudyPagePrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (FlitlabStudyPage, flitlab_study_page, GTK_TYPE_BOX)

static void
show_study (FlitlabStudyPage *self)
{
  FLITLAB_STUDY_PAGE_GET_CLASS (self)->show_study (self, flitlab_study_page_get_study (self));
}

static void
on_study_changed (FlitlabStudyPage *self,
                  guint             index)
{
  FlitlabStudyPagePrivate *priv = flitlab_study_page_get_instance_private (self);

  if ((int) index == priv->index)
    show_study (self);
}

void
flitlab_study_page_show (FlitlabStudyPage *self,
                         FlitlabDocument  *document,
                         int               index)
{
  FlitlabStudyPagePrivate *priv;

  g_return_if_fail (FLITLAB_IS_STUDY_PAGE (self));
  g_return_if_fail (document == NULL || FLITLAB_IS_DOCUMENT (document));

  priv = flitlab_study_page_get_instance_private (self);
  g_set_object (&priv->document, document);
  g_signal_group_set_target (priv->document_signals, document);
  priv->index = index;
  show_study (self);
}

const FlitlabStudy *
flitlab_study_page_get_study (FlitlabStudyPage *self)
{
  FlitlabStudyPagePrivate *priv;

  g_return_val_if_fail (FLITLAB_IS_STUDY_PAGE (self), NULL);

  priv = flitlab_study_page_get_instance_private (self);
  if (priv->document == NULL || priv->index < 0)
    return NULL;
  return flitlab_document_get_study (priv->document, (guint) priv->index);
}

FlitlabDocument *
flitlab_study_page_get_document (FlitlabStudyPage *self)
{
  FlitlabStudyPagePrivate *priv;

  g_return_val_if_fail (FLITLAB_IS_STUDY_PAGE (self), NULL);

  priv = flitlab_study_page_get_instance_private (self);
  return priv->document;
}

int
flitlab_study_page_get_index (FlitlabStudyPage *self)
{
  FlitlabStudyPagePrivate *priv;

  g_return_val_if_fail (FLITLAB_IS_STUDY_PAGE (self), -1);

  priv = flitlab_study_page_get_instance_private (self);
  return priv->index;
}

void
flitlab_study_page_set_scale (FlitlabStudyPage *self,
                              double            scale)
{
  FlitlabStudyPagePrivate *priv;

  g_return_if_fail (FLITLAB_IS_STUDY_PAGE (self));

  priv = flitlab_study_page_get_instance_private (self);
  priv->scale = MAX (scale, 1);
  /* Presenting, why nothing is drawn is read from the back of the room too. */
  if (priv->message != NULL && priv->scale > 1)
    gtk_widget_add_css_class (GTK_WIDGET (priv->message), "title-2");
  else if (priv->message != NULL)
    gtk_widget_remove_css_class (GTK_WIDGET (priv->message), "title-2");
  if (FLITLAB_STUDY_PAGE_GET_CLASS (self)->scale_changed != NULL)
    FLITLAB_STUDY_PAGE_GET_CLASS (self)->scale_changed (self);
  if (priv->figure != NULL)
    gtk_widget_queue_draw (priv->figure);
}

double
flitlab_study_page_get_scale (FlitlabStudyPage *self)
{
  FlitlabStudyPagePrivate *priv;

  g_return_val_if_fail (FLITLAB_IS_STUDY_PAGE (self), 1);

  priv = flitlab_study_page_get_instance_private (self);
  return priv->scale;
}

void
flitlab_study_page_focus_figure (FlitlabStudyPage *self)
{
  FlitlabStudyPagePrivate *priv;

  g_return_if_fail (FLITLAB_IS_STUDY_PAGE (self));

  priv = flitlab_study_page_get_instance_private (self);
  if (priv->figure != NULL)
    gtk_widget_grab_focus (priv->figure);
}

void
flitlab_study_page_show_message (FlitlabStudyPage *self,
                                 const char       *text)
{
  FlitlabStudyPagePrivate *priv;

  g_return_if_fail (FLITLAB_IS_STUDY_PAGE (self));

  priv = flitlab_study_page_get_instance_private (self);
  g_return_if_fail (priv->message != NULL);
  gtk_label_set_text (priv->message, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (priv->message), text != NULL);
}

void
flitlab_study_page_set_parts (FlitlabStudyPage *self,
                              GtkWidget        *figure,
                              GtkLabel         *message)
{
  FlitlabStudyPagePrivate *priv;

  g_return_if_fail (FLITLAB_IS_STUDY_PAGE (self));

  priv = flitlab_study_page_get_instance_private (self);
  priv->figure = figure;
  priv->message = message;
  /* The figure takes the keyboard when shown, so that keys never reach a header button. */
  if (figure != NULL)
    gtk_widget_set_focusable (figure, TRUE);
}

static void
flitlab_study_page_dispose (GObject *object)
{
  FlitlabStudyPage *self = FLITLAB_STUDY_PAGE (object);
  FlitlabStudyPagePrivate *priv = flitlab_study_page_get_instance_private (self);

  g_signal_group_set_target (priv->document_signals, NULL);
  g_clear_object (&priv->document);
  priv->figure = NULL;
  priv->message = NULL;
  G_OBJECT_CLASS (flitlab_study_page_parent_class)->dispose (object);
}

static void
flitlab_study_page_finalize (GObject *object)
{
  FlitlabStudyPage *self = FLITLAB_STUDY_PAGE (object);
  FlitlabStudyPagePrivate *priv = flitlab_study_page_get_instance_private (self);

  g_clear_object (&priv->document_signals);
  G_OBJECT_CLASS (flitlab_study_page_parent_class)->finalize (object);
}

static void
flitlab_study_page_class_init (FlitlabStudyPageClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = flitlab_study_page_dispose;
  G_OBJECT_CLASS (klass)->finalize = flitlab_study_page_finalize;
}

static void
flitlab_study_page_init (FlitlabStudyPage *self)
{
  FlitlabStudyPagePrivate *priv = flitlab_study_page_get_instance_private (self);

  priv->index = -1;
  priv->scale = 1;
  priv->document_signals = g_signal_group_new (FLITLAB_TYPE_DOCUMENT);
  g_signal_group_connect_swapped (priv->document_signals, "study-changed",
                                  G_CALLBACK (on_study_changed), self);
}
