/* parked.h - a thread that outlives the job it runs: made at its first job, it waits on a
 * condition variable between jobs and ends only when its owner is freed.
 * WHY: every `go` made a search thread and a thread per helper, and joined them at its end.
 * Under AddressSanitizer a thread's start and end map and unmap its stack's shadow and its
 * allocator cache: the USI and XBoard fuzz targets spent half their time in the kernel doing
 * so (perf, session 16). A search worker now keeps its thread, as Stockfish's threads idle
 * between searches. */
#ifndef SHISHI_PARKED_H
#define SHISHI_PARKED_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

typedef struct {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake, done;
    void (*job)(void *);
    void *arg;
    size_t stack; /* bytes; 0 for the system's default */
    bool started, busy, quit;
} ParkedThread;

/* Ready an idle ParkedThread whose thread is made at its first job with `stack` bytes of stack
 * (0: the default). 0, or -1 when the lock cannot be made. */
int parked_init(ParkedThread *t, size_t stack);
/* Start job(arg) on the thread; the previous job must have been waited for. false when no
 * thread can be made: the caller then runs the job itself. */
bool parked_run(ParkedThread *t, void (*job)(void *), void *arg);
/* Block until the current job (if any) has returned. */
void parked_wait(ParkedThread *t);
/* Wait for the job, end the thread and free the lock. */
void parked_destroy(ParkedThread *t);

#endif
