/* variant.c - the registry of games and the compiler from descriptors to lookup tables.
 * Owns: Betza parsing, geometry tables, leap groups, hand faces, descriptor validation and
 * the generic rule-option setter. Knows no game by name: the registry is just a list. */
#include "variant.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "textscan.h"
#include "zobrist.h"

/* The registry: adding a game = one file in src/variants/ plus one line here. */
extern const Variant variant_shogi, variant_micro, variant_nana;
extern const Variant variant_chu;
extern const Variant variant_wa, variant_wa_nodrop;
/* Each game's table storage, writable here only: variants_init() compiles into it, and
 * everything else reaches it through the descriptor's const pointer. */
extern VariantTables variant_shogi_tables, variant_micro_tables, variant_nana_tables;
extern VariantTables variant_chu_tables;
extern VariantTables variant_wa_tables, variant_wa_nodrop_tables;
typedef struct {
    const Variant *v;
    VariantTables *tables; /* the same object as v->tables, writable */
} RegistryEntry;
static const RegistryEntry registry[] = {{&variant_shogi, &variant_shogi_tables},
                                         {&variant_micro, &variant_micro_tables},
                                         {&variant_nana, &variant_nana_tables},
                                         {&variant_chu, &variant_chu_tables},
                                         {&variant_wa, &variant_wa_tables},
                                         {&variant_wa_nodrop, &variant_wa_nodrop_tables},
                                         {NULL, NULL}};

/* The games this build can hold, filled once by variants_init(): a build with a narrower
 * bitboard (-DBB_WORDS=2, docs/performance.md) leaves out boards larger than BB_BITS. */
static const Variant *available[sizeof registry / sizeof registry[0]];

const Variant *const *variant_list(void) { return available; }

const Variant *variant_find(const char *name) {
    if (!name) return NULL;
    for (int i = 0; available[i]; i++) {
        const Variant *v = available[i];
        if (!strcasecmp(v->name, name)) return v;
        if (v->xboard_name && !strcasecmp(v->xboard_name, name)) return v;
        if (v->aliases) {
            char buf[256];
            snprintf(buf, sizeof buf, "%s", v->aliases);
            for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save))
                if (!strcasecmp(tok, name)) return v;
        }
    }
    return NULL;
}

PieceType variant_type_of(const Variant *v, const char *symbol) {
    if (!symbol) return 0;
    for (int i = 0; i < v->piece_count; i++)
        if (!strcmp(v->pieces[i].symbol, symbol)) return (PieceType)(i + 1);
    return 0;
}

/* ---- Betza --------------------------------------------------------------------------- */

/* Absolute directions, Black's point of view: y+ = forward, x+ = Black's right. */
static const int DIR_DX[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int DIR_DY[8] = {1, 1, 0, -1, -1, -1, 0, 1};

static int dir_of(int dx, int dy) {
    for (int d = 0; d < 8; d++)
        if (DIR_DX[d] == dx && DIR_DY[d] == dy) return d;
    return -1;
}

typedef struct {
    int n;
    int8_t dx[64], dy[64];
} VecSet;

typedef struct {
    VecSet leaps;
    int slide_range[8]; /* 0 = none, RANGE_MAX+ = unlimited */
} Moves;

static void vec_add(VecSet *s, int dx, int dy) {
    for (int i = 0; i < s->n; i++)
        if (s->dx[i] == dx && s->dy[i] == dy) return;
    s->dx[s->n] = (int8_t)dx;
    s->dy[s->n] = (int8_t)dy;
    s->n++;
}

/* Does vector (dx,dy) of an atom of the given kind pass the modifier string? */
static bool modifiers_accept(const char *mods, int nmods, char atom, int dx, int dy) {
    if (nmods == 0) return true;
    bool oblique = atom == 'N';
    bool diagonal = atom == 'F' || atom == 'A' || atom == 'B';
    int adx = abs(dx), ady = abs(dy);
    for (int i = 0; i < nmods; i++) {
        char c = mods[i];
        bool twice = i + 1 < nmods && mods[i + 1] == c;
        bool ok = false;
        switch (c) {
        case 'f': ok = dy > 0 && (!twice || ady > adx); break;
        case 'b': ok = dy < 0 && (!twice || ady > adx); break;
        case 'l': ok = dx < 0 && (!twice || adx > ady); break;
        case 'r': ok = dx > 0 && (!twice || adx > ady); break;
        case 'v': ok = oblique ? ady > adx : (diagonal || dx == 0); break;
        case 's': ok = oblique ? adx > ady : (diagonal || dy == 0); break;
        default: ok = false; break;
        }
        if (twice) i++;
        if (ok) return true;
    }
    return false;
}

/* Parse a Betza string into leaps and slides. Returns 0, or -1 with a message. */
static int betza_parse(const char *s, Moves *out, char *err, size_t errlen) {
    memset(out, 0, sizeof *out);
    const char *p = s;
    while (*p) {
        const char *mods = p;
        while (*p && islower((unsigned char)*p)) p++;
        int nmods = (int)(p - mods);
        if (!*p) {
            snprintf(err, errlen, "betza '%s': modifiers without an atom", s);
            return -1;
        }
        char atom = *p++;
        int range = 0;
        while (isdigit((unsigned char)*p)) range = range * 10 + (*p++ - '0');
        const char *bases;
        bool rider = false;
        switch (atom) {
        case 'W': bases = "W"; break;
        case 'F': bases = "F"; break;
        case 'K': bases = "WF"; break;
        case 'D': bases = "D"; break;
        case 'A': bases = "A"; break;
        case 'N': bases = "N"; break;
        case 'R':
            bases = "W";
            rider = true;
            break;
        case 'B':
            bases = "F";
            rider = true;
            break;
        case 'Q':
            bases = "WF";
            rider = true;
            break;
        default: snprintf(err, errlen, "betza '%s': unknown atom '%c'", s, atom); return -1;
        }
        if (range > 1 && (atom == 'W' || atom == 'F')) rider = true;
        if (rider && range == 0) range = RANGE_MAX + 1;
        if (range >= RANGE_MAX && range != RANGE_MAX + 1) {
            snprintf(err, errlen, "betza '%s': range %d too long", s, range);
            return -1;
        }
        for (const char *b = bases; *b; b++) {
            int vx[8], vy[8], nv = 0;
            if (*b == 'W' || *b == 'D') {
                int k = *b == 'W' ? 1 : 2;
                int xs[4] = {0, k, 0, -k}, ys[4] = {k, 0, -k, 0};
                for (int i = 0; i < 4; i++) vx[nv] = xs[i], vy[nv++] = ys[i];
            } else if (*b == 'F' || *b == 'A') {
                int k = *b == 'F' ? 1 : 2;
                int xs[4] = {k, k, -k, -k}, ys[4] = {k, -k, -k, k};
                for (int i = 0; i < 4; i++) vx[nv] = xs[i], vy[nv++] = ys[i];
            } else { /* N */
                int xs[8] = {1, 2, 2, 1, -1, -2, -2, -1}, ys[8] = {2, 1, -1, -2, -2, -1, 1, 2};
                for (int i = 0; i < 8; i++) vx[nv] = xs[i], vy[nv++] = ys[i];
            }
            char ab = atom == 'K' || atom == 'Q' ? *b : atom;
            if (ab == 'R') ab = 'W';
            if (ab == 'B') ab = 'F';
            for (int i = 0; i < nv; i++) {
                if (!modifiers_accept(mods, nmods, ab, vx[i], vy[i])) continue;
                if (rider) {
                    int d = dir_of(vx[i], vy[i]);
                    if (range > out->slide_range[d]) out->slide_range[d] = range;
                } else
                    vec_add(&out->leaps, vx[i], vy[i]);
            }
        }
    }
    return 0;
}

/* ---- compilation ---------------------------------------------------------------------- */

static bool on_board(const Variant *v, int x, int y) { return x >= 0 && x < v->files && y >= 0 && y < v->ranks; }

static void compile_geometry(const Variant *v, VariantTables *t) {
    int n = t->sq_count = v->files * v->ranks;
    t->narrow = n <= 128; /* see core.h */
    t->board = bb_empty();
    for (int s = 0; s < n; s++) bb_set(&t->board, s);
    for (int s = 0; s < n; s++) {
        bb_set(&t->file_bb[s % v->files], s);
        bb_set(&t->rank_bb[s / v->files], s);
    }
    for (int y = 0; y < v->ranks; y++) {
        if (y >= v->ranks - v->zone_ranks) t->zone[BLACK] = bb_or(t->zone[BLACK], t->rank_bb[y]);
        if (y < v->zone_ranks) t->zone[WHITE] = bb_or(t->zone[WHITE], t->rank_bb[y]);
    }
    t->last_rank[BLACK] = t->rank_bb[v->ranks - 1];
    t->last_rank[WHITE] = t->rank_bb[0];
    Bitboard *ray = calloc((size_t)8 * n, sizeof(Bitboard));
    Bitboard *limited_ray = calloc((size_t)8 * RANGE_MAX * n, sizeof(Bitboard));
    Bitboard *king_step = calloc((size_t)n, sizeof(Bitboard));
    Bitboard *box = calloc((size_t)BOX_MAX * n, sizeof(Bitboard));
    int8_t *dir_between = malloc((size_t)n * n);
    if (!ray || !limited_ray || !king_step || !box || !dir_between) abort();
    memset(dir_between, -1, (size_t)n * n);
    for (int d = 0; d < 8; d++) t->sq_delta[d] = (int8_t)(DIR_DY[d] * v->files + DIR_DX[d]);
    for (int s = 0; s < n; s++) {
        int x0 = s % v->files, y0 = s / v->files;
        for (int d = 0; d < 8; d++) {
            int x = x0 + DIR_DX[d], y = y0 + DIR_DY[d];
            if (on_board(v, x, y)) bb_set(&king_step[s], y * v->files + x);
            for (int k = 1; on_board(v, x, y); k++, x += DIR_DX[d], y += DIR_DY[d]) {
                int q = y * v->files + x;
                bb_set(&ray[d * n + s], q);
                dir_between[s * n + q] = (int8_t)d;
                for (int r = k; r < RANGE_MAX; r++) bb_set(&limited_ray[(d * RANGE_MAX + r) * n + s], q);
            }
        }
    }
    for (int s = 0; s < n; s++)
        for (int q = 0; q < n; q++) {
            int dx = abs(q % v->files - s % v->files), dy = abs(q / v->files - s / v->files);
            for (int d = dx > dy ? dx : dy; d <= BOX_MAX; d++)
                if (d >= 1) bb_set(&box[(d - 1) * n + s], q);
        }
    t->ray = ray;
    t->limited_ray = limited_ray;
    t->king_step = king_step;
    t->box = box;
    t->dir_between = dir_between;
}

/* Leap bitboard of a vector set for one colour (White's vectors are Black's rotated). */
static void leap_board(const Variant *v, const VecSet *vs, Color c, int s, Bitboard *out) {
    int x0 = s % v->files, y0 = s / v->files;
    *out = bb_empty();
    for (int i = 0; i < vs->n; i++) {
        int dx = c == BLACK ? vs->dx[i] : -vs->dx[i];
        int dy = c == BLACK ? vs->dy[i] : -vs->dy[i];
        if (on_board(v, x0 + dx, y0 + dy)) bb_set(out, (y0 + dy) * v->files + x0 + dx);
    }
}

static bool vecset_equal(const VecSet *a, const VecSet *b) {
    if (a->n != b->n) return false;
    for (int i = 0; i < a->n; i++) {
        bool found = false;
        for (int j = 0; j < b->n && !found; j++) found = a->dx[i] == b->dx[j] && a->dy[i] == b->dy[j];
        if (!found) return false;
    }
    return true;
}

/* A double-move (lion) piece: its second steps join its leaps; the direction masks of a
 * lion power limited to lines, or the whole 5x5 area. */
static int compile_lion(const PieceDef *pd, PieceType pt, Moves *mv, VariantTables *t, char *err, size_t errlen) {
    Moves lm;
    if (betza_parse(pd->lion, &lm, err, errlen)) return -1;
    bool area = lm.leaps.n == 8;
    t->lion_area[pt] = area;
    t->has_double[pt] = true;
    t->any_double = true;
    for (int k = 0; k < lm.leaps.n; k++) {
        int dx = lm.leaps.dx[k], dy = lm.leaps.dy[k];
        vec_add(&mv->leaps, dx, dy);
        vec_add(&mv->leaps, 2 * dx, 2 * dy);
        if (!area) {
            int d = dir_of(dx, dy);
            t->lion_dirs[BLACK][pt] |= (uint8_t)(1 << d);
            t->lion_dirs[WHITE][pt] |= (uint8_t)(1 << ((d + 4) & 7));
        }
    }
    if (area) /* the lion reaches every square within two king steps */
        for (int dx = -2; dx <= 2; dx++)
            for (int dy = -2; dy <= 2; dy++)
                if (dx || dy) vec_add(&mv->leaps, dx, dy);
    return 0;
}

/* A piece's slides: unlimited ones into the direction masks, range-limited ones into the
 * per-type and the global lists. */
static int compile_slides(PieceType pt, const Moves *mv, VariantTables *t, char *err, size_t errlen) {
    for (int d = 0; d < 8; d++) {
        int r = mv->slide_range[d];
        if (!r) continue;
        for (int c = 0; c < 2; c++) {
            int ad = c == BLACK ? d : (d + 4) & 7;
            if (r > RANGE_MAX) {
                t->slide_dirs[c][pt] |= (uint8_t)(1 << ad);
                t->slider_dirs_any[c] |= (uint8_t)(1 << ad);
                continue;
            }
            int k = t->limited_count[c][pt]++;
            t->limited_dir[c][pt][k] = (uint8_t)ad;
            t->limited_range[c][pt][k] = (uint8_t)r;
            if (t->limited_count_all >= LIMITED_MAX) {
                snprintf(err, errlen, "too many range-limited slides");
                return -1;
            }
            t->limited[t->limited_count_all].color = (uint8_t)c;
            t->limited[t->limited_count_all].dir = (uint8_t)ad;
            t->limited[t->limited_count_all].range = (uint8_t)r;
            t->limited[t->limited_count_all].type = pt;
            t->limited_count_all++;
        }
    }
    return 0;
}

/* Types with the same leaps share one group of leap tables (per colour and square). */
static void compile_leap_groups(const Variant *v, VariantTables *t, const Moves *mv) {
    static VecSet group_vecs[LEAP_GROUP_MAX]; /* scratch, used only during start-up */
    int groups = 0, n = t->sq_count;
    for (int pt = 1; pt <= v->piece_count; pt++) {
        int g;
        for (g = 0; g < groups; g++)
            if (vecset_equal(&group_vecs[g], &mv[pt].leaps)) break;
        if (g == groups) group_vecs[groups++] = mv[pt].leaps;
        t->leap_group[pt] = (uint8_t)g;
    }
    t->leap_group_count = groups;
    Bitboard *leap = calloc((size_t)groups * 2 * n, sizeof(Bitboard));
    if (!leap) abort();
    for (int g = 0; g < groups; g++)
        for (int c = 0; c < 2; c++)
            for (int s = 0; s < n; s++) leap_board(v, &group_vecs[g], (Color)c, s, &leap[(g * 2 + c) * n + s]);
    t->leap = leap;
}

/* Relations between types: promotion, change on capture (chu), hand type; the royal type. */
static int compile_relations(const Variant *v, VariantTables *t, char *err, size_t errlen) {
    for (int i = 0; i < v->piece_count; i++) {
        const PieceDef *pd = &v->pieces[i];
        PieceType pt = (PieceType)(i + 1);
        struct {
            const char *sym;
            uint8_t *dst;
            const char *what;
        } rel[3] = {{pd->promotes_to, &t->promotes_to[pt], "promotes_to"},
                    {pd->changes_to, &t->changes_to[pt], "changes_to"},
                    {pd->hand, &t->hand_type[pt], "hand"}};
        for (int k = 0; k < 3; k++) {
            if (!rel[k].sym) continue;
            PieceType q = variant_type_of(v, rel[k].sym);
            if (!q) {
                snprintf(err, errlen, "piece %s: %s '%s' is not a piece", pd->symbol, rel[k].what, rel[k].sym);
                return -1;
            }
            *rel[k].dst = q;
        }
        t->can_promote[pt] = pd->promotes_to != NULL;
        if ((pd->flags & PF_ROYAL) && !t->royal_type) t->royal_type = pt;
    }
    return 0;
}

/* Dead squares (the far dead_ranks ranks), the hand types in table order and the faces
 * each may be dropped as. */
static void compile_dead_and_hands(const Variant *v, VariantTables *t) {
    int types = v->piece_count;
    for (int c = 0; c < 2; c++) {
        Bitboard *dead = calloc(PT_MAX, sizeof(Bitboard));
        if (!dead) abort();
        for (int i = 0; i < types; i++)
            for (int k = 0; k < v->pieces[i].dead_ranks; k++)
                dead[i + 1] = bb_or(dead[i + 1], t->rank_bb[c == BLACK ? v->ranks - 1 - k : k]);
        t->dead[c] = dead;
    }
    for (int i = 0; i < types; i++) {
        PieceType h = t->hand_type[i + 1];
        if (!h) continue;
        bool seen = false;
        for (int k = 0; k < t->hand_type_count; k++) seen |= t->hand_types[k] == h;
        if (!seen) t->hand_types[t->hand_type_count++] = h;
    }
    for (int k = 0; k < t->hand_type_count; k++) {
        PieceType h = t->hand_types[k];
        if (!v->drop_any_face) {
            t->faces[h][t->face_count[h]++] = h;
            continue;
        }
        for (int i = 0; i < types; i++)
            if (t->hand_type[i + 1] == h && t->face_count[h] < 4) t->faces[h][t->face_count[h]++] = (uint8_t)(i + 1);
    }
}

/* How far (king steps) one move of the type goes: its farthest leap or limited slide,
 * REACH_FAR for an unlimited slide or a lion power. */
static int move_reach(const Moves *mv, const VariantTables *t, PieceType pt) {
    if (t->has_double[pt]) return REACH_FAR;
    int r = 0;
    for (int i = 0; i < mv->leaps.n; i++) {
        int dx = abs(mv->leaps.dx[i]), dy = abs(mv->leaps.dy[i]);
        if (dx > r) r = dx;
        if (dy > r) r = dy;
    }
    for (int d = 0; d < 8; d++) {
        if (mv->slide_range[d] > RANGE_MAX) return REACH_FAR;
        if (mv->slide_range[d] > r) r = mv->slide_range[d];
    }
    return r;
}

/* check_reach: the mover's reach, plus the farthest its type after the move attacks. */
static void compile_check_reach(const Variant *v, VariantTables *t, const Moves *mv) {
    for (int pt = 1; pt <= v->piece_count; pt++) {
        int own = move_reach(&mv[pt], t, (PieceType)pt), after = move_reach(&mv[pt], t, (PieceType)pt);
        const uint8_t next[2] = {t->promotes_to[pt], t->changes_to[pt]};
        for (int i = 0; i < 2; i++)
            if (next[i]) {
                int r = move_reach(&mv[next[i]], t, next[i]);
                if (r > after) after = r;
            }
        int sum = own + after;
        t->check_reach[pt] = (uint8_t)(own == 0 ? 0 : sum > BOX_MAX ? REACH_FAR : sum);
        t->reach[pt] = (uint8_t)(own > BOX_MAX ? REACH_FAR : own);
        for (int i = 0; i < mv[pt].leaps.n; i++) {
            int dx = abs(mv[pt].leaps.dx[i]), dy = abs(mv[pt].leaps.dy[i]), d = dx > dy ? dx : dy;
            if (d > t->leap_reach) t->leap_reach = (uint8_t)(d > REACH_FAR ? REACH_FAR : d);
        }
    }
}

static int compile_pieces(const Variant *v, VariantTables *t, char *err, size_t errlen) {
    t->type_count = v->piece_count + 1;
    Moves mv[PT_MAX];
    for (int i = 0; i < v->piece_count; i++) {
        const PieceDef *pd = &v->pieces[i];
        PieceType pt = (PieceType)(i + 1);
        if (betza_parse(pd->betza ? pd->betza : "", &mv[pt], err, errlen)) return -1;
        t->flags[pt] = pd->flags;
        t->value[pt] = pd->value;
        if (pd->lion && compile_lion(pd, pt, &mv[pt], t, err, errlen)) return -1;
        if (compile_slides(pt, &mv[pt], t, err, errlen)) return -1;
    }
    compile_leap_groups(v, t, mv);
    if (compile_relations(v, t, err, errlen)) return -1;
    compile_check_reach(v, t, mv);
    compile_dead_and_hands(v, t);
    return 0;
}

static int compile_no_drop(const Variant *v, VariantTables *t, char *err, size_t errlen) {
    for (const char *p = v->no_drop_squares; p && *p;) {
        if (*p == ' ') {
            p++;
            continue;
        }
        int sq = scan_usi_square(v->files, v->ranks, &p);
        if (sq < 0 || (*p && *p != ' ')) {
            snprintf(err, errlen, "no_drop_squares: bad square in '%s'", v->no_drop_squares);
            return -1;
        }
        bb_set(&t->no_drop, sq);
    }
    return 0;
}

/* Base type for piece-count limits: hand type, else the unpromoted form, else itself. */
static PieceType base_type(const VariantTables *t, PieceType pt) {
    if (t->hand_type[pt]) return t->hand_type[pt];
    for (int q = 1; q < t->type_count; q++)
        if (t->promotes_to[q] == pt) return (PieceType)q;
    return pt;
}

/* Count one start-position symbol under its base type; the text module checks the rest of
 * the start position (variant_validate in textpos.c). */
static int count_start_piece(const Variant *v, VariantTables *t, const char *sym, int n, bool in_hand, char *err,
                             size_t errlen) {
    PieceType pt = variant_type_of(v, sym);
    if (!pt) {
        snprintf(err, errlen, "start position: unknown piece '%s'", sym);
        return -1;
    }
    t->max_count[in_hand ? pt : base_type(t, pt)] += n;
    return 0;
}

/* Pieces of each kind in the full set: the start position's board and hands. */
static int compile_counts(const Variant *v, VariantTables *t, char *err, size_t errlen) {
    const char *p = v->start;
    ScanItem it;
    while (scan_board_item(&p, &it) != SCAN_END) {
        if (it.kind == SCAN_BAD) {
            snprintf(err, errlen, "start position: unexpected character in the board");
            return -1;
        }
        if (it.kind == SCAN_PIECE && count_start_piece(v, t, it.sym, 1, false, err, errlen)) return -1;
    }
    if (!v->drops) return 0;
    /* skip the side to move; the next field is the hand */
    while (*p == ' ') p++;
    while (*p && *p != ' ') p++;
    while (*p == ' ') p++;
    for (const char *h = p; *h && *h != ' ' && *h != '-';) {
        int n = isdigit((unsigned char)*h) ? scan_count(&h, HAND_MAX) : 1;
        char sym[2] = {(char)toupper((unsigned char)*h), 0};
        if (!isalpha((unsigned char)*h)) {
            snprintf(err, errlen, "start position: unexpected character in the hand");
            return -1;
        }
        if (count_start_piece(v, t, sym, n, true, err, errlen)) return -1;
        h++;
    }
    return 0;
}

PieceType variant_base_type(const Variant *v, PieceType pt) { return base_type(v->tables, pt); }

static int compile(const Variant *v, VariantTables *t, char *err, size_t errlen) {
    if (v->files < 1 || v->files > FILE_MAX || v->ranks < 1 || v->ranks > RANK_MAX || v->files * v->ranks > BB_BITS) {
        snprintf(err, errlen, "board %dx%d is not supported", v->files, v->ranks);
        return -1;
    }
    if (v->piece_count < 1 || v->piece_count >= PT_MAX) {
        snprintf(err, errlen, "piece count %d out of range", v->piece_count);
        return -1;
    }
    memset(t, 0, sizeof *t);
    compile_geometry(v, t);
    if (compile_pieces(v, t, err, errlen)) return -1;
    if (compile_no_drop(v, t, err, errlen)) return -1;
    return compile_counts(v, t, err, errlen);
}

/* The hand keys (zobrist.h) have one entry per count up to HAND_MAX. A composed position may
 * hold up to twice a game's set of one kind (position.c, docs/rules.md "Material"), all of it in
 * one hand: that must fit. */
static int check_hand_bound(const Variant *v, const VariantTables *t, char *err, size_t errlen) {
    if (!v->drops) return 0;
    for (int i = 0; i < t->hand_type_count; i++) {
        PieceType h = t->hand_types[i];
        if (2 * t->max_count[h] > HAND_MAX) {
            snprintf(err, errlen, "hand type %s: %d pieces exceed the hand-key bound %d", variant_symbol(v, h),
                     2 * t->max_count[h], HAND_MAX);
            return -1;
        }
    }
    return 0;
}

static pthread_once_t init_once = PTHREAD_ONCE_INIT;

/* The one writer of the key tables and of every game's VariantTables. */
static void init_all(void) {
    zobrist_init();
    char err[256];
    int n = 0;
    for (int i = 0; registry[i].v; i++) {
        const Variant *v = registry[i].v;
        VariantTables *t = registry[i].tables;
        if (v->tables != t) {
            fprintf(stderr, "shishi: variant %s: descriptor and registry name different tables\n", v->name);
            exit(2);
        }
        if (v->files * v->ranks > BB_BITS) continue;
        if (compile(v, t, err, sizeof err) || check_hand_bound(v, t, err, sizeof err)) {
            fprintf(stderr, "shishi: variant %s: %s\n", v->name, err);
            exit(2);
        }
        t->index = n;
        available[n++] = v;
    }
}

void variants_init(void) { pthread_once(&init_once, init_all); }

/* ---- validation ----------------------------------------------------------------------- */

int variant_validate_descriptor(const Variant *v, char *err, size_t errlen) {
    const VariantTables *t = v->tables;
    for (int i = 0; i < v->piece_count; i++) {
        const PieceDef *a = &v->pieces[i];
        if (!a->symbol || !*a->symbol || strlen(a->symbol) > 2) {
            snprintf(err, errlen, "piece %d: bad symbol", i + 1);
            return -1;
        }
        const char *letter = a->symbol[0] == '+' ? a->symbol + 1 : a->symbol;
        if (strlen(letter) != 1 || !isupper((unsigned char)letter[0])) {
            snprintf(err, errlen, "piece %s: symbol must be one uppercase letter, optionally after '+'", a->symbol);
            return -1;
        }
        for (int j = 0; j < i; j++)
            if (!strcmp(a->symbol, v->pieces[j].symbol)) {
                snprintf(err, errlen, "duplicate symbol %s", a->symbol);
                return -1;
            }
        Moves m;
        if (betza_parse(a->betza ? a->betza : "", &m, err, errlen)) return -1;
        if (!a->betza && !a->lion) {
            snprintf(err, errlen, "piece %s has no moves", a->symbol);
            return -1;
        }
        if (a->promotes_to && (v->promotion == PROMO_FLIP_CAPTURE || v->promotion == PROMO_ROLL)) {
            snprintf(err, errlen, "piece %s: promotes_to with a flip/roll promotion rule", a->symbol);
            return -1;
        }
        if (a->changes_to && !(v->promotion == PROMO_FLIP_CAPTURE || v->promotion == PROMO_ROLL)) {
            snprintf(err, errlen, "piece %s: changes_to needs a flip/roll promotion rule", a->symbol);
            return -1;
        }
        if (a->hand && !v->drops) {
            snprintf(err, errlen, "piece %s: hand type in a game without drops", a->symbol);
            return -1;
        }
        if (v->drops && !a->hand && !(a->flags & PF_ROYAL)) {
            snprintf(err, errlen, "piece %s: no hand type in a drop game", a->symbol);
            return -1;
        }
        if (a->dead_ranks >= v->ranks) {
            snprintf(err, errlen, "piece %s: dead_ranks %d too large", a->symbol, a->dead_ranks);
            return -1;
        }
    }
    if (v->zone_ranks < 0 || v->zone_ranks * 2 > v->ranks) {
        snprintf(err, errlen, "zone of %d ranks on a %d-rank board", v->zone_ranks, v->ranks);
        return -1;
    }
    if ((v->promotion == PROMO_ZONE || v->promotion == PROMO_ZONE_ENTER) && v->zone_ranks == 0) {
        snprintf(err, errlen, "zone promotion without a zone");
        return -1;
    }
    if (!t->royal_type) {
        snprintf(err, errlen, "no royal piece");
        return -1;
    }
    for (int k = 0; k < v->option_count; k++) {
        const RuleOption *o = &v->options[k];
        if (!o->name || o->offset + sizeof(int) > sizeof(Rules)) {
            snprintf(err, errlen, "option %d malformed", k);
            return -1;
        }
    }
    if (v->repetition_count < 2) {
        snprintf(err, errlen, "repetition count %d", v->repetition_count);
        return -1;
    }
    return 0;
}

/* ---- rule options --------------------------------------------------------------------- */

static int *rule_field(Rules *r, const RuleOption *o) { return (int *)((char *)r + o->offset); }

int rules_set_option(const Variant *v, Rules *r, const char *name, const char *value, char *err, size_t errlen) {
    for (int k = 0; k < v->option_count; k++) {
        const RuleOption *o = &v->options[k];
        if (strcasecmp(o->name, name)) continue;
        if (o->type == OPT_CHECK) {
            if (!strcasecmp(value, "true") || !strcmp(value, "1") || !strcasecmp(value, "on"))
                *rule_field(r, o) = 1;
            else if (!strcasecmp(value, "false") || !strcmp(value, "0") || !strcasecmp(value, "off"))
                *rule_field(r, o) = 0;
            else {
                snprintf(err, errlen, "option %s takes true or false, not '%s'", o->name, value);
                return -1;
            }
            return 0;
        }
        for (int c = 0; c < 4 && o->choices[c]; c++)
            if (!strcasecmp(o->choices[c], value)) {
                *rule_field(r, o) = o->values[c];
                return 0;
            }
        snprintf(err, errlen, "option %s: unknown value '%s'", o->name, value);
        return -1;
    }
    snprintf(err, errlen, "no option '%s' in %s", name, v->name);
    return -1;
}

const char *rules_option_text(const RuleOption *o, const Rules *r, char *buf, size_t len) {
    int val = *(const int *)((const char *)r + o->offset);
    if (o->type == OPT_CHECK) {
        snprintf(buf, len, "%s", val ? "true" : "false");
        return buf;
    }
    for (int c = 0; c < 4 && o->choices[c]; c++)
        if (o->values[c] == val) {
            snprintf(buf, len, "%s", o->choices[c]);
            return buf;
        }
    snprintf(buf, len, "%d", val);
    return buf;
}
