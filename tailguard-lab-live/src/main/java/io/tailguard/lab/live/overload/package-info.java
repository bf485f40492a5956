/**
 * {@code lab live-overload}: the overload curve of one fixed-capacity backend, reached directly and
 * through nginx, HAProxy and the tailguard proxy, measured live with the open-loop load generator
 * and beside it the tailguard setup simulated with the same core queue.
 */
package io.tailguard.lab.live.overload;
