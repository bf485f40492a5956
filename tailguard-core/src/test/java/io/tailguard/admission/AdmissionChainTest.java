package io.tailguard.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.rate.TokenBucket;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.testing.Threads;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AdmissionChainTest {

    /** A gate that admits while {@code open}, and records how each of its permits was completed. */
    private static final class RecordingGate implements AdmissionPolicy {
        final String name;
        final List<String> log;
        boolean open = true;

        RecordingGate(String name, List<String> log) {
            this.name = name;
            this.log = log;
        }

        @Override
        public Decision tryAcquire(long nowNanos) {
            if (!open) {
                return Rejection.of(RejectReason.QUEUE_FULL);
            }
            return new Permit() {
                @Override
                public void onSuccess(long now) {
                    log.add(name + ":success@" + now);
                }

                @Override
                public void onDropped(long now) {
                    log.add(name + ":dropped@" + now);
                }

                @Override
                public void onIgnore() {
                    log.add(name + ":ignored");
                }
            };
        }
    }

    @Test
    void onePermitCompletesEveryGatesPermitLastGateFirstAndOnlyOnce() {
        List<String> log = new ArrayList<>();
        AdmissionPolicy chain = AdmissionPolicy.chain(new RecordingGate("a", log), new RecordingGate("b", log),
                new RecordingGate("c", log));
        Permit permit = chain.tryAcquire(0).permit();
        permit.onDropped(7);
        permit.onSuccess(8);
        assertThat(log).containsExactly("c:dropped@7", "b:dropped@7", "a:dropped@7");
    }

    @Test
    void aRefusalGivesBackThePermitsAlreadyTakenAsIgnoredAndReturnsThatGatesReason() {
        List<String> log = new ArrayList<>();
        RecordingGate last = new RecordingGate("c", log);
        last.open = false;
        AdmissionPolicy chain = AdmissionPolicy.chain(new RecordingGate("a", log), new RecordingGate("b", log), last);
        assertThat(chain.tryAcquire(0).reason()).isEqualTo(RejectReason.QUEUE_FULL);
        assertThat(log).containsExactly("b:ignored", "a:ignored");
    }

    @Test
    void aRateGateRefusalReleasesTheLimiterAskedBeforeIt() {
        ConcurrencyLimiter limiter = ConcurrencyLimiter.fixed(2);
        TokenBucket bucket = new TokenBucket(TokenBucketConfig.of(1, 1, Duration.ofSeconds(1)), 0L);
        AdmissionPolicy chain = AdmissionPolicy.chain(limiter, bucket);
        Permit first = chain.tryAcquire(0).permit();
        assertThat(chain.tryAcquire(0).reason()).isEqualTo(RejectReason.RATE_LIMITED);
        assertThat(limiter.inFlight()).isEqualTo(1);
        first.onSuccess(1);
        assertThat(limiter.inFlight()).isZero();
    }

    @Test
    void handsOutTheOnlyStatefulPermitItselfAndTheNoopWhenNoGateKeepsState() {
        ConcurrencyLimiter limiter = ConcurrencyLimiter.fixed(1);
        TokenBucket bucket = new TokenBucket(TokenBucketConfig.of(10, 10, Duration.ofSeconds(1)), 0L);
        Permit permit = AdmissionPolicy.chain(bucket, limiter).tryAcquire(0).permit();
        assertThat(permit.getClass().getSimpleName()).isEqualTo("SlotPermit");
        permit.onIgnore();
        assertThat(AdmissionPolicy.chain(bucket, bucket).tryAcquire(0).permit()).isSameAs(Permit.noop());
    }

    @Test
    void twoLimitersInAChainHoldTheirLimitsAndDrainToZeroUnderThreads() throws Exception {
        ConcurrencyLimiter global = ConcurrencyLimiter.fixed(6);
        ConcurrencyLimiter partition = ConcurrencyLimiter.fixed(4);
        AdmissionPolicy chain = AdmissionPolicy.chain(global, partition);
        AtomicInteger active = new AtomicInteger();
        AtomicInteger maxActive = new AtomicInteger();
        AtomicInteger admitted = new AtomicInteger();
        Threads.runTogether(4, Duration.ofSeconds(60), thread -> {
            for (int i = 0; i < 50_000; i++) {
                Decision decision = chain.tryAcquire(i);
                if (decision.isAdmitted()) {
                    maxActive.accumulateAndGet(active.incrementAndGet(), Math::max);
                    admitted.incrementAndGet();
                    active.decrementAndGet();
                    if (i % 3 == 0) {
                        decision.permit().onDropped(i);
                    } else {
                        decision.permit().onSuccess(i);
                    }
                }
            }
        });
        assertThat(admitted.get()).isPositive();
        assertThat(maxActive.get()).isLessThanOrEqualTo(4);
        assertThat(global.inFlight()).isZero();
        assertThat(partition.inFlight()).isZero();
    }

    @Test
    void aChainOfOneGateIsThatGate() {
        ConcurrencyLimiter limiter = ConcurrencyLimiter.fixed(1);
        assertThat(AdmissionPolicy.chain(limiter)).isSameAs(limiter);
    }

    @Test
    void rejectsAnEmptyChainAndANullGate() {
        assertThatThrownBy(() -> AdmissionPolicy.chain()).hasMessage("gates must be a non-empty list but was []");
        assertThatThrownBy(() -> AdmissionPolicy.chain(ConcurrencyLimiter.fixed(1), null))
                .hasMessage("gates[1] must be non-null but was null");
        assertThatThrownBy(() -> AdmissionPolicy.chain((AdmissionPolicy[]) null))
                .hasMessage("gates must be non-null but was null");
    }
}
