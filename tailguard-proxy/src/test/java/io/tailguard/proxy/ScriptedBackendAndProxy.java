package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.proxy.ops.AccessLog;
import io.tailguard.time.NanoClock;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;

/**
 * Not thread-safe: what the tests against a {@link ScriptedBackend} open with: the backend and the
 * proxy in front of it that the test starts ({@code null} until it does), both closed after each
 * test. {@link #start} starts the usual pair for tests of how answers are relayed: 4 permits, no
 * queue, one event loop, so every client shares its pool of backend connections, and the access log
 * in {@code log}.
 */
abstract class ScriptedBackendAndProxy {

    ScriptedBackend backend;
    ProxyServer proxy;
    final ByteArrayOutputStream log = new ByteArrayOutputStream();

    void start(Function<String, String> script) throws Exception {
        backend = new ScriptedBackend(script);
        proxy = ProxyServer.start(Configs.single(backend.address(), 4, 0, Duration.ofSeconds(1)), NanoClock.system(),
                AccessLog.to(log), 1);
    }

    /** A backend that holds a request for {@code /hold...} and answers any other with "ok". */
    static Function<String, String> holdingOrOk() {
        return head -> head.startsWith("GET /hold") ? ScriptedBackend.HOLD : ScriptedBackend.ok("ok");
    }

    /** Opens a client that asks for {@code path} and returns it once the backend holds that request. */
    RawClient held(String path) throws Exception {
        RawClient client = new RawClient(proxy.boundAddress());
        client.get(path);
        assertThat(backend.heldNow.tryAcquire(5, TimeUnit.SECONDS)).as("%s held by the backend", path).isTrue();
        return client;
    }

    /** A client whose request for {@code path} the backend holds leaves; returns once the proxy counted it. */
    void leaveWhileHeld(String path, Events events) throws Exception {
        held(path).close();
        events.await("client_gone:in_flight");
    }

    @AfterEach
    void stop() throws Exception {
        if (proxy != null) {
            proxy.close();
        }
        if (backend != null) {
            backend.close();
        }
    }
}
