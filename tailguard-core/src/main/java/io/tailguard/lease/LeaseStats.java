package io.tailguard.lease;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Thread-safe statistics a responder keeps for an adaptive lease sender: admissions, rejections and
 * the latency of completed requests in the current period, and the requests still in flight with
 * their mean age. The mean age of what is still running is a lower bound of the oldest request's
 * age, so a request stuck far beyond the latency target is seen at the next period, before it ends.
 *
 * <p>Recording allocates nothing. Counters are read and reset by {@link #roll}; a sample racing
 * with a roll may land in either period.
 */
public final class LeaseStats {

    private final long latencyTargetNanos;
    private final long baseNanos;
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger rejected = new AtomicInteger();
    private final AtomicInteger completedWithinTarget = new AtomicInteger();
    private final AtomicInteger completedLate = new AtomicInteger();
    private final AtomicInteger dropped = new AtomicInteger();
    private final AtomicLong maxLatencyNanos = new AtomicLong();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicLong inFlightStartSumMicros = new AtomicLong();

    LeaseStats(long latencyTargetNanos, long baseNanos) {
        this.latencyTargetNanos = latencyTargetNanos;
        this.baseNanos = baseNanos;
    }

    /** Records a request admitted at {@code nowNanos}; keep {@code nowNanos} to report its end. */
    public void onAccepted(long nowNanos) {
        accepted.incrementAndGet();
        inFlight.incrementAndGet();
        inFlightStartSumMicros.addAndGet(micros(nowNanos));
    }

    /** Records a request the lease gate rejected. */
    public void onRejected() {
        rejected.incrementAndGet();
    }

    /** Records the normal end, at {@code nowNanos}, of a request admitted at {@code startNanos}. */
    public void onCompleted(long startNanos, long nowNanos) {
        end(startNanos);
        long latencyNanos = Math.max(0L, nowNanos - startNanos);
        maxLatencyNanos.accumulateAndGet(latencyNanos, Math::max);
        if (latencyNanos > latencyTargetNanos) {
            completedLate.incrementAndGet();
        } else {
            completedWithinTarget.incrementAndGet();
        }
    }

    /** Records the failed end (an overload signal: timeout, error) of a request admitted at {@code startNanos}. */
    public void onDropped(long startNanos, long nowNanos) {
        end(startNanos);
        dropped.incrementAndGet();
    }

    /** Returns the requests admitted and not yet ended. */
    public int inFlight() {
        return Math.max(0, inFlight.get());
    }

    private void end(long startNanos) {
        inFlight.decrementAndGet();
        inFlightStartSumMicros.addAndGet(-micros(startNanos));
    }

    private long micros(long nanos) {
        return (nanos - baseNanos) / 1_000L;
    }

    /** Writes the period that ends at {@code nowNanos} into {@code into} and starts a new one. */
    void roll(long nowNanos, PeriodStats into) {
        into.accepted = accepted.getAndSet(0);
        into.rejected = rejected.getAndSet(0);
        into.completedWithinTarget = completedWithinTarget.getAndSet(0);
        into.completedLate = completedLate.getAndSet(0);
        into.dropped = dropped.getAndSet(0);
        into.maxCompletedLatencyNanos = maxLatencyNanos.getAndSet(0L);
        int running = inFlight.get();
        long sumMicros = inFlightStartSumMicros.get();
        into.inFlight = Math.max(0, running);
        into.meanInFlightAgeNanos = running <= 0
                ? 0L
                : Math.max(0L, (nowNanos - baseNanos) - (sumMicros / running) * 1_000L);
    }
}
