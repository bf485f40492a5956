package io.tailguard.lab.leases;

import io.tailguard.admission.Decision;
import io.tailguard.lease.LeaseGate;
import io.tailguard.lease.LeaseStats;
import java.util.random.RandomGenerator;

/**
 * Not thread-safe model of one demo server: the core {@link LeaseGate} in front of the demo's
 * saturable service. Only admitted requests advance the window counter; a window opens at the
 * first admitted request 1 s or more after the previous window opened.
 */
final class SaturableServer {

    private static final long WINDOW_MILLIS = 1_000L;

    final LeaseGate gate = new LeaseGate();
    private final ConcurrencyDelay delay;
    private final RandomGenerator random;
    private final LeaseStats stats;
    private long windowStartMillis = Long.MIN_VALUE;
    private int windowCount;

    /** Creates a server; {@code stats} is null unless an adaptive sender learns from it. */
    SaturableServer(ConcurrencyDelay delay, RandomGenerator random, LeaseStats stats) {
        this.delay = delay;
        this.random = random;
        this.stats = stats;
    }

    /**
     * Handles a request arriving at {@code nowMillis}: returns its service delay in milliseconds,
     * or -1 if the lease gate rejected it.
     */
    long handle(long nowMillis, long nowNanos) {
        boolean room = stats == null || stats.hasRoom();
        Decision decision = room ? gate.tryAcquire(nowNanos) : null;
        if (decision == null || !decision.isAdmitted()) {
            if (decision == null) {
                stats.onOverCap();
            } else if (stats != null) {
                stats.onRejected();
            }
            return -1L;
        }
        if (windowStartMillis == Long.MIN_VALUE || nowMillis - windowStartMillis >= WINDOW_MILLIS) {
            windowStartMillis = nowMillis;
            windowCount = 0;
        }
        windowCount++;
        if (stats != null) {
            stats.onAccepted(nowNanos);
        }
        return delay.delayMillis(windowCount, random);
    }

    /** Records the end of a request admitted at {@code startNanos}. */
    void complete(long startNanos, long nowNanos) {
        if (stats != null) {
            stats.onCompleted(nowNanos, startNanos);
        }
    }
}
