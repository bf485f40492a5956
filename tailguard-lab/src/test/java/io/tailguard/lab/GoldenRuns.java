package io.tailguard.lab;

import static org.assertj.core.api.Assertions.assertThat;

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
 * CSVs with the golden copies in the test resources.
 */
public final class GoldenRuns {

    /** The flags of the published golden command lines that every series experiment takes. */
    private static final List<String> GOLDEN_FLAGS = List.of("--deterministic", "true", "--duration", "5s");

    private GoldenRuns() {
    }

    /** Runs {@code experiment} with {@code flags} (flag, value, flag, value …) into {@code dir}; returns the terminal. */
    public static String run(Experiment experiment, Path dir, String... flags) {
        Map<String, String> given = new LinkedHashMap<>();
        put(given, flags);
        return run(experiment, dir, given);
    }

    /**
     * Runs {@code experiment} with the published golden {@code --deterministic true --duration 5s}
     * and {@code extra} (which may replace them) into {@code dir}; returns the terminal.
     */
    public static String runGolden(Experiment experiment, Path dir, String... extra) {
        Map<String, String> given = new LinkedHashMap<>();
        put(given, GOLDEN_FLAGS.toArray(String[]::new));
        put(given, extra);
        return run(experiment, dir, given);
    }

    private static void put(Map<String, String> given, String[] flags) {
        for (int i = 0; i < flags.length; i += 2) {
            given.put(flags[i], flags[i + 1]);
        }
    }

    private static String run(Experiment experiment, Path dir, Map<String, String> given) {
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

    /** Returns the golden copy {@code golden/<experiment>/<file>} as text. */
    public static String goldenText(String experiment, String file) throws IOException {
        return new String(golden(experiment, file), StandardCharsets.UTF_8);
    }

    /** Returns the text of the produced CSV {@code file} in {@code dir}. */
    public static String csv(Path dir, String file) throws IOException {
        return Files.readString(dir.resolve(file));
    }

    /** Asserts every named CSV in {@code dir} equals its golden copy byte for byte and is in the manifest. */
    public static void assertGolden(String experiment, Path dir, String... files) throws IOException {
        String manifest = Files.readString(dir.resolve("manifest.json"));
        for (String file : files) {
            // as text first for a readable diff, then bytes for line endings and encoding
            byte[] actual = Files.readAllBytes(dir.resolve(file));
            byte[] expected = golden(experiment, file);
            assertThat(new String(actual, StandardCharsets.UTF_8)).as(file)
                    .isEqualTo(new String(expected, StandardCharsets.UTF_8));
            assertThat(actual).as(file).isEqualTo(expected);
            assertThat(manifest).as("manifest").contains(file);
        }
    }
}
