package io.tailguard.breaker;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

import java.time.Duration;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.ZI_Result;
import org.openjdk.jcstress.infra.results.ZZI_Result;

/**
 * Not thread-safe holder of jcstress tests for {@link CircuitBreaker}'s read path: the lock-free
 * answers (closed admits, open rejects) racing the transitions made under the monitor.
 */
public final class BreakerStress {

    private static final long MS = 1_000_000L;
    /** Well past the 1 ms open time of the breakers tripped at 0. */
    private static final long LATER = 10 * MS;

    private BreakerStress() {
    }

    /** A breaker that opens on its first failure, stays open 1 ms, and lets {@code probes} probes through. */
    private static CircuitBreaker trippedAtZero(int probes) {
        CircuitBreaker breaker = new CircuitBreaker(CircuitBreakerConfig.countBased(1, 1, 50.0, Duration.ofMillis(1), probes));
        breaker.onFailure(0L, 0L);
        return breaker;
    }

    /** {@link #trippedAtZero} with one probe, its time up and its one probe let through: half-open. */
    private static CircuitBreaker halfOpenWithProbeOut() {
        CircuitBreaker breaker = trippedAtZero(1);
        breaker.tryAcquire(LATER);
        return breaker;
    }

    /**
     * A breaker that opens at 50 % failures of at least 10 calls and stays open 1 s, with nine
     * failures of ten recorded at {@link #LATER}: the next failure trips it.
     */
    private static CircuitBreaker oneFailureFromTrip() {
        CircuitBreaker breaker = new CircuitBreaker(CircuitBreakerConfig.countBased(10, 10, 50.0, Duration.ofSeconds(1), 1));
        for (int i = 0; i < 9; i++) {
            breaker.onFailure(LATER, 0L);
        }
        return breaker;
    }

    /** Thread-safe subject: open with its time up, one probe; two threads ask at once. */
    @JCStressTest
    @Outcome(id = {"true, false, 2", "false, true, 2"}, expect = ACCEPTABLE, desc = "one probe, half-open")
    @Outcome(expect = FORBIDDEN, desc = "two probes, none, or a wrong state")
    @State
    public static class OneProbe {
        private final CircuitBreaker breaker = trippedAtZero(1);

        /** First asker. */
        @Actor
        public void first(ZZI_Result result) {
            result.r1 = breaker.tryAcquire(LATER);
        }

        /** Second asker. */
        @Actor
        public void second(ZZI_Result result) {
            result.r2 = breaker.tryAcquire(LATER);
        }

        /** The state once both asked. */
        @Arbiter
        public void state(ZZI_Result result) {
            result.r3 = breaker.state().code();
        }
    }

    /**
     * Thread-safe subject: open with its time up, two probes; one thread asks once while another asks
     * twice (once through the clock-taking call): of the three asks, exactly two are probes.
     */
    @JCStressTest
    @Outcome(id = {"true, 1", "false, 2"}, expect = ACCEPTABLE, desc = "exactly the two permitted probes")
    @Outcome(expect = FORBIDDEN, desc = "more or fewer probes than permitted")
    @State
    public static class TwoProbesThreeAsks {
        private final CircuitBreaker breaker = trippedAtZero(2);

        /** Asks once. */
        @Actor
        public void once(ZI_Result result) {
            result.r1 = breaker.tryAcquire(LATER);
        }

        /** Asks twice, the second time through a clock. */
        @Actor
        public void twice(ZI_Result result) {
            int admitted = breaker.tryAcquire(LATER) ? 1 : 0;
            admitted += breaker.tryAcquire(() -> LATER) ? 1 : 0;
            result.r2 = admitted;
        }
    }

    /**
     * Thread-safe subject: nine failures of ten recorded (minimum 10, 50 %, open 1 s); the tenth trips
     * it while another thread asks 1 ms later. The asker sees closed (admitted) or open (rejected, the
     * second is not up): it must never take a trip it half-sees for one whose time is up.
     */
    @JCStressTest
    @Outcome(id = {"true, 1", "false, 1"}, expect = ACCEPTABLE, desc = "admitted before or rejected after the trip")
    @Outcome(expect = FORBIDDEN, desc = "half-open before the open time is up")
    @State
    public static class TripRacesAcquire {
        private final CircuitBreaker breaker = oneFailureFromTrip();

        /** Records the tenth failure: the breaker opens until LATER + 1 s. */
        @Actor
        public void trip() {
            breaker.onFailure(LATER, 0L);
        }

        /** Asks 1 ms after the trip. */
        @Actor
        public void ask(ZI_Result result) {
            result.r1 = breaker.tryAcquire(LATER + MS);
        }

        /** The state once both are done. */
        @Arbiter
        public void state(ZI_Result result) {
            result.r2 = breaker.state().code();
        }
    }

    /** Thread-safe subject: half-open with its one probe out; the probe's success closes it while another thread asks. */
    @JCStressTest
    @Outcome(id = {"true, 0", "false, 0"}, expect = ACCEPTABLE, desc = "admitted once closed, or refused while half-open")
    @Outcome(expect = FORBIDDEN, desc = "not closed after a successful probe")
    @State
    public static class ProbeSuccessRacesAcquire {
        private final CircuitBreaker breaker = halfOpenWithProbeOut();

        /** The probe succeeds. */
        @Actor
        public void probeSucceeds() {
            breaker.onSuccess(LATER, 0L);
        }

        /** Asks meanwhile. */
        @Actor
        public void ask(ZI_Result result) {
            result.r1 = breaker.tryAcquire(LATER);
        }

        /** The state once both are done. */
        @Arbiter
        public void state(ZI_Result result) {
            result.r2 = breaker.state().code();
        }
    }
}
