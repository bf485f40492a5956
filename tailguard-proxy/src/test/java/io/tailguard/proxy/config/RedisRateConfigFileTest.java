package io.tailguard.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.redis.DegradedMode;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A route's rate that names Redis, in the proxy's YAML. */
class RedisRateConfigFileTest {

    private static final String POOL = "pools:\n  a:\n    backends: [127.0.0.1:1]\nroutes:\n  - pool: a\n";

    @Test
    void aRouteRateNamesRedisAndItsSharedKey() {
        ProxyConfig config = ProxyConfigFile.parse(POOL + "    rate: {per-second: 100, burst: 200, "
                + "redis: \"redis://127.0.0.1:6379\", key: api, instances: 3, degraded: fail-open, timeout: 20ms}\n");
        assertThat(config.routes().get(0).rate()).isEqualTo(new RateConfig(100, 200,
                new RedisRateConfig("redis://127.0.0.1:6379", "api", 3, DegradedMode.FAIL_OPEN, Duration.ofMillis(20))));
    }

    @Test
    void withoutRedisTheBucketIsLocalAndRedisDefaultsToFailLocalOnOneInstance() {
        assertThat(ProxyConfigFile.parse(POOL + "    rate: {per-second: 5}\n").routes().get(0).rate())
                .isEqualTo(new RateConfig(5, 5));
        assertThat(ProxyConfigFile.parse(POOL + "    rate: {per-second: 5, redis: \"redis://h:1\", key: k}\n")
                .routes().get(0).rate().redis())
                .isEqualTo(new RedisRateConfig("redis://h:1", "k", 1, DegradedMode.FAIL_LOCAL, Duration.ofMillis(5)));
    }

    @Test
    void mistakesAreOneLine() {
        assertThatThrownBy(() -> ProxyConfigFile.parse(POOL + "    rate: {per-second: 5, redis: \"redis://h:1\"}\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("routes[0].rate.key must be the name of the shared bucket when redis is set but was nothing");
        assertThatThrownBy(() -> ProxyConfigFile.parse(POOL
                + "    rate: {per-second: 5, redis: \"redis://h:1\", key: k, degraded: maybe}\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("routes[0].rate.degraded must be one of fail-local, fail-open, fail-closed but was maybe");
        assertThatThrownBy(() -> ProxyConfigFile.parse(POOL + "    rate: {per-second: 5, redis: \"http://h:1\", key: k}\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("redis must be redis://host:port but was http://h:1");
    }
}
