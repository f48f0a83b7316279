/* solve/probe.c - answers from a solved table: root move values, the line, scores; where
 * the table file is looked for. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/movegen.h"
#include "solve.h"

#ifndef SHISHI_BUILD_DIR
#define SHISHI_BUILD_DIR "build" /* the Makefile gives its build folder's absolute path */
#endif

int solved_root_moves(const SolvedTable *t, Position *pos, SolvedMove *out) {
    MoveList list;
    movegen_legal(pos, &list);
    int n = 0;
    for (int i = 0; i < list.size; i++) {
        pos_do_move(pos, list.moves[i]);
        uint8_t child = solved_probe(t, pos);
        pos_undo_move(pos);
        if (child == SOLVE_ILLEGAL) continue;
        SolvedMove sm = {list.moves[i], solve_combine(&child, 1)};
        int j = n++;
        while (j > 0 && solve_rank(out[j - 1].value) < solve_rank(sm.value)) {
            out[j] = out[j - 1];
            j--;
        }
        out[j] = sm;
    }
    return n;
}

int solved_line(const SolvedTable *t, Position *pos, Move first, Move *line, int max) {
    static _Thread_local SolvedMove moves[MOVES_MAX];
    int n = 0;
    if (first && max > 0) {
        line[n++] = first;
        pos_do_move(pos, first);
    }
    while (n < max) {
        int k = solved_root_moves(t, pos, moves);
        if (!k) break;
        line[n++] = moves[0].move;
        pos_do_move(pos, moves[0].move);
    }
    for (int i = 0; i < n; i++) pos_undo_move(pos);
    return n;
}

Value solved_score(uint8_t b, int ply) {
    if (solve_is_win(b)) return VALUE_MATE - ply - solve_distance(b);
    if (solve_is_loss(b)) return -VALUE_MATE + ply + solve_distance(b);
    return VALUE_ZERO;
}

static bool try_dir(const char *dir, const char *name, char *path, size_t len) {
    snprintf(path, len, "%s/%s", dir, name);
    return access(path, R_OK) == 0;
}

int solve_table_find(const Variant *v, char *path, size_t len) {
    char name[64], exe[1024], dir[1200], looked[2048] = "";
    solve_table_name(v, name, sizeof name);
    const char *env = getenv("SHISHI_TABLES");
    if (env && *env) {
        char buf[1024];
        snprintf(buf, sizeof buf, "%s", env);
        for (char *save = NULL, *d = strtok_r(buf, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
            if (try_dir(d, name, path, len)) return 0;
            snprintf(looked + strlen(looked), sizeof looked - strlen(looked), "%s ", d);
        }
        snprintf(path, len, "%s not found in: %s(SHISHI_TABLES)", name, looked);
        return -1; /* an explicit setting replaces the default places */
    }
    ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (k <= 0) k = (ssize_t)snprintf(exe, sizeof exe, "./shishi");
    exe[k] = 0;
    char *slash = strrchr(exe, '/');
    if (slash)
        *slash = 0;
    else
        snprintf(exe, sizeof exe, ".");
    /* beside the binary, the data folder of an installed binary (PREFIX/bin/shishi ->
     * PREFIX/share/shishi, make install; before the build folder, so that an installed engine
     * uses the installed table), the build folder, books/ beside the binary */
    for (int i = 0; i < 4; i++) {
        if (i == 2)
            snprintf(dir, sizeof dir, "%s", SHISHI_BUILD_DIR);
        else
            snprintf(dir, sizeof dir, "%s%s", exe, i == 0 ? "" : i == 1 ? "/../share/shishi" : "/books");
        if (try_dir(dir, name, path, len)) return 0;
        snprintf(looked + strlen(looked), sizeof looked - strlen(looked), "%s%s", dir, i < 3 ? " " : "");
    }
    snprintf(path, len, "%s not found in: %s", name, looked);
    return -1;
}
