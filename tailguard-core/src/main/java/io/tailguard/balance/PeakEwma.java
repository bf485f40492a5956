package io.tailguard.balance;

/**
 * Thread-safe peak-sensitive moving average of one backend's latency: a sample above the estimate
 * replaces it at once, a sample below pulls it down with weight {@code 1 - exp(-elapsed / decay)}.
 * Slow backends are noticed at the first slow response and forgiven gradually.
 *
 * <p>Between samples the estimate decays toward zero with the same time constant, read at the
 * caller's {@code nowNanos} (as Finagle's and tower's peak-EWMA balancers do): a backend that was
 * slow once and then got no traffic would otherwise keep its peak forever and never be picked
 * again, since only a request sent to it can lower its estimate.
 */
final class PeakEwma {

    private final double decayNanos;
    private double estimateNanos;
    private long lastNanos;
    private boolean seen;

    PeakEwma(long decayNanos) {
        this.decayNanos = decayNanos;
    }

    synchronized void observe(long latencyNanos, long nowNanos) {
        double sample = Math.max(0L, latencyNanos);
        double keep = keep(nowNanos);
        // the decayed estimate plus the sample's share: the usual EWMA step, since decaying toward
        // zero and then adding sample × (1 - keep) is estimate × keep + sample × (1 - keep)
        double decayed = estimateNanos * keep;
        estimateNanos = !seen || sample > decayed ? sample : decayed + sample * (1.0 - keep);
        seen = true;
        lastNanos = Math.max(lastNanos, nowNanos);
    }

    /** Returns the estimate at {@code nowNanos}: the last one, decayed for the time since. */
    synchronized double estimateNanos(long nowNanos) {
        return estimateNanos * keep(nowNanos);
    }

    private double keep(long nowNanos) {
        long elapsed = Math.max(0L, nowNanos - lastNanos);
        return elapsed == 0L ? 1.0 : Math.exp(-elapsed / decayNanos);
    }
}
