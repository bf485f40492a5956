package io.tailguard.journal.worker;

import java.util.concurrent.locks.LockSupport;

/**
 * Thread-safe: the base of the journal's background threads that loop until stopped (the force
 * thread, the segment preparer): a daemon thread whose loop runs while {@link #running()}, and a
 * stop that clears the flag, wakes the thread from its park and waits a bounded time for its end.
 */
public abstract class Worker extends Thread {

    private volatile boolean running = true;

    /** Creates the daemon thread {@code name}. */
    protected Worker(String name) {
        super(name);
        setDaemon(true);
    }

    /** Returns true until a stop was asked. */
    protected final boolean running() {
        return running;
    }

    /** Asks the loop to end, wakes the thread and waits up to {@code timeoutMillis} for its end. */
    protected final void stopAndAwait(long timeoutMillis) {
        running = false;
        LockSupport.unpark(this);
        Threads.awaitEnd(this, timeoutMillis);
    }
}
