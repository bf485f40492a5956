/**
 * Arrival processes for the simulator: constant spacing, Poisson, on/off bursts and replay of a
 * recorded CSV trace. An {@link io.tailguard.sim.arrival.ArrivalSource} is an immutable
 * description; each run opens its own {@link io.tailguard.sim.arrival.ArrivalStream}.
 */
package io.tailguard.sim.arrival;
