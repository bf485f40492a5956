package io.tailguard.testing;

import io.tailguard.time.Cancellable;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
import io.tailguard.time.VirtualScheduler;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Thread-safe virtual scheduler that also signals each task scheduled: a filter or interceptor sets
 * a timer exactly when it parks a request or starts a call, so a test can wait for that as a real
 * event, then move {@link #virtual} time on.
 */
public final class SignallingScheduler implements Scheduler {

    /** The virtual time the tasks run on; advance it to fire them. */
    public final VirtualScheduler virtual = new VirtualScheduler();
    private final BlockingQueue<Long> scheduledDelaysNanos = new LinkedBlockingQueue<>();

    @Override
    public NanoClock clock() {
        return virtual.clock();
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        Cancellable handle = virtual.schedule(delayNanos, task);
        scheduledDelaysNanos.add(delayNanos);
        return handle;
    }

    /** Waits until {@code count} more tasks were scheduled, up to 30 s for each. */
    public void awaitScheduled(int count) throws InterruptedException {
        for (int i = 0; i < count; i++) {
            if (scheduledDelaysNanos.poll(30, TimeUnit.SECONDS) == null) {
                throw new AssertionError(count + " tasks were not scheduled within 30 s");
            }
        }
    }

    /** Waits until a task is scheduled {@code delay} from its scheduling time, passing over others. */
    public void awaitScheduled(Duration delay) throws InterruptedException {
        while (true) {
            Long next = scheduledDelaysNanos.poll(30, TimeUnit.SECONDS);
            if (next == null) {
                throw new AssertionError("no task was scheduled " + delay + " out within 30 s");
            }
            if (next == delay.toNanos()) {
                return;
            }
        }
    }
}
