package io.tailguard.lab.backpressure;

import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.arrival.ArrivalStream;
import java.util.random.RandomGenerator;

/**
 * Thread-safe (immutable) arrival source whose rate is piecewise constant: the overload pattern
 * (sustained, or a burst at the offered rate followed by a quiet spell) multiplied by the arrival
 * shape (even spacing, Poisson, or Poisson in on/off bursts). Within each constant-rate phase,
 * "constant" arrivals are evenly spaced from the phase start and Poisson gaps restart at phase
 * boundaries (exact, the exponential being memoryless).
 */
final class PhasedArrivals implements ArrivalSource {

    /** On/off bursts: this long on at twice the rate, then this long silent. */
    static final long BURST_HALF_PERIOD_NANOS = 100_000_000L;

    private final Workload workload;

    PhasedArrivals(Workload workload) {
        this.workload = workload;
    }

    @Override
    public ArrivalStream open(RandomGenerator random) {
        return new Stream(workload, random);
    }

    /** Not thread-safe stream over the phases. */
    private static final class Stream implements ArrivalStream {
        private final Workload workload;
        private final RandomGenerator random;
        private long phaseStartNanos;
        private long phaseEndNanos;
        private double rate;
        private double cursorNanos;
        private long k;

        Stream(Workload workload, RandomGenerator random) {
            this.workload = workload;
            this.random = random;
            enterPhase(0L);
        }

        @Override
        public long nextNanos() {
            while (phaseStartNanos < workload.durationNanos()) {
                if (rate > 0) {
                    double gapNanos = 1e9 / rate;
                    double candidate = workload.arrivals() == Workload.Arrivals.CONSTANT
                            ? phaseStartNanos + k * gapNanos
                            : cursorNanos + random.nextExponential() * gapNanos;
                    if (candidate < phaseEndNanos) {
                        cursorNanos = candidate;
                        k++;
                        return Math.round(candidate);
                    }
                }
                enterPhase(phaseEndNanos);
            }
            return END;
        }

        private void enterPhase(long startNanos) {
            phaseStartNanos = startNanos;
            cursorNanos = startNanos;
            k = 0;
            long overloadEnd = workload.overloadPhaseEndNanos(startNanos);
            double overloadRate = workload.rateAt(startNanos);
            if (workload.arrivals() == Workload.Arrivals.BURSTY) {
                long half = startNanos / BURST_HALF_PERIOD_NANOS;
                long burstEnd = (half + 1) * BURST_HALF_PERIOD_NANOS;
                phaseEndNanos = Math.min(overloadEnd, burstEnd);
                rate = half % 2 == 0 ? 2 * overloadRate : 0.0;
            } else {
                phaseEndNanos = overloadEnd;
                rate = overloadRate;
            }
            phaseEndNanos = Math.min(phaseEndNanos, workload.durationNanos());
        }
    }
}
