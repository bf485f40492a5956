package io.tailguard.limit;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.testing.Threads;
import io.tailguard.time.ManualClock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Many threads against one limiter: the limit is never exceeded and in-flight returns to zero. */
class ConcurrencyLimiterConcurrencyTest {

    private static final int THREADS = 4;
    private static final Duration RUN_LIMIT = Duration.ofSeconds(60);
    private static final int ATTEMPTS_PER_THREAD = 200_000;

    private static int hammer(ConcurrencyLimiter limiter, ManualClock clock, AtomicInteger maxActive)
            throws Exception {
        AtomicInteger active = new AtomicInteger();
        AtomicInteger admitted = new AtomicInteger();
        Threads.runTogether(THREADS, RUN_LIMIT, thread -> {
            for (int i = 0; i < ATTEMPTS_PER_THREAD; i++) {
                Decision decision = limiter.tryAcquire(clock.nanoTime());
                if (!decision.isAdmitted()) {
                    continue;
                }
                admitted.incrementAndGet();
                int now = active.incrementAndGet();
                maxActive.accumulateAndGet(now, Math::max);
                active.decrementAndGet();
                Permit permit = decision.permit();
                long done = clock.advanceNanos(1_000L * (1 + (i + thread) % 7));
                switch ((i + thread) % 3) {
                    case 0 -> permit.onSuccess(done);
                    case 1 -> permit.onDropped(done);
                    default -> permit.onIgnore();
                }
            }
        });
        return admitted.get();
    }

    @Test
    void fixedLimitIsNeverExceededUnderManyThreads() throws Exception {
        ConcurrencyLimiter limiter = ConcurrencyLimiter.fixed(3);
        AtomicInteger maxActive = new AtomicInteger();
        int admitted = hammer(limiter, new ManualClock(), maxActive);
        assertThat(admitted).isPositive();
        assertThat(maxActive.get()).isBetween(1, 3);
        assertThat(limiter.inFlight()).isZero();
    }

    @Test
    void adaptiveLimitStaysWithinItsBoundsAndInFlightReturnsToZero() throws Exception {
        ConcurrencyLimiter limiter = ConcurrencyLimiter.of(
                new AimdLimit(new AimdLimitConfig(4, 2, 6, 0.5, Duration.ofMillis(1))));
        AtomicInteger maxActive = new AtomicInteger();
        int admitted = hammer(limiter, new ManualClock(), maxActive);
        assertThat(admitted).isPositive();
        assertThat(maxActive.get()).isBetween(1, 6);
        assertThat(limiter.limit()).isBetween(2, 6);
        assertThat(limiter.inFlight()).isZero();
    }

    @Test
    void aFixedLimitOfSeveralWordsHandsEachSlotToOneHolderAtATime() throws Exception {
        int limit = 130; // three words of slots, the last one with two
        ConcurrencyLimiter limiter = ConcurrencyLimiter.fixed(limit);
        Map<Permit, Integer> holders = new ConcurrentHashMap<>(); // permits compare by identity
        AtomicInteger rejected = new AtomicInteger();
        Threads.runTogether(THREADS, RUN_LIMIT, thread -> {
            Permit[] mine = new Permit[limit + 10]; // sometimes more than the limit, so some are refused
            for (int round = 0; round < 20_000; round++) {
                int count = 0;
                int want = 1 + (round * 7 + thread) % mine.length;
                while (count < want) {
                    Decision decision = limiter.tryAcquire(0L);
                    if (!decision.isAdmitted()) {
                        rejected.incrementAndGet();
                        break;
                    }
                    Integer previous = holders.putIfAbsent(decision.permit(), thread);
                    assertThat(previous).as("a permit held by two requests").isNull();
                    mine[count++] = decision.permit();
                }
                for (int i = 0; i < count; i++) {
                    holders.remove(mine[i]);
                    mine[i].onSuccess(0L);
                }
            }
        });
        assertThat(rejected.get()).as("some rounds want more than the limit").isPositive();
        assertThat(limiter.inFlight()).isZero();
        // no slot is left hidden behind a stale "word full" mark: all of them can be taken again
        for (int i = 0; i < limit; i++) {
            assertThat(limiter.tryAcquire(0L).isAdmitted()).as("slot %d of %d", i, limit).isTrue();
        }
        assertThat(limiter.tryAcquire(0L).isAdmitted()).isFalse();
    }
}
