/**
 * Time as arguments: {@link io.tailguard.time.NanoClock} (monotonic nanoseconds), a
 * {@link io.tailguard.time.ManualClock} for tests and simulation, and a cancellable
 * {@link io.tailguard.time.Scheduler} with a {@link io.tailguard.time.VirtualScheduler} that runs
 * tasks only when virtual time is advanced. Real time runs on a hashed
 * {@link io.tailguard.time.TimerWheel} behind a {@link io.tailguard.time.WheelScheduler}, whose
 * {@link io.tailguard.time.Timers} start and cancel timers without allocating. Only
 * {@code SystemNanoClock} reads real time.
 */
package io.tailguard.time;
