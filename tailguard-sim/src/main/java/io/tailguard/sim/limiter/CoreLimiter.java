package io.tailguard.sim.limiter;

import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.limit.Limit;

/** Not thread-safe adapter of a core {@link ConcurrencyLimiter} over a core {@link Limit} estimator. */
public final class CoreLimiter implements SimLimiter {

    private final ConcurrencyLimiter limiter;

    /** Creates a limiter enforcing {@code estimator}. */
    public CoreLimiter(Limit estimator) {
        this.limiter = ConcurrencyLimiter.of(estimator);
    }

    @Override
    public Object acquire(long nowNanos) {
        Decision decision = limiter.tryAcquire(nowNanos);
        return decision.isAdmitted() ? decision : null;
    }

    @Override
    public void release(Object handle, long nowNanos, boolean dropped) {
        Permit permit = (Permit) handle;
        if (dropped) {
            permit.onDropped(nowNanos);
        } else {
            permit.onSuccess(nowNanos);
        }
    }

    @Override
    public int limit() {
        return limiter.limit();
    }
}
