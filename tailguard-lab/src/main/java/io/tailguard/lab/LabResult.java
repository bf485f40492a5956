package io.tailguard.lab;

import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.CsvTable;
import io.tailguard.artifacts.FileArtifact;
import io.tailguard.artifacts.Report;
import io.tailguard.artifacts.Verdict;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Not thread-safe (charts are mutable XChart objects): everything one experiment run produced.
 * The framework writes {@link #tables} as CSVs and {@link #charts} as PNGs, prints
 * {@link #printedTables} and {@link #findings} on the terminal, and puts all of it in the report.
 *
 * @param title         report title
 * @param tables        CSV artifacts, in report order
 * @param printedTables tables (usually a subset of {@code tables}) printed on the terminal
 * @param charts        PNG artifacts
 * @param findings      paragraphs computed from the run (never canned text)
 * @param seed          the seed used, if the run drew random numbers
 * @param files         other artifacts written as given (for example an interval log)
 * @param seedSummaries tables whose numeric cells {@code --seeds} reports as mean and 95 % interval
 * @param seedCharts    per seed summary (same order), the columns its {@code --seeds} chart draws;
 *                      empty for every numeric column
 * @param records       the typed rows behind the tables, which conclusions read as records
 * @param verdicts      one line per published conclusion; when there are any, the first finding is
 *                      the same verdicts as one paragraph, for the terminal, and the report leaves it out
 * @param ranAlso       option → what else the run ran beyond its value, for the report's run table
 */
public record LabResult(String title, List<CsvTable> tables, List<CsvTable> printedTables,
                        List<ChartArtifact> charts, List<String> findings, OptionalLong seed,
                        List<FileArtifact> files, List<CsvTable> seedSummaries,
                        List<List<String>> seedCharts, List<Object> records, List<Verdict> verdicts,
                        Map<String, String> ranAlso) {

    /** Copies the lists. */
    public LabResult {
        tables = List.copyOf(tables);
        printedTables = List.copyOf(printedTables);
        charts = List.copyOf(charts);
        findings = List.copyOf(findings);
        files = List.copyOf(files);
        seedSummaries = List.copyOf(seedSummaries);
        seedCharts = seedCharts.stream().map(List::copyOf).toList();
        records = List.copyOf(records);
        verdicts = List.copyOf(verdicts);
        ranAlso = Collections.unmodifiableMap(new LinkedHashMap<>(ranAlso));
        if (seedCharts.size() != seedSummaries.size()) {
            throw new IllegalArgumentException("seedCharts must have one entry per seed summary but was "
                    + seedCharts.size() + " for " + seedSummaries.size());
        }
    }

    /** Returns what {@link io.tailguard.artifacts.ArtifactWriter} writes for this run of {@code experiment}. */
    public Report report(Experiment experiment, LabArgs args) {
        List<String> shown = verdicts.isEmpty() ? findings : findings.subList(1, findings.size());
        return new Report(experiment.name(), title, experiment.description(), args.commandLine(), args.rawValues(),
                notes(experiment, args), seed, verdicts, tables, printedTables, charts, shown, files);
    }

    /**
     * The run table's note of each argument: "default" when it was not given, and what else the
     * run ran beyond its value, so the table says what actually ran.
     */
    private Map<String, String> notes(Experiment experiment, LabArgs args) {
        Map<String, String> defaults = new LinkedHashMap<>();
        for (LabOption option : LabOption.of(experiment)) {
            defaults.put(option.name(), option.defaultValue());
        }
        Map<String, String> notes = new LinkedHashMap<>();
        for (Map.Entry<String, String> e : args.rawValues().entrySet()) {
            String as = e.getValue().equals(defaults.get(e.getKey())) ? "default" : null;
            String also = ranAlso.get(e.getKey());
            String note = as == null ? also : also == null ? as : as + "; " + also;
            if (note != null) {
                notes.put(e.getKey(), note);
            }
        }
        return notes;
    }

    /**
     * Returns this result with {@code verdicts} and, before its other findings, {@code paragraph}:
     * the same verdicts as one paragraph for the terminal.
     */
    public LabResult withVerdicts(String paragraph, List<Verdict> verdicts) {
        List<String> all = new ArrayList<>(findings.size() + 1);
        all.add(paragraph);
        all.addAll(findings);
        return new LabResult(title, tables, printedTables, charts, all, seed, files, seedSummaries, seedCharts,
                records, verdicts, ranAlso);
    }

    /** Starts a result with its title. */
    public static Builder builder(String title) {
        return new Builder(title);
    }

    /** Not thread-safe builder of a {@link LabResult}. */
    public static final class Builder {
        private final String title;
        private final List<CsvTable> tables = new ArrayList<>();
        private final List<CsvTable> printed = new ArrayList<>();
        private final List<ChartArtifact> charts = new ArrayList<>();
        private final List<String> findings = new ArrayList<>();
        private OptionalLong seed = OptionalLong.empty();
        private final List<FileArtifact> files = new ArrayList<>();
        private final List<CsvTable> seedSummaries = new ArrayList<>();
        private final List<List<String>> seedCharts = new ArrayList<>();
        private final List<Object> records = new ArrayList<>();
        private final List<Verdict> verdicts = new ArrayList<>();
        private String verdictParagraph;
        private final Map<String, String> ranAlso = new LinkedHashMap<>();

        private Builder(String title) {
            this.title = title;
        }

        /** Adds a CSV artifact. */
        public Builder table(CsvTable table) {
            tables.add(table);
            return this;
        }

        /** Adds a CSV artifact that is also printed on the terminal. */
        public Builder printedTable(CsvTable table) {
            tables.add(table);
            printed.add(table);
            return this;
        }

        /** Adds a PNG chart. */
        public Builder chart(ChartArtifact chart) {
            charts.add(chart);
            return this;
        }

        /** Adds a paragraph of findings computed from the run. */
        public Builder finding(String paragraph) {
            findings.add(paragraph);
            return this;
        }

        /** Records the seed of a randomised run. */
        public Builder seed(long value) {
            seed = OptionalLong.of(value);
            return this;
        }

        /** Adds an artifact written as given. */
        public Builder file(FileArtifact file) {
            files.add(file);
            return this;
        }

        /**
         * Marks {@code table} (usually also added with {@link #table}) as a summary of the run: with
         * {@code --seeds K} every cell of it that is a number in every run is reported as a mean and
         * a 95 % confidence interval over the K seeds; the other cells name the row (a row of numbers
         * only is named by its first cell, which is then not averaged). Rows are matched by position,
         * so a summary must have the same rows for every seed.
         *
         * @param chartColumns the columns the {@code --seeds} chart draws (each as a bar with its
         *                     interval); none for every numeric column
         */
        public Builder seedSummary(CsvTable table, String... chartColumns) {
            for (String c : chartColumns) {
                if (!table.header().contains(c)) {
                    throw new IllegalArgumentException("chartColumns must be columns of " + table.file()
                            + " but was " + c);
                }
            }
            seedSummaries.add(table);
            seedCharts.add(List.of(chartColumns));
            return this;
        }

        /**
         * Keeps the typed rows behind a table (usually added with {@link CsvTable#of}), so that the
         * conclusions read them as records ({@link Rows}) instead of parsing cells.
         */
        public Builder records(List<? extends Record> rows) {
            records.addAll(rows);
            return this;
        }

        /**
         * Records that the run ran {@code option} with more than its value, in {@code note}'s words
         * (for example "the sustained vs transient table also ran transient"), so the report's run
         * table does not claim that only the given value ran.
         */
        public Builder ranAlso(String option, String note) {
            ranAlso.put(option, note);
            return this;
        }

        /**
         * Sets the verdict lines the report opens with; {@code paragraph}, the same verdicts as one
         * paragraph, goes before every finding on the terminal.
         */
        public Builder verdicts(String paragraph, List<Verdict> lines) {
            verdictParagraph = paragraph;
            verdicts.clear();
            verdicts.addAll(lines);
            return this;
        }

        /** Builds the result. */
        public LabResult build() {
            List<String> all = new ArrayList<>(findings);
            if (verdictParagraph != null) {
                all.add(0, verdictParagraph);
            }
            return new LabResult(title, tables, printed, charts, all, seed, files, seedSummaries, seedCharts,
                    records, verdictParagraph == null ? List.of() : verdicts, ranAlso);
        }
    }
}
