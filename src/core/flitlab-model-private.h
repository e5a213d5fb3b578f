/* flitlab-model-private.h: the model descriptions the registry lists
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "flitlab-limits.h"
#include "flitlab-model.h"

G_BEGIN_DECLS

/* The range of a model's "flits" parameter, as flitlab-cli models shows it: the one range of a
 * message length (flitlab_limits_check_flits ()), fractional means too. */
#define FLITLAB_MODEL_FLITS_RANGE "1.." G_STRINGIFY (FLITLAB_MAX_FLITS)

/* flitlab-model-ciciani.c (000) */
extern const FlitlabModelInfo flitlab_model_ciciani_uni_torus;
extern const FlitlabModelInfo flitlab_model_ciciani_bi_torus;
extern const FlitlabModelInfo flitlab_model_ciciani_hypercube;
/* flitlab-model-greenberg.c (001) */
extern const FlitlabModelInfo flitlab_model_greenberg_mesh;
extern const FlitlabModelInfo flitlab_model_greenberg_torus;
/* flitlab-model-quaglia.c (002) */
extern const FlitlabModelInfo flitlab_model_quaglia_adaptive_torus;
/* flitlab-model-meraji.c (003) */
extern const FlitlabModelInfo flitlab_model_meraji_necklace;
/* flitlab-model-horng.c (004) */
extern const FlitlabModelInfo flitlab_model_horng_kleinrock;
/* flitlab-model-general.c (001 generalised to any traffic) */
extern const FlitlabModelInfo flitlab_model_general_wormhole;

G_END_DECLS
