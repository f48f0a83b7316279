/* xboard_input.c - the XBoard front end's input: a reader thread queues whole lines, and the
 * command loop waits for either a line or the search's `move` (so that it can start
 * pondering at once instead of at the GUI's next command). */
#include <stdlib.h>
#include <string.h>

#include "io.h"
#include "xboard_int.h"

static void *reader_main(void *arg) {
    XBoard *xb = arg;
    for (;;) {
        XBLine l = {.text = malloc(IO_LINE_MAX)};
        bool ok = l.text && io_read_line(xb->in, l.text, IO_LINE_MAX, &l.fault);
        if (!ok) {
            /* WHY the line is freed before eof is set: once the loop sees eof it frees xb and
             * returns, and a session run in-process (tests/fuzz/) is checked for leaks then; a
             * reader still holding its last line there was reported as a leak (fuzz_xboard,
             * session 16, on a loaded machine) */
            free(l.text);
            pthread_mutex_lock(&xb->lock);
            xb->eof = true;
            pthread_cond_broadcast(&xb->wake);
            pthread_mutex_unlock(&xb->lock);
            return NULL;
        }
        pthread_mutex_lock(&xb->lock);
        while (xb->queued == XB_QUEUE_MAX) pthread_cond_wait(&xb->room, &xb->lock);
        xb->queue[(xb->queue_head + xb->queued++) % XB_QUEUE_MAX] = l;
        pthread_cond_broadcast(&xb->wake);
        pthread_mutex_unlock(&xb->lock);
    }
}

int xb_input_start(XBoard *xb) {
    pthread_cond_init(&xb->wake, NULL);
    pthread_cond_init(&xb->room, NULL);
    if (pthread_create(&xb->reader, NULL, reader_main, xb)) return -1;
    pthread_detach(xb->reader); /* WHY detached: at quit it may sit in read() for ever */
    return 0;
}

XBWait xb_input_wait(XBoard *xb, XBLine *out) {
    pthread_mutex_lock(&xb->lock);
    while (!xb->queued && !xb->eof && !xb->pending) pthread_cond_wait(&xb->wake, &xb->lock);
    XBWait w;
    if (xb->pending)
        w = XB_WAIT_MOVE;
    else if (xb->queued) {
        *out = xb->queue[xb->queue_head];
        xb->queue_head = (xb->queue_head + 1) % XB_QUEUE_MAX;
        xb->queued--;
        pthread_cond_signal(&xb->room);
        w = XB_WAIT_LINE;
    } else
        w = XB_WAIT_EOF;
    pthread_mutex_unlock(&xb->lock);
    return w;
}
