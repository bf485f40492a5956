package io.tailguard.path;

import io.tailguard.hedge.Hedger;
import io.tailguard.time.TimerHandler;
import io.tailguard.time.TimerWheel;

/**
 * Thread-safe (guarded by its own monitor; the two queue-wait fields are volatile): one request's
 * state in its pool's {@link DecisionPath}: its phase, deadline, attempts and timers. The host keeps
 * it and hands it back with every event about the request. Created by {@link DecisionPath#submit} or {@link PathRoute#arrive}.
 *
 * @param <R> the host's request type
 */
public final class Ticket<R> implements TimerHandler {

    /** Attempts one request may make: the first, its hedge and retries of refused connections. */
    static final int MAX_ATTEMPTS = 4;

    static final int NEW = 0;
    static final int QUEUED = 1;
    static final int FORWARDING = 2;
    static final int RESPONDING = 3;
    static final int DONE = 4;
    /** Waiting for the host's answer from a shared gate ({@link PathHost#askGate}). */
    static final int GATED = 5;

    static final byte LIVE = 1;
    static final byte HEAD = 2;
    static final byte CANCELLED = 3;
    static final byte ENDED = 4;
    /** Given up at the response timeout: its permit is released, as dropped, once its host reports it ended. */
    static final byte TIMED_OUT = 5;

    static final long NO_TIMER = TimerWheel.NO_TIMER;

    final R request;
    final DecisionPath<R> path;
    final long arrivalNanos;
    final long deadlineNanos;
    final Hedger hedger;
    // Four fields and a packed word rather than two arrays: every request gets a ticket, few a second attempt.
    private Grant grant0;
    private Grant grant1;
    private Grant grant2;
    private Grant grant3;
    /** Attempt k's state in bits 8k to 8k+7. */
    private int states;
    int attempts;
    long triedMask;
    int phase = NEW;
    boolean departed;
    /**
     * The request entered the queue (and was not refused as the queue was full). Volatile, as is
     * {@link #queueWaitNanos}, so that a host reads both without the monitor on every forward: they
     * are written only for a request that queues.
     */
    volatile boolean waited;
    int winner = -1;
    LocalAnswer answer;
    long enqueuedNanos;
    volatile long queueWaitNanos;
    long queueTimer = NO_TIMER;
    long queueTimerDueNanos;
    LocalAnswer queueTimerAnswer;
    long hedgeTimer = NO_TIMER;
    long hedgeTimerDueNanos;
    long gateTimer = NO_TIMER;
    long gateTimerDueNanos;
    long responseTimer = NO_TIMER;
    long responseTimerDueNanos;

    Ticket(R request, DecisionPath<R> path, long arrivalNanos, long budgetNanos, Hedger hedger) {
        this.request = request;
        this.path = path;
        this.arrivalNanos = arrivalNanos;
        this.deadlineNanos = budgetNanos == Long.MAX_VALUE ? Long.MAX_VALUE : arrivalNanos + budgetNanos;
        this.hedger = hedger;
    }

    /** Returns the host's request. */
    public R request() {
        return request;
    }

    /** Returns the time left before the request's deadline, {@link Long#MAX_VALUE} if it has none. */
    public long remainingNanos(long nowNanos) {
        return deadlineNanos == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(0L, deadlineNanos - nowNanos);
    }

    /** Returns how long the request waited in the queue (0 if it never queued). */
    public long queueWaitNanos() {
        return queueWaitNanos;
    }

    /** Returns true if the request entered the queue, whether it then went on, left or was shed. */
    public boolean waited() {
        return waited;
    }

    /**
     * Returns true while attempt {@code attempt} was cancelled and still holds its permit
     * ({@link PoolSettings#holdCancelled}): its host reports {@link DecisionPath#ended} once the
     * backend is done with it.
     */
    public synchronized boolean holding(int attempt) {
        return attempt >= 0 && attempt < attempts && state(attempt) == CANCELLED;
    }

    /** Returns the local answer the path gave, or null if it gave none (yet). */
    public synchronized LocalAnswer answer() {
        return answer;
    }

    /** Returns the attempt whose response head came first, or -1. */
    public synchronized int winner() {
        return winner;
    }

    /** Returns the backend of attempt {@code attempt}, or -1 if there was no such attempt. */
    public synchronized int backendOf(int attempt) {
        return attempt >= 0 && attempt < attempts ? grant(attempt).backend() : -1;
    }

    /** Returns how many attempts were forwarded. */
    public synchronized int attempts() {
        return attempts;
    }

    /** Returns true while the request waits for the host's answer from a shared gate. */
    public synchronized boolean gated() {
        return phase == GATED;
    }

    /** Returns true while the request waits in the queue. */
    public synchronized boolean queued() {
        return phase == QUEUED;
    }

    /** Returns true once the path has nothing more to decide for the client (answered, responded, gone). */
    public synchronized boolean settled() {
        return phase == DONE || phase == RESPONDING;
    }

    @Override
    public void onTimer(long timerId) {
        path.timerFired(this, timerId);
    }

    /** Attempts forwarded and neither ended nor cancelled. Call holding the monitor. */
    int liveAttempts() {
        int live = 0;
        for (int k = 0; k < attempts; k++) {
            byte state = state(k);
            if (state == LIVE || state == HEAD) {
                live++;
            }
        }
        return live;
    }

    /** Attempt {@code attempt}'s permit, null before it is forwarded. Call holding the monitor, or for a forwarded attempt. */
    Grant grant(int attempt) {
        return switch (attempt) {
            case 0 -> grant0;
            case 1 -> grant1;
            case 2 -> grant2;
            case 3 -> grant3;
            default -> throw new IndexOutOfBoundsException("attempt must be 0 to 3 but was " + attempt);
        };
    }

    /** Records attempt {@code attempt}'s permit. Call holding the monitor. */
    void grant(int attempt, Grant grant) {
        switch (attempt) {
            case 0 -> grant0 = grant;
            case 1 -> grant1 = grant;
            case 2 -> grant2 = grant;
            case 3 -> grant3 = grant;
            default -> throw new IndexOutOfBoundsException("attempt must be 0 to 3 but was " + attempt);
        }
    }

    /** Attempt {@code attempt}'s state (0: none yet). Call holding the monitor. */
    byte state(int attempt) {
        return (byte) (states >>> (attempt << 3));
    }

    /** Sets attempt {@code attempt}'s state. Call holding the monitor. */
    void state(int attempt, byte state) {
        int shift = attempt << 3;
        states = (states & ~(0xFF << shift)) | ((state & 0xFF) << shift);
    }

    @Override
    public synchronized String toString() {
        return "Ticket[phase=" + phase + ", attempts=" + attempts + ", winner=" + winner + ", answer=" + answer + "]";
    }
}
