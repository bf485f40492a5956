package io.tailguard.journal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Not thread-safe test helper: a {@link ReplicaServer} in a child JVM (its own process, as deployed), stopped when its input closes. */
final class ChildReplica implements AutoCloseable {

    private final Process process;
    private final InetSocketAddress address;

    private ChildReplica(Process process, InetSocketAddress address) {
        this.process = process;
        this.address = address;
    }

    /** Starts a replica journal in {@code dir} (local commit, durability none) and waits until it listens. */
    static ChildReplica start(Path dir, int segmentSizeBytes) throws IOException {
        Process p = ChildJvm.start(ChildReplica.class, dir.toAbsolutePath().toString(), Integer.toString(segmentSizeBytes));
        String line = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
        if (line == null) {
            p.destroyForcibly();
            throw new IllegalStateException("replica process did not start");
        }
        return new ChildReplica(p, new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(line.trim())));
    }

    InetSocketAddress address() {
        return address;
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() throws InterruptedException, IOException {
        process.getOutputStream().close();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    /** Child entry point: {@code <dir> <segmentSizeBytes>}; prints its port, runs until standard input closes. */
    public static void main(String[] args) throws IOException {
        JournalConfig cfg = JournalConfig.builder(Path.of(args[0])).segmentSizeBytes(Integer.parseInt(args[1])).build();
        try (ReplicaServer replica = ReplicaServer.start(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), cfg)) {
            System.out.println(replica.address().getPort());
            System.out.flush();
            while (System.in.read() >= 0) {
                // the parent never writes; end of input means it is done (or gone)
            }
        }
    }
}
