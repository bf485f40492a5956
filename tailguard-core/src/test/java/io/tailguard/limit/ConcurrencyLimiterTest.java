package io.tailguard.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import io.tailguard.time.NanoClock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ConcurrencyLimiterTest {

    /** Records every sample and returns a scripted limit. */
    private static class RecordingLimit implements Limit {
        final List<String> samples = new ArrayList<>();
        int next = 2;

        @Override
        public int update(long nowNanos, long rttNanos, int inFlight, boolean dropped) {
            samples.add(nowNanos + "/" + rttNanos + "/" + inFlight + "/" + dropped);
            return next;
        }

        @Override
        public int limit() {
            return 2;
        }

        @Override
        public int maxLimit() {
            return 10;
        }
    }

    @Test
    void rejectsWithConcurrencyLimitedOnceLimitIsInFlight() {
        ConcurrencyLimiter limiter = ConcurrencyLimiter.fixed(2);
        Decision first = limiter.tryAcquire(0);
        Decision second = limiter.tryAcquire(0);
        assertThat(first.isAdmitted()).isTrue();
        assertThat(second.isAdmitted()).isTrue();
        assertThat(limiter.tryAcquire(0).reason()).isEqualTo(RejectReason.CONCURRENCY_LIMITED);
        assertThat(limiter.inFlight()).isEqualTo(2);
        first.permit().onSuccess(5);
        assertThat(limiter.tryAcquire(5).isAdmitted()).isTrue();
    }

    @Test
    void clockFormReadsTheClockOnlyWhenItAdmits() {
        RecordingLimit estimator = new RecordingLimit();
        ConcurrencyLimiter limiter = ConcurrencyLimiter.of(estimator);
        long[] reads = {0};
        NanoClock clock = () -> 1_000L * ++reads[0];

        Decision first = limiter.tryAcquire(clock);
        Decision second = limiter.tryAcquire(clock);
        assertThat(reads[0]).isEqualTo(2);
        assertThat(limiter.tryAcquire(clock).reason()).isEqualTo(RejectReason.CONCURRENCY_LIMITED);
        assertThat(reads[0]).as("a rejection reads no clock").isEqualTo(2);

        // the permit carries the time read at admission: rtt = 5000 - 1000
        first.permit().onSuccess(5_000L);
        second.permit().onIgnore();
        assertThat(limiter.inFlight()).isZero();
        assertThat(estimator.samples).containsExactly("5000/4000/1/false");
    }

    @Test
    void aClockThatThrowsGivesThePlaceBack() {
        ConcurrencyLimiter limiter = ConcurrencyLimiter.of(new RecordingLimit());
        NanoClock broken = () -> {
            throw new IllegalStateException("clock unavailable");
        };
        assertThatThrownBy(() -> limiter.tryAcquire(broken)).hasMessage("clock unavailable");
        assertThat(limiter.inFlight()).isZero();
        assertThat(limiter.tryAcquire(() -> 7L).isAdmitted()).isTrue();
    }

    @Test
    void aFixedLimitNeverReadsTheClock() {
        ConcurrencyLimiter limiter = ConcurrencyLimiter.fixed(1);
        NanoClock broken = () -> {
            throw new IllegalStateException("clock read");
        };
        Decision first = limiter.tryAcquire(broken);
        assertThat(first.isAdmitted()).isTrue();
        assertThat(limiter.tryAcquire(broken).reason()).isEqualTo(RejectReason.CONCURRENCY_LIMITED);
        first.permit().onSuccess(0L);
        assertThat(limiter.inFlight()).isZero();
    }

    @Test
    void aFixedLimitAboveTheSlotGateUsesTheCounterAndStillHoldsExactly() {
        int limit = SlotGate.MAX_SLOTS + 1;
        ConcurrencyLimiter limiter = ConcurrencyLimiter.fixed(limit);
        List<Permit> held = new ArrayList<>();
        for (int i = 0; i < limit; i++) {
            held.add(limiter.tryAcquire(0L).permit());
        }
        assertThat(limiter.tryAcquire(0L).isAdmitted()).isFalse();
        assertThat(limiter.inFlight()).isEqualTo(limit);
        held.forEach(Permit::onIgnore);
        assertThat(limiter.inFlight()).isZero();
    }

    @Test
    void everyCompletionPathFreesTheSlotExactlyOnce() {
        ConcurrencyLimiter limiter = ConcurrencyLimiter.fixed(3);
        Permit a = limiter.tryAcquire(0).permit();
        Permit b = limiter.tryAcquire(0).permit();
        Permit c = limiter.tryAcquire(0).permit();
        a.onSuccess(1);
        a.onSuccess(1);
        b.onDropped(1);
        b.onIgnore();
        c.onIgnore();
        c.onDropped(2);
        assertThat(limiter.inFlight()).isZero();
    }

    @Test
    void aFixedLimitHandsOutTheSamePermitObjectEachTimeASlotIsReused() {
        ConcurrencyLimiter limiter = ConcurrencyLimiter.fixed(3);
        Set<Permit> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (long now = 0; now < 1_000; now++) {
            Permit a = limiter.tryAcquire(now).permit();
            Permit b = limiter.tryAcquire(now).permit();
            seen.add(a);
            seen.add(b);
            (now % 2 == 0 ? a : b).onSuccess(now);
            (now % 2 == 0 ? b : a).onSuccess(now);
        }
        assertThat(seen).hasSize(2); // the lowest free slots of this thread's word are reused
        assertThat(limiter.inFlight()).isZero();
    }

    @Test
    void anAdaptiveLimitReusesAtMostOnePermitObjectPerTableSlot() {
        ConcurrencyLimiter limiter = ConcurrencyLimiter.of(new RecordingLimit()); // max 10: 32 slots
        Set<Permit> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (long now = 0; now < 1_000; now++) {
            Permit permit = limiter.tryAcquire(now).permit();
            seen.add(permit);
            permit.onIgnore();
        }
        assertThat(seen).hasSizeBetween(1, 32);
        assertThat(limiter.inFlight()).isZero();
    }

    @Test
    void feedsTheEstimatorRttInFlightAndDropAndPublishesItsLimit() {
        RecordingLimit estimator = new RecordingLimit();
        ConcurrencyLimiter limiter = ConcurrencyLimiter.of(estimator);
        Permit a = limiter.tryAcquire(100).permit();
        Permit b = limiter.tryAcquire(150).permit();
        estimator.next = 7;
        a.onSuccess(400);
        b.onDropped(900);
        assertThat(estimator.samples).containsExactly("400/300/1/false", "900/750/2/true");
        assertThat(limiter.limit()).isEqualTo(7);
    }

    @Test
    void ignoredCompletionsTeachTheEstimatorNothing() {
        RecordingLimit estimator = new RecordingLimit();
        ConcurrencyLimiter limiter = ConcurrencyLimiter.of(estimator);
        limiter.tryAcquire(0).permit().onIgnore();
        assertThat(estimator.samples).isEmpty();
        assertThat(limiter.inFlight()).isZero();
    }

    @Test
    void shrinkingLimitRejectsUntilInFlightDrainsBelowIt() {
        RecordingLimit estimator = new RecordingLimit();
        estimator.next = 1;
        ConcurrencyLimiter limiter = ConcurrencyLimiter.of(estimator);
        Permit a = limiter.tryAcquire(0).permit();
        Permit b = limiter.tryAcquire(0).permit();
        assertThat(limiter.tryAcquire(0).isAdmitted()).isFalse();
        a.onDropped(10);
        assertThat(limiter.limit()).isEqualTo(1);
        assertThat(limiter.tryAcquire(10).isAdmitted()).isFalse();
        b.onSuccess(11);
        assertThat(limiter.tryAcquire(12).isAdmitted()).isTrue();
        assertThat(limiter.tryAcquire(12).isAdmitted()).isFalse();
    }

    @Test
    void theFactoryGivesAFixedLimitASlotGateAndEverythingElseTheCounter() {
        assertThat(ConcurrencyLimiter.fixed(SlotGate.MAX_SLOTS)).isInstanceOf(FixedConcurrencyGate.class);
        assertThat(ConcurrencyLimiter.of(FixedLimit.of(5))).isInstanceOf(FixedConcurrencyGate.class);
        assertThat(ConcurrencyLimiter.fixed(SlotGate.MAX_SLOTS + 1)).isInstanceOf(AdaptiveConcurrencyLimiter.class);
        assertThat(ConcurrencyLimiter.of(new RecordingLimit())).isInstanceOf(AdaptiveConcurrencyLimiter.class);
        assertThat(ConcurrencyLimiter.fixed(5).adapts()).isFalse();
        assertThat(ConcurrencyLimiter.fixed(SlotGate.MAX_SLOTS + 1).adapts()).isFalse();
        assertThat(ConcurrencyLimiter.of(new RecordingLimit()).adapts()).isTrue();
    }

    @Test
    void aFixedLimitOnTheCounterNeverFeedsItsEstimator() {
        RecordingLimit estimator = new RecordingLimit() {
            @Override
            public boolean adapts() {
                return false;
            }

            @Override
            public int limit() {
                return SlotGate.MAX_SLOTS + 1;
            }
        };
        ConcurrencyLimiter limiter = ConcurrencyLimiter.of(estimator);
        limiter.tryAcquire(0).permit().onSuccess(5);
        limiter.tryAcquire(6).permit().onDropped(9);
        assertThat(estimator.samples).isEmpty();
        assertThat(limiter.inFlight()).isZero();
    }

    @Test
    void rejectsANullEstimator() {
        assertThatThrownBy(() -> ConcurrencyLimiter.of(null))
                .hasMessage("estimator must be non-null but was null");
        assertThatThrownBy(() -> ConcurrencyLimiter.fixed(0)).hasMessage("limit must be >= 1 but was 0");
    }
}
