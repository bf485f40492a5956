/**
 * Time as arguments: {@link io.tailguard.time.NanoClock} (monotonic nanoseconds), a
 * {@link io.tailguard.time.ManualClock} for tests and simulation, and a cancellable
 * {@link io.tailguard.time.Scheduler} with a {@link io.tailguard.time.VirtualScheduler} that runs
 * tasks only when virtual time is advanced. Only {@code SystemNanoClock} reads real time.
 */
package io.tailguard.time;
