package io.tailguard.cli.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.cli.CliRun;
import io.tailguard.config.DurationText;
import io.tailguard.sim.path.PathSimulation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanCommandTest {

    private static final String SERVICE = "app: workers=4, time=fixed(20ms)";

    @TempDir
    Path dir;

    private Path config(String name, String yaml) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, yaml, StandardCharsets.UTF_8);
        return file;
    }

    private Path queueing(String name, int queue) throws IOException {
        return config(name, """
                pools:
                  app:
                    backends: [127.0.0.1:9292, 127.0.0.1:9293]
                    max-conns: 4
                    queue: %d
                    queue-timeout: 10s
                routes:
                  - pool: app
                """.formatted(queue));
    }

    private String[] args(Path config, String out, String... more) {
        List<String> all = new java.util.ArrayList<>(List.of("plan", "--config", config.toString(), "--service",
                SERVICE, "--load", "0.5x,2x", "--duration", "5s", "--patience", "1s", "--output-dir",
                dir.resolve(out).toString()));
        all.addAll(List.of(more));
        return all.toArray(new String[0]);
    }

    @Test
    void writesPlanCsvWithTheIssuedHeaderAndOneRowPerLoad() throws IOException {
        CliRun run = new CliRun();
        assertThat(run.run(args(queueing("proxy.yaml", 20), "out"))).isZero();
        List<String> csv = Files.readAllLines(dir.resolve("out/plan.csv"));
        assertThat(csv.get(0)).isEqualTo("config,pool,load_x,offered_rps,goodput_rps,rejected_rps,p50_ms,p99_ms,"
                + "p999_ms,wasted_backend_s");
        assertThat(csv).hasSize(3);
        assertThat(csv.get(1)).startsWith("proxy.yaml,app,0.500,");
        assertThat(Files.readAllLines(dir.resolve("out/plan-rejections.csv")).get(0))
                .isEqualTo("config,pool,load_x,reason,rps");
        assertThat(dir.resolve("out/report.html")).exists();
        assertThat(dir.resolve("out/manifest.json")).exists();
        assertThat(dir.resolve("out/plan-goodput.png")).exists();
        assertThat(run.out()).contains("proxy.yaml pool app: capacity 400.0 requests/s");
        assertThat(run.err()).contains("tailguard: plan proxy.yaml pool app at 2x (800.0/s), seed 1");
    }

    @Test
    void atHalfCapacityEveryRequestIsGoodputAtTheServiceTimeAndTheHop() throws IOException {
        CliRun run = new CliRun();
        assertThat(run.run(args(queueing("proxy.yaml", 20), "out", "--arrivals", "constant", "--hop", "2ms")))
                .isZero();
        String[] half = Files.readAllLines(dir.resolve("out/plan.csv")).get(1).split(",");
        assertThat(half[3]).isEqualTo(half[4]); // offered = goodput
        assertThat(Double.parseDouble(half[7])).isBetween(22.0, 22.1);
        assertThat(new CliRun().run(args(queueing("proxy.yaml", 20), "default", "--arrivals", "constant"))).isZero();
        String[] byDefault = Files.readAllLines(dir.resolve("default/plan.csv")).get(1).split(",");
        double hopMs = DurationText.parseNonNegative("hop", PathSimulation.DEFAULT_HOP).toNanos() / 1e6;
        assertThat(Double.parseDouble(byDefault[7])).isBetween(20.0 + hopMs, 20.1 + hopMs);
    }

    @Test
    void refusesAHopThatIsNoDurationWithExit2() throws IOException {
        CliRun run = new CliRun();
        assertThat(run.run(args(queueing("proxy.yaml", 20), "out", "--hop", "fast"))).isEqualTo(2);
        assertThat(run.err()).contains("--hop must be 0 or a duration like 2ms, 500us or 10s but was fast");
    }

    @Test
    void theSameSeedWritesTheSameBytes() throws IOException {
        Path config = queueing("proxy.yaml", 20);
        assertThat(new CliRun().run(args(config, "one"))).isZero();
        assertThat(new CliRun().run(args(config, "two"))).isZero();
        assertThat(Files.readAllBytes(dir.resolve("two/plan.csv"))).isEqualTo(Files.readAllBytes(dir.resolve("one/plan.csv")));
        assertThat(Files.readAllBytes(dir.resolve("two/plan-rejections.csv")))
                .isEqualTo(Files.readAllBytes(dir.resolve("one/plan-rejections.csv")));
    }

    @Test
    void refusesABadConfigWithTheProxysOwnLineAndExit2() throws IOException {
        Path bad = config("bad.yaml", "pools:\n  app:\n    backends: [127.0.0.1:9292]\n    max-conns: -3\n");
        CliRun run = new CliRun();
        assertThat(run.run(args(bad, "out"))).isEqualTo(2);
        assertThat(run.err()).isEqualTo("tailguard: pools.app.max-conns must be an integer from 1 to 65536 but was -3"
                + System.lineSeparator());
    }

    @Test
    void refusesAServiceForAPoolTheConfigLacks() throws IOException {
        CliRun run = new CliRun();
        String[] args = args(queueing("proxy.yaml", 20), "out");
        args[4] = "web: workers=2, time=fixed(5ms)";
        assertThat(run.run(args)).isEqualTo(2);
        assertThat(run.err()).contains("--service must name a pool of proxy.yaml (app) but was 'web'");
    }

    @Test
    void exitsOneNamingEachMissedSlo() throws IOException {
        CliRun run = new CliRun();
        int code = run.run(args(queueing("proxy.yaml", 2000), "out", "--slo", "p99<=100ms@2x", "--slo",
                "goodput>=0.1@2x"));
        assertThat(code).isEqualTo(1);
        assertThat(run.err()).contains("tailguard: plan misses p99<=100ms@2x on pool app: p99 was");
        assertThat(run.err()).doesNotContain("misses goodput");
    }

    @Test
    void comparesTwoConfigsOnTheSameArrivals() throws IOException {
        Path shed = queueing("shed.yaml", 0);
        Path queue = queueing("queue.yaml", 2000);
        CliRun run = new CliRun();
        assertThat(run.run(args(shed, "out", "--compare", queue.toString()))).isZero();
        List<String> csv = Files.readAllLines(dir.resolve("out/plan.csv"));
        assertThat(csv).hasSize(5);
        assertThat(csv.get(1).split(",")[3]).isEqualTo(csv.get(3).split(",")[3]); // same offered at 0.5x
        assertThat(csv.get(2)).startsWith("shed.yaml,app,2.000,");
        assertThat(csv.get(4)).startsWith("queue.yaml,app,2.000,");
        // at 2x, shedding answers half at once; a deep queue makes clients wait until they leave
        double shedGoodput = Double.parseDouble(csv.get(2).split(",")[4]);
        double queueGoodput = Double.parseDouble(csv.get(4).split(",")[4]);
        assertThat(shedGoodput).isGreaterThan(queueGoodput);
        assertThat(Files.readString(dir.resolve("out/plan-rejections.csv"))).contains("shed.yaml,app,2.000,"
                + "concurrency_limited,").contains("queue.yaml,app,2.000,client_gone,");
    }

    @Test
    void severalSeedsAddIntervalsAndAverageThePlan() throws IOException {
        CliRun run = new CliRun();
        assertThat(run.run(args(queueing("proxy.yaml", 20), "out", "--seeds", "3"))).isZero();
        List<String> intervals = Files.readAllLines(dir.resolve("out/plan-intervals.csv"));
        assertThat(intervals.get(0)).isEqualTo("config,pool,load_x,seeds,goodput_rps_mean,goodput_rps_ci95,p99_ms_mean,"
                + "p99_ms_ci95");
        assertThat(intervals).hasSize(3);
        String[] half = intervals.get(1).split(",");
        assertThat(half[3]).isEqualTo("3");
        // below capacity goodput is what Poisson arrivals offered, which differs by seed
        assertThat(Double.parseDouble(half[5])).as("seeds differ, so the interval has a width").isPositive();
        String[] planHalf = Files.readAllLines(dir.resolve("out/plan.csv")).get(1).split(",");
        assertThat(planHalf[4]).as("plan.csv holds the mean").isEqualTo(half[4]);
        assertThat(run.err()).contains("seed 1").contains("seed 2").contains("seed 3");
    }

    @Test
    void saysWhenAPoolBalancesByLeasesThePlanDoesNotGrant() throws IOException {
        Path config = config("leases.yaml", """
                pools:
                  app:
                    backends: [127.0.0.1:9292, 127.0.0.1:9293]
                    max-conns: 4
                    balancer: p2c-by-availability
                routes:
                  - pool: app
                """);
        CliRun run = new CliRun();
        assertThat(run.run(args(config, "out"))).isZero();
        assertThat(run.err()).contains("tailguard: leases.yaml pool app balances by lease (p2c-by-availability); the "
                + "plan's backends grant no leases");
    }
}
