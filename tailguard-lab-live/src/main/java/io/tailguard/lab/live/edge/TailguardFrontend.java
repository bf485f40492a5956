package io.tailguard.lab.live.edge;

import io.tailguard.lab.live.process.Front;
import io.tailguard.proxy.ProxyServer;
import io.tailguard.proxy.config.ProxyConfig;
import java.net.InetSocketAddress;

/**
 * Thread-safe tailguard proxy of the {@code tailguard} setups, in this JVM: its one-line form with
 * a cap of 1 on the backend, a FIFO queue of {@code --queue} waiting requests and the proxy timeout
 * as queue timeout. Clients of a {@code -client-timeout} setup send their deadline in
 * {@code X-Request-Timeout-Ms}, which the proxy reads. No access log: the lab's output stays the
 * lab's.
 */
final class TailguardFrontend implements Front {

    private final ProxyServer proxy;

    private TailguardFrontend(ProxyServer proxy) {
        this.proxy = proxy;
    }

    /**
     * Starts the proxy on a free loopback port in front of 127.0.0.1:{@code backendPort}, after
     * warming up a throw-away one the first time (see {@link WarmUp}).
     */
    static Front start(int backendPort, EdgeTiming timing) throws InterruptedException {
        WarmUp.proxyOnce(port -> proxy(port, timing));
        return proxy(backendPort, timing);
    }

    private static Front proxy(int backendPort, EdgeTiming timing) {
        ProxyConfig config = ProxyConfig.single(new InetSocketAddress("127.0.0.1", 0),
                new InetSocketAddress("127.0.0.1", backendPort), 1, timing.tailguardQueue(), timing.proxyTimeout())
                .withAccessLog("off");
        return new TailguardFrontend(ProxyServer.start(config));
    }

    @Override
    public int port() {
        return proxy.boundAddress().getPort();
    }

    @Override
    public void close() {
        proxy.close();
    }
}
