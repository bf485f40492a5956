package io.tailguard.balance;

/**
 * Thread-safe peak-sensitive moving average of one backend's latency: a sample above the estimate
 * replaces it at once, a sample below pulls it down with weight {@code 1 - exp(-elapsed / decay)}.
 * Slow backends are noticed at the first slow response and forgiven gradually.
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
        if (!seen || sample > estimateNanos) {
            estimateNanos = sample;
        } else {
            long elapsed = Math.max(0L, nowNanos - lastNanos);
            double keep = Math.exp(-elapsed / decayNanos);
            estimateNanos = estimateNanos * keep + sample * (1.0 - keep);
        }
        seen = true;
        lastNanos = Math.max(lastNanos, nowNanos);
    }

    synchronized double estimateNanos() {
        return estimateNanos;
    }
}
