package io.tailguard.load;

import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Thread-safe (stateless): the throughput a fixed number of connections can carry, one request at
 * a time each (Little's law: connections ÷ the mean time a request holds one), and the sentence
 * that names it with the flag that lifts it.
 */
final class Ceiling {

    private Ceiling() {
    }

    /** Returns {@code connections} ÷ the mean of {@code service} in seconds, or 0 if it is empty. */
    static double perSecond(long connections, Histogram service) {
        double meanNanos = service.getTotalCount() == 0 ? 0 : service.getMean();
        return meanNanos <= 0 ? 0 : connections * 1e9 / meanNanos;
    }

    /**
     * Returns "ceiling 50.0/s = 10 connections ÷ 200.000ms each; raise --max-connections", or, when
     * nothing was answered to measure the time a request holds a connection, says so instead of
     * naming a ceiling.
     */
    static String sentence(long connections, Histogram service) {
        if (service.getTotalCount() == 0) {
            return String.format(Locale.ROOT, "no answer came to measure the ceiling of %d connections by;"
                    + " raise --max-connections", connections);
        }
        return String.format(Locale.ROOT, "ceiling %.1f/s = %d connections ÷ %s each; raise --max-connections",
                perSecond(connections, service), connections, Spectrum.millis((long) service.getMean()));
    }
}
