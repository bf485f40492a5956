package io.tailguard.proxy.ops;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Thread-safe: the client-side latency of one route, from the first byte of a request to its
 * answer's last part handed to the socket, as {@code tailguard_proxy_request_seconds{route,pool,outcome}}
 * where {@code outcome} is the status class ({@code 2xx} ... {@code 5xx}). The timers are built at
 * start, one per class, so recording looks nothing up and allocates nothing; their percentile
 * histograms (Prometheus buckets) add up across instances, as a client-side percentile must.
 */
public final class ClientLatency {

    static final String NAME = "tailguard.proxy.request";
    private static final String[] CLASSES = {"1xx", "2xx", "3xx", "4xx", "5xx"};

    private final Timer[] byClass = new Timer[CLASSES.length];

    ClientLatency(MeterRegistry registry, String route, String pool) {
        for (int i = 0; i < CLASSES.length; i++) {
            byClass[i] = Timer.builder(NAME).tags("route", route, "pool", pool, "outcome", CLASSES[i])
                    .description("client-side latency: first byte of the request to the answer's last byte, "
                            + "by route, pool and status class")
                    .publishPercentileHistogram().maximumExpectedValue(Duration.ofMinutes(1)).register(registry);
        }
    }

    /** Records one answered request of {@code status} that took {@code nanos}. */
    void record(int status, long nanos) {
        int index = status / 100 - 1;
        byClass[index < 0 ? 0 : Math.min(index, CLASSES.length - 1)].record(nanos, TimeUnit.NANOSECONDS);
    }

    /** The route's name in the series: its host (if any) and path prefix, {@code api.example.com/v1}. */
    static String routeName(String host, String pathPrefix) {
        return host == null ? pathPrefix : host + pathPrefix;
    }
}
