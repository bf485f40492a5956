package io.tailguard.sim.lease;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.lease.AdaptiveLeaseSender;
import io.tailguard.lease.Lease;
import io.tailguard.lease.LeaseStats;
import io.tailguard.limit.AimdLimit;
import io.tailguard.limit.AimdLimitConfig;
import io.tailguard.sim.service.DelayTable;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SaturableServerTest {

    private static final DelayTable TABLE = DelayTable.parse("2=>10;=>100");
    private static final Duration TARGET = Duration.ofMillis(20);

    @Test
    void rejectsBeforeItsFirstLease() {
        SaturableServer server = new SaturableServer(TABLE, new SplittableRandom(1), null);
        assertThat(server.handle(0L)).isEqualTo(-1L);
    }

    @Test
    void servesWhatTheLeaseAllowsAtTheDelayOfItsRankInTheWindow() {
        SaturableServer server = new SaturableServer(TABLE, new SplittableRandom(1), null);
        server.gate().install(0L, new Lease(3, Duration.ofSeconds(10)));
        assertThat(server.handle(1L)).isBetween(0L, 9L);
        assertThat(server.handle(2L)).isBetween(0L, 9L);
        assertThat(server.handle(3L)).as("third of the window").isBetween(10L, 99L);
        assertThat(server.handle(4L)).as("over the lease").isEqualTo(-1L);
    }

    @Test
    void reportsAdmissionsAndCompletionsToTheAdaptiveSendersStats() {
        AdaptiveLeaseSender sender = new AdaptiveLeaseSender(
                new AdaptiveLeaseSender.Config(TARGET, Duration.ofSeconds(1), Duration.ofSeconds(1), 10, 100),
                seed -> new AimdLimit(new AimdLimitConfig(seed, 1, 100, 0.9, TARGET)), 0L);
        LeaseStats stats = sender.stats();
        SaturableServer server = new SaturableServer(TABLE, new SplittableRandom(1), stats);
        server.gate().install(0L, new Lease(5, Duration.ofSeconds(10)));
        assertThat(server.handle(1L)).isNotNegative();
        assertThat(stats.inFlight()).isEqualTo(1);
        server.complete(1L, 5L);
        assertThat(stats.inFlight()).isZero();
    }
}
