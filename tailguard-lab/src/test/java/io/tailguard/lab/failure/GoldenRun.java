package io.tailguard.lab.failure;

import io.tailguard.lab.Experiment;
import io.tailguard.lab.LabRunner;
import io.tailguard.lab.Progress;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Runs a failure-series experiment through the CLI's path and reads its golden copies. */
public final class GoldenRun {

    private GoldenRun() {
    }

    /** Runs {@code experiment} with the published golden arguments plus {@code extra} into {@code out}. */
    public static Path run(Experiment experiment, Path out, String... extra) {
        Map<String, String> args = new HashMap<>(Map.of("--deterministic", "true", "--duration", "5s"));
        for (int i = 0; i < extra.length; i += 2) {
            args.put(extra[i], extra[i + 1]);
        }
        new LabRunner(new PrintWriter(new StringWriter(), true), Progress.silent())
                .run(experiment, args, out.toString(), List.of("lab", experiment.name()));
        return out;
    }

    /** Returns the bytes of the golden copy {@code file} of {@code experiment}. */
    public static byte[] golden(String experiment, String file) throws IOException {
        try (InputStream in = GoldenRun.class.getResourceAsStream("/golden/" + experiment + "/" + file)) {
            if (in == null) {
                throw new IOException("no golden copy " + experiment + "/" + file);
            }
            return in.readAllBytes();
        }
    }

    /** Returns the bytes of the produced CSV {@code file} in {@code out}. */
    public static byte[] produced(Path out, String file) throws IOException {
        return Files.readAllBytes(out.resolve(file));
    }
}
