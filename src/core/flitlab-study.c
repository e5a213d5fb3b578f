#include "config.h"

#include "flitlab-study.h"
