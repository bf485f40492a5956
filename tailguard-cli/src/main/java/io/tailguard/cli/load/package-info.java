/**
 * {@code tailguard load}: the open-loop load generator's command, its artifacts (written by the
 * lab's writer: CSVs, charts, interval log, report, manifest) and {@code load test-server}.
 */
package io.tailguard.cli.load;
