/* check_analysis.c - whole-game analysis arithmetic (engine/analysis.c): win chances are
 * monotonic and saturate on mates, the thresholds judge equal centipawn losses more leniently
 * in a won position than near equality, a played best move loses nothing, summaries count
 * per side, annotation appends to comments and sets NAGs that PGN writes and reads back. */
#include <string.h>

#include "../engine/analysis.h"
#include "testutil.h"

static MoveAnalysis judged(Color side, Value best, Value played, Move bm, Move pm) {
    MoveAnalysis m = {.side = side, .best = bm, .played = pm, .best_score = best, .played_score = played};
    analysis_judge(&m);
    return m;
}

START_TEST(test_win_chance) {
    ck_assert(analysis_win_chance(0) > 0.499 && analysis_win_chance(0) < 0.501);
    ck_assert(analysis_win_chance(300) > analysis_win_chance(100));
    ck_assert(analysis_win_chance(-300) < analysis_win_chance(-100));
    ck_assert(analysis_win_chance(VALUE_MATE - 5) == 1.0);
    ck_assert(analysis_win_chance(-VALUE_MATE + 4) == 0.0);
    ck_assert_int_eq(analysis_cp(VALUE_MATE - 3), ANALYSIS_CP_CAP);
    ck_assert_int_eq(analysis_cp(-5000), -ANALYSIS_CP_CAP);
    ck_assert_int_eq(analysis_cp(123), 123);
}
END_TEST

START_TEST(test_judge) {
    Move a = 1, b = 2; /* distinct move codes; only equality matters here */
    ck_assert_int_eq(judged(BLACK, 0, -1000, a, b).judgement, JUDGE_BLUNDER);
    ck_assert_int_eq(judged(BLACK, 0, -300, a, b).judgement, JUDGE_INACCURACY);
    ck_assert_int_eq(judged(BLACK, 0, -450, a, b).judgement, JUDGE_MISTAKE);
    ck_assert_int_eq(judged(BLACK, 1500, 1200, a, b).judgement, JUDGE_NONE); /* 300 cp, but still winning */
    ck_assert_int_eq(judged(BLACK, 0, -20, a, b).judgement, JUDGE_NONE);
    MoveAnalysis same = judged(WHITE, 200, -900, a, a); /* the best move played: one line, no loss */
    ck_assert_int_eq(same.judgement, JUDGE_NONE);
    ck_assert(same.loss == 0.0 && same.cp_loss == 0);
    ck_assert_int_eq(same.played_score, 200);
    MoveAnalysis better = judged(BLACK, 0, 80, a, b); /* search noise never counts as a gain */
    ck_assert(better.loss == 0.0 && better.cp_loss == 0);
    /* walking into a mate is a blunder; missing a mate while still far ahead is not one */
    ck_assert_int_eq(judged(BLACK, 100, -VALUE_MATE + 6, a, b).judgement, JUDGE_BLUNDER);
    ck_assert_int_ne(judged(BLACK, VALUE_MATE - 5, 2500, a, b).judgement, JUDGE_BLUNDER);
    ck_assert_int_eq(judged(BLACK, VALUE_MATE - 5, VALUE_MATE - 9, a, b).judgement, JUDGE_NONE);
    ck_assert_str_eq(analysis_mark(JUDGE_BLUNDER), "??");
    ck_assert_int_eq(analysis_nag(JUDGE_MISTAKE), 2);
    char buf[32];
    analysis_format_score(VALUE_MATE - 5, buf, sizeof buf);
    ck_assert_str_eq(buf, "mate 3");
    analysis_format_score(-VALUE_MATE + 4, buf, sizeof buf);
    ck_assert_str_eq(buf, "mate -2");
    analysis_format_score(-135, buf, sizeof buf);
    ck_assert_str_eq(buf, "-1.35");
}
END_TEST

START_TEST(test_summary) {
    MoveAnalysis m[4] = {judged(BLACK, 0, 0, 1, 1), judged(WHITE, 0, -1000, 1, 2), judged(BLACK, 1000, 700, 1, 2),
                         judged(WHITE, -1000, -1100, 1, 2)};
    SideSummary s[COLOR_NB];
    analysis_summarise(m, 4, s);
    ck_assert_int_eq(s[BLACK].moves, 2);
    ck_assert_int_eq(s[WHITE].moves, 2);
    ck_assert_int_eq(s[WHITE].count[JUDGE_BLUNDER], 1);
    ck_assert_int_eq(s[BLACK].count[JUDGE_BLUNDER], 0);
    ck_assert(s[BLACK].avg_cp_loss == 150.0);
    ck_assert(s[WHITE].avg_cp_loss == 550.0);
    ck_assert(s[WHITE].accuracy < s[BLACK].accuracy);
    ck_assert(s[BLACK].accuracy > 90.0 && s[BLACK].accuracy <= 100.0);
}
END_TEST

START_TEST(test_annotate_pgn_nag) {
    const char *text = "[Variant \"chu\"]\n\n1. f4f5 {old} 1... f9f8 2. g4g5 *\n";
    Record rec;
    RecordError err;
    ck_assert_msg(record_read(text, strlen(text), REC_PGN, NULL, &rec, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(rec.main.count, 3);
    MoveAnalysis m[3] = {judged(BLACK, 0, 0, 1, 1), judged(WHITE, 0, -2000, 1, 2), judged(BLACK, 0, -400, 1, 2)};
    snprintf(m[1].best_note, sizeof m[1].best_note, "e9e8");
    m[2].played_depth = 9; /* XBoard's score/depth starts the comment (XBoard reads it back as such) */
    ck_assert_int_eq(analysis_annotate(&rec, m, 3, NOTES_XBOARD), 0);
    ck_assert_msg(!strncmp(rec.main.moves[2].comment, "-4.00/9 shishi: -4.00", 21), "%s", rec.main.moves[2].comment);
    ck_assert_str_eq(rec.main.moves[0].comment, "old\nshishi: +0.00");
    ck_assert_int_eq(rec.main.moves[1].nag, 4);
    ck_assert_str_eq(rec.main.moves[1].comment, "shishi: -20.00 ??, best e9e8 +0.00");
    char *out = record_write(&rec, REC_PGN, NULL, &err);
    ck_assert_ptr_nonnull(out);
    ck_assert_msg(strstr(out, " f8 $4 {shishi: -20.00 ??") != NULL, "%s", out);
    Record back;
    ck_assert_msg(record_read(out, strlen(out), REC_PGN, NULL, &back, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(back.main.moves[1].nag, 4);
    ck_assert_int_eq(back.main.moves[2].nag, analysis_nag(m[2].judgement));
    ck_assert_int_eq(back.main.moves[0].nag, 0);
    free(out);
    record_free(&back);
    record_free(&rec);
}
END_TEST

/* KIF gets the lines ShogiHome reads as an analysis: the value after each move from Black's
 * side in centipawns, a mate as the winner and the plies left, the engine's name. */
START_TEST(test_annotate_kif_gui_notes) {
    const char *usi = "startpos moves 7g7f 3c3d 8h2b+";
    Record rec;
    RecordError err;
    ck_assert_msg(record_read(usi, strlen(usi), REC_USI, NULL, &rec, &err) == 0, "%s", err.msg);
    /* the mover's view; White's -120 is Black's +120; Black mates in 4 plies after move 3 */
    MoveAnalysis m[3] = {judged(BLACK, 35, 35, 1, 1), judged(WHITE, -120, -120, 1, 1),
                         judged(BLACK, VALUE_MATE - 4, VALUE_MATE - 4, 1, 1)};
    ck_assert_int_eq(analysis_annotate(&rec, m, 3, NOTES_SHOGIHOME), 0);
    char *kif = record_write(&rec, REC_KIF, NULL, &err);
    ck_assert_ptr_nonnull(kif);
    ck_assert_msg(strstr(kif, "(77)\n*shishi: +0.35\n*#評価値=35\n*#エンジン=Shishi ") != NULL, "%s", kif);
    ck_assert_msg(strstr(kif, "(33)\n*shishi: -1.20\n*#評価値=120\n") != NULL, "%s", kif);
    ck_assert_msg(strstr(kif, "*#詰み=先手勝ち:4手\n") != NULL, "%s", kif);
    free(kif);
    record_free(&rec);
}
END_TEST

START_TEST(test_svg) {
    MoveAnalysis m[2] = {judged(BLACK, 50, 40, 1, 2), judged(WHITE, -40, -1500, 1, 2)};
    snprintf(m[1].played_text, sizeof m[1].played_text, "a<b&\"c\"");
    char *svg = analysis_svg(m, 2, "A & B <test>");
    ck_assert_ptr_nonnull(svg);
    ck_assert(strstr(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\"") != NULL);
    ck_assert(strstr(svg, "A &amp; B &lt;test&gt;") != NULL);
    ck_assert(strstr(svg, "a&lt;b&amp;&quot;c&quot; ??") != NULL);
    ck_assert(strstr(svg, "class=\"j3\"") != NULL); /* the blunder is marked */
    ck_assert(strstr(svg, "class=\"j1\"") == NULL);
    ck_assert(strstr(svg, "</svg>\n") != NULL);
    free(svg);
}
END_TEST

Suite *suite_analysis(void) {
    Suite *s = suite_create("analysis");
    TCase *tc = tcase_create("analysis");
    tcase_add_test(tc, test_win_chance);
    tcase_add_test(tc, test_judge);
    tcase_add_test(tc, test_summary);
    tcase_add_test(tc, test_annotate_pgn_nag);
    tcase_add_test(tc, test_annotate_kif_gui_notes);
    tcase_add_test(tc, test_svg);
    suite_add_tcase(s, tc);
    return s;
}
