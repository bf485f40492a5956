package io.tailguard.journal;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.time.NanoClock;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Thread-safe test helper (stateless): waits for a condition another thread makes true. */
public final class Await {

    private Await() {
    }

    /** Yields until {@code condition} holds; fails the test naming {@code what} after 20 s. */
    public static void until(BooleanSupplier condition, String what) {
        NanoClock clock = NanoClock.system();
        long deadline = clock.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            assertThat(clock.nanoTime()).as(what + " within 20 s").isLessThan(deadline);
            Thread.yield();
        }
    }
}
