/* cli.h - the command-line face of shishi: subcommands run from argv. */
#ifndef SHISHI_CLI_H
#define SHISHI_CLI_H

/* Run a subcommand (argv[1] onwards); returns the process exit status. */
int cli_main(int argc, char **argv);
/* `shishi solve GAME [-o FILE]` (cli_solve.c). */
int cli_solve(int argc, char **argv);

#endif
