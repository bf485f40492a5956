package io.tailguard.lab.leases;

import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.LabUsageException;
import io.tailguard.lab.Progress;
import io.tailguard.lab.SpecExperiment;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (stateless) experiment {@code leases}: the RSocket request-lease demo as a simulation.
 * Three servers with the demo's saturable service behind a proxy, one client at 1000 requests/s;
 * the servers' gates are the core {@code LeaseGate}, the proxy's choice a core balancer. Default
 * rows: static leases of 9999, 100 and 30 requests per second, and an adaptive sender targeting
 * 20 ms, all behind the least-loaded balancer. With {@code --heterogeneous} one server saturates
 * twice as early, and the rows compare least-loaded, power-of-two-choices and round robin, each
 * with static leases of 100 and with adaptive leases.
 */
public final class LeasesExperiment extends SpecExperiment {

    static final String HETEROGENEOUS = "--heterogeneous";
    static final int[] STATIC_ROWS = {9999, 100, 30};
    static final int HETEROGENEOUS_STATIC = 100;

    /** Creates the experiment. */
    public LeasesExperiment() {
        super(ExperimentSpec.own("leases",
            "Request leases and least-loaded balancing",
            "Three lease-guarded servers behind a least-loaded proxy at 1000 req/s: static leases of 9999, "
                + "100 and 30 against adaptive ones; --heterogeneous compares least-loaded, p2c and round robin.",
            List.of(
                LabOption.duration(LabOption.DURATION, "60s", Duration.ofHours(1),
                        "How long the client sends 1000 requests/s (virtual time; the first second is warm-up)."),
                LabOption.longValue(LabOption.SEED, 1L, "Seed of every random draw; same seed, same bytes."),
                LabOption.flag(HETEROGENEOUS, "Halve the third server's thresholds (it saturates at 60 per "
                        + "window) and compare least-loaded, p2c and round-robin with static and adaptive leases.")),
            "lab leases --output-dir out/leases",
            "lab leases --heterogeneous --duration 120s --output-dir out/leases-het",
            "lab leases --seed 7 --duration 10s"));
    }

    @Override
    public LabResult run(LabArgs args, Progress progress) {
        Duration duration = args.duration(LabOption.DURATION);
        if (duration.toMillis() < 2_000L) {
            throw LabUsageException.of(LabOption.DURATION, "at least 2s (the first second is warm-up)",
                    args.rawValues().get(LabOption.DURATION));
        }
        long seed = args.longValue(LabOption.SEED);
        boolean heterogeneous = args.flag(HETEROGENEOUS);
        List<LeasesScenario> scenarios = scenarios(duration, seed, heterogeneous);
        progress.begin("lab leases", scenarios.size());
        List<LeasesRow> rows = new ArrayList<>();
        for (LeasesScenario scenario : scenarios) {
            rows.add(LeasesModel.run(scenario));
            progress.step(scenario.label());
        }
        progress.end();
        return LeasesReport.build(title(), rows, seed);
    }

    /** Returns the rows of a run, in table order. */
    static List<LeasesScenario> scenarios(Duration duration, long seed, boolean heterogeneous) {
        List<LeasesScenario> scenarios = new ArrayList<>();
        if (!heterogeneous) {
            for (int leased : STATIC_ROWS) {
                scenarios.add(new LeasesScenario(LeasesScenario.STATIC, LeasesScenario.LEAST_LOADED, leased, duration, seed, false));
            }
            scenarios.add(new LeasesScenario(LeasesScenario.ADAPTIVE, LeasesScenario.LEAST_LOADED, 0, duration, seed, false));
            return scenarios;
        }
        for (String balancer : List.of(LeasesScenario.LEAST_LOADED, LeasesScenario.P2C, LeasesScenario.ROUND_ROBIN)) {
            scenarios.add(new LeasesScenario(LeasesScenario.STATIC, balancer, HETEROGENEOUS_STATIC, duration, seed, true));
            scenarios.add(new LeasesScenario(LeasesScenario.ADAPTIVE, balancer, 0, duration, seed, true));
        }
        return scenarios;
    }

    /** Returns the summary CSV of {@code rows} (the golden-tested table). */
    static CsvTable summary(List<LeasesRow> rows) {
        return LeasesReport.summary(rows);
    }
}
