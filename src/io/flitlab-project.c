#include "config.h"

#include "flitlab-project.h"
