package io.tailguard.lab.live.leases;

import io.netty.util.internal.logging.InternalLoggerFactory;
import io.netty.util.internal.logging.JdkLoggerFactory;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.LabUsageException;
import io.tailguard.lab.Progress;
import io.tailguard.lab.SpecExperiment;
import io.tailguard.lab.leases.LeasesExperiment;
import io.tailguard.lab.live.LiveOptions;
import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Thread-safe (stateless) live twin of the simulated {@code lab leases}, run as
 * {@code tailguard lab leases --live}: the RSocket request-lease demo over real sockets. Per row,
 * three backends that grant leases (the code of {@code tailguard backend}), the tailguard proxy
 * balancing by lease in its own JVM and the open-loop load generator at 1000 requests/s, all on
 * 127.0.0.1. The simulated rows come from {@link LeasesExperiment} through its public result, and
 * the report puts each live row beside its simulated one.
 */
public final class LeasesLiveExperiment extends SpecExperiment {

    static final String HETEROGENEOUS = "--heterogeneous";
    /** Load before each row's measured span, as the simulation leaves out its first second. */
    static final Duration WARMUP = Duration.ofSeconds(1);
    /** The shortest simulated run: the simulated experiment's default. */
    static final Duration SIMULATED = Duration.ofSeconds(60);

    private static final ExperimentSpec SPEC = ExperimentSpec.own("leases-live",
            "Request leases live: three lease-granting backends behind the tailguard proxy at 1000 req/s, beside " + "the simulation",
            "the RSocket lease demo over loopback (three backends, the proxy balancing by lease, 1000 req/s), " + "each row beside its simulated twin.",
            List.of(
                LabOption.duration(LabOption.DURATION, "20s", Duration.ofMinutes(10),
                        "Measured time per row, after 1 s of warm-up load (10 s for adaptive rows: the sender's slow "
                                + "start); the simulated rows run 60 s or this long."),
                LabOption.fraction(LiveOptions.SCALE, "1",
                        "Multiplies --duration and the warm-up; 0.1 runs ten times faster."),
                LabOption.longValue(LabOption.SEED, 1L, "Seed of the backends' delays and of the simulated rows."),
                LabOption.flag(HETEROGENEOUS, "The third backend saturates at 60 per window: least-loaded by lease "
                        + "against p2c on latency and round robin, static 100 and adaptive leases.")),
            "lab leases --live", "lab leases --live --duration 60s --output-dir out/leases-live", "lab leases --live --scale 0.1", "lab leases --live --heterogeneous");

    /** Creates the experiment. */
    public LeasesLiveExperiment() {
        super(SPEC);
    }

    @Override
    public LabResult run(LabArgs args, Progress progress) {
        double scale = args.fraction(LiveOptions.SCALE);
        Duration duration = Duration.ofNanos(Math.round(args.duration(LabOption.DURATION).toNanos() * scale));
        Duration warmup = Duration.ofNanos(Math.round(WARMUP.toNanos() * scale));
        if (duration.toMillis() < 1_000L) {
            throw LabUsageException.of(LabOption.DURATION, "at least 1s once multiplied by --scale",
                    args.rawValues().get(LabOption.DURATION) + " x " + args.rawValues().get(LiveOptions.SCALE));
        }
        long seed = args.longValue(LabOption.SEED);
        boolean heterogeneous = args.flag(HETEROGENEOUS);
        List<LeaseRow> rows = LeaseRow.plan(heterogeneous);
        NanoClock clock = NanoClock.system();
        // the load generator's and backends' Netty would otherwise pick up an unbound SLF4J and warn
        InternalLoggerFactory.setDefaultFactory(JdkLoggerFactory.INSTANCE);

        progress.begin("lab leases --live", rows.size() + 1);
        Map<LeaseRow.Balancer, List<LeaseRow>> byBalancer = new LinkedHashMap<>();
        rows.forEach(row -> byBalancer.computeIfAbsent(row.balancer(), b -> new ArrayList<>()).add(row));
        List<LiveResult> live = new ArrayList<>();
        for (List<LeaseRow> group : byBalancer.values()) {
            live.addAll(LeasesLiveRun.run(group, row -> row.warmup(warmup, scale), duration, seed, clock,
                    row -> progress.step(row.label())));
        }
        Map<String, SimRow> sim = simulated(duration, seed, heterogeneous);
        progress.step("simulated rows");
        progress.end();

        LabResult.Builder result = LabResult.builder(title())
                .printedTable(LeasesLiveTables.summary(live))
                .printedTable(LeasesLiveTables.gaps(live, sim))
                .chart(LeasesLiveTables.chart(live, sim))
                .seed(seed);
        LeasesTargets.findings(live, sim, heterogeneous).forEach(result::finding);
        return result.build();
    }

    /**
     * The simulated rows: the simulated experiment's default 60 s (its rates after the first
     * second), or longer for a longer live span. Static rows are steady from the first second; the
     * adaptive row's slow start then weighs as little as the live row's warm-up leaves out.
     */
    private static Map<String, SimRow> simulated(Duration measured, long seed, boolean heterogeneous) {
        LeasesExperiment simulation = new LeasesExperiment();
        Map<String, String> given = new LinkedHashMap<>();
        given.put(LabOption.DURATION, Math.max(SIMULATED.toMillis(), measured.toMillis() + 1_000L) + "ms");
        given.put(LabOption.SEED, Long.toString(seed));
        if (heterogeneous) {
            given.put(HETEROGENEOUS, "true");
        }
        return SimRow.from(simulation.run(LabArgs.parse(simulation, given, List.of()), Progress.silent()));
    }
}
