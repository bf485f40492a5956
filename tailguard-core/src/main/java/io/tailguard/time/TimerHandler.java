package io.tailguard.time;

/**
 * Not thread-safe by itself: the callback of a timer, called with the id its scheduling returned,
 * so that one object can own several timers (and tell a stale one from the current one) without
 * allocating a task per timer.
 */
@FunctionalInterface
public interface TimerHandler {

    /** Timer {@code timerId} fell due. */
    void onTimer(long timerId);
}
