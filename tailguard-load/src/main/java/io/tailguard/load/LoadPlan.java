package io.tailguard.load;

import io.tailguard.config.Check;
import io.tailguard.config.Rate;
import io.tailguard.config.RateText;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Thread-safe (immutable) description of a load run, validated at construction: where to send,
 * what to send, at which rates, for how long and over how many connections.
 *
 * @param target      where requests go
 * @param rates       the rate of each step, in order, exact and possibly below one a second
 *                    ({@code 0.5/s} sends one request every 2 s)
 * @param duration    measured time per step
 * @param warmup      time sent at the step's rate before measuring (not recorded); may be zero
 * @param arrivals    how due times are spaced
 * @param seed        seed of the Poisson draw (each step draws from {@code seed + step index})
 * @param connections keep-alive connections opened before the run, 1 to {@code maxConnections}
 * @param maxConnections the most connections the run opens, 1 to {@link #MAX_CONNECTIONS}: when a
 *                    request is due and every open connection is busy, another is opened, as
 *                    vegeta's workers grow up to {@code -max-workers}
 * @param threads     event loops sharing the connections, 1 to {@link #MAX_THREADS} (at most one per
 *                    connection is used)
 * @param method      HTTP method, upper-case token
 * @param headers     extra request headers in order (they replace a default of the same name)
 * @param body        request body, empty for none
 * @param timeout     a request not answered this long after its due time counts as a timeout
 */
public record LoadPlan(Target target, List<Rate> rates, Duration duration, Duration warmup, Arrivals arrivals,
                       long seed, int connections, int maxConnections, int threads, String method, List<Map.Entry<String, String>> headers,
                       byte[] body, Duration timeout) {

    /** The most connections a run may open. */
    public static final int MAX_CONNECTIONS = 10_000;
    /** The most connections a run opens unless told otherwise. */
    public static final int DEFAULT_MAX_CONNECTIONS = 1_000;
    /** The most event loops a run may use. */
    public static final int MAX_THREADS = 64;
    /** The most rate steps a run may hold. */
    public static final int MAX_STEPS = 100;

    /** Validates and copies. */
    public LoadPlan {
        Check.notNull("target", target);
        Check.notNull("rates", rates);
        if (rates.isEmpty() || rates.size() > MAX_STEPS) {
            throw new IllegalArgumentException("--rate must be 1 to " + MAX_STEPS + " comma-separated rates but was "
                    + rates.size() + " rates");
        }
        for (Rate rate : rates) {
            Check.notNull("--rate", rate);
        }
        rates = List.copyOf(rates);
        positive("--duration", duration);
        Check.notNull("--warmup", warmup);
        if (warmup.isNegative()) {
            throw new IllegalArgumentException("--warmup must be >= 0 but was " + warmup);
        }
        positive("--timeout", timeout);
        Check.notNull("arrivals", arrivals);
        if (maxConnections < 1 || maxConnections > MAX_CONNECTIONS) {
            throw new IllegalArgumentException("--max-connections must be 1 to " + MAX_CONNECTIONS + " but was "
                    + maxConnections);
        }
        if (connections < 1 || connections > maxConnections) {
            throw new IllegalArgumentException("--connections must be 1 to --max-connections (" + maxConnections
                    + ") but was " + connections);
        }
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("--threads must be 1 to " + MAX_THREADS + " but was " + threads);
        }
        if (method == null || !method.matches("[A-Za-z]{1,20}")) {
            throw new IllegalArgumentException("--method must be an HTTP method like GET or POST but was '"
                    + method + "'");
        }
        method = method.toUpperCase(Locale.ROOT);
        headers = List.copyOf(headers);
        body = body == null ? new byte[0] : body.clone();
        for (Rate rate : rates) {
            long requests = Schedule.expectedCount(rate, warmup.toNanos() + duration.toNanos());
            if (requests > Schedule.MAX_REQUESTS) {
                throw new IllegalArgumentException("--rate x (--warmup + --duration) must be at most "
                        + Schedule.MAX_REQUESTS + " requests per step but was " + requests + " at rate " + RateText.format(rate));
            }
        }
    }

    /**
     * A plan at whole rates a second ({@code ratesPerSecond}, each at least 1) over a fixed set of
     * {@code connections}: as many are opened at start as it may ever open.
     */
    public LoadPlan(Target target, List<Long> ratesPerSecond, Duration duration, Duration warmup, Arrivals arrivals,
                    long seed, int connections, int threads, String method, List<Map.Entry<String, String>> headers,
                    byte[] body, Duration timeout) {
        this(target, perSecond(ratesPerSecond), duration, warmup, arrivals, seed, connections, connections, threads,
                method, headers, body, timeout);
    }

    /**
     * Returns {@code ratesPerSecond} as rates.
     *
     * @throws IllegalArgumentException "--rate must be > 0 requests per second but was 0"
     */
    public static List<Rate> perSecond(List<Long> ratesPerSecond) {
        Check.notNull("rates", ratesPerSecond);
        List<Rate> rates = new java.util.ArrayList<>(ratesPerSecond.size());
        for (Long rate : ratesPerSecond) {
            if (rate == null || rate < 1) {
                throw new IllegalArgumentException("--rate must be > 0 requests per second but was " + rate);
            }
            rates.add(Rate.perSecond(rate));
        }
        return rates;
    }

    /**
     * Parses a {@code --header} value {@code Name: value}.
     *
     * @throws IllegalArgumentException "--header must be Name:value with a token name ... but was 'x'"
     */
    public static Map.Entry<String, String> header(String text) {
        return RequestBytes.header(text);
    }

    private static void positive(String name, Duration d) {
        if (d == null || d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be > 0 but was " + d);
        }
    }

    /** Returns a copy of the body. */
    @Override
    public byte[] body() {
        return body.clone();
    }
}
