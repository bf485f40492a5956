package io.tailguard.lab.live;

import io.tailguard.lab.Experiment;
import io.tailguard.lab.LabRunner;
import io.tailguard.lab.Progress;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Not thread-safe: what the live experiments' tests share, a run through the runner and its CSV rows by column. */
public final class LiveRuns {

    private LiveRuns() {
    }

    /** Runs {@code experiment} with {@code given} options into {@code out}, as {@code commandLine} would. */
    public static void run(Experiment experiment, Map<String, String> given, Path out, String... commandLine) {
        new LabRunner(new PrintWriter(new StringWriter(), true), Progress.silent())
                .run(experiment, given, out.toString(), List.of(commandLine));
    }

    /** Returns each row after the header of a CSV's {@code lines} as its cells by column name, empty cells kept. */
    public static List<Map<String, String>> rows(List<String> lines) {
        String[] header = lines.get(0).split(",", -1);
        return lines.stream().skip(1).map(line -> {
            String[] cells = line.split(",", -1);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) {
                row.put(header[i], cells[i]);
            }
            return row;
        }).toList();
    }
}
