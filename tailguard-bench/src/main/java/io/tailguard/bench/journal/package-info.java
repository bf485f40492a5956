/** Journal benchmarks: open-loop append-to-commit latency against Chronicle Queue, append allocation, and a reader across a segment roll. */
package io.tailguard.bench.journal;
