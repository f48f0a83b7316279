/* textfile.c - see textfile.h. */
#include "textfile.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

FILE *textfile_open(const char *path, const char *mode, char *why, size_t whylen) {
    struct stat st;
    /* WHY stat before fopen: opening a FIFO for reading blocks until a writer comes */
    if (stat(path, &st)) {
        snprintf(why, whylen, "%s", strerror(errno));
        return NULL;
    }
    if (!S_ISREG(st.st_mode)) {
        snprintf(why, whylen, "%s", S_ISDIR(st.st_mode) ? "a directory, not a file" : "not a regular file");
        return NULL;
    }
    FILE *f = fopen(path, mode);
    if (!f) snprintf(why, whylen, "%s", strerror(errno));
    return f;
}
