package io.tailguard.sim.path;

/**
 * A {@link WorkerLine} read at one moment, under its lock.
 *
 * @param serving   jobs in service
 * @param waiting   jobs waiting for a worker
 * @param busyNanos service time of every job started so far
 * @param idleNanos summed over the workers, the time each had no job in service since the line was
 *                  created (a job whose timer is late counts as in service)
 */
public record LineStats(int serving, int waiting, long busyNanos, long idleNanos) {
}
