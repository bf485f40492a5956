package io.tailguard.lab.latencyseries;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabUsageException;
import io.tailguard.lab.taillatency.TailLatencyExperiment;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WholeSecondsRunTest {

    private static LabArgs args(Map<String, String> given) {
        return LabArgs.parse(new TailLatencyExperiment(), given, List.of());
    }

    @Test
    void readsWholeSecondsWithTheIntervalCappedAtTheRun() {
        WholeSecondsRun run = WholeSecondsRun.of(args(Map.of("--duration", "3500ms", "--snapshot-interval", "10s",
                "--concurrency", "7")));

        assertThat(run).isEqualTo(new WholeSecondsRun(3, 3, 700));
    }

    @Test
    void aRunShorterThanASecondIsOneSecondWithOneInterval() {
        assertThat(WholeSecondsRun.of(args(Map.of("--duration", "200ms", "--snapshot-interval", "300ms"))))
                .isEqualTo(new WholeSecondsRun(1, 1, 1000));
    }

    @Test
    void refusesARunWithMoreDrawsThanItsLimitAndSaysWhy() {
        WholeSecondsRun run = new WholeSecondsRun(10, 1, 1000);
        run.requireAtMost(6, 60_000, "latency draws");

        assertThatThrownBy(() -> run.requireAtMost(6, 59_999, "latency draws")).isInstanceOf(LabUsageException.class)
                .hasMessage("--duration x --concurrency x 100 x 6 must be at most 59999 latency draws but was 60000");
        assertThatThrownBy(() -> run.requireAtMost(1, 9_999, "requests"))
                .hasMessage("--duration x --concurrency x 100 must be at most 9999 requests but was 10000");
    }
}
