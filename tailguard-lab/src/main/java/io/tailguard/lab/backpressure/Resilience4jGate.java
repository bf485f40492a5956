package io.tailguard.lab.backpressure;

import io.github.resilience4j.ratelimiter.RateLimiterConfig;
import io.github.resilience4j.ratelimiter.internal.AtomicRateLimiter;
import io.tailguard.admission.AdmissionPolicy;
import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import io.tailguard.admission.Rejection;
import java.time.Duration;

/**
 * Not thread-safe admission gate that asks a real Resilience4j {@link AtomicRateLimiter} (timeout
 * 0) in virtual time, deterministically.
 *
 * <p>Resilience4j 2.2.0 has no injectable clock: {@code AtomicRateLimiter} reads
 * {@code System.nanoTime()} in a private method, relative to its construction. Its refresh rule is
 * that at the start of each refresh cycle (counted from construction) the permissions become
 * {@code min(permissions + cycles × limitForPeriod, limitForPeriod)}, which with a zero timeout (no
 * reservations, permissions never negative) is exactly {@code limitForPeriod}. So a limiter whose
 * own cycle is still 0 behaves in virtual cycle {@code n} exactly as the library would at the start
 * of its cycle {@code n}, if this gate hands each virtual cycle {@code [n × period, (n+1) × period)}
 * a fresh limiter. All decisions go to the library's {@code acquirePermission()}.
 *
 * <p>What keeps it deterministic: after every call the gate asks the library which cycle it is in
 * ({@code getDetailedMetrics().getCycle()}). If the real clock rolled the limiter into cycle 1
 * (one real refresh period passed within one virtual cycle, e.g. a long GC pause), that decision
 * may carry a real-time refill, so the gate replays the virtual cycle on a fresh limiter (the same
 * number of earlier calls, then this one) until the answer came from cycle 0. The output therefore
 * depends only on virtual time, never on machine speed. {@link #replays()} counts such replays.
 */
final class Resilience4jGate implements AdmissionPolicy {

    private static final Rejection RATE_LIMITED = Rejection.of(RejectReason.RATE_LIMITED);

    private final RateLimiterConfig config;
    private final long refreshNanos;
    private final long startNanos;
    private AtomicRateLimiter limiter;
    private long cycle = Long.MIN_VALUE;
    private long callsInCycle;
    private long replays;

    /**
     * Creates a gate for {@code limitForPeriod} permits per {@code refreshPeriod}, timeout 0, whose
     * virtual cycles start at {@code startNanos}.
     */
    Resilience4jGate(int limitForPeriod, Duration refreshPeriod, long startNanos) {
        this.config = RateLimiterConfig.custom()
                .limitForPeriod(limitForPeriod)
                .limitRefreshPeriod(refreshPeriod)
                .timeoutDuration(Duration.ZERO)
                .build();
        this.refreshNanos = refreshPeriod.toNanos();
        this.startNanos = startNanos;
    }

    @Override
    public Decision tryAcquire(long nowNanos) {
        long virtualCycle = Math.floorDiv(nowNanos - startNanos, refreshNanos);
        if (virtualCycle != cycle) {
            cycle = virtualCycle;
            callsInCycle = 0;
            limiter = fresh();
        }
        boolean admitted = limiter.acquirePermission();
        while (limiter.getDetailedMetrics().getCycle() != 0) {
            replays++;
            limiter = fresh();
            for (long i = 0; i < callsInCycle; i++) {
                limiter.acquirePermission();
            }
            admitted = limiter.acquirePermission();
        }
        callsInCycle++;
        return admitted ? Permit.noop() : RATE_LIMITED;
    }

    /** Returns how often a virtual cycle had to be replayed because real time rolled the limiter. */
    long replays() {
        return replays;
    }

    private AtomicRateLimiter fresh() {
        return new AtomicRateLimiter("tailguard-lab-virtual-cycle", config);
    }
}
