package io.tailguard.sim.lease;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LeaseDemoTest {

    /** Every event of a run, as text, in the order the listener heard it. */
    private static final class Log implements LeaseDemo.Listener {
        final List<String> events = new ArrayList<>();
        long accepted;
        long rejected;

        @Override
        public void lease(int server, long nowMillis, int allowed) {
            events.add("lease " + server + " " + nowMillis + " " + allowed);
        }

        @Override
        public void accepted(int server, long nowMillis, long latencyMillis) {
            accepted++;
            events.add("accepted " + server + " " + nowMillis + " " + latencyMillis);
        }

        @Override
        public void rejected(int server, long nowMillis) {
            rejected++;
            events.add("rejected " + server + " " + nowMillis);
        }
    }

    private static Log run(boolean adaptive, LeaseDemo.Balancing balancing, long seed) {
        Log log = new Log();
        LeaseDemo.run(new LeaseDemo.Setup(adaptive, 100, balancing, Duration.ofSeconds(2), seed, false), log);
        return log;
    }

    @Test
    void staticLeasesCapWhatTheServersAcceptEachSecond() {
        Log log = run(false, LeaseDemo.Balancing.ROUND_ROBIN, 1);
        assertThat(log.accepted + log.rejected).isEqualTo(2L * LeaseDemo.OFFERED_RPS);
        assertThat(log.accepted).isLessThanOrEqualTo(2L * LeaseDemo.SERVERS * 100);
        assertThat(log.events).contains("lease 0 0 100", "lease 1 0 100", "lease 2 0 100", "lease 0 1000 100");
    }

    @Test
    void anAdaptiveSenderStartsFromItsInitialGrant() {
        Log log = run(true, LeaseDemo.Balancing.LEAST_LOADED, 1);
        assertThat(log.events).contains("lease 0 0 " + LeaseDemo.ADAPTIVE_INITIAL);
        assertThat(log.accepted).isPositive();
    }

    @Test
    void sameSeedGivesTheSameEvents() {
        assertThat(run(true, LeaseDemo.Balancing.P2C, 7).events).isEqualTo(run(true, LeaseDemo.Balancing.P2C, 7).events);
    }
}
