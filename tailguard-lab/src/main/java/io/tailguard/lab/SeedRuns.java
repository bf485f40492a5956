package io.tailguard.lab;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import io.tailguard.artifacts.ConfidenceInterval;
import io.tailguard.artifacts.CsvTable;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Thread-safe (stateless) {@code --seeds K}: runs an experiment that declares
 * {@link LabOption#seed} with seeds N..N+K-1 and adds, to the first seed's result, one CSV and one
 * chart per {@linkplain LabResult.Builder#seedSummary seed summary}, each figure as a mean with a
 * 95 % confidence interval, a finding naming the figures the seed moves most, and one saying in
 * how many seeds each of the experiment's published {@linkplain Conclusions conclusions} held.
 */
public final class SeedRuns {

    /** A figure whose interval is wider than this share of its mean is called seed-sensitive. */
    static final double SENSITIVE = 0.10;

    private SeedRuns() {
    }

    /** Runs {@code experiment} once per seed and returns the combined result. */
    public static LabResult run(Experiment experiment, LabArgs args, Progress progress) {
        int k = args.seeds();
        long first = args.longValue(LabOption.SEED);
        List<LabResult> runs = new ArrayList<>(k);
        for (int i = 0; i < k; i++) {
            runs.add(experiment.run(args.withSeed(first + i), progress));
        }
        LabResult base = runs.get(0);
        if (base.seedSummaries().isEmpty()) {
            throw new IllegalStateException(experiment.name() + " declares --seed but marks no seed summary");
        }
        LabResult.Builder out = LabResult.builder(base.title() + String.format(Locale.ROOT,
                " (seeds %d..%d)", first, first + k - 1));
        base.tables().forEach(out::table);
        List<Figure> figures = new ArrayList<>();
        List<CsvTable> seedTables = new ArrayList<>();
        for (int s = 0; s < base.seedSummaries().size(); s++) {
            List<CsvTable> same = new ArrayList<>();
            for (LabResult r : runs) {
                same.add(r.seedSummaries().get(s));
            }
            List<Figure> table = aggregate(same);
            figures.addAll(table);
            CsvTable csv = csv(experiment.name(), base.seedSummaries().get(s), table, s, first, k);
            seedTables.add(csv);
            out.table(csv);
            out.chart(chart(csv, chartable(table, base.seedCharts().get(s)), k));
        }
        base.charts().forEach(out::chart);
        base.ranAlso().forEach(out::ranAlso);
        Conclusions.acrossSeeds(experiment.spec().conclusions(), Conclusions.conditions(experiment, args, true), runs, first)
                .ifPresent(p -> out.verdicts(p, Conclusions.verdictsAcrossSeeds(experiment.spec().conclusions(), runs, first)));
        out.finding(finding(figures, first, k));
        base.findings().forEach(f -> out.finding("Seed " + first + ": " + f));
        base.files().forEach(out::file);
        base.seed().ifPresent(out::seed);
        return out.build();
    }

    /** One figure of a summary across seeds. */
    record Figure(String row, String metric, ConfidenceInterval interval) {
        double relativeWidth() {
            double m = Math.abs(interval.mean());
            return m == 0 ? (interval.halfWidth() == 0 ? 0 : Double.POSITIVE_INFINITY) : interval.halfWidth() / m;
        }
    }

    private static List<Figure> chartable(List<Figure> figures, List<String> columns) {
        return columns.isEmpty() ? figures : figures.stream().filter(f -> columns.contains(f.metric())).toList();
    }

    /**
     * Every cell that is a number in every run, with its row's label and its column's name. A row's
     * label is its other cells; a row of numbers only is labelled by its first column and value. A
     * label several rows share (a sweep's policy names, one row per load level) gets the row's
     * position, so that every line of the seeds CSV names one cell.
     */
    static List<Figure> aggregate(List<CsvTable> runs) {
        CsvTable first = runs.get(0);
        List<Figure> figures = new ArrayList<>();
        List<String> rows = new ArrayList<>();
        List<List<Integer>> numerics = new ArrayList<>();
        for (int r = 0; r < first.rows().size(); r++) {
            List<Integer> numeric = new ArrayList<>();
            List<String> label = new ArrayList<>();
            for (int c = 0; c < first.header().size(); c++) {
                if (numericInAll(runs, r, c)) {
                    numeric.add(c);
                } else {
                    label.add(first.rows().get(r).get(c));
                }
            }
            String row;
            if (label.isEmpty()) {
                int key = numeric.remove(0);
                row = first.header().get(key) + " " + first.rows().get(r).get(key);
            } else {
                row = String.join(" ", label);
            }
            rows.add(row);
            numerics.add(numeric);
        }
        for (int r = 0; r < rows.size(); r++) {
            String row = rows.get(r);
            if (rows.indexOf(row) != rows.lastIndexOf(row)) {
                row = row + " (row " + (r + 1) + ")";
            }
            for (int c : numerics.get(r)) {
                double[] xs = new double[runs.size()];
                for (int i = 0; i < runs.size(); i++) {
                    xs[i] = Double.parseDouble(runs.get(i).rows().get(r).get(c));
                }
                figures.add(new Figure(row, first.header().get(c), ConfidenceInterval.of(xs)));
            }
        }
        return figures;
    }

    private static boolean numericInAll(List<CsvTable> runs, int r, int c) {
        for (CsvTable t : runs) {
            if (t.rows().size() != runs.get(0).rows().size()) {
                throw new IllegalStateException("a seed summary must have the same rows for every seed: "
                        + t.file() + " has " + t.rows().size() + " rows but the first seed had "
                        + runs.get(0).rows().size());
            }
            try {
                double x = Double.parseDouble(t.rows().get(r).get(c));
                if (!Double.isFinite(x)) {
                    return false;
                }
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return true;
    }

    private static CsvTable csv(String experiment, CsvTable summary, List<Figure> figures, int index, long first,
                                int k) {
        String stem = summary.file().substring(0, summary.file().length() - ".csv".length());
        String file = index == 0 ? experiment + "-seeds.csv" : stem + "-seeds.csv";
        CsvTable.Builder t = CsvTable.builder(summary.name() + " over " + k + " seeds", file,
                "row", "metric", "seeds", "first_seed", "mean", "ci95_low", "ci95_high", "ci95_half_width");
        for (Figure f : figures) {
            ConfidenceInterval ci = f.interval();
            t.row(f.row(), f.metric(), Integer.toString(ci.n()), Long.toString(first), f3(ci.mean()),
                    f3(ci.low()), f3(ci.high()), f3(ci.halfWidth()));
        }
        return t.build();
    }

    private static ChartArtifact chart(CsvTable csv, List<Figure> figures, int k) {
        Map<String, Map<String, ConfidenceInterval>> byMetric = new LinkedHashMap<>();
        List<String> rows = new ArrayList<>();
        for (Figure f : figures) {
            byMetric.computeIfAbsent(f.metric(), m -> new LinkedHashMap<>()).put(f.row(), f.interval());
            if (!rows.contains(f.row())) {
                rows.add(f.row());
            }
        }
        String png = csv.file().substring(0, csv.file().length() - ".csv".length()) + ".png";
        String title = "Mean and 95 % interval over " + k + " seeds";
        return new ChartArtifact(csv.name(), png, Charts.barsWithIntervals(title, "row", "value", rows, byMetric));
    }

    static String finding(List<Figure> figures, long first, int k) {
        List<Figure> sensitive = figures.stream().filter(f -> f.relativeWidth() > SENSITIVE)
                .sorted(Comparator.comparingDouble(Figure::relativeWidth).reversed()).toList();
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT,
                "Over %d seeds (%d..%d), %d of %d summary figures have a 95 %% interval within %.0f %% of "
                        + "their mean.", k, first, first + k - 1, figures.size() - sensitive.size(), figures.size(),
                SENSITIVE * 100));
        if (!sensitive.isEmpty()) {
            text.append(" The seed moves most: ");
            for (int i = 0; i < Math.min(3, sensitive.size()); i++) {
                Figure f = sensitive.get(i);
                text.append(i == 0 ? "" : "; ").append(String.format(Locale.ROOT, "%s %s %.3f ± %.3f",
                        f.row(), f.metric(), f.interval().mean(), f.interval().halfWidth()));
            }
            text.append(". A single-seed figure there is one draw, not the answer.");
        }
        return text.toString();
    }

    private static String f3(double x) {
        return String.format(Locale.ROOT, "%.3f", x);
    }
}
