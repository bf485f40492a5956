package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.util.concurrent.EventExecutor;
import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.proxy.ops.AccessLog;
import io.tailguard.time.NanoClock;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The cap counts what is open at the backend when a request times out: the permit of a request that
 * got no response head in time goes to the next queued request only once the timed-out request's
 * backend connection is closed. The backend here is the test itself on a plain socket, so it sees
 * the connections in the order the proxy acts on them.
 */
class ResponseTimeoutPermitTest {

    private final ServerSocketChannel backend = ServerSocketChannel.open();
    private ProxyServer proxy;

    ResponseTimeoutPermitTest() throws IOException {
        backend.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    }

    @AfterEach
    void stop() throws IOException {
        if (proxy != null) {
            proxy.close();
        }
        backend.close();
    }

    @Test
    void aTimedOutRequestsPermitGoesOnOnlyOnceItsBackendConnectionIsClosed() throws Exception {
        PoolConfig pool = Configs.pool(Duration.ofMillis(300), (InetSocketAddress) backend.getLocalAddress())
                .withQueueing(1, 1, Duration.ofSeconds(5));
        AccessLog none = AccessLog.to(OutputStream.nullOutputStream());
        proxy = ProxyServer.start(Configs.withPool(pool), NanoClock.system(), none, 2);
        Events events = new Events(proxy);
        AtomicReference<Thread> admittedOn = new AtomicReference<>();
        proxy.metrics().listen((event, detail) -> {
            if (event.equals("admitted")) {
                admittedOn.compareAndSet(null, Thread.currentThread());
            }
        });
        try (RawClient timesOut = new RawClient(proxy.boundAddress());
             RawClient waits = new RawClient(proxy.boundAddress())) {
            timesOut.get("/times-out");
            SocketChannel first = acceptWithHead();
            // Hold the timed-out client's loop from now on: whatever the proxy must do on that
            // connection waits, so a permit that goes on before the close shows as two requests
            // open at the backend. Netty hands its two loops to new connections in turn, so the
            // waiting client is read and queued on the other one.
            events.await("admitted:default");
            CountDownLatch go = new CountDownLatch(1);
            loopOf(admittedOn.get()).execute(() -> awaitQuietly(go));
            waits.get("/waits");
            events.await("queued:default");
            boolean handedOn = events.poll("admitted:default", Duration.ofSeconds(1));
            SocketChannel early = handedOn ? acceptWithHead() : null;
            boolean firstStillOpen = early != null && isOpen(first);
            go.countDown();
            SocketChannel second = early != null ? early : acceptWithHead();
            try (first; second) {
                assertThat(timesOut.read().status()).isEqualTo(504);
                assertThat(firstStillOpen).as("the queued request reached the backend while the timed-out one's"
                        + " connection was still open").isFalse();
                assertThat(isOpen(first)).as("the timed-out request's connection is closed").isFalse();
            }
        }
    }

    /** The proxy's event loop that runs on {@code thread} (a request is admitted on its client's loop). */
    private EventExecutor loopOf(Thread thread) {
        for (EventExecutor loop : proxy.workers()) {
            if (loop.inEventLoop(thread)) {
                return loop;
            }
        }
        throw new AssertionError(thread + " is none of the proxy's event loops");
    }

    /** Accepts the proxy's next backend connection and reads one request head from it. */
    private SocketChannel acceptWithHead() throws IOException {
        SocketChannel channel = backend.accept();
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        ByteBuffer one = ByteBuffer.allocate(1);
        while (!head.toString(StandardCharsets.ISO_8859_1).endsWith("\r\n\r\n")) {
            one.clear();
            if (channel.read(one) < 0) {
                throw new IOException("the connection closed inside a request head");
            }
            head.write(one.array()[0]);
        }
        return channel;
    }

    /** True if the proxy has not closed {@code channel}: what the kernel knows now, without waiting. */
    private static boolean isOpen(SocketChannel channel) throws IOException {
        channel.configureBlocking(false);
        try {
            return channel.read(ByteBuffer.allocate(1)) >= 0;
        } catch (IOException reset) {
            return false;
        } finally {
            channel.configureBlocking(true);
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
