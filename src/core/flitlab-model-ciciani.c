/* flitlab-model-ciciani.c: (stub, to be implemented) */

#include "config.h"

#include "flitlab-model-private.h"

static gpointer
stub_prepare (GHashTable *params, GError **error)
{
  g_set_error (error, FLITLAB_MODEL_ERROR, FLITLAB_MODEL_ERROR_UNKNOWN_MODEL, "Not implemented yet");
  return NULL;
}

static const FlitlabModelParamInfo stub_params[] = { { NULL } };

const FlitlabModelInfo flitlab_model_ciciani_uni_torus = {
  .id = "ciciani-uni-torus", .title = "ciciani-uni-torus", .paper = "", .params = stub_params,
  .prepare = stub_prepare,
};

const FlitlabModelInfo flitlab_model_ciciani_bi_torus = {
  .id = "ciciani-bi-torus", .title = "ciciani-bi-torus", .paper = "", .params = stub_params,
  .prepare = stub_prepare,
};

const FlitlabModelInfo flitlab_model_ciciani_hypercube = {
  .id = "ciciani-hypercube", .title = "ciciani-hypercube", .paper = "", .params = stub_params,
  .prepare = stub_prepare,
};

