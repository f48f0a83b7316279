/* check_main.c - runs every Check suite. Suites are found by the Makefile, which lists each
 * `Suite *suite_<name>(void)` defined in tests/check_*.c into build/.../suites.h. */
#include <check.h>
#include <stdlib.h>

#include "../src/variant.h"
#include "testutil.h"

int main(void) {
    variants_init();
    SRunner *sr = srunner_create(NULL);
#define SUITE(name) srunner_add_suite(sr, suite_##name());
#include "suites.h"
#undef SUITE
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
