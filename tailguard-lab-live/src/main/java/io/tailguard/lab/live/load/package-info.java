/**
 * A live load run of {@code tailguard-load} as a lab experiment: its tables, charts, findings and
 * HdrHistogram interval log, written by the artifacts writer like every other run.
 */
package io.tailguard.lab.live.load;
