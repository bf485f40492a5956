package io.tailguard.hedge;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe (immutable) choice of how long a call waits before it starts its next attempt:
 * {@link Fixed} patience, or a {@link Percentile} of recently observed latency.
 */
public sealed interface HedgeDelay permits HedgeDelay.Fixed, HedgeDelay.Percentile {

    /**
     * Attempt k + 1 starts {@code k × patience} after the first (the published hedging article's
     * speculative task).
     */
    static Fixed fixed(Duration patience) {
        return new Fixed(patience);
    }

    /**
     * Attempt k + 1 starts {@code k ×} the {@code percentile}-th latency percentile of the last 1000
     * calls; no hedging until 100 calls were observed; never less than 1 ms.
     */
    static Percentile percentile(double percentile) {
        return new Percentile(percentile, 1000, 100, Duration.ofMillis(1));
    }

    /**
     * Thread-safe (immutable) fixed patience.
     *
     * @param patience time between the starts of consecutive attempts; &gt; 0
     */
    record Fixed(Duration patience) implements HedgeDelay {

        /** Validates the patience. */
        public Fixed {
            Check.positive("patience", patience);
        }
    }

    /**
     * Thread-safe (immutable) percentile of the latency of recent calls. Latency is measured from
     * each call's first attempt: a call that a hedge won counts with its elapsed time when it
     * ended, a lower bound of the first attempt's latency; calls whose first attempt failed are
     * not counted. The percentile is recomputed every tenth of a window.
     *
     * @param percentile which percentile, strictly between 0 and 100 (90 means p90)
     * @param windowSize how many recent latencies the window keeps; 10 to 1,000,000
     * @param minSamples how many latencies must be observed before hedging starts; 1 to windowSize
     * @param floor the smallest delay ever used; &gt;= 0
     */
    record Percentile(double percentile, int windowSize, int minSamples, Duration floor)
            implements HedgeDelay {

        /** Validates the parameters. */
        public Percentile {
            if (!(percentile > 0.0 && percentile < 100.0)) {
                throw new IllegalArgumentException(
                        "percentile must be > 0 and < 100 but was " + percentile);
            }
            Check.inRange("windowSize", windowSize, 10, 1_000_000);
            Check.inRange("minSamples", minSamples, 1, windowSize);
            Check.nonNegative("floor", floor);
        }
    }
}
