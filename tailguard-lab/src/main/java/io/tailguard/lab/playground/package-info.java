/**
 * The server model the published lab's backpressure series shares, built once for its five
 * experiments: one FIFO server of fixed 10 ms service (100 rps), a 200 ms client deadline, demand
 * curves of evenly spaced (or, beyond the articles, Poisson and bursty) arrivals, millisecond
 * latency histograms, and the options every experiment of the series accepts. Arrivals run as
 * events of the simulator's {@link io.tailguard.sim.SimScheduler}.
 */
package io.tailguard.lab.playground;
