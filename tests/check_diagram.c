/* check_diagram.c - src/diagram.c: the text diagram's marks (owner, last move of each kind:
 * board move, drop, lion double move), hands, labels per notation, and the SVG's structure. */
#include <string.h>

#include "../src/diagram.h"
#include "testutil.h"

static char *text_of(const char *variant, const char *spec, bool ascii, Notation n) {
    Position *pos = test_position(variant, spec);
    DiagramStyle style = {.ascii = ascii, .notation = n};
    char *text = diagram_text(pos, &style);
    free(pos);
    ck_assert_ptr_nonnull(text);
    return text;
}

static int count(const char *s, const char *what) {
    int k = 0;
    for (const char *p = strstr(s, what); p; p = strstr(p + 1, what)) k++;
    return k;
}

/* c counted on the board rows only (the "last move" line has a '*' too) */
static int board_count(const char *text, char c) {
    int k = 0;
    for (const char *line = text; *line; line = strchr(line, '\n') + 1) {
        if (*line == '|')
            for (const char *p = line; *p && *p != '\n'; p++) k += *p == c;
        if (!strchr(line, '\n')) break;
    }
    return k;
}

START_TEST(test_marks) {
    char *t = text_of("shogi", "startpos", true, NOTATION_USI);
    ck_assert_int_eq(board_count(t, '*'), 0);
    ck_assert_ptr_null(strstr(t, "last move"));
    ck_assert_int_eq(board_count(t, 'v'), 20); /* White's 20 pieces */
    free(t);
    t = text_of("shogi", "startpos moves 7g7f 3c3d 8h2b+", true, NOTATION_USI);
    ck_assert_int_eq(board_count(t, '*'), 2);
    ck_assert_ptr_nonnull(strstr(t, "last move: 8h2b+"));
    ck_assert_ptr_nonnull(strstr(t, " +B* .  | b")); /* the promoted bishop on 2b, marked */
    free(t);
    /* a drop marks its square only */
    t = text_of("nana", "startpos moves K*1a K*3c", true, NOTATION_USI);
    ck_assert_int_eq(board_count(t, '*'), 1);
    ck_assert_ptr_nonnull(strstr(t, "last move: K*3c"));
    free(t);
}
END_TEST

START_TEST(test_labels_and_hands) {
    char *t = text_of("chu", "startpos", true, NOTATION_XBOARD);
    ck_assert_ptr_nonnull(strstr(t, "| 12\n"));
    ck_assert_ptr_nonnull(strstr(t, "| 1\n"));
    ck_assert_ptr_null(strstr(t, "hand")); /* no drops in chu */
    free(t);
    t = text_of("chu", "startpos", true, NOTATION_USI);
    ck_assert_ptr_nonnull(strstr(t, "| l\n"));
    ck_assert_ptr_nonnull(strstr(t, "  12"));
    free(t);
    t = text_of("shogi", "sfen 4k4/9/9/9/9/9/9/9/4K4 b 2GS3p 1", false, NOTATION_USI);
    ck_assert_ptr_nonnull(strstr(t, "Black (sente) hand: 金2 銀\n"));
    ck_assert_ptr_nonnull(strstr(t, "White (gote) hand: 歩3\n"));
    free(t);
}
END_TEST

START_TEST(test_svg) {
    Position *pos = test_position("chu", "startpos moves f4f5");
    DiagramStyle style = {.ascii = false, .notation = NOTATION_XBOARD};
    char *svg = diagram_svg(pos, &style);
    ck_assert_ptr_nonnull(svg);
    ck_assert_int_eq(strncmp(svg, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 44), 0);
    ck_assert_int_eq(count(svg, "class=\"piece white\""), 46);
    ck_assert_int_eq(count(svg, "class=\"piece black\""), 46);
    ck_assert_int_eq(count(svg, "rotate(180"), 46);
    ck_assert_int_eq(count(svg, "class=\"last-move\""), 2);
    ck_assert_int_eq(count(svg, "<line "), 26);
    ck_assert_ptr_nonnull(strstr(svg, "</svg>\n"));
    free(svg);
    free(pos);
}
END_TEST

Suite *suite_diagram(void) {
    Suite *s = suite_create("diagram");
    TCase *tc = tcase_create("diagram");
    tcase_add_test(tc, test_marks);
    tcase_add_test(tc, test_labels_and_hands);
    tcase_add_test(tc, test_svg);
    suite_add_tcase(s, tc);
    return s;
}
