package io.tailguard.lease;

import io.tailguard.config.Check;
import io.tailguard.config.Nanos;
import io.tailguard.time.Cancellable;
import io.tailguard.time.Scheduler;
import java.util.function.Consumer;

/**
 * Thread-safe driver that grants leases on a {@link Scheduler}: at {@link #start} and then every
 * {@link LeaseSender#period()}, it asks the sender for a lease, installs it in the gate and hands
 * it to {@code send} (which writes it to the requester). Works the same on real and virtual time.
 */
public final class LeaseTicker {

    private final Scheduler scheduler;
    private final LeaseSender sender;
    private final LeaseGate gate;
    private final Consumer<Lease> send;
    private final long periodNanos;
    private final Object lock = new Object();
    private Cancellable pending;
    private boolean stopped;

    /** Creates a ticker; nothing happens until {@link #start}. */
    public LeaseTicker(Scheduler scheduler, LeaseSender sender, LeaseGate gate, Consumer<Lease> send) {
        this.scheduler = Check.notNull("scheduler", scheduler);
        this.sender = Check.notNull("sender", sender);
        this.gate = Check.notNull("gate", gate);
        this.send = Check.notNull("send", send);
        this.periodNanos = Nanos.saturated(sender.period());
    }

    /** Grants the first lease now and schedules the following ones. */
    public void start() {
        tick(scheduler.clock().nanoTime());
    }

    /** Stops granting; the current lease runs out on its own. */
    public void stop() {
        synchronized (lock) {
            stopped = true;
            if (pending != null) {
                pending.cancel();
            }
        }
    }

    private void tick(long dueNanos) {
        synchronized (lock) {
            if (stopped) {
                return;
            }
            long nowNanos = scheduler.clock().nanoTime();
            Lease lease = sender.nextLease(nowNanos);
            gate.install(nowNanos, lease);
            send.accept(lease);
            long nextDueNanos = dueNanos + periodNanos;
            pending = scheduler.schedule(nextDueNanos - nowNanos, () -> tick(nextDueNanos));
        }
    }
}
