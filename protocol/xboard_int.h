/* xboard_int.h - state shared by the XBoard front end's files (xboard.c: commands,
 * xboard_out.c: data-built output and reporter callbacks). Not used outside protocol/. */
#ifndef SHISHI_XBOARD_INT_H
#define SHISHI_XBOARD_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#include "../books/slot.h"
#include "../engine/engine.h"
#include "io.h"

enum { XB_SAVED_MAX = 32, XB_EXCLUDE_MAX = 256, XB_OVERHEAD_DEFAULT = 300, XB_QUEUE_MAX = 64 };
#define XB_OVERHEAD_OPTION "Move overhead"

/* What the running search is for: its best move is played (PLAY) or only shown (ANALYZE). */
enum { XB_SEARCH_NONE, XB_SEARCH_PLAY, XB_SEARCH_ANALYZE };

/* One input line as the reader thread queued it. */
typedef struct {
    char *text; /* malloc'd, IO_LINE_MAX bytes */
    IoLineFault fault;
} XBLine;

typedef enum { XB_WAIT_LINE, XB_WAIT_MOVE, XB_WAIT_EOF } XBWait;

typedef struct {
    EngineContext *e;
    FILE *in;
    /* game mode (input thread only) */
    bool force, analyze, game_over;
    bool new_pending;   /* `new` seen: switch to the default game unless `variant` follows */
    char memory[16];    /* last `memory` argument (resizing the hash is slow) */
    Color engine_color; /* the side we play when not in force mode */
    /* time control (input thread only) */
    int mps; /* moves per session, 0 = whole game */
    int64_t base_ms, inc_ms, st_ms;
    int64_t overhead_ms; /* kept off our clock for the GUI's latency (option) */
    int sd;
    int own_cs, opp_cs; /* last `time` / `otim`, -1 = not given */
    char leg[64];       /* first leg of a move HaChu sent in two lines ("f5f6,") */
    Move excluded[XB_EXCLUDE_MAX];
    int excluded_count;
    struct {
        char name[128], value[128];
    } saved[XB_SAVED_MAX]; /* rule options the GUI set, re-applied after `variant` */
    int saved_count;
    Position *mpos; /* scratch for the input thread */
    BookSlot book;  /* the opening book (input thread only; answers before any search starts) */
    /* shared with the search thread */
    Position *spos; /* scratch for the search thread's callbacks */
    atomic_bool post, discard, resigned;
    atomic_int mode; /* XB_SEARCH_*: what the current search is for */
    pthread_mutex_t lock;
    bool pending; /* a `move` was printed and not yet played (under lock) */
    Move pending_move, pending_ponder;
    /* pondering (input thread only) */
    bool ponder_on, pondering; /* `hard`; a ponder search on ponder_move runs */
    bool book_ponder;          /* pondering on a book position: no search, the book move at the hit */
    Move ponder_move, next_ponder;
    int64_t think_start_ms, last_think_ms;
    /* input queue (under lock) */
    pthread_t reader;
    pthread_cond_t wake, room;
    XBLine queue[XB_QUEUE_MAX];
    int queue_head, queued;
    bool eof;
} XBoard;

bool xb_variant_offered(const Variant *v);
/* The game an XBoard `variant` name selects, NULL if not offered over XBoard. */
const Variant *xb_variant_find(const char *name);
/* The game `new` starts: the first XBoard-default game of the registry. */
const Variant *xb_default_variant(void);
/* `feature ...` lines of the handshake, from done=0 to done=1. */
void xb_send_features(void);
/* `setup` and `piece` lines of an engine-defined game (nothing for XBoard's own games). */
void xb_send_setup(const Variant *v, const Position *start);
/* A result claim for pos; r is seen from pos's side to move. */
void xb_print_claim(const Position *pos, GameResult r, const char *reason);
/* Start the reader thread; then xb_input_wait returns the next line (XB_WAIT_LINE, the
 * caller frees out->text), or tells that the search printed a move, or that input ended. */
int xb_input_start(XBoard *xb);
XBWait xb_input_wait(XBoard *xb, XBLine *out);
/* Callbacks turning search reports into thinking lines and `move`. */
Reporter xb_reporter(XBoard *xb);

#endif
