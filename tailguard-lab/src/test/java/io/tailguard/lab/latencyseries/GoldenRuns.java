package io.tailguard.lab.latencyseries;

import static org.assertj.core.api.Assertions.assertThat;

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

/**
 * Thread-safe (stateless): runs an experiment through {@link LabRunner}, as the CLI does, and compares
 * CSVs with golden copies.
 */
public final class GoldenRuns {

    private GoldenRuns() {
    }

    /** Runs {@code experiment} with {@code flags} (flag, value, flag, value …) into {@code dir}; returns the terminal. */
    public static String run(Experiment experiment, Path dir, String... flags) {
        Map<String, String> given = new LinkedHashMap<>();
        for (int i = 0; i < flags.length; i += 2) {
            given.put(flags[i], flags[i + 1]);
        }
        StringWriter terminal = new StringWriter();
        new LabRunner(new PrintWriter(terminal, true), Progress.silent())
                .run(experiment, given, dir.toString(), List.of("lab", experiment.name()));
        return terminal.toString();
    }

    /** Returns the golden copy {@code golden/<experiment>/<file>} from the test resources. */
    public static byte[] golden(String experiment, String file) throws IOException {
        try (InputStream in = GoldenRuns.class.getResourceAsStream("/golden/" + experiment + "/" + file)) {
            if (in == null) {
                throw new IOException("no golden copy " + experiment + "/" + file);
            }
            return in.readAllBytes();
        }
    }

    /** Asserts every named CSV in {@code dir} equals its golden copy byte for byte, and the report is small. */
    public static void assertGolden(String experiment, Path dir, String... files) throws IOException {
        for (String file : files) {
            // as text first for a readable diff, then bytes for line endings and encoding
            byte[] actual = Files.readAllBytes(dir.resolve(file));
            byte[] expected = golden(experiment, file);
            assertThat(new String(actual, StandardCharsets.UTF_8)).as(file)
                    .isEqualTo(new String(expected, StandardCharsets.UTF_8));
            assertThat(actual).as(file).isEqualTo(expected);
        }
        assertThat(Files.size(dir.resolve("report.html"))).isLessThan(250 * 1024);
    }
}
