package io.tailguard.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.path.BalancerKind;
import io.tailguard.path.LimitKind;
import io.tailguard.path.PoolSettings;
import io.tailguard.path.RouteSettings;
import io.tailguard.queue.QueueDiscipline;
import io.tailguard.retry.RetryBudgetConfig;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PathSettingsTest {

    private static final String YAML = """
            pools:
              app:
                backends: [127.0.0.1:9292, 127.0.0.1:9293]
                max-conns: 4
                limit: gradient2
                queue: 20
                queue-timeout: 2s
                discipline: codel
                balancer: p2c-peak-ewma
                response-timeout: 5s
                eject-after: 5
                eject-for: 3s
            routes:
              - path-prefix: /api
                host: api.example.com
                pool: app
                default-timeout: 800ms
                rate: {per-second: 100, burst: 200}
                client-rate: {per-second: 10, burst: 20, key-header: X-Api-Key, max-keys: 50, idle: 30s}
                hedge: {delay: 40ms, budget-percent: 5}
            """;

    @Test
    void mapsEveryPoolSettingTheDecisionPathUses() {
        PoolSettings pool = PathSettings.pool(ProxyConfigFile.parse(YAML).pools().get(0));
        assertThat(pool).isEqualTo(new PoolSettings("app", 2, 4, LimitKind.GRADIENT2, 20, Duration.ofSeconds(2),
                QueueDiscipline.CODEL, BalancerKind.P2C_PEAK_EWMA, Duration.ofSeconds(5), RetryBudgetConfig.defaults(),
                5, Duration.ofSeconds(3), true));
    }

    @Test
    void mapsARoutesDeadlineRatesAndHedge() {
        RouteSettings route = PathSettings.route(ProxyConfigFile.parse(YAML).routes().get(0), 0);
        assertThat(route.name()).isEqualTo("routes[0] api.example.com /api");
        assertThat(route.defaultTimeout()).isEqualTo(Duration.ofMillis(800));
        assertThat(route.rate().rate()).isEqualTo(io.tailguard.config.Rate.perSecond(100));
        assertThat(route.rate().burst()).isEqualTo(200);
        assertThat(route.clientRate().rate().rate()).isEqualTo(io.tailguard.config.Rate.perSecond(10));
        assertThat(route.clientRate().maxKeys()).isEqualTo(50);
        assertThat(route.clientRate().idle()).isEqualTo(Duration.ofSeconds(30));
        assertThat(route.hedge().delay()).isEqualTo(Duration.ofMillis(40));
        assertThat(route.hedge().budgetPercent()).isEqualTo(5.0);
    }
}
