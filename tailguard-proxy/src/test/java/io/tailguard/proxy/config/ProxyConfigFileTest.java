package io.tailguard.proxy.config;

import io.tailguard.retry.RetryBudgetConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.path.BalancerKind;
import io.tailguard.path.LimitKind;
import io.tailguard.queue.QueueDiscipline;
import java.net.InetSocketAddress;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProxyConfigFileTest {

    private static final String FULL = """
            listen: 127.0.0.1:8080
            admin: 127.0.0.1:9901
            access-log: off
            drain-grace: 5s
            limits:
              max-connections: 100
              max-initial-line: 2048
              max-header-bytes: 4096
              max-body-bytes: 1000
              header-timeout: 2s
              idle-timeout: 30s
              body-timeout: 3s
              min-body-rate: 500
              buffer-body-bytes: 1024
              idle-timeout-under-pressure: 1s
            pools:
              app:
                backends: [127.0.0.1:9292, 127.0.0.1:9293]
                max-conns: 2
                limit: aimd
                queue: 10
                queue-timeout: 3s
                discipline: codel
                balancer: p2c-peak-ewma
                connect-timeout: 500ms
                response-timeout: 20s
                idle-timeout: 5s
                eject-after: 2
                eject-for: 15s
                retry-budget: {percent: 10, min-per-second: 5, ttl: 20s}
                hold-permit-on-departure: false
              static:
                backends: [127.0.0.1:8000]
            routes:
              - path-prefix: /api
                host: example.com
                pool: app
                default-timeout: 4s
                rate: {per-second: 100, burst: 200}
                client-rate: {per-second: 10, burst: 20, key-header: X-Api-Key, max-keys: 500, idle: 2m}
                hedge: {delay: 50ms, budget-percent: 5}
              - pool: static
            """;

    @Test
    void readsEverySetting() {
        ProxyConfig config = ProxyConfigFile.parse(FULL);
        assertThat(config.listen()).isEqualTo(new InetSocketAddress("127.0.0.1", 8080));
        assertThat(config.admin().getPort()).isEqualTo(9901);
        assertThat(config.accessLog()).isEqualTo("off");
        assertThat(config.drainGrace()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.limits()).isEqualTo(new ClientLimits(100, 2048, 4096, 1000, Duration.ofSeconds(2),
                Duration.ofSeconds(30), Duration.ofSeconds(3), 500, 1024, Duration.ofSeconds(1)));
        PoolConfig app = config.pools().get(0);
        assertThat(app.name()).isEqualTo("app");
        assertThat(app.backends()).hasSize(2);
        assertThat(app.maxConns()).isEqualTo(2);
        assertThat(app.limit()).isEqualTo(LimitKind.AIMD);
        assertThat(app.queue()).isEqualTo(10);
        assertThat(app.queueTimeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(app.discipline()).isEqualTo(QueueDiscipline.CODEL);
        assertThat(app.balancer()).isEqualTo(BalancerKind.P2C_PEAK_EWMA);
        assertThat(app.connectTimeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(app.responseTimeout()).isEqualTo(Duration.ofSeconds(20));
        assertThat(app.idleTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(app.ejectAfter()).isEqualTo(2);
        assertThat(app.ejectFor()).isEqualTo(Duration.ofSeconds(15));
        assertThat(app.retryBudget()).isEqualTo(new RetryBudgetConfig(10, 5, Duration.ofSeconds(20)));
        assertThat(app.holdPermitOnDeparture()).isFalse();
        assertThat(config.pools().get(1).holdPermitOnDeparture()).as("the default").isTrue();
        RouteConfig api = config.routes().get(0);
        assertThat(api.host()).isEqualTo("example.com");
        assertThat(api.pathPrefix()).isEqualTo("/api");
        assertThat(api.defaultTimeout()).isEqualTo(Duration.ofSeconds(4));
        assertThat(api.rate()).isEqualTo(new RateConfig(100, 200));
        assertThat(api.clientRate()).isEqualTo(new ClientRateConfig(new RateConfig(10, 20), "X-Api-Key", 500,
                Duration.ofMinutes(2)));
        assertThat(api.hedge()).isEqualTo(new HedgeConfig(Duration.ofMillis(50), 5));
        assertThat(config.routes().get(1)).isEqualTo(RouteConfig.all("static"));
    }

    @Test
    void aSinglePoolWithoutRoutesTakesEveryRequestAndDefaultsApply() {
        ProxyConfig config = ProxyConfigFile.parse("pools:\n  only:\n    backends: [127.0.0.1:1]\n");
        assertThat(config.routes()).containsExactly(RouteConfig.all("only"));
        assertThat(config.listen()).isEqualTo(new InetSocketAddress("127.0.0.1", 8080));
        assertThat(config.limits()).isEqualTo(ClientLimits.defaults());
        assertThat(config.pools().get(0)).isEqualTo(PoolConfig.of("only", java.util.List.of(
                new InetSocketAddress("127.0.0.1", 1))));
    }

    @Test
    void eachMistakeIsOneLineNamingTheKeyPathTheValueAndWhatIsAllowed() {
        assertError("pools:\n  app:\n    backends: [127.0.0.1:1]\n    max-conns: -3\n",
                "pools.app.max-conns must be an integer from 1 to 65536 but was -3");
        assertError("pools:\n  app:\n    backends: [127.0.0.1:1]\n    max-con: 3\n",
                "pools.app.max-con is not a known setting (did you mean max-conns?); allowed here: backends, balancer, connect-timeout, "
                        + "discipline, eject-after, eject-for, hold-permit-on-departure, idle-timeout, limit, max-conns, "
                        + "queue, queue-timeout, response-timeout, retry-budget");
        assertError("pools:\n  app:\n    backends: [127.0.0.1:1]\n    hold-permit-on-departure: maybe\n",
                "pools.app.hold-permit-on-departure must be true or false but was maybe");
        assertError("pools:\n  app:\n    backends: [127.0.0.1:1]\n    queue-timeout: soon\n",
                "pools.app.queue-timeout must be a positive duration like 10s, 250ms or 500us but was soon");
        assertError("pools:\n  app:\n    backends: [127.0.0.1:1]\n    discipline: random\n",
                "pools.app.discipline must be one of fifo, lifo, codel but was random");
        assertError("pools:\n  app:\n    backends: [nohost]\n",
                "pools.app.backends[0] must be HOST:PORT with a port from 0 to 65535 but was nohost");
        assertError("pools:\n  app:\n    backends: []\n", "pools.app.backends must be a non-empty list but was []");
        assertError("listen: 127.0.0.1:99999\npools:\n  a:\n    backends: [127.0.0.1:1]\n",
                "listen must be HOST:PORT with a port from 0 to 65535 but was 127.0.0.1:99999");
        assertError("pools:\n  a:\n    backends: [127.0.0.1:1]\nroutes:\n  - pool: b\n",
                "routes[0].pool must be one of [a] but was b");
        assertError("pools:\n  a:\n    backends: [127.0.0.1:1]\nroutes:\n  - pool: a\n    path-prefix: api\n",
                "routes[0].path-prefix must start with / but was api");
        assertError("limits:\n  min-body-rate: -1\npools:\n  a:\n    backends: [127.0.0.1:1]\n",
                "limits.min-body-rate must be an integer from 0 to 9223372036854775807 but was -1");
        assertError("limits:\n  body-timeout: 0s\npools:\n  a:\n    backends: [127.0.0.1:1]\n",
                "limits.body-timeout must be a positive duration like 10s, 250ms or 500us but was 0s");
        assertError("limits: 5\npools:\n  a:\n    backends: [127.0.0.1:1]\n",
                "limits must be a mapping of keys to values but was 5");
        assertError("colour: blue\npools:\n  a:\n    backends: [127.0.0.1:1]\n",
                "colour is not a known setting; allowed here: access-log, admin, drain-grace, limits, listen, pools, "
                        + "routes");
        assertError("pools: [\n", "<text> must be valid YAML but line 2 has: expected the node content, but found '<stream end>'");
        assertError("listen: 127.0.0.1:1\n", "pools must be a mapping of pool names to pools but was nothing");
    }

    private static void assertError(String yaml, String message) {
        assertThatThrownBy(() -> ProxyConfigFile.parse(yaml)).isInstanceOf(ConfigException.class).hasMessage(message);
    }
}
