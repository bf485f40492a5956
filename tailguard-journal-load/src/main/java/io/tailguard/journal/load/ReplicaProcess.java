package io.tailguard.journal.load;

import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.ReplicaServer;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Not thread-safe: a replica ({@link ReplicaServer}) in a child JVM listening on loopback, the
 * way a replica is deployed (its own process), for the benchmarks. The child runs this class's
 * {@link #main} from the parent's class path, prints its port and stops when its standard input
 * closes, so it does not outlive the parent.
 */
public final class ReplicaProcess implements AutoCloseable {

    private static final String READY = "replica listening on port ";

    private final Process process;
    private final InetSocketAddress address;

    private ReplicaProcess(Process process, InetSocketAddress address) {
        this.process = process;
        this.address = address;
    }

    /** Starts a replica journal in {@code dir} (local commit, durability none) in a child JVM and waits until it listens. */
    public static ReplicaProcess start(Path dir, int segmentSizeBytes) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                ReplicaProcess.class.getName(), dir.toAbsolutePath().toString(), Integer.toString(segmentSizeBytes)))
                .redirectError(ProcessBuilder.Redirect.INHERIT);
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start replica process", e);
        }
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            if (line == null || !line.startsWith(READY)) {
                throw new IllegalStateException("replica process did not start (printed " + line + ")");
            }
            int port = Integer.parseInt(line.substring(READY.length()).trim());
            return new ReplicaProcess(p, new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        } catch (IOException | RuntimeException e) {
            p.destroyForcibly();
            throw new IllegalStateException("replica process did not start: " + e.getMessage(), e);
        }
    }

    /** Returns the address the replica listens on. */
    public InetSocketAddress address() {
        return address;
    }

    /** Returns the child's process id (a test stops and resumes it with signals). */
    public long pid() {
        return process.pid();
    }

    /** Stops the child (closes its standard input) and waits for it. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    /** Child entry point: {@code <dir> <segmentSizeBytes>}; runs until standard input closes. */
    public static void main(String[] args) throws IOException {
        JournalConfig cfg = JournalConfig.builder(Path.of(args[0])).segmentSizeBytes(Integer.parseInt(args[1]))
                .errors((message, cause) -> System.err.println("replica: " + message)).build();
        try (ReplicaServer replica = ReplicaServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), cfg)) {
            System.out.println(READY + replica.address().getPort());
            System.out.flush();
            while (System.in.read() >= 0) {
                // the parent never writes; end of input means it is done (or gone)
            }
        }
    }
}
