package io.tailguard.lab.backpressure;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The core policies in the simulator against the published model: hand-derived small cases, and
 * the independent oracle ({@link PublishedModel}) over many (duration, concurrency) pairs.
 */
class BackpressureModelTest {

    private static String[] simulate(long durationMillis, int concurrency) {
        Workload w = new Workload(Workload.Arrivals.CONSTANT, Workload.Overload.SUSTAINED, concurrency,
                Duration.ofMillis(durationMillis), Duration.ofSeconds(1), 42);
        List<StrategyOutcome> outcomes = new ArrayList<>();
        for (Strategy s : Strategy.values()) {
            outcomes.add(BackpressureSimulation.run(s, w));
        }
        return new String[] {BackpressureTables.summary(outcomes).toCsv(),
                BackpressureTables.snapshots(outcomes).toCsv()};
    }

    @Test
    void concurrencyOneIsTwentyRpsFiftyMsApartAndEverythingIsAdmitted() {
        String[] csv = simulate(3000, 1);
        assertThat(csv[0]).isEqualTo(
                "strategy,incoming_requests,accepted_requests,rejected_requests,acceptance_pct,p50_ms,p99_ms,max_buffered\n"
                        + "token-bucket,60,60,0,100.0,10.0,10.0,0\n"
                        + "bounded-queue,60,60,0,100.0,10.0,10.0,1\n"
                        + "leaky-bucket,60,60,0,100.0,10.0,10.0,1\n"
                        // a 50 ms job completes exactly when the next one arrives, 50 ms later: one in flight
                        + "load-shedder,60,60,0,100.0,50.0,50.0,1\n"
                        + "resilience4j-rate-limiter,60,60,0,100.0,10.0,10.0,0\n");
        assertThat(csv[1].lines().filter(l -> l.startsWith("load-shedder,")))
                .containsExactly("load-shedder,1,20,0,20.0,50.0,50.0,1", "load-shedder,2,20,0,20.0,50.0,50.0,1",
                        "load-shedder,3,20,0,20.0,50.0,50.0,1");
    }

    @Test
    void concurrencySevenIs140RpsSevenMsApartAndTheRateLimiterAdmits100PerVirtualSecond() {
        String[] csv = simulate(5000, 7);
        // 700 arrivals at 7 ms; virtual seconds hold 143, 143, 143, 143 and 128 arrivals: 100 admitted in each.
        assertThat(csv[0]).contains("resilience4j-rate-limiter,700,500,200,71.4,10.0,10.0,0\n");
        // the first snapshot (140 arrivals, 0..973 ms) is inside the first virtual second: 100 in, 40 out.
        assertThat(csv[1]).contains("resilience4j-rate-limiter,1,100,40,100.0,10.0,10.0,0\n");
        // token bucket: 100 tokens + 0.7 per arrival covers all of the first 140 arrivals.
        assertThat(csv[1]).contains("token-bucket,1,140,0,140.0,10.0,10.0,0\n");
        // by the last arrival (k = 699, 4893 ms) it has produced floor(489.3) tokens after the initial 100.
        assertThat(csv[0]).contains("token-bucket,700,589,111,84.1,10.0,10.0,0\n");
    }

    @Test
    void concurrencySixtyMakesASnapshotSecondLast1200Ms() {
        String[] csv = simulate(5000, 60);
        // 1200 rps at 1 ms spacing: snapshot n ends at arrival 1200n - 1, i.e. at 1.199 s, 2.399 s, ...
        assertThat(csv[1].lines().filter(l -> l.startsWith("token-bucket,")).map(l -> l.split(",")[1]))
                .containsExactly("2", "3", "4", "5", "5");
        assertThat(csv[0]).startsWith("strategy,").contains("token-bucket,6000,");
    }

    @Test
    void subSecondDurationsRunOneWholeSecondAsPublished() {
        assertThat(simulate(500, 10)[0]).contains("token-bucket,200,199,1,99.5,10.0,10.0,0\n");
    }

    @ParameterizedTest(name = "duration {0} ms, concurrency {1}")
    @CsvSource({
        "1000,1", "2000,2", "3000,3", "4000,4", "5000,5", "5000,6", "7000,7", "5000,8", "3000,9", "2500,11",
        "4000,13", "6000,17", "3000,23", "2000,33", "2000,49", "2000,50", "3000,51", "5000,60", "1999,99",
        "2000,150", "1000,333", "1500,1000", "12000,10", "9000,3"})
    void matchesThePublishedModelForOtherDurationsAndConcurrencies(long durationMillis, int concurrency) {
        String[] expected = PublishedModel.run(durationMillis, concurrency, PublishedModel.STRATEGIES);
        String[] actual = simulate(durationMillis, concurrency);
        assertThat(actual[0]).isEqualTo(expected[0]);
        assertThat(actual[1]).isEqualTo(expected[1]);
    }
}
