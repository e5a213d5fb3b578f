#include "config.h"

#include "flitlab-topology.h"

G_DEFINE_QUARK (flitlab-topology-error-quark, flitlab_topology_error)
