/* check_strbuf.c - the clamped appender (src/strbuf.h): a write that does not fit is cut,
 * the offset never passes the last byte, the text stays terminated, later writes do nothing. */
#include <string.h>

#include "../src/strbuf.h"
#include "testutil.h"

START_TEST(strbuf_fits) {
    char buf[16];
    StrBuf b = strbuf_init(buf, sizeof buf);
    strbuf_printf(&b, "%s", "abc");
    strbuf_printf(&b, " %d", 42);
    ck_assert_str_eq(buf, "abc 42");
    ck_assert_uint_eq(b.len, 6);
    ck_assert(!b.truncated);
}
END_TEST

START_TEST(strbuf_truncates_without_passing_the_end) {
    char mem[8 + 4];
    memset(mem, 'Z', sizeof mem); /* the 4 bytes after the buffer must stay untouched */
    StrBuf b = strbuf_init(mem, 8);
    strbuf_printf(&b, "%s", "12345");
    strbuf_printf(&b, "%s", "6789abcdef"); /* does not fit */
    ck_assert(b.truncated);
    ck_assert_uint_eq(b.len, 7);
    ck_assert_str_eq(mem, "1234567");
    for (int i = 0; i < 50; i++) strbuf_printf(&b, "%d", i); /* the old `o += snprintf` ran away here */
    ck_assert_uint_eq(b.len, 7);
    ck_assert_str_eq(mem, "1234567");
    for (size_t i = 8; i < sizeof mem; i++) ck_assert_int_eq(mem[i], 'Z');
    StrBuf empty = strbuf_init(mem, 0);
    strbuf_printf(&empty, "x");
    ck_assert(empty.truncated);
    ck_assert_uint_eq(empty.len, 0);
}
END_TEST

Suite *suite_strbuf(void) {
    Suite *s = suite_create("strbuf");
    TCase *tc = tcase_create("strbuf");
    tcase_add_test(tc, strbuf_fits);
    tcase_add_test(tc, strbuf_truncates_without_passing_the_end);
    suite_add_tcase(s, tc);
    return s;
}
