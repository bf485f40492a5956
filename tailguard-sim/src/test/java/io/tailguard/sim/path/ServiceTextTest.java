package io.tailguard.sim.path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

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
                .isInstanceOf(IllegalArgumentException.class).hasMessageEndingWith("but 'app: time=fixed(5ms)' lacks workers");
    }

    @Test
    void refusesAnUnknownDistribution() {
        assertThatThrownBy(() -> ServiceText.parse("app: workers=1, time=gamma(5ms)"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--service time must be fixed(20ms), exp(20ms)")
                .hasMessageEndingWith("but was 'gamma(5ms)'");
    }

    @Test
    void readsTheFieldsAloneAsOneBackendsModel() {
        BackendModel model = ServiceText.parseModel("workers=8, time=fixed(40ms), slowdown=2=>1;=>50");
        assertThat(model.workers()).isEqualTo(8);
        assertThat(model.service().meanNanos()).isEqualTo(40e6);
        assertThat(model.slowdown()).hasToString("2=>1;=>50");
        assertThatThrownBy(() -> ServiceText.parseModel("workers=8"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--service must be 'workers=N, time=DIST' with optional slowdown=TABLE and refused=SHARE "
                        + "but 'workers=8' lacks time");
    }
}
