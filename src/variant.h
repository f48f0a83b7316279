/* variant.h - the Variant descriptor: everything that differs between games, as data.
 * One const descriptor per game (src/variants/<game>.c), listed in the registry (variant.c).
 * Move generation, make/unmake, notation, search and protocols read these fields and never
 * test a game's name. variants_init() compiles every descriptor into lookup tables once at
 * start-up; after that the tables are read-only and shared by all threads. */
#ifndef SHISHI_VARIANT_H
#define SHISHI_VARIANT_H

#include "bitboard.h"

/* Piece flags (PieceDef.flags). */
enum {
    PF_ROYAL = 1 << 0,                 /* losing every royal loses; the check rule protects a lone royal */
    PF_LION = 1 << 1,                  /* a lion for the lion-trading rules (shared/rules/chu.md 7) */
    PF_NIFU = 1 << 2,                  /* no drop on a file holding an own piece of this type */
    PF_NO_DROP_MATE = 1 << 3,          /* a drop of this type may not give immediate mate */
    PF_QUIET_LAST_RANK_PROMO = 1 << 4, /* may promote by a non-capture onto the last rank
                                          from inside the zone (chu pawn, chu.md 5) */
    PF_GOBETWEEN = 1 << 5,             /* like PF_QUIET_LAST_RANK_PROMO but only with rule
                                          gobetween_last_rank (chu go-between) */
    PF_WEAK = 1 << 6,                  /* pawn-like: no lion bridge (chu.md 7.2), no bare-king material */
};

/* How pieces change state on the board. */
typedef enum {
    PROMO_NONE,         /* pieces never change (none of ours; for completeness) */
    PROMO_ZONE,         /* optional promotion when a move starts or ends in the zone, forced
                           where the unpromoted piece could never move (shogi, wa) */
    PROMO_ZONE_ENTER,   /* chu: on entering the zone, or on a capture starting or ending in it */
    PROMO_FLIP_CAPTURE, /* micro: every capture by a non-royal flips the tile (changes_to) */
    PROMO_ROLL          /* nana: every board move of a non-royal rolls the cube (changes_to) */
} PromoRule;

/* Entering-king declaration rules (shared/rules/shogi.md, Game end). */
enum { IMPASSE_NONE = 0, IMPASSE_CSA27 = 1, IMPASSE_CSA24 = 2 };

/* Rule switches a user may change at run time. Each game sets its defaults; RuleOption rows
 * name the switches a game offers. Fields are ints so one option table drives them all. */
struct Rules {
    int dead_drops;             /* drops allowed where the piece could never move (micro) */
    int stalemate_draws;        /* a side without legal moves draws instead of losing (nana option) */
    int no_stalemate_with_hand; /* nana: a board move may not stalemate while holding pieces */
    int perpetual_check_loses;  /* repetition under perpetual check loses for the checker */
    int impasse;                /* IMPASSE_* */
    int okazaki;                /* chu: counter-strike allowed against an unprotected lion */
    int bare_king;              /* chu: a bare royal loses */
    int allow_repeats;          /* chu: 4th occurrence ends the game (1) or is illegal (0) */
    int gobetween_last_rank;    /* chu: go-between may promote on the last rank like a pawn */
    int free_drops;             /* wa: no nifu, no drop mate, no dead-rank bans */
};

typedef enum { OPT_CHECK, OPT_COMBO } RuleOptionType;

/* One user-visible rule switch: USI `setoption`, XBoard `option`. */
struct RuleOption {
    const char *name; /* as the protocols spell it, e.g. "MicroDeadDrops" */
    RuleOptionType type;
    size_t offset;          /* offsetof(Rules, field) */
    const char *choices[4]; /* combo labels (NULL-terminated); unused for checks */
    int values[4];          /* field value per label */
};

/* One piece type as data. Symbols name other rows ("+P"), resolved at start-up. */
struct PieceDef {
    const char *symbol; /* as written in SFEN/FEN: "P", "+P" (micro gold is "+R") */
    const char *name;
    const char *betza;       /* moves in Betza notation, e.g. "WfF"; range limits "F3" */
    const char *lion;        /* lion power: "K" = area double moves (lion), or the directions
                                with linear lion power ("fW" falcon, "fF" eagle); NULL = none */
    const char *promotes_to; /* optional promotion (zone rules) */
    const char *changes_to;  /* forced change: micro flip on capture, nana roll on every move */
    const char *hand;        /* hand type a captured piece becomes; NULL = out of play */
    int dead_ranks;          /* far ranks where it could never move: no drop (unless
                                rules.dead_drops), must promote on arrival (zone rules) */
    int value;               /* material value, centipawns */
    unsigned flags;          /* PF_* */
    int impasse_points;      /* entering-king declaration points */
    /* names for game records and diagrams (docs/records.md) */
    const char *kif;   /* KIF/KI2 name: "歩", "成香", "龍"; chu as lishogi's KIF writes it ("獅子") */
    const char *csa;   /* two-letter CSA code ("FU", "RY"); NULL where the game has no CSA form */
    const char *glyph; /* short diagram label, one or two characters ("歩", "全", "鷲", "成龍") */
};

/* Protocols a game is offered on. */
enum { PROTO_USI = 1, PROTO_XBOARD = 2 };

typedef struct MoveList MoveList;

struct Variant {
    const char *name;        /* USI UCI_Variant value and CLI name */
    const char *xboard_name; /* XBoard `variant` name, NULL if not offered over XBoard */
    const char *kif_game;    /* KIF 手合割 value naming the game's standard start ("平手",
                                "中将棋"), NULL if KIF has no name for it (the start is then
                                written as a board diagram) */
    const char *aliases;     /* space-separated extra names accepted on input */
    unsigned protocols;
    bool xboard_default; /* positions and moves default to XBoard FEN/notation (chu, wa) */
    int files, ranks;
    const char *start; /* start position in SFEN (board side hand [movenumber]) */
    const PieceDef *pieces;
    int piece_count;

    /* promotion */
    int zone_ranks;
    PromoRule promotion;

    /* drops */
    bool drops;                  /* captured pieces go to hand and may be dropped */
    bool drop_any_face;          /* a hand piece may be dropped as any face of its hand type */
    bool drop_check_banned;      /* a drop may not give check (nana 3.3) */
    bool royal_drop_first;       /* a royal in hand must be dropped before anything else (nana 3.1) */
    const char *no_drop_squares; /* USI squares where nothing may be dropped, e.g. "2b" */
    bool no_mate_with_hand;      /* a board move may not mate while the mover holds pieces (nana 3.6) */

    /* check and game end */
    bool check_allowed;    /* moving into or staying in check is legal (chu) */
    int repetition_count;  /* occurrence that ends the game (4) */
    bool pass_cycle_loses; /* chu: in a pass cycle, the side that passed first loses */
    bool repeats_rule;     /* Rules.allow_repeats applies: 0 makes a move that creates the
                              repetition_count-th occurrence illegal (chu "Allow repeats") */
    bool lion_rules;       /* chu lion-trading rules for PF_LION pieces */

    /* search hints */
    bool zugzwang_prone; /* passing is often better than any move (tiny boards): the search
                            makes no null move in this game */

    Rules defaults;
    const RuleOption *options;
    int option_count;

    /* XBoard engine-defined variant (shared/rules/protocols.md B.4, wa.md 5); NULL when XBoard
     * knows the game itself. xboard_setup: the `setup` text before the FEN, i.e. XBoard's
     * piece-to-char table and "WxH+HOLDINGS_parent"; the start board is appended. */
    const char *xboard_setup;
    const char *const *xboard_pieces; /* `piece` command bodies ("P& fW"), NULL-terminated */

    /* Compiled once by variants_init() through a private writable pointer (the registry in
     * variant.c); everything else sees them only through this const pointer. */
    const VariantTables *tables;
};

/* Compiled per-variant lookup tables: written only inside variants_init()'s once-guard,
 * read-only (and reached only through const pointers) afterwards. */
enum { LEAP_GROUP_MAX = PT_MAX, LIMITED_MAX = 16, RANGE_MAX = 8 };
/* check_reach beyond the box tables: a type that may check from anywhere (a slider) */
enum { BOX_MAX = 4, REACH_FAR = 255 };

struct VariantTables {
    int index; /* position in variant_list(): a small key for per-game tables above src/ */
    int sq_count;
    bool narrow;    /* the board fits in two bitboard words: use the narrow core */
    int type_count; /* piece types + 1 (index 0 unused) */
    Bitboard board; /* every square of the board */
    Bitboard file_bb[FILE_MAX];
    Bitboard rank_bb[RANK_MAX]; /* rank y, from Black's side */
    Bitboard zone[COLOR_NB];    /* promotion zone of each colour */
    Bitboard last_rank[COLOR_NB];
    Bitboard no_drop;            /* squares where nothing may be dropped */
    const Bitboard *ray;         /* [dir * sq_count + sq], absolute directions 0..7 */
    const Bitboard *limited_ray; /* [(dir * RANGE_MAX + range) * sq_count + sq] */
    const Bitboard *king_step;   /* [sq]: the 8 neighbours */
    const int8_t *dir_between;   /* [a * sq_count + b]: direction a -> b, -1 if not aligned */
    const Bitboard *box;         /* [(d - 1) * sq_count + sq], d = 1..BOX_MAX: the squares at most d
                                    king steps from sq (sq itself included) */
    int8_t sq_delta[8];          /* square index delta of each direction */

    /* per type */
    uint8_t promotes_to[PT_MAX], changes_to[PT_MAX], hand_type[PT_MAX];
    uint8_t leap_group[PT_MAX];           /* types with identical leap sets share a group */
    uint8_t slide_dirs[COLOR_NB][PT_MAX]; /* bit d: unlimited slide in absolute dir d */
    uint8_t limited_count[COLOR_NB][PT_MAX];
    uint8_t limited_dir[COLOR_NB][PT_MAX][8], limited_range[COLOR_NB][PT_MAX][8];
    uint8_t lion_dirs[COLOR_NB][PT_MAX]; /* linear lion-power directions (absolute) */
    bool lion_area[PT_MAX];              /* full lion double moves */
    bool can_promote[PT_MAX];
    bool has_double[PT_MAX]; /* any lion power */
    bool any_double;         /* some type has it */
    /* The farthest (in king steps) a piece of the type may stand from a royal and attack it
     * after one move of its own, whatever it becomes on the way (its promotion or change on
     * capture); REACH_FAR when more than BOX_MAX (sliders, lion powers). 0: it never moves. */
    uint8_t check_reach[PT_MAX];
    uint8_t reach[PT_MAX]; /* how far (king steps) one move of the type goes; REACH_FAR as above */
    uint8_t leap_reach;    /* the farthest leap of any type */
    unsigned flags[PT_MAX];
    const Bitboard *dead[COLOR_NB]; /* [pt]: squares where the unpromoted piece could never move */
    int value[PT_MAX];

    /* hand types and their faces */
    uint8_t face_count[PT_MAX];
    uint8_t faces[PT_MAX][4]; /* types a hand type may be dropped as */
    int hand_type_count;
    uint8_t hand_types[PT_MAX]; /* list of hand types, in SFEN output order */
    int max_count[PT_MAX];      /* per hand type (or base type): pieces in the full set */

    /* attack groups */
    int leap_group_count;
    const Bitboard *leap;  /* [(group * 2 + color) * sq_count + sq] */
    int limited_count_all; /* (color, dir, range, type) rows for attackers_to */
    struct {
        uint8_t color, dir, range, type;
    } limited[LIMITED_MAX];
    uint8_t slider_dirs_any[COLOR_NB]; /* union of slide_dirs over types */
    PieceType royal_type;              /* a royal type (for drops of royals), 0 = none */
};

/* Compile every registered descriptor. Idempotent and thread-safe (pthread_once): any number
 * of threads may call it; all of them return after the one compilation has finished. */
void variants_init(void);
/* Find a game by name or alias (case-insensitive); NULL if unknown. */
const Variant *variant_find(const char *name);
/* Registered games, NULL-terminated. */
const Variant *const *variant_list(void);
/* Type index of a symbol such as "+P", 0 if none. */
PieceType variant_type_of(const Variant *v, const char *symbol);
/* Validate a descriptor's data (pieces, zone, options); returns 0 or writes a message naming
 * the first problem. The whole check, start position included, is variant_validate
 * (textpos.h), which needs the position text parser above this file. */
int variant_validate_descriptor(const Variant *v, char *err, size_t errlen);
/* Base type for piece-count limits: the hand type, else the unpromoted form, else pt. */
PieceType variant_base_type(const Variant *v, PieceType pt);
/* Does a piece of type pt and colour c move along lines (any slide, limited or not), so that
 * what it reaches depends on the occupancy? */
static inline bool variant_type_ranged(const VariantTables *t, Color c, PieceType pt) {
    return t->slide_dirs[c][pt] || t->limited_count[c][pt];
}
/* Piece symbol of a type ("+P"). */
static inline const char *variant_symbol(const Variant *v, PieceType pt) { return v->pieces[pt - 1].symbol; }
/* Set one rule option by name; returns 0, or -1 with a message. */
int rules_set_option(const Variant *v, Rules *r, const char *name, const char *value, char *err, size_t errlen);
/* Read a rule option's current value as text. */
const char *rules_option_text(const RuleOption *o, const Rules *r, char *buf, size_t len);

/* Squares from the mover's point of view. */
static inline int sq_x(const Variant *v, int sq) { return sq % v->files; }
static inline int sq_y(const Variant *v, int sq) { return sq / v->files; }

#endif
