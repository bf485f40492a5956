/**
 * The published lab's admission-control experiment: the core fixed concurrency limiter as an
 * in-system limit in front of the series' server, swept over limits and offered loads.
 */
package io.tailguard.lab.admission;
