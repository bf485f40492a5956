/**
 * The published lab's load-collapse experiment: an unmanaged FIFO server past its capacity, with
 * and without client retries, on the series' server model.
 */
package io.tailguard.lab.collapse;
