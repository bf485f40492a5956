package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class DrainTest extends BackendAndProxy {

    @Test
    void answersARequestWhoseHeadArrivedJustBeforeDrainAndRefusesNewConnections() throws Exception {
        proxy = ProxyServer.start(Configs.single(backend.address(), 2, 0, Duration.ofSeconds(1)));
        try (RawClient early = new RawClient(proxy.boundAddress())) {
            assertThat(early.get("/warm").read().status()).isEqualTo(200);
            awaitReading(false);
            early.send("GET /late HTTP/1.1\r\nHost: te");
            awaitReading(true);
            CompletableFuture<Boolean> drained = CompletableFuture.supplyAsync(this::drain);
            awaitRefused();
            early.send("st\r\n\r\n");
            RawClient.Response answer = early.read();
            assertThat(answer.status()).isEqualTo(503);
            assertThat(answer.header("x-tailguard-reason")).isEqualTo("draining");
            assertThat(answer.header("connection")).isEqualTo("close");
            assertThat(early.closedByServer()).isTrue();
            assertThat(drained.get(5, TimeUnit.SECONDS)).isTrue();
        }
    }

    @Test
    void aRequestReadBeforeDrainGetsItsOwnAnswer() throws Exception {
        proxy = ProxyServer.start(Configs.single(backend.address(), 2, 0, Duration.ofSeconds(1)));
        try (RawClient inFlight = new RawClient(proxy.boundAddress())) {
            inFlight.get("/hold/a");
            TestBackend.Held held = backend.nextHeld();
            CompletableFuture<Boolean> drained = CompletableFuture.supplyAsync(this::drain);
            awaitRefused();
            held.answer();
            RawClient.Response answer = inFlight.read();
            assertThat(answer.status()).isEqualTo(200);
            assertThat(answer.header("connection")).isEqualTo("close");
            assertThat(drained.get(5, TimeUnit.SECONDS)).isTrue();
        }
    }

    private boolean drain() {
        try {
            return proxy.drain(Duration.ofSeconds(10));
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Waits until the proxy has (or has no longer) read request bytes it has not answered. */
    private void awaitReading(boolean reading) {
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            while (proxy.readingRequest() != reading) {
                Thread.onSpinWait();
            }
        });
    }

    /** Waits until a new connection is refused by the kernel: the listening socket is closed. */
    private void awaitRefused() {
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            while (true) {
                try (RawClient ignored = new RawClient(proxy.boundAddress())) {
                    Thread.onSpinWait();
                } catch (ConnectException refused) {
                    return;
                } catch (IOException other) {
                    Thread.onSpinWait();
                }
            }
        });
    }
}
