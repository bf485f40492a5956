/**
 * Per-window recording of a simulation run by arrival: {@link io.tailguard.sim.snapshot.ArrivalSnapshots}
 * counts each request in the window it arrived in, whenever it completes, and hands back one
 * {@link io.tailguard.sim.snapshot.ArrivalSnapshot} per window.
 */
package io.tailguard.sim.snapshot;
