package io.tailguard.balance;

import io.tailguard.config.Check;
import java.util.concurrent.atomic.AtomicLong;

/** Thread-safe round robin: backend 0, 1, …, n−1, 0, … whatever their state. */
public final class RoundRobinBalancer implements Balancer {

    private final int size;
    private final AtomicLong next = new AtomicLong();

    /** Creates a round robin over {@code size} backends (at least 1). */
    public RoundRobinBalancer(int size) {
        this.size = Check.positive("size", size);
    }

    @Override
    public int pick(long nowNanos) {
        return (int) Long.remainderUnsigned(next.getAndIncrement(), size);
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public String toString() {
        return "RoundRobinBalancer[" + size + "]";
    }
}
