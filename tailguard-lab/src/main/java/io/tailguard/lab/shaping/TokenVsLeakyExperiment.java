package io.tailguard.lab.shaping;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.CsvTable;
import io.tailguard.lab.Conclusion;
import io.tailguard.lab.ExperimentSpec;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabResult;
import io.tailguard.lab.Progress;
import io.tailguard.lab.Rows;
import io.tailguard.lab.playground.SeriesExperiment;
import io.tailguard.lab.playground.SeriesOptions;
import io.tailguard.sim.shaping.Gate;
import io.tailguard.sim.shaping.GateClock;
import io.tailguard.sim.shaping.LeakyGate;
import io.tailguard.sim.shaping.PublishedTokenCount;
import io.tailguard.sim.shaping.TokenGate;
import io.tailguard.sim.windowed.ArrivalShape;
import io.tailguard.sim.windowed.DemandCurve;
import io.tailguard.sim.windowed.Server;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Thread-safe (stateless) token-bucket-versus-leaky-bucket experiment: core's token bucket
 * (policing) and leaky-bucket shaper (shaping), both at 100 rps, in front of the series' server
 * under bursty demand, swept over burst sizes; then what each lets through per 100 ms. With the
 * defaults it reproduces the published lab's two CSVs byte for byte: on the published traffic the
 * core classes run behind three small lab adapters (the {@link GateClock#PUBLISHED published
 * clock}, the {@link PublishedTokenCount published count at exact refill ties}, and the
 * {@link LeakyGate published depth}); {@code --gates core} and random arrivals run them as a
 * service deploys them.
 */
public final class TokenVsLeakyExperiment extends SeriesExperiment {

    static final int[] BURSTS = {1, 2, 4, 8, 12, 16, 20, 28, 40, 80};
    static final int SHAPING_BURST = 20;
    static final DemandCurve DEMAND = DemandCurve.bursty(20, 1000, 600, 200);
    static final String SWEEP_FILE = "token-vs-leaky-burst-sweep.csv";
    static final String SHAPING_FILE = "token-vs-leaky-shaping.csv";
    static final String GATES = "--gates";

    private static final ExperimentSpec SPEC = SeriesOptions.spec("token-vs-leaky", "Token Bucket vs Leaky Bucket",
            "Token bucket (policing) against leaky bucket (shaping) under bursts: same goodput, the delay moves from the server to the gate; --gates core drops the published adapters.",
            SeriesOptions.with(42, SeriesOptions.ARRIVALS_SEED, LabOption.choice(GATES, "published", List.of("published", "core"), "Both run core's TokenBucket and " + "LeakyBucketShaper. published: behind the published model's adapters (its floating-point " + "clock, its count at exact refill ties, its depth counting the request in the leak), which " + "the published bytes depend on; core: as a service deploys them (nanosecond clock, shaper " + "polled at each release). Random arrivals always run them as deployed. The findings compare " + "the two.")),
            publishedConclusions(), "--arrivals poisson --seed 11", "--gates core");

    /** Creates the experiment. */
    public TokenVsLeakyExperiment() {
        super(SPEC);
    }

    @Override
    protected LabResult scenario(long windowMs, ArrivalShape traffic, long seed, LabArgs args, Progress progress) {
        boolean core = args.choice(GATES).equals("core") || !traffic.published();
        double[] arrivals = traffic.arrivals(DEMAND, windowMs, seed, "token-vs-leaky");
        progress.begin("lab token-vs-leaky", 4 * BURSTS.length + 1);
        List<BurstRow> rows = sweep(arrivals, core, windowMs, progress);
        List<BurstRow> other = sweep(arrivals, !core, windowMs, progress);
        double[] offered = ShapingModel.offeredRates(arrivals, windowMs);
        double[] token = ShapingModel.releaseRates(arrivals, SHAPING_BURST, tokenGate(core), windowMs);
        double[] leaky = ShapingModel.releaseRates(arrivals, SHAPING_BURST, leakyGate(core), windowMs);
        progress.step("downstream rate");
        progress.end();
        List<List<String>> series = new ArrayList<>();
        for (int w = 0; w < offered.length; w++) {
            series.add(Cells.row("%d,%.1f,%.1f,%.1f", w * 100, offered[w], token[w], leaky[w]));
        }
        CsvTable sweep = CsvTable.of("Burst sweep", SWEEP_FILE, BurstRow.HEADER, rows);
        LabResult.Builder result = LabResult.builder(SeriesOptions.runTitle(title(), traffic, windowMs, ""))
                .printedTable(sweep)
                .records(rows)
                .seedSummary(sweep, "goodput_rps", "reject_pct", "gate_delay_p99_ms")
                .table(new CsvTable("Downstream rate", SHAPING_FILE,
                        List.of("window_start_ms", "offered_rps", "token_bucket_rps", "leaky_bucket_rps"), series))
                .seed(seed);
        ShapingFindings.of(rows).forEach(result::finding);
        result.finding(ShapingFindings.gates(core ? other : rows, core ? rows : other));
        charts(rows, offered, token, leaky).forEach(result::chart);
        return result.build();
    }

    private static List<BurstRow> sweep(double[] arrivals, boolean core, long windowMs, Progress progress) {
        List<BurstRow> rows = new ArrayList<>();
        for (BiFunction<Integer, Gate.Release, Gate> gate : List.of(tokenGate(core), leakyGate(core))) {
            for (int burst : BURSTS) {
                rows.add(ShapingModel.run(arrivals, burst, gate, windowMs));
                progress.step((core ? "core " : "published ") + rows.get(rows.size() - 1).limiter() + " " + burst);
            }
        }
        return rows;
    }

    /** Core's token bucket, as deployed ({@code core}) or behind the published adapters. */
    static BiFunction<Integer, Gate.Release, Gate> tokenGate(boolean core) {
        return (burst, release) -> new TokenGate(burst, release, clock(core), !core);
    }

    /** Core's leaky-bucket shaper, as deployed ({@code core}) or behind the published adapters. */
    static BiFunction<Integer, Gate.Release, Gate> leakyGate(boolean core) {
        return (depth, release) -> new LeakyGate(depth, release, clock(core), !core);
    }

    private static GateClock clock(boolean core) {
        return core ? GateClock.NANOS : GateClock.PUBLISHED;
    }

    private static List<ChartArtifact> charts(List<BurstRow> rows, double[] offered, double[] token, double[] leaky) {
        List<Double> seconds = new ArrayList<>();
        for (int w = 0; w < offered.length; w++) {
            seconds.add(w / 10.0);
        }
        Map<String, List<? extends Number>> rates = new LinkedHashMap<>();
        rates.put("offered", boxed(offered));
        rates.put("token bucket", boxed(token));
        rates.put("leaky bucket", boxed(leaky));
        List<Integer> bursts = new ArrayList<>();
        for (int b : BURSTS) {
            bursts.add(b);
        }
        Map<String, List<? extends Number>> peaks = new LinkedHashMap<>();
        peaks.put("token bucket peak", rows.stream().filter(r -> r.limiter().equals(TokenGate.LABEL))
                .map(BurstRow::downstreamPeak).toList());
        peaks.put("leaky bucket peak", rows.stream().filter(r -> r.limiter().equals(LeakyGate.LABEL))
                .map(BurstRow::downstreamPeak).toList());
        peaks.put("server capacity", bursts.stream().map(b -> Server.CAPACITY_RPS).toList());
        ChartArtifact sweep = new ChartArtifact("Peak rate reaching the server by burst size",
                "token-vs-leaky-burst-sweep.png", Charts.lines("Downstream peak by burst size",
                        "burst capacity / depth", "peak rps", bursts, peaks));
        if (seconds.isEmpty()) {
            // a window shorter than 100 ms has no time series to draw
            return List.of(sweep);
        }
        return List.of(new ChartArtifact("What reaches the server per 100 ms, burst " + SHAPING_BURST,
                "token-vs-leaky-shaping.png", Charts.lines("Downstream rate", "time (s)", "rps", seconds, rates)), sweep);
    }

    private static List<Double> boxed(double[] values) {
        List<Double> out = new ArrayList<>(values.length);
        for (double v : values) {
            out.add(v);
        }
        return out;
    }

    /**
     * The published article's conclusions: at every burst size the token bucket (policing) and the
     * leaky bucket (shaping) deliver the same goodput; the leaky bucket holds the server to its rate
     * where the token bucket lets the burst through.
     */
    private static List<Conclusion<?>> publishedConclusions() {
        return List.of(
                Conclusion.of("token and leaky buckets deliver the same goodput", BurstRow.class, r -> {
                    List<BurstRow> token = limiter(r, "token-bucket");
                    List<BurstRow> leaky = limiter(r, "leaky-bucket");
                    double worst = 0;
                    int at = token.get(0).burst();
                    for (int i = 0; i < token.size(); i++) {
                        double l = leaky.get(i).goodputRps();
                        double gap = Math.abs(token.get(i).goodputRps() - l) / Math.max(l, 1e-9);
                        if (gap > worst) {
                            worst = gap;
                            at = token.get(i).burst();
                        }
                    }
                    return Conclusion.verdict(worst <= 0.05, "goodput differs by up to %.1f %% at burst %d",
                            100 * worst, at);
                }),
                Conclusion.of("at burst 20 the leaky bucket holds the server to 100 rps, the token bucket does not",
                        BurstRow.class, r -> {
                    double token = atShapingBurst(r, "token-bucket").downstreamPeak();
                    double leaky = atShapingBurst(r, "leaky-bucket").downstreamPeak();
                    return Conclusion.verdict(leaky <= 100 && token > leaky, "peak %.0f rps leaky, %.0f token",
                            leaky, token);
                }));
    }

    private static List<BurstRow> limiter(Rows<BurstRow> r, String limiter) {
        return r.where(row -> row.limiter().equals(limiter));
    }

    private static BurstRow atShapingBurst(Rows<BurstRow> r, String limiter) {
        return r.first(row -> row.limiter().equals(limiter) && row.burst() == SHAPING_BURST,
                limiter + " burst " + SHAPING_BURST);
    }
}
