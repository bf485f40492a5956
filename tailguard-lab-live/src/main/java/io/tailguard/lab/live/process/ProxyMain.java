package io.tailguard.lab.live.process;

import io.tailguard.proxy.ProxyServer;
import io.tailguard.proxy.config.ProxyConfigFile;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * Not thread-safe entry point of the tailguard proxy's own JVM in {@code lab live-overload}: reads
 * the configuration file given as the only argument (the format of {@code tailguard proxy
 * --config}), serves until the lab stops the process. A child JVM rather than a proxy inside the
 * lab's JVM, so that its resident memory is the proxy's alone and the load generator does not share
 * its heap and garbage collector.
 */
public final class ProxyMain {

    private ProxyMain() {
    }

    /** Starts the proxy of {@code args[0]} and blocks until the process is stopped. */
    public static void main(String[] args) throws InterruptedException {
        if (args.length != 1) {
            System.err.println("usage: ProxyMain <proxy.yaml>");
            System.exit(2);
        }
        ProxyServer proxy = ProxyServer.start(ProxyConfigFile.read(Path.of(args[0])));
        System.out.println("tailguard proxy listening on " + proxy.boundAddress());
        new CountDownLatch(1).await();
    }
}
