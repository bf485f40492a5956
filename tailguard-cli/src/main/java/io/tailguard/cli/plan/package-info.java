/**
 * {@code tailguard plan}: a user's own {@code proxy.yaml} and a description of their service, run
 * through the core decision path in the simulator at several loads, to see before deploying
 * whether the configuration queues or sheds, how much, and what latency its clients get.
 */
package io.tailguard.cli.plan;
