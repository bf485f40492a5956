package io.tailguard.lab.live.load;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.FileArtifact;
import io.tailguard.lab.Experiment;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.Progress;
import io.tailguard.load.IntervalLog;
import io.tailguard.load.LoadGenerator;
import io.tailguard.load.LoadPlan;
import io.tailguard.load.Spectrum;
import io.tailguard.load.StepResult;
import io.tailguard.time.NanoClock;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Not thread-safe (one run): a live load run shaped as a lab experiment, so that the lab writes
 * its artifacts (CSVs, charts, interval log, report, manifest) all or nothing, as for every
 * experiment. Options are parsed by the {@code tailguard load} command, which passes the plan and the
 * raw values it validated; this declares none.
 */
public final class LoadExperiment implements Experiment {

    private final LoadPlan plan;
    private final PrintWriter out;
    private final PrintWriter err;
    private final List<StepResult> steps = new ArrayList<>();

    /** {@code out} receives each step's summary; null for none (the caller prints the JSON summary). */
    public LoadExperiment(LoadPlan plan, PrintWriter out, PrintWriter err) {
        this.plan = plan;
        this.out = out;
        this.err = err;
    }

    /** Returns the steps run so far. */
    public List<StepResult> steps() {
        return List.copyOf(steps);
    }

    @Override
    public ExperimentSpec spec() {
        return ExperimentSpec.own("load", "tailguard load: " + plan.target().url(),
                "Open-loop HTTP load on a fixed schedule; latency from each request's due time.", List.of());
    }

    @Override
    public LabResult run(LabArgs args, Progress progress) {
        ByteArrayOutputStream hlog = new ByteArrayOutputStream();
        IntervalLog log = new IntervalLog(hlog);
        err.printf("tailguard: load %s: %d to %d connections, %s arrivals, rates %s, warm-up %s, %s each%n",
                plan.target().url(), plan.connections(), plan.maxConnections(), plan.arrivals().label(),
                plan.rates().stream().map(io.tailguard.config.RateText::format).collect(java.util.stream.Collectors.joining(",")),
                args.rawValues().get("--warmup"), args.rawValues().get("--duration"));
        err.flush();
        try (LoadGenerator generator = LoadGenerator.open(plan, NanoClock.system())) {
            for (int step = 0; step < plan.rates().size(); step++) {
                StepResult result = generator.run(step, line -> {
                    err.println("tailguard: " + line);
                    err.flush();
                }, log);
                steps.add(result);
                if (out != null) {
                    out.print(Spectrum.render(result));
                    out.println();
                    out.flush();
                }
            }
        }
        LabResult.Builder result = LabResult.builder(title())
                .printedTable(LoadTables.summary(steps))
                .table(LoadTables.status(steps))
                .table(LoadTables.intervals(steps))
                .file(new FileArtifact("load-latency.hlog", hlog.toByteArray()))
                .file(new FileArtifact("load-spectrum.txt",
                        Spectrum.spectra(steps).getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                .chart(new ChartArtifact("Latency by percentile, from each request's due time",
                        "load-latency-by-percentile.png", LoadCharts.byPercentile(steps)))
                .chart(new ChartArtifact("Latency versus offered rate (p50, p90, p99 of each step)",
                        "load-latency-by-rate.png", LoadCharts.byRate(steps)))
                .chart(new ChartArtifact("Latency over time (p99 and max per second)",
                        "load-latency-over-time.png", LoadCharts.overTime(steps)));
        LoadTables.findings(steps).forEach(result::finding);
        if (plan.arrivals() == io.tailguard.load.Arrivals.POISSON) {
            result.seed(plan.seed());
        }
        return result.build();
    }
}
