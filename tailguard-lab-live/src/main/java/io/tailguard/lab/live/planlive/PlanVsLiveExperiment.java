package io.tailguard.lab.live.planlive;

import io.tailguard.artifacts.FileArtifact;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.LabUsageException;
import io.tailguard.lab.Progress;
import io.tailguard.lab.SpecExperiment;
import io.tailguard.lab.live.LiveOptions;
import io.tailguard.sim.path.PathSimulation;
import io.tailguard.time.NanoClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Thread-safe (stateless): {@code lab plan-vs-live}, the plan checked against the live proxy. For
 * each scenario (a proxy configuration and {@code --service} backends) and each load, the real
 * proxy runs in this JVM from the configuration file the experiment writes, in front of
 * {@code tailguard backend --service} backends, driven by the open-loop generator with the clients'
 * patience as timeout; then the plan's own simulation runs the same configuration and description.
 * The CSV puts both side by side with the gaps.
 */
public final class PlanVsLiveExperiment extends SpecExperiment {

    static final String SCENARIO = "--scenario";
    static final String LOADS = "--loads";
    static final String PATIENCE = "--patience";
    static final String PLAN_SEEDS = "--plan-seeds";
    static final String HOP = "--hop";

    private static final ExperimentSpec SPEC = ExperimentSpec.own("plan-vs-live",
            "tailguard plan against the live proxy: five configurations from 0.5x to 10x capacity",
            "Live: the real proxy in front of --service backends on loopback, and tailguard plan's simulation of "
                    + "the same configuration and description, with the gap at each load.",
            List.of(
                LabOption.oneOrAll(SCENARIO, Scenario.labels(), "Which scenario to run; all runs the five in this order."),
                LabOption.text(LOADS, "0.5,1,2,5,10", "X,X,...", "Loads as multiples of capacity (workers x backends "
                        + "/ mean service time, as tailguard plan computes it)."),
                LabOption.duration(PATIENCE, "1s", Duration.ofMinutes(1), "How long a client waits: the plan's "
                        + "--patience and the generator's timeout."),
                LabOption.duration(LiveOptions.WARMUP, "1s", Duration.ofMinutes(1), "Live load sent before each measurement."),
                LabOption.duration(LabOption.DURATION, "3s", Duration.ofMinutes(10), "Live measured time per scenario and load."),
                LabOption.duration(HOP, PathSimulation.DEFAULT_HOP, Duration.ofSeconds(1), "The plan's --hop: the "
                        + "proxy's time per forward, to the backend and back, while the backend's worker waits."),
                LabOption.positiveInt(PLAN_SEEDS, 10, 1000, "Plan runs per scenario and load, each over the live "
                        + "step's warm-up and measured time; the CSV has their medians."),
                LabOption.longValue(LabOption.SEED, 1, "Seed of the service times, the live arrivals and the plan.")),
            "lab plan-vs-live",
            "lab plan-vs-live --scenario p2c-slow --duration 10s",
            "lab plan-vs-live --scenario codel-deadline --loads 1,5 --warmup 500ms --duration 1s");

    /** Creates the experiment. */
    public PlanVsLiveExperiment() {
        super(SPEC);
    }

    @Override
    public LabResult run(LabArgs args, Progress progress) {
        List<Scenario> scenarios = args.chosen(SCENARIO, List.of(Scenario.values()), Scenario::label);
        List<Double> loads = loads(args.text(LOADS));
        Duration patience = args.duration(PATIENCE);
        long seed = args.longValue(LabOption.SEED);
        NanoClock clock = NanoClock.system();
        Path configDir = configDir();
        List<GapRow> rows = new ArrayList<>();
        Map<String, Double> capacities = new LinkedHashMap<>();
        LabResult.Builder result = LabResult.builder(title());
        progress.begin("lab plan-vs-live", scenarios.size() * loads.size());
        try {
            // the proxy, backends and generator share this JVM: one unrecorded step at 1x first, so
            // the first recorded one does not measure the JIT compiling the proxy's path
            Scenario first = scenarios.get(0);
            LiveSide.run(first, Math.round(first.capacityRps()), patience, Duration.ZERO, args.duration(LiveOptions.WARMUP), seed,
                    configDir, clock);
            for (Scenario scenario : scenarios) {
                double capacity = scenario.capacityRps();
                capacities.put(scenario.label(), capacity);
                for (double x : loads) {
                    long rps = Math.max(1, Math.round(x * capacity));
                    LiveFigures live = LiveSide.run(scenario, rps, patience, args.duration(LiveOptions.WARMUP),
                            args.duration(LabOption.DURATION), seed, configDir, clock);
                    // the plan gets the rate the live clients drew: over a few seconds a Poisson count
                    // strays from the nominal rate by several percent, and a rate limit is not linear in it
                    PlanFigures plan = PlanSide.run(scenario, live.perSecond(live.offered()), patience,
                            args.duration(LiveOptions.WARMUP), args.duration(LabOption.DURATION), args.duration(HOP), seed,
                            args.intValue(PLAN_SEEDS));
                    rows.add(new GapRow(scenario.label(), x, rps, live.perSecond(live.offered()),
                            plan.offeredRps(), live.perSecond(live.goodput()), plan.goodputRps(),
                            live.goodputMillis(99), plan.p99Millis(), plan.p99LowMillis(), plan.p99HighMillis(),
                            live.perSecond(live.rejected()), plan.rejectedRps(), live.perSecond(live.timeouts()),
                            plan.goneRps(), live.perSecond(live.errors()), live.backend().serviceMs(), live.backend().lateMs(),
                            live.backend().idleMs(), live.limit(),
                            plan.limit()));
                    progress.step(scenario.label() + " " + GapTables.loadX(x) + "x");
                }
                Path config = configDir.resolve(scenario.label() + ".yaml");
                result.file(new FileArtifact("plan-vs-live-" + scenario.label() + ".yaml", Files.readAllBytes(config)));
                Files.delete(config);
            }
            Files.delete(configDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            progress.end();
        }
        result.printedTable(GapTables.table(rows));
        GapFindings.of(scenarios, rows, capacities, args.duration(HOP)).forEach(result::finding);
        GapTables.charts(rows, loads, capacities).forEach(result::chart);
        return result.build();
    }

    private static List<Double> loads(String text) {
        List<Double> loads = new ArrayList<>();
        for (String part : text.split(",")) {
            try {
                double x = Double.parseDouble(part.trim());
                if (x > 0 && x <= 100) {
                    loads.add(x);
                    continue;
                }
            } catch (NumberFormatException notANumber) {
                // answered below
            }
            throw new LabUsageException(LOADS + " must be multiples of capacity from 0 to 100 separated by commas "
                    + "but was '" + text + "'");
        }
        return loads;
    }

    private static Path configDir() {
        try {
            return Files.createTempDirectory("tailguard-plan-vs-live");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
