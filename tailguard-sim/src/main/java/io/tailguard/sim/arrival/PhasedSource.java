package io.tailguard.sim.arrival;

import java.util.random.RandomGenerator;

/** Immutable source of arrivals at a piecewise-constant rate; see {@link ArrivalSource#phased}. */
record PhasedSource(RateSchedule schedule, boolean poisson) implements ArrivalSource {

    /** Phases without any arrival in a row after which the stream is taken to have ended. */
    static final int MAX_EMPTY_PHASES = 1_000_000;

    @Override
    public ArrivalStream open(RandomGenerator random) {
        return new PhasedStream(this, random);
    }

    /**
     * Not thread-safe. Works phase by phase: a Poisson gap that would cross the phase's end is
     * discarded and drawing restarts at the next phase with its own rate (exact, because the
     * exponential is memoryless); evenly spaced arrivals restart at each phase's start.
     */
    private static final class PhasedStream implements ArrivalStream {
        private final RateSchedule schedule;
        private final boolean poisson;
        private final RandomGenerator random;
        private long phaseStartNanos;
        private long phaseEndNanos;
        private double rate;
        private double cursorNanos;
        private long k;

        PhasedStream(PhasedSource source, RandomGenerator random) {
            this.schedule = source.schedule;
            this.poisson = source.poisson;
            this.random = random;
            enter(0L);
        }

        @Override
        public long nextNanos() {
            for (int empty = 0; empty < MAX_EMPTY_PHASES; empty++) {
                if (rate > 0) {
                    double gapNanos = 1e9 / rate;
                    double candidate = poisson
                            ? cursorNanos + random.nextExponential() * gapNanos
                            : phaseStartNanos + k * gapNanos;
                    if (candidate < phaseEndNanos) {
                        cursorNanos = candidate;
                        k++;
                        return candidate >= 9.0e18 ? END : Math.round(candidate);
                    }
                }
                if (phaseEndNanos == Long.MAX_VALUE) {
                    return END;
                }
                enter(phaseEndNanos);
            }
            return END;
        }

        private void enter(long startNanos) {
            phaseStartNanos = startNanos;
            cursorNanos = startNanos;
            k = 0;
            rate = schedule.ratePerSecond(startNanos);
            phaseEndNanos = schedule.phaseEndNanos(startNanos);
            if (phaseEndNanos <= startNanos) {
                throw new IllegalStateException("phaseEndNanos must be after the phase start " + startNanos
                        + " but was " + phaseEndNanos);
            }
        }
    }
}
