package io.tailguard.proxy;

import io.tailguard.proxy.ops.AccessLog;
import io.tailguard.time.NanoClock;
import java.io.ByteArrayOutputStream;
import java.time.Duration;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;

/**
 * Not thread-safe: what the tests of how answers are relayed open with: a {@link ScriptedBackend}
 * playing the test's script and a proxy in front of it (4 permits, no queue, one event loop, so
 * every client shares its pool of backend connections) whose access log goes to {@code log}; both
 * are closed after each test.
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

    @AfterEach
    void stop() throws Exception {
        proxy.close();
        backend.close();
    }
}
