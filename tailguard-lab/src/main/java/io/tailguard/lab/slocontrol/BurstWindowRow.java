package io.tailguard.lab.slocontrol;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/**
 * Thread-safe (immutable) one 100 ms window of the burst time series: each class's on-time share
 * under either policy.
 *
 * @param windowStartMs         the window's start
 * @param blindCriticalPct      critical on time, blind shedding
 * @param priorityCriticalPct   critical on time, priority
 * @param blindBackgroundPct    background on time, blind shedding
 * @param priorityBackgroundPct background on time, priority
 */
record BurstWindowRow(long windowStartMs, double blindCriticalPct, double priorityCriticalPct,
                      double blindBackgroundPct, double priorityBackgroundPct) implements CsvRow {

    static final List<String> HEADER = List.of("window_start_ms", "blind_critical_pct", "priority_critical_pct",
            "blind_background_pct", "priority_background_pct");

    @Override
    public List<String> cells() {
        return Cells.row("%d,%.1f,%.1f,%.1f,%.1f", windowStartMs, blindCriticalPct, priorityCriticalPct,
                blindBackgroundPct, priorityBackgroundPct);
    }
}
