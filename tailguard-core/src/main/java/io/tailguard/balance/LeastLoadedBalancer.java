package io.tailguard.balance;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Thread-safe least-loaded balancer: sends each request to the backend with the highest
 * {@link Availability} (for leases: remaining / allowed). Ties go to the first tied backend after a
 * rotating start, so equal backends share the load in turn; when every backend is below
 * {@link #EXHAUSTED} it falls back to plain round robin, so the responders (not the requester) decide
 * what to reject.
 */
public final class LeastLoadedBalancer extends AvailabilityBalancer {

    /** Availability under which a backend counts as exhausted (as in the RSocket lease demo). */
    public static final double EXHAUSTED = 1e-3;

    private final AtomicLong cursor = new AtomicLong();

    /** Creates a balancer over {@code backends} (at least one), in that order. */
    public LeastLoadedBalancer(List<? extends Availability> backends) {
        super(backends);
    }

    @Override
    public int pick(long nowNanos) {
        int n = backends.length;
        int start = (int) Long.remainderUnsigned(cursor.getAndIncrement(), n);
        int best = start;
        double bestAvailability = -1.0;
        for (int k = 0; k < n; k++) {
            int i = start + k;
            if (i >= n) {
                i -= n;
            }
            double availability = backends[i].availability(nowNanos);
            if (availability > bestAvailability) {
                bestAvailability = availability;
                best = i;
            }
        }
        return bestAvailability < EXHAUSTED ? start : best;
    }
}
