/**
 * The options the published lab's failure-propagation experiments share; their model is the
 * simulator's call tree ({@code io.tailguard.sim.calltree}).
 */
package io.tailguard.lab.failure;
