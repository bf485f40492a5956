package io.tailguard.lab.latencyseries;

import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;

/**
 * Thread-safe (immutable) what {@code --duration} and {@code --snapshot-interval} ask of a run
 * timed in milliseconds.
 *
 * @param durationMs the simulated length
 * @param snapshotMs the snapshot interval, at most {@code durationMs}
 */
public record MillisRun(long durationMs, long snapshotMs) {

    /** Reads both flags from {@code args}, each at least {@code floorMs} and the interval at most the length. */
    public static MillisRun of(LabArgs args, long floorMs) {
        long durationMs = Math.max(floorMs, args.duration(LabOption.DURATION).toMillis());
        long snapshotMs = Math.max(floorMs, args.duration(PublishedFlags.SNAPSHOT_INTERVAL).toMillis());
        return new MillisRun(durationMs, Math.min(snapshotMs, durationMs));
    }
}
