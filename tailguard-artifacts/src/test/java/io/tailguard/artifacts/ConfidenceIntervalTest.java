package io.tailguard.artifacts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ConfidenceIntervalTest {

    @Test
    void usesStudentsTForFewSamples() {
        // mean 2, sample sd 1, n 3: half width t(0.975, 2) x 1 / sqrt(3) = 4.303 / 1.732
        ConfidenceInterval ci = ConfidenceInterval.of(new double[] {1, 2, 3});
        assertThat(ci.mean()).isEqualTo(2.0);
        assertThat(ci.halfWidth()).isCloseTo(4.303 / Math.sqrt(3), within(1e-9));
        assertThat(ci.low()).isCloseTo(2.0 - 2.4843, within(1e-3));
    }

    @Test
    void equalSamplesAndOneSampleHaveNoWidth() {
        assertThat(ConfidenceInterval.of(new double[] {5, 5, 5, 5}).halfWidth()).isZero();
        assertThat(ConfidenceInterval.of(new double[] {7})).isEqualTo(new ConfidenceInterval(1, 7, 0));
    }

    @Test
    void tApproachesTheNormalQuantile() {
        assertThat(ConfidenceInterval.t975(1)).isEqualTo(12.706);
        assertThat(ConfidenceInterval.t975(30)).isEqualTo(2.042);
        assertThat(ConfidenceInterval.t975(500)).isEqualTo(1.980);
        assertThatThrownBy(() -> ConfidenceInterval.t975(0)).hasMessage("df must be at least 1 but was 0");
        assertThatThrownBy(() -> ConfidenceInterval.of(new double[0])).hasMessage("samples must be non-empty but was []");
    }
}
