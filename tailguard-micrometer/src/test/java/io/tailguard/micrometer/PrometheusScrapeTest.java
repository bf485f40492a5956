package io.tailguard.micrometer;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.Tags;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.tailguard.admission.AdmissionCounts;
import io.tailguard.admission.Permit;
import io.tailguard.admission.RejectReason;
import io.tailguard.hedge.HedgePolicy;
import io.tailguard.hedge.HedgeResult;
import io.tailguard.hedge.Hedger;
import io.tailguard.lease.Lease;
import io.tailguard.lease.LeaseGate;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.queue.BoundedQueue;
import io.tailguard.queue.BoundedQueueConfig;
import io.tailguard.rate.TokenBucket;
import io.tailguard.rate.TokenBucketConfig;
import io.tailguard.retry.RetryBudget;
import io.tailguard.retry.RetryBudgetConfig;
import io.tailguard.time.VirtualScheduler;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Binds every policy to a Prometheus registry, drives the policies, and reads the scraped text. */
class PrometheusScrapeTest {

    private static final Tags API = Tags.of("name", "api");

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final VirtualScheduler scheduler = new VirtualScheduler();

    @Test
    void admissionTalliesAreCountersWithAReasonTag() {
        AdmissionCounts counts = new AdmissionCounts();
        new AdmissionMetrics(counts, API).bindTo(registry);
        counts.admitted();
        counts.admitted();
        counts.rejected(RejectReason.QUEUE_TIMEOUT);
        assertThat(registry.scrape()).contains(
                "tailguard_admission_admitted_total{name=\"api\"} 2.0",
                "tailguard_admission_rejected_total{name=\"api\",reason=\"queue_timeout\"} 1.0",
                "tailguard_admission_rejected_total{name=\"api\",reason=\"rate_limited\"} 0.0");
    }

    @Test
    void aLimiterShowsItsInFlightAndLimit() {
        ConcurrencyLimiter limiter = ConcurrencyLimiter.fixed(8);
        new ConcurrencyLimiterMetrics(limiter, API).bindTo(registry);
        Permit held = limiter.tryAcquire(0).permit();
        limiter.tryAcquire(0);
        String text = registry.scrape();
        assertThat(text).contains("tailguard_limiter_in_flight{name=\"api\"} 2.0", "tailguard_limiter_limit{name=\"api\"} 8.0");
        held.onSuccess(1);
        assertThat(registry.scrape()).contains("tailguard_limiter_in_flight{name=\"api\"} 1.0");
    }

    @Test
    void aTokenBucketShowsTheTokensAvailableAtTheClocksTime() {
        TokenBucket bucket = new TokenBucket(TokenBucketConfig.of(10, 1, Duration.ofSeconds(1)), 0L);
        new TokenBucketMetrics(bucket, scheduler.clock(), API).bindTo(registry);
        for (int i = 0; i < 10; i++) {
            bucket.tryAcquire(0L);
        }
        assertThat(registry.scrape()).contains("tailguard_rate_tokens_available{name=\"api\"} 0.0");
        scheduler.advance(Duration.ofSeconds(3));
        assertThat(registry.scrape()).contains("tailguard_rate_tokens_available{name=\"api\"} 3.0");
    }

    @Test
    void aQueueShowsItsDepthCapacityAndOldestWaitInSeconds() {
        BoundedQueue<String> queue = new BoundedQueue<>(BoundedQueueConfig.fifo(5, Duration.ofSeconds(10)),
                (item, reason, waited) -> { });
        new QueueMetrics(queue, scheduler.clock(), API).bindTo(registry);
        queue.offer(0L, "a");
        queue.offer(0L, "b");
        scheduler.advance(Duration.ofMillis(250));
        assertThat(registry.scrape()).contains(
                "tailguard_queue_depth{name=\"api\"} 2.0",
                "tailguard_queue_capacity{name=\"api\"} 5.0",
                "tailguard_queue_oldest_wait_seconds{name=\"api\"} 0.25");
    }

    @Test
    void aHedgerShowsHedgesSentAndWon() throws Exception {
        Hedger hedger = new Hedger(HedgePolicy.speculative(2, Duration.ofMillis(10), Duration.ofSeconds(1)), scheduler);
        new HedgerMetrics(hedger, API).bindTo(registry);
        CompletableFuture<String> slow = new CompletableFuture<>();
        CompletableFuture<String> fast = new CompletableFuture<>();
        int[] attempt = {0};
        CompletableFuture<HedgeResult<String>> call = hedger.call(() -> attempt[0]++ == 0 ? slow : fast);
        scheduler.advance(Duration.ofMillis(10)); // the hedge starts
        fast.complete("second");
        assertThat(call.get().winningAttempt()).isEqualTo(2);
        assertThat(registry.scrape()).contains(
                "tailguard_hedge_calls_total{name=\"api\"} 1.0",
                "tailguard_hedge_sent_total{name=\"api\"} 1.0",
                "tailguard_hedge_won_total{name=\"api\"} 1.0",
                "tailguard_hedge_budget_denied_total{name=\"api\"} 0.0",
                "tailguard_hedge_delay_seconds{name=\"api\"} 0.01");
    }

    @Test
    void aLeaseGateAndARetryBudgetShowWhatIsLeft() {
        LeaseGate gate = new LeaseGate();
        gate.install(0L, new Lease(4, Duration.ofSeconds(1)));
        gate.tryAcquire(0L);
        new LeaseGateMetrics(gate, scheduler.clock(), API).bindTo(registry);
        RetryBudget budget = new RetryBudget(new RetryBudgetConfig(20.0, 1, Duration.ofSeconds(10)));
        new RetryBudgetMetrics(budget, scheduler.clock(), API).bindTo(registry);
        assertThat(registry.scrape()).contains(
                "tailguard_lease_remaining{name=\"api\"} 3.0",
                "tailguard_lease_availability{name=\"api\"} 0.75",
                "tailguard_retry_budget_available{name=\"api\"} 10.0");
    }
}
