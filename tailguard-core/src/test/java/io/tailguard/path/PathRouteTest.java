package io.tailguard.path;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.config.RateText;
import io.tailguard.lease.Lease;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PathRouteTest extends RouteFixture {

    @Test
    void refusesOverTheRouteRateWithTheWaitForATokenAsRetryAfter() {
        PathRoute<String> route = route(PoolSettings.of("app", 1, 10),
                new RouteSettings("api", Duration.ZERO, new RateSettings(1, 2), null, null));
        route.arrive("a", null, NONE, false, now());
        route.arrive("b", null, NONE, false, now());
        Ticket<String> c = route.arrive("c", null, NONE, false, now());
        assertThat(host.take()).containsExactly("forward a to 0 as 0", "forward b to 0 as 0",
                "answer c 429 rate_limited retry-after 1");
        assertThat(c.answer()).isEqualTo(LocalAnswer.RATE_LIMITED);
        assertThat(route.pool().inFlight()).isEqualTo(2);
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"0.5/s", "30/m"})
    void aFractionalRouteRateAdmitsOneRequestEveryTwoSeconds(String rate) {
        PathRoute<String> route = route(PoolSettings.of("app", 1, 100), new RouteSettings("api", Duration.ZERO,
                new RateSettings(RateText.parse("rate", rate), 1), null, null));
        route.arrive("a", null, NONE, false, now());
        route.arrive("b", null, NONE, false, now());
        scheduler.advanceNanos(1_999 * MS);
        route.arrive("c", null, NONE, false, now());
        scheduler.advanceNanos(MS);
        route.arrive("d", null, NONE, false, now());
        route.arrive("e", null, NONE, false, now());
        assertThat(host.take()).containsExactly("forward a to 0 as 0", "answer b 429 rate_limited retry-after 2",
                "answer c 429 rate_limited retry-after 1", "forward d to 0 as 0",
                "answer e 429 rate_limited retry-after 2");
    }

    @Test
    void aFractionalRateKeepsItsBurstAndRetryAfterIsTheWaitRoundedUp() {
        // 0.4/s: a token every 2.5 s, three held at most
        PathRoute<String> route = route(PoolSettings.of("app", 1, 100), new RouteSettings("api", Duration.ZERO,
                new RateSettings(RateText.parse("rate", "0.4/s"), 3), null, null));
        for (String r : new String[] {"a", "b", "c", "d"}) {
            route.arrive(r, null, NONE, false, now());
        }
        scheduler.advanceNanos(10_000 * MS); // four tokens' worth, but the bucket holds three
        for (String r : new String[] {"e", "f", "g", "h"}) {
            route.arrive(r, null, NONE, false, now());
        }
        scheduler.advanceNanos(100 * MS);
        route.arrive("i", null, NONE, false, now());
        assertThat(host.take()).containsExactly("forward a to 0 as 0", "forward b to 0 as 0", "forward c to 0 as 0",
                "answer d 429 rate_limited retry-after 3", "forward e to 0 as 0", "forward f to 0 as 0",
                "forward g to 0 as 0", "answer h 429 rate_limited retry-after 3",
                "answer i 429 rate_limited retry-after 3");
    }

    @Test
    void aFractionalClientRateAdmitsOneRequestAMinute() {
        ClientRateSettings perClient = new ClientRateSettings(new RateSettings(RateText.parse("rate", "1/m"), 1),
                100, Duration.ofMinutes(5));
        PathRoute<String> route = route(PoolSettings.of("app", 1, 100),
                new RouteSettings("api", Duration.ZERO, null, perClient, null));
        Ticket<String> a1 = route.arrive("a1", "alice", NONE, false, now());
        route.pool().responded(a1, 0, now());
        route.pool().ended(a1, 0, Completion.SUCCESS, now());
        scheduler.advanceNanos(59_000 * MS);
        route.arrive("a2", "alice", NONE, false, now());
        scheduler.advanceNanos(1_000 * MS);
        route.arrive("a3", "alice", NONE, false, now());
        assertThat(host.take()).containsExactly("forward a1 to 0 as 0", "answer a2 429 rate_limited retry-after 1",
                "forward a3 to 0 as 0");
    }

    @Test
    void limitsEachClientKeyOnItsOwn() {
        ClientRateSettings perClient = new ClientRateSettings(new RateSettings(1, 1), 100, Duration.ofMinutes(1));
        PathRoute<String> route = route(PoolSettings.of("app", 1, 10),
                new RouteSettings("api", Duration.ZERO, null, perClient, null));
        route.arrive("a1", "alice", NONE, false, now());
        route.arrive("a2", "alice", NONE, false, now());
        route.arrive("b1", "bob", NONE, false, now());
        assertThat(host.take()).containsExactly("forward a1 to 0 as 0", "answer a2 429 rate_limited retry-after 1",
                "forward b1 to 0 as 0");
    }

    @Test
    void appliesTheRouteDefaultDeadlineWhenTheRequestCarriesNone() {
        PathRoute<String> route = route(PoolSettings.of("app", 1, 1).withQueue(5, Duration.ofSeconds(10),
                        io.tailguard.queue.QueueDiscipline.FIFO),
                new RouteSettings("api", Duration.ofMillis(300), null, null, null));
        route.arrive("a", null, NONE, false, now());
        Ticket<String> b = route.arrive("b", null, NONE, false, now());
        Ticket<String> c = route.arrive("c", null, 100 * MS, false, now());
        scheduler.advanceNanos(100 * MS);
        assertThat(c.answer()).isEqualTo(LocalAnswer.DEADLINE_EXCEEDED);
        assertThat(b.answer()).isNull();
        scheduler.advanceNanos(200 * MS);
        assertThat(b.answer()).isEqualTo(LocalAnswer.DEADLINE_EXCEEDED);
    }

    @Test
    void hedgesAfterTheDelayOnAnotherBackendAndCancelsTheLoser() {
        PathRoute<String> route = route(PoolSettings.of("app", 2, 5),
                new RouteSettings("api", Duration.ZERO, null, null, new HedgeSettings(Duration.ofMillis(50), 100)));
        Ticket<String> a = route.arrive("a", null, NONE, true, now());
        scheduler.advanceNanos(49 * MS);
        assertThat(host.take()).containsExactly("forward a to 0 as 0");
        scheduler.advanceNanos(MS);
        assertThat(host.take()).containsExactly("forward a to 1 as 1");
        assertThat(route.pool().inFlight()).isEqualTo(2);
        scheduler.advanceNanos(10 * MS);
        assertThat(route.pool().responded(a, 1, now())).isTrue();
        assertThat(host.take()).containsExactly("cancel a 0");
        assertThat(a.winner()).isEqualTo(1);
        assertThat(route.pool().responded(a, 0, now())).isFalse();
        route.pool().ended(a, 0, Completion.SUCCESS, now());
        route.pool().ended(a, 1, Completion.SUCCESS, now());
        assertThat(route.pool().inFlight()).isZero();
        assertThat(route.hedger().stats().hedgesWon()).isEqualTo(1);
    }

    @Test
    void neverHedgesARequestTheHostCallsUnsafeToRepeat() {
        PathRoute<String> route = route(PoolSettings.of("app", 2, 5),
                new RouteSettings("api", Duration.ZERO, null, null, new HedgeSettings(Duration.ofMillis(50), 100)));
        route.arrive("post", null, NONE, false, now());
        scheduler.advanceNanos(500 * MS);
        assertThat(host.take()).containsExactly("forward post to 0 as 0");
    }

    @Test
    void aHedgeBudgetSpentLeavesTheFirstAttemptAlone() {
        PathRoute<String> route = route(PoolSettings.of("app", 2, 50),
                new RouteSettings("api", Duration.ZERO, null, null, new HedgeSettings(Duration.ofMillis(50), 1)));
        int hedges = 0;
        for (int i = 0; i < 30; i++) {
            Ticket<String> t = route.arrive("r" + i, null, NONE, true, now());
            scheduler.advanceNanos(50 * MS);
            hedges += t.attempts() - 1;
            route.pool().responded(t, 0, now());
            for (int k = 0; k < t.attempts(); k++) {
                route.pool().ended(t, k, Completion.SUCCESS, now());
            }
        }
        // the budget starts with 10 tokens and earns 0.01 per request
        assertThat(hedges).isEqualTo(10);
        assertThat(route.hedger().stats().budgetDenials()).isEqualTo(20);
    }

    @Test
    void leaseBalancerSendsToTheBackendWithTheMostLeft() {
        PoolSettings pool = PoolSettings.of("app", 2, 10).with(LimitKind.FIXED, BalancerKind.LEAST_LOADED_BY_LEASE);
        PathRoute<String> route = route(pool, RouteSettings.plain("api"));
        route.pool().leaseGranted(0, new Lease(4, Duration.ofSeconds(1)), now());
        route.pool().leaseGranted(1, new Lease(4, Duration.ofSeconds(1)), now());
        route.pool().leaseLost(0);
        route.arrive("a", null, NONE, false, now());
        route.arrive("b", null, NONE, false, now());
        route.arrive("c", null, NONE, false, now());
        route.pool().leaseGranted(0, new Lease(100, Duration.ofSeconds(1)), now());
        route.arrive("d", null, NONE, false, now());
        assertThat(host.take()).containsExactly("forward a to 1 as 0", "forward b to 1 as 0", "forward c to 1 as 0",
                "forward d to 0 as 0");
    }
}
