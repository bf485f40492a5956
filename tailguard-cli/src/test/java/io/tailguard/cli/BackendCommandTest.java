package io.tailguard.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BackendCommandTest {

    private static void assertUsageError(String line, String... args) {
        CliRun run = new CliRun();
        assertThat(run.run(args)).isEqualTo(2);
        assertThat(run.err()).isEqualTo("tailguard: " + line + System.lineSeparator());
    }

    @Test
    void badValuesAreOneLineAndExitTwo() {
        assertUsageError("--lease must be static:N/TTL (e.g. static:100/1s) or adaptive:TARGET (e.g. adaptive:20ms) "
                + "but was 'static:100'", "backend", "--lease", "static:100");
        assertUsageError("--lease latency target must be a positive duration like 10s, 250ms or 500us but was 0ms",
                "backend", "--lease", "adaptive:0ms");
        assertUsageError("--saturable must be steps 'count=>ms' separated by ';', counts increasing, the last step "
                + "without a count (e.g. 10=>2;50=>5;120=>20;=>5000) but was '10=>2'", "backend", "--saturable", "10=>2");
        assertUsageError("--listen must be HOST:PORT with a port from 0 to 65535, e.g. 127.0.0.1:8080, but was nowhere",
                "backend", "--listen", "nowhere");
    }

    @Test
    void aServiceDescriptionIsReadByThePlansParserAndExcludesTheLeaseOptions() {
        assertUsageError("--service must be 'workers=N, time=DIST' with optional slowdown=TABLE and refused=SHARE but "
                + "'workers=8' lacks time", "backend", "--service", "workers=8");
        assertUsageError("--service time must be fixed(20ms), exp(20ms), lognormal(p50=40ms,p99=300ms), "
                + "mix(0.9:fixed(5ms),0.1:fixed(200ms)) or file(latencies.txt) but was 'gamma(5ms)'",
                "backend", "--service", "workers=8, time=gamma(5ms)");
        assertUsageError("--lease must be left out with --service (the lease demo's option) but was given",
                "backend", "--service", "workers=8, time=fixed(20ms)", "--lease", "static:100/1s");
    }

    @Test
    void helpTeachesTheProtocolWithExamples() {
        CliRun run = new CliRun();
        assertThat(run.run("backend", "--help")).isZero();
        assertThat(run.out()).contains("GET /.well-known/tailguard/lease", "lease-exhausted",
                "tailguard backend --listen 127.0.0.1:8309 --lease static:100/1s &", "tailguard lab leases --live",
                "--service 'workers=8, time=lognormal(p50=40ms,p99=300ms)'");
    }

    @Test
    void labLeasesRunsLiveOnlyWithLive() {
        CliRun run = new CliRun();
        assertThat(run.run("lab", "leases", "--scale", "0.1")).isEqualTo(2);
        assertThat(run.err()).contains("--scale must be used with --live but was given without it");
        CliRun help = new CliRun();
        assertThat(help.run("lab", "leases", "--help")).isZero();
        assertThat(help.out()).contains("--live", "tailguard lab leases --live --scale 0.1");
    }
}
