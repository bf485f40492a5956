package io.tailguard.lease;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Thread-safe statistics a responder keeps for an {@link AdaptiveLeaseSender}, per lease period:
 * requests admitted and rejected, and for the requests admitted in the period, how many completed
 * within or beyond the latency target, the slowest completion, and the count and mean age of those
 * still running. Requests admitted in earlier periods are left out of a period's verdict, so one
 * slow request is held against the lease it was admitted under and not against every later one.
 *
 * <p>The mean age of what still runs is a lower bound of the oldest one's age: a request stuck far
 * beyond the target is seen at the end of its period, before it ends. Recording allocates nothing;
 * a sample racing with the end of a period may land in either.
 */
public final class LeaseStats {

    private final long latencyTargetNanos;
    private final long baseNanos;
    private volatile long periodStartNanos;
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger rejected = new AtomicInteger();
    private final AtomicInteger overCap = new AtomicInteger();
    private final AtomicInteger completedWithinTarget = new AtomicInteger();
    private final AtomicInteger completedLate = new AtomicInteger();
    private final AtomicInteger dropped = new AtomicInteger();
    private final AtomicLong maxLatencyNanos = new AtomicLong();
    private final AtomicInteger periodInFlight = new AtomicInteger();
    private final AtomicLong periodStartSumMicros = new AtomicLong();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger peakInFlight = new AtomicInteger();
    private volatile int inFlightCap = Integer.MAX_VALUE;
    private final TrailingAdmissions trailing = new TrailingAdmissions();

    LeaseStats(long latencyTargetNanos, long startNanos) {
        this.latencyTargetNanos = latencyTargetNanos;
        this.baseNanos = startNanos;
        this.periodStartNanos = startNanos;
    }

    /** Records a request admitted at {@code nowNanos}; keep {@code nowNanos} to report its end. */
    public void onAccepted(long nowNanos) {
        trailing.admit(nowNanos);
        peakInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        accepted.incrementAndGet();
        periodInFlight.incrementAndGet();
        periodStartSumMicros.addAndGet(micros(nowNanos));
    }

    /** Records a request the lease gate rejected. */
    public void onRejected() {
        rejected.incrementAndGet();
    }

    /**
     * Records a request refused because {@link #hasRoom} was false. It is not counted as demand
     * on the lease: a grant the cap kept from being used must not grow.
     */
    public void onOverCap() {
        overCap.incrementAndGet();
    }

    /** Records the normal end, at {@code nowNanos}, of a request admitted at {@code startNanos}. */
    public void onCompleted(long nowNanos, long startNanos) {
        inFlight.decrementAndGet();
        if (!inThisPeriod(startNanos)) {
            return;
        }
        leavePeriod(startNanos);
        long latencyNanos = Math.max(0L, nowNanos - startNanos);
        maxLatencyNanos.accumulateAndGet(latencyNanos, Math::max);
        if (latencyNanos > latencyTargetNanos) {
            completedLate.incrementAndGet();
        } else {
            completedWithinTarget.incrementAndGet();
        }
    }

    /**
     * Records the failed end (an overload signal: timeout, error) at {@code nowNanos} of a request
     * admitted at {@code startNanos}.
     */
    public void onDropped(long nowNanos, long startNanos) {
        inFlight.decrementAndGet();
        if (inThisPeriod(startNanos)) {
            leavePeriod(startNanos);
            dropped.incrementAndGet();
        }
    }

    /** Returns the requests admitted and not yet ended, whatever their period. */
    public int inFlight() {
        return Math.max(0, inFlight.get());
    }

    /**
     * Returns true if a request arriving at {@code nowNanos} has room beside the lease: fewer
     * requests in flight than the sender's cap, and fewer than the grant admitted over the trailing
     * period ({@link AdaptiveLeaseSender}). Check it before the lease gate, and refuse the request
     * as over the lease when it is false. Before the first lease it is always true. The check and
     * the admission are two steps with the lease gate between them, so callers deciding at the
     * same instant may each find the last room: both bounds can be passed by at most the number
     * of callers racing, while the lease gate itself stays exact.
     */
    public boolean hasRoom(long nowNanos) {
        return inFlight.get() < inFlightCap && trailing.hasRoom(nowNanos);
    }

    /** Returns the cap on requests in flight beside the lease, or {@link Integer#MAX_VALUE} for none. */
    public int inFlightCap() {
        return inFlightCap;
    }

    void capInFlight(int cap) {
        inFlightCap = cap;
    }

    /** Bounds the admissions over any trailing {@code periodNanos} to the grant just sent. */
    void boundTrailing(int allowed, long periodNanos) {
        trailing.bound(allowed, periodNanos);
    }

    private boolean inThisPeriod(long startNanos) {
        return startNanos - periodStartNanos >= 0;
    }

    private void leavePeriod(long startNanos) {
        periodInFlight.decrementAndGet();
        periodStartSumMicros.addAndGet(-micros(startNanos));
    }

    private long micros(long nanos) {
        return (nanos - baseNanos) / 1_000L;
    }

    /** Writes the period that ends at {@code nowNanos} into {@code into} and starts a new one. */
    void roll(long nowNanos, PeriodStats into) {
        periodStartNanos = nowNanos;
        int running = periodInFlight.getAndSet(0);
        long sumMicros = periodStartSumMicros.getAndSet(0L);
        into.accepted = accepted.getAndSet(0);
        into.rejected = rejected.getAndSet(0);
        into.overCap = overCap.getAndSet(0);
        into.completedWithinTarget = completedWithinTarget.getAndSet(0);
        into.completedLate = completedLate.getAndSet(0);
        into.dropped = dropped.getAndSet(0);
        into.maxCompletedLatencyNanos = maxLatencyNanos.getAndSet(0L);
        into.inFlight = Math.max(0, running);
        into.peakInFlight = peakInFlight.getAndSet(Math.max(0, inFlight.get()));
        into.meanInFlightAgeNanos = running <= 0
                ? 0L
                : Math.max(0L, (nowNanos - baseNanos) - (sumMicros / running) * 1_000L);
    }
}
