package io.tailguard.lab.live.planlive;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Thread-safe: reads the live proxy's concurrency limit from its {@code /metrics} (every
 * {@code tailguard_limiter_limit} of the pool summed) every {@link io.tailguard.sim.path.PathSimulation#LIMIT_SAMPLE}
 * from the end of the warm-up on, as the plan samples its own, and gives their mean and trace.
 */
final class LimitSampler implements AutoCloseable {

    private static final String METRIC = "tailguard_limiter_limit{";

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    private final HttpRequest request;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "plan-vs-live-limit");
        t.setDaemon(true);
        return t;
    });
    private final long everyMillis;
    private int[] samples = new int[64];
    private int count;

    LimitSampler(InetSocketAddress admin, Duration warmup, Duration every) {
        this.request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + admin.getPort() + "/metrics"))
                .timeout(Duration.ofSeconds(1)).build();
        this.everyMillis = every.toMillis();
        timer.scheduleAtFixedRate(this::sample, warmup.toNanos(), every.toNanos(), TimeUnit.NANOSECONDS);
    }

    private void sample() {
        try {
            String body = client.send(request, HttpResponse.BodyHandlers.ofString()).body();
            double limit = 0;
            boolean seen = false;
            for (String line : body.split("\n")) {
                if (line.startsWith(METRIC)) {
                    limit += Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
                    seen = true;
                }
            }
            if (seen) {
                synchronized (this) {
                    if (count == samples.length) {
                        samples = Arrays.copyOf(samples, 2 * count);
                    }
                    samples[count++] = (int) limit;
                }
            }
        } catch (IOException | NumberFormatException e) {
            // a sample the loaded machine could not take is left out; the mean is of those taken
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Returns the trace of the samples taken so far ({@link LimitTrace#NONE} if none). */
    synchronized LimitTrace trace() {
        return LimitTrace.of(Arrays.copyOf(samples, count), everyMillis);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
