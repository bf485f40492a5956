/**
 * Pieces shared by the published lab's latency-series experiments: the published flags and the run
 * windows they ask for, the published histogram shape and the published snapshot CSV layout.
 */
package io.tailguard.lab.latencyseries;
