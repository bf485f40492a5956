package io.tailguard.lab.leases;

import io.tailguard.admission.Decision;
import io.tailguard.lease.LeaseGate;
import io.tailguard.lease.LeaseStats;
import io.tailguard.sim.service.DelayTable;
import io.tailguard.sim.service.SaturableService;
import java.util.random.RandomGenerator;

/**
 * Not thread-safe model of one demo server: the core {@link LeaseGate} in front of the demo's
 * saturable service, the core {@link SaturableService} the live test backend runs too. Only
 * admitted requests advance the window counter; a window opens at the first admitted request 1 s
 * or more after the previous window opened.
 */
final class SaturableServer {

    private static final long WINDOW_NANOS = 1_000_000_000L;

    final LeaseGate gate = new LeaseGate();
    private final SaturableService service;
    private final LeaseStats stats;

    /** Creates a server; {@code stats} is null unless an adaptive sender learns from it. */
    SaturableServer(DelayTable delay, RandomGenerator random, LeaseStats stats) {
        this.service = new SaturableService(delay, WINDOW_NANOS, random);
        this.stats = stats;
    }

    /**
     * Handles a request arriving at {@code nowNanos}: returns its service delay in milliseconds,
     * or -1 if the lease gate rejected it.
     */
    long handle(long nowNanos) {
        boolean room = stats == null || stats.hasRoom(nowNanos);
        Decision decision = room ? gate.tryAcquire(nowNanos) : null;
        if (decision == null || !decision.isAdmitted()) {
            if (decision == null) {
                stats.onOverCap();
            } else if (stats != null) {
                stats.onRejected();
            }
            return -1L;
        }
        if (stats != null) {
            stats.onAccepted(nowNanos);
        }
        return service.admit(nowNanos);
    }

    /** Records the end of a request admitted at {@code startNanos}. */
    void complete(long startNanos, long nowNanos) {
        if (stats != null) {
            stats.onCompleted(nowNanos, startNanos);
        }
    }
}
