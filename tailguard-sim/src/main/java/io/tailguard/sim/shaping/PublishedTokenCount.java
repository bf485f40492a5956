package io.tailguard.sim.shaping;

/**
 * Not thread-safe: the published token bucket's floating-point count, {@code tokens = min(B,
 * tokens + (t - last) × 0.1)} in doubles, kept only to break the ties core's exact arithmetic
 * decides the other way (a lab adapter).
 *
 * <p>On the published traffic, a token falls due exactly at an arrival once per cycle: the first
 * arrival of each valley (1200, 2400, ... ms), 200 ms after the spike began. Core's
 * {@code TokenBucket} has the token then; the published count, summed over the spike's 120
 * arrivals, lands an ulp either side of 1.0 and decides, differently from cycle to cycle and
 * burst to burst (burst 20 rejects at 4800 ms: 47.8 rps goodput, where core gives 48.0). On the
 * published clock, no other arrival is such a tie (on the nanosecond clock many more would be, and
 * the count would decide them all); {@code PublishedAdaptersTest} checks that every other decision
 * is core's and equals the published one.
 */
public final class PublishedTokenCount {

    private final int burst;
    private double tokens;
    private double lastMs;

    /** Creates a full count of {@code burst} tokens. */
    public PublishedTokenCount(int burst) {
        this.burst = burst;
        this.tokens = burst;
    }

    /** Refills up to {@code arrivalMs}, as the published bucket does on every arrival. */
    public void advance(double arrivalMs) {
        tokens = Math.min(burst, tokens + (arrivalMs - lastMs) * 0.1);
        lastMs = arrivalMs;
    }

    /** Whether the published count holds a whole token. */
    public boolean hasToken() {
        return tokens >= 1.0;
    }

    /** Takes the token an admitted request used. */
    public void take() {
        tokens -= 1;
    }
}
