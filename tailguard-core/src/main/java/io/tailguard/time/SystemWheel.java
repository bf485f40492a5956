package io.tailguard.time;

import java.time.Duration;

/** Holder of the process-wide real-time {@link WheelScheduler}, started on first use. */
final class SystemWheel {

    /** 512 ticks of 2^20 ns: one turn is about 0.54 s; later deadlines wait out whole turns. */
    static final WheelScheduler INSTANCE =
            new WheelScheduler(NanoClock.system(), Duration.ofNanos(1L << 20), 512).startThread("tailguard-timer");

    private SystemWheel() {
    }
}
