package io.tailguard.lab.live.overload;

import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.Progress;
import io.tailguard.lab.SpecExperiment;
import io.tailguard.lab.live.LiveOptions;
import io.tailguard.proxy.config.ProxyConfig;
import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (stateless) live overload curve: one backend of fixed capacity ({@code --workers}
 * requests at once, {@code --service-time} each) reached directly, through nginx, through HAProxy
 * ({@code maxconn} + {@code timeout queue}) and through the tailguard proxy (fixed cap + CoDel
 * queue, then an adaptive limit), at 0.5x to 10x capacity from the open-loop load generator with a
 * client timeout; then the {@code tailguard-fixed} setup again in the simulator with the same core
 * queue, for the gap between prediction and reality.
 */
public final class OverloadExperiment extends SpecExperiment {

    static final String WORKERS = "--workers";
    static final String QUEUE_TIMEOUT = "--queue-timeout";

    private static final ExperimentSpec SPEC = ExperimentSpec.own("live-overload",
            "The overload curve, live and simulated: direct, nginx, HAProxy and tailguard from 0.5x to 10x capacity",
            "Live (needs nginx, haproxy): goodput and p99 from 0.5x to 10x capacity through each proxy, " + "and tailguard's simulated twin.",
            List.of(
                LabOption.positiveInt(WORKERS, 4, 256, "Requests the backend serves at once (HAProxy maxconn, "
                        + "tailguard's cap)."),
                LabOption.duration(LiveOptions.SERVICE_TIME, "20ms", Duration.ofSeconds(10), "Each request's "
                        + "service time; capacity = workers / service time (200 requests/s by default)."),
                LabOption.duration(LiveOptions.CLIENT_TIMEOUT, "1s", Duration.ofMinutes(1), "A request not "
                        + "answered this long after its due time fails; goodput counts successes within it."),
                LabOption.duration(QUEUE_TIMEOUT, "500ms", Duration.ofMinutes(1), "HAProxy's timeout queue and "
                        + "tailguard's queue timeout."),
                LabOption.duration(LiveOptions.WARMUP, "2s", Duration.ofMinutes(5),
                        "Load sent before each measurement."),
                LabOption.duration(LabOption.DURATION, "6s", Duration.ofMinutes(10),
                        "Measured time per setup and load."),
                LiveOptions.setup(OverloadSetup.labels(), "Which live setup to run; all runs the five in this order. "
                        + "The simulated twin always runs."),
                LabOption.fraction(LiveOptions.SCALE, "1", "Multiplies the warm-up and measured times; 0.1 runs "
                        + "ten times faster (capacity and timeouts unchanged).")),
            "lab live-overload",
            "lab live-overload --scale 0.2 --output-dir out/overload",
            "lab live-overload --setup tailguard-fixed",
            "lab live-overload --workers 8 --service-time 10ms --client-timeout 500ms --queue-timeout 250ms");

    /** Creates the experiment. */
    public OverloadExperiment() {
        super(SPEC);
    }

    @Override
    public LabResult run(LabArgs args, Progress progress) {
        OverloadPlan plan = OverloadPlan.scaled(args.intValue(WORKERS), args.duration(LiveOptions.SERVICE_TIME),
                args.duration(LiveOptions.CLIENT_TIMEOUT), args.duration(QUEUE_TIMEOUT),
                args.duration(LiveOptions.WARMUP), args.duration(LabOption.DURATION), args.fraction(LiveOptions.SCALE));
        List<OverloadSetup> setups = args.chosen(LiveOptions.SETUP, List.of(OverloadSetup.values()), OverloadSetup::label);
        setups.forEach(OverloadSetup::requirePrograms);

        NanoClock clock = NanoClock.system();
        List<OverloadRow> rows = new ArrayList<>();
        progress.begin("lab live-overload", setups.size() * plan.loads().size() + 1);
        for (OverloadSetup setup : setups) {
            rows.addAll(OverloadLiveRun.run(setup, plan, clock, progress::step));
        }
        ProxyConfig config = TailguardFront.config(plan, false);
        for (double x : plan.loads()) {
            rows.add(SimTwin.row(plan, config, x));
        }
        List<OverloadRow> check = new ArrayList<>();
        OverloadFindings.effectiveService(rows, plan).ifPresent(held -> plan.loads()
                .forEach(x -> check.add(SimTwin.jittered(plan, config, x, held))));
        progress.step("simulated twin");
        progress.end();

        LabResult.Builder result = LabResult.builder(title()).printedTable(OverloadTables.table(rows));
        OverloadFindings.of(rows, plan).forEach(result::finding);
        OverloadFindings.check(rows, check, plan).ifPresent(result::finding);
        OverloadTables.charts(rows, plan).forEach(result::chart);
        return result.build();
    }
}
