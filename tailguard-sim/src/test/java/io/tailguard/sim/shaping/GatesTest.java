package io.tailguard.sim.shaping;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GatesTest {

    private final List<Double> released = new ArrayList<>();

    @Test
    void theTokenGatePolicesItsBurstAndAccruesATokenEveryTenMilliseconds() {
        TokenGate gate = new TokenGate(2, (request, at) -> released.add(at), GateClock.NANOS, false);
        assertThat(gate.offer(0, 0.0)).isTrue();
        assertThat(gate.offer(1, 0.0)).isTrue();
        assertThat(gate.offer(2, 5.0)).as("empty bucket").isFalse();
        assertThat(gate.offer(3, 10.0)).isTrue();
        assertThat(released).containsExactly(0.0, 0.0, 10.0);
        assertThat(gate.label()).isEqualTo(TokenGate.LABEL);
    }

    @Test
    void theLeakyGateReleasesOneRequestEveryTenMillisecondsAndRejectsWhatDoesNotFit() {
        LeakyGate gate = new LeakyGate(2, (request, at) -> released.add(at), GateClock.NANOS, false);
        int admitted = 0;
        for (int request = 0; request < 5; request++) {
            admitted += gate.offer(request, 0.0) ? 1 : 0;
        }
        gate.flush();
        assertThat(admitted).as("one released at once, two waiting in the bucket").isEqualTo(3);
        assertThat(released).containsExactly(0.0, 10.0, 20.0);
    }

    @Test
    void thePublishedClockKeepsWholeMillisecondsAndFinerDoublesExactly() {
        double anUlpBefore = Math.nextDown(600.0);
        assertThat(GateClock.PUBLISHED.ticks(anUlpBefore)).isEqualTo(GateClock.PUBLISHED.ticks(600.0) - 1);
        assertThat(GateClock.NANOS.ticks(anUlpBefore)).isEqualTo(GateClock.NANOS.ticks(600.0));
        assertThat(GateClock.PUBLISHED.ms(GateClock.PUBLISHED.ticks(600.0))).isEqualTo(600.0);
        assertThat(GateClock.PUBLISHED.period(10).toNanos()).isEqualTo(GateClock.PUBLISHED.ticks(10.0));
        assertThat(GateClock.NANOS.period(10)).isEqualTo(Duration.ofMillis(10));
    }

    @Test
    void thePublishedCountRefillsATenthOfATokenPerMillisecondUpToItsBurst() {
        PublishedTokenCount count = new PublishedTokenCount(1);
        count.take();
        count.advance(5.0);
        assertThat(count.hasToken()).isFalse();
        count.advance(10.0);
        assertThat(count.hasToken()).isTrue();
        count.advance(1_000.0);
        count.take();
        assertThat(count.hasToken()).as("capped at the burst").isFalse();
    }
}
