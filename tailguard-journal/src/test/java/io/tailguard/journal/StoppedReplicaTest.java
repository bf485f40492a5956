package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.time.NanoClock;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replica in a child JVM stopped with SIGSTOP (its sockets stay open, the kernel still accepts
 * connections for it, nothing answers): a primary configured to FAIL fails the pending commit within
 * its replica timeout, and once the replica resumes (SIGCONT) it catches up with every record.
 */
@Tag("slow") // a child JVM and a real one-second timeout
@Timeout(120)
class StoppedReplicaTest {

    private static final int SEGMENT = 1 << 20;

    @TempDir
    Path tmp;

    private final LogCollector log = new LogCollector();

    private static void signal(long pid, String sig) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + sig, Long.toString(pid)).inheritIO().start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(kill.exitValue()).as("kill -%s %d", sig, pid).isZero();
    }

    /** Waits until the kernel reports every thread of {@code pid} stopped (state T in /proc), as a signal takes effect asynchronously. */
    private static void awaitStopped(long pid) throws IOException {
        NanoClock clock = NanoClock.system();
        long deadline = clock.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        Path tasks = Path.of("/proc", Long.toString(pid), "task");
        while (true) {
            boolean allStopped;
            try (Stream<Path> threads = Files.list(tasks)) {
                allStopped = threads.allMatch(t -> state(t.resolve("stat")) == 'T');
            }
            if (allStopped) {
                return;
            }
            assertThat(clock.nanoTime()).as("pid %d stopped within 10 s", pid).isLessThan(deadline);
            Thread.yield();
        }
    }

    private static char state(Path stat) {
        try {
            String s = Files.readString(stat);
            return s.charAt(s.lastIndexOf(')') + 2); // the field after the command name, which may hold spaces
        } catch (IOException e) {
            return 'T'; // the thread ended: it cannot answer either
        }
    }

    private static byte[] record(long seq) {
        byte[] b = new byte[100 + (int) (seq % 37)];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) (seq * 13 + i);
        }
        return b;
    }

    @Test
    @EnabledOnOs(OS.LINUX) // kill -STOP and /proc
    void aStoppedReplicaFailsPendingCommitsWithinTheTimeoutAndCatchesUpWhenResumed() throws Exception {
        Path primaryDir = tmp.resolve("primary");
        try (ChildReplica replica = ChildReplica.start(tmp.resolve("replica"), SEGMENT)) {
            JournalConfig cfg = JournalConfig.builder(primaryDir).segmentSizeBytes(SEGMENT)
                    .replication(CommitMode.ACK, replica.address()).replicaDown(ReplicaDownAction.FAIL)
                    .replicaTimeout(Duration.ofSeconds(1)).errors(log).build();
            try (Journal j = Journal.open(cfg)) {
                NanoClock clock = NanoClock.system();
                long deadline = clock.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (!j.replicaConnected()) {
                    assertThat(clock.nanoTime()).as("connected within 30 s").isLessThan(deadline);
                    Thread.yield();
                }
                for (long i = 1; i <= 100; i++) {
                    assertThat(j.appendBlocking(record(i))).isEqualTo(i);
                }
                signal(replica.pid(), "STOP");
                awaitStopped(replica.pid());
                try {
                    long stoppedAt = clock.nanoTime();
                    CompletableFuture<Long> pending = j.append(record(101));
                    assertThatThrownBy(() -> pending.get(20, TimeUnit.SECONDS))
                            .isInstanceOf(ExecutionException.class)
                            .hasCauseInstanceOf(ReplicaUnavailableException.class);
                    long failedAfterMillis = (clock.nanoTime() - stoppedAt) / 1_000_000;
                    assertThat(failedAfterMillis).as("failed within the 1 s timeout plus a tick").isLessThan(5_000);
                    assertThat(log.await("acknowledged nothing for 1000 ms")).contains("FAIL");
                } finally {
                    signal(replica.pid(), "CONT");
                }
                deadline = clock.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                while (!j.replicaConnected()) {
                    assertThat(clock.nanoTime()).as("reconnected within 30 s of SIGCONT").isLessThan(deadline);
                    Thread.yield();
                }
                assertThat(j.appendBlocking(record(102))).isEqualTo(102);
                assertThat(j.ackedSequence()).isEqualTo(102);
            }
        }
        List<byte[]> copy;
        try (Tailer t = Tailer.open(tmp.resolve("replica"), 1)) {
            copy = Payloads.drain(t);
        }
        assertThat(copy).hasSize(102);
        for (int i = 0; i < copy.size(); i++) {
            assertThat(copy.get(i)).isEqualTo(record(i + 1));
        }
    }
}
