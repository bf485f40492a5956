/**
 * The options every experiment of the published lab's backpressure series accepts; their server
 * model is the simulator's windowed server ({@code io.tailguard.sim.windowed}).
 */
package io.tailguard.lab.playground;
