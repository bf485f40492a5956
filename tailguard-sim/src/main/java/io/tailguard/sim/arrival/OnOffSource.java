package io.tailguard.sim.arrival;

import java.util.random.RandomGenerator;

/** Immutable on/off burst source; see {@link ArrivalSource#onOff}. */
record OnOffSource(long onNanos, double onRatePerSecond, long offNanos, double offRatePerSecond,
        boolean poisson) implements ArrivalSource {

    @Override
    public ArrivalStream open(RandomGenerator random) {
        return new OnOffStream(this, random);
    }

    /**
     * Not thread-safe. Works period by period: a Poisson gap that would cross the period's end is
     * discarded and drawing restarts at the next period with its own rate (exact, because the
     * exponential is memoryless); evenly spaced arrivals restart at each period's start.
     */
    private static final class OnOffStream implements ArrivalStream {
        private final OnOffSource source;
        private final RandomGenerator random;
        private long periodStartNanos;
        private boolean on = true;
        private double cursorNanos;
        private long k;

        OnOffStream(OnOffSource source, RandomGenerator random) {
            this.source = source;
            this.random = random;
        }

        @Override
        public long nextNanos() {
            for (int guard = 0; guard < 1_000_000; guard++) {
                long lengthNanos = on ? source.onNanos : source.offNanos;
                double rate = on ? source.onRatePerSecond : source.offRatePerSecond;
                long endNanos = periodStartNanos + lengthNanos;
                if (rate > 0) {
                    double gapNanos = 1e9 / rate;
                    double candidate = source.poisson
                            ? cursorNanos + random.nextExponential() * gapNanos
                            : periodStartNanos + k * gapNanos;
                    if (candidate < endNanos) {
                        cursorNanos = candidate;
                        k++;
                        return Math.round(candidate);
                    }
                }
                if (endNanos < periodStartNanos) {
                    return END;
                }
                periodStartNanos = endNanos;
                cursorNanos = endNanos;
                k = 0;
                on = !on;
            }
            return END;
        }
    }
}
