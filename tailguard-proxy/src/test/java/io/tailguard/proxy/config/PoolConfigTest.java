package io.tailguard.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class PoolConfigTest {

    private static final List<InetSocketAddress> ONE_BACKEND = List.of(new InetSocketAddress("127.0.0.1", 1));
    private static final Duration SECOND = Duration.ofSeconds(1);

    /** The default pool of one backend but for its cap, its queue and its three timeouts. */
    private static PoolConfig pool(int maxConns, int queue, Duration connect, Duration response, Duration idle) {
        PoolConfig d = PoolConfig.of("app", ONE_BACKEND);
        return new PoolConfig(d.name(), d.backends(), maxConns, d.limit(), queue, d.queueTimeout(), d.discipline(),
                d.balancer(), connect, response, idle, d.retryBudget(), d.ejectAfter(), d.ejectFor());
    }

    @Test
    void aValidPoolKeepsItsSettings() {
        PoolConfig pool = pool(3, 7, SECOND, Duration.ofSeconds(2), Duration.ofSeconds(3));
        assertThat(pool.maxConns()).isEqualTo(3);
        assertThat(pool.queue()).isEqualTo(7);
        assertThat(pool.responseTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(pool.holdPermitOnDeparture()).isTrue();
    }

    @Test
    void theSettingsTheDecisionPathReadsAreCheckedWithTheirConfigNames() {
        assertThatThrownBy(() -> PoolConfig.of(null, ONE_BACKEND)).hasMessage("name must be non-null but was null");
        assertThatThrownBy(() -> pool(0, 0, SECOND, SECOND, SECOND)).hasMessage("max-conns must be >= 1 but was 0");
        assertThatThrownBy(() -> pool(1, -1, SECOND, SECOND, SECOND)).hasMessage("queue must be >= 0 but was -1");
    }

    @Test
    void theBackendsAndTheConnectionTimeoutsAreCheckedByThePool() {
        assertThatThrownBy(() -> PoolConfig.of("app", List.of()))
                .hasMessage("backends must be a non-empty list but was []");
        assertThatThrownBy(() -> pool(1, 0, Duration.ZERO, SECOND, SECOND))
                .hasMessage("connect-timeout must be > 0 but was PT0S");
        assertThatThrownBy(() -> pool(1, 0, SECOND, Duration.ZERO, SECOND))
                .as("the decision path takes zero for no timeout; a pool's response timeout must be set")
                .hasMessage("response-timeout must be > 0 but was PT0S");
        assertThatThrownBy(() -> pool(1, 0, SECOND, SECOND, Duration.ZERO))
                .hasMessage("idle-timeout must be > 0 but was PT0S");
    }
}
