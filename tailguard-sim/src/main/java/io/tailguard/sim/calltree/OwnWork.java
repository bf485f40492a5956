package io.tailguard.sim.calltree;

import java.util.Random;

/**
 * Not thread-safe (one may hold a seeded generator) time a service spends on its own part of a
 * request, as a function of the simulated time the work starts: the published lab's service model.
 */
@FunctionalInterface
public interface OwnWork {

    /** Returns the own-work time in milliseconds for work starting at {@code startMs}. */
    double millis(double startMs);

    /** Always {@code ms}. */
    static OwnWork constant(double ms) {
        return start -> ms;
    }

    /** {@code healthy} before {@code thresholdMs}, {@code degraded} from then on. */
    static OwnWork degradedAfter(double thresholdMs, double healthy, double degraded) {
        return start -> start < thresholdMs ? healthy : degraded;
    }

    /** {@code degraded} for work starting in [{@code fromMs}, {@code toMs}), {@code healthy} otherwise. */
    static OwnWork degradedBetween(double fromMs, double toMs, double healthy, double degraded) {
        return start -> fromMs <= start && start < toMs ? degraded : healthy;
    }

    /**
     * Inside [{@code fromMs}, {@code toMs}) a share {@code fraction} of work starts is slow, decided by
     * one draw per start from {@code new java.util.Random(seed)} (the published lab's generator, so
     * the same seed picks the same slow calls); build a fresh one per run.
     */
    static OwnWork partialDegradation(double fromMs, double toMs, double healthy, double degraded, double fraction,
            long seed) {
        Random random = new Random(seed);
        return start -> {
            if (start < fromMs || start >= toMs) {
                return healthy;
            }
            return random.nextDouble() < fraction ? degraded : healthy;
        };
    }
}
