package io.tailguard.sim.limiter;

import io.tailguard.admission.Decision;
import io.tailguard.lease.AdaptiveLeaseSender;
import io.tailguard.lease.LeaseGate;
import io.tailguard.lease.LeaseTicker;
import io.tailguard.limit.AimdLimit;
import io.tailguard.limit.AimdLimitConfig;
import io.tailguard.sim.SimScheduler;
import java.time.Duration;

/**
 * Not thread-safe adaptive lease in front of the service: the core {@link AdaptiveLeaseSender}
 * re-leases a {@link LeaseGate} every 100 ms toward a 50 ms latency target, on the simulated
 * scheduler. Its limit is a number of requests per lease, not of requests in flight.
 */
public final class LeaseLimiter implements SimLimiter {

    /** How often the sender re-leases the gate, and how long each lease lives. */
    public static final Duration PERIOD = Duration.ofMillis(100);
    /** The latency the sender steers toward. */
    public static final Duration TARGET = Duration.ofMillis(50);
    private static final int MAX = 10_000;

    private final AdaptiveLeaseSender sender;
    private final LeaseGate gate = new LeaseGate();
    private final LeaseTicker ticker;

    /** Creates the lease and starts its ticker on {@code scheduler}; {@link #stop()} ends it. */
    public LeaseLimiter(SimScheduler scheduler) {
        AdaptiveLeaseSender.Config config = new AdaptiveLeaseSender.Config(TARGET, PERIOD, PERIOD, 10, MAX);
        sender = new AdaptiveLeaseSender(config,
                seed -> new AimdLimit(new AimdLimitConfig(seed, 1, MAX, 0.9, TARGET)), scheduler.nowNanos());
        ticker = new LeaseTicker(scheduler, sender, gate, lease -> { });
        ticker.start();
    }

    @Override
    public Object acquire(long nowNanos) {
        Decision decision = sender.stats().hasRoom(nowNanos) ? gate.tryAcquire(nowNanos) : null;
        if (decision == null) {
            sender.stats().onOverCap();
            return null;
        }
        if (!decision.isAdmitted()) {
            sender.stats().onRejected();
            return null;
        }
        sender.stats().onAccepted(nowNanos);
        return new long[] {nowNanos};
    }

    @Override
    public void release(Object handle, long nowNanos, boolean dropped) {
        long start = ((long[]) handle)[0];
        if (dropped) {
            sender.stats().onDropped(nowNanos, start);
        } else {
            sender.stats().onCompleted(nowNanos, start);
        }
    }

    @Override
    public int limit() {
        return sender.allowed();
    }

    @Override
    public void stop() {
        ticker.stop();
    }
}
