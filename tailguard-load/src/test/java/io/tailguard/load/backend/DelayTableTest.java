package io.tailguard.load.backend;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DelayTableTest {

    @Test
    void drawsWithinTheBandOfTheRequestsRankInTheWindow() {
        DelayTable table = DelayTable.parse("10 => 2; 50 => 5; 120 => 20; => 5000");
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 100; i++) {
            assertThat(table.delayMillis(10, random)).isBetween(0L, 1L);
            assertThat(table.delayMillis(11, random)).isBetween(2L, 4L);
            assertThat(table.delayMillis(120, random)).isBetween(5L, 19L);
            assertThat(table.delayMillis(121, random)).isBetween(20L, 4999L);
        }
        assertThat(table.halved().delayMillis(61, random)).isGreaterThanOrEqualTo(20L);
    }

    @Test
    void aWindowCountsAdmittedRequestsAndRestartsAfterItsLength() {
        SaturableService service = new SaturableService(DelayTable.parse("1=>10;=>100"), 1_000L, new SplittableRandom(1));
        assertThat(service.admit(0L)).isBetween(0L, 9L);
        assertThat(service.admit(999L)).isBetween(10L, 99L);
        assertThat(service.admit(1_000L)).isBetween(0L, 9L);
    }
}
