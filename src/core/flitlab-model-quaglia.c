/* flitlab-model-quaglia.c: (stub, to be implemented) */

#include "config.h"

#include "flitlab-model-private.h"

static gpointer
stub_prepare (GHashTable *params, GError **error)
{
  g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_UNKNOWN_MODEL, "Not implemented yet");
  return NULL;
}

static const FlitlabModelParamInfo stub_params[] = { { NULL } };

const FlitlabModelInfo flitlab_model_quaglia_adaptive_torus = {
  .id = "quaglia-adaptive-torus", .title = "quaglia-adaptive-torus", .paper = "", .params = stub_params,
  .prepare = stub_prepare,
};

