/* flitlab-model-greenberg.c: (stub, to be implemented) */

#include "config.h"

#include "flitlab-model-private.h"

static gpointer
stub_prepare (GHashTable *params, GError **error)
{
  g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_UNKNOWN_MODEL, "Not implemented yet");
  return NULL;
}

static const FlitlabModelParamInfo stub_params[] = { { NULL } };

const FlitlabModelInfo flitlab_model_greenberg_mesh = {
  .id = "greenberg-mesh", .title = "greenberg-mesh", .paper = "", .params = stub_params,
  .prepare = stub_prepare,
};

const FlitlabModelInfo flitlab_model_greenberg_torus = {
  .id = "greenberg-torus", .title = "greenberg-torus", .paper = "", .params = stub_params,
  .prepare = stub_prepare,
};

