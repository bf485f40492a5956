package io.tailguard.time;

import io.tailguard.config.Check;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Thread-safe {@link Scheduler} on {@link TimerWheel}s: any thread starts and cancels timers under a
 * short lock, and one thread runs them, outside the lock, at each {@link #poll}. Starting and
 * cancelling through {@link #timers()} allocate nothing once the wheel's rows have grown to the
 * load; {@link #schedule(long, Runnable)} allocates its handle.
 *
 * <p>A scheduler may hold several wheels, its stripes, each with its own lock: each thread starts
 * its timers on its own stripe, handed out in turn as threads first start one, so threads that each start and cancel a timer per request
 * (a proxy's event loops) do not share a lock or the wheel's memory. The id names the stripe (in
 * the slot bits its wheel leaves free), so a timer is cancelled on its own stripe from any thread.
 * Timers due in the same poll run stripe by stripe, each stripe's in slot order.
 *
 * <p>A timer runs at the first poll at or after its deadline. Under a {@link ManualClock} a test
 * calls {@link #poll} and timers run exactly when due. On real time the thread of
 * {@link #startThread} sleeps until the earliest pending deadline, or until a timer due before that
 * is started, then polls: a timer runs as soon as the thread wakes after its deadline, never early.
 * Timers that are nearly all cancelled long before their deadline (a response timeout per request)
 * so wake it only when the earliest of them would have come, not at every tick.
 */
public final class WheelScheduler implements Scheduler, Timers, AutoCloseable {

    private static final System.Logger LOG = System.getLogger(WheelScheduler.class.getName());

    private final NanoClock clock;
    private final long tickNanos;
    /** Each stripe's wheel is also its lock. */
    private final TimerWheel[] wheels;
    private final int stripeShift;
    private final long stripeBits;
    /** Stripes go round the threads in the order they first start a timer, so a few busy ones never share one. */
    private final AtomicInteger stripesTaken = new AtomicInteger();
    private final ThreadLocal<Integer> stripeOfThisThread;
    private final Consumer<Throwable> errorHandler;
    private final AtomicLong errors = new AtomicLong();
    // due timers handed out by the wheels, run after their locks are released; only the poller touches them
    private long[] dueIds = new long[16];
    private TimerHandler[] dueHandlers = new TimerHandler[16];
    private int dueCount;
    private long dueStripeBits;
    private final TimerWheel.Sink collect = this::collect;
    private volatile Thread worker;
    /** When the polling thread polls next; it sleeps till then unless a timer due earlier wakes it. */
    private volatile long wakeAtNanos = Long.MIN_VALUE;
    private volatile boolean closed;

    /**
     * Creates a scheduler with no thread of its own: timers run when someone calls {@link #poll}.
     *
     * @param tick the wheels' slot width, rounded up to a power of two of nanoseconds
     * @param ticksPerWheel slots per turn, a power of two
     * @param stripes wheels, each with its own lock, a power of two; {@code ticksPerWheel * stripes}
     *     at most 2^20
     * @param errorHandler receives what a timer's handler threw; must not throw
     */
    public WheelScheduler(NanoClock clock, Duration tick, int ticksPerWheel, int stripes,
                          Consumer<Throwable> errorHandler) {
        this.clock = Check.notNull("clock", clock);
        long requested = Check.positive("tick", tick).toNanos();
        this.tickNanos = Long.highestOneBit(requested) == requested ? requested : Long.highestOneBit(requested) << 1;
        if (stripes <= 0 || Integer.bitCount(stripes) != 1) {
            throw new IllegalArgumentException("stripes must be a power of two but was " + stripes);
        }
        Check.inRange("ticksPerWheel * stripes", (long) ticksPerWheel * stripes, 1, 1L << TimerWheel.SLOT_BITS);
        long startNanos = clock.nanoTime();
        this.wheels = new TimerWheel[stripes];
        for (int i = 0; i < stripes; i++) {
            wheels[i] = new TimerWheel(startNanos, tickNanos, ticksPerWheel, 8);
        }
        this.stripeShift = Integer.numberOfTrailingZeros(ticksPerWheel);
        this.stripeBits = (long) (stripes - 1) << stripeShift;
        this.stripeOfThisThread = ThreadLocal.withInitial(() -> stripesTaken.getAndIncrement() & (stripes - 1));
        this.errorHandler = Check.notNull("errorHandler", errorHandler);
    }

    /** Creates a scheduler of one wheel with no thread of its own. */
    public WheelScheduler(NanoClock clock, Duration tick, int ticksPerWheel, Consumer<Throwable> errorHandler) {
        this(clock, tick, ticksPerWheel, 1, errorHandler);
    }

    /** Creates a scheduler of {@code stripes} wheels whose handler errors are logged and counted. */
    public WheelScheduler(NanoClock clock, Duration tick, int ticksPerWheel, int stripes) {
        this(clock, tick, ticksPerWheel, stripes,
                error -> LOG.log(System.Logger.Level.WARNING, "a timer's handler failed", error));
    }

    /** Creates a scheduler of one wheel whose handler errors are logged and counted. */
    public WheelScheduler(NanoClock clock, Duration tick, int ticksPerWheel) {
        this(clock, tick, ticksPerWheel, 1);
    }

    @Override
    public NanoClock clock() {
        return clock;
    }

    /** Returns this scheduler: its timers allocate nothing. */
    @Override
    public Timers timers() {
        return this;
    }

    @Override
    public long start(long deadlineNanos, TimerHandler handler) {
        Check.notNull("handler", handler);
        int stripe = stripeOfThisThread.get();
        TimerWheel wheel = wheels[stripe];
        long id;
        synchronized (wheel) {
            id = wheel.schedule(deadlineNanos, handler) | (long) stripe << stripeShift;
        }
        // read after the lock: a worker that read this wheel before the timer was in it announced
        // its wake-up time before taking the lock (pollForever), so an earlier timer is seen here
        if (deadlineNanos < wakeAtNanos) {
            LockSupport.unpark(worker);
        }
        return id;
    }

    @Override
    public boolean cancel(long timerId) {
        TimerWheel wheel = wheels[(int) ((timerId & stripeBits) >>> stripeShift)];
        synchronized (wheel) {
            return wheel.cancel(timerId & ~stripeBits);
        }
    }

    @Override
    public Cancellable schedule(long delayNanos, Runnable task) {
        Check.notNull("task", task);
        long id = start(clock.nanoTime() + Math.max(0L, delayNanos), timerId -> task.run());
        return () -> cancel(id);
    }

    /**
     * Runs every timer due at the clock's current time, on the calling thread; a handler that
     * starts a timer already due has it run in this call too.
     *
     * @return how many timers ran
     */
    public int poll() {
        int ran = 0;
        while (true) {
            long nowNanos = clock.nanoTime();
            for (int stripe = 0; stripe < wheels.length; stripe++) {
                TimerWheel wheel = wheels[stripe];
                dueStripeBits = (long) stripe << stripeShift;
                synchronized (wheel) {
                    wheel.poll(nowNanos, collect);
                }
            }
            if (dueCount == 0) {
                return ran;
            }
            for (int i = 0; i < dueCount; i++) {
                TimerHandler handler = dueHandlers[i];
                dueHandlers[i] = null;
                runSafely(handler, dueIds[i]);
            }
            ran += dueCount;
            dueCount = 0;
        }
    }

    /** Returns how many timers are pending. */
    public int pendingCount() {
        int pending = 0;
        for (TimerWheel wheel : wheels) {
            synchronized (wheel) {
                pending += wheel.size();
            }
        }
        return pending;
    }

    /** Returns how many timer handlers threw. */
    public long errors() {
        return errors.get();
    }

    /** Starts a daemon thread named {@code name} that polls at every tick; returns this. */
    public synchronized WheelScheduler startThread(String name) {
        if (worker != null) {
            throw new IllegalStateException("the polling thread of " + this + " is already started");
        }
        Thread thread = new Thread(this::pollForever, name);
        thread.setDaemon(true);
        worker = thread;
        thread.start();
        return this;
    }

    /** Stops the polling thread, if any; pending timers never run. */
    @Override
    public void close() {
        closed = true;
        Thread thread = worker;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    private void pollForever() {
        while (!closed) {
            poll();
            wakeAtNanos = Long.MAX_VALUE; // before reading the wheels: see start()
            long earliestNanos = Long.MAX_VALUE;
            for (TimerWheel wheel : wheels) {
                synchronized (wheel) {
                    earliestNanos = Math.min(earliestNanos, wheel.earliestDeadline());
                }
            }
            wakeAtNanos = earliestNanos;
            if (earliestNanos == Long.MAX_VALUE) {
                LockSupport.park(this);
            } else {
                long waitNanos = earliestNanos - clock.nanoTime();
                if (waitNanos > 0) {
                    LockSupport.parkNanos(this, waitNanos);
                }
            }
        }
    }

    private void collect(long timerId, TimerHandler handler) {
        if (dueCount == dueIds.length) {
            dueIds = java.util.Arrays.copyOf(dueIds, dueCount * 2);
            dueHandlers = java.util.Arrays.copyOf(dueHandlers, dueCount * 2);
        }
        dueIds[dueCount] = timerId | dueStripeBits;
        dueHandlers[dueCount] = handler;
        dueCount++;
    }

    private void runSafely(TimerHandler handler, long timerId) {
        try {
            handler.onTimer(timerId);
        } catch (RuntimeException | Error e) {
            errors.incrementAndGet();
            errorHandler.accept(e);
        }
    }

    @Override
    public String toString() {
        return "WheelScheduler[" + clock + ", tick " + tickNanos + "ns, " + wheels.length + " stripes]";
    }
}
