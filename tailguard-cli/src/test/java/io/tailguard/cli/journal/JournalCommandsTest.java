package io.tailguard.cli.journal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.cli.Main;
import io.tailguard.journal.Journal;
import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.segment.SegmentLayout;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class JournalCommandsTest {

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    private Path journalWith(int records) {
        Path dir = tmp.resolve("j");
        try (Journal j = Journal.open(JournalConfig.of(dir).withSegmentSizeBytes(8192))) {
            for (int i = 0; i < records; i++) {
                j.appendBlocking(new byte[100 + i]);
            }
        }
        return dir;
    }

    @Test
    void verifyPrintsRecordsAndLastSequenceAndExitsZeroWhenConsistent() {
        Path dir = journalWith(40);
        assertThat(run("journal", "verify", "--dir", dir.toString())).isZero();
        assertThat(out.toString()).contains("records=40").contains("last_seq=40").startsWith("ok ");
    }

    @Test
    void verifyExitsOneWithTheFirstBadPosition() throws Exception {
        Path dir = journalWith(40);
        Path first = dir.resolve(SegmentLayout.fileName(1));
        try (RandomAccessFile raf = new RandomAccessFile(first.toFile(), "rw")) {
            raf.seek(SegmentLayout.HEADER_LENGTH + 20); // payload of record 1
            raf.write(0x5A);
        }
        assertThat(run("journal", "verify", "--dir", dir.toString())).isEqualTo(1);
        assertThat(out.toString()).contains("records=0").contains("first_bad=" + first.getFileName() + "@64")
                .contains("checksum mismatch");
    }

    @Test
    void verifyRejectsADirectoryWithoutSegmentsInOneLine() {
        assertThat(run("journal", "verify", "--dir", tmp.toString())).isEqualTo(2);
        assertThat(err.toString().trim().lines()).hasSize(1);
        assertThat(err.toString()).contains("--dir value '" + tmp + "' is not allowed");
    }

    @Test
    void benchPrintsATableAndWritesTheCsvForEveryCombination() throws Exception {
        Path outDir = tmp.resolve("out");
        int code = run("journal", "bench", "--rate", "2000", "--size", "256", "--duration", "200ms", "--warmup", "50ms",
                "--durability", "none,selective:10/s", "--replication", "none,ack-or-sync",
                "--dir", tmp.resolve("data").toString(), "--output-dir", outDir.toString());
        assertThat(code).as(err.toString()).isZero();
        List<String> csv = Files.readAllLines(outDir.resolve("journal-bench.csv"), StandardCharsets.UTF_8);
        assertThat(csv.get(0)).isEqualTo(
                "durability,replication,rate,size_bytes,messages,p50_us,p90_us,p99_us,p999_us,p9999_us,max_us");
        assertThat(csv).hasSize(5);
        assertThat(csv.get(1)).startsWith("none,none,2000,256,400,");
        assertThat(csv.get(4)).startsWith("selective:10/s,ack-or-sync,2000,256,400,");
        assertThat(out.toString()).contains("p99_us").contains("selective:10/s");
        assertThat(Files.exists(tmp.resolve("data").resolve("none-none"))).as("run data is deleted").isFalse();
    }

    @Test
    void benchRejectsABadDurabilityNamingTheFlagAndTheValue() {
        assertThat(run("journal", "bench", "--durability", "none,selective:fast")).isEqualTo(2);
        assertThat(err.toString().trim().lines()).hasSize(1);
        assertThat(err.toString()).contains("--durability value 'selective:fast' is not allowed");
    }

    @Test
    void benchRejectsABadDuration() {
        assertThat(run("journal", "bench", "--duration", "ten")).isEqualTo(2);
        assertThat(err.toString()).contains("--duration value 'ten' is not allowed");
    }

    @Test
    void replicaRejectsABadListenAddress() {
        assertThat(run("journal", "replica", "--listen", "nowhere", "--dir", tmp.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--listen value 'nowhere' is not allowed: use HOST:PORT");
    }
}
