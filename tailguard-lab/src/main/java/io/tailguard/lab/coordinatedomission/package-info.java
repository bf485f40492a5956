/**
 * The published lab's coordinated-omission experiment: one scripted 500 ms stall measured by a
 * closed-loop client (raw and HdrHistogram-corrected) and by open-loop arrivals, on the simulator's
 * event loop.
 */
package io.tailguard.lab.coordinatedomission;
