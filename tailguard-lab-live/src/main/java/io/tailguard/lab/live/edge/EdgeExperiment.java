package io.tailguard.lab.live.edge;

import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.Progress;
import io.tailguard.lab.SpecExperiment;
import io.tailguard.lab.live.LiveOptions;
import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (stateless) live reproduction of the Square article on bounded queues at the edge:
 * ten clients against a Rack app that sleeps five seconds on a one-thread Puma, behind nginx (as
 * the article configured it, then with {@code max_conns=3}), HAProxy ({@code maxconn 1},
 * {@code timeout queue}) and the tailguard proxy (cap 1, bounded queue, client deadline), each
 * again with clients that give up. Real processes on 127.0.0.1, real time; {@code --scale} shrinks
 * every time for tests.
 */
public final class EdgeExperiment extends SpecExperiment {

    static final String PROXY_TIMEOUT = "--proxy-timeout";
    static final String CLIENTS = "--clients";
    static final String GAP = "--gap";
    static final String QUEUE = "--queue";
    static final String PUMA = "--puma";

    private static final ExperimentSpec SPEC = ExperimentSpec.own("edge",
            "Bounded queues at the edge, live: nginx, HAProxy and tailguard in front of a one-thread Puma",
            "Live (needs nginx, puma, haproxy): the article's 10 slow requests through real proxies; " + "who makes the backend work for clients that left.",
            List.of(
                LabOption.duration(LiveOptions.SERVICE_TIME, "5s", Duration.ofMinutes(1),
                        "How long the Rack app sleeps per request."),
                LabOption.duration(LiveOptions.CLIENT_TIMEOUT, "12s", Duration.ofMinutes(10),
                        "When clients of the -client-timeout setups give up (also sent as X-Request-Timeout-Ms)."),
                LabOption.duration(PROXY_TIMEOUT, "30s", Duration.ofMinutes(10), "nginx proxy_read_timeout, HAProxy "
                        + "timeout queue and timeout server, tailguard's queue timeout."),
                LabOption.positiveInt(CLIENTS, 10, 100, "Clients per setup, one request each."),
                LabOption.duration(GAP, "100ms", Duration.ofSeconds(10), "Time between two clients' starts."),
                LabOption.positiveInt(QUEUE, 1, 1000, "How many requests tailguard lets wait for the backend: "
                        + "(client timeout / service time) - 1 = 1 by default; deeper waits outlast the clients."),
                LabOption.fraction(LiveOptions.SCALE, "1", "Multiplies every time above; 0.1 runs ten times faster."),
                LiveOptions.setup(EdgeSetup.names(), "Which setup to run; all runs the eight in this order."),
                LabOption.choice(PUMA, "installed", List.of("installed", "article"), "installed: Puma as it is "
                        + "(since 3.10 it skips a queued request whose connection closed); article: that check "
                        + "off, like the article's Puma 3.9, which served every request it had read.")),
            "lab edge",
            "lab edge --scale 0.1 --output-dir out/edge",
            "lab edge --setup haproxy-client-timeout",
            "lab edge --setup nginx --puma article",
            "lab edge --service-time 2s --client-timeout 5s --proxy-timeout 10s");

    /** Creates the experiment. */
    public EdgeExperiment() {
        super(SPEC);
    }

    @Override
    public LabResult run(LabArgs args, Progress progress) {
        double scale = args.fraction(LiveOptions.SCALE);
        EdgeTiming timing = EdgeTiming.scaled(args.duration(LiveOptions.SERVICE_TIME), args.duration(GAP),
                args.duration(PROXY_TIMEOUT), args.duration(LiveOptions.CLIENT_TIMEOUT), args.intValue(CLIENTS),
                args.intValue(QUEUE), scale);
        List<EdgeSetup> setups = args.chosen(LiveOptions.SETUP, EdgeSetup.all(), EdgeSetup::name);
        EdgeRun.requirePrograms(setups);

        boolean pumaPrecheck = args.choice(PUMA).equals("installed");
        NanoClock clock = NanoClock.system();
        List<EdgeRow> rows = new ArrayList<>();
        List<EdgeSummary> summaries = new ArrayList<>();
        progress.begin("lab edge", setups.size());
        for (EdgeSetup setup : setups) {
            List<EdgeRow> own;
            try {
                own = EdgeRun.run(setup, timing, pumaPrecheck, clock);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted during setup " + setup.name(), e);
            }
            rows.addAll(own);
            summaries.add(EdgeSummary.of(setup.name(), own));
            progress.step(setup.name());
        }
        progress.end();

        CsvTable summary = EdgeTables.summary(summaries);
        LabResult.Builder result = LabResult.builder(title())
                .printedTable(summary)
                .table(EdgeTables.requests(rows));
        EdgeFindings.of(summaries, rows, timing, pumaPrecheck).forEach(result::finding);
        EdgeTables.charts(summaries, rows, timing).forEach(result::chart);
        return result.build();
    }
}
