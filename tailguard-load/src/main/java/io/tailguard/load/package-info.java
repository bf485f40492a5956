/**
 * An open-loop, coordinated-omission-free HTTP/1.1 load generator: a {@link io.tailguard.load.LoadPlan}
 * fixes every request's due time before a step starts, a {@link io.tailguard.load.LoadGenerator}
 * sends them over keep-alive connections on Netty, and each latency runs from the due time, so
 * waiting for a connection or for a late generator is part of it. Results come back as
 * {@link io.tailguard.load.StepResult}s (HdrHistogram), printed by {@link io.tailguard.load.Spectrum}
 * and logged per second by {@link io.tailguard.load.IntervalLog}. {@link io.tailguard.load.FreezingServer}
 * is a server that stalls on a timetable, to see what a load tool makes of a stall.
 */
package io.tailguard.load;
