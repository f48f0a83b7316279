/* check_records.c - game records: every file of <shared>/data/games/kif reads with legal moves
 * and survives a round trip through every format that can hold its game (start, moves,
 * result; comments and times where the format keeps them); the lishogi USI games go to KIF
 * and CSA and back unchanged; bad records are refused with the line named. */
#include <dirent.h>
#include <string.h>

#include "../src/record/record.h"
#include "../src/strbuf.h"
#include "testutil.h"

static void assert_same(const Record *a, const Record *b, RecordFormat f, const char *name) {
    ck_assert_msg(a->variant == b->variant, "%s via %s: variant", name, record_format_name(f));
    ck_assert_msg(!strcmp(a->start, b->start), "%s via %s: start %s vs %s", name, record_format_name(f), a->start,
                  b->start);
    ck_assert_msg(a->main.count == b->main.count, "%s via %s: %d moves vs %d", name, record_format_name(f),
                  a->main.count, b->main.count);
    for (int i = 0; i < a->main.count; i++) {
        ck_assert_msg(a->main.moves[i].move == b->main.moves[i].move, "%s via %s: move %d", name, record_format_name(f),
                      i + 1);
        if (f == REC_KIF || f == REC_CSA) {
            const char *ca = a->main.moves[i].comment, *cb = b->main.moves[i].comment;
            ck_assert_msg((!ca && !cb) || (ca && cb && !strcmp(ca, cb)), "%s via %s: comment of move %d", name,
                          record_format_name(f), i + 1);
        }
        if ((f == REC_KIF && a->variant->files <= 9) || f == REC_CSA)
            ck_assert_msg(a->main.moves[i].time_ms / 1000 == b->main.moves[i].time_ms / 1000 ||
                              (a->main.moves[i].time_ms < 0 && b->main.moves[i].time_ms <= 0),
                          "%s via %s: time of move %d", name, record_format_name(f), i + 1);
    }
    if (f != REC_USI) {
        ck_assert_msg(a->result == b->result, "%s via %s: result %d vs %d", name, record_format_name(f), a->result,
                      b->result);
    }
    if (f == REC_KIF || f == REC_CSA) ck_assert_msg(a->end == b->end, "%s via %s: end", name, record_format_name(f));
}

/* Round trip one record through format f; returns false when f cannot hold the game. */
static bool round_trip(const Record *rec, RecordFormat f, const char *name) {
    RecordError err;
    char *text = record_write(rec, f, NULL, &err);
    if (!text) return false;
    Record back;
    RecordReadOptions opt = {.variant = rec->variant};
    int rc = record_read(text, strlen(text), f, &opt, &back, &err);
    ck_assert_msg(rc == 0, "%s via %s: line %d: %s (%s)", name, record_format_name(f), err.line, err.msg, err.text);
    assert_same(rec, &back, f, name);
    record_free(&back);
    free(text);
    return true;
}

START_TEST(test_shared_files_round_trip) {
    char dir[512];
    snprintf(dir, sizeof dir, "%s/data/games/kif", test_shared_dir());
    DIR *d = opendir(dir);
    ck_assert_msg(d != NULL, "cannot open %s", dir);
    int files = 0;
    Position *pos = malloc(sizeof *pos);
    for (struct dirent *e; (e = readdir(d));) {
        RecordFormat f = record_format_from_name(e->d_name);
        if (f != REC_KIF && f != REC_CSA) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t len;
        char *text = test_read_file(path, &len);
        Record rec;
        RecordError err;
        ck_assert_msg(record_read(text, len, f, NULL, &rec, &err) == 0, "%s:%d: %s", path, err.line, err.msg);
        ck_assert_msg(rec.main.count > 0, "%s: no moves", path);
        char msg[256];
        ck_assert_int_eq(record_position(&rec, -1, pos, msg, sizeof msg), 0); /* the moves replay */
        int formats = 0;
        for (int t = 0; t < REC_FORMAT_NB; t++) formats += round_trip(&rec, (RecordFormat)t, e->d_name);
        ck_assert_int_ge(formats, 2);
        record_free(&rec);
        free(text);
        files++;
    }
    closedir(d);
    free(pos);
    ck_assert_int_ge(files, 10);
}
END_TEST

START_TEST(test_chu_kif) {
    char path[512];
    snprintf(path, sizeof path, "%s/data/games/kif/chushogiKif1.kif", test_shared_dir());
    size_t len;
    char *text = test_read_file(path, &len);
    Record rec;
    RecordError err;
    ck_assert_int_eq(record_read(text, len, REC_UNKNOWN, NULL, &rec, &err), 0);
    ck_assert_str_eq(rec.variant->name, "chu");
    ck_assert_int_eq(rec.main.count, 129);
    ck_assert(move_is_double(rec.main.moves[56].move)); /* 57手目 lion igui */
    ck_assert_int_eq(move_from(rec.main.moves[56].move), move_to(rec.main.moves[56].move));
    record_free(&rec);
    free(text);
}
END_TEST

START_TEST(test_lishogi_usi_games) {
    char path[512];
    snprintf(path, sizeof path, "%s/data/games/lishogi_usi_games.txt", test_shared_dir());
    size_t len;
    char *text = test_read_file(path, &len);
    Record *games;
    int count;
    RecordError err;
    ck_assert_msg(record_read_all(text, len, REC_USI, NULL, &games, &count, &err) == 0, "line %d: %s", err.line,
                  err.msg);
    ck_assert_int_ge(count, 100);
    for (int g = 0; g < count; g++) {
        char name[32];
        snprintf(name, sizeof name, "lishogi game %d", g + 1);
        ck_assert(round_trip(&games[g], REC_KIF, name));
        ck_assert(round_trip(&games[g], REC_CSA, name));
        ck_assert(round_trip(&games[g], REC_KI2, name));
        record_free(&games[g]);
    }
    free(games);
    free(text);
}
END_TEST

/* Shift_JIS text reads like its UTF-8 original. */
START_TEST(test_sjis) {
    const char *kif = "手合割：平手\n先手：甲\n後手：乙\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 "
                      "３四歩(33)\n   3 投了\nまで2手で後手の勝ち\n";
    size_t n;
    char *sjis = record_utf8_to_sjis(kif, &n);
    ck_assert_ptr_nonnull(sjis);
    ck_assert(!record_is_utf8(sjis, n));
    Record rec;
    RecordError err;
    ck_assert_int_eq(record_read(sjis, n, REC_UNKNOWN, NULL, &rec, &err), 0);
    ck_assert_int_eq(rec.main.count, 2);
    ck_assert_int_eq(rec.result, REC_RESULT_WHITE);
    ck_assert_int_eq(rec.end, REC_END_RESIGN);
    ck_assert_str_eq(record_header_get(&rec, "Black"), "甲");
    record_free(&rec);
    free(sjis);
}
END_TEST

/* Bad records: the reader names the line and keeps nothing invented. */
START_TEST(test_bad_records) {
    const struct {
        const char *text;
        RecordFormat f;
        int line;
    } rows[] = {
        {"手数----指手--\n   1 ７六歩(77)\n   2 ３四金(33)\n", REC_KIF, 3}, /* wrong piece on 33 */
        {"手数----指手--\n   1 ７六歩(77)\n   2 ３四\n", REC_KIF, 3},       /* truncated */
        {"手数----指手--\n   1 ７六猫(77)\n", REC_KIF, 2},                  /* unknown piece */
        {"手数----指手--\n   1 ７五歩(77)\n", REC_KIF, 2},                  /* illegal */
        {"V2.2\nPI\n+\n+7776FU\n-3334XX\n", REC_CSA, 5},                    /* unknown code */
        {"V2.2\nPI\n+\n+7776FU\n-33\n", REC_CSA, 5},                        /* malformed */
        {"V2.2\nPI\n+\n+7775FU\n", REC_CSA, 4},                             /* illegal */
        {"startpos moves 7g7f 3c3d 8h2b+ 2b3c\n", REC_USI, 1},              /* 2b holds a Black horse */
        {"▲７六歩　△３四歩　▲７五飛\n", REC_KI2, 1},                        /* no rook reaches 75 */
        /* fourth round (docs/reliability.md): each was read without a word */
        {"▲７六歩　▲３四歩\n", REC_KI2, 1},                       /* a side mark for the side not to move */
        {"V2.2\nP1-KY-KE-GI-KI-OU-KI-GI-KE-KY-KY\n", REC_CSA, 2}, /* a tenth square */
        {"V2.2\nP1 *  *  *  *  *  *  *  *  * \nP1 *  *  *  *  *  *  *  *  * \n", REC_CSA, 3}, /* rank twice */
        {"V2.2\nP1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n+\n", REC_CSA, 3},                             /* ranks 2 to 9 missing */
        {"V2.2\nPI\n+\n+7776FU\nT12x\n", REC_CSA, 5},                                         /* a bad time */
        {"[Variant \"chu\"]\n\n1. Ne5 {truncated\n", REC_PGN, 3},                             /* an open comment */
        {"[Variant \"chu\"]\n\n1. Ne5\n(Ne4\n", REC_PGN, 4},                                  /* an open variation */
        {"[Variant \"chu\"]\n\n1. Ne5 Ne8 )\n", REC_PGN, 3},                                  /* a stray ')' */
        {"[Variant \"chu\"]\n[Event \"x\n\n1. Ne5\n", REC_PGN, 2},   /* a tag pair not closed */
        {"[Variant \"chu\"]\n\n1. Ne5 Ne8 *\n2. Fb2\n", REC_PGN, 4}, /* a move after the result */
        {"[Variant \"chu\"]\n\n1. Ne5 Ne8\n2. Zz9\n", REC_PGN, 4},   /* the line of a bad move */
        /* session 22: a NAG's number went through atoi (an empty or bad one was dropped, one
         * past the int range was undefined behaviour) */
        {"[Variant \"chu\"]\n\n1. Ne5\n$abc\n", REC_PGN, 4},
        {"[Variant \"chu\"]\n\n1. Ne5 $99999999999999999999\n", REC_PGN, 3},
        {"[Variant \"chu\"]\n\n1. Ne5 $256\n", REC_PGN, 3},
        {"[Variant \"chu\"]\n\n1. Ne5 $\n", REC_PGN, 3},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        Record rec;
        RecordError err;
        int rc = record_read(rows[i].text, strlen(rows[i].text), rows[i].f, NULL, &rec, &err);
        if (rows[i].f == REC_USI) ck_assert_int_eq(err.ply, 4);
        ck_assert_msg(rc == -1, "row %zu accepted", i);
        ck_assert_msg(err.line == rows[i].line, "row %zu: line %d, want %d (%s)", i, err.line, rows[i].line, err.msg);
        ck_assert(err.msg[0]);
    }
}
END_TEST

/* The one game of a USI move list (the caller frees it with record_free). */
static Record usi_game(const char *usi) {
    Record *games, rec;
    int count;
    RecordError err;
    ck_assert_int_eq(record_read_all(usi, strlen(usi), REC_USI, NULL, &games, &count, &err), 0);
    ck_assert_int_eq(count, 1);
    rec = games[0];
    free(games);
    return rec;
}

/* KI2 writes 右/左/直/上/引/寄 when two pieces of a kind reach the square. */
START_TEST(test_ki2_disambiguation) {
    Record game = usi_game("sfen 4k4/9/9/9/9/9/9/3G1G3/4K4 b - 1 moves 6h5h");
    RecordError err;
    char *ki2 = record_write(&game, REC_KI2, NULL, &err);
    ck_assert_ptr_nonnull(ki2);
    ck_assert_msg(strstr(ki2, "▲５八金左") != NULL, "%s", ki2);
    ck_assert(round_trip(&game, REC_KI2, "disambiguation"));
    free(ki2);
    record_free(&game);
}
END_TEST

/* Dates go out in each format's published form (docs/records.md, "Dates"): KIF 開始日時 and
 * CSA $START_TIME as YYYY/MM/DD[ HH:MM:SS], a zoned time in Japan time; PGN Date as YYYY.MM.DD
 * with "??" for unknown parts. A value that is not a date stays as written (KIF, CSA) or is
 * unknown (PGN). */
START_TEST(test_dates) {
    static const struct {
        const char *in, *slash, *pgn;
    } rows[] = {
        {"2017-03-22T01:00:00.000Z", "2017/03/22 10:00:00", "2017.03.22"},
        {"2023/04/01(土) 10:00:00", "2023/04/01 10:00:00", "2023.04.01"},
        {"2026.11.23", "2026/11/23", "2026.11.23"},
        {"2024-12-31T20:30:00Z", "2025/01/01 05:30:00", "2025.01.01"},
        {"2024-03-01T08:00:00+09:00", "2024/03/01 08:00:00", "2024.03.01"},
        {"2024-03-01 00:30 -05:00", "2024/03/01 14:30:00", "2024.03.01"},
        {"2024-03-01T00:10:00+0100", "2024/03/01 08:10:00", "2024.03.01"},
        {"2024-03-01T05:00:00-04:00", "2024/03/01 18:00:00", "2024.03.01"},
        {"2024/03/01 12:00 JST", "2024/03/01 12:00:00", "2024.03.01"},
        {"2023年4月1日", "2023/04/01", "2023.04.01"},
        {"2023/04/01（土）10:00", "2023/04/01 10:00:00", "2023.04.01"},
        {"2024/2/29 9:05", "2024/02/29 09:05:00", "2024.02.29"},
        {"2023/02/29", "2023/02/29", "????.??.??"},
        {"2023/04/01 25:00", "2023/04/01 25:00", "????.??.??"},
        {"next Tuesday", "next Tuesday", "????.??.??"},
        {"2026.??.??", "2026.??.??", "2026.??.??"},
        {"2026.07.??", "2026.07.??", "2026.07.??"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        Record game = usi_game("startpos moves 7g7f");
        RecordError err;
        ck_assert_int_eq(record_header_add(&game, "Start", rows[i].in), 0);
        char want[128];
        char *kif = record_write(&game, REC_KIF, NULL, &err), *csa = record_write(&game, REC_CSA, NULL, &err),
             *pgn = record_write(&game, REC_PGN, NULL, &err);
        ck_assert(kif && csa && pgn);
        snprintf(want, sizeof want, "\n開始日時：%s\n", rows[i].slash);
        ck_assert_msg(strstr(kif, want) != NULL, "%s: KIF wants %s in\n%s", rows[i].in, rows[i].slash, kif);
        snprintf(want, sizeof want, "\n$START_TIME:%s\n", rows[i].slash);
        ck_assert_msg(strstr(csa, want) != NULL, "%s: CSA wants %s in\n%s", rows[i].in, rows[i].slash, csa);
        snprintf(want, sizeof want, "[Date \"%s\"]", rows[i].pgn);
        ck_assert_msg(strstr(pgn, want) != NULL, "%s: PGN wants %s in\n%s", rows[i].in, want, pgn);
        /* read back: the PGN's unknown date is no date at all; a known one reads as a start */
        Record back;
        ck_assert_int_eq(record_read(pgn, strlen(pgn), REC_PGN, NULL, &back, &err), 0);
        const char *start = record_header_get(&back, "Start");
        if (rows[i].pgn[0] == '?')
            ck_assert_msg(start == NULL, "%s: PGN's unknown date read back as '%s'", rows[i].in, start);
        else
            ck_assert_msg(start && !strcmp(start, rows[i].pgn), "%s: PGN date read back as '%s'", rows[i].in, start);
        record_free(&back);
        free(kif), free(csa), free(pgn);
        record_free(&game);
    }
}
END_TEST

/* CSA in UTF-8 says so on its first line (CSA V3.0's `'CSA encoding=`, as floodgate writes it;
 * without it readers take Shift_JIS); the line is read as the encoding, not as a comment. */
START_TEST(test_csa_encoding_line) {
    Record game = usi_game("startpos moves 7g7f");
    RecordError err;
    ck_assert_int_eq(record_header_add(&game, "Black", "先手の人"), 0);
    char *utf8 = record_write(&game, REC_CSA, NULL, &err);
    RecordWriteOptions sjis = {.sjis = 1};
    char *plain = record_write(&game, REC_CSA, &sjis, &err);
    ck_assert_msg(utf8 && !strncmp(utf8, "'CSA encoding=UTF-8\nV2.2\nN+先手の人\n",
                                   strlen("'CSA encoding=UTF-8\nV2.2\nN+先手の人\n")),
                  "%s", utf8);
    ck_assert_msg(plain && !strncmp(plain, "V2.2\n", 5), "%s", plain);
    Record back;
    ck_assert_int_eq(record_read(utf8, strlen(utf8), REC_CSA, NULL, &back, &err), 0);
    ck_assert_msg(back.comment == NULL, "the encoding line read as a comment: '%s'", back.comment);
    ck_assert_str_eq(record_header_get(&back, "Black"), "先手の人");
    ck_assert_int_eq(back.main.count, 1);
    record_free(&back);
    free(utf8), free(plain);
    record_free(&game);
}
END_TEST

/* PGN variations (PGN 8.2.5): each one replaces the move before it and becomes that move's
 * alternative, at any depth; they are written back in the same places, through KIF too. */
START_TEST(test_pgn_variations) {
    const char *text = "[Variant \"shogi\"]\n\n1. c4 (1. g4 c6 (1... g6) 2. h4) g6 {c} 2. Bxh8+ $2 "
                       "(2. d4 {x} Sd8 (2... Sf8)) Sxh8 *\n";
    Record rec;
    RecordError err;
    ck_assert_msg(record_read(text, strlen(text), REC_PGN, NULL, &rec, &err) == 0, "%s", err.msg);
    ck_assert_int_eq(rec.main.count, 4);
    ck_assert_int_eq(rec.main.moves[0].alt_count, 1);
    const RecordLine *v1 = &rec.main.moves[0].alts[0];
    ck_assert_int_eq(v1->count, 3);
    ck_assert_int_eq(v1->moves[1].alt_count, 1);
    ck_assert_int_eq(v1->moves[1].alts[0].count, 1);
    ck_assert_int_eq(rec.main.moves[2].alt_count, 1);
    ck_assert_int_eq(rec.main.moves[2].alts[0].count, 2);
    ck_assert_str_eq(rec.main.moves[2].alts[0].moves[0].comment, "x");
    ck_assert_int_eq(rec.main.moves[2].alts[0].moves[1].alt_count, 1);
    ck_assert_int_eq(rec.main.moves[2].nag, 2);
    char *out = record_write(&rec, REC_PGN, NULL, &err);
    ck_assert_ptr_nonnull(out);
    ck_assert_msg(
        strstr(out, "1. c4 (1. g4 c6 (1... g6) 2. h4) 1... g6 {c} 2. Bxh8+ $2 (2. d4 {x} 2... Sd8 (2... Sf8)) ") !=
            NULL,
        "%s", out);
    for (int f = REC_KIF; f <= REC_PGN; f += REC_PGN - REC_KIF) { /* KIF and PGN keep variations */
        char *t = record_write(&rec, (RecordFormat)f, NULL, &err);
        Record back;
        ck_assert_msg(record_read(t, strlen(t), (RecordFormat)f, NULL, &back, &err) == 0, "%s", err.msg);
        ck_assert_int_eq(back.main.count, 4);
        ck_assert_int_eq(back.main.moves[0].alts[0].count, 3);
        ck_assert_int_eq(back.main.moves[0].alts[0].moves[1].alts[0].moves[0].move,
                         rec.main.moves[0].alts[0].moves[1].alts[0].moves[0].move);
        ck_assert_int_eq(back.main.moves[2].alts[0].moves[1].alt_count, 1);
        record_free(&back);
        free(t);
    }
    free(out);
    record_free(&rec);
    const char *bad[] = {"1. c4 (g6) *", "1. c4 (1. g4 *", "(1. c4) *", "1. c4 (1. g4 Kxx) *"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        Record r;
        ck_assert_msg(record_read(bad[i], strlen(bad[i]), REC_PGN, NULL, &r, &err) != 0, "accepted: %s", bad[i]);
        ck_assert_int_eq(err.line, 1);
    }
    /* nesting: 255 levels read, 256 are refused with a message (not a deep recursion) */
    for (int levels = 255; levels <= 100000; levels += 100000 - 255) {
        Sbuf deep = {0};
        for (int i = 0; i < levels; i++) sb_put(&deep, "c4 (");
        sb_put(&deep, "c4");
        for (int i = 0; i < levels; i++) sb_put(&deep, ")");
        Record r;
        int rc = record_read(deep.s, deep.len, REC_PGN, NULL, &r, &err);
        ck_assert_int_eq(rc, levels < 256 ? 0 : -1);
        if (rc == 0)
            record_free(&r);
        else
            ck_assert_msg(strstr(err.msg, "nested too deep") != NULL, "%s", err.msg);
        free(deep.s);
    }
}
END_TEST

Suite *suite_records(void) {
    Suite *s = suite_create("records");
    TCase *tc = tcase_create("records");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_shared_files_round_trip);
    tcase_add_test(tc, test_chu_kif);
    tcase_add_test(tc, test_lishogi_usi_games);
    tcase_add_test(tc, test_sjis);
    tcase_add_test(tc, test_bad_records);
    tcase_add_test(tc, test_ki2_disambiguation);
    tcase_add_test(tc, test_dates);
    tcase_add_test(tc, test_csa_encoding_line);
    tcase_add_test(tc, test_pgn_variations);
    suite_add_tcase(s, tc);
    return s;
}
