package io.tailguard.sim.limiter;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.limit.FixedLimit;
import org.junit.jupiter.api.Test;

class CoreLimiterTest {

    @Test
    void shedsPastTheLimitAndAdmitsAgainOnceARequestEnds() {
        SimLimiter limiter = new CoreLimiter(FixedLimit.of(2));
        Object first = limiter.acquire(0L);
        assertThat(first).isNotNull();
        assertThat(limiter.acquire(1L)).isNotNull();
        assertThat(limiter.acquire(2L)).as("third in flight").isNull();
        limiter.release(first, 3L, false);
        assertThat(limiter.acquire(4L)).isNotNull();
        assertThat(limiter.limit()).isEqualTo(2);
    }

    @Test
    void aDroppedRequestAlsoGivesItsPlaceBack() {
        SimLimiter limiter = new CoreLimiter(FixedLimit.of(1));
        Object only = limiter.acquire(0L);
        limiter.release(only, 1L, true);
        assertThat(limiter.acquire(2L)).isNotNull();
    }
}
