package io.tailguard.journal.durability;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** What every durability policy promises, run against all of them. */
class DurabilityPolicyContractTest {

    static Stream<Durability> policies() {
        return Stream.of(Durability.none(), Durability.sync(), Durability.periodic(Duration.ofMillis(10)),
                new Durability.Selective(Durability.Selective.longAt(0), 100, 1_000, Duration.ofMillis(50), "selective"));
    }

    static ByteBuffer valued(long v) {
        return ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(0, v);
    }

    @ParameterizedTest
    @MethodSource("policies")
    void nothingIsDueBeforeAnyAppend(Durability d) {
        assertThat(d.newPolicy().forceDueAtNanos()).isEqualTo(DurabilityPolicy.NEVER);
    }

    @ParameterizedTest
    @MethodSource("policies")
    void aForceClearsWhatWasDue(Durability d) {
        DurabilityPolicy p = d.newPolicy();
        for (int i = 0; i < 100; i++) {
            p.onAppend(valued(i), 1_000 + i);
        }
        p.onForce(2_000);
        assertThat(p.forceDueAtNanos()).isEqualTo(DurabilityPolicy.NEVER);
    }

    @ParameterizedTest
    @MethodSource("policies")
    void aRecordThatMustBeForcedMakesAForceDueNoLaterThanTheBoundOfThePolicy(Durability d) {
        DurabilityPolicy p = d.newPolicy();
        boolean must = p.onAppend(valued(1), 1_000);
        if (must) {
            assertThat(p.forceDueAtNanos()).isLessThanOrEqualTo(1_000 + Duration.ofMillis(50).toNanos());
        }
    }

    @ParameterizedTest
    @MethodSource("policies")
    void readingTheValueDoesNotMoveTheBuffer(Durability d) {
        ByteBuffer b = valued(500);
        d.newPolicy().onAppend(b, 0);
        assertThat(b.position()).isZero();
        assertThat(b.limit()).isEqualTo(16);
    }
}
