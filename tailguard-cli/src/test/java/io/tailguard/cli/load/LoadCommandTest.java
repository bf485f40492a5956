package io.tailguard.cli.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.cli.CliRun;
import io.tailguard.config.Rate;
import io.tailguard.load.FreezingServer;
import io.tailguard.time.NanoClock;
import java.io.FileInputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LoadCommandTest {

    @TempDir
    Path tmp;

    private static final long S = 1_000_000_000L;

    private final CliRun cli = new CliRun();

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "not a url|--rate|100|URL must be an http:// URL",
        "https://127.0.0.1:1/|--rate|100|(scheme https is not supported)",
        "ftp://127.0.0.1/|--rate|100|(scheme ftp is not supported)",
        "http://127.0.0.1:1/|--rate|0|--rate must be positive rates, comma-separated, like 500, 500/s, 0.5/s or"
                + " 30/m, but was '0'",
        "http://127.0.0.1:1/|--rate|-5|--rate must be positive rates",
        "http://127.0.0.1:1/|--rate|100,x|--rate must be positive rates",
        "http://127.0.0.1:1/|--rate|0/s|--rate must be positive rates",
        "http://127.0.0.1:1/|--duration|10|--duration must be a positive duration like 10s, 250ms or 500us but"
                + " was 10 (a number needs a unit: ns, us, ms, s, m or h)",
        "http://127.0.0.1:1/|--arrivals|bursty|--arrivals must be constant or poisson but was 'bursty'",
        "http://127.0.0.1:1/|--duration|5x|--duration must be a positive duration",
        "http://127.0.0.1:1/|--connections|0|--connections must be 1 to --max-connections (1000) but was 0",
        "http://127.0.0.1:1/|--max-connections|0|--max-connections must be 1 to 10000 but was 0",
        "http://127.0.0.1:1/|--output|yaml|--output must be text or json but was 'yaml'",
        "http://127.0.0.1:1/|--header|no-colon|--header must be Name:value",
    })
    void badInputIsOneLineAndExitTwo(String url, String flag, String value, String message) {
        String[] args = flag.equals("--rate") ? new String[] {"load", url, flag, value}
                : new String[] {"load", url, "--rate", "100", flag, value};
        assertThat(CliRun.mistake(args)).contains(message);
    }

    @Test
    void readsRatesAsWholeNumbersOrInTheRateSyntax() {
        assertThat(LoadCommand.rates("20, 40/s,4800/m")).containsExactly(Rate.perSecond(20), Rate.perSecond(40),
                Rate.perSecond(80));
    }

    @Test
    void keepsARateBelowOneASecondExact() {
        assertThat(LoadCommand.rates("0.5/s,2/s,30/m,1/m")).containsExactly(new Rate(1, 2 * S), Rate.perSecond(2),
                new Rate(1, 2 * S), new Rate(1, 60 * S));
    }

    @Test
    void aFractionalRateIsSentAtItsIntervalAndPrintedWithoutRounding() throws Exception {
        Path out = tmp.resolve("out");
        List<String> summary = loadAServerThatAnswersAtOnce(out, "--rate", "0.5/s,2.5/s", "--duration", "1s",
                "--warmup", "0", "--connections", "1");
        // 0.5/s in 1 s: the request due at 0 (the next is due at 2 s); 2.5/s: at 0 and 400 and 800 ms
        assertThat(summary.get(1)).startsWith("0.5/s,1.0,1,1,0,0,0,");
        assertThat(summary.get(2)).startsWith("2.5/s,1.0,3,3,0,0,0,");
        assertThat(cli.err()).contains("rates 0.5/s,2.5/s,").contains("tailguard: load 0.5/s ");
        assertThat(cli.out()).contains("At 0.5/s: 1 of 1 scheduled requests answered");
        assertThat(Files.readString(out.resolve("load-spectrum.txt"))).contains("# rate 0.5/s").contains("# rate 2.5/s");
    }

    @Test
    void anUnreachableTargetFailsInOneLineWithExitOne() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        assertThat(cli.run("load", "http://127.0.0.1:" + closedPort + "/", "--rate", "10", "--duration", "1s",
                "--output-dir", tmp.resolve("out").toString())).isEqualTo(1);
        assertThat(cli.err().trim().lines().filter(l -> !l.contains("load http://"))).hasSize(1);
        assertThat(cli.err()).contains("cannot connect to 127.0.0.1:" + closedPort);
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void writesTheSummaryIntervalLogChartsReportAndManifest() throws Exception {
        Path out = tmp.resolve("out");
        List<String> summary = loadAServerThatAnswersAtOnce(out, "--rate", "100,200", "--duration", "500ms",
                "--warmup", "0", "--connections", "2");
        assertThat(summary.get(0)).isEqualTo(
                "rate,duration_s,sent,ok,shed,errors,timeouts,p50_ms,p90_ms,p99_ms,p999_ms,max_ms,behind_max_ms,"
                        + "connections,waits_at_max");
        assertThat(summary).hasSize(3);
        assertThat(summary.get(1)).startsWith("100/s,0.5,50,50,0,0,0,");
        assertThat(summary.get(2)).startsWith("200/s,0.5,100,100,0,0,0,");
        assertThat(cli.err()).contains("tailguard: load 100/s").contains(" sent 50 done 50 ");
        assertThat(cli.out()).contains("of 50 answered out of 50").contains("status 200=50")
                .doesNotContain("1/(1-Percentile)");
        // the spectrum goes to a file; the summary table follows the per-rate text on stdout
        assertThat(Files.readString(out.resolve("load-spectrum.txt"))).contains("# rate 100/s")
                .contains("1/(1-Percentile)");
        for (String file : List.of("load-status.csv", "load-intervals.csv", "load-latency-by-percentile.png",
                "load-latency-over-time.png", "load-latency-by-rate.png", "report.html")) {
            assertThat(out.resolve(file)).isNotEmptyFile();
        }
        assertThat(Files.readString(out.resolve("manifest.json"))).contains("\"file\": \"load-latency.hlog\"")
                .contains("\"--rate\": \"100,200\"");
        long recorded = 0;
        try (FileInputStream in = new FileInputStream(out.resolve("load-latency.hlog").toFile())) {
            HistogramLogReader reader = new HistogramLogReader(in);
            EncodableHistogram h;
            while ((h = reader.nextIntervalHistogram()) != null) {
                recorded += ((org.HdrHistogram.Histogram) h).getTotalCount();
            }
        }
        assertThat(recorded).isEqualTo(150);
    }

    @Test
    void printsOneJsonSummaryOnStdout() throws Exception {
        loadAServerThatAnswersAtOnce(tmp.resolve("out"), "--rate", "100", "--duration", "500ms", "--warmup", "0",
                "--output", "json");
        assertThat(cli.out().lines()).hasSize(1);
        assertThat(cli.out()).startsWith("{\"target\":\"http://127.0.0.1:")
                .contains("{\"rate_per_s\":100,\"duration_s\":0.500,\"scheduled\":50,\"sent\":50,"
                        + "\"answered\":{\"1xx\":0,\"2xx\":50,\"3xx\":0,\"4xx\":0,\"5xx\":0,\"other\":0},"
                        + "\"timeouts\":0,\"timeout_ms\":2000.000,\"lost\":0,")
                .contains("\"waits_at_max\":0,").contains("\"ceiling_per_s\":null")
                .contains("\"latency_from_due_ms\":{\"count\":50,\"p50\":")
                .contains("\"latency_from_write_ms\":{\"count\":50,")
                .contains("\"generator\":{\"behind_max_ms\":");
        assertThat(cli.err()).contains("Wrote ");
    }

    /**
     * Runs {@code tailguard load URL args... --output-dir out} against a server that answers at once,
     * expects exit 0 and returns the lines of the summary it wrote.
     */
    private List<String> loadAServerThatAnswersAtOnce(Path out, String... args) throws Exception {
        try (FreezingServer server = FreezingServer.start(0, Duration.ZERO, Duration.ofSeconds(5),
                NanoClock.system())) {
            List<String> line = new ArrayList<>(List.of("load", "http://127.0.0.1:" + server.port() + "/"));
            line.addAll(List.of(args));
            line.addAll(List.of("--output-dir", out.toString()));
            assertThat(cli.run(line.toArray(String[]::new))).as(cli.err()).isZero();
        }
        return Files.readAllLines(out.resolve("load-summary.csv"));
    }
}
