/* check_threads.c - the engine's threads under the races a GUI causes: a 2-thread search
 * stopped at once and after a while, pondering with ponderhit and with stop, go after go, and
 * progress read from the input thread while the search runs. Each case checks that exactly one
 * best move arrives, that it is legal, and that none arrives early. Run under `make tsan` this
 * is the suite that exercises the search threads, the stop flag and the ponder hand-over. */
#define _GNU_SOURCE /* gettid */
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../engine/engine.h"
#include "../engine/parked.h"
#include "../eval/eval.h"
#include "testutil.h"

typedef struct {
    atomic_int bestmoves;
    atomic_int infos;
    BestMove best; /* written by the search thread; read after engine_wait (join) */
    pid_t thread;  /* kernel id of the thread that reported the best move (WHY not pthread_t:
                    * glibc gives a new thread the descriptor of a joined one, so a thread made
                    * per search could compare equal) */
} Seen;

static void on_info(void *user, const SearchInfo *info) {
    (void)info;
    atomic_fetch_add(&((Seen *)user)->infos, 1);
}

static void on_best(void *user, const BestMove *bm) {
    Seen *s = user;
    s->best = *bm;
    s->thread = gettid();
    atomic_fetch_add(&s->bestmoves, 1);
}

static void sleep_ms(int ms) {
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static EngineContext *two_threads(const char *game) {
    EngineContext *e = engine_create();
    char err[256];
    ck_assert_int_eq(engine_set_variant(e, variant_find(game), err, sizeof err), 0);
    ck_assert_msg(engine_set_option(e, "Threads", "2", err, sizeof err) == 0, "%s", err);
    ck_assert_msg(engine_set_option(e, "Hash", "8", err, sizeof err) == 0, "%s", err);
    ck_assert_msg(engine_set_position(e, "startpos", err, sizeof err) == 0, "%s", err);
    return e;
}

static SearchLimits no_limits(void) {
    SearchLimits l;
    memset(&l, 0, sizeof l);
    l.time[BLACK] = l.time[WHITE] = -1;
    return l;
}

/* One best move, a legal move of the position searched. */
static void expect_one_legal(EngineContext *e, Seen *s) {
    ck_assert_int_eq(atomic_load(&s->bestmoves), 1);
    ck_assert_int_eq(s->best.kind, BEST_MOVE);
    Position *pos = malloc(sizeof *pos);
    pos_copy(pos, engine_position(e));
    ck_assert(movegen_is_legal(pos, s->best.best));
    free(pos);
}

START_TEST(threads_infinite_then_stop) {
    EngineContext *e = two_threads("shogi");
    const int waits[] = {0, 1, 5, 40};
    for (size_t i = 0; i < sizeof waits / sizeof waits[0]; i++) {
        Seen s = {0};
        Reporter r = {.user = &s, .on_info = on_info, .on_bestmove = on_best};
        SearchLimits l = no_limits();
        l.infinite = true;
        engine_go(e, &l, &r);
        sleep_ms(waits[i]);
        uint64_t nodes;
        int64_t ms;
        int depth;
        engine_progress(e, &nodes, &ms, &depth);        /* read while the threads search */
        ck_assert_int_eq(atomic_load(&s.bestmoves), 0); /* infinite: nothing before stop */
        engine_stop(e);
        engine_wait(e);
        expect_one_legal(e, &s);
    }
    engine_destroy(e);
}
END_TEST

/* Ponder, then the predicted move is played: the search goes on as a timed search and ends
 * by itself with one best move. */
START_TEST(threads_ponder_then_ponderhit) {
    EngineContext *e = two_threads("shogi");
    Seen s = {0};
    Reporter r = {.user = &s, .on_info = on_info, .on_bestmove = on_best};
    SearchLimits l = no_limits();
    l.ponder = true;
    l.time[BLACK] = l.time[WHITE] = 0;
    l.byoyomi = 300;
    engine_go(e, &l, &r);
    sleep_ms(60);
    ck_assert_int_eq(atomic_load(&s.bestmoves), 0); /* pondering: no best move yet */
    engine_ponderhit(e);
    engine_wait(e);
    expect_one_legal(e, &s);
    ck_assert_int_gt(atomic_load(&s.infos), 0);
    engine_destroy(e);
}
END_TEST

/* Ponder, then the GUI stops (the opponent played another move): one best move, at once. */
START_TEST(threads_ponder_then_stop) {
    EngineContext *e = two_threads("micro");
    for (int i = 0; i < 3; i++) {
        Seen s = {0};
        Reporter r = {.user = &s, .on_info = on_info, .on_bestmove = on_best};
        SearchLimits l = no_limits();
        l.ponder = true;
        l.time[BLACK] = l.time[WHITE] = 0;
        l.byoyomi = 10000;
        engine_go(e, &l, &r);
        sleep_ms(i * 20);
        ck_assert_int_eq(atomic_load(&s.bestmoves), 0);
        engine_stop(e);
        engine_wait(e);
        expect_one_legal(e, &s);
    }
    engine_destroy(e);
}
END_TEST

/* go while a search runs stops it first: each search reports once, in order. */
START_TEST(threads_go_after_go) {
    EngineContext *e = two_threads("chu");
    Seen s[4];
    memset(s, 0, sizeof s);
    for (int i = 0; i < 4; i++) {
        Reporter r = {.user = &s[i], .on_info = on_info, .on_bestmove = on_best};
        SearchLimits l = no_limits();
        l.infinite = i < 3;
        l.depth = i < 3 ? 0 : 2;
        engine_go(e, &l, &r);
        if (i < 3) sleep_ms(5);
    }
    engine_wait(e);
    for (int i = 0; i < 4; i++) expect_one_legal(e, &s[i]);
    engine_destroy(e);
}
END_TEST

/* A parked thread runs each job on the same thread, one after the other, and ends when
 * destroyed; one that never ran a job is destroyed without a thread. */
typedef struct {
    atomic_int runs;
    pid_t seen[3];
} JobLog;

static void log_job(void *arg) {
    JobLog *j = arg;
    int n = atomic_load(&j->runs);
    sleep_ms(2); /* a wait that returned early would read the old count below */
    j->seen[n] = gettid();
    atomic_store(&j->runs, n + 1);
}

START_TEST(threads_parked_thread_is_reused) {
    ParkedThread t;
    JobLog j = {0};
    ck_assert_int_eq(parked_init(&t, 1 << 20), 0);
    for (int i = 0; i < 3; i++) {
        ck_assert(parked_run(&t, log_job, &j));
        parked_wait(&t);
        ck_assert_int_eq(atomic_load(&j.runs), i + 1);
    }
    ck_assert_int_ne(j.seen[0], gettid());
    ck_assert(j.seen[0] == j.seen[1] && j.seen[1] == j.seen[2]);
    parked_destroy(&t);
    ParkedThread idle;
    ck_assert_int_eq(parked_init(&idle, 0), 0);
    parked_destroy(&idle);
}
END_TEST

static void on_mate(void *user, MateStatus status, const Move *line, int length, const Position *root) {
    (void)line;
    (void)root;
    Seen *s = user;
    s->thread = gettid();
    s->best.kind = status == MATE_FOUND && length == 1 ? BEST_MOVE : BEST_RESIGN;
    atomic_fetch_add(&s->bestmoves, 1);
}

/* The engine's searches and `go mate` run on one thread kept between them, not the caller's. */
START_TEST(threads_engine_keeps_its_search_thread) {
    EngineContext *e = two_threads("shogi");
    char err[256];
    Seen s[3];
    memset(s, 0, sizeof s);
    SearchLimits l = no_limits();
    l.depth = 3;
    for (int i = 0; i < 2; i++) {
        Reporter r = {.user = &s[i], .on_info = on_info, .on_bestmove = on_best};
        engine_go(e, &l, &r);
        engine_wait(e);
        expect_one_legal(e, &s[i]);
    }
    /* a gold dropped on 5b mates */
    ck_assert_msg(engine_set_position(e, "sfen 4k4/9/4G4/9/9/9/9/9/4K4 b G 1", err, sizeof err) == 0, "%s", err);
    Reporter m = {.user = &s[2], .on_mate = on_mate};
    l = no_limits();
    l.mate = 10000;
    engine_go(e, &l, &m);
    engine_wait(e);
    ck_assert_int_eq(atomic_load(&s[2].bestmoves), 1);
    ck_assert_int_eq(s[2].best.kind, BEST_MOVE);
    ck_assert_int_ne(s[0].thread, gettid());
    ck_assert_int_eq(s[0].thread, s[1].thread);
    ck_assert_int_eq(s[1].thread, s[2].thread);
    engine_destroy(e);
}
END_TEST

/* `go mate` makes the solver's own table of Hash MB and gives a large game table back for the
 * run: none is held after it, and the next engine_prepare (isready) or search makes it again; a
 * small one is kept (docs/mate.md, session 50). */
START_TEST(threads_mate_gives_the_game_table_back) {
    EngineContext *e = two_threads("shogi");
    char err[256];
    ck_assert_msg(engine_set_option(e, "Hash", "256", err, sizeof err) == 0, "%s", err);
    ck_assert_msg(engine_set_position(e, "sfen 4k4/9/4G4/9/9/9/9/9/4K4 b G 1", err, sizeof err) == 0, "%s", err);
    const size_t big = (size_t)256 << 20, small = (size_t)64 << 20;
    for (int round = 0; round < 2; round++) {
        engine_prepare(e, &(Reporter){0});
        ck_assert_uint_eq(engine_hash_bytes(e), (round ? small : big));
        Seen s = {0};
        Reporter m = {.user = &s, .on_mate = on_mate};
        SearchLimits l = no_limits();
        l.mate = 10000;
        engine_go(e, &l, &m);
        engine_wait(e);
        ck_assert_int_eq(s.best.kind, BEST_MOVE);
        ck_assert_uint_eq(engine_hash_bytes(e), (round ? small : 0));
        Seen g = {0};
        Reporter r = {.user = &g, .on_info = on_info, .on_bestmove = on_best};
        l = no_limits();
        l.depth = 2;
        engine_go(e, &l, &r);
        engine_wait(e);
        expect_one_legal(e, &g);
        ck_assert_uint_eq(engine_hash_bytes(e), (round ? small : big));
        ck_assert_msg(engine_set_option(e, "Hash", "64", err, sizeof err) == 0, "%s", err);
    }
    engine_destroy(e);
}
END_TEST

/* The evaluation's parameter tables are shared by every search thread without locks: once a
 * search has run, changing them stops the process (SIGABRT) instead of racing. */
START_TEST(threads_eval_params_frozen_after_search) {
    const Variant *v = variant_find("micro");
    eval_set_param(v, 0, eval_param(v, 0)); /* before any search: allowed */
    EngineContext *e = two_threads("micro");
    Seen s = {0};
    Reporter r = {.user = &s, .on_info = on_info, .on_bestmove = on_best};
    SearchLimits l = no_limits();
    l.depth = 2;
    engine_go(e, &l, &r);
    engine_wait(e);
    expect_one_legal(e, &s);
    eval_set_param(v, 0, eval_param(v, 0)); /* aborts */
    engine_destroy(e);
}
END_TEST

Suite *suite_threads(void) {
    Suite *s = suite_create("threads");
    TCase *tc = tcase_create("threads");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, threads_infinite_then_stop);
    tcase_add_test(tc, threads_mate_gives_the_game_table_back);
    tcase_add_test(tc, threads_ponder_then_ponderhit);
    tcase_add_test(tc, threads_ponder_then_stop);
    tcase_add_test(tc, threads_go_after_go);
    tcase_add_test(tc, threads_parked_thread_is_reused);
    tcase_add_test(tc, threads_engine_keeps_its_search_thread);
    tcase_add_test_raise_signal(tc, threads_eval_params_frozen_after_search, SIGABRT);
    suite_add_tcase(s, tc);
    return s;
}
