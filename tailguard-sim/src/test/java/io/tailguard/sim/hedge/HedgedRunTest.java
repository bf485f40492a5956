package io.tailguard.sim.hedge;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.hedge.HedgeDelay;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class HedgedRunTest {

    @Test
    void theCoreHedgerDecidesAsPublished() {
        // primary 500, secondary 20, delay 30: the hedge wins at 50, the primary ran 50 ms for nothing
        HedgedRun slow = HedgedRun.run(new long[] {500}, new long[] {20}, 1, HedgeDelay.fixed(Duration.ofMillis(30)));
        assertThat(slow.latencyMs()[0]).isEqualTo(50);
        assertThat(slow.attempts()[0]).isEqualTo(2);
        assertThat(slow.waste().workMs(0)).isEqualTo(50);
        // primary 40, secondary 100, delay 30: the primary wins at 40, the hedge ran 10 ms
        HedgedRun fast = HedgedRun.run(new long[] {40}, new long[] {100}, 1, HedgeDelay.fixed(Duration.ofMillis(30)));
        assertThat(fast.latencyMs()[0]).isEqualTo(40);
        assertThat(fast.waste().workMs(0)).isEqualTo(10);
        // a primary that answers exactly at the delay is not hedged (completion before the timer)
        HedgedRun tie = HedgedRun.run(new long[] {30}, new long[] {1}, 1, HedgeDelay.fixed(Duration.ofMillis(30)));
        assertThat(tie.attempts()[0]).isEqualTo(1);
        // both answering at once: the primary wins, the hedge is a wasted completion
        HedgedRun both = HedgedRun.run(new long[] {50}, new long[] {20}, 1, HedgeDelay.fixed(Duration.ofMillis(30)));
        assertThat(both.latencyMs()[0]).isEqualTo(50);
        assertThat(both.waste().tied(0)).isTrue();
    }

    @Test
    void rollingDelayIsLearnedFromTheCallsThatEnded() {
        long[] primary = new long[2_000];
        Arrays.fill(primary, 10);
        HedgedRun run = HedgedRun.run(primary, primary.clone(), 1_000, HedgeDelay.percentile(99.0));
        assertThat(run.finalDelayMs()).isEqualTo(10);
        assertThat(run.latencyMs()).containsOnly(10L);
    }
}
