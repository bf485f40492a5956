package io.tailguard.time;

/**
 * Thread-safe timers named by a {@code long} id, on a {@link Scheduler}'s clock. On the
 * {@linkplain Scheduler#system() system scheduler} (a {@link WheelScheduler}) starting and
 * cancelling a timer allocates nothing; on other schedulers the ids are mapped onto
 * {@link Scheduler#schedule} handles.
 */
public interface Timers {

    /**
     * Calls {@code handler} with the returned id at {@code deadlineNanos} on the scheduler's clock
     * (as soon as possible if that is past).
     *
     * @return the timer's id, never {@link TimerWheel#NO_TIMER}
     */
    long start(long deadlineNanos, TimerHandler handler);

    /**
     * Cancels timer {@code timerId}.
     *
     * @return true if this call stopped the timer before it fired
     */
    boolean cancel(long timerId);
}
