package io.tailguard.sim.lease;

import io.tailguard.admission.Decision;
import io.tailguard.config.Check;
import io.tailguard.lease.LeaseGate;
import io.tailguard.lease.LeaseStats;
import io.tailguard.sim.service.DelayTable;
import io.tailguard.sim.service.SaturableService;
import java.util.random.RandomGenerator;

/**
 * Not thread-safe model of one server of the RSocket lease demo: the core {@link LeaseGate} in
 * front of the demo's saturable service, the {@link SaturableService} the live test backend runs
 * too. Only admitted requests advance the window counter; a window opens at the first admitted
 * request 1 s or more after the previous window opened. With {@link LeaseStats} (for an adaptive
 * lease sender) the server also refuses what is over the stats' cap and reports every outcome.
 */
public final class SaturableServer {

    private static final long WINDOW_NANOS = 1_000_000_000L;

    private final LeaseGate gate = new LeaseGate();
    private final SaturableService service;
    private final LeaseStats stats;

    /** Creates a server; {@code stats} is null unless an adaptive sender learns from it. */
    public SaturableServer(DelayTable delay, RandomGenerator random, LeaseStats stats) {
        this.service = new SaturableService(Check.notNull("delay", delay), WINDOW_NANOS, random);
        this.stats = stats;
    }

    /** Returns the gate the server's lease sender re-leases. */
    public LeaseGate gate() {
        return gate;
    }

    /**
     * Handles a request arriving at {@code nowNanos}: returns its service delay in milliseconds,
     * or -1 if the lease gate rejected it.
     */
    public long handle(long nowNanos) {
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
    public void complete(long startNanos, long nowNanos) {
        if (stats != null) {
            stats.onCompleted(nowNanos, startNanos);
        }
    }
}
