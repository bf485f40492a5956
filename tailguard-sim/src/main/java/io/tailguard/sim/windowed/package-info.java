/**
 * A server that serves one run window and then stops, as the published lab's backpressure series
 * models it: one FIFO server of fixed 10 ms service (100 rps) with a 200 ms client deadline
 * ({@link io.tailguard.sim.windowed.Server}), an explicit waiting line of core queues behind a door
 * ({@link io.tailguard.sim.windowed.WindowedServer}), demand curves of evenly spaced, Poisson or bursty
 * arrivals ({@link io.tailguard.sim.windowed.DemandCurve}, {@link io.tailguard.sim.windowed.ArrivalShape})
 * and millisecond latency histograms. Arrivals run as events of the simulator's
 * {@link io.tailguard.sim.SimScheduler}.
 */
package io.tailguard.sim.windowed;
