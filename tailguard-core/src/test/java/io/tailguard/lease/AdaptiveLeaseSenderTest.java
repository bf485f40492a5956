package io.tailguard.lease;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.limit.AimdLimit;
import io.tailguard.limit.AimdLimitConfig;
import io.tailguard.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;

class AdaptiveLeaseSenderTest {

    private static final long MS = 1_000_000L;
    private static final Duration SECOND = Duration.ofSeconds(1);
    private static final Duration TARGET = Duration.ofMillis(20);

    private final ManualClock clock = new ManualClock();

    private AdaptiveLeaseSender sender(int initial, double backoff) {
        return new AdaptiveLeaseSender(new AdaptiveLeaseSender.Config(TARGET, SECOND, SECOND, initial, 1_000),
                seed -> new AimdLimit(new AimdLimitConfig(seed, 1, 1_000, backoff, TARGET)), clock.nanoTime());
    }

    /**
     * The latency of a responder whose first {@code capacity} requests of a period finish in 5 ms, the
     * rest taking {@code slowMillis} (still running at the next grant when that is longer than the period).
     */
    private static IntToLongFunction capacity(int capacity, long slowMillis) {
        return capacity(capacity, 5, slowMillis);
    }

    private static IntToLongFunction capacity(int capacity, long fastMillis, long slowMillis) {
        return rank -> rank <= capacity ? fastMillis : slowMillis;
    }

    /** Runs {@code periods} periods of {@link #runPeriod} in a row and returns their grants, in order. */
    private List<Integer> grants(AdaptiveLeaseSender sender, LeaseGate gate, int periods,
                                 IntToLongFunction millisOfRank) {
        List<Integer> grants = new ArrayList<>();
        for (int i = 0; i < periods; i++) {
            grants.add(runPeriod(sender, gate, millisOfRank));
        }
        return grants;
    }

    /** Counts {@code requests} admissions at {@code nowNanos}. */
    private static void accept(AdaptiveLeaseSender sender, int requests, long nowNanos) {
        for (int i = 0; i < requests; i++) {
            sender.stats().onAccepted(nowNanos);
        }
    }

    /** The requests granted over {@code ceiling}, summed over the periods. */
    private static int over(List<Integer> grants, int ceiling) {
        return grants.stream().mapToInt(grant -> Math.max(0, grant - ceiling)).sum();
    }

    /**
     * A synthetic responder under unbounded demand: each period it admits the whole grant, one
     * request per millisecond, the latency of the n-th admitted given by {@code millisOfRank}.
     */
    private int runPeriod(AdaptiveLeaseSender sender, LeaseGate gate, IntToLongFunction millisOfRank) {
        long periodStart = clock.nanoTime();
        Lease lease = sender.nextLease(periodStart);
        gate.install(periodStart, lease);
        int admitted = 0;
        List<long[]> running = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            long now = periodStart + i * MS;
            if (gate.tryAcquire(now).isAdmitted()) {
                admitted++;
                sender.stats().onAccepted(now);
                long latency = millisOfRank.applyAsLong(admitted) * MS;
                running.add(new long[] {now, now + latency});
            } else {
                sender.stats().onRejected();
            }
        }
        long periodEnd = periodStart + SECOND.toNanos();
        for (long[] request : running) {
            if (request[1] < periodEnd) {
                sender.stats().onCompleted(request[1], request[0]);
            }
        }
        clock.setNanos(periodEnd);
        return lease.allowedRequests();
    }

    @Test
    void doublesWhileOnTimeThenSettlesJustUnderTheCapacity() {
        AdaptiveLeaseSender sender = sender(10, 0.9);
        List<Integer> grants = grants(sender, new LeaseGate(), 40, capacity(100, 200));
        assertThat(grants.subList(0, 5)).containsExactly(10, 20, 40, 80, 160);
        // 100 of 160 finished within the target: back off below it by the 60 that overshot (to half)
        assertThat(grants.get(5)).isEqualTo(80);
        assertThat(sender.inSlowStart()).isFalse();
        // then one more per period (the estimator) up to the capacity, never more than one above it
        assertThat(grants.subList(6, 40)).as("%s", grants).allSatisfy(grant -> assertThat(grant).isBetween(80, 101));
        assertThat(grants.subList(25, 40)).as("%s", grants).allSatisfy(grant -> assertThat(grant).isBetween(98, 101));
    }

    @Test
    void probesALatencyCliffRarelyAndByOneRequest() {
        // within capacity every request takes 19 ms against a 20 ms target; past it, 5 s: the
        // latency gives no warning of the cliff, so only the ceiling keeps the grant out of it
        int capacity = 120;
        List<Integer> grants = grants(sender(10, 0.9), new LeaseGate(), 120, capacity(capacity, 19, 5_000));
        assertThat(over(grants, capacity)).as("%s", grants).isLessThanOrEqualTo(4);
        assertThat(grants.subList(60, 120)).as("%s", grants)
                .allSatisfy(grant -> assertThat(grant).isBetween(108, 121));
    }

    @Test
    void approachesAKneeWithoutWarningByShrinkingStepsAndPassesItOnce() {
        int knee = 120;
        // shaped like the published lease demo's service: the first 50 of a period take 4 ms,
        // the next ones up to the knee 19 ms against the 20 ms target, past the knee 5 s; the
        // latency rises a band long before the knee and then gives no warning of it
        List<Integer> grants = grants(sender(10, 0.97), new LeaseGate(), 60,
                rank -> rank <= 50 ? 4 : rank <= knee ? 19 : 5_000);
        // doubling while far below the target, then steps shrinking from a tenth of the grant
        assertThat(grants.subList(0, 8)).containsExactly(10, 20, 40, 80, 88, 95, 101, 106);
        // one crossing, by one request (a 5 % step would have sent six or more into the cliff)
        assertThat(over(grants, knee)).as("%s", grants).isEqualTo(1);
        // then held one request under the knee it learned (a margin of 1/120 of the knee, at least
        // one: two under it before, 1/60)
        assertThat(grants.subList(25, 60)).as("%s", grants)
                .allSatisfy(grant -> assertThat(grant).isBetween(119, 120));
    }

    @Test
    void followsCapacityDownAndBackUp() {
        AdaptiveLeaseSender sender = sender(10, 0.9);
        LeaseGate gate = new LeaseGate();
        int[] capacities = {60, 25, 80};
        for (int capacity : capacities) {
            // capacity that comes back is regained one request a probe, probes coming sooner after
            // each one on time: slower than a loss, which one late period shows
            int periods = capacity == 80 ? 260 : 80;
            List<Integer> grants = grants(sender, gate, periods, capacity(capacity, 200));
            // after settling, the grant hovers between one backoff under the capacity and one above it
            assertThat(grants.subList(periods - 20, periods)).as("capacity %d %s", capacity, grants)
                    .allSatisfy(grant -> assertThat(grant).isBetween((int) (capacity * 0.85), capacity + 1));
        }
    }

    @Test
    void seesRequestsStillRunningAtTheNextGrant() {
        // beyond capacity requests take 5 s: none completes before the next grant
        List<Integer> grants = grants(sender(10, 0.9), new LeaseGate(), 40, capacity(50, 5_000));
        assertThat(grants.subList(0, 4)).containsExactly(10, 20, 40, 80);
        // 50 of 80 on time, 30 over: 50 - 30 = 20, but never below half the late grant
        assertThat(grants.get(4)).isEqualTo(40);
        assertThat(grants.subList(10, 40)).as("%s", grants).allSatisfy(grant -> assertThat(grant).isBetween(44, 51));
    }

    @Test
    void doesNotGrowAGrantThatWasNotUsed() {
        AdaptiveLeaseSender sender = sender(10, 0.9);
        sender.nextLease(clock.nanoTime());
        for (int i = 0; i < 3; i++) {
            sender.stats().onAccepted(clock.nanoTime());
            sender.stats().onCompleted(clock.nanoTime() + MS, clock.nanoTime());
        }
        clock.advance(SECOND);
        assertThat(sender.nextLease(clock.nanoTime()).allowedRequests()).isEqualTo(10);
    }

    @Test
    void droppedRequestsEndSlowStart() {
        AdaptiveLeaseSender sender = sender(8, 0.9);
        sender.nextLease(clock.nanoTime());
        accept(sender, 8, clock.nanoTime());
        for (int i = 0; i < 6; i++) {
            sender.stats().onCompleted(clock.nanoTime() + MS, clock.nanoTime());
        }
        sender.stats().onDropped(clock.nanoTime(), clock.nanoTime() + MS);
        sender.stats().onDropped(clock.nanoTime(), clock.nanoTime() + MS);
        clock.advance(SECOND);
        // 6 on time, 2 dropped: back off below the 6 by the 2 that overshot
        assertThat(sender.nextLease(clock.nanoTime()).allowedRequests()).isEqualTo(4);
        assertThat(sender.inSlowStart()).isFalse();
    }

    @Test
    void boundsAdmissionsOverAnyTrailingPeriodToTheGrant() {
        // uneven traffic: the 10 requests of the first lease come at its end, at 990-999 ms; a
        // service window that opened at 990 ms would take the next lease's first requests too
        AdaptiveLeaseSender sender = sender(10, 0.9);
        LeaseGate gate = new LeaseGate();
        long start = clock.nanoTime();
        gate.install(start, sender.nextLease(start));
        for (int i = 0; i < 10; i++) {
            long now = start + (990 + i) * MS;
            assertThat(sender.stats().hasRoom(now)).isTrue();
            assertThat(gate.tryAcquire(now).isAdmitted()).isTrue();
            sender.stats().onAccepted(now);
            sender.stats().onCompleted(now + MS, now);
        }
        clock.setNanos(start + SECOND.toNanos());
        Lease next = sender.nextLease(clock.nanoTime());
        gate.install(clock.nanoTime(), next);
        assertThat(next.allowedRequests()).isEqualTo(20);
        // 10 of the 20 at once; the other 10 a period after the previous lease's 10
        int admitted = 0;
        for (int ms = 1_000; ms < 1_990; ms++) {
            long now = start + ms * MS;
            if (sender.stats().hasRoom(now) && gate.tryAcquire(now).isAdmitted()) {
                sender.stats().onAccepted(now);
                sender.stats().onCompleted(now + MS, now);
                admitted++;
            }
        }
        assertThat(admitted).isEqualTo(10);
        assertThat(sender.stats().hasRoom(start + 1_990 * MS)).isTrue();
    }

    @Test
    void aPeriodEndingWithItsRequestsStillQueuedDoesNotRaiseTheInFlightCap() {
        AdaptiveLeaseSender sender = sender(10, 0.9);
        sender.nextLease(clock.nanoTime());
        // a healthy period: never more than 2 in flight
        for (int i = 0; i < 10; i += 2) {
            long now = clock.nanoTime() + i * MS;
            sender.stats().onAccepted(now);
            sender.stats().onAccepted(now);
            sender.stats().onCompleted(now + MS, now);
            sender.stats().onCompleted(now + MS, now);
        }
        clock.advance(SECOND);
        sender.nextLease(clock.nanoTime());
        assertThat(sender.inFlightCap()).isEqualTo(4);
        // the service stops: 4 admitted, none done at the next grant and none late yet (their
        // mean age is under the target): on time, but not healthy, so the cap stays
        long stalled = clock.nanoTime() + SECOND.toNanos() - 10 * MS;
        accept(sender, 4, stalled);
        clock.advance(SECOND);
        sender.nextLease(clock.nanoTime());
        assertThat(sender.inFlightCap()).isEqualTo(4);
    }

    @Test
    void validatesItsConfig() {
        assertThatThrownBy(() -> new AdaptiveLeaseSender.Config(TARGET, SECOND, SECOND, 0, 10))
                .hasMessage("initialAllowed must be >= 1 but was 0");
        assertThatThrownBy(() -> new AdaptiveLeaseSender.Config(TARGET, SECOND, SECOND, 20, 10))
                .hasMessage("maxAllowed must be between 20 and 2147483647 but was 10");
        assertThatThrownBy(() -> new AdaptiveLeaseSender.Config(Duration.ZERO, SECOND, SECOND, 1, 10))
                .hasMessage("latencyTarget must be > 0 but was PT0S");
    }
}
