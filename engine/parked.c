/* parked.c - see parked.h. */
#include "parked.h"

static void *parked_main(void *arg) {
    ParkedThread *t = arg;
    pthread_mutex_lock(&t->lock);
    for (;;) {
        while (!t->busy && !t->quit) pthread_cond_wait(&t->wake, &t->lock);
        if (!t->busy) break; /* quit, nothing to run */
        pthread_mutex_unlock(&t->lock);
        t->job(t->arg);
        pthread_mutex_lock(&t->lock);
        t->busy = false;
        pthread_cond_broadcast(&t->done);
    }
    pthread_mutex_unlock(&t->lock);
    return NULL;
}

int parked_init(ParkedThread *t, size_t stack) {
    *t = (ParkedThread){.stack = stack};
    if (pthread_mutex_init(&t->lock, NULL)) return -1;
    if (pthread_cond_init(&t->wake, NULL)) {
        pthread_mutex_destroy(&t->lock);
        return -1;
    }
    if (pthread_cond_init(&t->done, NULL)) {
        pthread_cond_destroy(&t->wake);
        pthread_mutex_destroy(&t->lock);
        return -1;
    }
    return 0;
}

static bool start(ParkedThread *t) {
    pthread_attr_t attr;
    if (pthread_attr_init(&attr)) return false;
    if (t->stack) pthread_attr_setstacksize(&attr, t->stack);
    t->started = pthread_create(&t->thread, &attr, parked_main, t) == 0;
    pthread_attr_destroy(&attr);
    return t->started;
}

bool parked_run(ParkedThread *t, void (*job)(void *), void *arg) {
    pthread_mutex_lock(&t->lock);
    bool ok = t->started || start(t);
    if (ok) {
        t->job = job;
        t->arg = arg;
        t->busy = true;
        pthread_cond_signal(&t->wake);
    }
    pthread_mutex_unlock(&t->lock);
    return ok;
}

void parked_wait(ParkedThread *t) {
    pthread_mutex_lock(&t->lock);
    while (t->busy) pthread_cond_wait(&t->done, &t->lock);
    pthread_mutex_unlock(&t->lock);
}

void parked_destroy(ParkedThread *t) {
    pthread_mutex_lock(&t->lock);
    while (t->busy) pthread_cond_wait(&t->done, &t->lock);
    t->quit = true;
    pthread_cond_signal(&t->wake);
    bool started = t->started;
    pthread_mutex_unlock(&t->lock);
    if (started) pthread_join(t->thread, NULL);
    pthread_cond_destroy(&t->done);
    pthread_cond_destroy(&t->wake);
    pthread_mutex_destroy(&t->lock);
}
