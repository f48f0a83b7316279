/* textfile.h - opening a file the user named, for reading: regular files only, so that a
 * device (/dev/zero, /dev/urandom), a FIFO or a directory gets an error at once instead of
 * a read that never ends or fills the memory (docs/reliability.md, "Malformed input"). */
#ifndef SHISHI_TEXTFILE_H
#define SHISHI_TEXTFILE_H

#include <stddef.h>
#include <stdio.h>

/* fopen(path, mode) for a regular file; NULL otherwise, with the reason in why
 * ("No such file or directory", "not a regular file", ...). */
FILE *textfile_open(const char *path, const char *mode, char *why, size_t whylen);

#endif
