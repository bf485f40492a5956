package io.tailguard.lab.live.edge;

import com.sun.net.httpserver.HttpServer;
import io.tailguard.lab.live.process.Front;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * Thread-safe warm-up of the Java parts of a run against a throw-away JDK server, so that class
 * loading on a JVM's first requests (tens of milliseconds) is not measured as the proxy's or the
 * clients' behaviour: with {@code --scale 0.1} clients start 10 ms apart and a rejection must come
 * back in under 100 ms. nginx, HAProxy and Puma are native or already loaded and need none.
 */
final class WarmUp {

    /** How long the throw-away server takes per request, so that requests overlap in the proxy. */
    private static final Duration SLOW = Duration.ofMillis(50);

    private static boolean proxyWarm;

    private WarmUp() {
    }

    /** Sends two requests with {@code http}. */
    static void client(HttpClient http) throws InterruptedException {
        withServer(port -> {
            for (int i = 0; i < 2; i++) {
                send(http, port).join();
            }
            return null;
        });
    }

    /**
     * The first time in this JVM, starts a proxy with {@code start} (given the throw-away server's
     * port) and sends it a few overlapping requests, so that it forwards, queues and rejects once.
     */
    static synchronized void proxyOnce(IntFunction<Front> start) throws InterruptedException {
        if (proxyWarm) {
            return;
        }
        HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        withServer(port -> {
            try (Front proxy = start.apply(port)) {
                for (int round = 0; round < 3; round++) {
                    List<CompletableFuture<?>> overlapping = new ArrayList<>();
                    for (int i = 0; i < 4; i++) {
                        overlapping.add(send(http, proxy.port()));
                    }
                    overlapping.forEach(CompletableFuture::join);
                }
            }
            return null;
        });
        proxyWarm = true;
    }

    private static CompletableFuture<HttpResponse<Void>> send(HttpClient http, int port) {
        return http.sendAsync(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/warm-up"))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.discarding());
    }

    private static void withServer(IntFunction<Void> body) throws InterruptedException {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the warm-up server: " + e.getMessage(), e);
        }
        ExecutorService workers = Executors.newFixedThreadPool(4);
        server.setExecutor(workers);
        server.createContext("/", exchange -> {
            try {
                // a slow answer, so that the proxy's queue and its rejections are exercised too
                TimeUnit.MILLISECONDS.sleep(SLOW.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        server.start();
        try {
            body.apply(server.getAddress().getPort());
        } finally {
            server.stop(0);
            workers.shutdownNow();
            workers.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
