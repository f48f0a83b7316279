/* check_smoke.c - the start position of every game parses and has the documented move count. */
#include "testutil.h"

START_TEST(test_start_counts) {
    struct {
        const char *v;
        uint64_t moves;
    } rows[] = {{"shogi", 30}, {"micro", 9}, {"nana", 8}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        Position *pos = test_position(rows[i].v, "startpos");
        ck_assert_uint_eq(movegen_count(pos), rows[i].moves);
        free(pos);
    }
}
END_TEST

Suite *suite_smoke(void) {
    Suite *s = suite_create("smoke");
    TCase *tc = tcase_create("start");
    tcase_add_test(tc, test_start_counts);
    suite_add_tcase(s, tc);
    return s;
}
