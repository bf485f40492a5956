package io.tailguard.lab.playground;

import io.tailguard.lab.Experiment;
import io.tailguard.lab.LabRunner;
import io.tailguard.lab.Progress;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Runs the series' experiments through {@link LabRunner}, the path the CLI takes, and reads golden copies. */
public final class SeriesRuns {

    private SeriesRuns() {
    }

    /** Runs {@code experiment} with the golden arguments plus {@code extra} into {@code out}; returns the terminal text. */
    public static String run(Experiment experiment, Path out, String... extra) {
        Map<String, String> args = new LinkedHashMap<>();
        args.put("--deterministic", "true");
        args.put("--duration", "5s");
        for (int i = 0; i < extra.length; i += 2) {
            args.put(extra[i], extra[i + 1]);
        }
        StringWriter terminal = new StringWriter();
        new LabRunner(new PrintWriter(terminal, true), Progress.silent()).run(experiment, args, out.toString(),
                List.of("lab", experiment.name()));
        return terminal.toString();
    }

    /** The project's golden copy of a published CSV, under the experiment's id. */
    public static String golden(String id, String file) throws IOException {
        try (InputStream in = SeriesRuns.class.getResourceAsStream("/golden/" + id + "/" + file)) {
            if (in == null) {
                throw new IOException("no golden copy /golden/" + id + "/" + file);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A produced CSV's text. */
    public static String csv(Path out, String file) throws IOException {
        return Files.readString(out.resolve(file));
    }
}
