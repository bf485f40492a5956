package io.tailguard.sim.service;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PauseServiceTest {

    @Test
    void aRequestArrivingDuringTheStallWaitsForItsEndThenTakesTheBaseLatency() {
        PauseService stall = PauseService.published(5_000);

        assertThat(stall).isEqualTo(new PauseService(10, 2_500, 3_000));
        assertThat(stall.latencyMs(2_499)).isEqualTo(10);
        assertThat(stall.latencyMs(2_500)).isEqualTo(510);
        assertThat(stall.latencyMs(2_999)).isEqualTo(11);
        assertThat(stall.latencyMs(3_000)).isEqualTo(10);
    }

    @Test
    void aShortRunStallsForAQuarterOfItsLength() {
        assertThat(PauseService.published(400)).isEqualTo(new PauseService(10, 200, 300));
    }
}
