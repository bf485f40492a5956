package io.tailguard.load.backend;

import io.tailguard.sim.path.LineStats;

/**
 * What a {@link ServiceBackend} has counted so far. The served count and lateness are read apart
 * from the line, so a snapshot taken under load may be off by the requests in between.
 *
 * @param served    requests whose service time is over
 * @param lateNanos the sum of every served request's lateness: how long after it was due its service
 *                  ended (negative: early), what this machine's timers added to the drawn times
 *                  after the line's correction for their overshoot
 * @param line      the worker line's requests in service and waiting, and its busy and idle time
 */
public record ServiceStats(long served, long lateNanos, LineStats line) {
}
