/**
 * The published lab's queue-saturation experiment: one 10 ms worker in the simulator offered 10 % to
 * 130 % of its capacity, with the published Little's-law comparison, and Poisson or bursty arrivals
 * beyond it.
 */
package io.tailguard.lab.queuesaturation;
