package io.tailguard.time;

/** Thread-safe clock backed by {@link System#nanoTime()}; the only place core reads real time. */
final class SystemNanoClock implements NanoClock {

    static final SystemNanoClock INSTANCE = new SystemNanoClock();

    private SystemNanoClock() {
    }

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public String toString() {
        return "SystemNanoClock";
    }
}
