package io.tailguard.time;

import io.tailguard.config.Check;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Thread-safe {@link Scheduler} on a {@link TimerWheel}: any thread starts and cancels timers under
 * one short lock, and one thread runs them, outside the lock, at each {@link #poll}. Starting and
 * cancelling through {@link #timers()} allocate nothing once the wheel's rows have grown to the
 * load; {@link #schedule(long, Runnable)} allocates its handle.
 *
 * <p>A timer runs at the first poll at or after its deadline. Under a {@link ManualClock} a test
 * calls {@link #poll} and timers run exactly when due. On real time {@link #startThread} polls at
 * every tick boundary, so a timer runs up to one tick late, never early; a thread that has found
 * the wheel empty for a second of ticks parks until the next timer is started.
 */
public final class WheelScheduler implements Scheduler, Timers, AutoCloseable {

    private static final System.Logger LOG = System.getLogger(WheelScheduler.class.getName());
    private static final int IDLE_TICKS = 1024;

    private final NanoClock clock;
    private final long tickNanos;
    private final TimerWheel wheel;
    private final Consumer<Throwable> errorHandler;
    private final AtomicLong errors = new AtomicLong();
    private final Object lock = new Object();
    // due timers handed out by the wheel, run after the lock is released; only the poller touches them
    private long[] dueIds = new long[16];
    private TimerHandler[] dueHandlers = new TimerHandler[16];
    private int dueCount;
    private final TimerWheel.Sink collect = this::collect;
    private volatile Thread worker;
    private volatile boolean workerIdle;
    private volatile boolean closed;

    /**
     * Creates a scheduler with no thread of its own: timers run when someone calls {@link #poll}.
     *
     * @param tick the wheel's slot width, rounded up to a power of two of nanoseconds
     * @param ticksPerWheel slots per turn, a power of two
     * @param errorHandler receives what a timer's handler threw; must not throw
     */
    public WheelScheduler(NanoClock clock, Duration tick, int ticksPerWheel, Consumer<Throwable> errorHandler) {
        this.clock = Check.notNull("clock", clock);
        long requested = Check.positive("tick", tick).toNanos();
        this.tickNanos = Long.highestOneBit(requested) == requested ? requested : Long.highestOneBit(requested) << 1;
        this.wheel = new TimerWheel(clock.nanoTime(), tickNanos, ticksPerWheel, 8);
        this.errorHandler = Check.notNull("errorHandler", errorHandler);
    }

    /** Creates a scheduler whose handler errors are logged and counted. */
    public WheelScheduler(NanoClock clock, Duration tick, int ticksPerWheel) {
        this(clock, tick, ticksPerWheel,
                error -> LOG.log(System.Logger.Level.WARNING, "a timer's handler failed", error));
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
        long id;
        synchronized (lock) {
            id = wheel.schedule(deadlineNanos, handler);
        }
        // read after the lock: a worker that saw the wheel empty set this flag before its own lock
        if (workerIdle) {
            workerIdle = false;
            LockSupport.unpark(worker);
        }
        return id;
    }

    @Override
    public boolean cancel(long timerId) {
        synchronized (lock) {
            return wheel.cancel(timerId);
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
            synchronized (lock) {
                wheel.poll(nowNanos, collect);
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
        synchronized (lock) {
            return wheel.size();
        }
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
        int emptyTicks = 0;
        while (!closed) {
            poll();
            boolean empty;
            synchronized (lock) {
                empty = wheel.size() == 0;
            }
            emptyTicks = empty ? emptyTicks + 1 : 0;
            if (emptyTicks >= IDLE_TICKS) {
                workerIdle = true;
                synchronized (lock) {
                    empty = wheel.size() == 0;
                }
                if (empty) {
                    LockSupport.park(this);
                }
                workerIdle = false;
                emptyTicks = 0;
            } else {
                long nowNanos = clock.nanoTime();
                LockSupport.parkNanos(this, tickNanos - Math.floorMod(nowNanos, tickNanos));
            }
        }
    }

    private void collect(long timerId, TimerHandler handler) {
        if (dueCount == dueIds.length) {
            dueIds = java.util.Arrays.copyOf(dueIds, dueCount * 2);
            dueHandlers = java.util.Arrays.copyOf(dueHandlers, dueCount * 2);
        }
        dueIds[dueCount] = timerId;
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
        return "WheelScheduler[" + clock + ", tick " + tickNanos + "ns]";
    }
}
