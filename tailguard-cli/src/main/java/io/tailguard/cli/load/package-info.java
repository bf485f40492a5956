/**
 * {@code tailguard load}: the open-loop load generator's command (its run and artifacts are the live
 * lab's {@code LoadExperiment}) and {@code load test-server}.
 */
package io.tailguard.cli.load;
