package io.tailguard.lab.live.edge;

import java.time.Duration;

/**
 * Thread-safe (immutable) times of one {@code lab edge} run, already multiplied by {@code --scale}
 * and rounded to whole milliseconds (nginx and HAProxy read timeouts in milliseconds).
 *
 * @param serviceTime   how long the backend works on each request
 * @param gap           time between two clients' starts
 * @param proxyTimeout  nginx's {@code proxy_read_timeout}, HAProxy's {@code timeout queue} and
 *                      {@code timeout server}, tailguard's queue timeout
 * @param clientTimeout when clients of the {@code -client-timeout} setups give up
 * @param clients       how many clients each setup starts
 * @param tailguardQueue how many requests tailguard lets wait for the backend
 */
record EdgeTiming(Duration serviceTime, Duration gap, Duration proxyTimeout, Duration clientTimeout,
                  int clients, int tailguardQueue) {

    /** A rejection answered sooner than this is a fast rejection; it does not scale. */
    static final Duration FAST = Duration.ofMillis(100);

    /** Returns the times of an unscaled run multiplied by {@code scale}. */
    static EdgeTiming scaled(Duration serviceTime, Duration gap, Duration proxyTimeout, Duration clientTimeout,
                             int clients, int tailguardQueue, double scale) {
        return new EdgeTiming(scale(serviceTime, scale), scale(gap, scale), scale(proxyTimeout, scale),
                scale(clientTimeout, scale), clients, tailguardQueue);
    }

    static Duration scale(Duration d, double scale) {
        return Duration.ofMillis(Math.max(1, Math.round(d.toMillis() * scale)));
    }

    /**
     * Returns how long the backend must stay idle after the clients are done before the run counts
     * what it served: a queued request starts within milliseconds of the previous one's end.
     */
    Duration quietPeriod() {
        return Duration.ofMillis(Math.max(300, serviceTime.toMillis() / 4));
    }

    /** Returns the longest a setup may wait for the backend to drain: every request served, plus slack. */
    Duration drainLimit() {
        return serviceTime.multipliedBy(clients + 1L).plus(proxyTimeout).plusSeconds(5);
    }

    /** Returns a duration in milliseconds, the unit nginx and HAProxy configurations use. */
    static String ms(Duration d) {
        return d.toMillis() + "ms";
    }
}
