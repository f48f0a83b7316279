/* analysis.h - whole-game analysis arithmetic (docs/analysis.md): win chances from scores,
 * judging a played move against the engine's best, per-side summaries, annotating a Record
 * with the verdicts, and the evaluation graph as SVG text. Nothing here searches or prints:
 * the caller (protocol/cli_analyse_record.c) runs the searches and fills the scores in. */
#ifndef SHISHI_ANALYSIS_H
#define SHISHI_ANALYSIS_H

#include "../src/record/record.h"
#include "engine.h"

/* Centipawn scores are clamped to +-this for losses and the graph; a mate counts as the cap. */
enum { ANALYSIS_CP_CAP = 2000 };

typedef enum { JUDGE_NONE, JUDGE_INACCURACY, JUDGE_MISTAKE, JUDGE_BLUNDER, JUDGE_NB } Judgement;

/* One move of the game. The caller fills played, best, the two scores and the texts, then
 * analysis_judge() the rest. Scores are from the mover's view. */
typedef struct {
    Color side;                          /* who played it */
    Move played, best;                   /* best: the engine's choice in the position before the move */
    Value played_score;                  /* the position after the played move, negated */
    Value best_score;                    /* the search of the position before the move */
    int played_depth;                    /* depth of the search after the move, 0 = unknown */
    double loss;                         /* win-chance loss in percentage points, >= 0 */
    int cp_loss;                         /* centipawn loss with scores clamped to +-ANALYSIS_CP_CAP, >= 0 */
    Judgement judgement;                 /* from loss (see analysis_judge) */
    char played_text[64], best_text[64]; /* notation for the screen */
    char best_note[64];                  /* best move in the annotated file's notation */
} MoveAnalysis;

typedef struct {
    int moves;
    double avg_loss;    /* win-chance points per move */
    double avg_cp_loss; /* centipawns per move */
    double accuracy;    /* 100 - avg_loss */
    int count[JUDGE_NB];
} SideSummary;

/* Winning chance (0..1) of the side whose view v is: logistic in centipawns, 1 or 0 for mates. */
double analysis_win_chance(Value v);
/* v in centipawns, clamped to +-ANALYSIS_CP_CAP (mates: the cap). */
int analysis_cp(Value v);
/* Fill loss, cp_loss and judgement from played/best scores (a played best move loses nothing). */
void analysis_judge(MoveAnalysis *m);
/* "?!", "?", "??" or "". */
const char *analysis_mark(Judgement j);
/* PGN NAG: 6 (?!), 2 (?), 4 (??), 0 for none. */
int analysis_nag(Judgement j);
/* A search score for people (analyse, run, record comments): "+0.35", "-1.20" in pawns,
 * "mate 3" (the mover mates in 3 moves), "mate -2" (is mated in 2). */
void analysis_format_score(Value v, char *buf, size_t len);
/* Per-side totals of n analysed moves. */
void analysis_summarise(const MoveAnalysis *moves, int n, SideSummary out[COLOR_NB]);
/* What the GUIs that open the annotated record read as an analysis, besides the verdict:
 * NOTES_SHOGIHOME (KIF, KI2, CSA) lines `#評価値=` in centipawns from Black's side (or
 * `#詰み=先手勝ち:N手`) and `#エンジン=`; NOTES_XBOARD (PGN) the comment begins with XBoard's
 * `+0.35/12`, the mover's score in pawns and the depth (not for mates). */
typedef enum { NOTES_SHOGIHOME, NOTES_XBOARD } AnnotationNotes;
/* Append each move's verdict to its comment in rec's main line and set its NAG; rec's main
 * line must hold at least n moves. Returns 0, or -1 when out of memory. */
int analysis_annotate(Record *rec, const MoveAnalysis *moves, int n, AnnotationNotes notes);
/* The evaluation graph of n moves as a standalone SVG document (malloc'd, NUL-terminated;
 * NULL when out of memory). title is shown at the top (escaped here). */
char *analysis_svg(const MoveAnalysis *moves, int n, const char *title);

#endif
