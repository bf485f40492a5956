package io.tailguard.proxy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * Not thread-safe: what the proxy tests against a {@link TestBackend} open with: the backend, made
 * before each test, and the proxy the test starts in front of it ({@code proxy}, null until it
 * does); both are closed after each test.
 */
abstract class BackendAndProxy {

    TestBackend backend;
    ProxyServer proxy;

    @BeforeEach
    void startBackend() throws InterruptedException {
        backend = new TestBackend();
    }

    @AfterEach
    void stop() {
        if (proxy != null) {
            proxy.close();
        }
        backend.close();
    }
}
