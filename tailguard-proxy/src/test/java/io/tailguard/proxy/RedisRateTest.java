package io.tailguard.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.proxy.config.PoolConfig;
import io.tailguard.proxy.config.ProxyConfig;
import io.tailguard.proxy.config.RateConfig;
import io.tailguard.proxy.config.RedisRateConfig;
import io.tailguard.proxy.config.RouteConfig;
import io.tailguard.redis.DegradedMode;
import io.tailguard.redis.RedisServer;
import io.tailguard.time.NanoClock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Two proxies whose route names one Redis-backed rate share its bucket. */
class RedisRateTest {

    @Test
    void twoProxiesShareOneRouteBucketInRedis() throws Exception {
        try (RedisServer redis = RedisServer.start(); TestBackend backend = new TestBackend()) {
            PoolConfig pool = PoolConfig.of("default", List.of(backend.address()));
            // one token a second, a burst of 3, shared: the two proxies together admit 3
            RateConfig rate = new RateConfig(1, 3, new RedisRateConfig(redis.uri(), "shared-route", 2,
                    DegradedMode.FAIL_CLOSED, Duration.ofSeconds(1)));
            RouteConfig route = new RouteConfig(null, "/", "default", Duration.ZERO, rate, null, null);
            ProxyConfig config = Configs.routed(pool, route);
            ProxyServer first = ProxyServer.start(config, NanoClock.system());
            ProxyServer second = ProxyServer.start(config, NanoClock.system());
            try (RawClient a = new RawClient(first.boundAddress()); RawClient b = new RawClient(second.boundAddress())) {
                int admitted = 0;
                int limited = 0;
                for (int i = 0; i < 3; i++) {
                    for (RawClient client : List.of(a, b)) {
                        int status = client.get("/x" + i).read().status();
                        admitted += status == 200 ? 1 : 0;
                        limited += status == 429 ? 1 : 0;
                    }
                }
                // a token may be added while the six requests run (one a second), never more
                assertThat(admitted).isBetween(3, 4);
                assertThat(admitted + limited).isEqualTo(6);
            } finally {
                first.close();
                second.close();
            }
        }
    }
}
