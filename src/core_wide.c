/* core_wide.c - the hot core for every board (chu's 144 squares): operations on all words. */
#define CORE_SUFFIX wide
#include "core_names.h"
#include "core/makemove.c"
#include "core/movegen.c"
