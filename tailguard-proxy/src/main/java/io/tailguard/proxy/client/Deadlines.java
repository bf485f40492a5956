package io.tailguard.proxy.client;

import io.netty.handler.codec.http.HttpHeaders;

/**
 * Thread-safe (stateless): reads how long a client will wait for its answer. Two request headers
 * are understood; when both are present the shorter wins:
 * <ul>
 *   <li>{@code X-Request-Timeout-Ms: <milliseconds>} (an integer, at least 1);</li>
 *   <li>{@code Request-Timeout: <seconds>} (a decimal number greater than zero, as in the
 *       expired Request-Timeout draft and HAProxy/Envoy-style timeouts).</li>
 * </ul>
 * The proxy forwards the budget left when the request leaves for the backend as
 * {@code X-Request-Timeout-Ms}, so the backend can stop in time too.
 */
public final class Deadlines {

    /** The header carrying a budget in milliseconds, read from clients and sent to backends. */
    public static final String TIMEOUT_MS = "X-Request-Timeout-Ms";
    /** The header carrying a budget in seconds, read from clients. */
    public static final String REQUEST_TIMEOUT = "Request-Timeout";
    /** A budget that is not a valid value; the request is answered with 400. */
    static final long INVALID = -1L;

    private Deadlines() {
    }

    /**
     * Returns the request's budget in nanoseconds: the shorter of its headers, else
     * {@code defaultNanos} (zero means none, returned as {@link Long#MAX_VALUE}); or {@link #INVALID}.
     */
    static long budgetNanos(HttpHeaders headers, long defaultNanos) {
        long budget = Long.MAX_VALUE;
        String millis = headers.get(TIMEOUT_MS);
        if (millis != null) {
            try {
                long value = Long.parseLong(millis.trim());
                if (value < 1 || value > 86_400_000L) {
                    return INVALID;
                }
                budget = value * 1_000_000L;
            } catch (NumberFormatException notANumber) {
                return INVALID;
            }
        }
        String seconds = headers.get(REQUEST_TIMEOUT);
        if (seconds != null) {
            try {
                double value = Double.parseDouble(seconds.trim());
                if (!(value > 0.0 && value <= 86_400.0)) {
                    return INVALID;
                }
                budget = Math.min(budget, (long) (value * 1e9));
            } catch (NumberFormatException notANumber) {
                return INVALID;
            }
        }
        if (budget == Long.MAX_VALUE && defaultNanos > 0) {
            budget = defaultNanos;
        }
        return budget;
    }
}
