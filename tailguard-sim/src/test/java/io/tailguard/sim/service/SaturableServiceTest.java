package io.tailguard.sim.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SaturableServiceTest {

    @Test
    void aWindowCountsAdmittedRequestsAndRestartsAfterItsLength() {
        SaturableService service = new SaturableService(DelayTable.parse("1=>10;=>100"), 1_000L, new SplittableRandom(1));
        assertThat(service.admit(0L)).isBetween(0L, 9L);
        assertThat(service.admit(999L)).isBetween(10L, 99L);
        assertThat(service.admit(1_000L)).isBetween(0L, 9L);
    }
}
