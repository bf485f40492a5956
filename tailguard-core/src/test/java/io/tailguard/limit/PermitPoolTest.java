package io.tailguard.limit;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PermitPoolTest {

    @Test
    void roundsCapacityUpToAPowerOfTwoAndRefusesWhenFull() {
        PermitPool pool = new PermitPool(3);
        assertThat(pool.capacity()).isEqualTo(4);
        ConcurrencyLimiter owner = ConcurrencyLimiter.fixed(1);
        for (int i = 0; i < 4; i++) {
            assertThat(pool.offer(new PooledPermit(owner))).isTrue();
        }
        assertThat(pool.offer(new PooledPermit(owner))).isFalse();
    }

    @Test
    void returnsPermitsInFifoOrderAndNullWhenEmpty() {
        PermitPool pool = new PermitPool(2);
        ConcurrencyLimiter owner = ConcurrencyLimiter.fixed(1);
        PooledPermit a = new PooledPermit(owner);
        PooledPermit b = new PooledPermit(owner);
        assertThat(pool.poll()).isNull();
        pool.offer(a);
        pool.offer(b);
        assertThat(pool.poll()).isSameAs(a);
        assertThat(pool.poll()).isSameAs(b);
        assertThat(pool.poll()).isNull();
    }

    @Test
    void neverHandsTheSamePermitToTwoThreadsAtOnce() throws Exception {
        int permits = 8;
        PermitPool pool = new PermitPool(2 * permits);
        ConcurrencyLimiter owner = ConcurrencyLimiter.fixed(1);
        for (int i = 0; i < permits; i++) {
            pool.offer(new PooledPermit(owner));
        }
        Set<PooledPermit> held = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
        AtomicInteger dropped = new AtomicInteger();
        ExecutorService executor = Executors.newFixedThreadPool(4);
        try {
            Future<?>[] workers = new Future<?>[4];
            for (int t = 0; t < workers.length; t++) {
                workers[t] = executor.submit(() -> {
                    for (int i = 0; i < 100_000; i++) {
                        PooledPermit permit = pool.poll();
                        if (permit != null) {
                            if (!held.add(permit)) {
                                throw new AssertionError("permit handed out twice");
                            }
                            held.remove(permit);
                            if (!pool.offer(permit)) {
                                dropped.incrementAndGet(); // only if a poll stalled for long
                            }
                        }
                    }
                });
            }
            for (Future<?> worker : workers) {
                worker.get(60, TimeUnit.SECONDS);
            }
        } finally {
            executor.shutdownNow();
        }
        int count = 0;
        while (pool.poll() != null) {
            count++;
        }
        assertThat(count + dropped.get()).isEqualTo(permits);
        assertThat(count).isPositive();
    }
}
