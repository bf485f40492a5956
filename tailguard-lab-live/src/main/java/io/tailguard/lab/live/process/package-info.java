/** External server processes for live experiments: lookup, free ports, start, readiness and stop. */
package io.tailguard.lab.live.process;
