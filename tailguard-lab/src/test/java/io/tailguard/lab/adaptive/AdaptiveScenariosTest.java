package io.tailguard.lab.adaptive;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.sim.limiter.LeaseLimiter;
import io.tailguard.sim.service.CliffService;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/**
 * Each adversarial scenario with its bounds, on the simulator (virtual time only). Netflix's Vegas
 * draws probe jitter from ThreadLocalRandom, so no bound below depends on its exact figures.
 */
class AdaptiveScenariosTest {

    private static final long SEED = 1L;

    private static AdaptiveScenario scenario(String name) {
        return AdaptiveScenario.all().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    private static AdaptiveRow run(AdaptiveScenario scenario, AdaptiveLimiter limiter) {
        return AdaptiveModel.run(scenario, limiter, SEED);
    }

    @Test
    void stepUpAndDownIsRecoveredWithinASecondByVegasAndTheLease() {
        // the lease took 17.5 s before: a period ending with its requests still queued raised its
        // in-flight cap into the cliff, and the grant's burst at each period start built a queue
        // the latency read as a knee; the grant is now also bounded over any trailing period
        for (AdaptiveLimiter limiter : List.of(AdaptiveLimiter.OURS_VEGAS, AdaptiveLimiter.OURS_LEASE)) {
            AdaptiveRow row = run(scenario("step"), limiter);
            assertThat(row.recoveryMillis()).as(limiter.label).isBetween(0L, 1_000L);
            assertThat(row.p999Millis()).as(limiter.label).isLessThanOrEqualTo(100L);
            // the 3x phase sheds: a limiter that admitted everything would shed nothing
            assertThat(row.shedPct()).as(limiter.label).isGreaterThan(30.0);
            assertThat(row.goodputRps()).as(limiter.label).isGreaterThan(550.0);
        }
    }

    @Test
    void stepGoodputOfOursMatchesNetflixsSameAlgorithm() {
        AdaptiveScenario step = scenario("step");
        for (AdaptiveLimiter ours : List.of(AdaptiveLimiter.OURS_AIMD, AdaptiveLimiter.OURS_GRADIENT2)) {
            AdaptiveRow mine = run(step, ours);
            AdaptiveRow theirs = run(step, ours.peer());
            assertThat(mine.goodputRps()).as(ours.label).isGreaterThanOrEqualTo(theirs.goodputRps() * 0.99);
        }
    }

    @Test
    void stepUpAndDownIsRecoveredWithinASecondByOurAimdAndGradient2() {
        // Netflix's AIMD and Gradient2 climb into the cliff during the 3x phase and recover only
        // 10 s later, when the load steps down
        assertOurAimdAndGradient2RecoverWithinASecond("step", AdaptiveRow::p999Millis, 150L);
    }

    @Test
    void ourAimdAndGradient2MatchNetflixsGoodputAndBeatItsTailInMostScenarios() {
        // medians over nine seeds: where our AIMD's tail comes from a rare crossing of the cliff
        // (capacity loss, lucky sample, drift), whether one seed's trajectory crosses it is chance
        // (capacity-loss p99.9 from 121 to 1,091 ms over seeds 1 to 20, at most half Netflix's on
        // 177 of seeds 1 to 200), so one seed, or five, decides nothing
        for (AdaptiveLimiter ours : List.of(AdaptiveLimiter.OURS_AIMD, AdaptiveLimiter.OURS_GRADIENT2)) {
            int tailWins = 0;
            for (AdaptiveScenario scenario : AdaptiveScenario.all()) {
                AdaptiveScenario s = scenario.name().equals("drift") ? scenario.scaled(0.25) : scenario;
                List<AdaptiveRow> mine = runSeeds(s, ours);
                List<AdaptiveRow> theirs = runSeeds(s, ours.peer());
                assertThat(median(mine, AdaptiveRow::goodputRps)).as(ours.label + " " + s.name())
                        .isGreaterThanOrEqualTo(median(theirs, AdaptiveRow::goodputRps) * 0.98);
                double myTail = median(mine, r -> r.p999Millis());
                double theirTail = median(theirs, r -> r.p999Millis());
                assertThat(myTail).as(ours.label + " " + s.name()).isLessThanOrEqualTo(theirTail);
                if (myTail * 2 <= theirTail) {
                    tailWins++;
                }
            }
            // at least half the tail in step, capacity loss, lucky sample, bimodal and drift
            assertThat(tailWins).as(ours.label).isGreaterThanOrEqualTo(5);
        }
    }

    private static void assertOurAimdAndGradient2RecoverWithinASecond(String name, ToLongFunction<AdaptiveRow> tail,
                                                                      long tailMillis) {
        for (AdaptiveLimiter ours : List.of(AdaptiveLimiter.OURS_AIMD, AdaptiveLimiter.OURS_GRADIENT2)) {
            AdaptiveRow row = run(scenario(name), ours);
            assertThat(row.recoveryMillis()).as(ours.label).isBetween(0L, 1_000L);
            assertThat(tail.applyAsLong(row)).as(ours.label).isLessThanOrEqualTo(tailMillis);
        }
    }

    private static List<AdaptiveRow> runSeeds(AdaptiveScenario scenario, AdaptiveLimiter limiter) {
        return LongStream.rangeClosed(1, 9).mapToObj(seed -> AdaptiveModel.run(scenario, limiter, seed)).toList();
    }

    private static double median(List<AdaptiveRow> rows, ToDoubleFunction<AdaptiveRow> figure) {
        return rows.stream().mapToDouble(figure).sorted().skip(rows.size() / 2).findFirst().orElseThrow();
    }

    @Test
    void slowCapacityLossIsFollowedByVegasAndTheLease() {
        AdaptiveScenario loss = scenario("capacity-loss");
        for (AdaptiveLimiter limiter : List.of(AdaptiveLimiter.OURS_VEGAS, AdaptiveLimiter.OURS_LEASE)) {
            AdaptiveRow row = run(loss, limiter);
            assertThat(row.p99Millis()).as(limiter.label).isLessThanOrEqualTo(100L);
            // at the end the service does half its nominal 883/s; over the run at least 300/s
            assertThat(row.goodputRps()).as(limiter.label).isGreaterThan(300.0);
        }
    }

    @Test
    void aLuckyFastSampleDoesNotCollapseVegas() {
        AdaptiveRow vegas = run(scenario("lucky-sample"), AdaptiveLimiter.OURS_VEGAS);
        assertThat(vegas.goodputRps()).isGreaterThan(600.0);
        assertThat(vegas.p999Millis()).isLessThanOrEqualTo(100L);
        assertThat(vegas.limitMin()).isGreaterThanOrEqualTo(4);
    }

    @Test
    void bimodalServiceKeepsVegasTailAndTheLeaseTail() {
        AdaptiveScenario bimodal = scenario("bimodal");
        AdaptiveRow vegas = run(bimodal, AdaptiveLimiter.OURS_VEGAS);
        assertThat(vegas.p99Millis()).isLessThanOrEqualTo(100L);
        assertThat(vegas.goodputRps()).isGreaterThan(700.0);
        assertThat(run(bimodal, AdaptiveLimiter.OURS_LEASE).p999Millis()).isLessThanOrEqualTo(100L);
    }

    @Test
    void aStallIsRecoveredWithinASecondByAimdAndGradient2() {
        assertOurAimdAndGradient2RecoverWithinASecond("stall", AdaptiveRow::p99Millis, 100L);
    }

    @Test
    void theLeaseCapsWhatAStallPilesUpBesideItsGrant() {
        // a lease counts admissions per period: without the cap on requests in flight a period's
        // worth entered the stalled service and went past its cliff (p99 over 3 s)
        AdaptiveRow lease = run(scenario("stall"), AdaptiveLimiter.OURS_LEASE);
        assertThat(lease.p99Millis()).isLessThanOrEqualTo(100L);
        // 1.1 s before the cap learned only from periods that finished what they admitted
        assertThat(lease.recoveryMillis()).isBetween(0L, 1_000L);
    }

    @Test
    void aLuckySampleKeepsTheLeaseBelowTheCliff() {
        // the grant doubled past what the service completes per period and a backlog raised the
        // in-flight cap: p99 13 s with the trailing bound alone, 58 ms p99.9 with the healthy cap
        AdaptiveRow lucky = run(scenario("lucky-sample"), AdaptiveLimiter.OURS_LEASE);
        assertThat(lucky.p999Millis()).isLessThanOrEqualTo(100L);
        assertThat(lucky.goodputRps()).isGreaterThan(650.0);
    }

    @Test
    void fastErrorsLowerOurGradient2ButNotNetflixs() {
        AdaptiveScenario errors = scenario("errors");
        AdaptiveRow ours = run(errors, AdaptiveLimiter.OURS_GRADIENT2);
        AdaptiveRow theirs = run(errors, AdaptiveLimiter.NETFLIX_GRADIENT2);
        // Netflix's Gradient2 ignores drops, so its limit climbs past the 12 the service can take
        assertThat(ours.limitMax()).isLessThan(theirs.limitMax());
        assertThat(ours.goodputRps()).isGreaterThanOrEqualTo(theirs.goodputRps() * 0.99);
        assertThat(run(errors, AdaptiveLimiter.OURS_AIMD).goodputRps()).isGreaterThan(800.0);
    }

    @Test
    void fastErrorsCostOurAimdNoGoodputAgainstNetflixsOnAnySeed() {
        // drops bound the queue at 12, so its latency rule never has cause to act; it used to act
        // in the first seconds against a baseline that was the first response alone (2.5 % less
        // goodput on seeds 1 to 6, 825.6 against 874.2/s on seed 2)
        AdaptiveScenario errors = scenario("errors");
        for (long seed = 1; seed <= 6; seed++) {
            AdaptiveRow ours = AdaptiveModel.run(errors, AdaptiveLimiter.OURS_AIMD, seed);
            AdaptiveRow theirs = AdaptiveModel.run(errors, AdaptiveLimiter.NETFLIX_AIMD, seed);
            assertThat(ours.goodputRps()).as("seed " + seed).isGreaterThanOrEqualTo(theirs.goodputRps());
            assertThat(ours.p999Millis()).as("seed " + seed).isLessThanOrEqualTo(theirs.p999Millis());
        }
    }

    @Test
    void steadyMildOverloadDoesNotDriftOurLimitsUpward() {
        AdaptiveScenario drift = scenario("drift").scaled(0.25);
        for (AdaptiveLimiter limiter : List.of(AdaptiveLimiter.OURS_AIMD, AdaptiveLimiter.OURS_VEGAS,
                AdaptiveLimiter.OURS_GRADIENT2)) {
            AdaptiveRow row = run(drift, limiter);
            if (limiter != AdaptiveLimiter.OURS_VEGAS) {
                // below the cliff (48 at the service) on average; Netflix's versions sit near 100
                assertThat(AdaptiveFindings.mean(row.windowLimit(), 0, row.windowLimit().length)).as(limiter.label)
                        .isLessThanOrEqualTo(40.0);
            }
            int[] limit = row.windowLimit();
            int tenth = limit.length / 10;
            double early = AdaptiveFindings.mean(limit, tenth, 2 * tenth);
            double late = AdaptiveFindings.mean(limit, limit.length - tenth, limit.length);
            assertThat(late).as(limiter.label).isLessThanOrEqualTo(early * 1.25 + 2);
            assertThat(row.limitMax()).as(limiter.label).isLessThanOrEqualTo(200);
        }
        // the lease's grant moves with its probes and cuts, but never far past what the service does
        // in a period (883/s, 88 per 100 ms)
        double perPeriod = CliffService.capacityRps(false) * LeaseLimiter.PERIOD.toNanos() / 1e9;
        AdaptiveRow lease = run(drift, AdaptiveLimiter.OURS_LEASE);
        assertThat(lease.limitMax()).isLessThanOrEqualTo((int) (perPeriod * 1.5));
        // a probe that tips the service into its cliff sends the next one a full interval away,
        // so the grant does not cross the cliff again and again (p99 over 800 ms before); its
        // admissions bounded over any trailing period keep the p99.9 too (1,267 ms before)
        assertThat(lease.p99Millis()).isLessThanOrEqualTo(100L);
        assertThat(lease.p999Millis()).isLessThanOrEqualTo(100L);
    }

    @Test
    void sameSeedGivesTheSameRowForOurLimiters() {
        AdaptiveScenario stall = scenario("stall");
        AdaptiveRow first = run(stall, AdaptiveLimiter.OURS_VEGAS);
        AdaptiveRow second = run(stall, AdaptiveLimiter.OURS_VEGAS);
        assertThat(second.goodputRps()).isEqualTo(first.goodputRps());
        assertThat(second.windowLimit()).isEqualTo(first.windowLimit());
    }
}
