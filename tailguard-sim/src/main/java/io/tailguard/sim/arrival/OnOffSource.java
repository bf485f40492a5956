package io.tailguard.sim.arrival;

/**
 * Immutable on/off bursts as a {@link RateSchedule}: "on" periods from time zero, then "off",
 * repeated; see {@link ArrivalSource#onOff}.
 */
record OnOffSource(long onNanos, double onRatePerSecond, long offNanos, double offRatePerSecond)
        implements RateSchedule {

    @Override
    public double ratePerSecond(long nowNanos) {
        return Math.floorMod(nowNanos, onNanos + offNanos) < onNanos ? onRatePerSecond : offRatePerSecond;
    }

    @Override
    public long phaseEndNanos(long nowNanos) {
        long cycleNanos = onNanos + offNanos;
        long cycleStart = nowNanos - Math.floorMod(nowNanos, cycleNanos);
        long end = Math.floorMod(nowNanos, cycleNanos) < onNanos ? cycleStart + onNanos : cycleStart + cycleNanos;
        return end < nowNanos ? Long.MAX_VALUE : end;
    }
}
