package io.tailguard.cli.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.tailguard.cli.UsageException;
import org.junit.jupiter.api.Test;

class ServiceTextTest {

    @Test
    void readsAPoolWideDescription() {
        ServiceText service = ServiceText.parse("app: workers=8, time=lognormal(p50=40ms,p99=300ms)");
        assertThat(service.pool()).isEqualTo("app");
        assertThat(service.backend()).isNull();
        assertThat(service.model().workers()).isEqualTo(8);
        // a lognormal through p50 = 40 ms and p99 = 300 ms has sigma = ln(7.5) / 2.326 and mean 40 exp(sigma^2 / 2)
        double sigma = Math.log(7.5) / 2.3263478740408408;
        assertThat(service.model().service().meanNanos()).isCloseTo(40e6 * Math.exp(sigma * sigma / 2), within(1.0));
    }

    @Test
    void readsOneBackendByItsAddressWithSlowdownAndRefusals() {
        ServiceText service = ServiceText.parse(
                "app/127.0.0.1:9293: workers=2, time=mix(0.9:fixed(5ms),0.1:fixed(200ms)), slowdown=2=>1;=>50, refused=0.1");
        assertThat(service.pool()).isEqualTo("app");
        assertThat(service.backend()).isEqualTo("127.0.0.1:9293");
        assertThat(service.model().service().meanNanos()).isCloseTo(0.9 * 5e6 + 0.1 * 200e6, within(1.0));
        assertThat(service.model().slowdown()).hasToString("2=>1;=>50");
        assertThat(service.model().refusedShare()).isEqualTo(0.1);
    }

    @Test
    void readsAnExponentialByItsMean() {
        assertThat(ServiceText.parse("app: workers=1, time=exp(20ms)").model().service().meanNanos()).isEqualTo(20e6);
    }

    @Test
    void refusesADescriptionWithoutWorkers() {
        assertThatThrownBy(() -> ServiceText.parse("app: time=fixed(5ms)"))
                .isInstanceOf(UsageException.class).hasMessageEndingWith("but 'app: time=fixed(5ms)' lacks workers");
    }

    @Test
    void refusesAnUnknownDistribution() {
        assertThatThrownBy(() -> ServiceText.parse("app: workers=1, time=gamma(5ms)"))
                .isInstanceOf(UsageException.class)
                .hasMessageStartingWith("--service time must be fixed(20ms), exp(20ms)")
                .hasMessageEndingWith("but was 'gamma(5ms)'");
    }

    @Test
    void readsLoadsAndSlos() {
        assertThat(LoadText.parseList("0.5x,300/s")).extracting(LoadText::label).containsExactly("0.5x", "300/s");
        assertThat(LoadText.parse("2x").rate(150)).isEqualTo(300.0);
        Slo slo = Slo.parse("p99<=250ms@2x");
        assertThat(slo.metric()).isEqualTo("p99");
        assertThat(slo.bound()).isEqualTo(250.0);
        assertThat(slo.load().sameAs(LoadText.parse("2.0x"))).isTrue();
        assertThat(Slo.parse("goodput>=0.9@5x").bound()).isEqualTo(0.9);
        assertThatThrownBy(() -> Slo.parse("p98<=1s@2x")).isInstanceOf(UsageException.class);
    }
}
