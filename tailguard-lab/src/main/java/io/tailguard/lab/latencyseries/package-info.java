/**
 * Pieces shared by the published lab's latency-series experiments: the published latency sampler
 * (a simulator {@code ServiceModel}), the published histogram shape and the published snapshot CSV
 * layout.
 */
package io.tailguard.lab.latencyseries;
