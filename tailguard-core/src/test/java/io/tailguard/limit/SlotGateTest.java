package io.tailguard.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SlotGateTest {

    private static List<SlotPermit> takeAll(SlotGate gate) {
        List<SlotPermit> taken = new ArrayList<>();
        for (SlotPermit permit = gate.tryAcquire(); permit != null; permit = gate.tryAcquire()) {
            taken.add(permit);
        }
        return taken;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 5, 63, 64, 65, 127, 128, 129, 130, 4_095, 4_096})
    void admitsExactlyTheLimitWithDistinctPermitsThenRejects(int limit) {
        SlotGate gate = new SlotGate(limit);
        List<SlotPermit> taken = takeAll(gate);
        Set<SlotPermit> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
        distinct.addAll(taken);
        assertThat(taken).hasSize(limit);
        assertThat(distinct).hasSize(limit);
        assertThat(gate.inFlight()).isEqualTo(limit);
        assertThat(gate.tryAcquire()).isNull();
        assertThat(gate.words()).isEqualTo((limit + 63) / 64);
    }

    @Test
    void aSlotFreedInAFullWordIsFoundAgainFromAnyThread() throws Exception {
        SlotGate gate = new SlotGate(200); // words of 64, 64, 64 and 8 slots
        List<SlotPermit> taken = takeAll(gate);
        SlotPermit freed = taken.get(10); // in word 0: a search that starts at a later word wraps round
        freed.onSuccess(0L);
        assertThat(gate.inFlight()).isEqualTo(199);

        // another thread, whatever word its search starts at, must find the free slot
        AtomicReference<SlotPermit> found = new AtomicReference<>();
        Thread other = new Thread(() -> found.set(gate.tryAcquire()));
        other.start();
        other.join();
        assertThat(found.get()).isSameAs(freed);
        assertThat(gate.tryAcquire()).isNull();
    }

    @Test
    void everyCompletionFreesItsSlotOnceAndLaterOnesDoNothing() {
        SlotGate gate = new SlotGate(2);
        SlotPermit a = gate.tryAcquire();
        SlotPermit b = gate.tryAcquire();
        a.onDropped(1L);
        a.onSuccess(2L);
        a.onIgnore();
        assertThat(gate.inFlight()).isEqualTo(1);
        assertThat(gate.tryAcquire()).isSameAs(a);
        b.onIgnore();
        b.onDropped(3L);
        assertThat(gate.inFlight()).isEqualTo(1);
        assertThat(gate.release(0, 1L << 1)).as("b's slot is already free").isFalse();
        assertThat(gate.release(0, 1L)).as("a's slot is taken").isTrue();
        assertThat(gate.inFlight()).isZero();
    }

    @Test
    void freeingEverySlotOfAFullGateMakesAllOfThemAvailableAgain() {
        SlotGate gate = new SlotGate(130);
        for (int round = 0; round < 3; round++) {
            List<SlotPermit> taken = takeAll(gate);
            assertThat(taken).hasSize(130);
            Collections.reverse(taken);
            taken.forEach(permit -> permit.onIgnore());
            assertThat(gate.inFlight()).isZero();
            assertThat(gate.fullMarks()).as("no word left marked full").isZero();
        }
    }

    @Test
    void namesItsSlotAndRejectsALimitItCannotHold() {
        assertThat(new SlotGate(3).tryAcquire()).hasToString("Permit[slot 0 of 3]");
        assertThatThrownBy(() -> new SlotGate(0)).hasMessage("limit must be in [1, 4096] but was 0");
        assertThatThrownBy(() -> new SlotGate(4_097)).hasMessage("limit must be in [1, 4096] but was 4097");
    }
}
