package io.tailguard.limit;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import io.tailguard.admission.Permit;
import java.time.Duration;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressMeta;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIIII_Result;
import org.openjdk.jcstress.infra.results.IIII_Result;
import org.openjdk.jcstress.infra.results.ZII_Result;
import org.openjdk.jcstress.infra.results.ZI_Result;
import org.openjdk.jcstress.infra.results.ZZ_Result;
import org.openjdk.jcstress.infra.results.Z_Result;

/** Not thread-safe holder of jcstress tests for {@link ConcurrencyLimiter} and its permit table. */
public final class ConcurrencyLimiterStress {

    private ConcurrencyLimiterStress() {
    }

    /** A limiter on the counter path (an adaptive estimator) whose limit stays 1. */
    static ConcurrencyLimiter adaptiveLimitOfOne() {
        return ConcurrencyLimiter.of(new AimdLimit(new AimdLimitConfig(1, 1, 1, 0.5, Duration.ofSeconds(1))));
    }

    /** Asks {@code limiter} at {@code nowNanos}: 1 if it admits, 0 if it refuses. */
    static int admitted(ConcurrencyLimiter limiter, long nowNanos) {
        return limiter.tryAcquire(nowNanos).isAdmitted() ? 1 : 0;
    }

    /**
     * Thread-safe subject: two limits of 1, a fixed one ({@link SlotGate}) and one on the counter
     * path (an adaptive limit held at 1); two threads acquire from both at once. On the counter path
     * both may pass the read and take a place with fetch-and-add; the one that finds the count at the
     * limit must give its place back, or the arbiter sees 2 in flight. For each limiter, fixed first:
     * the first racer admitted (1) or not (0), the second, the count in flight.
     */
    @JCStressTest
    @Outcome(id = {"1, 0, 1, 1, 0, 1", "1, 0, 1, 0, 1, 1", "0, 1, 1, 1, 0, 1", "0, 1, 1, 0, 1, 1"},
            expect = ACCEPTABLE, desc = "each limiter admits one and has one in flight")
    @Outcome(expect = FORBIDDEN, desc = "a limit exceeded or a slot lost")
    @State
    public static class LastSlot {
        private final ConcurrencyLimiter fixed = ConcurrencyLimiter.fixed(1);
        private final ConcurrencyLimiter adaptive = adaptiveLimitOfOne();

        /** First racer, on both limiters. */
        @Actor
        public void first(IIIIII_Result result) {
            result.r1 = admitted(fixed, 0L);
            result.r4 = admitted(adaptive, 0L);
        }

        /** Second racer, on both limiters. */
        @Actor
        public void second(IIIIII_Result result) {
            result.r2 = admitted(fixed, 0L);
            result.r5 = admitted(adaptive, 0L);
        }

        /** Checks both counters once both are done. */
        @Arbiter
        public void inFlight(IIIIII_Result result) {
            result.r3 = fixed.inFlight();
            result.r6 = adaptive.inFlight();
        }
    }

    /**
     * Thread-safe subject: two limits of 1, a fixed one ({@link SlotGate}) and one on the counter
     * path (an adaptive limit held at 1), each with its only slot held; one thread releases both
     * while another asks both. For each limiter, fixed first: the ask admitted (1) or not (0), the
     * count in flight.
     */
    @JCStressTest
    @Outcome(id = {"1, 1, 1, 1", "1, 1, 0, 0", "0, 0, 1, 1", "0, 0, 0, 0"}, expect = ACCEPTABLE,
            desc = "each ask admitted after or rejected before the release")
    @Outcome(expect = FORBIDDEN, desc = "an in-flight count disagrees with its decision")
    @State
    public static class ReleaseRacesAcquire {
        private final ConcurrencyLimiter fixed = ConcurrencyLimiter.fixed(1);
        private final Permit fixedHeld = fixed.tryAcquire(0L).permit();
        private final ConcurrencyLimiter adaptive = adaptiveLimitOfOne();
        private final Permit adaptiveHeld = adaptive.tryAcquire(0L).permit();

        /** Completes both held permits. */
        @Actor
        public void release() {
            fixedHeld.onSuccess(10L);
            adaptiveHeld.onSuccess(10L);
        }

        /** Tries to take each slot. */
        @Actor
        public void acquire(IIII_Result result) {
            result.r1 = admitted(fixed, 5L);
            result.r3 = admitted(adaptive, 5L);
        }

        /** Checks both counters once both are done. */
        @Arbiter
        public void inFlight(IIII_Result result) {
            result.r2 = fixed.inFlight();
            result.r4 = adaptive.inFlight();
        }
    }

    /** Thread-safe subject: a one-slot table whose permit is free; two threads claim at once. */
    @JCStressTest
    @Outcome(id = {"true, false", "false, true"}, expect = ACCEPTABLE, desc = "exactly one thread gets the table's permit")
    @Outcome(expect = FORBIDDEN, desc = "the permit was handed out twice or lost")
    @State
    public static class SlotLastPermit {
        private final PermitSlots slots = new PermitSlots(new AdaptiveConcurrencyLimiter(FixedLimit.of(1)), 1);
        private final PooledPermit tablePermit = slots.claim(0L, 0);

        {
            tablePermit.onIgnore(); // free again: the only slot now holds a free permit
        }

        /** First racer. */
        @Actor
        public void first(ZZ_Result result) {
            result.r1 = slots.claim(1L, 0) == tablePermit;
        }

        /** Second racer. */
        @Actor
        public void second(ZZ_Result result) {
            result.r2 = slots.claim(2L, 0) == tablePermit;
        }
    }

    /** Thread-safe subject: an empty one-slot table; two threads claim at once. */
    @JCStressTest
    @Outcome(id = "true", expect = ACCEPTABLE, desc = "each thread holds its own permit")
    @Outcome(expect = FORBIDDEN, desc = "both threads hold the same permit")
    @State
    public static class SlotFirstUse {
        private final PermitSlots slots = new PermitSlots(new AdaptiveConcurrencyLimiter(FixedLimit.of(1)), 1);
        private PooledPermit first;
        private PooledPermit second;

        /** First racer. */
        @Actor
        public void first() {
            first = slots.claim(1L, 0);
        }

        /** Second racer. */
        @Actor
        public void second() {
            second = slots.claim(2L, 0);
        }

        /** Compares what they got. */
        @Arbiter
        public void distinct(Z_Result result) {
            result.r1 = first != null && second != null && first != second;
        }
    }

    /**
     * Thread-safe subject: a one-word {@link SlotGate} of two slots, one held. One thread takes the
     * other slot, which leaves the word with none free, while another frees the held one. After
     * both, exactly one slot is free and must be found. A one-word gate keeps no full marks, so
     * this covers its own path; {@link FullMarkRacesReleaseTwoWords} covers the marks.
     */
    @JCStressTest
    @Outcome(id = "true, 1", expect = ACCEPTABLE, desc = "the freed slot is found, and only it")
    @Outcome(expect = FORBIDDEN, desc = "a free slot hidden by the full mark, or a slot handed out twice")
    @State
    public static class FullMarkRacesRelease {
        private final SlotGate gate = new SlotGate(2);
        private final SlotPermit held = gate.tryAcquire();

        /** Takes the last free slot. */
        @Actor
        public void take(ZI_Result result) {
            result.r1 = gate.tryAcquire() != null;
        }

        /** Frees the held slot. */
        @Actor
        public void free() {
            held.onSuccess(0L);
        }

        /** Counts what can still be taken. */
        @Arbiter
        public void remaining(ZI_Result result) {
            int taken = 0;
            while (gate.tryAcquire() != null) {
                taken++;
            }
            result.r2 = taken;
        }
    }

    /**
     * Thread-safe subject: a one-word {@link SlotGate} of two slots, one held by the second actor.
     * The first takes the other slot while the second frees its slot and then asks again: having
     * freed a slot itself, it must get one. {@link ReleaseThenAcquireTwoWords} is the same race
     * where a full mark could be stale.
     */
    @JCStressTest
    @Outcome(id = "true, true", expect = ACCEPTABLE, desc = "both admitted")
    @Outcome(expect = FORBIDDEN, desc = "refused right after its own release")
    @State
    public static class ReleaseThenAcquire {
        private final SlotGate gate = new SlotGate(2);
        private final SlotPermit held = gate.tryAcquire();

        /** Takes the free slot. */
        @Actor
        public void take(ZZ_Result result) {
            result.r1 = gate.tryAcquire() != null;
        }

        /** Frees its slot, then asks again. */
        @Actor
        public void freeThenTake(ZZ_Result result) {
            held.onSuccess(0L);
            result.r2 = gate.tryAcquire() != null;
        }
    }

    /**
     * Takes every slot of a two-word gate of 128 slots from one thread, then frees the first slot
     * taken. The first two permits taken are in the same word, so that word has one free slot,
     * the other word none (and is marked full). Returns the second permit, held in that word.
     */
    static SlotPermit twoWordsOneFree(SlotGate gate) {
        SlotPermit first = gate.tryAcquire();
        SlotPermit second = gate.tryAcquire();
        while (gate.tryAcquire() != null) {
            // take the rest
        }
        first.onSuccess(0L);
        return second;
    }

    /**
     * Thread-safe subject: as {@link FullMarkRacesRelease}, across the full marks of a two-word
     * gate. One thread takes the last free slot of a word, which leaves it with none and marks it
     * full, while another frees a slot of the same word. After both, that word has one free slot:
     * it must not stay marked (the other word, full, is), and its slot must be found, once.
     */
    @JCStressTest
    @Outcome(id = "true, 1, 1", expect = ACCEPTABLE, desc = "only the full word marked; the freed slot found, and only it")
    @Outcome(expect = FORBIDDEN, desc = "a mark left on a word with a free slot, a free slot not found, or a slot handed out twice")
    @State
    public static class FullMarkRacesReleaseTwoWords {
        private final SlotGate gate = new SlotGate(128);
        private final SlotPermit held = twoWordsOneFree(gate);

        /** Takes the last free slot. */
        @Actor
        public void take(ZII_Result result) {
            result.r1 = gate.tryAcquire() != null;
        }

        /** Frees the held slot. */
        @Actor
        public void free() {
            held.onSuccess(0L);
        }

        /** Counts the words marked full, then what can still be taken. */
        @Arbiter
        public void remaining(ZII_Result result) {
            result.r3 = Long.bitCount(gate.fullMarks());
            int taken = 0;
            while (gate.tryAcquire() != null) {
                taken++;
            }
            result.r2 = taken;
        }
    }

    /**
     * Thread-safe subject: as {@link ReleaseThenAcquire}, with its outcomes, in a two-word gate, where
     * a stale full mark could hide the slot the second actor has just freed.
     */
    @JCStressTest
    @JCStressMeta(ReleaseThenAcquire.class)
    @State
    public static class ReleaseThenAcquireTwoWords {
        private final SlotGate gate = new SlotGate(128);
        private final SlotPermit held = twoWordsOneFree(gate);

        /** Takes the free slot. */
        @Actor
        public void take(ZZ_Result result) {
            result.r1 = gate.tryAcquire() != null;
        }

        /** Frees its slot, then asks again. */
        @Actor
        public void freeThenTake(ZZ_Result result) {
            held.onSuccess(0L);
            result.r2 = gate.tryAcquire() != null;
        }
    }
}
