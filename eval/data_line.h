/* data_line.h - one line of training data, the format `shishi selfplay` writes and
 * `shishi tune` reads: `<sfen>;<result>[;<score>]`, result 1 / 0.5 / 0 from Black's view,
 * score the search's centipawns from Black's view. Lines starting with '#' are comments
 * (selfplay closes each game with `# game N ...`). The one parser of the format. */
#ifndef SHISHI_DATA_LINE_H
#define SHISHI_DATA_LINE_H

#include <stdbool.h>
#include <stddef.h>

enum { DATA_SCORE_MAX = 30000 }; /* |score| written and accepted */

/* Parse one line (trailing newline and spaces around fields allowed). Returns 1 for a data
 * line (sfen copied; *result in {0, 0.5, 1}; *score, or 0 when absent, with *has_score
 * telling which; result, score and has_score may be NULL), 0 for a comment or blank line, -1
 * for a malformed line (message in err). The SFEN is not checked against a game: that is the
 * caller's pos_set_sfen. */
int data_line_parse(const char *line, char *sfen, size_t sfen_len, double *result, int *score, bool *has_score,
                    char *err, size_t errlen);

#endif
