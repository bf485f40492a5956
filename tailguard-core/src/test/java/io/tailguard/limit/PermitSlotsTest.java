package io.tailguard.limit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.testing.Threads;
import java.time.Duration;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PermitSlotsTest {

    private final AdaptiveConcurrencyLimiter owner = new AdaptiveConcurrencyLimiter(FixedLimit.of(1_000));

    @Test
    void roundsTheTableUpToAPowerOfTwo() {
        assertThat(new PermitSlots(owner, 1).size()).isEqualTo(1);
        assertThat(new PermitSlots(owner, 3).size()).isEqualTo(4);
        assertThat(new PermitSlots(owner, 4).size()).isEqualTo(4);
        assertThat(new PermitSlots(owner, 2_000).size()).isEqualTo(2_048);
    }

    @Test
    void handsOutDistinctPermitsThenUnpooledOnesWhenEverySlotIsBusy() {
        PermitSlots slots = new PermitSlots(owner, 4);
        Set<PooledPermit> table = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int i = 0; i < 4; i++) {
            assertThat(table.add(slots.claim(i * 7L, i))).isTrue();
        }
        PooledPermit extra = slots.claim(99, 4);
        assertThat(table).doesNotContain(extra);
        PooledPermit freed = table.iterator().next();
        freed.onIgnore();
        assertThat(slots.claim(5, 3)).isSameAs(freed);
    }

    @Test
    void freedPermitsAreReusedSoOnlyTheFirstUseOfASlotAllocates() {
        PermitSlots slots = new PermitSlots(owner, 8);
        Set<PooledPermit> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (long now = 0; now < 10_000; now++) {
            PooledPermit permit = slots.claim(now, 0);
            seen.add(permit);
            permit.onIgnore();
        }
        assertThat(seen).hasSizeBetween(1, 8);
    }

    @Test
    void neverHandsTheSamePermitToTwoHoldersAtOnce() throws Exception {
        PermitSlots slots = new PermitSlots(owner, 8);
        Set<PooledPermit> held = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
        Threads.runTogether(4, Duration.ofSeconds(60), thread -> {
            for (long i = 0; i < 100_000; i++) {
                PooledPermit permit = slots.claim(i * 31 + thread, (int) (i & 3));
                if (!held.add(permit)) {
                    throw new AssertionError("permit handed out twice");
                }
                held.remove(permit);
                permit.onIgnore();
            }
        });
    }
}
