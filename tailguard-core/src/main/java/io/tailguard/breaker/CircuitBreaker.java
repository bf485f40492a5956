package io.tailguard.breaker;

import io.tailguard.config.Check;
import io.tailguard.time.NanoClock;

/**
 * Thread-safe circuit breaker: closed, it lets every call through and judges the outcomes in a
 * sliding window; when the failure rate or the slow-call rate reaches its threshold (once the window
 * holds the minimum number of calls) it opens and rejects calls for {@code waitInOpen}; the first
 * {@link #tryAcquire} after that makes it half-open and lets {@code permittedHalfOpenCalls} probes
 * through, whose outcomes close it again or re-open it. It holds no clock: time comes in as
 * {@code nowNanos}, so a simulation and a live client drive the same object.
 *
 * <p>Locking: the two hot answers are lock-free — a closed breaker admits, and an open breaker
 * rejects before its open time is up, on two volatile reads. Everything that changes state (recording
 * an outcome, the open → half-open move, issuing probes) runs under the breaker's monitor, so
 * transitions happen one at a time and the {@link TransitionListener} sees them in order.
 *
 * <p><b>Time on demand.</b> Each call also comes in a form that takes a {@link NanoClock} instead of
 * the time and reads it only when the answer depends on it: a closed breaker admits without it, and
 * a count-based window records an outcome without it unless that outcome trips the breaker. A
 * healthy call through a count-based breaker that judges failures only (no slow-call rule, so the
 * call's duration does not matter either) then reads no clock at all, where a clock read costs as
 * much as the rest of the call.
 *
 * <p>Outcomes are judged as Resilience4j judges them: after every recorded call, success or failure.
 * An outcome reported while open is ignored (its call was admitted before the trip); an outcome
 * reported while half-open counts as a probe outcome, whichever call it came from.
 */
public final class CircuitBreaker {

    private final CircuitBreakerConfig config;
    private final TransitionListener listener;
    private final OutcomeWindow window;
    private final long waitInOpenNanos;
    private final long slowCallNanos;

    private volatile BreakerState state = BreakerState.CLOSED;
    private volatile long openUntilNanos;
    private int probesIssued;
    private int probeCalls;
    private int probeFailures;
    private int probeSlow;

    /** Creates a closed breaker that reports no transitions. */
    public CircuitBreaker(CircuitBreakerConfig config) {
        this(config, TransitionListener.NONE);
    }

    /** Creates a closed breaker that reports each transition to {@code listener}. */
    public CircuitBreaker(CircuitBreakerConfig config, TransitionListener listener) {
        this.config = Check.notNull("config", config);
        this.listener = Check.notNull("listener", listener);
        this.window = OutcomeWindow.of(config);
        this.waitInOpenNanos = config.waitInOpen().toNanos();
        this.slowCallNanos = config.slowCallDuration().toNanos();
    }

    /**
     * Asks to make one call at {@code nowNanos}.
     *
     * @return true if the call may go (report its outcome with {@link #onSuccess} or
     *     {@link #onFailure}); false if the breaker is open or out of half-open probes
     */
    public boolean tryAcquire(long nowNanos) {
        BreakerState s = state;
        if (s == BreakerState.CLOSED) {
            return true;
        }
        if (s == BreakerState.OPEN && nowNanos - openUntilNanos < 0) {
            return false;
        }
        synchronized (this) {
            return acquireLocked(nowNanos);
        }
    }

    /**
     * Asks to make one call now, reading {@code clock} only if the breaker is not closed; otherwise
     * as {@link #tryAcquire(long)}.
     */
    public boolean tryAcquire(NanoClock clock) {
        return state == BreakerState.CLOSED || tryAcquire(clock.nanoTime());
    }

    /** Reports a call that succeeded at {@code nowNanos} after {@code durationNanos}. */
    public void onSuccess(long nowNanos, long durationNanos) {
        record(null, nowNanos, false, durationNanos);
    }

    /**
     * Reports a call that succeeded just now after {@code durationNanos}, reading {@code clock} only
     * if the window or a transition needs the time.
     */
    public void onSuccess(NanoClock clock, long durationNanos) {
        record(clock, 0L, false, durationNanos);
    }

    /** Reports a call that failed (error or timeout) at {@code nowNanos} after {@code durationNanos}. */
    public void onFailure(long nowNanos, long durationNanos) {
        record(null, nowNanos, true, durationNanos);
    }

    /**
     * Reports a call that failed just now after {@code durationNanos}, reading {@code clock} only
     * if the window or a transition needs the time.
     */
    public void onFailure(NanoClock clock, long durationNanos) {
        record(clock, 0L, true, durationNanos);
    }

    /** Returns the state as of the last call; an open breaker whose time is up stays open until asked. */
    public BreakerState state() {
        return state;
    }

    /** Returns this breaker's configuration. */
    public CircuitBreakerConfig config() {
        return config;
    }

    private boolean acquireLocked(long nowNanos) {
        switch (state) {
            case CLOSED:
                return true;
            case OPEN:
                if (nowNanos - openUntilNanos < 0) {
                    return false;
                }
                probeCalls = 0;
                probeFailures = 0;
                probeSlow = 0;
                probesIssued = 1;
                moveTo(nowNanos, BreakerState.HALF_OPEN);
                return true;
            default:
                if (probesIssued < config.permittedHalfOpenCalls()) {
                    probesIssued++;
                    return true;
                }
                return false;
        }
    }

    /** Records an outcome at {@code nowNanos}, or, if {@code clock} is given, at its time when needed. */
    private synchronized void record(NanoClock clock, long nowNanos, boolean failed, long durationNanos) {
        boolean wasSlow = durationNanos >= slowCallNanos;
        switch (state) {
            case CLOSED:
                if (clock != null && window.timed()) {
                    nowNanos = clock.nanoTime();
                    clock = null;
                }
                window.advance(nowNanos);
                window.record(nowNanos, failed, wasSlow);
                if (window.calls >= config.minimumCalls()
                        && tripped(window.calls, window.failures, window.slow)) {
                    open(clock == null ? nowNanos : clock.nanoTime());
                }
                return;
            case HALF_OPEN:
                probeCalls++;
                probeFailures += failed ? 1 : 0;
                probeSlow += wasSlow ? 1 : 0;
                if (probeCalls < config.permittedHalfOpenCalls()) {
                    return;
                }
                long now = clock == null ? nowNanos : clock.nanoTime();
                if (tripped(probeCalls, probeFailures, probeSlow)) {
                    open(now);
                } else {
                    window.clear();
                    moveTo(now, BreakerState.CLOSED);
                }
                return;
            default:
                // OPEN: the call was admitted before the trip; its outcome says nothing new
        }
    }

    private boolean tripped(int calls, int failures, int slow) {
        return 100.0 * failures / calls >= config.failureRateThreshold()
                || 100.0 * slow / calls >= config.slowCallRateThreshold();
    }

    private void open(long nowNanos) {
        openUntilNanos = nowNanos + waitInOpenNanos;
        moveTo(nowNanos, BreakerState.OPEN);
    }

    private void moveTo(long nowNanos, BreakerState to) {
        BreakerState from = state;
        state = to;
        listener.onTransition(nowNanos, from, to);
    }
}
