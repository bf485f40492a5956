package io.tailguard.artifacts;

import java.util.ArrayList;
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
 * @param seed          the seed, if the run drew random numbers
 * @param tables        every CSV artifact
 * @param printedTables the tables (a subset of {@code tables}) printed on the terminal and shown first
 * @param charts        PNG artifacts
 * @param findings      paragraphs computed from the run
 * @param files         other artifacts written as given (for example an interval log)
 */
public record Report(String name, String title, String description, List<String> commandLine,
                     Map<String, String> arguments, OptionalLong seed, List<CsvTable> tables,
                     List<CsvTable> printedTables, List<ChartArtifact> charts, List<String> findings,
                     List<FileArtifact> files) {

    /** Copies the lists and the map, keeping the map's order. */
    public Report {
        commandLine = List.copyOf(commandLine);
        arguments = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(arguments));
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

    /** Returns the tables that are not printed, in their order. */
    public List<CsvTable> otherTables() {
        List<CsvTable> rest = new ArrayList<>(tables);
        rest.removeAll(printedTables);
        return rest;
    }
}
