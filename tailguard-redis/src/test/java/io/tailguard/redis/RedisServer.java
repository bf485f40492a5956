package io.tailguard.redis;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Not thread-safe: a real {@code redis-server} for tests (this module's and the CLI's), on a free loopback port, with no
 * persistence. It is ready when it prints that it accepts connections (a real event, no polling);
 * it can be frozen (SIGSTOP), killed (SIGKILL) and started again on the same port.
 */
public final class RedisServer implements AutoCloseable {

    private static final String BINARY = "/usr/bin/redis-server";

    private final int port;
    private Process process;

    private RedisServer(int port) {
        this.port = port;
    }

    /** Starts a server on a free port of 127.0.0.1; skips the test when redis-server is not installed. */
    public static RedisServer start() {
        Assumptions.assumeTrue(Files.isExecutable(Path.of(BINARY)),
                BINARY + " is not installed (Debian package redis-server; .ci/run installs it)");
        RedisServer server = new RedisServer(freePort());
        server.launch();
        return server;
    }

    public int port() {
        return port;
    }

    public String uri() {
        return "redis://127.0.0.1:" + port;
    }

    /** Kills the server at once, as a crash would: no shutdown, state lost. */
    public void kill() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Starts the server again on the same port after {@link #kill()}. */
    public void restart() {
        launch();
    }

    /** Freezes the server (SIGSTOP): connections stay open and nothing is answered. */
    public void freeze() {
        signal("STOP");
    }

    /** Lets a frozen server run again (SIGCONT). */
    public void thaw() {
        signal("CONT");
    }

    private void signal(String name) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill -" + name + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void launch() {
        List<String> command = List.of(BINARY, "--port", Integer.toString(port), "--bind", "127.0.0.1",
                "--save", "", "--appendonly", "no", "--dir", System.getProperty("java.io.tmpdir"));
        CountDownLatch ready = new CountDownLatch(1);
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + BINARY + " (install the redis-server package)", e);
        }
        Process started = process;
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(
                    new InputStreamReader(started.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    if (line.contains("Ready to accept connections")) {
                        ready.countDown();
                    }
                }
            } catch (IOException closed) {
                // the server was stopped; its output ends here
            }
        }, "redis-server-" + port);
        reader.setDaemon(true);
        reader.start();
        try {
            if (!ready.await(20, TimeUnit.SECONDS)) {
                close();
                throw new IllegalStateException("redis-server did not get ready on port " + port + " within 20 s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting redis-server", e);
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Closes {@code clients} in order and then {@code server}, skipping each that is null: a test's
     * {@code @BeforeAll} may have been skipped (no redis-server) or have failed part-way.
     */
    static void stop(RedisServer server, AutoCloseable... clients) throws Exception {
        for (AutoCloseable client : clients) {
            if (client != null) {
                client.close();
            }
        }
        if (server != null) {
            server.close();
        }
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            thaw();
            kill();
        }
    }
}
