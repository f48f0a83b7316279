/* cli.h - the command-line face of shishi: subcommands run from argv. */
#ifndef SHISHI_CLI_H
#define SHISHI_CLI_H

/* Run a subcommand (argv[1] onwards); returns the process exit status. */
int cli_main(int argc, char **argv);
/* `shishi eval [--variant V] [--position P] [--params FILE] [--terms]` (cli_eval.c). */
int cli_eval(int argc, char **argv);

#endif
