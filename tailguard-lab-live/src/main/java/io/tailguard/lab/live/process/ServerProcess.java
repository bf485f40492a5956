package io.tailguard.lab.live.process;

import io.tailguard.time.NanoClock;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Thread-safe handle on one external server (nginx, Puma, HAProxy) started in the foreground in its
 * own temporary directory. Its output lines go to a consumer (and the last few are kept for error
 * messages); {@link #close} stops it (SIGTERM, then SIGKILL after one second) and deletes the
 * directory. A JVM shutdown hook does the same on Ctrl-C, so no server outlives the run.
 */
public final class ServerProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);
    // short: Puma drains its whole queue on SIGTERM, and a stopped experiment wants none of that work
    private static final Duration STOP_GRACE = Duration.ofSeconds(1);
    private static final int KEPT_LINES = 20;

    private final String name;
    private final Process process;
    private final Path dir;
    private final Deque<String> lastLines = new ArrayDeque<>();
    private final Thread reader;
    private final Thread cleanup;

    private ServerProcess(String name, Process process, Path dir, Consumer<String> lines) {
        this.name = name;
        this.process = process;
        this.dir = dir;
        this.cleanup = new Thread(this::stopQuietly, "tailguard-live-stop-" + name);
        Runtime.getRuntime().addShutdownHook(cleanup);
        this.reader = new Thread(() -> pump(lines), "tailguard-live-out-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts {@code command} with {@code dir} as working directory and waits until {@code port} on
     * 127.0.0.1 accepts connections.
     *
     * @param lines receives every line the server prints (stdout and stderr), on a reader thread
     * @param env   variables added to the server's environment
     * @throws IllegalStateException if the server exits or does not listen within 20 s; the message
     *                               carries its last output lines
     */
    public static ServerProcess start(String name, List<String> command, Path dir, int port,
                                      Consumer<String> lines, Map<String, String> env) {
        Process process;
        try {
            ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
            builder.environment().putAll(env);
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start " + name + " (" + String.join(" ", command) + "): "
                    + e.getMessage(), e);
        }
        ServerProcess server = new ServerProcess(name, process, dir, lines);
        server.awaitListening(port);
        return server;
    }

    /** Creates an empty temporary directory for a server called {@code name}. */
    public static Path tempDir(String name) {
        try {
            return Files.createTempDirectory("tailguard-" + name + "-");
        } catch (IOException e) {
            throw new UncheckedIOException("could not create a temporary directory: " + e.getMessage(), e);
        }
    }

    /** Returns the server's working directory. */
    public Path dir() {
        return dir;
    }

    /** Returns the server's process id (to read its memory from {@code /proc}). */
    public long pid() {
        return process.pid();
    }

    /** Returns whether the server process is still running. */
    public boolean isAlive() {
        return process.isAlive();
    }

    private void awaitListening(int port) {
        NanoClock clock = NanoClock.system();
        long deadline = clock.nanoTime() + START_TIMEOUT.toNanos();
        while (clock.nanoTime() < deadline) {
            if (!process.isAlive()) {
                awaitOutput();
                close();
                throw new IllegalStateException(name + " exited with code " + process.exitValue()
                        + " before listening on 127.0.0.1:" + port + "; its last output: " + lastOutput());
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                // polling a port is the only readiness signal all three servers share
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
            }
        }
        close();
        throw new IllegalStateException(name + " did not listen on 127.0.0.1:" + port + " within "
                + START_TIMEOUT.toSeconds() + " s; its last output: " + lastOutput());
    }

    private void pump(Consumer<String> lines) {
        try (BufferedReader in = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                synchronized (lastLines) {
                    if (lastLines.size() == KEPT_LINES) {
                        lastLines.removeFirst();
                    }
                    lastLines.addLast(line);
                }
                lines.accept(line);
            }
        } catch (IOException closed) {
            // the process was stopped; its output ends here
        }
    }

    private void awaitOutput() {
        try {
            reader.join(TimeUnit.SECONDS.toMillis(1));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Returns the server's last output lines joined with " | ". */
    public String lastOutput() {
        synchronized (lastLines) {
            return lastLines.isEmpty() ? "(none)" : String.join(" | ", lastLines);
        }
    }

    /** Stops the server and deletes its directory; safe to call more than once. */
    @Override
    public void close() {
        stopQuietly();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or about to run; it does the same work
        }
    }

    private void stopQuietly() {
        process.destroy();
        try {
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        deleteDir();
    }

    private void deleteDir() {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a leftover temporary directory is harmless; the run's result does not depend on it
        }
    }
}
