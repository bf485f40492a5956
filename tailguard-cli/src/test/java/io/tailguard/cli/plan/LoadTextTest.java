package io.tailguard.cli.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.cli.UsageException;
import org.junit.jupiter.api.Test;

class LoadTextTest {

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
