package io.tailguard.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.testing.Threads;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class VegasLimitTest {

    private static final long MS = 1_000_000L;

    /** No probing within these tests unless asked for: the multiplier is huge. */
    private static VegasLimit limit(int probeMultiplier) {
        return new VegasLimit(new VegasLimitConfig(20, 1000, 1.0, probeMultiplier), new SplittableRandom(7));
    }

    @Test
    void growsWhileLatencyStaysAtTheNoLoadRtt() {
        VegasLimit limit = limit(1_000_000);
        limit.update(0, 10 * MS, 20, false); // first sample: learns the no-load RTT
        assertThat(limit.rttNoLoadNanos()).isEqualTo(10 * MS);
        int before = limit.limit();
        for (int i = 0; i < 10; i++) {
            limit.update(0, 10 * MS, limit.limit(), false);
        }
        assertThat(limit.limit()).isGreaterThan(before + 50);
    }

    @Test
    void shrinksWhenLatencyStepsUpAndQueueBuilds() {
        VegasLimit limit = limit(1_000_000);
        limit.update(0, 10 * MS, 20, false);
        for (int i = 0; i < 10; i++) {
            limit.update(0, 10 * MS, limit.limit(), false);
        }
        int grown = limit.limit();
        for (int i = 0; i < 30; i++) {
            limit.update(0, 30 * MS, limit.limit(), false);
        }
        assertThat(limit.limit()).isLessThan(grown - 20);
    }

    @Test
    void doesNotGrowWhileLessThanHalfTheLimitIsInUse() {
        VegasLimit limit = limit(1_000_000);
        limit.update(0, 10 * MS, 20, false);
        for (int i = 0; i < 10; i++) {
            limit.update(0, 10 * MS, 9, false);
        }
        assertThat(limit.limit()).isEqualTo(20);
    }

    @Test
    void dropShrinksTheLimit() {
        VegasLimit limit = limit(1_000_000);
        limit.update(0, 10 * MS, 20, false);
        assertThat(limit.update(0, 10 * MS, 20, true)).isEqualTo(19);
    }

    @Test
    void probingRelearnsAHigherNoLoadRttAndTheLimitGrowsAgain() {
        VegasLimit limit = limit(1);
        limit.update(0, 10 * MS, 20, false);
        int samples = 0;
        while (limit.rttNoLoadNanos() != 40 * MS && samples < 100) {
            limit.update(0, 40 * MS, limit.limit(), false);
            samples++;
        }
        assertThat(limit.rttNoLoadNanos()).isEqualTo(40 * MS);
        assertThat(samples).isGreaterThan(1);
        int low = limit.limit();
        assertThat(low).isLessThan(20);
        for (int i = 0; i < 3; i++) {
            limit.update(0, 40 * MS, limit.limit(), false);
        }
        assertThat(limit.limit()).isGreaterThan(low);
    }

    @Test
    void sameSeedGivesTheSameLimits() {
        VegasLimit a = limit(2);
        VegasLimit b = limit(2);
        for (int i = 0; i < 1_000; i++) {
            long rtt = (10 + (i * 7919L) % 30) * MS;
            assertThat(a.update(0, rtt, a.limit(), i % 50 == 0)).isEqualTo(b.update(0, rtt, b.limit(), i % 50 == 0));
        }
    }

    @Test
    void samplesTakenQuietlyLandAsIfFedToUpdate() {
        // probes every 50-100 samples at limit ~100: the quiet path must leave each to update
        VegasLimit serial = new VegasLimit(new VegasLimitConfig(100, 1000, 0.5, 1), new SplittableRandom(3));
        VegasLimit quiet = new VegasLimit(new VegasLimitConfig(100, 1000, 0.5, 1), new SplittableRandom(3));
        SplittableRandom random = new SplittableRandom(11);
        int taken = 0;
        for (int i = 0; i < 20_000; i++) {
            long rtt = (10 + random.nextInt(20)) * MS;
            int inFlight = random.nextInt(4) == 0 ? serial.limit() : random.nextInt(1 + serial.limit() / 2);
            boolean dropped = random.nextInt(100) == 0;
            taken += feedBoth(serial, quiet, i, rtt, inFlight, dropped, "sample " + i) ? 1 : 0;
        }
        assertThat(taken).isBetween(5_000, 15_000);
    }

    @Test
    void aSampleThatWouldMoveAnythingIsNotTakenQuietly() {
        VegasLimit limit = limit(1_000_000);
        assertThat(limit.updateIfQuiet(0, 10 * MS, 1, false)).as("no no-load RTT yet").isFalse();
        limit.update(0, 10 * MS, 1, false);
        assertThat(limit.updateIfQuiet(0, 9 * MS, 1, false)).as("a new lowest RTT").isFalse();
        assertThat(limit.updateIfQuiet(0, 10 * MS, 1, true)).as("a drop").isFalse();
        assertThat(limit.updateIfQuiet(0, 10 * MS, 10, false)).as("half the limit in flight").isFalse();
        assertThat(limit.samplesSinceProbe()).isEqualTo(1);
        assertThat(limit.updateIfQuiet(0, 10 * MS, 9, false)).isTrue();
        assertThat(limit.samplesSinceProbe()).isEqualTo(2);
        assertThat(limit.limit()).isEqualTo(20);
        assertThat(limit.rttNoLoadNanos()).isEqualTo(10 * MS);
    }

    @Test
    void quietSamplesRacingLockedUpdatesAreNoneLost() throws Exception {
        // no probe within the test; limit 1000 with step 3 and a queue of 13 (no-load 1000 ns, RTT
        // 1013 ns): a sample at the limit goes to update and moves nothing but the count
        VegasLimit limit = new VegasLimit(new VegasLimitConfig(1000, 1000, 1.0, 1_000_000));
        limit.update(0, 1_000, 1, false);
        Object lock = new Object();
        int perThread = 200_000;
        Threads.runTogether(2, thread -> {
            for (int i = 0; i < perThread; i++) {
                feedAsTheLimiterDoes(limit, lock, i, 1_013, i % 8 == thread ? 1000 : 1);
            }
        });
        assertThat(limit.samplesSinceProbe()).isEqualTo(1 + 2L * perThread);
        assertThat(limit.limit()).isEqualTo(1000);
    }

    @Test
    void aFullQuietCountSendsSamplesToUpdateWhichFoldsItIn() {
        // a probe far beyond the count's capacity: only the count's own limit stops the quiet path
        VegasLimit limit = new VegasLimit(new VegasLimitConfig(20, 1000, 1.0, 100_000_000));
        limit.update(0, 10 * MS, 1, false);
        long full = (1L << VegasLimit.QUIET_COUNT_BITS) - 1;
        for (long i = 0; i < full; i++) {
            assertThat(limit.updateIfQuiet(0, 10 * MS, 1, false)).isTrue();
        }
        assertThat(limit.updateIfQuiet(0, 10 * MS, 1, false)).as("the count is full").isFalse();
        limit.update(0, 10 * MS, 1, false);
        assertThat(limit.samplesSinceProbe()).isEqualTo(full + 2);
        assertThat(limit.updateIfQuiet(0, 10 * MS, 1, false)).as("counting again after the update").isTrue();
        assertThat(limit.samplesSinceProbe()).isEqualTo(full + 3);
        assertThat(limit.limit()).isEqualTo(20);
    }

    @Test
    void quietSamplesRacingUpdatesAcrossProbesEndWhereASerialFeedEnds() throws Exception {
        // the limit sits at its maximum and a probe comes every 500-1000 samples, so the state after
        // N samples (count towards the next probe, no-load RTT, limit) is the same in any order: two
        // racing threads must end where one thread feeding all of them ends. A quiet sample whose
        // compare-and-set lost must re-check the rule, as a probe may have become due meanwhile.
        VegasLimitConfig config = new VegasLimitConfig(1000, 1000, 1.0, 1);
        int perThread = 100_000;
        for (int round = 0; round < 20; round++) {
            VegasLimit serial = new VegasLimit(config, new SplittableRandom(round));
            VegasLimit racing = new VegasLimit(config, new SplittableRandom(round));
            serial.update(0, 1_000, 1, false);
            racing.update(0, 1_000, 1, false);
            for (int i = 0; i < 2 * perThread; i++) {
                serial.update(i, 1_013, 1, false);
            }
            Object lock = new Object();
            Threads.runTogether(2, thread -> {
                for (int i = 0; i < perThread; i++) {
                    // some samples go to update
                    feedAsTheLimiterDoes(racing, lock, i, 1_013, i % 16 == thread ? 1000 : 1);
                }
            });
            assertThat(racing.samplesSinceProbe()).as("count, round %d", round).isEqualTo(serial.samplesSinceProbe());
            assertThat(racing.rttNoLoadNanos()).as("no-load RTT, round %d", round).isEqualTo(serial.rttNoLoadNanos());
            assertThat(racing.limit()).as("limit, round %d", round).isEqualTo(serial.limit());
        }
    }

    @Test
    void quietSamplesAtEveryBoundaryLandAsIfFedToUpdate() {
        // RTT at, just under and just over the no-load RTT; in flight at, around and over half the
        // limit; probes from every sample to every 30 limits' worth; limits from 1
        long quietTaken = 0;
        for (int initial : new int[] {1, 2, 3, 10, 11, 100, 101}) {
            for (double smoothing : new double[] {1.0, 0.3}) {
                for (int multiplier : new int[] {1, 2, 30}) {
                    VegasLimitConfig config = new VegasLimitConfig(initial, 1000, smoothing, multiplier);
                    VegasLimit serial = new VegasLimit(config, new SplittableRandom(initial));
                    VegasLimit quiet = new VegasLimit(config, new SplittableRandom(initial));
                    SplittableRandom random = new SplittableRandom(multiplier * 31L + initial);
                    for (int i = 0; i < 3_000; i++) {
                        long noLoad = serial.rttNoLoadNanos();
                        long rtt = switch (random.nextInt(5)) {
                            case 0 -> noLoad;
                            case 1 -> noLoad - 1;
                            case 2 -> noLoad + 1;
                            case 3 -> 0;
                            default -> 100 + random.nextInt(200);
                        };
                        int half = serial.limit() / 2;
                        int inFlight = switch (random.nextInt(5)) {
                            case 0 -> half;
                            case 1 -> half + 1;
                            case 2 -> Math.max(0, half - 1);
                            case 3 -> serial.limit();
                            default -> random.nextInt(serial.limit() + 2);
                        };
                        boolean dropped = random.nextInt(50) == 0;
                        quietTaken += feedBoth(serial, quiet, i, rtt, inFlight, dropped, config + ", sample " + i) ? 1 : 0;
                    }
                }
            }
        }
        assertThat(quietTaken).as("samples taken quietly").isGreaterThan(5_000);
    }

    /**
     * Feeds one sample to {@code serial} through update and to {@code quiet} as a limiter does
     * (quietly if it takes it), checks both end in the same state, and returns whether it was quiet.
     */
    private static boolean feedBoth(VegasLimit serial, VegasLimit quiet, long now, long rtt, int inFlight,
            boolean dropped, String at) {
        int expected = serial.update(now, rtt, inFlight, dropped);
        boolean wasQuiet = quiet.updateIfQuiet(now, rtt, inFlight, dropped);
        int got = wasQuiet ? quiet.limit() : quiet.update(now, rtt, inFlight, dropped);
        assertThat(got).as("limit, %s", at).isEqualTo(expected);
        assertThat(quiet.rttNoLoadNanos()).as("no-load RTT, %s", at).isEqualTo(serial.rttNoLoadNanos());
        assertThat(quiet.samplesSinceProbe()).as("count, %s", at).isEqualTo(serial.samplesSinceProbe());
        return wasQuiet;
    }

    /** Feeds a success as {@code AdaptiveConcurrencyLimiter.release} does: quietly, else under {@code lock}. */
    private static void feedAsTheLimiterDoes(VegasLimit limit, Object lock, long now, long rtt, int inFlight) {
        if (!limit.updateIfQuiet(now, rtt, inFlight, false)) {
            synchronized (lock) {
                limit.update(now, rtt, inFlight, false);
            }
        }
    }

    @Test
    void configRejectsInvalidValues() {
        assertThatThrownBy(() -> new VegasLimitConfig(20, 1000, 0.0, 30))
                .hasMessage("smoothing must be > 0 and <= 1 but was 0.0");
        assertThatThrownBy(() -> new VegasLimitConfig(2000, 1000, 1.0, 30))
                .hasMessage("initialLimit must be between 1 and 1000 but was 2000");
    }
}
