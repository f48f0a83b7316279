/* fuzz_record.c - the game-record readers (src/record/) fed arbitrary text.
 * Byte 0 picks the reading: bits 0-2 the format (0-4: KIF, KI2, CSA, USI, PGN; 5-7: detected
 * from the text), bits 3-5 the game option (0 and 7: none, i.e. from the record; 1-6: the
 * game of that registry index); bit 6 adds a Shift_JIS round trip of the KIF and KI2 texts.
 * The rest is the record, handed over without a terminating NUL.
 * Every game read without error must: replay legally from its start (main line and every
 * variation); write in every format that can hold its game (KIF and USI always, KI2 for 9x9
 * boards, CSA for games with CSA codes, PGN for games offered over XBoard); and each written
 * text must read back to the same start position, main-line moves and result (USI holds no
 * result, CSA no result without a reason), and KIF, KI2 and PGN to the same variations. */
#include <stdlib.h>
#include <string.h>

#include "../../src/record/record.h"
#include "fuzz.h"

enum { RECORD_MAX = 1 << 16 };

/* Every move of line is legal where it is played; its variations replace it at that point. */
static void check_line(Position *pos, const RecordLine *line, int depth) {
    FUZZ_CHECK(depth < 64, "variations nested deeper than 64");
    MoveList *legal = malloc(sizeof *legal);
    if (!legal) fuzz_fail("out of memory");
    int played = 0;
    for (int i = 0; i < line->count; i++) {
        const RecordMove *rm = &line->moves[i];
        for (int a = 0; a < rm->alt_count; a++) check_line(pos, &rm->alts[a], depth + 1);
        movegen_legal(pos, legal);
        bool found = false;
        for (int k = 0; k < (int)legal->size && !found; k++) found = legal->moves[k] == rm->move;
        FUZZ_CHECK(found, "%s: move %d of a line (depth %d) is not legal", pos->v->name, i + 1, depth);
        if (pos->sp >= HISTORY_MAX - 2) break; /* no room to play on: the rest is unchecked */
        pos_do_move(pos, rm->move);
        played++;
    }
    while (played--) pos_undo_move(pos);
    free(legal);
}

static bool can_hold(const Variant *v, RecordFormat f) {
    switch (f) {
    case REC_KI2: return v->files == 9 && v->ranks == 9;
    case REC_CSA: return v->pieces[0].csa != NULL;
    case REC_PGN: return v->xboard_name != NULL;
    default: return true;
    }
}

/* The start position as the engine writes it (the record's SFEN may differ in spelling). */
static void start_sfen(const Record *rec, char *buf, size_t len) {
    Position *pos = fuzz_new_position();
    char err[256];
    FUZZ_CHECK(!record_position(rec, 0, pos, err, sizeof err), "%s: start '%s' rejected: %s", rec->variant->name,
               rec->start, err);
    pos_to_sfen(pos, buf, len);
    fuzz_free_position(pos);
}

/* Only a USI record's SFEN holds chu's counter-strike square (the SFEN's third field there);
 * a KIF board or an XBoard FEN has no place for it, and the start reads back without the
 * restriction (../shared/rules/chu.md 7.3; the moves are unaffected: the restriction only
 * forbids moves). So the start written in those formats is compared without it. */
static void drop_counter_strike(char *sfen) {
    char *f3 = strchr(sfen, ' ');
    if (f3) f3 = strchr(f3 + 1, ' ');
    if (!f3) return;
    f3++;
    char *end = strchr(f3, ' ');
    if (!end || (end - f3 == 1 && *f3 == '-')) return;
    memmove(f3 + 1, end, strlen(end) + 1);
    *f3 = '-';
}

/* The same moves and the same variations at the same places, at every depth. */
static void check_same_tree(const RecordLine *a, const RecordLine *b, const char *name, const char *text) {
    FUZZ_CHECK(a->count == b->count, "a line of %d moves reads back from %s as %d:\n%s", a->count, name, b->count,
               text);
    for (int i = 0; i < a->count; i++) {
        FUZZ_CHECK(a->moves[i].move == b->moves[i].move, "a move reads back from %s as another:\n%s", name, text);
        FUZZ_CHECK(a->moves[i].alt_count == b->moves[i].alt_count, "%d variations read back from %s as %d:\n%s",
                   a->moves[i].alt_count, name, b->moves[i].alt_count, text);
        for (int k = 0; k < a->moves[i].alt_count; k++)
            check_same_tree(&a->moves[i].alts[k], &b->moves[i].alts[k], name, text);
    }
}

static void check_same(const Record *a, const Record *b, RecordFormat f, const char *text) {
    const char *name = record_format_name(f);
    FUZZ_CHECK(a->variant == b->variant, "%s: written %s reads back as %s:\n%s", a->variant->name, name,
               b->variant->name, text);
    char sa[1024], sb[1024];
    start_sfen(a, sa, sizeof sa);
    start_sfen(b, sb, sizeof sb);
    if (f != REC_USI && a->variant->lion_rules) drop_counter_strike(sa);
    FUZZ_CHECK(!strcmp(sa, sb), "%s: start '%s' reads back from %s as '%s':\n%s", a->variant->name, sa, name, sb, text);
    FUZZ_CHECK(a->main.count == b->main.count, "%s: %d moves read back from %s as %d:\n%s", a->variant->name,
               a->main.count, name, b->main.count, text);
    for (int i = 0; i < a->main.count; i++)
        FUZZ_CHECK(a->main.moves[i].move == b->main.moves[i].move, "%s: move %d reads back from %s as another:\n%s",
                   a->variant->name, i + 1, name, text);
    if (f == REC_KIF || f == REC_KI2 || f == REC_PGN) check_same_tree(&a->main, &b->main, name, text);
    /* USI holds no result; CSA names a reason with every result (%TORYO ...), so a result
     * without one (PGN 1-0, KIF "まで…の勝ち" alone) has no CSA form */
    if (f != REC_USI && (f != REC_CSA || a->end != REC_END_OTHER))
        FUZZ_CHECK(a->result == b->result, "%s: result %d reads back from %s as %d:\n%s", a->variant->name,
                   (int)a->result, name, (int)b->result, text);
}

static void check_record(const Record *rec, bool sjis) {
    Position *pos = fuzz_new_position();
    char err[256];
    FUZZ_CHECK(!record_position(rec, 0, pos, err, sizeof err), "%s: start '%s' rejected: %s", rec->variant->name,
               rec->start, err);
    check_line(pos, &rec->main, 0);
    fuzz_free_position(pos);

    RecordReadOptions ropt = {.variant = rec->variant};
    for (int f = 0; f < REC_FORMAT_NB; f++) {
        if (!can_hold(rec->variant, (RecordFormat)f)) continue;
        RecordError e;
        char *text = record_write(rec, (RecordFormat)f, NULL, &e);
        FUZZ_CHECK(text, "%s: cannot write %s: %s", rec->variant->name, record_format_name((RecordFormat)f), e.msg);
        Record back;
        FUZZ_CHECK(!record_read(text, strlen(text), (RecordFormat)f, &ropt, &back, &e),
                   "%s: own %s rejected at line %d '%s': %s\n%s", rec->variant->name,
                   record_format_name((RecordFormat)f), e.line, e.text, e.msg, text);
        check_same(rec, &back, (RecordFormat)f, text);
        record_free(&back);
        free(text);
        if (!sjis || (f != REC_KIF && f != REC_KI2)) continue;
        RecordWriteOptions wopt = {.sjis = 1};
        text = record_write(rec, (RecordFormat)f, &wopt, &e);
        FUZZ_CHECK(text, "%s: cannot write %s for Shift_JIS: %s", rec->variant->name,
                   record_format_name((RecordFormat)f), e.msg);
        size_t len;
        char *sj = record_utf8_to_sjis(text, &len);
        if (sj) { /* NULL: a comment or header has a character Shift_JIS lacks */
            FUZZ_CHECK(!record_read(sj, len, (RecordFormat)f, &ropt, &back, &e),
                       "%s: own Shift_JIS %s rejected at line %d '%s': %s\n%s", rec->variant->name,
                       record_format_name((RecordFormat)f), e.line, e.text, e.msg, text);
            check_same(rec, &back, (RecordFormat)f, text);
            record_free(&back);
            free(sj);
        }
        free(text);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_init();
    if (size < 1 || size > RECORD_MAX) return 0;
    int fmt = data[0] & 7, game = (data[0] >> 3) & 7;
    bool sjis = data[0] & 64;
    RecordReadOptions opt = {.variant = game >= 1 && game <= fuzz_game_count() ? fuzz_game(game - 1) : NULL};
    /* an exact-size copy, so that ASan sees a reader going past the length it was given */
    size_t len = size - 1;
    char *text = malloc(len ? len : 1);
    if (!text) fuzz_fail("out of memory");
    memcpy(text, data + 1, len);
    Record *games = NULL;
    int count = 0;
    RecordError err;
    if (!record_read_all(text, len, fmt < REC_FORMAT_NB ? (RecordFormat)fmt : REC_UNKNOWN, &opt, &games, &count,
                         &err)) {
        for (int i = 0; i < count; i++) {
            check_record(&games[i], sjis);
            record_free(&games[i]);
        }
        free(games);
    }
    free(text);
    return 0;
}
