/* cli.h - the command-line face of shishi: subcommands run from argv. */
#ifndef SHISHI_CLI_H
#define SHISHI_CLI_H

#include "../src/notation.h"

/* Run a subcommand (argv[1] onwards); returns the process exit status. */
int cli_main(int argc, char **argv);
/* `shishi eval [--variant V] [--position P] [--params FILE] [--terms]` (cli_eval.c). */
int cli_eval(int argc, char **argv);
/* `shishi convert IN [-o OUT] [--to FMT] ...` (cli_convert.c). */
int cli_convert(int argc, char **argv);
/* The whole of a file ("-": stdin), malloc'd and NUL-terminated; NULL if unreadable (cli_convert.c). */
char *cli_read_file(const char *path, size_t *len);
/* `shishi analyse --record FILE ...`: every move of a game judged (cli_analyse_record.c). */
int cli_analyse_record(int argc, char **argv);
/* `shishi solve GAME [-o FILE]` (cli_solve.c). */
int cli_solve(int argc, char **argv);
/* `shishi analyse` in a solved game: every legal move's value from the table; -1 (nothing
 * printed on stdout) when there is no usable table. */
int cli_analyse_solved(const Position *root, Notation n);

#endif
