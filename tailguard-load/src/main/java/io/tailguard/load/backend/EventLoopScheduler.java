package io.tailguard.load.backend;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.ScheduledFuture;
import io.tailguard.time.Cancellable;
import io.tailguard.time.NanoClock;
import io.tailguard.time.Scheduler;
import java.util.concurrent.TimeUnit;

/**
 * Thread-safe: core's {@link Scheduler} on one Netty event loop, whose timers (timerfd with epoll)
 * fire within microseconds: the system wheel's ticks of about a millisecond would lengthen every
 * service time of a 20 ms backend by half a tick on average.
 */
record EventLoopScheduler(EventLoop loop, NanoClock clock) implements Scheduler {

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        ScheduledFuture<?> future = loop.schedule(task, Math.max(0L, delayNanos), TimeUnit.NANOSECONDS);
        return () -> future.cancel(false);
    }
}
