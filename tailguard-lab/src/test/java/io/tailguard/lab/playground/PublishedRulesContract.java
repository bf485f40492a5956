package io.tailguard.lab.playground;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lab.Durations;
import io.tailguard.lab.Experiment;
import io.tailguard.lab.GoldenRuns;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every series experiment whose published rules a test re-implements as an oracle must do:
 * the oracles give the golden CSVs for the golden 5 s window, and a run over any other window
 * writes what the oracles give for it.
 */
public abstract class PublishedRulesContract {

    private final Experiment experiment;
    private final Map<String, LongFunction<String>> oracles;
    private final List<String> windows;

    /** Each test's own directory, for the runs of the contract and of its subclass. */
    @TempDir
    protected Path tmp;

    /**
     * @param oracles each CSV the published rules describe, by file name, as a function of the window in ms
     * @param windows the {@code --duration} values to check besides the golden one
     */
    protected PublishedRulesContract(Experiment experiment, Map<String, LongFunction<String>> oracles,
                                     String... windows) {
        this.experiment = experiment;
        this.oracles = oracles;
        this.windows = List.of(windows);
    }

    @Test
    void oracleReproducesTheGoldenFiles() throws IOException {
        for (Map.Entry<String, LongFunction<String>> oracle : oracles.entrySet()) {
            assertThat(oracle.getValue().apply(5000)).as(oracle.getKey())
                    .isEqualTo(GoldenRuns.goldenText(experiment.name(), oracle.getKey()));
        }
    }

    @TestFactory
    Stream<DynamicTest> otherWindowsGiveWhatThePublishedRulesGive() {
        return windows.stream().map(duration -> DynamicTest.dynamicTest(duration, () -> {
            Path out = tmp.resolve(duration);
            GoldenRuns.runGolden(experiment, out, "--duration", duration);
            long ms = Durations.parsePositive("--duration", duration).toMillis();
            for (Map.Entry<String, LongFunction<String>> oracle : oracles.entrySet()) {
                assertThat(GoldenRuns.csv(out, oracle.getKey())).as(oracle.getKey() + " over " + duration)
                        .isEqualTo(oracle.getValue().apply(ms));
            }
        }));
    }
}
