package io.tailguard.rate;

/**
 * Thread-safe (immutable): the tick of a {@link TokenBucket}, {@code u = T / j} ns for the emission
 * interval {@code T = nps / tps} ns in lowest terms and {@code j = floor(T)}, so that {@code T} is
 * exactly {@code j} ticks. Then {@code 1 / u = (nps − m) / nps} with {@code m = nps mod tps}, and the
 * tick an elapsed time falls in is {@code floor(e / u) = e − ceil(e × m / nps)}: the elapsed time
 * itself when {@code T} is whole ({@code m = 0}), else one reciprocal multiplication and a residual
 * check. Every tick is at least a nanosecond long, so every tick holds a whole nanosecond.
 */
final class Ticks {

    private final long nanosPerStep;
    private final long remainder;
    private final long intervalTicks;
    /** {@code floor(x × m / nps)}; unused when {@code m = 0}. */
    private final FloorRatio nanosToSkipped;
    /** {@code floor(x × m / (nps − m))}; unused when {@code m = 0}. */
    private final FloorRatio ticksToSkipped;

    private Ticks(long nanosPerStep, long tokensPerStep) {
        this.nanosPerStep = nanosPerStep;
        this.remainder = nanosPerStep % tokensPerStep;
        this.intervalTicks = nanosPerStep / tokensPerStep;
        this.nanosToSkipped = remainder == 0 ? null : new FloorRatio(remainder, nanosPerStep);
        this.ticksToSkipped = remainder == 0 ? null : new FloorRatio(remainder, nanosPerStep - remainder);
    }

    /** The ticks of {@code config}'s bucket. */
    static Ticks of(TokenBucketConfig config) {
        long periodNanos = config.refillPeriod().toNanos();
        long gcd = TokenBucketConfig.gcd(periodNanos, config.refillTokens());
        return new Ticks(periodNanos / gcd, config.refillTokens() / gcd);
    }

    /** The emission interval in ticks: {@code floor(T / 1 ns)}. */
    long intervalTicks() {
        return intervalTicks;
    }

    /** Whether a tick is exactly one nanosecond (the emission interval is a whole number of them). */
    boolean nanosecond() {
        return remainder == 0;
    }

    /** The tick {@code elapsedNanos} falls in: {@code floor(elapsed / u)}, exactly. */
    long of(long elapsedNanos) {
        if (remainder == 0) {
            return elapsedNanos;
        }
        long skipped = nanosToSkipped.floorOf(elapsedNanos);
        // The product's residual lies in [0, nps), so its low 64 bits are the residual itself.
        long residual = elapsedNanos * remainder - skipped * nanosPerStep;
        return elapsedNanos - skipped - (residual == 0 ? 0 : 1);
    }

    /** The first whole nanosecond in tick {@code tick}: {@code ceil(tick × u)}, exactly. */
    long firstNanosOf(long tick) {
        if (remainder == 0) {
            return tick;
        }
        long extra = ticksToSkipped.floorOf(tick);
        long residual = tick * remainder - extra * (nanosPerStep - remainder);
        return tick + extra + (residual == 0 ? 0 : 1);
    }
}
