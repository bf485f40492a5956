/** Journal benchmarks: open-loop append-to-commit latency against Chronicle Queue, and append allocation. */
package io.tailguard.bench.journal;
