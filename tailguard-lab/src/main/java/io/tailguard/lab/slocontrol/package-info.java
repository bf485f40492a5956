/**
 * The published lab's SLO-driven load control: a bounded system with dequeue expiry, blind or
 * protecting its critical class, on core's {@code CriticalityQueue}.
 */
package io.tailguard.lab.slocontrol;
