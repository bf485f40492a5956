package io.tailguard.limit;

import io.tailguard.config.VarHandles;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Not thread-safe, except {@link #updateIfQuiet}: delay-based limit after TCP Vegas. It keeps the lowest RTT seen (the no-load
 * RTT) and estimates the queue as {@code limit × (1 − rttNoLoad / rtt)}. With {@code L =
 * max(1, floor(log10(limit)))}: a queue of at most L grows the limit by 6L, below 3L by L, above
 * 6L shrinks it by L; a drop shrinks it by L. Samples taken while less than half the limit was in
 * use do not grow it. Every so often (a seeded, jittered number of samples) the no-load RTT is
 * forgotten and re-measured, so that a baseline from a faster past does not pin the limit down.
 *
 * <p>Most samples at a steady limit change nothing but the count towards the next probe: those
 * {@link #updateIfQuiet} takes without a lock, concurrently with itself and with {@link #update}
 * called under the enforcer's lock, so that two threads completing requests share one
 * compare-and-set instead of a lock. Every sample, quiet or not, lands as if fed alone, one after
 * the other: a quiet one is decided from a consistent view of the estimator and counted by a
 * compare-and-set that fails if anything else moved.
 */
public final class VegasLimit implements Limit {

    /**
     * {@link #ctl}: a version in the high 40 bits, odd while {@link #update} is inside, and in the
     * low 24 the samples {@link #updateIfQuiet} counted since then, folded into
     * {@link #samplesSinceProbe} by the next update. A full count sends samples to the lock until
     * that update; a quiet sample decided before the version came round to the same value (2^39
     * updates during one pause of its thread) is out of reach.
     */
    static final int QUIET_COUNT_BITS = 24;
    private static final long VERSION_ONE = 1L << QUIET_COUNT_BITS;
    private static final long QUIET_COUNT_MASK = VERSION_ONE - 1;
    private static final VarHandle CTL = VarHandles.field(MethodHandles.lookup(), VegasLimit.class, "ctl", long.class);

    private final VegasLimitConfig config;
    private final RandomGenerator random;
    // written only by update, between the two stores to ctl; read by updateIfQuiet without a lock
    private double estimatedLimit;
    private long rttNoLoadNanos;
    private long samplesSinceProbe;
    private double probeJitter;
    /** {@code probeJitter × probeMultiplier × estimatedLimit}: the sample count that probes. */
    private double probeAt;
    @SuppressWarnings("unused") // accessed through CTL
    private volatile long ctl;
    // floor(log10(limit)) changes only when the integer limit crosses a power of ten: cache it
    private int stepForLimit = -1;
    private double step = 1.0;

    /** Creates an estimator whose probe jitter is seeded with 0 (reproducible). */
    public VegasLimit(VegasLimitConfig config) {
        this(config, new SplittableRandom(0L));
    }

    /** Creates an estimator drawing its probe jitter from {@code random}. */
    public VegasLimit(VegasLimitConfig config, RandomGenerator random) {
        this.config = config;
        this.random = random;
        this.estimatedLimit = config.initialLimit();
        this.probeJitter = nextJitter();
        this.probeAt = probeAt();
    }

    /**
     * Thread-safe, also while another thread is in {@link #update} (which callers still serialize
     * among themselves): takes a sample that would change nothing but the count towards the next
     * probe (no drop, no new lowest RTT, no probe due, less than half the limit in flight) and
     * returns true; returns false, having changed nothing, for any other sample.
     */
    @Override
    public boolean updateIfQuiet(long nowNanos, long rttNanos, int inFlight, boolean dropped) {
        if (dropped) {
            return false;
        }
        long rtt = Math.max(1L, rttNanos);
        long seen = (long) CTL.getVolatile(this);
        while (true) {
            if ((seen & VERSION_ONE) != 0 || (seen & QUIET_COUNT_MASK) == QUIET_COUNT_MASK) {
                return false; // an update is inside, or the quiet count is full until the next one
            }
            // read after ctl and before the compare-and-set on it: if that succeeds, no update
            // started in between, so these are the fields of one state between two updates
            long noLoad = rttNoLoadNanos;
            if (noLoad == 0 || rtt < noLoad || !(inFlight * 2.0 < estimatedLimit)
                    || samplesSinceProbe + (seen & QUIET_COUNT_MASK) + 1 >= probeAt) {
                return false;
            }
            long witness = (long) CTL.compareAndExchange(this, seen, seen + 1);
            if (witness == seen) {
                return true;
            }
            seen = witness;
        }
    }

    @Override
    public int update(long nowNanos, long rttNanos, int inFlight, boolean dropped) {
        // odd version: quiet samples from now on go to the caller's lock, and those counted so far
        // are folded in (nothing else moves ctl while it is odd)
        long seen = (long) CTL.getAndAdd(this, VERSION_ONE);
        try {
            samplesSinceProbe += seen & QUIET_COUNT_MASK;
            return updateAlone(rttNanos, inFlight, dropped);
        } finally {
            CTL.setVolatile(this, (seen & ~QUIET_COUNT_MASK) + 2 * VERSION_ONE);
        }
    }

    private int updateAlone(long rttNanos, int inFlight, boolean dropped) {
        long rtt = Math.max(1L, rttNanos);
        samplesSinceProbe++;
        if (samplesSinceProbe >= probeAt) {
            samplesSinceProbe = 0;
            probeJitter = nextJitter();
            probeAt = probeAt();
            rttNoLoadNanos = rtt;
            return limit();
        }
        if (rttNoLoadNanos == 0 || rtt < rttNoLoadNanos) {
            rttNoLoadNanos = rtt;
            return limit();
        }
        double step = step();
        double next;
        if (dropped) {
            next = estimatedLimit - step;
        } else if (inFlight * 2.0 < estimatedLimit) {
            return limit();
        } else {
            double queue = Math.ceil(estimatedLimit * (1.0 - (double) rttNoLoadNanos / rtt));
            if (queue <= step) {
                next = estimatedLimit + 6 * step;
            } else if (queue < 3 * step) {
                next = estimatedLimit + step;
            } else if (queue > 6 * step) {
                next = estimatedLimit - step;
            } else {
                return limit();
            }
        }
        next = Math.max(1.0, Math.min(config.maxLimit(), next));
        estimatedLimit = (1.0 - config.smoothing()) * estimatedLimit + config.smoothing() * next;
        probeAt = probeAt();
        return limit();
    }

    private double probeAt() {
        return probeJitter * config.probeMultiplier() * estimatedLimit;
    }

    @Override
    public int limit() {
        return (int) estimatedLimit;
    }

    @Override
    public int maxLimit() {
        return config.maxLimit();
    }

    /** Returns the samples counted towards the next probe; for tests, once no other thread feeds samples. */
    long samplesSinceProbe() {
        return samplesSinceProbe + ((long) CTL.getVolatile(this) & QUIET_COUNT_MASK);
    }

    /** Returns the no-load RTT currently assumed, 0 before the first sample. */
    public long rttNoLoadNanos() {
        return rttNoLoadNanos;
    }

    private double step() {
        int current = (int) estimatedLimit;
        if (current != stepForLimit) {
            stepForLimit = current;
            step = Math.max(1.0, Math.floor(Math.log10(current)));
        }
        return step;
    }

    private double nextJitter() {
        return 0.5 + random.nextDouble() * 0.5;
    }

    @Override
    public String toString() {
        return "VegasLimit[" + limit() + ", rttNoLoad=" + rttNoLoadNanos + "ns]";
    }
}
