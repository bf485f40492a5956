package io.tailguard.journal.worker;

import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * Not thread-safe (one owner thread; {@link #wake()} from any thread): how the journal's
 * background threads (force, replication sender, segment preparer) wait when they find no work.
 * It spins a few times, then parks for at most a bound; a producer that made work calls
 * {@link #wake()}, which unparks the owner only while it sleeps, so a busy owner costs the
 * producer one volatile read.
 *
 * <p>The owner announces its sleep before it checks once more for work: work published before
 * {@link #wake()} read the announcement is seen by that check, work published after it is
 * followed by an unpark, so no wake-up is lost (the park's bound also caps a missed one).
 */
public final class IdleStrategy {

    private final Thread owner;
    private final int spins;
    private final long maxParkNanos;
    private final BooleanSupplier stillIdle;
    private volatile boolean sleeping;
    private int idleCalls;

    /**
     * {@code spins}: idle calls that spin before the first park; {@code maxParkNanos}: the longest
     * park; {@code stillIdle}: checked after announcing the sleep, true when there is still no work.
     */
    public IdleStrategy(Thread owner, int spins, long maxParkNanos, BooleanSupplier stillIdle) {
        this.owner = owner;
        this.spins = spins;
        this.maxParkNanos = maxParkNanos;
        this.stillIdle = stillIdle;
    }

    /** The owner did work: its next idle spins again before it parks. */
    public void reset() {
        idleCalls = 0;
    }

    /** The owner found no work: spins, or parks for at most {@code parkNanos} (and the bound). */
    public void idle(long parkNanos) {
        if (idleCalls < spins) {
            idleCalls++;
            Thread.onSpinWait();
            return;
        }
        sleeping = true;
        if (stillIdle.getAsBoolean()) {
            LockSupport.parkNanos(this, Math.min(parkNanos, maxParkNanos));
        }
        sleeping = false;
    }

    /** Parks for at most the bound; see {@link #idle(long)}. */
    public void idle() {
        idle(maxParkNanos);
    }

    /** Work was published: unparks the owner if it sleeps. */
    public void wake() {
        if (sleeping) {
            LockSupport.unpark(owner);
        }
    }
}
