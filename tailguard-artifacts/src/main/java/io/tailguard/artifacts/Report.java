package io.tailguard.artifacts;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Thread-safe (immutable, except the charts and files it holds) content of one run's artifacts: what
 * ran and with which arguments, its tables, charts, findings and other files. {@link ArtifactWriter}
 * turns it into CSVs, PNGs, {@code report.html} and {@code manifest.json}.
 *
 * @param name          the command's name, lower-case with dashes, for example {@code backpressure}
 * @param title         the report's title
 * @param description   one line under the title
 * @param commandLine   the raw command line, without the {@code tailguard} prefix
 * @param arguments     every option with its value as given or defaulted, in display order
 * @param argumentNotes option → what the run table adds after its value, for example "default" or
 *                      "the overload comparison also ran transient"; options without a note are absent
 * @param seed          the seed, if the run drew random numbers
 * @param verdicts      the lines the report opens with, one per published conclusion; none to open
 *                      with the first finding instead
 * @param tables        every CSV artifact
 * @param printedTables the tables (a subset of {@code tables}) printed on the terminal and shown first
 * @param charts        PNG artifacts
 * @param findings      paragraphs computed from the run, not repeating the verdicts
 * @param files         other artifacts written as given (for example an interval log)
 */
public record Report(String name, String title, String description, List<String> commandLine,
                     Map<String, String> arguments, Map<String, String> argumentNotes, OptionalLong seed,
                     List<Verdict> verdicts, List<CsvTable> tables,
                     List<CsvTable> printedTables, List<ChartArtifact> charts, List<String> findings,
                     List<FileArtifact> files) {

    /** Copies the lists and the map, keeping the map's order. */
    public Report {
        commandLine = List.copyOf(commandLine);
        arguments = Collections.unmodifiableMap(new LinkedHashMap<>(arguments));
        argumentNotes = Collections.unmodifiableMap(new LinkedHashMap<>(argumentNotes));
        verdicts = List.copyOf(verdicts);
        tables = List.copyOf(tables);
        printedTables = List.copyOf(printedTables);
        charts = List.copyOf(charts);
        findings = List.copyOf(findings);
        files = List.copyOf(files);
        if (!tables.containsAll(printedTables)) {
            throw new IllegalArgumentException("printedTables must be a subset of tables but was "
                    + printedTables.stream().map(CsvTable::file).toList());
        }
    }

    /**
     * Returns the lines the report opens with: its verdicts, or else its first finding (an experiment
     * without published conclusions states its answer first), or else none.
     */
    public List<Verdict> openingLines() {
        if (!verdicts.isEmpty() || findings.isEmpty()) {
            return verdicts;
        }
        return List.of(Verdict.finding(findings.get(0)));
    }

    /** Returns the findings the report shows after its opening lines. */
    public List<String> laterFindings() {
        return verdicts.isEmpty() && !findings.isEmpty() ? findings.subList(1, findings.size()) : findings;
    }

    /** Returns the tables that are not printed, in their order. */
    public List<CsvTable> otherTables() {
        List<CsvTable> rest = new ArrayList<>(tables);
        rest.removeAll(printedTables);
        return rest;
    }
}
