/**
 * {@code tailguard lab edge}: the Square article on bounded queues reproduced against real nginx,
 * Puma and HAProxy, beside the tailguard proxy.
 */
package io.tailguard.lab.live.edge;
