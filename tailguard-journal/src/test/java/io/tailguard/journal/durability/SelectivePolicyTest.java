package io.tailguard.journal.durability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class SelectivePolicyTest {

    private static final long MS = 1_000_000L;

    private final DurabilityPolicy p = new Durability.Selective(Durability.Selective.longAt(0), 100, 250,
            Duration.ofMillis(10), "selective").newPolicy();

    @Test
    void smallRecordsCommitAtWriteAndWaitOnlyForTheMaxInterval() {
        assertThat(p.onAppend(DurabilityPolicyContractTest.valued(10), 0)).isFalse();
        assertThat(p.forceDueAtNanos()).isEqualTo(10 * MS);
        assertThat(p.onAppend(DurabilityPolicyContractTest.valued(10), 3 * MS)).isFalse();
        assertThat(p.forceDueAtNanos()).as("the interval runs from the first unforced record").isEqualTo(10 * MS);
    }

    @Test
    void aRecordAtTheThresholdForcesNow() {
        assertThat(p.onAppend(DurabilityPolicyContractTest.valued(100), 5)).isTrue();
        assertThat(p.forceDueAtNanos()).isZero();
    }

    @Test
    void theAccumulatedValueSinceTheLastForceForcesAtTheCap() {
        assertThat(p.onAppend(DurabilityPolicyContractTest.valued(99), 0)).isFalse();
        assertThat(p.onAppend(DurabilityPolicyContractTest.valued(99), 0)).isFalse();
        assertThat(p.onAppend(DurabilityPolicyContractTest.valued(99), 0)).isTrue();
        p.onForce(1);
        assertThat(p.onAppend(DurabilityPolicyContractTest.valued(99), 2)).as("cap restarts at a force").isFalse();
    }

    @Test
    void periodicWaitsForTheIntervalFromTheFirstUnforcedRecord() {
        DurabilityPolicy periodic = Durability.periodic(Duration.ofMillis(10)).newPolicy();
        assertThat(periodic.onAppend(DurabilityPolicyContractTest.valued(1), 7 * MS)).isTrue();
        assertThat(periodic.onAppend(DurabilityPolicyContractTest.valued(1), 9 * MS)).isTrue();
        assertThat(periodic.forceDueAtNanos()).isEqualTo(17 * MS);
    }

    @Test
    void parsesTheCommandLineForms() {
        assertThat(Durability.parse("none")).isEqualTo(Durability.none());
        assertThat(Durability.parse("sync")).isEqualTo(Durability.sync());
        assertThat(Durability.parse("periodic:250ms")).isEqualTo(Durability.periodic(Duration.ofMillis(250)));
        assertThatThrownBy(() -> Durability.parse("fsync"))
                .hasMessage("durability must be one of none, sync, periodic:<duration>, selective:<forces>/s but was fsync");
        assertThatThrownBy(() -> Durability.parse("periodic:0ms"))
                .hasMessageContaining("periodic interval must be a positive duration");
    }

    @Test
    void validatesItsConfig() {
        assertThatThrownBy(() -> new Durability.Selective(Durability.Selective.longAt(0), 0, 1, Duration.ofMillis(1), "s"))
                .hasMessage("recordThreshold must be >= 1 but was 0");
    }
}
