package io.tailguard.breaker;

import io.tailguard.config.Check;

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

    /** Reports a call that succeeded at {@code nowNanos} after {@code durationNanos}. */
    public void onSuccess(long nowNanos, long durationNanos) {
        record(nowNanos, false, durationNanos);
    }

    /** Reports a call that failed (error or timeout) at {@code nowNanos} after {@code durationNanos}. */
    public void onFailure(long nowNanos, long durationNanos) {
        record(nowNanos, true, durationNanos);
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

    private synchronized void record(long nowNanos, boolean failed, long durationNanos) {
        boolean wasSlow = durationNanos >= slowCallNanos;
        switch (state) {
            case CLOSED:
                window.advance(nowNanos);
                window.record(nowNanos, failed, wasSlow);
                if (window.calls >= config.minimumCalls()
                        && tripped(window.calls, window.failures, window.slow)) {
                    open(nowNanos);
                }
                return;
            case HALF_OPEN:
                probeCalls++;
                probeFailures += failed ? 1 : 0;
                probeSlow += wasSlow ? 1 : 0;
                if (probeCalls < config.permittedHalfOpenCalls()) {
                    return;
                }
                if (tripped(probeCalls, probeFailures, probeSlow)) {
                    open(nowNanos);
                } else {
                    window.clear();
                    moveTo(nowNanos, BreakerState.CLOSED);
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
