package io.tailguard.lab.shedding;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/**
 * Thread-safe (immutable) the p99 sojourn of the requests finishing in one 100 ms window of the
 * bursty run, per policy (0 when none finished).
 *
 * @param windowStartMs the window's start
 * @param fifoMs        fifo's p99
 * @param tailDropMs    tail-drop's p99
 * @param expireMs      expire's p99
 * @param lifoMs        lifo's p99
 */
record HangoverRow(long windowStartMs, long fifoMs, long tailDropMs, long expireMs, long lifoMs) implements CsvRow {

    static final List<String> HEADER = List.of("window_start_ms", "fifo_p99_ms", "tail_drop_p99_ms", "expire_p99_ms",
            "lifo_p99_ms");

    @Override
    public List<String> cells() {
        return Cells.row("%d,%.1f,%.1f,%.1f,%.1f", windowStartMs, (double) fifoMs, (double) tailDropMs,
                (double) expireMs, (double) lifoMs);
    }
}
