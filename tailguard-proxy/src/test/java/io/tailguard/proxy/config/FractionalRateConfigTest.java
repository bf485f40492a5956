package io.tailguard.proxy.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.config.Rate;
import io.tailguard.path.RouteSettings;
import org.junit.jupiter.api.Test;

/** A rate a second with a fraction, in the proxy's YAML: read exactly, for routes, clients and Redis. */
class FractionalRateConfigTest {

    private static final long S = 1_000_000_000L;
    private static final String POOL = "pools:\n  a:\n    backends: [127.0.0.1:1]\nroutes:\n  - pool: a\n";

    private static RouteConfig route(String yaml) {
        return ProxyConfigFile.parse(POOL + yaml).routes().get(0);
    }

    @Test
    void aHalfASecondIsOneTokenEveryTwoSecondsWithABurstOfOne() {
        RouteConfig route = route("    rate: {per-second: 0.5}\n");
        assertThat(route.rate()).isEqualTo(new RateConfig(new Rate(1, 2 * S), 1, null));
        RouteSettings settings = PathSettings.route(route, 0);
        assertThat(settings.rate().rate()).isEqualTo(new Rate(1, 2 * S));
        assertThat(settings.rate().bucket().refillPeriod().toNanos()).isEqualTo(2 * S);
        assertThat(settings.rate().bucket().refillTokens()).isEqualTo(1);
    }

    @Test
    void theDefaultBurstIsOneSecondsTokensRoundedUp() {
        assertThat(route("    rate: {per-second: 2.5}\n").rate().burst()).isEqualTo(3);
        assertThat(route("    rate: {per-second: 0.1, burst: 4}\n").rate())
                .isEqualTo(new RateConfig(new Rate(1, 10 * S), 4, null));
        assertThat(route("    rate: {per-second: 7}\n").rate()).isEqualTo(new RateConfig(7, 7));
    }

    @Test
    void aDecimalIsReadAsWrittenNotAsItsBinaryFraction() {
        // 0.1 as a double is 0.1000000000000000055...; the bucket must add exactly one token per 10 s
        assertThat(route("    rate: {per-second: 0.3}\n").rate().rate()).isEqualTo(new Rate(3, 10 * S));
        assertThat(route("    rate: {per-second: \"0.25\"}\n").rate().rate()).isEqualTo(new Rate(1, 4 * S));
    }

    @Test
    void aClientRateTakesAFractionToo() {
        RouteConfig route = route("    client-rate: {per-second: 0.5, burst: 2, key-header: X-Api-Key}\n");
        assertThat(route.clientRate().rate()).isEqualTo(new RateConfig(new Rate(1, 2 * S), 2, null));
        assertThat(PathSettings.route(route, 0).clientRate().rate().rate()).isEqualTo(new Rate(1, 2 * S));
    }

    @Test
    void aRedisRateTakesAFractionAndIsCheckedAgainstTheSharedBucketsBounds() {
        RouteConfig route = route("    rate: {per-second: 0.5, redis: \"redis://h:1\", key: k}\n");
        assertThat(route.rate().rate()).isEqualTo(new Rate(1, 2 * S));
        assertThat(route.rate().redis().key()).isEqualTo("k");
        assertThatThrownBy(() -> route("    rate: {per-second: 2000000, redis: \"redis://h:1\", key: k}\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessage("routes[0].rate must be a bucket Redis keeps exactly but was 2000000/s with burst 2000000"
                        + " (refill rate must be <= 1000000 tokens a second for a Redis bucket but was 1 per"
                        + " PT0.0000005S)");
    }
}
