/* analysis.c - judging played moves by the drop in winning chances, per-side summaries and
 * record annotation (docs/analysis.md). Pure arithmetic on scores the caller searched. */
#include "analysis.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* WHY 600: a logistic with this scale puts +600 cp (about a rook ahead) at 73% and +1200 at
 * 88%, so equal centipawn losses weigh much less once one side is clearly winning. */
#define WIN_SCALE 600.0

/* Thresholds in win-chance percentage points: >= 8 ?!, >= 15 ?, >= 25 ??. */
static const double judge_points[JUDGE_NB] = {0.0, 8.0, 15.0, 25.0};

static bool is_mate(Value v) { return v >= VALUE_MATE_IN_MAX || v <= -VALUE_MATE_IN_MAX; }

double analysis_win_chance(Value v) {
    if (is_mate(v)) return v > 0 ? 1.0 : 0.0;
    return 1.0 / (1.0 + exp(-v / WIN_SCALE));
}

int analysis_cp(Value v) {
    if (v >= VALUE_MATE_IN_MAX || v > ANALYSIS_CP_CAP) return ANALYSIS_CP_CAP;
    if (v <= -VALUE_MATE_IN_MAX || v < -ANALYSIS_CP_CAP) return -ANALYSIS_CP_CAP;
    return v;
}

void analysis_judge(MoveAnalysis *m) {
    if (m->played == m->best) m->played_score = m->best_score; /* one line, one verdict */
    double loss = 100.0 * (analysis_win_chance(m->best_score) - analysis_win_chance(m->played_score));
    int cp = analysis_cp(m->best_score) - analysis_cp(m->played_score);
    m->loss = loss > 0 ? loss : 0;
    m->cp_loss = cp > 0 ? cp : 0;
    m->judgement = JUDGE_NONE;
    for (int j = JUDGE_BLUNDER; j > JUDGE_NONE; j--)
        if (m->loss >= judge_points[j]) {
            m->judgement = (Judgement)j;
            break;
        }
}

const char *analysis_mark(Judgement j) {
    static const char *const marks[JUDGE_NB] = {"", "?!", "?", "??"};
    return j >= 0 && j < JUDGE_NB ? marks[j] : "";
}

int analysis_nag(Judgement j) {
    static const int nags[JUDGE_NB] = {0, 6, 2, 4};
    return j >= 0 && j < JUDGE_NB ? nags[j] : 0;
}

void analysis_format_score(Value v, char *buf, size_t len) {
    if (v >= VALUE_MATE_IN_MAX)
        snprintf(buf, len, "mate %d", (VALUE_MATE - v + 1) / 2);
    else if (v <= -VALUE_MATE_IN_MAX)
        snprintf(buf, len, "mate -%d", (VALUE_MATE + v) / 2);
    else
        snprintf(buf, len, "%+.2f", v / 100.0);
}

void analysis_summarise(const MoveAnalysis *moves, int n, SideSummary out[COLOR_NB]) {
    memset(out, 0, COLOR_NB * sizeof *out);
    for (int i = 0; i < n; i++) {
        SideSummary *s = &out[moves[i].side];
        s->moves++;
        s->avg_loss += moves[i].loss;
        s->avg_cp_loss += moves[i].cp_loss;
        s->count[moves[i].judgement]++;
    }
    for (int c = 0; c < COLOR_NB; c++) {
        if (out[c].moves) {
            out[c].avg_loss /= out[c].moves;
            out[c].avg_cp_loss /= out[c].moves;
        }
        out[c].accuracy = 100.0 - out[c].avg_loss;
    }
}

/* ShogiHome's analysis lines for the position after move m (docs/analysis.md): its value from
 * Black's side, a mate as the winner and the plies left. */
static void gui_note(const MoveAnalysis *m, char *buf, size_t len) {
    Value v = m->played_score; /* the mover's view */
    size_t at;
    if (v >= VALUE_MATE_IN_MAX || v <= -VALUE_MATE_IN_MAX) {
        Color winner = v > 0 ? m->side : (Color)!m->side;
        snprintf(buf, len, "#詰み=%s勝ち:%d手", winner == BLACK ? "先手" : "後手", VALUE_MATE - abs(v));
    } else
        snprintf(buf, len, "#評価値=%d", m->side == BLACK ? v : -v);
    at = strlen(buf);
    snprintf(buf + at, len - at, "\n#エンジン=%s %s", SHISHI_NAME, SHISHI_VERSION);
}

int analysis_annotate(Record *rec, const MoveAnalysis *moves, int n, AnnotationNotes notes) {
    for (int i = 0; i < n && i < rec->main.count; i++) {
        const MoveAnalysis *m = &moves[i];
        RecordMove *rm = &rec->main.moves[i];
        char played[32], best[32], note[512];
        analysis_format_score(m->played_score, played, sizeof played);
        analysis_format_score(m->best_score, best, sizeof best);
        bool mate = m->played_score >= VALUE_MATE_IN_MAX || m->played_score <= -VALUE_MATE_IN_MAX;
        if (notes == NOTES_XBOARD && m->played_depth > 0 && !mate) /* XBoard's score/depth, read by it */
            snprintf(note, sizeof note, "%+.2f/%d shishi: %s", m->played_score / 100.0, m->played_depth, played);
        else
            snprintf(note, sizeof note, "shishi: %s", played);
        size_t len = strlen(note); /* clamped: strlen, never snprintf's would-be length */
        if (m->judgement != JUDGE_NONE) snprintf(note + len, sizeof note - len, " %s", analysis_mark(m->judgement));
        len = strlen(note);
        if (m->played != m->best)
            snprintf(note + len, sizeof note - len, ", best %s %s", m->best_note[0] ? m->best_note : "?", best);
        len = strlen(note);
        if (notes == NOTES_SHOGIHOME && len + 1 < sizeof note) {
            note[len] = '\n';
            gui_note(m, note + len + 1, sizeof note - len - 1);
        }
        size_t old = rm->comment ? strlen(rm->comment) + 1 : 0;
        char *c = malloc(old + strlen(note) + 1);
        if (!c) return -1;
        if (old) memcpy(c, rm->comment, old - 1), c[old - 1] = '\n';
        strcpy(c + old, note);
        free(rm->comment);
        rm->comment = c;
        rm->nag = analysis_nag(m->judgement);
    }
    return 0;
}
