/* core_narrow.c - the hot core for boards of at most 128 squares: operations on 2 words. */
#define BB_ACTIVE   2
#define CORE_SUFFIX narrow
#include "core_names.h"
#include "core/makemove.c"
#include "core/movegen.c"
