package io.tailguard.cli.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.tailguard.cli.CliRun;
import io.tailguard.journal.Journal;
import io.tailguard.journal.JournalConfig;
import io.tailguard.journal.segment.JournalCorruptedException;
import io.tailguard.journal.segment.FrameCodec;
import io.tailguard.journal.segment.SegmentLayout;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Stream;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class JournalCommandsTest {

    @TempDir
    Path tmp;

    private final CliRun cli = new CliRun();

    private Path journalWith(int records) {
        return journalWith(records, tmp.resolve("j"));
    }

    private static Path journalWith(int records, Path dir) {
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(8192).build())) {
            for (int i = 0; i < records; i++) {
                j.appendBlocking(new byte[100 + i]);
            }
        }
        return dir;
    }

    @Test
    void verifyPrintsRecordsAndLastSequenceAndExitsZeroWhenConsistent() {
        Path dir = journalWith(40);
        assertThat(cli.run("journal", "verify", "--dir", dir.toString())).isZero();
        assertThat(cli.out()).contains("records=40").contains("last_seq=40").startsWith("ok ");
    }

    @Test
    void verifyExitsOneWithTheFirstBadPosition() throws Exception {
        Path dir = journalWith(40);
        Path first = dir.resolve(SegmentLayout.fileName(1));
        try (RandomAccessFile raf = new RandomAccessFile(first.toFile(), "rw")) {
            raf.seek(SegmentLayout.HEADER_LENGTH + 20); // payload of record 1
            raf.write(0x5A);
        }
        assertThat(cli.run("journal", "verify", "--dir", dir.toString())).isEqualTo(1);
        assertThat(cli.out()).contains("records=0").contains("first_bad=" + first.getFileName() + "@64")
                .contains("checksum mismatch");
    }

    /** Zeroes the length of record 30 (records 31..40 stay intact after it); returns where it is. */
    private static long zeroLengthOfRecord30(Path dir) throws Exception {
        long seq = 1;
        Path file = dir.resolve(SegmentLayout.fileName(1));
        for (long base = 1; base <= 30; base++) {
            if (Files.exists(dir.resolve(SegmentLayout.fileName(base)))) {
                file = dir.resolve(SegmentLayout.fileName(base));
                seq = base;
            }
        }
        long pos = SegmentLayout.HEADER_LENGTH;
        for (; seq < 30; seq++) {
            pos += SegmentLayout.align(FrameCodec.HEADER_LENGTH + 100 + (int) seq - 1);
        }
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(pos);
            raf.write(new byte[4]);
        }
        return pos;
    }

    @Test
    void verifyAndOpenRefuseTheSameDamageWithTheSameFileOffsetAndReason() throws Exception {
        Path dir = journalWith(40);
        long pos = zeroLengthOfRecord30(dir);
        assertThat(cli.run("journal", "verify", "--dir", dir.toString())).isEqualTo(1);
        assertThat(cli.out()).startsWith("CORRUPT records=29 ").contains("last_seq=29").contains("@" + pos + " ")
                .contains("an intact record (sequence 31) follows").contains("open=refuses");
        JournalCorruptedException e = catchThrowableOfType(() -> Journal.open(JournalConfig.builder(dir)
                .segmentSizeBytes(8192).build()), JournalCorruptedException.class);
        assertThat(cli.out().trim()).isEqualTo(e.report().summary());
        assertThat(e.getMessage()).contains(" at byte " + pos + ": no record here");
    }

    @Test
    void verifyAndOpenAgreeOnADamagedIdentityFile() throws Exception {
        Path dir = journalWith(40);
        Path id = dir.resolve("journal.id");
        Files.write(id, new byte[] {1, 2});
        Throwable refused = catchThrowableOfType(() -> Journal.open(JournalConfig.builder(dir).segmentSizeBytes(8192).build()),
                IllegalStateException.class);
        assertThat(refused).as("open refuses").isNotNull();
        assertThat(cli.run("journal", "verify", "--dir", dir.toString())).isEqualTo(1);
        assertThat(cli.out().trim()).startsWith("CORRUPT records=40 ").contains("first_bad=journal.id@0 reason=\""
                + refused.getMessage() + "\"").endsWith("open=refuses");
    }

    @Test
    void verifyReportsAMissingFirstSegment() throws Exception {
        Path dir = journalWith(200);
        assertThat(dir.resolve(SegmentLayout.fileName(1))).exists();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.filter(f -> f.toString().endsWith(SegmentLayout.SUFFIX))).hasSizeGreaterThan(1);
        }
        Files.delete(dir.resolve(SegmentLayout.fileName(1)));
        assertThat(cli.run("journal", "verify", "--dir", dir.toString())).isEqualTo(1);
        assertThat(cli.out()).startsWith("CORRUPT records=0 ").contains("first_bad=" + SegmentLayout.fileName(1) + "@0")
                .contains("the first segment is missing");
    }

    @Test
    void repairKeepsTheIntactRecordsMovesTheRestAsideAndTheJournalThenOpens() throws Exception {
        Path dir = journalWith(40);
        zeroLengthOfRecord30(dir);
        assertThat(cli.run("journal", "repair", "--dir", dir.toString(), "--truncate-after", "29")).as(cli.err())
                .isZero();
        assertThat(cli.out()).contains("kept records 1..29").contains("repair-").contains("original copied to")
                .contains("ok records=29 first_seq=1 last_seq=29");
        try (var files = Files.list(dir)) {
            Path backup = files.filter(f -> f.getFileName().toString().startsWith("repair-")).findFirst().orElseThrow();
            assertThat(backup.resolve("REPAIR.txt")).exists();
        }
        CliRun again = new CliRun();
        assertThat(again.run("journal", "verify", "--dir", dir.toString())).isZero();
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(8192).build())) {
            assertThat(j.appendBlocking(new byte[5])).isEqualTo(30);
        }
    }

    @Test
    void repairRefusesToKeepPastTheDamageInOneLineWithExitTwo() throws Exception {
        Path dir = journalWith(40);
        zeroLengthOfRecord30(dir);
        assertThat(CliRun.mistake("journal", "repair", "--dir", dir.toString(), "--truncate-after", "35"))
                .contains("--truncate-after value '35' is not allowed: truncate-after must be at most 29");
        assertThat(CliRun.mistake("journal", "repair", "--dir", dir.toString())).contains("--truncate-after");
    }

    @Test
    void repairSaysWhatItWouldMoveBeforeItMovesItAndDryRunChangesNothing() throws Exception {
        Path dir = journalWith(40);
        zeroLengthOfRecord30(dir);
        Map<String, String> before = contents(dir);
        assertThat(cli.run("journal", "repair", "--dir", dir.toString(), "--truncate-after", "29", "--dry-run"))
                .as(cli.err()).isZero();
        assertThat(cli.out()).contains("would keep records 1..29").contains("would copy ")
                .contains("dry run: nothing was changed").doesNotContain("kept records");
        assertThat(contents(dir)).as("a dry run changes nothing").isEqualTo(before);
        CliRun real = new CliRun();
        assertThat(real.run("journal", "repair", "--dir", dir.toString(), "--truncate-after", "29")).isZero();
        assertThat(real.out().indexOf("would keep records 1..29")).as("the plan comes first")
                .isLessThan(real.out().indexOf("kept records 1..29")).isNotNegative();
    }

    @Test
    void repairRefusesToTakeRecordsThatVerifyAsTheJournalsInOneLineWithExitTwo() {
        Path dir = journalWith(40);
        assertThat(CliRun.mistake("journal", "repair", "--dir", dir.toString(), "--truncate-after", "20")).contains("truncate-after must be at least 40 but was 20: records 21..40 verify as this "
                + "journal's and continue its sequence");
    }

    @Test
    void repairRestoresADeletedIdentityFromTheSegmentHeaders() throws Exception {
        Path dir = journalWith(40);
        byte[] id = Files.readAllBytes(dir.resolve("journal.id"));
        Files.delete(dir.resolve("journal.id"));
        assertThat(cli.run("journal", "verify", "--dir", dir.toString())).isEqualTo(1);
        assertThat(cli.out()).contains("journal.id is missing").contains("--restore-id");
        CliRun restore = new CliRun();
        assertThat(restore.run("journal", "repair", "--dir", dir.toString(), "--restore-id")).as(restore.err()).isZero();
        assertThat(restore.out()).contains("wrote ").contains("ok records=40 ");
        assertThat(Files.readAllBytes(dir.resolve("journal.id"))).isEqualTo(id);
    }

    private static Map<String, String> contents(Path dir) throws Exception {
        Map<String, String> out = new java.util.TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                out.put(f.getFileName().toString(), java.util.HexFormat.of().formatHex(Files.readAllBytes(f)));
            }
        }
        return out;
    }

    @Test
    void repairHelpShowsAPasteableExample() {
        assertThat(cli.run("journal", "repair", "--help")).isZero();
        assertThat(cli.out()).contains("tailguard journal repair --dir /data/orders --truncate-after 1429")
                .contains("repair-<UTC time>");
    }

    @Test
    void verifyRejectsADirectoryWithoutSegmentsInOneLine() {
        assertThat(CliRun.mistake("journal", "verify", "--dir", tmp.toString())).contains("--dir value '" + tmp + "' is not allowed");
    }

    @Test
    void verifyOfADirectoryHoldingJournalsBelowItNamesThem() throws Exception {
        Path parent = tmp.resolve("all");
        journalWith(3, parent.resolve("orders"));
        journalWith(3, parent.resolve("eu").resolve("payments"));
        assertThat(CliRun.mistake("journal", "verify", "--dir", parent.toString())).contains("these directories below it hold journals: " + parent.resolve("eu")
                .resolve("payments") + ", " + parent.resolve("orders") + "; give one of them");
    }

    @Test
    void verifyOfADirectoryOfOtherTgjFilesSaysWhatIsWrongWithThem() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("other"));
        Files.writeString(dir.resolve("notes.tgj"), "not a journal");
        assertThat(CliRun.mistake("journal", "verify", "--dir", dir.toString())).contains("its 1 *.tgj file(s) (notes.tgj) are not journal segments: a segment is named "
                + "by its first record's sequence in 20 digits, e.g. 00000000000000000001.tgj");
    }

    @Test
    void benchPrintsATableAndWritesTheCsvForEveryCombination() throws Exception {
        Path outDir = tmp.resolve("out");
        int code = cli.run("journal", "bench", "--rate", "2000", "--size", "256", "--duration", "200ms", "--warmup", "50ms",
                "--durability", "none,selective:10/s", "--replication", "none,ack-or-sync", "--segment-size", "1048576",
                "--pacing", "spin", "--ack-grace", "1ms", "--replication-linger", "100us",
                "--dir", tmp.resolve("data").toString(), "--output-dir", outDir.toString());
        assertThat(code).as(cli.err()).isZero();
        assertThat(cli.out()).contains("ack-grace=1ms replication-linger=100us");
        List<String> csv = Files.readAllLines(outDir.resolve("journal-bench.csv"), StandardCharsets.UTF_8);
        assertThat(csv.get(0)).isEqualTo(
                "durability,replication,rate,size_bytes,messages,p50_us,p90_us,p99_us,p999_us,p9999_us,max_us");
        assertThat(csv).hasSize(5);
        assertThat(csv.get(1)).startsWith("none,none,2000,256,400,");
        assertThat(csv.get(4)).startsWith("selective:10/s,ack-or-sync,2000,256,400,");
        assertThat(cli.out()).contains("p99_us").contains("selective:10/s");
        assertThat(Files.exists(tmp.resolve("data").resolve("none-none"))).as("run data is deleted").isFalse();
    }

    @Test
    void benchWithoutDirRunsInATemporaryDirectoryAndRemovesIt() throws Exception {
        Path outDir = tmp.resolve("out");
        int code = cli.run("journal", "bench", "--rate", "2000", "--size", "64", "--duration", "50ms", "--warmup", "0",
                "--durability", "none", "--replication", "none", "--segment-size", "65536", "--pacing", "park",
                "--output-dir", outDir.toString());
        assertThat(code).as(cli.err()).isZero();
        String dirField = cli.out().lines().filter(l -> l.startsWith("journal bench:")).findFirst().orElseThrow()
                .replaceAll(".* dir=", "");
        Path data = Path.of(dirField);
        assertThat(data.getFileName().toString()).startsWith("tailguard-journal-bench-");
        assertThat(data).as("the temporary directory is removed").doesNotExist();
        assertThat(Files.readAllLines(outDir.resolve("journal-bench.csv"), StandardCharsets.UTF_8)).hasSize(2);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "--durability|none,selective:fast|--durability value 'selective:fast' is not allowed: selective needs"
                + " selective:N/s with 1 <= N <= --rate (50000), e.g. selective:10/s",
        "--duration|ten|--duration value 'ten' is not allowed: use a positive duration like 10s, 500ms or 2m",
        // a unit gets the same answer as any other bad value
        "--size|10MB|--size value '10MB' is not allowed: use a whole number from 16 to 1048576",
        "--rate|0|--rate value '0' is not allowed: use a whole number from 1 to 10000000",
        "--warmup|-1s|--warmup value '-1s' is not allowed: use 0 or a positive duration like 1s or 500ms",
        "--pacing|sleep|--pacing value 'sleep' is not allowed: use auto, spin or park",
        "--ack-grace|-1ms|--ack-grace value '-1ms' is not allowed: use 0 or a duration up to 1m, e.g. 500us, 5ms"
                + " or 20ms",
        "--ack-grace|2m|--ack-grace value '2m' is not allowed: use 0 or a duration up to 1m, e.g. 500us, 5ms or 20ms",
        "--replication-linger|-1us|--replication-linger value '-1us' is not allowed: use 0 or a duration up to"
                + " 100ms, e.g. 100us or 200us",
        "--replication-linger|101ms|--replication-linger value '101ms' is not allowed: use 0 or a duration up to"
                + " 100ms, e.g. 100us or 200us"})
    void benchRefusesABadValueInOneLineNamingTheFlagTheValueAndWhatIsAllowed(String flag, String value,
                                                                             String message) {
        assertThat(CliRun.mistake("journal", "bench", flag, value)).isEqualTo("tailguard: " + message);
    }

    @Test
    void benchAllowsNoWarmupAndRecordsEveryMessage() throws Exception {
        Path outDir = tmp.resolve("out");
        int code = cli.run("journal", "bench", "--rate", "2000", "--size", "256", "--duration", "100ms",
                "--warmup", "0s", "--durability", "none", "--replication", "none", "--segment-size", "1048576",
                "--dir", tmp.resolve("data").toString(), "--output-dir", outDir.toString());
        assertThat(code).as(cli.err()).isZero();
        assertThat(cli.out()).contains("warmup=0s");
        List<String> csv = Files.readAllLines(outDir.resolve("journal-bench.csv"), StandardCharsets.UTF_8);
        assertThat(csv.get(1)).startsWith("none,none,2000,256,200,");
    }

    @Test
    void benchRefusesARunThatWouldMeasureNoMessageInOneLine() {
        assertThat(CliRun.mistake("journal", "bench", "--rate", "1", "--duration", "100ms", "--warmup", "0",
                "--durability", "none", "--replication", "none", "--dir", tmp.resolve("data").toString(),
                "--output-dir", tmp.resolve("out").toString())).isEqualTo("tailguard: --rate x --duration must be at "
                + "least 1 message but was 1/s x 100ms (raise --rate or --duration)");
    }

    @Test
    void benchWritesItsCsvUnderResultsByDefaultNotTheWorkingDirectory() {
        assertThat(cli.run("journal", "bench", "--help")).isZero();
        assertThat(cli.out()).contains("--output-dir=DIR").contains("(default: ./results/journal-bench)");
    }

    @Test
    void replicationLingerAcceptsZeroAndDurations() {
        assertThat(JournalOptions.linger("--replication-linger", "0")).isEqualTo(java.time.Duration.ZERO);
        assertThat(JournalOptions.linger("--replication-linger", "200us")).isEqualTo(java.time.Duration.ofNanos(200_000));
        assertThat(JournalOptions.linger("--replication-linger", "100ms")).isEqualTo(java.time.Duration.ofMillis(100));
    }

    @Test
    void benchWarnsWhenTheLingerIsNotBelowTheGraceOfAnAckOrSyncRun() {
        int code = cli.run("journal", "bench", "--rate", "2000", "--size", "256", "--duration", "100ms", "--warmup",
                "50ms", "--durability", "none", "--replication", "ack-or-sync", "--segment-size", "1048576",
                "--in-process-replica", "--ack-grace", "1ms", "--replication-linger", "1ms",
                "--dir", tmp.resolve("data").toString(), "--output-dir", tmp.resolve("out").toString());
        assertThat(code).as(cli.err()).isZero();
        assertThat(cli.err()).contains("warning: --replication-linger 1ms is not below --ack-grace 1ms");
    }

    @Test
    void ackGraceAcceptsZeroAndDurations() {
        assertThat(JournalOptions.ackGrace("--ack-grace", "0")).isEqualTo(java.time.Duration.ZERO);
        assertThat(JournalOptions.ackGrace("--ack-grace", "0ms")).isEqualTo(java.time.Duration.ZERO);
        assertThat(JournalOptions.ackGrace("--ack-grace", "500us")).isEqualTo(java.time.Duration.ofNanos(500_000));
        assertThat(JournalOptions.ackGrace("--ack-grace", "1m")).isEqualTo(java.time.Duration.ofMinutes(1));
    }

    @Test
    void benchHelpExplainsTheAckGraceAndTheReplicationLinger() {
        assertThat(cli.run("journal", "bench", "--help")).isZero();
        assertThat(cli.out().replaceAll("\\s+", " ")).contains("--ack-grace=DURATION")
                .contains("0 forces continuously").contains("(default: 2ms)")
                .contains("--replication-linger=DURATION")
                .contains("0 sends every message as soon as it is written").contains("(default: 0)");
    }

    @Test
    void autoPacingSpinsOnlyWhenTheGeneratorLeavesTheJournalCores() {
        assertThat(JournalOptions.pacing("--pacing", "auto", 2)).isEqualTo("park");
        assertThat(JournalOptions.pacing("--pacing", "auto", 3)).isEqualTo("park");
        assertThat(JournalOptions.pacing("--pacing", "auto", 4)).isEqualTo("spin");
        assertThat(JournalOptions.pacing("--pacing", "spin", 2)).isEqualTo("spin");
        assertThat(JournalOptions.pacing("--pacing", "park", 64)).isEqualTo("park");
        assertThat(io.tailguard.journal.load.OpenLoop.spinNanos("park")).isZero();
        assertThat(io.tailguard.journal.load.OpenLoop.spinNanos("spin")).isEqualTo(io.tailguard.journal.load.OpenLoop.SPIN_ALWAYS);
    }

    @Test
    void replicaRejectsABadListenAddress() {
        assertThat(CliRun.mistake("journal", "replica", "--listen", "nowhere", "--dir", tmp.toString())).contains("--listen value 'nowhere' is not allowed: use HOST:PORT");
    }

    @Test
    void replicaRejectsADurabilityItCannotAcknowledge() {
        assertThat(CliRun.mistake("journal", "replica", "--listen", "127.0.0.1:0", "--dir", tmp.toString(),
                "--durability", "selective:10/s")).contains("--durability value 'selective:10/s' is not allowed: use none, sync or "
                + "periodic:<interval>");
        assertThat(JournalReplicaCommand.replicaDurability("periodic:10ms").label()).isEqualTo("periodic:10ms");
    }

    @Test
    void replicaSaysWhyItCannotListen() throws Exception {
        try (java.nio.channels.ServerSocketChannel taken = java.nio.channels.ServerSocketChannel.open()) {
            taken.bind(new java.net.InetSocketAddress("127.0.0.1", 0));
            int port = ((java.net.InetSocketAddress) taken.getLocalAddress()).getPort();
            assertThat(cli.run("journal", "replica", "--listen", "127.0.0.1:" + port, "--dir", tmp.toString()))
                    .isEqualTo(1);
            assertThat(cli.err()).contains("cannot listen on 127.0.0.1").contains(":" + port + ": ")
                    .containsIgnoringCase("address already in use");
        }
    }

    @Test
    void replicaHelpTeachesDurabilityTimeoutAndRefusals() {
        assertThat(cli.run("journal", "replica", "--help")).isZero();
        assertThat(cli.out().replaceAll("\\s+", " ")).contains("--durability=POLICY").contains("--timeout=DURATION")
                .contains("periodic:<interval>").contains("is refused")
                .contains("tailguard journal replica --listen 127.0.0.1:7400 --dir /data/replica");
    }
}
