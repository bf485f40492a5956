/**
 * An open-loop load generator for journals and their peers: messages are due at a fixed rate and
 * latency runs from each message's intended send time to its commit; and the runs, rows and data
 * directory of {@code tailguard journal bench}.
 */
package io.tailguard.journal.load;
