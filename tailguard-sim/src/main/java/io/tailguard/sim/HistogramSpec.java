package io.tailguard.sim;

import io.tailguard.config.Check;
import java.time.Duration;
import org.HdrHistogram.Histogram;

/**
 * Immutable shape of the latency histograms: latencies are recorded as whole multiples of
 * {@code unit} (truncated), between 1 and {@code highestTrackableValue} (larger values are clamped
 * to it and counted), with {@code significantDigits} of precision.
 *
 * @param unit the recording unit, for example 1 ms
 * @param highestTrackableValue largest recordable value in units, {@code >= 2}
 * @param significantDigits HdrHistogram precision, 0 to 5
 */
public record HistogramSpec(Duration unit, long highestTrackableValue, int significantDigits) {

    /** Validates the spec. */
    public HistogramSpec {
        Check.positive("unit", unit);
        Check.inRange("highestTrackableValue", highestTrackableValue, 2, Long.MAX_VALUE / 2);
        Check.inRange("significantDigits", significantDigits, 0, 5);
    }

    /** Microseconds up to one hour, 3 significant digits: the default. */
    public static HistogramSpec microseconds() {
        return new HistogramSpec(Duration.ofNanos(1_000), 3_600_000_000L, 3);
    }

    /** Milliseconds up to {@code highestTrackableMillis}, with {@code significantDigits}. */
    public static HistogramSpec millis(long highestTrackableMillis, int significantDigits) {
        return new HistogramSpec(Duration.ofMillis(1), highestTrackableMillis, significantDigits);
    }

    Histogram newHistogram() {
        return new Histogram(1, highestTrackableValue, significantDigits);
    }
}
