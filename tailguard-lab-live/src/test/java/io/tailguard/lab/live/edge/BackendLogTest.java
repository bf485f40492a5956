package io.tailguard.lab.live.edge;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.time.ManualClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackendLogTest {

    private final ManualClock clock = new ManualClock();
    private final BackendLog log = new BackendLog(clock);

    @Test
    void timestampsStartAndDoneOfEachRequestWithTheLabClock() {
        clock.advance(Duration.ofMillis(100));
        log.accept(BackendLog.START + "nginx-0");
        log.accept("* Listening on http://127.0.0.1:9292");
        clock.advance(Duration.ofSeconds(5));
        log.accept(BackendLog.DONE + "nginx-0");
        log.accept(BackendLog.START + "nginx-1");

        BackendLog.Work first = log.work("nginx-0").orElseThrow();
        assertThat(first.done()).isTrue();
        assertThat(first.seconds()).isEqualTo(5.0);
        assertThat(log.work("nginx-1").orElseThrow().done()).isFalse();
        assertThat(log.work("nginx-2")).isEmpty();
    }

    @Test
    void quietOnlyWhenNothingIsInProgress() throws InterruptedException {
        log.accept(BackendLog.START + "a");
        // one request still in progress: the wait ends at its limit, unanswered
        assertThat(log.awaitQuiet(Duration.ZERO, Duration.ZERO)).isFalse();
        log.accept(BackendLog.DONE + "a");
        assertThat(log.awaitQuiet(Duration.ZERO, Duration.ZERO)).isTrue();
    }
}
