/* cli.h - the command-line face of shishi: subcommands run from argv. */
#ifndef SHISHI_CLI_H
#define SHISHI_CLI_H

#include "../src/notation.h"
#include "../src/record/record.h"

/* Run a subcommand (argv[1] onwards); returns the process exit status. */
int cli_main(int argc, char **argv);
/* `shishi eval [--variant V] [--position P] [--params FILE] [--terms]` (cli_eval.c). */
int cli_eval(int argc, char **argv);
/* `shishi show [--variant V] [POSITION | --record FILE [--move N]] [--ascii] [--svg FILE]` (cli_show.c). */
int cli_show(int argc, char **argv);
/* `shishi run`: the first job a newcomer sees (make run), cli_run.c. */
int cli_run(int argc, char **argv);
/* The whole file at path ("-": stdin), NUL-terminated, malloc'd; NULL if unreadable. */
char *cli_slurp(const char *path, size_t *len);
/* Every game of the record file at path: *format REC_UNKNOWN is decided from the file name,
 * else from the text, and set. 0 (at least one game); 1 with err set (a bad record, or no
 * game: err.line 0); -1 when the file is unreadable. (cli_convert.c) */
int cli_read_records(const char *path, RecordFormat *format, const RecordReadOptions *opt, Record **games, int *count,
                     RecordError *err);
/* `shishi convert IN [-o OUT] [--to FMT] ...` (cli_convert.c). */
int cli_convert(int argc, char **argv);
/* `shishi analyse --record FILE ...`: every move of a game judged (cli_analyse_record.c). */
int cli_analyse_record(int argc, char **argv);
/* `shishi book build ...` / `shishi book merge A B -o OUT` (cli_book.c). */
int cli_book(int argc, char **argv);
/* `shishi solve GAME [-o FILE]` (cli_solve.c). */
int cli_solve(int argc, char **argv);
/* `shishi analyse` in a solved game: every legal move's value from the table; -1 (nothing
 * printed on stdout) when there is no usable table. */
int cli_analyse_solved(const Position *root, Notation n);

#endif
