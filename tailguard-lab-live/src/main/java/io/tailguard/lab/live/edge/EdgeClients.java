package io.tailguard.lab.live.edge;

import io.tailguard.time.NanoClock;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Not thread-safe driver of the article's clients: {@code clients} GETs started {@code gap} apart,
 * each on its own HTTP/1.1 connection and with its own {@code X-Request-Id}. Clients of a
 * {@code -client-timeout} setup give up after the client timeout (the JDK client then closes the
 * connection, as the article's Ruby client did) and announce that deadline in
 * {@value #DEADLINE_HEADER}, which only tailguard reads.
 */
final class EdgeClients {

    /** The header in which a client says how long it will wait, in milliseconds. */
    static final String DEADLINE_HEADER = "X-Request-Timeout-Ms";
    /** The status recorded for a client that gave up before any answer. */
    static final String GAVE_UP = "timeout";
    /** The status recorded for a request that failed without an HTTP answer. */
    static final String FAILED = "error";

    /** What one client saw, in the lab clock's nanoseconds. */
    record Outcome(int request, String id, String status, long startNanos, long endNanos) {
        double clientSeconds() {
            return (endNanos - startNanos) / 1e9;
        }
    }

    private final NanoClock clock;

    EdgeClients(NanoClock clock) {
        this.clock = clock;
    }

    /** Runs every client of {@code setup} against 127.0.0.1:{@code port} and returns what each saw. */
    List<Outcome> run(EdgeSetup setup, int port, EdgeTiming timing) throws InterruptedException {
        // a long connect timeout: nginx and HAProxy accept at once; a slow accept is part of the result
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timing.drainLimit()).build();
        WarmUp.client(http);
        ScheduledExecutorService starter = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "tailguard-edge-clients");
            t.setDaemon(true);
            return t;
        });
        try {
            List<CompletableFuture<Outcome>> outcomes = new ArrayList<>();
            for (int i = 0; i < timing.clients(); i++) {
                CompletableFuture<Outcome> outcome = new CompletableFuture<>();
                int request = i;
                starter.schedule(() -> send(http, setup, port, timing, request, outcome),
                        timing.gap().toNanos() * i, TimeUnit.NANOSECONDS);
                outcomes.add(outcome);
            }
            CompletableFuture.allOf(outcomes.toArray(new CompletableFuture<?>[0]))
                    .get(timing.drainLimit().toMillis() + timing.gap().toMillis() * timing.clients(),
                            TimeUnit.MILLISECONDS);
            return outcomes.stream().map(CompletableFuture::join).toList();
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("the clients of setup " + setup.name() + " did not finish: " + e, e);
        } finally {
            starter.shutdownNow();
        }
    }

    private void send(HttpClient http, EdgeSetup setup, int port, EdgeTiming timing, int request,
                      CompletableFuture<Outcome> outcome) {
        String id = setup.name() + "-" + request;
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/" + request))
                .header("X-Request-Id", id).GET();
        if (setup.clientTimeout()) {
            Duration timeout = timing.clientTimeout();
            builder.timeout(timeout).header(DEADLINE_HEADER, Long.toString(timeout.toMillis()));
        }
        long start = clock.nanoTime();
        http.sendAsync(builder.build(), HttpResponse.BodyHandlers.discarding()).whenComplete((response, error) -> {
            long end = clock.nanoTime();
            String status = response != null ? Integer.toString(response.statusCode()) : statusOf(error);
            outcome.complete(new Outcome(request, id, status, start, end));
        });
    }

    private static String statusOf(Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        return cause instanceof HttpTimeoutException ? GAVE_UP : FAILED;
    }
}
